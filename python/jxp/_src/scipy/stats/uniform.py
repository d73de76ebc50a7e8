"""The uniform distribution, as jax.scipy.stats.uniform."""

import numpy as np

from jxp._src.numpy import creation, lax_numpy, sorting, ufunc_api, ufuncs
from jxp._src.scipy.stats._common import lax, promote


def logpdf(x, loc=0, scale=1):
    x, loc, scale = promote("uniform.logpdf", x, loc, scale)
    log_probs = lax.neg(lax.log(scale))
    return sorting.where(ufunc_api.logical_or(lax.gt(x, lax.add(loc, scale)),
                                    lax.lt(x, loc)), -np.inf, log_probs)


def pdf(x, loc=0, scale=1):
    return lax.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = promote("uniform.cdf", x, loc, scale)
    zero, one = creation.array(0, x.dtype), creation.array(1, x.dtype)
    hi = lax.add(loc, scale)
    conds = [lax.lt(x, loc), lax.gt(x, hi), lax.ge(x, loc) & lax.le(x, hi)]
    return lax_numpy.select(conds, [zero, one, lax.div(lax.sub(x, loc), scale)])


def ppf(q, loc=0, scale=1):
    q, loc, scale = promote("uniform.ppf", q, loc, scale)
    return sorting.where(ufuncs.isnan(q) | (q < 0) | (q > 1), np.nan,
                     lax.add(loc, lax.mul(scale, q)))
