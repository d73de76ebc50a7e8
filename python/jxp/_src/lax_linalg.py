"""jxp.lax.linalg: factorizations, as in jax.lax.linalg."""

from . import lax as _p
from .core import abstractify


def _transpose_last(x):
    from .. import lax
    n = abstractify(x).ndim
    return lax.transpose(x, tuple(range(n - 2)) + (n - 1, n - 2))


def cholesky(x, *, symmetrize_input: bool = True):
    """The lower Cholesky factor of each (..., n, n) matrix; NaNs where a
    matrix is not positive definite. With `symmetrize_input` the factor is
    of (x + x^T) / 2, which makes the gradient symmetric, as in JAX."""
    from .. import lax
    if symmetrize_input:
        x = lax.div(lax.add(x, _transpose_last(x)), 2.0)
    return _p.cholesky_p.bind(x)
