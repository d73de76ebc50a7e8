"""The wrapped Cauchy distribution, as jax.scipy.stats.wrapcauchy."""

import numpy as np

from ._common import const, jnp, lax, promote


def logpdf(x, c):
    x, c = promote("wrapcauchy.logpdf", x, c)
    inside = lax.ge(x, const(x, 0)) & lax.le(x, const(x, np.pi * 2))
    dens = (jnp.log(1 - c * c) - jnp.log(2 * np.pi)
            - jnp.log(1 + c * c - 2 * c * jnp.cos(x)))
    return jnp.where(lax.gt(c, const(c, 0)) & lax.lt(c, const(c, 1)),
                     jnp.where(inside, dens, -np.inf), np.nan)


def pdf(x, c):
    return lax.exp(logpdf(x, c))
