"""ShapedArray, the abstract value of jxp's arrays and tracers.

It sits below every other module (runtime included): the device arrays
jaxlib makes for jxp carry one as their `aval`, and the jit fast path reads
its shape, dtype and weak type."""

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
