"""The primitives jxp traces: each pairs a shape/dtype rule (errors at the
user's line, JAX's error classes) with the jxp op it emits, and is named
for it (add_prim emits jxp.add). jax.lax's functions over them are in
lax.py, slicing.py and their neighbours; jxp.lax.add_p & co are JAX's
primitive objects (jax_primitives.py), which take JAX's parameters and call
those functions.

The rules are strict, as in JAX: operands of elementwise ops must already
agree in shape and dtype.
"""

from jaxlib.mlir import ir
import numpy as np

from jxp._mlir import jxp as ops
from jxp._src import dtypes
from jxp._src.core import Primitive, ShapedArray, element_type, mlir_type
from jxp._src.dispatch import apply_eagerly
from jxp._src.util import dense_i64_attr, i32_attr, i64_attr


def standard_primitive(name, abstract_eval, lower, multiple_results=False):
    """A primitive that runs outside a trace as a one-op program
    (dispatch.apply_eagerly), as JAX's standard_primitive."""
    return Primitive(name, abstract_eval, lower, multiple_results,
                     impl=apply_eagerly)


def _dtype_name(aval):
    return aval.dtype.name


# ---------------------------------------------------------------------------
# Elementwise
# ---------------------------------------------------------------------------

_NUMERIC = "numeric"
_INEXACT = "inexact"
_FLOAT = "float"
_INTEGRAL = "int or bool"
_INT = "int"
_SIGNED = "signed int or inexact"
_INT_OR_FLOAT = "int or float"
_ANY = "any"


def _accepts(kind, dtype):
    if kind == _ANY:
        return True
    if kind == _NUMERIC:
        return dtype != dtypes.bool_
    if kind == _INEXACT:
        return dtypes.is_inexact(dtype)
    if kind == _FLOAT:
        return dtypes.is_float(dtype)
    if kind == _INTEGRAL:
        return dtype == dtypes.bool_ or dtypes.is_int(dtype)
    if kind == _INT:
        return dtypes.is_int(dtype)
    if kind == _SIGNED:
        return dtypes.is_inexact(dtype) or (dtypes.is_int(dtype)
                                            and not dtypes.is_unsigned(dtype))
    if kind == _INT_OR_FLOAT:
        return dtypes.is_int(dtype) or dtypes.is_float(dtype)
    raise AssertionError(kind)


def _elementwise_rule(name, kind, result_dtype=None):
    accepted = {}  # dtype -> _accepts(kind, dtype)

    def rule(*avals, **params):
        first = avals[0]
        weak = True
        for a in avals:
            ok = accepted.get(a.dtype)
            if ok is None:
                ok = accepted[a.dtype] = _accepts(kind, a.dtype)
            if not ok:
                raise TypeError(f"{name} does not accept dtype {a.dtype.name}; "
                                f"it needs {kind} arguments")
            if not a.weak_type:
                weak = False
            if a is first:
                continue
            if a.shape != first.shape:
                raise TypeError(f"{name} got incompatible shapes for "
                                f"broadcasting: "
                                f"{', '.join(str(b.shape) for b in avals)}")
            if a.dtype != first.dtype:
                raise TypeError(f"{name} requires arguments to have the same "
                                f"dtypes, got "
                                f"{', '.join(b.dtype.name for b in avals)}")
        # As in JAX, weakly typed inputs give a weakly typed result, bools
        # from comparisons included.
        if result_dtype is None:
            # (Avals are immutable: the operand's serves when it fits.)
            return first if weak == first.weak_type else ShapedArray(
                first.shape, first.dtype, weak)
        return ShapedArray(first.shape, result_dtype, weak)
    return rule


_create = ir.Operation.create


def _simple_lower(op_class):
    # Operation.create with the result type of the shape rule (the
    # operand's type for these ops): the generated builder's argument
    # handling costs twice the op's creation.
    name = op_class.OPERATION_NAME

    def lower(frame, loc, values, avals, out_avals, **params):
        return [_create(name, results=[mlir_type(out_avals[0])],
                        operands=values, loc=loc, ip=frame.ip).result]
    return lower


def unop(name, op_class, kind):
    return standard_primitive(name, _elementwise_rule(name, kind), _simple_lower(op_class))


def binop(name, op_class, kind):
    return standard_primitive(name, _elementwise_rule(name, kind), _simple_lower(op_class))


neg_prim = unop("neg", ops.NegOp, _NUMERIC)


def _abs_rule(x):
    out = _elementwise_rule("abs", _SIGNED)(x)
    # The modulus of a complex number is real (JAX's _complex_basetype).
    if dtypes.is_complex(x.dtype):
        out = out.update(dtype=np.abs(np.zeros((), x.dtype)).dtype)
    return out


def _abs_lower(frame, loc, values, avals, out_avals):
    # The op infers its type from the operand in C++, not here: jxp is not
    # registered in the Python context.
    return [ops.AbsOp(values[0], results=[mlir_type(out_avals[0])], loc=loc,
                      ip=frame.ip).result]


abs_prim = standard_primitive("abs", _abs_rule, _abs_lower)

sign_prim = unop("sign", ops.SignOp, _NUMERIC)

exp_prim = unop("exp", ops.ExpOp, _INEXACT)
log_prim = unop("log", ops.LogOp, _INEXACT)
log1p_prim = unop("log1p", ops.Log1pOp, _INEXACT)
expm1_prim = unop("expm1", ops.Expm1Op, _INEXACT)
sin_prim = unop("sin", ops.SinOp, _INEXACT)
cos_prim = unop("cos", ops.CosOp, _INEXACT)
tan_prim = unop("tan", ops.TanOp, _INEXACT)
tanh_prim = unop("tanh", ops.TanhOp, _INEXACT)
logistic_prim = unop("logistic", ops.LogisticOp, _INEXACT)
sqrt_prim = unop("sqrt", ops.SqrtOp, _INEXACT)
rsqrt_prim = unop("rsqrt", ops.RsqrtOp, _INEXACT)
cbrt_prim = unop("cbrt", ops.CbrtOp, _FLOAT)
erf_prim = unop("erf", ops.ErfOp, _FLOAT)
erf_inv_prim = unop("erf_inv", ops.ErfInvOp, _FLOAT)
erfc_prim = unop("erfc", ops.ErfcOp, _FLOAT)
lgamma_prim = unop("lgamma", ops.LgammaOp, _FLOAT)
digamma_prim = unop("digamma", ops.DigammaOp, _FLOAT)
bessel_i0e_prim = unop("bessel_i0e", ops.BesselI0eOp, _FLOAT)
bessel_i1e_prim = unop("bessel_i1e", ops.BesselI1eOp, _FLOAT)
population_count_prim = unop("population_count", ops.PopulationCountOp, _INT)
clz_prim = unop("clz", ops.ClzOp, _INT)
floor_prim = unop("floor", ops.FloorOp, _FLOAT)
ceil_prim = unop("ceil", ops.CeilOp, _FLOAT)
not_prim = unop("not", ops.NotOp, _INTEGRAL)

