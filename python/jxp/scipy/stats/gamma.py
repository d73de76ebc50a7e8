"""jxp.scipy.stats.gamma: re-exported from jxp/_src/scipy/stats/gamma.py."""

from jxp._src.scipy.stats.gamma import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    sf as sf)
