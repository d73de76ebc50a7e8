"""The beta-binomial distribution, as jax.scipy.stats.betabinom."""

import numpy as np

from jxp._src.api import jit
from jxp._src.numpy import sorting, ufunc_api
from jxp._src.scipy.special import betaln
from jxp._src.scipy.stats._common import const, lax, promote


@jit
def logpmf(k, n, a, b, loc=0):
    k, n, a, b, loc = promote("betabinom.logpmf", k, n, a, b, loc)
    y = lax.sub(lax.floor(k), loc)
    one, zero = const(y, 1), const(y, 0)
    combiln = lax.neg(lax.add(lax.log1p(n),
                              betaln(lax.add(lax.sub(n, y), one),
                                     lax.add(y, one))))
    beta_lns = lax.sub(betaln(lax.add(y, a), lax.add(lax.sub(n, y), b)),
                       betaln(a, b))
    log_probs = lax.add(combiln, beta_lns)
    log_probs = sorting.where(ufunc_api.logical_and(lax.eq(y, zero), lax.eq(n, zero)),
                          0., log_probs)
    outside = ufunc_api.logical_or(
        ufunc_api.logical_or(lax.lt(y, lax.neg(loc)), lax.gt(y, n)),
        lax.le(lax.add(y, a), zero))
    log_probs = sorting.where(outside, -np.inf, log_probs)
    bad = ufunc_api.logical_or(ufunc_api.logical_or(lax.lt(n, zero), lax.le(a, zero)),
                         lax.le(b, zero))
    return sorting.where(bad, np.nan, log_probs)


def pmf(k, n, a, b, loc=0):
    return lax.exp(logpmf(k, n, a, b, loc))
