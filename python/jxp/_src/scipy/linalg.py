"""jxp.scipy.linalg: scipy.linalg's dense factorizations and solvers and a
few special matrices, as jax.scipy.linalg.

Factorizations are jxp.lax.linalg's LAPACK-backed primitives (float32 and
float64; complex matrices raise NotImplementedError there). Arguments that
only matter to SciPy's memory handling (overwrite_*, check_finite, lwork,
lapack_driver) are accepted and ignored, as in JAX.
"""

import math
import operator
import warnings

import numpy as np

from jxp._src import ad as _ad, custom_derivatives as _cd
from jxp._src.lax import control_flow, lax, linalg as lax_linalg
from jxp._src.numpy import (
    creation, lax_numpy, linalg as jnp_linalg, manipulation, scalar_types,
    sorting, tensor_contractions, ufunc_api, ufuncs, util, vectorize)
from jxp._src.numpy.ufuncs import _promote_dtypes, _promote_dtypes_inexact
from jxp._src.numpy.util import _check_arraylike
from jxp._src.scipy.special import comb as _comb

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "circulant",
           "companion", "convolution_matrix", "det", "dft", "eigh", "expm",
           "expm_frechet", "fiedler", "fiedler_companion", "hadamard",
           "hankel", "helmert", "hilbert", "inv", "invhilbert", "invpascal", "leslie",
           "lu", "lu_factor", "lu_solve", "pascal", "polar", "qr", "solve",
           "solve_triangular", "svd", "toeplitz"]


def _inexact(name, *args):
    out = _promote_dtypes_inexact(name, *args)
    return out[0] if len(out) == 1 else out


def _mT(x):
    n = x.ndim
    return lax.transpose(x, tuple(range(n - 2)) + (n - 1, n - 2))


def _H(x):
    """The conjugate transpose (the transpose of real matrices)."""
    return ufuncs.conj(_mT(x)) if lax_numpy.iscomplexobj(x) else _mT(x)


# --- Cholesky ----------------------------------------------------------------


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """The Cholesky factor of each (..., n, n) matrix, upper unless
    lower=True; read from the given triangle, without symmetrizing."""
    a = _inexact("cholesky", a)
    l = lax_linalg.cholesky(a if lower else _H(a), symmetrize_input=False)
    return l if lower else _H(l)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """(cholesky(a, lower), lower), for cho_solve."""
    return cholesky(a, lower=lower), lower


def _rhs_batch(name, a, b):
    """b as [..., n, k] batched like a, and whether it was a vector: b
    [n] is one vector; b of a's rank minus one whose last axis matches
    (deprecated, as JAX) a batch of vectors; otherwise b [..., n, k]."""
    vector = b.ndim == 1
    if not vector and a.ndim == b.ndim + 1 and a.shape[-1] == b.shape[-1]:
        warnings.warn(
            f"jax.scipy.linalg.{name}: batched 1D solves with b.ndim > 1 are "
            f"deprecated, and in the future will be treated as a batched 2D "
            f"solve. Use {name}(..., b[..., None]).squeeze(-1) to avoid this "
            f"warning.", category=FutureWarning)
        vector = True
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"{name}: the matrix must have shape [..., n, n], "
                         f"got {a.shape}")
    n = a.shape[-1]
    if b.ndim < 1 or (vector and b.shape[-1] != n) or (
            not vector and (b.ndim < 2 or b.shape[-2] != n)):
        raise ValueError(f"{name}: inconsistent size for core dimension "
                         f"'n': a={a.shape}, b={b.shape}")
    if vector:
        b = b[..., None]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return (util.broadcast_to(a, batch + a.shape[-2:]),
            util.broadcast_to(b, batch + b.shape[-2:]), vector)


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """x with a @ x = b from cho_factor(a) = (c, lower)."""
    c, lower = c_and_lower
    c, b = _inexact("cho_solve", c, b)
    c, b, vector = _rhs_batch("cho_solve", c, b)
    # a = L L^H: solve with L, then with L^H (or with U^H, then U).
    b = lax_linalg.triangular_solve(c, b, left_side=True, lower=lower,
                                    transpose_a=not lower,
                                    conjugate_a=not lower)
    x = lax_linalg.triangular_solve(c, b, left_side=True, lower=lower,
                                    transpose_a=lower, conjugate_a=lower)
    return x[..., 0] if vector else x


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False,
                     overwrite_b=False, debug=None, check_finite=True):
    """x with op(a) @ x = b for triangular a; trans 0/'N', 1/'T' or
    2/'C' (the conjugate transpose, the transpose for real a)."""
    if trans == 0 or trans == "N":
        transpose_a, conjugate_a = False, False
    elif trans == 1 or trans == "T":
        transpose_a, conjugate_a = True, False
    elif trans == 2 or trans == "C":
        transpose_a, conjugate_a = True, True
    else:
        raise ValueError(f"Invalid 'trans' value {trans}")
    a, b = _inexact("solve_triangular", a, b)
    a, b, vector = _rhs_batch("solve_triangular", a, b)
    x = lax_linalg.triangular_solve(a, b, left_side=True, lower=lower,
                                    transpose_a=transpose_a,
                                    conjugate_a=conjugate_a,
                                    unit_diagonal=unit_diagonal)
    return x[..., 0] if vector else x


