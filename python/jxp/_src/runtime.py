"""jxp's runtime: the only module that touches jaxlib internals.

It owns the CPU PJRT client, compilation (with JAX's persistent executable
cache), host<->device transfers and execution, and an MLIR context for
reading StableHLO text.  It never imports the ``jax`` package, and avoids
the jaxlib entry points that would do so behind our back.

jaxlib behaviour this module relies on or works around (jaxlib 0.10.2):

* jaxlib's C++ builds avals for arrays *it* creates by importing
  ``jax.core.ShapedArray`` (``MakeShapedArrayCached``).  That happens in
  ``ExecuteResults.disassemble_into_single_device_arrays`` and in every
  ``ArrayImpl`` method going through ``FullyReplicatedShard`` (e.g.
  ``_single_device_array_to_np_array_did_copy``, ``unsafe_buffer_pointer``,
  ``_arrays``, ``clone``).  We therefore collect outputs with
  ``consume_with_handlers`` + ``array_result_handler`` (our own avals) and
  read buffers back through DLPack (copying: see ``to_numpy``).
* ``batched_device_put`` consults jaxlib's x64 state unless ``enable_x64`` is
  passed explicitly; with x64 off it silently narrows 64-bit host data to 32
  bits on device while keeping the 64-bit aval.  We always pass
  ``enable_x64=True``, so the device buffer has exactly the numpy dtype;
  canonicalizing dtypes is the caller's job.
* The default host-buffer semantics (ZERO_COPY) can make the device buffer
  alias the numpy array's memory (observed for large arrays), so a later
  in-place write to the numpy array would change the device value.  We copy
  during the call unless the caller opts out (``copy=False``).
* ``Client.compile_and_load`` takes StableHLO text itself: it parses and
  verifies it in jaxlib's own MLIR context (with the GIL released), so
  compiles need no parse here; its parse errors arrive as
  ``JaxRuntimeError``, which we turn into ``ValueError`` by parsing the text
  ourselves, on that error path only.  ``LoadedExecutable.serialize`` and
  ``Client.deserialize_executable`` are what JAX's compilation cache uses.
* ``batched_device_put`` needs a sharding whose Python class provides
  ``memory_kind`` and ``_to_xla_hlo_sharding``.  JAX sets those on the C++
  ``SingleDeviceSharding`` class when imported; jxp sets the ones still
  missing, with the same meaning, and uses plain C++ shardings: the jit fast
  path compares those in C++ (a Python subclass cost 0.4 us per call).
* The arrays made here carry a jxp ``ShapedArray`` as their aval (avals.py):
  that is what makes them jxp's arrays (array.py).

Several devices (sharding_impl.py has the shardings):

* A program over several devices is one SPMD program: Shardy annotations
  (``sdy.mesh`` symbols, ``sdy.sharding`` on ``@main``'s arguments),
  ``mhlo.num_partitions``, and compile options with ``num_partitions``, SPMD
  and Shardy partitioning and the device assignment (``compile_sharded``).
  Its input and output shardings are read back from the executable.
* ``execute_sharded`` with an argument laid out otherwise than the program
  expects (another sharding, or the same devices in another order) crashes
  the process; ``Executable.execute`` therefore moves every argument where
  the program wants it first (``reshard``).
* Reading a sharded array: DLPack exports only the piece of the first
  device of an array's list, and jaxlib's other ways (``_arrays``,
  ``disassemble_into_single_device_arrays`` ...) import ``jax``. Each piece
  is read by relabelling the array with a sharding listing its device first
  (``reorder_shards``, no data moved) and exporting that.
"""

from __future__ import annotations

import ctypes
import gc
import math
import os
import threading
import time
import traceback

# Quiet XLA's C++ INFO logs (e.g. the PJRT device-count banner), like JAX does.
# Must happen before jaxlib's shared libraries initialize logging.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

import numpy as np  # noqa: E402

from . import distributed, sharding_impl  # noqa: E402
from .avals import ShapedArray  # noqa: E402

try:  # The compiler reports the facts of a program (Program).
    from .. import _jxp  # noqa: E402
except ImportError:  # this module loaded alone, outside its package (tests)
    from jxp import _jxp  # noqa: E402

from jaxlib import _jax  # noqa: E402
from jaxlib import xla_client as _xc  # noqa: E402

try:  # jaxlib depends on ml_dtypes, so this is always available in practice.
    import ml_dtypes as _ml_dtypes  # noqa: E402
except ImportError:  # pragma: no cover
    _ml_dtypes = None

__all__ = [
    "client", "devices", "set_x64", "x64_enabled", "parse_stablehlo",
    "compile", "Executable", "device_put", "to_numpy", "block_until_ready",
    "DeviceBuffer", "set_compilation_cache", "compilation_cache_dir",
    "compilation_cache_stats", "compile_sharded", "lower_sharded", "reshard",
    "addressable_shards", "assemble",
]

#: Type of the device buffers handed out by this module.
DeviceBuffer = _jax.ArrayImpl

_lock = threading.RLock()

# ---------------------------------------------------------------------------
# x64 state
# ---------------------------------------------------------------------------

_x64_config = None  # the _jax.config.Config registered with jaxlib
_x64_value = False


def _ensure_x64_state():
    global _x64_config
    if _x64_config is None:
        with _lock:
            if _x64_config is None:
                cfg = _jax.config.Config("jax_enable_x64", _x64_value,
                                         include_in_jit_key=True,
                                         include_in_trace_context=True)
                _jax.jax_jit.set_enable_x64_state(cfg)
                _x64_config = cfg
    return _x64_config


def set_x64(enabled: bool) -> None:
    """Enables/disables 64-bit types in jaxlib's global x64 state.

    device_put does not depend on it (it always transfers the exact dtype).
    """
    global _x64_value
    enabled = bool(enabled)
    with _lock:
        _x64_value = enabled
        _ensure_x64_state().set_global(enabled)


def x64_enabled() -> bool:
    return _x64_value


# The other global states jaxlib's jit fast path reads (it refuses to run
# without them), and jxp's own part of every fast-path key.
_jit_configs = None


def _ensure_jit_state():
    global _jit_configs
    if _jit_configs is None:
        with _lock:
            if _jit_configs is None:
                _ensure_x64_state()
                disable = _jax.config.Config("jax_disable_jit", False)
                hook = _jax.config.Config("jax_post_hook", None)
                key = _jax.config.Config("jxp_trace_key", None,
                                         include_in_jit_key=True)
                # jxp's disable_jit is its own (JAX's import replaces
                # jaxlib's): part of every key, so that no cached program
                # runs while it is on, and read by jit's cache miss.
                jxp_disable = _jax.config.Config("jxp_disable_jit", False,
                                                 include_in_jit_key=True)
                _jax.jax_jit.set_disable_jit_state(disable)
                _jax.jax_jit.set_post_hook_state(hook)
                _jit_configs = {"disable_jit": jxp_disable, "trace_key": key}
    return _jit_configs


def set_jit_key(value) -> None:
    """Sets jxp's part of every fast-path cache key (the flags that change
    what a traced program means: jxp.config's trace_key)."""
    _ensure_jit_state()["trace_key"].set_global(value)


def swap_disable_jit(value):
    """Sets this thread's jxp disable-jit state (jxp's jit functions then
    call their Python function directly); returns the previous one, to
    pass back."""
    return _ensure_jit_state()["disable_jit"].swap_local(value)


def jit_disabled() -> bool:
    return bool(_ensure_jit_state()["disable_jit"].value)


# ---------------------------------------------------------------------------
# Client and devices
# ---------------------------------------------------------------------------

_client = None
_devices = None  # every process's
_local_devices = None  # this process's
_device = None  # the default (first local) device
_device_list = None  # xc.DeviceList of the default device


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
            _ensure_x64_state()
            # jaxlib records a Python traceback with every buffer it makes
            # (for JAX's debugging aids, which jxp does not use); with it on,
            # each execution leaves ~60 bytes behind for good.
            _jax.set_tracebacks_enabled(False)
            num = _num_cpu_devices if _num_cpu_devices > 0 else None
            joined = distributed.client_options()
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


distributed.set_runtime_hooks(client_created, close_client, _lock)


# CPU devices of the client (jax_num_cpu_devices; -1: jaxlib's default,
# which XLA_FLAGS=--xla_force_host_platform_device_count=N sets).
_num_cpu_devices = -1


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


def devices() -> list:
    """Every device (of every process, after distributed.initialize)."""
    client()
    return list(_devices)


def local_devices() -> list:
    """This process's devices."""
    client()
    return list(_local_devices)


def _default_device():
    if _device is None:
        client()
    return _device


# ---------------------------------------------------------------------------
# Avals and shardings
# ---------------------------------------------------------------------------

_REPLICATED = None


