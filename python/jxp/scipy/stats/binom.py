"""jxp.scipy.stats.binom: re-exported from jxp/_src/scipy/stats/binom.py."""

from jxp._src.scipy.stats.binom import (
    logpmf as logpmf, pmf as pmf)
