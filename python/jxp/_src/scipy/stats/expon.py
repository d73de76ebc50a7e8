"""The exponential distribution, as jax.scipy.stats.expon."""

import numpy as np

from jxp._src.numpy import creation, sorting, ufuncs
from jxp._src.scipy.stats._common import lax, promote


def logpdf(x, loc=0, scale=1):
    x, loc, scale = promote("expon.logpdf", x, loc, scale)
    linear = lax.div(lax.sub(x, loc), scale)
    log_probs = lax.neg(lax.add(linear, lax.log(scale)))
    return sorting.where(lax.lt(x, loc), -np.inf, log_probs)


def pdf(x, loc=0, scale=1):
    return lax.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = promote("expon.cdf", x, loc, scale)
    neg_scaled = lax.div(lax.sub(loc, x), scale)
    return sorting.where(lax.lt(x, loc), creation.zeros_like(neg_scaled),
                     lax.neg(lax.expm1(neg_scaled)))


def logcdf(x, loc=0, scale=1):
    return lax.log1p(lax.neg(sf(x, loc, scale)))


def logsf(x, loc=0, scale=1):
    x, loc, scale = promote("expon.sf", x, loc, scale)
    neg_scaled = lax.div(lax.sub(loc, x), scale)
    return sorting.where(lax.lt(x, loc), creation.zeros_like(neg_scaled), neg_scaled)


def sf(x, loc=0, scale=1):
    return lax.exp(logsf(x, loc, scale))


def ppf(q, loc=0, scale=1):
    q, loc, scale = promote("expon.ppf", q, loc, scale)
    return sorting.where(ufuncs.isnan(q) | (q < 0) | (q > 1), np.nan,
                     lax.sub(loc, lax.mul(scale, lax.log1p(lax.neg(q)))))
