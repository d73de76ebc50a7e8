"""jax.debug: printing and callbacks that work inside compiled programs."""

from ._src.callback import debug_callback as callback  # noqa: F401
from ._src.callback import debug_print as print  # noqa: F401,A004

__all__ = ["callback", "print"]
