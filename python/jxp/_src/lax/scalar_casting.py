"""lax where a Python scalar operand takes the array operand's dtype: the
form jxp's own libraries (numpy, nn, random, scipy and parts of lax) call.

jax.lax is strict: a Python scalar operand has its default dtype (weakly
typed), and `lax.add(x_f32, 2)` is a TypeError. jxp's libraries write
`lax.add(x, 1)` meaning "1 of x's dtype": this module gives them that form
for the elementwise ops, the comparisons, clamp and pad, and every other
function of lax.py unchanged. Slicing, control flow and the rest of lax are
imported from their own modules.
"""

import builtins

import numpy as np

from jxp._src.core import abstractify
from jxp._src.lax import lax as _strict
from jxp._src.lax.lax import *  # noqa: F401,F403  (overridden below)
from jxp._src.lax.lax import _const  # noqa: F401

# builtins.complex: the star import above shadows it with lax.complex.
_PY_SCALARS = (bool, int, float, builtins.complex)


def _scalars_like(args):
    """Python scalars among array operands take the first array's dtype."""
    for a in args:
        if isinstance(a, _PY_SCALARS):
            break
    else:  # no scalars (the common case): nothing to do
        return args
    arrays = [a for a in args if not isinstance(a, _PY_SCALARS)]
    if not arrays or len(arrays) == len(args):
        return list(args)
    dtype = abstractify(arrays[0]).dtype
    return [np.asarray(a, dtype) if isinstance(a, _PY_SCALARS) else a
            for a in args]


def _lenient(name):
    strict = getattr(_strict, name)

    def f(*args):
        return strict(*_scalars_like(args))
    f.__name__ = name
    return f


_LENIENT = ("neg abs sign exp log log1p expm1 sin cos tan tanh logistic sqrt "
            "rsqrt cbrt erf erf_inv floor ceil bitwise_not is_finite add sub "
            "mul div rem _pow max min atan2 bitwise_and bitwise_or "
            "bitwise_xor shift_left shift_right_logical shift_right_arithmetic "
            "eq ne clamp").split()

for _name in _LENIENT:
    globals()[_name] = _lenient(_name)


def _ordering(direction):
    # jnp orders complex numbers lexicographically; jxp.lax refuses them.
    def f(x, y):
        return _strict._compare(*_scalars_like([x, y]), direction)
    f.__name__ = direction.lower()
    return f


ge, gt, le, lt = (_ordering(d) for d in ("GE", "GT", "LE", "LT"))


def pad(operand, padding_value, padding_config):
    return _strict.pad(operand, _scalars_like([operand, padding_value])[1],
                       padding_config)
