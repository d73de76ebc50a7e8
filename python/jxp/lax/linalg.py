"""jxp.lax.linalg: JAX's jax.lax.linalg, re-exported from
jxp/_src/lax/linalg.py."""

from jxp._src.lax.linalg import (
    cholesky as cholesky, eig as eig, eigh as eigh, lu as lu,
    lu_pivots_to_permutation as lu_pivots_to_permutation, qr as qr,
    svd as svd, symmetric_product as symmetric_product,
    triangular_solve as triangular_solve,
    tridiagonal_solve as tridiagonal_solve)
