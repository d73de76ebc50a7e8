"""jxp.scipy.optimize: JAX's jax.scipy.optimize, re-exported from\njxp/_src/scipy/optimize.py."""

from jxp._src.scipy.optimize import __all__ as __all__
from jxp._src.scipy.optimize import (
    OptimizeResults as OptimizeResults, minimize as minimize)
