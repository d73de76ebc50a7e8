"""Operators and methods of Array and Tracer."""



from .._src.array import Array
from .._src.core import Tracer
from ._util import (
    astype)
from ._ufuncs import (
    absolute, add, bitwise_and, bitwise_or, bitwise_xor, clip, equal, floor_divide, greater, greater_equal, invert, left_shift, less, less_equal, multiply, negative, not_equal, power, remainder, right_shift, subtract, true_divide)
from ._creation import (
    copy)
from ._shape import (
    ravel, reshape, squeeze, transpose)
from ._reductions import (
    all, any, argmax, argmin, cumsum, max, mean, min, prod, sort, sum)
from ._linalg import (
    dot, matmul)


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
