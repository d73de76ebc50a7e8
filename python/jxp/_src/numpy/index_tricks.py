"""Index helpers: diag_indices, tril/triu_indices, indices, ix_,
meshgrid, mgrid/ogrid, r_/c_, s_/index_exp, ravel_multi_index,
unravel_index and mask_indices."""

import builtins
import math
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.errors import ConcretizationTypeError
from jxp._src.numpy import creation, manipulation, sorting, ufuncs, util
from jxp._src.numpy.indexing import Tracer
from jxp._src.numpy.util import (
    _arr, _check_arraylike, _concrete, _keep_weak, asarray, astype, ndim,
    shape)


def _int_array(host):
    return asarray(np.asarray(host).astype(_dt.canonicalize(np.int64)))


def diag_indices(n, ndim=2):
    n, nd = operator.index(n), operator.index(ndim)
    if n < 0:
        raise ValueError(f"n argument to diag_indices must be nonnegative, "
                         f"got {n}")
    if nd < 0:
        raise ValueError(f"ndim argument to diag_indices must be "
                         f"nonnegative, got {nd}")
    return (creation.arange(n),) * nd


def diag_indices_from(arr):
    a = _arr("diag_indices_from", arr)
    nd = ndim(a)
    if nd < 2:
        raise ValueError("input array must be at least 2-d")
    s = shape(a)
    if len(set(s)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(s[0], nd)


def tril_indices(n, k=0, m=None):
    return tuple(_int_array(i) for i in np.tril_indices(
        operator.index(n), operator.index(k),
        None if m is None else operator.index(m)))


def triu_indices(n, k=0, m=None):
    return tuple(_int_array(i) for i in np.triu_indices(
        operator.index(n), operator.index(k),
        None if m is None else operator.index(m)))


def tril_indices_from(arr, k=0):
    s = shape(arr)
    if len(s) != 2:
        raise ValueError("Only 2-D inputs are accepted")
    return tril_indices(s[0], k, s[1])


def triu_indices_from(arr, k=0):
    s = shape(arr)
    if len(s) != 2:
        raise ValueError("Only 2-D inputs are accepted")
    return triu_indices(s[0], k, s[1])


def indices(dimensions, dtype=None, sparse=False):
    dims = tuple(operator.index(d) for d in dimensions)
    dtype = _dt.canonicalize(np.int64 if dtype is None else dtype)
    out = []
    for i, d in enumerate(dims):
        s = [1] * len(dims)
        s[i] = d
        r = manipulation.reshape(creation.arange(d, dtype=dtype), tuple(s))
        out.append(r if sparse else util.broadcast_to(r, dims))
    if sparse:
        return tuple(out)
    if not out:
        return creation.zeros((0,), dtype)
    return manipulation.stack(out, 0)


def ix_(*args):
    n = len(args)
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        if ndim(a) != 1:
            raise ValueError("Arguments to jax.numpy.ix_ must be "
                             f"1-dimensional, got shape {shape(a)}")
        if a.dtype == _dt.bool_:
            raise NotImplementedError(
                "Boolean arguments to jax.numpy.ix_ are not implemented")
        s = [1] * n
        s[i] = shape(a)[0]
        out.append(manipulation.reshape(a, tuple(s)))
    return tuple(out)


def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    _check_arraylike("meshgrid", *xi)
    args = [asarray(x) for x in xi]
    if not copy:
        raise ValueError("jax.numpy.meshgrid only supports copy=True")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Valid values for indexing are 'xy' and 'ij', "
                         f"got {indexing}")
    if any(ndim(a) != 1 for a in args):
        raise ValueError("Arguments to jax.numpy.meshgrid must be "
                         f"1D, got shapes {[shape(a) for a in args]}")
    if indexing == "xy" and len(args) >= 2:
        args[0], args[1] = args[1], args[0]
    n = len(args)
    full = tuple(shape(a)[0] for a in args)
    out = []
    for i, a in enumerate(args):
        s = [1] * n
        s[i] = full[i]
        r = manipulation.reshape(a, tuple(s))
        out.append(r if sparse else util.broadcast_to(r, full))
    if indexing == "xy" and n >= 2:
        out[0], out[1] = out[1], out[0]
    return out


def _grid_axis(k, name):
    """One slice of mgrid/ogrid/r_/c_: an arange, or a linspace for an
    imaginary step (its magnitude the number of points)."""
    for part in (k.start, k.stop, k.step):
        if isinstance(part, Tracer):
            raise ConcretizationTypeError(part, f"slice of jnp.{name}\n")
    start = k.start or 0
    step = k.step or 1
    if np.iscomplex(step):
        return creation.linspace(start, k.stop, int(builtins.abs(step)))
    return creation.arange(start, k.stop, step)


