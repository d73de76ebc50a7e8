"""JAX's error classes, with messages that name the cause and the cure.

Class names and bases match `jax.errors`, so `except` clauses written for
JAX catch jxp's errors too."""

_TRACING_HINT = (
    "\nThis value became a tracer because the function is being traced by "
    "jit; its concrete value is not known at trace time. If it only affects "
    "shapes or Python control flow, mark the argument static with "
    "`static_argnums` / `static_argnames`; to branch on it inside the "
    "compiled function, use `jax.lax.cond`, `jax.lax.select` or "
    "`jax.numpy.where`.")


class _JAXErrorMixin:
    _error_page = "https://docs.jax.dev/en/latest/errors.html"

    def __init__(self, message):
        super().__init__(message)


class JAXTypeError(_JAXErrorMixin, TypeError):
    pass


class JAXIndexError(_JAXErrorMixin, IndexError):
    pass


def _describe(tracer):
    return f"traced array with shape {tracer.aval.str_short()}"


class ConcretizationTypeError(JAXTypeError):
    """A concrete value was needed but only a tracer was available."""

    def __init__(self, tracer, context=""):
        super().__init__(
            f"Abstract tracer value encountered where concrete value is "
            f"expected: {_describe(tracer)}.\n{context}{_TRACING_HINT}")


class TracerBoolConversionError(ConcretizationTypeError):
    def __init__(self, tracer):
        JAXTypeError.__init__(
            self,
            f"Attempted boolean conversion of {_describe(tracer)}.{_TRACING_HINT}")


class TracerIntegerConversionError(JAXTypeError):
    def __init__(self, tracer):
        super().__init__(
            f"The __index__() method was called on {_describe(tracer)}."
            f"{_TRACING_HINT}")


class TracerArrayConversionError(JAXTypeError):
    def __init__(self, tracer):
        super().__init__(
            f"The numpy.ndarray conversion method __array__() was called on "
            f"{_describe(tracer)}. Use jax.numpy functions inside traced "
            f"code instead of numpy ones.{_TRACING_HINT}")


class NonConcreteBooleanIndexError(JAXIndexError):
    def __init__(self, tracer):
        super().__init__(
            f"Array boolean indices must be concrete; got {_describe(tracer)}. "
            f"Use jnp.where or a fixed-size alternative (e.g. `size=`) inside "
            f"jit.")


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


class CompileError(ValueError):
    """The compiler rejected a program; the message holds MLIR's diagnostics
    with the user's file and line."""
