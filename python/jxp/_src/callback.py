"""Host callbacks: jax.pure_callback, jax.debug.callback, jax.debug.print.

Under a trace a callback is one `jxp.host_callback` op (lax/primitives.py's host_callback_prim)
naming a Python function by its id in host_callback.py's registry
(host_callback.register_host_callback); its derivative and batching rules
are the op's, in C++, and the compiler (compiler.py) hands the registered
functions to XLA when it compiles the program. What runs on the host is a
"flat" function: it takes the operands as numpy arrays, rebuilds the
user's arguments (jxp arrays, as JAX passes jax arrays, with the static
arguments put back) and returns the flat list of results, which
host_callback.py checks against the op's result types.

Outside any trace the callback runs at once, as JAX's eager calls do.
"""

import string
import sys

import numpy as np

from . import api, batching, core, dtypes, host_callback, tree_util
from .array import from_numpy
from .avals import ShapedArray
from .lax.primitives import host_callback_prim

__all__ = ["pure_callback", "debug_callback", "debug_print"]

_VMAP_METHODS = ["sequential", "sequential_unrolled", "expand_dims",
                 "broadcast_all", "legacy_vectorized", None]


def _under_vmap():
    """Whether the trace is inside a vmap (not only shard_maps)."""
    return any(not mesh for mesh in batching._axis_env.mesh)


def _as_arrays(np_args):
    return [from_numpy(a) for a in np_args]


def _split_args(args, kwargs):
    """(tree of (args, kwargs), the array leaves, {position: leaf} of the
    others), as JAX splits a debug callback's arguments."""
    flat, in_tree = tree_util.tree_flatten((args, kwargs))
    static, dyn = {}, []
    for i, leaf in enumerate(flat):
        try:
            core.abstractify(leaf)
            dyn.append(leaf)
        except (TypeError, OverflowError):
            static[i] = leaf
    return in_tree, dyn, static


def _merge_args(in_tree, dyn, static):
    it = iter(dyn)
    leaves = [static[i] if i in static else next(it)
              for i in range(len(static) + len(dyn))]
    return tree_util.tree_unflatten(in_tree, leaves)


# ---------------------------------------------------------------------------
# pure_callback
# ---------------------------------------------------------------------------

def _result_aval(x):
    dtype = np.dtype(x.dtype)
    if dtypes.canonicalize(dtype) != dtype:
        raise ValueError("result_shape_dtypes cannot specify 64-bit types "
                         "when `jax_enable_x64` is disabled")
    return ShapedArray(tuple(x.shape), dtype)


def pure_callback(callback, result_shape_dtypes, *args, sharding=None,
                  vmap_method=None, **kwargs):
    """Calls a pure Python function on the host, as jax.pure_callback.

    `callback` gets jxp arrays and returns a pytree of arrays with the
    shapes and dtypes of `result_shape_dtypes` (leaves with `shape` and
    `dtype`). Under vmap, `vmap_method` says how it is called:
    "sequential" / "sequential_unrolled" once per example,
    "expand_dims" / "broadcast_all" once with the batch as the leading
    axis (unmapped arguments get a leading 1 / are broadcast). `sharding`
    is accepted and ignored (jxp runs callbacks on the host of device 0).
    """
    if vmap_method not in _VMAP_METHODS:
        raise ValueError(
            f"vmap_method must be on of the allowed methods {_VMAP_METHODS}, "
            f"but got: {vmap_method}")
    del sharding
    flat_args, in_tree = tree_util.tree_flatten((args, kwargs))
    result_avals = tree_util.tree_map(_result_aval, result_shape_dtypes)
    flat_avals, out_tree = tree_util.tree_flatten(result_avals)
    avals = tuple((a.shape, a.dtype) for a in flat_avals)

    def flat_fn(*np_args):
        a, kw = tree_util.tree_unflatten(in_tree, _as_arrays(np_args))
        return tree_util.tree_leaves(callback(*a, **kw))

    if core.current_frame() is None:
        arrays = [api.device_put(x) for x in flat_args]
        a, kw = tree_util.tree_unflatten(in_tree, arrays)
        outs = host_callback.call_host_callback(
            lambda: tree_util.tree_leaves(callback(*a, **kw)), (), avals)
        return tree_util.tree_unflatten(out_tree,
                                        [from_numpy(o) for o in outs])
    if vmap_method in (None, "legacy_vectorized"):
        if _under_vmap():
            if vmap_method is None:
                raise NotImplementedError(
                    "vmap is only supported for the pure_callback primitive "
                    "when vmap_method is one of 'sequential', "
                    "'sequential_unrolled', 'expand_dims', 'broadcast_all', "
                    "or 'legacy_vectorized'. Got vmap_method=None.")
            raise NotImplementedError(
                "jxp does not support vmap_method='legacy_vectorized'; use "
                "'expand_dims' or 'broadcast_all'")
        vmap_method = "sequential"  # (not batched: the method is unused)
    cid = host_callback.register_host_callback(flat_fn,
                                               ("pure", callback, in_tree))
    outs = host_callback_prim.bind(*flat_args, callback_id=cid,
                                result_avals=tuple(flat_avals),
                                has_side_effect=False,
                                vmap_method=vmap_method)
    return tree_util.tree_unflatten(out_tree, list(outs))


