"""jxp.numpy: NumPy's API with JAX's semantics (promotion lattice, weak
types, immutability)."""

import builtins
import math

import numpy as np

from .. import lax
from .._src import dtypes as _dt
from .._src.array import Array, from_numpy
from .._src.core import Tracer, abstractify, current_frame, rebind_aval

bool_ = np.bool_
int8, int16, int32, int64 = np.int8, np.int16, np.int32, np.int64
uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
float16, float32, float64 = np.float16, np.float32, np.float64
bfloat16 = _dt.bfloat16.type
complex64, complex128 = np.complex64, np.complex128
pi, e, inf, nan = np.pi, np.e, np.inf, np.nan
ndarray = Array
dtype = np.dtype


def _is_array(x):
    return isinstance(x, (Array, Tracer))


def _check_arraylike(name, *args):
    for a in args:
        if isinstance(a, (list, tuple)):
            raise TypeError(f"{name} requires ndarray or scalar arguments, got "
                            f"{type(a).__name__} at position {args.index(a)}.")


def _constant(value, dtype, weak_type=False):
    """A host value as an array of `dtype`: a constant when tracing, a
    device Array otherwise."""
    value = np.asarray(value, dtype)
    if current_frame() is not None:
        t = current_frame().constant(value)
        return rebind_aval(t, t.aval.update(weak_type=weak_type))
    return from_numpy(value, weak_type)


def asarray(a, dtype=None):
    return array(a, dtype=dtype, copy=False)


def array(object, dtype=None, copy=True, ndmin=0):  # noqa: A002
    if dtype is not None:
        dtype = _dt.canonicalize(dtype)
    if _is_array(object):
        out = object if dtype is None else astype(object, dtype)
    elif isinstance(object, (list, tuple)) and builtins.any(
            _is_array(x) or isinstance(x, (list, tuple)) for x in object):
        if not object:
            out = _constant(np.zeros((0,)), dtype or _dt.default_float())
        else:
            # Strongly typed, as in JAX, even from weakly typed elements.
            out = _keep_weak(stack([array(x) for x in object]), False)
            if dtype is not None:
                out = astype(out, dtype)
    else:
        aval = abstractify(object) if not isinstance(object, (list, tuple)) else None
        weak = aval is not None and aval.weak_type and dtype is None
        if dtype is None:
            if aval is not None:
                dtype = aval.dtype
            else:
                host = np.asarray(object)
                dtype = (_dt.default_float() if host.dtype == np.float64
                         else _dt.default_int() if host.dtype == np.int64
                         else _dt.canonicalize(host.dtype))
        out = _constant(object, dtype, weak)
    while ndim(out) < ndmin:
        out = expand_dims(out, 0)
    return out


def _host_aval(x):
    if isinstance(x, (list, tuple)):  # NumPy's functions accept lists
        return abstractify(np.asarray(x))
    return abstractify(x)


def ndim(x):
    return _host_aval(x).ndim


def shape(x):
    return _host_aval(x).shape


def size(x):
    return _host_aval(x).size


def _keep_weak(x, weak):
    """`x` with weak type `weak` (no op in the IR)."""
    a = abstractify(x)
    return x if a.weak_type == weak else rebind_aval(x, a.update(weak_type=weak))


def result_type(*args):
    return _dt.promote(*[(_aval(a).dtype, _aval(a).weak_type) for a in args])[0]


def _aval(x):
    if isinstance(x, (np.dtype, type)):
        from .._src.core import ShapedArray
        return ShapedArray((), _dt.canonicalize(x))
    return abstractify(x)


def astype(x, dtype):
    dtype = _dt.canonicalize(dtype)
    a = abstractify(x)
    if a.dtype == dtype and not a.weak_type and _is_array(x):
        return x
    if not _is_array(x):
        return _constant(x, dtype)
    if a.dtype == dtype:
        return rebind_aval(x, a.update(weak_type=False))
    return lax.convert_element_type(x, dtype)


def _promote(name, *args):
    """Arguments converted to their common dtype (JAX's lattice) and
    broadcast to their common shape."""
    _check_arraylike(name, *args)
    avals = [abstractify(a) for a in args]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in avals])
    try:
        shape_ = np.broadcast_shapes(*[a.shape for a in avals])
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                         f"{[a.shape for a in avals]}") from None
    out = []
    for x, a in zip(args, avals):
        if not _is_array(x):
            if (isinstance(x, int) and not isinstance(x, bool)
                    and _dt.is_int(dtype)):
                # A Python int converts to an integer dtype with wraparound,
                # as in JAX (uint8 array * 300).
                x = np.asarray(x).astype(dtype)
            x = _constant(x, dtype, weak)
        elif a.dtype != dtype:
            x = lax.convert_element_type(x, dtype)
            if weak:
                x = rebind_aval(x, abstractify(x).update(weak_type=True))
        elif a.weak_type != weak:
            x = rebind_aval(x, a.update(weak_type=weak))
        out.append(broadcast_to(x, shape_))
    return out


