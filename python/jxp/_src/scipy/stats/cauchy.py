"""The Cauchy distribution, as jax.scipy.stats.cauchy."""

import numpy as np

from jxp._src.numpy import ufuncs
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, loc=0, scale=1):
    x, loc, scale = promote("cauchy.logpdf", x, loc, scale)
    scaled = lax.div(lax.sub(x, loc), scale)
    normalize = lax.log(lax.mul(const(x, np.pi), scale))
    return lax.neg(lax.add(normalize, lax.log1p(lax.mul(scaled, scaled))))


def pdf(x, loc=0, scale=1):
    return lax.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = promote("cauchy.cdf", x, loc, scale)
    scaled = lax.div(lax.sub(x, loc), scale)
    return lax.add(const(x, 0.5), lax.mul(lax.div(const(x, 1.),
                                                  const(x, np.pi)),
                                          ufuncs.arctan(scaled)))


def logcdf(x, loc=0, scale=1):
    return lax.log(cdf(x, loc, scale))


def sf(x, loc=0, scale=1):
    x, loc, scale = promote("cauchy.sf", x, loc, scale)
    return cdf(-x, -loc, scale)


def logsf(x, loc=0, scale=1):
    x, loc, scale = promote("cauchy.logsf", x, loc, scale)
    return logcdf(-x, -loc, scale)


def isf(q, loc=0, scale=1):
    q, loc, scale = promote("cauchy.isf", q, loc, scale)
    unscaled = lax.tan(lax.sub(const(q, np.pi / 2),
                               lax.mul(const(q, np.pi), q)))
    return lax.add(lax.mul(unscaled, scale), loc)


def ppf(q, loc=0, scale=1):
    q, loc, scale = promote("cauchy.ppf", q, loc, scale)
    unscaled = lax.tan(lax.sub(lax.mul(const(q, np.pi), q),
                               const(q, np.pi / 2)))
    return lax.add(lax.mul(unscaled, scale), loc)
