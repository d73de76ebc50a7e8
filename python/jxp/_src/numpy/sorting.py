"""Sorting and searching: sort, argsort, lexsort, partition, argpartition,
take, take_along_axis, nonzero and where, unique, searchsorted; closeness
tests (isclose, allclose, array_equal)."""

import builtins
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.core import abstractify, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import lax as _lax, scalar_casting as lax, slicing
from jxp._src.numpy import ufuncs
from jxp._src.numpy.manipulation import (
    _const as _constant, _slice_in_dim, asarray, atleast_1d,
    moveaxis, ravel, swapaxes, transpose, vstack)
from jxp._src.numpy.reductions import all as _all, sum as _sum
from jxp._src.numpy.ufuncs import where as _where
from jxp._src.numpy.util import (
    _check_arraylike, _expand, _filled, _keep_weak, _promote,
    _promote_no_broadcast, astype, broadcast_to, ndim, shape)
from jxp._src.util import canonicalize_axis


__all__ = [
    'sort', 'argsort', 'lexsort', 'take', 'take_along_axis', 'nonzero',
    'flatnonzero', 'argwhere', 'where', 'unique', 'searchsorted',
    'isclose', 'allclose', 'array_equal', 'array_equiv', 'partition',
    'argpartition']


def _concretization_error(x, msg):
    return ConcretizationTypeError(x, msg + "\n")


def _arr(name, *args):
    _check_arraylike(name, *args)
    out = [asarray(a) for a in args]
    return out[0] if len(out) == 1 else out


# --- sorting -----------------------------------------------------------------


def sort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    a = _arr("sort", a)
    if kind is not None:
        raise TypeError("'kind' argument to sort is not supported. Use "
                        "stable=True or stable=False to specify sort "
                        "stability.")
    if order is not None:
        raise TypeError("'order' argument to sort is not supported.")
    if axis is None:
        a, axis = ravel(a), 0
    dim = canonicalize_axis(axis, ndim(a))
    out = lax.sort(a, dim, is_stable=bool(stable))
    return lax.rev(out, (dim,)) if descending else out


def argsort(a, axis=-1, *, kind=None, order=None, stable=True,
            descending=False, dtype=None):
    a = _arr("argsort", a)
    if kind is not None:
        raise TypeError("'kind' argument to argsort is not supported. Use "
                        "stable=True or stable=False to specify sort "
                        "stability.")
    if order is not None:
        raise TypeError("'order' argument to argsort is not supported.")
    if axis is None:
        a, axis = ravel(a), 0
    dim = canonicalize_axis(axis, ndim(a))
    idx_dtype = _dt.default_int() if dtype is None else _dt.canonicalize(dtype)
    iota = lax.broadcasted_iota(idx_dtype, shape(a), dim)
    if descending and stable:
        a, iota = lax.rev(a, (dim,)), lax.rev(iota, (dim,))
    _, idx = lax.sort([a, iota], dim, is_stable=bool(stable), num_keys=1)
    return lax.rev(idx, (dim,)) if descending else idx


def lexsort(keys, axis=-1):
    if isinstance(keys, (list, tuple)):
        _check_arraylike("lexsort", *keys)
        keys = [asarray(k) for k in keys]
    else:
        keys = asarray(keys)
        keys = [lax.reshape(_slice_in_dim(keys, i, i + 1, 0), shape(keys)[1:])
                for i in range(shape(keys)[0])]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if len({shape(k) for k in keys}) > 1:
        raise ValueError("all keys need to be the same shape")
    if ndim(keys[0]) == 0:
        return _constant(0, _dt.default_int())
    dim = canonicalize_axis(axis, ndim(keys[0]))
    iota = lax.broadcasted_iota(_dt.default_int(), shape(keys[0]), dim)
    return lax.sort(list(keys[::-1]) + [iota], dim, is_stable=True,
                    num_keys=len(keys))[-1]


# --- take ----------------------------------------------------------------------


