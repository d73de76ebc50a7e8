"""Elementwise functions (NumPy ufuncs) with JAX's promotion and weak types.

Each function promotes its arguments as jax.numpy does (promote_args,
promote_args_inexact or promote_args_numeric), computes with lax
primitives, and gives its result the weak type JAX gives it. Functions
built from several primitives run as one compiled program when called
eagerly (as JAX's jitted ufuncs do), and inline when traced.

Several weak-type rules look arbitrary; they are JAX's. Where JAX builds a
result with a constant from `lax._const(x, c)`, that constant is weakly
typed only if `x` is weakly typed and 0-d, so such results are weak only
for 0-d weak inputs (`_weak_if_0d`).
"""

import builtins
import operator

import ml_dtypes
import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.ad import jvp
from jxp._src.custom_derivatives import custom_jvp
from jxp._src.api import jit_library
from jxp._src.core import abstractify, rebind_aval, Tracer
from jxp._src.lax import scalar_casting as lax
from jxp._src.numpy.util import (
    _broadcast_shapes_or_type_error, _check_arraylike, _constant, _filled,
    _keep_weak, _promote, asarray, astype, broadcast_to, operator_index)





# add, subtract, multiply, negative, maximum, minimum, logaddexp,
# logaddexp2, bitwise_and/or/xor and logical_and/or/xor are the functions
# behind the jnp.ufunc objects of those names (_ufunc_class.py).
__all__ = [
    'true_divide', 'divide', 'power', 'pow', 'float_power', 'floor_divide',
    'remainder', 'mod', 'fmod', 'divmod', 'positive', 'absolute', 'abs',
    'fabs', 'sign', 'reciprocal', 'square', 'sqrt', 'cbrt', 'fmax', 'fmin',
    'clip', 'gcd', 'lcm', 'heaviside', 'copysign', 'nextafter', 'spacing',
    'ldexp', 'frexp', 'modf', 'exp', 'exp2', 'expm1', 'log', 'log1p',
    'log2', 'log10', 'sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan',
    'arctan2', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh',
    'arcsinh', 'arccosh', 'arctanh', 'asinh', 'acosh', 'atanh', 'hypot',
    'deg2rad', 'rad2deg', 'degrees', 'radians', 'sinc', 'i0', 'floor',
    'ceil', 'trunc', 'rint', 'round', 'around', 'real', 'imag', 'conj',
    'conjugate', 'angle', 'isreal', 'iscomplex', 'invert', 'bitwise_not',
    'bitwise_invert', 'left_shift', 'right_shift', 'bitwise_left_shift',
    'bitwise_right_shift', 'bitwise_count', 'signbit', 'equal',
    'not_equal', 'less', 'less_equal', 'greater', 'greater_equal',
    'logical_not', 'isfinite', 'isinf', 'isnan', 'isneginf', 'isposinf',
    'isclose', 'nan_to_num', 'where']

_python_abs = builtins.abs


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _av(x):
    return abstractify(x)


def _dtype(x):
    return abstractify(x).dtype


def _is_weak(x):
    return abstractify(x).weak_type


def _all_0d(*xs):
    return builtins.all(abstractify(x).ndim == 0 for x in xs)


def _weak(x, weak):
    """`x` with weak type `weak`."""
    return _keep_weak(x, builtins.bool(weak))


def _weak_if_0d(x, weak, *like):
    """`x`, weakly typed if `weak` and every array in `like` is 0-d (see the
    module's docstring)."""
    return _weak(x, weak and _all_0d(*like))


def _arraylike(name, *args):
    """JAX's ensure_arraylike: scalars and arrays, not lists."""
    _check_arraylike(name, *args)
    return [asarray(a) for a in args]


def _to_inexact(args, weak):
    dtype = _dtype(args[0])
    if _dt.is_inexact(dtype):
        return args
    return [_weak(astype(a, _dt.to_inexact_dtype(dtype)), weak) for a in args]


def _weak_int(x):
    a = getattr(x, "aval", None)
    return a is not None and a.weak_type and _dt.is_int(a.dtype)


def _inexact(name, *args):
    """promote_args_inexact: JAX's common dtype, broadcast; integers and
    bools become the default float, keeping the weak type."""
    # Fast path (traced sin(x), exp(x), ...): one inexact tracer is left
    # as it is.
    if len(args) == 1 and type(args[0]) is Tracer and _dt.is_inexact(
            args[0].aval.dtype):
        return [args[0]]
    # (A Python int reaches a jitted ufunc as a weakly typed int scalar.)
    if builtins.any(type(a) is int or _weak_int(a) for a in args):
        _check_arraylike(name, *args)
        dtype, weak = _dt.promote(*[(_av(a).dtype, _av(a).weak_type)
                                    for a in args])
        if not _dt.is_inexact(dtype):
            # JAX converts each argument straight to the float type, so a
            # Python int keeps its value: uint32 / -1 is -x, where going
            # through uint32 first would wrap -1 to 2**32 - 1.
            target = _dt.to_inexact_dtype(dtype)
            args = [_constant(a, target) if type(a) is int
                    else astype(a, target) for a in args]
            shape = _broadcast_shapes_or_type_error(
                name, [_av(a).shape for a in args])
            return [_weak(broadcast_to(a, shape), weak) for a in args]
    args = _promote(name, *args)
    # The weak type of the promotion (a weak bool alone is strong).
    weak = _dt.promote(*[(_av(a).dtype, _av(a).weak_type) for a in args])[1]
    return _to_inexact(args, weak)


def _numeric(name, *args):
    """promote_args_numeric: bools become int32 (with x64 on as well)."""
    args = _promote(name, *args)
    if _dtype(args[0]) == _dt.bool_:
        args = [astype(a, _dt.int32) for a in args]
    return args


def _promote_dtypes(name, *args):
    """promote_dtypes: common dtype and weak type, no broadcasting."""
    _check_arraylike(name, *args)
    dtype, weak = _dt.promote(*[(_av(a).dtype, _av(a).weak_type) for a in args])
    out = []
    for a in args:
        a = asarray(a)
        if _dtype(a) != dtype:
            a = lax.convert_element_type(a, dtype)
        out.append(_weak(a, weak))
    return out


def _promote_dtypes_inexact(name, *args):
    args = _promote_dtypes(name, *args)
    return _to_inexact(args, _is_weak(args[0]))


def _broadcast(*args):
    shape = np.broadcast_shapes(*[_av(a).shape for a in args])
    return [broadcast_to(a, shape) for a in args]


def _full(like, value, dtype=None):
    """`value` in the shape of `like` (strongly typed)."""
    a = _av(like)
    return lax.broadcast_in_dim(_constant(value, dtype or a.dtype), a.shape, ())


def _finfo(dtype):
    return ml_dtypes.finfo(dtype)


_SINT = {1: _dt.int8, 2: _dt.int16, 4: _dt.int32, 8: _dt.int64}


def _bits(x):
    """The bits of a float as a signed integer of its width."""
    return lax.bitcast_convert_type(x, _SINT[_dtype(x).itemsize])


def _upcast(fn):
    """fn computed in float32 for 16-bit floats (as XLA expands these
    functions), in the argument's dtype otherwise; the result has the
    first argument's dtype and weak type."""
    def f(*args):
        dtype, weak = _dtype(args[0]), _is_weak(args[0])
        if dtype in (_dt.float16, _dt.bfloat16):
            args = [lax.convert_element_type(a, _dt.float32) for a in args]
        out = fn(*args)
        if _dtype(out) != dtype:
            out = lax.convert_element_type(out, dtype)
        return _weak(out, weak)
    return f


def _unary_primitive(name, fn, jvp_rule):
    """`fn` of one inexact array (computed as `_upcast` does), differentiated
    by `jvp_rule(g, x)`: JAX's rule for its primitive `name`. jxp composes
    these from simpler ops, and the composition's own derivative differs
    from the primitive's at special points: 0 instead of 1 at x = 0 through
    abs and sign (sinh, arcsinh), NaN instead of infinity at the ends of a
    domain (arcsin at 1)."""
    def value(x):
        return _upcast(fn)(x)
    value.__name__ = name
    f = custom_jvp(value)
    f.defjvps(lambda g, ans, x: jvp_rule(g, x))
    return f


# ---------------------------------------------------------------------------
# Simple ufuncs: promote, then one primitive
# ---------------------------------------------------------------------------


_BINARY_UFUNCS = frozenset((
    "add", "subtract", "multiply", "true_divide", "maximum", "minimum",
    "arctan2", "bitwise_and", "bitwise_or", "bitwise_xor", "equal",
    "not_equal", "less", "less_equal", "greater", "greater_equal",
    "float_power", "power"))


