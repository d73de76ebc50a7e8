"""The generalized normal distribution, as jax.scipy.stats.gennorm."""

from jxp._src.lax import special as _sf
from jxp._src.scipy.stats._common import lax, promote


def logpdf(x, beta):
    x, beta = promote("gennorm.logpdf", x, beta)
    return lax.log(.5 * beta) - lax.lgamma(1 / beta) - lax.abs(x) ** beta


def cdf(x, beta):
    x, beta = promote("gennorm.cdf", x, beta)
    return .5 * (1 + lax.sign(x) * _sf.igamma(1 / beta, lax.abs(x) ** beta))


def pdf(x, beta):
    return lax.exp(logpdf(x, beta))
