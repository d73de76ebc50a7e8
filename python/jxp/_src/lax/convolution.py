"""jax.lax's convolutions over jxp's conv primitive, and their shape helpers
(conv_*_shape_tuple) and patch extraction.

Each function resolves JAX's conveniences (dimension-number strings,
padding names) to the one primitive's parameters; the derivative and batching rules are the ops'
own, in C++ (lib/Rules/SignalRules.cpp).
"""

import collections
import math
import operator

import numpy as np

from jxp._src import dtypes
from jxp._src.core import abstractify
from jxp._src.lax import lax
from jxp._src.lax import primitives as _p


ConvDimensionNumbers = collections.namedtuple(
    "ConvDimensionNumbers", ["lhs_spec", "rhs_spec", "out_spec"])
ConvDimensionNumbers.__doc__ = (
    "Where the batch/feature and spatial dimensions of a convolution's lhs, "
    "kernel and output are, as jax.ConvDimensionNumbers.")


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
    """General dilated convolution, as jax.conv_general_dilated."""
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
    out = _p.conv_prim.bind(
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
    dilated input, as jax.conv_transpose."""
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


ConvGeneralDilatedDimensionNumbers = ConvDimensionNumbers


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
