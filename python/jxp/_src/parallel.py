"""Collectives over named axes: lax.psum, pmean, pmax, pmin, all_gather,
ppermute, pshuffle, axis_index, axis_size, as JAX's.

Each is a jxp op naming its axes (all_reduce, all_gather, ppermute,
axis_index); inside a vmap the batching rules turn them into array ops
along the batch. An axis name no enclosing vmap binds is JAX's NameError
at trace time.
"""

import numpy as np
from jaxlib.mlir import ir

from . import core, tree_util
from .batching import bound_axis_size
from .core import Tracer, abstractify, mlir_type
from .lax import _REDUCE_KINDS, _i32_attr
from .._mlir import jxp as ops

__all__ = ["psum", "pmean", "pmax", "pmin", "all_gather", "ppermute",
           "pshuffle", "axis_index", "axis_size"]


def _names(axis_name):
    return tuple(axis_name) if isinstance(axis_name, (tuple, list)) else (
        axis_name,)


def _axes_attr(names):
    return ir.ArrayAttr.get([ir.StringAttr.get(str(n)) for n in names])


def _size(names, api):
    n = 1
    for name in names:
        n *= bound_axis_size(name, api)
    return n


def _emit(build, aval):
    frame = core.current_frame()
    op = build(frame, core.user_location())
    return Tracer(aval, op.result, frame)


def _no_groups(axis_index_groups, api):
    if axis_index_groups is not None:
        raise NotImplementedError(
            f"{api} with axis_index_groups is not supported by jxp")


def _reduce(kind, api):
    def collective(x, axis_name, *, axis_index_groups=None):
        _no_groups(axis_index_groups, api)
        names = _names(axis_name)
        _size(names, api)  # every name bound

        def one(leaf):
            frame = core.current_frame()
            t = frame.lift(leaf)
            return _emit(lambda f, loc: ops.AllReduceOp(
                t.value, _i32_attr(_REDUCE_KINDS[kind]), _axes_attr(names),
                loc=loc, ip=f.ip), t.aval)
        return tree_util.tree_map(one, x)
    collective.__name__ = api
    return collective


psum = _reduce("sum", "psum")
pmax = _reduce("max", "pmax")
pmin = _reduce("min", "pmin")


def pmean(x, axis_name, *, axis_index_groups=None):
    _no_groups(axis_index_groups, "pmean")
    n = _size(_names(axis_name), "pmean")
    return tree_util.tree_map(lambda s: s / n, psum(x, axis_name))


def axis_size(axis_name):
    return _size(_names(axis_name), "axis_size")


def axis_index(axis_name):
    names = _names(axis_name)
    _size(names, "axis_index")
    aval = core.ShapedArray((), np.dtype(np.int32))
    return _emit(lambda f, loc: ops.AxisIndexOp(
        mlir_type(aval), _axes_attr(names), loc=loc, ip=f.ip), aval)


def all_gather(x, axis_name, *, axis_index_groups=None, axis=0, tiled=False,
               to="varying"):
    _no_groups(axis_index_groups, "all_gather")
    names = _names(axis_name)
    n = _size(names, "all_gather")

    def one(leaf):
        frame = core.current_frame()
        t = frame.lift(leaf)
        a = t.aval
        ndim = a.ndim if tiled else a.ndim + 1
        if not -ndim <= axis < ndim:
            raise ValueError(f"axis {axis} is out of bounds for array of "
                             f"dimension {ndim}")
        ax = axis % ndim
        if tiled:
            if a.ndim == 0:
                raise ValueError("all_gather(..., tiled=True) needs an array "
                                 "of at least one dimension")
            shape = a.shape[:ax] + (a.shape[ax] * n,) + a.shape[ax + 1:]
        else:
            shape = a.shape[:ax] + (n,) + a.shape[ax:]
        out = a.update(shape=shape)
        return _emit(lambda f, loc: ops.AllGatherOp(
            mlir_type(out), t.value, _axes_attr(names),
            ir.IntegerAttr.get(ir.IntegerType.get_signless(64), ax),
            tiled=tiled, loc=loc, ip=f.ip), out)
    return tree_util.tree_map(one, x)


def ppermute(x, axis_name, perm):
    names = _names(axis_name)
    n = _size(names, "ppermute")
    pairs = [(int(s), int(d)) for s, d in perm]
    srcs, dsts = [s for s, _ in pairs], [d for _, d in pairs]
    if len(set(srcs)) != len(srcs) or len(set(dsts)) != len(dsts):
        raise ValueError(f"ppermute sources and destinations must be unique, "
                         f"got {perm}.")
    for s, d in pairs:
        if not (0 <= s < n and 0 <= d < n):
            raise ValueError(f"ppermute perm indices must be in [0, {n}), "
                             f"got {perm}.")
    flat = [i for p in pairs for i in p]

    def one(leaf):
        frame = core.current_frame()
        t = frame.lift(leaf)
        return _emit(lambda f, loc: ops.PpermuteOp(
            t.value, _axes_attr(names), ir.DenseI64ArrayAttr.get(flat),
            loc=loc, ip=f.ip), t.aval)
    return tree_util.tree_map(one, x)


def pshuffle(x, axis_name, perm):
    """Member i gets member perm[i]'s value."""
    return ppermute(x, axis_name, [(p, i) for i, p in enumerate(perm)])
