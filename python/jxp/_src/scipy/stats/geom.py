"""The geometric distribution, as jax.scipy.stats.geom."""

import numpy as np

from jxp._src.numpy import sorting, ufuncs
from jxp._src.scipy.special import xlog1py
from jxp._src.scipy.stats._common import const, lax, promote


def logpmf(k, p, loc=0):
    k, p, loc = promote("geom.logpmf", k, p, loc)
    zero, one = const(k, 0), const(k, 1)
    x = lax.sub(k, loc)
    log_probs = xlog1py(lax.sub(x, one), -p) + lax.log(p)
    return sorting.where(lax.le(x, zero), -np.inf, log_probs)


def pmf(k, p, loc=0):
    return ufuncs.exp(logpmf(k, p, loc))