# ---------------------------------------------------------------------------
# debug.callback
# ---------------------------------------------------------------------------

def _stage_debug(fn, key, dyn):
    """Runs `fn(*arrays)` now (outside a trace), or stages it as a
    callback with side effects on `dyn`."""
    if core.current_frame() is None:
        fn(*[api.device_put(x) for x in dyn])
        return
    cid = host_callback.register_host_callback(
        lambda *np_args: fn(*_as_arrays(np_args)) or (), key)
    host_callback_prim.bind(*dyn, callback_id=cid, result_avals=(),
                         has_side_effect=True, vmap_method="sequential")


def debug_callback(callback=None, *args, ordered=False, partitioned=False,
                   **kwargs):
    """Calls `callback(*args, **kwargs)` on the host for its side effects,
    as jax.debug.callback: arrays arrive as jxp arrays (under vmap once
    per example, under grad with the primal values), other arguments as
    they are. Also the two-call form `debug_callback(ordered=...)(f, *a)`.
    jxp keeps callbacks in program order; `ordered` and `partitioned` are
    accepted."""
    def _debug_callback(callback, *c_args, **c_kwargs):
        if not callable(callback):
            raise TypeError(
                "first argument to jax.debug.callback must be callable, "
                f"but got an object of type {type(callback)}")
        in_tree, dyn, static = _split_args(c_args, c_kwargs)

        def flat(*arrays):
            a, kw = _merge_args(in_tree, arrays, static)
            callback(*a, **kw)
            return ()

        _stage_debug(flat, ("callback", callback, in_tree,
                            tuple(static.items())), dyn)

    if callback is not None:
        _debug_callback(callback, *args, **kwargs)
        return None
    if args or kwargs:
        raise TypeError(
            "debug_callback received unexpected arguments in the two-call "
            f"form: {args=} {kwargs=}")
    return _debug_callback


# ---------------------------------------------------------------------------
# debug.print
# ---------------------------------------------------------------------------

class _FormatChecker(string.Formatter):
    """Checks a format string against its arguments without formatting
    (the values are not known while tracing)."""

    def format_field(self, value, format_spec):
        return ""

    def check_unused_args(self, used_args, args, kwargs):
        unused = [a for i, a in enumerate(args) if i not in used_args]
        unused_kw = [k for k in kwargs if k not in used_args]
        if unused:
            raise ValueError(
                f"Unused positional arguments to `jax.debug.print`: {unused}")
        if unused_kw:
            raise ValueError(
                f"Unused keyword arguments to `jax.debug.print`: "
                f"{unused_kw}. You may be passing an f-string (i.e, "
                f"`f\"{{x}}\"`) into `jax.debug.print` and instead should "
                f"pass in a regular string.")


_checker = _FormatChecker()


def _print_message(fmt, printoptions, has_placeholders, args, kwargs):
    if has_placeholders:
        with np.printoptions(**dict(printoptions)):
            return fmt.format(*args, **kwargs)
    return " ".join((fmt, *(str(a) for a in args)))


def debug_print(fmt=None, *args, ordered=False, partitioned=False,
                skip_format_check=False, **kwargs):
    """Prints `fmt.format(*args, **kwargs)` when the program runs, as
    jax.debug.print (the values as arrays print; numpy's print options of
    the call apply). Also the two-call form `debug_print(ordered=...)(fmt,
    *args)`."""
    def _debug_print(fmt, *c_args, **c_kwargs):
        if not skip_format_check:
            _checker.format(fmt, *c_args, **c_kwargs)
        has_placeholders = False
        if fmt:
            # (As JAX: only the first replacement field decides.)
            _, field, *_ = next(iter(string.Formatter().parse(fmt)))
            has_placeholders = field is not None
        if not has_placeholders and c_kwargs:
            raise ValueError("Format without placeholders should not have "
                             "kwargs.")
        in_tree, dyn, static = _split_args(c_args, c_kwargs)
        printoptions = tuple(np.get_printoptions().items())

        def flat(*arrays):
            a, kw = _merge_args(in_tree, arrays, static)
            msg = _print_message(fmt, printoptions, has_placeholders, a, kw)
            sys.stdout.write(msg + "\n")
            return ()

        _stage_debug(flat, ("print", fmt, in_tree, tuple(static.items()),
                            printoptions, has_placeholders), dyn)

    if fmt is not None:
        _debug_print(fmt, *args, **kwargs)
        return None
    if args or kwargs:
        raise TypeError(
            "debug_print received unexpected arguments in the two-call "
            f"form: {args=} {kwargs=}")
    return _debug_print
