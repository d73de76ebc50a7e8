"""jax.lax's window reductions: reduce_window and its shape helper, over
the reduce_window primitive (derivative and batching rules in C++).

The reductions the op knows (sum, max, min, recognised by the function
given) bind it; any other computation reduces the stacked windows with
lax.reduce."""

import numpy as np

from jxp._src import dtypes
from jxp._src.core import abstractify
from jxp._src.lax import lax as _strict
from jxp._src.lax import primitives as _p
from jxp._src.lax import scalar_casting as lax
from jxp._src.lax import slicing
from jxp._src.lax.convolution import _dilate, _pairs, _stride_dim


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


# The reductions jxp's reduce_window op computes, by the name of the
# function given: lax.add/max/min and jnp.add/maximum/minimum, JAX's and
# jxp's alike (a user's function of the same name is just a function).
_WINDOW_KINDS = {"add": "sum", "max": "max", "maximum": "max", "min": "min",
                 "minimum": "min"}


def _window_kind(computation):
    module = getattr(computation, "__module__", None) or ""
    if module.split(".")[0] not in ("jax", "jxp"):
        return None
    return _WINDOW_KINDS.get(getattr(computation, "__name__", None))


def reduce_window(operand, init_value, computation, window_dimensions,
                  window_strides, padding, base_dilation=None,
                  window_dilation=None):
    """Reduces each window of `operand` (an array or a tuple of them) with
    `computation`, starting from `init_value`. lax.add, lax.max and
    lax.min (and jnp's add/maximum/minimum) are jxp's reduce_window op,
    with derivatives; any other computation reduces the stacked windows
    with lax.reduce."""
    multiple = isinstance(operand, (tuple, list))
    operands = list(operand) if multiple else [operand]
    inits = (list(init_value) if isinstance(init_value, (tuple, list))
             else [init_value])
    if len(inits) != len(operands) or not operands:
        raise TypeError(f"reduce_window: {len(operands)} operands but "
                        f"{len(inits)} init values")
    a = abstractify(operands[0])
    r = a.ndim
    window_dimensions = tuple(int(d) for d in window_dimensions)
    window_strides = tuple(int(d) for d in window_strides)
    base_dilation = (1,) * r if base_dilation is None else tuple(
        int(d) for d in base_dilation)
    window_dilation = (1,) * r if window_dilation is None else tuple(
        int(d) for d in window_dilation)
    for name, v in (("window_dimensions", window_dimensions),
                    ("window_strides", window_strides)):
        if any(d < 1 for d in v):
            raise TypeError(f"reduce_window {name} must have every element "
                            f"be strictly positive, got {v}.")
    if isinstance(padding, str):
        padding = _strict.padtype_to_pads(
            [_dilate(n, d) for n, d in zip(a.shape, base_dilation)],
            [_dilate(w, d) for w, d in zip(window_dimensions,
                                           window_dilation)],
            window_strides, padding)
    padding = _pairs("reduce_window", padding, r, ValueError)
    window = (window_dimensions, window_strides, padding, base_dilation,
              window_dilation)
    kind = None if multiple else _window_kind(computation)
    if kind is None:
        out = _reduce_stacked_windows(operands, inits, computation, *window)
        return tuple(out) if multiple else out[0]
    init = np.asarray(init_value)
    identity = _identity(kind, a.dtype)
    if kind == "sum":
        if init.shape != () or init != identity:
            if any(lo or hi for lo, hi in padding) or any(
                    d != 1 for d in base_dilation):
                # Padding holds the init value: only the general path
                # places it there.
                return _reduce_stacked_windows(operands, inits, computation,
                                               *window)[0]
            out = _bind_reduce_window(operand, kind, *window)
            return lax.add(out, lax.convert_element_type(init_value, a.dtype))
        return _bind_reduce_window(operand, kind, *window)
    out = _bind_reduce_window(operand, kind, *window)
    if init.shape != () or init != identity:
        # max and min are idempotent: an init other than the identity (the
        # padding value too, in XLA) folds in once.
        op = lax.max if kind == "max" else lax.min
        out = op(out, lax.convert_element_type(init_value, a.dtype))
    return out


def _reduce_stacked_windows(operands, inits, computation, window_dimensions,
                            window_strides, padding, base_dilation,
                            window_dilation):
    """XLA's reduce_window for any computation: starting from the init
    values, each window's elements folded in one by one in row-major order
    with `computation`. Padding and base-dilation holes hold no element:
    they are skipped (a static mask), so the init counts once."""
    shapes = [abstractify(x).shape for x in operands]
    if any(s != shapes[0] for s in shapes):
        raise TypeError(f"reduce_window: operands must have one shape, got "
                        f"{shapes}")
    for x, i in zip(operands, inits):
        xd, idt = abstractify(x).dtype, abstractify(i).dtype
        if xd != idt:
            raise TypeError(f"reduce_window got inconsistent dtypes for "
                            f"operands and init_values: got operand dtype "
                            f"{xd} and init_value dtype {idt}")
        if abstractify(i).shape != ():
            raise TypeError("reduce_window: init values must be scalars")
    r = len(shapes[0])
    out_shape = tuple(_p._windowed(shapes[0][d], *padding[d], base_dilation[d],
                                   window_dimensions[d], window_dilation[d],
                                   window_strides[d]) for d in range(r))
    acc = [_strict.broadcast(i, out_shape) for i in inits]
    if 0 in out_shape:
        return acc
    config = [(lo, hi, b - 1) for (lo, hi), b in zip(padding, base_dilation)]
    padded = [_strict.pad(x, i, config) for x, i in zip(operands, inits)]
    # Where the padded operand holds an element of the operand, per
    # dimension (padding may be negative: positions outside are cut).
    per_dim = []
    for (lo, _), n, b, size in zip(padding, shapes[0], base_dilation,
                                   abstractify(padded[0]).shape):
        pos = lo + np.arange(n) * b
        line = np.zeros(size, bool)
        line[pos[(pos >= 0) & (pos < size)]] = True
        per_dim.append(line)
    real = np.ones((), bool)
    for line in per_dim:
        real = np.logical_and.outer(real, line)
    multiple = len(operands) > 1
    for offset in np.ndindex(*window_dimensions):
        start = [k * wd for k, wd in zip(offset, window_dilation)]
        limit = [s + (n - 1) * st + 1
                 for s, n, st in zip(start, out_shape, window_strides)]
        index = tuple(slice(a, b, st) for a, b, st in zip(start, limit,
                                                          window_strides))
        mask = real[index]
        if not mask.any():
            continue
        xs = [slicing.slice(x, start, limit, window_strides) for x in padded]
        new = (computation(tuple(acc), tuple(xs)) if multiple
               else [computation(acc[0], xs[0])])
        new = list(new)
        if mask.all():
            acc = new
        else:
            acc = [_strict.select(mask, n, a) for n, a in zip(new, acc)]
    return acc


def _identity(kind, dtype):
    if kind == "sum":
        return np.zeros((), dtype)
    if dtypes.is_float(dtype):
        return np.asarray(-np.inf if kind == "max" else np.inf, dtype)
    if dtype == np.bool_:
        return np.asarray(kind == "min")
    info = np.iinfo(dtype)
    return np.asarray(info.min if kind == "max" else info.max, dtype)


def _bind_reduce_window(operand, kind, window_dimensions, window_strides,
                        padding, base_dilation, window_dilation):
    return _p.reduce_window_prim.bind(
        operand, kind=kind, window_dimensions=window_dimensions,
        window_strides=window_strides, padding=padding,
        base_dilation=base_dilation, window_dilation=window_dilation)
