"""Several processes as one SPMD machine, on jaxlib's distributed runtime.

`initialize` does what `jax.distributed.initialize` does, with jaxlib's
parts: process 0 starts the coordination service, every process connects a
client to it, and the CPU PJRT client made afterwards (xla_bridge.py) sees
every process's devices as global devices, with gloo collectives between
processes. Programs over a mesh spanning processes are compiled in every
process with the same device assignment and run with each process's local
shards.

`shutdown` tears down in the order that lets every peer exit cleanly: the
PJRT client (arrays and executables first), the distributed client (a
barrier with the peers), the service last. It runs at exit if the user did
not call it.

A process that dies stops sending heartbeats; after
`heartbeat_timeout_seconds` the coordination service tells the others,
which jaxlib then terminates with a message naming the dead process (as in
JAX): a collective waiting for the dead peer ends, it does not hang.
(jaxlib's hook to handle this in Python, `missed_heartbeat_callback`,
fails to convert its status argument and aborts.)
"""

import atexit
import os
import socket
import threading
import time

from jaxlib import _jax

from . import xla_bridge

__all__ = ["initialize", "shutdown", "is_initialized"]

# Serializes initialize and shutdown. initialize also holds the client's
# lock: no thread makes a single-process client while this one joins the
# group (it waits, then gets the group's).
_lock = threading.Lock()


def _check_int(name, value, low, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be {what}. Got {name}={value!r} of type "
                        f"{type(value)}.")
    if value < low:
        raise ValueError(f"{name} must be {what}, got {value}")


def initialize(coordinator_address=None, num_processes=None, process_id=None,
               local_device_ids=None, cluster_detection_method=None,
               initialization_timeout=300, heartbeat_timeout_seconds=100,
               shutdown_timeout_seconds=300, coordinator_bind_address=None,
               slice_index=None, partition_index=None):
    """Connects this process to the others (JAX's signature): process 0
    serves the coordination service on `coordinator_address` ("host:port",
    or the JAX_COORDINATOR_ADDRESS environment variable); each process
    gives `num_processes` and its `process_id`. Call it before any other
    jxp call that uses devices. `local_device_ids` (or JAX_LOCAL_DEVICE_IDS)
    names accelerator devices in JAX; on CPU every local device is used.
    Raises a RuntimeError naming the address if the coordinator cannot be
    reached within `initialization_timeout` seconds."""
    coordinator_address = (coordinator_address
                           or os.environ.get("JAX_COORDINATOR_ADDRESS"))
    if local_device_ids is None and os.environ.get("JAX_LOCAL_DEVICE_IDS"):
        local_device_ids = [int(i) for i in
                            os.environ["JAX_LOCAL_DEVICE_IDS"].split(",")]
    if cluster_detection_method not in (None, "deactivate"):
        raise NotImplementedError(
            f"cluster_detection_method={cluster_detection_method!r}: jxp "
            f"detects no cluster environment; pass coordinator_address, "
            f"num_processes and process_id")
    if coordinator_address is None:
        raise ValueError("coordinator_address should be defined.")
    if num_processes is None:
        raise ValueError("Number of processes must be defined.")
    if process_id is None:
        raise ValueError("The process id of the current process must be "
                         "defined.")
    _check_int("process_id", process_id, 0, "a nonnegative int")
    _check_int("num_processes", num_processes, 1, "a positive int")
    if not process_id < num_processes:
        raise ValueError(
            f"process_id and num_processes must be nonnegative, with "
            f"process_id < num_processes. Got process_id={process_id}, "
            f"num_processes={num_processes}.")
    if ":" not in coordinator_address:
        raise ValueError(f"coordinator_address must be 'host:port', got "
                         f"{coordinator_address!r}")
    bind = (coordinator_bind_address
            or os.environ.get("JAX_COORDINATOR_BIND_ADDRESS")
            or "[::]:" + coordinator_address.rsplit(":", 1)[1])
    with _lock, xla_bridge._lock:
        if xla_bridge.group_client() is not None:
            raise RuntimeError("distributed.initialize should only be called "
                               "once.")
        if xla_bridge.client_created():
            raise RuntimeError(
                "jax.distributed.initialize() must be called before any JAX "
                "computations are executed.")
        service = None
        if process_id == 0:
            try:
                service = _jax.get_distributed_runtime_service(
                    bind, num_processes,
                    heartbeat_timeout=heartbeat_timeout_seconds,
                    shutdown_timeout=shutdown_timeout_seconds)
            except _jax.JaxRuntimeError as e:
                raise RuntimeError(f"could not start the coordination "
                                   f"service on {bind}: {e}") from None
        try:
            _wait_for_coordinator(coordinator_address, initialization_timeout)
        except RuntimeError as e:
            if service is not None:
                service.shutdown()
            raise RuntimeError(f"process {process_id}: {e}") from None
        client = _jax.get_distributed_runtime_client(
            coordinator_address, process_id,
            init_timeout=int(initialization_timeout),
            heartbeat_timeout=heartbeat_timeout_seconds,
            shutdown_timeout=shutdown_timeout_seconds,
            use_compression=True)
        try:
            client.connect()
        except _jax.JaxRuntimeError as e:
            if service is not None:
                service.shutdown()
            raise RuntimeError(
                f"process {process_id} could not connect to the coordinator "
                f"at {coordinator_address} within {initialization_timeout} s "
                f"({num_processes} processes expected): "
                f"{str(e).splitlines()[0]}") from None
        xla_bridge.join_group(client, service, process_id, num_processes,
                              coordinator_address)


def _wait_for_coordinator(address, timeout):
    """Returns once the coordinator accepts connections; RuntimeError naming
    the address after `timeout` seconds. (jaxlib's own connect aborts the
    process when it cannot register.)"""
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    deadline = time.monotonic() + float(timeout)
    while True:
        try:
            socket.create_connection((host, int(port)), timeout=1.0).close()
            return
        except OSError as e:
            if time.monotonic() >= deadline:
                raise RuntimeError(
                    f"could not reach the coordinator at {address} within "
                    f"{timeout} s (initialization_timeout): {e}") from None
            time.sleep(0.1)


def is_initialized():
    return xla_bridge.group_client() is not None


def key_value_set(key, value):
    xla_bridge.group_client().key_value_set(key, value)


def key_value_get(key, timeout_ms):
    return xla_bridge.group_client().blocking_key_value_get(key, timeout_ms)


def barrier(name, timeout_ms):
    xla_bridge.group_client().wait_at_barrier(name, timeout_ms)


def shutdown():
    """Leaves the group: the PJRT client (after its arrays and executables)
    first, then the distributed client (which waits for the peers), then
    the service (process 0). Nothing happens in a single process."""
    with _lock:
        joined = xla_bridge.leave_group()
        if joined is None:
            return
        client, service = joined
        try:
            client.shutdown()
        finally:
            if service is not None:
                service.shutdown()


atexit.register(shutdown)
