"""The CPU PJRT client and the devices jxp runs on (JAX's
jax/_src/xla_bridge.py): the client, made on first use, its devices and
the default one, and jax's top-level devices(), local_devices(),
device_count(), process_index(), ... After jxp.distributed.initialize the
client is one over every process's devices.

This module and the others that use jaxlib's internals (transfer,
compiler, compilation_cache, host_callback, pxla) never import the ``jax``
package, and avoid the jaxlib entry points that would do so behind jxp's
back.

* jaxlib records a Python traceback with every buffer it makes, for JAX's
  debugging aids; with that on, each execution leaves ~60 bytes behind for
  good, so the client is made with it off.
* Making the client needs none of jaxlib's global x64 / jit states
  (checked): config.py owns them and registers them when it is imported,
  which the package does before any device is used.
* One SingleDeviceSharding per device (``sharding_for``): the jit fast path
  compares shardings by identity first. They belong to the client, and go
  with it (``close_client``).
"""

import gc
import threading

from jaxlib import _jax
from jaxlib import xla_client as _xc

# Guards the client and what is made once for the whole process: jaxlib's
# global states (config.py), the MLIR parsing context and the LAPACK
# registration (compiler.py). Reentrant: making the client runs under it.
_lock = threading.RLock()

_client = None
_devices = None  # every process's
_local_devices = None  # this process's
_device = None  # the default (first local) device
_device_list = None  # xc.DeviceList of the default device
_shardings = {}  # device -> SingleDeviceSharding


class _Group:
    """The process group this process joined (jxp.distributed.initialize;
    distributed.py makes the connections): the client made afterwards
    spans every member's devices."""
    process_id = 0
    num_processes = 1
    coordinator_address = None
    service = None  # the coordination service (process 0)
    client = None  # the distributed-runtime client


_group = _Group()

# CPU devices of the client (jax_num_cpu_devices; -1: jaxlib's default,
# which XLA_FLAGS=--xla_force_host_platform_device_count=N sets).
_num_cpu_devices = -1


def client():
    """The process-wide CPU PJRT client (created on first use)."""
    c = _client
    if c is None:
        c = _make_client()
    return c


def _make_client():
    global _client, _devices, _local_devices, _device, _device_list
    with _lock:
        if _client is None:
            _jax.set_tracebacks_enabled(False)
            num = _num_cpu_devices if _num_cpu_devices > 0 else None
            joined = _group_options()
            if joined is None:
                c = _xc.make_cpu_client(num_devices=num)
            else:
                # One client over every process's devices; collectives
                # between processes through gloo (XLA's CPU backend has
                # none of its own).
                c = _xc.make_cpu_client(
                    num_devices=num, collectives=_jax.make_gloo_tcp_collectives(
                        distributed_client=joined["distributed_client"]),
                    get_local_topology_timeout_minutes=1,
                    get_global_topology_timeout_minutes=1, **joined)
            _devices = list(c.devices())
            _local_devices = list(c.local_devices())
            _device = _local_devices[0]
            _device_list = _xc.DeviceList((_device,))
            _client = c
        return _client


def client_created() -> bool:
    return _client is not None


def close_client() -> None:
    """Drops the PJRT client (distributed.shutdown: before leaving the
    group). Arrays and executables still held keep their own references;
    jxp makes no new ones afterwards."""
    global _client, _devices, _local_devices, _device, _device_list
    with _lock:
        if _client is None:
            return
        gc.collect()  # arrays and executables in reference cycles first
        _client = _devices = _local_devices = _device = _device_list = None
        _shardings.clear()


def _group_options():
    """What the CPU PJRT client needs to join the group: None in a single
    process."""
    if _group.client is None:
        return None
    return dict(distributed_client=_group.client, node_id=_group.process_id,
                num_nodes=_group.num_processes)


def join_group(client, service, process_id, num_processes,
               coordinator_address):
    """Records the group distributed.initialize connected to; it holds
    _lock and has checked that no client exists yet."""
    _group.client, _group.service = client, service
    _group.process_id, _group.num_processes = process_id, num_processes
    _group.coordinator_address = coordinator_address


def leave_group():
    """Closes the PJRT client and forgets the group (distributed.shutdown):
    returns its (client, service) for the caller to shut down, or None when
    this process is in no group."""
    with _lock:
        if _group.client is None:
            return None
        close_client()
        joined = _group.client, _group.service
        _group.client = _group.service = _group.coordinator_address = None
        _group.process_id, _group.num_processes = 0, 1
        return joined


def group_client():
    """The distributed-runtime client (key-value store, barriers), or
    None."""
    return _group.client


def set_num_cpu_devices(n: int) -> None:
    """The number of CPU devices of the client, before it exists (JAX's
    RuntimeError after, unless the number is unchanged)."""
    global _num_cpu_devices
    with _lock:
        if _client is not None and n != _num_cpu_devices:
            raise RuntimeError(
                "jax_num_cpu_devices config should be updated before "
                "backends are initialized i.e. before any JAX operation is "
                "executed. You should initialize this config immediately "
                "after `import jax`.")
        _num_cpu_devices = int(n)


def default_device():
    """The default device: this process's first."""
    if _device is None:
        client()
    return _device


def default_device_list():
    """The xc.DeviceList of the default device."""
    if _device_list is None:
        client()
    return _device_list


def sharding_for(device):
    """The SingleDeviceSharding of `device` (one object per device)."""
    s = _shardings.get(device)
    if s is None:
        s = _shardings.setdefault(device, _xc.SingleDeviceSharding(device))
    return s


def default_sharding():
    return sharding_for(default_device())


# ---------------------------------------------------------------------------
# jax's device and process queries
# ---------------------------------------------------------------------------

def devices(backend=None):
    """Every device: this process's CPU devices (jax_num_cpu_devices), and
    after jxp.distributed.initialize every process's, ordered by id."""
    client()
    return list(_devices)


def local_devices(process_index=None, backend=None):
    """The devices of process `process_index` (this one by default)."""
    if process_index is None or process_index == _group.process_id:
        client()
        return list(_local_devices)
    return [d for d in devices() if d.process_index == process_index]


def device_count(backend=None):
    return len(devices())


def local_device_count(backend=None):
    return len(local_devices())


def process_index(backend=None):
    """This process's index among the processes (0 without distributed)."""
    return _group.process_id


def process_count(backend=None):
    return _group.num_processes


def process_indices(backend=None):
    return list(range(_group.num_processes))


def default_backend():
    return "cpu"
