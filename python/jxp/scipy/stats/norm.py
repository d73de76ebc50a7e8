"""jxp.scipy.stats.norm: re-exported from jxp/_src/scipy/stats/norm.py."""

from jxp._src.scipy.stats.norm import (
    cdf as cdf, isf as isf, logcdf as logcdf, logpdf as logpdf, logsf as logsf,
    pdf as pdf, ppf as ppf, sf as sf)
