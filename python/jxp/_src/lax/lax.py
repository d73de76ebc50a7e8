"""jax.lax's functions over jxp's primitives (primitives.py): elementwise
arithmetic and comparisons, conversions, shapes (broadcast, reshape,
transpose, concatenate, pad, split, tile), reductions (with a monoid or a
computation), cumulative ops, dot products (dot_general, ragged_dot),
sorting, RNG ops, and the identities JAX keeps for its compiler
(optimization_barrier, stage, composite).

They are strict, as JAX's: operands of elementwise ops must agree in dtype
(Python scalars are weakly typed); scalar_casting.py is the lenient form
jxp's own libraries call.
"""

import builtins
import enum
import functools
import math
import operator
import typing

import numpy as np

from jxp._src import dtypes
from jxp._src import tree_util as _tu
from jxp._src.custom_derivatives import custom_jvp
from jxp._src.core import Tracer, abstractify, is_array_like, rebind_aval
from jxp._src.lax import primitives as _p
from jxp._src.util import canonicalize_axis


def _is_array(x):
    """A jxp array or tracer: what a no-op may return as it is (a Python or
    NumPy scalar still becomes an array, as in JAX)."""
    return is_array_like(x)


def _broadcast_operands(args):
    """JAX's implicit broadcasting in lax's n-ary ops: rank-0 operands, and
    size-1 dimensions among operands of equal rank. Anything else is left
    for the shape rule to reject."""
    # Fast path: tracers of one shape (traced jnp functions) need nothing.
    if args and type(args[0]) is Tracer:
        shape = args[0].aval.shape
        for a in args:
            if type(a) is not Tracer or a.aval.shape != shape:
                break
        else:
            return args
    avals = [abstractify(a) for a in args]
    shapes = [a.shape for a in avals]
    if builtins.all(s == shapes[0] for s in shapes):
        return args
    ranked = [s for s in shapes if s]
    if builtins.any(len(s) != len(ranked[0]) for s in ranked):
        return args
    out = []
    for dims in zip(*ranked):
        sizes = {d for d in dims if d != 1}
        if len(sizes) > 1:
            return args
        out.append(sizes.pop() if sizes else 1)
    out = tuple(out)
    return [a if av.shape == out else
            broadcast_in_dim(a, out, tuple(builtins.range(av.ndim)))
            for a, av in zip(args, avals)]


def _elementwise(prim):
    def f(*args):
        return prim.bind(*_broadcast_operands(list(args)))
    f.__name__ = prim.name
    return f


neg = _elementwise(_p.neg_prim)
abs = _elementwise(_p.abs_prim)  # noqa: A001
sign = _elementwise(_p.sign_prim)
exp = _elementwise(_p.exp_prim)
log = _elementwise(_p.log_prim)
log1p = _elementwise(_p.log1p_prim)
expm1 = _elementwise(_p.expm1_prim)
sin = _elementwise(_p.sin_prim)
cos = _elementwise(_p.cos_prim)
tan = _elementwise(_p.tan_prim)
tanh = _elementwise(_p.tanh_prim)
logistic = _elementwise(_p.logistic_prim)
sqrt = _elementwise(_p.sqrt_prim)
rsqrt = _elementwise(_p.rsqrt_prim)
cbrt = _elementwise(_p.cbrt_prim)
erf = _elementwise(_p.erf_prim)
erf_inv = _elementwise(_p.erf_inv_prim)
erfc = _elementwise(_p.erfc_prim)
lgamma = _elementwise(_p.lgamma_prim)
digamma = _elementwise(_p.digamma_prim)
bessel_i0e = _elementwise(_p.bessel_i0e_prim)
bessel_i1e = _elementwise(_p.bessel_i1e_prim)
population_count = _elementwise(_p.population_count_prim)
clz = _elementwise(_p.clz_prim)
polygamma = _elementwise(_p.polygamma_prim)
zeta = _elementwise(_p.zeta_prim)
nextafter = _elementwise(_p.nextafter_prim)
floor = _elementwise(_p.floor_prim)
ceil = _elementwise(_p.ceil_prim)
bitwise_not = _elementwise(_p.not_prim)
is_finite = _elementwise(_p.is_finite_prim)
add = _elementwise(_p.add_prim)
sub = _elementwise(_p.sub_prim)
mul = _elementwise(_p.mul_prim)
div = _elementwise(_p.div_prim)
rem = _elementwise(_p.rem_prim)
_pow = _elementwise(_p.pow_prim)
max = _elementwise(_p.max_prim)  # noqa: A001
min = _elementwise(_p.min_prim)  # noqa: A001
atan2 = _elementwise(_p.atan2_prim)
bitwise_and = _elementwise(_p.and_prim)
bitwise_or = _elementwise(_p.or_prim)
bitwise_xor = _elementwise(_p.xor_prim)
shift_left = _elementwise(_p.shift_left_prim)
shift_right_logical = _elementwise(_p.shift_right_logical_prim)
shift_right_arithmetic = _elementwise(_p.shift_right_arithmetic_prim)


def _pow_int_exponent(x, y):
    return _pow(x, convert_element_type(y, abstractify(x).dtype))


# JAX's pow with an integer exponent is differentiable at 0 ** 0: its
# derivative in x is 0 wherever y == 0, where an inexact exponent gives NaN
# (0 * 0 ** -1). The op takes one element type, so the integer case brings
# its rule along; a select after the op would not do, as reverse mode
# multiplies the NaN by the zero cotangent the select sends back.
_pow_int_exponent = custom_jvp(_pow_int_exponent)


@_pow_int_exponent.defjvp
def _pow_int_exponent_jvp(primals, tangents):
    (x, y), (g, _) = primals, tangents
    dtype = abstractify(x).dtype
    yf = convert_element_type(y, dtype)
    zeros = broadcast_in_dim(np.zeros((), dtype), abstractify(yf).shape, ())
    jac = select(eq(y, np.zeros((), abstractify(y).dtype)), zeros,
                 mul(yf, _pow(x, sub(yf, np.ones((), dtype)))))
    return _pow_int_exponent(x, y), mul(g, jac)


def pow(x, y):  # noqa: A001
    """x ** y; as in JAX, an inexact x may take an integer exponent."""
    xa = abstractify(x)
    if not dtypes.is_inexact(xa.dtype):
        # JAX's dtype rule: the base is floating or complex (jnp.power
        # handles integer bases itself).
        raise TypeError(f"pow does not accept dtype {np.dtype(xa.dtype).name} "
                        f"at position 0. Accepted dtypes at position 0 are "
                        f"subtypes of floating, complexfloating.")
    ya = abstractify(y)
    if ya.dtype == np.bool_:
        raise TypeError("pow does not accept dtype bool at position 1. "
                        "Accepted dtypes at position 1 are subtypes of "
                        "integer, floating, complexfloating.")
    if not dtypes.is_int(ya.dtype):
        return _pow(x, y)
    # An integer exponent of any width, Python ints included; the result is
    # weakly typed only if both operands are (JAX's rule).
    if isinstance(x, (bool, int, float, builtins.complex)):
        x = np.asarray(x, xa.dtype)
    if isinstance(y, int):
        y = np.asarray(y, ya.dtype)
    out = _pow_int_exponent(*_broadcast_operands([x, y]))
    weak = xa.weak_type and ya.weak_type
    return rebind_aval(out, abstractify(out).update(weak_type=True)) \
        if weak else out


