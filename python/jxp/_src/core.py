"""Tracing: abstract values, tracers, the functions being built, primitives.

A traced program is a jxp MLIR module built with jaxlib's MLIR bindings and
the op classes generated from dialects/JxpOps.td. Each `Frame` is one
`func.func` under construction; `bind` either emits a primitive into the
innermost frame or, outside any trace, runs it eagerly as a tiny compiled
program (see dispatch.py).
"""

import contextlib
import itertools
import os
import sys

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_d

from . import compiler, dtypes, errors
from .trace_state import state as _state
from .array import (AVAL_VIEWS, base_of, from_buffer, from_numpy, is_array,
                    is_foreign_array)
from .avals import ShapedArray  # noqa: F401 (re-exported)


# ---------------------------------------------------------------------------
# Per-thread tracing state (trace_state.py): the MLIR context, its caches,
# the frame stack
# ---------------------------------------------------------------------------

# A context keeps every type, attribute, symbol name and location it has
# ever seen, so a long-lived one grows with each trace: after this many
# top-level traces a thread starts a fresh one (modules still alive keep
# their own context alive until they are dropped).
TRACES_PER_CONTEXT = 256


def trace_state():
    """The per-thread tracing state (its `frames` are non-empty while this
    thread traces)."""
    return _state


def context():
    """This thread's MLIR context for building jxp modules."""
    ctx = _state.ctx
    if ctx is None:
        ctx = _new_context()
    return ctx


@contextlib.contextmanager
def using_context(ctx):
    """Traces into `ctx` (a module's context, e.g. one traced on another
    thread or before this thread's context was replaced): this thread's
    context and caches are swapped for the duration."""
    st = _state
    if st.ctx is ctx:
        yield
        return
    saved = (st.ctx, st.types, st.locations)
    st.ctx, st.types, st.locations = ctx, {}, {}
    try:
        yield
    finally:
        st.ctx, st.types, st.locations = saved


def start_trace():
    """Called before a top-level trace: recycles the context when due."""
    st = _state
    st.traces += 1
    if st.ctx is not None and st.traces > TRACES_PER_CONTEXT and not st.frames:
        _new_context()
    return context()


def _new_context():
    st = _state
    st.ctx = compiler.make_mlir_context()
    st.ctx.allow_unregistered_dialects = True  # jxp is not registered
    st.traces = 0
    st.types = {}
    st.locations = {}
    return st.ctx


def _element_type(dtype):
    if dtype == dtypes.bool_:
        return ir.IntegerType.get_signless(1)
    if dtypes.is_int(dtype):
        width = dtype.itemsize * 8
        return (ir.IntegerType.get_unsigned(width) if dtypes.is_unsigned(dtype)
                else ir.IntegerType.get_signless(width))
    if dtype == dtypes.float32:
        return ir.F32Type.get()
    if dtype == dtypes.float64:
        return ir.F64Type.get()
    if dtype == dtypes.float16:
        return ir.F16Type.get()
    if dtype == dtypes.bfloat16:
        return ir.BF16Type.get()
    if dtype == dtypes.complex64:
        return ir.ComplexType.get(ir.F32Type.get())
    if dtype == dtypes.complex128:
        return ir.ComplexType.get(ir.F64Type.get())
    raise TypeError(f"unsupported dtype {dtype}")


def mlir_type(aval):
    # Keyed by the aval itself (its hash is precomputed; weak and strong
    # avals are two entries of one type).
    cache = _state.types
    t = cache.get(aval)
    if t is None:
        t = ir.RankedTensorType.get(aval.shape, _element_type(aval.dtype))
        cache[aval] = t
    return t


def element_type(dtype):
    return _element_type(np.dtype(dtype))


def dense_attr(value, aval):
    """A DenseElementsAttr holding numpy `value` with the type of `aval`."""
    value = np.asarray(value, dtype=aval.dtype)
    t = mlir_type(aval)
    if aval.dtype == dtypes.bfloat16:
        value = value.view(np.uint16)
    if value.ndim == 0 or value.size == 1:
        # A splat is a scalar buffer, whatever the shape.
        return ir.DenseElementsAttr.get(np.ascontiguousarray(value.reshape(1)),
                                        type=t)
    return ir.DenseElementsAttr.get(np.ascontiguousarray(value), type=t)