def take(a, indices, axis=None, out=None, mode=None, unique_indices=False,
         indices_are_sorted=False, fill_value=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.take is not "
                                  "supported.")
    a, indices = _arr("take", a, indices)
    if axis is None:
        a = ravel(a)
        axis = 0
    else:
        axis = canonicalize_axis(operator.index(axis), ndim(a))
    n = shape(a)[axis]
    ia = abstractify(indices)
    if ia.dtype == _dt.bool_:
        indices = astype(indices, _dt.int32)
        ia = abstractify(indices)
    elif not _dt.is_int(ia.dtype):
        raise ValueError("indices must have an integer type")
    if mode is None or mode == "fill":
        gather_mode = "fill"
        if _dt.is_int(ia.dtype) and not _dt.is_unsigned(ia.dtype):
            indices = lax.select(lax.lt(indices, _filled(indices, 0)),
                                 lax.add(indices, _filled(indices, n)), indices)
    elif mode == "raise":
        raise NotImplementedError("The 'raise' mode to jnp.take is not "
                                  "supported.")
    elif mode == "wrap":
        indices = ufuncs.remainder(indices, _filled(indices, n)) if n else indices
        gather_mode = "promise_in_bounds"
    elif mode == "clip":
        gather_mode = "clip"
    else:
        raise ValueError(f"Invalid mode '{mode}' for np.take")
    s = list(shape(a))
    index_dims = ia.ndim
    if s[axis] == 0:
        if ia.size != 0:
            raise IndexError("Cannot do a non-empty jnp.take() from an empty "
                             "axis.")
        return a
    if ia.size == 0:
        out_shape = s[:axis] + list(ia.shape) + s[axis + 1:]
        av = abstractify(a)
        return _keep_weak(_constant(np.zeros(out_shape), av.dtype),
                          av.weak_type)
    slice_sizes = list(s)
    slice_sizes[axis] = 1
    dnums = slicing.GatherDimensionNumbers(
        offset_dims=tuple(list(range(axis)) + list(
            range(axis + index_dims, len(s) + index_dims - 1))),
        collapsed_slice_dims=(axis,), start_index_map=(axis,))
    return slicing.gather(a, _expand(indices, [index_dims]), dnums, slice_sizes,
                      mode=gather_mode, fill_value=fill_value,
                      indices_are_sorted=indices_are_sorted,
                      unique_indices=unique_indices)


def take_along_axis(arr, indices, axis=-1, mode=None, fill_value=None):
    a, indices = _arr("take_along_axis", arr, indices)
    ia = abstractify(indices)
    if not _dt.is_int(ia.dtype):
        raise TypeError(f"take_along_axis indices must be of integer type, "
                        f"got {ia.dtype}")
    if axis is None:
        if ia.ndim != 1:
            raise ValueError(f"take_along_axis indices must be 1D if "
                             f"axis=None, got shape {ia.shape}")
        a = ravel(a)
        axis = 0
    rank = ndim(a)
    if rank != ia.ndim:
        raise ValueError(f"indices and arr must have the same number of "
                         f"dimensions; {ia.ndim} vs. {rank}")
    axis = canonicalize_axis(axis, rank)
    arr_shape = list(shape(a))
    axis_size = arr_shape[axis]
    arr_shape[axis] = 1
    try:
        out_shape = tuple(np.broadcast_shapes(ia.shape, tuple(arr_shape)))
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: "
                         f"{ia.shape} and {tuple(arr_shape)}") from None
    av = abstractify(a)
    if axis_size == 0:
        return _constant(np.zeros(out_shape), av.dtype)
    if int(np.prod(out_shape)) == 0:
        return _keep_weak(_constant(np.zeros(out_shape), av.dtype),
                          av.weak_type)
    unsigned = _dt.is_unsigned(ia.dtype)
    idx = astype(indices, _dt.int32) if ia.dtype != _dt.int32 else indices
    idx = _keep_weak(idx, False)
    if not unsigned and mode != "promise_in_bounds":
        idx = lax.select(lax.lt(idx, _filled(idx, 0)),
                         lax.add(idx, _filled(idx, axis_size)), idx)
    idx = broadcast_to(idx, out_shape)
    coords = []
    for i in range(rank):
        if i == axis:
            coords.append(idx)
        elif shape(a)[i] == 1:
            coords.append(lax.broadcast_in_dim(_constant(0, _dt.int32),
                                               out_shape, ()))
        else:
            coords.append(lax.broadcasted_iota(_dt.int32, out_shape, i))
    full_idx = lax.concatenate([_expand(c, [rank]) for c in coords], rank)
    dnums = slicing.GatherDimensionNumbers(
        offset_dims=(), collapsed_slice_dims=tuple(range(rank)),
        start_index_map=tuple(range(rank)))
    return slicing.gather(a, full_idx, dnums, (1,) * rank,
                      mode="fill" if mode is None else mode,
                      fill_value=fill_value)