class RoundingMethod:
    AWAY_FROM_ZERO = 0
    TO_NEAREST_EVEN = 1


def round(x, rounding_method=RoundingMethod.AWAY_FROM_ZERO):  # noqa: A001
    method = ("away_from_zero" if int(rounding_method) == 0
              else "to_nearest_even")
    return _p.round_prim.bind(x, rounding_method=method)


def _compare(x, y, direction):
    """Any dtype; complex numbers order lexicographically (jnp's order)."""
    return _p.compare_prim.bind(*_broadcast_operands([x, y]), direction=direction)


def _comparison(direction):
    def f(x, y):
        if direction not in ("EQ", "NE"):
            # JAX's lax orders real numbers only.
            for pos, a in enumerate((x, y)):
                dtype = abstractify(a).dtype
                if dtypes.is_complex(dtype):
                    raise TypeError(
                        f"{f.__name__} does not accept dtype {dtype.name} at "
                        f"position {pos}. Accepted dtypes at position {pos} "
                        f"are subtypes of integer, floating, bool.")
        return _compare(x, y, direction)
    f.__name__ = direction.lower()
    return f


eq, ne, ge, gt, le, lt = (_comparison(d) for d in ("EQ", "NE", "GE", "GT", "LE", "LT"))


def select(pred, on_true, on_false):
    dtype = abstractify(pred).dtype
    if dtypes.is_int(dtype):
        # An integer `which` picks on_false below 1, as JAX's select_n.
        pred = _compare(pred, np.ones((), dtype), "GE")
    elif dtype != dtypes.bool_:
        raise TypeError(f"select `which` must be boolean or integer type, "
                        f"got {dtype.name}.")
    return _p.select_prim.bind(pred, on_true, on_false)


def clamp(min, x, max):  # noqa: A002
    return _p.clamp_prim.bind(min, x, max)


def convert_element_type(operand, new_dtype):
    new_dtype = dtypes.canonicalize(new_dtype)
    if type(operand) is int:
        # As JAX: a Python int is not range-checked against the default int
        # first; it wraps around into new_dtype (2**100 still fits float32).
        operand = np.asarray(operand).astype(new_dtype)
    return _p.convert_element_type_prim.bind(operand, new_dtype=new_dtype,
                                          weak_type=False)


def bitcast_convert_type(operand, new_dtype):
    return _p.bitcast_convert_type_prim.bind(
        operand, new_dtype=dtypes.canonicalize(new_dtype))


def iota(dtype, size):
    return broadcasted_iota(dtype, (size,), 0)


def broadcasted_iota(dtype, shape, dimension):
    if builtins.any(int(d) < 0 for d in shape):
        raise TypeError(f"iota shape must have every element be nonnegative, "
                        f"got {tuple(shape)}.")
    return _p.iota_prim.bind(dtype=dtypes.canonicalize(dtype),
                          shape=tuple(int(d) for d in shape),
                          dimension=int(dimension))


def broadcast_in_dim(operand, shape, broadcast_dimensions):
    shape = tuple(int(d) for d in shape)
    dims = tuple(int(d) for d in broadcast_dimensions)
    if abstractify(operand).shape == shape and dims == tuple(
            builtins.range(len(shape))) and _is_array(operand):
        return operand
    return _p.broadcast_in_dim_prim.bind(operand, shape=shape,
                                      broadcast_dimensions=dims)


def broadcast(operand, sizes):
    ndim = abstractify(operand).ndim
    sizes = tuple(sizes)
    return broadcast_in_dim(operand, sizes + abstractify(operand).shape,
                            tuple(builtins.range(len(sizes), len(sizes) + ndim)))


def rev(operand, dimensions):
    dims = tuple(int(d) for d in dimensions)
    ndim = abstractify(operand).ndim
    if builtins.any(not 0 <= d < ndim for d in dims):
        raise TypeError(f"rev dimensions must all be less than operand ndim, "
                        f"got dimensions {dims} for operand ndim {ndim}.")
    if not dims and _is_array(operand):
        return operand
    return _p.rev_prim.bind(operand, dimensions=dims)


def reshape(operand, new_sizes, dimensions=None):
    a = abstractify(operand)
    if dimensions is not None:
        dims = tuple(int(d) for d in dimensions)
        if sorted(dims) != list(builtins.range(a.ndim)):
            raise TypeError(f"reshape dimensions must be a permutation of "
                            f"operand dimensions, got dimensions {dims} for "
                            f"shape {a.shape}")
        operand = transpose(operand, dims)
    new_sizes = tuple(int(d) for d in new_sizes)
    if a.size != int(np.prod(new_sizes, dtype=np.int64)) and builtins.all(
            d >= 0 for d in new_sizes):
        # ValueError as JAX's (whose check is StableHLO's verifier).
        raise ValueError(f"cannot reshape array of shape {a.shape} (size "
                         f"{a.size}) into shape {new_sizes}: the number of "
                         f"elements differs")
    if abstractify(operand).shape == new_sizes and _is_array(operand):
        return operand
    return _p.reshape_prim.bind(operand, new_sizes=new_sizes)


def squeeze(array, dimensions):
    """array without the size-1 dimensions listed, as lax.squeeze."""
    a = abstractify(array)
    dims = {int(d) + a.ndim if int(d) < 0 else int(d) for d in dimensions}
    for d in dims:
        if not 0 <= d < a.ndim or a.shape[d] != 1:
            raise ValueError(f"cannot select an axis to squeeze out which has "
                             f"size not equal to one, got shape={a.shape} and "
                             f"dimensions={tuple(dimensions)}")
    return reshape(array, tuple(n for i, n in enumerate(a.shape)
                                if i not in dims))


def expand_dims(array, dimensions):
    """array with size-1 dimensions inserted at `dimensions`, as
    lax.expand_dims."""
    a = abstractify(array)
    ndim = a.ndim + len(dimensions)
    dims = sorted(int(d) + ndim if int(d) < 0 else int(d)
                  for d in dimensions)
    if len(set(dims)) != len(dims) or builtins.any(
            not 0 <= d < ndim for d in dims):
        raise ValueError(f"repeated or out of range axis in expand_dims: "
                         f"{tuple(dimensions)} for rank {ndim}")
    shape = list(a.shape)
    for d in dims:
        shape.insert(d, 1)
    return reshape(array, tuple(shape))


