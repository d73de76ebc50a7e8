"""More of NumPy's API, each built from the jxp.numpy functions above:
differences and joins (diff, append, delete, insert), index helpers
(indices, ix_, meshgrid, mgrid, tril_indices, ...), set operations,
polynomials, windows, convolutions and statistics (cov, corrcoef)."""

import builtins
import collections
import math
import operator

import numpy as np

from .._src import dtypes as _dt
from .._src.batching import vmap
from .._src.core import Tracer
from .._src.errors import ConcretizationTypeError, TracerBoolConversionError
from . import _creation as _cr
from . import _linalg as _la
from . import _reductions as _red
from . import _shape as _sh
from . import _sorting as _so
from . import _ufuncs as _uf
from ._util import (
    _check_arraylike, _keep_weak, asarray, astype, ndim, shape)

__all__ = [
    'diff', 'ediff1d', 'append', 'delete', 'insert', 'cross', 'diagflat',
    'diag_indices', 'diag_indices_from', 'tril_indices', 'triu_indices',
    'tril_indices_from', 'triu_indices_from', 'indices', 'ix_', 'meshgrid',
    'mgrid', 'ogrid', 'r_', 'c_', 's_', 'index_exp', 'rot90', 'resize',
    'rollaxis',
    'permute_dims', 'matrix_transpose', 'concat', 'unstack', 'hsplit',
    'vsplit', 'dsplit', 'block', 'choose', 'compress', 'extract', 'isin',
    'intersect1d', 'setdiff1d', 'setxor1d', 'union1d', 'unique_values',
    'unique_counts', 'unique_inverse', 'unique_all', 'digitize', 'interp',
    'trapezoid', 'geomspace', 'logspace', 'vander', 'polyval', 'polyadd',
    'polysub', 'polymul', 'polyder', 'polyint', 'trim_zeros',
    'ravel_multi_index', 'unravel_index', 'iscomplexobj', 'isrealobj',
    'isscalar', 'iterable', 'isdtype', 'cumulative_sum', 'cumulative_prod',
    'convolve', 'correlate', 'cov', 'corrcoef', 'hanning', 'hamming',
    'bartlett', 'blackman', 'kaiser', 'fill_diagonal', 'put', 'place',
    'apply_along_axis', 'apply_over_axes', 'matvec', 'vecmat',
    'sort_complex', 'gradient']


def _arr(name, *args):
    _check_arraylike(name, *args)
    out = [asarray(a) for a in args]
    return out[0] if len(out) == 1 else out


def _concrete(x, context):
    """x as a host NumPy array; ConcretizationTypeError for a tracer."""
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, context + "\n")
    return np.asarray(x)


def _slice_axis(a, start, stop, axis):
    idx = [builtins.slice(None)] * ndim(a)
    idx[axis] = builtins.slice(start, stop)
    return a[tuple(idx)]


def _inexact(*args):
    """args as arrays of their promoted dtype, made inexact (JAX's
    promote_dtypes_inexact)."""
    args = [asarray(a) for a in args]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in args])
    if not _dt.is_inexact(dtype):
        dtype = _dt.canonicalize(np.float64)
    out = [_keep_weak(astype(a, dtype), weak) for a in args]
    return out


# --- differences and joins ---------------------------------------------------


def diff(a, n=1, axis=-1, prepend=None, append=None):
    arr = _arr("diff", a)
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    if n == 0:
        return arr
    nd = ndim(arr)
    if nd == 0:
        raise ValueError(f"diff requires input that is at least one "
                         f"dimensional; got {a}")
    axis = _sh._canon_axis(axis, nd)
    parts = []
    for extra in (prepend, append):
        if extra is None:
            parts.append(None)
            continue
        extra = asarray(extra)
        if ndim(extra) == 0:
            s = list(shape(arr))
            s[axis] = 1
            extra = _sh.broadcast_to(extra, tuple(s))
        parts.append(extra)
    if parts[0] is not None or parts[1] is not None:
        seq = [p for p in (parts[0], arr, parts[1]) if p is not None]
        arr = _sh.concatenate(seq, axis=axis)
    op = _uf.not_equal if arr.dtype == _dt.bool_ else _uf.subtract
    for _ in range(n):
        arr = op(_slice_axis(arr, 1, None, axis),
                 _slice_axis(arr, None, -1, axis))
    return arr


def ediff1d(ary, to_end=None, to_begin=None):
    arr = _sh.ravel(_arr("ediff1d", ary))
    out = _slice_axis(arr, 1, None, 0) - _slice_axis(arr, None, -1, 0)
    if to_begin is not None:
        b = astype(_arr("ediff1d", to_begin), arr.dtype)
        out = _sh.concatenate([_sh.ravel(b), out])
    if to_end is not None:
        e = astype(_arr("ediff1d", to_end), arr.dtype)
        out = _sh.concatenate([out, _sh.ravel(e)])
    return out


def append(arr, values, axis=None):
    if axis is None:
        return _sh.concatenate([_sh.ravel(asarray(arr)),
                                _sh.ravel(asarray(values))], 0)
    return _sh.concatenate([asarray(arr), asarray(values)], axis=axis)


def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    a = _arr("delete", arr)
    if axis is None:
        a, axis = _sh.ravel(a), 0
    axis = _sh._canon_axis(axis, ndim(a))
    n = shape(a)[axis]
    lead = (builtins.slice(None),) * axis
    # A static integer: the two sides of it.
    try:
        i = operator.index(obj)
    except TypeError:
        pass
    else:
        i = _sh._canon_axis(i, n)
        return _sh.concatenate([a[lead + (builtins.slice(0, i),)],
                                a[lead + (builtins.slice(i + 1, None),)]],
                               axis=axis)
    if isinstance(obj, builtins.slice):
        obj = np.arange(n)[obj]
    else:
        _check_arraylike("delete", a, obj)
    host = _concrete(obj, "'obj' array argument of jnp.delete()")
    if np.issubdtype(host.dtype, np.integer):
        mask = np.ones(n, dtype=bool)
        mask[host] = False
    elif host.dtype == bool:
        if host.shape != (n,):
            raise ValueError("np.delete(arr, obj): for boolean indices, obj "
                             "must be one-dimensional with length matching "
                             "specified axis.")
        mask = ~host
    else:
        raise ValueError(f"np.delete(arr, obj): got obj.dtype={host.dtype}; "
                         "must be integer or bool.")
    keep = np.nonzero(mask)[0].astype(np.int32)
    return _so.take(a, asarray(keep), axis=axis)


