"""numpy.linalg over jxp.lax.linalg's factorizations, as
jax.numpy.linalg.

The factorizations (LU, QR, Cholesky, eigh, SVD, eig) are jxp.lax.linalg's
LAPACK-backed primitives, for float32 and float64 matrices (complex matrices
raise NotImplementedError there). Everything else here is composed of
jxp.numpy: solve and det carry custom JVP rules, as in JAX, so that their
derivatives reuse one factorization and stay finite at singular matrices.
"""

import itertools
import math
import operator
from typing import NamedTuple

import numpy as np

from jxp._src import ad as _ad, custom_derivatives as _cd, dtypes as _dt
from jxp._src.api import jit_library
from jxp._src.lax import linalg as lax_linalg, scalar_casting as lax
from jxp._src.numpy import (
    creation, lax_numpy, manipulation, reductions, sorting,
    tensor_contractions, ufuncs, util)
from jxp._src.numpy.manipulation import asarray
from jxp._src.numpy.util import _check_arraylike
from jxp._src.util import canonicalize_axis





__all__ = [
    'cholesky', 'cond', 'cross', 'det', 'diagonal', 'eig', 'eigh',
    'eigvals', 'eigvalsh', 'inv', 'lstsq', 'matmul', 'matrix_norm',
    'matrix_power', 'matrix_rank', 'matrix_transpose', 'multi_dot', 'norm',
    'outer', 'pinv', 'qr', 'slogdet', 'solve', 'svd', 'svdvals',
    'tensordot', 'tensorinv', 'tensorsolve', 'trace', 'vecdot',
    'vector_norm']


class EighResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class EigResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class QRResult(NamedTuple):
    Q: object
    R: object


class SlogdetResult(NamedTuple):
    sign: object
    logabsdet: object


class SVDResult(NamedTuple):
    U: object
    S: object
    Vh: object


for _cls in (EighResult, EigResult, QRResult, SlogdetResult, SVDResult):
    _cls.__module__ = "jxp.numpy.linalg"


def _inexact(name, *args):
    """The arguments as arrays of their common inexact dtype."""
    out = ufuncs._promote_dtypes_inexact(name, *args)
    return out[0] if len(out) == 1 else out


def _mT(x):
    n = x.ndim
    return lax.transpose(x, tuple(range(n - 2)) + (n - 1, n - 2))


def _H(x):
    x = _mT(x)
    return ufuncs.conj(x) if lax_numpy.iscomplexobj(x) else x


def _symmetrize(x):
    return (x + _H(x)) / 2


def _square_check(x, what):
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"Argument to {what} must have shape [..., n, n], "
                         f"got {x.shape}.")


# --- factorizations ----------------------------------------------------------


@jit_library(static_argnames=("upper", "symmetrize_input"))
def cholesky(a, *, upper=False, symmetrize_input=True):
    """The Cholesky factor of each (..., n, n) matrix of `a` (lower, or
    upper with `upper=True`)."""
    a = _inexact("jnp.linalg.cholesky", a)
    L = lax_linalg.cholesky(a, symmetrize_input=symmetrize_input)
    return _H(L) if upper else L


@jit_library(static_argnames=("full_matrices", "compute_uv", "hermitian",
                               "subset_by_index"))
def svd(a, full_matrices=True, compute_uv=True, hermitian=False,
        subset_by_index=None):
    """Singular values (descending) and, with compute_uv, the SVDResult
    (U, S, Vh) of each (..., m, n) matrix. hermitian=True derives them
    from an eigendecomposition."""
    a = _inexact("jnp.linalg.svd", a)
    if hermitian:
        v, w = lax_linalg.eigh(a, subset_by_index=subset_by_index)
        s = ufuncs.abs(w)
        # Descending |eigenvalue|: a stable ascending sort, reversed.
        order = manipulation.flip(sorting.argsort(s, axis=-1, stable=True), axis=-1)
        s = sorting.take_along_axis(s, order, axis=-1)
        if not compute_uv:
            return s
        sign = sorting.take_along_axis(ufuncs.sign(w), order, axis=-1)
        u = sorting.take_along_axis(v, order[..., None, :], axis=-1)
        vh = _H(u * sign[..., None, :].astype(u.dtype))
        return SVDResult(u, s, vh)
    out = lax_linalg.svd(a, full_matrices=full_matrices,
                         compute_uv=compute_uv,
                         subset_by_index=subset_by_index)
    return SVDResult(*out) if compute_uv else out


def svdvals(x, /):
    """The singular values of each (..., m, n) matrix, descending."""
    _check_arraylike("jnp.linalg.svdvals", x)
    return svd(x, compute_uv=False, hermitian=False)


