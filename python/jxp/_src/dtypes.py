"""Dtypes as in JAX: canonicalization (64-bit off by default), weak types
and the type promotion lattice."""

import functools

import ml_dtypes
import numpy as np

from .config import config

bool_ = np.dtype(np.bool_)
int8, int16, int32, int64 = (np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64))
uint8, uint16, uint32, uint64 = (np.dtype(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64))
float16, float32, float64 = (np.dtype(t) for t in (np.float16, np.float32, np.float64))
bfloat16 = np.dtype(ml_dtypes.bfloat16)
complex64, complex128 = np.dtype(np.complex64), np.dtype(np.complex128)

_signed = (int8, int16, int32, int64)
_unsigned = (uint8, uint16, uint32, uint64)
_floats = (bfloat16, float16, float32, float64)
_complexes = (complex64, complex128)
supported = frozenset((bool_,) + _signed + _unsigned + _floats + _complexes)

_narrow = {int64: int32, uint64: uint32, float64: float32, complex128: complex64}


def x64():
    return config.read("jax_enable_x64")


def canonicalize(dtype):
    """The dtype JAX would use for `dtype`: 64-bit kinds narrow without x64."""
    dtype = np.dtype(dtype)
    if dtype not in supported:
        raise TypeError(f"JAX only supports number and bool dtypes, got dtype {dtype}")
    if not x64():
        return _narrow.get(dtype, dtype)
    return dtype


def default_int():
    return int64 if x64() else int32


def default_float():
    return float64 if x64() else float32


def default_complex():
    return complex128 if x64() else complex64


def is_float(dtype):
    return dtype in _floats


def is_inexact(dtype):
    return dtype in _floats or dtype in _complexes


def is_int(dtype):
    return dtype in _signed or dtype in _unsigned


def is_unsigned(dtype):
    return dtype in _unsigned


# The lattice's weak nodes: Python int, float, complex.
_i, _f, _c = "int", "float", "complex"


@functools.lru_cache(maxsize=2)
def _upper_bounds(x64_enabled):
    lattice = {
        bool_: [_i],
        _i: [uint8, int8],
        uint8: [int16, uint16], uint16: [int32, uint32],
        uint32: [int64, uint64] if x64_enabled else [int32, uint64],
        uint64: [_f],
        int8: [int16], int16: [int32], int32: [int64], int64: [_f],
        _f: [bfloat16, float16, _c],
        bfloat16: [float32], float16: [float32],
        float32: [float64, complex64], float64: [complex128],
        _c: [complex64], complex64: [complex128], complex128: [],
    }
    bounds = {}
    for node in lattice:
        seen, todo = {node}, [node]
        while todo:
            for up in lattice[todo.pop()]:
                if up not in seen:
                    seen.add(up)
                    todo.append(up)
        bounds[node] = seen
    return bounds


def _node(dtype, weak):
    if not weak:
        return dtype
    if dtype == bool_:
        return bool_
    if is_int(dtype):
        return _i
    if is_float(dtype):
        return _f
    return _c


def promote(*typed):
    """The result dtype and weak type of combining (dtype, weak_type) pairs,
    by JAX's lattice: the least upper bound of their nodes."""
    return _promote(typed, x64())


@functools.lru_cache(maxsize=4096)
def _promote(typed, x64_enabled):
    bounds = _upper_bounds(x64_enabled)
    nodes = {_node(d, w) for d, w in typed}
    common = set.intersection(*(bounds[n] for n in nodes))
    (lub,) = [n for n in common if all(m in bounds[n] for m in common)]
    if lub == _i:
        return default_int(), True
    if lub == _f:
        return default_float(), True
    if lub == _c:
        return default_complex(), True
    return canonicalize(lub), False


def scalar_dtype(value):
    """dtype and weak type of a Python scalar, as JAX sees it."""
    if isinstance(value, (bool, np.bool_)):
        return bool_, False
    if isinstance(value, int):
        return default_int(), True
    if isinstance(value, float):
        return default_float(), True
    if isinstance(value, complex):
        return default_complex(), True
    raise TypeError(f"{type(value)} is not a valid scalar")