add_prim = binop("add", ops.AddOp, _NUMERIC)
sub_prim = binop("sub", ops.SubOp, _NUMERIC)
mul_prim = binop("mul", ops.MulOp, _NUMERIC)
div_prim = binop("div", ops.DivOp, _NUMERIC)
# As JAX's: no complex numbers (XLA crashes compiling a complex remainder).
rem_prim = binop("rem", ops.RemOp, _INT_OR_FLOAT)
pow_prim = binop("pow", ops.PowOp, _NUMERIC)
max_prim = binop("max", ops.MaxOp, _ANY)
min_prim = binop("min", ops.MinOp, _ANY)
atan2_prim = binop("atan2", ops.Atan2Op, _INEXACT)
polygamma_prim = binop("polygamma", ops.PolygammaOp, _FLOAT)
zeta_prim = binop("zeta", ops.ZetaOp, _FLOAT)
nextafter_prim = binop("nextafter", ops.NextAfterOp, _FLOAT)
and_prim = binop("and", ops.AndOp, _INTEGRAL)
or_prim = binop("or", ops.OrOp, _INTEGRAL)
xor_prim = binop("xor", ops.XorOp, _INTEGRAL)
shift_left_prim = binop("shift_left", ops.ShiftLeftOp, _INT)
shift_right_logical_prim = binop("shift_right_logical", ops.ShiftRightLogicalOp, _INT)
shift_right_arithmetic_prim = binop("shift_right_arithmetic",
                                 ops.ShiftRightArithmeticOp, _INT)

is_finite_prim = standard_primitive(
    "is_finite", _elementwise_rule("is_finite", _FLOAT, dtypes.bool_),
    lambda frame, loc, values, avals, out_avals: [
        ops.IsFiniteOp(mlir_type(out_avals[0]), values[0], loc=loc,
                       ip=frame.ip).result])

_ROUNDING = {"away_from_zero": 0, "to_nearest_even": 1}


def _round_lower(frame, loc, values, avals, out_avals, rounding_method):
    return [ops.RoundOp(values[0], i32_attr(_ROUNDING[rounding_method]),
                        loc=loc, ip=frame.ip).result]


round_prim = standard_primitive("round", _elementwise_rule("round", _FLOAT), _round_lower)

_DIRECTIONS = {"EQ": 0, "NE": 1, "GE": 2, "GT": 3, "LE": 4, "LT": 5}


def _compare_lower(frame, loc, values, avals, out_avals, direction):
    return [ops.CompareOp(mlir_type(out_avals[0]), values[0], values[1],
                          i32_attr(_DIRECTIONS[direction]), loc=loc,
                          ip=frame.ip).result]


def _compare_rule(x, y, direction):
    out = _elementwise_rule(direction.lower(), _ANY, dtypes.bool_)(x, y)
    return out


compare_prim = standard_primitive("compare", _compare_rule, _compare_lower)


def _select_rule(pred, on_true, on_false):
    if pred.dtype != dtypes.bool_:
        raise TypeError(f"select pred must be boolean, got {pred.dtype.name}")
    if on_true.shape != on_false.shape or on_true.dtype != on_false.dtype:
        raise TypeError(f"select cases must have the same shapes and dtypes, "
                        f"got {on_true.str_short()} and {on_false.str_short()}")
    if pred.shape and pred.shape != on_true.shape:
        raise TypeError(f"select pred must be scalar or have the same shape as "
                        f"cases, got pred shape {pred.shape} for cases of shape "
                        f"{on_true.shape}")
    return on_true.update(weak_type=on_true.weak_type and on_false.weak_type)


def _typed_lower(op_class):
    """For ops whose builders would infer the result type: the jxp dialect
    is not registered in the Python context, so give the type."""
    return _simple_lower(op_class)


select_prim = standard_primitive("select", _select_rule, _typed_lower(ops.SelectOp))


def _clamp_rule(lo, x, hi):
    for b in (lo, hi):
        if b.dtype != x.dtype:
            raise TypeError(f"clamp requires min, operand and max to have the "
                            f"same dtype, got {lo.dtype.name}, {x.dtype.name}, "
                            f"{hi.dtype.name}")
        if b.shape and b.shape != x.shape:
            raise TypeError(f"clamp requires min and max to be scalars or have "
                            f"the operand's shape {x.shape}, got {b.shape}")
    return x


clamp_prim = standard_primitive("clamp", _clamp_rule, _typed_lower(ops.ClampOp))


# The parts of a complex number, and one made from its parts (JAX's real_p,
# imag_p and complex_p): real and imag take complex numbers only, complex
# two float32 or two float64 arrays of one shape.
def _complex_part_rule(name):
    def rule(x):
        if not dtypes.is_complex(x.dtype):
            raise TypeError(f"{name} does not accept dtype {x.dtype.name}. "
                            f"Accepted dtypes are subtypes of complexfloating.")
        return x.update(dtype=np.zeros((), x.dtype).real.dtype)
    return rule


def _complex_rule(x, y):
    for i, a in enumerate((x, y)):
        if a.dtype not in (dtypes.float32, dtypes.float64):
            raise TypeError(f"complex does not accept dtype {a.dtype.name} at "
                            f"position {i}. Accepted dtypes at position {i} "
                            f"are subtypes of float32, float64.")
    out = _elementwise_rule("complex", _FLOAT)(x, y)
    return out.update(dtype=(np.zeros((), x.dtype) * 1j).dtype)


real_prim = standard_primitive("real", _complex_part_rule("real"), _typed_lower(ops.RealOp))
imag_prim = standard_primitive("imag", _complex_part_rule("imag"), _typed_lower(ops.ImagOp))
complex_prim = standard_primitive("complex", _complex_rule, _typed_lower(ops.ComplexOp))


def _convert_rule(x, new_dtype, weak_type):
    return ShapedArray(x.shape, new_dtype, weak_type)


def _convert_lower(frame, loc, values, avals, out_avals, new_dtype, weak_type):
    if avals[0].dtype == new_dtype:
        return values
    return [ops.ConvertOp(mlir_type(out_avals[0]), values[0], loc=loc,
                          ip=frame.ip).result]


convert_element_type_prim = standard_primitive("convert_element_type", _convert_rule,
                                   _convert_lower)


