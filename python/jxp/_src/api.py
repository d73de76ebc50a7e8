"""jit, eager dispatch, make_ir and the lowering/compilation chain.

trace (Python -> jxp module) -> compiler.compile_traced (C++: the named
pipeline jxp-compile, entry rewriting, host-callback numbering; a
compiler.Program comes back) -> compiler.compile_sharded / compile_placed
(jaxlib/PJRT).
"""

import collections
import contextlib
import copy
import functools
import inspect
import math
import operator
import sys
import threading
import warnings
import weakref

import numpy as np
from jaxlib import _jax
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_d

from . import (compiler, core, errors, pxla, sharding_impl, transfer,
               tree_util, xla_bridge)
from .array import Array, ArrayImpl, from_numpy, is_array
from .config import config, jit_disabled, swap_disable_jit
from .core import Frame, Tracer, abstractify, frame_scope
from .util import LRUCache

# ---------------------------------------------------------------------------
# Tracing
# ---------------------------------------------------------------------------


class Traced:
    """A traced program: the jxp module and how to call it."""

    def __init__(self, module, name, in_avals, out_avals, out_tree, captured,
                 rules=None):
        self.module = module
        # How the compiler calls @main (jit's calling convention): closed-
        # over arrays first, and input -> output buffer aliases (donation).
        self.captured_first = False
        self.aliases = None
        # custom_jvp callee symbol -> traces its rule for a zero pattern,
        # when the compiler asks for it (see compiler.compile_traced).
        self.rules = rules
        self.name = name
        self.in_avals = in_avals
        self.out_avals = out_avals
        self.out_tree = out_tree
        self.captured = captured  # Arrays closed over: trailing inputs

    def text(self):
        """The module in generic form with locations: the C++ side's input."""
        return self.module.operation.get_asm(print_generic_op_form=True,
                                             enable_debug_info=True)


def _check_output(x, fun_name):
    if isinstance(x, (Tracer, Array, np.ndarray, np.generic, bool, int, float,
                      complex)):
        return x
    raise TypeError(
        f"Value {x!r} of type {type(x)} returned by {fun_name} is not a valid "
        f"JAX type: outputs must be arrays or scalars (in any pytree).")


def trace(fun, name, in_avals, build_args, sources=None):
    """Traces fun(*build_args(tracers)) into a new module's public @main
    (`sources`: the concrete inputs, for an eager transformation)."""
    with core.start_trace(), ir.Location.unknown():
        module = ir.Module.create()
        # XLA names the HloModule after this, as JAX's "jit_<name>".
        module.operation.attributes["sym_name"] = ir.StringAttr.get(
            f"jit_{core.symbol_name(name)}")
        frame = Frame(module, "main", in_avals, public=True, sources=sources)
        outs, out_tree = _trace_into(frame, fun, name, build_args)
    return Traced(module, name, in_avals, [t.aval for t in outs], out_tree,
                  frame.captured, frame.rules)


def _trace_into(frame, fun, name, build_args):
    """Runs fun on `frame`'s arguments and returns its flat outputs (tracers
    of `frame`, the function finished) and their tree."""
    frame.fun_name = name
    with frame_scope(frame):
        args, kwargs = build_args(frame.args)
        out = fun(*args, **kwargs)
        out_flat, out_tree = tree_util.tree_flatten(out)
        outs = [frame.lift(_check_output(o, name)) for o in out_flat]
        frame.finish(outs)
    return outs, out_tree


def _trace_nested(fun, name, frame, flat_args, build_args):
    """Traces fun into a private function of `frame`'s module and calls it."""
    in_avals = [abstractify(x) for x in flat_args]
    symbol = frame.new_symbol(name)
    inner = Frame(frame.module, symbol, in_avals, parent=frame)
    outs, out_tree = _trace_into(inner, fun, name, build_args)
    results = call_function(frame, symbol, [t.aval for t in outs],
                            list(flat_args) + inner.captured)
    return tree_util.tree_unflatten(out_tree, results)


def call_function(frame, symbol, out_avals, args):
    """Tracers of `frame` for the results of calling private function
    `symbol` on `args` (lifted into `frame`)."""
    call = func_d.CallOp([core.mlir_type(a) for a in out_avals],
                         ir.FlatSymbolRefAttr.get(symbol),
                         [frame.lift(x).value for x in args],
                         loc=core.user_location(), ip=frame.ip)
    return [Tracer(a, v, frame) for a, v in zip(out_avals, call.results)]


# ---------------------------------------------------------------------------
# Compilation and execution
# ---------------------------------------------------------------------------


class _FastpathData(collections.namedtuple("_FastpathData", [
        "xla_executable", "out_pytree_def", "in_shardings", "out_shardings",
        "out_avals", "out_committed", "kept_var_bitvec",
        "in_device_local_layouts", "const_args"])):
    """What jaxlib's jit fast path needs to run a compiled program without
    calling Python (the fields and their order are jaxlib's)."""
    __slots__ = ()


