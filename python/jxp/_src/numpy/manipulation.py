"""Shape manipulation: reshape, transposes, joins, splits, flips, rolls,
tiling and broadcasting (pad and repeat, which need creation and sorting,
are in lax_numpy.py)."""

import builtins
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.core import abstractify, current_frame, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax, slicing
from jxp._src.numpy import util
from jxp._src.numpy.ufuncs import remainder
from jxp._src.numpy.util import (
    _check_arraylike, _constant, _expand, _is_array, _keep_weak,
    _promote_no_broadcast, astype, broadcast_to, ndim, shape)
from jxp._src.util import canonicalize_axis


__all__ = [
    'reshape', 'ravel', 'transpose', 'swapaxes', 'moveaxis', 'expand_dims',
    'squeeze', 'flip', 'fliplr', 'flipud', 'roll', 'tile',
    'broadcast_arrays', 'broadcast_shapes', 'concatenate', 'stack',
    'hstack', 'vstack', 'dstack', 'column_stack', 'split', 'array_split',
    'atleast_1d', 'atleast_2d', 'atleast_3d']


# --- helpers shared with the other modules ------------------------------------


def _const(value, dtype, weak_type=False):
    """_constant, but bool arrays go through uint8 (jxp's core cannot embed
    multi-element bool constants in traced programs)."""
    dtype = np.dtype(dtype)
    if dtype == _dt.bool_ and np.size(value) > 1:
        c = _constant(np.asarray(value).astype(np.uint8), _dt.uint8)
        return _keep_weak(lax.convert_element_type(c, _dt.bool_), weak_type)
    return _constant(value, dtype, weak_type)


def _host_bool_constant(a, dtype):
    """Under jit, a host bool array (or a host array asked for as bool) as a
    constant built through _const; None for anything else."""
    if current_frame() is None or _is_array(a) or isinstance(
            a, (bool, int, float, complex, np.generic)):
        return None
    try:
        host = np.asarray(a)
    except Exception:
        return None
    if host.dtype == object or host.size <= 1:
        return None
    target = host.dtype if dtype is None else np.dtype(dtype)
    if target != _dt.bool_:
        return None
    return _const(host.astype(bool), _dt.bool_)


def asarray(a, dtype=None):
    c = _host_bool_constant(a, dtype)
    return c if c is not None else util.asarray(a, dtype=dtype)


def array(a, dtype=None, copy=True, ndmin=0):
    c = _host_bool_constant(a, dtype)
    if c is None:
        return util.array(a, dtype=dtype, copy=copy, ndmin=ndmin)
    s = shape(c)
    return lax.reshape(c, (1,) * (ndmin - len(s)) + s) if ndmin > len(s) else c


def _index_tuple(x):
    """An int or a sequence of ints as a tuple of ints."""
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, "expected a static index or sequence "
                                         "of indices.\n")
    try:
        return (operator.index(x),)
    except TypeError:
        return tuple(operator.index(i) for i in x)


def _canon_axes(axis, n, allow_duplicate=False):
    """A reduction's `axis` argument (None, an int or a sequence) as a tuple
    of non-negative axes."""
    if axis is None:
        return tuple(range(n))
    if isinstance(axis, Tracer):
        raise ConcretizationTypeError(axis, "The axis argument must be known "
                                            "statically.\n")
    axes = tuple(canonicalize_axis(a, n) for a in _index_tuple(axis))
    if not allow_duplicate and len(set(axes)) != len(axes):
        raise ValueError(f"duplicate value in 'axis': {axis}")
    return axes


def _arraylike(name, *args):
    """args as jxp arrays; lists and tuples are refused, as in JAX."""
    _check_arraylike(name, *args)
    out = [asarray(a) for a in args]
    return out[0] if len(out) == 1 else out


def _slice_in_dim(x, start, stop, axis):
    s = shape(x)
    starts = [0] * len(s)
    limits = list(s)
    starts[axis], limits[axis] = start, stop
    return slicing.slice(x, starts, limits)


# --- reshaping ---------------------------------------------------------------


