"""jax.experimental.compilation_cache.compilation_cache: the persistent
executable cache's older interface (jxp.config's
jax_compilation_cache_dir is the same setting)."""

from ..._src.config import config as _config


def set_cache_dir(path):
    """Stores compiled executables in `path` (and reuses them from there)."""
    _config.update("jax_compilation_cache_dir", path)


def reset_cache():
    """Starts the cache afresh from the configuration (its counters reset;
    the directory and its entries stay), as JAX's."""
    _config._apply_cache()
