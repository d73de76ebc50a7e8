"""Collectives over named axes: lax.psum, pmean, pmax, pmin, all_gather,
psum_scatter, ppermute, pshuffle, all_to_all, axis_index, axis_size, and
the cast pcast(..., to='varying') (the seeds' lax.pvary), as JAX's.

Each is a jxp op naming its axes; inside a vmap the batching rules turn
them into array ops along the batch, inside a shard_map they lower to
StableHLO collectives. An axis name nothing binds is JAX's NameError at
trace time.
"""

from jaxlib.mlir import ir
import numpy as np

from jxp._mlir import jxp as ops
from jxp._src import core, tree_util
from jxp._src.batching import bound_axis_size, is_mesh_axis
from jxp._src.core import Tracer, mlir_type
from jxp._src.lax import lax as _lax
from jxp._src.lax.primitives import _REDUCE_KINDS
from jxp._src.util import i32_attr, i64_attr

__all__ = ["psum", "pmean", "pmax", "pmin", "all_gather", "psum_scatter",
           "ppermute", "pshuffle", "all_to_all", "axis_index", "axis_size",
           "pcast", "pvary"]


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

        # Over mesh axes the result is one value for the group (JAX's
        # psum_invariant): its transpose differs from a vmap's psum.
        invariant = any(is_mesh_axis(n) for n in names)

        def one(leaf):
            frame = core.current_frame()
            t = frame.lift(leaf)
            if kind == "sum" and t.aval.dtype == np.bool_:
                t = frame.lift(_lax.convert_element_type(t, np.int32))
            return _emit(lambda f, loc: ops.AllReduceOp(
                mlir_type(t.aval), t.value, i32_attr(_REDUCE_KINDS[kind]),
                _axes_attr(names), invariant=invariant, loc=loc, ip=f.ip),
                t.aval)
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
            i64_attr(ax),
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


def psum_scatter(x, axis_name, *, scatter_dimension=0,
                 axis_index_groups=None, tiled=False):
    """The sum over the axes, member i keeping block i along
    scatter_dimension (lax.psum_scatter)."""
    _no_groups(axis_index_groups, "psum_scatter")
    names = _names(axis_name)
    n = _size(names, "psum_scatter")

    def one(leaf):
        frame = core.current_frame()
        t = frame.lift(leaf)
        a = t.aval
        if not -a.ndim <= scatter_dimension < max(a.ndim, 1):
            raise ValueError(f"scatter_dimension {scatter_dimension} is out "
                             f"of bounds for array of dimension {a.ndim}")
        d = scatter_dimension % a.ndim
        if not tiled:
            if a.shape[d] != n:
                raise ValueError(
                    f"psum_scatter with tiled=False requires dimension "
                    f"{d} of size {n} (the axis size), got {a.shape[d]}")
        elif a.shape[d] % n:
            raise ValueError(
                f"psum_scatter: dimension {d} of size {a.shape[d]} is not "
                f"divisible by the axis size {n}")
        shape = a.shape[:d] + (a.shape[d] // n,) + a.shape[d + 1:]
        out = a.update(shape=shape)
        r = _emit(lambda f, loc: ops.PsumScatterOp(
            mlir_type(out), t.value, _axes_attr(names),
            i64_attr(d),
            loc=loc, ip=f.ip), out)
        if not tiled:
            r = _lax.reshape(r, a.shape[:d] + a.shape[d + 1:])
        return r
    return tree_util.tree_map(one, x)


def all_to_all(x, axis_name, split_axis, concat_axis, *,
               axis_index_groups=None, tiled=False):
    """Member i sends block j of split_axis to member j, which concatenates
    what it receives along concat_axis (lax.all_to_all)."""
    _no_groups(axis_index_groups, "all_to_all")
    names = _names(axis_name)
    n = _size(names, "all_to_all")
    reshape = _lax.reshape

    def one(leaf):
        frame = core.current_frame()
        t = frame.lift(leaf)
        a = t.aval
        for what, ax in (("split_axis", split_axis),
                         ("concat_axis", concat_axis)):
            if not -a.ndim <= ax < a.ndim:
                raise ValueError(f"{what} {ax} is out of bounds for array "
                                 f"of dimension {a.ndim}")
        s, c = split_axis % a.ndim, concat_axis % a.ndim
        if tiled:
            if a.shape[s] % n:
                raise ValueError(
                    f"all_to_all: split_axis {s} of size {a.shape[s]} is not "
                    f"divisible by the axis size {n}")
            src = t
        else:
            if a.shape[s] != n:
                raise ValueError(
                    f"all_to_all with tiled=False requires split_axis {s} of "
                    f"size {n} (the axis size), got {a.shape[s]}")
            # Untiled: the split axis (one block per member) goes and the
            # members come in along a new axis at concat_axis of the
            # result: a unit axis is put where, once the split axis of size
            # one is dropped, it lands at concat_axis, and tiled over.
            u = c if c <= s else c + 1
            src = frame.lift(reshape(t, a.shape[:u] + (1,) + a.shape[u:]))
            if u <= s:
                s += 1
            c = u
        sa = src.aval
        shape = list(sa.shape)
        if s != c:
            shape[s] //= n
            shape[c] *= n
        out = sa.update(shape=tuple(shape))
        r = _emit(lambda f, loc: ops.AllToAllOp(
            mlir_type(out), src.value, _axes_attr(names),
            i64_attr(s),
            i64_attr(c),
            loc=loc, ip=f.ip), out)
        if not tiled:
            # Drop the split axis, now of size one.
            r = reshape(r, tuple(d for k, d in enumerate(out.shape)
                                 if k != s))
        return r
    return tree_util.tree_map(one, x)


def pcast(x, axis_name, *, to):
    """x, typed as varying along `axis_name` (pcast(..., to='varying');
    moves no data)."""
    if to != "varying":
        raise NotImplementedError(
            f"lax.pcast(..., to={to!r}): jxp supports to='varying'")
    names = _names(axis_name)
    if not core.current_frame():
        raise ValueError("pvary should be called under jax.shard_map.")
    _size(names, "pcast")

    def one(leaf):
        frame = core.current_frame()
        t = frame.lift(leaf)
        return _emit(lambda f, loc: ops.PvaryOp(
            mlir_type(t.aval), t.value, _axes_attr(names), loc=loc, ip=f.ip),
            t.aval)
    return tree_util.tree_map(one, x)


def pvary(x, axis_name):
    """lax.pvary, JAX's former name of pcast(x, axis_name,
    to='varying')."""
    return pcast(x, axis_name, to="varying")


def pswapaxes(x, axis_name, axis, *, axis_index_groups=None):
    """Swaps the mapped axis `axis_name` with the unmapped `axis`:
    all_to_all with split and concat axis both `axis`."""
    return all_to_all(x, axis_name, axis, axis,
                      axis_index_groups=axis_index_groups)


pbroadcast = pvary  # JAX 0.10 keeps the old name as an alias.
