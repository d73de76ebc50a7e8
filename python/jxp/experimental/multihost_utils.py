"""jax.experimental.multihost_utils: gathering values of every process, and
waiting for every process (after jxp.distributed.initialize)."""

import functools
import itertools

import numpy as np

from jxp._src.lax import parallel
from .._src import distributed, sharding_impl, tree_util, xla_bridge
from .._src.api import jit, make_array_from_process_local_data
from .._src.array import is_array
from .._src.mesh import Mesh, NamedSharding, PartitionSpec
from .._src.shard_map import shard_map

__all__ = ["process_allgather", "sync_global_devices"]

# Milliseconds a process waits for the others at a synchronization point.
SYNC_TIMEOUT_MS = 300_000

_syncs = itertools.count()


def sync_global_devices(name):
    """Waits until every process has called sync_global_devices; an
    AssertionError if they did so with different names."""
    if xla_bridge.process_count() == 1:
        return
    k = next(_syncs)
    me = xla_bridge.process_index()
    distributed.key_value_set(f"jxp/sync/{k}/{me}", str(name))
    distributed.barrier(f"jxp/sync/{k}", SYNC_TIMEOUT_MS)
    names = [distributed.key_value_get(f"jxp/sync/{k}/{p}", SYNC_TIMEOUT_MS)
             for p in range(xla_bridge.process_count())]
    if len(set(names)) != 1:
        raise AssertionError(f"sync_global_devices name mismatch: the "
                             f"processes called it with {names}")


def _process_mesh():
    """Every device, one row per process (devices are numbered by
    process)."""
    devices = sorted(xla_bridge.devices(),
                     key=lambda d: (d.process_index, d.id))
    n = xla_bridge.process_count()
    return Mesh(np.array(devices, dtype=object).reshape(n, -1),
                ("processes", "local"))


def _replicate(x):
    """A global NamedSharding array gathered onto every device (its pieces
    all-gathered over the mesh axes splitting each dimension)."""
    s = x.sharding
    return _gatherer(s.mesh, s.spec, x.ndim)(x)


@functools.lru_cache(maxsize=64)
def _gatherer(mesh, spec, ndim):
    """One compiled gather per mesh, spec and rank (a bounded cache)."""
    dims = tuple(spec) + (None,) * (ndim - len(spec))

    def gather(a):
        for d, axes in enumerate(dims):
            if axes is not None:
                a = parallel.all_gather(a, axes, axis=d, tiled=True)
        return a
    return jit(shard_map(gather, mesh=mesh, in_specs=spec,
                         out_specs=PartitionSpec(), check_vma=False))


def _gather_leaf(x, tiled):
    if is_array(x) and not sharding_impl.is_fully_addressable(x.sharding):
        s = x.sharding
        if not sharding_impl.is_fully_replicated(s, x.ndim):
            if not isinstance(s, NamedSharding):
                raise NotImplementedError(
                    f"process_allgather of an array sharded as {s}: jxp "
                    f"gathers NamedSharding arrays")
            x = _replicate(x)
        return np.asarray(x)
    # A value of this process: stacked (or concatenated, `tiled`) with the
    # other processes' along a new (or the first) axis.
    local = np.asarray(x)
    if xla_bridge.process_count() == 1:
        return local if tiled else local[None]
    if tiled and local.ndim == 0:
        raise ValueError("process_allgather(tiled=True) needs arrays of "
                         "rank >= 1")
    block = local if tiled else local[None]
    mesh = _process_mesh()
    g = make_array_from_process_local_data(
        NamedSharding(mesh, PartitionSpec("processes")), block)
    return np.asarray(_replicate(g))


def process_allgather(in_tree, tiled=False):
    """Every process's values, in every process, as numpy arrays: global
    arrays gathered whole; this process's values (numpy arrays, scalars,
    arrays on its own devices) stacked along a new first axis with the
    other processes' (concatenated along the first axis if `tiled`)."""
    return tree_util.tree_map(lambda x: _gather_leaf(x, tiled), in_tree)

