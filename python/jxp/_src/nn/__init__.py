"""jax.nn's implementation: the functions (functions.py)."""
