"""jxp.scipy.stats.multinomial: re-exported from jxp/_src/scipy/stats/multinomial.py."""

from jxp._src.scipy.stats.multinomial import (
    logpmf as logpmf, pmf as pmf)
