"""Running primitives on concrete values (JAX's dispatch.py): each
primitive with its parameters is a cached one-op program behind jaxlib's
C++ fast path, and the fast-path plumbing jit shares (argument checks, the
fallback that lays arguments out, the bounded fast-path caches)."""

import sys

import numpy as np
from jaxlib import _jax

from . import compiler, transfer, tree_util
from .array import ArrayImpl, is_array
from .config import config
from .core import abstractify
from .stages import Compiled, arg_shardings
from .tracing import trace
from .util import LRUCache


# Fast-path entries (signature -> program) of jaxlib's C++ dispatch, for
# every eager primitive and every jitted function: two LRUs of bounded size
# (JAX keeps the same two).
FASTPATH_CAPACITY = 4096
_eager_fastpath_cache = _jax.PjitFunctionCache(FASTPATH_CAPACITY)
jit_fastpath_cache = _jax.PjitFunctionCache(FASTPATH_CAPACITY)


def shard_arg_fallback(x, sharding, *rest):
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


def fastpath_ok(flat):
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
        return out, (compiled.fastpath(args) if fastpath_ok(args)
                     else None), False
    # (jaxlib calls the function itself under disable_jit.)
    return _jax.pjit(prim.name, lambda *args: run(*args)[0], cache_miss, [],
                     [], ("jxp-eager",), tree_util.registry(),
                     shard_arg_fallback, _eager_fastpath_cache)


def apply_eagerly(prim, args, params):
    """Runs one primitive on concrete values: a cached one-op program."""
    key = (prim, tuple(params.items()))
    fn = _eager_callables.get(key)
    if fn is None:
        fn = _eager_callable(prim, params)
        _eager_callables.put(key, fn)
    return fn(*args)


def clear_caches():
    """Drops the one-op programs and both fast-path caches."""
    _eager_cache.clear()
    _eager_callables.clear()
    _eager_fastpath_cache.clear()
    jit_fastpath_cache.clear()