def _replicated_hlo_sharding(self, num_dimensions):
    global _REPLICATED
    if _REPLICATED is None:
        _REPLICATED = _xc.HloSharding.replicate()
    return _REPLICATED


def _single_repr(self):
    mem = "" if self._memory_kind is None else \
        f", memory_kind={self._memory_kind}"
    return f"SingleDeviceSharding(device={self._device!r}{mem})"


def _single_indices(self, global_shape):
    return {self._device: (slice(None),) * len(tuple(global_shape))}


def _single_eq(self, other):
    return (type(other) is _xc.SingleDeviceSharding
            and self._device == other._device
            and self._memory_kind == other._memory_kind)


# What jaxlib's transfers call back into on a SingleDeviceSharding. JAX
# grafts the same methods (with the same meaning) onto the C++ class when it
# is imported; jxp adds only those still missing, so that jxp's arrays carry
# plain C++ shardings, which the jit fast path compares without calling
# Python (a Python subclass costs 0.4 us per call there).
_SHARDING_METHODS = {
    "memory_kind": property(lambda self: self._memory_kind),
    "device_set": property(lambda self: {self._device}),
    "addressable_devices": property(lambda self: {self._device}),
    "_device_assignment": property(lambda self: (self._device,)),
    "num_devices": property(lambda self: 1),
    "is_fully_replicated": property(lambda self: True),
    "is_fully_addressable": property(lambda self: True),
    "_to_xla_hlo_sharding": _replicated_hlo_sharding,
    "devices_indices_map": _single_indices,
    "addressable_devices_indices_map": _single_indices,
    "shard_shape": lambda self, global_shape: tuple(global_shape),
    "__repr__": _single_repr,
    # (The jit fast path compares SingleDeviceShardings in C++; these are
    # for users' `==` and dictionaries.)
    "__eq__": _single_eq,
    "__hash__": lambda self: hash((self._device, self._memory_kind)),
}
for _name, _value in _SHARDING_METHODS.items():
    if _name not in _xc.SingleDeviceSharding.__dict__:
        setattr(_xc.SingleDeviceSharding, _name, _value)
del _name, _value

_shardings = {}  # device -> SingleDeviceSharding
_avals = {}  # (shape, dtype, weak_type) -> ShapedArray


def sharding_for(device):
    """The SingleDeviceSharding of `device` (one object per device)."""
    s = _shardings.get(device)
    if s is None:
        s = _shardings.setdefault(device, _xc.SingleDeviceSharding(device))
    return s


def default_sharding():
    return sharding_for(_default_device())


def aval_for(shape, dtype, weak_type=False):
    """A shared ShapedArray for (shape, dtype, weak_type)."""
    key = (shape, dtype, weak_type)
    a = _avals.get(key)
    if a is None:
        if len(_avals) > 4096:  # keep the cache bounded
            _avals.clear()
        a = _avals.setdefault(key, ShapedArray(shape, dtype, weak_type))
    return a


def result_handlers(avals):
    """jaxlib result handlers making arrays with `avals` (ShapedArrays) on
    the default device."""
    sharding = default_sharding()
    return [_xc.array_result_handler(a, sharding, True, _skip_checks=True)
            for a in avals]


# ---------------------------------------------------------------------------
# Transfers
# ---------------------------------------------------------------------------

_COPY = _jax.HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL
_ZERO_COPY = _jax.HostBufferSemantics.ZERO_COPY


def device_put(x: np.ndarray, weak_type: bool = False, *, copy: bool = True,
               sharding=None):
    """Copies a numpy array to a device array of the same dtype and shape,
    on the default device or as `sharding` says (each device gets its
    piece; ValueError if the shape cannot be split so).

    ``copy=False`` lets jaxlib alias the host memory (zero-copy); only use it
    for arrays that are never mutated afterwards.
    """
    if type(x) is not np.ndarray:
        x = np.asarray(x)
    aval = aval_for(x.shape, x.dtype, bool(weak_type))
    if sharding is None or type(sharding) is _xc.SingleDeviceSharding:
        if sharding is None:
            device = _device
            if device is None:
                device = _default_device()
            sharding = sharding_for(device)
        else:
            device = sharding._device
        return _xc.batched_device_put(
            aval, sharding, [x], [device], True, False,
            _COPY if copy else _ZERO_COPY, True)
    sharding_impl.check_shape(sharding, x.shape)
    devices, pieces = [], []
    # Each process puts its own devices' pieces of the (global) value.
    for device, index in sharding_impl.addressable_indices_map(sharding,
                                                               x.shape):
        devices.append(device)
        # One buffer per device: jaxlib fails on partially replicated
        # shardings when two devices get the same host memory.
        pieces.append(np.array(x[index], copy=True))
    return _xc.batched_device_put(aval, sharding, pieces, devices, True,
                                  False, _COPY, True)


def assemble(shape, sharding, arrays, weak_type=False):
    """One array of global `shape` laid out as `sharding` says, from
    one-device arrays holding each device's piece (any order; one per
    device of `sharding`). They become its buffers (no copy)."""
    shape = tuple(int(d) for d in shape)
    sharding_impl.check_shape(sharding, shape)
    by_device = {}
    for a in arrays:
        if type(a) is not DeviceBuffer or not _is_single(a._sharding):
            raise ValueError(f"expected arrays on one device each, got "
                             f"{type(a).__name__}")
        by_device[sharding_impl.devices_of(a._sharding)[0].id] = a
    index_map = sharding_impl.addressable_indices_map(sharding, shape)
    if len(arrays) != len(index_map):
        raise ValueError(f"Expected {len(index_map)} per-device arrays (this "
                         f"is how many devices are addressable by the "
                         f"sharding), but got {len(arrays)}")
    if set(by_device) != {d.id for d, _ in index_map}:
        raise ValueError(
            f"expected one array on each of the devices "
            f"{[d.id for d, _ in index_map]} of {sharding}, got arrays on "
            f"{[sharding_impl.devices_of(a._sharding)[0].id for a in arrays]}")
    want = sharding_impl.shard_shape(sharding, shape)
    ordered = [by_device[d.id] for d, _ in index_map]
    dtypes = {a.aval.dtype for a in ordered}
    for a in ordered:
        if tuple(a.aval.shape) != want:
            raise ValueError(f"the piece of each device has shape {want} "
                             f"for global shape {shape} and {sharding}; got "
                             f"an array of shape {tuple(a.aval.shape)}")
    if len(dtypes) != 1:
        raise ValueError(f"the arrays have different dtypes "
                         f"{sorted(d.name for d in dtypes)}")
    aval = aval_for(shape, dtypes.pop(), bool(weak_type))
    if len(ordered) == 1:
        return ordered[0]._rewrap_with_aval_and_sharding(aval, sharding)
    return DeviceBuffer(aval, sharding, ordered, True, True)


def reshard(x, sharding, *, copy=True):
    """Device array `x` laid out as `sharding` says: `x` itself, or a view
    of its buffers, if it already is; a new array otherwise (`x`
    unchanged). With ``copy=False`` the new array may share `x`'s buffers
    (deleting or donating `x` then invalidates it): for a program's
    arguments."""
    current = x._sharding
    if current is sharding:
        return x
    aval = x.aval
    ndim = len(aval.shape)
    sharding_impl.check_shape(sharding, aval.shape)
    src = sharding_impl.layout(current, ndim)
    dst = sharding_impl.layout(sharding, ndim)
    if src == dst:  # the same bytes on the same devices: relabel
        return x._rewrap_with_aval_and_sharding(aval, sharding)
    if len(src[0]) == len(dst[0]):
        same_split = src[1] == dst[1]
        if not same_split and sorted(src[0]) == sorted(dst[0]) and dict(
                sharding_impl.indices_map(current, aval.shape)) == dict(
                sharding_impl.indices_map(sharding, aval.shape)):
            # Each device keeps its piece; only the device order changes.
            x = _jax.reorder_shards(x, sharding,
                                    _jax.ArrayCopySemantics.REUSE_INPUT)
            if not copy:
                return x
            same_split = True  # (reorder_shards cannot copy: copy below)
        if same_split:
            # The same split, onto other devices (or a copy onto the same
            # ones): device-to-device copies.
            out, = _jax.batched_copy_array_to_devices_with_sharding(
                [x], [_xc.DeviceList(sharding_impl.devices_of(sharding))],
                [sharding], [_jax.ArrayCopySemantics.ALWAYS_COPY])
            return out
    # Anything else goes through the host.
    return device_put(to_numpy(x), aval.weak_type, sharding=sharding)


_to_dlpack = _jax.buffer_to_dlpack_managed_tensor


class _DLPackCapsule:
    """Adapter so that numpy.from_dlpack accepts a raw DLPack capsule."""

    __slots__ = ("capsule",)

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, *args, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


# DLManagedTensor (DLPack v0.x, as exported by jaxlib)
class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


