"""The Bernoulli distribution, as jax.scipy.stats.bernoulli."""

import numpy as np

from ..special import xlog1py, xlogy
from ._common import const, jnp, lax, promote


def logpmf(k, p, loc=0):
    k, p, loc = promote("bernoulli.logpmf", k, p, loc)
    zero, one = const(k, 0), const(k, 1)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, p) + xlog1py(lax.sub(one, x), -p)
    return jnp.where(jnp.logical_or(lax.lt(x, zero), lax.gt(x, one)),
                     -np.inf, log_probs)


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))


def cdf(k, p):
    k, p = promote("bernoulli.cdf", k, p)
    zero, one = const(k, 0), const(k, 1)
    conds = [jnp.isnan(k) | jnp.isnan(p) | (p < zero) | (p > one),
             lax.lt(k, zero),
             jnp.logical_and(lax.ge(k, zero), lax.lt(k, one)),
             lax.ge(k, one)]
    return jnp.select(conds, [jnp.nan, zero, one - p, one])


def ppf(q, p):
    q, p = promote("bernoulli.ppf", q, p)
    zero, one = const(q, 0), const(q, 1)
    bad = (jnp.isnan(q) | jnp.isnan(p) | (p < zero) | (p > one) | (q < zero)
           | (q > one))
    return jnp.where(bad, jnp.nan, jnp.where(lax.le(q, one - p), zero, one))
