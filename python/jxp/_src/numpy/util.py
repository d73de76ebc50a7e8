"""What the jnp modules share: asarray/array, dtype promotion and
broadcasting in JAX's rules, constants of an operand's dtype, and the
argument checks (JAX's jax/_src/numpy/util.py)."""

import builtins
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.core import (
    abstractify, constant as _constant, current_frame, is_array_like,
    rebind_aval, ShapedArray, Tracer)
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax


__all__ = [
    'asarray', 'array', 'ndim', 'shape', 'size', 'result_type', 'astype',
    'broadcast_to', 'operator_index']


def _is_array(x):
    return is_array_like(x)


def _check_arraylike(name, *args):
    for a in args:
        if isinstance(a, (list, tuple)):
            raise TypeError(f"{name} requires ndarray or scalar arguments, got "
                            f"{type(a).__name__} at position {args.index(a)}.")


def asarray(a, dtype=None):
    return array(a, dtype=dtype, copy=False)


def array(object, dtype=None, copy=True, ndmin=0):  # noqa: A002
    if dtype is not None:
        dtype = _dt.canonicalize(dtype)
    if _is_array(object):
        out = object if dtype is None else astype(object, dtype)
    elif isinstance(object, (list, tuple)) and _holds_array(object):
        # As JAX: every element converted to the leaves' common dtype, then
        # stacked; strongly typed, even from weakly typed elements.
        if dtype is None:
            dtype = _leaves_dtype(object)
        out = _keep_weak(_stack([array(x, dtype) for x in object]),
                          False)
    elif isinstance(object, (list, tuple)):
        # As JAX: the dtype is the lattice's over the leaves (no range check
        # of Python ints), then NumPy converts, raising where a value does
        # not fit. The result is strongly typed.
        if dtype is None:
            dtype = _leaves_dtype(object)
        out = _constant(object, dtype)
    elif dtype is not None and _is_python_scalar(object):
        # JAX's coerce_to_array: a Python scalar converts to the requested
        # dtype as NumPy converts it (jnp.uint32(2**32 - 1) fits; only
        # values the dtype cannot hold raise), not through the default int.
        out = _constant(object, dtype)
    else:
        aval = abstractify(object)
        weak = aval.weak_type and dtype is None
        out = _constant(object, aval.dtype if dtype is None else dtype, weak)
    while ndim(out) < ndmin:
        out = _expand(out, [0])
    return out


def _is_python_scalar(x):
    return (isinstance(x, (bool, int, float, complex))
            and not isinstance(x, np.generic))


def _holds_array(obj):
    """Whether a (nested) list or tuple has an Array or Tracer leaf."""
    return builtins.any(_is_array(x) or (isinstance(x, (list, tuple))
                                         and _holds_array(x)) for x in obj)


def _leaves_dtype(obj):
    """JAX's dtype for a (nested) list or tuple of scalars and arrays: the
    promotion lattice over its leaves, Python scalars weakly typed."""
    typed, todo = set(), [obj]
    while todo:
        x = todo.pop()
        if isinstance(x, (list, tuple)):
            todo.extend(x)
        elif x is None:
            raise ValueError("None is not a valid value for jnp.array")
        elif _is_python_scalar(x):
            typed.add(_dt.scalar_dtype(x))
        elif _is_array(x):
            typed.add((x.aval.dtype, x.aval.weak_type))
        else:
            typed.add((_dt.canonicalize(np.asarray(x).dtype), False))
    if not typed:
        return _dt.default_float()
    return _dt.promote(*typed)[0]


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
        return ShapedArray((), _dt.canonicalize(x))
    return abstractify(x)