_capsule_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get_pointer.restype = ctypes.c_void_p
_capsule_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _copy_from_dlpack(capsule, dtype) -> np.ndarray:
    """Copies a (row-major, CPU) DLPack tensor into a fresh numpy array."""
    t = _DLTensor.from_address(_capsule_get_pointer(capsule, b"dltensor"))
    shape = tuple(t.shape[i] for i in range(t.ndim))
    out = np.empty(shape, dtype)
    if t.strides and out.size > 1:
        expected = [s // out.itemsize for s in out.strides]
        got = [t.strides[i] for i in range(t.ndim)]
        if any(e != g for e, g, n in zip(expected, got, shape) if n > 1):
            raise NotImplementedError(
                f"non row-major device buffer layout (strides {got})")
    if out.nbytes:
        ctypes.memmove(out.ctypes.data, t.data + t.byte_offset, out.nbytes)
    return out


def _host_copy(buf, dtype) -> np.ndarray:
    """The first device's piece of device array `buf`, copied to the host
    (through DLPack: jaxlib's own host-transfer methods import ``jax``).
    The DLPack view is copied and dropped at once, because an outstanding
    external reference makes a later ``buf.delete()`` (or donation) abort
    the process."""
    capsule = _to_dlpack(buf)
    try:
        view = np.from_dlpack(_DLPackCapsule(capsule))
    except (RuntimeError, TypeError, BufferError):
        # numpy has no DLPack code for e.g. bfloat16 / float8: copy raw bytes.
        out = _copy_from_dlpack(capsule, dtype)
    else:
        out = np.array(view, dtype=dtype, copy=True)
        del view
    del capsule
    return out


def _is_single(s):
    return (type(s) is _xc.SingleDeviceSharding
            or sharding_impl.num_devices(s) == 1)


def to_numpy(buf) -> np.ndarray:
    """Device array -> host numpy array (a read-only copy): the whole
    array, assembled from its devices' pieces if it is sharded.
    RuntimeError for an array with pieces in other processes (unless
    every device holds all of it)."""
    buf.block_until_ready()
    s = buf._sharding
    dtype = buf.aval.dtype
    if not _is_single(s) and not sharding_impl.is_fully_addressable(s):
        if not sharding_impl.is_fully_replicated(s, len(buf.aval.shape)):
            raise RuntimeError(
                "Fetching value for `jax.Array` that spans non-addressable "
                "(non process local) devices is not possible: its pieces "
                "are in other processes. Use jax.experimental.multihost_"
                "utils.process_allgather to gather it, or its "
                ".addressable_shards to read this process's pieces.")
        out = _piece(buf, s, _first_local(s), len(buf.aval.shape), dtype)
        out.flags.writeable = False
        return out
    if _is_single(s):
        out = _host_copy(buf, dtype)
    else:
        out = _gather(buf, s, tuple(buf.aval.shape), dtype)
    out.flags.writeable = False
    return out


def _gather(buf, s, shape, dtype):
    ndim = len(shape)
    if sharding_impl.is_fully_replicated(s, ndim):
        return _host_copy(buf, dtype)
    out = np.empty(shape, dtype)
    if out.size == 0:
        return out
    done = set()
    for i, (_, index) in enumerate(sharding_impl.indices_map(s, shape)):
        key = sharding_impl.index_key(index)
        if key not in done:
            done.add(key)
            out[index] = _piece(buf, s, i, ndim, dtype)
    return out


def _first_local(s):
    return next(i for i, d in enumerate(sharding_impl.devices_of(s))
                if sharding_impl.is_addressable(d))


def _piece(buf, s, i, ndim, dtype):
    """Device i's piece of sharded array `buf`, copied to the host."""
    if i == 0:
        return _host_copy(buf, dtype)
    view = _jax.reorder_shards(buf, sharding_impl.front_sharding(s, i, ndim),
                               _jax.ArrayCopySemantics.REUSE_INPUT)
    return _host_copy(view, dtype)


def addressable_shards(buf):
    """[(device, index, replica id, thunk)] of device array `buf`, in
    device order: `thunk()` gives the device's piece as a one-device array
    on that device (a copy: jaxlib cannot split an array into one-device
    arrays without importing ``jax``)."""
    s = buf._sharding
    aval = buf.aval
    shape = tuple(aval.shape)
    if _is_single(s):
        device = sharding_impl.devices_of(s)[0]
        return [(device, (slice(None),) * len(shape), 0, lambda: buf)]
    out = []
    ids = sharding_impl.replica_ids(s, shape)
    for i, (device, index) in enumerate(sharding_impl.indices_map(s,
                                                                  shape)):
        if not sharding_impl.is_addressable(device):
            continue  # another process's piece

        def data(i=i, device=device):
            buf.block_until_ready()
            piece = _piece(buf, s, i, len(shape), aval.dtype)
            return device_put(piece, aval.weak_type,
                              sharding=sharding_for(device))
        out.append((device, index, ids[i], data))
    return out


def block_until_ready(buf):
    buf.block_until_ready()
    return buf


# ---------------------------------------------------------------------------
# MLIR parsing
# ---------------------------------------------------------------------------

_ir = None
_context = None


def make_mlir_context():
    """A jaxlib MLIR context prepared like JAX's (builtin, func, StableHLO,
    CHLO ... registered)."""
    global _ir
    from jaxlib.mlir import ir
    from jaxlib.mlir._mlir_libs import _jax_mlir_ext
    from jaxlib.mlir.dialects import chlo, stablehlo

    registry = ir.DialectRegistry()
    # builtin/func/... dialects, as JAX's make_ir_context does.
    _jax_mlir_ext.register_dialects(registry)
    # Like JAX's JaxIrContext: skip ir.Context.__init__, which would eagerly
    # load every dialect linked into the binary.
    ctx = ir.Context.__new__(ir.Context)
    super(ir.Context, ctx).__init__()
    ctx.append_dialect_registry(registry)
    ctx.load_all_available_dialects()
    # Small modules gain nothing from threads.
    ctx.enable_multithreading(False)
    stablehlo.register_dialect(ctx)
    chlo.register_dialect(ctx)
    _ir = ir
    return ctx


# The parsing context is replaced after this many parses: a context keeps
# every name and location it has seen. (Modules parsed earlier keep theirs.)
PARSES_PER_CONTEXT = 256
_parses = 0


def _mlir_context():
    """The context to parse the next module in; call with _lock held."""
    global _context, _parses
    _parses += 1
    if _context is None or _parses > PARSES_PER_CONTEXT:
        from jaxlib.mlir.dialects import sdy
        ctx = make_mlir_context()
        # Shardy: SPMD modules carry its meshes and shardings.
        sdy.register_dialect(ctx)
        _context = ctx
        _parses = 0
    return _context


def _format_mlir_error(e) -> str:
    diags = getattr(e, "error_diagnostics", None) or ()
    if not diags:
        return str(e)
    return "\n".join(_format_diagnostic(d, "  ") for d in diags)


def _format_diagnostic(d, indent) -> str:
    s = f"{indent}{d.location}: {d.message}"
    for n in d.notes:
        s += "\n" + _format_diagnostic(n, indent + "  ")
    return s


def _parse_locked(text: str):
    ir = _ir
    try:
        module = ir.Module.parse(text)
    except ir.MLIRError as e:
        raise ValueError("failed to parse StableHLO:\n" +
                         _format_mlir_error(e)) from None
    try:
        ok = module.operation.verify()
    except ir.MLIRError as e:
        raise ValueError("StableHLO module failed verification:\n" +
                         _format_mlir_error(e)) from None
    if ok is False:
        raise ValueError("StableHLO module failed verification")
    return module


def _as_text(text) -> str:
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray)):
        return bytes(text).decode("utf-8")
    raise TypeError(f"expected StableHLO text, got {type(text).__name__}")


def parse_stablehlo(text: str):
    """Parses (and verifies) StableHLO text, generic or pretty form.

    Returns a ``jaxlib.mlir.ir.Module`` living in a cached context.  Raises
    ``ValueError`` carrying the MLIR diagnostics on failure.
    """
    text = _as_text(text)
    with _lock:
        with _mlir_context():
            return _parse_locked(text)


class Program:
    """A StableHLO program and what the compiler reported of it
    (lib/Driver/Compile.cpp): its partitions and mesh devices, custom-call
    targets, host callbacks (``(id, ((shape, element type), ...))`` in the
    order of their ``index`` in the program) and a location-free
    ``fingerprint``. The runtime reads these facts, never the text."""

    __slots__ = ("text", "num_partitions", "device_ids",
                 "custom_call_targets", "callbacks", "fingerprint")

    def __init__(self, facts, text=None):
        self.text = facts["text"] if text is None else text
        self.num_partitions = facts["num_partitions"]
        self.device_ids = facts["device_ids"]
        self.custom_call_targets = facts["custom_call_targets"]
        self.callbacks = facts["callbacks"]
        self.fingerprint = facts["fingerprint"]


