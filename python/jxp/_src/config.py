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
than `jax_persistent_cache_min_compile_time_secs` are not stored.

The module also owns jaxlib's global states that its jit fast path reads
(x64, disable_jit, jxp's part of every cache key): jaxlib refuses to run
the fast path without them, so they are registered with jaxlib when this
module is imported (by `config` below), before any jit function exists."""

import os

from jaxlib import _jax

from . import compilation_cache, errors, xla_bridge
from .trace_state import is_tracing

# ---------------------------------------------------------------------------
# jaxlib's global states
# ---------------------------------------------------------------------------

_x64_config = None  # the _jax.config.Config registered with jaxlib
_x64_value = False


def _ensure_x64_state():
    global _x64_config
    if _x64_config is None:
        with xla_bridge._lock:
            if _x64_config is None:
                cfg = _jax.config.Config("jax_enable_x64", _x64_value,
                                         include_in_jit_key=True,
                                         include_in_trace_context=True)
                _jax.jax_jit.set_enable_x64_state(cfg)
                _x64_config = cfg
    return _x64_config


def set_x64(enabled: bool) -> None:
    """Enables/disables 64-bit types in jaxlib's global x64 state.

    device_put does not depend on it (it always transfers the exact dtype).
    """
    global _x64_value
    enabled = bool(enabled)
    with xla_bridge._lock:
        _x64_value = enabled
        _ensure_x64_state().set_global(enabled)


def x64_enabled() -> bool:
    return _x64_value


# The other global states jaxlib's jit fast path reads (it refuses to run
# without them), and jxp's own part of every fast-path key.
_jit_configs = None


def _ensure_jit_state():
    global _jit_configs
    if _jit_configs is None:
        with xla_bridge._lock:
            if _jit_configs is None:
                _ensure_x64_state()
                disable = _jax.config.Config("jax_disable_jit", False)
                hook = _jax.config.Config("jax_post_hook", None)
                key = _jax.config.Config("jxp_trace_key", None,
                                         include_in_jit_key=True)
                # jxp's disable_jit is its own (JAX's import replaces
                # jaxlib's): part of every key, so that no cached program
                # runs while it is on, and read by jit's cache miss.
                jxp_disable = _jax.config.Config("jxp_disable_jit", False,
                                                 include_in_jit_key=True)
                _jax.jax_jit.set_disable_jit_state(disable)
                _jax.jax_jit.set_post_hook_state(hook)
                _jit_configs = {"disable_jit": jxp_disable, "trace_key": key}
    return _jit_configs


def set_jit_key(value) -> None:
    """Sets jxp's part of every fast-path cache key (the flags that change
    what a traced program means: jxp.config's trace_key)."""
    _ensure_jit_state()["trace_key"].set_global(value)


def swap_disable_jit(value):
    """Sets this thread's jxp disable-jit state (jxp's jit functions then
    call their Python function directly); returns the previous one, to
    pass back."""
    return _ensure_jit_state()["disable_jit"].swap_local(value)


def jit_disabled() -> bool:
    return bool(_ensure_jit_state()["disable_jit"].value)


# ---------------------------------------------------------------------------
# jxp.config
# ---------------------------------------------------------------------------


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
        set_jit_key(self.trace_key)
        xla_bridge.set_num_cpu_devices(values["jax_num_cpu_devices"])
        if values["jax_enable_x64"]:
            set_x64(True)
        self._apply_cache()

    def _trace_key(self):
        return tuple(sorted((n, v) for n, v in self._values.items()
                            if self._flags[n][2]))

    def _apply_cache(self):
        v = self._values
        compilation_cache.set_compilation_cache(
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
            xla_bridge.set_num_cpu_devices(value)  # raises once too late
        self._values[name] = value
        self.trace_key = self._trace_key()
        set_jit_key(self.trace_key)
        if name == "jax_enable_x64":
            set_x64(value)
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


def _check_not_tracing(name, value):
    """Switching x64 while a function is being traced would give one
    program 32- and 64-bit halves, and cache it under the wrong flags. JAX
    0.10.2 has no check: jit then fails to run the program
    (JaxRuntimeError: a Python scalar argument is 64-bit, the compiled
    parameter 32-bit). jxp raises that class, at the update."""
    if is_tracing():
        raise errors.JaxRuntimeError(
            f"{name} cannot be changed to {value} while a function is being "
            f"traced (by jit, grad, vjp, ...): the traced program would mix "
            f"32- and 64-bit types. Set it before tracing, e.g. at the start "
            f"of the program.")


config = Config()
