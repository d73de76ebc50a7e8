"""jxp.config: JAX's flag names, the ones jxp honours.

Flag values that change what a traced program means are part of every
cache key (`trace_key`): jit and eager caches never mix programs traced
with x64 on and off. As in JAX, JAX_ENABLE_X64 in the environment sets the
initial value of jax_enable_x64."""

import os

from . import runtime


def _env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "t", "yes", "y", "on")


class Config:
    _flags = {
        "jax_enable_x64": False,
        # Default as in JAX 0.10; False reproduces older random numbers.
        "jax_threefry_partitionable": True,
    }

    def __init__(self):
        self._values = dict(self._flags)
        self._values["jax_enable_x64"] = _env_bool("JAX_ENABLE_X64", False)
        self.trace_key = tuple(sorted(self._values.items()))
        if self._values["jax_enable_x64"]:
            runtime.set_x64(True)

    def update(self, name, value):
        if name not in self._values:
            raise AttributeError(f"Unrecognized config option: {name}")
        if isinstance(self._flags[name], bool):
            value = bool(value)
        if name == "jax_enable_x64" and value != self._values[name]:
            _check_not_tracing(name, value)
        self._values[name] = value
        self.trace_key = tuple(sorted(self._values.items()))
        if name == "jax_enable_x64":
            runtime.set_x64(value)

    def __setattr__(self, name, value):
        # As JAX's: flags are read-only attributes (assigning one would
        # only shadow it, changing nothing jxp reads).
        if name in self._flags:
            raise AttributeError(
                f"property of 'Config' object has no setter: use "
                f"jax.config.update({name!r}, {value!r})")
        super().__setattr__(name, value)

    def read(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"Unrecognized config option: {name}") from None

    @property
    def x64_enabled(self):
        return self._values["jax_enable_x64"]

    @property
    def values(self):
        return dict(self._values)

    def __getattr__(self, name):
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(name) from None


def _check_not_tracing(name, value):
    """Switching x64 while a function is being traced would give one
    program 32- and 64-bit halves, and cache it under the wrong flags. JAX
    0.10.2 has no check: jit then fails to run the program
    (JaxRuntimeError: a Python scalar argument is 64-bit, the compiled
    parameter 32-bit). jxp raises that class, at the update."""
    from . import core, errors
    if core.current_frame() is not None:
        raise errors.JaxRuntimeError(
            f"{name} cannot be changed to {value} while a function is being "
            f"traced (by jit, grad, vjp, ...): the traced program would mix "
            f"32- and 64-bit types. Set it before tracing, e.g. at the start "
            f"of the program.")


config = Config()
