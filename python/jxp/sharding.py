"""jax.sharding: where an array's data lives.

jxp's arrays are on one device today: every array has a
SingleDeviceSharding (jaxlib's class, the one the jit fast path compares in
C++). Meshes and partition specs exist; NamedSharding and arrays on a mesh
are the next step of issue 15."""

from jaxlib import xla_client as _xc
from jaxlib import _jax

from ._src.mesh import AxisType, Mesh, PartitionSpec  # noqa: F401

Sharding = _jax.Sharding
SingleDeviceSharding = _xc.SingleDeviceSharding


def make_single_device_sharding(device):
    return SingleDeviceSharding(device)
