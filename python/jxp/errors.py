"""jax.errors: JAX's error classes (jxp's CompileError besides)."""

from ._src.errors import (  # noqa: F401
    CompileError, ConcretizationTypeError, InconclusiveDimensionOperation,
    JAXIndexError, JAXTypeError, JaxprTypeError, JaxRuntimeError,
    KeyReuseError, NonConcreteBooleanIndexError, TracerArrayConversionError,
    TracerBoolConversionError, TracerIntegerConversionError,
    UnexpectedTracerError)