# ---------------------------------------------------------------------------
# Source locations: every op carries the user's line
# ---------------------------------------------------------------------------

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# co_filename -> whether it is a file of the jxp package: a dict lookup
# instead of a string comparison per Python frame walked. (Cleared when it
# grows large: code generated under ever new file names would fill it.)
_in_package = {}
_IN_PACKAGE_MAX = 4096


def _is_package_file(filename):
    if len(_in_package) >= _IN_PACKAGE_MAX:
        _in_package.clear()
    inside = _in_package[filename] = filename.startswith(_PACKAGE_DIR)
    return inside


def user_frame():
    """The innermost Python frame outside the jxp package."""
    f = sys._getframe(1)
    in_package = _in_package
    while f is not None:
        inside = in_package.get(f.f_code.co_filename)
        if inside is None:
            inside = _is_package_file(f.f_code.co_filename)
        if not inside:
            break
        f = f.f_back
    return f


def user_location():
    f = user_frame()
    if f is None:
        return ir.Location.unknown()
    key = (f.f_code.co_filename, f.f_lineno)
    cache = _state.locations
    loc = cache.get(key)
    if loc is None:
        loc = ir.Location.file(key[0], key[1], 0)
        cache[key] = loc
    return loc


# ---------------------------------------------------------------------------
# Tracers and frames
# ---------------------------------------------------------------------------


class ArrayBase:
    """What tracers share with concrete arrays: the aval's view of shape and
    dtype and sequence behaviour (array.AVAL_VIEWS), and unhashability.
    (Operators and methods are installed on both by jxp.numpy.)"""

    __slots__ = ()

    def __hash__(self):
        raise TypeError(f"unhashable type: {type(self).__name__}")


for _name, _value in AVAL_VIEWS.items():
    setattr(ArrayBase, _name, _value)
del _name, _value


class Tracer(ArrayBase):
    """A value inside a function being traced."""

    __slots__ = ("aval", "value", "frame", "__weakref__")
    __array_priority__ = 1000

    def __init__(self, aval, value, frame):
        self.aval = aval
        self.value = value
        self.frame = frame

    def __repr__(self):
        return f"Traced<{self.aval!r}>"

    def _context_message(self):
        return (f"The error occurred while tracing the function "
                f"{self.frame.name} for jit.")

    # Under an eager transformation (grad, jvp, vjp, ... called outside
    # jit) a tracer whose inputs are known has a value, as JAX's tracers of
    # concrete values: Python control flow on it works (`if x > 0:`), and
    # the trace follows the branch taken. float() and np.asarray() still
    # raise, as in JAX.
    def __bool__(self):
        value = concrete_value(self)
        if value is None:
            raise errors.TracerBoolConversionError(self)
        return bool(value)

    def __int__(self):
        # As in JAX: int() is a ConcretizationTypeError; __index__ (a tracer
        # used as an index, range(x)) a TracerIntegerConversionError.
        value = concrete_value(self)
        if value is None:
            raise errors.ConcretizationTypeError(self)
        return int(value)

    def __index__(self):
        value = concrete_value(self)
        if value is None:
            raise errors.TracerIntegerConversionError(self)
        return value.__index__()

    def __float__(self):
        raise errors.ConcretizationTypeError(self)

    def __complex__(self):
        raise errors.ConcretizationTypeError(self)

    def __array__(self, *args, **kwargs):
        raise errors.TracerArrayConversionError(self)


