"""The gamma distribution, as jax.scipy.stats.gamma."""

import numpy as np

from jxp._src.numpy import sorting
from jxp._src.scipy.special import gammainc, gammaincc, gammaln, xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, a, loc=0, scale=1):
    x, a, loc, scale = promote("gamma.logpdf", x, a, loc, scale)
    ok = lax.ge(x, loc)
    one = const(x, 1)
    y = sorting.where(ok, lax.div(lax.sub(x, loc), scale), one)
    log_linear = lax.sub(xlogy(lax.sub(a, one), y), y)
    shape_terms = lax.add(gammaln(a), lax.log(scale))
    return sorting.where(ok, lax.sub(log_linear, shape_terms), -np.inf)


def pdf(x, a, loc=0, scale=1):
    return lax.exp(logpdf(x, a, loc, scale))


def cdf(x, a, loc=0, scale=1):
    x, a, loc, scale = promote("gamma.cdf", x, a, loc, scale)
    return gammainc(a, lax.clamp(const(x, 0), lax.div(lax.sub(x, loc), scale),
                                 const(x, np.inf)))


def logcdf(x, a, loc=0, scale=1):
    return lax.log(cdf(x, a, loc, scale))


def sf(x, a, loc=0, scale=1):
    x, a, loc, scale = promote("gamma.sf", x, a, loc, scale)
    y = lax.div(lax.sub(x, loc), scale)
    return sorting.where(lax.lt(y, const(y, 0)), 1, gammaincc(a, y))


def logsf(x, a, loc=0, scale=1):
    return lax.log(sf(x, a, loc, scale))
