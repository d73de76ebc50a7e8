"""The rest of NumPy's API, each function built from the modules beside
this one: differences and joins (diff, ediff1d, append, delete, insert,
concat, block), pad and repeat, rotations and resizing, selection (select,
choose, compress, extract), binning and interpolation (digitize, interp,
trapezoid, gradient), logspace/geomspace, predicates (iscomplexobj,
isscalar, isdtype), cumulative_sum/prod, convolutions and statistics
(convolve, correlate, cov, corrcoef), bit packing, functional forms of
NumPy's in-place functions (fill_diagonal, put, place, put_along_axis),
apply_along_axis/apply_over_axes, unwrap, fromfunction, the host-side
helpers JAX re-exports from NumPy (print options, array_repr/array_str,
einsum_path, I/O), and NumPy's constants."""

import builtins
import math
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.api import jit_library
from jxp._src.array import Array
from jxp._src.batching import vmap
from jxp._src.core import abstractify, Tracer
from jxp._src.errors import ConcretizationTypeError, TracerBoolConversionError
from jxp._src.lax import lax as _lax, scalar_casting as lax, slicing
from jxp._src.numpy import (
    creation, index_tricks, manipulation, reductions, sorting,
    tensor_contractions, ufuncs, util)
from jxp._src.numpy.manipulation import (
    _const, _slice_in_dim, broadcast_arrays, ravel, squeeze,
    stack)
from jxp._src.numpy.reductions import argmax
from jxp._src.numpy.util import (
    _arr, _check_arraylike, _concrete, _filled, _inexact, _is_array,
    _keep_weak, _promote_no_broadcast, _slice_axis, asarray, astype,
    broadcast_to, ndim, shape)
from jxp._src.util import canonicalize_axis


__all__ = [
    'diff', 'ediff1d', 'append', 'delete', 'insert', 'cross', 'diagflat',
    'rot90', 'resize', 'rollaxis', 'permute_dims', 'matrix_transpose',
    'concat', 'unstack', 'hsplit', 'vsplit', 'dsplit', 'block', 'choose',
    'compress', 'extract', 'digitize', 'interp', 'trapezoid', 'geomspace',
    'logspace', 'iscomplexobj', 'isrealobj', 'isscalar', 'iterable',
    'isdtype', 'cumulative_sum', 'cumulative_prod', 'convolve',
    'correlate', 'cov', 'corrcoef', 'fill_diagonal', 'put', 'place',
    'apply_along_axis', 'apply_over_axes', 'matvec', 'vecmat',
    'sort_complex', 'gradient', 'get_printoptions', 'set_printoptions',
    'array_repr', 'array_str', 'save', 'savez', 'ComplexWarning',
    'printoptions', 'packbits', 'unpackbits', 'put_along_axis', 'unwrap',
    'fromfunction', 'einsum_path', 'from_dlpack', 'frombuffer',
    'fromstring', 'fromiter', 'fromfile', 'load', 'select', 'repeat', 'pad']


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
    axis = canonicalize_axis(axis, nd)
    parts = []
    for extra in (prepend, append):
        if extra is None:
            parts.append(None)
            continue
        extra = asarray(extra)
        if ndim(extra) == 0:
            s = list(shape(arr))
            s[axis] = 1
            extra = util.broadcast_to(extra, tuple(s))
        parts.append(extra)
    if parts[0] is not None or parts[1] is not None:
        seq = [p for p in (parts[0], arr, parts[1]) if p is not None]
        arr = manipulation.concatenate(seq, axis=axis)
    op = ufuncs.not_equal if arr.dtype == _dt.bool_ else ufuncs.subtract
    for _ in range(n):
        arr = op(_slice_axis(arr, 1, None, axis),
                 _slice_axis(arr, None, -1, axis))
    return arr


def ediff1d(ary, to_end=None, to_begin=None):
    arr = manipulation.ravel(_arr("ediff1d", ary))
    out = _slice_axis(arr, 1, None, 0) - _slice_axis(arr, None, -1, 0)
    if to_begin is not None:
        b = astype(_arr("ediff1d", to_begin), arr.dtype)
        out = manipulation.concatenate([manipulation.ravel(b), out])
    if to_end is not None:
        e = astype(_arr("ediff1d", to_end), arr.dtype)
        out = manipulation.concatenate([out, manipulation.ravel(e)])
    return out


def append(arr, values, axis=None):
    if axis is None:
        return manipulation.concatenate([manipulation.ravel(asarray(arr)),
                                manipulation.ravel(asarray(values))], 0)
    return manipulation.concatenate([asarray(arr), asarray(values)], axis=axis)


