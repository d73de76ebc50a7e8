"""jxp.scipy.stats.vonmises: re-exported from jxp/_src/scipy/stats/vonmises.py."""

from jxp._src.scipy.stats.vonmises import (
    logpdf as logpdf, pdf as pdf)
