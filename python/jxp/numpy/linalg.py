"""jxp.numpy.linalg: the parts of numpy.linalg jxp has so far."""

import numpy as np

from .._src import lax_lenient as lax
from .._src import dtypes as _dt
from .._src.core import abstractify
from . import _reductions, _ufuncs
from ._shape import asarray
from ._util import _check_arraylike

__all__ = ["cholesky", "norm"]


def cholesky(a, *, upper=False, symmetrize_input=True):
    """The Cholesky factor of each (..., n, n) matrix of `a` (lower, or
    upper with `upper=True`)."""
    _check_arraylike("jnp.linalg.cholesky", a)
    a = asarray(a)
    if not _dt.is_inexact(abstractify(a).dtype):
        a = a.astype(_dt.to_inexact_dtype(abstractify(a).dtype))
    L = lax.linalg.cholesky(a, symmetrize_input=symmetrize_input)
    if upper:
        n = L.ndim
        L = lax.transpose(L, tuple(range(n - 2)) + (n - 1, n - 2))
    return L


def norm(x, ord=None, axis=None, keepdims=False):
    """Vector and matrix norms as numpy.linalg.norm (no 'nuc' or ord=±2 for
    matrices: those need an SVD)."""
    _check_arraylike("jnp.linalg.norm", x)
    x = asarray(x)
    if not _dt.is_inexact(x.dtype):
        x = x.astype(_dt.to_inexact_dtype(x.dtype))
    if axis is None:
        axis = tuple(range(x.ndim)) if ord is None else (
            (0,) if x.ndim == 1 else (0, 1) if x.ndim == 2 else None)
        if axis is None:
            raise ValueError("Improper number of dimensions to norm.")
    if isinstance(axis, int):
        axis = (axis,)
    axis = tuple(a % x.ndim for a in axis)
    a = _ufuncs.abs(x)
    if len(axis) == 1 or (ord is None and len(axis) != 2) or (
            ord in (None, "fro", "f") and len(axis) == 2):
        if ord is None or ord in ("fro", "f") or ord == 2:
            return _ufuncs.sqrt(_reductions.sum(
                _ufuncs.real(x * _ufuncs.conj(x)) if np.issubdtype(
                    x.dtype, np.complexfloating) else x * x,
                axis=axis, keepdims=keepdims))
        if ord == np.inf:
            # With JAX's initial 0: the tangent of a zero vector's norm is
            # split between the elements and the initial value.
            return _reductions.max(a, axis=axis, keepdims=keepdims, initial=0)
        if ord == -np.inf:
            return _reductions.min(a, axis=axis, keepdims=keepdims)
        if ord == 0:
            return _reductions.sum((x != 0).astype(a.dtype), axis=axis,
                                   keepdims=keepdims)
        if ord == 1:
            return _reductions.sum(a, axis=axis, keepdims=keepdims)
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        # An inexact exponent even for an integer ord (lax.pow, as JAX's
        # constant of a's dtype), not repeated multiplication.
        p = np.asarray(ord, a.dtype)
        return _ufuncs.power(_reductions.sum(_ufuncs.power(a, p), axis=axis,
                                             keepdims=keepdims),
                             np.asarray(1.0 / p, a.dtype))
    if len(axis) != 2:
        raise ValueError("Improper number of dimensions to norm.")
    row, col = axis
    if ord in (1, -1):
        r = _reductions.sum(a, axis=row, keepdims=True)
        f = _reductions.max if ord == 1 else _reductions.min
        out = f(r, axis=col, keepdims=True)
    elif ord in (np.inf, -np.inf):
        r = _reductions.sum(a, axis=col, keepdims=True)
        f = _reductions.max if ord == np.inf else _reductions.min
        out = f(r, axis=row, keepdims=True)
    else:
        raise NotImplementedError(f"jxp.numpy.linalg.norm: ord={ord!r} for "
                                  f"matrices needs an SVD, which jxp lacks")
    if not keepdims:
        out = lax.reshape(out, tuple(d for i, d in enumerate(out.shape)
                                     if i not in axis))
    return out