def _bitcast_rule(x, new_dtype):
    a, b = x.dtype.itemsize, new_dtype.itemsize
    # As JAX (and the verifier): bool and complex only to themselves.
    if x.dtype != new_dtype and any(
            d == dtypes.bool_ or dtypes.is_complex(d) for d in (x.dtype, new_dtype)):
        raise TypeError(f"bitcast_convert_type does not support bool or "
                        f"complex values unless the operand and destination "
                        f"types match, got {x.dtype.name} to {new_dtype.name}")
    if a == b:
        shape = x.shape
    elif a > b:
        shape = x.shape + (a // b,)
    else:
        if not x.shape or x.shape[-1] != b // a:
            raise ValueError(f"bitcast_convert_type from {x.dtype.name} to "
                            f"{new_dtype.name} needs a last dimension of size "
                            f"{b // a}, got shape {x.shape}")
        shape = x.shape[:-1]
    return ShapedArray(shape, new_dtype)


bitcast_convert_type_prim = standard_primitive(
    "bitcast_convert_type", _bitcast_rule,
    lambda frame, loc, values, avals, out_avals, new_dtype: [
        ops.BitcastConvertOp(mlir_type(out_avals[0]), values[0], loc=loc,
                             ip=frame.ip).result])


# ---------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------


def _iota_rule(dtype, shape, dimension):
    if dtype == dtypes.bool_:
        raise TypeError("iota does not accept dtype bool; it needs an "
                        "integer, floating or complex dtype")
    if not 0 <= dimension < len(shape):
        raise ValueError(f"iota dimension {dimension} out of range for shape "
                         f"{shape}")
    return ShapedArray(shape, dtype)


iota_prim = standard_primitive(
    "iota", _iota_rule,
    lambda frame, loc, values, avals, out_avals, dtype, shape, dimension: [
        ops.IotaOp(mlir_type(out_avals[0]), i64_attr(dimension), loc=loc,
                   ip=frame.ip).result])


def _broadcast_in_dim_rule(x, shape, broadcast_dimensions):
    if len(broadcast_dimensions) != x.ndim:
        raise TypeError(f"broadcast_in_dim broadcast_dimensions must have "
                        f"length equal to operand ndim; got "
                        f"{broadcast_dimensions} for shape {x.shape}")
    for i, d in enumerate(broadcast_dimensions):
        if not 0 <= d < len(shape) or x.shape[i] not in (1, shape[d]):
            raise TypeError(f"broadcast_in_dim cannot broadcast operand shape "
                            f"{x.shape} to {shape} along dimensions "
                            f"{broadcast_dimensions}")
    return x.update(shape=shape)


broadcast_in_dim_prim = standard_primitive(
    "broadcast_in_dim", _broadcast_in_dim_rule,
    lambda frame, loc, values, avals, out_avals, shape, broadcast_dimensions: [
        _create(ops.BroadcastInDimOp.OPERATION_NAME,
                results=[mlir_type(out_avals[0])], operands=values,
                attributes={"broadcast_dimensions":
                            dense_i64_attr(broadcast_dimensions)},
                loc=loc, ip=frame.ip).result])


def _reshape_rule(x, new_sizes):
    if int(np.prod(new_sizes, dtype=np.int64)) != x.size or any(
            d < 0 for d in new_sizes):
        raise TypeError(f"cannot reshape array of shape {x.shape} (size "
                        f"{x.size}) into shape {new_sizes}")
    return x.update(shape=new_sizes)


reshape_prim = standard_primitive(
    "reshape", _reshape_rule,
    lambda frame, loc, values, avals, out_avals, new_sizes: [
        ops.ReshapeOp(mlir_type(out_avals[0]), values[0], loc=loc,
                      ip=frame.ip).result])


def _transpose_rule(x, permutation):
    if sorted(permutation) != list(range(x.ndim)):
        raise TypeError(f"transpose permutation isn't a permutation of operand "
                        f"dimensions, got permutation {permutation} for "
                        f"operand shape {x.shape}")
    return x.update(shape=tuple(x.shape[p] for p in permutation))


transpose_prim = standard_primitive(
    "transpose", _transpose_rule,
    lambda frame, loc, values, avals, out_avals, permutation: [
        ops.TransposeOp(mlir_type(out_avals[0]), values[0],
                        dense_i64_attr(permutation), loc=loc, ip=frame.ip).result])


def _rev_rule(x, dimensions):
    _check_axes("rev", dimensions, x.ndim)
    return x


rev_prim = standard_primitive(
    "rev", _rev_rule,
    lambda frame, loc, values, avals, out_avals, dimensions: [
        ops.ReverseOp(values[0], dense_i64_attr(dimensions), loc=loc,
                      ip=frame.ip).result])


def _slice_rule(x, start_indices, limit_indices, strides):
    if not (len(start_indices) == len(limit_indices) == len(strides) == x.ndim):
        raise TypeError(f"slice start_indices {start_indices}, limit_indices "
                        f"{limit_indices} and strides {strides} must each have "
                        f"one entry per operand dimension of {x.shape}")
    shape = []
    for s, l, st, n in zip(start_indices, limit_indices, strides, x.shape):
        if not 0 <= s <= l <= n or st <= 0:
            raise TypeError(f"slice [{s}:{l}:{st}] is out of bounds for "
                            f"operand shape {x.shape}")
        shape.append((l - s + st - 1) // st)
    return x.update(shape=tuple(shape))


slice_prim = standard_primitive(
    "slice", _slice_rule,
    lambda frame, loc, values, avals, out_avals, start_indices, limit_indices,
    strides: [ops.SliceOp(mlir_type(out_avals[0]), values[0],
                          dense_i64_attr(start_indices), dense_i64_attr(limit_indices),
                          dense_i64_attr(strides), loc=loc, ip=frame.ip).result])


def _check_index_scalars(name, idx, ndim):
    if len(idx) != ndim:
        raise TypeError(f"{name} needs one start index per operand dimension "
                        f"({ndim}), got {len(idx)}")
    for i in idx:
        if i.shape or not dtypes.is_int(i.dtype):
            raise TypeError(f"{name} start indices must be integer scalars, got "
                            f"{i.str_short()}")


def _dynamic_slice_rule(x, *idx, slice_sizes):
    _check_index_scalars("dynamic_slice", idx, x.ndim)
    if len(slice_sizes) != x.ndim or any(
            not 0 <= s <= n for s, n in zip(slice_sizes, x.shape)):
        raise TypeError(f"dynamic_slice slice_sizes {slice_sizes} do not fit "
                        f"operand shape {x.shape}")
    return x.update(shape=tuple(slice_sizes))


dynamic_slice_prim = standard_primitive(
    "dynamic_slice", _dynamic_slice_rule,
    lambda frame, loc, values, avals, out_avals, slice_sizes: [
        ops.DynamicSliceOp(mlir_type(out_avals[0]), values[0], values[1:],
                           dense_i64_attr(slice_sizes), loc=loc,
                           ip=frame.ip).result])


def _dynamic_update_slice_rule(x, update, *idx):
    _check_index_scalars("dynamic_update_slice", idx, x.ndim)
    if update.dtype != x.dtype:
        raise TypeError(f"dynamic_update_slice update dtype {update.dtype.name}"
                        f" differs from operand dtype {x.dtype.name}")
    if update.ndim != x.ndim or any(u > n for u, n in zip(update.shape, x.shape)):
        raise TypeError(f"dynamic_update_slice update shape {update.shape} must "
                        f"fit operand shape {x.shape}")
    return x


dynamic_update_slice_prim = standard_primitive(
    "dynamic_update_slice", _dynamic_update_slice_rule,
    lambda frame, loc, values, avals, out_avals: [
        ops.DynamicUpdateSliceOp(values[0], values[1], values[2:],
                                 results=[mlir_type(out_avals[0])], loc=loc,
                                 ip=frame.ip).result])


def _concatenate_rule(*xs, dimension):
    first = xs[0]
    if not 0 <= dimension < first.ndim:
        raise TypeError(f"concatenate dimension out of bounds: dimension "
                        f"{dimension} for shapes "
                        f"{', '.join(str(x.shape) for x in xs)}")
    for x in xs:
        if x.dtype != first.dtype:
            raise TypeError(f"concatenate requires arguments to have the same "
                            f"dtypes, got "
                            f"{', '.join(y.dtype.name for y in xs)}")
        if x.ndim != first.ndim or any(
                a != b for i, (a, b) in enumerate(zip(x.shape, first.shape))
                if i != dimension):
            raise TypeError(f"concatenate requires equal shapes except on "
                            f"dimension {dimension}, got "
                            f"{', '.join(str(y.shape) for y in xs)}")
    shape = list(first.shape)
    shape[dimension] = sum(x.shape[dimension] for x in xs)
    return first.update(shape=tuple(shape),
                        weak_type=all(x.weak_type for x in xs))


concatenate_prim = standard_primitive(
    "concatenate", _concatenate_rule,
    lambda frame, loc, values, avals, out_avals, dimension: [
        ops.ConcatenateOp(mlir_type(out_avals[0]), values, i64_attr(dimension),
                          loc=loc, ip=frame.ip).result])


def _pad_rule(x, padding_value, padding_config):
    if padding_value.shape or padding_value.dtype != x.dtype:
        raise TypeError(f"pad padding_value must be a scalar of the operand's "
                        f"dtype {x.dtype.name}, got {padding_value.str_short()}")
    if len(padding_config) != x.ndim:
        raise TypeError(f"pad needs one (low, high, interior) per operand "
                        f"dimension, got {padding_config} for {x.shape}")
    shape = []
    for (lo, hi, interior), n in zip(padding_config, x.shape):
        if interior < 0:
            raise ValueError(f"interior padding must be non-negative, got "
                             f"{padding_config}")
        size = lo + hi + n + max(n - 1, 0) * interior
        if size < 0:
            raise ValueError(f"pad produces a negative dimension size with "
                             f"{padding_config} for {x.shape}")
        shape.append(size)
    return x.update(shape=tuple(shape))


pad_prim = standard_primitive(
    "pad", _pad_rule,
    lambda frame, loc, values, avals, out_avals, padding_config: [
        ops.PadOp(mlir_type(out_avals[0]), values[0], values[1],
                  dense_i64_attr([c[0] for c in padding_config]),
                  dense_i64_attr([c[1] for c in padding_config]),
                  dense_i64_attr([c[2] for c in padding_config]), loc=loc,
                  ip=frame.ip).result])


# ---------------------------------------------------------------------------
# Reductions, scans, contractions, sorting
# ---------------------------------------------------------------------------

_REDUCE_KINDS = {"sum": 0, "prod": 1, "max": 2, "min": 3, "and": 4, "or": 5}


def _check_axes(name, axes, ndim):
    if len(set(axes)) != len(axes) or any(not 0 <= a < ndim for a in axes):
        raise ValueError(f"{name}: invalid axes {axes} for an array of rank "
                         f"{ndim}")


def _reduce_rule(x, kind, axes):
    _check_axes(f"reduce_{kind}", axes, x.ndim)
    if kind in ("and", "or") and not _accepts(_INTEGRAL, x.dtype):
        raise TypeError(f"reduce_{kind} does not accept dtype {x.dtype.name}")
    shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    return x.update(shape=shape)


reduce_prim = standard_primitive(
    "reduce", _reduce_rule,
    lambda frame, loc, values, avals, out_avals, kind, axes: [
        ops.ReduceOp(mlir_type(out_avals[0]), values[0],
                     i32_attr(_REDUCE_KINDS[kind]), dense_i64_attr(axes), loc=loc,
                     ip=frame.ip).result])


def _argreduce_rule(x, axis, index_dtype):
    _check_axes("argmin/argmax", (axis,), x.ndim)
    if dtypes.is_complex(x.dtype):
        # JAX's comparator (gt) rejects them.
        raise TypeError(f"argmin/argmax does not accept dtype "
                        f"{x.dtype.name}: complex numbers have no order")
    if not dtypes.is_int(index_dtype):
        raise TypeError(f"index_dtype must be an integer type, got "
                        f"{index_dtype}")
    return ShapedArray(x.shape[:axis] + x.shape[axis + 1:], index_dtype)


def _argreduce_lower(op_class):
    def lower(frame, loc, values, avals, out_avals, axis, index_dtype):
        return [op_class(mlir_type(out_avals[0]), values[0], i64_attr(axis),
                         loc=loc, ip=frame.ip).result]
    return lower


argmax_prim = standard_primitive("argmax", _argreduce_rule, _argreduce_lower(ops.ArgMaxOp))
argmin_prim = standard_primitive("argmin", _argreduce_rule, _argreduce_lower(ops.ArgMinOp))


def _cumulative_rule(name):
    def rule(x, axis, reverse):
        _check_axes("cumulative reduction", (axis,), x.ndim)
        if x.dtype == dtypes.bool_:
            raise TypeError(f"{name} does not accept dtype bool. Accepted "
                            f"dtypes are subtypes of number.")
        return x
    return rule


def _cumulative(name, op_class):
    def lower(frame, loc, values, avals, out_avals, axis, reverse):
        return [op_class(values[0], i64_attr(axis), reverse=reverse, loc=loc,
                         ip=frame.ip).result]
    return standard_primitive(name, _cumulative_rule(name), lower)


cumsum_prim = _cumulative("cumsum", ops.CumsumOp)
cumprod_prim = _cumulative("cumprod", ops.CumprodOp)
cummax_prim = _cumulative("cummax", ops.CummaxOp)
cummin_prim = _cumulative("cummin", ops.CumminOp)


def _dot_general_rule(lhs, rhs, dimension_numbers, preferred_element_type):
    (lc, rc), (lb, rb) = dimension_numbers
    if len(lc) != len(rc) or len(lb) != len(rb):
        raise TypeError(f"dot_general requires equal numbers of lhs and rhs "
                        f"contracting and batch dimensions, got "
                        f"{dimension_numbers}")
    for l_dims, r_dims, what in ((lc, rc, "contracting"), (lb, rb, "batch")):
        for ld, rd in zip(l_dims, r_dims):
            if not (0 <= ld < lhs.ndim and 0 <= rd < rhs.ndim):
                raise TypeError(f"dot_general {what} dimensions out of range: "
                                f"{dimension_numbers} for {lhs.shape} and "
                                f"{rhs.shape}")
            if lhs.shape[ld] != rhs.shape[rd]:
                raise TypeError(f"dot_general requires {what} dimensions to "
                                f"have the same shape, got {lhs.shape[ld]} and "
                                f"{rhs.shape[rd]} (shapes {lhs.shape} and "
                                f"{rhs.shape})")
    if lhs.dtype != rhs.dtype:
        raise TypeError(f"dot_general requires operands of the same dtype, got "
                        f"{lhs.dtype.name} and {rhs.dtype.name}")
    shape = tuple(lhs.shape[d] for d in lb)
    shape += tuple(d for i, d in enumerate(lhs.shape) if i not in lc + lb)
    shape += tuple(d for i, d in enumerate(rhs.shape) if i not in rc + rb)
    dtype = lhs.dtype if preferred_element_type is None else preferred_element_type
    return ShapedArray(shape, dtype,
                       lhs.weak_type and rhs.weak_type
                       and preferred_element_type is None)


def _dot_general_lower(frame, loc, values, avals, out_avals, dimension_numbers,
                       preferred_element_type):
    (lc, rc), (lb, rb) = dimension_numbers
    return [ops.DotGeneralOp(mlir_type(out_avals[0]), values[0], values[1],
                             dense_i64_attr(lb), dense_i64_attr(rb), dense_i64_attr(lc),
                             dense_i64_attr(rc), loc=loc, ip=frame.ip).result]


dot_general_prim = standard_primitive("dot_general", _dot_general_rule, _dot_general_lower)


def _sort_rule(*xs, dimension, is_stable, num_keys):
    shape = xs[0].shape
    if any(x.shape != shape for x in xs):
        raise TypeError(f"sort requires all operands to have the same shape, "
                        f"got {', '.join(str(x.shape) for x in xs)}")
    if not 0 <= dimension < max(len(shape), 1) or not shape:
        raise ValueError(f"sort dimension {dimension} out of range for shape "
                         f"{shape}")
    if not 1 <= num_keys <= len(xs):
        raise ValueError(f"sort num_keys must be in [1, {len(xs)}], got "
                         f"{num_keys}")
    return list(xs)


def _sort_lower(frame, loc, values, avals, out_avals, dimension, is_stable,
                num_keys):
    op = ops.SortOp([mlir_type(a) for a in out_avals], values,
                    i64_attr(dimension), i64_attr(num_keys),
                    is_stable=is_stable, loc=loc, ip=frame.ip)
    return list(op.results)


sort_prim = standard_primitive("sort", _sort_rule, _sort_lower, multiple_results=True)


# ---------------------------------------------------------------------------
# Gather and scatter
# ---------------------------------------------------------------------------

_MODES = {"clip": 0, "fill": 1, "drop": 1, "fill_or_drop": 1,
          "promise_in_bounds": 2}


class GatherDimensionNumbers(tuple):
    """lax.GatherDimensionNumbers, as a hashable named tuple."""

    def __new__(cls, offset_dims, collapsed_slice_dims, start_index_map,
                operand_batching_dims=(), start_indices_batching_dims=()):
        return tuple.__new__(cls, (tuple(offset_dims), tuple(collapsed_slice_dims),
                                   tuple(start_index_map),
                                   tuple(operand_batching_dims),
                                   tuple(start_indices_batching_dims)))

    offset_dims = property(lambda s: s[0])
    collapsed_slice_dims = property(lambda s: s[1])
    start_index_map = property(lambda s: s[2])
    operand_batching_dims = property(lambda s: s[3])
    start_indices_batching_dims = property(lambda s: s[4])


class ScatterDimensionNumbers(tuple):
    """lax.ScatterDimensionNumbers, as a hashable named tuple."""

    def __new__(cls, update_window_dims, inserted_window_dims,
                scatter_dims_to_operand_dims, operand_batching_dims=(),
                scatter_indices_batching_dims=()):
        return tuple.__new__(cls, (tuple(update_window_dims),
                                   tuple(inserted_window_dims),
                                   tuple(scatter_dims_to_operand_dims),
                                   tuple(operand_batching_dims),
                                   tuple(scatter_indices_batching_dims)))

    update_window_dims = property(lambda s: s[0])
    inserted_window_dims = property(lambda s: s[1])
    scatter_dims_to_operand_dims = property(lambda s: s[2])
    operand_batching_dims = property(lambda s: s[3])
    scatter_indices_batching_dims = property(lambda s: s[4])


def _gather_rule(operand, indices, dimension_numbers, slice_sizes, mode,
                 fill_value, indices_are_sorted):
    dn = dimension_numbers
    if not dtypes.is_int(indices.dtype):
        raise TypeError(f"gather indices must be integers, got "
                        f"{indices.dtype.name}")
    if len(slice_sizes) != operand.ndim:
        raise TypeError(f"gather slice_sizes {slice_sizes} must have one entry "
                        f"per operand dimension of {operand.shape}")
    if indices.ndim == 0 or indices.shape[-1] != len(dn.start_index_map):
        raise TypeError(f"gather index vectors (last dimension of indices "
                        f"{indices.shape}) must match start_index_map "
                        f"{dn.start_index_map}")
    dropped = set(dn.collapsed_slice_dims) | set(dn.operand_batching_dims)
    offset_sizes = [s for i, s in enumerate(slice_sizes) if i not in dropped]
    batch = list(indices.shape[:-1])
    rank = len(offset_sizes) + len(batch)
    shape = []
    o = b = 0
    for i in range(rank):
        if i in dn.offset_dims:
            shape.append(offset_sizes[o])
            o += 1
        else:
            shape.append(batch[b])
            b += 1
    return operand.update(shape=tuple(shape))


def _gather_lower(frame, loc, values, avals, out_avals, dimension_numbers,
                  slice_sizes, mode, fill_value, indices_are_sorted):
    dn = dimension_numbers
    fill = None
    if fill_value is not None:
        elt = element_type(out_avals[0].dtype)
        fill = (ir.FloatAttr.get(elt, float(fill_value))
                if dtypes.is_inexact(out_avals[0].dtype)
                else ir.IntegerAttr.get(elt, int(fill_value)))
    return [ops.GatherOp(
        mlir_type(out_avals[0]), values[0], values[1],
        dense_i64_attr(dn.offset_dims), dense_i64_attr(dn.collapsed_slice_dims),
        dense_i64_attr(dn.operand_batching_dims),
        dense_i64_attr(dn.start_indices_batching_dims),
        dense_i64_attr(dn.start_index_map), i64_attr(avals[1].ndim - 1),
        dense_i64_attr(slice_sizes), i32_attr(_MODES[mode]),
        indices_are_sorted=ir.BoolAttr.get(indices_are_sorted),
        fill_value=fill, loc=loc, ip=frame.ip).result]


gather_prim = standard_primitive("gather", _gather_rule, _gather_lower)

_SCATTER_KINDS = {"set": 0, "add": 1, "mul": 2, "min": 3, "max": 4}


def _scatter_rule(operand, indices, updates, kind, dimension_numbers, mode,
                  indices_are_sorted, unique_indices):
    if updates.dtype != operand.dtype:
        raise TypeError(f"scatter updates dtype {updates.dtype.name} differs "
                        f"from operand dtype {operand.dtype.name}")
    if not dtypes.is_int(indices.dtype):
        raise TypeError(f"scatter indices must be integers, got "
                        f"{indices.dtype.name}")
    if kind in ("add", "mul") and operand.dtype == dtypes.bool_:
        # As JAX's scatter_add/scatter_mul: numbers only.
        raise TypeError(f"scatter-{kind} does not accept dtype bool. "
                        f"Accepted dtypes are subtypes of number.")
    return operand


def _scatter_lower(frame, loc, values, avals, out_avals, kind,
                   dimension_numbers, mode, indices_are_sorted, unique_indices):
    dn = dimension_numbers
    return [ops.ScatterOp(
        values[0], values[1], values[2],
        i32_attr(_SCATTER_KINDS[kind]), dense_i64_attr(dn.update_window_dims),
        dense_i64_attr(dn.inserted_window_dims),
        dense_i64_attr(dn.operand_batching_dims),
        dense_i64_attr(dn.scatter_indices_batching_dims),
        dense_i64_attr(dn.scatter_dims_to_operand_dims),
        i64_attr(avals[1].ndim - 1), i32_attr(_MODES[mode]),
        indices_are_sorted=ir.BoolAttr.get(indices_are_sorted),
        unique_indices=ir.BoolAttr.get(unique_indices),
        results=[mlir_type(out_avals[0])], loc=loc, ip=frame.ip).result]


scatter_prim = standard_primitive("scatter", _scatter_rule, _scatter_lower)


# ---------------------------------------------------------------------------
# Random bits
# ---------------------------------------------------------------------------


def _threefry_rule(key0, key1, x0, x1):
    for a in (key0, key1, x0, x1):
        if a.dtype != dtypes.uint32:
            raise TypeError(f"threefry2x32 takes uint32 arrays, got "
                            f"{a.dtype.name}")
    if x0.shape != x1.shape or key0.shape != key1.shape or (
            key0.shape and key0.shape != x0.shape):
        raise TypeError(f"threefry2x32: keys must be scalars or match the "
                        f"counters' shape, got {key0.shape}, {key1.shape}, "
                        f"{x0.shape}, {x1.shape}")
    return [x0.update(weak_type=False), x1.update(weak_type=False)]


def _threefry_lower(frame, loc, values, avals, out_avals):
    t = mlir_type(out_avals[0])
    op = ops.Threefry2x32Op(*values, results=[t, t], loc=loc, ip=frame.ip)
    return [op.y0, op.y1]


threefry2x32_prim = standard_primitive("threefry2x32", _threefry_rule, _threefry_lower,
                           multiple_results=True)


def _cholesky_rule(x):
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"Argument to Cholesky decomposition must have shape "
                         f"[..., n, n], got shape {x.shape}")
    if x.dtype not in _LAPACK_TYPES:
        raise NotImplementedError(f"jxp's cholesky supports float32, "
                                  f"float64, complex64 and complex128, got "
                                  f"{x.dtype}")
    return ShapedArray(x.shape, x.dtype)


cholesky_prim = standard_primitive(
    "cholesky", _cholesky_rule,
    lambda frame, loc, values, avals, out_avals: [
        ops.CholeskyOp(values[0], loc=loc, ip=frame.ip).result])


def _triangular_solve_rule(a, b, left_side, lower, unit_diagonal,
                           transpose_a):
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"triangular_solve requires a to be a (batch of) "
                         f"square matrices, got shape {a.shape}")
    if a.dtype != b.dtype or a.ndim != b.ndim or a.shape[:-2] != b.shape[:-2]:
        raise TypeError(f"triangular_solve requires a and b with one dtype "
                        f"and the same batch dimensions, got {a.str_short()} "
                        f"and {b.str_short()}")
    if b.shape[-2 if left_side else -1] != a.shape[-1]:
        raise TypeError(f"triangular_solve: incompatible shapes {a.shape} "
                        f"and {b.shape} (left_side={left_side})")
    if a.dtype not in _LAPACK_TYPES:
        raise NotImplementedError(f"jxp's triangular_solve supports float32, "
                                  f"float64, complex64 and complex128, got "
                                  f"{a.dtype}")
    return ShapedArray(b.shape, b.dtype)


