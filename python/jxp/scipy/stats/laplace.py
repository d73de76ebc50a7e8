"""jxp.scipy.stats.laplace: re-exported from jxp/_src/scipy/stats/laplace.py."""

from jxp._src.scipy.stats.laplace import (
    cdf as cdf, logpdf as logpdf, pdf as pdf)