# --- LU ----------------------------------------------------------------------


def lu_factor(a, overwrite_a=False, check_finite=True):
    """(lu, pivots): L below the diagonal (unit diagonal implied) and U on
    and above it, with LAPACK's row swaps."""
    a = _inexact("lu_factor", a)
    lu_, pivots, _ = lax_linalg.lu(a)
    return lu_, pivots


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """x with a @ x = b (trans=0) or a^T @ x = b (1, 2) from
    lu_factor(a)."""
    lu_, pivots = lu_and_piv
    lu_, b = _inexact("lu_solve", lu_, b)
    if trans not in (0, 1, 2):
        raise ValueError(f"'trans' value must be 0, 1, or 2, got {trans}")
    perm = lax_linalg.lu_pivots_to_permutation(pivots, lu_.shape[-2])
    lu_b, b, vector = _rhs_batch("lu_solve", lu_, b)
    perm = util.broadcast_to(perm, lu_b.shape[:-1])
    x = jnp_linalg._lu_solve(lu_b, perm, b, trans)
    return x[..., 0] if vector else x


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    """(p, l, u) with a = p @ l @ u, or (p @ l, u) with permute_l."""
    a = _inexact("lu", a)
    if a.ndim < 2:
        raise ValueError(f"lu: a must have shape [..., m, n], got {a.shape}")
    lu_, _, perm = lax_linalg.lu(a)
    dtype = a.dtype
    m, n = a.shape[-2:]
    rows = creation.arange(m, dtype=perm.dtype)
    # (real, as JAX's, for complex matrices too)
    p = (perm[..., None, :] == rows[:, None]).astype(
        scalar_types.finfo(dtype).dtype)
    k = min(m, n)
    l = creation.tril(lu_, -1)[..., :, :k] + creation.eye(m, k, dtype=dtype)
    u = creation.triu(lu_)[..., :k, :]
    if permute_l:
        return tensor_contractions.matmul(p.astype(dtype), l), u
    return p, l, u


# --- other factorizations ----------------------------------------------------


def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False,
        check_finite=True, lapack_driver="gesdd"):
    """(u, s, vh), or s alone."""
    a = _inexact("svd", a)
    return lax_linalg.svd(a, full_matrices=full_matrices,
                          compute_uv=compute_uv)


def qr(a, overwrite_a=False, lwork=None, mode="full", pivoting=False,
       check_finite=True):
    """(q, r) ('full' or 'economic'), or (r,) for mode='r'."""
    if mode in ("full", "r"):
        full_matrices = True
    elif mode == "economic":
        full_matrices = False
    else:
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    if pivoting:
        raise NotImplementedError("jax.scipy.linalg.qr: pivoting=True is "
                                  "not supported by jxp")
    a = _inexact("qr", a)
    q, r = lax_linalg.qr(a, full_matrices=full_matrices)
    if mode == "r":
        return (r,)
    return q, r


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False,
         overwrite_b=False, turbo=True, eigvals=None, type=1,
         check_finite=True):
    """(w, v) of a symmetric matrix, or w alone with eigvals_only."""
    if b is not None:
        raise NotImplementedError("Only the b=None case of eigh is "
                                  "implemented")
    if type != 1:
        raise NotImplementedError("Only the type=1 case of eigh is "
                                  "implemented.")
    if eigvals is not None:
        raise NotImplementedError("Only the eigvals=None case of eigh is "
                                  "implemented.")
    a = _inexact("eigh", a)
    v, w = lax_linalg.eigh(a, lower=lower)
    return w if eigvals_only else (w, v)


