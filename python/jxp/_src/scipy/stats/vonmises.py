"""The von Mises distribution, as jax.scipy.stats.vonmises."""

import numpy as np

from jxp._src.numpy import sorting, ufuncs
from jxp._src.scipy.stats._common import const, lax, promote


def logpdf(x, kappa):
    x, kappa = promote("vonmises.logpdf", x, kappa)
    out = (kappa * (ufuncs.cos(x) - 1)
           - ufuncs.log(2 * np.pi * lax.bessel_i0e(kappa)))
    return sorting.where(lax.gt(kappa, const(kappa, 0)), out, np.nan)


def pdf(x, kappa):
    return lax.exp(logpdf(x, kappa))
