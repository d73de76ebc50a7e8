"""More of jax.lax, built from jxp.lax's functions: joins and splits
(split, tile, stack, unstack), reductions with a computation (reduce,
reduce_xor), scatter_sub and scatter_apply, mulhi, convolution patches and
the shape helpers of convolutions and windows, implicit differentiation
(custom_root, custom_linear_solve), approx_max_k/approx_min_k and a few
identities JAX keeps for its compiler (optimization_barrier, stage,
composite, platform_dependent).

None of these needs a primitive of its own: each is a composition whose
values, dtypes and derivatives follow from the ops it is built from.
"""

import enum
import functools
import math
import operator

import numpy as np

from . import dtypes
from . import lax as _p
from . import tree_util as _tu
from .ad import custom_vjp, jvp, linear_transpose
from .core import abstractify
from .lax_signal import (
    ConvDimensionNumbers, _conv_transpose_padding, conv_dimension_numbers,
    conv_general_dilated, conv_general_permutations)
from .. import lax

__all__ = [
    "ConvGeneralDilatedDimensionNumbers", "RandomAlgorithm", "split", "tile",
    "stack", "unstack", "empty", "broadcast_like", "sort_key_val", "reduce",
    "reduce_xor", "scatter_sub", "scatter_apply", "mulhi",
    "optimization_barrier", "stage", "composite", "platform_dependent",
    "shape_as_value", "conv_shape_tuple", "conv_general_shape_tuple",
    "conv_transpose_shape_tuple", "reduce_window_shape_tuple",
    "conv_general_dilated_patches", "approx_max_k", "approx_min_k",
    "custom_root", "custom_linear_solve", "pswapaxes", "ragged_dot",
    "conv_general_dilated_local", "RaggedDotDimensionNumbers",
    "ragged_dot_general", "rng_bit_generator", "rng_uniform"]

ConvGeneralDilatedDimensionNumbers = ConvDimensionNumbers


class RandomAlgorithm(enum.IntEnum):
    """XLA's RngBitGenerator algorithms, numbered as jax.lax's."""
    RNG_DEFAULT = 0
    RNG_THREE_FRY = 1
    RNG_PHILOX = 2

    def __str__(self):
        return self.name


def rng_bit_generator(key, shape, dtype=np.uint32,
                      algorithm=RandomAlgorithm.RNG_DEFAULT, *,
                      out_sharding=None):
    """(the next key, random bits of `shape` and the unsigned `dtype`) from
    XLA's RngBitGenerator with `algorithm`: the bits JAX gets."""
    if out_sharding is not None:
        raise NotImplementedError("rng_bit_generator: out_sharding is not "
                                  "supported by jxp")
    shape = tuple(operator.index(d) for d in shape)
    dtype = dtypes.canonicalize(np.dtype(dtype))  # uint64 is uint32 in x32
    if dtype not in (np.uint8, np.uint16, np.uint32, np.uint64):
        raise TypeError(f"rng_bit_generator: unsupported dtype {dtype}")
    return tuple(_p.rng_bit_generator_p.bind(
        key, shape=shape, dtype=dtype, algorithm=RandomAlgorithm(algorithm)))


def rng_uniform(a, b, shape):
    """Values uniform in [a, b) from XLA's stateful generator: new ones at
    every call (jax.random is the reproducible way)."""
    return _p.rng_uniform_p.bind(a, b, shape=tuple(operator.index(d)
                                                   for d in shape))


def _shape(x):
    return tuple(abstractify(x).shape)


def _canonical_axis(axis, ndim, name):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"{name}: axis {axis} is out of bounds for an array "
                         f"of rank {ndim}")
    return axis % ndim


# --- joins and splits --------------------------------------------------------

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
        out.append(lax.slice_in_dim(operand, start, start + s, axis=axis))
        start += s
    return out


def tile(operand, reps):
    """`operand` repeated reps[i] times along each dimension i."""
    shape = _shape(operand)
    reps = tuple(operator.index(r) for r in reps)
    if len(reps) != len(shape):
        raise TypeError(f"len(reps) must equal operand.ndim, got "
                         f"reps={reps} for operand.shape={shape}")
    if any(r < 0 for r in reps):
        raise ValueError(f"reps must be nonnegative, got {reps}")
    # Broadcast a new leading dimension of size r before each dimension,
    # then merge each (r, d) pair.
    wide = tuple(x for r, d in zip(reps, shape) for x in (r, d))
    out = lax.broadcast_in_dim(operand, wide,
                               tuple(range(1, 2 * len(shape), 2)))
    return lax.reshape(out, tuple(r * d for r, d in zip(reps, shape)))


def stack(operands, axis=0):
    """The operands (all of one shape) stacked along a new dimension."""
    operands = list(operands)
    if not operands:
        raise ValueError("stack requires at least one operand")
    shape = _shape(operands[0])
    axis = _canonical_axis(axis, len(shape) + 1, "stack")
    for x in operands[1:]:
        if _shape(x) != shape:
            raise TypeError(f"stack requires operands of equal shape, got "
                            f"{[_shape(y) for y in operands]}")
    return lax.concatenate([lax.expand_dims(x, (axis,)) for x in operands],
                           axis)