def det(a, overwrite_a=False, check_finite=True):
    return jnp_linalg.det(a)


def inv(a, overwrite_a=False, check_finite=True):
    return jnp_linalg.inv(a)


@_cd.custom_jvp
def _cho_solve_pos(a, b):
    c = cholesky(a, lower=False)
    return cho_solve((c, False), b)


@_cho_solve_pos.defjvp
def _cho_solve_pos_jvp(primals, tangents):
    # As solve's rule: one factorization, a tangent linear in (da, db).
    a, b = primals
    da, db = tangents
    c = cholesky(_ad.stop_gradient(a), lower=False)
    x = cho_solve((c, False), b)
    return x, cho_solve((c, False), db - tensor_contractions.matmul(da, x))


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False,
          debug=False, check_finite=True, assume_a="gen"):
    """x with a @ x = b; assume_a='pos' solves by Cholesky (reading the
    upper triangle, or the lower with lower=True)."""
    valid = ["gen", "sym", "her", "pos"]
    if assume_a not in valid:
        raise ValueError(f"Expected assume_a to be one of {valid}; got "
                         f"{assume_a!r}")
    if assume_a != "pos":
        return jnp_linalg.solve(a, b)
    a, b = _inexact("solve", a, b)
    if not (a.ndim >= 2 and b.ndim in (a.ndim, a.ndim - 1)
            and a.shape[-1] == a.shape[-2] == b.shape[a.ndim - 2]):
        raise ValueError(f"The arguments to solve must have shapes "
                         f"a=[..., m, m] and b=[..., m, k] or b=[..., m]; "
                         f"got a={a.shape} and b={b.shape}")
    if lower:
        a = _H(a)  # the factor reads the upper triangle
    vector = a.ndim == b.ndim + 1
    if vector:
        b = b[..., None]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = util.broadcast_to(a, batch + a.shape[-2:])
    b = util.broadcast_to(b, batch + b.shape[-2:])
    x = _cho_solve_pos(a, b)
    return x[..., 0] if vector else x


def polar(a, side="right", *, method="qdwh", eps=None, max_iterations=None):
    """(u, p) with a = u @ p (side='right') or p @ u ('left'): u with
    orthonormal columns, p positive semidefinite. jxp computes both methods
    by SVD ('qdwh' is an iteration converging to the same factors)."""
    a = creation.asarray(a)
    if a.ndim < 2:
        raise ValueError("The input `a` must be at least a 2-D array.")
    if side not in ["right", "left"]:
        raise ValueError("The argument `side` must be either 'right' or "
                         "'left'.")
    if method not in ("qdwh", "svd"):
        raise ValueError(f"Unknown polar decomposition method {method}.")
    m, n = a.shape[-2:]
    if method == "qdwh" and not ((m >= n and side == "right")
                                 or (m < n and side == "left")):
        raise NotImplementedError(
            f"method='qdwh' only supports mxn matrices where m < n where "
            f"side='right' and m >= n side='left', got {a.shape} with "
            f"side={side!r}")
    a = _inexact("polar", a)
    u, s, vh = lax_linalg.svd(a, full_matrices=False)
    s = s.astype(u.dtype)
    unitary = tensor_contractions.matmul(u, vh)
    if side == "right":
        posdef = tensor_contractions.matmul(_H(vh) * s[..., None, :], vh)
    else:
        posdef = tensor_contractions.matmul(u * s[..., None, :], _H(u))
    return unitary, posdef


# --- matrix exponential ------------------------------------------------------

# Pade approximants of exp (Higham 2005): the numerator's coefficients; the
# denominator's are the same with alternating signs.
_PADE = {
    3: (120., 60., 12., 1.),
    5: (30240., 15120., 3360., 420., 30., 1.),
    7: (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.),
    9: (17643225600., 8821612800., 2075673600., 302702400., 30270240.,
        2162160., 110880., 3960., 90., 1.),
    13: (64764752532480000., 32382376266240000., 7771770303897600.,
         1187353796428800., 129060195264000., 10559470521600.,
         670442572800., 33522128640., 1323241920., 40840800., 960960.,
         16380., 182., 1.),
}


