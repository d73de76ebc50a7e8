"""Compilation: the only module that calls jxp's compiler (the ``_jxp``
extension) and jaxlib's compiler.

It runs the compiler's named pipelines on traced jxp modules
(``compile_traced``: a ``Program``, the StableHLO and what the compiler
reports of it), reads StableHLO text in an MLIR context of its own
(``parse_stablehlo``, the error path), and compiles programs with PJRT
into ``Executable``s for one device or, as SPMD programs, for several
(``compile``, ``compile_sharded``: pxla.py decides where), looking them up
in the persistent cache (compilation_cache.py) first.

jaxlib behaviour this module relies on or works around (jaxlib 0.10.2):

* ``Client.compile_and_load`` takes StableHLO text itself: it parses and
  verifies it in jaxlib's own MLIR context (with the GIL released), so
  compiles need no parse here; its parse errors arrive as
  ``JaxRuntimeError``, which we turn into ``ValueError`` by parsing the text
  ourselves, on that error path only.  Host callbacks are the exception:
  jaxlib takes their callables only with a parsed module.
* Executables hand out results through ``consume_with_handlers`` with
  jxp's own result handlers (jaxlib's other ways import ``jax``: see
  transfer.py).
* ``execute_sharded`` with an argument laid out otherwise than the program
  expects (another sharding, or the same devices in another order) crashes
  the process; ``Executable.execute`` therefore moves every argument where
  the program wants it first (``reshard``).
* The custom calls of jxp's factorizations are jaxlib's LAPACK FFI
  targets, which XLA's CPU backend knows only once registered.
"""

import time

import numpy as np
from jaxlib import _jax
from jaxlib import xla_client as _xc
from jaxlib.mlir import ir

from . import (compilation_cache, errors, host_callback, pxla,
               sharding_impl, xla_bridge)
from .avals import MLIR_DTYPES
from .transfer import DeviceBuffer, aval_for, device_put, reshard
from .util import LRUCache
from .. import _jxp

# ---------------------------------------------------------------------------
# The compiler: pipelines on traced jxp modules
# ---------------------------------------------------------------------------

# The compiler's named pipelines (lib/Driver/Pipelines.cpp): OPTIMIZE
# materializes transform ops, drops custom rules, inlines and cleans up;
# TO_STABLEHLO converts; COMPILE is both.
OPTIMIZE = "jxp-optimize"
TO_STABLEHLO = "jxp-lower"
COMPILE = "jxp-compile"

# The diagnostic kinds of the C++ side (lib/Dialect/Diagnostics.h) that
# stand for JAX's Python exceptions; any other error is a CompileError.
_ERROR_CLASSES = {"not-implemented": NotImplementedError, "type": TypeError,
                  "value": ValueError}

def compile_error(err):
    """The exception for a failed compile (`_jxp.CompileError` with its
    structured `errors`): JAX's class for the first error whose kind has
    one, else jxp's CompileError."""
    message = str(err)
    for kind, text, file, line, *_ in getattr(err, "errors", ()):
        cls = _ERROR_CLASSES.get(kind)
        if cls is ValueError:
            # JAX's message first (its ValueErrors are checked by their
            # first line), then where.
            return cls(f"{text}\n  (at {file}:{line})" if file else text)
        if cls is not None:
            return cls(message)
    return errors.CompileError(message)


def run_pipeline(text, pipeline, generic=True, debug_info=True):
    try:
        return _jxp.run_pipeline(text, pipeline, generic, debug_info)
    except _jxp.CompileError as e:
        raise compile_error(e) from None


def _registered_rule(traced, callee):
    """The function tracing `callee`'s custom rule for a zero pattern."""
    trace_rule = traced.rules.get(callee)
    if trace_rule is None:
        raise errors.CompileError(
            f"the compiler asked for a rule of {callee}, which this trace did "
            f"not register")
    return trace_rule


