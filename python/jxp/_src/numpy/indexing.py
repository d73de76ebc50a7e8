"""NumPy indexing on jxp arrays, with JAX's semantics, and `x.at[idx]`.

`x[idx]` takes the cheapest of three routes, as JAX's rewriting_take does:
static integers and slices become `slice` (+ `rev` for negative steps), a
traced scalar index `dynamic_slice`, and everything else (integer arrays,
boolean masks, `.at[].get(mode="fill")`) one `gather`. All three clamp
out-of-bounds reads (JAX's default, "promise_in_bounds", is XLA's clamping
gather). Updates (`x.at[idx].set(y)` & co) are the transposed `scatter`,
which drops out-of-bounds updates unless mode="clip".

Negative indices count from the end; boolean masks must be concrete (their
True count is a shape) and become integer indices with numpy.nonzero.
"""

import collections.abc
import enum
import warnings

import numpy as np

from jxp._src import dtypes, errors
from jxp._src.array import Array
from jxp._src.core import abstractify, is_array_like, rebind_aval, Tracer
from jxp._src.lax import scalar_casting as lax, slicing
from jxp._src.lax import primitives as _p
from jxp._src.numpy import creation, sorting, ufuncs, util




# This module is part of jxp.numpy's layer (it is numpy's indexing), imported
# by jxp/numpy/__init__.py once the modules below exist.


class _T(enum.Enum):
    NONE = "none"
    SLICE = "slice"
    ELLIPSIS = "ellipsis"
    INTEGER = "integer"
    BOOLEAN = "boolean"
    ARRAY = "array"


class _Idx:
    """One parsed index: the value, its kind, the operand axes it consumes."""

    __slots__ = ("index", "typ", "axes")

    def __init__(self, index, typ, axes):
        self.index = index
        self.typ = typ
        self.axes = tuple(axes)

    def __repr__(self):
        return f"_Idx({self.index!r}, {self.typ.name}, {self.axes})"


def _is_array(x):
    return is_array_like(x)


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------


def _sequence_to_array(seq):
    """A list (or tuple) index as an array: numpy when it holds only host
    values, else a jxp array (it holds tracers)."""
    def has_array(s):
        return any(_is_array(e) or (isinstance(e, (list, tuple)) and has_array(e))
                   for e in s)
    if has_array(seq):
        return creation.asarray(seq)
    if not seq:
        return np.zeros((0,), dtypes.int32)
    host = np.asarray(seq)
    if host.dtype == np.bool_:
        return host
    if host.dtype.kind in "iu":
        return host.astype(dtypes.canonicalize(host.dtype))
    if host.dtype in dtypes.supported:
        host = host.astype(dtypes.canonicalize(host.dtype))
    raise TypeError(f"Indexer must have integer or boolean type, got indexer "
                    f"with type {host.dtype}")


def _classify(i):
    """(value, kind) of one index of a tuple."""
    if i is None:
        return i, _T.NONE
    if i is Ellipsis:
        return i, _T.ELLIPSIS
    if isinstance(i, slice):
        return i, _T.SLICE
    if isinstance(i, (bool, np.bool_)):
        return bool(i), _T.BOOLEAN
    if isinstance(i, (int, np.integer)):
        return i, _T.INTEGER
    if isinstance(i, (Array, Tracer, np.ndarray)):
        dtype = i.dtype
        if dtype == np.bool_:
            return i, _T.BOOLEAN
        if np.issubdtype(dtype, np.integer):
            return i, _T.ARRAY
        raise TypeError(f"Indexer must have integer or boolean type, got "
                        f"indexer with type {dtype}")
    if isinstance(i, str):
        raise TypeError(f"JAX does not support string indexing; got idx={i!r}")
    if isinstance(i, collections.abc.Sequence):
        a = _sequence_to_array(i)
        return a, (_T.BOOLEAN if a.dtype == np.bool_ else _T.ARRAY)
    if isinstance(i, (float, complex, np.generic)):
        raise TypeError(f"Indexer must have integer or boolean type, got "
                        f"indexer with type {np.dtype(type(i))}")
    raise IndexError("only integers, slices (`:`), ellipsis (`...`), newaxis "
                     f"(`None`) and integer or boolean arrays are valid "
                     f"indices. Got {i}")


def _as_tuple(idx):
    """JAX rejects a non-tuple sequence as a multidimensional index."""
    if isinstance(idx, tuple):
        return idx
    if isinstance(idx, collections.abc.Sequence) and not isinstance(idx, str):
        if any((isinstance(i, (np.ndarray, Array, Tracer)) and np.ndim(i) != 0)
               or isinstance(i, (collections.abc.Sequence, slice))
               or i is Ellipsis or i is None for i in idx):
            hint = "arr[tuple(seq)]"
        else:
            hint = "arr[array(seq)]"
        raise TypeError(
            f"Using a non-tuple sequence for multidimensional indexing is not "
            f"allowed; use `{hint}` instead of `arr[seq]`. See "
            f"https://github.com/jax-ml/jax/issues/4564 for more information.")
    return (idx,)