@jit_library(static_argnames=("mode",))
def qr(a, mode="reduced"):
    """QR decomposition: QRResult(Q, R), or R alone for mode='r'. Modes
    'reduced' (and 'full', its old name) and 'complete' as numpy; 'raw'
    (LAPACK's Householder form) is not supported."""
    a = _inexact("jnp.linalg.qr", a)
    if mode == "raw":
        raise NotImplementedError("jnp.linalg.qr: mode='raw' (Householder "
                                  "reflectors and taus) is not supported by "
                                  "jxp")
    if mode in ("reduced", "r", "full"):
        full_matrices = False
    elif mode == "complete":
        full_matrices = True
    else:
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    q, r = lax_linalg.qr(a, full_matrices=full_matrices)
    if mode == "r":
        return r
    return QRResult(q, r)


def eig(a):
    """Eigenvalues and right eigenvectors (complex) of each real
    (..., n, n) matrix."""
    a = _inexact("jnp.linalg.eig", a)
    w, v = lax_linalg.eig(a, compute_left_eigenvectors=False)
    return EigResult(w, v)


def eigvals(a):
    """Eigenvalues (complex) of each real (..., n, n) matrix."""
    a = _inexact("jnp.linalg.eigvals", a)
    return lax_linalg.eig(a, compute_left_eigenvectors=False,
                          compute_right_eigenvectors=False)[0]


def _uplo_lower(UPLO):
    if UPLO is None or UPLO == "L":
        return True
    if UPLO == "U":
        return False
    raise ValueError(f"UPLO must be one of None, 'L', or 'U', got {UPLO}")


@jit_library(static_argnames=("UPLO", "symmetrize_input"))
def eigh(a, UPLO=None, symmetrize_input=True):
    """EighResult(eigenvalues ascending, eigenvectors) of each symmetric
    (..., n, n) matrix."""
    _check_arraylike("jnp.linalg.eigh", a)
    lower = _uplo_lower(UPLO)
    a = _inexact("jnp.linalg.eigh", a)
    v, w = lax_linalg.eigh(a, lower=lower, symmetrize_input=symmetrize_input)
    return EighResult(w, v)


@jit_library(static_argnames=("UPLO", "symmetrize_input"))
def eigvalsh(a, UPLO="L", *, symmetrize_input=True):
    """The ascending eigenvalues of each symmetric (..., n, n) matrix."""
    a = _inexact("jnp.linalg.eigvalsh", a)
    return eigh(a, UPLO, symmetrize_input=symmetrize_input).eigenvalues


# --- solving -----------------------------------------------------------------


def _lu_solve(lu, perm, b, trans=0):
    """Solves a @ x = b (trans=0) or a^T @ x = b (trans=1) from a's LU
    factors, all batched alike: lu [..., m, m], perm [..., m],
    b [..., m, k]."""
    if trans == 0:
        x = sorting.take_along_axis(b, perm[..., :, None], axis=-2)
        x = lax_linalg.triangular_solve(lu, x, left_side=True, lower=True,
                                        unit_diagonal=True)
        return lax_linalg.triangular_solve(lu, x, left_side=True,
                                           lower=False)
    if trans in (1, 2):
        x = lax_linalg.triangular_solve(lu, b, left_side=True, lower=False,
                                        transpose_a=True)
        x = lax_linalg.triangular_solve(lu, x, left_side=True, lower=True,
                                        unit_diagonal=True, transpose_a=True)
        inverse = sorting.argsort(perm, axis=-1)
        return sorting.take_along_axis(x, inverse[..., :, None], axis=-2)
    raise ValueError(f"'trans' value must be 0, 1, or 2, got {trans}")


@_cd.custom_jvp
def _solve_core(a, b):
    lu, _, perm = lax_linalg.lu(a)
    return _lu_solve(lu, perm, b)


@_solve_core.defjvp
def _solve_core_jvp(primals, tangents):
    # d(a^-1 b) = a^-1 (db - da x), with a's factorization reused; the
    # tangent map is linear in (da, db), and transposes through the
    # triangular solves.
    a, b = primals
    da, db = tangents
    lu, _, perm = lax_linalg.lu(_ad.stop_gradient(a))
    x = _lu_solve(lu, perm, b)
    rhs = db - tensor_contractions.matmul(da, x)
    return x, _lu_solve(lu, perm, rhs)


def _solve_batched(a, b, vector):
    """a [..., m, m] with b [..., m] (vector) or [..., m, k], leading
    dimensions broadcast against each other."""
    if vector:
        batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-1])
        a = util.broadcast_to(a, batch + a.shape[-2:])
        b = util.broadcast_to(b, batch + b.shape[-1:])
        return _solve_core(a, b[..., None])[..., 0]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = util.broadcast_to(a, batch + a.shape[-2:])
    b = util.broadcast_to(b, batch + b.shape[-2:])
    return _solve_core(a, b)