def transpose(operand, permutation):
    permutation = tuple(int(p) for p in permutation)
    # Only the whole identity is a no-op: a shorter or longer one is the
    # shape rule's error.
    if permutation == tuple(builtins.range(abstractify(operand).ndim)) and \
            _is_array(operand):
        return operand
    return _p.transpose_prim.bind(operand, permutation=permutation)


def _reducer(kind):
    def f(operand, axes):
        if kind in ("sum", "prod") and abstractify(operand).dtype == np.bool_:
            # As JAX: lax's sum and product take numbers only (jnp.sum
            # converts bools first).
            raise TypeError(f"reduce_{kind} does not accept dtype bool. "
                            f"Accepted dtypes are subtypes of number.")
        return _p.reduce_prim.bind(operand, kind=kind,
                                axes=tuple(int(a) for a in axes))
    f.__name__ = f"reduce_{kind}"
    return f


reduce_sum = _reducer("sum")
reduce_prod = _reducer("prod")
reduce_max = _reducer("max")
reduce_min = _reducer("min")
reduce_and = _reducer("and")
reduce_or = _reducer("or")


def argmax(operand, axis, index_dtype):
    return _p.argmax_prim.bind(operand, axis=int(axis),
                            index_dtype=dtypes.canonicalize(index_dtype))


def argmin(operand, axis, index_dtype):
    return _p.argmin_prim.bind(operand, axis=int(axis),
                            index_dtype=dtypes.canonicalize(index_dtype))


def _cumulative(prim):
    def f(operand, axis=0, reverse=False):
        ndim = abstractify(operand).ndim
        axis = int(axis) + ndim if int(axis) < 0 else int(axis)
        return prim.bind(operand, axis=axis, reverse=bool(reverse))
    f.__name__ = prim.name
    return f


cumsum = _cumulative(_p.cumsum_prim)
cumprod = _cumulative(_p.cumprod_prim)
cummax = _cumulative(_p.cummax_prim)
cummin = _cumulative(_p.cummin_prim)


def dot_general(lhs, rhs, dimension_numbers, precision=None,
                preferred_element_type=None):
    (lc, rc), (lb, rb) = dimension_numbers
    dn = ((tuple(int(d) for d in lc), tuple(int(d) for d in rc)),
          (tuple(int(d) for d in lb), tuple(int(d) for d in rb)))
    pet = (None if preferred_element_type is None
           else dtypes.canonicalize(preferred_element_type))
    algorithm = _dot_algorithm(precision)
    l, r = abstractify(lhs).dtype, abstractify(rhs).dtype
    if l != r:
        # Mixed operands: XLA's (and JAX's) choice of the more precise
        # type, to which both are converted.
        kl, kr = _dot_precision(l), _dot_precision(r)
        if kl == kr:
            raise TypeError(f"lax.dot_general argument type error: {l}, {r}")
        wide = l if kl > kr else r
        lhs, rhs = (x if d == wide else convert_element_type(x, wide)
                    for x, d in ((lhs, l), (rhs, r)))
    if algorithm is not None and algorithm is not DotAlgorithmPreset.DEFAULT:
        return _algorithm_dot(lhs, rhs, dn, algorithm, pet)
    return _p.dot_general_prim.bind(lhs, rhs, dimension_numbers=dn,
                                 preferred_element_type=pet)


class DotAlgorithmPreset(enum.Enum):
    """Named dot algorithms (JAX's presets, named LHS_RHS_ACCUMULATION).
    On CPU, XLA honours only the storage types: jxp, as JAX, converts the
    operands to the algorithm's input type and accumulates in its
    accumulation type, and refuses the presets XLA's CPU backend lacks."""
    DEFAULT = 1
    ANY_F8_ANY_F8_F32 = 2
    ANY_F8_ANY_F8_F32_FAST_ACCUM = 3
    ANY_F8_ANY_F8_ANY = 4
    ANY_F8_ANY_F8_ANY_FAST_ACCUM = 5
    F16_F16_F16 = 6
    F16_F16_F32 = 7
    BF16_BF16_BF16 = 8
    BF16_BF16_F32 = 9
    BF16_BF16_F32_X3 = 10
    BF16_BF16_F32_X6 = 11
    BF16_BF16_F32_X9 = 12
    TF32_TF32_F32 = 13
    TF32_TF32_F32_X3 = 14
    F32_F32_F32 = 15
    F64_F64_F64 = 16

    def __repr__(self):
        return f"{type(self).__name__}.{self.name}"

    def __str__(self):
        return self.name


class DotAlgorithm(typing.NamedTuple):
    """A dot algorithm by its parts: the types the operands are rounded to,
    the accumulation type, and the decomposition counts. XLA's CPU backend
    supports none of them beyond the presets (a ValueError, as in JAX)."""
    lhs_precision_type: typing.Any
    rhs_precision_type: typing.Any
    accumulation_type: typing.Any
    lhs_component_count: int = 1
    rhs_component_count: int = 1
    num_primitive_operations: int = 1
    allow_imprecise_accumulation: bool = False


# The presets XLA's CPU backend computes: (the input types it takes as they
# are, else converting to the first; the accumulation types, likewise).
# None: any type.
_F16, _BF16 = np.dtype(np.float16), np.dtype(dtypes.bfloat16)
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_CPU_DOT_ALGORITHMS = {
    DotAlgorithmPreset.DEFAULT: (None, None),
    DotAlgorithmPreset.F16_F16_F16: ((_F16,), (_F16,)),
    DotAlgorithmPreset.BF16_BF16_F32: ((_BF16, _F32), (_F32,)),
    DotAlgorithmPreset.BF16_BF16_F32_X3: ((_F32,), (_F32,)),
    DotAlgorithmPreset.BF16_BF16_F32_X6: ((_F32,), (_F32,)),
    DotAlgorithmPreset.F32_F32_F32: ((_F32,), (_F32,)),
    DotAlgorithmPreset.F64_F64_F64: ((_F64,), (_F64,)),
}


def _dot_algorithm(precision):
    """The DotAlgorithm(Preset) `precision` names, or None for a Precision
    (which changes nothing on CPU)."""
    if isinstance(precision, str) and precision in DotAlgorithmPreset.__members__:
        return DotAlgorithmPreset[precision]
    if isinstance(precision, (DotAlgorithm, DotAlgorithmPreset)):
        return precision
    # JAX's own objects (from a JAX jaxpr's parameters): by name and fields.
    if type(precision).__name__ == "DotAlgorithmPreset":
        return DotAlgorithmPreset[precision.name]
    if hasattr(precision, "lhs_precision_type"):
        return DotAlgorithm(*precision)
    return None


