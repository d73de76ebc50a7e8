"""The chi-squared distribution, as jax.scipy.stats.chi2."""

import numpy as np

from jxp._src.numpy import sorting
from jxp._src.scipy.special import gammainc, gammaincc
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = promote("chi2.logpdf", x, df, loc, scale)
    one, two = const(x, 1), const(x, 2)
    y = lax.div(lax.sub(x, loc), scale)
    half_df = lax.div(df, two)
    kernel = lax.sub(lax.mul(lax.sub(half_df, one), lax.log(y)),
                     lax.div(y, two))
    normalize = lax.neg(lax.add(lax.lgamma(half_df),
                                lax.div(lax.mul(lax.log(two), df), two)))
    log_probs = lax.add(lax.sub(normalize, lax.log(scale)), kernel)
    return sorting.where(lax.lt(x, loc), -np.inf, log_probs)


def pdf(x, df, loc=0, scale=1):
    return lax.exp(logpdf(x, df, loc, scale))


def _half(x, df, loc, scale):
    two = const(scale, 2)
    return lax.div(df, two), lax.clamp(
        const(x, 0), lax.div(lax.sub(x, loc), lax.mul(scale, two)),
        const(x, np.inf))


def cdf(x, df, loc=0, scale=1):
    x, df, loc, scale = promote("chi2.cdf", x, df, loc, scale)
    return gammainc(*_half(x, df, loc, scale))


def logcdf(x, df, loc=0, scale=1):
    return lax.log(cdf(x, df, loc, scale))


def sf(x, df, loc=0, scale=1):
    x, df, loc, scale = promote("chi2.sf", x, df, loc, scale)
    return gammaincc(*_half(x, df, loc, scale))


def logsf(x, df, loc=0, scale=1):
    return lax.log(sf(x, df, loc, scale))
