"""Host <-> device transfers of jxp's arrays: device_put, reading arrays
back (to_numpy, through DLPack), assembling and resharding arrays over
several devices, and what jaxlib's transfers need of a
SingleDeviceSharding.

jaxlib behaviour this module relies on or works around (jaxlib 0.10.2):

* jaxlib's C++ builds avals for arrays *it* creates by importing
  ``jax.core.ShapedArray`` (``MakeShapedArrayCached``).  That happens in
  ``ExecuteResults.disassemble_into_single_device_arrays`` and in every
  ``ArrayImpl`` method going through ``FullyReplicatedShard`` (e.g.
  ``_single_device_array_to_np_array_did_copy``, ``unsafe_buffer_pointer``,
  ``_arrays``, ``clone``).  Outputs are therefore collected with
  ``consume_with_handlers`` + ``array_result_handler`` (our own avals:
  ``result_handlers`` here, ``Executable`` in compiler.py) and buffers are
  read back through DLPack (copying: see ``to_numpy``).
* ``batched_device_put`` consults jaxlib's x64 state unless ``enable_x64`` is
  passed explicitly; with x64 off it silently narrows 64-bit host data to 32
  bits on device while keeping the 64-bit aval.  We always pass
  ``enable_x64=True``, so the device buffer has exactly the numpy dtype;
  canonicalizing dtypes is the caller's job.
* The default host-buffer semantics (ZERO_COPY) can make the device buffer
  alias the numpy array's memory (observed for large arrays), so a later
  in-place write to the numpy array would change the device value.  We copy
  during the call unless the caller opts out (``copy=False``).
* ``batched_device_put`` needs a sharding whose Python class provides
  ``memory_kind`` and ``_to_xla_hlo_sharding``.  JAX sets those on the C++
  ``SingleDeviceSharding`` class when imported; jxp sets the ones still
  missing, with the same meaning, and uses plain C++ shardings: the jit fast
  path compares those in C++ (a Python subclass cost 0.4 us per call).
* The arrays made here carry a jxp ``ShapedArray`` as their aval (avals.py):
  that is what makes them jxp's arrays (array.py).
* Reading a sharded array: DLPack exports only the piece of the first
  device of an array's list, and jaxlib's other ways (``_arrays``,
  ``disassemble_into_single_device_arrays`` ...) import ``jax``. Each piece
  is read by relabelling the array with a sharding listing its device first
  (``reorder_shards``, no data moved) and exporting that.
"""

import ctypes

import numpy as np
from jaxlib import _jax
from jaxlib import xla_client as _xc

from . import sharding_impl, xla_bridge
from .avals import ShapedArray

#: Type of the device buffers handed out by this module.
DeviceBuffer = _jax.ArrayImpl

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

_avals = {}  # (shape, dtype, weak_type) -> ShapedArray


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
    sharding = xla_bridge.default_sharding()
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
            sharding = xla_bridge.default_sharding()
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
        if (type(a) is not DeviceBuffer
                or not sharding_impl.is_single_device(a._sharding)):
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


def to_numpy(buf) -> np.ndarray:
    """Device array -> host numpy array (a read-only copy): the whole
    array, assembled from its devices' pieces if it is sharded.
    RuntimeError for an array with pieces in other processes (unless
    every device holds all of it)."""
    buf.block_until_ready()
    s = buf._sharding
    dtype = buf.aval.dtype
    single = sharding_impl.is_single_device(s)
    if not single and not sharding_impl.is_fully_addressable(s):
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
    if single:
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
    if sharding_impl.is_single_device(s):
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
                              sharding=xla_bridge.sharding_for(device))
        out.append((device, index, ids[i], data))
    return out


def block_until_ready(buf):
    buf.block_until_ready()
    return buf

