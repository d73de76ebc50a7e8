"""jax.experimental: the parts jxp has (compilation_cache, shard_map)."""

from . import compilation_cache  # noqa: F401
from . import shard_map  # noqa: F401