class Compiled:
    """An executable with the calling convention of its trace. It keeps the
    trace's avals, trees and closed-over arrays (its first inputs), not its
    module, so cached executables do not hold MLIR contexts alive.

    `in_shardings` (one per traced input, see `arg_shardings`): where the
    arguments it is compiled for live; with any not on the default device
    (or closed-over arrays so), the program runs where they are: one SPMD
    program over several devices (compiler.compile_sharded)."""

    def __init__(self, traced, pipeline, program=None, in_shardings=None):
        self.in_avals = traced.in_avals
        self.out_avals = traced.out_avals
        self.out_tree = traced.out_tree
        captured = list(traced.captured)
        shardings = program_shardings(captured, in_shardings,
                                      len(self.in_avals))
        if program is None:
            # The compiler asks where the program runs once it is
            # StableHLO, and lays it out for those devices.
            planner = pxla.SpmdPlanner(shardings)
            self.program = compiler.compile_traced(traced, pipeline,
                                                   planner=planner)
            self.executable = compiler.compile_placed(self.program, planner,
                                                      shardings)
        else:
            self.program = program
            self.executable = compiler.compile_sharded(program, shardings)
        exe = self.executable
        # The default device's programs take what they are given (jaxlib's
        # fast path moves one-device arrays itself); others are checked.
        self._anywhere = len(exe.devices) == 1
        self._execute = exe.execute
        self._handlers = exe.result_handlers(self.out_avals)
        n = len(captured)
        # Closed-over arrays, placed once where the program takes them.
        self.captured = exe.place(captured) if n else []
        self._arg_shardings = exe.in_shardings[n:]
        self.in_tree = None  # set by Lowered.compile for the public call
        self._fastpath = None

    def execute_flat(self, flat_args):
        if self._anywhere:
            bufs = [x if is_array(x) else _to_buffer(x, a)
                    for x, a in zip(flat_args, self.in_avals)]
        else:  # host values go straight where the program wants them
            bufs = [x if is_array(x) else np.asarray(x, dtype=a.dtype)
                    for x, a in zip(flat_args, self.in_avals)]
        return self._execute(self.captured + bufs, self._handlers)

    def call_flat(self, flat_args):
        return tree_util.tree_unflatten(self.out_tree,
                                        self.execute_flat(flat_args))

    def fastpath(self, flat_args=None):
        """The program as jaxlib's fast path runs it, for calls with
        arguments like `flat_args`; None if the fast path would pass one of
        them to the program as it is while the program expects it laid out
        otherwise (that would crash; the Python path moves it)."""
        if flat_args is not None and not self._anywhere:
            n_dev = len(self.executable.devices)
            for x, s in zip(flat_args, self._arg_shardings):
                if type(x) is ArrayImpl:
                    xs = x._sharding
                    # Other device counts go to the shard-arg fallback.
                    if xs is not s and sharding_impl.num_devices(
                            xs) == n_dev and not sharding_impl.same_layout(
                            xs, s, x.aval.ndim):
                        return None
        fp = self._fastpath
        if fp is None:
            exe = self.executable
            n_in = len(self.captured) + len(self.in_avals)
            n_out = len(self.out_avals)
            fp = self._fastpath = _FastpathData(
                exe.loaded_executable, self.out_tree,
                list(exe.in_shardings), list(exe.out_shardings),
                list(self.out_avals), [True] * n_out, [True] * n_in,
                [None] * n_in, list(self.captured))
        return fp

    def __call__(self, *args, **kwargs):
        """Calls the compiled program with the lowered call's non-static
        arguments (as JAX's Compiled does)."""
        flat, in_tree = tree_util.tree_flatten((args, kwargs))
        if self.in_tree is not None and in_tree != self.in_tree:
            raise TypeError(f"function compiled for {self.in_tree}, called "
                            f"with {in_tree} (static arguments are left out)")
        for x, a in zip(flat, self.in_avals):
            b = abstractify(x)
            if (b.shape, b.dtype) != (a.shape, a.dtype):
                raise TypeError(f"argument of type {b.str_short()} does not "
                                f"match the compiled {a.str_short()}")
        return self.call_flat(flat)

    def as_text(self):
        """XLA's optimized HLO of the program."""
        return self.executable.hlo_text()

    @property
    def stablehlo(self):
        """The StableHLO text compiled (for one device)."""
        return self.program.text

    @property
    def input_shardings(self):
        """The shardings the program takes its arguments with (JAX's
        Compiled.input_shardings: (args, kwargs) trees when known)."""
        flat = list(self._arg_shardings)
        if self.in_tree is not None:
            return tree_util.tree_unflatten(self.in_tree, flat)
        return flat

    @property
    def output_shardings(self):
        """The shardings of the program's results (as its output tree)."""
        return tree_util.tree_unflatten(self.out_tree,
                                        list(self.executable.out_shardings))

    def cost_analysis(self):
        """XLA's cost estimates of the compiled program (a dict: "flops",
        "bytes accessed", ...), as JAX's Compiled.cost_analysis."""
        return self.executable.loaded_executable.cost_analysis()

    def memory_analysis(self):
        """What XLA allocates for one call (argument, output, temporary and
        generated-code sizes in bytes), as JAX's Compiled.memory_analysis."""
        return self.executable.loaded_executable.get_compiled_memory_stats()


