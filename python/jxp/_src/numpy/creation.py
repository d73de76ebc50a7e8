"""Array creation: full, zeros, ones, empty and their *_like, arange,
linspace, eye, identity, tri/tril/triu, copy, and jnp's scalar types
(make_scalar_type)."""

import builtins
import operator

import numpy as np

from jxp._src import core, dtypes as _dt
from jxp._src.api import jit_library
from jxp._src.core import abstractify, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax
from jxp._src.numpy import manipulation, util
from jxp._src.numpy.manipulation import _const as _constant
from jxp._src.numpy.util import (
    _check_arraylike, _filled, _is_array, _keep_weak, _shape_tuple, astype,
    broadcast_to, shape)


__all__ = [
    'array', 'asarray', 'full', 'zeros', 'ones', 'empty', 'zeros_like',
    'ones_like', 'full_like', 'empty_like', 'arange', 'linspace', 'eye',
    'identity', 'tri', 'tril', 'triu', 'copy']


def _user_dtype(dtype):
    return None if dtype is None else _dt.canonicalize(dtype)


def _concrete(x, context):
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, context + "\n")
    return x


# --- array / asarray --------------------------------------------------------


def array(object, dtype=None, copy=True, order="K", ndmin=0, *,  # noqa: A002
          device=None):
    if order is not None and order != "K":
        raise NotImplementedError("Only implemented for order='K'")
    return manipulation.array(object, dtype=dtype, copy=copy,
                        ndmin=operator.index(ndmin))


def asarray(a, dtype=None, order=None, *, copy=None, device=None):
    if order is not None and order != "K":
        raise NotImplementedError("Only implemented for order='K'")
    return manipulation.array(a, dtype=dtype, copy=False)


def copy(a, order=None):
    _check_arraylike("copy", a)
    return manipulation.array(a, copy=True)


# --- filled arrays ----------------------------------------------------------


def full(shape, fill_value, dtype=None, *, device=None):
    dtype = _user_dtype(dtype)
    _check_arraylike("full", fill_value)
    shape = _shape_tuple(shape, "full")
    if builtins.any(d < 0 for d in shape):
        raise TypeError(f"Shapes must be 1D sequences of integer scalars, "
                        f"got {shape}")
    if util._is_python_scalar(fill_value):
        # As JAX's lax.full: weakly typed without a dtype, and converted as
        # convert_element_type converts (Python ints wrap, unchecked).
        fill_dtype, weak = _dt.scalar_dtype(fill_value)
        if dtype is not None:
            fill_dtype, weak = dtype, False
        return broadcast_to(
            util._convert_python_scalar(fill_value, fill_dtype, weak), shape)
    if dtype is None:
        return broadcast_to(asarray(fill_value), shape)
    return broadcast_to(astype(fill_value, dtype), shape)


def zeros(shape, dtype=None, *, device=None):
    return full(shape, 0, _dt.default_float() if dtype is None else dtype)


def ones(shape, dtype=None, *, device=None):
    return full(shape, 1, _dt.default_float() if dtype is None else dtype)


def empty(shape, dtype=None, *, device=None):
    return zeros(shape, dtype)


def _full_like(name, a, fill_value, dtype, shape_):
    """JAX's full_like: a's dtype and weak type unless dtype is given."""
    if not (hasattr(a, "dtype") and hasattr(a, "shape")):
        _check_arraylike(name, a)
    _check_arraylike(name, fill_value)
    dtype = _user_dtype(dtype)
    av = abstractify(a) if not isinstance(a, (list, tuple)) else None
    s = shape(a) if shape_ is None else _shape_tuple(shape_, name)
    if np.ndim(fill_value) == 0 if not _is_array(fill_value) else \
            abstractify(fill_value).ndim == 0:
        if dtype is not None:
            return full(s, fill_value, dtype)
        return _keep_weak(full(s, fill_value, av.dtype), av.weak_type)
    return broadcast_to(asarray(fill_value, dtype=dtype or av.dtype), s)


def zeros_like(a, dtype=None, shape=None, *, device=None):
    return _full_like("zeros_like", a, 0, dtype, shape)


