"""jax.experimental.compilation_cache."""

from . import compilation_cache  # noqa: F401
