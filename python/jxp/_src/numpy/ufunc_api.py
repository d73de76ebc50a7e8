"""jnp.ufunc: NumPy's universal-function object with JAX's semantics.

A ufunc wraps an elementwise function of `nin` inputs and `nout` outputs.
Calling it calls `call` (the built-in ufuncs' own compiled function) or,
for `frompyfunc`'s, the scalar function vectorized. Binary ufuncs also
have outer, reduce, accumulate, at and reduceat: each uses the ufunc's
specialised implementation when it has one (add.reduce is sum,
multiply.accumulate is cumprod, logaddexp.reduce is a logsumexp) and
otherwise folds with the function in a loop, as JAX's generic methods do.

The methods run as one compiled program per static signature when called
eagerly (the ufunc, axis, dtype and keepdims are static, as in JAX), and
inline when traced.

The fourteen ufuncs JAX makes objects (add, subtract, multiply, negative,
maximum, minimum, logaddexp, logaddexp2, bitwise_and/or/xor and
logical_and/or/xor) are made here, from _ufuncs.py's functions and
_reductions.py's reductions; jxp's other elementwise functions are plain
functions, as JAX's are.
"""

import math
import operator

import numpy as np

from jxp._src import ad, dtypes as _dt
from jxp._src.api import jit_library
from jxp._src.batching import vmap
from jxp._src.core import abstractify
from jxp._src.lax import control_flow as _cf, scalar_casting as lax
from jxp._src.numpy import (
    creation, lax_numpy, manipulation, sorting, ufuncs, util, vectorize)
from jxp._src.numpy.manipulation import expand_dims
from jxp._src.numpy.reductions import (
    _reduction, cumprod, cumsum, max as _max, prod, sum as _sum)
from jxp._src.numpy.util import _check_arraylike, asarray, astype
from jxp._src.toplevel import eval_shape
from jxp._src.util import canonicalize_axis





__all__ = [
    'ufunc', 'frompyfunc', 'add', 'subtract', 'multiply', 'negative',
    'maximum', 'minimum', 'logaddexp', 'logaddexp2', 'bitwise_and',
    'bitwise_or', 'bitwise_xor', 'logical_and', 'logical_or', 'logical_xor']

_AT_INPLACE = (
    "jnp.ufunc.at() cannot update an array in place (jxp arrays are "
    "immutable): pass inplace=False and use the result, e.g.\n"
    "    arr = jnp.add.at(arr, ind, val, inplace=False)")


def _result_dtype(u, *args):
    """The dtype of u's function on one element of each argument (JAX
    evaluates the function's shape on ones)."""
    ones = [creation.ones((), abstractify(a).dtype) for a in args]
    return eval_shape(u._func, *ones).dtype


