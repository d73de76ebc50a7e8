"""Elementwise functions (NumPy ufuncs) with JAX's promotion."""

import builtins

import numpy as np

from .. import lax
from .._src import dtypes as _dt
from .._src.core import Tracer, abstractify, rebind_aval
from ._util import (
    _check_arraylike, _constant, _filled, _keep_weak, _promote, asarray, astype, broadcast_to, operator_index)

__all__ = ['add', 'subtract', 'multiply', 'true_divide', 'divide', 'power', 'maximum', 'minimum', 'arctan2', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift', 'right_shift', 'equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal', 'negative', 'absolute', 'abs', 'sign', 'exp', 'log', 'log1p', 'expm1', 'sin', 'cos', 'tan', 'tanh', 'sqrt', 'floor', 'ceil', 'isfinite', 'invert', 'bitwise_not', 'logical_not', 'floor_divide', 'remainder', 'mod', 'logical_and', 'logical_or', 'where', 'clip']


def _ufunc(name, prim_fn, kind=None):
    """A NumPy ufunc over a lax function: promote, broadcast, and for
    inexact-only functions convert integers to the default float."""
    def f(*args):
        args = _promote(name, *args)
        if kind == "inexact" and not _dt.is_inexact(abstractify(args[0]).dtype):
            weak = abstractify(args[0]).weak_type
            args = [astype(a, _dt.default_float()) for a in args]
            if weak:
                args = [rebind_aval(a, abstractify(a).update(weak_type=True))
                        for a in args]
        return prim_fn(*args)
    f.__name__ = name
    return f


add = _ufunc("add", lambda x, y: lax.bitwise_or(x, y)
             if abstractify(x).dtype == _dt.bool_ else lax.add(x, y))
subtract = _ufunc("subtract", lax.sub)
multiply = _ufunc("multiply", lambda x, y: lax.bitwise_and(x, y)
                  if abstractify(x).dtype == _dt.bool_ else lax.mul(x, y))
true_divide = divide = _ufunc("true_divide", lax.div, "inexact")
_power = _ufunc("power", lax.pow)


def _integer_pow(x, n):
    """x ** n for a concrete integer n, as JAX's lax.integer_pow: binary
    exponentiation by multiplication; x's dtype and weak type are kept."""
    x = asarray(x)
    a = abstractify(x)
    if a.dtype == _dt.bool_:
        x = astype(x, _dt.default_int())
        a = abstractify(x)
    if n < 0 and not _dt.is_inexact(a.dtype):
        raise TypeError(f"Integers cannot be raised to negative powers, got "
                        f"integer_pow({a.str_short()}, {n})")
    if n == 0:
        return rebind_aval(_filled(x, 1), a)
    acc, m = None, builtins.abs(n)
    while m > 0:
        if m & 1:
            acc = x if acc is None else lax.mul(acc, x)
        m >>= 1
        if m > 0:
            x = lax.mul(x, x)
    if n < 0:
        acc = lax.div(rebind_aval(_filled(acc, 1), abstractify(acc)), acc)
    return acc


def power(x1, x2):
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
    out = _power(x1, x2)
    a1, a2 = abstractify(x1), abstractify(x2)
    if (_dt.is_inexact(a1.dtype) and _dt.is_int(a2.dtype)
            and abstractify(out).weak_type and not a2.weak_type):
        # JAX: an inexact base with an integer exponent array is lax.pow
        # without promotion, weakly typed only if both inputs are.
        out = rebind_aval(out, abstractify(out).update(weak_type=False))
    return out
maximum = _ufunc("maximum", lax.max)
minimum = _ufunc("minimum", lax.min)
arctan2 = _ufunc("arctan2", lax.atan2, "inexact")
bitwise_and = _ufunc("bitwise_and", lax.bitwise_and)
bitwise_or = _ufunc("bitwise_or", lax.bitwise_or)
bitwise_xor = _ufunc("bitwise_xor", lax.bitwise_xor)
left_shift = _ufunc("left_shift", lax.shift_left)
right_shift = _ufunc("right_shift", lambda x, y: lax.shift_right_logical(x, y)
                     if _dt.is_unsigned(abstractify(x).dtype)
                     else lax.shift_right_arithmetic(x, y))
equal = _ufunc("equal", lax.eq)
not_equal = _ufunc("not_equal", lax.ne)
less = _ufunc("less", lax.lt)
less_equal = _ufunc("less_equal", lax.le)
greater = _ufunc("greater", lax.gt)
greater_equal = _ufunc("greater_equal", lax.ge)
negative = _ufunc("negative", lax.neg)
absolute = abs = _ufunc("absolute", lambda x: x if abstractify(x).dtype == _dt.bool_
                        or _dt.is_unsigned(abstractify(x).dtype) else lax.abs(x))
sign = _ufunc("sign", lax.sign)
exp = _ufunc("exp", lax.exp, "inexact")
log = _ufunc("log", lax.log, "inexact")
log1p = _ufunc("log1p", lax.log1p, "inexact")
expm1 = _ufunc("expm1", lax.expm1, "inexact")
sin = _ufunc("sin", lax.sin, "inexact")
cos = _ufunc("cos", lax.cos, "inexact")
tan = _ufunc("tan", lax.tan, "inexact")
tanh = _ufunc("tanh", lax.tanh, "inexact")
sqrt = _ufunc("sqrt", lax.sqrt, "inexact")
floor = _ufunc("floor", lambda x: lax.floor(x) if _dt.is_float(abstractify(x).dtype) else x)
ceil = _ufunc("ceil", lambda x: lax.ceil(x) if _dt.is_float(abstractify(x).dtype) else x)
isfinite = _ufunc("isfinite", lambda x: lax.is_finite(x) if _dt.is_float(abstractify(x).dtype)
                  else _constant(np.ones(abstractify(x).shape, bool), _dt.bool_))
invert = bitwise_not = _ufunc("invert", lax.bitwise_not)
logical_not = _ufunc("logical_not", lambda x: lax.bitwise_not(astype(x, bool)))


def _numeric(name, x, y):
    """Promoted arguments, bools as the default int (JAX's
    promote_args_numeric)."""
    x, y = _promote(name, x, y)
    if abstractify(x).dtype == _dt.bool_:
        x, y = astype(x, _dt.default_int()), astype(y, _dt.default_int())
    return x, y


def _float_divmod(x, y):
    """CPython's float_divmod, as JAX computes it."""
    mod = lax.rem(x, y)
    div = lax.div(lax.sub(x, mod), y)
    ind = lax.bitwise_and(lax.ne(mod, 0), lax.ne(lax.sign(y), lax.sign(mod)))
    mod = lax.select(ind, lax.add(mod, y), mod)
    div = lax.select(ind, lax.sub(div, 1), div)
    return lax.round(div), mod


def floor_divide(x, y):
    x, y = _numeric("floor_divide", x, y)
    a = abstractify(x)
    if _dt.is_unsigned(a.dtype):
        return lax.div(x, y)
    if _dt.is_int(a.dtype):
        # Round toward -inf: adjust C-style truncation where signs differ.
        q = lax.div(x, y)
        fix = lax.bitwise_and(lax.ne(lax.sign(x), lax.sign(y)),
                              lax.ne(lax.rem(x, y), 0))
        return _keep_weak(lax.select(fix, lax.sub(q, 1), q), a.weak_type)
    return _keep_weak(_float_divmod(x, y)[0], a.weak_type)


def remainder(x, y):
    x, y = _numeric("remainder", x, y)
    a = abstractify(x)
    if _dt.is_int(a.dtype):
        y = _keep_weak(lax.select(lax.eq(y, 0), lax.add(lax.sub(y, y), 1), y),
                       a.weak_type)  # x % 0 == 0, as in JAX
    r = lax.rem(x, y)
    fix = lax.bitwise_and(lax.ne(lax.lt(r, 0), lax.lt(y, 0)), lax.ne(r, 0))
    return _keep_weak(lax.select(fix, lax.add(r, y), r), a.weak_type)


mod = remainder


def logical_and(x, y):
    return lax.bitwise_and(*_promote("logical_and", astype(x, bool),
                                     astype(y, bool)))


def logical_or(x, y):
    return lax.bitwise_or(*_promote("logical_or", astype(x, bool), astype(y, bool)))


def where(condition, x=None, y=None):
    if x is None or y is None:
        raise NotImplementedError("where(condition) needs size=; pass x and y")
    x, y = _promote("where", x, y)
    cond = astype(condition, bool)
    shape_ = np.broadcast_shapes(abstractify(cond).shape, abstractify(x).shape)
    return lax.select(broadcast_to(cond, shape_), broadcast_to(x, shape_),
                      broadcast_to(y, shape_))


def clip(a, a_min=None, a_max=None):
    if a_min is not None:
        a = maximum(a, a_min)
    if a_max is not None:
        a = minimum(a, a_max)
    return a
