"""NumPy basic indexing on jxp arrays: integers, slices, None, Ellipsis.

Static integers and slices become `slice` + `reshape`; a traced integer
becomes `dynamic_slice`. (Advanced indexing arrives with the NumPy issue.)
"""

import numpy as np

from .. import lax
from . import dtypes
from .core import Tracer, abstractify


def _expand_ellipsis(idx, ndim):
    n_real = sum(1 for i in idx if i is not None and i is not Ellipsis)
    if sum(1 for i in idx if i is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if n_real > ndim:
        raise IndexError(f"Too many indices: {ndim}-dimensional array indexed "
                         f"with {n_real} regular indices.")
    out = []
    for i in idx:
        if i is Ellipsis:
            out.extend([slice(None)] * (ndim - n_real))
        else:
            out.append(i)
    n_real_after = sum(1 for i in out if i is not None)
    out.extend([slice(None)] * (ndim - n_real_after))
    return out


def getitem(x, idx):
    if not isinstance(idx, tuple):
        idx = (idx,)
    shape = abstractify(x).shape
    idx = _expand_ellipsis(idx, len(shape))
    starts, limits, strides, out_shape = [], [], [], []
    dynamic = []  # (dimension, traced index)
    dim = 0
    for i in idx:
        if i is None:
            out_shape.append(1)
            continue
        n = shape[dim]
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            if step < 0:
                raise NotImplementedError("negative slice steps are not "
                                          "supported yet")
            stop = max(stop, start)
            starts.append(start)
            limits.append(stop)
            strides.append(step)
            out_shape.append((stop - start + step - 1) // step)
        elif isinstance(i, (int, np.integer)) or (
                hasattr(i, "aval") and i.aval.shape == ()
                and dtypes.is_int(i.aval.dtype) and not isinstance(i, Tracer)):
            i = int(i)
            if n == 0:
                raise IndexError(f"index is out of bounds for axis {dim} with "
                                 f"size 0")
            # JAX clamps out-of-bounds indices (after counting negative ones
            # from the end) instead of raising.
            i = min(max(i + n if i < 0 else i, 0), n - 1)
            starts.append(i)
            limits.append(i + 1)
            strides.append(1)
        elif isinstance(i, Tracer) and i.aval.shape == () and dtypes.is_int(i.aval.dtype):
            dynamic.append((dim, i))
            starts.append(0)
            limits.append(n)
            strides.append(1)
        else:
            raise NotImplementedError(
                f"indexing with {type(i).__name__} is not supported yet")
        dim += 1
    y = x
    if (starts, limits, strides) != ([0] * len(shape), list(shape), [1] * len(shape)):
        y = lax.slice(y, starts, limits, strides)
    if dynamic:
        ysh = abstractify(y).shape
        begin = [0] * len(ysh)
        sizes = list(ysh)
        for d, i in dynamic:
            # Negative indices count from the end: lax.dynamic_slice wraps
            # them, as in JAX.
            begin[d] = i
            sizes[d] = 1
        zero = np.asarray(0, dtype=abstractify(dynamic[0][1]).dtype)
        begin = [zero if isinstance(b, int) else b for b in begin]
        y = lax.dynamic_slice(y, begin, sizes)
    return lax.reshape(y, out_shape)
