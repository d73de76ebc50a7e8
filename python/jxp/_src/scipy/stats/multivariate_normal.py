"""The multivariate normal distribution, as
jax.scipy.stats.multivariate_normal."""

import numpy as np

from jxp._src.lax import linalg as lax_linalg
from jxp._src.numpy import tensor_contractions, ufuncs, util
from jxp._src.scipy.stats._common import _promote_dtypes_inexact


def logpdf(x, mean, cov, allow_singular=None):
    if allow_singular is not None:
        raise NotImplementedError(
            "allow_singular argument of multivariate_normal.logpdf")
    x, mean, cov = _promote_dtypes_inexact("multivariate_normal.logpdf",
                                           x, mean, cov)
    if not mean.shape:
        return (-1 / 2 * ufuncs.square(x - mean) / cov
                - 1 / 2 * (ufuncs.log(2 * np.pi) + ufuncs.log(cov)))
    n = mean.shape[-1]
    if not np.shape(cov):
        y = x - mean
        return (-1 / 2 * tensor_contractions.einsum('...i,...i->...', y, y) / cov
                - n / 2 * (ufuncs.log(2 * np.pi) + ufuncs.log(cov)))
    if cov.ndim < 2 or cov.shape[-2:] != (n, n):
        raise ValueError("multivariate_normal.logpdf got incompatible shapes")
    chol = lax_linalg.cholesky(cov)
    diff = x - mean
    # Solve L y = x - mean over the broadcast batch dimensions.
    batch = np.broadcast_shapes(chol.shape[:-2], diff.shape[:-1])
    chol_b = util.broadcast_to(chol, batch + (n, n))
    diff_b = util.broadcast_to(diff, batch + (n,))
    y = lax_linalg.triangular_solve(chol_b, diff_b[..., None, :], lower=True,
                                     transpose_a=True)[..., 0, :]
    return (-1 / 2 * tensor_contractions.einsum('...i,...i->...', y, y)
            - n / 2 * ufuncs.log(2 * np.pi)
            - ufuncs.log(tensor_contractions.diagonal(chol, axis1=-1, axis2=-2)).sum(-1))


def pdf(x, mean, cov):
    return ufuncs.exp(logpdf(x, mean, cov))