def _ufunc(name, prim_fn, kind=None):
    """A NumPy ufunc over a lax function: promote, broadcast, and for
    inexact-only functions convert integers to the default float."""
    # Positional only, as JAX's: an extra argument is a TypeError, not an
    # operand the op does not take.
    nin = 2 if name in _BINARY_UFUNCS else 1
    def f(*args):
        if len(args) != nin:
            raise TypeError(f"{name}() takes {nin} positional argument"
                            f"{'s' if nin > 1 else ''} but {len(args)} "
                            f"were given")
        if kind == "inexact":
            args = _inexact(name, *args)
        else:
            args = _promote(name, *args)
        return prim_fn(*args)
    f.__name__ = name
    # Eagerly, one compiled program per signature, called from jaxlib's
    # C++ fast path (as JAX's ufuncs); inside a trace, inlined.
    return jit_library(f)


add = _ufunc("add", lambda x, y: lax.bitwise_or(x, y)
             if _dtype(x) == _dt.bool_ else lax.add(x, y))
subtract = _ufunc("subtract", lax.sub)
multiply = _ufunc("multiply", lambda x, y: lax.bitwise_and(x, y)
                  if _dtype(x) == _dt.bool_ else lax.mul(x, y))
true_divide = _ufunc("true_divide", lax.div, "inexact")


def divide(x1, x2, /):
    return true_divide(x1, x2)


maximum = _ufunc("maximum", lax.max)
minimum = _ufunc("minimum", lax.min)
arctan2 = _ufunc("arctan2", lax.atan2, "inexact")
bitwise_and = _ufunc("bitwise_and", lax.bitwise_and)
bitwise_or = _ufunc("bitwise_or", lax.bitwise_or)
bitwise_xor = _ufunc("bitwise_xor", lax.bitwise_xor)
equal = _ufunc("equal", lax.eq)
not_equal = _ufunc("not_equal", lax.ne)
less = _ufunc("less", lax.lt)
less_equal = _ufunc("less_equal", lax.le)
greater = _ufunc("greater", lax.gt)
greater_equal = _ufunc("greater_equal", lax.ge)
negative = _ufunc("negative", lax.neg)
absolute = _ufunc("absolute", lambda x: x if _dtype(x) == _dt.bool_
                  or _dt.is_unsigned(_dtype(x)) else lax.abs(x))
sign = _ufunc("sign", lax.sign)
exp = _ufunc("exp", lax.exp, "inexact")
log = _ufunc("log", lax.log, "inexact")
log1p = _ufunc("log1p", lax.log1p, "inexact")
expm1 = _ufunc("expm1", lax.expm1, "inexact")


def _sin_cos_parts(z):
    """sin, cos of Re z and sinh, cosh of Im z, the last two from expm1
    (no cancellation for small Im z), as JAX lowers complex sin and cos."""
    a, b = lax.real(z), lax.imag(z)
    e_plus, e_minus = lax.expm1(b), lax.expm1(lax.neg(b))
    sinh_b = lax.div(lax.sub(e_plus, e_minus), _full(b, 2))
    cosh_b = lax.div(lax.add(lax.add(e_plus, e_minus), _full(b, 2)),
                     _full(b, 2))
    return a, lax.sin(a), lax.cos(a), sinh_b, cosh_b


def _complex_sin(z):
    # sin(a + ib) = sin a cosh b + i cos a sinh b; on the imaginary axis
    # the real part is exactly 0 (not 0 * inf).
    a, sin_a, cos_a, sinh_b, cosh_b = _sin_cos_parts(z)
    im = lax.mul(cos_a, sinh_b)
    re = lax.select(lax.eq(a, _full(a, 0)), _full(a, 0),
                    lax.mul(sin_a, cosh_b))
    return lax.complex(re, im)


def _complex_cos(z):
    # cos(a + ib) = cos a cosh b - i sin a sinh b; imaginary part exactly 0
    # on the imaginary axis.
    a, sin_a, cos_a, sinh_b, cosh_b = _sin_cos_parts(z)
    re = lax.mul(cos_a, cosh_b)
    im = lax.select(lax.eq(a, _full(a, 0)), _full(a, 0),
                    lax.mul(lax.neg(sin_a), sinh_b))
    return lax.complex(re, im)


_complex_sin_p = _unary_primitive(
    "sin", _complex_sin, lambda g, x: lax.mul(g, _complex_cos_p(x)))
_complex_cos_p = _unary_primitive(
    "cos", _complex_cos,
    lambda g, x: lax.neg(lax.mul(g, _complex_sin_p(x))))


def _complex_square(z):
    # (a^2 - b^2) as (a - b)(a + b): no inf - inf where both squares
    # overflow; as JAX lowers complex squares.
    a, b = lax.real(z), lax.imag(z)
    return lax.complex(lax.mul(lax.sub(a, b), lax.add(a, b)),
                       lax.mul(lax.mul(_full(a, 2), a), b))


_complex_square_p = _unary_primitive(
    "square", _complex_square,
    lambda g, x: lax.mul(g, lax.mul(_full(x, 2), x)))


def _if_complex(complex_fn, fn):
    return lambda x: (complex_fn(x) if _dt.is_complex(_dtype(x))
                      else fn(x))


sin = _ufunc("sin", _if_complex(_complex_sin_p, lax.sin), "inexact")
cos = _ufunc("cos", _if_complex(_complex_cos_p, lax.cos), "inexact")
tan = _ufunc("tan", lax.tan, "inexact")
tanh = _ufunc("tanh", lax.tanh, "inexact")
sqrt = _ufunc("sqrt", lax.sqrt, "inexact")
cbrt = _ufunc("cbrt", lax.cbrt, "inexact")
float_power = _ufunc("float_power", lax.pow, "inexact")
# Integers round to themselves; lax rejects complex numbers, as in JAX.
floor = _ufunc("floor", lambda x: lax.floor(x) if _dt.is_inexact(_dtype(x)) else x)
ceil = _ufunc("ceil", lambda x: lax.ceil(x) if _dt.is_inexact(_dtype(x)) else x)
isfinite = _ufunc("isfinite", lambda x: lax.is_finite(x) if _dt.is_float(_dtype(x))
                  else lax.bitwise_and(lax.is_finite(lax.real(x)),
                                       lax.is_finite(lax.imag(x)))
                  if _dt.is_complex(_dtype(x)) else _full(x, True, _dt.bool_))
invert = _ufunc("invert", lax.bitwise_not)
isnan = _ufunc("isnan", lambda x: lax.ne(x, x))
positive = _ufunc("positive", lambda x: x)
deg2rad = _ufunc("deg2rad", lambda x: _weak_if_0d(
    lax.mul(x, np.pi / 180), _is_weak(x), x), "inexact")
rad2deg = _ufunc("rad2deg", lambda x: _weak_if_0d(
    lax.mul(x, 180 / np.pi), _is_weak(x), x), "inexact")
# exp2 as XLA lowers JAX's exp2: exp(log(2) * x).
exp2 = _ufunc("exp2", lambda x: _weak(lax.exp(lax.mul(x, np.log(2))), _is_weak(x)),
              "inexact")


def _scaled_log(x, op, c):
    """op(log(x), c); for complex x on each part, as JAX (a complex
    product would turn log(0) = -inf + 0j into -inf + nanj)."""
    out = lax.log(x)
    if _dt.is_complex(_dtype(x)):
        return lax.complex(op(lax.real(out), c), op(lax.imag(out), c))
    return op(out, c)


# Strongly typed, as in JAX (a strongly typed constant takes part).
log2 = _ufunc("log2", lambda x: _weak(
    _scaled_log(x, lax.div, np.log(2)), False), "inexact")
log10 = _ufunc("log10", lambda x: _weak(
    _scaled_log(x, lax.mul, 0.4342944819032518), False), "inexact")


def abs(x, /):  # noqa: A001
    return absolute(x)


def bitwise_not(x, /):
    return invert(x)


def bitwise_invert(x, /):
    return invert(x)


def conj(x, /):
    return conjugate(x)


def degrees(x, /):
    return rad2deg(x)


def radians(x, /):
    return deg2rad(x)


def real(val, /):
    (val,) = _arraylike("real", val)
    return lax.real(val) if _dt.is_complex(_dtype(val)) else val


def imag(val, /):
    (val,) = _arraylike("imag", val)
    if _dt.is_complex(_dtype(val)):
        return lax.imag(val)
    return _weak(_full(val, 0), _is_weak(val))