def _parse(idx, shape):
    idx = _as_tuple(idx)
    classified = [_classify(i) for i in idx]
    consumed = []
    ellipses = []
    for k, (i, typ) in enumerate(classified):
        if typ == _T.NONE:
            consumed.append(0)
        elif typ == _T.ELLIPSIS:
            consumed.append(0)
            ellipses.append(k)
        elif typ == _T.BOOLEAN:
            consumed.append(np.ndim(i) if not _is_array(i) else i.ndim)
        else:
            consumed.append(1)
    if len(ellipses) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    total = sum(consumed)
    if total > len(shape):
        raise IndexError(f"Too many indices: array is {len(shape)}-dimensional,"
                         f" but {total} were indexed")
    if ellipses:
        consumed[ellipses[0]] = len(shape) - total
    out, dim = [], 0
    for (i, typ), n in zip(classified, consumed):
        out.append(_Idx(i, typ, range(dim, dim + n)))
        dim += n
    return out


def _expand_ellipsis(indices, ndim):
    out, used = [], 0
    for p in indices:
        used += len(p.axes)
        if p.typ == _T.ELLIPSIS:
            out.extend(_Idx(slice(None), _T.SLICE, (a,)) for a in p.axes)
        else:
            out.append(p)
    out.extend(_Idx(slice(None), _T.SLICE, (a,)) for a in range(used, ndim))
    return out


def _expand_bool(indices, shape):
    """Boolean masks as integer index arrays (numpy.nonzero); they must be
    concrete. Scalar booleans stay."""
    out = []
    for position, p in enumerate(indices):
        if p.typ != _T.BOOLEAN:
            out.append(p)
            continue
        mask = p.index
        if isinstance(mask, Tracer):
            raise errors.NonConcreteBooleanIndexError(mask)
        mask = np.asarray(mask)
        if mask.ndim == 0:
            out.append(_Idx(bool(mask), _T.BOOLEAN, ()))
            continue
        want = [shape[a] for a in p.axes]
        if not all(s in (0, w) for s, w in zip(mask.shape, want)):
            raise IndexError(f"boolean index did not match shape of indexed "
                             f"array in index {position}: got {mask.shape}, "
                             f"expected {want}")
        out.extend(_Idx(nz.astype(dtypes.default_int()), _T.ARRAY, (a,))
                   for nz, a in zip(np.nonzero(mask), p.axes))
    return out


def _static_slice_element(v):
    return v is None or isinstance(v, (int, np.integer)) or (
        isinstance(v, (Array, np.ndarray)) and np.ndim(v) == 0)


def _check_slices(indices):
    for position, p in enumerate(indices):
        if p.typ == _T.SLICE:
            s = p.index
            entries = (s.start, s.stop, s.step)
            if any(isinstance(v, Tracer) for v in entries):
                raise IndexError(f"Slice entries must be static integers. Got "
                                 f"{s} at position {position}")
            if not all(_static_slice_element(v) for v in entries):
                # A concrete entry of another type (1.5, 'a') is Python's
                # TypeError, as in JAX.
                raise TypeError(f"slice indices must be integers or None or "
                                f"have an __index__ method, got {s} at "
                                f"position {position}")


