"""Operators and methods of Array and Tracer (x + y, x.sum(), x.at[...]),
installed by register_array_methods()."""

import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.array import install
from jxp._src.core import abstractify, concrete_value, Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import scalar_casting as lax
from jxp._src.numpy import ufuncs
from jxp._src.numpy.creation import copy
from jxp._src.numpy.indexing import _at, _IndexUpdateHelper, getitem
from jxp._src.numpy.lax_numpy import repeat
from jxp._src.numpy.manipulation import (
    _index_tuple, ravel, reshape, squeeze, swapaxes, transpose)
from jxp._src.numpy.reductions import (  # all, any, max, min, sum: jnp's
    all, any, argmax, argmin, cumprod, cumsum, max, mean, min, prod, ptp, std,
    sum, var)
from jxp._src.numpy.sorting import argsort, nonzero, searchsorted, sort, take
from jxp._src.numpy.tensor_contractions import diagonal, dot, matmul, trace
from jxp._src.numpy.ufuncs import (
    absolute, add, bitwise_and, bitwise_or, bitwise_xor, clip, equal,
    floor_divide, greater, greater_equal, invert, left_shift, less,
    less_equal, multiply, negative, not_equal, power, remainder,
    right_shift, subtract, true_divide)
from jxp._src.numpy.util import _constant, _keep_weak, astype


# --- methods and operators of Array and Tracer ------------------------------


def _getitem(x, idx):
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


def _round(x, decimals=0, out=None):
    """jnp.round (used when jxp.numpy does not define it)."""
    fn = getattr(ufuncs, "round", None)
    if fn is not None:
        return fn(x, decimals) if out is None else fn(x, decimals, out)
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.round is not "
                                  "supported.")
    decimals = operator.index(decimals)
    a = abstractify(x)
    if not _dt.is_float(a.dtype):
        if decimals < 0 and _dt.is_int(a.dtype):
            raise NotImplementedError("integer np.round not implemented for "
                                      "decimals < 0")
        return x
    even = lax.RoundingMethod.TO_NEAREST_EVEN
    if decimals == 0:
        return lax.round(x, even)
    if decimals > np.log10(float(np.finfo(a.dtype).max)):
        return x
    y = lax.convert_element_type(x, _dt.float32) if a.dtype == _dt.float16 else x
    y = _keep_weak(y, a.weak_type)
    yd = abstractify(y).dtype
    factor = lax.broadcast_in_dim(_constant(10 ** decimals, yd), a.shape, ())
    out = lax.div(lax.round(lax.mul(y, factor), even), factor)
    if a.dtype == _dt.float16:
        out = lax.convert_element_type(out, _dt.float16)
    return out


def _operator_round(number, ndigits=None):
    out = _round(number, ndigits or 0)
    return astype(out, _dt.default_int()) if ndigits is None else out


def _conj(x):
    return ufuncs.conjugate(x)


def _item(self, *args):
    if isinstance(self, Tracer):
        value = concrete_value(self)   # under an eager transformation
        if value is None:
            raise ConcretizationTypeError(
                self, "This occurred in the item() method of jax.Array\n")
        self = value
    return np.asarray(self).item(*args)


def _tolist(self):
    if isinstance(self, Tracer):
        raise ConcretizationTypeError(
            self, "This occurred in the tolist() method of jax.Array\n")
    return np.asarray(self).tolist()


def _reshape_method(self, *args, order="C"):
    if not args:
        raise TypeError("reshape() missing required argument 'shape'")
    return reshape(self, args[0] if len(args) == 1 else args, order)


def _transpose_method(self, *args):
    if not args:
        axes = None
    elif len(args) == 1:
        axes = None if args[0] is None else _index_tuple(args[0])
    else:
        axes = _index_tuple(args)
    return transpose(self, axes)


def _matrix_transpose(self):
    if self.ndim < 2:
        raise ValueError(f"x must be at least two-dimensional for "
                         f"matrix_transpose; got ndim={self.ndim}")
    return swapaxes(self, -1, -2)


def _astype(self, dtype, copy=False, device=None):
    return astype(self, dtype)


def _clip(self, min=None, max=None):  # noqa: A002
    return clip(self, min, max)


def _flatten(self, order="C"):
    return ravel(self, order)


