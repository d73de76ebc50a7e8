"""The beta distribution, as jax.scipy.stats.beta."""

import numpy as np

from jxp._src.numpy import sorting, ufunc_api
from jxp._src.scipy.special import betainc, betaln, xlog1py, xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = promote("beta.logpdf", x, a, b, loc, scale)
    one = const(x, 1)
    zero = const(a, 0)
    shape_term = lax.neg(betaln(a, b))
    y = lax.div(lax.sub(x, loc), scale)
    log_linear = lax.add(xlogy(lax.sub(a, one), y),
                         xlog1py(lax.sub(b, one), lax.neg(y)))
    log_probs = lax.sub(lax.add(shape_term, log_linear), lax.log(scale))
    out = sorting.where(ufunc_api.logical_or(lax.gt(x, lax.add(loc, scale)),
                                   lax.lt(x, loc)), -np.inf, log_probs)
    bad = ufunc_api.logical_or(ufunc_api.logical_or(lax.le(a, zero), lax.le(b, zero)),
                         lax.le(scale, zero))
    return sorting.where(bad, np.nan, out)


def pdf(x, a, b, loc=0, scale=1):
    return lax.exp(logpdf(x, a, b, loc, scale))


def _unit(x, loc, scale):
    return lax.clamp(const(x, 0), lax.div(lax.sub(x, loc), scale),
                     const(x, 1))


def cdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = promote("beta.cdf", x, a, b, loc, scale)
    return betainc(a, b, _unit(x, loc, scale))


def logcdf(x, a, b, loc=0, scale=1):
    return lax.log(cdf(x, a, b, loc, scale))


def sf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = promote("beta.sf", x, a, b, loc, scale)
    return betainc(b, a, 1 - _unit(x, loc, scale))


def logsf(x, a, b, loc=0, scale=1):
    return lax.log(sf(x, a, b, loc, scale))