def _pade(order):
    b = _PADE[order]

    def uv(A):
        ident = creation.eye(*A.shape, dtype=A.dtype)
        A2 = A @ A
        if order == 13:
            A4 = A2 @ A2
            A6 = A4 @ A2
            U = A @ (A6 @ (b[13] * A6 + b[11] * A4 + b[9] * A2)
                     + b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * ident)
            V = (A6 @ (b[12] * A6 + b[10] * A4 + b[8] * A2)
                 + b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * ident)
            return U, V
        powers = [ident, A2]
        while len(powers) < (order + 1) // 2:
            nxt = powers[-1] @ A2 if len(powers) != 2 else A2 @ A2
            powers.append(nxt)
        # Highest power first, summed left to right, as JAX.
        top = range(len(powers) - 1, -1, -1)
        odd = even = None
        for k in top:
            o, e = b[2 * k + 1] * powers[k], b[2 * k] * powers[k]
            odd = o if odd is None else odd + o
            even = e if even is None else even + e
        return A @ odd, even
    return uv


def _expm_2d(A, upper_triangular, max_squarings):
    A_L1 = jnp_linalg.norm(A, 1)
    if A.dtype in (np.float64, np.complex128):
        maxnorm = 5.371920351148152
        conds = [1.495585217958292e-002, 2.539398330063230e-001,
                 9.504178996162932e-001, 2.097847961257068e+000]
        orders = [3, 5, 7, 9, 13]
    elif A.dtype in (np.float32, np.complex64):
        maxnorm = 3.925724783138660
        conds = [4.258730016922831e-001, 1.880152677804762e+000]
        orders = [3, 5, 7]
    else:
        raise TypeError(f"A.dtype={A.dtype} is not supported.")
    n_squarings = ufunc_api.maximum(0, ufuncs.floor(ufuncs.log2(A_L1 / maxnorm)))
    A = A / 2 ** n_squarings.astype(A.dtype)
    idx = lax_numpy.digitize(A_L1, creation.array(conds, dtype=A_L1.dtype))
    U, V = control_flow.switch(idx, [_pade(k) for k in orders], A)
    P, Q = U + V, -U + V

    def nan(_):
        return creation.full_like(A, np.nan)

    def compute(_):
        if upper_triangular:
            R = solve_triangular(Q, P)
        else:
            R = jnp_linalg.solve(Q, P)

        def step(c, i):
            return control_flow.cond(i < n_squarings, lambda x: x @ x,
                            lambda x: x, c), None
        R, _ = control_flow.scan(step, R, creation.arange(max_squarings,
                                            dtype=n_squarings.dtype))
        return R
    return control_flow.cond(n_squarings > max_squarings, nan, compute, 0)


def expm(A, *, upper_triangular=False, max_squarings=16):
    """The matrix exponential of each (..., n, n) matrix, by scaling and
    squaring with a Pade approximant (Higham 2005), as JAX."""
    A = _inexact("expm", A)
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise ValueError(f"Expected A to be a (batched) square matrix, got "
                         f"A.shape={A.shape}.")
    fn = lambda x: _expm_2d(x, upper_triangular, max_squarings)  # noqa: E731
    if A.ndim > 2:
        return vectorize.vectorize(fn, signature="(n,n)->(n,n)")(A)
    return fn(A)


def expm_frechet(A, E, *, method=None, compute_expm=True):
    """The Frechet derivative of expm at A in direction E (the JVP), with
    expm(A) first unless compute_expm=False."""
    A, E = creation.asarray(A), creation.asarray(E)
    if A.ndim < 2 or A.shape[-2] != A.shape[-1]:
        raise ValueError(f"expected A to be a (batched) square matrix, got "
                         f"A.shape={A.shape}")
    if E.ndim < 2 or E.shape[-2] != E.shape[-1]:
        raise ValueError(f"expected E to be a (batched) square matrix, got "
                         f"E.shape={E.shape}")
    if A.shape != E.shape:
        raise ValueError(f"expected A and E to be the same shape, got "
                         f"A.shape={A.shape} E.shape={E.shape}")
    expm_A, frechet = _ad.jvp(expm, (A,), (E,))
    return (expm_A, frechet) if compute_expm else frechet


# --- special matrices --------------------------------------------------------


