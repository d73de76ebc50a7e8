"""lax.associative_scan, the parallel prefix scan built from strided slices
(no region op), and lax.cumlogsumexp, the cumulative reduction computed
with it."""

import numpy as np

from jxp._src import tree_util as _tu
from jxp._src.lax import lax
from jxp._src.lax.lax import (
    _axis, _check_float, _to_array, abstractify, add, bitwise_or,
    concatenate, exp, full, log1p, ne, neg, pad, rev, select, sub)
from jxp._src.lax.slicing import slice_in_dim


def _interleave(a, b, axis):
    """a and b alternated along axis (a first); len(a) is len(b) or one
    more, as JAX's associative_scan needs."""
    na, nb = abstractify(a).shape[axis], abstractify(b).shape[axis]
    ndim = abstractify(a).ndim
    zero = full((), 0, abstractify(a).dtype)
    cfg_a = [(0, 0, 0)] * ndim
    cfg_b = [(0, 0, 0)] * ndim
    cfg_a[axis] = (0, 1 if na == nb else 0, 1)
    cfg_b[axis] = (1, 0 if na == nb else 1, 1)
    return bitwise_or(pad(a, zero, cfg_a), pad(b, zero, cfg_b)) \
        if abstractify(a).dtype == np.bool_ else \
        add(pad(a, zero, cfg_a), pad(b, zero, cfg_b))


def associative_scan(fn, elems, reverse=False, axis=0):
    """The inclusive scan of an associative `fn` along `axis` of every leaf
    of `elems`, by the parallel-prefix algorithm (JAX's): log(n) levels of
    `fn` on strided slices."""
    leaves, treedef = _tu.tree_flatten(elems)
    if not leaves:
        raise ValueError("associative_scan: elems must have at least one "
                         "leaf")
    ndim = abstractify(leaves[0]).ndim
    axis = _axis(axis, ndim) if ndim else 0
    if ndim == 0:
        raise ValueError("associative_scan: elems must have a scanned axis")
    if reverse:
        leaves = [rev(x, (axis,)) for x in leaves]
    lengths = {abstractify(x).shape[axis] for x in leaves}
    if len(lengths) != 1:
        raise ValueError(f"Array inputs to associative_scan must have the "
                         f"same first dimension. (saw: "
                         f"{[abstractify(x).shape for x in leaves]})")

    def combine(a, b):
        out = fn(treedef.unflatten(a), treedef.unflatten(b))
        out_leaves, out_def = _tu.tree_flatten(out)
        if out_def != treedef:
            raise ValueError(f"associative_scan: fn returned a {out_def}, "
                             f"not its operands' {treedef}")
        return out_leaves

    def scan(xs):
        n = abstractify(xs[0]).shape[axis]
        if n < 2:
            return [_to_array(x, abstractify(x).weak_type) for x in xs]
        pairs = combine([slice_in_dim(x, 0, n - 1 if n % 2 else n, 2, axis)
                         for x in xs],
                        [slice_in_dim(x, 1, None, 2, axis) for x in xs])
        odd = scan(pairs)
        if n % 2 == 0:
            even = combine([slice_in_dim(o, 0, -1, 1, axis) for o in odd],
                           [slice_in_dim(x, 2, None, 2, axis) for x in xs])
        else:
            even = combine(odd, [slice_in_dim(x, 2, None, 2, axis)
                                 for x in xs])
        even = [concatenate([slice_in_dim(x, 0, 1, 1, axis), e], axis)
                for x, e in zip(xs, even)]
        return [_interleave(e, o, axis) for e, o in zip(even, odd)]

    out = scan(leaves)
    if reverse:
        out = [rev(x, (axis,)) for x in out]
    return treedef.unflatten(out)


def _logaddexp(a, b):
    amax = lax.max(a, b)
    delta = sub(a, b)
    return select(ne(delta, delta), add(a, b),
                  add(amax, log1p(exp(neg(lax.abs(delta))))))


def cumlogsumexp(operand, axis=0, reverse=False):
    """log(cumsum(exp(operand))) along axis, without overflow."""
    _check_float("cumlogsumexp", operand)
    return associative_scan(_logaddexp, operand, reverse=reverse, axis=axis)
