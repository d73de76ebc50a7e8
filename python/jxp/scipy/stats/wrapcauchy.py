"""jxp.scipy.stats.wrapcauchy: re-exported from jxp/_src/scipy/stats/wrapcauchy.py."""

from jxp._src.scipy.stats.wrapcauchy import (
    logpdf as logpdf, pdf as pdf)