def program_of(stablehlo) -> Program:
    """A Program, from a Program or from StableHLO text (generic or pretty
    form, ``str`` or UTF-8 ``bytes``) that the compiler reads for its facts.
    ValueError with MLIR's diagnostics for text that does not parse."""
    if isinstance(stablehlo, Program):
        return stablehlo
    text = _as_text(stablehlo)
    try:
        facts = _jxp.inspect_stablehlo(text)
    except _jxp.CompileError:
        # Pretty-printed StableHLO needs its dialect, which only jaxlib's
        # side registers: parsed (and its errors reported) there, then read
        # in generic form.
        with _lock, _mlir_context():
            module = _parse_locked(text)
            text = module.operation.get_asm(print_generic_op_form=True,
                                            enable_debug_info=True)
        facts = _jxp.inspect_stablehlo(text)
    return Program(facts, facts["text"] or text)


_MLIR_DTYPES = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8), "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32), "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16), "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "complex<f32>": np.dtype(np.complex64),
    "complex<f64>": np.dtype(np.complex128),
}
if _ml_dtypes is not None:
    for _name, _attr in [("bf16", "bfloat16"), ("f8E4M3FN", "float8_e4m3fn"),
                         ("f8E5M2", "float8_e5m2"),
                         ("f8E4M3FNUZ", "float8_e4m3fnuz"),
                         ("f8E5M2FNUZ", "float8_e5m2fnuz"),
                         ("f8E4M3B11FNUZ", "float8_e4m3b11fnuz"),
                         ("i4", "int4"), ("ui4", "uint4")]:
        if hasattr(_ml_dtypes, _attr):
            _MLIR_DTYPES[_name] = np.dtype(getattr(_ml_dtypes, _attr))


def _tensor_aval(t, what):
    ir = _ir
    try:
        tt = ir.RankedTensorType(t)
    except ValueError:
        raise ValueError(f"unsupported {what} type of @main: {t}") from None
    if not tt.has_static_shape:
        raise ValueError(f"dynamic {what} shape of @main: {t}")
    dtype = _MLIR_DTYPES.get(str(tt.element_type))
    if dtype is None:
        raise ValueError(f"unsupported element type of @main {what}: {t}")
    return tuple(tt.shape), dtype


def _main_func(module):
    """The @main func.func operation of a parsed module."""
    ir = _ir
    for op in module.body.operations:
        op = op.operation
        if op.name == "func.func" and "sym_name" in op.attributes and \
                ir.StringAttr(op.attributes["sym_name"]).value == "main":
            return op
    raise ValueError("StableHLO module has no @main function")


def _main_signature(module):
    """([(shape, dtype)] of the inputs, same of the results) of @main."""
    ir = _ir
    main = _main_func(module)
    ftype = ir.TypeAttr(main.attributes["function_type"]).value
    ftype = ir.FunctionType(ftype)
    return ([_tensor_aval(t, "argument") for t in ftype.inputs],
            [_tensor_aval(t, "result") for t in ftype.results])


# ---------------------------------------------------------------------------
# Compilation and execution
# ---------------------------------------------------------------------------

_compile_opts = None
_options = {}       # device ids -> CompileOptions of programs on those devices
_device_lists = {}  # device ids -> xc.DeviceList


def _make_options(devices):
    opts = _xc.CompileOptions()
    opts.num_replicas = 1
    opts.num_partitions = len(devices)
    opts.profile_version = -1  # no XLA-AutoFDO profile lookup (as JAX)
    build = opts.executable_build_options
    build.use_spmd_partitioning = True
    if len(devices) > 1:
        build.use_shardy_partitioner = True
    opts.device_assignment = _xc.DeviceAssignment.create(
        np.array([[d.id for d in devices]], dtype=np.int32))
    return opts


def _compile_options(devices=None):
    """The compile options of programs on `devices` (a tuple, in the
    program's order; default: the default device)."""
    global _compile_opts
    if devices is None or (len(devices) == 1 and
                           devices[0].id == _default_device().id):
        if _compile_opts is None:
            _compile_opts = _make_options((_default_device(),))
        return _compile_opts
    key = tuple(d.id for d in devices)
    opts = _options.get(key)
    if opts is None:
        opts = _options.setdefault(key, _make_options(devices))
    return opts


def _device_list_of(devices):
    if len(devices) == 1 and devices[0].id == _default_device().id:
        return _device_list
    key = tuple(d.id for d in devices)
    dl = _device_lists.get(key)
    if dl is None:
        dl = _device_lists.setdefault(key, _xc.DeviceList(tuple(devices)))
    return dl


class Executable:
    """A compiled program bound to its devices.

    ``in_avals`` / ``out_avals``: lists of ``(shape, dtype)`` of the
    (global) arguments / results of ``@main``.  ``devices``: the devices it
    runs on, in the order of its device assignment.  ``in_shardings`` /
    ``out_shardings``: how each argument must be / each result is laid out
    on them (a ``SingleDeviceSharding`` for one device; a ``NamedSharding``
    or ``GSPMDSharding`` for several).  ``text``: the StableHLO compiled.
    """

    __slots__ = ("_exe", "_execute_sharded", "_handlers", "in_avals",
                 "out_avals", "devices", "in_shardings", "out_shardings",
                 "text", "__weakref__")

    def __init__(self, loaded_executable, in_avals, out_avals, devices=None,
                 in_shardings=None, out_shardings=None, text=None):
        self._exe = loaded_executable
        self._execute_sharded = loaded_executable.execute_sharded
        self.in_avals = in_avals
        self.out_avals = out_avals
        if devices is None:
            devices = (_default_device(),)
        self.devices = tuple(devices)
        single = sharding_for(self.devices[0])
        self.in_shardings = (list(in_shardings) if in_shardings is not None
                             else [single] * len(in_avals))
        self.out_shardings = (list(out_shardings)
                              if out_shardings is not None
                              else [single] * len(out_avals))
        self.text = text
        self._handlers = self.result_handlers(
            [aval_for(shape, dtype) for shape, dtype in out_avals])

    def result_handlers(self, avals):
        """jaxlib result handlers making the results arrays with `avals`
        (ShapedArrays: e.g. the traced ones, with their weak types), laid
        out as the program gives them."""
        return [_xc.array_result_handler(a, s, True, _skip_checks=True)
                for a, s in zip(avals, self.out_shardings)]

    @property
    def num_devices(self):
        return len(self.devices)

    def place(self, args) -> list:
        """`args` (device arrays or host values) laid out as the program
        takes them: arrays moved or resharded as needed, host values put
        on the devices."""
        out = list(args)
        for i, (a, s) in enumerate(zip(out, self.in_shardings)):
            if type(a) is DeviceBuffer:
                if a._sharding is not s:
                    out[i] = reshard(a, s, copy=False)
            else:
                out[i] = device_put(np.asarray(a, dtype=self.in_avals[i][1]),
                                    sharding=s)
        return out

    def execute(self, args: list, handlers=None) -> list:
        """Runs on device arrays; returns the output device arrays.

        Arguments laid out otherwise than the program expects (another
        device or sharding; executing with them would crash the process)
        are moved first, and host values are put on the devices.  Shapes
        and dtypes are NOT checked: PJRT checks only the number of
        arguments, a buffer of the wrong dtype or shape is silently
        reinterpreted (or read out of bounds).  Use ``execute_checked`` when
        unsure.  `handlers`: from ``result_handlers`` (default: arrays
        with the program's avals, not weakly typed).
        """
        shardings = self.in_shardings
        if len(args) == len(shardings):
            for a, s in zip(args, shardings):
                if type(a) is not DeviceBuffer or a._sharding is not s:
                    args = self.place(args)
                    break
        return self._execute_sharded(args).consume_with_handlers(
            self._handlers if handlers is None else handlers)

    def execute_checked(self, args: list) -> list:
        """Like ``execute``, but validates argument count, shapes, dtypes."""
        args = list(args)
        if len(args) != len(self.in_avals):
            raise TypeError(f"expected {len(self.in_avals)} arguments, got "
                            f"{len(args)}")
        for i, (a, (shape, dtype)) in enumerate(zip(args, self.in_avals)):
            if not isinstance(a, DeviceBuffer):
                raise TypeError(f"argument {i}: expected a device buffer, "
                                f"got {type(a).__name__}")
            aval = a.aval
            if tuple(aval.shape) != shape or aval.dtype != dtype:
                raise TypeError(
                    f"argument {i}: expected {dtype.name}{list(shape)}, "
                    f"got {aval.dtype.name}{list(aval.shape)}")
        return self.execute(args)

    def hlo_text(self) -> str:
        """XLA's optimized HLO text of the compiled module."""
        return self._exe.get_hlo_text()

    @property
    def loaded_executable(self):
        return self._exe

    def __repr__(self):
        where = ("" if len(self.devices) == 1
                 else f", {len(self.devices)} devices")
        return (f"<jxp Executable: {len(self.in_avals)} inputs, "
                f"{len(self.out_avals)} outputs{where}>")