def _algorithm_dot(lhs, rhs, dn, algorithm, pet):
    if algorithm not in _CPU_DOT_ALGORITHMS:
        raise ValueError(f"The precision '{algorithm}' is not supported by "
                         f"dot_general on CPU")
    inputs, accumulations = _CPU_DOT_ALGORITHMS[algorithm]
    l, r = abstractify(lhs).dtype, abstractify(rhs).dtype
    out = pet or (l if _dot_precision(l) >= _dot_precision(r) else r)
    if (algorithm is DotAlgorithmPreset.BF16_BF16_F32
            and l == r == _BF16):
        accumulations = (_F32, _BF16)

    def pick(dtype, allowed):
        return dtype if allowed is None or dtype in allowed else allowed[0]

    def convert(x, dtype):
        # Not canonicalized: an F64 algorithm computes in float64 even with
        # x64 off, as in JAX (the result takes the usual type).
        if abstractify(x).dtype == dtype:
            return x
        return _p.convert_element_type_prim.bind(x, new_dtype=dtype,
                                              weak_type=False)
    lt, rt = pick(l, inputs), pick(r, inputs)
    acc = pick(out, accumulations)
    res = _p.dot_general_prim.bind(convert(lhs, lt), convert(rhs, rt),
                                dimension_numbers=dn, preferred_element_type=acc)
    return convert(res, out)


def _dot_precision(dtype):
    """A key ordering dtypes as XLA's HigherPrecisionType: complex above
    real, then exponent range, mantissa, width, signedness."""
    dtype = np.dtype(dtype)
    part = np.finfo(dtype).dtype if dtypes.is_complex(dtype) else dtype
    floating = dtypes.is_float(part)
    info = dtypes.finfo(part) if floating else None
    bits = (1 if part == dtypes.bool_ else info.bits if floating
            else np.iinfo(part).bits)
    return (dtypes.is_complex(dtype),
            info.maxexp if floating else -1,
            info.nmant if floating else -1,
            bits,
            not dtypes.is_unsigned(part))


def dot(lhs, rhs, precision=None, preferred_element_type=None):
    l, r = abstractify(lhs), abstractify(rhs)
    if (l.ndim not in (1, 2) or r.ndim not in (1, 2)
            or l.shape[-1] != r.shape[0]):
        raise ValueError(
            f"jax.lax.dot: dimension_numbers must be specified when not "
            f"performing simple un-batched matrix multiplication (1- or 2-d "
            f"operands whose contracting sizes agree), got shapes {l.shape} "
            f"and {r.shape}; use lax.dot_general.")
    return dot_general(lhs, rhs, (((l.ndim - 1,), (0,)), ((), ())),
                       precision, preferred_element_type)


def concatenate(operands, dimension):
    operands = list(operands)
    if not operands:
        raise ValueError("concatenate requires a non-empty sequences of "
                         "arrays")
    if len(operands) == 1 and _is_array(operands[0]):
        return operands[0]
    return _p.concatenate_prim.bind(*operands, dimension=int(dimension))


def pad(operand, padding_value, padding_config):
    config = tuple((int(lo), int(hi), int(i)) for lo, hi, i in padding_config)
    a = abstractify(operand)
    if len(config) != a.ndim:
        raise ValueError(f"length of padding_config must equal the number of "
                         f"axes of operand, got padding_config {config} for "
                         f"operand shape {a.shape}")
    if np.shape(padding_value):
        raise ValueError(f"padding_value must be a scalar; got "
                         f"np.shape(padding_value)={np.shape(padding_value)}")
    return _p.pad_prim.bind(operand, padding_value, padding_config=config)


def sort(operand, dimension=-1, is_stable=True, num_keys=1):
    single = not isinstance(operand, (tuple, list))
    operands = [operand] if single else list(operand)
    ndim = abstractify(operands[0]).ndim
    dimension = int(dimension) + ndim if int(dimension) < 0 else int(dimension)
    out = _p.sort_prim.bind(*operands, dimension=dimension,
                         is_stable=bool(is_stable), num_keys=int(num_keys))
    return out[0] if single else tuple(out)


def top_k(operand, k, *, axis=-1):
    """The k largest entries along `axis` and their int32 indices, largest
    first; of equal entries the lower index comes first (JAX's rule).

    A stable ascending sort of the reversed operand, reversed back: equal
    keys keep their reversed order, which reversing makes ascending."""
    k = int(k)
    if k < 0:
        raise ValueError(f"k argument to top_k must be nonnegative, got {k}")
    a = abstractify(operand)
    axis = int(axis)
    if not -a.ndim <= axis < a.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of "
                         f"dimension {a.ndim}")
    if dtypes.is_complex(a.dtype):
        raise ValueError("top_k is not compatible with complex inputs.")
    axis %= a.ndim
    n = a.shape[axis]
    if n < k:
        raise ValueError(f"k argument to top_k must be no larger than size "
                         f"along axis; got k={k} with shape={list(a.shape)} "
                         f"and axis={axis}")
    if n > np.iinfo(np.int32).max + 1:
        raise ValueError(f"top_k returns int32 indices, which will overflow "
                         f"for array dimensions larger than the maximum int32 "
                         f"({np.iinfo(np.int32).max}). Got "
                         f"operand.shape={a.shape}")
    idx = broadcasted_iota(np.int32, a.shape, axis)
    flipped = rev(operand, (axis,))
    if dtypes.is_float(a.dtype):
        # XLA's top_k ranks +0.0 above -0.0, which sort takes as equal: a
        # second key tells them apart (1 for +0.0; 1/x gives the sign).
        zero = broadcast_in_dim(np.zeros((), np.int32), a.shape, ())
        at_zero = eq(flipped, broadcast_in_dim(np.zeros((), a.dtype),
                                               a.shape, ()))
        positive = gt(div(broadcast_in_dim(np.ones((), a.dtype), a.shape, ()),
                          flipped),
                      broadcast_in_dim(np.zeros((), a.dtype), a.shape, ()))
        sign_key = select(at_zero, convert_element_type(positive, np.int32),
                          zero)
        keys, _, idx = sort((flipped, sign_key, rev(idx, (axis,))), axis,
                            is_stable=True, num_keys=2)
    else:
        keys, idx = sort((flipped, rev(idx, (axis,))), axis, is_stable=True,
                         num_keys=1)
    keys, idx = rev(keys, (axis,)), rev(idx, (axis,))
    limit = tuple(k if d == axis else s for d, s in enumerate(a.shape))
    start = (0,) * a.ndim
    return [_slice(keys, start, limit), _slice(idx, start, limit)]


