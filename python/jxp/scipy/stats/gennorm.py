"""jxp.scipy.stats.gennorm: re-exported from jxp/_src/scipy/stats/gennorm.py."""

from jxp._src.scipy.stats.gennorm import (
    cdf as cdf, logpdf as logpdf, pdf as pdf)