# --- nonzero and friends ------------------------------------------------------


def _flat_true_positions(mask, size):
    """The flat indices of the first `size` True entries of a 1-D bool mask
    (0 past the last one), and the number of True entries."""
    n = shape(mask)[0]
    key = astype(lax.bitwise_not(mask), _dt.int32)
    iota = lax.iota(_dt.int32, n)
    _, perm = lax.sort([key, iota], 0, is_stable=True, num_keys=1)
    if size <= n:
        perm = slicing.slice(perm, (0,), (size,))
    else:
        perm = lax.pad(perm, np.int32(0), [(0, size - n, 0)])
    count = lax.reduce_sum(astype(mask, _dt.int32), (0,))
    valid = lax.lt(lax.iota(_dt.int32, size),
                   lax.broadcast_in_dim(count, (size,), ()))
    perm = lax.select(valid, perm, _filled(perm, 0))
    return perm, count, valid


def nonzero(a, *, size=None, fill_value=None):
    arr = _arr("nonzero", a)
    av = abstractify(arr)
    if av.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "jnp.atleast_1d(scalar).nonzero() instead.")
    di = _dt.default_int()
    if size is None:
        if isinstance(arr, Tracer):
            raise _concretization_error(
                arr, "The size argument of jnp.nonzero must be statically "
                     "specified to use jnp.nonzero within JAX "
                     "transformations.")
        host = np.asarray(arr)
        out = np.nonzero(host)
        size = len(out[0])
        if av.size == 0 or size == 0:
            return tuple(_constant(np.zeros(size), di) for _ in av.shape)
        out = tuple(_constant(o.astype(di), di) for o in out)
        return out
    if isinstance(size, Tracer):
        raise _concretization_error(
            size, "The size argument of jnp.nonzero must be statically "
                  "specified to use jnp.nonzero within JAX transformations.")
    size = operator.index(size)
    if av.size == 0 or size == 0:
        return tuple(_constant(np.zeros(size), di) for _ in av.shape)
    mask = arr if av.dtype == _dt.bool_ else lax.ne(
        arr, lax.broadcast_in_dim(_constant(0, av.dtype), av.shape, ()))
    mask = _keep_weak(lax.reshape(mask, (av.size,)), False)
    flat, count, valid = _flat_true_positions(mask, size)
    flat = astype(flat, di)
    strides = np.cumprod(av.shape[::-1])[::-1] // av.shape
    out = []
    for stride, d in zip(strides, av.shape):
        q = lax.div(flat, _filled(flat, builtins.int(stride)))
        out.append(lax.rem(q, _filled(q, d)))
    if fill_value is not None:
        fills = (fill_value if isinstance(fill_value, tuple)
                 else (fill_value,) * av.ndim)
        if builtins.any(np.shape(v) != () for v in fills):
            raise ValueError(f"fill_value must be a scalar or a tuple of "
                             f"length {av.ndim}; got {fill_value}")
        out = [ufuncs.where(valid, o, f) for o, f in zip(out, fills)]
    return tuple(out)


def flatnonzero(a, *, size=None, fill_value=None):
    a = _arr("flatnonzero", a)
    return nonzero(ravel(a), size=size, fill_value=fill_value)[0]


def argwhere(a, *, size=None, fill_value=None):
    a = _arr("argwhere", a)
    result = transpose(vstack(nonzero(atleast_1d(a), size=size,
                                      fill_value=fill_value)))
    if ndim(a) == 0:
        return lax.reshape(_slice_in_dim(result, 0, 0, 0),
                           (shape(result)[0], 0))
    return lax.reshape(result, (shape(result)[0], ndim(a)))


def where(condition, x=None, y=None, /, *, size=None, fill_value=None):
    if x is None and y is None:
        _check_arraylike("where", condition)
        return nonzero(condition, size=size, fill_value=fill_value)
    _check_arraylike("where", condition, x, y)
    for i, v in ((1, x), (2, y)):
        if v is None:
            raise TypeError(f"where requires ndarray or scalar arguments, got "
                            f"{type(v)} at position {i}.")
    if size is not None or fill_value is not None:
        raise ValueError("size and fill_value arguments cannot be used in "
                         "three-term where function.")
    if x is None or y is None:
        raise ValueError(f"Either both or neither of the x and y arguments "
                         f"should be provided to jax.numpy.where, got {x} and "
                         f"{y}.")
    # Host bool arrays through asarray: a bool constant under jit.
    condition, x, y = (asarray(v) if isinstance(v, np.ndarray) else v
                       for v in (condition, x, y))
    return ufuncs.where(condition, x, y)