def block_diag(*arrs):
    """The arrays (at most 2-D) along the diagonal of one matrix."""
    if len(arrs) == 0:
        arrs = (creation.zeros((1, 0)),)
    arrs = _promote_dtypes("block_diag", *arrs)
    bad = [i for i, a in enumerate(arrs) if a.ndim > 2]
    if bad:
        raise ValueError(f"Arguments to jax.scipy.linalg.block_diag must "
                         f"have at most 2 dimensions, got {arrs[bad[0]]} at "
                         f"argument {bad[0]}.")
    mats = [manipulation.atleast_2d(a) for a in arrs]
    total = sum(a.shape[1] for a in mats)
    rows, col = [], 0
    for a in mats:
        rows.append(lax_numpy.pad(a, ((0, 0), (col, total - col - a.shape[1]))))
        col += a.shape[1]
    return manipulation.concatenate(rows, axis=0)


def _from_diagonals(elems, m, n, first):
    """out[..., i, j] = elems[..., first(i, j)] for an m x n matrix."""
    i = np.arange(m)[:, None]
    j = np.arange(n)[None, :]
    return sorting.take(elems, creation.asarray(first(i, j).astype(np.int32)),
                    axis=-1)


def _vector_pair(c, r):
    c, r = manipulation.atleast_1d(c), manipulation.atleast_1d(r)
    batch = np.broadcast_shapes(c.shape[:-1], r.shape[:-1])
    c = util.broadcast_to(c, batch + c.shape[-1:])
    r = util.broadcast_to(r, batch + r.shape[-1:])
    c, r = _promote_dtypes("toeplitz", c, r)
    return c, r


def toeplitz(c, r=None):
    """The Toeplitz matrix with first column c and first row r (conj(c)
    by default); r[0] is ignored. Leading axes batch."""
    if r is None:
        _check_arraylike("toeplitz", c)
        c = creation.asarray(c)
        r = ufuncs.conjugate(c)
    else:
        _check_arraylike("toeplitz", c, r)
    c, r = _vector_pair(c, r)
    m, n = c.shape[-1], r.shape[-1]
    if m == 0 or n == 0:
        return creation.empty(c.shape[:-1] + (m, n), dtype=c.dtype)
    elems = manipulation.concatenate((manipulation.flip(c, -1), r[..., 1:]), axis=-1)
    return _from_diagonals(elems, m, n, lambda i, j: m - 1 - i + j)


def hankel(c, r=None):
    """The Hankel matrix with first column c and last row r (zeros by
    default); r[0] is ignored. Leading axes batch."""
    if r is None:
        _check_arraylike("hankel", c)
        c = creation.asarray(c)
        r = creation.zeros_like(c)
    else:
        _check_arraylike("hankel", c, r)
        c, r = creation.asarray(c), creation.asarray(r)
    if c.ndim == 0:
        raise ValueError("hankel: c must be at least 1-dimensional, got a "
                         "scalar.")
    if r.ndim == 0:
        raise ValueError("hankel: r must be at least 1-dimensional, got a "
                         "scalar.")
    c, r = _vector_pair(c, r)
    m, n = c.shape[-1], r.shape[-1]
    if m == 0 or n == 0:
        return creation.empty(c.shape[:-1] + (m, n), dtype=c.dtype)
    elems = manipulation.concatenate((c, r[..., 1:]), axis=-1)
    return _from_diagonals(elems, m, n, lambda i, j: i + j)


def circulant(c):
    """The circulant matrix with first column c. Leading axes batch."""
    _check_arraylike("circulant", c)
    c = manipulation.atleast_1d(creation.asarray(c))
    n = c.shape[-1]
    return _from_diagonals(c, n, n, lambda i, j: (i - j) % n)


def leslie(f, s):
    """The Leslie matrix of fecundities f and survival rates s."""
    _check_arraylike("leslie", f, s)
    f, s = manipulation.atleast_1d(f), manipulation.atleast_1d(s)
    if f.shape[-1] < 2:
        raise ValueError(f"The length of f along the last axis must be at "
                         f"least 2; got shape {f.shape}.")
    if s.shape[-1] != f.shape[-1] - 1:
        raise ValueError(f"Incorrect lengths for f and s. The length of s "
                         f"along the last axis must be one less than the "
                         f"length of f; got f shape {f.shape} and s shape "
                         f"{s.shape}.")
    f, s = _promote_dtypes("leslie", f, s)
    n = f.shape[-1]
    batch = np.broadcast_shapes(f.shape[:-1], s.shape[:-1])
    f = util.broadcast_to(f, batch + (n,))
    s = util.broadcast_to(s, batch + (n - 1,))
    # The first row is f; below it, s on the first subdiagonal.
    sub = manipulation.concatenate((creation.zeros_like(f[..., :1]), s), axis=-1)
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    below = sorting.where(creation.asarray(i == j + 1), sub[..., :, None], 0)
    return sorting.where(creation.asarray(i == 0), f[..., None, :],
                     below.astype(f.dtype))