def insert(arr, obj, values, axis=None):
    is_slice = isinstance(obj, builtins.slice)
    _check_arraylike("insert", arr, 0 if is_slice else obj, values)
    a = asarray(arr)
    if axis is None:
        a, axis = _sh.ravel(a), 0
    axis = _sh._canon_axis(axis, ndim(a))
    n = shape(a)[axis]
    if is_slice:
        idx = _cr.arange(*obj.indices(n))
    else:
        idx = asarray(obj)
    if ndim(idx) > 1:
        raise ValueError("jnp.insert(): obj must be a slice, a "
                         f"one-dimensional array, or a scalar; got {obj}")
    if not _dt.issubdtype(idx.dtype, np.integer):
        if idx.size == 0 and not isinstance(obj, type(a)):
            idx = astype(idx, _dt.canonicalize(np.int64))
        else:
            raise ValueError("jnp.insert(): index array must be integer "
                             f"typed; got {obj}")
    vals = _sh.array(values, ndmin=ndim(a), dtype=a.dtype)
    if idx.size == 1:
        first = _sh.ravel(idx)[0]
        if ndim(idx) == 0:
            vals = _sh.moveaxis(vals, 0, axis)
        idx = _cr.full(shape(vals)[axis], first)
    k = _sh.broadcast_shapes(shape(idx), (shape(vals)[axis],))[0]
    out_shape = list(shape(a))
    out_shape[axis] += k
    vals = _sh.broadcast_to(vals, tuple(out_shape[:axis]) + (k,)
                            + tuple(out_shape[axis + 1:]))
    idx = _uf.clip(_so.where(idx < 0, idx + n, idx), 0, n)
    # Value j lands at its index plus the number of values before it.
    vpos = idx.at[_so.argsort(idx)].add(_cr.arange(k, dtype=idx.dtype))
    keep = _cr.ones(n + k, _dt.bool_).at[vpos].set(False)
    (apos,) = _so.nonzero(keep, size=n)
    lead = (builtins.slice(None),) * axis
    out = _cr.zeros(tuple(out_shape), a.dtype)
    out = out.at[lead + (vpos,)].set(vals)
    return out.at[lead + (apos,)].set(a)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a, b = _arr("cross", a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = _sh.moveaxis(a, axisa, -1)
    b = _sh.moveaxis(b, axisb, -1)
    if shape(a)[-1] not in (2, 3) or shape(b)[-1] not in (2, 3):
        raise ValueError("Dimension must be either 2 or 3 for cross product")
    if shape(a)[-1] == 2 and shape(b)[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    a0, a1 = a[..., 0], a[..., 1]
    a2 = a[..., 2] if shape(a)[-1] == 3 else _cr.zeros_like(a0)
    b0, b1 = b[..., 0], b[..., 1]
    b2 = b[..., 2] if shape(b)[-1] == 3 else _cr.zeros_like(b0)
    c = _sh.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2,
                   a0 * b1 - a1 * b0], axis=-1)
    return _sh.moveaxis(c, -1, axisc)


def diagflat(v, k=0):
    return _la.diag(_sh.ravel(_arr("diagflat", v)), k)


# --- index helpers -----------------------------------------------------------


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
    return (_cr.arange(n),) * nd


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
        r = _sh.reshape(_cr.arange(d, dtype=dtype), tuple(s))
        out.append(r if sparse else _sh.broadcast_to(r, dims))
    if sparse:
        return tuple(out)
    if not out:
        return _cr.zeros((0,), dtype)
    return _sh.stack(out, 0)


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
        out.append(_sh.reshape(a, tuple(s)))
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
        r = _sh.reshape(a, tuple(s))
        out.append(r if sparse else _sh.broadcast_to(r, full))
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
        return _cr.linspace(start, k.stop, int(builtins.abs(step)))
    return _cr.arange(start, k.stop, step)


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
        return _sh.stack(grids, 0) if grids else _cr.arange(0)


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
                obj = _sh.array(item, copy=False)
                item_ndim = ndim(obj)
            obj = _sh.array(obj, copy=False, ndmin=ndmin)
            if trans1d != -1 and ndmin - item_ndim > 0:
                perm = tuple(range(ndmin))
                shift = ndmin - builtins.abs(ndmin + trans1d + 1) % ndmin
                obj = _sh.transpose(obj, perm[shift:] + perm[:shift])
            parts.append(obj)
        out = _sh.concatenate(parts, axis=axis)
        if matrix != -1 and ndim(out) == 1:
            out = _sh.expand_dims(out, matrix)
        return out

    def __len__(self):
        return 0


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)
r_ = _AxisConcat(0, 1, -1, "r_")
c_ = _AxisConcat(-1, 2, 0, "c_")
s_ = np.s_
index_exp = np.index_exp


# --- shape helpers -----------------------------------------------------------