def _slice_indices(s, n):
    """start, stop, step of slice `s` on an axis of size n (Python's rules);
    an index array as a slice entry is read as an integer."""
    def entry(v):
        return None if v is None else int(np.asarray(v)) if isinstance(
            v, (Array, np.ndarray)) else int(v)
    start, stop, step = entry(s.start), entry(s.stop), entry(s.step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    return slice(start, stop, step).indices(n)


# ---------------------------------------------------------------------------
# Modes
# ---------------------------------------------------------------------------

_MODES = {"clip": "clip", "fill": "fill", "drop": "fill",
          "promise_in_bounds": "promise_in_bounds"}


def _parse_mode(mode):
    """None (JAX's default) or one of 'clip', 'fill', 'promise_in_bounds'."""
    if mode is None:
        return None
    name = getattr(mode, "name", None)
    if isinstance(name, str) and not isinstance(mode, str):
        mode = {"CLIP": "clip", "FILL_OR_DROP": "fill",
                "PROMISE_IN_BOUNDS": "promise_in_bounds"}.get(name, name)
    if mode not in _MODES:
        raise ValueError(f'Unknown gather mode "{mode}"')
    return _MODES[mode]


# ---------------------------------------------------------------------------
# Index values: numpy arrays when static, tracers otherwise
# ---------------------------------------------------------------------------


def _index_dtype(shape):
    """JAX's int_dtype_for_shape(shape, signed=True)."""
    if shape and max(shape) > np.iinfo(np.int32).max:
        return dtypes.int64
    return dtypes.int32


def _host(v):
    """A static index value as numpy; concrete Arrays are read back."""
    if isinstance(v, Array):
        return np.asarray(v)
    return v


def _convert(v, dtype):
    if isinstance(v, Tracer):
        if v.aval.dtype == dtype:
            return v
        return lax.convert_element_type(v, dtype)
    return np.asarray(v).astype(dtype)


def _normalize(v, size):
    """Negative indices count from the end (signed dtypes, the size in the
    index's dtype, wrapping as in JAX)."""
    if isinstance(v, Tracer):
        dt = v.aval.dtype
        if dtypes.is_unsigned(dt):
            return v
        zero = np.zeros((), dt)
        n = np.asarray(size).astype(dt)
        return lax.select(lax.lt(v, lax.broadcast(zero, v.aval.shape)),
                          lax.add(v, lax.broadcast(n, v.aval.shape)), v)
    v = np.asarray(v)
    if v.dtype.kind == "u":
        return v
    with np.errstate(over="ignore"):
        return np.where(v < 0, v + np.asarray(size).astype(v.dtype), v).astype(
            v.dtype)


def _shape_of(v):
    return v.aval.shape if isinstance(v, Tracer) else np.shape(v)


def _broadcast_arrays(arrs):
    shapes = [_shape_of(a) for a in arrs]
    try:
        shape = np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                         f"{[tuple(s) for s in shapes]}") from None
    return [_broadcast_to(a, shape, range(len(shape) - len(s), len(shape)))
            for a, s in zip(arrs, shapes)], shape


def _broadcast_to(v, shape, dims):
    """v broadcast into `shape`, its axes at `dims` (numpy's size-1
    stretching)."""
    dims = tuple(dims)
    vshape = _shape_of(v)
    if isinstance(v, Tracer):
        keep = [k for k, n in enumerate(vshape) if n == shape[dims[k]]]
        if len(keep) != len(vshape):
            v = lax.reshape(v, [vshape[k] for k in keep])
        return lax.broadcast_in_dim(v, shape, [dims[k] for k in keep])
    full = [1] * len(shape)
    for k, d in enumerate(dims):
        full[d] = vshape[k]
    return np.broadcast_to(np.reshape(v, full), shape)


# ---------------------------------------------------------------------------
# Route 1: static slice
# ---------------------------------------------------------------------------


