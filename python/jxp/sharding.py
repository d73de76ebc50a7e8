"""jax.sharding: where an array's data lives.

An array lives on one device (SingleDeviceSharding, jaxlib's class) or is
split over a mesh of devices (NamedSharding: a Mesh and a PartitionSpec).
`jxp.device_put(x, sharding)` places arrays; `jxp.jit` of sharded arrays
runs one SPMD program over their devices and keeps its results sharded."""

from jaxlib import xla_client as _xc
from jaxlib import _jax

from ._src.mesh import (  # noqa: F401
    AxisType, Mesh, NamedSharding, PartitionSpec)

Sharding = _jax.Sharding
SingleDeviceSharding = _xc.SingleDeviceSharding


def make_single_device_sharding(device):
    return SingleDeviceSharding(device)