triangular_solve_prim = standard_primitive(
    "triangular_solve", _triangular_solve_rule,
    lambda frame, loc, values, avals, out_avals, left_side, lower,
    unit_diagonal, transpose_a: [
        ops.TriangularSolveOp(values[0], values[1],
                              results=[mlir_type(out_avals[0])],
                              left_side=left_side,
                              lower=lower, unit_diagonal=unit_diagonal,
                              transpose_a=i64_attr(transpose_a), loc=loc,
                              ip=frame.ip).result])


stop_gradient_prim = standard_primitive(
    "stop_gradient", lambda x: x,
    lambda frame, loc, values, avals, out_avals: [
        ops.StopGradientOp(values[0], loc=loc, ip=frame.ip).result])


# ---------------------------------------------------------------------------
# Ops built by name: factorizations, FFT, convolution, windows, callbacks
# ---------------------------------------------------------------------------

def _generic_lower(op_name, attributes):
    """The IR rule of an op created by name, its attributes from the
    primitive's parameters (`attributes(**params)` -> {name: Attribute})."""
    def lower(frame, loc, values, avals, out_avals, **params):
        op = _create(op_name, results=[mlir_type(a) for a in out_avals],
                     operands=values, attributes=attributes(**params),
                     loc=loc, ip=frame.ip)
        return list(op.results)
    return lower