def unstack(x, axis=0):
    """The slices of `x` along `axis`, as a tuple."""
    shape = _shape(x)
    axis = _canonical_axis(axis, len(shape), "unstack")
    return tuple(lax.index_in_dim(x, i, axis, keepdims=False)
                 for i in range(shape[axis]))


def empty(shape, dtype, *, out_sharding=None):
    """An array of `shape` and `dtype` whose contents are unspecified; jxp
    gives zeros, as XLA's CPU backend does for JAX."""
    if out_sharding is not None:
        raise NotImplementedError("lax.empty: out_sharding is not supported "
                                  "by jxp")
    shape = (operator.index(shape),) if np.ndim(shape) == 0 else tuple(
        operator.index(d) for d in shape)
    return lax.full(shape, 0, dtypes.canonicalize(dtype))


def broadcast_like(arr, like_arr):
    """`arr` broadcast (NumPy's rules) to the shape of `like_arr`."""
    shape, target = _shape(arr), _shape(like_arr)
    if len(shape) > len(target) or any(
            d not in (1, t) for d, t in zip(shape[::-1], target[::-1])):
        raise ValueError(f"Incompatible shapes for broadcasting: {shape} "
                         f"and requested shape {target}")
    lead = len(target) - len(shape)
    keep = [i for i, d in enumerate(shape) if d == target[lead + i]]
    squeezed = lax.reshape(arr, tuple(shape[i] for i in keep))
    return lax.broadcast_in_dim(squeezed, target,
                                tuple(lead + i for i in keep))


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    """`keys` sorted along `dimension`, and `values` in the same order."""
    k, v = lax.sort((keys, values), dimension=dimension, is_stable=is_stable,
                    num_keys=1)
    return k, v


# --- reductions --------------------------------------------------------------

def _reduce_axes(operand, axes, name):
    ndim = len(_shape(operand))
    axes = tuple(operator.index(a) for a in axes)
    for a in axes:
        if not 0 <= a < ndim:
            raise ValueError(f"{name}: reduction dimension {a} is out of "
                             f"bounds for an operand of rank {ndim}")
    if len(set(axes)) != len(axes):
        raise ValueError(f"{name}: duplicate reduction dimensions {axes}")
    return axes


def _to_front(x, axes):
    """x with `axes` merged into one leading dimension."""
    shape = _shape(x)
    rest = [d for d in range(len(shape)) if d not in axes]
    x = lax.transpose(x, tuple(axes) + tuple(rest))
    n = math.prod(shape[a] for a in axes)
    return lax.reshape(x, (n,) + tuple(shape[d] for d in rest))


def _tree_reduce(xs, inits, combine):
    """Pairwise reduction of the leading dimension of the arrays `xs` with
    `combine` (tuples in, tuple out), padding odd lengths with `inits`."""
    n = _shape(xs[0])[0]
    if n == 0:
        return [lax.broadcast(i, _shape(x)[1:]) for x, i in zip(xs, inits)]
    while n > 1:
        if n % 2:
            xs = [lax.concatenate(
                [x, lax.broadcast(i, (1,) + _shape(x)[1:])], 0)
                for x, i in zip(xs, inits)]
            n += 1
        half = n // 2
        xs = combine([lax.slice_in_dim(x, 0, half, axis=0) for x in xs],
                     [lax.slice_in_dim(x, half, n, axis=0) for x in xs])
        n = half
    return [lax.index_in_dim(x, 0, 0, keepdims=False) for x in xs]


def _xor_combine(a, b):
    return [lax.bitwise_xor(x, y) for x, y in zip(a, b)]


def reduce_xor(operand, axes):
    """Bitwise exclusive or of `operand` over `axes` (booleans: parity)."""
    dt = abstractify(operand).dtype
    if not (dt == np.bool_ or dtypes.is_int(dt)):
        raise TypeError(f"reduce_xor does not accept dtype "
                        f"{np.dtype(dt).name}. Accepted dtypes are subtypes "
                        f"of integer, unsigned integer, bool.")
    axes = _reduce_axes(operand, axes, "reduce_xor")
    if not axes:
        return operand
    zero = np.zeros((), dt)
    return _tree_reduce([_to_front(operand, axes)], [zero], _xor_combine)[0]


# Computations reduce recognises, by the function object, as a monoid with
# its own reduction; its identity is the init value JAX's reduce_* uses.
def _monoids():
    return {lax.add: "sum", lax.mul: "prod", lax.max: "max", lax.min: "min",
            lax.bitwise_and: "and", lax.bitwise_or: "or",
            lax.bitwise_xor: "xor"}


_REDUCERS = {"sum": lax.reduce_sum, "prod": lax.reduce_prod,
             "max": lax.reduce_max, "min": lax.reduce_min,
             "and": lax.reduce_and, "or": lax.reduce_or,
             "xor": reduce_xor}


def _identity(kind, dt):
    dt = np.dtype(dt)
    if kind == "sum" or kind == "or" or kind == "xor":
        return np.zeros((), dt)
    if kind == "prod":
        return np.ones((), dt)
    if kind == "and":
        return np.array(True if dt == np.bool_ else -1).astype(dt)
    big = dt == np.bool_ or dtypes.is_int(dt)
    if kind == "max":
        if dt == np.bool_:
            return np.array(False)
        return np.array(dtypes.iinfo(dt).min if big else -np.inf, dt)
    if dt == np.bool_:
        return np.array(True)
    return np.array(dtypes.iinfo(dt).max if big else np.inf, dt)