def threefry2x32(key0, key1, x0, x1):
    """Threefry-2x32 (20 rounds) of counters (x0, x1) under key (key0, key1),
    as jax.random uses it; uint32 arrays, keys scalar or counter-shaped.
    (A jxp extension: JAX keeps this primitive internal.)"""
    return tuple(_p.threefry2x32_prim.bind(key0, key1, x0, x1))


# The parts of complex numbers (JAX's lax.real, imag, complex, conj).
real = _elementwise(_p.real_prim)
imag = _elementwise(_p.imag_prim)
complex = _elementwise(_p.complex_prim)  # noqa: A001


def conj(x):
    """The complex conjugate, complex(real(x), -imag(x)). As JAX's, it takes
    float32 and float64 too, and gives x + 0j for them."""
    xa = abstractify(x)
    if dtypes.is_complex(xa.dtype):
        return complex(real(x), neg(imag(x)))
    if xa.dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"conj does not accept dtype {np.dtype(xa.dtype).name}."
                        f" Accepted dtypes are subtypes of float32, "
                        f"complexfloating, float64.")
    if isinstance(x, (bool, int, float, builtins.complex)):
        x = np.asarray(x, xa.dtype)
    zeros = broadcast_in_dim(np.zeros((), xa.dtype), xa.shape, ())
    out = complex(x, zeros)
    # The zeros are as weakly typed as x (JAX's full_like).
    return rebind_aval(out, abstractify(out).update(weak_type=True)) \
        if xa.weak_type else out


# ---------------------------------------------------------------------------
# Thin layers over the functions above (issue 16's coverage of jax.lax).
# ---------------------------------------------------------------------------


def dtype(x):
    """The dtype of a value or type, canonicalized (a NumPy float64 is
    float32 without x64), as JAX's lax.dtype."""
    if x is None:
        raise ValueError(f"Invalid argument to dtype: {x}.")
    if isinstance(x, (type, str, np.dtype)):
        scalar = builtins.any(x is t for t in (bool, int, float,
                                                builtins.complex))
        d = abstractify(x(0)).dtype if scalar else np.dtype(x)
    elif hasattr(x, "aval"):
        d = x.aval.dtype
    elif isinstance(x, (bool, int, float, builtins.complex)):
        d = abstractify(x).dtype
    else:
        d = np.dtype(getattr(x, "dtype", None) or np.asarray(x).dtype)
    return np.dtype(dtypes.canonicalize(d))


def _keep_weak(out, x):
    """out weakly typed iff x is (a function of one operand and constants
    of its dtype, which JAX computes as one primitive)."""
    weak = abstractify(x).weak_type
    if abstractify(out).weak_type == weak:
        return out
    return rebind_aval(out, abstractify(out).update(weak_type=weak))


def _const(x, value):
    """A scalar of x's dtype."""
    return np.asarray(value, abstractify(x).dtype)


def _check_float(name, x, complex_ok=False):
    d = abstractify(x).dtype
    if dtypes.is_float(d) or (complex_ok and dtypes.is_complex(d)):
        return
    if dtypes.is_complex(d):
        # JAX takes complex operands here; jxp's real formulas do not.
        raise NotImplementedError(f"jxp.lax.{name} does not support complex "
                                  f"operands yet (got {np.dtype(d).name})")
    raise TypeError(f"{name} does not accept dtype {np.dtype(d).name}. "
                    f"Accepted dtypes are subtypes of floating, "
                    f"complexfloating.")


def _to_array(x, weak):
    """x as a jxp array (a NumPy input returned as it is would not be)."""
    if _is_array(x) and abstractify(x).weak_type == weak:
        return x
    a = abstractify(x)
    return _p.convert_element_type_prim.bind(np.asarray(x, a.dtype) if
                                          not _is_array(x) else x,
                                          new_dtype=a.dtype, weak_type=weak)


def _unary(name, fn, jvp=None, complex_ok=False, upcast=True):
    """A real elementwise function of one floating operand built from lax
    ops, weakly typed as its operand; `jvp(g, x)` is JAX's derivative rule
    where the composition's own derivative would differ at special points."""
    body = fn
    if jvp is not None:
        body = custom_jvp(fn)
        body.defjvps(lambda g, ans, x: jvp(g, x))

    def f(x):
        _check_float(name, x, complex_ok)
        d = abstractify(x).dtype
        if upcast and np.dtype(d).itemsize < 4 and dtypes.is_float(d):
            # As XLA: half-width floats computed in float32, rounded once.
            out = convert_element_type(
                body(convert_element_type(x, dtypes.float32)), d)
        else:
            out = body(x)
        return _keep_weak(out, x)
    f.__name__ = name
    return f


def _one_minus_square(t):
    # (1 - t)(1 + t): no cancellation near |t| = 1.
    one = _const(t, 1)
    return mul(sub(one, t), add(one, t))


def _rsqrt_one_minus_square(x):
    one = _const(x, 1)
    return rsqrt(sub(one, mul(x, x)))


asin = _unary("asin", lambda t: atan2(t, sqrt(_one_minus_square(t))),
              lambda g, x: mul(g, _rsqrt_one_minus_square(x)))
acos = _unary("acos", lambda t: atan2(sqrt(_one_minus_square(t)), t),
              lambda g, x: mul(g, neg(_rsqrt_one_minus_square(x))))
atan = _unary("atan", lambda t: atan2(t, full_like(t, 1)))


def _sinh(t):
    # sinh(a) = (e + e / (e + 1)) / 2 with e = expm1(|t|): accurate near 0;
    # where e overflows, exp(a / 2)**2 / 2.
    a, half = abs(t), _const(t, 0.5)
    e = expm1(a)
    small = mul(add(e, div(e, add(e, _const(t, 1)))), half)
    h = exp(mul(a, half))
    big = mul(mul(h, half), h)
    return mul(select(is_finite(e), small, big), sign(t))


def _cosh(t):
    a, half = abs(t), _const(t, 0.5)
    h = exp(mul(a, half))
    e = exp(a)
    small = mul(add(e, div(_const(t, 1), e)), half)
    return select(is_finite(e), small, mul(mul(h, half), h))


sinh = _unary("sinh", _sinh, lambda g, x: mul(g, _cosh(x)))
cosh = _unary("cosh", _cosh, lambda g, x: mul(g, _sinh(x)))


def _asinh(t):
    # sign(t) * log1p(a + a^2 / (1 + sqrt(1 + a^2))), a = |t|; for a past
    # sqrt(max) (where a^2 overflows), log(a) + log(2).
    a, one = abs(t), _const(t, 1)
    a2 = mul(a, a)
    small = log1p(add(a, div(a2, add(one, sqrt(add(one, a2))))))
    big = add(log(a), _const(t, np.log(2)))
    limit = _const(t, np.sqrt(dtypes.finfo(abstractify(t).dtype).max))
    return mul(select(lt(a, limit), small, big), sign(t))