def _flags(**flags):
    return {k: ir.UnitAttr.get() for k, v in flags.items() if v}


def _reduce_precision_rule(x, exponent_bits, mantissa_bits):
    if not dtypes.is_float(x.dtype):
        raise TypeError(f"reduce_precision does not accept dtype "
                        f"{x.dtype.name}; it needs float arguments")
    if exponent_bits < 1 or mantissa_bits < 0:
        raise ValueError(f"reduce_precision: exponent_bits must be >= 1 and "
                         f"mantissa_bits >= 0, got {exponent_bits} and "
                         f"{mantissa_bits}")
    return x


reduce_precision_prim = standard_primitive(
    "reduce_precision", _reduce_precision_rule,
    _generic_lower(ops.ReducePrecisionOp.OPERATION_NAME,
                   lambda exponent_bits, mantissa_bits: {
                       "exponent_bits": i32_attr(exponent_bits),
                       "mantissa_bits": i32_attr(mantissa_bits)}))


# The element types LAPACK factors.
_LAPACK_TYPES = tuple(np.dtype(t) for t in (np.float32, np.float64,
                                            np.complex64, np.complex128))


def _matrices(name, x, square=False):
    if x.ndim < 2 or (square and x.shape[-1] != x.shape[-2]):
        raise ValueError(f"Argument to {name} must have shape [..., "
                         f"{'n, n' if square else 'm, n'}], got shape "
                         f"{x.shape}")
    if x.dtype not in _LAPACK_TYPES:
        raise NotImplementedError(f"jxp's {name} supports float32, float64, "
                                  f"complex64 and complex128, got {x.dtype}")
    return x.shape[:-2], x.shape[-2], x.shape[-1]


