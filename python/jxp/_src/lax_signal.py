"""jax.lax's FFT, convolutions and window reductions over jxp's primitives.

Each function resolves JAX's conveniences (dimension-number strings,
padding names, FftType spellings, the reduction given as a function) to the
one primitive's parameters; the derivative and batching rules are the ops'
own, in C++ (lib/Rules/SignalRules.cpp).
"""

import collections
import enum

import numpy as np

from . import dtypes
from . import lax as _p
from . import lax_lenient as lax
from .core import abstractify
from .. import lax as full


class FftType(enum.IntEnum):
    """XLA's FFT kinds, numbered as jax.lax.FftType."""
    FFT = 0
    IFFT = 1
    RFFT = 2
    IRFFT = 3


_FFT_NAMES = {"fft": "FFT", "FFT": "FFT", "ifft": "IFFT", "IFFT": "IFFT",
              "rfft": "RFFT", "RFFT": "RFFT", "irfft": "IRFFT",
              "IRFFT": "IRFFT"}


def _fft_type_name(fft_type):
    if isinstance(fft_type, str):
        if fft_type not in _FFT_NAMES:
            raise ValueError(f"Unknown FFT type '{fft_type}'")
        return _FFT_NAMES[fft_type]
    if isinstance(fft_type, FftType):
        return fft_type.name
    raise TypeError(f"Unknown FFT type value '{fft_type}'")


def fft(x, fft_type, fft_lengths):
    """XLA's FFT of the trailing len(fft_lengths) dimensions of x: RFFT
    reads reals (integers become floats), the others complex numbers."""
    name = _fft_type_name(fft_type)
    if isinstance(fft_lengths, (int, np.integer)):
        fft_lengths = (fft_lengths,)
    dtype = abstractify(x).dtype
    if name == "RFFT":
        if dtypes.is_complex(dtype):
            raise ValueError("only real valued inputs supported for rfft")
        x = lax.convert_element_type(x, dtypes.to_inexact_dtype(dtype))
    else:
        x = lax.convert_element_type(x, dtypes.to_complex_dtype(dtype))
    if not fft_lengths:
        return x  # (XLA has no FFT over no dimensions)
    return _p.fft_p.bind(x, fft_type=name,
                         fft_lengths=tuple(int(n) for n in fft_lengths))


ConvDimensionNumbers = collections.namedtuple(
    "ConvDimensionNumbers", ["lhs_spec", "rhs_spec", "out_spec"])
ConvDimensionNumbers.__doc__ = (
    "Where the batch/feature and spatial dimensions of a convolution's lhs, "
    "kernel and output are, as jax.lax.ConvDimensionNumbers.")


def conv_general_permutations(dimension_numbers):
    """The dimension indices of three layout strings such as
    ('NCHW', 'OIHW', 'NCHW'), spatial dimensions in the kernel's order."""
    specs = tuple(dimension_numbers)
    pairs = (("N", "C"), ("O", "I"), ("N", "C"))
    for spec, (a, b) in zip(specs, pairs):
        if not spec.count(a) == spec.count(b) == 1:
            raise TypeError(f"convolution dimension_numbers[{specs.index(spec)}] "
                            f"must contain the characters '{a}' and '{b}' "
                            f"exactly once, got {spec}.")
        if len(spec) != len(set(spec)):
            raise TypeError(f"convolution dimension_numbers[{specs.index(spec)}] "
                            f"cannot have duplicate characters, got {spec}.")
    lhs, rhs, out = specs
    if not (set(lhs) - set("NC") == set(rhs) - set("OI") == set(out) - set("NC")):
        raise TypeError(f"convolution dimension_numbers elements must each "
                        f"have the same set of spatial characters, got {specs}.")

    def perm(spec, pair):
        spatial = [i for i, c in enumerate(spec) if c not in pair]
        if spec is not rhs:
            spatial.sort(key=lambda i: rhs.index(spec[i]))
        return (spec.index(pair[0]), spec.index(pair[1])) + tuple(spatial)
    return tuple(perm(s, p) for s, p in zip(specs, pairs))


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
    """ConvDimensionNumbers from None, a ConvDimensionNumbers, or three
    layout strings, checked against the operands' ranks."""
    if len(lhs_shape) != len(rhs_shape):
        raise TypeError(f"convolution requires lhs and rhs ndim to be equal, "
                        f"got {len(lhs_shape)} and {len(rhs_shape)}.")
    if dimension_numbers is None:
        iota = tuple(range(len(lhs_shape)))
        return ConvDimensionNumbers(iota, iota, iota)
    if isinstance(dimension_numbers, ConvDimensionNumbers):
        return ConvDimensionNumbers(*(tuple(int(d) for d in s)
                                      for s in dimension_numbers))
    if len(dimension_numbers) != 3:
        raise TypeError(f"convolution dimension_numbers list/tuple must be "
                        f"length 3, got {len(dimension_numbers)}.")
    if not all(isinstance(s, str) for s in dimension_numbers):
        raise TypeError(f"convolution dimension_numbers elements must be "
                        f"strings, got {tuple(map(type, dimension_numbers))}.")
    for i, s in enumerate(dimension_numbers):
        if len(s) != len(lhs_shape):
            raise TypeError(f"convolution dimension_numbers[{i}] must have "
                            f"len equal to the ndim of lhs and rhs, got "
                            f"{len(s)} for lhs and rhs shapes {lhs_shape} "
                            f"and {rhs_shape}.")
    return ConvDimensionNumbers(*conv_general_permutations(dimension_numbers))