_lapack_registered = False


def _register_lapack():
    """Registers jaxlib's LAPACK FFI targets (the custom calls our
    factorizations lower to) with XLA's CPU backend, once."""
    global _lapack_registered
    if _lapack_registered:
        return
    from jaxlib import lapack
    with _lock:
        if not _lapack_registered:
            lapack._lapack.initialize()
            for platform, targets in lapack.registrations().items():
                for name, fn, api_version in targets:
                    _xc.register_custom_call_target(
                        name, fn, platform=platform, api_version=api_version)
            _lapack_registered = True


def _normalize_avals(avals, what):
    try:
        return [(tuple(int(d) for d in shape), np.dtype(dtype))
                for shape, dtype in avals]
    except (TypeError, ValueError) as e:
        raise TypeError(f"{what}: expected a sequence of (shape, dtype) "
                        f"pairs, got {avals!r}") from e


def _signature_of(loaded):
    """([(shape, dtype)] of the inputs, same of the results) of a compiled
    program, read from XLA's entry computation (no MLIR parse)."""
    from jaxlib import _hlo
    module, = loaded.hlo_modules()
    pshape = _hlo.XlaComputation(
        module.as_serialized_hlo_module_proto()).program_shape()

    def aval(shape, what):
        if not shape.is_array():
            raise ValueError(f"unsupported {what} type of @main: {shape}")
        if not shape.is_static():
            raise ValueError(f"dynamic {what} shape of @main: {shape}")
        try:
            dtype = np.dtype(shape.numpy_dtype())
        except Exception:
            raise ValueError(
                f"unsupported element type of @main {what}: {shape}") from None
        return tuple(shape.dimensions()), dtype

    result = pshape.result_shape()
    # A @main with one result gives an array result shape; zero or several
    # results give a tuple (StableHLO has no tuple-typed tensors results).
    results = result.tuple_shapes() if result.is_tuple() else [result]
    return ([aval(s, "argument") for s in pshape.parameter_shapes()],
            [aval(s, "result") for s in results])


def _diagnose_compile_failure(text: str) -> None:
    """Called when PJRT rejected ``text``: raises ``ValueError`` with MLIR's
    diagnostics if the text does not parse, verify or lack ``@main`` (what
    jaxlib reports only as a runtime error), else returns."""
    with _lock, _mlir_context():
        module = _parse_locked(text)
        _main_signature(module)


def compile(stablehlo_text, in_avals=None, out_avals=None):  # noqa: A001
    """Compiles a ``Program`` or StableHLO text (generic or pretty form,
    ``str`` or UTF-8 ``bytes``) for the default device (modules with
    ``mhlo.num_partitions`` go to ``compile_sharded``).

    The text goes to PJRT as is, parsed once, in jaxlib's own MLIR context.
    ``in_avals`` / ``out_avals`` (both or neither): the ``(shape, dtype)``
    pairs of ``@main``'s arguments and results, when the caller knows them;
    otherwise they are read from the compiled program.  They are trusted, not
    checked, except when a persistent cache entry is written.

    With ``jax_compilation_cache_dir`` set, executables are looked up in and
    written to that directory (see ``set_compilation_cache``).

    Raises ``ValueError`` for malformed or invalid IR (with MLIR's
    diagnostics) and ``RuntimeError`` (``jaxlib``'s ``JaxRuntimeError``) when
    XLA rejects the program.
    """
    if (in_avals is None) != (out_avals is None):
        raise TypeError("compile: pass both in_avals and out_avals, or "
                        "neither")
    program = program_of(stablehlo_text)
    if program.num_partitions:
        # A module for several devices (e.g. with a shard_map).
        return compile_sharded(program)
    if in_avals is not None:
        in_avals = _normalize_avals(in_avals, "in_avals")
        out_avals = _normalize_avals(out_avals, "out_avals")
    return _compile(program, (_default_device(),), in_avals, out_avals)


def _compile(program, devices, in_avals=None, out_avals=None,
             in_shardings=None, meshes=(), spmd=False):
    """Compiles `program` (a Program) for `devices` (the program's device
    assignment). With `spmd`, the avals are @main's (global) ones, read by
    the caller, and the shardings of inputs and outputs are read from the
    executable (see _executable)."""
    if any(t.startswith("lapack_") for t in program.custom_call_targets):
        _register_lapack()
    text = program.text
    c = client()
    options = _compile_options(devices)
    device_list = _device_list_of(devices)
    if program.callbacks:  # never through the persistent cache
        return _compile_with_callbacks(program, devices, device_list,
                                       options, in_avals, out_avals,
                                       in_shardings, meshes)
    # Several processes compile the same program at once, for a topology
    # the cache key does not record: they compile it afresh.
    cache = _cache if distributed.process_count() == 1 else None
    key = None
    if cache is not None:
        key = cache.key(program.fingerprint, options)
        hit = cache.get(key, c, options, device_list)
        if hit is not None:
            loaded, cached_in, cached_out = hit
            return _executable(loaded, cached_in, cached_out, devices, text,
                               in_shardings, meshes)
    start = time.monotonic()
    try:
        loaded = c.compile_and_load(text, executable_devices=device_list,
                                    compile_options=options)
    except _jax.JaxRuntimeError:
        _diagnose_compile_failure(text)
        raise
    elapsed = time.monotonic() - start
    if cache is not None and elapsed >= cache.min_compile_time:
        if not spmd:
            # (An SPMD program's compiled signature is per device.)
            sig_in, sig_out = _signature_of(loaded)
            if in_avals is not None and (in_avals, out_avals) != (sig_in,
                                                                    sig_out):
                raise ValueError(
                    f"compile: in_avals/out_avals {in_avals} -> {out_avals} "
                    f"do not match @main's signature {sig_in} -> {sig_out}")
            in_avals, out_avals = sig_in, sig_out
        cache.put(key, loaded, in_avals, out_avals)
    elif in_avals is None:
        in_avals, out_avals = _signature_of(loaded)
    return _executable(loaded, in_avals, out_avals, devices, text,
                       in_shardings, meshes)


# ---------------------------------------------------------------------------
# Host callbacks (jax.pure_callback, jax.debug.callback / print)
# ---------------------------------------------------------------------------
#
# A traced callback is a `jxp.host_callback` op naming a Python function by
# an id from this registry; it lowers to jaxlib's CPU callback custom call
# with that id as its `index`. Compiling such a module renumbers each call
# to a position in the list of callables given to `compile_and_load`, each
# wrapped to check what the function returns against the call's result
# types (jaxlib does not: a wrong shape would be garbage or an overrun).
# The executable keeps its callables, so the registry only has to cover
# the time from a trace to its compile: it holds the most recent
# HOST_CALLBACK_CAPACITY functions (least recently used first out), and a
# function registered under a key it already holds (the same callback with
# the same argument structure, traced again) gets its id back, so
# retracing makes no new ids and the same program text.

HOST_CALLBACK_CAPACITY = 4096
_callback_lock = threading.Lock()
_callbacks = {}      # id -> (flat function, key); dicts keep insertion order
_callback_keys = {}  # key -> id
_next_callback_id = 0


def register_host_callback(fn, key=None) -> int:
    """The id of `fn(*numpy arrays) -> sequence of results` in the
    registry; `key` (hashable, or None): the same key gives the same id
    while it is registered."""
    global _next_callback_id
    with _callback_lock:
        if key is not None:
            try:
                cid = _callback_keys.get(key)
            except TypeError:  # an unhashable static argument
                key, cid = None, None
            if cid is not None:
                _callbacks[cid] = _callbacks.pop(cid)  # most recent
                return cid
        cid = _next_callback_id
        _next_callback_id += 1
        _callbacks[cid] = (fn, key)
        if key is not None:
            _callback_keys[key] = cid
        while len(_callbacks) > HOST_CALLBACK_CAPACITY:
            old = next(iter(_callbacks))
            _, old_key = _callbacks.pop(old)
            if old_key is not None:
                _callback_keys.pop(old_key, None)
        return cid


def host_callback_count() -> int:
    """How many callbacks the registry holds (bounded by the capacity)."""
    return len(_callbacks)


def _registered_callback(cid):
    with _callback_lock:
        entry = _callbacks.pop(cid, None)
        if entry is None:
            raise RuntimeError(
                f"host callback {cid} of this program is no longer "
                f"registered (more than {HOST_CALLBACK_CAPACITY} callbacks "
                f"were traced since the program was); trace it again, e.g. "
                f"after jax.clear_caches()")
        _callbacks[cid] = entry
        return entry[0]


