"""jxp.lax.linalg: factorizations, as in jax.lax.linalg."""

import numpy as np

from . import lax_lenient as lax  # jxp.lax (same layer), lenient scalars
from . import lax as _p
from .core import abstractify


def _transpose_last(x):
    n = abstractify(x).ndim
    return lax.transpose(x, tuple(range(n - 2)) + (n - 1, n - 2))


def cholesky(x, *, symmetrize_input: bool = True):
    """The lower Cholesky factor of each (..., n, n) matrix; NaNs where a
    matrix is not positive definite. With `symmetrize_input` the factor is
    of (x + x^T) / 2, which makes the gradient symmetric, as in JAX."""
    if symmetrize_input:
        x = lax.div(lax.add(x, _transpose_last(x)), 2.0)
    # The lower triangle, as JAX takes it: a matrix that is not positive
    # definite gives NaNs below the diagonal and zeros above, and so do
    # the derivatives.
    return _tril(_p.cholesky_p.bind(x))


def _tril(x):
    a = abstractify(x)
    rows = lax.broadcasted_iota(np.int32, a.shape, a.ndim - 2)
    cols = lax.broadcasted_iota(np.int32, a.shape, a.ndim - 1)
    zeros = lax.broadcast_in_dim(np.zeros((), a.dtype), a.shape, ())
    return lax.select(lax.ge(rows, cols), x, zeros)


def triangular_solve(a, b, *, left_side: bool = False, lower: bool = False,
                     transpose_a: bool = False, conjugate_a: bool = False,
                     unit_diagonal: bool = False):
    """Solves op(a) @ x = b (left_side) or x @ op(a) = b for triangular a,
    as jax.lax.linalg.triangular_solve (real dtypes: conjugate_a is a
    no-op)."""
    return _p.triangular_solve_p.bind(
        a, b, left_side=bool(left_side), lower=bool(lower),
        unit_diagonal=bool(unit_diagonal), transpose_a=1 if transpose_a else 0)
