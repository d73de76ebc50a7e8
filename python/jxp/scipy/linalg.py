"""jxp.scipy.linalg: JAX's jax.scipy.linalg, re-exported from\njxp/_src/scipy/linalg.py."""

from jxp._src.scipy.linalg import __all__ as __all__
from jxp._src.scipy.linalg import (
    block_diag as block_diag, cho_factor as cho_factor, cho_solve as cho_solve,
    cholesky as cholesky, circulant as circulant, companion as companion,
    convolution_matrix as convolution_matrix, det as det, dft as dft,
    eigh as eigh, expm as expm, expm_frechet as expm_frechet,
    fiedler as fiedler, fiedler_companion as fiedler_companion,
    hadamard as hadamard, hankel as hankel, helmert as helmert,
    hilbert as hilbert, inv as inv, invhilbert as invhilbert,
    invpascal as invpascal, leslie as leslie, lu as lu, lu_factor as lu_factor,
    lu_solve as lu_solve, pascal as pascal, polar as polar, qr as qr,
    solve as solve, solve_triangular as solve_triangular, svd as svd,
    toeplitz as toeplitz)