class ufunc:
    """A universal function: an elementwise function of `nin` inputs and
    `nout` outputs, with NumPy's ufunc attributes and methods."""

    def __init__(self, func, /, nin, nout, *, name=None, nargs=None,
                 identity=None, call=None, reduce=None, accumulate=None,
                 at=None, reduceat=None):
        self.__doc__ = func.__doc__
        self.__name__ = name or func.__name__
        self._func = func
        self._nin = operator.index(nin)
        self._nout = operator.index(nout)
        self._nargs = operator.index(nargs or nin)
        self._identity = identity
        self._call = call
        self._reduce = reduce
        self._accumulate = accumulate
        self._at = at
        self._reduceat = reduceat

    # Read-only, as JAX's properties.
    nin = property(lambda self: self._nin)
    nout = property(lambda self: self._nout)
    nargs = property(lambda self: self._nargs)
    identity = property(lambda self: self._identity)

    def __hash__(self):
        return hash((self._func, self.__name__, self._identity, self._nin,
                     self._nout, self._nargs))

    def __eq__(self, other):
        return isinstance(other, ufunc) and (
            self._func, self.__name__, self._identity, self._nin, self._nout,
            self._nargs) == (other._func, other.__name__, other._identity,
                             other._nin, other._nout, other._nargs)

    def __repr__(self):
        return f"<jnp.ufunc '{self.__name__}'>"

    def __call__(self, *args, out=None, where=None):
        # The built-in ufuncs' eager fast path: straight to their compiled
        # function, which checks its arguments itself.
        if out is None and where is None and self._call is not None:
            return self._call(*args)
        _check_arraylike(self.__name__, *args)
        if out is not None:
            raise NotImplementedError(f"out argument of {self}")
        if where is not None:
            raise NotImplementedError(f"where argument of {self}")
        if self._call is not None:
            return self._call(*args)
        if len(args) != self._nin:
            raise TypeError(f"{self.__name__}() takes {self._nin} positional "
                            f"argument(s) but {len(args)} were given")
        return _call_vectorized(self, *args)

    def _single_output(self, method):
        if self._nin != 2:
            raise ValueError(f"{method} only supported for binary ufuncs")
        if self._nout != 1:
            raise ValueError(f"{method} only supported for functions "
                             f"returning a single value")

    def outer(self, A, B, /):
        """self(a, b) for every pair of elements a of A and b of B, in an
        array of shape A.shape + B.shape."""
        self._single_output("outer")
        _check_arraylike(f"{self.__name__}.outer", A, B)
        return _outer(self, A, B)

    def reduce(self, a, axis=0, dtype=None, out=None, keepdims=False,
               initial=None, where=None):
        """a folded with the function over `axis` (an int, a tuple or
        None for all axes)."""
        _check_arraylike(f"{self.__name__}.reduce", a)
        self._single_output("reduce")
        if out is not None:
            # JAX's reduce takes `out` as a static argument: an array there
            # is refused for not being hashable before anything else.
            try:
                hash(out)
            except TypeError:
                raise ValueError(
                    f"Non-hashable static arguments are not supported: "
                    f"out of {self.__name__}.reduce() has type "
                    f"{type(out).__name__}") from None
            raise NotImplementedError(
                f"out argument of {self.__name__}.reduce()")
        if initial is not None:
            _check_arraylike(f"{self.__name__}.reduce", initial)
        if where is not None:
            _check_arraylike(f"{self.__name__}.reduce", where)
            if self._identity is None and initial is None:
                raise ValueError(
                    f"reduction operation {self.__name__!r} does not have an "
                    f"identity, so to use a where mask one has to specify "
                    f"'initial'.")
            wdtype = abstractify(where).dtype
            if wdtype != _dt.bool_:
                raise ValueError(f"where argument must have dtype=bool; got "
                                 f"dtype={wdtype}")
        return _reduce(self, a, axis, dtype, keepdims, initial, where)

    def accumulate(self, a, axis=0, dtype=None, out=None):
        """The running fold of a along `axis`."""
        self._single_output("accumulate")
        if out is not None:
            raise NotImplementedError(
                f"out argument of {self.__name__}.accumulate()")
        return _accumulate(self, a, axis, dtype)

    def at(self, a, indices, b=None, /, *, inplace=True):
        """a with the function applied at `indices` (b's elements as the
        second operands), once per index, repeated indices included."""
        if inplace:
            raise NotImplementedError(_AT_INPLACE)
        return _at(self, a, indices, b)

    def reduceat(self, a, indices, axis=0, dtype=None, out=None):
        """The folds of a over the slices indices[i]:indices[i+1] along
        `axis` (just a[indices[i]] where indices[i] >= indices[i+1])."""
        self._single_output("reduceat")
        if out is not None:
            raise NotImplementedError(
                f"out argument of {self.__name__}.reduceat()")
        return _reduceat(self, a, indices, axis, dtype)


# --- the methods' programs ---------------------------------------------------


@jit_library(static_argnums=(0,))
def _call_vectorized(u, *args):
    return vectorize.vectorize(u._func)(*args)


@jit_library(static_argnums=(0,))
def _outer(u, A, B):
    A, B = asarray(A), asarray(B)
    pairs = vmap(vmap(u, (None, 0)), (0, None))(
        manipulation.ravel(A), manipulation.ravel(B))
    return pairs.reshape(A.shape + B.shape)


@jit_library(static_argnums=(0, 2, 3, 4))
def _reduce(u, a, axis, dtype, keepdims, initial, where):
    if u._reduce is not None:
        return u._reduce(a, axis=axis, dtype=dtype, keepdims=keepdims,
                         initial=initial, where=where)
    return _reduce_by_loop(u, a, axis, dtype, keepdims, initial, where)


