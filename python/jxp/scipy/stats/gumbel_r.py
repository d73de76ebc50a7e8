"""jxp.scipy.stats.gumbel_r: re-exported from jxp/_src/scipy/stats/gumbel_r.py."""

from jxp._src.scipy.stats.gumbel_r import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    ppf as ppf, sf as sf)