def rot90(m, k=1, axes=(0, 1)):
    a = _arr("rot90", m)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    nd = ndim(a)
    if nd < 2:
        raise ValueError(f"rot90 requires its first argument to have ndim "
                         f"at least two, but got first argument of shape "
                         f"{shape(a)}, which has ndim {nd}")
    ax1, ax2 = (_sh._canon_axis(x, nd) for x in axes)
    if ax1 == ax2:
        raise ValueError("Axes must be different")
    k = operator.index(k) % 4
    if k == 0:
        return a
    if k == 2:
        return _sh.flip(_sh.flip(a, ax1), ax2)
    perm = list(range(nd))
    perm[ax1], perm[ax2] = perm[ax2], perm[ax1]
    if k == 1:
        return _sh.transpose(_sh.flip(a, ax2), perm)
    return _sh.flip(_sh.transpose(a, perm), ax2)


def resize(a, new_shape):
    arr = _arr("resize", a)
    if isinstance(new_shape, int):
        new_shape = (new_shape,)
    new_shape = tuple(operator.index(d) for d in new_shape)
    if any(d < 0 for d in new_shape):
        raise ValueError("All elements of `new_shape` must be non-negative")
    flat = _sh.ravel(arr)
    total = math.prod(new_shape)
    if shape(flat)[0] == 0 or total == 0:
        return _cr.zeros(new_shape, arr.dtype)
    reps = -(-total // shape(flat)[0])
    return _sh.reshape(_sh.tile(flat, reps)[:total], new_shape)


def rollaxis(a, axis, start=0):
    arr = _arr("rollaxis", a)
    n = ndim(arr)
    axis = _sh._canon_axis(axis, n)
    start = operator.index(start)
    if not -n <= start <= n:
        raise ValueError(f"start={start} must satisfy {-n}<=start<={n}")
    if start < 0:
        start += n
    if start > axis:
        start -= 1
    return _sh.moveaxis(arr, axis, start)


def permute_dims(a, /, axes):
    return _sh.transpose(_arr("permute_dims", a), axes)


def matrix_transpose(x, /):
    a = _arr("matrix_transpose", x)
    if ndim(a) < 2:
        raise ValueError(f"x must be at least two-dimensional for "
                         f"matrix_transpose; got ndim={ndim(a)}")
    return _sh.swapaxes(a, -1, -2)


def concat(arrays, /, *, axis=0):
    if axis is None:
        return _sh.concatenate([_sh.ravel(asarray(x)) for x in arrays], 0)
    return _sh.concatenate(arrays, axis=axis)


def unstack(x, /, *, axis=0):
    a = _arr("unstack", x)
    if ndim(a) == 0:
        raise ValueError("Unstack requires arrays with rank > 0, however a "
                         "scalar array was passed.")
    a = _sh.moveaxis(a, axis, 0)
    return tuple(a[i] for i in range(shape(a)[0]))


def hsplit(ary, indices_or_sections):
    a = _arr("hsplit", ary)
    if ndim(a) == 0:
        raise ValueError("hsplit only works on arrays of 1 or more "
                         "dimensions")
    return _sh.split(a, indices_or_sections, axis=1 if ndim(a) > 1 else 0)


def vsplit(ary, indices_or_sections):
    a = _arr("vsplit", ary)
    return _sh.split(a, indices_or_sections, axis=0)


def dsplit(ary, indices_or_sections):
    a = _arr("dsplit", ary)
    if ndim(a) < 3:
        raise IndexError("tuple index out of range")
    return _sh.split(a, indices_or_sections, axis=2)


def _block_depth(x):
    if isinstance(x, tuple):
        raise ValueError("jax.numpy.block does not allow tuples, got "
                         f"{x}")
    if isinstance(x, list):
        if not x:
            raise ValueError("jax.numpy.block does not allow empty list "
                             "arguments")
        depths = {_block_depth(y) for y in x}
        if len(depths) != 1:
            raise ValueError("Mismatched list depths in jax.numpy.block")
        return depths.pop() + 1
    return 0


def block(arrays):
    depth = _block_depth(arrays)
    leaves = []

    def collect(x):
        if isinstance(x, list):
            for y in x:
                collect(y)
        else:
            leaves.append(asarray(x))

    collect(arrays)
    nd = builtins.max([depth] + [ndim(x) for x in leaves])

    def build(x, d):
        if not isinstance(x, list):
            a = asarray(x)
            return _sh.reshape(a, (1,) * (nd - ndim(a)) + shape(a))
        parts = [build(y, d + 1) for y in x]
        return _sh.concatenate(parts, axis=-(depth - d))

    return build(arrays, 0)


# --- selection ------------------------------------------------------------


def choose(a, choices, out=None, mode='raise'):
    if out is not None:
        raise NotImplementedError(
            "The 'out' argument to jnp.choose is not supported.")
    idx = _arr("choose", a)
    if not _dt.issubdtype(idx.dtype, np.integer):
        raise ValueError("Argument a to jnp.choose must be of integer "
                         f"type, got {idx.dtype}")
    n = len(choices)
    if mode == 'raise':
        host = _concrete(idx, "jnp.choose with mode='raise' needs a concrete "
                         "index array")
        if ((host < 0) | (host >= n)).any():
            raise ValueError("invalid entry in choice array")
    elif mode == 'wrap':
        idx = _uf.remainder(idx, n)
    elif mode == 'clip':
        idx = _uf.clip(idx, 0, n - 1)
    else:
        raise ValueError(f"mode={mode!r} not understood. Must be 'raise', "
                         "'wrap', or 'clip'")
    arrs = _sh.broadcast_arrays(idx, *choices)
    idx, arrs = arrs[0], arrs[1:]
    stacked = _sh.stack(arrs, 0)
    return _so.take_along_axis(stacked, idx[None], axis=0)[0]


def compress(condition, a, axis=None, *, size=None, fill_value=0, out=None):
    if out is not None:
        raise NotImplementedError(
            "The 'out' argument to jnp.compress is not supported.")
    cond = _arr("compress", condition)
    arr = _arr("compress", a)
    if ndim(cond) != 1:
        raise ValueError("condition must be a 1D array")
    if axis is None:
        arr, axis = _sh.ravel(arr), 0
    axis = _sh._canon_axis(axis, ndim(arr))
    c = astype(cond, _dt.bool_)
    n = shape(arr)[axis]
    if shape(c)[0] > n:
        c = c[:n]
    elif shape(c)[0] < n:
        c = _sh.concatenate([c, _cr.zeros(n - shape(c)[0], _dt.bool_)])
    if size is None:
        if isinstance(c, Tracer):
            raise TracerBoolConversionError(c)
        host = np.asarray(c)
        pos = np.nonzero(host)[0].astype(np.int32)
        return _so.take(arr, asarray(pos), axis=axis)
    (pos,) = _so.nonzero(c, size=size, fill_value=n)
    return _so.take(arr, pos, axis=axis, mode='fill', fill_value=fill_value)


def extract(condition, arr, *, size=None, fill_value=0):
    return compress(_sh.ravel(_arr("extract", condition)),
                    _sh.ravel(_arr("extract", arr)), size=size,
                    fill_value=fill_value)


def isin(element, test_elements, assume_unique=False, invert=False, *,
         method='auto'):
    e, t = _arr("isin", element, test_elements)
    t = _sh.ravel(t)
    hit = _red.any(e[..., None] == t, axis=-1) if shape(t)[0] else \
        _cr.zeros(shape(e), _dt.bool_)
    return _uf.logical_not(hit) if invert else hit


# --- set operations ----------------------------------------------------------


def _set_args(name, *args):
    arrs = [_sh.ravel(a) for a in _arr(name, *args)] if len(args) > 1 \
        else [_sh.ravel(_arr(name, *args))]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in arrs])
    return [_keep_weak(astype(a, dtype), weak) for a in arrs]