def _reduce_by_loop(u, a, axis, dtype, keepdims, initial, where):
    a = asarray(a)
    if initial is None:
        initial = u._identity
    if dtype is None:
        dtype = _result_dtype(u, a, a)
    if where is not None:
        where = util.broadcast_to(where, a.shape)
    if isinstance(axis, tuple):
        for d in axis:
            canonicalize_axis(d, a.ndim)
        raise NotImplementedError("tuple of axes")
    if axis is None:
        final_shape = (1,) * a.ndim if keepdims else ()
        a = a.ravel()
        where = None if where is None else where.ravel()
        axis = 0
    else:
        axis = canonicalize_axis(axis, a.ndim)
        final_shape = a.shape[:axis] + ((1,) if keepdims else ()) + \
            a.shape[axis + 1:]
    a = manipulation.moveaxis(a, axis, 0)
    if where is not None:
        where = manipulation.moveaxis(where, axis, 0)
    if a.shape[0] == 0:
        if initial is None:
            raise ValueError(f"zero-size array to reduction operation "
                             f"{u.__name__} which has no identity")
        return creation.full(final_shape, initial, dtype)

    def step(i, acc):
        new = u(acc, a[i].astype(dtype))
        return new if where is None else sorting.where(where[i], new, acc)
    first = 1 if initial is None else 0
    start = a[0] if initial is None else initial
    start = util.broadcast_to(asarray(start).astype(dtype), a.shape[1:])
    result = _cf.fori_loop(first, a.shape[0], step, start)
    return result.reshape(final_shape) if keepdims else result


@jit_library(static_argnums=(0, 2, 3))
def _accumulate(u, a, axis, dtype):
    if u._accumulate is not None:
        return u._accumulate(a, axis=axis, dtype=dtype)
    _check_arraylike(f"{u.__name__}.accumulate", a)
    a = asarray(a)
    if dtype is None:
        dtype = _result_dtype(u, a, a)
    if axis is None or isinstance(axis, tuple):
        raise ValueError("accumulate does not allow multiple axes")
    axis = canonicalize_axis(axis, a.ndim)
    if a.size == 0:
        return creation.zeros(a.shape, dtype)
    a = manipulation.moveaxis(a, axis, 0).astype(dtype)

    def step(acc, x):
        y = u(acc, x)
        # JAX keeps each running value in `dtype` (promoted with the
        # function's result type, which must not widen it).
        if _dt.promote_types(y.dtype, dtype) != dtype:
            raise TypeError(f"{u.__name__}.accumulate: the function's "
                            f"result type {y.dtype} does not fit the "
                            f"accumulator's dtype {np.dtype(dtype)}")
        y = y.astype(dtype)
        return y, y
    _, rest = _cf.scan(step, a[0], a[1:])
    return manipulation.moveaxis(manipulation.concatenate([a[:1], rest]), 0, axis)


def _index_tuple(indices):
    if isinstance(indices, list):
        raise TypeError("Using a non-tuple sequence for multidimensional "
                        "indexing is not allowed; use `arr[tuple(seq)]` "
                        "instead of `arr[seq]`.")
    return indices if isinstance(indices, tuple) else (indices,)


@jit_library(static_argnums=(0,))
def _at(u, a, indices, b):
    if u._at is not None:
        return u._at(a, indices) if b is None else u._at(a, indices, b)
    operands = () if b is None else (b,)
    _check_arraylike(f"{u.__name__}.at", a, *operands)
    dtype = _result_dtype(u, a, *operands)
    a = asarray(a).astype(dtype)
    operands = tuple(asarray(x).astype(dtype) for x in operands)
    indices = _index_tuple(indices)
    if not indices:
        return a
    shapes = [np.shape(i) for i in indices if not isinstance(i, slice)]
    shape = np.broadcast_shapes(*shapes) if shapes else ()
    if not shape:
        return a.at[indices].set(u(a.at[indices].get(), *operands))
    n = math.prod(shape)
    if operands:
        x = operands[0]
        tail = x.shape[len(shape):]
        operands = (util.broadcast_to(x, shape + tail).reshape((n,) + tail),)
    indices = [i if isinstance(i, slice) else
               util.broadcast_to(i, shape).ravel() for i in indices]

    def step(arr, k):
        idx = tuple(i if isinstance(i, slice) else i[k] for i in indices)
        new = u(arr.at[idx].get(), *(x[k] for x in operands))
        return arr.at[idx].set(new), None
    out, _ = _cf.scan(step, a, creation.arange(n))
    return out


