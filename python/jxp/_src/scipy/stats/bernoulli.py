"""The Bernoulli distribution, as jax.scipy.stats.bernoulli."""

import numpy as np

from jxp._src.numpy import lax_numpy, sorting, ufunc_api, ufuncs
from jxp._src.scipy.special import xlog1py, xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def logpmf(k, p, loc=0):
    k, p, loc = promote("bernoulli.logpmf", k, p, loc)
    zero, one = const(k, 0), const(k, 1)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, p) + xlog1py(lax.sub(one, x), -p)
    return sorting.where(ufunc_api.logical_or(lax.lt(x, zero), lax.gt(x, one)),
                     -np.inf, log_probs)


def pmf(k, p, loc=0):
    return ufuncs.exp(logpmf(k, p, loc))


def cdf(k, p):
    k, p = promote("bernoulli.cdf", k, p)
    zero, one = const(k, 0), const(k, 1)
    conds = [ufuncs.isnan(k) | ufuncs.isnan(p) | (p < zero) | (p > one),
             lax.lt(k, zero),
             ufunc_api.logical_and(lax.ge(k, zero), lax.lt(k, one)),
             lax.ge(k, one)]
    return lax_numpy.select(conds, [lax_numpy.nan, zero, one - p, one])


def ppf(q, p):
    q, p = promote("bernoulli.ppf", q, p)
    zero, one = const(q, 0), const(q, 1)
    bad = (ufuncs.isnan(q) | ufuncs.isnan(p) | (p < zero) | (p > one) | (q < zero)
           | (q > one))
    return sorting.where(bad, lax_numpy.nan, sorting.where(lax.le(q, one - p), zero, one))
