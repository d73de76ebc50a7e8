"""Meshes of devices, partition specs and named shardings (jax.sharding's
Mesh, AxisType, PartitionSpec, NamedSharding and jax.make_mesh), with JAX
0.10's behaviour: a mesh is an n-dimensional array of devices with a name
and a type per axis; a partition spec says, per array dimension, which mesh
axes split it; a named sharding is the two together, where an array's
pieces live."""

import collections
import enum
import math
import threading
import weakref

import numpy as np

from . import sharding_impl, xla_bridge


class AxisType(enum.Enum):
    """How a mesh axis is partitioned: by the compiler (Auto), by the types
    of the arrays (Explicit), or by the user inside shard_map (Manual)."""

    Auto = enum.auto()
    Explicit = enum.auto()
    Manual = enum.auto()

    def __repr__(self):
        return self.name


class PartitionSpec:
    """Per array dimension: None (not split), a mesh axis name, or a tuple
    of names (split over their product). Printed `P('x', None)`, as in
    JAX."""

    __slots__ = ("_partitions",)

    def __init__(self, *partitions):
        self._partitions = tuple(
            tuple(p) if isinstance(p, list) else p for p in partitions)

    def __len__(self):
        return len(self._partitions)

    def __getitem__(self, i):
        return self._partitions[i]

    def __iter__(self):
        return iter(self._partitions)

    def __eq__(self, other):
        return (isinstance(other, PartitionSpec)
                and self._partitions == other._partitions)

    def __hash__(self):
        return hash(self._partitions)

    def __repr__(self):
        return f"P{self._partitions!r}"  # P('x',) for one, as JAX

    __str__ = __repr__


# The meshes alive, by axis names, shape and devices (the last made wins):
# what a compiled module's `sdy.mesh` stands for (e.g. a shard_map's mesh).
_live_meshes = weakref.WeakValueDictionary()


class Mesh:
    """Devices in an n-dimensional array, one name (and type) per axis.
    `with mesh:` is accepted for code written for older JAX versions."""

    def __init__(self, devices, axis_names, axis_types=None):
        devices = np.asarray(devices, dtype=object)
        if isinstance(axis_names, str):
            axis_names = (axis_names,)
        axis_names = tuple(axis_names)
        if devices.ndim != len(axis_names):
            raise ValueError(
                f"Mesh requires the ndim of its first argument (`devices`) "
                f"to equal the length of its second argument (`axis_names`), "
                f"but got devices.ndim == {devices.ndim} and "
                f"len(axis_names) == {len(axis_names)}.")
        if axis_types is None:
            axis_types = (AxisType.Auto,) * len(axis_names)
        elif isinstance(axis_types, AxisType):
            axis_types = (axis_types,) * len(axis_names)
        axis_types = tuple(axis_types)
        if len(axis_types) != len(axis_names):
            raise ValueError(f"Number of axis names ({len(axis_names)}) "
                             f"must match the number of axis types "
                             f"({len(axis_types)})")
        self.devices = devices
        self.axis_names = axis_names
        self.axis_types = axis_types
        _live_meshes[(axis_names, devices.shape,
                      tuple(d.id for d in devices.flat))] = self

    @property
    def shape(self):
        return collections.OrderedDict(zip(self.axis_names,
                                           self.devices.shape))

    @property
    def shape_tuple(self):
        return tuple(zip(self.axis_names, self.devices.shape))

    @property
    def axis_sizes(self):
        return self.devices.shape

    @property
    def size(self):
        return self.devices.size

    @property
    def empty(self):
        return self.devices.size == 0

    @property
    def device_ids(self):
        return np.vectorize(lambda d: d.id, otypes=[int])(self.devices)

    @property
    def local_devices(self):
        """This process's devices of the mesh."""
        return [d for d in self.devices.flat if sharding_impl.is_addressable(d)]

    @property
    def is_multi_process(self):
        return any(not sharding_impl.is_addressable(d)
                   for d in self.devices.flat)

    def _axes_of(self, kind):
        return tuple(n for n, t in zip(self.axis_names, self.axis_types)
                     if t is kind)

    auto_axes = property(lambda self: self._axes_of(AxisType.Auto))
    explicit_axes = property(lambda self: self._axes_of(AxisType.Explicit))
    manual_axes = property(lambda self: self._axes_of(AxisType.Manual))

    def _key(self):
        key = self.__dict__.get("_key_value")
        if key is None:
            key = self._key_value = (
                self.axis_names, self.axis_types, self.devices.shape,
                tuple(d.id for d in self.devices.flat))
        return key

    @property
    def _flat_devices_tuple(self):
        t = self.__dict__.get("_flat_devices")
        if t is None:
            t = self._flat_devices = tuple(self.devices.flat)
        return t

    def _named_sharding(self, dim_axes):
        """The NamedSharding splitting dimension j over the axes at
        positions dim_axes[j] (sharding_impl's form of a spec)."""
        entries = [None if not axes else self.axis_names[axes[0]]
                   if len(axes) == 1 else
                   tuple(self.axis_names[a] for a in axes)
                   for axes in dim_axes]
        while entries and entries[-1] is None:
            entries.pop()
        return NamedSharding(self, PartitionSpec(*entries))

    def __eq__(self, other):
        return isinstance(other, Mesh) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f"Mesh(axis_sizes={self.axis_sizes}, axis_names="
                f"{self.axis_names}, axis_types={self.axis_types})")

    def __str__(self):
        if self.empty:
            return "Mesh()"
        sizes = ", ".join(f"'{k}': {v}" for k, v in self.shape.items())
        return f"Mesh({sizes}, axis_types={self.axis_types})"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def make_mesh(axis_shapes, axis_names, axis_types=None, *, devices=None):
    """A mesh of the first prod(axis_shapes) devices (or of `devices`),
    row-major; its axes are Explicit unless `axis_types` says otherwise, as
    in JAX 0.10."""
    axis_shapes = tuple(int(s) for s in axis_shapes)
    axis_names = ((axis_names,) if isinstance(axis_names, str)
                  else tuple(axis_names))
    if len(axis_shapes) != len(axis_names):
        raise ValueError(f"Mesh requires the ndim of its first argument "
                         f"(`devices`) to equal the length of its second "
                         f"argument (`axis_names`), but got devices.ndim == "
                         f"{len(axis_shapes)} and len(axis_names) == "
                         f"{len(axis_names)}.")
    devices = list(xla_bridge.devices() if devices is None else devices)
    n = math.prod(axis_shapes)
    if len(devices) < n:
        raise ValueError(f"Number of devices {len(devices)} must be >= the "
                         f"product of mesh_shape {axis_shapes}")
    if axis_types is None:
        axis_types = (AxisType.Explicit,) * len(axis_names)
    grid = np.empty(n, dtype=object)
    grid[:] = devices[:n]
    return Mesh(grid.reshape(axis_shapes), axis_names, axis_types)