def broadcast_to(x, shape):
    shape = tuple(shape)
    a = abstractify(x)
    if a.shape == shape:
        return x
    if not _is_array(x):
        x = asarray(x)
    if len(shape) < a.ndim:
        raise ValueError(f"Incompatible shapes for broadcasting: {a.shape} and "
                         f"requested shape {shape}")
    lead = len(shape) - a.ndim
    for n, m in zip(a.shape, shape[lead:]):
        if n not in (1, m):
            raise ValueError(f"Incompatible shapes for broadcasting: {a.shape} "
                             f"and requested shape {shape}")
    squeeze = [i for i, (n, m) in enumerate(zip(a.shape, shape[lead:]))
               if n == 1 and m != 1]
    if squeeze:
        x = lax.reshape(x, [n for i, n in enumerate(a.shape) if i not in squeeze])
    dims = [lead + i for i in range(a.ndim) if i not in squeeze]
    return lax.broadcast_in_dim(x, shape, dims)


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
        return rebind_aval(ones_like(x), a)
    acc, m = None, builtins.abs(n)
    while m > 0:
        if m & 1:
            acc = x if acc is None else lax.mul(acc, x)
        m >>= 1
        if m > 0:
            x = lax.mul(x, x)
    if n < 0:
        acc = lax.div(rebind_aval(ones_like(acc), abstractify(acc)), acc)
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


# --- creation ---------------------------------------------------------------


def _shape_tuple(shape, name):
    if isinstance(shape, (int, np.integer)) or _is_array(shape):
        shape = (shape,)
    try:
        return tuple(builtins.int(operator_index(d)) for d in shape)
    except TypeError as err:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of "
                        f"integer type, got {shape} in {name}. ({err})") from None


def operator_index(d):
    import operator
    return operator.index(d)


def full(shape, fill_value, dtype=None):
    shape = _shape_tuple(shape, "full")
    if dtype is None:
        # Weakly typed if fill_value is (a Python scalar, say), as in JAX.
        return broadcast_to(asarray(fill_value), shape)
    fill = astype(fill_value, dtype)
    return broadcast_to(fill, shape)


def _full_like(a, fill_value, dtype):
    """JAX's full_like: a's dtype and weak type unless dtype is given."""
    if dtype is not None:
        return full(shape(a), fill_value, dtype)
    av = abstractify(a)
    return _keep_weak(full(shape(a), fill_value, av.dtype), av.weak_type)


def zeros(shape, dtype=None):
    return full(shape, 0, dtype or _dt.default_float())


def ones(shape, dtype=None):
    return full(shape, 1, dtype or _dt.default_float())


def empty(shape, dtype=None):
    return zeros(shape, dtype)


def zeros_like(a, dtype=None):
    return _full_like(a, 0, dtype)


def ones_like(a, dtype=None):
    return _full_like(a, 1, dtype)


def full_like(a, fill_value, dtype=None):
    return _full_like(a, fill_value, dtype)


def arange(start, stop=None, step=None, dtype=None):
    for v in (start, stop, step):
        if isinstance(v, Tracer):
            from .._src.errors import ConcretizationTypeError
            raise ConcretizationTypeError(
                v, "jnp.arange needs concrete (static) bounds.")
    host = np.arange(start, stop, step)
    if dtype is None:
        dtype = (_dt.default_int() if np.issubdtype(host.dtype, np.integer)
                 else _dt.default_float())
    dtype = _dt.canonicalize(dtype)
    if stop is None and step is None and np.issubdtype(dtype, np.integer):
        return lax.iota(dtype, builtins.max(builtins.int(start), 0))
    return _constant(host, dtype)


def eye(N, M=None, k=0, dtype=None):
    return _constant(np.eye(N, M, k), _dt.canonicalize(dtype or _dt.default_float()))


identity = lambda n, dtype=None: eye(n, dtype=dtype)  # noqa: E731


def copy(a):
    return asarray(a)


# --- shapes -----------------------------------------------------------------


