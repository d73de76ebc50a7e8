"""The Laplace distribution, as jax.scipy.stats.laplace."""

from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, loc=0, scale=1):
    x, loc, scale = promote("laplace.logpdf", x, loc, scale)
    linear = lax.div(lax.abs(lax.sub(x, loc)), scale)
    return lax.neg(lax.add(linear, lax.log(lax.mul(const(x, 2), scale))))


def pdf(x, loc=0, scale=1):
    return lax.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = promote("laplace.cdf", x, loc, scale)
    half, one, zero = const(x, 0.5), const(x, 1), const(x, 0)
    diff = lax.div(lax.sub(x, loc), scale)
    return lax.select(lax.le(diff, zero), lax.mul(half, lax.exp(diff)),
                      lax.sub(one, lax.mul(half, lax.exp(lax.neg(diff)))))