class Frame:
    """A func.func being built by tracing.

    Values from outside (an enclosing frame's tracers, concrete arrays) are
    lifted in as extra block arguments and remembered in `captured`, so the
    caller can pass them: closed-over arrays become implicit inputs.
    """

    def __init__(self, module, name, in_avals, parent=None, public=False,
                 bind=(), sealed=False, sources=None, evaluator=None):
        self.module = module
        self.name = name
        self.parent = parent
        # A sealed frame takes no new inputs: it is traced after its
        # callers were finished (a custom rule the compiler asked for), so
        # it sees only the outer values bound to its inputs; arrays it
        # closes over become constants.
        self.sealed = sealed
        # custom_jvp rules traced on demand, by callee symbol: one registry
        # per module (see compiler.compile_traced).
        self.rules = parent.rules if parent else {}
        # `evaluator(tracer) -> Array or None`: how concrete_value computes
        # a tracer of this frame from its known inputs. Eager
        # transformations give theirs (ad._concrete_value), and the frames
        # traced inside them inherit it; under jit there is none, so Python
        # control flow on a traced value raises, as in JAX.
        self.evaluator = evaluator or (parent.evaluator if parent else None)
        # Private function names are numbered per module, so the same
        # program traced twice has the same text and names do not pile up
        # in long-lived contexts.
        self._symbols = parent._symbols if parent else itertools.count(1)
        with ir.InsertionPoint(module.body), ir.Location.unknown():
            self.func = func_d.FuncOp(
                name, ir.FunctionType.get([mlir_type(a) for a in in_avals], []))
            if not public:
                self.func.attributes["sym_visibility"] = ir.StringAttr.get(
                    "private")
            self.block = self.func.add_entry_block()
        self.ip = ir.InsertionPoint(self.block)
        self.args = [Tracer(a, v, self)
                     for a, v in zip(in_avals, self.block.arguments)]
        self.captured = []    # outer objects, in block-argument order
        self._captures = {}   # id(outer object) -> Tracer in this frame
        # Constants of scalars, made once per frame: (type, repr, aval),
        # (bytes, aval) of splat and (type, value, aval) of scalar_splat
        # -> Tracer.
        self._constants = {}
        # Block argument position -> what the caller will pass there: a
        # concrete value, or a tracer of an enclosing frame. Known for the
        # inputs of eager transformations (`sources`, aligned with
        # in_avals; None where unknown) and for closed-over objects; what
        # concrete_value evaluates a tracer from.
        self.sources = {k: x for k, x in enumerate(sources or ())
                        if x is not None}
        self.input_avals = list(in_avals)   # per block argument
        # (outer object, argument position): that argument stands for the
        # object wherever the traced function closes over it.
        for obj, k in bind:
            self._captures[_capture_key(obj)] = self.args[k]
            self.sources[k] = obj

    def new_symbol(self, name):
        """A fresh private function name for this frame's module."""
        return f"{symbol_name(name)}_{next(self._symbols)}"

    def lift(self, x):
        """`x` as a tracer of this frame."""
        if isinstance(x, Tracer):
            if x.frame is self:
                return x
            if not x.frame.is_enclosing(self):
                raise errors.UnexpectedTracerError(x)
            return self._capture(x, x.aval)
        if is_array(x):  # a concrete Array (array.py)
            return self._capture(x, x.aval)
        return self.constant(x)

    def is_enclosing(self, frame):
        while frame is not None:
            if frame is self:
                return True
            frame = frame.parent
        return False

    def _capture(self, x, aval):
        key = _capture_key(x)
        t = self._captures.get(key)
        if t is None and self.sealed:
            if isinstance(x, Tracer):
                raise errors.UnexpectedTracerError(
                    f"{self.name} closes over a traced value that the "
                    f"function it belongs to does not use "
                    f"({x.aval.str_short()}, traced in {x.frame.name}): jxp "
                    f"traces custom_jvp rules with symbolic_zeros=True after "
                    f"the function, so they can only close over what the "
                    f"function closes over. Pass the value as an argument.")
            return self.constant(x)  # a concrete array: a constant
        if t is None:
            value = self.block.add_argument(mlir_type(aval),
                                            ir.Location.unknown())
            t = Tracer(aval, value, self)
            self._captures[key] = t
            self.captured.append(x)
            self.sources[len(self.block.arguments) - 1] = x
            self.input_avals.append(aval)
        return t

    def constant(self, x):
        aval = abstractify(x)
        scalar = isinstance(x, (bool, int, float, complex, np.generic))
        if scalar:
            # repr, not the value: 0.0 == -0.0 but they differ as constants.
            key = (type(x), repr(x), aval)
            t = self._constants.get(key)
            if t is not None:
                return t
        t = Tracer(aval, self._emit_constant(dense_attr(x, aval), aval), self)
        if scalar:
            self._constants[key] = t
        return t

    def splat(self, value, aval):
        """A constant of `aval` holding NumPy 0-d `value` (of aval.dtype) in
        every element: one op per frame for each value and aval, however
        often a Python scalar meets an array of that shape."""
        # The bytes, not the value: 0.0 == -0.0, nan != nan.
        key = (value.tobytes(), aval)
        t = self._constants.get(key)
        if t is None:
            t = Tracer(aval, self._emit_constant(dense_attr(value, aval), aval),
                       self)
            self._constants[key] = t
        return t

    def scalar_splat(self, x, aval, to_numpy):
        """splat of Python scalar `x` (`to_numpy(x, aval.dtype)`: its 0-d
        value), found by the scalar itself where equal scalars are the same
        constant (not 0.0 and -0.0, nor NaNs): no conversion when cached."""
        tx = type(x)
        if tx is int or tx is bool or (tx is float and x and x == x):
            key = (tx, x, aval)
            t = self._constants.get(key)
            if t is None:
                t = self._constants[key] = self.splat(
                    to_numpy(x, aval.dtype), aval)
            return t
        return self.splat(to_numpy(x, aval.dtype), aval)

    def _emit_constant(self, attr, aval):
        # Operation.create directly: the generated builder's argument
        # handling costs more than the op itself.
        return ir.Operation.create(
            "jxp.constant", results=[mlir_type(aval)],
            attributes={"value": attr}, loc=user_location(), ip=self.ip).result

    def append_inputs(self, avals, values=()):
        """Adds unused trailing inputs to the finished function (`values`:
        what will be passed there, if known)."""
        with self.module.context, ir.Location.unknown():
            for a, v in itertools.zip_longest(avals, values):
                self.block.add_argument(mlir_type(a), ir.Location.unknown())
                self.input_avals.append(a)
                if v is not None:
                    self.sources[len(self.block.arguments) - 1] = v
            results = ir.FunctionType(ir.TypeAttr(
                self.func.attributes["function_type"]).value).results
            self.func.attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get([a.type for a in self.block.arguments],
                                    results))

    def finish(self, outs):
        """Returns `outs` (tracers of this frame) and fixes the signature."""
        with ir.Location.unknown():
            func_d.ReturnOp([t.value for t in outs], ip=self.ip)
            arg_types = [a.type for a in self.block.arguments]
            self.func.attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get(arg_types, [t.value.type for t in outs]))


