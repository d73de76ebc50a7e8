"""vmap: JAX's API over the C++ batching pass.

Python only traces. `vmap(f)` traces f once, on one example's avals (the
mapped axis removed), into a private function, and emits a `jxp.vmap` op
naming it with the batched arguments; the `jxp-ad` driver has the
`jxp-batch` rules build the batched function in C++. Collectives
(`lax.psum`, `all_gather`, `axis_index`, ...) inside the function are ops
naming the mapped axis, which the batching rules turn into array ops along
the batch.

Called outside any trace, a vmapped function runs as a compiled program,
traced again on every call (as JAX's eager vmap runs the function again).
"""

import functools
import inspect
import threading

import numpy as np
from jaxlib.mlir import ir

from . import ad, core, tree_util
from .core import abstractify
from .._mlir import jxp as ops

__all__ = ["vmap", "axis_frame", "bound_axis_size"]


# ---------------------------------------------------------------------------
# The named axes in scope while tracing (for collectives)
# ---------------------------------------------------------------------------

class _AxisEnv(threading.local):
    def __init__(self):
        self.stack = []  # (name, size), innermost last
        self.mesh = []   # per entry of stack: bound by a shard_map


_axis_env = _AxisEnv()


class axis_frame:
    """Binds `name` to an axis of `size` while tracing a mapped function."""

    def __init__(self, name, size, mesh=False):
        self.name, self.size, self.mesh = name, size, mesh

    def __enter__(self):
        _axis_env.stack.append((self.name, self.size))
        _axis_env.mesh.append(self.mesh)

    def __exit__(self, *exc):
        _axis_env.stack.pop()
        _axis_env.mesh.pop()


def is_mesh_axis(name):
    """Whether the innermost binding of `name` is a shard_map's mesh axis
    (else a vmap's axis, or unbound)."""
    for (bound, _), mesh in zip(reversed(_axis_env.stack),
                                reversed(_axis_env.mesh)):
        if bound == name:
            return mesh
    return False


def bound_axis_size(name, api):
    """The size of the innermost axis bound to `name`; NameError (JAX's)
    if none is."""
    for bound, size in reversed(_axis_env.stack):
        if bound == name:
            return size
    raise NameError(
        f"Found an unbound axis name: {name}. To fix this, please call {api} "
        f"under `jax.shard_map`.")


# ---------------------------------------------------------------------------
# in_axes / out_axes
# ---------------------------------------------------------------------------

def _is_axis_spec(spec):
    leaves = tree_util.tree_leaves(spec, is_leaf=lambda x: x is None)
    return all(a is None or type(a) is int for a in leaves)


def _broadcast_prefix(spec, tree, what):
    """One axis (or None) per leaf of `tree`, from `spec`, a prefix of it
    whose leaves are ints and Nones."""
    spec_leaves, spec_def = tree_util.tree_flatten(
        spec, is_leaf=lambda x: x is None)
    try:
        subtrees = spec_def.flatten_up_to(tree)
    except (ValueError, TypeError) as e:
        raise ValueError(
            f"vmap {what} specification must be a tree prefix of the "
            f"corresponding value; got specification {spec!r} for value "
            f"tree {tree_util.tree_structure(tree)}. ({e})") from None
    axes = []
    for a, sub in zip(spec_leaves, subtrees):
        axes.extend([a] * len(tree_util.tree_leaves(sub)))
    return axes


def _arg_names(fun, nargs):
    try:
        params = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = []
    for i in range(nargs):
        if i < len(params) and params[i].kind in (
                params[i].POSITIONAL_ONLY, params[i].POSITIONAL_OR_KEYWORD):
            names.append(params[i].name)
        else:
            names.append(f"args[{i}]")
    return names


def _inconsistent_sizes(fun, args, kwargs, flat, sizes, axis_size):
    """vmap's message for mapped axes of different sizes (`sizes`: per
    mapped leaf, its size, its in_axes entry and its index among `flat`)."""
    names = _arg_names(fun, len(args))
    owners = []  # per leaf: how JAX names it in messages
    for i, a in enumerate(args):
        for path in tree_util.leaf_paths(a):
            owners.append(f"argument {names[i]}{path}")
    for path in tree_util.leaf_paths(kwargs):
        owners.append(f"kwargs{path}")

    def where(k):
        aval = abstractify(flat[k])
        return (f"{owners[k]} of type "
                f"{aval.dtype.name}[{','.join(map(str, aval.shape))}]")
    extra = [] if axis_size is None else [
        f"the `axis_size` argument was {axis_size}"]
    return inconsistent_sizes_message(
        "vmap", [(size, ax, lambda k=k: where(k)) for size, ax, k in sizes],
        extra)


