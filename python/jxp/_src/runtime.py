"""jxp's runtime: the only module that touches jaxlib internals.

It owns the CPU PJRT client, the MLIR context used to parse StableHLO text,
compilation, host<->device transfers and execution.  It never imports the
``jax`` package, and avoids the jaxlib entry points that would do so behind
our back.

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
* ``batched_device_put`` needs a sharding whose Python class provides
  ``memory_kind`` and ``_to_xla_hlo_sharding``.  JAX grafts those onto the C++
  ``SingleDeviceSharding`` class; we subclass it instead, so that importing
  ``jax`` in the same process (e.g. in tests) cannot conflict with us.
"""

from __future__ import annotations

import ctypes
import io
import os
import threading

# Quiet XLA's C++ INFO logs (e.g. the PJRT device-count banner), like JAX does.
# Must happen before jaxlib's shared libraries initialize logging.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

import numpy as np  # noqa: E402

from jaxlib import _jax  # noqa: E402
from jaxlib import xla_client as _xc  # noqa: E402

try:  # jaxlib depends on ml_dtypes, so this is always available in practice.
    import ml_dtypes as _ml_dtypes  # noqa: E402
except ImportError:  # pragma: no cover
    _ml_dtypes = None

__all__ = [
    "client", "devices", "set_x64", "x64_enabled", "parse_stablehlo",
    "compile", "Executable", "device_put", "to_numpy", "block_until_ready",
    "DeviceBuffer",
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


# ---------------------------------------------------------------------------
# Client and devices
# ---------------------------------------------------------------------------

_client = None
_devices = None
_device = None  # the default (first) device
_device_list = None  # xc.DeviceList of the default device


def client():
    """The process-wide CPU PJRT client (created on first use)."""
    c = _client
    if c is None:
        c = _make_client()
    return c


def _make_client():
    global _client, _devices, _device, _device_list
    with _lock:
        if _client is None:
            _ensure_x64_state()
            # jaxlib records a Python traceback with every buffer it makes
            # (for JAX's debugging aids, which jxp does not use); with it on,
            # each execution leaves ~60 bytes behind for good.
            _jax.set_tracebacks_enabled(False)
            c = _xc.make_cpu_client()
            devs = list(c.local_devices())
            _devices = devs
            _device = devs[0]
            _device_list = _xc.DeviceList((devs[0],))
            _client = c
        return _client


def devices() -> list:
    client()
    return list(_devices)


def _default_device():
    if _device is None:
        client()
    return _device


# ---------------------------------------------------------------------------
# Avals and shardings
# ---------------------------------------------------------------------------

_REPLICATED = None


class _Sharding(_xc.SingleDeviceSharding):
    """Single-device sharding carrying the methods jaxlib calls back into."""

    # No __init__ override: the C++ constructor (device, *, memory_kind=None)
    # stores _device and _memory_kind.

    @property
    def memory_kind(self):
        return self._memory_kind

    @property
    def device_set(self):
        return {self._device}

    @property
    def _device_assignment(self):
        return (self._device,)

    @property
    def num_devices(self):
        return 1

    @property
    def is_fully_replicated(self):
        return True

    def _to_xla_hlo_sharding(self, num_dimensions):
        global _REPLICATED
        if _REPLICATED is None:
            _REPLICATED = _xc.HloSharding.replicate()
        return _REPLICATED

    def __repr__(self):
        return f"jxp.SingleDeviceSharding({self._device!r})"


class _Aval:
    """Minimal abstract value as jaxlib reads it: shape, dtype, weak_type."""

    __slots__ = ("shape", "dtype", "weak_type", "ndim")

    def __init__(self, shape, dtype, weak_type):
        self.shape = shape
        self.dtype = dtype
        self.weak_type = weak_type
        self.ndim = len(shape)

    def __repr__(self):
        w = ", weak_type=True" if self.weak_type else ""
        return f"_Aval({self.dtype.name}{list(self.shape)}{w})"


_shardings = {}  # device -> _Sharding
_avals = {}  # (shape, dtype, weak_type) -> _Aval


def _sharding_for(device):
    s = _shardings.get(device)
    if s is None:
        s = _shardings.setdefault(device, _Sharding(device))
    return s


def _aval_for(shape, dtype, weak_type):
    key = (shape, dtype, weak_type)
    a = _avals.get(key)
    if a is None:
        if len(_avals) > 4096:  # keep the cache bounded
            _avals.clear()
        a = _avals.setdefault(key, _Aval(shape, dtype, weak_type))
    return a


# ---------------------------------------------------------------------------
# Transfers
# ---------------------------------------------------------------------------

_COPY = _jax.HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL
_ZERO_COPY = _jax.HostBufferSemantics.ZERO_COPY


def device_put(x: np.ndarray, weak_type: bool = False, *, copy: bool = True):
    """Copies a numpy array to a device buffer of the same dtype and shape.

    ``copy=False`` lets jaxlib alias the host memory (zero-copy); only use it
    for arrays that are never mutated afterwards.
    """
    if type(x) is not np.ndarray:
        x = np.asarray(x)
    device = _device
    if device is None:
        device = _default_device()
    aval = _aval_for(x.shape, x.dtype, bool(weak_type))
    return _xc.batched_device_put(
        aval, _sharding_for(device), [x], [device], True, False,
        _COPY if copy else _ZERO_COPY, True)


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


def to_numpy(buf) -> np.ndarray:
    """Device buffer -> host numpy array (a read-only copy).

    Goes through DLPack: jaxlib's own host-transfer methods import ``jax``.
    The DLPack view is copied and dropped at once, because an outstanding
    external reference makes a later ``buf.delete()`` (or donation) abort the
    process.
    """
    buf.block_until_ready()
    capsule = _to_dlpack(buf)
    dtype = buf.aval.dtype
    try:
        view = np.from_dlpack(_DLPackCapsule(capsule))
    except (RuntimeError, TypeError, BufferError):
        # numpy has no DLPack code for e.g. bfloat16 / float8: copy raw bytes.
        out = _copy_from_dlpack(capsule, dtype)
    else:
        out = np.array(view, dtype=dtype, copy=True)
        del view
    del capsule
    out.flags.writeable = False
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
        _context = make_mlir_context()
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


def _main_signature(module):
    """([(shape, dtype)] of the inputs, same of the results) of @main."""
    ir = _ir
    main = None
    for op in module.body.operations:
        op = op.operation
        if op.name == "func.func" and "sym_name" in op.attributes and \
                ir.StringAttr(op.attributes["sym_name"]).value == "main":
            main = op
            break
    if main is None:
        raise ValueError("StableHLO module has no @main function")
    ftype = ir.TypeAttr(main.attributes["function_type"]).value
    ftype = ir.FunctionType(ftype)
    return ([_tensor_aval(t, "argument") for t in ftype.inputs],
            [_tensor_aval(t, "result") for t in ftype.results])


# ---------------------------------------------------------------------------
# Compilation and execution
# ---------------------------------------------------------------------------

_compile_opts = None


def _compile_options():
    global _compile_opts
    if _compile_opts is None:
        opts = _xc.CompileOptions()
        opts.num_replicas = 1
        opts.num_partitions = 1
        opts.profile_version = -1  # no XLA-AutoFDO profile lookup (as JAX)
        opts.executable_build_options.use_spmd_partitioning = True
        opts.device_assignment = _xc.DeviceAssignment.create(
            np.array([[_default_device().id]], dtype=np.int32))
        _compile_opts = opts
    return _compile_opts


class Executable:
    """A compiled program bound to the default device.

    ``in_avals`` / ``out_avals``: lists of ``(shape, dtype)`` of the
    arguments / results of ``@main``.
    """

    __slots__ = ("_exe", "_execute_sharded", "_handlers", "in_avals",
                 "out_avals", "__weakref__")

    def __init__(self, loaded_executable, in_avals, out_avals):
        self._exe = loaded_executable
        self._execute_sharded = loaded_executable.execute_sharded
        self.in_avals = in_avals
        self.out_avals = out_avals
        sharding = _sharding_for(_default_device())
        self._handlers = [
            _xc.array_result_handler(_aval_for(shape, dtype, False), sharding,
                                     True, _skip_checks=True)
            for shape, dtype in out_avals]

    def execute(self, args: list) -> list:
        """Runs on device buffers; returns the output device buffers.

        Hot path: arguments are NOT checked.  PJRT checks only their number;
        a buffer of the wrong dtype or shape is silently reinterpreted (or
        read out of bounds).  Use ``execute_checked`` when unsure.
        """
        return self._execute_sharded(args).consume_with_handlers(
            self._handlers)

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
        return (f"<jxp Executable: {len(self.in_avals)} inputs, "
                f"{len(self.out_avals)} outputs>")


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


def compile(stablehlo_text: str) -> Executable:  # noqa: A001
    """Parses and compiles StableHLO text for the default device.

    Raises ``ValueError`` for malformed/invalid IR and ``RuntimeError``
    (``jaxlib``'s ``JaxRuntimeError``) when XLA rejects the program.
    """
    text = _as_text(stablehlo_text)
    if "lapack_" in text:
        _register_lapack()
    with _lock, _mlir_context():
        module = _parse_locked(text)
        in_avals, out_avals = _main_signature(module)
        # Hand XLA a bytecode copy: it is parsed in jaxlib's own context, so
        # the (slow) compilation needs no lock on our shared context.
        buf = io.BytesIO()
        module.operation.write_bytecode(buf)
        del module
    c = client()
    exe = c.compile_and_load(buf.getvalue(), executable_devices=_device_list,
                             compile_options=_compile_options())
    return Executable(exe, in_avals, out_avals)
