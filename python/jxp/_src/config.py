"""jxp.config: JAX's flag names, the ones jxp honours.

Flag values that change what a traced program means are part of every
cache key (`trace_key`): jit and eager caches never mix programs traced
with x64 on and off. As in JAX, each flag's initial value comes from the
environment variable of its name in capitals (JAX_ENABLE_X64,
JAX_COMPILATION_CACHE_DIR, ...) when that is set.

The persistent compilation cache (`jax_compilation_cache_dir`) behaves as
JAX's: compiled executables are stored in that directory and reused by later
processes; `jax_compilation_cache_max_size` bounds it (bytes, least recently
used entries go first; -1 unbounded, 0 off) and programs compiling faster
than `jax_persistent_cache_min_compile_time_secs` are not stored."""

import os

from . import errors, runtime


def _env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "t", "yes", "y", "on")


# Converters of update()'s values: JAX's checks (a wrong type is a
# ValueError; an int flag takes no string) and conversions.
def _to_bool(name, value):
    return bool(value)


def _to_int(name, value):
    if not isinstance(value, int):
        raise ValueError(f"new int config value must be None or of type int, "
                         f"got {value!r} of type {type(value)}")
    return int(value)


def _to_float(name, value):
    if not isinstance(value, (int, float)):
        raise ValueError(f"new float config value must be None or of type "
                         f"float, got {value!r} of type {type(value)}")
    return float(value)


def _to_optional_path(name, value):
    if value is None:
        return None
    if not isinstance(value, (str, os.PathLike)):
        raise ValueError(f"new string config value must be None or of type "
                         f"str, got {value!r} of type {type(value)}")
    return os.fsdecode(value)


# Environment variables: text, read as JAX reads them.
_FROM_ENV = {_to_bool: None, _to_int: int, _to_float: float,
             _to_optional_path: str}


class Config:
    # name -> (default, converter, part of trace_key)
    _flags = {
        "jax_enable_x64": (False, _to_bool, True),
        # Default as in JAX 0.10; False reproduces older random numbers.
        "jax_threefry_partitionable": (True, _to_bool, True),
        "jax_enable_compilation_cache": (True, _to_bool, False),
        "jax_compilation_cache_dir": (None, _to_optional_path, False),
        "jax_compilation_cache_max_size": (-1, _to_int, False),
        "jax_persistent_cache_min_compile_time_secs": (1.0, _to_float, False),
        # CPU devices of the process (before the first computation).
        "jax_num_cpu_devices": (-1, _to_int, False),
        # jxp's own: snapshot slots per level for reverse mode through
        # lax.while_loop (see lax.while_loop).
        "jxp_while_loop_snapshots": (64, _to_int, True),
    }

    def __init__(self):
        values = {}
        for name, (default, convert, _) in self._flags.items():
            env = os.environ.get(name.upper())
            if env is None:
                values[name] = default
            elif convert is _to_bool:
                values[name] = _env_bool(name.upper(), default)
            else:
                values[name] = _FROM_ENV[convert](env)
        self._values = values
        self.trace_key = self._trace_key()
        runtime.set_jit_key(self.trace_key)
        runtime.set_num_cpu_devices(values["jax_num_cpu_devices"])
        if values["jax_enable_x64"]:
            runtime.set_x64(True)
        self._apply_cache()

    def _trace_key(self):
        return tuple(sorted((n, v) for n, v in self._values.items()
                            if self._flags[n][2]))

    def _apply_cache(self):
        v = self._values
        runtime.set_compilation_cache(
            v["jax_compilation_cache_dir"]
            if v["jax_enable_compilation_cache"] else None,
            max_size=v["jax_compilation_cache_max_size"],
            min_compile_time=v["jax_persistent_cache_min_compile_time_secs"])

    def update(self, name, value):
        if name not in self._values:
            raise AttributeError(f"Unrecognized config option: {name}")
        value = self._flags[name][1](name, value)
        if name == "jax_enable_x64" and value != self._values[name]:
            _check_not_tracing(name, value)
        if name == "jax_num_cpu_devices":
            runtime.set_num_cpu_devices(value)  # raises once too late
        self._values[name] = value
        self.trace_key = self._trace_key()
        runtime.set_jit_key(self.trace_key)
        if name == "jax_enable_x64":
            runtime.set_x64(value)
        elif name.startswith("jax_compilation_cache") or name in (
                "jax_enable_compilation_cache",
                "jax_persistent_cache_min_compile_time_secs"):
            self._apply_cache()

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


# Whether this thread is tracing: core (a layer above) installs the check.
_is_tracing = lambda: False  # noqa: E731


def set_tracing_check(is_tracing):
    global _is_tracing
    _is_tracing = is_tracing


def _check_not_tracing(name, value):
    """Switching x64 while a function is being traced would give one
    program 32- and 64-bit halves, and cache it under the wrong flags. JAX
    0.10.2 has no check: jit then fails to run the program
    (JaxRuntimeError: a Python scalar argument is 64-bit, the compiled
    parameter 32-bit). jxp raises that class, at the update."""
    if _is_tracing():
        raise errors.JaxRuntimeError(
            f"{name} cannot be changed to {value} while a function is being "
            f"traced (by jit, grad, vjp, ...): the traced program would mix "
            f"32- and 64-bit types. Set it before tracing, e.g. at the start "
            f"of the program.")


config = Config()
