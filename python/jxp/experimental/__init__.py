"""jax.experimental: the parts jxp has (compilation_cache)."""

from . import compilation_cache  # noqa: F401
