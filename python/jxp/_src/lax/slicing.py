"""jax.lax's slicing and indexing: static and dynamic slices, the
`*_in_dim` helpers, gather and the scatters (GatherDimensionNumbers and
ScatterDimensionNumbers are defined with their primitives)."""

import builtins
import operator

import numpy as np

from jxp._src import dtypes
from jxp._src.core import abstractify
from jxp._src.lax import lax
from jxp._src.lax import primitives as _p
from jxp._src.lax.control_flow.loops import while_loop
from jxp._src.lax.lax import (
    _axis, _canonical_axis, _is_array, _shape, add, broadcast_in_dim,
    concatenate, expand_dims, lt, select, squeeze)
from jxp._src.lax.primitives import GatherDimensionNumbers



def slice(operand, start_indices, limit_indices, strides=None):  # noqa: A001
    ndim = len(start_indices)
    strides = tuple(strides) if strides is not None else (1,) * ndim
    return _p.slice_prim.bind(operand, start_indices=tuple(int(s) for s in start_indices),
                           limit_indices=tuple(int(s) for s in limit_indices),
                           strides=tuple(int(s) for s in strides))


def dynamic_slice(operand, start_indices, slice_sizes):
    return _p.dynamic_slice_prim.bind(
        operand, *_index_scalars(start_indices, abstractify(operand).shape),
        slice_sizes=tuple(int(s) for s in slice_sizes))


def dynamic_update_slice(operand, update, start_indices):
    return _p.dynamic_update_slice_prim.bind(
        operand, update,
        *_index_scalars(start_indices, abstractify(operand).shape))


def _index_scalars(indices, shape):
    """Start indices as integer scalars; negative ones count from the end
    (JAX's allow_negative_indices=True), before the op clamps them."""
    indices = list(indices)
    out = []
    for k, i in enumerate(indices):
        n = shape[k] if len(indices) == len(shape) else None
        if isinstance(i, (int, np.integer)):
            i = int(i)
            if n is not None and i < 0:
                i += n
            i = np.asarray(i, dtypes.default_int())
        elif n is not None:
            a = abstractify(i)
            if (a.shape == () and dtypes.is_int(a.dtype)
                    and not dtypes.is_unsigned(a.dtype)
                    and n <= np.iinfo(a.dtype).max):
                zero, size = np.asarray(0, a.dtype), np.asarray(n, a.dtype)
                i = select(lt(i, zero), add(i, size), i)
        out.append(i)
    return out


class GatherScatterMode:
    CLIP = "clip"
    FILL_OR_DROP = "fill"
    PROMISE_IN_BOUNDS = "promise_in_bounds"


def _mode(mode, default):
    if mode is None:
        return default
    # A string, or an enum member such as JAX's GatherScatterMode.CLIP.
    key = getattr(mode, "name", mode)
    key = key.lower() if isinstance(key, str) else key
    modes = {"clip": "clip", "fill": "fill", "drop": "fill",
             "fill_or_drop": "fill", "promise_in_bounds": "promise_in_bounds"}
    if key not in modes:
        raise ValueError(f'Unknown gather mode "{mode}"')
    return modes[key]


def gather(operand, start_indices, dimension_numbers, slice_sizes, *,
           unique_indices=False, indices_are_sorted=False, mode=None,
           fill_value=None):
    return _p.gather_prim.bind(operand, start_indices,
                            dimension_numbers=dimension_numbers,
                            slice_sizes=tuple(int(s) for s in slice_sizes),
                            mode=_mode(mode, "fill"), fill_value=fill_value,
                            indices_are_sorted=bool(indices_are_sorted))


def _scatter(kind):
    def f(operand, scatter_indices, updates, dimension_numbers, *,
          indices_are_sorted=False, unique_indices=False, mode=None):
        return _p.scatter_prim.bind(operand, scatter_indices, updates, kind=kind,
                                 dimension_numbers=dimension_numbers,
                                 mode=_mode(mode, "fill"),
                                 indices_are_sorted=bool(indices_are_sorted),
                                 unique_indices=bool(unique_indices))
    f.__name__ = "scatter" if kind == "set" else f"scatter_{kind}"
    return f


scatter = _scatter("set")


scatter_add = _scatter("add")


scatter_mul = _scatter("mul")


scatter_min = _scatter("min")


scatter_max = _scatter("max")


def slice_in_dim(operand, start_index, limit_index, stride=1, axis=0):
    """operand[..., start:limit:stride, ...] along `axis` (None start or
    limit: the ends; negative ones count from the end)."""
    shape = abstractify(operand).shape
    axis = _axis(axis, len(shape))
    n = shape[axis]
    start = 0 if start_index is None else int(start_index)
    limit = n if limit_index is None else int(limit_index)
    start = start + n if start < 0 else start
    limit = limit + n if limit < 0 else limit
    starts = [0] * len(shape)
    limits = list(shape)
    strides = [1] * len(shape)
    starts[axis], limits[axis], strides[axis] = start, limit, int(stride)
    return slice(operand, starts, limits, strides)


def index_in_dim(operand, index, axis=0, keepdims=True):
    """operand's entry `index` along `axis`, the axis kept or dropped."""
    shape = abstractify(operand).shape
    axis = _axis(axis, len(shape))
    index = int(index)
    n = shape[axis]
    wrapped = index + n if index < 0 else index
    if not 0 <= wrapped < n:
        raise IndexError(f"index {index} is out of bounds for axis {axis} "
                         f"with size {n}")
    out = slice_in_dim(operand, wrapped, wrapped + 1, 1, axis)
    return out if keepdims else squeeze(out, (axis,))


