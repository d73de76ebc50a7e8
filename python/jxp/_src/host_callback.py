"""The registry of host callbacks (jax.pure_callback, jax.debug.callback
/ print) and the checks of what they return.

A traced callback is a `jxp.host_callback` op naming a Python function by
an id from this registry; it lowers to jaxlib's CPU callback custom call
with that id as its `index`. Compiling such a module renumbers each call
to a position in the list of callables given to `compile_and_load`
(``callback_callables``), each wrapped to check what the function returns
against the call's result types (jaxlib does not: a wrong shape would be
garbage or an overrun). The executable keeps its callables, so the
registry only has to cover the time from a trace to its compile: it holds
the most recent HOST_CALLBACK_CAPACITY functions (least recently used
first out), and a function registered under a key it already holds (the
same callback with the same argument structure, traced again) gets its id
back, so retracing makes no new ids and the same program text.

Its own module, below the compiler: callback.py (jax.pure_callback and
io_callback, traced through api) registers functions here, and the
compiler (compiler.py, which compiles a program with its callables) reads
them back; neither imports the other.
"""

import threading
import traceback

import numpy as np
from jaxlib import _jax

from .avals import MLIR_DTYPES
from .config import x64_enabled

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


def callback_callables(program):
    """The callables of `program`'s host callbacks, in the order of their
    index (the compiler numbered them), each checking what its function
    returns against the call's result types."""
    callables = []
    for cid, results in program.callbacks:
        avals = []
        for shape, type_name in results:
            dtype = MLIR_DTYPES.get(type_name)
            if dtype is None:
                raise ValueError(f"unsupported host callback result element "
                                 f"type {type_name}")
            avals.append((tuple(shape), dtype))
        callables.append(_host_callable(_registered_callback(cid),
                                        tuple(avals)))
    return callables