def _acosh(t):
    # log(t + sqrt(t - 1) sqrt(t + 1)); log(t) + log(2) where t*t would
    # overflow; NaN below 1.
    one = _const(t, 1)
    small = log1p(add(sub(t, one),
                      mul(sqrt(sub(t, one)), sqrt(add(t, one)))))
    big = add(log(t), _const(t, np.log(2)))
    limit = _const(t, np.sqrt(dtypes.finfo(abstractify(t).dtype).max))
    return select(lt(t, limit), small, big)


def _atanh(t):
    # log1p(2t / (1 - t)) / 2.
    one = _const(t, 1)
    return mul(log1p(div(add(t, t), sub(one, t))), _const(t, 0.5))


asinh = _unary("asinh", _asinh,
               lambda g, x: mul(g, rsqrt(add(mul(x, x), _const(x, 1)))))
acosh = _unary("acosh", _acosh,
               lambda g, x: mul(g, rsqrt(mul(sub(x, _const(x, 1)),
                                             add(x, _const(x, 1))))))
atanh = _unary("atanh", _atanh,
               lambda g, x: mul(g, div(_const(x, 1), _one_minus_square(x))))
exp2 = _unary("exp2", lambda t: exp(mul(t, _const(t, np.log(2)))),
              complex_ok=True, upcast=False)


def integer_pow(x, y):
    """x ** y for a Python int y, by repeated squaring (JAX's lowering);
    a negative y takes the reciprocal."""
    if not isinstance(y, (int, np.integer)) or isinstance(y, bool):
        raise TypeError(f"integer_pow exponent must be an int, got {y!r}")
    y = int(y)
    d = abstractify(x).dtype
    if d == np.bool_:
        raise TypeError("integer_pow does not accept dtype bool. Accepted "
                        "dtypes are subtypes of integer, floating, "
                        "complexfloating.")
    weak = abstractify(x).weak_type
    if isinstance(x, (int, float, builtins.complex)):
        x = np.asarray(x, d)
    if y == 0:
        return _to_array(full_like(x, 1), weak)
    acc, base, n = None, x, builtins.abs(y)
    while True:
        if n & 1:
            acc = base if acc is None else mul(acc, base)
        n >>= 1
        if not n:
            break
        base = mul(base, base)
    if y < 0:
        if dtypes.is_int(d):
            raise TypeError(f"Integers cannot be raised to negative powers, "
                            f"got integer_pow({np.dtype(d).name}, {y})")
        acc = div(full_like(acc, 1), acc)
    return _to_array(acc, weak)


def square(x):
    """x * x."""
    return integer_pow(x, 2)


def reciprocal(x):
    """1 / x, as JAX's integer_pow(x, -1)."""
    return integer_pow(x, -1)


def full(shape, fill_value, dtype=None, *, sharding=None):
    """An array of `shape` filled with the scalar `fill_value`."""
    shape = (int(shape),) if np.ndim(shape) == 0 else tuple(
        int(d) for d in shape)
    if builtins.any(d < 0 for d in shape):
        raise TypeError(f"full shape must have every element be nonnegative,"
                        f" got {shape}.")
    if np.shape(fill_value):
        raise TypeError(f"full must be called with scalar fill_value, got "
                        f"fill_value.shape {np.shape(fill_value)}.")
    fa = abstractify(fill_value)
    weak = dtype is None and fa.weak_type
    d = fa.dtype if dtype is None else dtypes.canonicalize(dtype)
    value = (convert_element_type(fill_value, d) if d != fa.dtype
             else fill_value)
    if isinstance(value, (bool, int, float, builtins.complex)):
        value = np.asarray(value, d)
    out = broadcast_in_dim(value, shape, ())
    if abstractify(out).weak_type != weak:
        out = rebind_aval(out, abstractify(out).update(weak_type=weak))
    return out


def full_like(x, fill_value, dtype=None, shape=None, sharding=None):
    """An array like x (its shape and dtype unless given) filled with
    fill_value; weakly typed as x when the dtype is x's."""
    xa = abstractify(x)
    d = xa.dtype if dtype is None else dtypes.canonicalize(dtype)
    out = full(xa.shape if shape is None else shape, fill_value, d)
    weak = dtype is None and xa.weak_type
    if abstractify(out).weak_type != weak:
        out = rebind_aval(out, abstractify(out).update(weak_type=weak))
    return out


def broadcast_shapes(*shapes):
    """NumPy's broadcast of shapes, as a tuple; ValueError if they do not
    broadcast."""
    shapes = [(int(s),) if np.ndim(s) == 0 else tuple(int(d) for d in s)
              for s in shapes]
    if not shapes:
        return ()
    rank = builtins.max(len(s) for s in shapes)
    padded = [(1,) * (rank - len(s)) + s for s in shapes]
    out = []
    for dims in zip(*padded):
        sizes = {d for d in dims if d != 1}
        if len(sizes) > 1:
            raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                             f"{[tuple(s) for s in shapes]}")
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


def broadcast_to_rank(x, rank):
    """x with leading size-1 dimensions up to `rank`."""
    a = abstractify(x)
    if a.ndim == rank:
        return _to_array(x, a.weak_type)
    return broadcast(x, (1,) * (rank - a.ndim))


def collapse(operand, start_dimension, stop_dimension=None):
    """operand with dimensions [start, stop) merged into one (Python's
    slice rules for the bounds, as JAX's)."""
    shape = abstractify(operand).shape
    stop = None if stop_dimension is None else int(stop_dimension)
    merged = shape[int(start_dimension):stop]
    size = int(np.prod(merged, dtype=np.int64))
    return reshape(operand, shape[:int(start_dimension)] + (size,)
                   + (shape[stop:] if stop is not None else ()))


def _axis(axis, ndim):
    # int(): lax's *_in_dim functions have always taken any integral value.
    return canonicalize_axis(int(axis), ndim)


def batch_matmul(lhs, rhs, precision=None):
    """Matrix products over leading batch dimensions (equal ranks >= 2)."""
    l, r = abstractify(lhs), abstractify(rhs)
    if l.ndim < 2 or r.ndim < 2 or l.ndim != r.ndim:
        raise ValueError(f"Arguments to batch_matmul must be at least 2D "
                         f"and of equal rank, got {l.ndim}, {r.ndim}")
    batch = tuple(builtins.range(l.ndim - 2))
    return dot_general(lhs, rhs, (((l.ndim - 1,), (r.ndim - 2,)),
                                  (batch, batch)), precision=precision)


