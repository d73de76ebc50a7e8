"""The truncated normal distribution, as jax.scipy.stats.truncnorm."""

import numpy as np

from jxp._src.api import jit
from jxp._src.numpy import creation, lax_numpy, manipulation, sorting, ufuncs
from jxp._src.scipy.special import log_ndtr, logsumexp, ndtr
from jxp._src.scipy.stats import norm
from jxp._src.scipy.stats._common import lax, promote


def _log_diff(x, y):
    """log(exp(x) - exp(y))."""
    return logsumexp(creation.array([x, y]),
                     b=creation.array([creation.ones_like(x), -creation.ones_like(y)]),
                     axis=0)


def _log_gauss_mass(a, b):
    """log(ndtr(b) - ndtr(a)), accurate in both tails."""
    a, b = manipulation.broadcast_arrays(creation.array(a), creation.array(b))
    left = b <= 0
    right = a > 0
    central = ~(left | right)
    a_tail = sorting.where(right, -b, a)
    b_tail = sorting.where(right, -a, b)
    tail = _log_diff(log_ndtr(b_tail), log_ndtr(a_tail))
    middle = ufuncs.log1p(-ndtr(a) - ndtr(-b))
    return sorting.where(central, middle, tail)


@jit
def logpdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = promote("truncnorm.logpdf", x, a, b, loc, scale)
    val = lax.sub(norm.logpdf(x, loc, scale), _log_gauss_mass(a, b))
    scaled = lax.div(lax.sub(x, loc), scale)
    val = sorting.where((scaled < a) | (scaled > b), -np.inf, val)
    return sorting.where(a >= b, np.nan, val)


def pdf(x, a, b, loc=0, scale=1):
    return lax.exp(logpdf(x, a, b, loc, scale))


@jit
def logsf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = promote("truncnorm.logsf", x, a, b, loc, scale)
    return logcdf(-x, -b, -a, -loc, scale)


@jit
def sf(x, a, b, loc=0, scale=1):
    return lax.exp(logsf(x, a, b, loc, scale))


@jit
def logcdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = promote("truncnorm.logcdf", x, a, b, loc, scale)
    x, a, b = manipulation.broadcast_arrays(x, a, b)
    x = lax.div(lax.sub(x, loc), scale)
    mass = _log_gauss_mass(a, b)
    log_cdf = _log_gauss_mass(a, x) - mass
    log_sf = _log_gauss_mass(x, b) - mass
    log_cdf = lax_numpy.select([x >= b, x <= a, log_cdf > -0.1, x > a],
                         [0, -np.inf, ufuncs.log1p(-ufuncs.exp(log_sf)), log_cdf])
    return sorting.where(a >= b, np.nan, log_cdf)


@jit
def cdf(x, a, b, loc=0, scale=1):
    return lax.exp(logcdf(x, a, b, loc, scale))
