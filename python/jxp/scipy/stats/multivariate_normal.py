"""jxp.scipy.stats.multivariate_normal: re-exported from jxp/_src/scipy/stats/multivariate_normal.py."""

from jxp._src.scipy.stats.multivariate_normal import (
    logpdf as logpdf, pdf as pdf)