@jit_library
def solve(a, b):
    """x with a @ x = b for square a ([..., m, m]) and b [..., m] or
    [..., m, n], leading dimensions broadcast."""
    _check_arraylike("jnp.linalg.solve", a, b)
    a, b = _inexact("jnp.linalg.solve", a, b)
    if a.ndim < 2:
        raise ValueError(f"left hand array must be at least two dimensional;"
                         f" got a.shape={a.shape}")
    if (b.ndim > 1 and a.ndim == b.ndim + 1 and a.shape[-1] == b.shape[-1]
            and a.shape[-1] != b.shape[-2]):
        raise ValueError(
            f"Invalid shapes for solve: {a.shape}, {b.shape}. Prior to JAX "
            f"v0.5.0, this would have been treated as a batched "
            f"1-dimensional solve. To recover this behavior, use "
            f"solve(a, b[..., None]).squeeze(-1).")
    vector = b.ndim == 1
    m = a.shape[-1]
    rows = b.shape[-1] if vector else (b.shape[-2] if b.ndim >= 2 else None)
    if a.shape[-2] != m or rows != m:
        raise ValueError(f"inconsistent size for core dimension 'm': solve "
                         f"needs a=[..., m, m] and b=[..., m] or "
                         f"[..., m, n]; got a={a.shape} and b={b.shape}")
    try:
        return _solve_batched(a, b, vector)
    except ValueError:
        raise ValueError(f"solve: leading dimensions of a={a.shape} and "
                         f"b={b.shape} do not broadcast") from None


@jit_library
def inv(a):
    """The inverse of each (..., n, n) matrix."""
    _check_arraylike("jnp.linalg.inv", a)
    a = asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Argument to inv must have shape [..., n, n], got "
                         f"{a.shape}.")
    eye = util.broadcast_to(creation.eye(a.shape[-1], dtype=a.dtype), a.shape)
    return solve(a, eye)


def _lstsq(a, b, rcond, numpy_resid):
    a, b = _inexact("jnp.linalg.lstsq", a, b)
    if a.shape[0] != b.shape[0]:
        raise ValueError("Leading dimensions of input arrays must match")
    b_vector = b.ndim == 1
    if b_vector:
        b = b[:, None]
    if a.ndim != 2:
        raise TypeError(f"{a.ndim}-dimensional array given. Array must be "
                        f"two-dimensional")
    if b.ndim != 2:
        raise TypeError(f"{b.ndim}-dimensional array given. Array must be "
                        f"one or two-dimensional")
    m, n = a.shape
    dtype = a.dtype
    if a.size == 0:
        s = creation.empty(0, dtype=dtype)
        rank = creation.array(0, dtype=int)
        x = creation.zeros((n,) + b.shape[1:], dtype=dtype)
    else:
        eps = float(_dt.finfo(dtype).eps)
        if rcond is None:
            rcond = eps * max(n, m)
        else:
            rcond = sorting.where(rcond < 0, eps, rcond)
        u, s, vt = svd(a, full_matrices=False)
        mask = (s > 0) & (s >= creation.asarray(rcond, dtype=s.dtype) * s[0])
        rank = mask.sum()
        safe_s = sorting.where(mask, s, 1).astype(dtype)
        s_inv = sorting.where(mask, 1 / safe_s, 0)[:, None]
        x = tensor_contractions.matmul(_H(vt), s_inv * tensor_contractions.matmul(_H(u), b))
    if numpy_resid and (rank < n or m <= n):
        resid = creation.asarray([])
    else:
        resid = norm(b - tensor_contractions.matmul(a, x), axis=0) ** 2
    if b_vector:
        x = x.ravel()
    return x, resid, rank, s


def lstsq(a, b, rcond=None, *, numpy_resid=False):
    """Least-squares solution of a @ x = b by SVD: (x, residuals, rank,
    singular values)."""
    _check_arraylike("jnp.linalg.lstsq", a, b)
    return _lstsq(a, b, rcond, numpy_resid)


def tensorinv(a, ind=2):
    """The inverse of `a` viewed as a matrix over its first `ind`
    dimensions by the rest."""
    _check_arraylike("tensorinv", a)
    a = asarray(a)
    ind = operator.index(ind)
    if ind <= 0:
        raise ValueError(f"ind must be a positive integer; got ind={ind}")
    contracting, batch = a.shape[:ind], a.shape[ind:]
    rows, cols = math.prod(contracting), math.prod(batch)
    if rows != cols:
        raise ValueError(f"tensorinv is only possible when the product of "
                         f"the first `ind` dimensions equals that of the "
                         f"remaining dimensions. got a.shape={a.shape} with "
                         f"ind={ind}.")
    return inv(a.reshape(rows, cols)).reshape(*batch, *contracting)


