"""jxp.custom_derivatives: custom JVP/VJP rules, as jax.custom_derivatives."""

from ._src.ad import SymbolicZero, custom_jvp, custom_vjp  # noqa: F401