def companion(a):
    """The companion matrix of the polynomial with coefficients a."""
    a = manipulation.atleast_1d(_inexact("companion", a))
    if a.shape[-1] < 2:
        raise ValueError(f"The length of `a` along the last axis must be at "
                         f"least 2; got shape {a.shape}.")
    first = -a[..., 1:] / a[..., :1]
    m = a.shape[-1] - 1
    shift = util.broadcast_to(creation.eye(m, m, k=-1, dtype=first.dtype),
                             first.shape[:-1] + (m, m))
    return sorting.where(creation.asarray(np.arange(m)[:, None] == 0),
                     first[..., None, :], shift)


def fiedler(a):
    """The symmetric matrix |a_i - a_j|."""
    _check_arraylike("fiedler", a)
    a = manipulation.atleast_1d(a)
    return ufuncs.abs(a[..., None] - a[..., None, :])


def convolution_matrix(a, n, mode="full"):
    """The Toeplitz matrix A with A @ v = convolve(a, v, mode) for
    len(v) = n."""
    n = operator.index(n)
    if n <= 0:
        raise ValueError(f"n must be a positive integer; got {n}.")
    _check_arraylike("convolution_matrix", a)
    a = creation.asarray(a)
    if a.ndim == 0:
        raise ValueError("convolution_matrix: a must be at least "
                         "1-dimensional, got a scalar.")
    m = a.shape[-1]
    if m < 1:
        raise ValueError(f"len(a) must be at least 1; got shape {a.shape}.")
    if mode not in ("full", "valid", "same"):
        raise ValueError(f"mode must be one of 'full', 'valid', 'same'; got "
                         f"{mode!r}.")
    pad = [(0, 0)] * (a.ndim - 1) + [(0, n - 1)]
    az = lax_numpy.pad(a, pad)
    raz = lax_numpy.pad(manipulation.flip(a, axis=-1), pad)
    L = m + n - 1
    if mode == "same":
        trim = min(n, m) - 1
        tb, te = trim // 2, trim - trim // 2
    elif mode == "valid":
        tb = te = min(n, m) - 1
    else:
        tb = te = 0
    return toeplitz(az[..., tb:L - te], raz[..., L - n - tb:L - tb])


def hilbert(n):
    """The n x n Hilbert matrix 1 / (i + j + 1)."""
    a = lax.broadcasted_iota(creation.zeros(()).dtype, (n, 1), 0)
    return 1 / (a + a.T + 1)


def invhilbert(n):
    """The inverse of hilbert(n), from its closed form in binomials."""
    a = creation.arange(n, dtype=creation.zeros(()).dtype)
    i, j = a[:, None], a[None, :]
    s = i + j
    return ((-1.0) ** s * (s + 1.0) * _comb(n + i, n - j - 1)
            * _comb(n + j, n - i - 1) * _comb(s, i) ** 2)


def helmert(n, full=False):
    """The Helmert matrix of order n (without its first row unless
    full)."""
    if n < 1:
        raise ValueError(f"n must be a positive integer; got {n}.")
    i = creation.arange(n - 1)[:, None]
    j = creation.arange(n)[None, :]
    k = (i + 1).astype(creation.zeros(()).dtype)
    denom = ufuncs.sqrt(k * (k + 1))
    H = sorting.where(j <= i, 1.0 / denom,
                  sorting.where(j == i + 1, -k / denom, creation.zeros_like(denom)))
    if full:
        first = creation.full((1, n), 1.0 / ufuncs.sqrt(n), dtype=H.dtype)
        H = manipulation.concatenate([first, H], axis=0)
    return H