_NARROW = {np.dtype(np.float64): np.dtype(np.float32),
           np.dtype(np.int64): np.dtype(np.int32),
           np.dtype(np.uint64): np.dtype(np.uint32),
           np.dtype(np.complex128): np.dtype(np.complex64)}


def check_callback_results(outs, result_avals) -> tuple:
    """`outs` (what a callback's flat function returned) as a tuple of
    contiguous numpy arrays of `result_avals` ((shape, dtype) pairs);
    RuntimeError with JAX's messages otherwise. 64-bit values narrow to
    32 bits without x64, as JAX canonicalizes them."""
    outs = list(outs)
    if len(outs) != len(result_avals):
        raise RuntimeError(
            f"Mismatched number of outputs from callback. Expected: "
            f"{len(result_avals)}, Actual: {len(outs)}")
    x64 = x64_enabled()
    checked = []
    for i, (out, (shape, dtype)) in enumerate(zip(outs, result_avals)):
        a = np.asarray(out)
        if not x64 and a.dtype in _NARROW:
            a = a.astype(_NARROW[a.dtype])
        if a.shape != tuple(shape):
            raise RuntimeError(
                f"Incorrect output shape for return value #{i}: "
                f"Expected: {tuple(shape)}, Actual: {a.shape}")
        if a.dtype != dtype:
            raise RuntimeError(
                f"Incorrect output dtype for return value #{i}: "
                f"Expected: {np.dtype(dtype)}, Actual: {a.dtype}")
        # (Not ascontiguousarray: it makes a 0-d array 1-d.)
        checked.append(a if a.flags.c_contiguous else np.array(a, order="C"))
    return tuple(checked)


def call_host_callback(fn, args, result_avals) -> tuple:
    """Runs a callback's flat function outside any program (an eager
    pure_callback), failing as a compiled call does: a JaxRuntimeError
    carrying the Python traceback."""
    try:
        return check_callback_results(fn(*args), result_avals)
    except Exception:  # noqa: BLE001 (any error of the user's function)
        raise _jax.JaxRuntimeError(
            "INTERNAL: CpuCallback error calling callback: " +
            traceback.format_exc().rstrip()) from None


def _host_callable(fn, result_avals):
    def call(*args):
        return check_callback_results(fn(*args), result_avals)
    return call


def _callback_callables(program):
    """The callables of `program`'s host callbacks, in the order of their
    index (the compiler numbered them), each checking what its function
    returns against the call's result types."""
    callables = []
    for cid, results in program.callbacks:
        avals = []
        for shape, type_name in results:
            dtype = _MLIR_DTYPES.get(type_name)
            if dtype is None:
                raise ValueError(f"unsupported host callback result element "
                                 f"type {type_name}")
            avals.append((tuple(shape), dtype))
        callables.append(_host_callable(_registered_callback(cid),
                                        tuple(avals)))
    return callables


def _compile_with_callbacks(program, devices, device_list, options,
                            in_avals, out_avals, in_shardings, meshes):
    """_compile of a module with host callbacks, compiled with their
    callables (no persistent cache: a serialized executable would lose
    them). jaxlib takes callables only with a parsed module."""
    c = client()
    text = program.text
    callables = _callback_callables(program)
    with _lock, _mlir_context():
        module = _parse_locked(text)
        loaded = c.compile_and_load(module, executable_devices=device_list,
                                    compile_options=options,
                                    host_callbacks=callables)
    if in_avals is None:
        in_avals, out_avals = _signature_of(loaded)
    # (The executable keeps its callables alive: jaxlib holds them.)
    return _executable(loaded, in_avals, out_avals, devices, text,
                       in_shardings, meshes)


def _executable(loaded, in_avals, out_avals, devices, text, in_shardings,
                meshes):
    """The Executable of `loaded`, with its arguments' and results'
    shardings: for several devices, what XLA's partitioner settled on,
    shown as NamedShardings on `meshes` where one expresses it (and as the
    caller's own sharding objects where they are what the program takes, so
    that jaxlib's fast path passes those arguments straight through)."""
    if len(devices) == 1:
        return Executable(loaded, in_avals, out_avals, devices, text=text)
    params = loaded.get_parameter_shardings()
    results = loaded.get_output_shardings()
    ins = []
    for i, ((shape, _), op) in enumerate(zip(in_avals, params)):
        ndim = len(shape)
        hlo = _xc.HloSharding.from_proto(op)
        given = in_shardings[i] if in_shardings is not None else None
        if (given is not None and sharding_impl.num_devices(given) > 1
                and sharding_impl.layout(given, ndim) ==
                sharding_impl.hlo_layout(devices, hlo, ndim)):
            ins.append(given)
        else:
            ins.append(sharding_impl.sharding_from_hlo(hlo, devices, meshes,
                                                       ndim))
    outs = [sharding_impl.sharding_from_hlo(
        _xc.HloSharding.from_proto(op), devices, meshes, len(shape))
        for (shape, _), op in zip(out_avals, results)]
    return Executable(loaded, in_avals, out_avals, devices, ins, outs, text)


def compile_sharded(stablehlo_text, in_shardings=None, *, meshes=()):
    """Compiles a StableHLO module for the devices its inputs live on: one
    SPMD program when they (or the module) span several devices.

    `in_shardings`: one per argument of ``@main`` (``None`` for all
    unknown): a jaxlib sharding (``SingleDeviceSharding``, ``NamedSharding``,
    ``GSPMDSharding``) where the caller's array lives, or ``None`` for a
    value with no place yet (a host value, an array on the default device).

    * No sharding over several devices, and no ``mhlo.num_partitions`` in the
      module: an ordinary program on one device (the first non-default
      device among `in_shardings`, else the default one), as ``compile``.
    * Otherwise the devices are the module's ``jxp.device_ids`` (device ids
      in mesh order, as the C++ pipeline writes for shard_map) if it has
      them, else the first multi-device input sharding's devices (in its
      order), else the first ``mhlo.num_partitions`` devices.  Every input
      sharding over several devices must be over the same devices
      (``ValueError``, JAX's "incompatible devices", otherwise).  The
      module gets ``sdy.mesh`` symbols and ``sdy.sharding`` annotations of
      its arguments from `in_shardings` (replicated for ``None`` and
      one-device ones, unless the argument is annotated already),
      ``mhlo.num_partitions`` / ``mhlo.num_replicas``, and is compiled with
      Shardy over those devices in that order (see ``lower_sharded``).

    Returns an ``Executable`` whose ``in_shardings`` / ``out_shardings``
    are what the program takes and gives (from XLA, after propagation),
    shown as ``NamedSharding``s over the first of: the input shardings'
    meshes, `meshes` (jxp meshes the caller knows, e.g. shard_map's), the
    module's own ``sdy.mesh`` symbols, whose devices in row-major order are
    the program's devices and that express them; else ``GSPMDSharding``s.
    Its ``execute`` moves arguments where the program wants them.
    """
    program = program_of(stablehlo_text)
    if in_shardings is not None:
        in_shardings = list(in_shardings)
    if not program.num_partitions and (in_shardings is None or all(
            s is None or _is_single(s) for s in in_shardings)):
        device = _one_device(in_shardings)
        return _compile(program, (device,))
    plan = lower_sharded(program, in_shardings, meshes=meshes)
    if len(plan.devices) == 1:
        return _compile(plan.program, plan.devices)
    return _compile(plan.program, plan.devices, plan.in_avals,
                    plan.out_avals, in_shardings, plan.meshes, spmd=True)


def compile_placed(program, planner, in_shardings=None):
    """Compiles a program the compiler laid out as `planner` (an
    SpmdPlanner passed to the compile) decided: on one device, or as one
    SPMD program (see ``compile_sharded``)."""
    devs, in_avals, out_avals, shown = planner.decided
    if len(devs) == 1:
        return _compile(program, devs)
    return _compile(program, devs, in_avals, out_avals, in_shardings, shown,
                    spmd=True)


def _one_device(shardings):
    """The device of a one-device program: the first one among the inputs'
    that is not the default device, else the default device."""
    default = _default_device()
    for s in shardings or ():
        if s is not None:
            d = sharding_impl.devices_of(s)[0]
            if d.id != default.id:
                return d
    return default


class SpmdModule:
    """What lower_sharded gives: the annotated `program` (its `text`), the
    program's `devices` (its device assignment), @main's `in_avals` /
    `out_avals`, and the `meshes` to show its shardings on."""

    __slots__ = ("program", "devices", "in_avals", "out_avals", "meshes")

    def __init__(self, program, devices, in_avals, out_avals, meshes):
        self.program = program
        self.devices = tuple(devices)
        self.in_avals = in_avals
        self.out_avals = out_avals
        self.meshes = list(meshes)

    @property
    def text(self):
        return self.program.text


