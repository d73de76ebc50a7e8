"""jnp.piecewise: functions chosen per element by conditions, through
lax.switch, as JAX's."""

import numpy as np

from .._src import control_flow
from .._src.core import abstractify
from ._creation import asarray, zeros_like
from ._reductions import argmax, cumsum
from ._shape import broadcast_shapes, concatenate, ravel, reshape
from ._util import broadcast_to

__all__ = ['piecewise']


def piecewise(x, condlist, funclist, *args, **kw):
    """funclist[k](x) where condlist[k] holds (the last true condition
    wins; where none holds, the extra last function or 0), as
    jnp.piecewise. Entries of funclist may be constants. Each function is
    called on one element at a time, as under JAX's vectorize(switch): the
    elements are mapped one by one (lax.map) until vmap exists, with the
    same values."""
    x = asarray(x)
    nc, nf = len(condlist), len(funclist)
    if nf == nc + 1:
        funclist = list(funclist[-1:]) + list(funclist[:-1])
    elif nf == nc:
        funclist = [0] + list(funclist)
    else:
        raise ValueError(f"with {nc} condition(s), either {nc} or {nc + 1} "
                         f"functions are expected; got {nf}")
    conds = asarray(condlist, dtype=bool)
    indices = argmax(cumsum(concatenate([zeros_like(conds[:1]), conds], 0),
                            0), 0)
    dtype = abstractify(x).dtype

    def call(f):
        return lambda v: f(v, *args, **kw).astype(dtype)

    def const(c):
        return lambda v: asarray(c, dtype=dtype)
    funcs = [call(f) if callable(f) else const(f) for f in funclist]
    shape = broadcast_shapes(np.shape(indices), np.shape(x))
    flat_i = ravel(broadcast_to(indices, shape))
    flat_x = ravel(broadcast_to(x, shape))
    ys = control_flow.map(
        lambda ix: control_flow.switch(ix[0], funcs, ix[1]), (flat_i, flat_x))
    return reshape(ys, shape)