def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    a = _arr("delete", arr)
    if axis is None:
        a, axis = manipulation.ravel(a), 0
    axis = canonicalize_axis(axis, ndim(a))
    n = shape(a)[axis]
    lead = (builtins.slice(None),) * axis
    # A static integer: the two sides of it.
    try:
        i = operator.index(obj)
    except TypeError:
        pass
    else:
        i = canonicalize_axis(i, n)
        return manipulation.concatenate([a[lead + (builtins.slice(0, i),)],
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
    return sorting.take(a, asarray(keep), axis=axis)


def insert(arr, obj, values, axis=None):
    is_slice = isinstance(obj, builtins.slice)
    _check_arraylike("insert", arr, 0 if is_slice else obj, values)
    a = asarray(arr)
    if axis is None:
        a, axis = manipulation.ravel(a), 0
    axis = canonicalize_axis(axis, ndim(a))
    n = shape(a)[axis]
    if is_slice:
        idx = creation.arange(*obj.indices(n))
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
    vals = manipulation.array(values, ndmin=ndim(a), dtype=a.dtype)
    if idx.size == 1:
        first = manipulation.ravel(idx)[0]
        if ndim(idx) == 0:
            vals = manipulation.moveaxis(vals, 0, axis)
        idx = creation.full(shape(vals)[axis], first)
    k = manipulation.broadcast_shapes(shape(idx), (shape(vals)[axis],))[0]
    out_shape = list(shape(a))
    out_shape[axis] += k
    vals = util.broadcast_to(vals, tuple(out_shape[:axis]) + (k,)
                            + tuple(out_shape[axis + 1:]))
    idx = ufuncs.clip(sorting.where(idx < 0, idx + n, idx), 0, n)
    # Value j lands at its index plus the number of values before it.
    vpos = idx.at[sorting.argsort(idx)].add(creation.arange(k, dtype=idx.dtype))
    keep = creation.ones(n + k, _dt.bool_).at[vpos].set(False)
    (apos,) = sorting.nonzero(keep, size=n)
    lead = (builtins.slice(None),) * axis
    out = creation.zeros(tuple(out_shape), a.dtype)
    out = out.at[lead + (vpos,)].set(vals)
    return out.at[lead + (apos,)].set(a)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a, b = _arr("cross", a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = manipulation.moveaxis(a, axisa, -1)
    b = manipulation.moveaxis(b, axisb, -1)
    if shape(a)[-1] not in (2, 3) or shape(b)[-1] not in (2, 3):
        raise ValueError("Dimension must be either 2 or 3 for cross product")
    if shape(a)[-1] == 2 and shape(b)[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    a0, a1 = a[..., 0], a[..., 1]
    a2 = a[..., 2] if shape(a)[-1] == 3 else creation.zeros_like(a0)
    b0, b1 = b[..., 0], b[..., 1]
    b2 = b[..., 2] if shape(b)[-1] == 3 else creation.zeros_like(b0)
    c = manipulation.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2,
                   a0 * b1 - a1 * b0], axis=-1)
    return manipulation.moveaxis(c, -1, axisc)


def diagflat(v, k=0):
    return tensor_contractions.diag(manipulation.ravel(_arr("diagflat", v)), k)


# --- index helpers -----------------------------------------------------------


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
    ax1, ax2 = (canonicalize_axis(x, nd) for x in axes)
    if ax1 == ax2:
        raise ValueError("Axes must be different")
    k = operator.index(k) % 4
    if k == 0:
        return a
    if k == 2:
        return manipulation.flip(manipulation.flip(a, ax1), ax2)
    perm = list(range(nd))
    perm[ax1], perm[ax2] = perm[ax2], perm[ax1]
    if k == 1:
        return manipulation.transpose(manipulation.flip(a, ax2), perm)
    return manipulation.flip(manipulation.transpose(a, perm), ax2)


def resize(a, new_shape):
    arr = _arr("resize", a)
    if isinstance(new_shape, int):
        new_shape = (new_shape,)
    new_shape = tuple(operator.index(d) for d in new_shape)
    if any(d < 0 for d in new_shape):
        raise ValueError("All elements of `new_shape` must be non-negative")
    flat = manipulation.ravel(arr)
    total = math.prod(new_shape)
    if shape(flat)[0] == 0 or total == 0:
        return creation.zeros(new_shape, arr.dtype)
    reps = -(-total // shape(flat)[0])
    return manipulation.reshape(manipulation.tile(flat, reps)[:total], new_shape)


def rollaxis(a, axis, start=0):
    arr = _arr("rollaxis", a)
    n = ndim(arr)
    axis = canonicalize_axis(axis, n)
    start = operator.index(start)
    if not -n <= start <= n:
        raise ValueError(f"start={start} must satisfy {-n}<=start<={n}")
    if start < 0:
        start += n
    if start > axis:
        start -= 1
    return manipulation.moveaxis(arr, axis, start)


def permute_dims(a, /, axes):
    return manipulation.transpose(_arr("permute_dims", a), axes)


def matrix_transpose(x, /):
    a = _arr("matrix_transpose", x)
    if ndim(a) < 2:
        raise ValueError(f"x must be at least two-dimensional for "
                         f"matrix_transpose; got ndim={ndim(a)}")
    return manipulation.swapaxes(a, -1, -2)


def concat(arrays, /, *, axis=0):
    if axis is None:
        return manipulation.concatenate([manipulation.ravel(asarray(x)) for x in arrays], 0)
    return manipulation.concatenate(arrays, axis=axis)


def unstack(x, /, *, axis=0):
    a = _arr("unstack", x)
    if ndim(a) == 0:
        raise ValueError("Unstack requires arrays with rank > 0, however a "
                         "scalar array was passed.")
    a = manipulation.moveaxis(a, axis, 0)
    return tuple(a[i] for i in range(shape(a)[0]))


def hsplit(ary, indices_or_sections):
    a = _arr("hsplit", ary)
    if ndim(a) == 0:
        raise ValueError("hsplit only works on arrays of 1 or more "
                         "dimensions")
    return manipulation.split(a, indices_or_sections, axis=1 if ndim(a) > 1 else 0)


def vsplit(ary, indices_or_sections):
    a = _arr("vsplit", ary)
    return manipulation.split(a, indices_or_sections, axis=0)


def dsplit(ary, indices_or_sections):
    a = _arr("dsplit", ary)
    if ndim(a) < 3:
        raise IndexError("tuple index out of range")
    return manipulation.split(a, indices_or_sections, axis=2)


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
            return manipulation.reshape(a, (1,) * (nd - ndim(a)) + shape(a))
        parts = [build(y, d + 1) for y in x]
        return manipulation.concatenate(parts, axis=-(depth - d))

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
        idx = ufuncs.remainder(idx, n)
    elif mode == 'clip':
        idx = ufuncs.clip(idx, 0, n - 1)
    else:
        raise ValueError(f"mode={mode!r} not understood. Must be 'raise', "
                         "'wrap', or 'clip'")
    arrs = manipulation.broadcast_arrays(idx, *choices)
    idx, arrs = arrs[0], arrs[1:]
    stacked = manipulation.stack(arrs, 0)
    return sorting.take_along_axis(stacked, idx[None], axis=0)[0]


def compress(condition, a, axis=None, *, size=None, fill_value=0, out=None):
    if out is not None:
        raise NotImplementedError(
            "The 'out' argument to jnp.compress is not supported.")
    cond = _arr("compress", condition)
    arr = _arr("compress", a)
    if ndim(cond) != 1:
        raise ValueError("condition must be a 1D array")
    if axis is None:
        arr, axis = manipulation.ravel(arr), 0
    axis = canonicalize_axis(axis, ndim(arr))
    c = astype(cond, _dt.bool_)
    n = shape(arr)[axis]
    if shape(c)[0] > n:
        c = c[:n]
    elif shape(c)[0] < n:
        c = manipulation.concatenate([c, creation.zeros(n - shape(c)[0], _dt.bool_)])
    if size is None:
        if isinstance(c, Tracer):
            raise TracerBoolConversionError(c)
        host = np.asarray(c)
        pos = np.nonzero(host)[0].astype(np.int32)
        return sorting.take(arr, asarray(pos), axis=axis)
    (pos,) = sorting.nonzero(c, size=size, fill_value=n)
    return sorting.take(arr, pos, axis=axis, mode='fill', fill_value=fill_value)


def extract(condition, arr, *, size=None, fill_value=0):
    return compress(manipulation.ravel(_arr("extract", condition)),
                    manipulation.ravel(_arr("extract", arr)), size=size,
                    fill_value=fill_value)


# --- set operations ----------------------------------------------------------


# --- binning and interpolation -----------------------------------------------


def digitize(x, bins, right=False, *, method=None):
    xa, b = _arr("digitize", x, bins)
    if ndim(b) != 1:
        raise ValueError(f"digitize: bins must be a 1-dimensional array; "
                         f"got bins={bins}")
    if shape(b)[0] == 0:
        return creation.zeros_like(xa, dtype=_dt.int32)
    side = 'left' if right else 'right'
    kw = {} if method is None else {"method": method}
    up = sorting.searchsorted(b, xa, side=side, **kw)
    down = shape(b)[0] - sorting.searchsorted(b[::-1], xa, side=side, **kw)
    return sorting.where(b[-1] >= b[0], up, down)


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
        period = ufuncs.abs(period)
        xa = xa % period
        xpa = xpa % period
        order = sorting.argsort(xpa)
        xpa, fpa = xpa[order], fpa[order]
        xpa = manipulation.concatenate([xpa[-1:] - period, xpa, xpa[:1] + period])
        fpa = manipulation.concatenate([fpa[-1:], fpa, fpa[:1]])
    i = ufuncs.clip(sorting.searchsorted(xpa, xa, side='right'), 1,
                 shape(xpa)[0] - 1)
    dx = xpa[i] - xpa[i - 1]
    delta = xa - xpa[i - 1]
    eps = np.finfo(np.dtype(xa.dtype)).eps
    safe = ufuncs.abs(dx) > eps
    df = fpa[i] - fpa[i - 1]
    f = sorting.where(safe, fpa[i - 1] + (delta / sorting.where(safe, dx, 1)) * df,
                  fpa[i - 1])
    if period is None:
        f = sorting.where(xa < xpa[0], fpa[0] if left is None else left, f)
        f = sorting.where(xa > xpa[-1], fpa[-1] if right is None else right, f)
    return astype(f, dtype)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    if x is None:
        _check_arraylike("trapezoid", y)
        ya = _inexact(y)[0]
        axis = canonicalize_axis(axis, ndim(ya))
        d = dx
    else:
        _check_arraylike("trapezoid", y, x)
        ya, xa = _inexact(y, x)
        axis = canonicalize_axis(axis, ndim(ya))
        if ndim(xa) == 1:
            d = diff(xa)
            s = [1] * ndim(ya)
            s[axis] = shape(d)[0]
            d = manipulation.reshape(d, tuple(s))
        else:
            d = diff(xa, axis=axis)
    ya = manipulation.moveaxis(ya, axis, -1)
    if not isinstance(d, (int, float)):
        d = manipulation.moveaxis(d, axis, -1)
    return 0.5 * reductions.sum(d * (ya[..., 1:] + ya[..., :-1]), axis=-1)


def gradient(f, *varargs, axis=None, edge_order=None):
    if edge_order is not None:
        raise NotImplementedError(
            "The 'edge_order' argument to jnp.gradient is not supported.")
    a = _inexact(_arr("gradient", f))[0]
    nd = ndim(a)
    if axis is None:
        axes = list(range(nd))
    elif isinstance(axis, int):
        axes = [canonicalize_axis(axis, nd)]
    else:
        axes = [canonicalize_axis(x, nd) for x in axis]
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
            h1 = manipulation.reshape(hx[:-1], tuple(s))
            h2 = manipulation.reshape(hx[1:], tuple(s))
            am, a0, ap = (_slice_axis(a, None, -2, ax),
                          _slice_axis(a, 1, -1, ax),
                          _slice_axis(a, 2, None, ax))
            inner = (h1 ** 2 * ap - h2 ** 2 * am + (h2 ** 2 - h1 ** 2) * a0) \
                / (h1 * h2 * (h1 + h2))
            first = (_slice_axis(a, 1, 2, ax) - _slice_axis(a, 0, 1, ax)) \
                / hx[0]
            last = (_slice_axis(a, -1, None, ax)
                    - _slice_axis(a, -2, -1, ax)) / hx[-1]
        out.append(manipulation.concatenate([first, inner, last], axis=ax))
    return out[0] if len(out) == 1 else out


# --- spacing -----------------------------------------------------------------


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    lin = creation.linspace(start, stop, num, endpoint=endpoint, axis=axis)
    out = ufuncs.power(asarray(base, dtype=lin.dtype) if dtype is None
                    else base, lin)
    return out if dtype is None else astype(out, dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    s, e = _inexact(start, stop)
    if _dt.issubdtype(s.dtype, np.complexfloating):
        raise NotImplementedError("complex geomspace")
    sign = ufuncs.sign(s)
    ls = ufuncs.log10(ufuncs.abs(s))
    le = ufuncs.log10(ufuncs.abs(e))
    out = logspace(ls, le, num, endpoint=endpoint, base=10.0, axis=axis)
    if ndim(sign):
        sign = manipulation.expand_dims(sign, axis)
    out = sign * out
    return out if dtype is None else astype(out, dtype)


# --- polynomials -------------------------------------------------------------


# --- flat indices ------------------------------------------------------------


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
    if isinstance(element, (np.ndarray, Tracer)) or util._is_array(element):
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
    axis = canonicalize_axis(axis, ndim(a))
    out = fn(a, axis=axis, dtype=dtype)
    if include_initial:
        s = list(shape(out))
        s[axis] = 1
        out = manipulation.concatenate([creation.full(tuple(s), init, out.dtype), out],
                              axis=axis)
    return out


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative("cumulative_sum", reductions.cumsum, 0, x, axis, dtype,
                       include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative("cumulative_prod", reductions.cumprod, 1, x, axis, dtype,
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
        y = ufuncs.conjugate(y)
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
    xz = manipulation.concatenate([x, creation.zeros(1, x.dtype)])
    g = sorting.take(xz, asarray(pos), mode="clip")
    out = reductions.sum(g * y[None, :], axis=1)
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
    X = manipulation.atleast_2d(_inexact(_arr("cov", m))[0])
    if ndim(X) > 2:
        raise ValueError("m has more than 2 dimensions")
    if not rowvar and shape(X)[0] != 1:
        X = X.T
    if shape(X)[0] == 0:
        return creation.array([]).reshape(0, 0)
    if y is not None:
        Y = manipulation.atleast_2d(_inexact(_arr("cov", y))[0])
        if ndim(Y) > 2:
            raise ValueError("y has more than 2 dimensions")
        if not rowvar and shape(Y)[0] != 1:
            Y = Y.T
        X = manipulation.concatenate(_inexact(X, Y), axis=0)
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
        avg = reductions.mean(X, axis=1)
        fact = f - ddof
    else:
        w = astype(w, X.dtype if not _dt.issubdtype(
            X.dtype, np.complexfloating) else _dt.canonicalize(np.float64))
        wsum = reductions.sum(w)
        avg = reductions.sum(X * w, axis=1) / wsum
        if ddof == 0:
            fact = wsum
        elif aweights is None:
            fact = wsum - ddof
        else:
            fact = wsum - ddof * reductions.sum(w * asarray(aweights)) / wsum
    Xc = X - avg[:, None]
    Xt = Xc if w is None else Xc * w
    c = tensor_contractions.dot(Xt, ufuncs.conjugate(Xc).T) / fact
    return manipulation.squeeze(c)


def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if ndim(c) == 0:
        return c / c
    d = tensor_contractions.diagonal(c)
    s = ufuncs.sqrt(ufuncs.real(d))
    c = c / s[:, None] / s[None, :]
    if _dt.issubdtype(c.dtype, np.complexfloating):
        return ufuncs.clip(ufuncs.real(c), -1, 1) + 1j * ufuncs.clip(ufuncs.imag(c), -1, 1)
    return ufuncs.clip(c, -1, 1)


# --- windows -----------------------------------------------------------------


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
    v = manipulation.ravel(asarray(val, dtype=arr.dtype))
    v = manipulation.tile(v, -(-n // builtins.max(shape(v)[0], 1)))[:n]
    i = creation.arange(n)
    return arr.at[(i,) * ndim(arr)].set(v)


def put(a, ind, v, mode=None, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.put cannot modify arrays in-place, "
                         "because JAX arrays are immutable. Pass "
                         "inplace=False "
                         "to instead return an updated array.")
    arr = _arr("put", a)
    ind = manipulation.ravel(asarray(ind))
    v = manipulation.ravel(asarray(v, dtype=arr.dtype))
    if not shape(ind)[0] or not shape(v)[0] or not arr.size:
        return arr
    v = resize(v, shape(ind))
    n = arr.size
    if mode is None or mode == 'fill':
        scatter_mode, idx = 'drop', ind
    elif mode == 'clip':
        scatter_mode, idx = None, ufuncs.clip(ind, -n, n - 1)
    elif mode == 'wrap':
        scatter_mode, idx = None, ind % n
    elif mode == 'raise':
        raise NotImplementedError("The 'raise' mode to jnp.put is not "
                                  "supported.")
    else:
        raise ValueError(f"mode should be one of 'wrap' or 'clip'; got "
                         f"{mode=}")
    flat = manipulation.ravel(arr)
    kw = {} if scatter_mode is None else {"mode": scatter_mode}
    return manipulation.reshape(flat.at[idx].set(v, **kw), shape(arr))


def place(arr, mask, vals, *, inplace=True):
    if inplace:
        raise ValueError("jax.numpy.place cannot modify arrays in-place, "
                         "because JAX arrays are immutable. Pass "
                         "inplace=False "
                         "to instead return an updated array.")
    a = _arr("place", arr)
    m = manipulation.ravel(astype(asarray(mask), _dt.bool_))
    vals = manipulation.ravel(asarray(vals, dtype=a.dtype))
    host = _concrete(m, "jnp.place with a traced mask")
    pos = np.nonzero(host)[0]
    if pos.size == 0:
        return a
    reps = resize(vals, (pos.size,))
    flat = manipulation.ravel(a)
    return manipulation.reshape(flat.at[asarray(pos.astype(np.int32))].set(reps),
                       shape(a))


# --- function application ----------------------------------------------------


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    a = asarray(arr)
    nd = ndim(a)
    axis = canonicalize_axis(axis, nd)

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
            a = manipulation.expand_dims(b, ax)
        else:
            raise ValueError("function is not returning an array of the "
                             "correct shape")
    return a


# --- products ----------------------------------------------------------------


def matvec(x1, x2, /):
    a, b = _arr("matvec", x1, x2)
    return tensor_contractions.matmul(a, b[..., None])[..., 0]


def vecmat(x1, x2, /):
    a, b = _arr("vecmat", x1, x2)
    return tensor_contractions.matmul(ufuncs.conjugate(a)[..., None, :], b)[..., 0, :]


def sort_complex(a):
    arr = _arr("sort_complex", a)
    out = sorting.sort(arr, axis=0 if ndim(arr) == 0 else -1) if ndim(arr) \
        else arr
    dtype = _dt.promote((out.dtype, False), (np.dtype(np.complex64), False))[0]
    return astype(out, _dt.canonicalize(dtype))


# NumPy's, as JAX re-exports them.
get_printoptions = np.get_printoptions


set_printoptions = np.set_printoptions


array_repr = np.array_repr


array_str = np.array_str


save = np.save


savez = np.savez


ComplexWarning = np.exceptions.ComplexWarning


def printoptions(*args, **kwargs):
    """NumPy's print options as a context manager (jxp arrays print
    through NumPy)."""
    return np.printoptions(*args, **kwargs)


def _check_bitorder(bitorder):
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")


def packbits(a, axis=None, bitorder="big"):
    """The truthiness of `a`'s elements packed eight to a uint8 along
    `axis` (flattened if None), zero-padded at the end."""
    _check_arraylike("packbits", a)
    a = asarray(a)
    if not (a.dtype == np.bool_ or _dt.is_int(a.dtype)):
        raise TypeError("Expected an input array of integer or boolean data "
                        "type")
    _check_bitorder(bitorder)
    bits = (a != 0).astype(np.uint8)
    if axis is None:
        bits, axis = bits.ravel(), 0
    bits = manipulation.moveaxis(bits, axis, -1)
    extra = -bits.shape[-1] % 8
    if extra:
        bits = pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, extra)])
    bits = bits.reshape(bits.shape[:-1] + (bits.shape[-1] // 8, 8))
    shifts = np.arange(8, dtype=np.uint8)
    if bitorder == "big":
        shifts = shifts[::-1].copy()
    packed = reductions.sum(ufuncs.left_shift(bits, shifts), axis=-1, dtype=np.uint8)
    return manipulation.moveaxis(packed, -1, axis)


def unpackbits(a, axis=None, count=None, bitorder="big"):
    """The bits of the uint8 array `a` along `axis` (flattened if None),
    optionally cut or zero-padded to `count`."""
    _check_arraylike("unpackbits", a)
    a = asarray(a)
    if a.dtype != np.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    _check_bitorder(bitorder)
    masks = np.left_shift(np.uint8(1), np.arange(8, dtype=np.uint8))
    if bitorder == "big":
        masks = masks[::-1].copy()
    if axis is None:
        a, axis = a.ravel(), 0
    a = manipulation.moveaxis(a, axis, -1)
    out = (ufuncs.bitwise_and(a[..., None], masks) > 0).astype(np.uint8)
    out = out.reshape(out.shape[:-2] + (-1,))
    if count is not None:
        count = operator.index(count)
        if count > out.shape[-1]:
            out = pad(out, [(0, 0)] * (out.ndim - 1)
                          + [(0, count - out.shape[-1])])
        else:
            out = out[..., :count]
    return manipulation.moveaxis(out, -1, axis)


def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    """arr with values written at `indices` along `axis` (JAX: only the
    functional form, inplace=False)."""
    if inplace:
        raise ValueError(
            "jax.numpy.put_along_axis cannot modify arrays in-place, because "
            "JAX arrays are immutable. Pass inplace=False to instead return "
            "an updated array.")
    _check_arraylike("put_along_axis", arr, indices, values)
    arr, indices, values = asarray(arr), asarray(indices), asarray(values)
    shape = arr.shape
    flat = axis is None
    if flat:
        arr, axis = arr.ravel(), 0
    if arr.ndim != indices.ndim:
        raise ValueError(
            "put_along_axis arguments 'arr' and 'indices' must have same "
            f"ndim. Got arr.ndim={arr.ndim} and indices.ndim={indices.ndim}.")
    try:
        values = util.broadcast_to(values, indices.shape)
    except ValueError:
        raise ValueError(
            "put_along_axis argument 'values' must be broadcastable to "
            f"'indices'. Got values.shape={values.shape} and "
            f"indices.shape={indices.shape}.") from None
    axis = canonicalize_axis(axis, arr.ndim)
    idx = list(index_tricks.indices(arr.shape, sparse=True))
    idx[axis] = indices
    out = arr.at[tuple(idx)].set(values, mode=mode)
    return out.reshape(shape) if flat else out


def unwrap(p, discont=None, axis=-1, period=2 * np.pi):
    """p with jumps larger than `discont` along `axis` replaced by their
    complement modulo `period`."""
    _check_arraylike("unwrap", p)
    p = asarray(p)
    dtype, weak = _dt.promote((p.dtype, p.weak_type),
                              _dt.dtype_and_weak_type(period))
    p = creation.asarray(p).astype(dtype) if p.dtype != dtype else p
    if _dt.is_complex(dtype):
        raise ValueError("jnp.unwrap does not support complex inputs.")
    if p.shape[axis] == 0:
        return p
    period = creation.asarray(period).astype(dtype)
    if discont is None:
        discont = period / 2
    half = period // 2 if _dt.is_int(dtype) else period / 2
    dd = diff(p, axis=axis)
    ddmod = ufuncs.mod(dd + half, period) - half
    ddmod = sorting.where((ddmod == -half) & (dd > 0), half, ddmod)
    fix = sorting.where(ufuncs.abs(dd) < discont, 0, ddmod - dd)
    n = p.shape[axis]
    head = slicing.slice_in_dim(p, 0, 1, axis=axis)
    tail = slicing.slice_in_dim(p, 1, n, axis=axis) + reductions.cumsum(fix, axis=axis)
    return manipulation.concatenate([head, tail], axis=axis)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    """function applied to the coordinate arrays of `shape` (vectorized
    with vmap, so `function` sees one index per dimension)."""
    shape = tuple(operator.index(d) for d in (
        (shape,) if np.ndim(shape) == 0 else shape))
    if builtins.any(d < 0 for d in shape):
        raise TypeError(f"Shapes must be 1D sequences of concrete values of "
                        f"integer type, got {shape}.")
    f = function
    for i in builtins.range(len(shape)):
        axes = [0 if i == j else None for j in builtins.range(len(shape))]
        f = vmap(f, in_axes=tuple(axes[::-1]))
    return f(*(creation.arange(s, dtype=dtype) for s in shape), **kwargs)


def einsum_path(subscripts, /, *operands, optimize="auto"):
    """The contraction order opt_einsum chooses for an einsum, as JAX."""
    import opt_einsum  # a dependency of JAX, not of jxp

    class _Unoptimized(opt_einsum.paths.PathOptimizer):
        def __call__(self, inputs, output, size_dict, memory_limit=None):
            return [(0, 1)] * (len(inputs) - 1)

    if isinstance(optimize, bool):
        optimize = "optimal" if optimize else _Unoptimized()
    shapes = [np.shape(o) if not hasattr(o, "shape") else tuple(o.shape)
              for o in operands]
    return opt_einsum.contract_path(subscripts, *shapes, shapes=True,
                                    optimize=optimize)


def from_dlpack(x, /, *, device=None, copy=None):
    """A jxp array of a DLPack-capable array's contents (copied to host);
    a jxp array is returned as it is (arrays are immutable)."""
    if isinstance(x, Array):
        return x
    if device is not None and device != "cpu" and not hasattr(
            device, "platform"):
        raise ValueError(f"from_dlpack: unsupported device {device!r}")
    return asarray(np.from_dlpack(x, copy=copy) if copy is not None
                   else np.from_dlpack(x))


def frombuffer(buffer, dtype=float, count=-1, offset=0):
    """A jxp array of the buffer's bytes read as `dtype`."""
    return asarray(np.frombuffer(buffer=buffer, dtype=dtype, count=count,
                                 offset=offset))


def fromstring(string, dtype=float, count=-1, *, sep):
    """A jxp array of the numbers in a text string."""
    return asarray(np.fromstring(string=string, dtype=dtype, count=count,
                                 sep=sep))


def fromiter(*args, **kwargs):
    """Not provided, as in JAX: it may consume an iterator (impure)."""
    raise NotImplementedError(
        "jnp.fromiter() is not implemented because it may be non-pure and "
        "thus unsafe for use with JIT and other JAX transformations. Use "
        "jnp.asarray(np.fromiter(...)) instead.")


def fromfile(*args, **kwargs):
    """Not provided, as in JAX: reading a file is a side effect."""
    raise NotImplementedError(
        "jnp.fromfile() is not implemented because it may be non-pure and "
        "thus unsafe for use with JIT and other JAX transformations. Use "
        "jnp.asarray(np.fromfile(...)) instead.")


def load(file, *args, **kwargs):
    """np.load, giving a jxp array for a saved array (bfloat16 recovered
    from the void16 NumPy writes for it)."""
    out = np.load(file, *args, **kwargs)
    if isinstance(out, np.ndarray):
        if out.dtype == "V2":
            out = out.view(_dt.bfloat16)
        try:
            out = asarray(out)
        except (TypeError, AssertionError, ValueError):
            pass
    return out


@jit_library
def _select(condlist, choicelist, default):
    # The default goes first, under a condition that never holds: argmax of
    # all-false conditions is 0.
    choices = _promote_no_broadcast("select", default, *choicelist)
    conds = stack(broadcast_arrays(False, *condlist))
    idx = argmax(astype(conds, bool), axis=0)
    return _lax.select_n(*broadcast_arrays(idx, *choices))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist "
                         f"({len(condlist)} vs {len(choicelist)})")
    if len(condlist) == 0:
        raise ValueError("condlist must be non-empty")
    _check_arraylike("select", *condlist, *choicelist, default)
    return _select([manipulation.asarray(c) for c in condlist],
                   [manipulation.asarray(c) for c in choicelist], manipulation.asarray(default))


def repeat(a, repeats, axis=None, *, total_repeat_length=None):
    if isinstance(repeats, (int, np.integer)):
        _check_arraylike("repeat", a)
    else:
        _check_arraylike("repeat", a, repeats)
    a = manipulation.asarray(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    axis = operator.index(axis)
    concrete = not isinstance(repeats, Tracer)
    if total_repeat_length is None:
        if not concrete:
            raise ConcretizationTypeError(
                repeats, "When jit-compiling jnp.repeat, the total number of "
                "repeats must be static. To fix this, either specify a static "
                "value for `repeats`, or pass a static value to "
                "`total_repeat_length`.\n")
        host = np.asarray(repeats)
        if host.ndim == 0 and ndim(a) != 0:
            axis = canonicalize_axis(axis, ndim(a))
            s = list(shape(a))
            aux = s[:axis + 1] + [builtins.int(host)] + s[axis + 1:]
            out = lax.broadcast_in_dim(
                a, aux, [i for i in range(len(aux)) if i != axis + 1])
            s[axis] *= builtins.int(host)
            return lax.reshape(out, s)
        host = np.ravel(host)
        if ndim(a) != 0:
            host = np.broadcast_to(host, [shape(a)[canonicalize_axis(axis, ndim(a))]])
        total_repeat_length = builtins.int(np.sum(host))
        reps = host
    else:
        total_repeat_length = operator.index(total_repeat_length)
        reps = ravel(manipulation.asarray(repeats)) if not concrete else np.ravel(
            np.asarray(repeats))
        if ndim(a) != 0:
            n = shape(a)[canonicalize_axis(axis, ndim(a))]
            reps = (np.broadcast_to(reps, [n]) if concrete
                    else broadcast_to(reps, [n]))
    if ndim(a) == 0:
        if np.shape(reps) == (1,):
            return creation.full([total_repeat_length], a)
        raise ValueError("`repeat` with a scalar parameter `a` is only "
                         "implemented for scalar values of the parameter "
                         "`repeats`.")
    axis = canonicalize_axis(axis, ndim(a))
    if total_repeat_length == 0:
        s = list(shape(a))
        s[axis] = 0
        return _const(np.zeros(s), abstractify(a).dtype)
    if shape(a)[axis] == 0:
        return a
    if concrete:
        # Output position p takes the input element whose block starts at or
        # before p (the last such one); JAX's scatter-and-cumsum formulation.
        starts = np.concatenate([[0], np.cumsum(reps)[:-1]])
        idx = np.searchsorted(starts, np.arange(total_repeat_length),
                              side="right") - 1
        return sorting.take(a, _const(idx.astype(np.int32), _dt.int32),
                             axis=axis)
    reps = astype(reps, _dt.int32)
    n = shape(reps)[0]
    starts = lax.concatenate(
        [_const(np.zeros(1), _dt.int32),
         _slice_in_dim(lax.cumsum(reps, 0), 0, n - 1, 0)], 0)
    p = lax.iota(_dt.int32, total_repeat_length)
    le = lax.le(lax.broadcast_in_dim(starts, (total_repeat_length, n), (1,)),
                lax.broadcast_in_dim(p, (total_repeat_length, n), (0,)))
    idx = lax.sub(lax.reduce_sum(astype(le, _dt.int32), (1,)),
                  _filled(p, 1))
    return sorting.take(a, idx, axis=axis)


def _pairs(nvals, nd, name):
    """pad_width (or similar) as ((before, after),) * nd, as JAX's
    _broadcast_to_pairs."""
    def concrete(x):
        if isinstance(x, Tracer):
            raise ConcretizationTypeError(x, f"{name} argument of jnp.pad\n")
        return np.asarray(x) if _is_array(x) else x

    if isinstance(nvals, (list, tuple)):
        nvals = [[concrete(v) for v in x] if isinstance(x, (list, tuple))
                 else concrete(x) for x in nvals]
    else:
        nvals = concrete(nvals)
    try:
        nvals = np.asarray(nvals)
    except ValueError as e:
        raise TypeError(f"`{name}` entries must be the same shape: "
                        f"{nvals}") from e
    if nvals.dtype == object:
        raise TypeError(f"`{name}` entries must be the same shape: {nvals}")
    if nvals.shape == (nd, 2):
        return tuple((nvals[i, 0], nvals[i, 1]) for i in range(nd))
    if nvals.shape == (1, 2):
        return ((nvals[0, 0], nvals[0, 1]),) * nd
    if nvals.shape == (2,):
        return ((nvals[0], nvals[1]),) * nd
    if nvals.shape == (1,):
        return ((nvals[0], nvals[0]),) * nd
    if nvals.shape == ():
        return ((nvals[()], nvals[()]),) * nd
    raise ValueError(f"jnp.pad: {name} with nd={nd} has unsupported shape "
                     f"{nvals.shape}. Valid shapes are ({nd}, 2), (1, 2), "
                     f"(2,), (1,), or ().")


def _check_no_padding(p, mode):
    if p[0] > 0 or p[1] > 0:
        raise ValueError(f"Cannot apply '{mode}' padding to empty axis")


def _pad_const(x, pad_width, constant_values):
    nd = ndim(x)
    a = abstractify(x)
    cv = manipulation.asarray(constant_values)
    if abstractify(cv).dtype != a.dtype:
        cv = astype(cv, a.dtype)
    cv = _keep_weak(cv, a.weak_type)
    cva = abstractify(cv)
    if cva.ndim == 0:
        return lax.pad(x, cv, [(lo, hi, 0) for lo, hi in pad_width])
    if cva.ndim == 1:
        if cva.shape[-1] == 1:
            return lax.pad(x, lax.reshape(cv, ()),
                           [(lo, hi, 0) for lo, hi in pad_width])
        elif cva.shape[-1] != 2:
            raise ValueError(f"jnp.pad: constant_values has unsupported shape "
                             f"{cva.shape}. If the shape is 1D or 2D, the last "
                             f"dimension must be of size 1 or 2.")
    cv = broadcast_to(cv, (nd, 2))
    for i in range(nd):
        for side in (0, 1):
            if pad_width[i][side] != 0:
                widths = [(0, 0, 0)] * nd
                widths[i] = ((pad_width[i][0], 0, 0) if side == 0
                             else (0, pad_width[i][1], 0))
                val = lax.reshape(slicing.slice(cv, (i, side), (i + 1, side + 1)), ())
                x = lax.pad(x, val, widths)
    return x


def _pad_wrap(x, pad_width):
    for i in range(ndim(x)):
        size = shape(x)[i]
        if size == 0:
            _check_no_padding(pad_width[i], "wrap")
            continue
        left_rep, left_rem = divmod(pad_width[i][0], size)
        right_rep, right_rem = divmod(pad_width[i][1], size)
        parts = []
        if left_rem > 0:
            parts.append(_slice_in_dim(x, size - left_rem, size, i))
        parts += [x] * (left_rep + right_rep + 1)
        if right_rem > 0:
            parts.append(_slice_in_dim(x, 0, right_rem, i))
        x = lax.concatenate(parts, i)
    return x


def _pad_symmetric_or_reflect(x, pad_width, mode, reflect_type):
    for i in range(ndim(x)):
        size = shape(x)[i]
        if size == 0:
            _check_no_padding(pad_width[i], mode)
            continue
        if pad_width[i][0] == 0 and pad_width[i][1] == 0:
            continue
        offset = 1 if (mode == "reflect" and size > 1) else 0
        for before in (True, False):
            padding = pad_width[i][0] if before else pad_width[i][1]
            n = shape(x)[i]
            edge = (_slice_in_dim(x, 0, 1, i) if before
                    else _slice_in_dim(x, n - 1, n, i))
            while padding > 0:
                n = shape(x)[i]
                cur = builtins.min(padding, size - offset)
                padding -= cur
                if before:
                    start, stop = offset, offset + cur
                else:
                    start = n - (cur + offset)
                    stop = n if (mode == "symmetric" or size == 1) else n - 1
                part = lax.rev(_slice_in_dim(x, start, stop, i), (i,))
                if reflect_type == "odd":
                    part = lax.sub(broadcast_to(lax.add(edge, edge),
                                                shape(part)), part)
                    if size > 1:
                        m = shape(part)[i]
                        edge = (_slice_in_dim(part, 0, 1, i) if before
                                else _slice_in_dim(part, m - 1, m, i))
                x = (lax.concatenate([part, x], i) if before
                     else lax.concatenate([x, part], i))
    return x


def _pad_edge(x, pad_width):
    for i in range(ndim(x)):
        n = shape(x)[i]
        if n == 0:
            _check_no_padding(pad_width[i], "edge")
            continue
        before, after = pad_width[i]
        parts = []
        if before:
            parts.append(repeat(_slice_in_dim(x, 0, 1, i), before, axis=i))
        parts.append(x)
        if after:
            parts.append(repeat(_slice_in_dim(x, n - 1, n, i), after, axis=i))
        x = lax.concatenate(parts, i)
    return x


def _pad_stats(x, pad_width, stat_length, func):
    for i in range(ndim(x)):
        n = shape(x)[i]
        if stat_length is None:
            stat_b = stat_a = func(x, axis=i, keepdims=True)
        else:
            lb, la = (builtins.int(v) for v in stat_length[i])
            if lb == 0 or la == 0:
                raise ValueError("stat_length of 0 yields no value for padding")
            lb, la = builtins.min(lb, n), builtins.min(la, n)
            stat_b = func(_slice_in_dim(x, 0, lb, i), axis=i, keepdims=True)
            stat_a = func(_slice_in_dim(x, n - la, n, i), axis=i, keepdims=True)
        a = abstractify(x)
        if _dt.is_int(a.dtype) and _dt.is_inexact(abstractify(stat_b).dtype):
            stat_b = lax.round(stat_b, lax.RoundingMethod.TO_NEAREST_EVEN)
            stat_a = lax.round(stat_a, lax.RoundingMethod.TO_NEAREST_EVEN)
        stat_b = _keep_weak(astype(stat_b, a.dtype), a.weak_type)
        stat_a = _keep_weak(astype(stat_a, a.dtype), a.weak_type)
        x = lax.concatenate([repeat(stat_b, pad_width[i][0], axis=i), x,
                             repeat(stat_a, pad_width[i][1], axis=i)], i)
    return x


def _pad_linear_ramp(x, pad_width, end_values):
    for i in range(ndim(x)):
        a = abstractify(x)
        n = shape(x)[i]
        ramps = []
        for side in (0, 1):
            edge = (_slice_in_dim(x, 0, 1, i) if side == 0
                    else _slice_in_dim(x, n - 1, n, i))
            ramp = creation.linspace(
                end_values[i][side], squeeze(edge, i), pad_width[i][side],
                endpoint=False, dtype=a.dtype, axis=i)
            ramp = _keep_weak(ramp, a.weak_type)
            ramps.append(ramp if side == 0 else lax.rev(ramp, (i,)))
        x = lax.concatenate([ramps[0], x, ramps[1]], i)
    return x


def pad(array, pad_width, mode="constant", **kwargs):
    _check_arraylike("pad", array)
    x = manipulation.asarray(array)
    nd = ndim(x)
    pad_width = _pairs(pad_width, nd, "pad_width")
    for p in pad_width:
        for v in p:
            if not np.issubdtype(np.asarray(v).dtype, np.integer):
                raise TypeError("`pad_width` must be of integral type.")
    pad_width = tuple((builtins.int(lo), builtins.int(hi))
                      for lo, hi in pad_width)
    if callable(mode):
        raise NotImplementedError("jnp.pad with a callable mode is not "
                                  "supported by jxp.")
    allowed = {
        'empty': [], 'edge': [], 'wrap': [],
        'constant': ['constant_values'], 'linear_ramp': ['end_values'],
        'maximum': ['stat_length'], 'mean': ['stat_length'],
        'median': ['stat_length'], 'minimum': ['stat_length'],
        'reflect': ['reflect_type'], 'symmetric': ['reflect_type'],
    }
    if mode not in allowed:
        raise NotImplementedError(f"Unimplemented padding mode '{mode}' for "
                                  f"np.pad.")
    unsupported = set(kwargs) - set(allowed[mode])
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': "
                         f"{unsupported}")
    if nd == 0:
        return x
    if builtins.any(v < 0 for p in pad_width for v in p):
        raise ValueError("index can't contain negative values")
    if mode == "constant":
        return _pad_const(x, pad_width,
                             manipulation.asarray(kwargs.get("constant_values", 0)))
    if mode == "wrap":
        return _pad_wrap(x, pad_width)
    if mode in ("symmetric", "reflect"):
        rt = kwargs.get("reflect_type", "even")
        if rt not in ("even", "odd"):
            raise ValueError(f"reflect_type must be 'even' or 'odd', got {rt}")
        return _pad_symmetric_or_reflect(x, pad_width, mode, rt)
    if mode == "edge":
        return _pad_edge(x, pad_width)
    if mode == "empty":
        return _pad_const(x, pad_width, np.zeros((), abstractify(x).dtype))
    if mode == "linear_ramp":
        ev = _pairs(kwargs.get("end_values", 0), nd, "end_values")
        return _pad_linear_ramp(x, pad_width, ev)
    funcs = {"maximum": reductions.amax, "minimum": reductions.amin,
             "mean": reductions.mean, "median": reductions.median}
    sl = kwargs.get("stat_length")
    if sl is not None:
        sl = _pairs(sl, nd, "stat_length")
    return _pad_stats(x, pad_width, sl, funcs[mode])


# NumPy's constants, as jnp gives them.
pi, e, inf, nan, euler_gamma = np.pi, np.e, np.inf, np.nan, np.euler_gamma
newaxis = None
