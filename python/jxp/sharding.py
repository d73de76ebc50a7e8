"""jax.sharding: where an array's data lives.

jxp runs on one device today: every array has a SingleDeviceSharding
(jaxlib's class, the one the jit fast path compares in C++). Meshes and
NamedSharding come with several devices."""

from jaxlib import xla_client as _xc
from jaxlib import _jax

Sharding = _jax.Sharding
SingleDeviceSharding = _xc.SingleDeviceSharding


def make_single_device_sharding(device):
    return SingleDeviceSharding(device)