def _compute_newshape(a, newshape):
    orig = newshape
    try:
        newshape = [operator.index(newshape)]
    except TypeError:
        try:
            newshape = [operator.index(d) for d in newshape]
        except TypeError as err:
            raise TypeError(f"Shapes must be 1D sequences of concrete values "
                            f"of integer type, got {orig}. ({err})") from None
    size = abstractify(a).size
    neg = [i for i, d in enumerate(newshape) if d == -1]
    if len(neg) > 1:
        raise TypeError(f"can only specify one unknown axis size with a `-1` "
                        f"value, got {orig}")
    if neg:
        others = int(np.prod([d for d in newshape if d != -1], dtype=np.int64))
        if others == 0 or size % others:
            raise TypeError(f"cannot reshape array of shape {shape(a)} (size "
                            f"{size}) into shape {orig} because the product "
                            f"of specified axis sizes ({others}) does not "
                            f"evenly divide {size}")
        newshape[neg[0]] = size // others
    elif size != int(np.prod(newshape, dtype=np.int64)) or builtins.any(
            d < 0 for d in newshape):
        raise TypeError(f"cannot reshape array of shape {shape(a)} (size "
                        f"{size}) into shape {orig} (size "
                        f"{int(np.prod(newshape, dtype=np.int64))})")
    return tuple(newshape)


def _reshape(a, newshape, order="C"):
    newshape = _compute_newshape(a, newshape)
    if order == "C":
        return lax.reshape(a, newshape)
    if order == "F":
        n = ndim(a)
        out = lax.reshape(lax.transpose(a, tuple(range(n))[::-1]),
                          newshape[::-1])
        return lax.transpose(out, tuple(range(len(newshape)))[::-1])
    if order == "A":
        raise NotImplementedError("np.reshape order=A is not implemented.")
    raise ValueError(f"Unexpected value for 'order' argument: {order}.")


def reshape(a, shape, order="C", *, copy=None):
    a = _arraylike("reshape", a)
    return _reshape(a, shape, order)


def ravel(a, order="C"):
    a = _arraylike("ravel", a)
    if order == "K":
        raise NotImplementedError("Ravel not implemented for order='K'.")
    return _reshape(a, (abstractify(a).size,), order)


def transpose(a, axes=None):
    a = _arraylike("transpose", a)
    n = ndim(a)
    axes = tuple(range(n))[::-1] if axes is None else axes
    return lax.transpose(a, [canonicalize_axis(i, n) for i in axes])


def swapaxes(a, axis1, axis2):
    a = _arraylike("swapaxes", a)
    perm = np.arange(ndim(a))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return lax.transpose(a, list(perm))


def moveaxis(a, source, destination):
    a = _arraylike("moveaxis", a)
    n = ndim(a)
    source = tuple(canonicalize_axis(i, n) for i in _index_tuple(source))
    destination = tuple(canonicalize_axis(i, n) for i in _index_tuple(destination))
    if len(source) != len(destination):
        raise ValueError(f"Inconsistent number of elements: {len(source)} vs "
                         f"{len(destination)}")
    perm = [i for i in range(n) if i not in source]
    for dest, src in sorted(zip(destination, source)):
        perm.insert(dest, src)
    return lax.transpose(a, perm)


def expand_dims(a, axis):
    a = _arraylike("expand_dims", a)
    axis = _index_tuple(axis)
    n_out = ndim(a) + len(axis)
    dims = [canonicalize_axis(i, n_out) for i in axis]
    if len(set(dims)) != len(dims):
        raise ValueError(f"repeated axis in lax.expand_dims: {dims}")
    return _expand(a, dims)


def squeeze(a, axis=None):
    a = _arraylike("squeeze", a)
    s = shape(a)
    if axis is None:
        axes = [i for i, d in enumerate(s) if d == 1]
    else:
        axes = [canonicalize_axis(x, len(s)) for x in _index_tuple(axis)]
        for x in axes:
            if s[x] != 1:
                raise ValueError(f"cannot select an axis to squeeze out which "
                                 f"has size not equal to one, got shape={s} "
                                 f"and dimensions={tuple(axes)}")
    return lax.reshape(a, [d for i, d in enumerate(s) if i not in axes])


def flip(m, axis=None):
    m = _arraylike("flip", m)
    n = ndim(m)
    if axis is None:
        return lax.rev(m, range(n))
    axes = [canonicalize_axis(i, n) for i in _index_tuple(axis)]
    return lax.rev(m, axes)


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = _arraylike("roll", a)
    if axis is None:
        return lax.reshape(roll(ravel(a), shift, 0), shape(a))
    n = ndim(a)
    axis = tuple(canonicalize_axis(ax, n) for ax in _index_tuple(axis))
    try:
        shift = _index_tuple(shift)
    except TypeError:
        return _roll_dynamic(a, asarray(shift), axis)
    for ax, s in zip(*np.broadcast_arrays(np.asarray(axis), np.asarray(shift))):
        size = shape(a)[ax]
        if size == 0:
            continue
        i = builtins.int(-s) % size
        a = lax.concatenate([_slice_in_dim(a, i, size, ax),
                             _slice_in_dim(a, 0, i, ax)], ax)
    return a