def _no_tracers(name, *arrs):
    for a in arrs:
        _concrete(a, f"jnp.{name}: the result's size depends on the "
                  "values; call it outside jit or pass size=")


def union1d(ar1, ar2, *, size=None, fill_value=None):
    a, b = _set_args("union1d", ar1, ar2)
    return _so.unique(_sh.concatenate([a, b]), size=size,
                      fill_value=fill_value)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *,
                size=None, fill_value=None):
    a, b = _set_args("intersect1d", ar1, ar2)
    _no_tracers("intersect1d", a, b)
    ha, hb = np.asarray(a), np.asarray(b)
    vals, ia, ib = np.intersect1d(ha, hb, assume_unique=assume_unique,
                                  return_indices=True)
    out = _so.take(a, _int_array(ia))
    if return_indices:
        return out, _int_array(ia), _int_array(ib)
    return out


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a, b = _set_args("setdiff1d", ar1, ar2)
    _no_tracers("setdiff1d", a, b)
    u = _so.unique(a) if not assume_unique else a
    return u[~isin(u, b)] if shape(u)[0] else u


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    a, b = _set_args("setxor1d", ar1, ar2)
    _no_tracers("setxor1d", a, b)
    ua, ub = _so.unique(a), _so.unique(b)
    both = _so.sort(_sh.concatenate([ua, ub]))
    hb = np.asarray(both)
    if hb.size == 0:
        return both
    flag = np.concatenate([[True], hb[1:] != hb[:-1], [True]])
    keep = flag[1:] & flag[:-1]
    return _so.take(both, _int_array(np.nonzero(keep)[0]))


