"""jax.distributed: one SPMD program over several processes (see
_src/distributed.py)."""

from ._src.distributed import (  # noqa: F401
    initialize, is_initialized, shutdown)

__all__ = ["initialize", "is_initialized", "shutdown"]