def tensorsolve(a, b, axes=None):
    """x with tensordot(a, x, x.ndim) = b."""
    _check_arraylike("tensorsolve", a, b)
    a, b = asarray(a), asarray(b)
    if axes is not None:
        a = manipulation.moveaxis(a, axes, len(axes) * (a.ndim - 1,))
    out_shape = a.shape[b.ndim:]
    if a.shape[:b.ndim] != b.shape:
        raise ValueError(f"After moving axes to end, leading shape of a must "
                         f"match shape of b. got a.shape={a.shape}, "
                         f"b.shape={b.shape}")
    if b.size != math.prod(out_shape):
        raise ValueError(f"Input arrays must have prod(a.shape[:b.ndim]) == "
                         f"prod(a.shape[b.ndim:]); got a.shape={a.shape}, "
                         f"b.ndim={b.ndim}.")
    a = a.reshape(b.size, math.prod(out_shape))
    return solve(a, b.ravel()).reshape(out_shape)


# --- determinants ------------------------------------------------------------


def _pivot_parity(pivots):
    iota = creation.arange(pivots.shape[-1], dtype=pivots.dtype)
    return reductions.count_nonzero(pivots != iota, axis=-1)


def _slogdet_from_det(det):
    return ufuncs.sign(det), ufuncs.real(ufuncs.log(ufuncs.abs(det)))


@_cd.custom_jvp
def _slogdet_small(a):
    if a.shape[-1] == 1:
        return _slogdet_from_det(a[..., 0, 0])
    return _slogdet_from_det(_det_2x2(a))


@_slogdet_small.defjvp
def _slogdet_small_jvp(primals, tangents):
    x, = primals
    g, = tangents
    sign, ans = _slogdet_small(x)
    if x.shape[-1] == 1:
        ans_dot = g[..., 0, 0] / x[..., 0, 0]
    else:
        # The derivative of log|det| is tr(x^-1 g): for 2x2 the cofactors.
        ans_dot = (g[..., 0, 0] * x[..., 1, 1] - g[..., 0, 1] * x[..., 1, 0]
                   - g[..., 1, 0] * x[..., 0, 1]
                   + g[..., 1, 1] * x[..., 0, 0]) / _det_2x2(x)
    return (sign, ans), _slogdet_tangents(x, sign, ans_dot)


def _slogdet_tangents(x, sign, ans_dot):
    """JAX's: for complex matrices tr(x^-1 g)'s real part is log|det|'s
    tangent and its imaginary part turns the sign."""
    if lax_numpy.iscomplexobj(x):
        sign_dot = (ans_dot - ufuncs.real(ans_dot).astype(ans_dot.dtype)) * sign
        return sign_dot, ufuncs.real(ans_dot)
    return creation.zeros_like(sign), ans_dot


def _slogdet_lu_impl(a):
    dtype = a.dtype
    lu, pivots, _ = lax_linalg.lu(a)
    diag = tensor_contractions.diagonal(lu, axis1=-2, axis2=-1)
    singular = reductions.any(diag == creation.array(0, dtype=dtype), axis=-1)
    # Each row swap flips the sign; so does each negative pivot of a real
    # matrix, and a complex one's pivots turn it by their phases.
    parity = _pivot_parity(pivots)
    if lax_numpy.iscomplexobj(a):
        sign = reductions.prod(diag / ufuncs.abs(diag).astype(dtype), axis=-1)
    else:
        sign = creation.array(1, dtype=dtype)
        parity = parity + reductions.count_nonzero(diag < 0, axis=-1)
    sign = sorting.where(singular, creation.array(0, dtype=dtype),
                     sign * creation.array(-2 * (parity % 2) + 1, dtype=dtype))
    logdet = sorting.where(singular, creation.array(-np.inf, dtype=dtype),
                       reductions.sum(ufuncs.log(ufuncs.abs(diag)).astype(dtype),
                               axis=-1))
    return sign, ufuncs.real(logdet)


def _slogdet_qr_impl(a):
    q, r = lax_linalg.qr(a, full_matrices=False)
    diag = tensor_contractions.diagonal(r, axis1=-2, axis2=-1)
    logdet = reductions.sum(ufuncs.log(ufuncs.abs(diag)), axis=-1)
    # det(q) is +-1; its sign comes from q's own LU factors.
    q_sign, _ = _slogdet_lu_impl(q)
    return reductions.prod(ufuncs.sign(diag), axis=-1) * q_sign, logdet


