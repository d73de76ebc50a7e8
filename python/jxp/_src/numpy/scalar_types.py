"""jnp's scalar types (jnp.float32(x) is a 0-d Array; the types stand for
their dtypes: np.dtype(jnp.float32) == float32), NumPy's abstract scalar
classes, and the dtype helpers jnp re-exports from jxp's dtypes."""

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.array import Array
from jxp._src.numpy.creation import make_scalar_type as _make_scalar_type

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
ndarray = Array
dtype = np.dtype
iinfo, finfo = _dt.iinfo, _dt.finfo
issubdtype, promote_types, result_type, can_cast = (
    _dt.issubdtype, _dt.promote_types, _dt.result_type, _dt.can_cast)