def hadamard(n, dtype=int):
    """The n x n Hadamard matrix (Sylvester's construction; n a power of
    2)."""
    if n < 1 or not math.log2(n).is_integer():
        raise ValueError(f"n must be a positive power of 2; got {n}.")
    H = creation.ones((1, 1), dtype=dtype)
    for _ in range(int(math.log2(n))):
        H = manipulation.concatenate([manipulation.concatenate([H, H], axis=1),
                             manipulation.concatenate([H, -H], axis=1)], axis=0)
    return H


def _binom(n, k):
    return lax.exp(lax.lgamma(n + 1.0) - lax.lgamma(n - k + 1.0)
                   - lax.lgamma(k + 1.0))


def pascal(n, kind=None):
    """The n x n Pascal matrix (symmetric, lower or upper)."""
    if kind is None:
        kind = "symmetric"
    valid = ["symmetric", "lower", "upper"]
    if kind not in valid:
        raise ValueError(f"Expected kind to be on of: {valid}; got {kind}")
    a = creation.arange(n, dtype=np.float32)
    L = _binom(a[:, None], a[None, :])
    if kind == "lower":
        return L
    if kind == "upper":
        return L.T
    return tensor_contractions.dot(L, L.T)


def invpascal(n, kind=None):
    """The inverse of pascal(n, kind)."""
    if kind is None:
        kind = "symmetric"
    valid = ["symmetric", "lower", "upper"]
    if kind not in valid:
        raise ValueError(f"Expected kind to be one of: {valid}; got {kind}")
    a = creation.arange(n, dtype=creation.zeros(()).dtype)
    i, j = a[:, None], a[None, :]
    # The lower Pascal matrix's inverse: binomials with alternating signs
    # (zero above the diagonal, where lgamma's pole makes the binomial 0).
    L_inv = ((-1.0) ** (i - j)) * _binom(i, j)
    if kind == "lower":
        return L_inv
    if kind == "upper":
        return L_inv.T
    return tensor_contractions.dot(L_inv.T, L_inv)


def fiedler_companion(a):
    """The Fiedler companion matrix of the polynomial with coefficients a:
    pentadiagonal, with the eigenvalues of companion(a)."""
    a = manipulation.atleast_1d(_inexact("fiedler_companion", a))
    if a.shape[-1] == 0:
        raise ValueError(f"fiedler_companion requires the last axis of 'a' "
                         f"to have nonzero length, but got an array of "
                         f"shape {a.shape}.")
    n = a.shape[-1] - 1
    batch = a.shape[:-1]
    if n == 0:
        return creation.zeros(batch + (0, 0), a.dtype)
    a = a / a[..., :1]
    if n == 1:
        return -a[..., 1:, None]
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    even, odd = i % 2 == 0, i % 2 == 1

    def coef(idx):  # -a[..., idx] for an (n, 1) index array
        return -sorting.take(a, creation.asarray(idx.astype(np.int32)), axis=-1)
    conds = [(i == 0) & (j == 0), (i == 1) & (j == 0),
             (j == i + 1) & even, (j == i + 2) & even,
             (j == i - 1) & even & (i >= 2), (j == i - 2) & odd & (i >= 3)]
    one = creation.ones((), a.dtype)
    choices = [-a[..., 1, None, None], one, coef(np.minimum(i + 2, n)), one,
               coef(np.minimum(i + 1, n)), one]
    shape = batch + (n, n)
    return lax_numpy.select([util.broadcast_to(creation.asarray(c), shape)
                       for c in conds],
                      [util.broadcast_to(c, shape) for c in choices],
                      default=creation.zeros((), a.dtype))


def dft(n, scale=None, *, dtype=None):
    """The n x n discrete Fourier transform matrix, unscaled or divided by
    sqrt(n) ('sqrtn') or n ('n')."""
    if scale is not None and scale not in ("sqrtn", "n"):
        raise ValueError(f"scale must be None, 'sqrtn', or 'n'; got "
                         f"{scale!r}.")
    if dtype is None:
        dtype = (creation.zeros(()) * 1j).dtype
    elif not scalar_types.issubdtype(dtype, np.complexfloating):
        raise ValueError(f"dtype must be a complex floating-point type; got "
                         f"{np.dtype(dtype)}.")
    a = creation.arange(n, dtype=dtype)
    omegas = ufuncs.exp(-2j * np.pi * a[:, None] * a[None, :] / n)
    if scale == "sqrtn":
        omegas = omegas / ufuncs.sqrt(n)
    elif scale == "n":
        omegas = omegas / n
    return omegas
