"""jxp.scipy.stats.chi2: re-exported from jxp/_src/scipy/stats/chi2.py."""

from jxp._src.scipy.stats.chi2 import (
    cdf as cdf, logcdf as logcdf, logpdf as logpdf, logsf as logsf, pdf as pdf,
    sf as sf)
