"""Shardings of jxp's arrays on several devices, and their arithmetic.

jaxlib describes where an array's pieces live with a device list and an
XLA HloSharding whose tile assignment names *positions* in that list. jxp's
multi-device shardings are Python subclasses of jaxlib's C++
`GSPMDSharding`, for what jaxlib does with them (verified with jaxlib
0.10.2, without importing `jax`):

* The C++ base holds the device list, so the jit fast path counts devices
  without calling Python, and `batched_device_put` / `reorder_shards` read
  the device list, `memory_kind` and `_to_xla_hlo_sharding(ndim)` (one call
  per transfer) from the subclass.
* The fast path keys and compares a subclass's shardings with its Python
  `__hash__` / `__eq__`. Every sharding here is interned (one object per
  value), so both are `object`'s identity slots: no Python function runs
  per argument per call. (JAX's `NamedSharding` is a C++ class whose
  constructor imports `jax`: jxp cannot use it.)
* JAX, when imported, sets its own methods on the C++ `GSPMDSharding`;
  the subclasses define every method whose meaning differs, so that what
  JAX sets never leaks into jxp's shardings.

`NamedSharding` (a mesh and a partition spec) lives with the meshes
(mesh.py); `GSPMDSharding` here is the positional sharding of a compiled
program's input or output that no known mesh expresses. The functions below
work on any jaxlib sharding: device lists, which slice each device holds,
whether two shardings lay an array out identically, and which partition
spec on a mesh gives an HloSharding.
"""

import itertools
import math
import threading

import numpy as np
from jaxlib import _jax
from jaxlib import xla_client as _xc

from . import xla_bridge

_HloSharding = _xc.HloSharding
_SingleDeviceSharding = _xc.SingleDeviceSharding
_CppGSPMDSharding = _jax.GSPMDSharding
# Captured before JAX (if imported later) sets attributes on the class.
_cpp_new = _CppGSPMDSharding.__new__
_cpp_init = _CppGSPMDSharding.__init__
_REPLICATED = _xc.OpSharding.Type.REPLICATED

_lock = threading.RLock()


def replicated_hlo():
    return _HloSharding.replicate()


class MeshSharding(_CppGSPMDSharding):
    """Base of jxp's multi-device shardings: interned instances (made by
    `_make`), identity equality, and the attributes of JAX's `Sharding`
    that do not depend on how the array is split."""

    # Identity: instances are interned. Set explicitly so that methods JAX
    # puts on the C++ base class are not inherited.
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def __init__(self, *args, **kwargs):
        # Instances are built once, by _make (called from __new__).
        pass

    @classmethod
    def _make(cls, devices, hlo, memory_kind):
        self = _cpp_new(cls)
        _cpp_init(self, _xc.DeviceList(tuple(devices)), hlo, memory_kind)
        self._devs = tuple(devices)
        return self

    @property
    def memory_kind(self):
        return self._memory_kind

    @property
    def _device_assignment(self):
        return self._devs

    @property
    def _addressable_device_assignment(self):
        return tuple(d for d in self._devs if is_addressable(d))

    @property
    def device_set(self):
        return set(self._devs)

    @property
    def addressable_devices(self):
        return set(self._addressable_device_assignment)

    @property
    def num_devices(self):
        return len(self._devs)

    @property
    def is_fully_addressable(self):
        return all(is_addressable(d) for d in self._devs)

    def devices_indices_map(self, global_shape):
        """{device: the index (a tuple of slices) of its piece}, in device
        order, as JAX's."""
        return dict(indices_map(self, tuple(global_shape)))

    def addressable_devices_indices_map(self, global_shape):
        """devices_indices_map of this process's devices."""
        return dict(addressable_indices_map(self, tuple(global_shape)))

    def shard_shape(self, global_shape):
        global_shape = tuple(global_shape)
        self._check_shape(global_shape)
        return shard_shape(self, global_shape)

    def _check_shape(self, shape):
        """Raises ValueError if arrays of `shape` cannot have this
        sharding."""

    def is_equivalent_to(self, other, ndim):
        return same_layout(self, other, ndim)

    # Immutable and interned: copies are the object.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo=None):
        return self