_UniqueAllResult = collections.namedtuple(
    "_UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
_UniqueCountsResult = collections.namedtuple(
    "_UniqueCountsResult", ["values", "counts"])
_UniqueInverseResult = collections.namedtuple(
    "_UniqueInverseResult", ["values", "inverse_indices"])


def unique_values(x, /, *, size=None, fill_value=None):
    return _so.unique(x, size=size, fill_value=fill_value, equal_nan=False)


def unique_counts(x, /, *, size=None, fill_value=None):
    v, c = _so.unique(x, return_counts=True, size=size,
                      fill_value=fill_value, equal_nan=False)
    return _UniqueCountsResult(v, c)


def unique_inverse(x, /, *, size=None, fill_value=None):
    v, inv = _so.unique(x, return_inverse=True, size=size,
                        fill_value=fill_value, equal_nan=False)
    return _UniqueInverseResult(v, _sh.reshape(inv, shape(x)))


def unique_all(x, /, *, size=None, fill_value=None):
    v, i, inv, c = _so.unique(x, return_index=True, return_inverse=True,
                              return_counts=True, size=size,
                              fill_value=fill_value, equal_nan=False)
    return _UniqueAllResult(v, i, _sh.reshape(inv, shape(x)), c)


# --- binning and interpolation -----------------------------------------------


def digitize(x, bins, right=False, *, method=None):
    xa, b = _arr("digitize", x, bins)
    if ndim(b) != 1:
        raise ValueError(f"digitize: bins must be a 1-dimensional array; "
                         f"got bins={bins}")
    if shape(b)[0] == 0:
        return _cr.zeros_like(xa, dtype=_dt.int32)
    side = 'left' if right else 'right'
    kw = {} if method is None else {"method": method}
    up = _so.searchsorted(b, xa, side=side, **kw)
    down = shape(b)[0] - _so.searchsorted(b[::-1], xa, side=side, **kw)
    return _so.where(b[-1] >= b[0], up, down)


def interp(x, xp, fp, left=None, right=None, period=None):
    xa, xpa, fpa = _arr("interp", x, xp, fp)
    if ndim(xpa) != 1 or ndim(fpa) != 1:
        raise ValueError("xp and fp must be one-dimensional")
    if shape(xpa)[0] != shape(fpa)[0]:
        raise ValueError("xp and fp must be the same size")
    if _dt.issubdtype(fpa.dtype, np.complexfloating):
        dtype = fpa.dtype
    else:
        dtype, _ = _dt.promote(*[(a.dtype, a.weak_type)
                                 for a in (xa, xpa, fpa)])
        if not _dt.is_inexact(dtype):
            dtype = _dt.canonicalize(np.float64)
    xa, xpa = (astype(v, dtype if not _dt.issubdtype(dtype, np.complexfloating)
                      else _dt.canonicalize(np.float64)) for v in (xa, xpa))
    fpa = astype(fpa, dtype)
    if period is not None:
        if period == 0:
            raise ValueError(f"period must be a non-zero value; got "
                             f"{period}")
        period = _uf.abs(period)
        xa = xa % period
        xpa = xpa % period
        order = _so.argsort(xpa)
        xpa, fpa = xpa[order], fpa[order]
        xpa = _sh.concatenate([xpa[-1:] - period, xpa, xpa[:1] + period])
        fpa = _sh.concatenate([fpa[-1:], fpa, fpa[:1]])
    i = _uf.clip(_so.searchsorted(xpa, xa, side='right'), 1,
                 shape(xpa)[0] - 1)
    dx = xpa[i] - xpa[i - 1]
    delta = xa - xpa[i - 1]
    eps = np.finfo(np.dtype(xa.dtype)).eps
    safe = _uf.abs(dx) > eps
    df = fpa[i] - fpa[i - 1]
    f = _so.where(safe, fpa[i - 1] + (delta / _so.where(safe, dx, 1)) * df,
                  fpa[i - 1])
    if period is None:
        f = _so.where(xa < xpa[0], fpa[0] if left is None else left, f)
        f = _so.where(xa > xpa[-1], fpa[-1] if right is None else right, f)
    return astype(f, dtype)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    if x is None:
        _check_arraylike("trapezoid", y)
        ya = _inexact(y)[0]
        axis = _sh._canon_axis(axis, ndim(ya))
        d = dx
    else:
        _check_arraylike("trapezoid", y, x)
        ya, xa = _inexact(y, x)
        axis = _sh._canon_axis(axis, ndim(ya))
        if ndim(xa) == 1:
            d = diff(xa)
            s = [1] * ndim(ya)
            s[axis] = shape(d)[0]
            d = _sh.reshape(d, tuple(s))
        else:
            d = diff(xa, axis=axis)
    ya = _sh.moveaxis(ya, axis, -1)
    if not isinstance(d, (int, float)):
        d = _sh.moveaxis(d, axis, -1)
    return 0.5 * _red.sum(d * (ya[..., 1:] + ya[..., :-1]), axis=-1)


def gradient(f, *varargs, axis=None, edge_order=None):
    if edge_order is not None:
        raise NotImplementedError(
            "The 'edge_order' argument to jnp.gradient is not supported.")
    a = _inexact(_arr("gradient", f))[0]
    nd = ndim(a)
    if axis is None:
        axes = list(range(nd))
    elif isinstance(axis, int):
        axes = [_sh._canon_axis(axis, nd)]
    else:
        axes = [_sh._canon_axis(x, nd) for x in axis]
    if not axes:
        return []
    if len(varargs) == 0:
        spacing = [1.0] * len(axes)
    elif len(varargs) == 1:
        spacing = list(varargs) * len(axes)
    elif len(varargs) == len(axes):
        spacing = list(varargs)
    else:
        raise TypeError("Invalid number of spacing arguments")
    out = []
    for ax, h in zip(axes, spacing):
        if shape(a)[ax] < 2:
            raise ValueError("Shape of array too small to calculate a "
                             "numerical gradient, at least 2 elements are "
                             "required.")
        if ndim(h) == 0:
            inner = (_slice_axis(a, 2, None, ax)
                     - _slice_axis(a, None, -2, ax)) / (2 * h)
            first = (_slice_axis(a, 1, 2, ax) - _slice_axis(a, 0, 1, ax)) / h
            last = (_slice_axis(a, -1, None, ax)
                    - _slice_axis(a, -2, -1, ax)) / h
        else:
            hx = diff(asarray(h))
            s = [1] * nd
            s[ax] = -1
            h1 = _sh.reshape(hx[:-1], tuple(s))
            h2 = _sh.reshape(hx[1:], tuple(s))
            am, a0, ap = (_slice_axis(a, None, -2, ax),
                          _slice_axis(a, 1, -1, ax),
                          _slice_axis(a, 2, None, ax))
            inner = (h1 ** 2 * ap - h2 ** 2 * am + (h2 ** 2 - h1 ** 2) * a0) \
                / (h1 * h2 * (h1 + h2))
            first = (_slice_axis(a, 1, 2, ax) - _slice_axis(a, 0, 1, ax)) \
                / hx[0]
            last = (_slice_axis(a, -1, None, ax)
                    - _slice_axis(a, -2, -1, ax)) / hx[-1]
        out.append(_sh.concatenate([first, inner, last], axis=ax))
    return out[0] if len(out) == 1 else out


# --- spacing -----------------------------------------------------------------


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    lin = _cr.linspace(start, stop, num, endpoint=endpoint, axis=axis)
    out = _uf.power(asarray(base, dtype=lin.dtype) if dtype is None
                    else base, lin)
    return out if dtype is None else astype(out, dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    s, e = _inexact(start, stop)
    if _dt.issubdtype(s.dtype, np.complexfloating):
        raise NotImplementedError("complex geomspace")
    sign = _uf.sign(s)
    ls = _uf.log10(_uf.abs(s))
    le = _uf.log10(_uf.abs(e))
    out = logspace(ls, le, num, endpoint=endpoint, base=10.0, axis=axis)
    if ndim(sign):
        sign = _sh.expand_dims(sign, axis)
    out = sign * out
    return out if dtype is None else astype(out, dtype)


# --- polynomials -------------------------------------------------------------


def vander(x, N=None, increasing=False):
    xa = _arr("vander", x)
    if ndim(xa) != 1:
        raise ValueError("x must be a one-dimensional array")
    n = shape(xa)[0] if N is None else operator.index(N)
    if n < 0:
        raise ValueError("N must be nonnegative")
    p = _cr.arange(n, dtype=xa.dtype)
    if not increasing:
        p = p[::-1]
    return _uf.power(xa[:, None], p)


def polyval(p, x, *, unroll=16):
    pa, xa = _arr("polyval", p, x)
    dtype, weak = _dt.promote((pa.dtype, pa.weak_type),
                              (xa.dtype, xa.weak_type))
    pa, xa = astype(pa, dtype), astype(xa, dtype)
    y = _cr.zeros_like(xa)
    for i in range(shape(pa)[0]):
        y = y * xa + pa[i]
    return y


def _poly_pad(a, b):
    na, nb = shape(a)[0], shape(b)[0]
    if na < nb:
        a = _sh.concatenate([_cr.zeros(nb - na, a.dtype), a])
    elif nb < na:
        b = _sh.concatenate([_cr.zeros(na - nb, b.dtype), b])
    return a, b


def polyadd(a1, a2):
    a, b = _arr("polyadd", a1, a2)
    dtype, _ = _dt.promote((a.dtype, a.weak_type), (b.dtype, b.weak_type))
    a, b = _poly_pad(astype(a, dtype), astype(b, dtype))
    return _uf.add(a, b)


def polysub(a1, a2):
    a, b = _arr("polysub", a1, a2)
    dtype, _ = _dt.promote((a.dtype, a.weak_type), (b.dtype, b.weak_type))
    a, b = _poly_pad(astype(a, dtype), astype(b, dtype))
    return _uf.subtract(a, b)


def polyder(p, m=1):
    pa = _inexact(_arr("polyder", p))[0]
    m = operator.index(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return pa
    n = shape(pa)[0]
    coeff = _red.prod(_cr.arange(m, n, dtype=pa.dtype)[None]
                      - _cr.arange(m, dtype=pa.dtype)[:, None], axis=0)
    return pa[:-m] * coeff[::-1]


def polyint(p, m=1, k=None):
    m = operator.index(m)
    k = 0 if k is None else k
    _check_arraylike("polyint", p, k)
    pa, ka = _inexact(p, k)
    if m < 0:
        raise ValueError("Order of integral must be positive (see "
                         "polyder)")
    ka = _sh.atleast_1d(ka)
    if shape(ka)[0] == 1:
        ka = _cr.full((m,), ka[0])
    if shape(ka) != (m,):
        raise ValueError("k must be a scalar or a rank-1 array of length 1 "
                         "or m.")
    if m == 0:
        return pa
    grid = (_cr.arange(shape(pa)[0] + m, dtype=pa.dtype)[None]
            - _cr.arange(m, dtype=pa.dtype)[:, None])
    coeff = _red.prod(_uf.maximum(1, grid), axis=0)[::-1]
    return _uf.true_divide(_sh.concatenate([pa, ka]), coeff)


def polymul(a1, a2, *, trim_leading_zeros=False):
    a, b = _arr("polymul", a1, a2)
    a, b = _sh.atleast_1d(a), _sh.atleast_1d(b)
    if shape(a)[0] == 0:
        a = _cr.zeros(1, a.dtype)
    if shape(b)[0] == 0:
        b = _cr.zeros(1, b.dtype)
    return convolve(a, b, mode='full')


def trim_zeros(filt, trim='fb'):
    a = _arr("trim_zeros", filt)
    if ndim(a) != 1:
        raise ValueError(f"trim_zeros requires a 1-D array, got shape "
                         f"{shape(a)}")
    host = _concrete(a != 0, "Error arose in the `filt` argument of "
                     "trim_zeros()")
    nz = np.nonzero(host)[0]
    if nz.size == 0:
        return a[:0]
    start = nz[0] if 'f' in trim.lower() else 0
    end = nz[-1] + 1 if 'b' in trim.lower() else host.size
    return a[start:end]


# --- flat indices ------------------------------------------------------------


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
        idx = [_uf.clip(i, 0, d - 1) for i, d in zip(idx, dims)]
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
    out = _cr.zeros((), _dt.canonicalize(np.int64))
    for i, s in zip(idx, strides):
        out = out + astype(i, _dt.canonicalize(np.int64)) * int(s)
    return out


def unravel_index(indices, shape):  # noqa: A002
    idx = _arr("unravel_index", indices)
    dims = tuple(operator.index(d) for d in shape)
    if not dims:
        raise ValueError("unravel_index: shape should be non-empty")
    total = math.prod(dims)
    idx = _so.where(idx < 0, _uf.clip(idx + total, 0, total - 1) if total
                    else idx, _uf.clip(idx, 0, builtins.max(total - 1, 0)))
    out = []
    for d in dims[::-1]:
        out.append(idx % d)
        idx = idx // d
    return tuple(out[::-1])


# --- predicates --------------------------------------------------------------


def iscomplexobj(x):
    if isinstance(x, (complex, np.complexfloating)):
        return True
    if x is None or isinstance(x, (builtins.bool, int, float, str,
                                   np.generic)):
        return False
    try:
        t = x.dtype.type
    except AttributeError:
        t = asarray(x).dtype.type
    return _dt.issubdtype(t, np.complexfloating)


def isrealobj(x):
    return not iscomplexobj(x)


def isscalar(element):
    if np.isscalar(element):
        return True
    if isinstance(element, (np.ndarray, Tracer)) or _sh._is_array(element):
        return ndim(element) == 0
    return False


def iterable(y):
    return np.iterable(y)


_KINDS = {
    'bool': lambda t: t == np.dtype(bool),
    'signed integer': lambda t: _dt.issubdtype(t, np.signedinteger),
    'unsigned integer': lambda t: _dt.issubdtype(t, np.unsignedinteger),
    'integral': lambda t: _dt.issubdtype(t, np.integer),
    'real floating': lambda t: _dt.issubdtype(t, np.floating),
    'complex floating': lambda t: _dt.issubdtype(t, np.complexfloating),
    'numeric': lambda t: _dt.issubdtype(t, np.number),
}


def isdtype(dtype, kind):
    dt = np.dtype(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            if k not in _KINDS:
                raise ValueError(f"Unrecognized {kind=!r}")
            if _KINDS[k](dt):
                return True
        else:
            try:
                if np.dtype(k) == dt:
                    return True
            except TypeError:
                raise TypeError(f"Expected kind to be a dtype, string, or "
                                f"tuple; got {kind=}") from None
    return False


# --- cumulative --------------------------------------------------------------


def _cumulative(name, fn, init, x, axis, dtype, include_initial):
    a = _arr(name, x)
    if ndim(a) == 0:
        raise ValueError(f"The input must be non-scalar to take a "
                         f"cumulative {name[11:]}, however a scalar value or "
                         "scalar array was given.")
    if axis is None:
        if ndim(a) > 1:
            raise ValueError(f"The input array has rank {ndim(a)}, however "
                             "axis was not set to an explicit value. The axis "
                             "argument is only optional for one-dimensional "
                             "arrays.")
        axis = 0
    axis = _sh._canon_axis(axis, ndim(a))
    out = fn(a, axis=axis, dtype=dtype)
    if include_initial:
        s = list(shape(out))
        s[axis] = 1
        out = _sh.concatenate([_cr.full(tuple(s), init, out.dtype), out],
                              axis=axis)
    return out


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative("cumulative_sum", _red.cumsum, 0, x, axis, dtype,
                       include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative("cumulative_prod", _red.cumprod, 1, x, axis, dtype,
                       include_initial)


# --- convolution and statistics ----------------------------------------------


def _conv(name, a, v, mode):
    _check_arraylike(name, a, v)
    if np.ndim(a) != 1 or np.ndim(v) != 1:
        raise ValueError(f"{name}() only support 1-dimensional inputs.")
    x, y = _inexact(a, v)
    if shape(x)[0] == 0 or shape(y)[0] == 0:
        raise ValueError(f"{name}: inputs cannot be empty, got shapes "
                         f"{shape(x)} and {shape(y)}.")
    reverse = False
    if name == "correlate":
        y = _uf.conjugate(y)
        if shape(x)[0] < shape(y)[0]:
            x, y, reverse = y, x, True
    else:
        if shape(x)[0] < shape(y)[0]:
            x, y = y, x
        y = y[::-1]
    n, m = shape(x)[0], shape(y)[0]
    if mode == "valid":
        lo = hi = 0
    elif mode == "same":
        lo, hi = m // 2, m - m // 2 - 1
    elif mode == "full":
        lo = hi = m - 1
    else:
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    # out[i] = sum_j x[i + j - lo] * y[j], zero outside x: a gather of x
    # with one zero appended, which positions outside x read. (Not
    # take(mode="fill"): its jit lowering cannot fill complex arrays.)
    pos = np.arange(n + lo + hi - m + 1)[:, None] + np.arange(m)[None] - lo
    pos = np.where((pos >= 0) & (pos < n), pos, n).astype(np.int32)
    xz = _sh.concatenate([x, _cr.zeros(1, x.dtype)])
    g = _so.take(xz, asarray(pos), mode="clip")
    out = _red.sum(g * y[None, :], axis=1)
    return out[::-1] if reverse else out


def convolve(a, v, mode='full', *, precision=None,
             preferred_element_type=None):
    return _conv("convolve", a, v, mode)


def correlate(a, v, mode='valid', *, precision=None,
              preferred_element_type=None):
    return _conv("correlate", a, v, mode)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
        aweights=None):
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    X = _sh.atleast_2d(_inexact(_arr("cov", m))[0])
    if ndim(X) > 2:
        raise ValueError("m has more than 2 dimensions")
    if not rowvar and shape(X)[0] != 1:
        X = X.T
    if shape(X)[0] == 0:
        return _cr.array([]).reshape(0, 0)
    if y is not None:
        Y = _sh.atleast_2d(_inexact(_arr("cov", y))[0])
        if ndim(Y) > 2:
            raise ValueError("y has more than 2 dimensions")
        if not rowvar and shape(Y)[0] != 1:
            Y = Y.T
        X = _sh.concatenate(_inexact(X, Y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        w = asarray(fweights)
    if aweights is not None:
        aw = asarray(aweights)
        w = aw if w is None else w * aw
    if w is None:
        f = shape(X)[1]
        avg = _red.mean(X, axis=1)
        fact = f - ddof
    else:
        w = astype(w, X.dtype if not _dt.issubdtype(
            X.dtype, np.complexfloating) else _dt.canonicalize(np.float64))
        wsum = _red.sum(w)
        avg = _red.sum(X * w, axis=1) / wsum
        if ddof == 0:
            fact = wsum
        elif aweights is None:
            fact = wsum - ddof
        else:
            fact = wsum - ddof * _red.sum(w * asarray(aweights)) / wsum
    Xc = X - avg[:, None]
    Xt = Xc if w is None else Xc * w
    c = _la.dot(Xt, _uf.conjugate(Xc).T) / fact
    return _sh.squeeze(c)


def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if ndim(c) == 0:
        return c / c
    d = _la.diagonal(c)
    s = _uf.sqrt(_uf.real(d))
    c = c / s[:, None] / s[None, :]
    if _dt.issubdtype(c.dtype, np.complexfloating):
        return _uf.clip(_uf.real(c), -1, 1) + 1j * _uf.clip(_uf.imag(c), -1, 1)
    return _uf.clip(c, -1, 1)


# --- windows -----------------------------------------------------------------


def _window_n(M, name):
    return operator.index(M) if not isinstance(M, Tracer) else _concrete(
        M, f"M argument of jnp.{name}")


def _cosine_window(M, coeffs, name):
    M = _window_n(M, name)
    dtype = _dt.canonicalize(np.float64)
    if M <= 1:
        return _cr.ones(M, dtype)
    n = _cr.arange(1 - M, M, 2, dtype=dtype)
    out = _cr.zeros(M, dtype)
    for k, c in enumerate(coeffs):
        out = out + c * _uf.cos(np.pi * k * n / (M - 1))
    return out


def hanning(M):
    return _cosine_window(M, (0.5, 0.5), "hanning")


def hamming(M):
    return _cosine_window(M, (0.54, 0.46), "hamming")


def blackman(M):
    M2 = _window_n(M, "blackman")
    dtype = _dt.canonicalize(np.float64)
    if M2 <= 1:
        return _cr.ones(M2, dtype)
    n = _cr.arange(M2, dtype=dtype)
    return (0.42 - 0.5 * _uf.cos(2 * np.pi * n / (M2 - 1))
            + 0.08 * _uf.cos(4 * np.pi * n / (M2 - 1)))


def bartlett(M):
    M = _window_n(M, "bartlett")
    dtype = _dt.canonicalize(np.float64)
    if M <= 1:
        return _cr.ones(M, dtype)
    n = _cr.arange(1 - M, M, 2, dtype=dtype)
    return 1 - _uf.abs(n) / (M - 1)


def kaiser(M, beta):
    M = _window_n(M, "kaiser")
    dtype = _dt.canonicalize(np.float64)
    if M <= 1:
        return _cr.ones(M, dtype)
    n = _cr.arange(M, dtype=dtype)
    alpha = 0.5 * (M - 1)
    return _uf.i0(beta * _uf.sqrt(1 - ((n - alpha) / alpha) ** 2)) / \
        _uf.i0(astype(asarray(beta), dtype))


# --- in-place NumPy functions, functionally ----------------------------------


def fill_diagonal(a, val, wrap=False, *, inplace=True):
    if inplace:
        raise NotImplementedError("JAX arrays are immutable, must use "
                                  "inplace=False")
    if wrap:
        raise NotImplementedError("wrap=True is not implemented, must use "
                                  "wrap=False")
    arr = _arr("fill_diagonal", a)
    if ndim(arr) < 2:
        raise ValueError("array must be at least 2-d")
    if ndim(arr) > 2 and len(set(shape(arr))) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    n = builtins.min(shape(arr))
    v = _sh.ravel(asarray(val, dtype=arr.dtype))
    v = _sh.tile(v, -(-n // builtins.max(shape(v)[0], 1)))[:n]
    i = _cr.arange(n)
    return arr.at[(i,) * ndim(arr)].set(v)


def put(a, ind, v, mode=None, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.put cannot modify arrays in-place, "
                         "because JAX arrays are immutable. Pass "
                         "inplace=False "
                         "to instead return an updated array.")
    arr = _arr("put", a)
    ind = _sh.ravel(asarray(ind))
    v = _sh.ravel(asarray(v, dtype=arr.dtype))
    if not shape(ind)[0] or not shape(v)[0] or not arr.size:
        return arr
    v = resize(v, shape(ind))
    n = arr.size
    if mode is None or mode == 'fill':
        scatter_mode, idx = 'drop', ind
    elif mode == 'clip':
        scatter_mode, idx = None, _uf.clip(ind, -n, n - 1)
    elif mode == 'wrap':
        scatter_mode, idx = None, ind % n
    elif mode == 'raise':
        raise NotImplementedError("The 'raise' mode to jnp.put is not "
                                  "supported.")
    else:
        raise ValueError(f"mode should be one of 'wrap' or 'clip'; got "
                         f"{mode=}")
    flat = _sh.ravel(arr)
    kw = {} if scatter_mode is None else {"mode": scatter_mode}
    return _sh.reshape(flat.at[idx].set(v, **kw), shape(arr))


def place(arr, mask, vals, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.place cannot modify arrays in-place, "
                         "because JAX arrays are immutable. Pass "
                         "inplace=False "
                         "to instead return an updated array.")
    a = _arr("place", arr)
    m = _sh.ravel(astype(asarray(mask), _dt.bool_))
    vals = _sh.ravel(asarray(vals, dtype=a.dtype))
    host = _concrete(m, "jnp.place with a traced mask")
    pos = np.nonzero(host)[0]
    if pos.size == 0:
        return a
    reps = resize(vals, (pos.size,))
    flat = _sh.ravel(a)
    return _sh.reshape(flat.at[asarray(pos.astype(np.int32))].set(reps),
                       shape(a))


# --- function application ----------------------------------------------------


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    a = asarray(arr)
    nd = ndim(a)
    axis = _sh._canon_axis(axis, nd)

    def f(x):
        return func1d(x, *args, **kwargs)
    for i in range(1, nd - axis):
        f = vmap(f, in_axes=i, out_axes=-1)
    for i in range(axis):
        f = vmap(f, in_axes=0, out_axes=0)
    return f(a)


def apply_over_axes(func, a, axes):
    a = asarray(a)
    nd = ndim(a)
    for ax in axes:
        b = func(a, ax)
        if ndim(b) == nd:
            a = b
        elif ndim(b) == nd - 1:
            a = _sh.expand_dims(b, ax)
        else:
            raise ValueError("function is not returning an array of the "
                             "correct shape")
    return a


# --- products ----------------------------------------------------------------


def matvec(x1, x2, /):
    a, b = _arr("matvec", x1, x2)
    return _la.matmul(a, b[..., None])[..., 0]


def vecmat(x1, x2, /):
    a, b = _arr("vecmat", x1, x2)
    return _la.matmul(_uf.conjugate(a)[..., None, :], b)[..., 0, :]


def sort_complex(a):
    arr = _arr("sort_complex", a)
    out = _so.sort(arr, axis=0 if ndim(arr) == 0 else -1) if ndim(arr) \
        else arr
    dtype = _dt.promote((out.dtype, False), (np.dtype(np.complex64), False))[0]
    return astype(out, _dt.canonicalize(dtype))
