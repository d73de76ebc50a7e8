"""jax.experimental.shard_map: the older spelling of jax.shard_map, with
mesh and specs positional and check_rep for check_vma."""

from .._src.shard_map import shard_map as _shard_map


def shard_map(f, mesh, in_specs, out_specs, check_rep=True, auto=frozenset()):
    axis_names = frozenset(a for a in mesh.axis_names if a not in auto)
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                      axis_names=axis_names if auto else frozenset(),
                      check_vma=check_rep)
