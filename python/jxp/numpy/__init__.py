"""jxp.numpy: NumPy's API with JAX's semantics (promotion lattice, weak
types, immutability)."""

import numpy as np

from .._src import dtypes as _dt
from .._src.array import Array
from ._creation import make_scalar_type as _make_scalar_type
from .._src import indexing as _indexing  # noqa: F401  (installs .at)

# Scalar types: jnp.float32(x) is a 0-d Array; the types stand for their
# dtypes (np.dtype(jnp.float32) == float32, jnp.float32 == np.float32).
bool_ = _make_scalar_type(np.bool_)
int8, int16, int32, int64 = (
    _make_scalar_type(t) for t in (np.int8, np.int16, np.int32, np.int64))
uint8, uint16, uint32, uint64 = (
    _make_scalar_type(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64))
float16, float32, float64 = (
    _make_scalar_type(t) for t in (np.float16, np.float32, np.float64))
bfloat16 = _make_scalar_type(_dt.bfloat16)
complex64, complex128 = (
    _make_scalar_type(t) for t in (np.complex64, np.complex128))
bool = bool_  # noqa: A001
int_, uint, float_, complex_ = int64, uint64, float64, complex128
single, double, csingle, cdouble = float32, float64, complex64, complex128
generic, number, inexact, floating, complexfloating = (
    np.generic, np.number, np.inexact, np.floating, np.complexfloating)
integer, signedinteger, unsignedinteger = (
    np.integer, np.signedinteger, np.unsignedinteger)
character, flexible, object_ = np.character, np.flexible, np.object_
pi, e, inf, nan, euler_gamma = np.pi, np.e, np.inf, np.nan, np.euler_gamma
newaxis = None
ndarray = Array
dtype = np.dtype
iinfo, finfo = _dt.iinfo, _dt.finfo
issubdtype, promote_types, result_type, can_cast = (
    _dt.issubdtype, _dt.promote_types, _dt.result_type, _dt.can_cast)

from ._util import (  # noqa: F401,E402
    array, asarray, astype, broadcast_to, ndim, shape, size)
from ._ufuncs import *  # noqa: F401,F403
from ._creation import *  # noqa: F401,F403
from ._shape import *  # noqa: F401,F403
from ._reductions import *  # noqa: F401,F403
from ._linalg import *  # noqa: F401,F403
from . import linalg  # noqa: F401,E402
from . import fft  # noqa: F401,E402
from ._sorting import *  # noqa: F401,F403
from ._control import *  # noqa: F401,F403
from ._selection import *  # noqa: F401,F403
from ._more import *  # noqa: F401,F403,E402
from ._more2 import *  # noqa: F401,F403,E402
from ._ufunc_class import *  # noqa: F401,F403,E402  (jnp.add is a ufunc)
from . import _methods  # noqa: F401  (installs operators and methods)