def conjugate(x, /):
    (x,) = _arraylike("conjugate", x)
    return lax.conj(x) if _dt.is_complex(_dtype(x)) else x


def fabs(x, /):
    (x,) = _inexact("fabs", x)
    if not _dt.is_float(_dtype(x)):
        raise TypeError("ufunc 'fabs' does not support complex dtypes")
    return lax.abs(x)


def reciprocal(x, /):
    (x,) = _promote_dtypes_inexact("reciprocal", x)
    return lax.div(_weak(_full(x, 1), _is_weak(x)), x)


def square(x, /):
    (x,) = _numeric("square", x)
    if _dt.is_complex(_dtype(x)):
        return _complex_square_p(x)
    return lax.mul(x, x)


def left_shift(x1, x2, /):
    return lax.shift_left(*_numeric("left_shift", x1, x2))


def right_shift(x1, x2, /):
    x1, x2 = _numeric("right_shift", x1, x2)
    if _dt.is_unsigned(_dtype(x1)):
        return lax.shift_right_logical(x1, x2)
    return lax.shift_right_arithmetic(x1, x2)


def bitwise_left_shift(x1, x2, /):
    return left_shift(x1, x2)


def bitwise_right_shift(x1, x2, /):
    return right_shift(x1, x2)


# ---------------------------------------------------------------------------
# Powers
# ---------------------------------------------------------------------------


# The pow primitive itself: lax.pow takes inexact bases only, as JAX's, but
# the op computes integer powers too (jnp.power of integer arrays).
_power = _ufunc("power", lax._pow)


def _integer_pow(x, n):
    """x ** n for a concrete integer n, as JAX's lax.integer_pow: binary
    exponentiation by multiplication; x's dtype and weak type are kept."""
    x = asarray(x)
    a = _av(x)
    if a.dtype == _dt.bool_:
        x = astype(x, _dt.default_int())
        a = _av(x)
    if n < 0 and not _dt.is_inexact(a.dtype):
        raise TypeError(f"Integers cannot be raised to negative powers, got "
                        f"integer_pow({a.str_short()}, {n})")
    if n == 0:
        return rebind_aval(_filled(x, 1), a)
    if n <= -2:
        return _reciprocal_power(x, n)
    return _power_by_squaring(x, n)


def _power_by_squaring(x, n):
    acc, m = None, _python_abs(n)
    while m > 0:
        if m & 1:
            acc = x if acc is None else lax.mul(acc, x)
        m >>= 1
        if m > 0:
            x = lax.mul(x, x)
    if n < 0:
        acc = lax.div(rebind_aval(_filled(acc, 1), _av(acc)), acc)
    return acc


# x ** n for n <= -2 with JAX's integer_pow rule, n * x ** (n - 1): through
# the ops, the derivative of 1 / x**|n| is -(|n| x**(|n|-1)) / x**(2|n|),
# NaN (0 * inf) at x = 0 and at infinities, where JAX's is infinite or 0.
_reciprocal_power = custom_jvp(_power_by_squaring, nondiff_argnums=(1,))


@_reciprocal_power.defjvp
def _reciprocal_power_jvp(n, primals, tangents):
    (x,), (g,) = primals, tangents
    return (_reciprocal_power(x, n),
            lax.mul(g, lax.mul(n, _integer_pow(x, n - 1))))


def power(x1, x2, /):
    _check_arraylike("power", x1, x2)
    if not isinstance(x2, Tracer):
        # JAX: a concrete integer scalar exponent (Python or NumPy int, 0-d
        # integer array) uses integer_pow.
        try:
            n = operator_index(x2)
        except TypeError:
            pass
        else:
            return _integer_pow(x1, builtins.int(n))
    a1, a2 = _av(x1), _av(x2)
    if a1.dtype == a2.dtype == _dt.bool_:
        # JAX promotes numerically: bools become int32 (x64 or not).
        x1, x2 = (astype(x, _dt.int32) for x in (x1, x2))
        a1, a2 = _av(x1), _av(x2)
    if _dt.is_inexact(a1.dtype) and _dt.is_int(a2.dtype):
        # JAX: lax.pow without promotion, for its derivative at 0 ** 0 (0
        # with an integer exponent); weakly typed only if both inputs are.
        x, y = _broadcast(asarray(x1), asarray(x2))
        return _weak(lax.pow(x, y), a1.weak_type and a2.weak_type)
    x, y = _promote("power", x1, x2)
    if _dt.is_inexact(_dtype(x)):
        return _power(x, y)
    return _weak(_pow_int_int(x, y), False)


def _pow_int_int(x, y):
    """Integer x ** y as JAX computes it: binary exponentiation over the
    low 6 bits of y (more would overflow for any |x| > 1), so negative and
    large exponents wrap as JAX's do; 0 ** y is 0 for y != 0."""
    zero, one = _filled(y, 0), _filled(y, 1)
    acc = lax.select(lax.bitwise_and(lax.eq(x, _filled(x, 0)),
                                     lax.ne(y, zero)),
                     _filled(x, 0), _filled(x, 1))
    for _ in range(6):
        acc = lax.select(lax.ne(lax.bitwise_and(y, one), zero),
                         lax.mul(acc, x), acc)
        x = lax.mul(x, x)
        y = lax.shift_right_logical(y, one)
    return acc


def pow(x1, x2, /):  # noqa: A001
    return power(x1, x2)


# ---------------------------------------------------------------------------
# Division
# ---------------------------------------------------------------------------


def _float_divmod(x, y):
    """Floor division and modulo of floats, as JAX computes them
    (CPython's float_divmod)."""
    mod = lax.rem(x, y)
    div = lax.div(lax.select(lax.eq(y, 0), x, lax.sub(x, mod)), y)
    ind = lax.bitwise_and(lax.ne(mod, 0), lax.ne(lax.sign(y), lax.sign(mod)))
    mod = lax.select(ind, lax.add(mod, y), mod)
    div = lax.select(ind, lax.sub(div, 1), div)
    return lax.round(div), mod


def _int_floor_divide(x, y):
    if _dt.is_unsigned(_dtype(x)):
        return lax.div(x, y)
    # Round toward -inf: adjust C-style truncation where signs differ.
    q = lax.div(x, y)
    fix = lax.bitwise_and(lax.ne(lax.sign(x), lax.sign(y)),
                          lax.ne(lax.rem(x, y), 0))
    return lax.select(fix, lax.sub(q, 1), q)


def _int_remainder(x, y):
    y = lax.select(lax.eq(y, 0), _full(y, 1), y)  # x % 0 == 0, as in JAX
    r = lax.rem(x, y)
    fix = lax.bitwise_and(lax.ne(lax.lt(r, 0), lax.lt(y, 0)), lax.ne(r, 0))
    return lax.select(fix, lax.add(r, y), r)


@jit_library
def floor_divide(x1, x2, /):
    x, y = _numeric("floor_divide", x1, x2)
    weak = _is_weak(x)
    if _dt.is_int(_dtype(x)):
        return _weak(_int_floor_divide(x, y), weak)
    return _weak(_float_divmod(x, y)[0], weak)


@jit_library
def remainder(x1, x2, /):
    x, y = _numeric("remainder", x1, x2)
    weak = _is_weak(x)
    if _dt.is_int(_dtype(x)):
        return _weak(_int_remainder(x, y), weak)
    r = lax.rem(x, y)
    fix = lax.bitwise_and(lax.ne(lax.lt(r, 0), lax.lt(y, 0)), lax.ne(r, 0))
    return _weak(lax.select(fix, lax.add(r, y), r), weak)


def mod(x1, x2, /):
    return remainder(x1, x2)


@jit_library
def divmod(x1, x2, /):  # noqa: A001
    x, y = _numeric("divmod", x1, x2)
    weak = _is_weak(x)
    if _dt.is_int(_dtype(x)):
        out = _int_floor_divide(x, y), _int_remainder(x, y)
    else:
        out = _float_divmod(x, y)
    return tuple(_weak(o, weak) for o in out)


@jit_library
def fmod(x1, x2, /):
    """C's fmod: the remainder with the sign of x1."""
    _check_arraylike("fmod", x1, x2)
    # JAX guards integer divisors of 0, not bool ones (True % False is 1,
    # XLA's x % 0 = x).
    ints = _dt.is_int(_dt.promote(*[(_av(a).dtype, _av(a).weak_type)
                                    for a in (x1, x2)])[0])
    x, y = _numeric("fmod", x1, x2)
    if ints:
        y = _weak(lax.select(lax.eq(y, 0), _full(y, 1), y), _is_weak(y))
    return lax.rem(x, y)