class Precision(enum.Enum):
    """dot_general's precision (jxp computes at full precision on CPU for
    every value, as XLA's CPU backend does)."""
    DEFAULT = 0
    HIGH = 1
    HIGHEST = 2

    @classmethod
    def _missing_(cls, value):
        names = {"default": cls.DEFAULT, "fastest": cls.DEFAULT,
                 "bfloat16": cls.DEFAULT, "high": cls.HIGH,
                 "bfloat16_3x": cls.HIGH, "tensorfloat32": cls.HIGH,
                 "highest": cls.HIGHEST, "float32": cls.HIGHEST}
        return names.get(value.lower()) if isinstance(value, str) else None

    def __str__(self):
        return self.name


PrecisionLike = typing.Union[None, str, Precision,
                             tuple[str, str], tuple[Precision, Precision]]
DotDimensionNumbers = tuple[tuple[typing.Sequence[int], typing.Sequence[int]],
                            tuple[typing.Sequence[int], typing.Sequence[int]]]


def padtype_to_pads(in_shape, window_shape, window_strides, padding):
    """Explicit (low, high) pads for "SAME", "SAME_LOWER" or "VALID"."""
    if isinstance(padding, str):
        mode = padding.upper()
        if mode == "VALID":
            return [(0, 0)] * len(in_shape)
        if mode not in ("SAME", "SAME_LOWER"):
            raise RuntimeError(f"Unrecognized padding type: expected "
                               f"'VALID', 'SAME', or 'SAME_LOWER', got "
                               f"{padding}.")
        out = []
        for n, w, s in zip(in_shape, window_shape, window_strides):
            size = -(-int(n) // int(s))
            total = builtins.max(0, (size - 1) * int(s) + int(w) - int(n))
            lo = total // 2 if mode == "SAME" else total - total // 2
            out.append((lo, total - lo))
        return out
    raise TypeError(f"padding must be a string, got {padding!r}")


def reduce_precision(operand, exponent_bits, mantissa_bits):
    """Rounds to the nearest value with the given exponent and mantissa
    bits, keeping the dtype."""
    for name, v in (("exponent_bits", exponent_bits),
                    ("mantissa_bits", mantissa_bits)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"reduce_precision: {name} must be an integer, "
                            f"got {v!r}")
    return _p.reduce_precision_prim.bind(operand,
                                      exponent_bits=int(exponent_bits),
                                      mantissa_bits=int(mantissa_bits))


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
    return tuple(_p.rng_bit_generator_prim.bind(
        key, shape=shape, dtype=dtype, algorithm=RandomAlgorithm(algorithm)))


def rng_uniform(a, b, shape):
    """Values uniform in [a, b) from XLA's stateful generator: new ones at
    every call (jax.random is the reproducible way)."""
    return _p.rng_uniform_prim.bind(a, b, shape=tuple(operator.index(d)
                                                   for d in shape))


def _shape(x):
    return tuple(abstractify(x).shape)


def _canonical_axis(axis, ndim, name):
    """canonicalize_axis, its error naming the function (split, stack, ...)."""
    try:
        return canonicalize_axis(axis, ndim)
    except ValueError:
        raise ValueError(f"{name}: axis {axis} is out of bounds for an array "
                         f"of rank {ndim}") from None


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
    out = broadcast_in_dim(operand, wide,
                               tuple(range(1, 2 * len(shape), 2)))
    return reshape(out, tuple(r * d for r, d in zip(reps, shape)))


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
    return concatenate([expand_dims(x, (axis,)) for x in operands],
                           axis)


def empty(shape, dtype, *, out_sharding=None):
    """An array of `shape` and `dtype` whose contents are unspecified; jxp
    gives zeros, as XLA's CPU backend does for JAX."""
    if out_sharding is not None:
        raise NotImplementedError("lax.empty: out_sharding is not supported "
                                  "by jxp")
    shape = (operator.index(shape),) if np.ndim(shape) == 0 else tuple(
        operator.index(d) for d in shape)
    return full(shape, 0, dtypes.canonicalize(dtype))


def broadcast_like(arr, like_arr):
    """`arr` broadcast (NumPy's rules) to the shape of `like_arr`."""
    shape, target = _shape(arr), _shape(like_arr)
    if len(shape) > len(target) or any(
            d not in (1, t) for d, t in zip(shape[::-1], target[::-1])):
        raise ValueError(f"Incompatible shapes for broadcasting: {shape} "
                         f"and requested shape {target}")
    lead = len(target) - len(shape)
    keep = [i for i, d in enumerate(shape) if d == target[lead + i]]
    squeezed = reshape(arr, tuple(shape[i] for i in keep))
    return broadcast_in_dim(squeezed, target,
                                tuple(lead + i for i in keep))


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    """`keys` sorted along `dimension`, and `values` in the same order."""
    k, v = sort((keys, values), dimension=dimension, is_stable=is_stable,
                    num_keys=1)
    return k, v


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
    x = transpose(x, tuple(axes) + tuple(rest))
    n = math.prod(shape[a] for a in axes)
    return reshape(x, (n,) + tuple(shape[d] for d in rest))


def _slice(operand, start_indices, limit_indices):
    """slicing.slice with unit strides, for the functions here (slicing.py
    sits above this module)."""
    return _p.slice_prim.bind(
        operand, start_indices=tuple(int(s) for s in start_indices),
        limit_indices=tuple(int(s) for s in limit_indices),
        strides=(1,) * len(start_indices))


def _leading_slice(x, start, limit):
    """x[start:limit] along the leading axis."""
    shape = _shape(x)
    return _slice(x, (start,) + (0,) * (len(shape) - 1),
                  (limit,) + shape[1:])


def _tree_reduce(xs, inits, combine):
    """Pairwise reduction of the leading dimension of the arrays `xs` with
    `combine` (tuples in, tuple out), padding odd lengths with `inits`."""
    n = _shape(xs[0])[0]
    if n == 0:
        return [broadcast(i, _shape(x)[1:]) for x, i in zip(xs, inits)]
    while n > 1:
        if n % 2:
            xs = [concatenate(
                [x, broadcast(i, (1,) + _shape(x)[1:])], 0)
                for x, i in zip(xs, inits)]
            n += 1
        half = n // 2
        xs = combine([_leading_slice(x, 0, half) for x in xs],
                     [_leading_slice(x, half, n) for x in xs])
        n = half
    return [squeeze(_leading_slice(x, 0, 1), (0,)) for x in xs]


def _xor_combine(a, b):
    return [bitwise_xor(x, y) for x, y in zip(a, b)]


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
    return {add: "sum", mul: "prod", max: "max", min: "min",
            bitwise_and: "and", bitwise_or: "or",
            bitwise_xor: "xor"}


_REDUCERS = {"sum": reduce_sum, "prod": reduce_prod,
             "max": reduce_max, "min": reduce_min,
             "and": reduce_and, "or": reduce_or,
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
    reduce). add, mul, max, min and the bitwise ops use jxp's
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
            init = convert_element_type(init, dt)
        out = _REDUCERS[kind](flat_ops[0], axes)
        if not _is_identity(kind, init):
            out = computation(broadcast(init, _shape(out)), out)
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
        moved = [expand_dims(x, (0,)) for x in flat_ops]
    else:
        moved = [_to_front(x, axes) for x in flat_ops]
    out = _tree_reduce(moved, flat_inits, combine)
    rest = out[0] if out else None
    inits = [broadcast(i, _shape(rest)) for i in flat_inits]
    return _tu.tree_unflatten(tree, combine(inits, out))


def _mulhi_unsigned(a, b, bits):
    """High half of the 2*bits-wide product of unsigned a and b, in bits-wide
    arithmetic: split each into halves and add the partial products."""
    h = bits // 2
    mask = full_like(a, (1 << h) - 1)
    sh = full_like(a, h)
    a_lo, a_hi = bitwise_and(a, mask), shift_right_logical(a, sh)
    b_lo, b_hi = bitwise_and(b, mask), shift_right_logical(b, sh)
    lo_lo, hi_lo = mul(a_lo, b_lo), mul(a_hi, b_lo)
    lo_hi, hi_hi = mul(a_lo, b_hi), mul(a_hi, b_hi)
    cross = add(add(shift_right_logical(lo_lo, sh),
                            bitwise_and(hi_lo, mask)), lo_hi)
    return add(add(hi_hi, shift_right_logical(hi_lo, sh)),
                   shift_right_logical(cross, sh))


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
    ut = dtypes.unsigned_of(dt)
    ux = bitcast_convert_type(x, ut)
    uy = bitcast_convert_type(y, ut)
    hi = _mulhi_unsigned(ux, uy, bits)
    # Signed high half = unsigned high half - (x<0 ? y : 0) - (y<0 ? x : 0),
    # all modulo 2**bits.
    zero = full_like(ux, 0)
    zs = full_like(x, 0)
    hi = sub(hi, select(lt(x, zs), uy, zero))
    hi = sub(hi, select(lt(y, zs), ux, zero))
    return bitcast_convert_type(hi, dt)


def optimization_barrier(operand, /):
    """The pytree `operand` unchanged, as arrays (XLA's barrier only orders
    and separates computations; its values are its inputs)."""
    return _tu.tree_map(_stage_leaf, operand)


def _stage_leaf(x):
    if isinstance(x, Tracer):
        return x
    av = abstractify(x)
    # An op of the value's own type lifts it into the trace as an array,
    # keeping its dtype and weak type.
    return reshape(x, tuple(av.shape))


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


def shape_as_value(shape):
    """The dimensions of a (static) shape as an int array."""
    shape = tuple(operator.index(d) for d in shape)
    dt = np.int32 if all(d < 2 ** 31 for d in shape) else np.int64
    return np.asarray(shape, dtype=dt)


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
    ends = cumsum(group_sizes, 0)
    rows = broadcasted_iota(ga.dtype, (m, g), 0)
    # Row r is in group #(ends <= r); one-hot (m, g) of that group.
    gid = reduce_sum(convert_element_type(
        le(broadcast_in_dim(ends, (m, g), (1,)), rows), np.int32),
        (1,))
    onehot = eq(broadcast_in_dim(gid, (m, g), (0,)),
                    broadcasted_iota(np.int32, (m, g), 1))
    full = dot_general(lhs, rhs, (([1], [1]), ([], [])),
                           precision=precision,
                           preferred_element_type=preferred_element_type)
    zero = full_like(full, 0)
    picked = select(broadcast_in_dim(onehot, _shape(full), (0, 1)),
                        full, zero)
    return reduce_sum(picked, (1,))


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
    ends = cumsum(group_sizes, 0)
    pos = broadcasted_iota(ga.dtype, (m, g), 0)
    gid = reduce_sum(convert_element_type(
        le(broadcast_in_dim(ends, (m, g), (1,)), pos), np.int32),
        (1,))
    return eq(broadcast_in_dim(gid, (m, g), (0,)),
                  broadcasted_iota(np.int32, (m, g), 1))


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
    dot = functools.partial(dot_general, precision=precision,
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
        products = dot(lhs, rhs, ((lc, rc), (lb, rb)))
        rhs_free = [d for d in range(len(ra.shape))
                    if d not in rc and d not in rb]
        pos_r = len(lb) + lhs_free.index(rdim)
        pos_g = len(lb) + len(lhs_free) + rhs_free.index(gdim)
        mask = broadcast_in_dim(onehot, _shape(products), (pos_r, pos_g))
        picked = select(mask, products, full_like(products, 0))
        return reduce_sum(picked, (pos_g,))
    if dn.rhs_group_dimensions:
        raise TypeError("ragged_dot_general: an rhs group dimension needs a "
                        "ragged non-contracting lhs dimension")
    if rdim in lc:
        # Mode 2: a new leading lhs dimension of the g groups, each keeping
        # its own positions of the contracting dimension.
        shape = (g,) + tuple(la.shape)
        mask = broadcast_in_dim(onehot, shape, (1 + rdim, 0))
        wide = select(mask, broadcast_in_dim(
            lhs, shape, tuple(range(1, len(shape)))),
            full(shape, 0, la.dtype))
        out = dot(wide, rhs, (([c + 1 for c in lc], rc),
                              ([b + 1 for b in lb], rb)))
        # out: (batch..., g, lhs free..., rhs free...) -> g first.
        nb = len(lb)
        perm = (nb,) + tuple(range(nb)) + tuple(
            range(nb + 1, len(_shape(out))))
        return transpose(out, perm)
    # Mode 3: a ragged batch dimension. Each batch position is its own
    # product already, so the grouping changes nothing (as in JAX, whose
    # result here is dot_general's, positions past the groups included).
    return dot(lhs, rhs, ((lc, rc), (lb, rb)))


def select_n(which, *cases):
    """cases[which] elementwise, as select_n: `which` is boolean (two
    cases) or int32; out of range is undefined (here: the last case)."""
    if not cases:
        raise ValueError("select_n called with no cases")
    wa = abstractify(which)
    if wa.dtype != dtypes.bool_ and not dtypes.is_int(wa.dtype):
        raise TypeError(f"select `which` must be boolean or integer type, "
                        f"got {wa.dtype.name}.")
    if wa.dtype == dtypes.bool_ and len(cases) > 2:
        raise TypeError("select with boolean `which` cannot have > 2 cases.")
    out = cases[-1]
    for k in range(len(cases) - 2, -1, -1):
        # Bisect as JAX's lowering does: which < k + 1 picks case k.
        pred = (bitwise_not(which) if wa.dtype == dtypes.bool_
                else lt(which, np.asarray(k + 1, wa.dtype)))
        out = select(pred, cases[k], out)
    return out
