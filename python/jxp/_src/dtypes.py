"""Dtypes as in JAX: canonicalization (64-bit off by default), weak types
and the type promotion lattice.

The lattice is JAX's (jax.numpy type promotion): Python's int, float and
complex are weak nodes below the fixed-width types, so a Python scalar or a
weakly typed array never widens a strongly typed operand. Without x64,
results are computed on the same lattice and then narrowed to 32 bits, with
one exception JAX makes too: uint32 meets int32 at int32 instead of int64.
"""

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

# JAX's float0: the dtype of the tangents and cotangents of integer and
# bool values (a vector space of one point). NumPy holds such arrays; they
# never reach a compiled program.
float0 = np.dtype([("float0", np.void, 0)])

_narrow = {int64: int32, uint64: uint32, float64: float32, complex128: complex64}


# The unsigned integer dtypes by bit width (bitcasts, PRNG bits).
UINT_BY_BITS = {8: uint8, 16: uint16, 32: uint32, 64: uint64}


def unsigned_of(dtype):
    """The unsigned integer dtype as wide as `dtype`."""
    return UINT_BY_BITS[np.dtype(dtype).itemsize * 8]


def x64():
    return config.read("jax_enable_x64")


def to_numpy_dtype(dtype):
    """np.dtype(dtype) for anything naming a dtype: NumPy dtypes and scalar
    types, strings, Python types, jxp.numpy's scalar types."""
    if dtype is None:
        raise ValueError("dtype must be specified.")
    if hasattr(dtype, "aval") and not isinstance(dtype, type):
        raise ValueError("Passing an array as a dtype argument is no longer "
                         "supported; instead of dtype=arr use dtype=arr.dtype.")
    return np.dtype(dtype)


def canonicalize(dtype):
    """The dtype JAX would use for `dtype`: 64-bit kinds narrow without x64."""
    dtype = to_numpy_dtype(dtype)
    if dtype not in supported:
        raise TypeError(f"JAX only supports number, bool, and string dtypes, "
                        f"got dtype {dtype}")
    if not x64():
        return _narrow.get(dtype, dtype)
    return dtype


def default_int():
    return int64 if x64() else int32


def default_uint():
    return uint64 if x64() else uint32


def default_float():
    return float64 if x64() else float32


def default_complex():
    return complex128 if x64() else complex64


def to_inexact_dtype(dtype):
    """JAX's to_inexact_dtype: the type a bool or integer computes in where
    a function needs an inexact one. float32 for bools and integers up to
    32 bits, with x64 on as well; float64 for 64-bit integers."""
    dtype = np.dtype(dtype)
    if is_inexact(dtype):
        return dtype
    return canonicalize(float64 if dtype.itemsize == 8 else float32)


def to_complex_dtype(dtype):
    """JAX's to_complex_dtype: complex128 for 64-bit inexact types (after
    to_inexact_dtype), complex64 otherwise."""
    inexact = to_inexact_dtype(dtype)
    return complex128 if inexact in (float64, complex128) else complex64


def is_float(dtype):
    return dtype in _floats


def is_inexact(dtype):
    return dtype in _floats or dtype in _complexes


def is_complex(dtype):
    return dtype in _complexes


def is_int(dtype):
    return dtype in _signed or dtype in _unsigned


def is_unsigned(dtype):
    return dtype in _unsigned


# ---------------------------------------------------------------------------
# The promotion lattice
# ---------------------------------------------------------------------------


class _Weak:
    """A weak node of the lattice: Python's int, float or complex. (Not the
    Python types themselves: np.dtype compares equal to them.)"""

    __slots__ = ("name", "pytype")

    def __init__(self, name, pytype):
        self.name = name
        self.pytype = pytype

    def __repr__(self):
        return self.name


_i, _f, _c = _Weak("int", int), _Weak("float", float), _Weak("complex", complex)
_WEAK_NODES = (_i, _f, _c)