def symbol_name(name):
    """`name` as an MLIR symbol: letters, digits and underscores."""
    return "".join(c if c.isalnum() or c == "_" else "_" for c in name) or "f"


def _capture_key(x):
    """Closed-over objects are the same input when they are the same object,
    or arrays viewing the same device buffer with the same aval (a weak type
    rebound makes a new Array of the same buffer)."""
    if is_array(x):
        return ("buffer", id(base_of(x)), x.aval)
    return id(x)


def current_frame():
    """The innermost frame this thread is tracing into, or None."""
    frames = _state.frames
    return frames[-1] if frames else None


class frame_scope:
    def __init__(self, frame):
        self.frame = frame

    def __enter__(self):
        _state.frames.append(self.frame)
        return self.frame

    def __exit__(self, *exc):
        _state.frames.pop()


class rules_scope:
    """Marks `fun`'s custom rules as being traced on this thread: calls of
    `fun` inside them are its plain primal function."""

    def __init__(self, fun):
        self.key = id(fun)

    def __enter__(self):
        _state.in_rules.add(self.key)

    def __exit__(self, *exc):
        _state.in_rules.discard(self.key)


def in_rules(fun):
    return id(fun) in _state.in_rules


# ---------------------------------------------------------------------------
# Abstract values of Python objects
# ---------------------------------------------------------------------------