def _dilate(size, dilation):
    return 0 if size == 0 else 1 + dilation * (size - 1)


def _pairs(name, padding, n, error=TypeError):
    try:
        pads = tuple((int(lo), int(hi)) for lo, hi in padding)
    except (TypeError, ValueError):
        raise TypeError(f"{name}: padding must be a string or a sequence of "
                        f"(low, high) pairs, got {padding!r}") from None
    if len(pads) != n:
        raise error(f"Wrong number of explicit pads for {name}: "
                    f"expected {n}, got {len(pads)}.")
    return pads


def conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None,
                         rhs_dilation=None, dimension_numbers=None,
                         feature_group_count=1, batch_group_count=1,
                         precision=None, preferred_element_type=None):
    """General dilated convolution, as jax.lax.conv_general_dilated."""
    la, ra = abstractify(lhs), abstractify(rhs)
    dnums = conv_dimension_numbers(la.shape, ra.shape, dimension_numbers)
    s = la.ndim - 2
    lhs_dilation = (1,) * s if lhs_dilation is None else tuple(lhs_dilation)
    rhs_dilation = (1,) * s if rhs_dilation is None else tuple(rhs_dilation)
    window_strides = tuple(int(d) for d in window_strides)
    if len(window_strides) != s:
        raise ValueError(f"conv_general_dilated window and window_strides "
                         f"must have the same number of dimensions, but got "
                         f"{s} and {len(window_strides)}")
    if any(d < 1 for d in window_strides):
        raise ValueError(f"conv_general_dilated window_strides must be "
                         f"positive, got {window_strides}")
    if isinstance(padding, str):
        if any(d != 1 for d in lhs_dilation):
            raise ValueError(
                "String padding is not implemented for transposed "
                "convolution using this op. Please either exactly specify "
                "the required padding or use conv_transpose.")
        kernel = [_dilate(ra.shape[d], r)
                  for d, r in zip(dnums.rhs_spec[2:], rhs_dilation)]
        padding = lax.padtype_to_pads(
            [la.shape[d] for d in dnums.lhs_spec[2:]], kernel,
            window_strides, padding)
    padding = _pairs("convolution", padding, s)
    if preferred_element_type is not None:
        preferred_element_type = dtypes.canonicalize(
            preferred_element_type)
    out = _p.conv_p.bind(
        lhs, rhs, window_strides=window_strides, padding=padding,
        lhs_dilation=tuple(int(d) for d in lhs_dilation),
        rhs_dilation=tuple(int(d) for d in rhs_dilation),
        dimension_numbers=tuple(tuple(x) for x in dnums),
        feature_group_count=int(feature_group_count),
        batch_group_count=int(batch_group_count))
    if (preferred_element_type is not None
            and preferred_element_type != abstractify(out).dtype):
        out = lax.convert_element_type(out, preferred_element_type)
    return out