def _real_of(dtype):
    return _REAL_OF.get(dtype, dtype)


def _lu_rule(x):
    batch, m, n = _matrices("LU decomposition", x)
    i32 = np.dtype(np.int32)
    return [ShapedArray(x.shape, x.dtype),
            ShapedArray(batch + (min(m, n),), i32),
            ShapedArray(batch + (m,), i32)]


lu_prim = standard_primitive("lu", _lu_rule,
                 _generic_lower(ops.LuOp.OPERATION_NAME, lambda: {}),
                 multiple_results=True)


def _qr_rule(x, full_matrices):
    batch, m, n = _matrices("QR decomposition", x)
    k = m if full_matrices else min(m, n)
    return [ShapedArray(batch + (m, k), x.dtype),
            ShapedArray(batch + (k, n), x.dtype)]


qr_prim = standard_primitive("qr", _qr_rule,
                 _generic_lower(ops.QrOp.OPERATION_NAME,
                                lambda full_matrices: _flags(
                                    full_matrices=full_matrices)),
                 multiple_results=True)


def _eigh_rule(x, lower):
    batch, n, _ = _matrices("symmetric eigendecomposition", x, square=True)
    return [ShapedArray(x.shape, x.dtype),
            ShapedArray(batch + (n,), _real_of(x.dtype))]


eigh_prim = standard_primitive("eigh", _eigh_rule,
                   _generic_lower(ops.EighOp.OPERATION_NAME,
                                  lambda lower: _flags(lower=lower)),
                   multiple_results=True)