def _is_identity(kind, init):
    """Whether `init` is a concrete value equal to kind's identity."""
    try:
        value = np.asarray(init)
    except Exception:  # noqa: BLE001 - a tracer: not known statically
        return False
    if value.dtype == object or value.shape != ():
        return False
    want = _identity(kind, value.dtype)
    return bool(value == want) and (np.signbit(value) == np.signbit(want)
                                    if value.dtype.kind == "f" else True)


def reduce(operands, init_values, computation, dimensions, out_sharding=None):
    """Reduces `operands` over `dimensions` with the associative and
    commutative `computation`, starting from `init_values` (JAX's
    lax.reduce). lax.add, mul, max, min and the bitwise ops use jxp's
    reductions; any other computation is applied pairwise in a tree of
    log2(n) elementwise steps, so it must work on arrays elementwise."""
    if out_sharding is not None:
        raise NotImplementedError("lax.reduce: out_sharding is not supported "
                                  "by jxp")
    flat_ops, tree = _tu.tree_flatten(operands)
    flat_inits, init_tree = _tu.tree_flatten(init_values)
    if init_tree != tree:
        raise ValueError("Operands must have the same tree structure as "
                         f"init_values: {tree} vs. {init_tree}")
    if len(flat_ops) == 0:
        return _tu.tree_unflatten(tree, [])
    shapes = [_shape(x) for x in flat_ops]
    if any(s != shapes[0] for s in shapes):
        raise ValueError(f"reduce: operands must have the same shape, got "
                         f"{shapes}")
    for i in flat_inits:
        if _shape(i) != ():
            raise TypeError("reduce: init values must be scalars, got shape "
                            f"{_shape(i)}")
    axes = _reduce_axes(flat_ops[0], dimensions, "reduce")
    kind = _monoids().get(computation) if len(flat_ops) == 1 else None
    if kind is not None:
        # As JAX, a monoid's init value takes the operand's dtype.
        dt = abstractify(flat_ops[0]).dtype
        init = flat_inits[0]
        if abstractify(init).dtype != dt:
            init = lax.convert_element_type(init, dt)
        out = _REDUCERS[kind](flat_ops[0], axes)
        if not _is_identity(kind, init):
            out = computation(lax.broadcast(init, _shape(out)), out)
        return _tu.tree_unflatten(tree, [out])
    for x, i in zip(flat_ops, flat_inits):
        if abstractify(x).dtype != abstractify(i).dtype:
            raise TypeError(f"reduce: operand dtype "
                            f"{abstractify(x).dtype} and init value dtype "
                            f"{abstractify(i).dtype} differ")

    def combine(a, b):
        out = computation(_tu.tree_unflatten(tree, a),
                          _tu.tree_unflatten(tree, b))
        leaves, out_tree = _tu.tree_flatten(out)
        if out_tree != tree:
            raise TypeError("reduce: the computation must return the tree "
                            f"structure of its operands {tree}, got "
                            f"{out_tree}")
        return leaves

    if not axes:
        moved = [lax.expand_dims(x, (0,)) for x in flat_ops]
    else:
        moved = [_to_front(x, axes) for x in flat_ops]
    out = _tree_reduce(moved, flat_inits, combine)
    rest = out[0] if out else None
    inits = [lax.broadcast(i, _shape(rest)) for i in flat_inits]
    return _tu.tree_unflatten(tree, combine(inits, out))


# --- scatters ----------------------------------------------------------------

