"""Polynomials as jnp gives them: vander, polyval, polyadd, polysub,
polymul, polyder, polyint, trim_zeros, poly, polydiv, polyfit and roots."""

import builtins
import math
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.core import Tracer
from jxp._src.errors import ConcretizationTypeError
from jxp._src.lax import lax as _lax
from jxp._src.numpy import (
    creation, lax_numpy, linalg as jnp_linalg, manipulation, reductions,
    sorting, tensor_contractions, ufuncs)
from jxp._src.numpy.lax_numpy import convolve
from jxp._src.numpy.util import (
    _arr, _check_arraylike, _inexact, asarray, astype, ndim, shape)


__all__ = [
    'poly', 'polydiv', 'polyfit', 'roots', 'vander', 'polyval', 'polyadd',
    'polysub', 'polyder', 'polyint', 'polymul', 'trim_zeros']


# --- histograms --------------------------------------------------------------


# --- bits --------------------------------------------------------------------


# --- polynomials -------------------------------------------------------------

def poly(seq_of_zeros):
    """Coefficients of the monic polynomial with the given roots (or with
    the eigenvalues of a square matrix as roots)."""
    _check_arraylike("poly", seq_of_zeros)
    z, = _inexact(seq_of_zeros)
    z = manipulation.atleast_1d(z)
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        z = jnp_linalg.eigvals(z)
    if z.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    dt = z.dtype
    if z.shape[0] == 0:
        return creation.ones((), dtype=dt)
    out = creation.ones((1,), dtype=dt)
    for k in builtins.range(z.shape[0]):
        factor = manipulation.stack([creation.ones((), dt), -z[k]])
        out = lax_numpy.convolve(out, factor, mode="full")
    return out


def polydiv(u, v, *, trim_leading_zeros=False):
    """Quotient and remainder of the polynomial division u / v."""
    _check_arraylike("polydiv", u, v)
    u, v = _inexact(u, v)
    m, n = u.shape[0] - 1, v.shape[0] - 1
    scale = 1.0 / v[0]
    q = creation.zeros(builtins.max(m - n + 1, 1), dtype=u.dtype)
    for k in builtins.range(m - n + 1):
        d = scale * u[k]
        q = q.at[k].set(d)
        u = u.at[k:k + n + 1].add(-d * v)
    if trim_leading_zeros:
        # NumPy's tolerance for a zero leading coefficient, approximated by
        # sqrt(eps) as JAX does.
        tol = math.sqrt(float(_dt.finfo(u.dtype).eps))
        nz = np.flatnonzero(np.abs(_concrete(u, "polydiv")) > tol)
        u = u[int(nz[0]) if nz.size else u.shape[0]:]
    return q, u


def _concrete(x, name):
    if isinstance(x, Tracer):
        raise ConcretizationTypeError(x, f"The error occurred in {name}.\n")
    return np.asarray(x)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares fit of a degree-`deg` polynomial to (x, y): its
    coefficients, highest power first (and the lstsq diagnostics or the
    coefficients' covariance on request)."""
    if w is None:
        _check_arraylike("polyfit", x, y)
    else:
        _check_arraylike("polyfit", x, y, w)
    x, y = asarray(x), asarray(y)
    if isinstance(deg, Tracer):
        raise ConcretizationTypeError(deg, "deg must be int\n")
    deg = operator.index(deg)
    order = deg + 1
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = x.shape[0] * float(_dt.finfo(_inexact(x)[0].dtype).eps)
    rcond = float(rcond)
    lhs, rhs = vander(x, order), y
    if w is not None:
        w, = _inexact(w)
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    # Columns scaled to unit norm for a better-conditioned solve.
    scale = ufuncs.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale[None, :]
    c, resids, rank, s = jnp_linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale[None, :]).T if c.ndim > 1 else c / scale
    if full:
        return c, resids, rank, s, creation.asarray(rcond)
    if cov:
        base = jnp_linalg.inv(tensor_contractions.dot(lhs.T, lhs)) / tensor_contractions.outer(scale, scale)
        if cov == "unscaled":
            fac = creation.array(1.0)
        else:
            if x.shape[0] <= order:
                raise ValueError("the number of data points must exceed "
                                 "order to scale the covariance matrix")
            fac = resids / (x.shape[0] - order)
        if y.ndim == 1:
            return c, base * manipulation.atleast_1d(fac)[None]
        return c, base[:, :, None] * manipulation.atleast_1d(fac)[None, None, :]
    return c


def _companion_roots(p):
    """Eigenvalues of the companion matrix of p (p[0] != 0)."""
    if p.shape[0] < 2:
        return creation.array([], dtype=_dt.to_complex_dtype(p.dtype))
    m = p.shape[0] - 1
    a = creation.eye(m, k=-1, dtype=p.dtype)
    a = a.at[0, :].set(-p[1:] / p[0])
    return jnp_linalg.eigvals(a)


