"""jxp.scipy.stats.truncnorm: re-exported from jxp/_src/scipy/stats/truncnorm.py."""

from jxp._src.scipy.stats.truncnorm import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    sf as sf)