# --- unique ------------------------------------------------------------------


def _take0(x, idx):
    return take(x, idx, axis=0)


def _unique_sorted_mask(ar, axis, equal_nan):
    aux = moveaxis(ar, axis, 0)
    n, *rest = shape(aux)
    m = int(np.prod(rest, dtype=np.int64))
    cols = lax.reshape(aux, (n, m))
    keys = [lax.reshape(_slice_in_dim(cols, j, j + 1, 1), (n,))
            for j in range(m)]
    iota = lax.iota(_dt.default_int(), n)
    perm = lax.sort(keys + [iota], 0, is_stable=True, num_keys=m)[-1]
    aux = _take0(aux, perm)
    if n > 1:
        x = _slice_in_dim(aux, 1, n, 0)
        y = _slice_in_dim(aux, 0, n - 1, 0)
        neq = lax.ne(x, y)
        if _dt.is_inexact(abstractify(aux).dtype) and equal_nan:
            both = lax.bitwise_and(lax.ne(x, x), lax.ne(y, y))
            neq = lax.bitwise_and(neq, lax.bitwise_not(both))
        neq = _keep_weak(neq, False)
        if len(rest):
            neq = lax.reduce_or(neq, tuple(range(1, len(rest) + 1)))
        mask = lax.concatenate([_constant(np.ones(1), _dt.bool_), neq], 0)
    else:
        mask = _constant(np.ones(n), _dt.bool_)
    return aux, mask, perm


def unique(ar, return_index=False, return_inverse=False, return_counts=False,
           axis=None, *, equal_nan=True, size=None, fill_value=None,
           sorted=True):  # noqa: A002
    arr = _arr("unique", ar)
    hint = ("When jnp.unique is used within jax.jit, the static size "
            "argument must be specified to avoid data-dependent output "
            "shapes.")
    if size is None:
        if isinstance(arr, Tracer):
            raise _concretization_error(
                arr, "The error arose for the first argument of jnp.unique(). "
                     + hint)
    else:
        if isinstance(size, Tracer):
            raise _concretization_error(
                size, "The error arose for the size argument of jnp.unique(). "
                      + hint)
        size = operator.index(size)
    arr_shape = shape(arr)
    if axis is None:
        axis_int = 0
        arr = ravel(arr)
    else:
        axis_int = canonicalize_axis(axis, ndim(arr))
    di = _dt.default_int()
    n = shape(arr)[axis_int]
    if n == 0 and size and fill_value is None:
        raise ValueError("jnp.unique: for zero-sized input with nonzero size "
                         "argument, fill_value must be specified")
    av = abstractify(arr)
    if av.size == 0:
        return _unique_empty(arr, axis_int, axis, arr_shape, return_index,
                             return_inverse, return_counts, size, fill_value)
    aux, mask, perm = _unique_sorted_mask(arr, axis_int, equal_nan)
    if size is None:
        ind_host = np.nonzero(np.asarray(mask))[0]
        ind = _constant(ind_host.astype(di), di)
        count = None
    else:
        ind = nonzero(mask, size=size)[0]
        count = lax.reduce_sum(astype(mask, _dt.int32), (0,))
    result = _take0(aux, ind)
    if size is not None and fill_value is not None:
        rd = abstractify(result)
        fill = astype(asarray(fill_value), rd.dtype)
        valid = lax.lt(lax.iota(_dt.int32, size),
                       lax.broadcast_in_dim(count, (size,), ()))
        valid = lax.broadcast_in_dim(valid, rd.shape, (0,))
        result = ufuncs.where(valid, result, fill)
    result = moveaxis(result, 0, axis_int)
    ret = (result,)
    if return_index:
        ret += (_take0(perm, ind),)
    if return_inverse:
        imask = lax.sub(lax.cumsum(astype(mask, di), 0), _filled(perm, 1))
        inv_perm = argsort(perm)
        inv = _take0(imask, inv_perm)
        if axis is None:
            inv = lax.reshape(inv, arr_shape)
        ret += (inv,)
    if return_counts:
        if size is None:
            idx = np.append(np.nonzero(np.asarray(mask))[0], n)
            ret += (_constant(np.diff(idx).astype(di), di),)
        else:
            idx = nonzero(mask, size=size + 1)[0]
            tail = _slice_in_dim(idx, 1, size + 1, 0)
            tail = lax.select(lax.ne(tail, _filled(tail, 0)), tail,
                              _filled(tail, n))
            idx = lax.concatenate([_slice_in_dim(idx, 0, 1, 0), tail], 0)
            ret += (lax.sub(tail, _slice_in_dim(idx, 0, size, 0)),)
    return ret[0] if len(ret) == 1 else ret


