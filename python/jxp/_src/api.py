"""jit, Lowered, device_put and the array constructors, make_ir: the API
over the compile chain

tracing.trace (Python -> jxp module) -> compiler.compile_traced (C++: the
named pipeline jxp-compile, entry rewriting, host-callback numbering; a
compiler.Program comes back) -> compiler.compile_sharded / compile_placed
(jaxlib/PJRT) -> stages.Compiled (the executable with its calling
convention). Primitives outside a trace run through dispatch.py.
"""

import contextlib
import copy
import functools
import inspect
import math
import operator
import threading
import warnings
import weakref

import numpy as np
from jaxlib import _jax

from . import (compiler, core, dispatch, errors, sharding_impl, transfer,
               tree_util, xla_bridge)
from .array import from_numpy, is_array
from .config import config, jit_disabled, swap_disable_jit
from .core import Tracer, abstractify
from .dispatch import fastpath_ok, jit_fastpath_cache, shard_arg_fallback
from .stages import Compiled, arg_shardings, place, program_shardings
from .tracing import trace, trace_nested
from .util import LRUCache

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
                 inline=False, donate_argnums=(), donate_argnames=(),
                 compiler_options=None):
        self.fun = fun
        # XLA debug options of this jit's compiles (JAX's compiler_options);
        # part of every cache key, since jits of one f share their caches.
        self.compiler_options = dict(compiler_options or {})
        self._options_key = tuple(sorted(self.compiler_options.items()))
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
               config.trace_key, self._donate_key, shardings,
               self._options_key)
        compiled = self._cache.get(key)
        if compiled is None:
            traced = self._trace(flat, in_tree, args, kwargs)
            compiled = Compiled(traced, compiler.COMPILE,
                                in_shardings=shardings,
                                compiler_options=self.compiler_options)
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
            return trace_nested(self.fun, self.name, frame, flat,
                                 self._builder(args, kwargs, in_tree)), None
        for x in flat:
            if isinstance(x, Tracer):  # of a trace that has ended
                raise errors.UnexpectedTracerError(x)
        if jit_disabled():
            return self.fun(*args, **kwargs), None
        compiled = self._compiled(flat, in_tree, statics, args, kwargs)
        out = compiled.call_flat(flat)
        return out, (compiled.fastpath(flat) if self._fastpath_allowed and
                     fastpath_ok(flat) else None)

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
               shardings, self._options_key)
        traced = self._trace(flat, in_tree, args, kwargs)
        return Lowered(traced, in_tree, cache=self._cache, key=key,
                       compiled=self._cache.get(key), in_shardings=shardings,
                       compiler_options=self.compiler_options)

    def public(self):
        """The user's jitted function: a jaxlib PjitFunction carrying
        jxp's `lower` and `clear_cache` (set on the object, not on jaxlib's
        class, which JAX sets its own on)."""
        fn = _jax.pjit(self.name, self.fun, self.cache_miss,
                       sorted(i for i in self._static_nums if i >= 0),
                       sorted(self._static_names),
                       ("jxp-jit", self._donate_key, self._options_key),
                       tree_util.registry(), shard_arg_fallback,
                       jit_fastpath_cache)
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
    dispatch.clear_caches()
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
                 compiled=None, in_shardings=None, compiler_options=None):
        self.traced = traced
        self._compiler_options = compiler_options or {}
        self.in_tree = in_tree
        self._cache, self._key = cache, key
        self._compiled = compiled
        self._placed = None  # (program, planner), see stages.place
        self._in_shardings = in_shardings

    def _placed_program(self):
        """The pipeline's StableHLO program laid out where its inputs live
        (the SPMD module for several devices), and its planner."""
        if self._placed is None:
            shardings = program_shardings(self.traced.captured,
                                          self._in_shardings,
                                          len(self.traced.in_avals))
            self._placed = place(self.traced, compiler.COMPILE, shardings)
        return self._placed

    def _program_text(self):
        """The StableHLO compiled: for inputs on several devices, the SPMD
        module (Shardy meshes and argument shardings), as JAX shows it."""
        compiled = self._compiled
        if compiled is not None:
            return compiled.executable.text or compiled.program.text
        return self._placed_program()[0].text

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

    def compile(self, compiler_options=None):
        """The compiled program. `compiler_options` (a dict of XLA debug
        option names to values, as JAX's) add to the jit's own; a program
        compiled with options of its own is not kept in the jit's cache."""
        compiled = self._compiled
        if compiler_options or compiled is None:
            compiled = Compiled(
                self.traced, compiler.COMPILE,
                in_shardings=self._in_shardings,
                placed=self._placed_program(),
                compiler_options={**self._compiler_options,
                                  **(compiler_options or {})})
            if not compiler_options:
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
        out_shardings=None, compiler_options=None, **unused):
    if fun is None:
        return functools.partial(jit, static_argnums=static_argnums,
                                 static_argnames=static_argnames,
                                 inline=inline, donate_argnums=donate_argnums,
                                 donate_argnames=donate_argnames,
                                 in_shardings=in_shardings,
                                 out_shardings=out_shardings,
                                 compiler_options=compiler_options)
    fn = JitFunction(fun, static_argnums, static_argnames, inline,
                     donate_argnums, donate_argnames,
                     compiler_options).public()
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
