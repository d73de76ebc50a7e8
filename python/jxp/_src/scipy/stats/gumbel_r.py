"""The right-skewed Gumbel distribution, as jax.scipy.stats.gumbel_r."""

import numpy as np

from jxp._src.nn import functions as _nn
from jxp._src.numpy import sorting
from jxp._src.scipy.special import xlogy
from jxp._src.scipy.stats._common import const, lax, promote


def _ok(scale):
    return lax.gt(scale, const(scale, 0))


def logpdf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_r.logpdf", x, loc, scale)
    z = lax.div(lax.sub(x, loc), scale)
    out = lax.add(xlogy(-1, scale), lax.neg(lax.add(z, lax.exp(lax.neg(z)))))
    return sorting.where(_ok(scale), out, np.nan)


def pdf(x, loc=0, scale=1):
    return lax.exp(logpdf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_r.logcdf", x, loc, scale)
    z = lax.div(lax.sub(x, loc), scale)
    return sorting.where(_ok(scale), lax.neg(lax.exp(lax.neg(z))), np.nan)


def cdf(x, loc=0, scale=1):
    return lax.exp(logcdf(x, loc, scale))


def ppf(p, loc=0, scale=1):
    p, loc, scale = promote("gumbel_r.ppf", p, loc, scale)
    ok = lax.bitwise_and(lax.gt(p, const(p, 0)), lax.lt(p, const(p, 1)))
    out = lax.sub(loc, lax.mul(scale, lax.log(xlogy(-1, p))))
    return sorting.where(ok, out, np.nan)


def sf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_r.sf", x, loc, scale)
    neg_z = lax.div(lax.sub(loc, x), scale)
    out = lax.sub(const(x, 1), lax.exp(lax.neg(lax.exp(neg_z))))
    return sorting.where(_ok(scale), out, np.nan)


def logsf(x, loc=0, scale=1):
    x, loc, scale = promote("gumbel_r.logsf", x, loc, scale)
    neg_z = lax.div(lax.sub(loc, x), scale)
    return sorting.where(_ok(scale), _nn.log1mexp(lax.exp(neg_z)), np.nan)