class _Grid:
    def __init__(self, sparse):
        self.sparse = sparse
        self.name = "ogrid" if sparse else "mgrid"

    def __getitem__(self, key):
        if isinstance(key, builtins.slice):
            return _grid_axis(key, self.name)
        axes = [_grid_axis(k, self.name) for k in key]
        if axes:
            dtype, weak = _dt.promote(*[(a.dtype, a.weak_type)
                                        for a in axes])
            axes = [_keep_weak(astype(a, dtype), weak) for a in axes]
        grids = meshgrid(*axes, indexing="ij", sparse=self.sparse)
        if self.sparse:
            return grids
        return manipulation.stack(grids, 0) if grids else creation.arange(0)


class _AxisConcat:
    """r_ and c_: concatenation along an axis, with slices as aranges and
    an optional leading directive string "axis,ndmin,trans1d" (or "r"/"c")."""

    def __init__(self, axis, ndmin, trans1d, name):
        self.params = (axis, ndmin, trans1d)
        self.name = name

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        params = list(self.params) + [-1]
        if items and isinstance(items[0], str):
            directive, items = items[0], items[1:]
            if directive == "r":
                params[-1] = 0
            elif directive == "c":
                params[-1] = 1
            else:
                vec = directive.split(",")
                vec = vec + params[len(vec):] if len(vec) < 4 else \
                    vec[:3] + [params[-1]]
                try:
                    params = [int(v) for v in vec]
                except ValueError as err:
                    raise ValueError(f"could not understand directive "
                                     f"{directive!r}") from err
        axis, ndmin, trans1d, matrix = params
        parts = []
        for item in items:
            if isinstance(item, builtins.slice):
                obj, item_ndim = _grid_axis(item, self.name), 0
            elif isinstance(item, str):
                raise ValueError("string directive must be placed at the "
                                 "beginning")
            else:
                obj = manipulation.array(item, copy=False)
                item_ndim = ndim(obj)
            obj = manipulation.array(obj, copy=False, ndmin=ndmin)
            if trans1d != -1 and ndmin - item_ndim > 0:
                perm = tuple(range(ndmin))
                shift = ndmin - builtins.abs(ndmin + trans1d + 1) % ndmin
                obj = manipulation.transpose(obj, perm[shift:] + perm[:shift])
            parts.append(obj)
        out = manipulation.concatenate(parts, axis=axis)
        if matrix != -1 and ndim(out) == 1:
            out = manipulation.expand_dims(out, matrix)
        return out

    def __len__(self):
        return 0


mgrid = _Grid(sparse=False)


ogrid = _Grid(sparse=True)


r_ = _AxisConcat(0, 1, -1, "r_")


c_ = _AxisConcat(-1, 2, 0, "c_")


s_ = np.s_


index_exp = np.index_exp


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    dims = tuple(operator.index(d) for d in dims)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of "
                         f"length {len(dims)}")
    idx = [asarray(i) for i in multi_index]
    for i in idx:
        if not _dt.issubdtype(i.dtype, np.integer):
            raise TypeError("only int indices permitted")
    if mode == 'raise':
        for i, d in zip(idx, dims):
            h = _concrete(i, "The error occurred because ravel_multi_index "
                          "was jit-compiled with mode='raise'. Use "
                          "mode='wrap' "
                          "or mode='clip' instead.")
            if ((h < 0) | (h >= d)).any():
                raise ValueError("invalid entry in coordinates array")
    elif mode == 'clip':
        idx = [ufuncs.clip(i, 0, d - 1) for i, d in zip(idx, dims)]
    elif mode == 'wrap':
        idx = [i % d for i, d in zip(idx, dims)]
    else:
        raise ValueError(f"invalid mode={mode!r}. Expected 'raise', 'wrap', "
                         "or 'clip'")
    if order == 'F':
        strides = np.cumprod((1,) + dims[:-1])
    elif order == 'C':
        strides = np.cumprod((1,) + dims[1:][::-1])[::-1]
    else:
        raise ValueError(f"invalid order={order!r}. Expected 'C' or 'F'")
    out = creation.zeros((), _dt.canonicalize(np.int64))
    for i, s in zip(idx, strides):
        out = out + astype(i, _dt.canonicalize(np.int64)) * int(s)
    return out


def unravel_index(indices, shape):  # noqa: A002
    idx = _arr("unravel_index", indices)
    dims = tuple(operator.index(d) for d in shape)
    if not dims:
        raise ValueError("unravel_index: shape should be non-empty")
    total = math.prod(dims)
    idx = sorting.where(idx < 0, ufuncs.clip(idx + total, 0, total - 1) if total
                    else idx, ufuncs.clip(idx, 0, builtins.max(total - 1, 0)))
    out = []
    for d in dims[::-1]:
        out.append(idx % d)
        idx = idx // d
    return tuple(out[::-1])


def mask_indices(n, mask_func, k=0, *, size=None):
    """Row and column indices of the nonzero entries of mask_func(ones((n,
    n)), k)."""
    i, j = sorting.nonzero(mask_func(creation.ones((n, n)), k), size=size)
    return i, j
