"""The Poisson distribution, as jax.scipy.stats.poisson."""

import numpy as np

from jxp._src.api import jit
from jxp._src.numpy import (
    creation, manipulation, reductions, sorting, ufunc_api, ufuncs, util)
from jxp._src.scipy.special import entr, gammaincc, gammaln, xlogy
from jxp._src.scipy.stats._common import (
    _promote_dtypes_inexact, const, lax, promote)


def logpmf(k, mu, loc=0):
    k, mu, loc = promote("poisson.logpmf", k, mu, loc)
    zero = const(k, 0)
    x = lax.sub(k, loc)
    log_probs = xlogy(x, mu) - gammaln(x + 1) - mu
    return sorting.where(ufunc_api.logical_or(lax.lt(x, zero), lax.ne(ufuncs.round(k), k)),
                     -np.inf, log_probs)


def pmf(k, mu, loc=0):
    return ufuncs.exp(logpmf(k, mu, loc))


def cdf(k, mu, loc=0):
    k, mu, loc = promote("poisson.logpmf", k, mu, loc)
    zero = const(k, 0)
    x = lax.sub(k, loc)
    p = gammaincc(ufuncs.floor(1 + x), mu)
    return sorting.where(lax.lt(x, zero), zero, p)


def _entropy_sum(mu, max_k, upper):
    """-sum p log p over k < upper(mu), with k < max_k statically."""
    k = creation.arange(max_k, dtype=mu.dtype)[:, None]
    probs = pmf(k, mu, 0)
    mask = k < ufuncs.ceil(upper).astype(k.dtype)[None, :]
    return reductions.sum(entr(sorting.where(mask, probs, 0.0)), axis=0)


@jit
def entropy(mu, loc=0):
    mu, loc = _promote_dtypes_inexact("poisson.entropy", mu, loc)
    shape = np.broadcast_shapes(mu.shape, loc.shape)
    flat = manipulation.ravel(mu)
    small = _entropy_sum(flat, 35, flat + 20)
    medium = _entropy_sum(flat, 250, flat + 10 * ufuncs.sqrt(flat) + 20)
    large = 0.5 * ufuncs.log(2 * np.pi * np.e * flat) - 1.0 / (12 * flat)
    out = sorting.where(flat == 0, creation.zeros_like(flat),
                    sorting.where(flat < 10, small,
                              sorting.where(flat < 100, medium, large)))
    return util.broadcast_to(manipulation.reshape(out, mu.shape), shape)
