"""JAX's error classes, with messages that name the cause and the cure.

Class names and bases match `jax.errors`, so `except` clauses written for
JAX catch jxp's errors too. A tracer's error says, as JAX's do, which
function was being traced and which of its arguments the value depends on
(found by walking the IR from the tracer's value back to the function's
block arguments), then how to fix it.
"""

import sys

_TRACING_HINT = (
    "This value became a tracer because the function is being traced by "
    "jit; its concrete value is not known at trace time. If it only affects "
    "shapes or Python control flow, mark the argument static with "
    "`static_argnums` / `static_argnames`; to branch on it inside the "
    "compiled function, use `jax.lax.cond`, `jax.lax.select` or "
    "`jax.numpy.where`.")


class _JAXErrorMixin:
    """Appends the link to JAX's page on the error, as JAX does."""

    _error_page = "https://docs.jax.dev/en/latest/errors.html"
    _module_name = "jax.errors"

    def __init__(self, message):
        super().__init__(f"{message}\nSee {self._error_page}#"
                         f"{self._module_name}.{type(self).__name__}")


class JAXTypeError(_JAXErrorMixin, TypeError):
    pass


class JAXIndexError(_JAXErrorMixin, IndexError):
    pass


# ---------------------------------------------------------------------------
# Describing a tracer: its type, the function being traced, its origin
# ---------------------------------------------------------------------------


def _type_str(aval):
    return f"{aval.dtype.name}[{','.join(map(str, aval.shape))}]"


def _describe(tracer):
    aval = getattr(tracer, "aval", None)
    if aval is None:
        return repr(tracer)
    return f"traced array with shape {_type_str(aval)}"


def _arg_positions(tracer):
    """Indices of the traced function's arguments that `tracer` depends on:
    a walk over the IR from its value back to the frame's block arguments."""
    from jaxlib.mlir import ir
    frame = tracer.frame
    nargs = len(getattr(frame, "args", ()))
    found, seen, todo = set(), set(), [tracer.value]
    steps = 0
    while todo and steps < 200000:
        steps += 1
        v = todo.pop().maybe_downcast()
        if isinstance(v, ir.BlockArgument):
            if v.owner == frame.block and v.arg_number < nargs:
                found.add(v.arg_number)
            continue
        op = v.owner
        op = getattr(op, "operation", op)
        if op in seen:
            continue
        seen.add(op)
        todo.extend(op.operands)
    return sorted(found)