def _rule_tracer(traced):
    """rule_tracer(callee, pattern) for the compiler: traces the custom_jvp
    rule it asks for into the traced module and returns the text of the
    functions the trace added (only those: the compiler keeps the module it
    parsed) and the rule's symbol."""
    def trace_rule_text(callee, pattern):
        trace_rule = _registered_rule(traced, callee)
        body = traced.module.body
        known = len(body.operations)
        symbol = trace_rule(tuple(c == "1" for c in pattern))
        # Traced functions are appended to the module's body.
        with traced.module.context, ir.Location.unknown():
            added = ir.Module.create()
            ip = ir.InsertionPoint(added.body)
            for op in list(body.operations)[known:]:
                op.operation.clone(ip)
            text = added.operation.get_asm(print_generic_op_form=True,
                                           enable_debug_info=True)
        return text, symbol
    return trace_rule_text


def compile_traced(traced, pipeline, generic=True, debug_info=True,
                   planner=None):
    """Compiles a traced module with `pipeline` into a Program: one
    print here, one compile in C++, which traces the custom rules it asks
    for through `_rule_tracer`. `planner`: a pxla.SpmdPlanner, asked by
    the compiler where the program runs."""
    # The compiler rewrites the entry as the trace is called: closed-over
    # arrays first, donated inputs aliased to outputs.
    num_captured = len(traced.captured) if traced.captured_first else 0
    tracer = _rule_tracer(traced) if traced.rules else None
    try:
        return Program(_jxp.compile(
            traced.text(), pipeline, num_captured, traced.aliases or [],
            debug_info, generic, planner, tracer))
    except _jxp.CompileError as e:
        raise compile_error(e) from None


def compile_text(text, pipeline, debug_info=True, planner=None):
    """The Program of a jxp module's `text` compiled with `pipeline` as it
    stands (no entry rewriting, no rules traced on demand); laid out as
    `planner` (a pxla.SpmdPlanner) decides, if given."""
    try:
        return Program(_jxp.compile(text, pipeline, debug_info=debug_info,
                                    planner=planner))
    except _jxp.CompileError as e:
        raise compile_error(e) from None


# The programs eager transformations compile (ad.py: eager grad, vjp,
# linearize's split parts, concrete-value slices), one cache for all:
# traced again on every call (as JAX's eager APIs re-run), each distinct
# program is compiled once. jit keeps compiled programs per function
# instead (api.py), as JAX does.
_programs = LRUCache(512)  # (text, pipeline, shardings) -> (Program, planner)
_executables = LRUCache(512)  # (fingerprint, input shardings) -> Executable


def compile_text_cached(text, pipeline, in_shardings=None):
    """(program, planner): compile_text without locations (the same
    program called from another line is the same executable; diagnostics
    still carry the user's lines), laid out for inputs with `in_shardings`
    (None: the default device, unless the program spans a mesh), once per
    text and shardings. For modules whose custom rules are not traced on
    demand (what those trace may read changed globals)."""
    key = (text, pipeline, in_shardings)
    placed = _programs.get(key)
    if placed is None:
        planner = pxla.SpmdPlanner(in_shardings)
        placed = (compile_text(text, pipeline, debug_info=False,
                               planner=planner), planner)
        _programs.put(key, placed)
    return placed


def executable(program, in_shardings=None, planner=None):
    """The Executable of `program`, compiled once per fingerprint and input
    shardings: where `planner` (which laid the program out) decided, else
    where its inputs live (compile_sharded)."""
    key = (program.fingerprint, in_shardings)
    exe = _executables.get(key)
    if exe is None:
        if planner is not None:
            exe = compile_placed(program, planner, in_shardings)
        elif in_shardings is None:
            exe = compile(program)
        else:
            exe = compile_sharded(program, in_shardings)
        _executables.put(key, exe)
    return exe


def clear_caches():
    _programs.clear()
    _executables.clear()


