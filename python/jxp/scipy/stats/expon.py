"""jxp.scipy.stats.expon: re-exported from jxp/_src/scipy/stats/expon.py."""

from jxp._src.scipy.stats.expon import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    ppf as ppf, sf as sf)
