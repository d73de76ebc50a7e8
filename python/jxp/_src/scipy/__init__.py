"""jax.scipy's implementation: special, linalg, optimize and stats."""