@functools.lru_cache(maxsize=2)
def _upper_bounds(x64_enabled):
    """Every node's set of upper bounds (itself included)."""
    lattice = {
        bool_: [_i],
        _i: [uint8, int8],
        uint8: [int16, uint16], uint16: [int32, uint32],
        # JAX's x32 lattice: no int64 out of 32-bit inputs.
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
    if not weak or dtype == bool_:
        return dtype
    if is_int(dtype):
        return _i
    if is_float(dtype):
        return _f
    return _c


def _least_upper_bound(nodes, x64_enabled):
    bounds = _upper_bounds(x64_enabled)
    try:
        common = set.intersection(*(bounds[n] for n in nodes))
    except KeyError:
        bad = next(n for n in nodes if n not in bounds)
        raise TypeError(f"dtype={bad} is not a valid dtype for JAX type "
                        f"promotion.") from None
    (lub,) = (common & set(nodes)) or [
        n for n in common if common <= bounds[n]]
    return lub


def _node_dtype(node):
    """The dtype of a lattice node, canonicalized (a weak node gives the
    default type of its kind)."""
    if node is _i:
        return default_int()
    if node is _f:
        return default_float()
    if node is _c:
        return default_complex()
    return canonicalize(node)


def promote(*typed):
    """The result dtype and weak type of combining (dtype, weak_type) pairs,
    as JAX's lattice_result_type: a single input keeps its type; equal
    dtypes, not all weak, give that dtype strongly typed; all-weak inputs
    promote their strong counterparts and stay weak; anything else is the
    least upper bound of their lattice nodes."""
    return _promote(tuple((np.dtype(d), bool(w)) for d, w in typed), x64())


@functools.lru_cache(maxsize=4096)
def _promote(typed, x64_enabled):
    if not typed:
        raise ValueError("at least one array or dtype is required")
    dts = [d for d, _ in typed]
    weaks = [w for _, w in typed]
    if len(typed) == 1:
        out, weak = dts[0], weaks[0]
    elif len(set(dts)) == 1 and not all(weaks):
        out, weak = dts[0], False
    elif all(weaks):
        out = _node_dtype(_least_upper_bound(set(dts), x64_enabled))
        weak = True
    else:
        lub = _least_upper_bound({_node(d, w) for d, w in typed}, x64_enabled)
        out = _node_dtype(lub)
        weak = lub in _WEAK_NODES
    return out, bool(weak and out != bool_)


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


# ---------------------------------------------------------------------------
# jax.numpy's dtype functions
# ---------------------------------------------------------------------------

_PY_SCALAR_TYPES = {bool: bool_, int: int64, float: float64, complex: complex128}


def dtype_and_weak_type(x):
    """(dtype, weak_type) of anything jnp.result_type accepts: arrays,
    scalars, dtypes and dtype names, scalar types (Python's int, float and
    complex types are weak, as their values)."""
    if x is None:
        return default_float(), False
    aval = getattr(x, "aval", None)
    if aval is not None and hasattr(aval, "weak_type"):
        return aval.dtype, aval.weak_type
    if isinstance(x, type) and x in _PY_SCALAR_TYPES:
        return canonicalize(_PY_SCALAR_TYPES[x]), x is not bool
    if type(x) in _PY_SCALAR_TYPES:
        return scalar_dtype(x)
    if isinstance(x, (np.ndarray, np.generic)):
        return canonicalize(x.dtype), False
    if isinstance(x, (str, np.dtype, type)):
        return canonicalize(x), False
    if isinstance(getattr(x, "dtype", None), np.dtype):
        return canonicalize(x.dtype), False
    try:
        return canonicalize(np.result_type(x)), False
    except Exception as err:
        raise TypeError(f"Cannot determine dtype of {x}") from err


def result_type(*args, return_weak_type_flag=False):
    """jnp.result_type: JAX's promotion of arrays, scalars and dtypes; a
    weakly typed result is given as the default type of its kind."""
    if not args:
        raise ValueError("at least one array or dtype is required")
    dtype, weak = promote(*[dtype_and_weak_type(a) for a in args])
    if weak:
        dtype = (default_int() if is_int(dtype) else
                 default_float() if is_float(dtype) else
                 default_complex() if is_complex(dtype) else dtype)
    return (dtype, weak) if return_weak_type_flag else dtype


def promote_types(a, b):
    """jnp.promote_types: the lattice's least upper bound of two dtypes
    (Python's int, float and complex types as weak), not narrowed."""
    nodes = []
    for t in (a, b):
        weak = next((w for w in _WEAK_NODES if t is w.pytype), None)
        nodes.append(weak if weak is not None else to_numpy_dtype(t))
    for n in nodes:
        if not isinstance(n, _Weak) and n not in supported:
            raise TypeError(f"dtype={n} is not a valid dtype for JAX type "
                            f"promotion.")
    lub = _least_upper_bound(set(nodes), x64())
    return np.dtype(lub.pytype) if isinstance(lub, _Weak) else lub


_CUSTOM_FLOAT_TYPES = (bfloat16.type,)


def _scalar_type(t):
    if isinstance(t, type) and issubclass(t, np.generic):
        return t
    return to_numpy_dtype(t).type


def issubdtype(arg1, arg2):
    """jnp.issubdtype: NumPy's, with bfloat16 a floating type."""
    a, b = _scalar_type(arg1), _scalar_type(arg2)
    if a in _CUSTOM_FLOAT_TYPES:
        return b in (a, np.floating, np.inexact, np.number, np.generic)
    return bool(np.issubdtype(a, b))


def iinfo(int_type):
    aval = getattr(int_type, "aval", None)
    return ml_dtypes.iinfo(aval.dtype if aval is not None else
                           to_numpy_dtype(int_type))


def finfo(dtype):
    aval = getattr(dtype, "aval", None)
    return ml_dtypes.finfo(aval.dtype if aval is not None else
                           to_numpy_dtype(dtype))


can_cast = np.can_cast

