"""Reductions and scans."""

import builtins

import numpy as np

from .. import lax
from .._src import dtypes as _dt
from .._src.core import abstractify
from ._util import (
    _axes, _constant, _keep_weak, asarray, astype, ndim)
from ._shape import (
    ravel)

__all__ = ['sum', 'prod', 'max', 'amax', 'min', 'amin', 'all', 'any', 'mean', 'argmax', 'argmin', 'cumsum', 'sort']


# --- reductions -------------------------------------------------------------


def _reduction(name, reducer, bool_to_int=False):
    def f(a, axis=None, dtype=None, keepdims=False):
        a = asarray(a)
        av = abstractify(a)
        if dtype is not None:
            a = astype(a, dtype)
        elif bool_to_int and av.dtype == _dt.bool_:
            a = astype(a, _dt.default_int())
        elif bool_to_int and _dt.is_int(av.dtype) and av.dtype.itemsize < 4:
            a = astype(a, _dt.uint32 if _dt.is_unsigned(av.dtype) else _dt.int32)
        axes = _axes(axis, av.ndim)
        out = _keep_weak(reducer(a, axes), False)  # strongly typed, as JAX
        if keepdims:
            out = lax.reshape(out, [1 if i in axes else d
                                    for i, d in enumerate(av.shape)])
        return out
    f.__name__ = name
    return f


sum = _reduction("sum", lax.reduce_sum, True)  # noqa: A001
prod = _reduction("prod", lax.reduce_prod, True)
max = amax = _reduction("max", lax.reduce_max)  # noqa: A001
min = amin = _reduction("min", lax.reduce_min)  # noqa: A001
all = _reduction("all", lambda a, axes: lax.reduce_and(astype(a, bool), axes))  # noqa: A001
any = _reduction("any", lambda a, axes: lax.reduce_or(astype(a, bool), axes))  # noqa: A001


def mean(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    av = abstractify(a)
    n = builtins.int(np.prod([av.shape[i] for i in _axes(axis, av.ndim)]))
    if dtype is None and not _dt.is_inexact(av.dtype):
        dtype = _dt.default_float()
    s = sum(a, axis, dtype, keepdims)
    return lax.div(s, _constant(n, abstractify(s).dtype))


def argmax(a, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    return lax.argmax(a, axis % ndim(a), _dt.default_int())


def argmin(a, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    return lax.argmin(a, axis % ndim(a), _dt.default_int())


def cumsum(a, axis=None, dtype=None):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    if dtype is not None or abstractify(a).dtype == _dt.bool_:
        a = astype(a, dtype or _dt.default_int())
    return _keep_weak(lax.cumsum(a, axis), False)


def sort(a, axis=-1):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    return lax.sort(a, axis)
