"""Small helpers several layers share, one of each: axis canonicalization,
the MLIR integer attributes the primitives and collectives emit, and the
bounded cache every cache of compiled programs is. It
imports nothing of jxp, so every module may use it."""

import collections
import operator
import threading

from jaxlib.mlir import ir


def canonicalize_axis(axis, num_dims):
    """`axis` in [-num_dims, num_dims) as a non-negative int, as JAX's
    canonicalize_axis: ValueError outside, TypeError for a non-integer."""
    axis = operator.index(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(f"axis {axis} is out of bounds for array of "
                         f"dimension {num_dims}")
    return axis % num_dims


def i64_attr(value):
    """A signless 64-bit integer attribute."""
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))


def i32_attr(value):
    """A signless 32-bit integer attribute."""
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), int(value))


def dense_i64_attr(values):
    """A DenseI64ArrayAttr of `values`."""
    return ir.DenseI64ArrayAttr.get([int(v) for v in values])


class LRUCache:
    """A dict with a bound: the least recently used entry goes first.
    Safe to share between threads."""

    def __init__(self, capacity):
        self.capacity = capacity
        self._data = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        # No lock on this hot path (cached jit calls): the dict operations
        # are atomic under the GIL, and an entry evicted meanwhile by
        # another thread is simply not moved.
        value = self._data.get(key)
        if value is not None:
            try:
                self._data.move_to_end(key)
            except KeyError:
                pass
        return value

    def put(self, key, value):
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.capacity:
                self._data.popitem(last=False)

    def clear(self):
        with self._lock:
            self._data.clear()

    def __len__(self):
        return len(self._data)
