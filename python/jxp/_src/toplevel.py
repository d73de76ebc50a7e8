"""Top-level names of `jax` built on tracing: make_jaxpr, eval_shape,
ShapeDtypeStruct, typeof, device_get, named_scope, ensure_compile_time_eval.

make_jaxpr and eval_shape trace the function the way jit does (tracing.trace on
the avals of the arguments) and stop there: make_jaxpr shows the traced jxp
module (api.IR, what make_ir prints), eval_shape keeps only the output avals.
Nothing is compiled or run.
"""

import contextlib
import functools
import math

import numpy as np
from jaxlib import _jax

from . import api, batching, core, dtypes, tracing, tree_util
from .array import is_array
from .avals import ShapedArray
from .mesh import PartitionSpec


class ShapeDtypeStruct:
    """The shape, dtype, weak type and sharding of an array, without data
    (JAX's: an argument of eval_shape/make_jaxpr, a leaf of their results)."""

    __slots__ = ("shape", "dtype", "sharding", "weak_type")

    def __init__(self, shape, dtype, *, sharding=None, weak_type=False):
        if dtype is None:
            raise ValueError("ShapeDtypeStruct: dtype must be specified.")
        if sharding is not None and not isinstance(
                sharding, (_jax.Sharding, PartitionSpec)):
            raise ValueError(
                f"sharding should be an instance of `jax.sharding.Sharding` "
                f"or `jax.sharding.PartitionSpec`. Got {sharding} of type "
                f"{type(sharding)}.")
        # As JAX's, immutable (it is hashed) and the dtype not narrowed:
        # float64 stays float64 here; tracing canonicalizes it.
        for name, value in [("shape", tuple(shape)),
                            ("dtype", dtypes.to_numpy_dtype(dtype)),
                            ("sharding", sharding), ("weak_type", weak_type)]:
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise RuntimeError(f"Cannot reassign attributes ({name}) of immutable "
                           f"ShapeDtypeStruct objects")

    size = property(lambda self: math.prod(self.shape))
    ndim = property(lambda self: len(self.shape))

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self):
        sharding = (f", sharding={self.sharding}"
                    if self.sharding is not None else "")
        weak = f", weak_type={self.weak_type}" if self.weak_type else ""
        return (f"{type(self).__name__}(shape={self.shape}, "
                f"dtype={self.dtype.name}{sharding}{weak})")

    __str__ = __repr__

    def _key(self):
        return (self.shape, self.dtype, self.sharding, self.weak_type)

    def __eq__(self, other):
        return (isinstance(other, ShapeDtypeStruct)
                and self._key() == other._key())

    def __hash__(self):
        return hash(self._key())


def _struct(aval):
    return ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type)


def _aval_of(x):
    """The aval of an argument of make_jaxpr/eval_shape: arrays and scalars
    as jit sees them; anything else with a shape and a dtype (a
    ShapeDtypeStruct, a duck-typed array) by those, as JAX's."""
    if isinstance(x, ShapeDtypeStruct) or (
            not isinstance(x, (np.ndarray, np.generic, core.Tracer))
            and getattr(x, "aval", None) is None
            and hasattr(x, "shape") and hasattr(x, "dtype")):
        return ShapedArray(x.shape, dtypes.canonicalize(x.dtype),
                           bool(getattr(x, "weak_type", False)))
    return core.abstractify(x)


def _check_callable(fun):
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun}")


def _trace(jf, args, kwargs):
    """jf's function traced on the avals of (args, kwargs), static
    arguments as jit takes them: a tracing.Traced."""
    flat, in_tree, _ = jf._split(args, kwargs)
    return tracing.trace(jf.fun, jf.name, [_aval_of(x) for x in flat],
                     jf._builder(args, kwargs, in_tree))


class Jaxpr(api.IR):
    """What make_jaxpr returns: prints the jxp module traced from the
    function (jxp's IR stands where JAX prints a jaxpr) and has the avals
    of its inputs (the non-static arguments' leaves) and outputs."""

    in_avals = property(lambda self: list(self.traced.in_avals))
    out_avals = property(lambda self: list(self.traced.out_avals))


def make_jaxpr(fun, static_argnums=(), axis_env=None, return_shape=False):
    """`make_jaxpr(f)(*args)`: f's jxp module on those arguments (a Jaxpr);
    with return_shape, also the tree of its outputs' ShapeDtypeStructs.
    `axis_env` binds (name, size) pairs for collectives, as under pmap."""
    if not callable(fun):
        raise TypeError("the first argument must be callable")
    jf = api.JitFunction(fun, static_argnums)

    @functools.wraps(fun)
    def make_jaxpr_f(*args, **kwargs):
        with contextlib.ExitStack() as stack:
            for name, size in axis_env or ():
                stack.enter_context(batching.axis_frame(name, size))
            traced = _trace(jf, args, kwargs)
        jaxpr = Jaxpr(traced)
        if return_shape:
            return jaxpr, tree_util.tree_unflatten(
                traced.out_tree, [_struct(a) for a in traced.out_avals])
        return jaxpr

    if hasattr(fun, "__qualname__"):
        make_jaxpr_f.__qualname__ = f"make_jaxpr({fun.__qualname__})"
    if hasattr(fun, "__name__"):
        make_jaxpr_f.__name__ = f"make_jaxpr({fun.__name__})"
    return make_jaxpr_f


def eval_shape(fun, *args, **kwargs):
    """The ShapeDtypeStructs of fun(*args, **kwargs) (a pytree of them),
    found by tracing fun on the arguments' avals: nothing runs, and errors
    of fun (shapes, types) are raised as calling it would."""
    _check_callable(fun)
    traced = _trace(api.JitFunction(fun), args, kwargs)
    return tree_util.tree_unflatten(
        traced.out_tree, [_struct(a) for a in traced.out_avals])


def typeof(x):
    """The aval of `x` (a ShapedArray); Python scalars are weakly typed."""
    return core.abstractify(x)


def device_get(x):
    """`x` with its jxp arrays copied to NumPy arrays; other leaves as
    they are."""
    leaves = tree_util.tree_leaves(x)
    for leaf in leaves:  # start every copy before waiting on the first
        if is_array(leaf):
            leaf.copy_to_host_async()
    return tree_util.tree_map(
        lambda leaf: np.asarray(leaf) if is_array(leaf) else leaf, x)


@contextlib.contextmanager
def _no_op_scope():
    yield


def named_scope(name):
    """A context manager naming the operations traced inside it, as JAX's.
    jxp accepts it and checks the name; op locations are not prefixed."""
    if not isinstance(name, str):
        raise TypeError("named_scope name argument must be a string.")
    return _no_op_scope()


def ensure_compile_time_eval():
    """JAX's context manager under which operations on concrete values run
    eagerly even inside jit. In jxp the code inside runs as it would outside
    the block: outside a trace that is eager (as JAX); inside jit, operations
    on concrete values are traced as constants (JAX computes them)."""
    return _no_op_scope()