def _slogdet_rule(primals, tangents, impl):
    x, = primals
    g, = tangents
    sign, ans = impl(x)
    # tr(x^-1 g) by x's LU factors directly: solve's own custom rule would
    # not transpose when applied to the tangent g.
    lu, _, perm = lax_linalg.lu(x)
    ans_dot = tensor_contractions.trace(_lu_solve(lu, perm, g), axis1=-1, axis2=-2)
    return (sign, ans), _slogdet_tangents(x, sign, ans_dot)


_slogdet_lu = _cd.custom_jvp(_slogdet_lu_impl)
_slogdet_lu.defjvp(lambda p, t: _slogdet_rule(p, t, _slogdet_lu_impl))
_slogdet_qr = _cd.custom_jvp(_slogdet_qr_impl)
_slogdet_qr.defjvp(lambda p, t: _slogdet_rule(p, t, _slogdet_qr_impl))


@jit_library(static_argnames=("method",))
def slogdet(a, *, method=None):
    """SlogdetResult(sign, logabsdet) of each (..., n, n) matrix, by LU
    (method None or 'lu') or QR ('qr')."""
    a = _inexact("jnp.linalg.slogdet", a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Argument to slogdet() must have shape [..., n, n],"
                         f" got {a.shape}")
    if method is None or method == "lu":
        if a.shape[-1] in (1, 2):
            return SlogdetResult(*_slogdet_small(a))
        return SlogdetResult(*_slogdet_lu(a))
    if method == "qr":
        return SlogdetResult(*_slogdet_qr(a))
    raise ValueError(f"Unknown slogdet method '{method}'. Supported methods "
                     f"are 'lu' (`None`), and 'qr'.")


def _det_2x2(a):
    return a[..., 0, 0] * a[..., 1, 1] - a[..., 0, 1] * a[..., 1, 0]


def _det_3x3(a):
    def e(i, j):
        return a[..., i, j]
    return (e(0, 0) * e(1, 1) * e(2, 2) + e(0, 1) * e(1, 2) * e(2, 0)
            + e(0, 2) * e(1, 0) * e(2, 1) - e(0, 2) * e(1, 1) * e(2, 0)
            - e(0, 0) * e(1, 2) * e(2, 1) - e(0, 1) * e(1, 0) * e(2, 2))


def _cofactor_solve(a, b):
    """(det(a), det(a) * a^-1 @ b) for square a and b of one shape, finite
    also where a is singular (of rank n-1): the derivative of det is
    tr(adj(a) @ da), and adj(a) = det(a) a^-1 has no pole. The last pivot
    of the LU factors is folded into the determinant instead of divided
    by."""
    if a.shape[-1] == 0:  # jxp traces this rule with the primal, too
        return creation.ones(a.shape[:-2], a.dtype), b
    if a.shape[-1] == 1:
        return a[..., 0, 0], b
    m = a.shape[-1]
    lu, pivots, perm = lax_linalg.lu(a)
    dtype = a.dtype
    diag = tensor_contractions.diagonal(lu, axis1=-2, axis2=-1)
    sign = creation.asarray(-2 * (_pivot_parity(pivots) % 2) + 1, dtype=dtype)
    # partial[..., -1] is det(a); partial[..., -2] leaves out u_nn.
    partial = reductions.cumprod(diag, axis=-1) * sign[..., None]
    lu = lu.at[..., -1, -1].set(1.0 / partial[..., -2])
    # Matrices of rank < n-1 (a nonfinite u^-1 1): adj(a) is 0.
    ones = creation.ones(b.shape[:-1] + (1,), dtype)
    probe = lax_linalg.triangular_solve(lu, ones, left_side=True, lower=False)
    bad = reductions.any(~ufuncs.isfinite(probe[..., 0]), axis=-1)[..., None, None]
    x = sorting.where(bad, creation.zeros_like(b), b)
    x = sorting.take_along_axis(x, perm[..., :, None], axis=-2)
    x = lax_linalg.triangular_solve(lu, x, left_side=True, lower=True,
                                    unit_diagonal=True)
    x = manipulation.concatenate((x[..., :m - 1, :] * partial[..., -1, None, None],
                         x[..., m - 1:, :]), axis=-2)
    x = lax_linalg.triangular_solve(lu, x, left_side=True, lower=False)
    x = sorting.where(bad, creation.zeros_like(x), x)
    return partial[..., -1], x


@_cd.custom_jvp
def _det(a):
    sign, logdet = slogdet(a)
    return sign * ufuncs.exp(logdet).astype(sign.dtype)


@_det.defjvp
def _det_jvp(primals, tangents):
    x, = primals
    g, = tangents
    y, z = _cofactor_solve(x, g)
    return y, tensor_contractions.trace(z, axis1=-1, axis2=-2)