def inconsistent_sizes_message(api, mapped, extra=()):
    """JAX's message (vmap's and pmap's) for mapped axes of different
    sizes: the sizes by how many axes have them, most common first, each
    with its first axis as an example. `mapped`: per mapped leaf, in order,
    (size, axis, a function giving the leaf's description); `extra`: lines
    before them."""
    counts = {}
    for size, _, _ in mapped:
        counts[size] = counts.get(size, 0) + 1
    order = sorted(counts, key=lambda s: -counts[s])  # stable: first seen
    lines = list(extra)
    for k, size in enumerate(order):
        ax, where = next((a, w) for s, a, w in mapped if s == size)
        n = counts[size]
        if n == 1:
            lines.append(f"one axis had size {size}: axis {ax} of {where()}")
        else:
            many = "most" if k == 0 else "some"
            lines.append(f"{many} axes ({n} of them) had size {size}, e.g. "
                         f"axis {ax} of {where()}")
    return (f"{api} got inconsistent sizes for array axes to be mapped:\n"
            + ";\n".join(f"  * {line}" for line in lines))


def _normalize(axis, ndim):
    """`axis` of a value of rank `ndim` in [0, ndim), or None if out of
    range."""
    if -ndim <= axis < ndim:
        return axis % ndim
    return None


# ---------------------------------------------------------------------------
# vmap
# ---------------------------------------------------------------------------

def vmap(fun, in_axes=0, out_axes=0, axis_name=None, axis_size=None,
         spmd_axis_name=None):
    """f -> f mapped over an axis of its inputs, as jax.vmap."""
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun!r}")
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)
    if not (in_axes is None or type(in_axes) in (int, tuple)):
        raise TypeError(
            f"vmap in_axes must be an int, None, or a tuple of entries "
            f"corresponding to the positional arguments passed to the "
            f"function, but got {in_axes}.")
    if not _is_axis_spec(in_axes):
        raise TypeError(
            f"vmap in_axes must be an int, None, or (nested) container with "
            f"those types as leaves, but got {in_axes}.")
    if not _is_axis_spec(out_axes):
        raise TypeError(
            f"vmap out_axes must be an int, None, or (nested) container "
            f"with those types as leaves, but got {out_axes}.")
    if axis_size is not None and (not isinstance(axis_size, (int, np.integer))
                                  or axis_size < 0):
        raise ValueError(f"vmap axis_size must be a non-negative int, got "
                         f"{axis_size!r}")
    name = getattr(fun, "__name__", "fun")

    def body(*args, **kwargs):
        return _vmap_traced(fun, name, in_axes, out_axes, axis_name,
                            axis_size, spmd_axis_name, args, kwargs)[0]

    body.__name__ = f"vmap_{name}"

    @functools.wraps(fun)
    def vmap_f(*args, **kwargs):
        if isinstance(in_axes, tuple) and len(in_axes) != len(args):
            raise ValueError(
                f"vmap in_axes must be an int, None, or a tuple of entries "
                f"corresponding to the positional arguments passed to the "
                f"function, but got len(in_axes)={len(in_axes)}, "
                f"len(args)={len(args)}")
        if not args and not kwargs and axis_size is None:
            raise ValueError(
                f"vmap wrapped function must be passed at least one argument "
                f"containing an array or axis_size must be specified, got "
                f"empty *args={args} and **kwargs={kwargs}")
        if core.current_frame():
            return body(*args, **kwargs)
        return _vmap_eager(fun, name, in_axes, out_axes, axis_name,
                           axis_size, spmd_axis_name, args, kwargs)

    return vmap_f


def _is_array_like(x):
    try:
        abstractify(x)
        return True
    except TypeError:
        return False


def _vmap_eager(fun, name, in_axes, out_axes, axis_name, axis_size,
                spmd_axis_name, args, kwargs):
    """A compiled program of the vmap (traced on every call, as JAX's eager
    vmap runs the function again). Arguments that are no arrays stay out
    of the program (the trace sees them as they are), and so do outputs
    that are Python values returned unmapped."""
    flat, tree = tree_util.tree_flatten((args, kwargs))
    static = {i: x for i, x in enumerate(flat) if not _is_array_like(x)}
    static_outs = {}

    def body(*dyn):
        it = iter(dyn)
        a, kw = tree_util.tree_unflatten(
            tree, [static[i] if i in static else next(it)
                   for i in range(len(flat))])
        out, raw = _vmap_traced(fun, name, in_axes, out_axes, axis_name,
                                axis_size, spmd_axis_name, a, kw)
        static_outs.clear()
        static_outs.update(raw)
        return out

    body.__name__ = f"vmap_{name}"
    out = ad._eager(body, body.__name__,
                    [x for i, x in enumerate(flat) if i not in static])
    if not static_outs:
        return out
    leaves, out_tree = tree_util.tree_flatten(out)
    return tree_util.tree_unflatten(
        out_tree, [static_outs.get(k, v) for k, v in enumerate(leaves)])