def arg_shardings(flat):
    """The shardings of the arrays among `flat` that are not on the default
    device, None for the other values (a tuple); None if there are none
    (the usual case: a program on the default device)."""
    default = xla_bridge.default_sharding()
    out = None
    for i, x in enumerate(flat):
        if type(x) is ArrayImpl and is_array(x):
            s = x._sharding
            if s is not default:
                if out is None:
                    out = [None] * len(flat)
                out[i] = s
    return None if out is None else tuple(out)


def program_shardings(captured, in_shardings, n_in):
    """The input shardings to compile a program for (closed-over arrays
    first), or None when every input may live on the default device."""
    cap = arg_shardings(captured)
    if cap is None and in_shardings is None:
        return None
    return (list(cap or [None] * len(captured)) +
            list(in_shardings or [None] * n_in))


def _to_buffer(x, aval):
    if is_array(x):
        return x
    return transfer.device_put(np.asarray(x, dtype=aval.dtype))


# Fast-path entries (signature -> program) of jaxlib's C++ dispatch, for
# every eager primitive and every jitted function: two LRUs of bounded size
# (JAX keeps the same two).
FASTPATH_CAPACITY = 4096
_eager_fastpath_cache = _jax.PjitFunctionCache(FASTPATH_CAPACITY)
_jit_fastpath_cache = _jax.PjitFunctionCache(FASTPATH_CAPACITY)


def _shard_arg_fallback(x, sharding, *rest):
    """jaxlib's fast path calls this for an argument it cannot pass as it
    is: a host value for a program on several devices, or an array on
    another number of devices than the program's. It returns the argument
    laid out as `sharding` says."""
    if type(x) is ArrayImpl:
        if not is_array(x):  # another library's: jxp's cache miss converts
            raise TypeError(f"jxp cannot pass a {type(x).__name__} to a "
                            f"compiled program")
        return transfer.reshard(x, sharding)
    aval = abstractify(x)
    return transfer.device_put(np.asarray(x, dtype=aval.dtype),
                              aval.weak_type, sharding=sharding)


def _fastpath_ok(flat):
    """Whether jaxlib's signature of these arguments is the one jxp traced
    with: jxp's own arrays, numpy values and Python scalars; for those of
    the latter whose dtype depends on x64, only while jaxlib reads the same
    x64 flag as jxp (see _x64_agrees)."""
    x64_dependent = False
    for x in flat:
        t = type(x)
        if t is ArrayImpl:
            if not is_array(x):
                return False
        elif t in _X64_SCALARS:
            x64_dependent = True
        elif isinstance(x, (np.ndarray, np.generic)):
            x64_dependent = x64_dependent or x.dtype in _X64_DTYPES
        elif t is not bool:
            return False
    return not x64_dependent or _x64_agrees()


_X64_SCALARS = (int, float, complex)
_X64_DTYPES = frozenset(np.dtype(t) for t in (np.int64, np.uint64,
                                              np.float64, np.complex128))


def _x64_agrees():
    """Whether jaxlib canonicalizes Python scalars and 64-bit numpy values
    as jxp does. jaxlib reads one process-wide x64 flag: jxp's, or JAX's
    once JAX is imported after jxp; the fast-path key holds both flags'
    values, so an entry made while they agree is only found while they
    agree."""
    jax = sys.modules.get("jax")
    if jax is None:
        return True
    try:
        return bool(jax.config.jax_enable_x64) == config.x64_enabled
    except Exception:  # noqa: BLE001 (a JAX without this flag)
        return False

# One-op programs of eager calls, by (primitive, parameters, avals, config).
_eager_cache = LRUCache(4096)
# The fast-path callable of each (primitive, parameters).
_eager_callables = LRUCache(4096)


def _eager_compiled(prim, params, args):
    avals = tuple([abstractify(a) for a in args])
    shardings = arg_shardings(args)
    key = (prim, tuple(params.items()), avals, config.trace_key, shardings)
    compiled = _eager_cache.get(key)
    if compiled is None:
        traced = trace(lambda *xs: prim.bind(*xs, **params), prim.name,
                       list(avals), lambda tracers: (tracers, {}))
        compiled = Compiled(traced, compiler.TO_STABLEHLO,
                            in_shardings=shardings)
        _eager_cache.put(key, compiled)
    return compiled


def _eager_callable(prim, params):
    """A jaxlib fast-path callable running `prim` with `params` on concrete
    arguments: in C++ on a hit, tracing and compiling on a miss."""
    def run(*args):
        compiled = _eager_compiled(prim, params, args)
        outs = compiled.execute_flat(args)
        return (outs if prim.multiple_results else outs[0]), compiled

    def cache_miss(*args):
        out, compiled = run(*args)
        return out, (compiled.fastpath(args) if _fastpath_ok(args)
                     else None), False
    # (jaxlib calls the function itself under disable_jit.)
    return _jax.pjit(prim.name, lambda *args: run(*args)[0], cache_miss, [],
                     [], ("jxp-eager",), tree_util.registry(),
                     _shard_arg_fallback, _eager_fastpath_cache)


