"""jxp.Array: an immutable array in a PJRT device buffer."""

import numpy as np

from . import runtime
from .core import ArrayBase, ShapedArray, abstractify


class Array(ArrayBase):
    __slots__ = ("_buf", "aval", "_npy", "__weakref__")
    __array_priority__ = 100

    def __init__(self, buf, aval):
        self._buf = buf
        self.aval = aval
        self._npy = None

    nbytes = property(lambda self: self.size * self.dtype.itemsize)

    @property
    def _value(self):
        if self._npy is None:
            self._npy = runtime.to_numpy(self._buf)
        return self._npy

    def __array__(self, dtype=None, copy=None):
        v = self._value
        if dtype is not None and np.dtype(dtype) != v.dtype:
            return v.astype(dtype)
        return v.copy() if copy else v

    def block_until_ready(self):
        runtime.block_until_ready(self._buf)
        return self

    def __repr__(self):
        prefix = "Array("
        dtype_str = f"dtype={self.dtype.name}"
        if self.weak_type:
            dtype_str += ", weak_type=True"
        line_width = np.get_printoptions()["linewidth"]
        if self.size == 0:
            s = f"[], shape={self.shape}"
        else:
            s = np.array2string(self._value, prefix=prefix, suffix=",",
                                separator=", ", max_line_width=line_width)
        last_line_len = len(s) - s.rfind("\n") + 1
        sep = " "
        if last_line_len + len(dtype_str) + 2 > line_width:
            sep = " " * len(prefix)
        return f"{prefix}{s},{sep}{dtype_str})"

    def __str__(self):
        return str(self._value)

    def __format__(self, spec):
        if self.ndim == 0:
            return format(self._value[()], spec)
        return format(self._value, spec)

    def item(self, *args):
        return self._value.item(*args)

    def tolist(self):
        return self._value.tolist()

    def __bool__(self):
        return bool(self._value)

    def __int__(self):
        return int(self._value)

    def __float__(self):
        return float(self._value)

    def __complex__(self):
        return complex(self._value)

    def __index__(self):
        if not np.issubdtype(self.dtype, np.integer):
            raise TypeError(f"only integer arrays can be used as an index, "
                            f"got dtype {self.dtype}")
        return int(self._value)

    def __reduce__(self):
        return (_unpickle, (self._value,))

    def copy_to_host_async(self):
        pass


def from_numpy(x, weak_type=False):
    """A device Array holding numpy array `x` (dtype already canonical)."""
    return Array(runtime.device_put(x), ShapedArray(x.shape, x.dtype, weak_type))


def _unpickle(x):
    """A pickled Array: its host value back on the device, with the dtype
    canonical under the current x64 setting (as device_put gives)."""
    aval = abstractify(x)
    return from_numpy(np.asarray(x, dtype=aval.dtype), aval.weak_type)
