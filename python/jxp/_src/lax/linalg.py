"""jax.lax.linalg: factorizations (cholesky, lu, qr, eigh, svd, eig, ...)
and triangular solves over jxp's primitives, as in jax.lax.linalg."""

import numpy as np

from jxp._src.core import abstractify
from jxp._src.lax import primitives as _p
from jxp._src.lax import scalar_casting as lax
from jxp._src.lax import slicing
from jxp._src.lax import control_flow


def _transpose_last(x):
    n = abstractify(x).ndim
    return lax.transpose(x, tuple(range(n - 2)) + (n - 1, n - 2))


def cholesky(x, *, symmetrize_input: bool = True):
    """The lower Cholesky factor of each (..., n, n) matrix; NaNs where a
    matrix is not positive definite. With `symmetrize_input` the factor is
    of (x + x^T) / 2, which makes the gradient symmetric, as in JAX."""
    if symmetrize_input:
        x = lax.div(lax.add(x, _adjoint(x)), 2.0)
    # The lower triangle, as JAX takes it: a matrix that is not positive
    # definite gives NaNs below the diagonal and zeros above, and so do
    # the derivatives.
    return _tril(_p.cholesky_prim.bind(x))


def _tril(x):
    a = abstractify(x)
    rows = lax.broadcasted_iota(np.int32, a.shape, a.ndim - 2)
    cols = lax.broadcasted_iota(np.int32, a.shape, a.ndim - 1)
    zeros = lax.broadcast_in_dim(np.zeros((), a.dtype), a.shape, ())
    return lax.select(lax.ge(rows, cols), x, zeros)


def triangular_solve(a, b, *, left_side: bool = False, lower: bool = False,
                     transpose_a: bool = False, conjugate_a: bool = False,
                     unit_diagonal: bool = False):
    """Solves op(a) @ x = b (left_side) or x @ op(a) = b for triangular a,
    op(a) being a, its transpose, or with conjugate_a its conjugate (or
    adjoint), as jax.lax.linalg.triangular_solve."""
    complex_a = np.issubdtype(abstractify(a).dtype, np.complexfloating)
    if conjugate_a and complex_a and not transpose_a:
        a, conjugate_a = lax.conj(a), False
    code = (2 if conjugate_a and complex_a else 1) if transpose_a else 0
    return _p.triangular_solve_prim.bind(
        a, b, left_side=bool(left_side), lower=bool(lower),
        unit_diagonal=bool(unit_diagonal), transpose_a=code)


def _adjoint(x):
    a = abstractify(x)
    if np.issubdtype(a.dtype, np.complexfloating):
        x = lax.conj(x)
    return _transpose_last(x)


def lu(x):
    """LU decomposition with partial pivoting of each (..., m, n) matrix:
    (lu, pivots, permutation) with x[permutation] = L @ U."""
    return tuple(_p.lu_prim.bind(x))


def lu_pivots_to_permutation(pivots, permutation_size):
    """The row permutation LAPACK-style row swaps `pivots` ([..., k])
    amount to, over `permutation_size` rows."""
    a = abstractify(pivots)
    k, batch = a.shape[-1], a.shape[:-1]
    if permutation_size < k:
        raise ValueError(f"Output permutation size {permutation_size} has "
                         f"to exceed the trailing dimension of the pivots. "
                         f"Got pivots size {k}")
    shape = batch + (permutation_size,)
    last = len(batch)
    rows = lax.broadcasted_iota(np.int32, shape, last)
    zeros = lax.full(shape, 0, np.int32)

    def column(x, i):  # x[..., i] spread over the rows
        c = slicing.dynamic_index_in_dim(x, i, axis=last, keepdims=True)
        return lax.broadcast_in_dim(lax.reshape(c, batch), shape,
                                    tuple(range(last)))

    def swap(i, perm):
        j = column(lax.convert_element_type(pivots, np.int32), i)
        at_j = lax.eq(rows, j)
        perm_j = lax.broadcast_in_dim(
            lax.reduce_sum(lax.select(at_j, perm, zeros), (last,)), shape,
            tuple(range(last)))
        perm_i = column(perm, i)
        swapped = lax.select(at_j, perm_i, perm)
        return lax.select(lax.eq(rows, lax.full(shape, i, np.int32)), perm_j,
                          swapped)
    return control_flow.fori_loop(0, k, swap, rows)


def qr(x, *, pivoting=False, full_matrices=True, use_magma=None):
    """QR decomposition of each (..., m, n) matrix: (q, r)."""
    if pivoting:
        raise NotImplementedError("jxp's qr does not pivot")
    return tuple(_p.qr_prim.bind(x, full_matrices=bool(full_matrices)))


