"""jax.shard_map over the jxp dialect's jxp.shard_map region op.

The function is traced once per call on the shards' avals (each dimension
divided by the sizes of the mesh axes its spec splits it along), with the
manual axes bound for collectives; what it closes over is passed as
replicated operands (spec P()). The op carries the mesh (axis names and
sizes, device ids), the manual axes and the specs; the C++ pass
jxp-infer-vma types every value of the body with the axes it varies along,
inserts the casts JAX inserts, widens loop carries to a fixed point and
checks the out_specs; the lowering emits Shardy's sdy.manual_computation.
"""

import functools

import numpy as np

from jaxlib.mlir import ir

from . import tree_util, xla_bridge
from .ad import _positional, _trace_together
from .batching import axis_frame
from .lax.control_flow.common import _eager_or_traced, _flatten_fun, _into_region, \
    _region_op
from .core import abstractify
from .mesh import Mesh, PartitionSpec

__all__ = ["shard_map"]


def _str_array(names):
    return ir.ArrayAttr.get([ir.StringAttr.get(str(n)) for n in names])


def _spec_entries(spec, mesh, what, fun_name):
    """A PartitionSpec as a tuple (per dimension) of tuples of axis names."""
    if spec is None:
        spec = PartitionSpec()
    if not isinstance(spec, PartitionSpec):
        raise TypeError(
            f"shard_map {what} must be PartitionSpecs (jax.P), got {spec!r} "
            f"of type {type(spec).__name__}")
    dims, seen = [], set()
    for entry in spec:
        axes = () if entry is None else (
            tuple(entry) if isinstance(entry, (tuple, list)) else (entry,))
        for a in axes:
            if a not in mesh.axis_names:
                raise ValueError(
                    f"shard_map applied to the function '{fun_name}' was "
                    f"given {what} {spec} which names axis {a!r}, which is "
                    f"not in the mesh axis names {mesh.axis_names}")
            if a in seen:
                raise ValueError(
                    f"shard_map applied to the function '{fun_name}' was "
                    f"given {what} {spec} which names axis {a!r} twice")
            seen.add(a)
        dims.append(axes)
    return tuple(dims)


def _spec_attr(entries):
    return ir.ArrayAttr.get([_str_array(axes) for axes in entries])


def _specs_for(specs, tree, what, is_leaf):
    """One spec per leaf of `tree`, from `specs`, a prefix of it."""
    spec_leaves, spec_tree = tree_util.tree_flatten(specs, is_leaf=is_leaf)
    value = tree_util.tree_unflatten(tree, list(range(tree.num_leaves)))
    try:
        subtrees = spec_tree.flatten_up_to(value)
    except (ValueError, TypeError) as e:
        raise ValueError(
            f"shard_map {what} must be a tree prefix of the "
            f"{'arguments' if what == 'in_specs' else 'outputs'}: {e}") \
            from None
    out = []
    for spec, sub in zip(spec_leaves, subtrees):
        out.extend([spec] * len(tree_util.tree_leaves(sub)))
    return out


def _is_spec(x):
    return x is None or isinstance(x, PartitionSpec)


def _factor(entries, mesh_shape, d):
    n = 1
    for a in entries[d] if d < len(entries) else ():
        n *= mesh_shape[a]
    return n


def _own_mesh(foreign):
    """A jxp Mesh over the devices (by id) of another library's mesh (a
    JAX Mesh, when a program imports both)."""
    by_id = {d.id: d for d in xla_bridge.devices()}
    ids = np.vectorize(lambda d: d.id, otypes=[int])(foreign.devices)
    devices = np.vectorize(lambda i: by_id[i], otypes=[object])(ids)
    return Mesh(devices, tuple(foreign.axis_names))


