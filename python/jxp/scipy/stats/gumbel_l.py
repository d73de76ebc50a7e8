"""jxp.scipy.stats.gumbel_l: re-exported from jxp/_src/scipy/stats/gumbel_l.py."""

from jxp._src.scipy.stats.gumbel_l import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    ppf as ppf, sf as sf)