def eigh(x, *, lower=True, symmetrize_input=True, sort_eigenvalues=True,
         subset_by_index=None):
    """Eigenvectors and ascending eigenvalues (v, w) of each symmetric
    (..., n, n) matrix, reading its lower (or upper) triangle."""
    if subset_by_index is not None:
        raise NotImplementedError("jxp's eigh computes every eigenvalue "
                                  "(subset_by_index is not supported)")
    if symmetrize_input:
        x = lax.div(lax.add(x, _adjoint(x)), 2.0)
    return tuple(_p.eigh_prim.bind(x, lower=bool(lower)))


def svd(x, *, full_matrices=True, compute_uv=True, subset_by_index=None,
        algorithm=None):
    """Singular value decomposition: (u, s, vh), or s alone."""
    if subset_by_index is not None:
        raise NotImplementedError("jxp's svd computes every singular value "
                                  "(subset_by_index is not supported)")
    out = _p.svd_prim.bind(x, full_matrices=bool(full_matrices),
                        compute_uv=bool(compute_uv))
    if not compute_uv:
        return out[0]
    s, u, vt = out
    return u, s, vt


def eig(x, *, compute_left_eigenvectors=True, compute_right_eigenvectors=True,
        use_magma=None):
    """Eigenvalues, then left and right eigenvectors as asked, of each real
    (..., n, n) matrix (complex results)."""
    return list(_p.eig_prim.bind(
        x, compute_left=bool(compute_left_eigenvectors),
        compute_right=bool(compute_right_eigenvectors)))


def symmetric_product(a_matrix, c_matrix, *, alpha=1.0, beta=0.0,
                      symmetrize_output=False):
    """alpha * a @ a^T + beta * c."""
    a = abstractify(a_matrix)
    batch = tuple(range(a.ndim - 2))
    aat = lax.dot_general(a_matrix, a_matrix,
                          (((a.ndim - 1,), (a.ndim - 1,)), (batch, batch)))
    out = lax.add(lax.mul(aat, alpha), lax.mul(c_matrix, beta))
    if symmetrize_output:
        out = lax.div(lax.add(out, _transpose_last(out)), 2.0)
    return out


def tridiagonal_solve(dl, d, du, b):
    """Solves the tridiagonal systems with sub-, main and super-diagonals
    dl, d, du ([..., m]; dl[0] and du[-1] unused) for b ([..., m, n]) by
    the Thomas algorithm, a scan differentiated like any other."""
    avals = [abstractify(v) for v in (dl, d, du, b)]
    if not (avals[0].shape == avals[1].shape == avals[2].shape) or \
            avals[3].shape[:-1] != avals[1].shape:
        raise ValueError(f"tridiagonal_solve: dl, d, du must have one shape "
                         f"[..., m] and b [..., m, n], got "
                         f"{', '.join(str(a.shape) for a in avals)}")
    if len({a.dtype for a in avals}) != 1:
        raise ValueError("tridiagonal_solve: dl, d, du and b must have one "
                         "dtype")
    r = avals[1].ndim
    m = avals[1].shape[-1]
    if m == 0:
        return b
    # Rows move to the front for the scans: forward elimination, then back
    # substitution.
    to_front = (r - 1,) + tuple(range(r - 1))
    dl_, d_, du_ = (lax.transpose(v, to_front) for v in (dl, d, du))
    b_ = lax.transpose(b, (r - 1,) + tuple(range(r - 1)) + (r,))
    row_shape = avals[3].shape[:-2] + avals[3].shape[-1:]

    def spread(v):  # [...] -> [..., n]
        return lax.broadcast_in_dim(v, row_shape, tuple(range(r - 1)))

    def forward(carry, row):
        c_prev, y_prev = carry
        lo, di, up, bi = row
        denom = lax.sub(di, lax.mul(lo, c_prev))
        c = lax.div(up, denom)
        y = lax.div(lax.sub(bi, lax.mul(spread(lo), y_prev)), spread(denom))
        return (c, y), (c, y)
    zero_c = lax.full(avals[1].shape[:-1], 0, avals[1].dtype)
    zero_y = lax.full(row_shape, 0, avals[1].dtype)
    _, (cs, ys) = control_flow.scan(forward, (zero_c, zero_y),
                                    (dl_, d_, du_, b_))

    def backward(x_next, row):
        c, y = row
        x = lax.sub(y, lax.mul(spread(c), x_next))
        return x, x
    _, xs = control_flow.scan(backward, zero_y, (cs, ys), reverse=True)
    return lax.transpose(xs, tuple(range(1, r)) + (0, r))