def reshape(a, newshape=None, order="C", *, shape=None):
    newshape = shape if newshape is None else newshape
    a = asarray(a)
    if isinstance(newshape, (int, np.integer)):
        newshape = (newshape,)
    newshape = list(newshape)
    total = abstractify(a).size
    if -1 in newshape:
        known = builtins.int(np.prod([d for d in newshape if d != -1]))
        newshape[newshape.index(-1)] = total // known if known else 0
    return lax.reshape(a, newshape)


def ravel(a):
    return reshape(a, (-1,))


def transpose(a, axes=None):
    a = asarray(a)
    n = ndim(a)
    axes = tuple(range(n))[::-1] if axes is None else tuple(x % n for x in axes)
    return lax.transpose(a, axes)


def expand_dims(a, axis):
    a = asarray(a)
    s = list(shape(a))
    s.insert(axis if axis >= 0 else len(s) + axis + 1, 1)
    return lax.reshape(a, s)


def squeeze(a, axis=None):
    a = asarray(a)
    s = shape(a)
    if axis is None:
        axes = [i for i, d in enumerate(s) if d == 1]
    else:
        axes = [x % len(s) for x in ((axis,) if isinstance(axis, int) else axis)]
        for x in axes:
            if s[x] != 1:
                raise ValueError(f"cannot select an axis to squeeze out which "
                                 f"has size not equal to one, got shape={s} "
                                 f"and dimensions={tuple(axes)}")
    return lax.reshape(a, [d for i, d in enumerate(s) if i not in axes])


def concatenate(arrays, axis=0):
    arrays = _promote_no_broadcast("concatenate", *arrays)
    return lax.concatenate(arrays, axis % ndim(arrays[0]))


def _promote_no_broadcast(name, *args):
    avals = [abstractify(a) for a in args]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in avals])
    return [astype(a, dtype) if abstractify(a).dtype != dtype or not _is_array(a)
            else a for a in args]


def stack(arrays, axis=0):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("Need at least one array to stack.")
    return concatenate([expand_dims(a, axis) for a in arrays], axis)


# --- reductions -------------------------------------------------------------


def _axes(axis, n):
    if axis is None:
        return tuple(range(n))
    if isinstance(axis, (int, np.integer)):
        axis = (axis,)
    return tuple(builtins.int(a) % n if n else 0 for a in axis)


def _reduction(name, reducer, bool_to_int=False):
    def f(a, axis=None, dtype=None, keepdims=False):
        a = asarray(a)
        av = abstractify(a)
        if dtype is not None:
            a = astype(a, dtype)
        elif bool_to_int and av.dtype == _dt.bool_:
            a = astype(a, _dt.default_int())
        elif bool_to_int and _dt.is_int(av.dtype) and av.dtype.itemsize < 4:
            a = astype(a, _dt.uint32 if _dt.is_unsigned(av.dtype) else _dt.int32)
        axes = _axes(axis, av.ndim)
        out = _keep_weak(reducer(a, axes), False)  # strongly typed, as JAX
        if keepdims:
            out = lax.reshape(out, [1 if i in axes else d
                                    for i, d in enumerate(av.shape)])
        return out
    f.__name__ = name
    return f


sum = _reduction("sum", lax.reduce_sum, True)  # noqa: A001
prod = _reduction("prod", lax.reduce_prod, True)
max = amax = _reduction("max", lax.reduce_max)  # noqa: A001
min = amin = _reduction("min", lax.reduce_min)  # noqa: A001
all = _reduction("all", lambda a, axes: lax.reduce_and(astype(a, bool), axes))  # noqa: A001
any = _reduction("any", lambda a, axes: lax.reduce_or(astype(a, bool), axes))  # noqa: A001


