"""The von Mises distribution, as jax.scipy.stats.vonmises."""

import numpy as np

from ._common import const, jnp, lax, promote


def logpdf(x, kappa):
    x, kappa = promote("vonmises.logpdf", x, kappa)
    out = (kappa * (jnp.cos(x) - 1)
           - jnp.log(2 * np.pi * lax.bessel_i0e(kappa)))
    return jnp.where(lax.gt(kappa, const(kappa, 0)), out, np.nan)


def pdf(x, kappa):
    return lax.exp(logpdf(x, kappa))