def ones_like(a, dtype=None, shape=None, *, device=None):
    return _full_like("ones_like", a, 1, dtype, shape)


def empty_like(prototype, dtype=None, shape=None, *, device=None):
    return _full_like("empty_like", prototype, 0, dtype, shape)


def full_like(a, fill_value, dtype=None, shape=None, *, device=None):
    return _full_like("full_like", a, fill_value, dtype, shape)


# --- ranges -----------------------------------------------------------------


def _host_scalar(x):
    """A concrete argument as a NumPy/Python scalar of its JAX dtype."""
    if _is_array(x):
        return np.asarray(x)[()]
    return x


def _convert_const(x, dtype):
    """lax.convert_element_type of a concrete scalar, as a constant (a
    Python int wraps around into dtype, as in JAX)."""
    return _constant(np.asarray(x).astype(dtype), dtype)


def arange(start, stop=None, step=None, dtype=None, *, device=None):
    dtype = _user_dtype(dtype)
    for v in (start, stop, step):
        if v is not None:
            _check_arraylike("arange", v)
    start_name = "stop" if stop is None and step is None else "start"
    _concrete(start, f"It arose in the jnp.arange argument '{start_name}'")
    _concrete(stop, "It arose in the jnp.arange argument 'stop'")
    _concrete(step, "It arose in the jnp.arange argument 'step'")
    for name, val in ((start_name, start), ("stop", stop), ("step", step)):
        if val is not None and np.ndim(val) != 0:
            raise ValueError(f"jax.numpy.arange: arguments must be scalars; "
                             f"got {name}={val}")
    if dtype is None:
        # Python ints are not range-checked here: JAX wraps them into the
        # result dtype (jnp.arange(2**31 - 2, 2**31 + 2) crosses 2**31).
        dtype = _dt.result_type(*[v for v in (start, stop, step)
                                  if v is not None])
    for v in (start, stop, step):
        if np.iscomplexobj(v) or (_is_array(v) and np.issubdtype(
                abstractify(v).dtype, np.complexfloating)):
            raise ValueError("Passing complex start/stop/step to jnp.arange "
                             "is no longer supported starting in JAX v0.10.0.")
    if dtype == _dt.bool_:
        raise TypeError("iota does not accept dtype bool. Accepted dtypes are "
                        "subtypes of integer, floating, complexfloating.")
    if stop is None:
        start, stop = 0, start
    # The size is computed with the arguments' own arithmetic, as JAX does:
    # exact for Python ints, in the array's dtype for an Array.
    if step is not None:
        work = (_dt.float32 if _dt.is_float(dtype) and dtype.itemsize < 4
                else dtype)
        size = builtins.max(0, builtins.int(np.ceil(
            _host_scalar((stop - start) / step))))
        start, step = _host_scalar(start), _host_scalar(step)
        iota = lax.iota(work, size)
        out = lax.add(lax.broadcast_in_dim(_convert_const(start, work), (size,), ()),
                      lax.mul(lax.broadcast_in_dim(_convert_const(step, work),
                                                   (size,), ()), iota))
        return lax.convert_element_type(out, dtype)
    if start == 0:
        return lax.iota(dtype, builtins.max(
            0, builtins.int(np.ceil(_host_scalar(stop)))))
    size = builtins.max(0, builtins.int(np.ceil(_host_scalar(stop - start))))
    start = _host_scalar(start)
    return lax.add(lax.broadcast_in_dim(_convert_const(start, dtype), (size,), ()),
                   lax.iota(dtype, size))


_to_inexact = _dt.to_inexact_dtype


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None,
             axis=0, *, device=None):
    num = operator.index(_concrete(num, "'num' argument of jnp.linspace"))
    axis = operator.index(_concrete(axis, "'axis' argument of jnp.linspace"))
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    _check_arraylike("linspace", start, stop)
    return _linspace(start, stop, num, builtins.bool(endpoint),
                     builtins.bool(retstep),
                     None if dtype is None else _dt.to_numpy_dtype(dtype),
                     axis)