# ---------------------------------------------------------------------------
# NamedSharding
# ---------------------------------------------------------------------------


class DuplicateSpecError(Exception):
    """A partition spec using a mesh axis twice (JAX's class)."""

    def __init__(self, message, mesh, pspec):
        super().__init__(message)
        self.message = message
        self.mesh = mesh
        self.pspec = pspec


def _spec_axes(mesh, spec):
    """Per spec entry, the positions of its mesh axes; JAX's errors for
    unknown and repeated axes."""
    index = {n: k for k, n in enumerate(mesh.axis_names)}
    out, seen, repeated = [], set(), []
    for entry in spec:
        if entry is None:
            names = ()
        elif isinstance(entry, tuple):
            names = entry
        else:
            names = (entry,)
        for n in names:
            if n not in index:
                raise ValueError(f"Resource axis: {n} of {spec} is not found "
                                 f"in mesh: {tuple(mesh.shape.keys())}.")
            if n in seen and n not in repeated:
                repeated.append(n)
            seen.add(n)
        out.append(tuple(index[n] for n in names))
    if repeated:
        shown = ", ".join(sorted(f"`{n}`" for n in repeated))
        raise DuplicateSpecError(
            f"A single NamedSharding spec specification can map every mesh "
            f"axis to at most one positional dimension, but {spec} has "
            f"duplicate entries for {shown}", mesh, spec)
    return tuple(out)


