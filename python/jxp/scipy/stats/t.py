"""jxp.scipy.stats.t: re-exported from jxp/_src/scipy/stats/t.py."""

from jxp._src.scipy.stats.t import (
    logpdf as logpdf, pdf as pdf)
