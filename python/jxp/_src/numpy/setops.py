"""jnp's set operations: isin, union1d, intersect1d, setdiff1d, setxor1d
and the unique_* functions of the array API (unique itself is in
sorting.py, with the sort it is built on)."""

import collections

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.numpy import creation, manipulation, reductions, sorting, ufuncs
from jxp._src.numpy.index_tricks import _int_array
from jxp._src.numpy.util import _arr, _concrete, _keep_weak, astype, shape


def isin(element, test_elements, assume_unique=False, invert=False, *,
         method='auto'):
    e, t = _arr("isin", element, test_elements)
    t = manipulation.ravel(t)
    hit = reductions.any(e[..., None] == t, axis=-1) if shape(t)[0] else \
        creation.zeros(shape(e), _dt.bool_)
    return ufuncs.logical_not(hit) if invert else hit


def _set_args(name, *args):
    arrs = [manipulation.ravel(a) for a in _arr(name, *args)] if len(args) > 1 \
        else [manipulation.ravel(_arr(name, *args))]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in arrs])
    return [_keep_weak(astype(a, dtype), weak) for a in arrs]


def _no_tracers(name, *arrs):
    for a in arrs:
        _concrete(a, f"jnp.{name}: the result's size depends on the "
                  "values; call it outside jit or pass size=")


def union1d(ar1, ar2, *, size=None, fill_value=None):
    a, b = _set_args("union1d", ar1, ar2)
    return sorting.unique(manipulation.concatenate([a, b]), size=size,
                      fill_value=fill_value)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *,
                size=None, fill_value=None):
    a, b = _set_args("intersect1d", ar1, ar2)
    _no_tracers("intersect1d", a, b)
    ha, hb = np.asarray(a), np.asarray(b)
    vals, ia, ib = np.intersect1d(ha, hb, assume_unique=assume_unique,
                                  return_indices=True)
    out = sorting.take(a, _int_array(ia))
    if return_indices:
        return out, _int_array(ia), _int_array(ib)
    return out


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a, b = _set_args("setdiff1d", ar1, ar2)
    _no_tracers("setdiff1d", a, b)
    u = sorting.unique(a) if not assume_unique else a
    return u[~isin(u, b)] if shape(u)[0] else u


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a, b = _set_args("setxor1d", ar1, ar2)
    _no_tracers("setxor1d", a, b)
    ua, ub = sorting.unique(a), sorting.unique(b)
    both = sorting.sort(manipulation.concatenate([ua, ub]))
    hb = np.asarray(both)
    if hb.size == 0:
        return both
    flag = np.concatenate([[True], hb[1:] != hb[:-1], [True]])
    keep = flag[1:] & flag[:-1]
    return sorting.take(both, _int_array(np.nonzero(keep)[0]))


_UniqueAllResult = collections.namedtuple(
    "_UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])


_UniqueCountsResult = collections.namedtuple(
    "_UniqueCountsResult", ["values", "counts"])


_UniqueInverseResult = collections.namedtuple(
    "_UniqueInverseResult", ["values", "inverse_indices"])


def unique_values(x, /, *, size=None, fill_value=None):
    return sorting.unique(x, size=size, fill_value=fill_value, equal_nan=False)


def unique_counts(x, /, *, size=None, fill_value=None):
    v, c = sorting.unique(x, return_counts=True, size=size,
                      fill_value=fill_value, equal_nan=False)
    return _UniqueCountsResult(v, c)


def unique_inverse(x, /, *, size=None, fill_value=None):
    v, inv = sorting.unique(x, return_inverse=True, size=size,
                        fill_value=fill_value, equal_nan=False)
    return _UniqueInverseResult(v, manipulation.reshape(inv, shape(x)))


def unique_all(x, /, *, size=None, fill_value=None):
    v, i, inv, c = sorting.unique(x, return_index=True, return_inverse=True,
                              return_counts=True, size=size,
                              fill_value=fill_value, equal_nan=False)
    return _UniqueAllResult(v, i, manipulation.reshape(inv, shape(x)), c)