def apply_eagerly(prim, args, params):
    """Runs one primitive on concrete values: a cached one-op program."""
    key = (prim, tuple(params.items()))
    fn = _eager_callables.get(key)
    if fn is None:
        fn = _eager_callable(prim, params)
        _eager_callables.put(key, fn)
    return fn(*args)


# core runs primitives outside a trace through this hook (it never imports
# api: the layers import downward only).
core.set_eager_apply(apply_eagerly)


def device_put(x, device=None, *, src=None, donate=False, may_alias=None):
    """Arrays holding `x` (an array-like, or a pytree of them), with JAX's
    canonical dtypes: on the default device (arrays stay where they are),
    or where `device` says: a Device, a Sharding (e.g. a NamedSharding:
    each device gets its piece), or a pytree of those matching a prefix of
    `x`'s. Arrays laid out otherwise are moved or resharded (new arrays);
    arrays already there are returned as they are."""
    if device is None:
        def put(leaf):
            if is_array(leaf):
                return leaf
            aval = abstractify(leaf)
            return from_numpy(np.asarray(leaf, dtype=aval.dtype),
                              aval.weak_type)
        if is_array(x):
            return x
        return tree_util.tree_map(put, x)
    target = _as_sharding(device)
    if target is not None:
        return tree_util.tree_map(lambda leaf: _put_leaf(leaf, target), x)
    # A pytree of devices/shardings, a prefix of x's structure.
    targets, tree = tree_util.tree_flatten(
        device, is_leaf=lambda d: _as_sharding(d) is not None)
    try:
        subtrees = tree.flatten_up_to(x)
    except (ValueError, TypeError) as e:
        raise ValueError(f"device_put: the devices/shardings {device!r} are "
                         f"not a pytree prefix of the value's structure: "
                         f"{e}") from None
    out = []
    for t, sub in zip(targets, subtrees):
        s = _as_sharding(t)
        if s is None:
            raise TypeError(f"device_put: expected a Device or a Sharding, "
                            f"got {t!r}")
        out.append(tree_util.tree_map(lambda leaf, s=s: _put_leaf(leaf, s),
                                      sub))
    return tree_util.tree_unflatten(tree, out)


def _as_sharding(d):
    """The sharding `device_put` places on for `d` (a Device or a
    Sharding), or None for anything else."""
    if type(d) is _jax.SingleDeviceSharding:
        return xla_bridge.sharding_for(d._device)  # the interned one
    if isinstance(d, _jax.Sharding):
        return d
    if isinstance(d, _jax.Device):
        return xla_bridge.sharding_for(d)
    return None


def _put_leaf(leaf, sharding):
    if is_array(leaf):
        return transfer.reshard(leaf, sharding)
    aval = abstractify(leaf)
    return transfer.device_put(np.asarray(leaf, dtype=aval.dtype),
                              aval.weak_type, sharding=sharding)


def make_array_from_callback(shape, sharding, data_callback, dtype=None):
    """An array of `shape` laid out as `sharding` says, each device's piece
    given by `data_callback(index)` (index: a tuple of slices of the whole
    array), as JAX's."""
    shape = tuple(shape)
    sharding = _as_sharding(sharding) or sharding
    sharding_impl.check_shape(sharding, shape)
    pieces = []
    for device, index in sharding_impl.addressable_indices_map(sharding,
                                                               shape):
        piece = data_callback(index)
        if dtype is not None:
            piece = np.asarray(piece, dtype=dtype)
        pieces.append(_put_leaf(piece, xla_bridge.sharding_for(device)))
    return transfer.assemble(shape, sharding, pieces)


def make_array_from_process_local_data(sharding, local_data,
                                       global_shape=None):
    """A global array laid out as `sharding` says, from this process's part
    of it (`local_data`: the block its devices hold), as JAX's. Without
    `global_shape`, each dimension's size is the local size times the
    number of blocks the processes split it into."""
    sharding = _as_sharding(sharding) or sharding
    if is_array(local_data):
        local_data = transfer.to_numpy(local_data)
    aval = abstractify(local_data)
    local = np.asarray(local_data, dtype=aval.dtype)
    ndim = local.ndim
    if global_shape is None:
        global_shape = _global_shape(sharding, local.shape)
    global_shape = tuple(int(d) for d in global_shape)
    if len(global_shape) != ndim:
        raise ValueError(f"global_shape {global_shape} and local data of "
                         f"shape {local.shape} differ in rank")
    sharding_impl.check_shape(sharding, global_shape)
    pieces = sharding_impl.addressable_indices_map(sharding, global_shape)
    # Per dimension, as JAX: local data as long as the global array is
    # indexed as it; otherwise it holds this process's distinct pieces
    # along the dimension, in order of their starts.
    where = []
    for d in range(ndim):
        n = global_shape[d]
        starts = sorted({_start(i[d]) for _, i in pieces})
        size = _stop(pieces[0][1][d], n) - _start(pieces[0][1][d])
        if local.shape[d] == n:
            where.append(None)
        elif local.shape[d] == len(starts) * size:
            where.append({s: k * size for k, s in enumerate(starts)})
        else:
            raise ValueError(
                f"local_data of shape {local.shape} does not fit global "
                f"shape {global_shape} under {sharding}: dimension {d} must "
                f"be {n} or this process's {len(starts)} piece(s) of {size}")
    arrays = []
    for device, index in pieces:
        local_index = tuple(
            i if w is None else
            slice(w[_start(i)], w[_start(i)] + _stop(i, n) - _start(i))
            for i, w, n in zip(index, where, global_shape))
        arrays.append(transfer.device_put(
            np.array(local[local_index], copy=True), aval.weak_type,
            sharding=xla_bridge.sharding_for(device)))
    return transfer.assemble(global_shape, sharding, arrays, aval.weak_type)


