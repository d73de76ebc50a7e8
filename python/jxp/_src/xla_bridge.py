"""The devices and processes jxp runs on, as jax's top-level devices(),
local_devices(), device_count(), process_index(), ... (JAX's
jax/_src/xla_bridge.py): the runtime's CPU devices and, after
jxp.distributed.initialize, every process's."""

from jxp._src import distributed, runtime


def devices(backend=None):
    """Every device: this process's CPU devices (jax_num_cpu_devices), and
    after jxp.distributed.initialize every process's, ordered by id."""
    return runtime.devices()


def local_devices(process_index=None, backend=None):
    """The devices of process `process_index` (this one by default)."""
    if process_index is None or process_index == distributed.process_index():
        return runtime.local_devices()
    return [d for d in runtime.devices() if d.process_index == process_index]


def device_count(backend=None):
    return len(runtime.devices())


def local_device_count(backend=None):
    return len(runtime.local_devices())


def process_index(backend=None):
    """This process's index among the processes (0 without distributed)."""
    return distributed.process_index()


def process_count(backend=None):
    return distributed.process_count()


def process_indices(backend=None):
    return list(range(distributed.process_count()))


def default_backend():
    return "cpu"