def conv(lhs, rhs, window_strides, padding, precision=None,
         preferred_element_type=None):
    """conv_general_dilated in NCHW/OIHW layout without dilation."""
    return conv_general_dilated(lhs, rhs, window_strides, padding,
                                precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_with_general_padding(lhs, rhs, window_strides, padding, lhs_dilation,
                              rhs_dilation, precision=None,
                              preferred_element_type=None):
    """conv_general_dilated in NCHW/OIHW layout."""
    return conv_general_dilated(lhs, rhs, window_strides, padding,
                                lhs_dilation=lhs_dilation,
                                rhs_dilation=rhs_dilation, precision=precision,
                                preferred_element_type=preferred_element_type)


def _conv_transpose_padding(k, s, padding):
    if padding == "SAME":
        total = k + s - 2
        lo = k - 1 if s > k - 1 else int(np.ceil(total / 2))
    elif padding == "VALID":
        total = k + s - 2 + max(k - s, 0)
        lo = k - 1
    else:
        raise ValueError("Padding mode must be `SAME` or `VALID`.")
    return lo, total - lo


_TRANSPOSE_DEFAULTS = {2: ("NC", "IO", "NC"), 3: ("NHC", "HIO", "NHC"),
                       4: ("NHWC", "HWIO", "NHWC"),
                       5: ("NHWDC", "HWDIO", "NHWDC")}


def conv_transpose(lhs, rhs, strides, padding, rhs_dilation=None,
                   dimension_numbers=None, transpose_kernel=False,
                   precision=None, preferred_element_type=None):
    """The gradient of a strided convolution as a convolution with
    dilated input, as jax.lax.conv_transpose."""
    la, ra = abstractify(lhs), abstractify(rhs)
    if la.ndim != ra.ndim or la.ndim < 2:
        raise ValueError(f"conv_transpose needs lhs and rhs of one rank of "
                         f"at least 2, got {la.shape} and {ra.shape}")
    if dimension_numbers is None:
        if la.ndim not in _TRANSPOSE_DEFAULTS:
            raise ValueError("No 4+ dimensional dimension_number defaults.")
        dimension_numbers = _TRANSPOSE_DEFAULTS[la.ndim]
    dn = conv_dimension_numbers(la.shape, ra.shape, dimension_numbers)
    spatial = [ra.shape[d] for d in dn.rhs_spec[2:]]
    if isinstance(padding, str) and padding in ("SAME", "VALID"):
        dil = rhs_dilation or (1,) * (ra.ndim - 2)
        pads = [_conv_transpose_padding(_dilate(k, r), s, padding)
                for k, r, s in zip(spatial, dil, strides)]
    else:
        pads = padding
    if transpose_kernel:
        rhs = lax.rev(rhs, tuple(dn.rhs_spec[2:]))
        perm = list(range(ra.ndim))
        perm[dn.rhs_spec[0]], perm[dn.rhs_spec[1]] = (dn.rhs_spec[1],
                                                      dn.rhs_spec[0])
        rhs = lax.transpose(rhs, tuple(perm))
    return conv_general_dilated(lhs, rhs, (1,) * (la.ndim - 2), pads,
                                lhs_dilation=strides,
                                rhs_dilation=rhs_dilation,
                                dimension_numbers=dn, precision=precision,
                                preferred_element_type=preferred_element_type)


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
        padding = lax.padtype_to_pads(
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
    acc = [full.broadcast(i, out_shape) for i in inits]
    if 0 in out_shape:
        return acc
    config = [(lo, hi, b - 1) for (lo, hi), b in zip(padding, base_dilation)]
    padded = [full.pad(x, i, config) for x, i in zip(operands, inits)]
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
        xs = [full.slice(x, start, limit, window_strides) for x in padded]
        new = (computation(tuple(acc), tuple(xs)) if multiple
               else [computation(acc[0], xs[0])])
        new = list(new)
        if mask.all():
            acc = new
        else:
            acc = [full.select(mask, n, a) for n, a in zip(new, acc)]
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
    return _p.reduce_window_p.bind(
        operand, kind=kind, window_dimensions=window_dimensions,
        window_strides=window_strides, padding=padding,
        base_dilation=base_dilation, window_dilation=window_dilation)
