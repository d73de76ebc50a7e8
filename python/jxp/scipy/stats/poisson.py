"""The Poisson distribution, as jax.scipy.stats.poisson."""

import numpy as np

from ..._src.api import jit
from ..special import entr, gammaincc, gammaln, xlogy
from ._common import _promote_dtypes_inexact, const, jnp, lax, promote


def logpmf(k, mu, loc=0):
    k, mu, loc = promote("poisson.logpmf", k, mu, loc)
    zero = const(k, 0)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, mu) - gammaln(x + 1) - mu
    return jnp.where(jnp.logical_or(lax.lt(x, zero), lax.ne(jnp.round(k), k)),
                     -np.inf, log_probs)


def pmf(k, mu, loc=0):
    return jnp.exp(logpmf(k, mu, loc))


def cdf(k, mu, loc=0):
    k, mu, loc = promote("poisson.logpmf", k, mu, loc)
    zero = const(k, 0)
    x = lax.sub(k, loc)
    p = gammaincc(jnp.floor(1 + x), mu)
    return jnp.where(lax.lt(x, zero), zero, p)


def _entropy_sum(mu, max_k, upper):
    """-sum p log p over k < upper(mu), with k < max_k statically."""
    k = jnp.arange(max_k, dtype=mu.dtype)[:, None]
    probs = pmf(k, mu, 0)
    mask = k < jnp.ceil(upper).astype(k.dtype)[None, :]
    return jnp.sum(entr(jnp.where(mask, probs, 0.0)), axis=0)


@jit
def entropy(mu, loc=0):
    mu, loc = _promote_dtypes_inexact("poisson.entropy", mu, loc)
    shape = np.broadcast_shapes(mu.shape, loc.shape)
    flat = jnp.ravel(mu)
    small = _entropy_sum(flat, 35, flat + 20)
    medium = _entropy_sum(flat, 250, flat + 10 * jnp.sqrt(flat) + 20)
    large = 0.5 * jnp.log(2 * np.pi * np.e * flat) - 1.0 / (12 * flat)
    out = jnp.where(flat == 0, jnp.zeros_like(flat),
                    jnp.where(flat < 10, small,
                              jnp.where(flat < 100, medium, large)))
    return jnp.broadcast_to(jnp.reshape(out, mu.shape), shape)