class NamedSharding(sharding_impl.MeshSharding):
    """jax.sharding.NamedSharding: an array split over a mesh's axes as a
    PartitionSpec says, replicated over the axes it does not name.

    One object per (mesh, spec, memory kind): equal shardings are the same
    object, which is what makes jaxlib's jit fast path compare them at C
    speed (sharding_impl)."""

    def __new__(cls, mesh, spec, *, memory_kind=None):
        if not isinstance(mesh, Mesh):
            raise TypeError(f"NamedSharding: mesh must be a jax.sharding."
                            f"Mesh, got {type(mesh).__name__}")
        if not isinstance(spec, PartitionSpec):
            raise TypeError(f"NamedSharding: spec must be a PartitionSpec, "
                            f"got {spec!r} of type {type(spec).__name__}")
        key = (mesh, spec, memory_kind)
        s = _named.get(key)
        if s is None:
            with _named_lock:
                s = _named.get(key)
                if s is None:
                    s = cls._create(mesh, spec, memory_kind)
                    canonical = (mesh, spec, s._memory_kind)
                    s = _named.setdefault(canonical, s)
                    _named[key] = s
        return s

    @classmethod
    def _create(cls, mesh, spec, memory_kind):
        dim_axes = _spec_axes(mesh, spec)
        # The C++ base needs an HloSharding, but a named sharding's depends
        # on the rank of the array: jaxlib asks `_to_xla_hlo_sharding(ndim)`
        # for Python subclasses, and uses the base one only for its own
        # classes, so any valid one does.
        s = cls._make(mesh._flat_devices_tuple,
                      sharding_impl.replicated_hlo(), memory_kind)
        s._mesh = mesh
        s._spec = spec
        s._dim_axes = dim_axes
        s._hlos = {}
        return s

    @property
    def mesh(self):
        return self._mesh

    @property
    def spec(self):
        return self._spec

    @property
    def _logical_device_ids(self):
        return None

    @property
    def is_fully_replicated(self):
        sizes = self._mesh.axis_sizes
        return all(sizes[a] == 1 for axes in self._dim_axes for a in axes)

    def _check_rank(self, ndim):
        if ndim < len(self._spec):
            extra = (" For scalars the PartitionSpec should be P()"
                     if ndim == 0 else "")
            raise ValueError(
                f"Sharding {self} is only valid for values of rank at least "
                f"{len(self._spec)}, but was applied to a value of rank "
                f"{ndim}.{extra}")

    def _dims(self, ndim):
        """Mesh axis positions splitting each of `ndim` dimensions."""
        return list(self._dim_axes) + [()] * (ndim - len(self._dim_axes))

    def _to_xla_hlo_sharding(self, num_dimensions):
        hlo = self._hlos.get(num_dimensions)
        if hlo is None:
            self._check_rank(num_dimensions)
            hlo = sharding_impl.named_hlo(tuple(self._mesh.axis_sizes),
                                          self._dims(num_dimensions))
            self._hlos[num_dimensions] = hlo
        return hlo

    def _check_shape(self, shape):
        self._check_rank(len(shape))
        sizes = self._mesh.axis_sizes
        for j, axes in enumerate(self._dim_axes):
            parts = math.prod(sizes[a] for a in axes)
            if shape[j] % parts:
                raise ValueError(
                    f"Sharding spec "
                    f"{tuple(self._mesh.axis_names[a] for a in axes)} "
                    f"implies that array "
                    f"axis {j} is partitioned {parts} times, but does not "
                    f"evenly divide the dimension size {shape[j]}. Got "
                    f"shape: {tuple(shape)} and sharding {self}")

    def _sdy_dims(self, ndim):
        """Per dimension, the names of the mesh axes splitting it."""
        names = self._mesh.axis_names
        return [[names[a] for a in axes] for axes in self._dims(ndim)]

    def with_memory_kind(self, kind):
        return NamedSharding(self._mesh, self._spec, memory_kind=kind)

    def with_spec(self, spec):
        if not isinstance(spec, PartitionSpec):
            spec = PartitionSpec(*spec)
        return NamedSharding(self._mesh, spec, memory_kind=self.memory_kind)

    def __repr__(self):
        mem = ("" if self.memory_kind is None
               else f", memory_kind={self.memory_kind}")
        return f"NamedSharding(mesh={self._mesh}, spec={self._spec}{mem})"

    def __reduce__(self):
        return (_unpickle_named_sharding,
                (self._mesh, self._spec, self.memory_kind))


def _unpickle_named_sharding(mesh, spec, memory_kind):
    return NamedSharding(mesh, spec, memory_kind=memory_kind)


_named = {}  # (mesh, spec, memory kind) -> NamedSharding
_named_lock = threading.Lock()


def mesh_from_module(devices, axis_names, axis_sizes):
    """The user's mesh a module's mesh stands for, if one is alive, else a
    new one (Auto axes): pxla shows a compiled program's shardings on the
    meshes its module declares."""
    key = (tuple(axis_names), tuple(axis_sizes), tuple(d.id for d in devices))
    mesh = _live_meshes.get(key)
    if mesh is None:
        grid = np.empty(len(devices), dtype=object)
        grid[:] = list(devices)
        mesh = Mesh(grid.reshape(tuple(axis_sizes)), tuple(axis_names))
    return mesh