def _svd_rule(x, full_matrices, compute_uv):
    batch, m, n = _matrices("singular value decomposition", x)
    k = min(m, n)
    s = ShapedArray(batch + (k,), _real_of(x.dtype))
    if not compute_uv:
        return [s]
    return [s, ShapedArray(batch + (m, m if full_matrices else k), x.dtype),
            ShapedArray(batch + (n if full_matrices else k, n), x.dtype)]


svd_prim = standard_primitive("svd", _svd_rule,
                  _generic_lower(ops.SvdOp.OPERATION_NAME,
                                 lambda full_matrices, compute_uv: _flags(
                                     full_matrices=full_matrices,
                                     compute_uv=compute_uv)),
                  multiple_results=True)


def _eig_rule(x, compute_left, compute_right):
    batch, n, _ = _matrices("nonsymmetric eigendecomposition", x,
                            square=True)
    c = np.dtype(np.complex64 if _real_of(x.dtype) == np.float32
                 else np.complex128)
    return ([ShapedArray(batch + (n,), c)] +
            [ShapedArray(x.shape, c)] * (int(compute_left) +
                                         int(compute_right)))


eig_prim = standard_primitive("eig", _eig_rule,
                  _generic_lower(ops.EigOp.OPERATION_NAME,
                                 lambda compute_left, compute_right: _flags(
                                     compute_left=compute_left,
                                     compute_right=compute_right)),
                  multiple_results=True)


FFT_TYPES = ("FFT", "IFFT", "RFFT", "IRFFT")
_REAL_OF = {np.dtype(np.complex64): np.dtype(np.float32),
            np.dtype(np.complex128): np.dtype(np.float64)}
_COMPLEX_OF = {v: k for k, v in _REAL_OF.items()}


