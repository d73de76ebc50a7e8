"""Meshes of devices and partition specs (jax.sharding's Mesh, AxisType,
PartitionSpec and jax.make_mesh), with JAX 0.10's behaviour: a mesh is an
n-dimensional array of devices with a name and a type per axis; a partition
spec says, per array dimension, which mesh axes split it."""

import collections
import enum
import math

import numpy as np

from . import runtime


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
        return list(self.devices.flat)

    is_multi_process = False

    def _axes_of(self, kind):
        return tuple(n for n, t in zip(self.axis_names, self.axis_types)
                     if t is kind)

    auto_axes = property(lambda self: self._axes_of(AxisType.Auto))
    explicit_axes = property(lambda self: self._axes_of(AxisType.Explicit))
    manual_axes = property(lambda self: self._axes_of(AxisType.Manual))

    def _key(self):
        return (self.axis_names, self.axis_types, self.devices.shape,
                tuple(d.id for d in self.devices.flat))

    def __eq__(self, other):
        return isinstance(other, Mesh) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f"Mesh(axis_sizes={self.axis_sizes}, axis_names="
                f"{self.axis_names}, axis_types={self.axis_types})")

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
    devices = list(runtime.devices() if devices is None else devices)
    n = math.prod(axis_shapes)
    if len(devices) < n:
        raise ValueError(f"Number of devices {len(devices)} must be >= the "
                         f"product of mesh_shape {axis_shapes}")
    if axis_types is None:
        axis_types = (AxisType.Explicit,) * len(axis_names)
    grid = np.empty(n, dtype=object)
    grid[:] = devices[:n]
    return Mesh(grid.reshape(axis_shapes), axis_names, axis_types)
