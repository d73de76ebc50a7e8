"""The Pareto distribution, as jax.scipy.stats.pareto."""

import numpy as np

from jxp._src.numpy import sorting, ufuncs
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, b, loc=0, scale=1):
    x, b, loc, scale = promote("pareto.logpdf", x, b, loc, scale)
    scaled = lax.div(lax.sub(x, loc), scale)
    normalize = lax.log(lax.div(scale, b))
    log_probs = lax.neg(lax.add(normalize, lax.mul(lax.add(b, const(x, 1)),
                                                   lax.log(scaled))))
    return sorting.where(lax.lt(x, lax.add(loc, scale)), -np.inf, log_probs)


def pdf(x, b, loc=0, scale=1):
    return lax.exp(logpdf(x, b, loc, scale))


def cdf(x, b, loc=0, scale=1):
    x, b, loc, scale = promote("pareto.cdf", x, b, loc, scale)
    scaled = lax.div(lax.sub(x, loc), scale)
    out = lax.sub(const(x, 1), lax.pow(scaled, lax.neg(b)))
    return sorting.where(lax.lt(x, lax.add(loc, scale)), const(x, 0), out)


def logcdf(x, b, loc=0, scale=1):
    x, b, loc, scale = promote("pareto.logcdf", x, b, loc, scale)
    scaled = lax.div(lax.sub(x, loc), scale)
    out = lax.log1p(lax.neg(lax.pow(scaled, lax.neg(b))))
    return sorting.where(lax.lt(x, lax.add(loc, scale)), -np.inf, out)


def logsf(x, b, loc=0, scale=1):
    x, b, loc, scale = promote("pareto.logsf", x, b, loc, scale)
    scaled = lax.div(lax.sub(x, loc), scale)
    out = lax.neg(lax.mul(b, lax.log(scaled)))
    return sorting.where(lax.lt(x, lax.add(loc, scale)), const(x, 0), out)


def sf(x, b, loc=0, scale=1):
    return lax.exp(logsf(x, b, loc, scale))


def ppf(q, b, loc=0, scale=1):
    q, b, loc, scale = promote("pareto.ppf", q, b, loc, scale)
    one = const(q, 1)
    out = lax.add(loc, lax.mul(scale, lax.pow(lax.sub(one, q),
                                              lax.neg(lax.div(one, b)))))
    return sorting.where(ufuncs.isnan(q) | (q < 0) | (q > 1), np.nan, out)
