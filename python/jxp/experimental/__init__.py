"""jax.experimental: the parts jxp has (compilation_cache, multihost_utils,
shard_map)."""

from . import compilation_cache  # noqa: F401
from . import shard_map  # noqa: F401
from . import multihost_utils  # noqa: F401
