"""jxp.scipy.stats.betabinom: re-exported from jxp/_src/scipy/stats/betabinom.py."""

from jxp._src.scipy.stats.betabinom import (
    logpmf as logpmf, pmf as pmf)