@jit_library(static_argnums=(0, 3, 4))
def _reduceat(u, a, indices, axis, dtype):
    if u._reduceat is not None:
        return u._reduceat(a, indices, axis=axis, dtype=dtype)
    _check_arraylike(f"{u.__name__}.reduceat", a, indices)
    a = asarray(a)
    (indices,) = _index_tuple(indices)
    indices = asarray(indices)
    if a.ndim == 0:
        raise ValueError(f"reduceat: a must have 1 or more dimension, got "
                         f"a.shape={a.shape!r}")
    if indices.ndim != 1:
        raise ValueError(f"reduceat: indices must be one-dimensional, got "
                         f"indices.shape={indices.shape!r}")
    # (JAX ignores dtype here.)
    if axis is None or isinstance(axis, (tuple, list)):
        raise ValueError("reduceat requires a single integer axis.")
    axis = canonicalize_axis(axis, a.ndim)
    out = sorting.take(a, indices, axis=axis)
    # Segment bounds, shaped to broadcast against out along `axis`.
    bounds = lax_numpy.append(indices, a.shape[axis])
    bshape = [1] * out.ndim
    bshape[axis] = bounds.shape[0]
    bounds = bounds.reshape(bshape)
    starts = sorting.take(bounds, creation.arange(indices.shape[0]), axis=axis)
    ends = sorting.take(bounds, creation.arange(1, indices.shape[0] + 1), axis=axis)

    def step(i, acc):
        inside = (i > starts) & (i < ends)
        x = sorting.take(a, manipulation.reshape(i, (1,)), axis=axis)
        return sorting.where(inside, u(acc, x), acc)
    return _cf.fori_loop(0, a.shape[axis], step, out)


def frompyfunc(func, /, nin, nout, *, identity=None):
    """A jnp.ufunc from a scalar function of `nin` inputs and `nout`
    outputs."""
    return ufunc(func, nin, nout, identity=identity)


# --- the built-in ufuncs -----------------------------------------------------
# Their calls are _ufuncs.py's compiled functions; the specialised methods
# are JAX's choices: reductions for reduce, cumulative sums and products for
# accumulate, scatters for at.


def _dtype(x):
    return abstractify(x).dtype


def _ufunc_reduction(name, kind, init, **opts):
    """`reduce` of a ufunc as one lax reduction (JAX's _reduce_max,
    _reduce_bitwise_and, _reduce_logical_or, ...)."""
    def reduce(a, axis, dtype, keepdims, initial, where):
        a = asarray(a)
        start = init(dtype or _dtype(a)) if callable(init) else init
        return _reduction(name, a, kind, start, axis=axis, dtype=dtype,
                          keepdims=keepdims, initial=initial, where=where,
                          **opts)
    return reduce


def _maximum_reduce(a, axis, dtype, keepdims, initial, where):
    if dtype is not None:
        # JAX 0.10.2's maximum.reduce hands dtype to a jitted function that
        # takes it as an array argument (minimum.reduce takes it).
        raise TypeError(f"Error interpreting argument to maximum.reduce as "
                        f"an abstract array: dtype={dtype!r} is not a valid "
                        f"JAX type")
    return _reduce_max(a, axis, dtype, keepdims, initial, where)


_reduce_max = _ufunc_reduction("max", "max", -np.inf, has_identity=False)