# ---------------------------------------------------------------------------
# Exponentials and logarithms
# ---------------------------------------------------------------------------


def _logaddexp(x, y, exp_fn, scale):
    amax = lax.max(x, y)
    if _dt.is_complex(_dtype(x)):
        # JAX's complex form: amax + log1p(exp(x + y - 2 amax)), its
        # imaginary part wrapped into [-pi, pi) (pi / log 2 for base 2).
        tail = lax.log1p(exp_fn(lax.sub(lax.add(x, y),
                                        lax.mul(amax, _full(amax, 2)))))
        if scale is not None:
            tail = lax.mul(tail, _full(tail, scale))
        out = lax.add(amax, tail)
        period = np.pi if scale is None else np.pi / np.log(2)
        return lax.complex(lax.real(out), _wrap_between(lax.imag(out), period))
    delta = lax.sub(x, y)
    tail = lax.log1p(exp_fn(lax.neg(lax.abs(delta))))
    if scale is not None:
        tail = lax.mul(tail, scale)
    # NaN delta: a NaN, or infinities of one sign (their sum is right).
    return lax.select(lax.ne(delta, delta), lax.add(x, y), lax.add(amax, tail))


def _exp2(t):
    return lax.exp(lax.mul(t, np.log(2)))


def _replace_inf(t):
    """t with +inf (a real part of +inf, for complex t) read as 0."""
    re = lax.real(t) if _dt.is_complex(_dtype(t)) else t
    return lax.select(lax.eq(re, _full(re, np.inf)), _full(t, 0), t)


def _wrap_between(t, a):
    """t wrapped into [-a, a)."""
    r = lax.rem(lax.add(t, _full(t, a)), _full(t, 2 * a))
    r = lax.select(lax.lt(r, _full(r, 0)), lax.add(r, _full(r, 2 * a)), r)
    return lax.sub(r, _full(r, a))