def lower_sharded(stablehlo_text, in_shardings=None, *, meshes=()):
    """The SPMD form of a StableHLO module for inputs with `in_shardings`
    (see ``compile_sharded``), without compiling it: an ``SpmdModule``.
    ValueError for malformed text, shardings that do not fit the arguments
    and incompatible devices."""
    program = program_of(stablehlo_text)
    planner = SpmdPlanner(in_shardings, meshes)
    try:
        facts = _jxp.place_stablehlo(program.text, planner)
    except _jxp.CompileError as e:
        raise ValueError(str(e)) from None
    return planner.module(Program(facts))


def _incompatible(what, ids, other, other_ids):
    return ValueError(
        f"Received incompatible devices for jitted computation. Got {what} "
        f"and with device ids {list(ids)} on platform CPU and {other} and "
        f"with device ids {list(other_ids)} on platform CPU")


def _fact_aval(t, what):
    """(shape, dtype) of a tensor of the compiler's facts."""
    shape, type_name, _ = t
    dtype = _MLIR_DTYPES.get(type_name)
    if dtype is None:
        raise ValueError(f"unsupported element type of @main {what}: "
                         f"{type_name}")
    if any(d < 0 for d in shape):
        raise ValueError(f"dynamic {what} shape of @main: {shape}")
    return tuple(shape), dtype


class SpmdPlanner:
    """Decides where a compiled program runs, from where its inputs live
    (`in_shardings`, one per input of @main, None for no place yet) and
    what the compiler reports of it (``__call__(facts)``, asked by the
    compiler once the program is StableHLO): one device, or an SPMD
    program over several with the Shardy annotations the compiler writes
    (see ``compile_sharded``). It keeps the devices, @main's avals and the
    meshes to show shardings on, for ``module``."""

    def __init__(self, in_shardings=None, meshes=()):
        self.in_shardings = (list(in_shardings) if in_shardings is not None
                             else None)
        self.meshes = meshes
        self.decided = None  # (devices, in_avals, out_avals, meshes)

    def module(self, program):
        """The SpmdModule of `program`, compiled with this plan."""
        devs, in_avals, out_avals, shown = self.decided
        return SpmdModule(program, devs, in_avals, out_avals, shown)

    def __call__(self, facts):
        in_avals = [_fact_aval(t, "argument") for t in facts["inputs"]]
        out_avals = [_fact_aval(t, "result") for t in facts["outputs"]]
        n = len(in_avals)
        in_shardings = self.in_shardings
        if in_shardings is None:
            in_shardings = [None] * n
        elif len(in_shardings) != n:
            raise ValueError(f"{len(in_shardings)} input shardings for the "
                             f"{n} arguments of @main")
        devs, origin, multi = self._devices(facts, in_shardings, in_avals)
        if len(devs) == 1:
            self.decided = (devs, in_avals, out_avals, [])
            return None
        plan = _SpmdLayout(facts, devs)
        args = [None] * n
        replicated = []
        multi_args = {i for i, _ in multi}
        sharded = [t[2] for t in facts["inputs"]]
        for i, s in enumerate(in_shardings):
            ann = (plan.annotation(s, len(in_avals[i][0]))
                   if i in multi_args else None)
            if ann is not None:
                args[i] = ann
            elif not sharded[i] or i in multi_args:
                replicated.append(i)
        if replicated:
            # Values with no place yet go everywhere, as JAX's jit does.
            name = plan.first_mesh()
            for i in replicated:
                args[i] = (name, ((),) * len(in_avals[i][0]))
        self.decided = (devs, in_avals, out_avals,
                        self._shown(in_shardings, facts, devs))
        return len(devs), tuple(plan.new_meshes), tuple(args)

    def _devices(self, facts, in_shardings, in_avals):
        """The program's devices in order, where they came from, and the
        inputs placed on several devices."""

        def describe(i):
            shape, dtype = in_avals[i]
            dims = ",".join(map(str, shape))
            return f"argument {i} with shape {np.dtype(dtype).name}[{dims}]"

        nparts = facts["num_partitions"] or None
        all_devices = devices()
        multi = [(i, s) for i, s in enumerate(in_shardings)
                 if s is not None and not _is_single(s)]
        origin = None
        if facts["device_ids"]:
            ids = list(facts["device_ids"])
            by_id = {d.id: d for d in all_devices}
            unknown = [i for i in ids if i not in by_id]
            if unknown:
                raise ValueError(f"the module's jxp.device_ids name devices "
                                 f"{unknown}, which do not exist (devices: "
                                 f"{sorted(by_id)})")
            devs = tuple(by_id[i] for i in ids)
            origin = "the program's mesh"
        elif multi:
            devs = sharding_impl.devices_of(multi[0][1])
            origin = describe(multi[0][0])
        elif nparts is not None:
            if nparts > len(all_devices):
                raise ValueError(f"the module has mhlo.num_partitions = "
                                 f"{nparts}, but there are only "
                                 f"{len(all_devices)} devices")
            devs = tuple(all_devices[:nparts])
        else:
            devs = (_one_device(in_shardings),)
        if nparts is not None and nparts != len(devs):
            raise ValueError(f"the module has mhlo.num_partitions = {nparts} "
                             f"but runs on {len(devs)} devices "
                             f"{[d.id for d in devs]}")
        prog_ids = [d.id for d in devs]
        for i, s in multi:
            ids = [d.id for d in sharding_impl.devices_of(s)]
            if sorted(ids) != sorted(prog_ids):
                if multi[0][0] < i and origin == describe(multi[0][0]):
                    raise _incompatible(origin, prog_ids, describe(i), ids)
                raise _incompatible(describe(i), ids, origin, prog_ids)
        return tuple(devs), origin, multi

    def _shown(self, in_shardings, facts, devs):
        """Meshes to show the program's shardings on: the inputs', the
        caller's, then the module's that cover the program's devices."""
        n_dev = len(devs)
        shown = []
        for s in in_shardings:
            mesh = getattr(s, "mesh", None) if s is not None else None
            if mesh is not None and mesh not in shown:
                shown.append(mesh)
        for mesh in self.meshes:
            if mesh not in shown:
                shown.append(mesh)
        for _, axes, dids in facts["meshes"]:
            if axes and math.prod(size for _, size in axes) == n_dev:
                mdevs = [devs[p] for p in (dids or range(n_dev))]
                mesh = sharding_impl.make_mesh(mdevs, [a for a, _ in axes],
                                               [size for _, size in axes])
                if mesh is not None and mesh not in shown:
                    shown.append(mesh)
        return shown


class _SpmdLayout:
    """The meshes of one SPMD program: the module's, and those its
    arguments' shardings need (new symbols, named apart from the
    module's)."""

    def __init__(self, facts, devs):
        self.devs = devs
        self.pos = {d.id: p for p, d in enumerate(devs)}
        self.symbols = set(facts["symbols"])
        self.mesh_symbols = {}  # (axes, device positions or ()) -> name
        for name, axes, dids in facts["meshes"]:
            self.mesh_symbols.setdefault((tuple(axes), tuple(dids)), name)
        self.new_meshes = []  # (name, axes, device positions or ())

    def first_mesh(self):
        if self.mesh_symbols:
            return next(iter(self.mesh_symbols.values()))
        return self.mesh_symbol((), [])

    def mesh_symbol(self, axes, positions):
        dids = (() if list(positions) == list(range(len(positions)))
                else tuple(positions))
        key = (tuple(axes), dids)
        name = self.mesh_symbols.get(key)
        if name is None:
            name, k = "mesh", 0
            while name in self.symbols:
                k += 1
                name = f"mesh_{k}"
            self.symbols.add(name)
            self.mesh_symbols[key] = name
            self.new_meshes.append((name, tuple(axes), dids))
        return name

    def annotation(self, s, ndim):
        """(mesh, axes per dimension) of an input with sharding `s`, or
        None for one replicated everywhere."""
        mesh = getattr(s, "mesh", None)
        if mesh is not None and hasattr(s, "_sdy_dims"):
            axes = tuple(zip(mesh.axis_names, mesh.axis_sizes))
            positions = [self.pos[d.id]
                         for d in sharding_impl.mesh_devices(mesh)]
            dims = s._sdy_dims(ndim)
            return (self.mesh_symbol(axes, positions),
                    tuple(tuple(d) for d in dims))
        hlo = sharding_impl.hlo_of(s, ndim)
        if sharding_impl.hlo_layout(self.devs, hlo, ndim)[1].is_replicated():
            return None  # replicated: annotated as such by the caller
        if not hlo.is_tiled() or any(
                t != _xc.OpSharding.Type.REPLICATED
                for t in hlo.subgroup_types()):
            raise ValueError(f"jxp cannot pass an argument with sharding "
                             f"{s} to an SPMD program")
        # Any tiling is a mesh whose axes are the tile dimensions and whose
        # devices are the tile assignment.
        dims = hlo.tile_assignment_dimensions()
        s_devs = sharding_impl.devices_of(s)
        axes = [(f"_{k}", size) for k, size in enumerate(dims) if size > 1]
        positions = [self.pos[s_devs[p].id]
                     for p in hlo.tile_assignment_devices()]
        return (self.mesh_symbol(axes, positions),
                tuple((f"_{j}",) if dims[j] > 1 else ()
                      for j in range(ndim)))