def shard_map(f=None, /, *, out_specs, in_specs=None, mesh=None,
              axis_names=frozenset(), check_vma=True, check_rep=None):
    """f run on every device of `mesh` on its shard of each argument
    (jax.shard_map)."""
    if f is None:
        return functools.partial(
            shard_map, out_specs=out_specs, in_specs=in_specs, mesh=mesh,
            axis_names=axis_names, check_vma=check_vma, check_rep=check_rep)
    if not callable(f):
        raise TypeError(f"shard_map requires a callable for its first "
                        f"argument, but got {f!r} of type {type(f)}.")
    if mesh is None:
        raise ValueError("shard_map needs a mesh: pass mesh=")
    if not isinstance(mesh, Mesh) and hasattr(mesh, "axis_names") and \
            hasattr(mesh, "devices"):
        mesh = _own_mesh(mesh)
    if not isinstance(mesh, Mesh):
        raise TypeError(f"shard_map requires a jax.sharding.Mesh, got "
                        f"{mesh!r} of type {type(mesh).__name__}")
    if in_specs is None:
        raise NotImplementedError(
            "shard_map with in_specs=None (specs inferred from the "
            "arguments' shardings) is not supported by jxp")
    if check_rep is not None:
        check_vma = check_rep
    manual = tuple(a for a in mesh.axis_names
                   if not axis_names or a in axis_names)
    for a in axis_names:
        if a not in mesh.axis_names:
            raise ValueError(f"shard_map axis_names {set(axis_names)} must "
                             f"be a subset of the mesh axis names "
                             f"{mesh.axis_names}")
    fun_name = getattr(f, "__name__", "<unnamed function>")
    mesh_shape = dict(zip(mesh.axis_names, mesh.devices.shape))
    device_ids = [int(d.id) for d in mesh.devices.flat]

    @functools.wraps(f)
    def wrapped(*args):
        flat, in_tree = tree_util.tree_flatten(args)
        specs = _specs_for(tuple(in_specs) if isinstance(in_specs, list)
                           else in_specs, in_tree, "in_specs", _is_spec)
        entries = [_spec_entries(s, mesh, "in_specs", fun_name)
                   for s in specs]

        def run(*leaves):
            avals = [abstractify(x) for x in leaves]
            local = []
            for k, (aval, e) in enumerate(zip(avals, entries)):
                if len(e) > aval.ndim:
                    raise ValueError(
                        f"shard_map applied to the function '{fun_name}' was "
                        f"given an in_specs entry {specs[k]} of length "
                        f"{len(e)} for an argument of rank {aval.ndim} "
                        f"(shape {aval.shape})")
                shape = list(aval.shape)
                for d in range(len(e)):
                    n = _factor(e, mesh_shape, d)
                    if shape[d] % n:
                        raise ValueError(
                            f"shard_map applied to the function "
                            f"'{fun_name}' was given argument arrays with "
                            f"axis sizes that are not evenly divisible by "
                            f"the corresponding mesh axis sizes: argument "
                            f"{k} of shape {aval.shape} with spec "
                            f"{specs[k]}: dimension {d} of size {shape[d]} "
                            f"is not divisible by {n}")
                    shape[d] //= n
                local.append(aval.update(shape=tuple(shape)))
            body, store = _flatten_fun(f, in_tree)
            # Unchecked (check_vma=False), psum is JAX's untyped psum,
            # whose transpose sums again, as over a vmap's axis.
            frames = [axis_frame(a, mesh_shape[a], mesh=bool(check_vma))
                      for a in manual]
            for fr in frames:
                fr.__enter__()
            try:
                (t,), closure = _trace_together([
                    (body, fun_name, local, _positional(len(local)))])
            finally:
                for fr in reversed(frames):
                    fr.__exit__(None, None, None)
            out_tree = store["tree"]
            o_specs = _specs_for(out_specs, out_tree, "out_specs", _is_spec)
            o_entries = [_spec_entries(s, mesh, "out_specs", fun_name)
                         for s in o_specs]
            out_avals = []
            for k, (aval, e) in enumerate(zip(t.out_avals, o_entries)):
                if len(e) > aval.ndim:
                    raise ValueError(
                        f"shard_map applied to the function '{fun_name}' was "
                        f"given out_specs[{k}] {o_specs[k]} of length "
                        f"{len(e)} for an output of rank {aval.ndim} "
                        f"(shape {aval.shape})")
                shape = list(aval.shape)
                for d in range(len(e)):
                    shape[d] *= _factor(e, mesh_shape, d)
                out_avals.append(aval.update(shape=tuple(shape)))
            operand_entries = entries + [()] * len(closure)
            attrs = {
                "axis_names": _str_array(mesh.axis_names),
                "axis_sizes": ir.DenseI64ArrayAttr.get(
                    [int(s) for s in mesh.devices.shape]),
                "device_ids": ir.DenseI64ArrayAttr.get(device_ids),
                "manual_axes": _str_array(manual),
                "in_specs": ir.ArrayAttr.get(
                    [_spec_attr(e) for e in operand_entries]),
                "out_specs": ir.ArrayAttr.get(
                    [_spec_attr(e) for e in o_entries]),
                "check_vma": ir.BoolAttr.get(bool(check_vma)),
            }
            op, results = _region_op("jxp.shard_map", out_avals,
                                     list(leaves) + closure, 1, attrs)
            _into_region(t, op.regions[0])
            return tree_util.tree_unflatten(out_tree, results)
        return _eager_or_traced("shard_map", run, tuple(flat))
    return wrapped