def _logaddexp_with_jvp(name, exp_fn, scale):
    """JAX's logaddexp (logaddexp2): a custom JVP giving each argument the
    tangent weight exp(x - out) (2**(x - out)), +inf read as 0 on both
    sides (no inf - inf). Differentiating the formula instead gives a tie
    (x == y, where d|x - y| is one-sided) all of the tangent on one side:
    softplus'(0) would be 0, not 1/2."""
    def value(x, y):
        return _upcast(lambda a, b: _logaddexp(a, b, exp_fn, scale))(x, y)
    value.__name__ = name
    f = custom_jvp(value)

    @f.defjvp
    def _jvp(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        out = f(x, y)
        weight = lambda t: exp_fn(lax.sub(_replace_inf(t), _replace_inf(out)))
        return out, lax.add(lax.mul(tx, weight(x)), lax.mul(ty, weight(y)))
    return f


_logaddexp_p = _logaddexp_with_jvp("logaddexp", lax.exp, None)
_logaddexp2_p = _logaddexp_with_jvp("logaddexp2", _exp2, 1 / np.log(2))


@jit_library
def logaddexp(x1, x2, /):
    """log(exp(x1) + exp(x2)) without overflow."""
    x, y = _inexact("logaddexp", x1, x2)
    return _logaddexp_p(x, y)


@jit_library
def logaddexp2(x1, x2, /):
    """log2(2**x1 + 2**x2) without overflow."""
    x, y = _inexact("logaddexp2", x1, x2)
    return _weak_if_0d(_logaddexp2_p(x, y), _is_weak(x), x)


# ---------------------------------------------------------------------------
# Trigonometric and hyperbolic functions
# ---------------------------------------------------------------------------


def _one_minus_square(t):
    # (1 - t)(1 + t): no cancellation near |t| = 1, unlike 1 - t*t.
    return lax.mul(lax.sub(1, t), lax.add(1, t))


def _careful_hypot(p, q):
    """sqrt(p^2 + q^2) of p, q >= 0 with neither overflow nor underflow,
    and exact where p == q or the smaller term vanishes against 1."""
    hi, lo = lax.max(p, q), lax.min(p, q)
    ratio = lax.div(lo, hi)
    r2 = lax.mul(ratio, ratio)
    root = lax.sqrt(lax.add(r2, _full(r2, 1)))
    near_one = lax.bitwise_and(lax.eq(root, _full(root, 1)),
                               lax.gt(r2, _full(r2, 0)))
    out = lax.select(near_one, lax.add(hi, lax.div(lax.mul(hi, r2),
                                                   _full(hi, 2))),
                     lax.mul(hi, root))
    return lax.select(lax.eq(hi, lo), lax.mul(hi, _full(hi, np.sqrt(2))),
                      out)


def _complex_asin_parts(z):
    """The real-part arguments and the imaginary part of asin(z) and
    acos(z) for complex z, by Hull et al.'s algorithm ("Implementing the
    complex arcsine and arccosine functions using exception handling",
    1997) in the reduced form XLA expands JAX's complex asin and acos
    with. With a = (|z + 1| + |z - 1|) / 2 on the first quadrant:
    Re asin = atan2(x, d), Re acos = atan2(d, x) for d = sqrt(a^2 - x^2),
    and |Im| = log(a + sqrt(a^2 - 1)), each in a form without overflow,
    underflow or cancellation."""
    sx, sy = lax.real(z), lax.imag(z)
    x, y = lax.abs(sx), lax.abs(sy)
    dtype = _dtype(x)
    c = lambda v: _full(x, v)  # noqa: E731
    one, half = c(1), c(0.5)
    safe_max = c(np.sqrt(float(_finfo(dtype).max)) / 8)
    safe_min = c(np.sqrt(float(_finfo(dtype).tiny)) * 4)
    xp1, xm1 = lax.add(x, one), lax.sub(x, one)
    r = _careful_hypot(lax.abs(xp1), y)
    s = _careful_hypot(lax.abs(xm1), y)
    a = lax.mul(half, lax.add(r, s))
    yy = lax.mul(y, y)
    rpxp1, smxm1, spxm1 = lax.add(r, xp1), lax.sub(s, xm1), lax.add(s, xm1)
    half_apx = lax.mul(half, lax.add(a, x))
    # d = sqrt(a^2 - x^2): y itself far from the origin.
    d = lax.select(
        lax.ge(lax.max(x, y), safe_max), y,
        lax.select(lax.le(x, one),
                   lax.sqrt(lax.mul(half_apx,
                                    lax.add(lax.div(yy, rpxp1), smxm1))),
                   lax.mul(y, lax.sqrt(lax.add(lax.div(half_apx, rpxp1),
                                               lax.div(half_apx, spxm1))))))
    # |Im|: log(2 |z|) far out (the threshold moves with x so that it also
    # covers x large but negligible against y).
    opt = lax.select(lax.lt(x, lax.mul(safe_max, c(1e12))),
                     lax.mul(safe_max, c(1e-6)), lax.mul(safe_max, c(100)))
    y_big = lax.ge(y, opt)
    mx = lax.select(y_big, y, x)
    far = lax.ge(mx, lax.select(y_big, opt, safe_max))
    x_over_y = lax.select(
        lax.bitwise_and(y_big, lax.ne(y, c(np.inf))), lax.div(x, y), c(0))
    im_far = lax.add(lax.add(c(np.log(2)), lax.log(mx)),
                     lax.mul(half, lax.log1p(lax.mul(x_over_y, x_over_y))))
    # Elsewhere log1p(am1 + sqrt(am1 (a + 1))) with am1 = a - 1 computed
    # without cancellation; near the real segment |x| < 1, y / sqrt(...).
    tiny_y = lax.bitwise_and(lax.lt(y, safe_min), lax.lt(x, one))
    half_yy = lax.mul(half, yy)
    hyy_rpxp1 = lax.div(half_yy, rpxp1)
    am1 = lax.select(
        tiny_y, lax.neg(lax.div(lax.mul(xp1, xm1), lax.add(a, one))),
        lax.select(lax.ge(x, one), lax.add(hyy_rpxp1, lax.mul(half, spxm1)),
                   lax.select(lax.le(a, c(1.5)),
                              lax.add(hyy_rpxp1, lax.div(half_yy, smxm1)),
                              lax.sub(a, one))))
    sq = lax.sqrt(lax.mul(am1, lax.add(a, one)))
    im = lax.select(far, im_far,
                    lax.select(tiny_y, lax.div(y, sq),
                               lax.log1p(lax.add(am1, sq))))
    return sx, sy, d, im


def _complex_asin(z):
    sx, sy, d, im = _complex_asin_parts(z)
    return lax.complex(lax.atan2(sx, d),
                       lax.select(lax.lt(sy, _full(sy, 0)), lax.neg(im), im))


def _complex_acos(z):
    sx, sy, d, im = _complex_asin_parts(z)
    return lax.complex(lax.atan2(d, sx),
                       lax.select(lax.lt(sy, _full(sy, 0)), im, lax.neg(im)))


def _asin(t):
    if _dt.is_complex(_dtype(t)):
        return _complex_asin(t)
    return lax.atan2(t, lax.sqrt(_one_minus_square(t)))


def _acos(t):
    if _dt.is_complex(_dtype(t)):
        return _complex_acos(t)
    return lax.atan2(lax.sqrt(_one_minus_square(t)), t)


def _rsqrt_one_minus_square(x):
    # JAX's asin/acos rules: rsqrt(1 - x*x), infinite at +-1.
    return lax.rsqrt(lax.sub(1, lax.mul(x, x)))


_asin_p = _unary_primitive(
    "asin", _asin,
    lambda g, x: lax.mul(g, _rsqrt_one_minus_square(x)))
_acos_p = _unary_primitive(
    "acos", _acos,
    lambda g, x: lax.mul(g, lax.neg(_rsqrt_one_minus_square(x))))


@jit_library
def arcsin(x, /):
    (x,) = _inexact("arcsin", x)
    return _asin_p(x)


@jit_library
def arccos(x, /):
    (x,) = _inexact("arccos", x)
    return _acos_p(x)


@jit_library
def arctan(x, /):
    (x,) = _inexact("arctan", x)
    if _dt.is_complex(_dtype(x)):
        # atan(z) = -i atanh(iz), as XLA expands JAX's complex atan.
        w = _atanh_p(lax.complex(lax.neg(lax.imag(x)), lax.real(x)))
        return lax.complex(lax.imag(w), lax.neg(lax.real(w)))
    return _upcast(lambda t: lax.atan2(t, _full(t, 1)))(x)


def _with_sign_of(s, t):
    """s (>= 0 or NaN) with t's sign; -0.0 for t = -0.0."""
    return lax.mul(s, lax.sign(t))


def _complex_half_exps(t):
    """exp(t + log 1/2) and exp(-t + log 1/2): the halves of exp(t) and
    exp(-t), without the 0 * inf of a complex product by 1/2 (JAX's
    complex sinh and cosh)."""
    log_half = _full(t, np.log(0.5))
    return (lax.exp(lax.add(t, log_half)),
            lax.exp(lax.add(lax.neg(t), log_half)))


def _sinh(t):
    if np.issubdtype(_dtype(t), np.complexfloating):
        p, m = _complex_half_exps(t)
        return lax.sub(p, m)
    a = lax.abs(t)
    # sinh(a) = (e + e / (e + 1)) / 2 with e = expm1(a): accurate near 0,
    # no cancellation anywhere; where e overflows, exp(a / 2)**2 / 2.
    e = lax.expm1(a)
    small = lax.mul(lax.add(e, lax.div(e, lax.add(e, 1))), 0.5)
    h = lax.exp(lax.mul(a, 0.5))
    big = lax.mul(lax.mul(h, 0.5), h)
    return _with_sign_of(lax.select(lax.is_finite(e), small, big), t)


def _cosh(t):
    if np.issubdtype(_dtype(t), np.complexfloating):
        p, m = _complex_half_exps(t)
        return lax.add(p, m)
    a = lax.abs(t)
    e = lax.exp(a)
    small = lax.add(lax.mul(e, 0.5), lax.div(_full(e, 0.5), e))
    h = lax.exp(lax.mul(a, 0.5))
    big = lax.mul(lax.mul(h, 0.5), h)
    return lax.select(lax.is_finite(e), small, big)


_sinh_p = _unary_primitive("sinh", _sinh, lambda g, x: lax.mul(g, _cosh_p(x)))
_cosh_p = _unary_primitive("cosh", _cosh, lambda g, x: lax.mul(g, _sinh_p(x)))


@jit_library
def sinh(x, /):
    (x,) = _inexact("sinh", x)
    return _sinh_p(x)


@jit_library
def cosh(x, /):
    (x,) = _inexact("cosh", x)
    return _cosh_p(x)


def _large(t):
    """1 / sqrt(eps): above it, sqrt(t*t + 1) == t in t's precision."""
    return float(1 / np.sqrt(_finfo(_dtype(t)).eps))


def _complex_asinh(z):
    # asinh(z) = -i asin(iz), as XLA expands JAX's complex asinh.
    w = _complex_asin(lax.complex(lax.neg(lax.imag(z)), lax.real(z)))
    return lax.complex(lax.imag(w), lax.neg(lax.real(w)))


def _complex_acosh(z):
    # acosh(z) = i acos(z) for Im z >= 0, -i acos(z) below, as XLA
    # expands JAX's complex acosh.
    w = _complex_acos(z)
    i_w = lax.complex(lax.neg(lax.imag(w)), lax.real(w))
    return lax.select(lax.lt(lax.imag(z), _full(lax.imag(z), 0)),
                      lax.neg(i_w), i_w)


def _asinh(t):
    if _dt.is_complex(_dtype(t)):
        return _complex_asinh(t)
    a = lax.abs(t)
    # log1p(a + a^2 / (1 + sqrt(1 + a^2))) == log(a + sqrt(a^2 + 1)),
    # accurate for small a; log(a) + log(2) where a^2 would dominate.
    a2 = lax.mul(a, a)
    small = lax.log1p(lax.add(a, lax.div(a2, lax.add(lax.sqrt(lax.add(a2, 1)), 1))))
    big = lax.add(lax.log(a), np.log(2))
    return _with_sign_of(lax.select(lax.gt(a, _large(t)), big, small), t)


def _acosh(t):
    if _dt.is_complex(_dtype(t)):
        return _complex_acosh(t)
    # log1p(y + sqrt(y (t + 1))) with y = t - 1 (exact near 1);
    # log(t) + log(2) for large t; NaN below 1.
    y = lax.sub(t, 1)
    small = lax.log1p(lax.add(y, lax.sqrt(lax.mul(y, lax.add(t, 1)))))
    big = lax.add(lax.log(t), np.log(2))
    out = lax.select(lax.gt(t, _large(t)), big, small)
    return lax.select(lax.lt(t, 1), _full(t, np.nan), out)


def _complex_atanh(z):
    """Kahan's form, as XLA expands JAX's complex atanh: with z = x + iy,
    Re = sign(x) log1p(4 |x| / ((1 - |x|)^2 + y^2)) / 4 and
    Im = atan2(2y, (1 - |x|)(1 + |x|) - y^2) / 2, their limits (1 / |x|
    or 0, and +-pi / 2) where the squares would overflow."""
    x, y = lax.real(z), lax.imag(z)
    ax, ay = lax.abs(x), lax.abs(y)
    c = lambda v: _full(x, v)  # noqa: E731
    one, zero = c(1), c(0)
    # 1 / eps (and a little more): beyond it 1 - |x| and y^2 are lost.
    inv_eps = {_dt.float32: 16777218.0, _dt.float64: 9007199254740994.0}[
        _dtype(x)]
    safe = lax.bitwise_and(lax.lt(ax, c(inv_eps * inv_eps)),
                           lax.lt(ay, c(inv_eps * inv_eps)))
    one_m_ax = lax.sub(one, ax)
    y2 = lax.mul(y, y)
    infinite = lax.bitwise_or(lax.eq(ax, c(np.inf)), lax.eq(ay, c(np.inf)))
    t_far = lax.select(
        lax.lt(lax.mul(ay, c(inv_eps)), ax), lax.div(one, ax),
        lax.select(infinite, zero,
                   lax.div(lax.div(one, lax.add(lax.div(ax, y),
                                                lax.div(y, ax))), y)))
    t = lax.select(safe, lax.div(ax, lax.add(lax.mul(one_m_ax, one_m_ax),
                                             y2)), t_far)
    sign_x = lax.select(lax.ge(x, zero), one, c(-1))
    re = lax.mul(lax.mul(sign_x, lax.log1p(lax.mul(c(4), t))), c(0.25))
    sign_y = lax.select(lax.ge(y, zero), one, c(-1))
    im = lax.select(
        safe, lax.atan2(lax.add(y, y),
                        lax.sub(lax.mul(one_m_ax, lax.add(one, ax)), y2)),
        lax.mul(sign_y, c(np.pi)))
    return lax.complex(re, lax.mul(im, c(0.5)))


def _atanh(t):
    if _dt.is_complex(_dtype(t)):
        return _complex_atanh(t)
    # (log1p(t) - log1p(-t)) / 2: no cancellation (the terms have
    # opposite signs), exact at +-1 (+-inf), NaN beyond.
    return lax.mul(lax.sub(lax.log1p(t), lax.log1p(lax.neg(t))), 0.5)


# JAX's rules: rsqrt(x*x + 1) and rsqrt(x*x - 1) (NaN below 1).
_asinh_p = _unary_primitive(
    "asinh", _asinh,
    lambda g, x: lax.mul(g, lax.rsqrt(lax.add(lax.mul(x, x), 1))))
_acosh_p = _unary_primitive(
    "acosh", _acosh,
    lambda g, x: lax.mul(g, lax.rsqrt(lax.sub(lax.mul(x, x), 1))))


@jit_library
def arcsinh(x, /):
    (x,) = _inexact("arcsinh", x)
    return _asinh_p(x)


@jit_library
def arccosh(x, /):
    (x,) = _inexact("arccosh", x)
    return _acosh_p(x)


# JAX's rule, 1 / (1 + x) * (g / (1 - x)): the formula's own derivative
# agrees at first order, not beyond.
_atanh_p = _unary_primitive(
    "atanh", _atanh,
    lambda g, x: lax.mul(lax.div(1, lax.add(1, x)), lax.div(g, lax.sub(1, x))))


@jit_library
def arctanh(x, /):
    (x,) = _inexact("arctanh", x)
    return _atanh_p(x)


asin, acos, atan = arcsin, arccos, arctan
asinh, acosh, atanh = arcsinh, arccosh, arctanh


def atan2(x1, x2, /):
    return arctan2(x1, x2)


@jit_library
def hypot(x1, x2, /):
    """sqrt(x1**2 + x2**2) without overflow or underflow."""
    x, y = _inexact("hypot", x1, x2)
    if _dt.is_complex(_dtype(x)):
        raise ValueError("jnp.hypot is not well defined for complex-valued "
                         "inputs. Please convert to real values first, such "
                         "as by using abs(x)")
    weak = _is_weak(x)

    def fn(a, b):
        a, b = lax.abs(a), lax.abs(b)
        inf = lax.bitwise_or(lax.eq(a, np.inf), lax.eq(b, np.inf))
        hi, lo = lax.max(a, b), lax.min(a, b)
        zero = lax.eq(hi, 0)
        r = lax.div(lo, lax.select(zero, _full(hi, 1), hi))
        out = lax.select(zero, hi, lax.mul(hi, lax.sqrt(lax.add(lax.mul(r, r), 1))))
        return lax.select(inf, _full(out, np.inf), out)
    return _weak_if_0d(_upcast(fn)(x, y), weak, x)


@jit_library
def sinc(x, /):
    """sin(pi x) / (pi x), 1 at 0; in x's dtype, as JAX."""
    (x,) = _promote_dtypes_inexact("sinc", x)
    weak = _is_weak(x)
    zero = lax.eq(x, 0)
    pi_x = lax.mul(x, np.pi)
    safe = lax.select(zero, _full(x, 1), pi_x)
    out = lax.select(zero, _full(x, 1), lax.div(lax.sin(safe), safe))
    return _weak_if_0d(out, weak, x)


def _i0_value(x):
    a = lax.abs(x)
    return lax.mul(lax.exp(a), lax.bessel_i0e(a))


# As JAX's: exp(|x|) i0e(|x|), whose derivative at 0 (through |x|) is
# made exactly 0.
@custom_jvp
def _i0(x):
    return _i0_value(x)


@_i0.defjvp
def _i0_jvp(primals, tangents):
    out, t = jvp(_i0_value, primals, tangents)
    (x,) = primals
    return out, lax.select(lax.eq(x, _full(x, 0)), _full(t, 0), t)


@jit_library
def i0(x, /):
    """The modified Bessel function of the first kind, order 0."""
    (x,) = _inexact("i0", x)
    if _dt.is_complex(_dtype(x)):
        raise ValueError(
            f"Unsupported input type to jax.numpy.i0: {_dtype(x).name}")
    return _i0(x)


# ---------------------------------------------------------------------------
# Bits of floats
# ---------------------------------------------------------------------------


@jit_library
def signbit(x, /):
    (x,) = _promote("signbit", x)
    dtype = _dtype(x)
    if dtype == _dt.bool_:
        out = _full(x, False)
    elif _dt.is_int(dtype):
        out = lax.lt(x, _full(x, 0))
    elif _dt.is_float(dtype):
        bits = _bits(x)
        out = lax.lt(bits, _full(bits, 0))
    else:
        raise ValueError(f"jax.numpy.signbit is not well defined for {dtype}")
    return _weak(out, False)


def _copysign(mag, sign_of):
    a = lax.abs(mag)
    bits = _bits(sign_of)
    return lax.select(lax.lt(bits, _full(bits, 0)), lax.neg(a), a)


@jit_library
def copysign(x1, x2, /):
    # JAX's copysign is a jnp.where over (x2, x1, x1): shapes that do not
    # broadcast are where's ValueError.
    _check_arraylike("copysign", x1, x2)
    shapes = [np.shape(a) for a in (x2, x1, x1)]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                         f"{shapes}") from None
    x, y = _inexact("copysign", x1, x2)
    if not _dt.is_float(_dtype(x)):
        raise TypeError("copysign does not support complex-valued inputs")
    return _weak(_copysign(x, y), _is_weak(x))


