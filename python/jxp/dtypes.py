"""jxp.dtypes: jax.dtypes' public names over jxp's dtype rules."""

import numpy as np

from ._src import dtypes as _dt

bfloat16 = _dt.bfloat16.type
# The dtype of the tangents of integer and boolean values.
float0 = _dt.float0
finfo, iinfo, issubdtype = _dt.finfo, _dt.iinfo, _dt.issubdtype


def canonicalize_dtype(dtype, allow_extended_dtype=False):
    """The dtype jxp computes `dtype` in (64-bit types narrow without
    jax_enable_x64)."""
    return _dt.canonicalize(dtype)


def result_type(*args, return_weak_type_flag=False):
    """The dtype of an operation on `args` under JAX's promotion rules."""
    return _dt.result_type(*args,
                           return_weak_type_flag=return_weak_type_flag)


def scalar_type_of(x):
    """The Python scalar type of values of x's dtype (bool, int, float or
    complex)."""
    dtype = np.dtype(_dt.dtype_and_weak_type(x)[0])
    if dtype == np.bool_:
        return bool
    if np.issubdtype(dtype, np.integer):
        return int
    if np.issubdtype(dtype, np.complexfloating):
        return complex
    return float


def itemsize_bits(dtype):
    """The size of one element of `dtype` in bits."""
    return np.dtype(dtype).itemsize * 8