def _static_route(arr, shape, indices, normalize):
    """x[idx] with only static integers, slices, None and Ellipsis; None if
    the index has anything else."""
    for p in indices:
        if p.typ not in (_T.INTEGER, _T.ELLIPSIS, _T.SLICE, _T.NONE):
            return None
        if p.typ == _T.SLICE and not all(
                _static_slice_element(v) and not isinstance(v, Tracer)
                for v in (p.index.start, p.index.stop, p.index.step)):
            return None
    starts, limits, strides, rev, squeeze, out_shape = [], [], [], [], [], []
    for p in _expand_ellipsis(indices, len(shape)):
        if p.typ == _T.NONE:
            out_shape.append(1)
            continue
        (axis,) = p.axes
        n = shape[axis]
        if p.typ == _T.INTEGER:
            if n == 0:
                raise IndexError(f"index is out of bounds for axis {axis} with "
                                 f"size 0")
            i = int(p.index)
            if normalize and i < 0:
                i += n
            i = min(max(i, 0), n - 1)
            starts.append(i)
            limits.append(i + 1)
            strides.append(1)
            squeeze.append(axis)
            continue
        start, stop, step = _slice_indices(p.index, n)
        if step < 0:
            first = min(n, stop + 1 + abs(start - stop - 1) % -step)
            starts.append(first)
            limits.append(max(first, start + 1))
            strides.append(-step)
            rev.append(axis)
        else:
            starts.append(start)
            limits.append(max(start, stop))
            strides.append(step)
        out_shape.append((limits[-1] - starts[-1] + strides[-1] - 1)
                         // strides[-1])
    y = arr
    if (starts, limits, strides) != ([0] * len(shape), list(shape),
                                     [1] * len(shape)):
        y = slicing.slice(y, starts, limits, strides)
    y = lax.rev(y, rev)
    return lax.reshape(y, out_shape)


# ---------------------------------------------------------------------------
# Route 2: dynamic slice (scalar traced indices)
# ---------------------------------------------------------------------------


def _dynamic_route(arr, shape, indices, normalize):
    for p in indices:
        if p.typ in (_T.INTEGER, _T.ELLIPSIS, _T.NONE):
            continue
        if p.typ == _T.SLICE:
            s = p.index
            if not all(_static_slice_element(v) and not isinstance(v, Tracer)
                       for v in (s.start, s.stop, s.step)):
                return None
            if s.step is not None and int(_host(s.step)) not in (1, -1):
                return None
            continue
        if p.typ == _T.ARRAY and _shape_of(p.index) == ():
            continue
        return None
    starts, sizes, rev, squeeze, out_shape = [], [], [], [], []
    dynamic = []
    for p in _expand_ellipsis(indices, len(shape)):
        if p.typ == _T.NONE:
            out_shape.append(1)
            continue
        (axis,) = p.axes
        n = shape[axis]
        if p.typ in (_T.INTEGER, _T.ARRAY):
            if n == 0:
                raise IndexError(f"index is out of bounds for axis {axis} with "
                                 f"size 0")
            v = _host(p.index)
            if not isinstance(v, Tracer):
                v = np.asarray(v, dtype=dtypes.default_int()) if isinstance(
                    v, int) else np.asarray(v)
            dynamic.append(len(starts))
            starts.append(v)
            sizes.append(1)
            squeeze.append(axis)
            continue
        start, stop, step = _slice_indices(p.index, n)
        if step < 0:
            first = stop + 1 + abs(start - stop - 1) % -step
            starts.append(first)
            sizes.append(max(0, start + 1 - first))
            rev.append(axis)
        else:
            starts.append(start)
            sizes.append(max(0, stop - start))
        out_shape.append(sizes[-1])
    if len(starts) > 1:
        dt = _index_dtype(shape)
        starts = [_convert(s, dt) if k in dynamic else np.asarray(s, dt)
                  for k, s in enumerate(starts)]
    else:
        starts = [s if k in dynamic else np.asarray(s, dtypes.default_int())
                  for k, s in enumerate(starts)]
    if normalize:
        starts = [_normalize(s, n) if k in dynamic else s
                  for k, (s, n) in enumerate(zip(starts, shape))]
    y = _p.dynamic_slice_prim.bind(arr, *starts, slice_sizes=tuple(sizes))
    y = lax.rev(y, rev)
    return lax.reshape(y, out_shape)


# ---------------------------------------------------------------------------
# Route 3: gather (and, transposed, scatter)
# ---------------------------------------------------------------------------


class _GatherPlan:
    """What numpy-style indexing is as an XLA gather: JAX's _GatherIndexer."""

    __slots__ = ("slice_shape", "gather_slice_shape", "gather_indices",
                 "dnums", "unique_indices", "indices_are_sorted",
                 "reversed_y_dims", "newaxis_dims", "scalar_bool_dims")


def _to_gather(shape, indices, normalize):
    _check_slices(indices)
    is_advanced = [k for k, p in enumerate(indices)
                   if p.typ in (_T.ARRAY, _T.INTEGER)]
    contiguous = all(b - a == 1 for a, b in zip(is_advanced, is_advanced[1:]))
    indices = _expand_ellipsis(indices, len(shape))

    # Scalar booleans: a new axis of size 1 indexed by arange(0 or 1).
    scalar_bool_dims = [k for k, p in enumerate(indices)
                        if p.typ == _T.BOOLEAN]
    shape = list(shape)
    new_indices, dim = [], 0
    for k, p in enumerate(indices):
        if p.typ == _T.BOOLEAN:
            shape.insert(k, 1)
            new_indices.append(_Idx(np.arange(int(p.index), dtype=np.int32),
                                    _T.ARRAY, (dim,)))
            dim += 1
        else:
            new_indices.append(_Idx(p.index, p.typ,
                                    range(dim, dim + len(p.axes))))
            dim += len(p.axes)
    indices = new_indices
    shape = tuple(shape)

    # Host values for concrete arrays; negative indices from the end.
    for p in indices:
        if p.typ == _T.ARRAY:
            p.index = _host(p.index)
            if normalize:
                p.index = _normalize(p.index, shape[p.axes[0]])
        elif p.typ == _T.INTEGER and normalize and not isinstance(
                p.index, np.unsignedinteger):
            n = shape[p.axes[0]]
            p.index = int(p.index) + n if p.index < 0 else p.index

    advanced = any(p.typ == _T.ARRAY and _shape_of(p.index) != ()
                   for p in indices)
    adv_values, adv_positions, adv_axes = [], [], []
    if advanced:
        j = 0
        for k, p in enumerate(indices):
            if p.typ == _T.NONE:
                continue
            if p.typ in (_T.ARRAY, _T.INTEGER):
                adv_values.append(p.index)
                adv_positions.append(k)
                adv_axes.append(j)
            j += 1

    index_dtype = _index_dtype(shape)
    x_axis = y_axis = collapsed_y_axis = 0
    offset_dims, collapsed, start_index_map = [], [], []
    gather_indices = []  # (value, first dimension in the batch shape)
    batch_shape = []
    slice_shape, newaxis_dims, reversed_y_dims, gather_slice_shape = \
        [], [], [], []

    for k, p in enumerate(indices):
        if adv_values and (contiguous and k == adv_positions[0]
                           or not contiguous and k == 0):
            arrs, bshape = _broadcast_arrays(adv_values)
            first = len(batch_shape)
            gather_indices.extend((_convert(a, index_dtype), first)
                                  for a in arrs)
            batch_shape.extend(bshape)
            start_index_map.extend(adv_axes)
            collapsed.extend(adv_axes)
            slice_shape.extend(bshape)
            y_axis += len(bshape)
            collapsed_y_axis += len(bshape)
        if k in adv_positions:
            x_axis += 1
            gather_slice_shape.append(1)
            continue
        if p.typ in (_T.INTEGER, _T.ARRAY) and _shape_of(p.index) == ():
            if shape[x_axis] == 0:
                raise IndexError(f"index is out of bounds for axis {x_axis} "
                                 f"with size 0")
            gather_indices.append((_convert(p.index, index_dtype),
                                   len(batch_shape)))
            collapsed.append(x_axis)
            gather_slice_shape.append(1)
            start_index_map.append(x_axis)
            x_axis += 1
        elif p.typ == _T.NONE:
            slice_shape.append(1)
            newaxis_dims.append(y_axis)
            y_axis += 1
        elif p.typ == _T.SLICE:
            start, stop, step = _slice_indices(p.index, shape[x_axis])
            size = len(range(start, stop, step))
            slice_shape.append(size)
            if step == 1:
                if size != shape[x_axis]:
                    gather_indices.append((np.asarray(start, index_dtype),
                                           len(batch_shape)))
                    start_index_map.append(x_axis)
                gather_slice_shape.append(size)
                offset_dims.append(collapsed_y_axis)
            else:
                iota = (start + step * np.arange(size)).astype(index_dtype)
                if step < 0:
                    reversed_y_dims.append(collapsed_y_axis)
                    iota = iota[::-1]
                gather_slice_shape.append(1)
                gather_indices.append((iota, len(batch_shape)))
                start_index_map.append(x_axis)
                batch_shape.append(size)
                collapsed.append(x_axis)
            collapsed_y_axis += 1
            y_axis += 1
            x_axis += 1
        else:
            raise IndexError(f"Got unsupported indexer at position {k}: {p!r}")

    if not gather_indices:
        gi = np.zeros((0,), index_dtype)
    elif len(gather_indices) == 1:
        g, _ = gather_indices[0]
        gi = _expand_last(g)
    else:
        full = tuple(batch_shape) + (1,)
        parts = [_broadcast_to(_expand_last(g), full,
                               list(range(i, i + len(_shape_of(g))))
                               + [len(batch_shape)])
                 for g, i in gather_indices]
        if any(isinstance(g, Tracer) for g in parts):
            gi = lax.concatenate([_lift(g) for g in parts], len(batch_shape))
        else:
            gi = np.concatenate(parts, axis=len(batch_shape))

    plan = _GatherPlan()
    plan.slice_shape = tuple(slice_shape)
    plan.gather_slice_shape = tuple(gather_slice_shape)
    plan.gather_indices = gi
    plan.dnums = _p.GatherDimensionNumbers(
        offset_dims=tuple(offset_dims),
        collapsed_slice_dims=tuple(sorted(collapsed)),
        start_index_map=tuple(start_index_map))
    plan.unique_indices = plan.indices_are_sorted = not adv_values
    plan.reversed_y_dims = tuple(reversed_y_dims)
    plan.newaxis_dims = tuple(newaxis_dims)
    plan.scalar_bool_dims = tuple(scalar_bool_dims)
    return plan, shape


def _expand_last(g):
    if isinstance(g, Tracer):
        return lax.reshape(g, g.aval.shape + (1,))
    return np.asarray(g)[..., None]


def _lift(v):
    if isinstance(v, Tracer):
        return v
    return util._constant(v, v.dtype)


def _expand_dims(y, dims):
    """y with new size-1 axes at output positions `dims`."""
    if not dims:
        return y
    shape = list(abstractify(y).shape)
    for d in sorted(dims):
        shape.insert(d, 1)
    return lax.reshape(y, shape)


def _squeeze(y, dims):
    if not dims:
        return y
    shape = abstractify(y).shape
    return lax.reshape(y, [n for k, n in enumerate(shape) if k not in dims])


def _default_fill(dtype):
    if dtypes.is_inexact(dtype):
        return np.nan
    if dtype == dtypes.bool_:
        return True
    info = np.iinfo(dtype)
    return info.max if dtypes.is_unsigned(dtype) else info.min


def _fill_attr_value(value, dtype):
    """A fill value the gather lowering can hold (an int64 attribute)."""
    if dtypes.is_inexact(dtype):
        return float(np.asarray(value).real) if np.iscomplexobj(value) else float(value)
    if dtype == dtypes.bool_:
        return int(bool(value))
    v = int(np.asarray(value).astype(dtype))
    return v - (1 << 64) if v >= 1 << 63 else v


def _zeros(like_aval, shape):
    z = util._constant(np.zeros((), like_aval.dtype), like_aval.dtype,
                  like_aval.weak_type)
    return lax.broadcast_in_dim(z, shape, ())


def _gather_route(arr, shape, indices, *, mode, fill_value, normalize,
                  indices_are_sorted, unique_indices):
    indices = _expand_bool(indices, shape)
    plan, _ = _to_gather(shape, indices, normalize)
    aval = abstractify(arr)
    if fill_value is not None:
        if isinstance(fill_value, Tracer):
            raise errors.ConcretizationTypeError(
                fill_value, "The problem arose with the fill_value argument "
                            "to indexed get().\n")
        if np.ndim(fill_value) != 0:
            raise ValueError("fill_value argument to indexed get() must be a "
                             "scalar")
        fill_value = np.asarray(fill_value).item()
    y = arr
    y = _expand_dims(y, plan.scalar_bool_dims)
    if 0 in plan.slice_shape:
        return _zeros(aval, plan.slice_shape)
    gi = plan.gather_indices
    if _shape_of(gi) != (0,) and 0 not in _shape_of(gi):
        yshape = abstractify(y).shape
        for d, (size, n) in enumerate(zip(plan.gather_slice_shape, yshape)):
            if size > n:
                raise TypeError(f"Slice size at index {d} in gather op is out "
                                f"of range, must be within [0, {n} + 1), got "
                                f"{size}.")
        sorted_ = bool(indices_are_sorted or plan.indices_are_sorted)

        def gather(operand, mode, fill):
            return _p.gather_prim.bind(
                operand, _lift(gi), dimension_numbers=plan.dnums,
                slice_sizes=plan.gather_slice_shape, mode=mode,
                fill_value=fill, indices_are_sorted=sorted_)

        fill = _default_fill(aval.dtype) if fill_value is None else fill_value
        if mode == "fill" and dtypes.is_complex(aval.dtype):
            # No complex fill attribute: clamp, then mask the windows a
            # fill gather of ones marks out of bounds.
            ones = lax.broadcast_in_dim(np.ones((), np.int8),
                                        abstractify(y).shape, ())
            inside = lax.ne(gather(ones, "fill", 0),
                            np.zeros((), np.int8))
            y = gather(y, "clip", None)
            filled = lax.broadcast_in_dim(
                np.asarray(fill, aval.dtype), abstractify(y).shape, ())
            y = lax.select(inside, y, _convert_weak(filled, aval.dtype,
                                                    aval.weak_type))
        elif mode == "fill":
            y = gather(y, "fill", _fill_attr_value(fill, aval.dtype))
        else:
            y = gather(y, mode or "promise_in_bounds", None)
    y = lax.rev(y, plan.reversed_y_dims)
    return _expand_dims(y, plan.newaxis_dims)


def rewriting_take(arr, idx, *, indices_are_sorted=False, unique_indices=False,
                   mode=None, fill_value=None, normalize_indices=True):
    """arr[idx], JAX's way (see the module docstring)."""
    if not _is_array(arr):
        arr = creation.asarray(arr)
    mode = _parse_mode(mode)
    shape = abstractify(arr).shape
    indices = _parse(idx, shape)
    if mode in (None, "promise_in_bounds", "clip"):
        y = _static_route(arr, shape, indices, normalize_indices)
        if y is not None:
            return y
        y = _dynamic_route(arr, shape, indices, normalize_indices)
        if y is not None:
            return y
    return _gather_route(arr, shape, indices, mode=mode,
                         fill_value=fill_value, normalize=normalize_indices,
                         indices_are_sorted=indices_are_sorted,
                         unique_indices=unique_indices)


def getitem(x, idx):
    return rewriting_take(x, idx)


# ---------------------------------------------------------------------------
# Scatter: x.at[idx].<op>(y)
# ---------------------------------------------------------------------------


def _convert_weak(x, dtype, weak):
    a = abstractify(x)
    if a.dtype != dtype:
        return _p.convert_element_type_prim.bind(x, new_dtype=dtype,
                                              weak_type=bool(weak))
    if a.weak_type != weak:
        return rebind_aval(x, a.update(weak_type=bool(weak)))
    return x


def _safe_to_cast(y, x_dtype):
    """JAX's dtypes.safe_to_cast(y, x): y's type promotes to x's dtype."""
    if dtypes.dtype_and_weak_type(y)[0] == x_dtype:
        return True
    return dtypes.result_type(y, x_dtype) == x_dtype


_SCATTERS = {"set": slicing.scatter, "add": slicing.scatter_add,
             "mul": slicing.scatter_mul, "min": slicing.scatter_min,
             "max": slicing.scatter_max}


def _scatter_update(x, idx, y, kind, *, indices_are_sorted=False,
                    unique_indices=False, mode=None, normalize_indices=True,
                    apply_fn=None):
    if not _is_array(x):
        x = creation.asarray(x)
    xa = abstractify(x)
    if isinstance(y, int) and dtypes.is_int(xa.dtype) and (
            np.iinfo(xa.dtype).min <= y <= np.iinfo(xa.dtype).max):
        # A Python int that fits takes x's dtype (strongly typed).
        y = creation.asarray(y, dtype=xa.dtype)
    else:
        y = creation.asarray(y)
    mode = _parse_mode(mode)
    shape = xa.shape
    indices = _expand_bool(_parse(idx, shape), shape)

    if not _safe_to_cast(y, xa.dtype):
        ya = abstractify(y)
        warnings.warn(
            f"scatter inputs have incompatible types: cannot safely cast value "
            f"from dtype={ya.dtype} to dtype={xa.dtype} with "
            f"jax_numpy_dtype_promotion=standard. In future JAX releases this "
            f"will result in an error.", FutureWarning, stacklevel=4)

    plan, _ = _to_gather(shape, indices, normalize_indices)
    if 0 in plan.slice_shape or 0 in shape:
        return x

    # Promote x and y together, as JAX does; the result is cast back.
    dtype, weak = dtypes.promote((xa.dtype, xa.weak_type),
                                 (abstractify(y).dtype, abstractify(y).weak_type))
    xp = _convert_weak(x, dtype, weak)
    yp = _convert_weak(y, dtype, weak)

    yp = util.broadcast_to(yp, plan.slice_shape)
    yp = _squeeze(yp, plan.newaxis_dims)
    yp = lax.rev(yp, plan.reversed_y_dims)
    xp = _expand_dims(xp, plan.scalar_bool_dims)

    dn = plan.dnums
    sdn = _p.ScatterDimensionNumbers(
        update_window_dims=dn.offset_dims,
        inserted_window_dims=dn.collapsed_slice_dims,
        scatter_dims_to_operand_dims=dn.start_index_map)
    gi = plan.gather_indices
    squeeze_lead = False
    if _shape_of(gi) == (0,):
        # No index at all (full slices only): scatter into a leading size-1
        # axis at index 0, which XLA needs an index for.
        xp = lax.reshape(xp, (1,) + abstractify(xp).shape)
        gi = np.zeros((1,), _index_dtype(shape))
        sdn = _p.ScatterDimensionNumbers(
            update_window_dims=tuple(range(abstractify(yp).ndim)),
            inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
        squeeze_lead = True
    smode = mode or "fill"
    sorted_ = bool(indices_are_sorted or plan.indices_are_sorted)
    unique = bool(unique_indices or plan.unique_indices)
    if kind == "apply":
        out = _scatter_apply(xp, gi, yp, sdn, apply_fn, mode=smode,
                             indices_are_sorted=sorted_, unique=unique)
    else:
        if kind == "sub":
            yp = _convert_weak(ufuncs.negative(yp), dtype, weak)
            kind = "add"
        out = _SCATTERS[kind](xp, _lift(gi), yp, sdn,
                              indices_are_sorted=sorted_,
                              unique_indices=unique, mode=smode)
    if squeeze_lead:
        out = lax.reshape(out, abstractify(out).shape[1:])
    out = _squeeze(out, plan.scalar_bool_dims)
    return _convert_weak(out, xa.dtype, xa.weak_type)


def _scatter_apply(x, indices, y, dnums, func, *, mode, indices_are_sorted,
                   unique):
    """func applied at the indexed elements, once per index that hits them
    (XLA's scatter with an update computation that ignores the update):
    a count of hits per element, then func applied in rounds, each round
    where the count exceeds the round's number."""
    xa = abstractify(x)
    ya = abstractify(y)
    int_aval = xa.update(dtype=dtypes.int32, weak_type=False)
    zeros = _zeros(int_aval, xa.shape)
    ones = lax.broadcast_in_dim(np.ones((), np.int32), ya.shape, ())
    counts = slicing.scatter_add(zeros, _lift(indices), ones, dnums,
                             indices_are_sorted=indices_are_sorted,
                             unique_indices=unique, mode=mode)
    if unique:
        rounds = 1
    elif not isinstance(counts, Tracer):
        rounds = int(np.max(np.asarray(counts), initial=0))
    elif not isinstance(indices, Tracer):
        # Static indices: the most often repeated index (clamped into
        # bounds, an upper bound for every mode) bounds the hits.
        rows = np.asarray(indices).reshape(-1, np.shape(indices)[-1])
        high = [xa.shape[d] - 1 for d in dnums.scatter_dims_to_operand_dims]
        rows = np.clip(rows, 0, high)
        rounds = int(np.max(np.unique(rows, axis=0, return_counts=True)[1],
                            initial=0)) if rows.size else 0
    else:
        rounds = int(np.prod(abstractify(indices).shape[:-1], dtype=np.int64))
    out = x
    for k in range(rounds):
        applied = func(out)
        out = sorting.where(lax.gt(counts, k),
                             _convert_weak(applied, xa.dtype, xa.weak_type),
                             out)
    return out


class _IndexUpdateRef:
    """`x.at[idx]`: methods return a copy of x updated at idx."""

    __slots__ = ("array", "index")

    def __init__(self, array, index):
        self.array = array
        self.index = index

    def __repr__(self):
        return f"_IndexUpdateRef({self.array!r}, {self.index!r})"

    def get(self, *, indices_are_sorted=False, unique_indices=False,
            mode=None, fill_value=None, wrap_negative_indices=True,
            out_sharding=None):
        return rewriting_take(self.array, self.index,
                              indices_are_sorted=indices_are_sorted,
                              unique_indices=unique_indices, mode=mode,
                              fill_value=fill_value,
                              normalize_indices=wrap_negative_indices)

    def _update(self, kind, values, indices_are_sorted, unique_indices, mode,
                wrap_negative_indices):
        return _scatter_update(self.array, self.index, values, kind,
                               indices_are_sorted=indices_are_sorted,
                               unique_indices=unique_indices, mode=mode,
                               normalize_indices=wrap_negative_indices)

    def set(self, values, *, indices_are_sorted=False, unique_indices=False,
            mode=None, wrap_negative_indices=True, out_sharding=None):
        return self._update("set", values, indices_are_sorted, unique_indices,
                            mode, wrap_negative_indices)

    def add(self, values, *, indices_are_sorted=False, unique_indices=False,
            mode=None, wrap_negative_indices=True, out_sharding=None):
        return self._update("add", values, indices_are_sorted, unique_indices,
                            mode, wrap_negative_indices)

    def subtract(self, values, *, indices_are_sorted=False,
                 unique_indices=False, mode=None, wrap_negative_indices=True,
                 out_sharding=None):
        return self._update("sub", values, indices_are_sorted, unique_indices,
                            mode, wrap_negative_indices)

    def multiply(self, values, *, indices_are_sorted=False,
                 unique_indices=False, mode=None, wrap_negative_indices=True,
                 out_sharding=None):
        return self._update("mul", values, indices_are_sorted, unique_indices,
                            mode, wrap_negative_indices)

    mul = multiply

    def _combine(self, fn, values, indices_are_sorted, unique_indices, mode,
                 wrap_negative_indices):
        """fn(array, ones with the values multiplied in at the index)."""
        return fn(self.array, _scatter_update(
            creation.ones_like(self.array), self.index, values, "mul",
            indices_are_sorted=indices_are_sorted,
            unique_indices=unique_indices, mode=mode,
            normalize_indices=wrap_negative_indices))

    def divide(self, values, *, indices_are_sorted=False, unique_indices=False,
               mode=None, wrap_negative_indices=True, out_sharding=None):
        return self._combine(ufuncs.divide, values, indices_are_sorted,
                             unique_indices, mode, wrap_negative_indices)

    def power(self, values, *, indices_are_sorted=False, unique_indices=False,
              mode=None, wrap_negative_indices=True, out_sharding=None):
        return self._combine(ufuncs.power, values, indices_are_sorted,
                             unique_indices, mode, wrap_negative_indices)

    def min(self, values, *, indices_are_sorted=False, unique_indices=False,
            mode=None, wrap_negative_indices=True, out_sharding=None):
        return self._update("min", values, indices_are_sorted, unique_indices,
                            mode, wrap_negative_indices)

    def max(self, values, *, indices_are_sorted=False, unique_indices=False,
            mode=None, wrap_negative_indices=True, out_sharding=None):
        return self._update("max", values, indices_are_sorted, unique_indices,
                            mode, wrap_negative_indices)

    def apply(self, func, *, indices_are_sorted=False, unique_indices=False,
              mode=None, wrap_negative_indices=True):
        x = self.array
        zero = np.zeros((), abstractify(x).dtype)
        return _scatter_update(x, self.index, zero, "apply",
                               indices_are_sorted=indices_are_sorted,
                               unique_indices=unique_indices, mode=mode,
                               normalize_indices=wrap_negative_indices,
                               apply_fn=func)


class _IndexUpdateHelper:
    """`x.at`: `x.at[idx].set(y)` is the pure form of `x[idx] = y` (also
    add, subtract, multiply, divide, power, min, max, apply, get). Reads
    clamp out-of-bounds indices by default; updates drop them (mode="clip"
    clamps, mode="fill"/"drop" drops, fill_value= for get)."""

    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def __getitem__(self, index):
        return _IndexUpdateRef(self.array, index)

    def __repr__(self):
        return f"_IndexUpdateHelper({self.array!r})"


def _at(self):
    return _IndexUpdateHelper(self)


_at.__doc__ = _IndexUpdateHelper.__doc__