def _nextafter(x, y):
    """The float after x toward y (XLA's NextAfter): step the bits of x's
    magnitude up or down by one."""
    dtype = _dtype(x)
    bx, by = _bits(x), _bits(y)
    nbits = 8 * dtype.itemsize
    sign_mask = -(1 << (nbits - 1))     # the sign bit, as a signed integer
    abs_mask = (1 << (nbits - 1)) - 1
    ax, ay = lax.bitwise_and(bx, abs_mask), lax.bitwise_and(by, abs_mask)
    sx, sy = lax.bitwise_and(bx, sign_mask), lax.bitwise_and(by, sign_mask)
    toward_zero = lax.bitwise_or(lax.gt(ax, ay), lax.ne(sx, sy))
    out = lax.add(bx, lax.select(toward_zero, _full(bx, -1), _full(bx, 1)))
    # From +-0: the smallest subnormal with y's sign (y itself if zero).
    from_zero = lax.select(lax.eq(ay, 0), by, lax.bitwise_or(sy, 1))
    out = lax.select(lax.eq(ax, 0), from_zero, out)
    out = lax.bitcast_convert_type(out, dtype)
    # Equal (as floats, so +0 == -0; XLA's CPU comparisons also take
    # subnormals as zero, and so does JAX's nextafter): y.
    out = lax.select(lax.eq(x, y), y, out)
    nan = lax.bitwise_or(lax.ne(x, x), lax.ne(y, y))
    return lax.select(nan, _full(out, np.nan), out)


@jit_library
def nextafter(x1, x2, /):
    x, y = _inexact("nextafter", x1, x2)
    if not _dt.is_float(_dtype(x)):
        raise TypeError("nextafter does not support complex-valued inputs")
    return _weak(_nextafter(x, y), _is_weak(x))


@jit_library
def spacing(x, /):
    """The distance from x to the next float away from zero."""
    (x,) = _inexact("spacing", x)
    dtype = _dtype(x)
    if not _dt.is_float(dtype):
        raise ValueError("jnp.spacing is not defined for complex inputs.")
    inf = _full(x, np.inf)
    if dtype == _dt.float16:
        out = lax.sub(_nextafter(x, inf), x)
    else:
        out = lax.sub(_nextafter(x, _copysign(inf, x)), x)
        tiny = _copysign(_full(x, _finfo(dtype).smallest_subnormal), x)
        out = lax.select(lax.eq(out, 0), tiny, out)
    return _weak(out, False)


def _frexp_value(x):
    """Mantissa in [0.5, 1) and integer exponent, from the bits."""
    dtype = _dtype(x)
    info = _finfo(dtype)
    nmant, nexp = info.nmant, info.nexp
    mask = (1 << nexp) - 1
    bias = 1 - info.minexp
    # Subnormals: scale up by 2**nmant first.
    sub = lax.lt(lax.abs(x), float(info.tiny))
    x1 = lax.select(sub, lax.mul(x, float(1 << nmant)), x)
    e0 = lax.select(sub, _full(x, -nmant, _dt.int32), _full(x, 0, _dt.int32))
    bits = _bits(x1)
    biased = lax.bitwise_and(lax.shift_right_arithmetic(bits, nmant), mask)
    e = lax.add(e0, lax.convert_element_type(lax.sub(biased, bias - 1), _dt.int32))
    bits = lax.bitwise_and(bits, ~(mask << nmant))
    bits = lax.bitwise_or(bits, (bias - 1) << nmant)
    m = lax.bitcast_convert_type(bits, dtype)
    special = lax.bitwise_or(lax.bitwise_or(lax.eq(lax.abs(x), np.inf), lax.ne(x, x)),
                             lax.eq(x, 0))
    return (lax.select(special, x, m),
            lax.select(special, _full(e, 0), e))