def _fft_rule(x, fft_type, fft_lengths):
    k = len(fft_lengths)
    if not 1 <= k <= 3 or k > x.ndim:
        raise ValueError(f"FFT over {k} dimensions of an array of rank "
                         f"{x.ndim}: XLA transforms 1 to 3 trailing "
                         f"dimensions")
    if fft_type == "RFFT":
        if x.dtype not in _COMPLEX_OF:
            raise ValueError(f"RFFT input must be float32 or float64, got "
                             f"{x.dtype.name}")
        if x.shape[-k:] != tuple(fft_lengths):
            raise ValueError(f"RFFT operand's trailing dimensions "
                             f"{x.shape[-k:]} must equal fft_lengths "
                             f"{tuple(fft_lengths)}")
        shape = x.shape[:-1] + (fft_lengths[-1] // 2 + 1,)
        return ShapedArray(shape, _COMPLEX_OF[x.dtype])
    if x.dtype not in _REAL_OF:
        raise TypeError(f"{fft_type} needs a complex64 or complex128 operand, "
                        f"got {x.dtype.name}")
    if fft_type == "IRFFT":
        want = tuple(fft_lengths[:-1]) + (fft_lengths[-1] // 2 + 1,)
        if x.shape[-k:] != want:
            raise ValueError(f"IRFFT operand's trailing dimensions "
                             f"{x.shape[-k:]} must be {want} for fft_lengths "
                             f"{tuple(fft_lengths)}")
        return ShapedArray(x.shape[:-k] + tuple(fft_lengths),
                           _REAL_OF[x.dtype])
    if x.shape[-k:] != tuple(fft_lengths):
        raise ValueError(f"{fft_type} operand's trailing dimensions "
                         f"{x.shape[-k:]} must equal fft_lengths "
                         f"{tuple(fft_lengths)}")
    return ShapedArray(x.shape, x.dtype)


fft_prim = standard_primitive("fft", _fft_rule, _generic_lower(
    ops.FftOp.OPERATION_NAME, lambda fft_type, fft_lengths: {
        "fft_type": i32_attr(FFT_TYPES.index(fft_type)),
        "fft_length": dense_i64_attr(fft_lengths)}))


def _dilated(size, dilation):
    return 0 if size == 0 else 1 + dilation * (size - 1)


def _windowed(size, lo, hi, base_dilation, window, window_dilation, stride):
    padded = _dilated(size, base_dilation) + lo + hi
    span = _dilated(window, window_dilation)
    return 0 if padded < span else (padded - span) // stride + 1


def _conv_rule(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
               dimension_numbers, feature_group_count, batch_group_count):
    L, R, O = dimension_numbers
    if lhs.ndim != rhs.ndim or lhs.ndim < 2:
        raise TypeError(f"conv_general_dilated lhs and rhs must have the same "
                        f"rank of at least 2, got {lhs.shape} and {rhs.shape}")
    if lhs.dtype != rhs.dtype:
        raise TypeError(f"conv_general_dilated requires arguments to have the "
                        f"same dtypes, got {lhs.dtype.name}, "
                        f"{rhs.dtype.name}")
    s = lhs.ndim - 2
    for name, v in (("window_strides", window_strides),
                    ("lhs_dilation", lhs_dilation),
                    ("rhs_dilation", rhs_dilation), ("padding", padding)):
        if len(v) != s:
            raise ValueError(f"conv_general_dilated {name} must have "
                             f"{s} entries (one per spatial dimension), got "
                             f"{len(v)}")
    for name, v in (("window_strides", window_strides),
                    ("lhs_dilation", lhs_dilation),
                    ("rhs_dilation", rhs_dilation)):
        if any(d < 1 for d in v):
            raise ValueError(f"conv_general_dilated {name} must be positive, "
                             f"got {tuple(v)}")
    fg, bg = feature_group_count, batch_group_count
    if fg < 1 or bg < 1 or (fg > 1 and bg > 1):
        raise ValueError(f"At most one of feature_group_count and "
                         f"batch_group_count may be > 1, got "
                         f"feature_group_count={fg} and "
                         f"batch_group_count={bg}")
    in_feat, ker_in = lhs.shape[L[1]], rhs.shape[R[1]]
    out_feat = rhs.shape[R[0]]
    if in_feat % fg:
        raise ValueError(f"conv_general_dilated feature_group_count must "
                         f"divide lhs feature dimension size, but {fg} does "
                         f"not divide {in_feat}.")
    if in_feat // fg != ker_in:
        raise ValueError(f"conv_general_dilated lhs feature dimension size "
                         f"divided by feature_group_count must equal the rhs "
                         f"input feature dimension size, but {in_feat} // "
                         f"{fg} != {ker_in}.")
    if out_feat % fg:
        raise ValueError(f"conv_general_dilated rhs output feature dimension "
                         f"size must be a multiple of feature_group_count, "
                         f"but {out_feat} is not a multiple of {fg}.")
    if lhs.shape[L[0]] % bg or out_feat % bg:
        raise ValueError(f"conv_general_dilated batch_group_count must "
                         f"divide the lhs batch dimension size and the rhs "
                         f"output feature dimension size, got {bg} for "
                         f"{lhs.shape[L[0]]} and {out_feat}")
    out = [0] * lhs.ndim
    out[O[0]] = lhs.shape[L[0]] // bg
    out[O[1]] = out_feat
    for i in range(s):
        lo, hi = padding[i]
        out[O[2 + i]] = _windowed(lhs.shape[L[2 + i]], lo, hi,
                                  lhs_dilation[i], rhs.shape[R[2 + i]],
                                  rhs_dilation[i], window_strides[i])
    return ShapedArray(tuple(out), lhs.dtype)


conv_prim = standard_primitive("conv", _conv_rule, _generic_lower(
    ops.ConvOp.OPERATION_NAME,
    lambda window_strides, padding, lhs_dilation, rhs_dilation,
    dimension_numbers, feature_group_count, batch_group_count: {
        "window_strides": dense_i64_attr(window_strides),
        "padding": dense_i64_attr([p for pair in padding for p in pair]),
        "lhs_dilation": dense_i64_attr(lhs_dilation),
        "rhs_dilation": dense_i64_attr(rhs_dilation),
        "lhs_spec": dense_i64_attr(dimension_numbers[0]),
        "rhs_spec": dense_i64_attr(dimension_numbers[1]),
        "out_spec": dense_i64_attr(dimension_numbers[2]),
        "feature_group_count": i64_attr(feature_group_count),
        "batch_group_count": i64_attr(batch_group_count)}))


def _reduce_window_rule(x, kind, window_dimensions, window_strides, padding,
                        base_dilation, window_dilation):
    r = x.ndim
    for name, v in (("window_dimensions", window_dimensions),
                    ("window_strides", window_strides),
                    ("base_dilation", base_dilation),
                    ("window_dilation", window_dilation),
                    ("padding", padding)):
        if len(v) != r:
            raise TypeError(f"reduce_window: {name} must have one entry per "
                            f"operand dimension ({r}), got {len(v)}")
    for name, v in (("window_dimensions", window_dimensions),
                    ("window_strides", window_strides),
                    ("base_dilation", base_dilation),
                    ("window_dilation", window_dilation)):
        if any(d < 1 for d in v):
            raise TypeError(f"reduce_window: {name} must be positive, got "
                            f"{tuple(v)}")
    if kind == "sum" and x.dtype == dtypes.bool_:
        raise TypeError("reduce_window sum does not accept dtype bool")
    shape = tuple(_windowed(x.shape[d], padding[d][0], padding[d][1],
                            base_dilation[d], window_dimensions[d],
                            window_dilation[d], window_strides[d])
                  for d in range(r))
    return x.update(shape=shape)


def _window_attrs(window_dimensions, window_strides, padding, base_dilation,
                  window_dilation):
    return {"window_dimensions": dense_i64_attr(window_dimensions),
            "window_strides": dense_i64_attr(window_strides),
            "padding": dense_i64_attr([p for pair in padding for p in pair]),
            "base_dilation": dense_i64_attr(base_dilation),
            "window_dilation": dense_i64_attr(window_dilation)}


reduce_window_prim = standard_primitive("reduce_window", _reduce_window_rule,
                            _generic_lower(
    ops.ReduceWindowOp.OPERATION_NAME,
    lambda kind, **window: dict(kind=i32_attr(_REDUCE_KINDS[kind]),
                                **_window_attrs(**window))))


def _rng_bit_generator_rule(state, shape, dtype, algorithm):
    if state.dtype not in (np.dtype(np.uint32), np.dtype(np.uint64)) or (
            state.shape != ((4,) if state.dtype == np.uint32 else (2,))):
        raise TypeError(f"rng_bit_generator: the key must be uint32[4] or "
                        f"uint64[2], got {state.str_short()}")
    if np.dtype(dtype) not in _RNG_BIT_TYPES:
        raise TypeError(f"rng_bit_generator: unsupported dtype {dtype}")
    return [state.update(weak_type=False), ShapedArray(tuple(shape), dtype)]


_RNG_BIT_TYPES = tuple(np.dtype(t) for t in (np.uint8, np.uint16, np.uint32,
                                             np.uint64))

rng_bit_generator_prim = standard_primitive(
    "rng_bit_generator", _rng_bit_generator_rule,
    _generic_lower(ops.RngBitGeneratorOp.OPERATION_NAME,
                   lambda shape, dtype, algorithm: {
                       "algorithm": i32_attr(int(algorithm))}),
    multiple_results=True)


def _rng_uniform_rule(low, high, shape):
    if low.dtype != high.dtype:
        raise ValueError(f"Arguments to rng_uniform must have identical "
                         f"dtypes, got {low.dtype} and {high.dtype}.")
    if low.shape != () or high.shape != ():
        raise ValueError(f"Arguments to rng_uniform must be scalars; got "
                         f"shapes {low.shape} and {high.shape}.")
    if low.dtype not in _RNG_UNIFORM_TYPES:
        raise TypeError(f"rng_uniform does not accept dtype "
                        f"{low.dtype.name}")
    return ShapedArray(tuple(shape), low.dtype,
                       low.weak_type and high.weak_type)


_RNG_UNIFORM_TYPES = tuple(np.dtype(t) for t in (
    np.int32, np.int64, np.uint32, np.uint64, np.float16, dtypes.bfloat16,
    np.float32, np.float64))

rng_uniform_prim = standard_primitive(
    "rng_uniform", _rng_uniform_rule,
    _generic_lower(ops.RngUniformOp.OPERATION_NAME, lambda shape: {}))


def _window_select_lower(op_class):
    return _generic_lower(op_class.OPERATION_NAME,
                          lambda select_max, **window: dict(
                              **_flags(select_max=select_max),
                              **_window_attrs(**window)))


def _select_and_gather_add_rule(tangent, operand, select_max, **window):
    if tangent.shape != operand.shape or tangent.dtype != operand.dtype:
        raise TypeError(f"select_and_gather_add: tangent {tangent.str_short()}"
                        f" and operand {operand.str_short()} differ")
    if not dtypes.is_float(operand.dtype):
        raise TypeError(f"select_and_gather_add takes floats, got "
                        f"{operand.dtype.name}")
    return _reduce_window_rule(operand, "max", **window).update(
        weak_type=False)


def _select_and_scatter_add_rule(source, operand, select_max, **window):
    out = _reduce_window_rule(operand, "max", **window)
    if source.shape != out.shape or source.dtype != operand.dtype:
        raise TypeError(f"select_and_scatter_add: source must be "
                        f"{out.update(weak_type=False).str_short()} (the "
                        f"operand's windows), got {source.str_short()}")
    if not dtypes.is_float(operand.dtype):
        raise TypeError(f"select_and_scatter_add takes floats, got "
                        f"{operand.dtype.name}")
    return operand.update(weak_type=False)


# The tangent of max/min pooling and its transpose (JAX's primitives of the
# same names), for lax.select_and_gather_add_p / select_and_scatter_add_p.
select_and_gather_add_prim = standard_primitive(
    "select_and_gather_add", _select_and_gather_add_rule,
    _window_select_lower(ops.SelectAndGatherAddOp))
select_and_scatter_add_prim = standard_primitive(
    "select_and_scatter_add", _select_and_scatter_add_rule,
    _window_select_lower(ops.SelectAndScatterAddOp))


def _host_callback_rule(*args, callback_id, result_avals, has_side_effect,
                        vmap_method):
    return list(result_avals)


host_callback_prim = standard_primitive(
    "host_callback", _host_callback_rule,
    _generic_lower(ops.HostCallbackOp.OPERATION_NAME,
                   lambda callback_id, result_avals, has_side_effect,
                   vmap_method: dict(
                       callback_id=i64_attr(callback_id),
                       vmap_method=ir.StringAttr.get(vmap_method),
                       **_flags(has_side_effect=has_side_effect))),
    multiple_results=True)