def roots(p, *, strip_zeros=True):
    """Roots of the polynomial with coefficients p (highest power first),
    as complex numbers: eigenvalues of its companion matrix."""
    _check_arraylike("roots", p)
    p, = _inexact(p)
    p = manipulation.atleast_1d(p)
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    if p.shape[0] < 2:
        return creation.array([], dtype=_dt.to_complex_dtype(p.dtype))
    is_zero = p == 0
    lead = sorting.where(reductions.all(is_zero), p.shape[0], reductions.argmin(is_zero))
    if strip_zeros:
        if isinstance(lead, Tracer):
            raise ConcretizationTypeError(
                lead, "The error occurred in the jnp.roots() function. To use "
                "this within a JIT-compiled context, pass strip_zeros=False, "
                "but be aware that leading zeros will result in some returned "
                "roots being set to NaN.\n")
        return _companion_roots(p[int(lead):])
    # Leading zeros rotated to the end give zero roots; those are sorted
    # last and replaced by NaN, one per leading zero.
    p = sorting.where(lead == p.shape[0], creation.ones_like(p), p)
    r = _companion_roots(manipulation.roll(p, -lead))
    r = _lax.sort_key_val(r == 0, r)[1]
    nan = creation.array(complex(np.nan, np.nan), dtype=r.dtype)
    return sorting.where(creation.arange(r.shape[0]) < r.shape[0] - lead, r, nan)


# --- along an axis -----------------------------------------------------------


# --- construction from functions --------------------------------------------


# --- host-side helpers -------------------------------------------------------


def vander(x, N=None, increasing=False):
    xa = _arr("vander", x)
    if ndim(xa) != 1:
        raise ValueError("x must be a one-dimensional array")
    n = shape(xa)[0] if N is None else operator.index(N)
    if n < 0:
        raise ValueError("N must be nonnegative")
    p = creation.arange(n, dtype=xa.dtype)
    if not increasing:
        p = p[::-1]
    return ufuncs.power(xa[:, None], p)


def polyval(p, x, *, unroll=16):
    pa, xa = _arr("polyval", p, x)
    dtype, weak = _dt.promote((pa.dtype, pa.weak_type),
                              (xa.dtype, xa.weak_type))
    pa, xa = astype(pa, dtype), astype(xa, dtype)
    y = creation.zeros_like(xa)
    for i in range(shape(pa)[0]):
        y = y * xa + pa[i]
    return y


def _poly_pad(a, b):
    na, nb = shape(a)[0], shape(b)[0]
    if na < nb:
        a = manipulation.concatenate([creation.zeros(nb - na, a.dtype), a])
    elif nb < na:
        b = manipulation.concatenate([creation.zeros(na - nb, b.dtype), b])
    return a, b


def polyadd(a1, a2):
    a, b = _arr("polyadd", a1, a2)
    dtype, _ = _dt.promote((a.dtype, a.weak_type), (b.dtype, b.weak_type))
    a, b = _poly_pad(astype(a, dtype), astype(b, dtype))
    return ufuncs.add(a, b)


def polysub(a1, a2):
    a, b = _arr("polysub", a1, a2)
    dtype, _ = _dt.promote((a.dtype, a.weak_type), (b.dtype, b.weak_type))
    a, b = _poly_pad(astype(a, dtype), astype(b, dtype))
    return ufuncs.subtract(a, b)


def polyder(p, m=1):
    pa = _inexact(_arr("polyder", p))[0]
    m = operator.index(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return pa
    n = shape(pa)[0]
    coeff = reductions.prod(creation.arange(m, n, dtype=pa.dtype)[None]
                      - creation.arange(m, dtype=pa.dtype)[:, None], axis=0)
    return pa[:-m] * coeff[::-1]


def polyint(p, m=1, k=None):
    m = operator.index(m)
    k = 0 if k is None else k
    _check_arraylike("polyint", p, k)
    pa, ka = _inexact(p, k)
    if m < 0:
        raise ValueError("Order of integral must be positive (see "
                         "polyder)")
    ka = manipulation.atleast_1d(ka)
    if shape(ka)[0] == 1:
        ka = creation.full((m,), ka[0])
    if shape(ka) != (m,):
        raise ValueError("k must be a scalar or a rank-1 array of length 1 "
                         "or m.")
    if m == 0:
        return pa
    grid = (creation.arange(shape(pa)[0] + m, dtype=pa.dtype)[None]
            - creation.arange(m, dtype=pa.dtype)[:, None])
    coeff = reductions.prod(ufuncs.maximum(1, grid), axis=0)[::-1]
    return ufuncs.true_divide(manipulation.concatenate([pa, ka]), coeff)


def polymul(a1, a2, *, trim_leading_zeros=False):
    a, b = _arr("polymul", a1, a2)
    a, b = manipulation.atleast_1d(a), manipulation.atleast_1d(b)
    if shape(a)[0] == 0:
        a = creation.zeros(1, a.dtype)
    if shape(b)[0] == 0:
        b = creation.zeros(1, b.dtype)
    return convolve(a, b, mode='full')


def trim_zeros(filt, trim='fb'):
    a = _arr("trim_zeros", filt)
    if ndim(a) != 1:
        raise ValueError(f"trim_zeros requires a 1-D array, got shape "
                         f"{shape(a)}")
    host = _concrete(a != 0, "Error arose in the `filt` argument of "
                     "trim_zeros()")
    nz = np.nonzero(host)[0]
    if nz.size == 0:
        return a[:0]
    start = nz[0] if 'f' in trim.lower() else 0
    end = nz[-1] + 1 if 'b' in trim.lower() else host.size
    return a[start:end]