def _unique_empty(arr, axis_int, axis, arr_shape, return_index,
                  return_inverse, return_counts, size, fill_value):
    av = abstractify(arr)
    di = _dt.default_int()
    s = list(av.shape)
    n = s[axis_int]
    if n and size is None:
        # Non-empty axis, empty rows: one unique (empty) row.
        s[axis_int] = 1
    elif size is not None:
        s[axis_int] = size
    out_shape = s
    if size is not None and fill_value is not None:
        result = broadcast_to(astype(asarray(fill_value), av.dtype), out_shape)
    else:
        result = _keep_weak(_constant(np.zeros(out_shape), av.dtype),
                            av.weak_type)
    ret = (result,)
    if return_index:
        ret += (_constant(np.zeros(1 if n else 0), di),)
    if return_inverse:
        inv = _constant(np.zeros(n), di)
        if axis is None:
            inv = lax.reshape(inv, arr_shape)
        ret += (inv,)
    if return_counts:
        ret += (_constant(np.full(1, n), di) if n
                else _constant(np.zeros(0), di),)
    return ret[0] if len(ret) == 1 else ret


# --- searchsorted ------------------------------------------------------------


def _total_order_key(x):
    """Floats as signed integers in IEEE total order (-NaN < -inf < ... < -0.0
    < 0.0 < ... < inf < NaN), for comparisons as XLA's sort makes them."""
    dt = abstractify(x).dtype
    if not _dt.is_float(dt):
        return x
    it = {2: _dt.int16, 4: _dt.int32, 8: _dt.int64}[dt.itemsize]
    bits = lax.bitcast_convert_type(x, it)
    nbits = dt.itemsize * 8
    sign = lax.shift_right_arithmetic(bits, _filled(bits, nbits - 1))
    mag = _filled(bits, (1 << (nbits - 1)) - 1)
    return lax.bitwise_xor(bits, lax.bitwise_and(sign, mag))


def _canonical_float(x):
    """-0.0 as 0.0 and every NaN as NaN, as JAX's sort comparator sees them."""
    if not _dt.is_float(abstractify(x).dtype):
        return x
    x = lax.select(lax.eq(x, _filled(x, 0)), _filled(x, 0), x)
    return lax.select(lax.ne(x, x), _filled(x, np.nan), x)


def searchsorted(a, v, side="left", sorter=None, *, method="scan"):
    if sorter is None:
        a, v = _arr("searchsorted", a, v)
    else:
        a, v, sorter = _arr("searchsorted", a, v, sorter)
    if ndim(a) != 1:
        raise ValueError("a should be 1-dimensional")
    if side not in ("left", "right"):
        raise ValueError(f"{side!r} is an invalid value for keyword 'side'")
    if method not in ("scan", "scan_unrolled", "compare_all", "sort"):
        raise ValueError(f"Unsupported method: {method}")
    a, v = _promote_same("searchsorted", a, v)
    if sorter is not None:
        a = take(a, sorter)
    n = shape(a)[0]
    vs = shape(v)
    if n == 0:
        return _constant(np.zeros(vs), _dt.int32)
    ka, kv = (_total_order_key(_canonical_float(x)) for x in (a, v))
    ka = _keep_weak(ka, False)
    kv = _keep_weak(kv, False)
    big = vs + (n,)
    ab = lax.broadcast_in_dim(ka, big, (len(vs),))
    vb = lax.broadcast_in_dim(kv, big, tuple(range(len(vs))))
    cmp = lax.lt(ab, vb) if side == "left" else lax.le(ab, vb)
    return lax.reduce_sum(astype(cmp, _dt.int32), (len(vs),))


def _promote_same(name, *args):
    return [asarray(x) for x in _promote_no_broadcast(name, *args)]