def _logsumexp(a, axis, dtype, keepdims, initial, where, base2=False):
    """logaddexp.reduce (logaddexp2.reduce): log(sum(exp(a))), shifted by
    the largest finite element so that exp does not overflow."""
    name = "logaddexp2" if base2 else "logaddexp"
    if dtype is not None:
        _dt.canonicalize(dtype)  # validated, and (as in JAX) not used
    _check_arraylike("logsumexp", a)
    ln2 = float(np.log(2))
    if base2:
        a = ufuncs.multiply(a, ln2)
        if initial is not None:
            initial = ufuncs.multiply(initial, ln2)
    (a,) = ufuncs._promote_dtypes_inexact(name, a)
    ndim = abstractify(a).ndim
    if axis is None:
        dims = tuple(range(ndim))
    else:
        axes = axis if isinstance(axis, (tuple, list)) else (axis,)
        dims = tuple(canonicalize_axis(d, ndim) for d in axes)
    amax = _max(ufuncs.real(a), axis=dims, keepdims=keepdims, where=where,
                initial=-np.inf)
    amax = ad.stop_gradient(lax.select(
        lax.is_finite(amax), amax, creation.zeros_like(amax)))
    shifted_max = amax if keepdims else expand_dims(amax, dims)
    sumexp = _sum(lax.exp(lax.sub(a, astype(shifted_max, _dtype(a)))),
                  axis=dims, keepdims=keepdims, where=where)
    out = lax.add(lax.log(sumexp), astype(amax, _dtype(sumexp)))
    if initial is not None:
        out = ufuncs.logaddexp(initial, out)
    return ufuncs.true_divide(out, ln2) if base2 else out


def _at_as_int32(update):
    """a.at[indices].<update>(b), booleans computed as int32 (JAX's add.at
    and multiply.at)."""
    def at(a, indices, b):
        a = asarray(a)
        if _dtype(a) == _dt.bool_:
            b = astype(astype(b, _dt.bool_), _dt.int32)
            out = getattr(astype(a, _dt.int32).at[indices], update)(b)
            return astype(out, _dt.bool_)
        return getattr(a.at[indices], update)(b)
    return at


def _binary(fn, identity, **methods):
    return ufunc(fn, 2, 1, name=fn.__name__, call=fn, identity=identity,
                 **methods)


add = _binary(
    ufuncs.add, 0,
    reduce=lambda a, **kw: _sum(a, **kw),
    accumulate=lambda a, axis, dtype: cumsum(a, axis=axis, dtype=dtype),
    at=_at_as_int32("add"))
multiply = _binary(
    ufuncs.multiply, 1,
    reduce=lambda a, **kw: prod(a, **kw),
    accumulate=lambda a, axis, dtype: cumprod(a, axis=axis, dtype=dtype),
    at=_at_as_int32("multiply"))
subtract = _binary(
    ufuncs.subtract, None, at=lambda a, i, b: asarray(a).at[i].subtract(b))
bitwise_and = _binary(
    ufuncs.bitwise_and, -1,
    reduce=_ufunc_reduction("reduce_bitwise_and", "and",
                            lambda dt: np.array(-1).astype(dt),
                            require_int=True))
bitwise_or = _binary(
    ufuncs.bitwise_or, 0,
    reduce=_ufunc_reduction("reduce_bitwise_or", "or", 0, require_int=True))
bitwise_xor = _binary(
    ufuncs.bitwise_xor, 0,
    reduce=_ufunc_reduction("reduce_bitwise_xor", "xor", 0,
                            require_int=True))
maximum = _binary(ufuncs.maximum, None, reduce=_maximum_reduce)
minimum = _binary(
    ufuncs.minimum, None,
    reduce=_ufunc_reduction("min", "min", np.inf, has_identity=False))
logical_and = _binary(
    ufuncs.logical_and, True,
    reduce=_ufunc_reduction("reduce_logical_and", "and", True, to_bool=True))
logical_or = _binary(
    ufuncs.logical_or, False,
    reduce=_ufunc_reduction("reduce_logical_or", "or", False, to_bool=True))
logical_xor = _binary(
    ufuncs.logical_xor, False,
    reduce=_ufunc_reduction("reduce_logical_xor", "xor", False,
                            to_bool=True))
logaddexp = _binary(
    ufuncs.logaddexp, -np.inf, reduce=lambda a, **kw: _logsumexp(a, **kw))
logaddexp2 = _binary(
    ufuncs.logaddexp2, -np.inf,
    reduce=lambda a, **kw: _logsumexp(a, base2=True, **kw))
negative = ufunc(ufuncs.negative, 1, 1, name="negative", call=ufuncs.negative)
