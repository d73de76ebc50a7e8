"""Tests for jxp._src.xla_bridge (the PJRT CPU client and devices)."""

from jxp._src import xla_bridge


def test_client_is_cached_and_has_cpu_device():
    c = xla_bridge.client()
    assert c is xla_bridge.client()
    devs = xla_bridge.devices()
    assert len(devs) >= 1
    assert devs[0].platform == "cpu"


def test_one_sharding_per_device():
    # The jit fast path compares shardings by identity first.
    device = xla_bridge.default_device()
    assert device == xla_bridge.local_devices()[0]
    assert xla_bridge.sharding_for(device) is xla_bridge.sharding_for(device)
    assert xla_bridge.default_sharding() is xla_bridge.sharding_for(device)
