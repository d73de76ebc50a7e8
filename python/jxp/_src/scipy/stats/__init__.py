"""jax.scipy.stats' implementation: one module per distribution, on the
helpers of _common.py; mode, rankdata and sem in _core.py."""