# ---------------------------------------------------------------------------
# Persistent executable cache (JAX's jax_compilation_cache_dir)
# ---------------------------------------------------------------------------

# One file per executable, named by the key:
#   _ENTRY_MAGIC, 4-byte little-endian header length, a JSON header (the key,
#   the signature, the payload's SHA-256), the payload (PJRT's serialized
#   executable).
# Files are written to a temporary name and renamed into place, so readers
# (other threads, processes, xdist workers) see whole entries or none.
# The checksum guards the deserializer, which trusts its input, against
# damaged files; entries failing any check are ignored (and recompiled).
_ENTRY_MAGIC = b"jxp-xla-cache-1\n"
_ENTRY_SUFFIX = ".jxpexe"
_TMP_PREFIX = ".tmp-"


def _dtype_from_name(name):
    for dtype in _MLIR_DTYPES.values():
        if dtype.name == name:
            return dtype
    return np.dtype(name)


def _host_fingerprint():
    """What an executable compiled for this CPU depends on besides PJRT's
    version: the machine and its instruction-set extensions."""
    import platform
    parts = [platform.machine()]
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(("flags", "Features")):
                    parts.append(line.split(":", 1)[1].strip())
                    break
    except OSError:
        parts.append(platform.processor())
    return "\n".join(parts)


class _DiskCache:
    """An LRU directory of serialized executables, shared by processes."""

    def __init__(self, path, max_size, min_compile_time):
        self.path = os.fspath(path)
        self.max_size = max_size  # bytes; -1: unbounded
        self.min_compile_time = min_compile_time
        self._prefix = None
        # Counts since this configuration was set (approximate under
        # threads): lookups found, lookups not found or unusable, writes.
        self.hits = self.misses = self.writes = 0
        # This process's estimate of the directory's size (None: unknown);
        # other processes' writes show up at the next scan.
        self._size = None
        self._writes_since_scan = 0

    def _key_prefix(self):
        # Everything besides the text the compiled code depends on.
        if self._prefix is None:
            import hashlib
            from jaxlib import version as _jaxlib_version
            c = client()
            h = hashlib.sha256()
            for part in (_ENTRY_MAGIC, _jaxlib_version.__version__,
                         c.platform, c.platform_version,
                         _compile_options().SerializeAsString(),
                         os.environ.get("XLA_FLAGS", ""),
                         _host_fingerprint()):
                part = part if isinstance(part, bytes) else str(part).encode()
                h.update(len(part).to_bytes(8, "little"))
                h.update(part)
            self._prefix = h.digest()
        return self._prefix

    def key(self, fingerprint: str, options=None) -> str:
        """The entry's name: a hash of the program's fingerprint (the
        compiler's, which leaves out locations as JAX's key leaves out debug
        info: a program moved to another line or file compiles to the same
        code), of ``_key_prefix`` and of the compile options when they are
        not the default device's (the number of partitions and the device
        assignment: programs for other devices are other executables)."""
        import hashlib
        h = hashlib.sha256(self._key_prefix())
        if options is not None and options is not _compile_options():
            part = options.SerializeAsString()
            h.update(b"options" + len(part).to_bytes(8, "little") + part)
        h.update(fingerprint.encode("utf-8"))
        return h.hexdigest()

    def _file(self, key):
        return os.path.join(self.path, key + _ENTRY_SUFFIX)

    def get(self, key, c, options, device_list=None):
        """(loaded executable, in_avals, out_avals), or None on a miss or
        an unusable entry."""
        import hashlib
        import json
        path = self._file(key)
        self.misses += 1
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        try:
            if not data.startswith(_ENTRY_MAGIC):
                return None
            pos = len(_ENTRY_MAGIC)
            hlen = int.from_bytes(data[pos:pos + 4], "little")
            header = json.loads(data[pos + 4:pos + 4 + hlen])
            payload = data[pos + 4 + hlen:]
            if (header["key"] != key or header["sha256"] !=
                    hashlib.sha256(payload).hexdigest()):
                return None
            in_avals = [(tuple(s), _dtype_from_name(d))
                        for s, d in header["in"]]
            out_avals = [(tuple(s), _dtype_from_name(d))
                         for s, d in header["out"]]
        except (ValueError, KeyError, TypeError, IndexError):
            return None
        try:
            loaded = c.deserialize_executable(
                payload, _device_list if device_list is None else device_list,
                options)
        except _jax.JaxRuntimeError:
            return None
        if self.max_size > 0:
            try:  # the file's mtime is its last use, for LRU eviction
                os.utime(path)
            except OSError:
                pass
        self.misses -= 1
        self.hits += 1
        return loaded, in_avals, out_avals

    def put(self, key, loaded, in_avals, out_avals):
        """Writes an entry; failures (disk full, read-only directory) only
        lose the entry."""
        import hashlib
        import json
        import tempfile
        try:
            payload = loaded.serialize()
        except _jax.JaxRuntimeError:
            return
        header = json.dumps({
            "key": key,
            "sha256": hashlib.sha256(payload).hexdigest(),
            "in": [[list(s), d.name] for s, d in in_avals],
            "out": [[list(s), d.name] for s, d in out_avals],
        }).encode()
        data = b"".join([_ENTRY_MAGIC, len(header).to_bytes(4, "little"),
                         header, payload])
        if self.max_size > 0 and len(data) > self.max_size:
            return
        tmp = None
        try:
            os.makedirs(self.path, exist_ok=True)
            if self.max_size > 0:
                self._bound(len(data))
            fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, dir=self.path)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, self._file(key))
            tmp = None
            self.writes += 1
        except OSError:
            pass
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    # Rescan the directory after this many writes even when the estimate
    # fits: other processes write to it too.
    _SCAN_EVERY = 64

    def _bound(self, incoming):
        """Keeps the directory within ``max_size`` with ``incoming`` more
        bytes, scanning it only when the running estimate says it may be
        full (or every _SCAN_EVERY writes), not at every write."""
        self._writes_since_scan += 1
        if (self._size is None or self._size + incoming > self.max_size
                or self._writes_since_scan >= self._SCAN_EVERY):
            self._size = self._evict(incoming)
            self._writes_since_scan = 0
        self._size += incoming

    def _evict(self, incoming):
        """Deletes least recently used entries if ``incoming`` more bytes
        do not fit in ``max_size``, down to 90% of it so that the next
        writes need no scan; returns the size left.  Concurrent evictors may
        delete the same file; whoever loses the race just moves on."""
        entries = []
        total = 0
        now = time.time()
        with os.scandir(self.path) as it:
            for e in it:
                try:
                    st = e.stat()
                except OSError:
                    continue
                if e.name.endswith(_ENTRY_SUFFIX):
                    entries.append((st.st_mtime, e.path, st.st_size))
                    total += st.st_size
                elif e.name.startswith(_TMP_PREFIX) and \
                        now - st.st_mtime > 3600:
                    try:  # left behind by a killed writer
                        os.unlink(e.path)
                    except OSError:
                        pass
        if total + incoming <= self.max_size:
            return total
        target = self.max_size * 0.9
        entries.sort()
        for _, path, size in entries:
            try:
                os.unlink(path)
            except OSError:
                continue
            total -= size
            if total + incoming <= target:
                break
        return total


_cache = None  # the _DiskCache in use, or None


def set_compilation_cache(path, max_size=-1, min_compile_time=1.0):
    """Configures the persistent executable cache (jxp.config's
    ``jax_compilation_cache_dir``, ``jax_compilation_cache_max_size``,
    ``jax_persistent_cache_min_compile_time_secs`` call this).

    ``path`` None or empty: no cache.  ``max_size``: bytes, least recently
    used entries are evicted beyond it; -1 unbounded; 0 disables the cache
    (JAX's semantics).  Programs compiling faster than ``min_compile_time``
    seconds are not written.  The directory is created on the first write.
    """
    global _cache
    max_size = int(max_size)
    if not path or max_size == 0:
        _cache = None
    else:
        _cache = _DiskCache(path, max_size, float(min_compile_time))


def compilation_cache_dir():
    """The directory of the persistent executable cache, or None."""
    cache = _cache
    return None if cache is None else cache.path


def compilation_cache_stats():
    """{"hits", "misses", "writes"} of the persistent cache since it was
    last configured, or None when there is no cache."""
    cache = _cache
    if cache is None:
        return None
    return {"hits": cache.hits, "misses": cache.misses,
            "writes": cache.writes}