def _convert_python_scalar(x, dtype, weak_type=False):
    """JAX's convert_element_type of a Python scalar: an int wraps around
    into `dtype` (NumPy's astype: jnp.full(2, 2**31, jnp.int32) holds
    -2**31); other scalars convert as NumPy converts them where the value
    fits, and on the device (as XLA converts) where it does not."""
    if type(x) is int:
        return _constant(np.asarray(x).astype(dtype), dtype, weak_type)
    try:
        value = np.asarray(x, dtype)
    except OverflowError:
        return _keep_weak(lax.convert_element_type(asarray(x), dtype),
                          weak_type)
    return _constant(value, dtype, weak_type)


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
    frame = current_frame()
    if frame is not None and len(args) == 2:
        out = _promote_scalar_traced(frame, args)
        if out is not None:
            return out
    # Fast path: arrays that already agree need nothing.
    first = getattr(args[0], "aval", None)
    # (Two weak bools, from comparing weak values, promote to a strong
    # one; a single argument is left as it is, as JAX's promote_dtypes.)
    if first is not None and (len(args) == 1 or not (
            first.weak_type and first.dtype == _dt.bool_)) and all(
            getattr(a, "aval", None) == first for a in args[1:]):
        return list(args)
    _check_arraylike(name, *args)
    avals = [abstractify(a) for a in args]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in avals])
    shape_ = _broadcast_shapes_or_type_error(name, [a.shape for a in avals])
    out = []
    for x, a in zip(args, avals):
        if not _is_array(x):
            if (isinstance(x, int) and not isinstance(x, bool)
                    and _dt.is_int(dtype)):
                # A Python int converts to an integer dtype with wraparound,
                # as in JAX (uint8 array * 300).
                x = np.asarray(x).astype(dtype)
            if frame is not None:
                value = np.asarray(x, dtype)
                if value.ndim == 0:
                    # A scalar: one constant of the full shape, shared by
                    # every use in the frame (no broadcast op).
                    out.append(_splat(frame, value, dtype, weak, shape_))
                    continue
            x = _constant(x, dtype, weak)
        elif a.dtype != dtype:
            x = lax.convert_element_type(x, dtype)
            if weak:
                x = rebind_aval(x, abstractify(x).update(weak_type=True))
        elif a.weak_type != weak:
            x = rebind_aval(x, a.update(weak_type=weak))
        out.append(broadcast_to(x, shape_))
    return out


_SCALAR_TYPES = frozenset((bool, int, float, complex))


def _splat(frame, value, dtype, weak, shape):
    """0-d NumPy `value` (of `dtype`) filling `shape`, as a constant of
    `frame`: what _constant and broadcast_to make, in one op."""
    return frame.splat(value, ShapedArray(shape, dtype, weak))


def _promote_scalar_traced(frame, args):
    """_promote of a tracer and a Python scalar whose promotion leaves the
    tracer as it is (x * 2.0 on floats), or None for the general path."""
    x, y = args
    if type(x) is Tracer and type(y) in _SCALAR_TYPES:
        t, s = x, y
    elif type(y) is Tracer and type(x) in _SCALAR_TYPES:
        t, s = y, x
    else:
        return None
    a = t.aval
    if type(s) is int and not -2**31 <= s < 2**31:
        abstractify(s)  # the general path's range check of Python ints
    key = (a.dtype, a.weak_type, type(s), _dt.x64())
    promoted = _SCALAR_PROMOTIONS.get(key)
    if promoted is None:
        sa = abstractify(s)
        promoted = _SCALAR_PROMOTIONS[key] = _dt.promote(
            (a.dtype, a.weak_type), (sa.dtype, sa.weak_type))
    if promoted[0] != a.dtype or promoted[1] != a.weak_type:
        return None
    # The promoted aval is the tracer's: the constant has it too.
    c = frame.scalar_splat(s, a, _scalar_value)
    return [t, c] if t is x else [c, t]


# (tracer dtype, weak type, Python scalar type, x64) -> _dt.promote's
# result: a few dozen entries at most.
_SCALAR_PROMOTIONS = {}


