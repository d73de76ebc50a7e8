"""What jxp.scipy.stats' distributions share: JAX's argument promotion
and lax with constants of the arguments' dtype."""

import numpy as np

from jxp._src.core import abstractify
from jxp._src.lax import scalar_casting as lax  # noqa: F401
from jxp._src.numpy.ufuncs import _inexact  # noqa: F401
from jxp._src.numpy.ufuncs import _promote_dtypes_inexact  # noqa: F401
from jxp._src.numpy.util import _constant


def promote(name, *args):
    """promote_args_inexact: one inexact dtype, one shape."""
    return _inexact(name, *args)


def const(x, v):
    """v as a constant of x's dtype, weakly typed when x is a weakly typed
    scalar (JAX's _lax_const)."""
    aval = abstractify(x)
    if aval.weak_type and aval.ndim == 0:
        return _constant(v, aval.dtype, weak_type=True)
    return np.asarray(v, aval.dtype)
