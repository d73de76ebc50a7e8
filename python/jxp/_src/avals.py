"""ShapedArray, the abstract value of jxp's arrays and tracers.

It sits below every other module (the runtime's included: xla_bridge,
transfer, compiler, ...): the device arrays jaxlib makes for jxp carry one
as their `aval`, and the jit fast path reads its shape, dtype and weak
type. MLIR_DTYPES names the element types of the programs they run."""

import ml_dtypes
import numpy as np


class ShapedArray:
    """An abstract value: shape, dtype and JAX's weak type flag."""

    __slots__ = ("shape", "dtype", "weak_type", "ndim", "_hash")

    def __init__(self, shape, dtype, weak_type=False):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.weak_type = weak_type
        self.ndim = len(self.shape)
        self._hash = hash((self.shape, dtype, weak_type))

    size = property(lambda self: int(np.prod(self.shape, dtype=np.int64)))

    def __eq__(self, other):
        return (isinstance(other, ShapedArray) and self.shape == other.shape
                and self.dtype == other.dtype
                and self.weak_type == other.weak_type)

    def __hash__(self):
        return self._hash

    def update(self, shape=None, dtype=None, weak_type=None):
        return ShapedArray(self.shape if shape is None else shape,
                           self.dtype if dtype is None else dtype,
                           self.weak_type if weak_type is None else weak_type)

    def str_short(self):
        short = _SHORT_NAMES.get(self.dtype, self.dtype.name)
        return f"{short}[{','.join(map(str, self.shape))}]"

    def __repr__(self):
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapedArray({self.str_short()}{weak})"

    def __str__(self):
        # JAX's form, as str(jax.typeof(x)) prints: full dtype names, a
        # leading ~ for a weak type ("float32[3]", "~float32[]").
        weak = "~" if self.weak_type else ""
        return f"{weak}{self.dtype.name}[{','.join(map(str, self.shape))}]"


_SHORT_NAMES = {np.dtype(k): v for k, v in [
    (np.bool_, "bool"), (np.int8, "i8"), (np.int16, "i16"),
    (np.int32, "i32"), (np.int64, "i64"), (np.uint8, "u8"),
    (np.uint16, "u16"), (np.uint32, "u32"), (np.uint64, "u64"),
    (np.float16, "f16"), (ml_dtypes.bfloat16, "bf16"), (np.float32, "f32"),
    (np.float64, "f64"), (np.complex64, "c64"), (np.complex128, "c128")]}


# StableHLO element type names -> numpy dtypes: how the runtime reads the
# avals of a compiled program (its signature, the compiler's facts, host
# callbacks' result types, persistent cache entries).
MLIR_DTYPES = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8), "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32), "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16), "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "complex<f32>": np.dtype(np.complex64),
    "complex<f64>": np.dtype(np.complex128),
}
for _name, _attr in [("bf16", "bfloat16"), ("f8E4M3FN", "float8_e4m3fn"),
                     ("f8E5M2", "float8_e5m2"),
                     ("f8E4M3FNUZ", "float8_e4m3fnuz"),
                     ("f8E5M2FNUZ", "float8_e5m2fnuz"),
                     ("f8E4M3B11FNUZ", "float8_e4m3b11fnuz"),
                     ("i4", "int4"), ("ui4", "uint4")]:
    if hasattr(ml_dtypes, _attr):
        MLIR_DTYPES[_name] = np.dtype(getattr(ml_dtypes, _attr))
del _name, _attr