def _roll_dynamic(a, shift, axis):
    sa = abstractify(shift)
    if not _dt.is_int(sa.dtype) and sa.dtype != _dt.bool_:
        raise TypeError(f"roll shift must be an integer, got {sa.dtype}")
    shifts = broadcast_to(shift, np.broadcast_shapes(sa.shape, (len(axis),)))
    axes = np.broadcast_to(np.asarray(axis), abstractify(shifts).shape)
    for k, ax in enumerate(axes):
        size = shape(a)[ax]
        if size == 0:
            continue
        s = shifts if abstractify(shifts).ndim == 0 else lax.reshape(
            slicing.slice(shifts, [k], [k + 1]), ())
        s = astype(s, _dt.default_int())
        start = remainder(lax.neg(s), size)
        doubled = lax.concatenate([a, a], ax)
        starts = [0] * ndim(a)
        starts[ax] = start
        a = slicing.dynamic_slice(doubled, starts, shape(a))
    return a


def tile(A, reps):
    A = _arraylike("tile", A)
    try:
        reps = tuple(iter(reps))
    except TypeError:
        reps = (reps,)
    reps = tuple(operator.index(r) for r in reps)
    reps = (1,) * (ndim(A) - len(reps)) + reps
    if len(reps) > ndim(A):
        A = lax.reshape(A, (1,) * (len(reps) - ndim(A)) + shape(A))
    s = shape(A)
    # Broadcast to (r0, d0, r1, d1, ...) and merge the pairs.
    big = []
    for r, d in zip(reps, s):
        big += [r, d]
    out = lax.broadcast_in_dim(A, big, tuple(range(1, 2 * len(s), 2)))
    return lax.reshape(out, [r * d for r, d in zip(reps, s)])


# --- broadcasting --------------------------------------------------------------


def broadcast_shapes(*shapes):
    if not shapes:
        return ()
    shapes = [(s,) if isinstance(s, (int, np.integer)) else tuple(s)
              for s in shapes]
    try:
        return tuple(builtins.int(d) for d in np.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                         f"{list(shapes)}") from None


def broadcast_arrays(*args):
    _check_arraylike("broadcast_arrays", *args)
    args = [asarray(a) for a in args]
    if not args:
        return []
    s = broadcast_shapes(*[shape(a) for a in args])
    return [broadcast_to(a, s) for a in args]


# --- joining -------------------------------------------------------------------


def _as_list(arrays, name):
    if _is_array(arrays) or isinstance(arrays, np.ndarray):
        arrays = asarray(arrays)
        if ndim(arrays) == 0:
            raise TypeError(f"{name}: iteration over a 0-d array")
        return [lax.reshape(slicing.slice(arrays, (i,) + (0,) * (ndim(arrays) - 1),
                                      (i + 1,) + shape(arrays)[1:]),
                            shape(arrays)[1:])
                for i in range(shape(arrays)[0])]
    arrays = list(arrays)
    _check_arraylike(name, *arrays)
    return arrays


def _promote_list(arrays, dtype):
    if dtype is not None:
        return [asarray(a, dtype=dtype) for a in arrays]
    if len(arrays) == 1:
        return [asarray(arrays[0])]
    return _promote_no_broadcast("concatenate", *arrays)


def concatenate(arrays, axis=0, dtype=None):
    arrays = _as_list(arrays, "concatenate")
    if not arrays:
        raise ValueError("Need at least one array to concatenate.")
    if axis is None:
        return concatenate([ravel(asarray(a)) for a in arrays], 0, dtype)
    if ndim(arrays[0]) == 0:
        raise ValueError("Zero-dimensional arrays cannot be concatenated.")
    axis = canonicalize_axis(axis, ndim(arrays[0]))
    arrays = [asarray(a) for a in _promote_list(arrays, dtype)]
    return lax.concatenate(arrays, axis)