@jit_library
def det(a):
    """The determinant of each (..., n, n) matrix."""
    a = _inexact("jnp.linalg.det", a)
    if a.ndim >= 2 and a.shape[-2:] == (2, 2):
        return _det_2x2(a)
    if a.ndim >= 2 and a.shape[-2:] == (3, 3):
        return _det_3x3(a)
    if a.ndim >= 2 and a.shape[-1] == a.shape[-2]:
        return _det(a)
    raise ValueError(f"Argument to _det() must have shape [..., n, n], got "
                     f"{a.shape}")


# --- pseudo-inverse, rank, powers --------------------------------------------


def _pinv_impl(a, rtol, hermitian):
    a = _inexact("jnp.linalg.pinv", a)
    m, n = a.shape[-2:]
    if m == 0 or n == 0:
        return creation.empty(a.shape[:-2] + (n, m), a.dtype)
    a = ufuncs.conj(a) if lax_numpy.iscomplexobj(a) else a
    if rtol is None:
        rtol = 10. * max(m, n) * creation.array(_dt.finfo(a.dtype).eps)
    rtol = creation.asarray(rtol)
    u, s, vh = svd(a, full_matrices=False, hermitian=hermitian)
    # Singular values at most rtol * the largest count as zero.
    rtol = lax.expand_dims(rtol[..., None],
                           tuple(range(s.ndim - rtol.ndim - 1)))
    cutoff = rtol * s[..., 0:1]
    s = sorting.where(s > cutoff, s, np.inf).astype(u.dtype)
    res = tensor_contractions.matmul(_mT(vh), ufuncs.divide(_mT(u), s[..., None]))
    return lax.convert_element_type(res, a.dtype)


_pinv = _cd.custom_jvp(_pinv_impl, nondiff_argnums=(1, 2))


@_pinv.defjvp
def _pinv_jvp(rtol, hermitian, primals, tangents):
    # Golub and Pereyra (1973): the derivative of the pseudo-inverse.
    a, = primals
    a_dot, = tangents
    p = _pinv_impl(a, rtol, hermitian)
    if hermitian:
        a, a_dot = _symmetrize(a), _symmetrize(a_dot)
    m, n = a.shape[-2:]
    if m >= n:
        s = (p @ _H(p)) @ _H(a_dot)
        t = (_H(a_dot) @ _H(p)) @ p
        p_dot = -(p @ a_dot) @ p + s - (s @ a) @ p + t - (p @ a) @ t
    else:
        s = p @ (_H(p) @ _H(a_dot))
        t = _H(a_dot) @ (_H(p) @ p)
        p_dot = -p @ (a_dot @ p) + s - s @ (a @ p) + t - p @ (a @ t)
    return p, p_dot


def pinv(a, rtol=None, hermitian=False, *, rcond=None):
    """The Moore-Penrose pseudo-inverse of each (..., m, n) matrix."""
    _check_arraylike("jnp.linalg.pinv", a)
    if rcond is not None:
        if rtol is not None:
            raise ValueError("pinv: only one of rtol and rcond may be "
                             "specified.")
        rtol = rcond
    return _pinv(asarray(a), rtol, bool(hermitian))


def matrix_rank(M, rtol=None, *, hermitian=False, tol=None):
    """The number of singular values above rtol * the largest (by default
    max(m, n) * eps)."""
    _check_arraylike("jnp.linalg.matrix_rank", M)
    if tol is not None:
        if rtol is not None:
            raise ValueError("matrix_rank: only one of tol or rtol may be "
                             "specified.")
        rtol = tol
    M = _inexact("jnp.linalg.matrix_rank", M)
    if M.ndim < 2:
        return reductions.any(M != 0).astype(np.int32)
    S = svd(M, full_matrices=False, compute_uv=False, hermitian=hermitian)
    if rtol is None:
        rtol = (S.max(-1) * np.array(max(M.shape[-2:]), S.dtype)
                * _dt.finfo(S.dtype).eps)
    rtol = creation.asarray(rtol)
    rtol = manipulation.expand_dims(rtol, rtol.ndim)
    return reductions.sum(S > rtol, axis=-1)


@jit_library(static_argnames=("n",))
def matrix_power(a, n):
    """a raised to the integer power n (by squaring; inverse for n < 0)."""
    _check_arraylike("jnp.linalg.matrix_power", a)
    a = asarray(a)
    if a.ndim < 2:
        raise TypeError(f"{a.ndim}-dimensional array given. Array must be at"
                        f" least two-dimensional")
    if a.shape[-2] != a.shape[-1]:
        raise TypeError("Last 2 dimensions of the array must be square")
    try:
        n = operator.index(n)
    except TypeError as err:
        raise TypeError(f"exponent must be an integer, got {n}") from err
    if n == 0:
        return util.broadcast_to(creation.eye(a.shape[-2], dtype=a.dtype), a.shape)
    if n < 0:
        a, n = inv(a), -n
    if n == 1:
        return a
    if n == 2:
        return a @ a
    if n == 3:
        return (a @ a) @ a
    z = result = None
    while n > 0:
        z = a if z is None else z @ z
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else result @ z
    return result