class GSPMDSharding(MeshSharding):
    """A device list and an XLA HloSharding over its positions: how jxp
    shows a compiled program's sharding that no known mesh expresses."""

    def __new__(cls, devices, hlo, memory_kind=None):
        devices = tuple(devices)
        if not isinstance(hlo, _HloSharding):
            hlo = _HloSharding.from_proto(hlo)
        key = (tuple(d.id for d in devices), hlo, memory_kind)
        s = _gspmd.get(key)
        if s is None:
            with _lock:
                s = _gspmd.get(key)
                if s is None:
                    s = cls._make(devices, hlo, memory_kind)
                    s._hlo = hlo
                    _gspmd[key] = s
                    _gspmd[(key[0], hlo, s._memory_kind)] = s
        return s

    def _to_xla_hlo_sharding(self, num_dimensions):
        return self._hlo

    @property
    def is_fully_replicated(self):
        return _is_replicated(self._hlo)

    def _check_shape(self, shape):
        hlo = self._hlo
        if _is_replicated(hlo):
            return
        dims = hlo.tile_assignment_dimensions()
        ndata = len(dims) - _num_replica_dims(hlo)
        if len(shape) != ndata:
            raise ValueError(f"Sharding {self} is only valid for values of "
                             f"rank {ndata}, but was applied to a value of "
                             f"rank {len(shape)}.")

    def with_memory_kind(self, kind):
        return GSPMDSharding(self._devs, self._hlo, kind)

    def __repr__(self):
        mem = ("" if self.memory_kind is None
               else f", memory_kind={self.memory_kind}")
        return f"GSPMDSharding({self._hlo!r}{mem})"

    def __reduce__(self):
        return (GSPMDSharding, (self._devs, self._hlo.to_proto(),
                                self.memory_kind))


_gspmd = {}  # (device ids, HloSharding, memory kind) -> GSPMDSharding


# ---------------------------------------------------------------------------
# Any sharding: devices, HloSharding, layout
# ---------------------------------------------------------------------------


def devices_of(s):
    """The device list of a jaxlib sharding (a tuple, in order)."""
    devs = getattr(s, "_devs", None)
    if devs is None:
        devs = tuple(s._internal_device_list)
    return devs


def num_devices(s):
    if type(s) is _SingleDeviceSharding:
        return 1
    return len(devices_of(s))


def is_single_device(s):
    """Whether `s` places an array on one device."""
    return type(s) is _SingleDeviceSharding or num_devices(s) == 1


def hlo_of(s, ndim):
    """The HloSharding of sharding `s` for arrays of rank `ndim`."""
    if type(s) is _SingleDeviceSharding:
        return _HloSharding.replicate()
    if type(s) is _CppGSPMDSharding:
        return s._hlo_sharding
    return s._to_xla_hlo_sharding(ndim)


def _num_replica_dims(hlo):
    """Trailing tile dimensions that replicate instead of splitting."""
    return (1 if hlo.replicate_on_last_tile_dim() else
            len(hlo.subgroup_types()))


def _is_replicated(hlo):
    if hlo.is_replicated():
        return True
    if not hlo.is_tiled():
        return False
    dims = hlo.tile_assignment_dimensions()
    data = dims[:len(dims) - _num_replica_dims(hlo)]
    return math.prod(data) == 1 and all(
        t == _REPLICATED for t in hlo.subgroup_types())


_layouts = {}  # (interned sharding, ndim) -> layout


def _cacheable(s):
    return isinstance(s, MeshSharding) or type(s) is _SingleDeviceSharding


def layout(s, ndim):
    """What decides where an array's bytes are: (device ids in order, the
    HloSharding, replicated ones normalized). Arrays whose shardings have
    equal layouts hold the same pieces on the same devices in the same
    order, which is what a compiled program checks (badly: a mismatch
    crashes the process)."""
    key = (s, ndim)
    if _cacheable(s):
        out = _layouts.get(key)
        if out is not None:
            return out
    out = hlo_layout(devices_of(s), hlo_of(s, ndim), ndim)
    if _cacheable(s):
        if len(_layouts) > 4096:
            _layouts.clear()
        _layouts[key] = out
    return out