def stack(arrays, axis=0, out=None, dtype=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.stack is not "
                                  "supported.")
    arrays = _as_list(arrays, "stack")
    if not arrays:
        raise ValueError("Need at least one array to stack.")
    arrays = [asarray(a) for a in _promote_list(arrays, dtype)]
    shapes = {shape(a) for a in arrays}
    if len(shapes) != 1:
        raise ValueError("All input arrays must have the same shape.")
    axis = canonicalize_axis(axis, ndim(arrays[0]) + 1)
    return lax.concatenate([_expand(a, [axis]) for a in arrays], axis)


def vstack(tup, dtype=None):
    arrs = [atleast_2d(m) for m in _as_list(tup, "vstack")]
    return concatenate(arrs, axis=0, dtype=dtype)


def hstack(tup, dtype=None):
    arrs = [atleast_1d(m) for m in _as_list(tup, "hstack")]
    if not arrs:
        raise ValueError("Need at least one array to concatenate.")
    return concatenate(arrs, axis=0 if ndim(arrs[0]) == 1 else 1, dtype=dtype)


def dstack(tup, dtype=None):
    arrs = [atleast_3d(m) for m in _as_list(tup, "dstack")]
    return concatenate(arrs, axis=2, dtype=dtype)


def column_stack(tup):
    arrs = [asarray(a) for a in _as_list(tup, "column_stack")]
    arrs = [transpose(atleast_2d(a)) if ndim(a) < 2 else a for a in arrs]
    return concatenate(arrs, axis=1)


def atleast_1d(*arys):
    _check_arraylike("atleast_1d", *arys)
    out = [array(a, copy=False, ndmin=1) for a in arys]
    return out[0] if len(arys) == 1 else out


def atleast_2d(*arys):
    _check_arraylike("atleast_2d", *arys)
    out = [array(a, copy=False, ndmin=2) for a in arys]
    return out[0] if len(arys) == 1 else out


def atleast_3d(*arys):
    _check_arraylike("atleast_3d", *arys)
    out = []
    for a in arys:
        a = asarray(a)
        dims = {0: (0, 1, 2), 1: (0, 2), 2: (2,)}.get(ndim(a), ())
        out.append(_expand(a, dims) if dims else a)
    return out[0] if len(arys) == 1 else out


# --- splitting -----------------------------------------------------------------


def _split(op, ary, indices_or_sections, axis):
    ary = _arraylike(op, ary)
    if isinstance(axis, Tracer):
        raise ConcretizationTypeError(axis, f"in jax.numpy.{op} argument "
                                            f"`axis`\n")
    axis = operator.index(axis)
    size = shape(ary)[axis]
    axis = canonicalize_axis(axis, ndim(ary))
    if isinstance(indices_or_sections, (tuple, list)) or (
            (_is_array(indices_or_sections)
             or isinstance(indices_or_sections, np.ndarray))
            and np.ndim(indices_or_sections) > 0):
        if isinstance(indices_or_sections, Tracer):
            raise ConcretizationTypeError(
                indices_or_sections, f"in jax.numpy.{op} argument 1\n")
        points = [0] + [operator.index(i) for i in indices_or_sections] + [size]
        sizes = list(np.diff(points))
    else:
        if isinstance(indices_or_sections, Tracer):
            raise ConcretizationTypeError(
                indices_or_sections, f"in jax.numpy.{op} argument 1\n")
        num = builtins.int(indices_or_sections)
        part, r = divmod(size, num)
        if r == 0:
            sizes = [part] * num
        elif op == "array_split":
            sizes = [part + 1] * r + [part] * (num - r)
        else:
            raise ValueError(f"array split does not result in an equal "
                             f"division: rest is {r}")
    if builtins.any(s < 0 for s in sizes):
        raise ValueError(f"Sizes passed to split must be nonnegative, got "
                         f"{sizes}")
    ends = np.cumsum(sizes, dtype=np.int64)
    bounds = [(builtins.int(e - s), builtins.int(e))
              for s, e in zip(sizes, ends)]
    return [_slice_in_dim(ary, lo, hi, axis) for lo, hi in bounds]


def split(ary, indices_or_sections, axis=0):
    return _split("split", ary, indices_or_sections, axis)


def array_split(ary, indices_or_sections, axis=0):
    return _split("array_split", ary, indices_or_sections, axis)


# --- padding -------------------------------------------------------------------


# Modules that build on this one and that a few functions above call back
# (full, linspace, take, the pad statistics): imported last, when every
# name above exists, to close the cycle.