def dynamic_slice_in_dim(operand, start_index, slice_size, axis=0):
    """dynamic_slice along one axis (start 0 elsewhere)."""
    shape = abstractify(operand).shape
    axis = _axis(axis, len(shape))
    starts = [0] * len(shape)
    starts[axis] = start_index
    sizes = list(shape)
    sizes[axis] = int(slice_size)
    return dynamic_slice(operand, starts, sizes)


def dynamic_index_in_dim(operand, index, axis=0, keepdims=True):
    """dynamic_slice_in_dim of size 1, the axis kept or dropped."""
    axis = _axis(axis, abstractify(operand).ndim)
    out = dynamic_slice_in_dim(operand, index, 1, axis)
    return out if keepdims else squeeze(out, (axis,))


def dynamic_update_slice_in_dim(operand, update, start_index, axis):
    """dynamic_update_slice at start_index along `axis` (0 elsewhere)."""
    ndim = abstractify(operand).ndim
    axis = _axis(axis, ndim)
    starts = [0] * ndim
    starts[axis] = start_index
    return dynamic_update_slice(operand, update, starts)


def dynamic_update_index_in_dim(operand, update, index, axis):
    """dynamic_update_slice_in_dim of one entry; update may lack the axis."""
    ndim = abstractify(operand).ndim
    axis = _axis(axis, ndim)
    if abstractify(update).ndim == ndim - 1:
        update = expand_dims(update, (axis,))
    return dynamic_update_slice_in_dim(operand, update, index, axis)


def index_take(src, idxs, axes):
    """src[idxs[0], idxs[1], ...] along `axes` (one index array per axis,
    all of one shape), as a gather."""
    idxs, axes = list(idxs), tuple(int(a) for a in axes)
    if len(idxs) != len(axes):
        raise ValueError(f"index_take: {len(idxs)} index arrays for "
                         f"{len(axes)} axes")
    shape = abstractify(src).shape
    from_numpy = [np.asarray(i) if not _is_array(i) else i for i in idxs]
    stacked = concatenate([broadcast_in_dim(i, abstractify(i).shape + (1,),
                                            tuple(builtins.range(
                                                abstractify(i).ndim)))
                           for i in from_numpy],
                          abstractify(from_numpy[0]).ndim)
    offset = abstractify(stacked).ndim - 1
    sizes = tuple(1 if d in axes else n for d, n in enumerate(shape))
    dnums = GatherDimensionNumbers(
        offset_dims=tuple(builtins.range(
            offset, offset + len(shape) - len(axes))),
        collapsed_slice_dims=axes, start_index_map=axes)
    return gather(src, stacked, dnums, sizes)


def scatter_sub(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    """`operand` with `updates` subtracted at the scattered positions."""
    return scatter_add(operand, scatter_indices, lax.neg(updates),
                           dimension_numbers,
                           indices_are_sorted=indices_are_sorted,
                           unique_indices=unique_indices, mode=mode)


def scatter_apply(operand, scatter_indices, func, dimension_numbers, *,
                  update_shape=(), indices_are_sorted=False,
                  unique_indices=False, mode=None):
    """`operand` with the elementwise `func` applied at the scattered
    positions, once per time a position is named (as XLA's scatter with
    `func` as its update computation)."""
    dt = abstractify(operand).dtype
    ones = lax.full(tuple(update_shape), 1, np.int32)
    counts = scatter_add(lax.full(_shape(operand), 0, np.int32),
                             scatter_indices, ones, dimension_numbers,
                             indices_are_sorted=indices_are_sorted,
                             unique_indices=unique_indices, mode=mode)

    def apply_once(k, x):
        y = func(x)
        if abstractify(y).dtype != dt:
            y = lax.convert_element_type(y, dt)
        return lax.select(lax.gt(counts, lax.full_like(counts, k)), y, x)

    if unique_indices:
        return apply_once(0, operand)
    most = lax.reduce_max(counts, tuple(range(len(_shape(counts)))))

    def cond(state):
        return lax.lt(state[0], most)

    def body(state):
        k, x = state
        return lax.add(k, np.int32(1)), apply_once(k, x)

    return while_loop(cond, body, (np.int32(0), operand))[1]


def split(operand, sizes, axis=0):
    """Pieces of `operand` along `axis` with the given sizes (which sum to
    the axis' length)."""
    shape = _shape(operand)
    axis = _canonical_axis(axis, len(shape), "split")
    sizes = [operator.index(s) for s in sizes]
    if any(s < 0 for s in sizes):
        raise ValueError(f"split: sizes must be nonnegative, got {sizes}")
    if sum(sizes) != shape[axis]:
        raise ValueError(f"Sum of sizes {sum(sizes)} must be equal to "
                         f"dimension {axis} of the operand shape {shape}")
    out, start = [], 0
    for s in sizes:
        out.append(slice_in_dim(operand, start, start + s, axis=axis))
        start += s
    return out


def unstack(x, axis=0):
    """The slices of `x` along `axis`, as a tuple."""
    shape = _shape(x)
    axis = _canonical_axis(axis, len(shape), "unstack")
    return tuple(index_in_dim(x, i, axis, keepdims=False)
                 for i in range(shape[axis]))
