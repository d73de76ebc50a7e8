"""jxp.scipy.stats.cauchy: re-exported from jxp/_src/scipy/stats/cauchy.py."""

from jxp._src.scipy.stats.cauchy import (
    cdf as cdf, isf as isf, logcdf as logcdf, logpdf as logpdf, logsf as logsf,
    pdf as pdf, ppf as ppf, sf as sf)
