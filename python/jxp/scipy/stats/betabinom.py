"""The beta-binomial distribution, as jax.scipy.stats.betabinom."""

import numpy as np

from ..._src.api import jit
from ..special import betaln
from ._common import const, jnp, lax, promote


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
    log_probs = jnp.where(jnp.logical_and(lax.eq(y, zero), lax.eq(n, zero)),
                          0., log_probs)
    outside = jnp.logical_or(
        jnp.logical_or(lax.lt(y, lax.neg(loc)), lax.gt(y, n)),
        lax.le(lax.add(y, a), zero))
    log_probs = jnp.where(outside, -np.inf, log_probs)
    bad = jnp.logical_or(jnp.logical_or(lax.lt(n, zero), lax.le(a, zero)),
                         lax.le(b, zero))
    return jnp.where(bad, np.nan, log_probs)


def pmf(k, n, a, b, loc=0):
    return lax.exp(logpmf(k, n, a, b, loc))
