"""The wrapped Cauchy distribution, as jax.scipy.stats.wrapcauchy."""

import numpy as np

from jxp._src.numpy import sorting, ufuncs
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, c):
    x, c = promote("wrapcauchy.logpdf", x, c)
    inside = lax.ge(x, const(x, 0)) & lax.le(x, const(x, np.pi * 2))
    dens = (ufuncs.log(1 - c * c) - ufuncs.log(2 * np.pi)
            - ufuncs.log(1 + c * c - 2 * c * ufuncs.cos(x)))
    return sorting.where(lax.gt(c, const(c, 0)) & lax.lt(c, const(c, 1)),
                     sorting.where(inside, dens, -np.inf), np.nan)


def pdf(x, c):
    return lax.exp(logpdf(x, c))
