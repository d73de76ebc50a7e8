"""The left-skewed Gumbel distribution, as jax.scipy.stats.gumbel_l."""

import numpy as np

from jxp._src.numpy import sorting, ufuncs
from jxp._src.scipy.special import xlog1py, xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def _ok(scale):
    return lax.gt(scale, const(scale, 0))


def logpdf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_l.logpdf", x, loc, scale)
    z = lax.div(lax.sub(x, loc), scale)
    out = lax.add(xlogy(-1, scale), lax.sub(z, lax.exp(z)))
    return sorting.where(_ok(scale), out, np.nan)


def pdf(x, loc=0, scale=1):
    return lax.exp(logpdf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_l.logcdf", x, loc, scale)
    z = lax.div(lax.sub(x, loc), scale)
    out = lax.log(-lax.expm1(lax.neg(lax.exp(z))))
    return sorting.where(_ok(scale), out, np.nan)


def cdf(x, loc=0, scale=1):
    return lax.exp(logcdf(x, loc, scale))


def ppf(p, loc=0, scale=1):
    p, loc, scale = promote("gumbel_l.ppf", p, loc, scale)
    ok = lax.bitwise_and(lax.gt(p, const(p, 0)), lax.lt(p, const(p, 1)))
    out = lax.add(loc, lax.mul(scale, lax.log(xlog1py(-1, lax.neg(p)))))
    return sorting.where(ok, out, np.nan)


def sf(x, loc=0, scale=1):
    return ufuncs.exp(logsf(x, loc, scale))


def logsf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_l.logsf", x, loc, scale)
    z = lax.div(lax.sub(x, loc), scale)
    return sorting.where(_ok(scale), lax.neg(lax.exp(z)), np.nan)