# --- closeness ---------------------------------------------------------------


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _promote("isclose", a, b)
    dt = abstractify(a).dtype
    if not _dt.is_inexact(dt):
        weak = abstractify(a).weak_type
        dt = _dt.to_inexact_dtype(dt)
        a = _keep_weak(astype(a, dt), weak)
        b = _keep_weak(astype(b, dt), weak)
    s = abstractify(a).shape
    # Tolerances compare with |a - b|: real for complex a and b.
    tol_dt = np.finfo(dt).dtype if _dt.is_complex(dt) else dt
    rtol = broadcast_to(astype(rtol, tol_dt), s)
    atol = broadcast_to(astype(atol, tol_dt), s)
    both_nan = lax.bitwise_and(lax.ne(a, a), lax.ne(b, b))
    finite_b = (lax.is_finite(b) if _dt.is_float(dt) else lax.bitwise_and(
        lax.is_finite(lax.real(b)), lax.is_finite(lax.imag(b))))
    in_range = lax.le(lax.abs(lax.sub(a, b)),
                      lax.add(atol, lax.mul(rtol, lax.abs(b))))
    out = lax.bitwise_or(lax.eq(a, b), lax.bitwise_and(finite_b, in_range))
    if equal_nan:
        out = lax.bitwise_or(out, both_nan)
    return _keep_weak(out, False)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    _check_arraylike("allclose", a, b)
    return _all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    try:
        a1, a2 = asarray(a1), asarray(a2)
    except Exception:
        return _constant(False, _dt.bool_)
    if shape(a1) != shape(a2):
        return _constant(False, _dt.bool_)
    x, y = _promote("array_equal", a1, a2)
    eq = lax.eq(x, y)
    if equal_nan and _dt.is_inexact(abstractify(x).dtype):
        eq = lax.bitwise_or(eq, lax.bitwise_and(lax.ne(x, x), lax.ne(y, y)))
    return _all(eq)


def array_equiv(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    s1, s2 = shape(a1), shape(a2)
    try:
        np.broadcast_shapes(s1, s2)
    except ValueError:
        if len(s1) == len(s2):
            raise TypeError(f"eq got incompatible shapes for broadcasting: "
                            f"{s1}, {s2}.") from None
        return _constant(False, _dt.bool_)
    x, y = _promote("array_equiv", a1, a2)
    return _all(lax.eq(x, y))


def _partition_args(name, a, kth, axis):
    _check_arraylike("partition", a)
    a = asarray(a)
    av = abstractify(a)
    if _dt.is_complex(av.dtype):
        raise NotImplementedError(f"jnp.{name} for complex dtype is not "
                                  f"implemented.")
    axis = canonicalize_axis(axis, av.ndim)
    kth = canonicalize_axis(kth, av.shape[axis])
    return swapaxes(a, axis, -1), kth, axis


def _negated(a):
    """A key whose top_k is a's bottom_k (unsigned: -(a + 1), as JAX, so
    that 0 does not wrap to itself)."""
    if _dt.is_unsigned(abstractify(a).dtype):
        return -(a + 1)
    return -a


def partition(a, kth, axis=-1):
    a, kth, axis = _partition_args("partition", a, kth, axis)
    n = abstractify(a).shape[-1]
    bottom = -_lax.top_k(_negated(a), kth + 1)[0]
    if _dt.is_unsigned(abstractify(a).dtype):
        bottom = bottom - 1
    top = _lax.top_k(a, n - kth - 1)[0]
    out = _lax.concatenate([bottom, top], abstractify(a).ndim - 1)
    return swapaxes(out, -1, axis)


def argpartition(a, kth, axis=-1):
    a, kth, axis = _partition_args("argpartition", a, kth, axis)
    av = abstractify(a)
    n = av.shape[-1]
    bottom = _lax.top_k(_negated(a), kth + 1)[1]
    # The other indices, ascending: top_k of ones with the bottom ones
    # zeroed picks them lowest index first.
    picked = _sum(lax.eq(lax.broadcasted_iota(np.int32, av.shape + (kth + 1,),
                                              av.ndim - 1),
                         lax.broadcast_in_dim(bottom, av.shape + (kth + 1,),
                                              tuple(range(av.ndim - 1))
                                              + (av.ndim,))),
                  axis=-1, dtype=bool)
    proxy = _where(picked, 0.0, 1.0).astype(np.float32)
    top = _lax.top_k(proxy, n - kth - 1)[1]
    out = _lax.concatenate([bottom, top], av.ndim - 1)
    return swapaxes(out, -1, axis)
