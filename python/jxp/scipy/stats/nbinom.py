"""jxp.scipy.stats.nbinom: re-exported from jxp/_src/scipy/stats/nbinom.py."""

from jxp._src.scipy.stats.nbinom import (
    logpmf as logpmf, pmf as pmf)