def hlo_layout(devices, hlo, ndim):
    """layout() of a sharding over `devices` with HloSharding `hlo`."""
    if len(devices) == 1 or _is_replicated(hlo):
        hlo = _HloSharding.replicate()
    return (tuple(d.id for d in devices), hlo)


def same_layout(a, b, ndim):
    return a is b or layout(a, ndim) == layout(b, ndim)


def is_fully_replicated(s, ndim=None):
    if type(s) is _SingleDeviceSharding:
        return True
    r = getattr(s, "is_fully_replicated", None)
    if isinstance(r, bool):
        return r
    return _is_replicated(hlo_of(s, ndim))


# ---------------------------------------------------------------------------
# Which slice of an array each device holds
# ---------------------------------------------------------------------------

_indices = {}  # (interned sharding, shape) -> [(device, index)]


def _chunk(size, parts, i):
    if parts == 1:
        return slice(None)
    step = -(-size // parts)
    return slice(min(i * step, size), min((i + 1) * step, size))


def indices_map(s, shape):
    """[(device, index)] in device-list order: the slice of an array of
    `shape` each device of `s` holds (JAX's devices_indices_map, as a
    list)."""
    key = (s, shape)
    if _cacheable(s):
        out = _indices.get(key)
        if out is not None:
            return out
    devs = devices_of(s)
    ndim = len(shape)
    full = (slice(None),) * ndim
    hlo = hlo_of(s, ndim)
    if len(devs) == 1 or _is_replicated(hlo):
        out = [(d, full) for d in devs]
    elif not hlo.is_tiled():
        raise NotImplementedError(f"jxp cannot place arrays with sharding "
                                  f"{hlo}")
    else:
        dims = hlo.tile_assignment_dimensions()
        tiles = np.asarray(hlo.tile_assignment_devices()).reshape(dims)
        by_device = {}
        for coord in np.ndindex(*dims):
            by_device[int(tiles[coord])] = tuple(
                _chunk(shape[j], dims[j], coord[j]) for j in range(ndim))
        out = [(d, by_device[p]) for p, d in enumerate(devs)]
    if _cacheable(s):
        if len(_indices) > 4096:
            _indices.clear()
        _indices[key] = out
    return out


def is_addressable(device):
    """Whether `device` is this process's (every device is, in a single
    process)."""
    return device.process_index == xla_bridge.process_index()


def is_fully_addressable(s):
    if type(s) is _SingleDeviceSharding:
        return is_addressable(s._device)
    return all(is_addressable(d) for d in devices_of(s))


def addressable_indices_map(s, shape):
    """indices_map of this process's devices only (all of them in a single
    process)."""
    out = indices_map(s, shape)
    if xla_bridge.process_count() == 1:
        return out
    return [(d, i) for d, i in out if is_addressable(d)]


def index_key(index):
    """A hashable form of an index (slices are not hashable)."""
    return tuple((i.start, i.stop) for i in index)


def replica_ids(s, shape):
    """Per device (in order): its piece's replica number, counting devices
    that hold the same piece in device order (as JAX's)."""
    seen = {}
    out = []
    for _, idx in indices_map(s, shape):
        k = index_key(idx)
        out.append(seen.get(k, 0))
        seen[k] = out[-1] + 1
    return out


def shard_shape(s, shape):
    _, idx = indices_map(s, shape)[0]
    return tuple(len(range(*i.indices(n))) for i, n in zip(idx, shape))


_fronts = {}  # (interned sharding, position, ndim) -> C++ GSPMDSharding


def front_sharding(s, i, ndim):
    """A C++ GSPMDSharding laying arrays out exactly as `s` does, but with
    device i first in its list: `reorder_shards` to it relabels an array
    without moving data, and DLPack then exports device i's piece (DLPack
    of a multi-device array gives the first device's piece)."""
    key = (s, i, ndim)
    out = _fronts.get(key) if _cacheable(s) else None
    if out is not None:
        return out
    devs = devices_of(s)
    order = [devs[i]] + [d for k, d in enumerate(devs) if k != i]
    pos = {d.id: p for p, d in enumerate(order)}
    hlo = hlo_of(s, ndim)
    if _is_replicated(hlo):
        new = _HloSharding.replicate()
    else:
        op = _xc.OpSharding()
        op.type = _xc.OpSharding.Type.OTHER
        op.tile_assignment_dimensions = list(hlo.tile_assignment_dimensions())
        op.tile_assignment_devices = [pos[devs[p].id]
                                      for p in hlo.tile_assignment_devices()]
        if hlo.replicate_on_last_tile_dim():
            op.replicate_on_last_tile_dim = True
        elif hlo.subgroup_types():
            op.last_tile_dims = list(hlo.subgroup_types())
        new = _HloSharding.from_proto(op)
    out = _CppGSPMDSharding(_xc.DeviceList(tuple(order)), new)
    if _cacheable(s):
        if len(_fronts) > 4096:
            _fronts.clear()
        _fronts[key] = out
    return out


def check_shape(s, shape):
    """Raises ValueError if an array of `shape` cannot have sharding `s`
    (the rank or an uneven split), as JAX's device_put."""
    check = getattr(s, "_check_shape", None)
    if check is not None:
        check(tuple(shape))


# ---------------------------------------------------------------------------
# Partition specs on a mesh <-> HloShardings
# ---------------------------------------------------------------------------


def named_hlo(axis_sizes, dim_axes):
    """The HloSharding of an array whose dimension j is split over the mesh
    axes dim_axes[j] (positions, major to minor) of a mesh with
    `axis_sizes`, whose devices are numbered row-major; mesh axes no
    dimension uses replicate (a last tile dimension)."""
    used = [a for axes in dim_axes for a in axes]
    tile = [math.prod(axis_sizes[a] for a in axes) for axes in dim_axes]
    unused = [a for a in range(len(axis_sizes)) if a not in used]
    rep = math.prod(axis_sizes[a] for a in unused)
    if math.prod(tile) == 1:
        return _HloSharding.replicate()
    if rep > 1:
        return _HloSharding.iota_tile(tile + [rep], list(axis_sizes),
                                      used + unused, [_REPLICATED])
    return _HloSharding.iota_tile(tile, list(axis_sizes), used + unused)


def dim_axes_for(hlo, axis_sizes, ndim):
    """The mesh axes (positions) splitting each of `ndim` dimensions such
    that named_hlo gives `hlo`, or None if no spec on this mesh does."""
    if _is_replicated(hlo):
        return [()] * ndim
    if not hlo.is_tiled() or any(t != _REPLICATED
                                 for t in hlo.subgroup_types()):
        return None
    dims = hlo.tile_assignment_dimensions()
    data = dims[:len(dims) - _num_replica_dims(hlo)]
    if len(data) != ndim:
        return None
    axes = [a for a, n in enumerate(axis_sizes) if n > 1]

    def choices(parts, free):
        if parts == 1:
            yield ()
            return
        for r in range(1, len(free) + 1):
            for combo in itertools.permutations(free, r):
                if math.prod(axis_sizes[a] for a in combo) == parts:
                    yield combo

    def assign(j, free):
        if j == ndim:
            yield []
            return
        for combo in choices(data[j], free):
            rest = [a for a in free if a not in combo]
            for tail in assign(j + 1, rest):
                yield [combo] + tail

    for cand in assign(0, axes):
        if named_hlo(axis_sizes, cand) == hlo:
            return cand
    return None


def sharding_from_hlo(hlo, devices, meshes, ndim):
    """The sharding to show for `hlo` over several `devices` (a program's
    input or output): a NamedSharding on the first of `meshes` (whose devices, in
    row-major order, are `devices`) that expresses it, else a
    GSPMDSharding."""
    devices = tuple(devices)
    for mesh in meshes:
        if mesh_devices(mesh) != devices:
            continue
        dim_axes = dim_axes_for(hlo, tuple(mesh.axis_sizes), ndim)
        if dim_axes is not None:
            return mesh._named_sharding(dim_axes)
    return GSPMDSharding(devices, hlo)


def mesh_devices(mesh):
    """A mesh's devices, row-major, as a tuple."""
    t = getattr(mesh, "_flat_devices_tuple", None)
    return tuple(mesh.devices.flat) if t is None else t