def _containers(value, path, depth=0):
    """(path, leaf) pairs of a local variable, one or two levels into
    lists, tuples and dicts."""
    yield path, value
    if depth >= 2:
        return
    if isinstance(value, (list, tuple)):
        for k, v in enumerate(value):
            yield from _containers(v, f"{path}[{k}]", depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _containers(v, f"{path}[{k!r}]", depth + 1)


def _python_frame_and_names(frame):
    """The Python frame running the traced function (found on the stack by
    name) and the names of the frame's arguments in it."""
    name = getattr(frame, "fun_name", None)
    args = list(getattr(frame, "args", ()))
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == name or (
                name is None and any(v is a for v in f.f_locals.values()
                                     for a in args)):
            break
        f = f.f_back
    if f is None:
        return None, {}
    names = {}
    ids = {id(a): k for k, a in enumerate(args)}
    code = f.f_code
    params = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    for var in code.co_varnames:
        if var not in f.f_locals:
            continue
        for path, leaf in _containers(f.f_locals[var], var):
            k = ids.get(id(leaf))
            if k is not None and k not in names:
                names[k] = path
    if len(names) < len(args) and len(args) == len(params):
        # Reassigned locals: fall back to the signature's order.
        for k, var in enumerate(params):
            names.setdefault(k, var)
    return f, names


def _origin(tracer):
    """JAX's "The error occurred while tracing the function f at file:line
    for jit. ... depends on the value of the argument x." for `tracer`."""
    frame = getattr(tracer, "frame", None)
    if frame is None or not hasattr(tracer, "value"):
        return ""
    try:
        fun_name = getattr(frame, "fun_name", frame.name)
        pyframe, names = _python_frame_and_names(frame)
        where = fun_name
        if pyframe is not None:
            where = (f"{fun_name} at {pyframe.f_code.co_filename}:"
                     f"{pyframe.f_code.co_firstlineno}")
        msg = f"The error occurred while tracing the function {where} for jit."
        positions = _arg_positions(tracer)
        if positions:
            arg_names = [names.get(k, f"(flattened position {k})")
                         for k in positions]
            if len(arg_names) == 1:
                which = f"the argument {arg_names[0]}"
            elif len(arg_names) == 2:
                which = f"the arguments {arg_names[0]} and {arg_names[1]}"
            else:
                which = (f"the arguments {', '.join(arg_names[:-1])}, and "
                         f"{arg_names[-1]}")
            plural = "s" if len(positions) > 1 else ""
            msg += (f" This concrete value was not available in Python "
                    f"because it depends on the value{plural} of {which}.")
        return "\n" + msg
    except Exception:  # a best-effort description must never mask the error
        return ""


def _explain(tracer):
    return f"{_origin(tracer)}\n{_TRACING_HINT}"


# ---------------------------------------------------------------------------
# The errors
# ---------------------------------------------------------------------------

_CONVERSIONS = {"__int__": "int", "__float__": "float",
                "__complex__": "complex"}


class ConcretizationTypeError(JAXTypeError):
    """A concrete value was needed but only a tracer was available."""

    def __init__(self, tracer, context=""):
        if not context:
            caller = sys._getframe(1).f_code.co_name
            fn = _CONVERSIONS.get(caller)
            if fn is not None:
                context = (f"The problem arose with the `{fn}` function. If "
                           f"trying to convert the data type of a value, try "
                           f"using `x.astype({fn})` or `jnp.array(x, {fn})` "
                           f"instead.")
        super().__init__(
            f"Abstract tracer value encountered where concrete value is "
            f"expected: {_describe(tracer)}\n{context}{_explain(tracer)}")


class TracerBoolConversionError(ConcretizationTypeError):
    """A tracer was used where Python needs a bool (if, while, and, or)."""

    def __init__(self, tracer):
        JAXTypeError.__init__(
            self, f"Attempted boolean conversion of {_describe(tracer)}."
                  f"{_explain(tracer)}")


class TracerIntegerConversionError(JAXTypeError):
    """A tracer was used where Python needs an int (__index__)."""

    def __init__(self, tracer):
        super().__init__(
            f"The __index__() method was called on {_describe(tracer)}"
            f"{_explain(tracer)}")


class TracerArrayConversionError(JAXTypeError):
    """A tracer was converted to a NumPy array."""

    def __init__(self, tracer):
        super().__init__(
            f"The numpy.ndarray conversion method __array__() was called on "
            f"{_describe(tracer)}. Use jax.numpy functions inside traced "
            f"code instead of numpy ones.{_explain(tracer)}")


class NonConcreteBooleanIndexError(JAXIndexError):
    """A boolean mask index whose value (hence the result's shape) is not
    known at trace time."""

    def __init__(self, tracer):
        aval = getattr(tracer, "aval", tracer)
        got = (f"ShapedArray({_type_str(aval)})" if hasattr(aval, "shape")
               else repr(aval))
        super().__init__(
            f"Array boolean indices must be concrete; got {got}"
            f"{_origin(tracer)}\nThe result's shape would depend on the mask's "
            f"values. Use the three-argument `jnp.where(mask, x, y)` (or a "
            f"`size=` argument) inside jit, or mark the mask static.")


class UnexpectedTracerError(JAXTypeError):
    def __init__(self, tracer_or_msg):
        if isinstance(tracer_or_msg, str):
            msg = tracer_or_msg
        else:
            msg = (f"Encountered an unexpected tracer: {_describe(tracer_or_msg)}"
                   f", created while tracing {tracer_or_msg.frame.name}, was "
                   f"used after that trace ended (a leaked tracer: it was "
                   f"stored in a global or a closure outliving the trace).")
        super().__init__(msg)


class KeyReuseError(JAXTypeError):
    pass


class JaxRuntimeError(RuntimeError):
    pass


class JaxprTypeError(TypeError):
    pass


class InconclusiveDimensionOperation(Exception):
    pass


class CompileError(ValueError):
    """The compiler rejected a program; the message holds MLIR's diagnostics
    with the user's file and line."""