# Jitted as JAX's: start and stop are arguments of the compiled program, so
# eager results are XLA's code's, not its constant folder's (one ulp
# apart).
@jit_library(static_argnames=("num", "endpoint", "retstep", "dtype",
                              "axis"))
def _linspace(start, stop, num, endpoint, retstep, dtype, axis):
    start, stop = asarray(start), asarray(stop)
    if dtype is None:
        dtype = _to_inexact(util.result_type(start, stop))
    else:
        dtype = _dt.canonicalize(dtype)
    comp = _to_inexact(dtype)
    start, stop = astype(start, comp), astype(stop, comp)
    bounds = list(np.broadcast_shapes(shape(start), shape(stop)))
    start_b, stop_b = broadcast_to(start, bounds), broadcast_to(stop, bounds)
    axis = len(bounds) + axis + 1 if axis < 0 else axis
    if not 0 <= axis <= len(bounds):
        raise IndexError("list assignment index out of range")
    bounds_shape = list(bounds)
    bounds_shape.insert(axis, 1)
    div = (num - 1) if endpoint else num
    if num > 1:
        delta = lax.div(lax.sub(stop, start) if shape(stop) == shape(start)
                        else lax.sub(*_bcast(stop, start)),
                        _constant(div, comp))
        iota_shape = [1] * len(bounds_shape)
        iota_shape[axis] = div
        # The fractions in the real type, as JAX (also for complex).
        real = np.finfo(comp).dtype if _dt.is_complex(comp) else comp
        step = lax.div(lax.reshape(lax.iota(real, div), iota_shape),
                       lax.broadcast_in_dim(_constant(div, real), iota_shape, ()))
        step = lax.convert_element_type(step, comp)
        out_shape = list(bounds_shape)
        out_shape[axis] = div
        step = lax.broadcast_in_dim(step, out_shape, range(len(out_shape)))
        one = _filled(step, 1)
        s = lax.broadcast_in_dim(lax.reshape(start_b, bounds_shape), out_shape,
                                 range(len(out_shape)))
        e = lax.broadcast_in_dim(lax.reshape(stop_b, bounds_shape), out_shape,
                                 range(len(out_shape)))
        out = lax.add(lax.mul(s, lax.sub(one, step)), lax.mul(e, step))
        if endpoint:
            out = lax.concatenate([out, lax.reshape(stop_b, bounds_shape)], axis)
    elif num == 1:
        delta = (_constant(np.nan, comp) if endpoint
                 else _keep_weak(lax.sub(*_bcast(stop, start)), False))
        out = lax.reshape(start_b, bounds_shape)
    else:
        delta = _constant(np.nan, comp)
        empty_shape = list(bounds)
        empty_shape.insert(axis, 0)
        out = _constant(np.zeros(empty_shape), dtype)
    if _dt.is_int(dtype) and not _dt.is_int(abstractify(out).dtype):
        out = lax.floor(out)
    result = _keep_weak(lax.convert_element_type(out, dtype), False)
    return (result, _keep_weak(delta, False)) if retstep else result


def _bcast(x, y):
    s = np.broadcast_shapes(shape(x), shape(y))
    return broadcast_to(x, s), broadcast_to(y, s)


# --- matrices ---------------------------------------------------------------


def _dim(n, what):
    try:
        return operator.index(n)
    except TypeError as err:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of "
                        f"integer type, got ({n!r},). {what} ({err})") from None


def eye(N, M=None, k=0, dtype=None, *, device=None):
    dtype = _dt.canonicalize(_dt.default_float() if dtype is None else dtype)
    n = _dim(N, "argument of 'N' jnp.eye().")
    m = n if M is None else _dim(M, "argument 'M' of jnp.eye().")
    if n < 0 or m < 0:
        raise ValueError(f"negative dimensions are not allowed, got {N} and {M}")
    if isinstance(k, Tracer) or (_is_array(k) and not isinstance(k, int)):
        ka = abstractify(k)
        if ka.shape != () or not _dt.is_int(ka.dtype):
            raise ValueError(f"k must be a scalar integer; got {k}")
        if not isinstance(k, Tracer):
            k = builtins.int(k)
    elif not isinstance(k, (int, np.integer)):
        raise ValueError(f"k must be a scalar integer; got {k}")
    if isinstance(k, Tracer) or _traced_large(n * m):
        return astype(_diagonal_mask(n, m, k, lax.eq), dtype)
    return _constant(np.eye(n, m, builtins.int(k)), dtype)