def cond(x, p=None):
    """The condition number of each (..., m, n) matrix in norm p."""
    _check_arraylike("cond", x)
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError(f"jnp.linalg.cond: input array must be at least 2D;"
                         f" got arr.shape={x.shape}")
    if x.shape[-1] == 0 or x.shape[-2] == 0:
        raise ValueError(f"jnp.linalg.cond: input array must not be empty; "
                         f"got arr.shape={x.shape}")
    if p is None or p == 2:
        s = svdvals(x)
        return s[..., 0] / s[..., -1]
    if p == -2:
        s = svdvals(x)
        r = s[..., -1] / s[..., 0]
    else:
        if x.shape[-2] != x.shape[-1]:
            raise ValueError(f"jnp.linalg.cond: for p={p}, array must be "
                             f"square; got arr.shape={x.shape}")
        r = (norm(x, ord=p, axis=(-2, -1))
             * norm(inv(x), ord=p, axis=(-2, -1)))
    # NaNs that the input does not have come from singular matrices.
    return sorting.where(ufuncs.isnan(r) & ~ufuncs.isnan(x).any(axis=(-2, -1)),
                     np.inf, r)


# --- norms -------------------------------------------------------------------


def _sum_squares(x, axis, keepdims):
    sq = ufuncs.real(x * ufuncs.conj(x)) if lax_numpy.iscomplexobj(x) else x * x
    return ufuncs.sqrt(reductions.sum(sq, axis=axis, keepdims=keepdims))


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """The ord-norm of the vectors along `axis` (all of x by default)."""
    _check_arraylike("jnp.linalg.vector_norm", x)
    x = asarray(x)
    if ord is None or (not isinstance(ord, str) and ord == 2):
        return _sum_squares(x, axis, keepdims)
    if isinstance(ord, str):
        msg = f"Invalid order '{ord}' for vector norm."
        if ord == "inf":
            msg += "Use 'jax.numpy.inf' instead."
        if ord == "-inf":
            msg += "Use '-jax.numpy.inf' instead."
        raise ValueError(msg)
    if ord == np.inf:
        return reductions.max(ufuncs.abs(x), axis=axis, keepdims=keepdims,
                       initial=0)
    if ord == -np.inf:
        return reductions.min(ufuncs.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        return reductions.sum(x != 0, dtype=_dt.finfo(x.dtype).dtype, axis=axis,
                       keepdims=keepdims)
    if ord == 1:
        return reductions.sum(ufuncs.abs(x), axis=axis, keepdims=keepdims)
    a = ufuncs.abs(x)
    # An inexact exponent even for an integer ord (lax.pow with a constant
    # of a's dtype, as JAX), not repeated multiplication.
    p = np.asarray(ord, a.dtype)
    return ufuncs.power(reductions.sum(ufuncs.power(a, p), axis=axis,
                                 keepdims=keepdims),
                         np.asarray(1.0 / p, a.dtype))


def norm(x, ord=None, axis=None, keepdims=False):
    """Vector and matrix norms as numpy.linalg.norm."""
    _check_arraylike("jnp.linalg.norm", x)
    x = _inexact("jnp.linalg.norm", x)
    if axis is None:
        if ord is None:
            return _sum_squares(x, None, keepdims)
        axis = tuple(range(x.ndim))
    elif isinstance(axis, tuple):
        axis = tuple(canonicalize_axis(a, x.ndim) for a in axis)
    else:
        axis = (canonicalize_axis(axis, x.ndim),)
    if len(axis) == 1:
        return vector_norm(x, ord=2 if ord is None else ord, axis=axis,
                           keepdims=keepdims)
    if len(axis) != 2:
        raise ValueError(f"Improper number of axes for norm: axis={axis}. "
                         f"Pass one axis to compute a vector-norm, or two "
                         f"axes to compute a matrix-norm.")
    row, col = axis
    if ord is None or (isinstance(ord, str) and ord in ("f", "fro")):
        return _sum_squares(x, axis, keepdims)
    if isinstance(ord, str) and ord != "nuc":
        raise ValueError(f"Invalid order '{ord}' for matrix norm.")
    if ord in (1, -1):
        if not keepdims and col > row:
            col -= 1
        sums = reductions.sum(ufuncs.abs(x), axis=row, keepdims=keepdims)
        if ord == 1:
            return reductions.max(sums, axis=col, keepdims=keepdims, initial=0)
        return reductions.min(sums, axis=col, keepdims=keepdims)
    if ord in (np.inf, -np.inf):
        if not keepdims and row > col:
            row -= 1
        sums = reductions.sum(ufuncs.abs(x), axis=col, keepdims=keepdims)
        if ord == np.inf:
            return reductions.max(sums, axis=row, keepdims=keepdims, initial=0)
        return reductions.min(sums, axis=row, keepdims=keepdims)
    if ord in ("nuc", 2, -2):
        s = svd(manipulation.moveaxis(x, axis, (-2, -1)), compute_uv=False)
        if ord == 2:
            y = reductions.max(s, axis=-1, initial=0)
        elif ord == -2:
            y = reductions.min(s, axis=-1)
        else:
            y = reductions.sum(s, axis=-1)
        return manipulation.expand_dims(y, axis) if keepdims else y
    raise ValueError(f"Invalid order '{ord}' for matrix norm.")


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """The ord-norm of each matrix over the last two axes."""
    _check_arraylike("jnp.linalg.matrix_norm", x)
    return norm(x, ord=ord, keepdims=keepdims, axis=(-2, -1))


# --- products and array API names --------------------------------------------


def cross(x1, x2, /, *, axis=-1):
    """The cross product of 3-vectors along `axis`."""
    _check_arraylike("jnp.linalg.outer", x1, x2)
    x1, x2 = asarray(x1), asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"Both input arrays must be (arrays of) "
                         f"3-dimensional vectors, but they have "
                         f"x1.shape[axis]={x1.shape[axis]} and "
                         f"x2.shape[axis]={x2.shape[axis]}")
    return lax_numpy.cross(x1, x2, axis=axis)


