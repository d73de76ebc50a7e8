"""jxp.numpy: NumPy's API with JAX's semantics (promotion lattice, weak
types, immutability)."""

import numpy as np

from .._src import dtypes as _dt
from .._src.array import Array

bool_ = np.bool_
int8, int16, int32, int64 = np.int8, np.int16, np.int32, np.int64
uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
float16, float32, float64 = np.float16, np.float32, np.float64
bfloat16 = _dt.bfloat16.type
complex64, complex128 = np.complex64, np.complex128
pi, e, inf, nan = np.pi, np.e, np.inf, np.nan
ndarray = Array
dtype = np.dtype

from ._util import (  # noqa: F401
    array, asarray, astype, broadcast_to, ndim, result_type, shape, size)
from ._ufuncs import *  # noqa: F401,F403
from ._creation import *  # noqa: F401,F403
from ._shape import *  # noqa: F401,F403
from ._reductions import *  # noqa: F401,F403
from ._linalg import *  # noqa: F401,F403
from . import _methods  # noqa: F401  (installs operators and methods)
