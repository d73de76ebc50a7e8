"""jax.lax's implementation (see jxp/lax/__init__.py for the public names):
primitives.py holds the traced primitives, lax.py and the modules beside it
the functions built on them."""