# JAX's rule: the mantissa's tangent is x's scaled by 2**-e (the bit
# operations would give zero); the exponent has none.
_frexp = custom_jvp(_frexp_value)


@_frexp.defjvp
def _frexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    m, e = _frexp(x)
    scale = _exp2(lax.neg(lax.convert_element_type(e, _dtype(t))))
    return (m, e), (lax.mul(t, scale), _full(e, 0))


@jit_library
def frexp(x, /):
    (x,) = _arraylike("frexp", x)
    (x,) = _promote_dtypes_inexact("frexp", x)
    if not _dt.is_float(_dtype(x)):
        raise TypeError("frexp does not support complex-valued inputs")
    m, e = _frexp(x)
    return _weak(m, False), _weak(e, False)


@jit_library
def ldexp(x1, x2, /):
    """x1 * 2**x2 for integer x2."""
    x1, x2 = _arraylike("ldexp", x1, x2)
    d1, d2 = _dtype(x1), _dtype(x2)
    if _dt.is_inexact(d1) and not _dt.is_float(d1) or _dt.is_inexact(d2):
        raise ValueError(f"ldexp not supported for input types {(d1, d2)}")
    (x1,) = _inexact("ldexp", x1)
    shape_ = _broadcast_shapes_or_type_error("ldexp", [_av(x1).shape,
                                                       _av(x2).shape])
    x1, x2 = broadcast_to(x1, shape_), broadcast_to(x2, shape_)
    dtype = _dtype(x1)
    x2 = lax.convert_element_type(x2, dtype)
    # As JAX: the exponent is added to frexp's, then 2**e (in x1's dtype)
    # times the mantissa, so that over- and underflow happen once.
    m, e = _frexp(x1)
    e = lax.add(lax.convert_element_type(e, dtype), x2)
    pos = lax.gt(e, 0)
    m = lax.select(pos, lax.mul(m, 2), m)
    e = lax.select(pos, lax.sub(e, 1), e)
    out = lax.mul(m, lax.pow(_full(e, 2), e))
    keep = lax.bitwise_or(lax.eq(lax.abs(x1), np.inf), lax.eq(x1, 0))
    return _weak(lax.select(keep, x1, out), False)


@jit_library
def modf(x, /, out=None):
    """Fractional and integral parts, both with x's sign."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.modf is not supported.")
    (x,) = _arraylike("modf", x)
    (x,) = _promote_dtypes_inexact("modf", x)
    whole = lax.select(lax.ge(x, _full(x, 0)), lax.floor(x), lax.ceil(x))
    return lax.sub(x, whole), _weak(whole, _is_weak(x))


# ---------------------------------------------------------------------------
# Rounding
# ---------------------------------------------------------------------------


@jit_library
def trunc(x, /):
    (x,) = _arraylike("trunc", x)
    if not _dt.is_inexact(_dtype(x)):  # complex: TypeError below, as JAX
        return x
    return lax.select(lax.lt(x, _full(x, 0)), lax.ceil(x), lax.floor(x))


@jit_library
def rint(x, /):
    """Round half to even; integers become floats."""
    (x,) = _arraylike("rint", x)
    if not _dt.is_inexact(_dtype(x)):
        return lax.convert_element_type(x, _dt.default_float())
    if _dt.is_complex(_dtype(x)):
        # Both parts, as JAX.
        return lax.complex(rint(lax.real(x)), rint(lax.imag(x)))
    return lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN)


@jit_library(static_argnames=("decimals",))
def _round(a, decimals):
    dtype = _dtype(a)
    if _dt.is_int(dtype):
        if decimals < 0:
            raise NotImplementedError(
                "integer np.round not implemented for decimals < 0")
        return a
    if not _dt.is_inexact(dtype):
        raise ValueError(f"data type {dtype} not inexact")
    if decimals > np.log10(float(_finfo(dtype).max)):
        return a

    def round_float(a):
        if decimals == 0:
            return lax.round(a, lax.RoundingMethod.TO_NEAREST_EVEN)
        dtype, weak = _dtype(a), _is_weak(a)
        x = lax.convert_element_type(a, _dt.float32) if dtype == _dt.float16 else a
        factor = 10.0 ** decimals
        out = lax.div(lax.round(lax.mul(x, factor),
                                lax.RoundingMethod.TO_NEAREST_EVEN), factor)
        out = lax.convert_element_type(out, dtype) if dtype == _dt.float16 else out
        return _weak_if_0d(out, weak, a)

    if _dt.is_complex(dtype):
        # Both parts, as JAX.
        return lax.complex(round_float(lax.real(a)), round_float(lax.imag(a)))
    return round_float(a)


def round(a, decimals=0, out=None):  # noqa: A001
    """Round half to even to `decimals` places (JAX: x * 10**decimals,
    rounded, divided back)."""
    (a,) = _arraylike("round", a)
    try:
        decimals = operator.index(decimals)
    except TypeError:
        raise TypeError(f"'decimals' argument of jnp.round must be an integer, "
                        f"got {decimals!r}") from None
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.round is not supported.")
    return _round(a, decimals)


def around(a, decimals=0, out=None):
    return round(a, decimals, out)


# ---------------------------------------------------------------------------
# Complex parts and predicates of real numbers
# ---------------------------------------------------------------------------


@jit_library(static_argnames=("deg",))
def angle(z, deg=False):
    """The argument of z: atan2(imag(z), real(z)), so 0 or pi for real
    numbers. As JAX, non-inexact input and 0-d floats compute in the default
    float type, strongly typed."""
    (z,) = _arraylike("angle", z)
    re, im = real(z), imag(z)
    if not _dt.is_inexact(_dtype(re)) or (
            _dt.is_float(_dtype(z)) and _av(z).ndim == 0):
        re = lax.convert_element_type(re, _dt.default_float())
        im = lax.convert_element_type(im, _dt.default_float())
    out = _weak(lax.atan2(im, re), _is_weak(re) and _is_weak(im))
    return degrees(out) if deg else out


@jit_library
def isreal(x):
    (x,) = _arraylike("isreal", x)
    i = imag(x)
    return _weak_if_0d(lax.eq(i, _full(i, 0)), _is_weak(i), i)


@jit_library
def iscomplex(x):
    (x,) = _arraylike("iscomplex", x)
    i = imag(x)
    return _weak_if_0d(lax.ne(i, _full(i, 0)), _is_weak(i), i)


@jit_library
def isinf(x, /):
    (x,) = _arraylike("isinf", x)
    if _dt.is_complex(_dtype(x)):
        # Either part infinite, as JAX.
        re, im = lax.real(x), lax.imag(x)
        return _weak(lax.bitwise_or(lax.eq(lax.abs(re), np.inf),
                                    lax.eq(lax.abs(im), np.inf)), False)
    if not _dt.is_float(_dtype(x)):
        return _full(x, False, _dt.bool_)
    return _weak(lax.eq(lax.abs(x), np.inf), False)


def _isposneginf(name, x, value, out):
    if out is not None:
        raise NotImplementedError(
            "The 'out' argument to isneginf/isposinf is not supported.")
    (x,) = _arraylike(name, x)
    if _dt.is_complex(_dtype(x)):
        raise ValueError("isposinf/isneginf are not well defined for complex "
                         "types")
    if not _dt.is_float(_dtype(x)):
        return _full(x, False, _dt.bool_)
    return _weak(lax.eq(x, value), False)


def isposinf(x, /, out=None):
    return _isposneginf("isposinf", x, np.inf, out)


def isneginf(x, /, out=None):
    return _isposneginf("isneginf", x, -np.inf, out)


@jit_library(static_argnames=("equal_nan",))
def _isclose(a, b, rtol, atol, equal_nan):
    a, b = _inexact("isclose", a, b)
    dtype = _dtype(a)
    rtol = _full(a, 0) if rtol is None else _weak(astype(rtol, dtype), False)
    atol = _full(a, 0) if atol is None else _weak(astype(atol, dtype), False)
    diff = lax.abs(lax.sub(a, b))
    bound = lax.add(atol, lax.mul(rtol, lax.abs(b)))
    in_range = lax.bitwise_and(lax.is_finite(b), lax.le(diff, bound))
    out = lax.bitwise_or(lax.eq(a, b), in_range)
    if equal_nan:
        out = lax.bitwise_or(out, lax.bitwise_and(lax.ne(a, a), lax.ne(b, b)))
    return _weak(out, False)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    _check_arraylike("isclose", a, b)
    return _isclose(a, b, rtol, atol, builtins.bool(equal_nan))


@jit_library
def _nan_to_num(x, nan, posinf, neginf):
    dtype = _dtype(x)
    info = _finfo(dtype)
    posinf = float(info.max) if posinf is None else posinf
    neginf = float(info.min) if neginf is None else neginf

    def fill(v):
        return broadcast_to(astype(v, dtype), _av(x).shape)
    out = lax.select(lax.ne(x, x), fill(nan), x)
    out = lax.select(lax.eq(out, np.inf), fill(posinf), out)
    out = lax.select(lax.eq(out, -np.inf), fill(neginf), out)
    return _weak(out, False)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """NaN and infinities replaced by finite numbers."""
    del copy
    (x,) = _arraylike("nan_to_num", x)
    if not _dt.is_inexact(_dtype(x)):
        return x
    if _dt.is_complex(_dtype(x)):
        # Each part on its own, as JAX.
        return lax.complex(_nan_to_num(lax.real(x), nan, posinf, neginf),
                           _nan_to_num(lax.imag(x), nan, posinf, neginf))
    return _nan_to_num(x, nan, posinf, neginf)


# ---------------------------------------------------------------------------
# Logic
# ---------------------------------------------------------------------------


def _to_bool(x):
    if _dtype(x) == _dt.bool_:
        return x
    return _weak(lax.ne(x, _full(x, 0)), _is_weak(x))


def _logical(name, op, *args):
    args = _promote(name, *args)
    weak = _is_weak(args[0])
    return _weak_if_0d(op(*[_to_bool(a) for a in args]), weak, *args)


@jit_library
def logical_and(x1, x2, /):
    return _logical("logical_and", lax.bitwise_and, x1, x2)


@jit_library
def logical_or(x1, x2, /):
    return _logical("logical_or", lax.bitwise_or, x1, x2)


@jit_library
def logical_xor(x1, x2, /):
    return _logical("logical_xor", lax.bitwise_xor, x1, x2)


@jit_library
def logical_not(x, /):
    return _logical("logical_not", lax.bitwise_not, x)


# ---------------------------------------------------------------------------
# Maxima and minima ignoring NaN, Heaviside, integer functions
# ---------------------------------------------------------------------------


def _fminmax(name, cmp, x1, x2):
    x, y = _promote(name, x1, x2)
    keep_x = lax.bitwise_or(cmp(x, y), lax.ne(y, y))
    return lax.select(keep_x, x, y)


@jit_library
def fmax(x1, x2):
    """maximum, but a NaN loses against a number."""
    return _fminmax("fmax", lax.gt, x1, x2)


@jit_library
def fmin(x1, x2):
    """minimum, but a NaN loses against a number."""
    return _fminmax("fmin", lax.lt, x1, x2)


@jit_library
def heaviside(x1, x2, /):
    """0 below zero, 1 above, x2 at zero (NaN for NaN)."""
    _check_arraylike("heaviside", x1, x2)
    x, y = _promote_dtypes_inexact("heaviside", x1, x2)
    if _dt.is_complex(_dtype(x)):
        # JAX's compares x with 0 through lax.lt, which takes no complex.
        raise TypeError(f"heaviside does not accept dtype {_dtype(x).name}: "
                        f"complex numbers have no order")
    weak = _is_weak(x) and _av(x).ndim == 0
    x, y = _broadcast(x, y)
    out = lax.select(lax.ne(x, x), x, y)
    out = lax.select(lax.gt(x, _full(x, 0)), _full(x, 1), out)
    out = lax.select(lax.lt(x, _full(x, 0)), _full(x, 0), out)
    return _weak(out, weak)


def _euclid_steps(dtype):
    """Division steps Euclid's algorithm needs for |values| of `dtype`:
    the worst case is consecutive Fibonacci numbers (Lame)."""
    limit = np.iinfo(dtype).max
    if not _dt.is_unsigned(dtype):
        limit += 1  # abs(min) as an unsigned magnitude
    a, b, n = 1, 1, 0
    while b <= limit:
        a, b, n = b, a + b, n + 1
    return n + 2


def _gcd(a, b):
    """gcd of non-negative a and b, Euclid's algorithm unrolled."""
    for _ in range(_euclid_steps(_dtype(a))):
        nz = lax.ne(b, _full(b, 0))
        r = lax.rem(a, lax.select(nz, b, _full(b, 1)))
        a, b = lax.select(nz, b, a), lax.select(nz, r, _full(b, 0))
    return a


