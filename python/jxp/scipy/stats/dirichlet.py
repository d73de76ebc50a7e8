"""jxp.scipy.stats.dirichlet: re-exported from jxp/_src/scipy/stats/dirichlet.py."""

from jxp._src.scipy.stats.dirichlet import (
    logpdf as logpdf, pdf as pdf)