def _start(index):
    return index.start or 0


def _stop(index, size):
    return size if index.stop is None else index.stop


def _global_shape(sharding, local_shape):
    """JAX's inference: per dimension, the local size times how many
    blocks of it there are across processes (the number of distinct pieces
    along it over this process's)."""
    ndim = len(local_shape)
    # Pieces of a probe shape big enough to split evenly show the split.
    parts = [len({sharding_impl.index_key(i)[d] for _, i in
                  sharding_impl.indices_map(sharding, _probe(ndim))})
             for d in range(ndim)]
    mine = [len({sharding_impl.index_key(i)[d] for _, i in
                 sharding_impl.addressable_indices_map(sharding,
                                                       _probe(ndim))})
            for d in range(ndim)]
    return tuple(n * p // m for n, p, m in zip(local_shape, parts, mine))


def _probe(ndim):
    # Divisible by every split of up to 2^10 devices along any dimension.
    return (math.factorial(12),) * ndim


def make_array_from_single_device_arrays(shape, sharding, arrays, *,
                                         dtype=None):
    """An array of `shape` laid out as `sharding` says, whose pieces are
    `arrays` (one array on each of its devices; no copy), as JAX's."""
    out = transfer.assemble(shape, _as_sharding(sharding) or sharding,
                           arrays)
    if dtype is not None and np.dtype(dtype) != out.dtype:
        raise ValueError(f"dtype {np.dtype(dtype)} does not match the "
                         f"arrays' {out.dtype}")
    return out


def block_until_ready(tree):
    """Waits until every array of `tree` is computed (one wait for all, in
    C++, as JAX's); returns `tree`."""
    arrays = [x for x in tree_util.tree_leaves(tree) if is_array(x)]
    if arrays:
        _jax.batched_block_until_ready(arrays)
    return tree


# ---------------------------------------------------------------------------
# jit
# ---------------------------------------------------------------------------


def _index_tuple(x):
    """An int or a sequence of ints as a tuple (TypeError otherwise)."""
    try:
        return (operator.index(x),)
    except TypeError:
        return tuple(map(operator.index, x))


def _check_static_args(params, argnums, argnames):
    """JAX's checks of static_argnums and static_argnames against the
    signature, made when jit is applied: positions past the positional
    parameters (unless the function takes *args), and names the function
    does not take by keyword (unless it takes **kwargs), are ValueErrors."""
    positional = [p for p in params
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    n = len(positional)
    if argnums and not any(p.kind == p.VAR_POSITIONAL for p in params) and (
            -min(argnums) > n or max(argnums) >= n):
        raise ValueError(f"Jitted function has static_argnums={argnums}, but "
                         f"only accepts {n} positional arguments.")
    by_name = {p.name: p for p in params}
    positional_only = {k for k in argnames if k in by_name and by_name[k].kind
                       in (inspect.Parameter.POSITIONAL_ONLY,
                           inspect.Parameter.VAR_POSITIONAL)}
    if positional_only:
        raise ValueError(f"Jitted function has invalid argnames "
                         f"{positional_only} in static_argnames. These are "
                         f"positional-only")
    if any(p.kind == p.VAR_KEYWORD for p in params):
        return
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD,
               inspect.Parameter.KEYWORD_ONLY)
    unknown = {k for k in argnames
               if k not in by_name or by_name[k].kind not in keyword}
    if unknown:
        raise ValueError(f"Jitted function has invalid argnames {unknown} in "
                         f"static_argnames. Function does not take these "
                         f"args.")


def _static_positions(fun, static_argnums, static_argnames):
    """JAX's rule: static argnums and argnames complete each other through
    the function's signature."""
    static_argnums = _index_tuple(
        () if static_argnums is None else static_argnums)
    if isinstance(static_argnames, str):
        static_argnames = (static_argnames,)
    nums, names = set(static_argnums), set(static_argnames or ())
    try:
        params = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        return frozenset(nums), frozenset(names)
    _check_static_args(params, static_argnums, tuple(static_argnames or ()))
    positional = [p.name for p in params
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for i in list(nums):
        if 0 <= i < len(positional):
            names.add(positional[i])
        elif -len(positional) <= i < 0:
            nums.add(len(positional) + i)
            names.add(positional[i])
    for n in list(names):
        if n in positional:
            nums.add(positional.index(n))
    return frozenset(nums), frozenset(names)


class JitFunction:
    """One jit(f): its static arguments, tracing and compiled programs
    (shared by every jit of f). Users get `public()`, a jaxlib fast-path
    callable: C++ flattens the arguments, keys and runs a compiled program,
    and calls `cache_miss` only for signatures it has not seen."""

    def __init__(self, fun, static_argnums=(), static_argnames=(),
                 inline=False, donate_argnums=(), donate_argnames=()):
        self.fun = fun
        self.name = getattr(fun, "__name__", "fun")
        # Donated arguments, by position and by name (each completing the
        # other through the signature, as static ones).
        nums = () if donate_argnums is None else _index_tuple(donate_argnums)
        names = ((donate_argnames,) if isinstance(donate_argnames, str)
                 else tuple(donate_argnames or ()))
        self._donate_nums, self._donate_names = (
            _static_positions(fun, nums, names) if nums or names
            else ((), ()))
        self._donate_key = (tuple(sorted(self._donate_nums)),
                            tuple(sorted(self._donate_names)))
        # Called inside a trace, an inlined function is traced into its
        # caller (no private function, no call op), as JAX's inline=True.
        self.inline = inline
        self._static_nums, self._static_names = _static_positions(
            fun, static_argnums, static_argnames)
        self._no_statics = not (self._static_nums or self._static_names)
        # Negative static positions left (a *args function): jaxlib would
        # key those arguments as dynamic ones, so no fast path.
        self._fastpath_allowed = all(i >= 0 for i in self._static_nums)
        self._cache = _jit_cache_for(fun)

    def _split(self, args, kwargs):
        """Dynamic (traced) arguments, flattened, and the static ones."""
        statics = []
        dyn_args = []
        for i, a in enumerate(args):
            if i in self._static_nums:
                statics.append((i, _hashable_static(a, i)))
            else:
                dyn_args.append(a)
        dyn_kwargs = {}
        for k, v in kwargs.items():
            if k in self._static_names:
                statics.append((k, _hashable_static(v, k)))
            else:
                dyn_kwargs[k] = v
        flat, in_tree = tree_util.tree_flatten((tuple(dyn_args), dyn_kwargs))
        return flat, in_tree, tuple(statics)

    def _builder(self, args, kwargs, in_tree):
        def build_args(tracers):
            dyn_args, dyn_kwargs = tree_util.tree_unflatten(in_tree, tracers)
            it = iter(dyn_args)
            full = [a if i in self._static_nums else next(it)
                    for i, a in enumerate(args)]
            full_kwargs = {k: (v if k in self._static_names else dyn_kwargs[k])
                           for k, v in kwargs.items()}
            return full, full_kwargs
        return build_args

    def _trace(self, flat, in_tree, args, kwargs):
        avals = [abstractify(x) for x in flat]
        traced = trace(self.fun, self.name, avals,
                       self._builder(args, kwargs, in_tree))
        traced.captured_first = True
        if self._donate_nums or self._donate_names:
            traced.aliases = _donation_aliases(
                traced, self._donated_leaves(args, kwargs))
        return traced

    def _donated_leaves(self, args, kwargs):
        """Flat positions of the leaves of donated arguments (dynamic
        positional arguments in order, then keyword ones by name)."""
        donated, k = [], 0
        dyn = [(i in self._donate_nums, a) for i, a in enumerate(args)
               if i not in self._static_nums]
        dyn += [(n in self._donate_names, kwargs[n]) for n in sorted(kwargs)
                if n not in self._static_names]
        for is_donated, a in dyn:
            n = tree_util.tree_structure(a).num_leaves
            if is_donated:
                donated.extend(range(k, k + n))
            k += n
        return donated

    def _compiled(self, flat, in_tree, statics, args, kwargs):
        shardings = arg_shardings(flat)
        key = (in_tree, tuple([abstractify(x) for x in flat]), statics,
               config.trace_key, self._donate_key, shardings)
        compiled = self._cache.get(key)
        if compiled is None:
            traced = self._trace(flat, in_tree, args, kwargs)
            compiled = Compiled(traced, compiler.COMPILE,
                                in_shardings=shardings)
            self._cache.put(key, compiled)
        return compiled

    def _call(self, args, kwargs):
        """(outputs, fast-path data or None) of a call."""
        if self.inline and core.current_frame() is not None:
            return self.fun(*args, **kwargs), None
        if self._no_statics:
            flat, in_tree = tree_util.tree_flatten((args, kwargs))
            statics = ()
        else:
            flat, in_tree, statics = self._split(args, kwargs)
        frame = core.current_frame()
        if frame is not None:
            return _trace_nested(self.fun, self.name, frame, flat,
                                 self._builder(args, kwargs, in_tree)), None
        for x in flat:
            if isinstance(x, Tracer):  # of a trace that has ended
                raise errors.UnexpectedTracerError(x)
        if jit_disabled():
            return self.fun(*args, **kwargs), None
        compiled = self._compiled(flat, in_tree, statics, args, kwargs)
        out = compiled.call_flat(flat)
        return out, (compiled.fastpath(flat) if self._fastpath_allowed and
                     _fastpath_ok(flat) else None)

    def cache_miss(self, *args, **kwargs):
        out, fastpath = self._call(args, kwargs)
        return out, fastpath, False

    def __call__(self, *args, **kwargs):
        return self._call(args, kwargs)[0]

    def lower(self, *args, **kwargs):
        flat, in_tree, statics = self._split(args, kwargs)
        avals = tuple(abstractify(x) for x in flat)
        shardings = arg_shardings(flat)
        key = (in_tree, avals, statics, config.trace_key, self._donate_key,
               shardings)
        traced = self._trace(flat, in_tree, args, kwargs)
        return Lowered(traced, in_tree, cache=self._cache, key=key,
                       compiled=self._cache.get(key), in_shardings=shardings)

    def public(self):
        """The user's jitted function: a jaxlib PjitFunction carrying
        jxp's `lower` and `clear_cache` (set on the object, not on jaxlib's
        class, which JAX sets its own on)."""
        fn = _jax.pjit(self.name, self.fun, self.cache_miss,
                       sorted(i for i in self._static_nums if i >= 0),
                       sorted(self._static_names),
                       ("jxp-jit", self._donate_key),
                       tree_util.registry(), _shard_arg_fallback,
                       _jit_fastpath_cache)
        functools.update_wrapper(fn, self.fun)
        fn.lower = self.lower

        def clear_cache():
            """Drops the compiled programs of this function (shared by
            every jit of it, as in JAX)."""
            self._cache.clear()
            fn._clear_cache()
        fn.clear_cache = clear_cache
        # The number of programs compiled for f (by any jit of it).
        fn._cache_size = self._cache.__len__
        return fn


def _donation_aliases(traced, donated):
    """For each input of @main (closed-over arrays first), the output whose
    buffer XLA may reuse, or -1: as JAX, each donated input aliases the
    first unclaimed output of its shape and dtype; the others are not
    donated, with JAX's warning. None when nothing is donated."""
    n = len(traced.captured)
    free = list(enumerate(traced.out_avals))
    aliases, unusable = [-1] * (n + len(traced.in_avals)), []
    for k in donated:
        a = traced.in_avals[k]
        j = next((m for m, (_, b) in enumerate(free)
                  if (b.shape, b.dtype) == (a.shape, a.dtype)), None)
        if j is None:
            unusable.append(f"{a.dtype.name}[{','.join(map(str, a.shape))}]")
        else:
            aliases[n + k] = free.pop(j)[0]
    if unusable:
        warnings.warn(f"Some donated buffers were not usable: "
                      f"{', '.join(unusable)}.\nSee an explanation at "
                      f"https://docs.jax.dev/en/latest/faq.html#buffer-"
                      f"donation.", stacklevel=6)  # the user's jit call
    return aliases if any(a >= 0 for a in aliases) else None


# Compiled programs per function, as JAX keys them: every jit(f) of one f
# shares them, and they go with f (weakly referenced). Each is bounded.
JIT_CACHE_CAPACITY = 1024
_jit_caches = weakref.WeakKeyDictionary()
_jit_caches_lock = threading.Lock()


def _jit_cache_for(fun):
    try:
        with _jit_caches_lock:
            cache = _jit_caches.get(fun)
            if cache is None:
                cache = _jit_caches[fun] = LRUCache(JIT_CACHE_CAPACITY)
        return cache
    except TypeError:  # not weakly referenceable or not hashable
        return LRUCache(JIT_CACHE_CAPACITY)


def clear_caches():
    """Drops every compiled program: jit caches, eager one-op programs and
    the executables of eager autodiff (as jax.clear_caches)."""
    with _jit_caches_lock:
        caches = list(_jit_caches.values())
    for cache in caches:
        cache.clear()
    _eager_cache.clear()
    _eager_callables.clear()
    _eager_fastpath_cache.clear()
    _jit_fastpath_cache.clear()
    compiler.clear_caches()


def _hashable_static(value, where):
    try:
        hash(value)
    except TypeError:
        raise ValueError(
            f"Non-hashable static arguments are not supported. An error "
            f"occurred while trying to hash an object of type {type(value)}, "
            f"{value!r}, passed as static argument {where!r}.") from None
    return value


class Lowered:
    """A traced program, before compilation (`jit(f).lower(*args)`). It
    shares the jit cache of its function: lowering what was already called
    reuses the compiled program, and `compile()` stores what it compiles;
    the StableHLO is derived once for `as_text()` and `compile()`."""

    def __init__(self, traced, in_tree=None, cache=None, key=None,
                 compiled=None, in_shardings=None):
        self.traced = traced
        self.in_tree = in_tree
        self._cache, self._key = cache, key
        self._compiled = compiled
        self._program = compiled.program if compiled else None
        self._in_shardings = in_shardings

    def _stablehlo_program(self):
        """The pipeline's StableHLO program, for one device."""
        if self._program is None:
            self._program = compiler.compile_traced(self.traced,
                                                    compiler.COMPILE)
        return self._program

    def _program_text(self):
        """The StableHLO compiled: for inputs on several devices, the SPMD
        module (Shardy meshes and argument shardings), as JAX shows it."""
        if self._compiled is not None and self._compiled.executable.text:
            return self._compiled.executable.text
        program = self._stablehlo_program()
        shardings = program_shardings(self.traced.captured,
                                      self._in_shardings,
                                      len(self.traced.in_avals))
        if shardings is not None or program.num_partitions:
            return compiler.lower_sharded(program, shardings).text
        return program.text

    def as_text(self, dialect="stablehlo", debug_info=False):
        """The program as StableHLO (default, as JAX) or as optimized jxp
        IR (`dialect="jxp"`)."""
        if dialect == "jxp":
            return compiler.compile_traced(
                self.traced, compiler.OPTIMIZE, generic=False,
                debug_info=debug_info).text
        if dialect == "stablehlo":
            module = compiler.parse_stablehlo(self._program_text())
            return module.operation.get_asm(enable_debug_info=debug_info)
        raise ValueError(f"unknown dialect {dialect!r}: 'stablehlo' or 'jxp'")

    def compile(self):
        compiled = self._compiled
        if compiled is None:
            compiled = Compiled(self.traced, None,
                                program=self._stablehlo_program(),
                                in_shardings=self._in_shardings)
            if self._cache is not None:
                self._cache.put(self._key, compiled)
            self._compiled = compiled
        public = copy.copy(compiled)  # in_tree is the public call's
        public.in_tree = self.in_tree
        return public


@contextlib.contextmanager
def disable_jit(disable=True):
    """Within this block (on this thread), jitted functions run their
    Python code op by op, as JAX's disable_jit."""
    old = swap_disable_jit(bool(disable))
    try:
        yield
    finally:
        swap_disable_jit(old)


def jit(fun=None, *, static_argnums=(), static_argnames=(), inline=False,
        donate_argnums=(), donate_argnames=(), in_shardings=None,
        out_shardings=None, **unused):
    if fun is None:
        return functools.partial(jit, static_argnums=static_argnums,
                                 static_argnames=static_argnames,
                                 inline=inline, donate_argnums=donate_argnums,
                                 donate_argnames=donate_argnames,
                                 in_shardings=in_shardings,
                                 out_shardings=out_shardings)
    fn = JitFunction(fun, static_argnums, static_argnames, inline,
                     donate_argnums, donate_argnames).public()
    if in_shardings is None and out_shardings is None:
        return fn
    return _placed(fn, _static_positions(fun, static_argnums,
                                         static_argnames)[0],
                   in_shardings, out_shardings)


def _placed(fn, static_nums, in_shardings, out_shardings):
    """jit's in_shardings and out_shardings: the (non-static) positional
    arguments put where `in_shardings` says before the call (a pytree
    prefix of them, or one sharding for all), the results where
    `out_shardings` says after it. Inside a trace they change nothing (JAX
    makes them constraints for its partitioner; values are the same)."""
    state = core.trace_state()
    # A pytree prefix of the argument tuple (a list counts as a tuple).
    in_prefix = (tuple(in_shardings) if isinstance(in_shardings, list)
                 else in_shardings)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        if state.frames:
            return fn(*args, **kwargs)
        if in_shardings is not None:
            static = {i % len(args) for i in static_nums if -len(args) <= i}
            dyn = [i for i in range(len(args)) if i not in static]
            placed = device_put(tuple(args[i] for i in dyn), in_prefix)
            args = list(args)
            for i, a in zip(dyn, placed):
                args[i] = a
        out = fn(*args, **kwargs)
        if out_shardings is not None:
            out = device_put(out, out_shardings)
        return out
    call.lower = fn.lower
    call.clear_cache = fn.clear_cache
    call._cache_size = fn._cache_size
    return call


def jit_library(fun=None, **kwargs):
    """jit(fun, inline=True) for jxp's own functions that users call both
    eagerly and under traces (jnp's ufuncs, matmul): eagerly, jaxlib's
    fast path runs one compiled program per signature; under a trace, fun
    is called at once, without first letting jaxlib try its cache (2 us
    per op of tracing)."""
    if fun is None:
        return functools.partial(jit_library, **kwargs)
    fast = jit(fun, inline=True, **kwargs)
    state = core.trace_state()

    @functools.wraps(fun)
    def call(*args, **kw):
        if state.frames:
            return fun(*args, **kw)
        return fast(*args, **kw)
    return call


class IR:
    """The jxp module of a traced function, as `make_ir` shows it."""

    def __init__(self, traced):
        self.traced = traced
        self.text = compiler.run_pipeline(traced.text(), "", generic=False,
                                          debug_info=False)

    def __str__(self):
        return self.text

    __repr__ = __str__


def make_ir(fun, static_argnums=(), static_argnames=()):
    """`make_ir(f)(*args)` prints the jxp module traced from f, unoptimized
    (like jax.make_jaxpr)."""
    jf = JitFunction(fun, static_argnums, static_argnames)

    @functools.wraps(fun)
    def make(*args, **kwargs):
        flat, in_tree, _ = jf._split(args, kwargs)
        avals = [abstractify(x) for x in flat]
        return IR(trace(fun, jf.name, avals, jf._builder(args, kwargs, in_tree)))
    return make