def _int_args(name, x1, x2):
    x1, x2 = _promote_dtypes(name, x1, x2)
    if not _dt.is_int(_dtype(x1)):
        raise ValueError(f"Arguments to jax.numpy.{name} must be integers.")
    weak = _is_weak(x1) and _all_0d(x1, x2)
    x1, x2 = _broadcast(x1, x2)
    return absolute(x1), absolute(x2), weak


@jit_library
def gcd(x1, x2):
    """Greatest common divisor of |x1| and |x2|."""
    a, b, weak = _int_args("gcd", x1, x2)
    return _weak(_gcd(a, b), weak)


@jit_library
def lcm(x1, x2):
    """Least common multiple of |x1| and |x2|."""
    a, b, weak = _int_args("lcm", x1, x2)
    d = _gcd(a, b)
    zero = lax.eq(d, _full(d, 0))
    out = lax.mul(a, lax.div(b, lax.select(zero, _full(d, 1), d)))
    return _weak(lax.select(zero, _full(d, 0), out), weak)


def _popcount(x):
    """Set bits of each unsigned integer, by the SWAR method."""
    dtype = _dtype(x)
    n = 8 * dtype.itemsize

    def const(pattern):
        return int.from_bytes(bytes([pattern]) * dtype.itemsize, "little")
    x = lax.sub(x, lax.bitwise_and(lax.shift_right_logical(x, 1), const(0x55)))
    x = lax.add(lax.bitwise_and(x, const(0x33)),
                lax.bitwise_and(lax.shift_right_logical(x, 2), const(0x33)))
    x = lax.bitwise_and(lax.add(x, lax.shift_right_logical(x, 4)), const(0x0F))
    if n > 8:
        x = lax.shift_right_logical(lax.mul(x, const(0x01)), n - 8)
    return lax.convert_element_type(x, _dt.uint8)


@jit_library
def bitwise_count(x, /):
    """Number of set bits in |x|."""
    (x,) = _numeric("bitwise_count", x)
    dtype = _dtype(x)
    if not _dt.is_int(dtype):
        raise TypeError(f"bitwise_count requires integer arguments, got {dtype}")
    if not _dt.is_unsigned(dtype):
        x = lax.bitcast_convert_type(lax.abs(x), _dt.unsigned_of(dtype))
    return _popcount(x)


# ---------------------------------------------------------------------------
# where, clip
# ---------------------------------------------------------------------------


def where(condition, x=None, y=None):
    if x is None or y is None:
        raise NotImplementedError("where(condition) needs size=; pass x and y")
    _check_arraylike("where", condition, x, y)
    # All three shapes first: JAX's jnp.where raises ValueError here, where
    # a ufunc's operands raise TypeError.
    shapes = [np.shape(a) for a in (condition, x, y)]
    try:
        shape_ = np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                         f"{shapes}") from None
    x, y = _promote("where", x, y)
    cond = astype(condition, bool)
    return lax.select(broadcast_to(cond, shape_), broadcast_to(x, shape_),
                      broadcast_to(y, shape_))


def clip(arr=None, /, min=None, max=None):  # noqa: A002 - JAX's names
    a, a_min, a_max = arr, min, max
    if any(x is not None and _dt.is_complex(_dtype(x))
           for x in (a, a_min, a_max)):
        raise ValueError(
            "Clip received a complex value either through the input or the "
            "min/max keywords. Complex values have no ordering and cannot be "
            "clipped. Please convert to a real value or array by taking the "
            "real or imaginary components via jax.numpy.real/imag "
            "respectively.")
    if a_min is not None:
        a = maximum(a, a_min)
    if a_max is not None:
        a = minimum(a, a_max)
    return a
