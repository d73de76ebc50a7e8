"""Products: dot, matmul and friends."""


import numpy as np

from .. import lax
from ._util import (
    _promote_no_broadcast, asarray, broadcast_to, ndim, shape)
from ._ufuncs import (
    multiply)
from ._shape import (
    expand_dims, squeeze)

__all__ = ['matmul', 'dot']


# --- linear algebra ---------------------------------------------------------


def matmul(a, b):
    a, b = _promote_no_broadcast("matmul", a, b)
    a, b = asarray(a), asarray(b)
    na, nb = ndim(a), ndim(b)
    if na == 0 or nb == 0:
        raise ValueError("matmul: operands must not be scalars")
    if na <= 2 and nb <= 2:
        return lax.dot_general(a, b, (((na - 1,), (0 if nb == 1 else nb - 2,)),
                                      ((), ())))
    # Batched: broadcast the batch dimensions, then one dot_general.
    a2 = a if na > 1 else expand_dims(a, 0)
    b2 = b if nb > 1 else expand_dims(b, 1)
    batch = np.broadcast_shapes(shape(a2)[:-2], shape(b2)[:-2])
    a2 = broadcast_to(a2, batch + shape(a2)[-2:])
    b2 = broadcast_to(b2, batch + shape(b2)[-2:])
    k = len(batch)
    out = lax.dot_general(a2, b2, (((k + 1,), (k,)),
                                   (tuple(range(k)), tuple(range(k)))))
    if na == 1:
        out = squeeze(out, k)
    if nb == 1:
        out = squeeze(out, -1)
    return out


def dot(a, b):
    if ndim(a) == 0 or ndim(b) == 0:
        return multiply(a, b)
    if ndim(b) <= 2:
        return matmul(a, b)
    a, b = _promote_no_broadcast("dot", a, b)
    return lax.dot_general(a, b, (((ndim(a) - 1,), (ndim(b) - 2,)), ((), ())))