def _scalar_value(x, dtype):
    """Python scalar `x` as a 0-d NumPy array of `dtype`, as _promote
    converts it."""
    if type(x) is int and _dt.is_int(dtype):
        # A Python int converts to an integer dtype with wraparound.
        x = np.asarray(x).astype(dtype)
    return np.asarray(x, dtype)


def _broadcast_shapes_or_type_error(name, shapes):
    """The common shape of a ufunc's operands, with JAX's errors: operands
    of one rank go to the lax op, whose shape rule raises TypeError;
    operands of different ranks are ranked up by lax.broadcast_shapes,
    which raises ValueError."""
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        if len({len(s) for s in shapes if s}) > 1:
            raise ValueError(f"Incompatible shapes for broadcasting: shapes="
                             f"{[tuple(s) for s in shapes]}") from None
        listed = ", ".join(str(tuple(s)) for s in shapes)
        raise TypeError(f"{name} got incompatible shapes for broadcasting: "
                        f"{listed}.") from None


def broadcast_to(x, shape):
    shape = tuple(shape)
    a = abstractify(x)
    if not _is_array(x):
        x = asarray(x)
    if a.shape == shape:
        return x
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


def _promote_no_broadcast(name, *args):
    avals = [abstractify(a) for a in args]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in avals])
    # As JAX's promote_dtypes: every result has the promoted weak type.
    return [_keep_weak(astype(a, dtype) if av.dtype != dtype
                       or not _is_array(a) else a, weak)
            for a, av in zip(args, avals)]


def _shape_tuple(shape, name):
    if isinstance(shape, (int, np.integer)) or _is_array(shape):
        shape = (shape,)
    try:
        return tuple(builtins.int(operator_index(d)) for d in shape)
    except TypeError as err:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of "
                        f"integer type, got {shape} in {name}. ({err})") from None


def operator_index(d):
    return operator.index(d)


def _axes(axis, n):
    if axis is None:
        return tuple(range(n))
    if isinstance(axis, (int, np.integer)):
        axis = (axis,)
    return tuple(builtins.int(a) % n if n else 0 for a in axis)


def _filled(like, value):
    """An array of `like`'s shape and dtype holding `value` everywhere."""
    a = abstractify(like)
    return lax.broadcast_in_dim(_constant(value, a.dtype), a.shape, ())


def _arr(name, *args):
    _check_arraylike(name, *args)
    out = [asarray(a) for a in args]
    return out[0] if len(out) == 1 else out


def _concrete(x, context):
    """x as a host NumPy array; ConcretizationTypeError for a tracer."""
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, context + "\n")
    return np.asarray(x)


def _slice_axis(a, start, stop, axis):
    idx = [builtins.slice(None)] * ndim(a)
    idx[axis] = builtins.slice(start, stop)
    return a[tuple(idx)]


def _inexact(*args):
    """args as arrays of their promoted dtype, made inexact (JAX's
    promote_dtypes_inexact)."""
    args = [asarray(a) for a in args]
    dtype, weak = _dt.promote(*[(a.dtype, a.weak_type) for a in args])
    if not _dt.is_inexact(dtype):
        dtype = _dt.canonicalize(np.float64)
    out = [_keep_weak(astype(a, dtype), weak) for a in args]
    return out


def _stack(arrays):
    """jnp.stack(arrays) of a non-empty list of arrays (manipulation.py,
    which holds jnp.stack, builds on this module)."""
    arrays = (_promote_no_broadcast("concatenate", *arrays)
              if len(arrays) > 1 else [asarray(arrays[0])])
    if len({shape(a) for a in arrays}) != 1:
        raise ValueError("All input arrays must have the same shape.")
    return lax.concatenate([_expand(a, [0]) for a in arrays], 0)


def _expand(x, dims):
    """lax.expand_dims: insert size-1 axes at `dims` (of the output)."""
    s = list(shape(x))
    for d in sorted(dims):
        s.insert(d, 1)
    return lax.reshape(x, s)