def _traced_large(size):
    """Whether a mask of `size` elements is built from iotas (as JAX's):
    under a trace, where a constant would be that many elements of program
    text; small ones and eager ones stay constants."""
    return size > 256 and core.current_frame() is not None


def _diagonal_mask(n, m, k, cmp):
    """cmp(i + k, j) over the (n, m) grid of row and column indices."""
    kd = abstractify(k).dtype if isinstance(k, Tracer) else _dt.int32
    i = lax.broadcasted_iota(kd, (n, m), 0)
    j = lax.broadcasted_iota(kd, (n, m), 1)
    kb = lax.broadcast_in_dim(k if isinstance(k, Tracer) else
                              np.asarray(k, kd), (n, m), ())
    return cmp(lax.add(i, kb), j)


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    dtype = _dt.float32 if dtype is None else _dt.canonicalize(dtype)
    n = _dim(N, "argument of 'N' jnp.tri().")
    m = n if M is None else _dim(M, "argument 'M' of jnp.tri().")
    k = operator.index(_concrete(k, "'k' argument of jnp.tri()"))
    if _traced_large(n * m):
        return astype(_diagonal_mask(n, m, k, lax.ge), dtype)
    return _constant(np.tri(n, m, k), dtype)


def _tri_mask(name, m, k):
    _check_arraylike(name, m)
    m = asarray(m)
    s = shape(m)
    if len(s) < 2:
        raise ValueError(f"Argument to jax.numpy.{name} must be at least 2D")
    k = operator.index(_concrete(k, f"'k' argument of jnp.{name}()"))
    return m, s, k


def _zeros_keep_weak(x):
    return _keep_weak(_filled(x, 0), abstractify(x).weak_type)


def tril(m, k=0):
    m, s, k = _tri_mask("tril", m, k)
    mask = lax.broadcast_in_dim(
        _constant(np.tri(s[-2], s[-1], k, dtype=bool), _dt.bool_), s,
        (len(s) - 2, len(s) - 1))
    return lax.select(mask, m, _zeros_keep_weak(m))


def triu(m, k=0):
    m, s, k = _tri_mask("triu", m, k)
    mask = lax.broadcast_in_dim(
        _constant(np.tri(s[-2], s[-1], k - 1, dtype=bool), _dt.bool_), s,
        (len(s) - 2, len(s) - 1))
    return lax.select(mask, _zeros_keep_weak(m), m)


# ---------------------------------------------------------------------------
# jnp.float32 & co: scalar types whose call makes a 0-d (or n-d) Array
# ---------------------------------------------------------------------------


class _ScalarMeta(type):
    """The type of jxp.numpy's scalar types. `jnp.float32(x)` is
    `jnp.asarray(x, dtype=float32)`, strongly typed; the type itself stands
    for its NumPy dtype wherever a dtype is expected."""

    @property
    def __numpy_dtype__(cls):
        return cls.dtype

    def __hash__(cls):
        return hash(cls.dtype.type)

    def __eq__(cls, other):
        return cls is other or cls.dtype.type == other

    def __ne__(cls, other):
        return not cls == other

    def __call__(cls, x):
        return asarray(x, dtype=cls.dtype)

    def __instancecheck__(cls, instance):
        return isinstance(instance, cls.dtype.type)


def make_scalar_type(np_type):
    dt = np.dtype(np_type)
    name = "bool" if dt == _dt.bool_ else dt.name
    t = _ScalarMeta(name, (object,), {
        "dtype": dt,
        "__doc__": f"A JAX scalar constructor of type {name}: scalars are "
                   f"0-d arrays."})
    t.__module__ = "jxp.numpy"
    return t