def split_linear(traced, num_primals, num_tangents):
    """The compiler's split of a traced JVP (eager linearize's), optimized
    with OPTIMIZE: a dict of the primal, linear and transposed programs'
    facts (the last two may be the CompileError of a program that cannot
    be derived), linear_results and num_residuals. One print here, one
    parse in C++, which traces the custom rules it asks for."""
    tracer = _rule_tracer(traced) if traced.rules else None
    try:
        return _jxp.split_linear(traced.text(), OPTIMIZE, num_primals,
                                 num_tangents, tracer)
    except _jxp.CompileError as e:
        raise compile_error(e) from None


# ---------------------------------------------------------------------------
# MLIR parsing
# ---------------------------------------------------------------------------

_context = None  # the parsing context (see _mlir_context)


def make_mlir_context():
    """A jaxlib MLIR context prepared like JAX's (builtin, func, StableHLO,
    CHLO ... registered)."""
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
    return ctx


# The parsing context is replaced after this many parses: a context keeps
# every name and location it has seen. (Modules parsed earlier keep theirs.)
PARSES_PER_CONTEXT = 256
_parses = 0


def _mlir_context():
    """The context to parse the next module in; call with xla_bridge's
    _lock held."""
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
    with xla_bridge._lock:
        with _mlir_context():
            return _parse_locked(text)


class Program:
    """A StableHLO program and what the compiler reported of it
    (lib/Driver/Compile.cpp): its partitions and mesh devices, custom-call
    targets, host callbacks (``(id, ((shape, element type), ...))`` in the
    order of their ``index`` in the program) and a location-free
    ``fingerprint``. jxp reads these facts, never the text."""

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
        with xla_bridge._lock, _mlir_context():
            module = _parse_locked(text)
            text = module.operation.get_asm(print_generic_op_form=True,
                                            enable_debug_info=True)
        facts = _jxp.inspect_stablehlo(text)
    return Program(facts, facts["text"] or text)


def _tensor_aval(t, what):
    try:
        tt = ir.RankedTensorType(t)
    except ValueError:
        raise ValueError(f"unsupported {what} type of @main: {t}") from None
    if not tt.has_static_shape:
        raise ValueError(f"dynamic {what} shape of @main: {t}")
    dtype = MLIR_DTYPES.get(str(tt.element_type))
    if dtype is None:
        raise ValueError(f"unsupported element type of @main {what}: {t}")
    return tuple(tt.shape), dtype


def _main_func(module):
    """The @main func.func operation of a parsed module."""
    for op in module.body.operations:
        op = op.operation
        if op.name == "func.func" and "sym_name" in op.attributes and \
                ir.StringAttr(op.attributes["sym_name"]).value == "main":
            return op
    raise ValueError("StableHLO module has no @main function")


def _main_signature(module):
    """([(shape, dtype)] of the inputs, same of the results) of @main."""
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
# (device ids, compiler_options items) -> CompileOptions
_overridden_options = LRUCache(64)


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


def _compile_options(devices=None, overrides=None):
    """The compile options of programs on `devices` (a tuple, in the
    program's order; default: the default device), with XLA's debug options
    `overrides` (jit's compiler_options: a dict of option name to value,
    which win over XLA_FLAGS) if given."""
    global _compile_opts
    if overrides:
        devices = devices or (xla_bridge.default_device(),)
        items = tuple(sorted(overrides.items()))
        key = (tuple(d.id for d in devices), items)
        opts = _overridden_options.get(key)
        if opts is None:
            opts = _make_options(devices)
            opts.env_option_overrides = list(items)
            _overridden_options.put(key, opts)
        return opts
    if devices is None or (len(devices) == 1 and
                           devices[0].id == xla_bridge.default_device().id):
        if _compile_opts is None:
            _compile_opts = _make_options((xla_bridge.default_device(),))
        return _compile_opts
    key = tuple(d.id for d in devices)
    opts = _options.get(key)
    if opts is None:
        opts = _options.setdefault(key, _make_options(devices))
    return opts


