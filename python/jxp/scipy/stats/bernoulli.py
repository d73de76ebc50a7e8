"""jxp.scipy.stats.bernoulli: re-exported from jxp/_src/scipy/stats/bernoulli.py."""

from jxp._src.scipy.stats.bernoulli import (
    cdf as cdf, logpmf as logpmf, pmf as pmf, ppf as ppf)
