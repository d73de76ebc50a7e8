"""The implementation of jxp.numpy, split by concern as JAX's
jax/_src/numpy; jxp/numpy/__init__.py re-exports it."""