def scatter_sub(operand, scatter_indices, updates, dimension_numbers, *,
                indices_are_sorted=False, unique_indices=False, mode=None):
    """`operand` with `updates` subtracted at the scattered positions."""
    return lax.scatter_add(operand, scatter_indices, lax.neg(updates),
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
    counts = lax.scatter_add(lax.full(_shape(operand), 0, np.int32),
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

    return lax.while_loop(cond, body, (np.int32(0), operand))[1]


# --- arithmetic --------------------------------------------------------------

def _unsigned_of(dt):
    return np.dtype(f"uint{np.dtype(dt).itemsize * 8}")


def _mulhi_unsigned(a, b, bits):
    """High half of the 2*bits-wide product of unsigned a and b, in bits-wide
    arithmetic: split each into halves and add the partial products."""
    h = bits // 2
    mask = lax.full_like(a, (1 << h) - 1)
    sh = lax.full_like(a, h)
    a_lo, a_hi = lax.bitwise_and(a, mask), lax.shift_right_logical(a, sh)
    b_lo, b_hi = lax.bitwise_and(b, mask), lax.shift_right_logical(b, sh)
    lo_lo, hi_lo = lax.mul(a_lo, b_lo), lax.mul(a_hi, b_lo)
    lo_hi, hi_hi = lax.mul(a_lo, b_hi), lax.mul(a_hi, b_hi)
    cross = lax.add(lax.add(lax.shift_right_logical(lo_lo, sh),
                            lax.bitwise_and(hi_lo, mask)), lo_hi)
    return lax.add(lax.add(hi_hi, lax.shift_right_logical(hi_lo, sh)),
                   lax.shift_right_logical(cross, sh))


def mulhi(x, y, /):
    """The high half of the double-width product of integers x and y."""
    ax, ay = abstractify(x), abstractify(y)
    if ax.dtype != ay.dtype:
        raise TypeError(f"mulhi requires arguments to have the same dtypes, "
                        f"got {ax.dtype.name}, {ay.dtype.name}")
    if not dtypes.is_int(ax.dtype):
        raise TypeError(f"mulhi does not accept dtype {ax.dtype.name}. "
                        f"Accepted dtypes are subtypes of integer.")
    if ax.shape != ay.shape:
        raise TypeError(f"mulhi got incompatible shapes for broadcasting: "
                        f"{ax.shape}, {ay.shape}.")
    dt = ax.dtype
    bits = dt.itemsize * 8
    if dtypes.is_unsigned(dt):
        return _mulhi_unsigned(x, y, bits)
    ut = _unsigned_of(dt)
    ux = lax.bitcast_convert_type(x, ut)
    uy = lax.bitcast_convert_type(y, ut)
    hi = _mulhi_unsigned(ux, uy, bits)
    # Signed high half = unsigned high half - (x<0 ? y : 0) - (y<0 ? x : 0),
    # all modulo 2**bits.
    zero = lax.full_like(ux, 0)
    zs = lax.full_like(x, 0)
    hi = lax.sub(hi, lax.select(lax.lt(x, zs), uy, zero))
    hi = lax.sub(hi, lax.select(lax.lt(y, zs), ux, zero))
    return lax.bitcast_convert_type(hi, dt)


# --- identities JAX keeps for its compiler ----------------------------------

def optimization_barrier(operand, /):
    """The pytree `operand` unchanged, as arrays (XLA's barrier only orders
    and separates computations; its values are its inputs)."""
    return _tu.tree_map(_stage_leaf, operand)


def _stage_leaf(x):
    if isinstance(x, lax.Tracer):
        return x
    av = abstractify(x)
    # An op of the value's own type lifts it into the trace as an array,
    # keeping its dtype and weak type.
    return lax.reshape(x, tuple(av.shape))


def stage(x, /):
    """x lifted into the current trace (eagerly, a jxp array)."""
    return _stage_leaf(x)


def composite(decomposition, name, version=0):
    """A function computing `decomposition`; JAX additionally names the
    call in its StableHLO (stablehlo.composite), which changes no value or
    derivative."""
    if not callable(decomposition):
        raise TypeError("composite: decomposition must be callable")

    def call(*args, **kwargs):
        return decomposition(*args, **kwargs)
    call.__name__ = getattr(decomposition, "__name__", name)
    call.__doc__ = decomposition.__doc__
    call.__wrapped__ = decomposition
    return call


def platform_dependent(*args, default=None, **per_platform):
    """The branch for the platform the program runs on: jxp runs on the CPU,
    so `cpu=` if given, else `default`."""
    for p in per_platform:
        if p not in ("cpu", "cuda", "rocm", "gpu", "tpu"):
            raise ValueError(f"Unsupported platform {p}")
    branch = per_platform.get("cpu", default)
    if branch is None:
        raise NotImplementedError(
            "platform_dependent: no branch for the platform 'cpu' and no "
            "default")
    return branch(*args)


def shape_as_value(shape):
    """The dimensions of a (static) shape as an int array."""
    shape = tuple(operator.index(d) for d in shape)
    dt = np.int32 if all(d < 2 ** 31 for d in shape) else np.int64
    return np.asarray(shape, dtype=dt)


# --- shape helpers -----------------------------------------------------------

def _stride_dim(d, window, stride):
    return 0 if d < window else (d - window) // stride + 1


def conv_shape_tuple(lhs_shape, rhs_shape, strides, pads, batch_group_count=1):
    """Output shape of a convolution in (N, C, spatial...) layout."""
    if isinstance(pads, str):
        pads = lax.padtype_to_pads(lhs_shape[2:], rhs_shape[2:], strides, pads)
    if len(pads) != len(lhs_shape) - 2:
        raise TypeError(f"Wrong number of explicit pads for convolution: "
                        f"expected {len(lhs_shape) - 2}, got {len(pads)}.")
    padded = [d + lo + hi for d, (lo, hi) in zip(lhs_shape[2:], pads)]
    if any(d < 0 for d in padded):
        raise ValueError(f"Negative padding is larger than the size of the "
                         f"corresponding dimension: got padding={pads} for "
                         f"lhs_shape[2:]={tuple(lhs_shape[2:])}")
    space = tuple(_stride_dim(d, k, s)
                  for d, k, s in zip(padded, rhs_shape[2:], strides))
    n = lhs_shape[0] // batch_group_count if batch_group_count > 1 \
        else lhs_shape[0]
    return (int(n), int(rhs_shape[0])) + tuple(int(d) for d in space)


def conv_general_shape_tuple(lhs_shape, rhs_shape, window_strides, padding,
                             dimension_numbers):
    """Output shape of conv_general_dilated (no dilation) for layouts."""
    lhs_perm, rhs_perm, out_perm = conv_general_permutations(
        dimension_numbers)
    out = conv_shape_tuple([lhs_shape[i] for i in lhs_perm],
                           [rhs_shape[i] for i in rhs_perm],
                           window_strides, padding)
    return tuple(int(out[i]) for i in np.argsort(out_perm))


def conv_transpose_shape_tuple(lhs_shape, rhs_shape, window_strides, padding,
                               dimension_numbers):
    """Output shape of conv_transpose for layouts."""
    lhs_perm, rhs_perm, out_perm = conv_general_permutations(
        dimension_numbers)
    lhs_t = [lhs_shape[i] for i in lhs_perm]
    rhs_t = [rhs_shape[i] for i in rhs_perm]
    if isinstance(padding, str):
        padding = [_conv_transpose_padding(k, s, padding)
                   for k, s in zip(rhs_t[2:], window_strides)]
    space = [(i - 1) * s - k + 2 + sum(p) for i, k, s, p in
             zip(lhs_t[2:], rhs_t[2:], window_strides, padding)]
    out = [lhs_t[0], rhs_t[0]] + space
    return tuple(int(out[i]) for i in np.argsort(out_perm))


def reduce_window_shape_tuple(operand_shape, window_dimensions, window_strides,
                              padding, base_dilation=None,
                              window_dilation=None):
    """Output shape of reduce_window."""
    def dilate(shape, dil):
        return [0 if d == 0 else 1 + r * (d - 1) for d, r in zip(shape, dil)]
    if base_dilation is not None:
        operand_shape = dilate(operand_shape, base_dilation)
    if window_dilation is not None:
        window_dimensions = dilate(window_dimensions, window_dilation)
    padded = [d + lo + hi for d, (lo, hi) in zip(operand_shape, padding)]
    return tuple(_stride_dim(d, w, s)
                 for d, w, s in zip(padded, window_dimensions, window_strides))


# --- convolution patches -----------------------------------------------------

def conv_general_dilated_patches(lhs, filter_shape, window_strides, padding,
                                 lhs_dilation=None, rhs_dilation=None,
                                 dimension_numbers=None, precision=None,
                                 preferred_element_type=None):
    """The patches a conv_general_dilated with `filter_shape` would see,
    flattened into the output feature dimension (channel-major): a grouped
    convolution with a one-hot filter per patch position."""
    la = abstractify(lhs)
    filter_shape = tuple(operator.index(d) for d in filter_shape)
    dnums = conv_dimension_numbers(la.shape, (1, 1) + filter_shape,
                                   dimension_numbers)
    lhs_spec, rhs_spec, _ = dnums
    positions = math.prod(filter_shape)
    channels = la.shape[lhs_spec[1]]
    eye = np.eye(positions, dtype=la.dtype)
    # Kernel in (O, I, spatial...) order: O = channel * positions + p.
    kernel = np.broadcast_to(eye, (channels, positions, positions))
    kernel = kernel.reshape((channels * positions, 1) + filter_shape)
    # Place O, I and the spatial dimensions where rhs_spec wants them.
    perm = [0] * kernel.ndim
    for src, dst in enumerate(rhs_spec):
        perm[dst] = src
    kernel = np.ascontiguousarray(np.transpose(kernel, perm))
    return conv_general_dilated(
        lhs, kernel, window_strides, padding, lhs_dilation=lhs_dilation,
        rhs_dilation=rhs_dilation, dimension_numbers=dnums,
        feature_group_count=channels, precision=precision,
        preferred_element_type=preferred_element_type)


def conv_general_dilated_local(lhs, rhs, window_strides, padding,
                               filter_shape, lhs_dilation=None,
                               rhs_dilation=None, dimension_numbers=None,
                               precision=None):
    """A convolution whose filter differs at every output position
    ("locally connected"): the patches of `lhs`, contracted position by
    position with `rhs`, whose spatial dimensions are the output's and
    whose input-feature dimension runs over channel-major patch entries."""
    la = abstractify(lhs)
    filter_shape = tuple(operator.index(d) for d in filter_shape)
    patches = conv_general_dilated_patches(
        lhs, filter_shape, window_strides, padding, lhs_dilation=lhs_dilation,
        rhs_dilation=rhs_dilation, dimension_numbers=dimension_numbers)
    _, rhs_spec, out_spec = conv_dimension_numbers(
        la.shape, (1, 1) + filter_shape, dimension_numbers)
    # Batch over the spatial positions (the patches' in increasing order,
    # rhs's matched to them), contract the patch features.
    order = sorted(range(len(out_spec) - 2), key=lambda i: out_spec[2 + i])
    p_batch = [out_spec[2 + i] for i in order]
    r_batch = [rhs_spec[2 + i] for i in order]
    out = lax.dot_general(patches, rhs,
                          (([out_spec[1]], [rhs_spec[1]]),
                           (p_batch, r_batch)), precision=precision)
    # out is (spatial..., N, O) with spatial in increasing out_spec order.
    ndim = len(out_spec)
    src = {d: k for k, d in enumerate(sorted(out_spec[2:]))}
    src[out_spec[0]] = ndim - 2
    src[out_spec[1]] = ndim - 1
    return lax.transpose(out, tuple(src[d] for d in range(ndim)))


def ragged_dot(lhs, rhs, group_sizes, precision=None,
               preferred_element_type=None, group_offset=None,
               out_sharding=None):
    """lhs (m, k) @ rhs[g] (k, n) for the rows of each group g, the groups
    being consecutive runs of group_sizes[g] rows; rows past the last group
    are zero."""
    if group_offset is not None:
        raise NotImplementedError("ragged_dot: group_offset is not "
                                  "supported by jxp")
    if out_sharding is not None:
        raise NotImplementedError("ragged_dot: out_sharding is not "
                                  "supported by jxp")
    la, ra, ga = abstractify(lhs), abstractify(rhs), abstractify(group_sizes)
    if len(la.shape) != 2 or len(ra.shape) != 3 or len(ga.shape) != 1:
        raise TypeError(f"ragged_dot expects lhs (m, k), rhs (g, k, n) and "
                        f"group_sizes (g,), got {la.shape}, {ra.shape} and "
                        f"{ga.shape}")
    if la.shape[1] != ra.shape[1] or ra.shape[0] != ga.shape[0]:
        raise TypeError(f"ragged_dot: incompatible shapes lhs {la.shape}, "
                        f"rhs {ra.shape}, group_sizes {ga.shape}")
    if not dtypes.is_int(ga.dtype):
        raise TypeError(f"ragged_dot: group_sizes must be integers, got "
                        f"{ga.dtype}")
    m, g = la.shape[0], ra.shape[0]
    ends = lax.cumsum(group_sizes, 0)
    rows = lax.broadcasted_iota(ga.dtype, (m, g), 0)
    # Row r is in group #(ends <= r); one-hot (m, g) of that group.
    gid = lax.reduce_sum(lax.convert_element_type(
        lax.le(lax.broadcast_in_dim(ends, (m, g), (1,)), rows), np.int32),
        (1,))
    onehot = lax.eq(lax.broadcast_in_dim(gid, (m, g), (0,)),
                    lax.broadcasted_iota(np.int32, (m, g), 1))
    full = lax.dot_general(lhs, rhs, (([1], [1]), ([], [])),
                           precision=precision,
                           preferred_element_type=preferred_element_type)
    zero = lax.full_like(full, 0)
    picked = lax.select(lax.broadcast_in_dim(onehot, _shape(full), (0, 1)),
                        full, zero)
    return lax.reduce_sum(picked, (1,))


class RaggedDotDimensionNumbers:
    """ragged_dot_general's dimensions: dot_general's dimension numbers,
    the lhs's ragged dimension and the rhs's group dimension (if any)."""
    __slots__ = ("dot_dimension_numbers", "lhs_ragged_dimensions",
                 "rhs_group_dimensions")

    def __init__(self, dot_dimension_numbers, lhs_ragged_dimensions,
                 rhs_group_dimensions):
        set_ = object.__setattr__
        set_(self, "dot_dimension_numbers", tuple(
            tuple(tuple(int(d) for d in s) for s in t)
            for t in dot_dimension_numbers))
        set_(self, "lhs_ragged_dimensions",
             tuple(int(d) for d in lhs_ragged_dimensions))
        set_(self, "rhs_group_dimensions",
             tuple(int(d) for d in rhs_group_dimensions))

    def __setattr__(self, name, value):
        raise AttributeError("RaggedDotDimensionNumbers is immutable")

    def _key(self):
        return (self.dot_dimension_numbers, self.lhs_ragged_dimensions,
                self.rhs_group_dimensions)

    def __eq__(self, other):
        return (isinstance(other, RaggedDotDimensionNumbers)
                and self._key() == other._key())

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f"RaggedDotDimensionNumbers(dot_dimension_numbers="
                f"{self.dot_dimension_numbers}, lhs_ragged_dimensions="
                f"{self.lhs_ragged_dimensions}, rhs_group_dimensions="
                f"{self.rhs_group_dimensions})")


def _group_onehot(group_sizes, m):
    """(m, g) booleans: position r along the ragged dimension lies in group
    j (consecutive runs of group_sizes[j]; past the last group, none)."""
    ga = abstractify(group_sizes)
    g = ga.shape[0]
    ends = lax.cumsum(group_sizes, 0)
    pos = lax.broadcasted_iota(ga.dtype, (m, g), 0)
    gid = lax.reduce_sum(lax.convert_element_type(
        lax.le(lax.broadcast_in_dim(ends, (m, g), (1,)), pos), np.int32),
        (1,))
    return lax.eq(lax.broadcast_in_dim(gid, (m, g), (0,)),
                  lax.broadcasted_iota(np.int32, (m, g), 1))


def ragged_dot_general(lhs, rhs, group_sizes, ragged_dot_dimension_numbers,
                       precision=None, preferred_element_type=None,
                       group_offset=None, out_sharding=None):
    """dot_general where the lhs's ragged dimension is cut into consecutive
    groups of group_sizes[j] positions. The ragged dimension may be (1) a
    non-contracting one, each group multiplying its own slice of the rhs's
    group dimension (positions past the groups give zeros); (2) a
    contracting one, each group's partial product stacked along a new
    leading dimension; or (3) a batch dimension (dot_general itself).
    jxp takes group_sizes of shape (g,) only."""
    if group_offset is not None or out_sharding is not None:
        raise NotImplementedError("ragged_dot_general: group_offset and "
                                  "out_sharding are not supported by jxp")
    dn = ragged_dot_dimension_numbers
    (lc, rc), (lb, rb) = dn.dot_dimension_numbers
    la, ra, ga = abstractify(lhs), abstractify(rhs), abstractify(group_sizes)
    if len(dn.lhs_ragged_dimensions) != 1:
        raise TypeError("ragged_dot_general requires exactly one lhs ragged "
                        f"dimension, got {dn.lhs_ragged_dimensions}")
    if len(dn.rhs_group_dimensions) > 1:
        raise TypeError("ragged_dot_general allows at most one rhs group "
                        f"dimension, got {dn.rhs_group_dimensions}")
    if not dtypes.is_int(ga.dtype):
        raise TypeError(f"ragged_dot_general: group_sizes must be integers, "
                        f"got {ga.dtype}")
    if len(ga.shape) != 1:
        raise NotImplementedError(
            "ragged_dot_general: jxp supports group_sizes of shape (g,) "
            f"only, got {ga.shape}")
    rdim = dn.lhs_ragged_dimensions[0] % len(la.shape)
    m, g = la.shape[rdim], ga.shape[0]
    onehot = _group_onehot(group_sizes, m)
    dot = functools.partial(lax.dot_general, precision=precision,
                            preferred_element_type=preferred_element_type)
    lhs_free = [d for d in range(len(la.shape)) if d not in lc and d not in lb]
    if rdim in lhs_free:
        if len(dn.rhs_group_dimensions) != 1:
            raise TypeError("ragged_dot_general: a ragged non-contracting "
                            "dimension needs an rhs group dimension")
        gdim = dn.rhs_group_dimensions[0] % len(ra.shape)
        if ra.shape[gdim] != g:
            raise TypeError(f"ragged_dot_general: rhs group dimension of "
                            f"size {ra.shape[gdim]} for {g} groups")
        full = dot(lhs, rhs, ((lc, rc), (lb, rb)))
        rhs_free = [d for d in range(len(ra.shape))
                    if d not in rc and d not in rb]
        pos_r = len(lb) + lhs_free.index(rdim)
        pos_g = len(lb) + len(lhs_free) + rhs_free.index(gdim)
        mask = lax.broadcast_in_dim(onehot, _shape(full), (pos_r, pos_g))
        picked = lax.select(mask, full, lax.full_like(full, 0))
        return lax.reduce_sum(picked, (pos_g,))
    if dn.rhs_group_dimensions:
        raise TypeError("ragged_dot_general: an rhs group dimension needs a "
                        "ragged non-contracting lhs dimension")
    if rdim in lc:
        # Mode 2: a new leading lhs dimension of the g groups, each keeping
        # its own positions of the contracting dimension.
        shape = (g,) + tuple(la.shape)
        mask = lax.broadcast_in_dim(onehot, shape, (1 + rdim, 0))
        wide = lax.select(mask, lax.broadcast_in_dim(
            lhs, shape, tuple(range(1, len(shape)))),
            lax.full(shape, 0, la.dtype))
        out = dot(wide, rhs, (([c + 1 for c in lc], rc),
                              ([b + 1 for b in lb], rb)))
        # out: (batch..., g, lhs free..., rhs free...) -> g first.
        nb = len(lb)
        perm = (nb,) + tuple(range(nb)) + tuple(
            range(nb + 1, len(_shape(out))))
        return lax.transpose(out, perm)
    # Mode 3: a ragged batch dimension. Each batch position is its own
    # product already, so the grouping changes nothing (as in JAX, whose
    # result here is dot_general's, positions past the groups included).
    return dot(lhs, rhs, ((lc, rc), (lb, rb)))


def pswapaxes(x, axis_name, axis, *, axis_index_groups=None):
    """Swaps the mapped axis `axis_name` with the unmapped `axis`:
    all_to_all with split and concat axis both `axis`."""
    return lax.all_to_all(x, axis_name, axis, axis,
                          axis_index_groups=axis_index_groups)


# --- top k -------------------------------------------------------------------

def _approx_k(name, operand, k, reduction_dimension, recall_target,
              reduction_input_size_override, aggregate_to_topk, largest):
    av = abstractify(operand)
    ndim = len(av.shape)
    if not dtypes.is_float(av.dtype):
        raise ValueError("operand must be a floating type")
    if k <= 0:
        raise ValueError(f"k must be positive, got {k}")
    if not -ndim <= reduction_dimension < ndim:
        raise ValueError(f"{name}: reduction_dimension {reduction_dimension} "
                         f"is out of bounds for rank {ndim}")
    dim = reduction_dimension % ndim
    if k > av.shape[dim]:
        raise ValueError(f"k must be smaller than or equal to the size of the "
                         f"reduction dimension, got k={k} for dimension of "
                         f"size {av.shape[dim]}")
    if not aggregate_to_topk:
        raise NotImplementedError(
            f"{name}: aggregate_to_topk=False (XLA's unaggregated partial "
            f"results, in an order of its own) is not supported by jxp")
    if not 0 < recall_target <= 1:
        raise ValueError(f"recall_target must be in (0, 1], got "
                         f"{recall_target}")
    # On the CPU, JAX's approximate top-k is the exact one.
    x = operand
    if dim != ndim - 1:
        perm = [d for d in range(ndim) if d != dim] + [dim]
        x = lax.transpose(x, tuple(perm))
    if largest:
        vals, idx = lax.top_k(x, k)
    else:
        # Ascending in the total order sort uses (NaN last), as JAX's
        # approx_min_k on the CPU; stable, so ties keep the lower index.
        shape = _shape(x)
        iota = lax.broadcasted_iota(np.int32, shape, len(shape) - 1)
        vals, idx = lax.sort((x, iota), dimension=len(shape) - 1,
                             num_keys=1)
        vals = lax.slice_in_dim(vals, 0, k, axis=len(shape) - 1)
        idx = lax.slice_in_dim(idx, 0, k, axis=len(shape) - 1)
    if dim != ndim - 1:
        inv = list(range(ndim - 1))
        inv.insert(dim, ndim - 1)
        vals = lax.transpose(vals, tuple(inv))
        idx = lax.transpose(idx, tuple(inv))
    return [vals, idx]


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """The k largest values along `reduction_dimension` and their indices
    (exact, as JAX on the CPU)."""
    return _approx_k("approx_max_k", operand, k, reduction_dimension,
                     recall_target, reduction_input_size_override,
                     aggregate_to_topk, True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """The k smallest values along `reduction_dimension` and their indices
    (exact, as JAX on the CPU)."""
    return _approx_k("approx_min_k", operand, k, reduction_dimension,
                     recall_target, reduction_input_size_override,
                     aggregate_to_topk, False)


# --- implicit differentiation ------------------------------------------------

def _tree_sub(a, b):
    return _tu.tree_map(lax.sub, a, b)


def _tangent_only(tree):
    """A tree equal to zero whose derivative is `tree`'s: x - sg(x)."""
    return _tu.tree_map(lambda x: lax.sub(x, lax.stop_gradient(x)), tree)


def _split_aux(out, has_aux):
    if has_aux:
        sol, aux = out
        return sol, _tu.tree_map(lax.stop_gradient, aux)
    return out, None


def custom_root(f, initial_guess, solve, tangent_solve, has_aux=False):
    """solve(f, initial_guess), a root of f, differentiated implicitly: the
    derivative of the root with respect to what f closes over is
    -(df/dx)^-1 df/dtheta, computed with `tangent_solve`; `solve` itself is
    not differentiated.

    The value is solve's exactly: the correction term added to it is
    tangent_solve applied to f(x*) - stop_gradient(f(x*)), which is zero in
    value and carries df/dtheta as its derivative."""
    guess = _tu.tree_map(lax.stop_gradient, initial_guess)
    root, aux = _split_aux(solve(f, guess), has_aux)
    root = _tu.tree_map(lax.stop_gradient, root)
    _, in_tree = _tu.tree_flatten(initial_guess)
    _, out_tree = _tu.tree_flatten(root)
    if in_tree != out_tree:
        raise TypeError(f"custom_root: solve must return the structure of "
                        f"initial_guess {in_tree}, got {out_tree}")
    residual = _tangent_only(f(root))

    step = tangent_solve(_linearized(f, root), residual)
    out = _tu.tree_map(lambda r, s: lax.sub(r, s), root, step)
    return (out, aux) if has_aux else out


def _linearized(f, x):
    """v -> df/dx at the (constant) point x, applied to v."""
    def apply(v):
        return jvp(f, (x,), (v,))[1]
    return apply


def custom_linear_solve(matvec, b, solve, transpose_solve=None,
                        symmetric=False, has_aux=False):
    """x = solve(matvec, b) for the linear map `matvec`, differentiated
    implicitly: dx = A^-1 (db - dA x). The value is solve's exactly (the
    correction is solve applied to a residual that is zero in value).

    Given transpose_solve (or symmetric=True), the correction is a
    custom_vjp whose cotangent goes through transpose_solve with the
    transposed matvec, so reverse mode works for solvers that cannot be
    differentiated (while loops), as in JAX; forward mode then raises, as
    jxp cannot transpose a custom_vjp inside a custom_jvp rule. Without
    transpose_solve, solve is differentiated as written, in both modes
    (JAX refuses reverse mode there)."""
    x, aux = _split_aux(solve(matvec, _tu.tree_map(lax.stop_gradient, b)),
                        has_aux)
    x = _tu.tree_map(lax.stop_gradient, x)
    _, b_tree = _tu.tree_flatten(b)
    _, x_tree = _tu.tree_flatten(x)
    if b_tree != x_tree:
        raise TypeError(f"custom_linear_solve: solve must return the "
                        f"structure of b {b_tree}, got {x_tree}")
    residual = _tangent_only(_tree_sub(b, matvec(x)))
    if symmetric and transpose_solve is None:
        transpose_solve = solve
    if transpose_solve is None:
        step, _ = _split_aux(solve(matvec, residual), has_aux)
    else:
        step = _transposable_solve(matvec, solve, transpose_solve, x,
                                   has_aux)(residual)
    out = _tu.tree_map(lax.add, x, step)
    return (out, aux) if has_aux else out


def _transposable_solve(matvec, solve, transpose_solve, x, has_aux):
    """r -> solve(matvec, r), linear in r, whose VJP is transpose_solve
    with the transposed matvec. (Its dependence on what matvec closes over
    is dropped: it is only applied to residuals that are zero in value.)"""
    vecmat = linear_transpose(matvec, x)

    def vecmat_one(ct):
        out, = vecmat(ct)
        return out

    @custom_vjp
    def lin(r):
        return _split_aux(solve(matvec, r), has_aux)[0]

    def fwd(r):
        return lin(r), None

    def bwd(_, ct):
        return (_split_aux(transpose_solve(vecmat_one, ct), has_aux)[0],)

    lin.defvjp(fwd, bwd)
    return lin
