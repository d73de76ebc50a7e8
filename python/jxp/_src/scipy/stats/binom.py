"""The binomial distribution, as jax.scipy.stats.binom."""

import numpy as np

from jxp._src.numpy import sorting, ufunc_api
from jxp._src.scipy.special import gammaln, xlog1py, xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def logpmf(k, n, p, loc=0):
    k, n, p, loc = promote("binom.logpmf", k, n, p, loc)
    y = lax.sub(k, loc)
    zero = const(y, 0)
    comb_term = lax.sub(gammaln(n + 1),
                        lax.add(gammaln(y + 1), gammaln(n - y + 1)))
    log_linear = lax.add(xlogy(y, p), xlog1py(lax.sub(n, y), lax.neg(p)))
    log_probs = lax.add(comb_term, log_linear)
    certain = ufunc_api.logical_or(ufunc_api.logical_and(lax.eq(y, zero), lax.eq(n, zero)),
                             lax.eq(log_linear, zero))
    log_probs = sorting.where(certain, 0., log_probs)
    return sorting.where(lax.ge(k, loc) & lax.lt(k, loc + n + 1), log_probs,
                     -np.inf)


def pmf(k, n, p, loc=0):
    return lax.exp(logpmf(k, n, p, loc))