def _nonzero(self, *, size=None, fill_value=None):
    return nonzero(self, size=size, fill_value=fill_value)


def _view(self, dtype=None, type=None):  # noqa: A002
    if type is not None:
        raise NotImplementedError("`type` argument of array.view() is not "
                                  "supported.")
    if dtype is None:
        return self
    dtype = _dt.canonicalize(dtype)
    src = self.dtype
    if self.ndim == 0:
        if src.itemsize != dtype.itemsize:
            raise ValueError("view() of a 0d array is only supported if the "
                             "itemsize is unchanged.")
        return reshape(_view(reshape(self, (1,)), dtype), ())
    if (self.shape[-1] * src.itemsize) % dtype.itemsize:
        raise ValueError("When changing to a larger dtype, its size must be a "
                         "divisor of the total size in bytes of the last axis "
                         "of the array.")
    if src == dtype:
        return self
    if src == _dt.bool_:
        return _view(astype(self, _dt.uint8), dtype)
    if dtype == _dt.bool_:
        return astype(_view(self, _dt.uint8), _dt.bool_)
    if src.itemsize < dtype.itemsize:
        f = dtype.itemsize // src.itemsize
        x = reshape(self, self.shape[:-1] + (self.shape[-1] // f, f))
        return lax.bitcast_convert_type(x, dtype)
    if src.itemsize > dtype.itemsize:
        out = lax.bitcast_convert_type(self, dtype)
        return reshape(out, out.shape[:-2] + (out.shape[-2] * out.shape[-1],))
    return lax.bitcast_convert_type(self, dtype)


def _divmod(x, y):
    return floor_divide(x, y), remainder(x, y)


_METHODS = {
    "__add__": _operand_check(add), "__radd__": _operand_check(_swap(add)),
    "__sub__": _operand_check(subtract), "__rsub__": _operand_check(_swap(subtract)),
    "__mul__": _operand_check(multiply), "__rmul__": _operand_check(_swap(multiply)),
    "__truediv__": _operand_check(true_divide),
    "__rtruediv__": _operand_check(_swap(true_divide)),
    "__floordiv__": _operand_check(floor_divide),
    "__rfloordiv__": _operand_check(_swap(floor_divide)),
    "__mod__": _operand_check(remainder), "__rmod__": _operand_check(_swap(remainder)),
    "__divmod__": _operand_check(_divmod),
    "__rdivmod__": _operand_check(_swap(_divmod)),
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
    "__invert__": invert, "__round__": _operator_round,
    "__getitem__": _getitem, "__setitem__": _setitem,
    # NumPy's ndarray methods
    "all": all, "any": any, "argmax": argmax, "argmin": argmin,
    "argsort": argsort, "astype": _astype, "clip": _clip, "conj": _conj,
    "conjugate": _conj, "copy": lambda self: copy(self), "cumprod": cumprod,
    "cumsum": cumsum, "diagonal": diagonal, "dot": dot, "flatten": _flatten,
    "item": _item, "max": max, "mean": mean, "min": min, "nonzero": _nonzero,
    "prod": prod, "ptp": ptp, "ravel": _flatten, "repeat": repeat,
    "reshape": _reshape_method, "round": _round, "searchsorted": searchsorted,
    "sort": sort, "squeeze": squeeze, "std": std, "sum": sum,
    "swapaxes": swapaxes, "take": take, "tolist": _tolist, "trace": trace,
    "transpose": _transpose_method, "var": var, "view": _view,
    "T": property(lambda self: transpose(self)),
    "real": property(lambda self: ufuncs.real(self)),
    "imag": property(lambda self: ufuncs.imag(self)),
    "mT": property(_matrix_transpose),
    "itemsize": property(lambda self: self.dtype.itemsize),
    "nbytes": property(lambda self: self.size * self.dtype.itemsize),
    # x.at[idx].set(y) & co (indexing.py)
    "at": property(_at, doc=_IndexUpdateHelper.__doc__),
}


def register_array_methods():
    """Installs the operators and methods above on jxp's Array and Tracer
    (called once, by jxp/numpy/__init__.py: Array sits below jnp)."""
    install({name: fn for name, fn in _METHODS.items()
             # Array's own, on the host value
             if name not in ("item", "tolist", "nbytes")})
    for name, fn in _METHODS.items():
        setattr(Tracer, name, fn)
