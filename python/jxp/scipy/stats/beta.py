"""jxp.scipy.stats.beta: re-exported from jxp/_src/scipy/stats/beta.py."""

from jxp._src.scipy.stats.beta import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    sf as sf)
