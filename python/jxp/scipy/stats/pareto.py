"""jxp.scipy.stats.pareto: re-exported from jxp/_src/scipy/stats/pareto.py."""

from jxp._src.scipy.stats.pareto import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    ppf as ppf, sf as sf)