def _vmap_traced(fun, name, in_axes, out_axes, axis_name, axis_size,
                 spmd_axis_name, args, kwargs):
    flat, in_tree = tree_util.tree_flatten((tuple(args), kwargs))
    axes_per_arg = (in_axes if isinstance(in_axes, tuple)
                    else (in_axes,) * len(args))
    flat_axes = []
    for spec, a in zip(axes_per_arg, args):
        flat_axes.extend(_broadcast_prefix(spec, a, "in_axes"))
    flat_axes.extend([0] * len(tree_util.tree_leaves(kwargs)))

    # Per-leaf checks and the mapped size, with JAX's messages.
    avals, sizes, norm_axes = [], [], []
    for k, (x, ax) in enumerate(zip(flat, flat_axes)):
        try:
            aval = abstractify(x)
        except TypeError:
            if ax is not None:
                raise TypeError(f"Argument '{x}' of type {type(x)} is not a "
                                f"valid JAX type") from None
            aval = None  # not mapped and no array: passed to fun as it is
        if ax is None:
            avals.append(aval)
            norm_axes.append(-1)
            continue
        d = _normalize(ax, aval.ndim)
        if d is None:
            raise ValueError(
                f"vmap was requested to map its argument along axis {ax}, "
                f"which implies that its rank should be at least "
                f"{ax + 1 if ax >= 0 else -ax}, but is only "
                f"{aval.ndim} (its shape is {aval.shape})")
        sizes.append((aval.shape[d], ax, k))
        norm_axes.append(d)
        avals.append(aval.update(shape=aval.shape[:d] + aval.shape[d + 1:]))
    if not sizes and axis_size is None:
        raise ValueError("vmap must have at least one non-None value in "
                         "in_axes or axis_size must be specified")
    distinct = {s for s, _, _ in sizes}
    if axis_size is not None:
        distinct.add(axis_size)
    if len(distinct) > 1:
        raise ValueError(_inconsistent_sizes(fun, args, kwargs, flat, sizes,
                                             axis_size))
    size = axis_size if axis_size is not None else sizes[0][0]

    static = {i: x for i, (x, a) in enumerate(zip(flat, avals)) if a is None}
    n_all = len(flat)
    raw_outs = []

    def flat_fun(*leaves):
        it = iter(leaves)
        full = [static[i] if i in static else next(it)
                for i in range(n_all)]
        a, kw = tree_util.tree_unflatten(in_tree, full)
        out = fun(*a, **kw)
        raw_outs[:] = tree_util.tree_leaves(out)
        return out

    flat = [x for i, x in enumerate(flat) if i not in static]
    avals = [a for a in avals if a is not None]
    norm_axes = [d for i, d in enumerate(norm_axes) if i not in static]
    with axis_frame(axis_name, size):
        (traced,), _ = ad._trace_together(
            [(flat_fun, name, avals,
              lambda ts: (tuple(ts), {}), None)])

    out_struct = tree_util.tree_unflatten(
        traced.out_tree, list(range(len(traced.out_avals))))
    flat_out_axes = _broadcast_prefix(out_axes, out_struct, "out_axes")
    out_norm, out_avals = [], []
    for ax, aval in zip(flat_out_axes, traced.out_avals):
        if ax is None:
            out_norm.append(-1)
            out_avals.append(aval)
            continue
        d = _normalize(ax, aval.ndim + 1)
        if d is None:
            raise ValueError(f"axis {ax} is out of bounds for array of "
                             f"dimension {aval.ndim + 1}")
        out_norm.append(d)
        out_avals.append(aval.update(
            shape=aval.shape[:d] + (size,) + aval.shape[d:]))
    operands = ad._lift_all(list(flat) + traced.closure)
    in_attr = norm_axes + [-1] * len(traced.closure)
    kw = {}
    if axis_name is not None:
        kw["axis_name"] = ir.StringAttr.get(str(axis_name))
    if spmd_axis_name is not None:
        kw["spmd_axis_name"] = ir.StringAttr.get(str(spmd_axis_name))
    results = ad._emit(ops.VmapOp, out_avals, traced.ref,
                       ad._i64_array(in_attr), ad._i64_array(out_norm),
                       ad._i64(size), operands, **kw)
    # As JAX's, an unmapped output that is a Python or NumPy value (not
    # computed from the inputs) comes back as it is.
    raw = {k: o for k, (d, o) in enumerate(zip(out_norm, raw_outs))
           if d == -1 and not core.is_array_like(o)}
    results = [raw.get(k, r) for k, r in enumerate(results)]
    return tree_util.tree_unflatten(traced.out_tree, results), raw