def _device_list_of(devices):
    if len(devices) == 1 and devices[0].id == xla_bridge.default_device().id:
        return xla_bridge.default_device_list()
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
            devices = (xla_bridge.default_device(),)
        self.devices = tuple(devices)
        single = xla_bridge.sharding_for(self.devices[0])
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
    with xla_bridge._lock:
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
    with xla_bridge._lock, _mlir_context():
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
    written to that directory (see compilation_cache.py).

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
    return _compile(program, (xla_bridge.default_device(),), in_avals,
                    out_avals)


def _compile(program, devices, in_avals=None, out_avals=None,
             in_shardings=None, meshes=(), spmd=False, compiler_options=None):
    """Compiles `program` (a Program) for `devices` (the program's device
    assignment). With `spmd`, the avals are @main's (global) ones, read by
    the caller, and the shardings of inputs and outputs are read from the
    executable (see _executable). `compiler_options`: XLA debug options
    for this compile (see _compile_options)."""
    if any(t.startswith("lapack_") for t in program.custom_call_targets):
        _register_lapack()
    text = program.text
    c = xla_bridge.client()
    options = _compile_options(devices, compiler_options)
    device_list = _device_list_of(devices)
    if program.callbacks:  # never through the persistent cache
        return _compile_with_callbacks(program, devices, device_list,
                                       options, in_avals, out_avals,
                                       in_shardings, meshes)
    # Several processes compile the same program at once, for a topology
    # the cache key does not record: they compile it afresh.
    cache = (compilation_cache.active_cache()
             if xla_bridge.process_count() == 1 else None)
    key = None
    if cache is not None:
        key = cache.key(program.fingerprint, options, _compile_options())
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


def _compile_with_callbacks(program, devices, device_list, options,
                            in_avals, out_avals, in_shardings, meshes):
    """_compile of a module with host callbacks, compiled with their
    callables (no persistent cache: a serialized executable would lose
    them). jaxlib takes callables only with a parsed module; the functions
    come from host_callback's registry."""
    c = xla_bridge.client()
    text = program.text
    callables = host_callback.callback_callables(program)
    with xla_bridge._lock, _mlir_context():
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


# ---------------------------------------------------------------------------
# SPMD programs (pxla.py decides where they run)
# ---------------------------------------------------------------------------

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
            s is None or sharding_impl.is_single_device(s)
            for s in in_shardings)):
        device = pxla.one_device(in_shardings)
        return _compile(program, (device,))
    plan = lower_sharded(program, in_shardings, meshes=meshes)
    if len(plan.devices) == 1:
        return _compile(plan.program, plan.devices)
    return _compile(plan.program, plan.devices, plan.in_avals,
                    plan.out_avals, in_shardings, plan.meshes, spmd=True)


def compile_placed(program, planner, in_shardings=None, compiler_options=None):
    """Compiles a program the compiler laid out as `planner` (an
    SpmdPlanner passed to the compile) decided: on one device, or as one
    SPMD program (see ``compile_sharded``), with XLA debug options
    `compiler_options` (a dict, as jit's) if given."""
    devs, in_avals, out_avals, shown = planner.decided
    if len(devs) == 1:
        return _compile(program, devs, compiler_options=compiler_options)
    return _compile(program, devs, in_avals, out_avals, in_shardings, shown,
                    spmd=True, compiler_options=compiler_options)


def lower_sharded(stablehlo_text, in_shardings=None, *, meshes=()):
    """The SPMD form of a StableHLO module for inputs with `in_shardings`
    (see ``compile_sharded``), without compiling it: an ``SpmdModule``.
    ValueError for malformed text, shardings that do not fit the arguments
    and incompatible devices."""
    program = program_of(stablehlo_text)
    planner = pxla.SpmdPlanner(in_shardings, meshes)
    try:
        facts = _jxp.place_stablehlo(program.text, planner)
    except _jxp.CompileError as e:
        raise ValueError(str(e)) from None
    return planner.module(Program(facts))