def outer(x1, x2, /):
    """The outer product of two vectors."""
    _check_arraylike("jnp.linalg.outer", x1, x2)
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they "
                         f"are x1.ndim={x1.ndim} x2.ndim={x2.ndim}")
    return x1[:, None] * x2[None, :]


def matrix_transpose(x, /):
    """x with its last two axes swapped."""
    _check_arraylike("jnp.linalg.matrix_transpose", x)
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose requires at least 2 dimensions; "
                         f"got ndim={x.ndim}")
    return _mT(x)


def vecdot(x1, x2, /, *, axis=-1, precision=None,
           preferred_element_type=None):
    _check_arraylike("jnp.linalg.vecdot", x1, x2)
    return tensor_contractions.vecdot(x1, x2, axis=axis, precision=precision,
                          preferred_element_type=preferred_element_type)


def matmul(x1, x2, /, *, precision=None, preferred_element_type=None):
    _check_arraylike("jnp.linalg.matmul", x1, x2)
    return tensor_contractions.matmul(x1, x2, precision=precision,
                          preferred_element_type=preferred_element_type)


def tensordot(x1, x2, /, *, axes=2, precision=None,
              preferred_element_type=None, out_sharding=None):
    _check_arraylike("jnp.linalg.tensordot", x1, x2)
    return tensor_contractions.tensordot(x1, x2, axes=axes, precision=precision,
                             preferred_element_type=preferred_element_type)


def diagonal(x, /, *, offset=0):
    _check_arraylike("jnp.linalg.diagonal", x)
    return tensor_contractions.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def trace(x, /, *, offset=0, dtype=None):
    _check_arraylike("jnp.linalg.trace", x)
    return tensor_contractions.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def multi_dot(arrays, *, precision=None):
    """The product of a chain of matrices (the first and last may be
    vectors)."""
    _check_arraylike("jnp.linalg.multi_dot", *arrays)
    arrs = [asarray(a) for a in arrays]
    if len(arrs) < 2:
        raise ValueError(f"multi_dot requires at least two arrays; got "
                         f"len(arrays)={len(arrs)}")
    shapes = [a.shape for a in arrs]
    if not (arrs[0].ndim in (1, 2) and arrs[-1].ndim in (1, 2)
            and all(a.ndim == 2 for a in arrs[1:-1])):
        raise ValueError(f"multi_dot: input arrays must all be "
                         f"two-dimensional, except for the first and last "
                         f"array which may be 1 or 2 dimensional. Got array "
                         f"shapes {shapes}")
    if any(a.shape[-1] != b.shape[0] for a, b in zip(arrs[:-1], arrs[1:])):
        raise ValueError(f"multi_dot: last dimension of each array must "
                         f"match first dimension of following array. Got "
                         f"array shapes {shapes}")
    subs = [(i, i + 1) for i in range(len(arrs))]
    if arrs[0].ndim == 1:
        subs[0] = subs[0][1:]
    if arrs[-1].ndim == 1:
        subs[-1] = subs[-1][:1]
    return tensor_contractions.einsum(*itertools.chain(*zip(arrs, subs)), precision=precision)


del _cls
