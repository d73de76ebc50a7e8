"""jxp.scipy.stats.poisson: re-exported from jxp/_src/scipy/stats/poisson.py."""

from jxp._src.scipy.stats.poisson import (
    cdf as cdf, entropy as entropy, logpmf as logpmf, pmf as pmf)
