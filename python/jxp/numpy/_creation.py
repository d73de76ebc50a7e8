"""Array creation."""

import builtins

import numpy as np

from .. import lax
from .._src import dtypes as _dt
from .._src.core import Tracer, abstractify
from ._util import (
    _constant, _keep_weak, _shape_tuple, asarray, astype, broadcast_to, shape)

__all__ = ['full', 'zeros', 'ones', 'empty', 'zeros_like', 'ones_like', 'full_like', 'arange', 'eye', 'identity', 'copy']


# --- creation ---------------------------------------------------------------


def full(shape, fill_value, dtype=None):
    shape = _shape_tuple(shape, "full")
    if dtype is None:
        # Weakly typed if fill_value is (a Python scalar, say), as in JAX.
        return broadcast_to(asarray(fill_value), shape)
    fill = astype(fill_value, dtype)
    return broadcast_to(fill, shape)


def _full_like(a, fill_value, dtype):
    """JAX's full_like: a's dtype and weak type unless dtype is given."""
    if dtype is not None:
        return full(shape(a), fill_value, dtype)
    av = abstractify(a)
    return _keep_weak(full(shape(a), fill_value, av.dtype), av.weak_type)


def zeros(shape, dtype=None):
    return full(shape, 0, dtype or _dt.default_float())


def ones(shape, dtype=None):
    return full(shape, 1, dtype or _dt.default_float())


def empty(shape, dtype=None):
    return zeros(shape, dtype)


def zeros_like(a, dtype=None):
    return _full_like(a, 0, dtype)


def ones_like(a, dtype=None):
    return _full_like(a, 1, dtype)


def full_like(a, fill_value, dtype=None):
    return _full_like(a, fill_value, dtype)


def arange(start, stop=None, step=None, dtype=None):
    for v in (start, stop, step):
        if isinstance(v, Tracer):
            from .._src.errors import ConcretizationTypeError
            raise ConcretizationTypeError(
                v, "jnp.arange needs concrete (static) bounds.")
    host = np.arange(start, stop, step)
    if dtype is None:
        dtype = (_dt.default_int() if np.issubdtype(host.dtype, np.integer)
                 else _dt.default_float())
    dtype = _dt.canonicalize(dtype)
    if stop is None and step is None and np.issubdtype(dtype, np.integer):
        return lax.iota(dtype, builtins.max(builtins.int(start), 0))
    return _constant(host, dtype)


def eye(N, M=None, k=0, dtype=None):
    return _constant(np.eye(N, M, k), _dt.canonicalize(dtype or _dt.default_float()))


identity = lambda n, dtype=None: eye(n, dtype=dtype)  # noqa: E731


def copy(a):
    return asarray(a)