def abstractify(x):
    """The aval of an array-like argument; TypeError for anything else."""
    aval = getattr(x, "aval", None)
    if isinstance(aval, ShapedArray):
        return aval
    if is_foreign_array(x):  # JAX's: its values are converted to jxp's
        return ShapedArray(aval.shape, dtypes.canonicalize(aval.dtype),
                           bool(getattr(aval, "weak_type", False)))
    # NumPy scalars first: np.float64 and np.complex128 subclass Python's
    # float and complex, but are strongly typed.
    if isinstance(x, (np.ndarray, np.generic)):
        return ShapedArray(x.shape, dtypes.canonicalize(x.dtype), False)
    if isinstance(x, (bool, int, float, complex)):
        dtype, weak = dtypes.scalar_dtype(x)
        if dtype != dtypes.bool_ and isinstance(x, int):
            _check_int_range(x, dtype)
        return ShapedArray((), dtype, weak)
    raise TypeError(f"Value {x!r} of type {type(x)} is not a valid JAX type")


def _check_int_range(x, dtype):
    info = np.iinfo(dtype)
    if not info.min <= x <= info.max:
        raise OverflowError(f"Python int {x} too large to convert to {dtype}")


# ---------------------------------------------------------------------------
# Primitives
# ---------------------------------------------------------------------------


def concrete_value(tracer):
    """The value of `tracer` as a concrete Array if its frame's inputs that
    it depends on are known (an eager transformation: its frame has an
    evaluator), else None."""
    evaluate = tracer.frame.evaluator
    return None if evaluate is None else evaluate(tracer)


def _no_impl(prim, args, params):
    raise NotImplementedError(f"primitive {prim.name} has no eager "
                              f"implementation")


class Primitive:
    """A named operation with a shape rule and an IR rule.

    `abstract_eval(*avals, **params)` returns the output aval (a list of them
    if `multiple_results`), raising TypeError/ValueError for bad input;
    `lower(frame, loc, values, avals, out_avals, **params)` emits jxp ops and
    returns the result ir.Values; `impl(prim, args, params)` runs it on
    concrete values outside any trace (dispatch.apply_eagerly, given where
    primitives are defined, as JAX's impl rules).
    """

    def __init__(self, name, abstract_eval, lower, multiple_results=False,
                 impl=None):
        self.name = name
        self.abstract_eval = abstract_eval
        self.lower = lower
        self.multiple_results = multiple_results
        self.impl = impl or _no_impl

    def __repr__(self):
        return self.name

    def bind(self, *args, **params):
        frames = _state.frames
        if not frames:
            for a in args:
                if isinstance(a, Tracer):
                    raise errors.UnexpectedTracerError(a)
            return self.impl(self, args, params)
        frame = frames[-1]
        avals, values = [], []
        for a in args:
            if type(a) is not Tracer or a.frame is not frame:
                a = frame.lift(a)
            avals.append(a.aval)
            values.append(a.value)
        out = self.abstract_eval(*avals, **params)
        values = self.lower(frame, user_location(), values, avals,
                            out if self.multiple_results else [out], **params)
        if self.multiple_results:
            return [Tracer(a, v, frame) for a, v in zip(out, values)]
        return Tracer(out, values[0], frame)


def constant(value, dtype, weak_type=False):
    """A host value as an array of `dtype`: a constant when tracing, a
    device Array otherwise."""
    value = np.asarray(value, dtype)
    frame = current_frame()
    if frame is not None:
        if value.ndim == 0:  # one op per frame for each scalar
            return frame.splat(value, ShapedArray(
                (), dtypes.canonicalize(value.dtype), weak_type))
        t = frame.constant(value)
        return rebind_aval(t, t.aval.update(weak_type=weak_type))
    return from_numpy(value, weak_type)


def rebind_aval(x, aval):
    """`x` with a new aval of the same shape and dtype (weak type changes
    only): no op in the IR, the same device buffer eagerly."""
    if isinstance(x, Tracer):
        return Tracer(aval, x.value, x.frame)
    return from_buffer(x, aval)


def is_array_like(x):
    """A jxp array or a tracer."""
    return isinstance(x, Tracer) or is_array(x)