def mean(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    av = abstractify(a)
    n = builtins.int(np.prod([av.shape[i] for i in _axes(axis, av.ndim)]))
    if dtype is None and not _dt.is_inexact(av.dtype):
        dtype = _dt.default_float()
    s = sum(a, axis, dtype, keepdims)
    return lax.div(s, _constant(n, abstractify(s).dtype))


def argmax(a, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    return lax.argmax(a, axis % ndim(a), _dt.default_int())


def argmin(a, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    return lax.argmin(a, axis % ndim(a), _dt.default_int())


def cumsum(a, axis=None, dtype=None):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    if dtype is not None or abstractify(a).dtype == _dt.bool_:
        a = astype(a, dtype or _dt.default_int())
    return _keep_weak(lax.cumsum(a, axis), False)


def sort(a, axis=-1):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    return lax.sort(a, axis)


# --- linear algebra ---------------------------------------------------------


def matmul(a, b):
    a, b = _promote_no_broadcast("matmul", a, b)
    a, b = asarray(a), asarray(b)
    na, nb = ndim(a), ndim(b)
    if na == 0 or nb == 0:
        raise ValueError("matmul: operands must not be scalars")
    if na <= 2 and nb <= 2:
        return lax.dot_general(a, b, (((na - 1,), (0 if nb == 1 else nb - 2,)),
                                      ((), ())))
    # Batched: broadcast the batch dimensions, then one dot_general.
    a2 = a if na > 1 else expand_dims(a, 0)
    b2 = b if nb > 1 else expand_dims(b, 1)
    batch = np.broadcast_shapes(shape(a2)[:-2], shape(b2)[:-2])
    a2 = broadcast_to(a2, batch + shape(a2)[-2:])
    b2 = broadcast_to(b2, batch + shape(b2)[-2:])
    k = len(batch)
    out = lax.dot_general(a2, b2, (((k + 1,), (k,)),
                                   (tuple(range(k)), tuple(range(k)))))
    if na == 1:
        out = squeeze(out, k)
    if nb == 1:
        out = squeeze(out, -1)
    return out


def dot(a, b):
    if ndim(a) == 0 or ndim(b) == 0:
        return multiply(a, b)
    if ndim(b) <= 2:
        return matmul(a, b)
    a, b = _promote_no_broadcast("dot", a, b)
    return lax.dot_general(a, b, (((ndim(a) - 1,), (ndim(b) - 2,)), ((), ())))


# --- methods and operators of Array and Tracer ------------------------------


def _getitem(x, idx):
    from .._src.indexing import getitem
    return getitem(x, idx)


def _setitem(x, idx, value):
    raise TypeError(
        f"'{type(x).__name__}' object does not support item assignment. JAX "
        f"arrays are immutable. Instead of ``x[idx] = y``, use "
        f"``x = x.at[idx].set(y)`` or another .at[] method: "
        f"https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html")


def _swap(f):
    return lambda self, other: f(other, self)


def _operand_check(f):
    def method(self, other):
        if isinstance(other, (list, tuple)):
            return NotImplemented
        return f(self, other)
    return method


_METHODS = {
    "__add__": _operand_check(add), "__radd__": _operand_check(_swap(add)),
    "__sub__": _operand_check(subtract), "__rsub__": _operand_check(_swap(subtract)),
    "__mul__": _operand_check(multiply), "__rmul__": _operand_check(_swap(multiply)),
    "__truediv__": _operand_check(true_divide),
    "__rtruediv__": _operand_check(_swap(true_divide)),
    "__floordiv__": _operand_check(floor_divide),
    "__rfloordiv__": _operand_check(_swap(floor_divide)),
    "__mod__": _operand_check(remainder), "__rmod__": _operand_check(_swap(remainder)),
    "__pow__": _operand_check(power), "__rpow__": _operand_check(_swap(power)),
    "__matmul__": _operand_check(matmul), "__rmatmul__": _operand_check(_swap(matmul)),
    "__and__": _operand_check(bitwise_and), "__rand__": _operand_check(_swap(bitwise_and)),
    "__or__": _operand_check(bitwise_or), "__ror__": _operand_check(_swap(bitwise_or)),
    "__xor__": _operand_check(bitwise_xor), "__rxor__": _operand_check(_swap(bitwise_xor)),
    "__lshift__": _operand_check(left_shift), "__rlshift__": _operand_check(_swap(left_shift)),
    "__rshift__": _operand_check(right_shift), "__rrshift__": _operand_check(_swap(right_shift)),
    "__eq__": _operand_check(equal), "__ne__": _operand_check(not_equal),
    "__lt__": _operand_check(less), "__le__": _operand_check(less_equal),
    "__gt__": _operand_check(greater), "__ge__": _operand_check(greater_equal),
    "__neg__": negative, "__pos__": lambda x: x, "__abs__": absolute,
    "__invert__": invert,
    "__getitem__": _getitem, "__setitem__": _setitem,
    "reshape": lambda self, *shape, order="C": reshape(
        self, shape[0] if len(shape) == 1 else shape),
    "astype": astype, "sum": sum, "prod": prod, "max": max, "min": min,
    "mean": mean, "all": all, "any": any, "argmax": argmax, "argmin": argmin,
    "cumsum": cumsum, "dot": dot, "flatten": ravel, "ravel": ravel,
    "squeeze": squeeze, "copy": copy, "sort": sort, "clip": clip,
    "transpose": lambda self, *axes: transpose(
        self, None if not axes else axes[0] if len(axes) == 1 else axes),
    "T": property(lambda self: transpose(self)),
}

for _cls in (Array, Tracer):
    for _name, _fn in _METHODS.items():
        setattr(_cls, _name, _fn)
del _cls, _name, _fn
