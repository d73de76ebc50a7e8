"""The multivariate normal distribution, as
jax.scipy.stats.multivariate_normal."""

import numpy as np

from ... import lax as _lax
from ._common import _promote_dtypes_inexact, jnp


def logpdf(x, mean, cov, allow_singular=None):
    if allow_singular is not None:
        raise NotImplementedError(
            "allow_singular argument of multivariate_normal.logpdf")
    x, mean, cov = _promote_dtypes_inexact("multivariate_normal.logpdf",
                                           x, mean, cov)
    if not mean.shape:
        return (-1 / 2 * jnp.square(x - mean) / cov
                - 1 / 2 * (jnp.log(2 * np.pi) + jnp.log(cov)))
    n = mean.shape[-1]
    if not np.shape(cov):
        y = x - mean
        return (-1 / 2 * jnp.einsum('...i,...i->...', y, y) / cov
                - n / 2 * (jnp.log(2 * np.pi) + jnp.log(cov)))
    if cov.ndim < 2 or cov.shape[-2:] != (n, n):
        raise ValueError("multivariate_normal.logpdf got incompatible shapes")
    chol = _lax.linalg.cholesky(cov)
    diff = x - mean
    # Solve L y = x - mean over the broadcast batch dimensions.
    batch = np.broadcast_shapes(chol.shape[:-2], diff.shape[:-1])
    chol_b = jnp.broadcast_to(chol, batch + (n, n))
    diff_b = jnp.broadcast_to(diff, batch + (n,))
    y = _lax.linalg.triangular_solve(chol_b, diff_b[..., None, :], lower=True,
                                     transpose_a=True)[..., 0, :]
    return (-1 / 2 * jnp.einsum('...i,...i->...', y, y)
            - n / 2 * jnp.log(2 * np.pi)
            - jnp.log(jnp.diagonal(chol, axis1=-1, axis2=-2)).sum(-1))


def pdf(x, mean, cov):
    return jnp.exp(logpdf(x, mean, cov))
