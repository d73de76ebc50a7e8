"""jxp.scipy.special: JAX's jax.scipy.special over jxp's operations.

Each function is a composition of jxp.lax and jxp.numpy operations in
JAX's order, so that dtypes, weak types and rounding follow JAX's; the
derivative rules are JAX's (custom JVPs where JAX has them, the lax
primitives' rules otherwise).
"""

import functools
import operator

import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.ad import jvp as _jvp
from jxp._src.custom_derivatives import custom_jvp
from jxp._src.api import jit_library
from jxp._src.batching import vmap as _vmap
from jxp._src.core import abstractify
from jxp._src.lax import (
    control_flow, lax as _strict_lax, scalar_casting as lax, slicing,
    special as _sf)
from jxp._src.nn import functions as _nn
from jxp._src.numpy import (
    creation, lax_numpy, manipulation, polynomial, reductions, sorting,
    ufunc_api, ufuncs, util, vectorize)
from jxp._src.numpy.ufuncs import _inexact, _promote_dtypes_inexact
from jxp._src.numpy.util import _constant
from jxp._src.scipy import cephes as _cephes

__all__ = [
    "bernoulli", "beta", "betainc", "betaln", "boxcox", "boxcox1p", "comb",
    "dawsn",
    "digamma", "entr", "erf", "erfc", "erfcx", "erfinv", "exp1", "expi",
    "expit", "expn", "factorial", "gamma", "gammainc", "gammaincc",
    "gammaln", "gammasgn", "i0", "i0e", "i1", "i1e", "kl_div", "log_ndtr",
    "log_softmax", "loggamma", "logit", "logsumexp", "multigammaln", "ndtr",
    "ndtri", "poch", "polygamma", "rel_entr", "sici", "softmax", "spence",
    "xlog1py", "xlogy", "zeta", "owens_t", "bessel_jn", "hyp1f1",
]


def _dtype(x):
    return abstractify(x).dtype


def _c(x, v):
    """v as a constant of x's dtype, weakly typed when x is a weakly typed
    scalar (JAX's _lax_const)."""
    aval = abstractify(x)
    if aval.weak_type and aval.ndim == 0:
        return _constant(v, aval.dtype, weak_type=True)
    return np.asarray(v, aval.dtype)


def _is_complex(x):
    return _dt.is_complex(_dtype(x)) if hasattr(_dt, "is_complex") else (
        np.issubdtype(_dtype(x), np.complexfloating))


def _no_complex(name, x):
    if _is_complex(x):
        raise ValueError(f"{name} does not support complex-valued inputs.")


# ---------------------------------------------------------------------------
# Gamma and beta functions
# ---------------------------------------------------------------------------

def gammaln(x):
    """log|Gamma(x)|."""
    (x,) = _inexact("gammaln", x)
    return lax.lgamma(x)


@jit_library
def gammasgn(x):
    """The sign of Gamma(x): nan at the poles, as JAX."""
    (x,) = _inexact("gammasgn", x)
    _no_complex("gammasgn", x)
    dtype = _dtype(x)
    fl = lax.floor(x)
    neg = x < 0
    return lax_numpy.select(
        [(neg & (x == fl)) | ufuncs.isnan(x),
         (neg & (fl % 2 != 0)) | ((x == 0) & ufuncs.signbit(x))],
        [np.asarray(np.nan, dtype), np.asarray(-1.0, dtype)],
        np.asarray(1.0, dtype))


def loggamma(x):
    """log Gamma(x) for real x > 0 (nan elsewhere); complex x is not
    supported by jxp yet."""
    (x,) = _inexact("loggamma", x)
    if _is_complex(x):
        raise NotImplementedError("loggamma of complex arguments")
    return sorting.where(x > 0, lax.lgamma(x), np.nan)


def gamma(x):
    """Gamma(x) = sign * exp(lgamma(x))."""
    (x,) = _inexact("gamma", x)
    if _is_complex(x):
        raise NotImplementedError("gamma of complex arguments")
    return gammasgn(x) * lax.exp(lax.lgamma(x))


def _algdiv(a, b):
    """log(Gamma(b) / Gamma(a + b)) for b >= 8 (TOMS 708's algdiv)."""
    coef = (0.833333333333333e-01, -0.277777777760991e-02,
            0.793650666825390e-03, -0.595202931351870e-03,
            0.837308034031215e-03, -0.165322962780713e-02)
    h = a / b
    c = h / (1 + h)
    x = h / (1 + h)
    d = b + (a - 0.5)
    x2 = x * x
    s3 = 1.0 + (x + x2)
    s5 = 1.0 + (x + x2 * s3)
    s7 = 1.0 + (x + x2 * s5)
    s9 = 1.0 + (x + x2 * s7)
    s11 = 1.0 + (x + x2 * s9)
    t = (1.0 / b) ** 2
    w = ((((coef[5] * s11 * t + coef[4] * s9) * t + coef[3] * s7) * t
          + coef[2] * s5) * t + coef[1] * s3) * t + coef[0]
    w = w * (c / b)
    u = d * lax.log1p(a / b)
    v = a * (lax.log(b) - 1.0)
    return sorting.where(u <= v, (w - v) - u, (w - u) - v)


def betaln(a, b):
    """log|B(a, b)|, accurate for large b."""
    a, b = _inexact("betaln", a, b)
    a, b = ufunc_api.minimum(a, b), ufunc_api.maximum(a, b)
    small_b = lax.lgamma(a) + (lax.lgamma(b) - lax.lgamma(a + b))
    large_b = lax.lgamma(a) + _algdiv(a, b)
    return sorting.where(b < 8, small_b, large_b)


def beta(a, b):
    """B(a, b) with its sign."""
    a, b = _inexact("beta", a, b)
    _no_complex("beta", a)
    sign = gammasgn(a) * gammasgn(b) * gammasgn(a + b)
    return sign * lax.exp(betaln(a, b))


def factorial(n, exact=False):
    """n! = Gamma(n + 1) (0 for n < 0)."""
    if exact:
        raise NotImplementedError("factorial with exact=True")
    (n,) = _inexact("factorial", n)
    return sorting.where(n < 0, 0, lax.exp(lax.lgamma(n + 1)))


def comb(N, k, *, repetition=False):
    """The number of combinations of N things taken k at a time."""
    N, k = _inexact("comb", N, k)
    if repetition:
        cond = (k == 0) & (N >= 0)
        return sorting.where(cond, 1.0, comb(N + k - 1, k, repetition=False))
    cond = (k <= N) & (N >= 0) & (k >= 0)
    safe_n = sorting.where(cond, N, 0.0)
    safe_k = sorting.where(cond, k, 0.0)
    out = lax.exp(gammaln(safe_n + 1) - gammaln(safe_k + 1)
                  - gammaln(safe_n + 1 - safe_k))
    return sorting.where(cond, out, 0.0)


def betainc(a, b, x):
    """The regularized incomplete beta function I_x(a, b)."""
    a, b, x = _inexact("betainc", a, b, x)
    _no_complex("betainc", x)
    return _sf.betainc(a, b, x)


def digamma(x):
    """psi(x) = d/dx log Gamma(x)."""
    (x,) = _inexact("digamma", x)
    return lax.digamma(x)


def gammainc(a, x):
    """The regularized lower incomplete gamma function P(a, x)."""
    a, x = _inexact("gammainc", a, x)
    return _sf.igamma(a, x)


def gammaincc(a, x):
    """The regularized upper incomplete gamma function Q(a, x)."""
    a, x = _inexact("gammaincc", a, x)
    return _sf.igammac(a, x)


def multigammaln(a, d):
    """The log of the multivariate gamma function of dimension d."""
    d = operator.index(d) if not hasattr(d, "aval") else int(d)
    a, d_ = _inexact("multigammaln", a, d)
    constant = lax.mul(lax.mul(lax.mul(_c(a, 0.25), d_),
                               lax.sub(d_, _c(a, 1))),
                       lax.log(_c(a, np.pi)))
    b = lax.div(creation.arange(d, dtype=_dtype(d_)), _c(a, 2))
    out = reductions.sum(gammaln(manipulation.expand_dims(a, axis=-1)
                          - manipulation.expand_dims(b, axis=tuple(range(a.ndim)))),
                  axis=-1)
    return out + constant


def _poch_value(z, m):
    z, m = _inexact("poch", z, m)
    _no_complex("jnp.poch", z)
    return sorting.where(m == 0., creation.array(1, dtype=_dtype(z)),
                     gamma(z + m) / gamma(z))


@custom_jvp
def poch(z, m):
    """The Pochhammer symbol (z)_m = Gamma(z + m) / Gamma(z)."""
    return _poch_value(z, m)


poch.defjvps(
    lambda dz, ans, z, m: (digamma(z + m) - digamma(z)) * poch(z, m) * dz,
    lambda dm, ans, z, m: digamma(z + m) * poch(z, m) * dm)


def polygamma(n, x):
    """The n-th derivative of digamma; n must have an integer dtype."""
    if not _dt.is_int(abstractify(n).dtype):
        raise ValueError(
            f"Argument `n` to polygamma must be of integer type. Got dtype "
            f"{abstractify(n).dtype}.")
    n, x = _inexact("polygamma", n, x)
    _no_complex("polygamma", x)
    return lax.polygamma(n, x)


# (B_2k (2k)!)^-1 ... the Euler-Maclaurin correction terms' denominators:
# (2k)! / B_2k for k = 1..16.
_EULER_MACLAURIN = np.array([
    12, -720, 30240, -1209600, 47900160, -1307674368000 / 691, 74724249600,
    -10670622842880000 / 3617, 5109094217170944000 / 43867,
    -802857662698291200000 / 174611, 14101100039391805440000 / 77683,
    -1693824136731743669452800000 / 236364091,
    186134520519971831808000000 / 657931,
    -37893265687455865519472640000000 / 3392780147,
    759790291646040068357842010112000000 / 1723168255201,
    -134196726836183700385281186201600000000 / 7709321041217])


def _zeta_series(x, q):
    """Hurwitz zeta by Euler-Maclaurin summation: the function JAX
    differentiates for zeta's derivative."""
    s, a = _inexact("zeta", x, q)
    dtype = np.dtype(_dtype(a)).type
    n = dtype(8) if _dtype(a) == np.float32 else dtype(16)
    s_, a_ = manipulation.expand_dims(s, -1), manipulation.expand_dims(a, -1)
    k = manipulation.expand_dims(np.arange(n, dtype=n.dtype), tuple(range(a.ndim)))
    head = reductions.sum((a_ + k) ** -s_, -1)
    integral = lax.div((a + n) ** (dtype(1) - s), s - dtype(1))
    t0 = (a + n) ** -s
    m = manipulation.expand_dims(np.arange(2 * n, dtype=n.dtype), tuple(range(s.ndim)))
    ratios = (s_ + m) / (a_ + n)
    t1 = reductions.cumprod(ratios, -1)[..., ::2]
    t1 = ufunc_api.minimum(t1, np.finfo(dtype).max)
    coefs = np.expand_dims(
        np.array(_EULER_MACLAURIN[:t1.shape[-1]], dtype=dtype),
        tuple(range(a.ndim)))
    t1 = t1 / coefs
    tail = t0 * (dtype(0.5) + t1.sum(-1))
    return head + integral + tail


def _riemann_missing():
    return NotImplementedError(
        "Riemann zeta function not implemented; pass q != None to compute "
        "the Hurwitz Zeta function.")


@custom_jvp
def _zeta(x, q):
    x, q = _inexact("zeta", x, q)
    return lax.zeta(x, q)


@_zeta.defjvp
def _zeta_jvp(primals, tangents):
    return _jvp(_zeta_series, primals, tangents)


def zeta(x, q=None):
    """The Hurwitz zeta function zeta(x, q)."""
    if q is None:
        raise _riemann_missing()
    return _zeta(x, q)


# ---------------------------------------------------------------------------
# Error functions and the normal distribution
# ---------------------------------------------------------------------------

def erf(x):
    (x,) = _inexact("erf", x)
    return lax.erf(x)


def erfc(x):
    (x,) = _inexact("erfc", x)
    return lax.erfc(x)


def erfinv(x):
    (x,) = _inexact("erfinv", x)
    return lax.erf_inv(x)


def _erfcx_asymptotic(x, nterms):
    coeffs = [7918.06640625, -1055.7421875, 162.421875, -29.53125, 6.5625,
              -1.875, .75, -.5, 1.]
    t = _c(x, 1.) / lax.square(x)
    p = polynomial.polyval(np.array(coeffs[-nterms:], dtype=_dtype(x)), t)
    return p / (x * _c(x, np.sqrt(np.pi)))


def _erfcx_value(x, nterms):
    threshold = np.sqrt(np.log(np.finfo(_dtype(x)).max))
    large = x > _c(x, threshold)
    safe_x = lax.select(large, creation.full_like(x, 1.), x)
    direct = lax.exp(lax.square(safe_x)) * lax.erfc(safe_x)
    return lax.select(large, _erfcx_asymptotic(x, nterms), direct)


@custom_jvp
def _erfcx(x):
    dtype = _dtype(x)
    if dtype == np.float64:
        return _erfcx_value(x, 9)
    if dtype == np.float32:
        return _erfcx_value(x, 5)
    return _erfcx_value(x.astype(np.float32), 5).astype(dtype)


_erfcx.defjvps(
    lambda g, ans, x: g * (2 * x * ans - _c(x, 2. / np.sqrt(np.pi))))


def erfcx(x):
    """The scaled complementary error function exp(x^2) erfc(x) (real x)."""
    (x,) = _inexact("erfcx", x)
    if _is_complex(x):
        raise NotImplementedError("erfcx of complex arguments")
    return _erfcx(x)


def _check_f32_f64(x, msg="x.dtype={} is not supported, see docstring for "
                          "supported types."):
    dtype = _dtype(x)
    if dtype not in (np.float32, np.float64):
        raise TypeError(msg.format(dtype))


def _ndtr(x):
    dtype = np.dtype(_dtype(x)).type
    half_sqrt_2 = dtype(0.5) * np.sqrt(2., dtype=dtype)
    w = x * half_sqrt_2
    z = lax.abs(w)
    y = lax.select(lax.lt(z, half_sqrt_2),
                   dtype(1.) + lax.erf(w),
                   lax.select(lax.gt(w, dtype(0.)),
                              dtype(2.) - lax.erfc(z), lax.erfc(z)))
    return dtype(0.5) * y


def ndtr(x):
    """The standard normal CDF."""
    x = creation.asarray(x)
    _check_f32_f64(x)
    return _ndtr(x)


# Cephes' ndtri rational approximations: for the centre (|p - 1/2| <= 3/8),
# and for the tails with z = sqrt(-2 log p) below and above 8.
_NDTRI_P0 = [-5.99633501014107895267E1, 9.80010754185999661536E1,
             -5.66762857469070293439E1, 1.39312609387279679503E1,
             -1.23916583867381258016E0]
_NDTRI_Q0 = [1.0, 1.95448858338141759834E0, 4.67627912898881538453E0,
             8.63602421390890590575E1, -2.25462687854119370527E2,
             2.00260212380060660359E2, -8.20372256168333339912E1,
             1.59056225126211695515E1, -1.18331621121330003142E0]
_NDTRI_P1 = [4.05544892305962419923E0, 3.15251094599893866154E1,
             5.71628192246421288162E1, 4.40805073893200834700E1,
             1.46849561928858024014E1, 2.18663306850790267539E0,
             -1.40256079171354495875E-1, -3.50424626827848203418E-2,
             -8.57456785154685413611E-4]
_NDTRI_Q1 = [1.0, 1.57799883256466749731E1, 4.53907635128879210584E1,
             4.13172038254672030440E1, 1.50425385692907503408E1,
             2.50464946208309415979E0, -1.42182922854787788574E-1,
             -3.80806407691578277194E-2, -9.33259480895457427372E-4]
_NDTRI_P2 = [3.23774891776946035970E0, 6.91522889068984211695E0,
             3.93881025292474443415E0, 1.33303460815807542389E0,
             2.01485389549179081538E-1, 1.23716634817820021358E-2,
             3.01581553508235416007E-4, 2.65806974686737550832E-6,
             6.23974539184983293730E-9]
_NDTRI_Q2 = [1.0, 6.02427039364742014255E0, 3.67983563856160859403E0,
             1.37702099489081330271E0, 2.16236993594496635890E-1,
             1.34204006088543189037E-2, 3.28014464682127739104E-4,
             2.89247864745380683936E-6, 6.79019408009981274425E-9]


def _ndtri(p):
    dtype = np.dtype(_dtype(p)).type
    shape = abstractify(p).shape
    poly = lambda c, v: polynomial.polyval(np.array(c, dtype), v)  # noqa: E731
    mcp = sorting.where(p > dtype(-np.expm1(-2.)), dtype(1.) - p, p)
    mcp = sorting.where(mcp == dtype(0.), creation.full(shape, dtype(0.5)), mcp)
    w = mcp - dtype(0.5)
    ww = lax.square(w)
    x_big_p = w + w * ww * (poly(_NDTRI_P0, ww) / poly(_NDTRI_Q0, ww))
    x_big_p *= -dtype(np.sqrt(2. * np.pi))
    z = lax.sqrt(dtype(-2.) * lax.log(mcp))
    first = z - lax.log(z) / z
    x_small_p = first - poly(_NDTRI_P2, 1 / z) / poly(_NDTRI_Q2, 1 / z) / z
    x_other = first - poly(_NDTRI_P1, 1 / z) / poly(_NDTRI_Q1, 1 / z) / z
    x = sorting.where(mcp > dtype(np.exp(-2.)), x_big_p,
                  sorting.where(z >= dtype(8.0), x_small_p, x_other))
    x = sorting.where(p > dtype(1. - np.exp(-2.)), x, -x)
    inf = creation.full(shape, dtype(np.inf))
    return sorting.where(p == dtype(0.0), -inf,
                     sorting.where(p == dtype(1.0), inf, x))


def ndtri(p):
    """The inverse of the standard normal CDF."""
    p = creation.asarray(p)
    _check_f32_f64(p)
    return _ndtri(p)


def _norm_logpdf(x):
    return lax.sub(lax.mul(_c(x, -0.5), lax.square(x)),
                   _c(x, np.log(np.sqrt(2 * np.pi))))


def _log_ndtr_series(x, order):
    dtype = np.dtype(_dtype(x)).type
    if order <= 0:
        return np.array(1, dtype)
    x2 = lax.square(x)
    even = creation.zeros_like(x)
    odd = creation.zeros_like(x)
    x2n = x2
    for n in range(1, order + 1):
        y = np.array(np.prod(np.arange(2 * n - 1, 1, -2)), dtype) / x2n
        if n % 2:
            odd += y
        else:
            even += y
        x2n *= x2
    return dtype(1.) + even - odd


def _log_ndtr_lower(x, order):
    dtype = np.dtype(_dtype(x)).type
    log_scale = (-dtype(0.5) * lax.square(x) - lax.log(-x)
                 - dtype(0.5 * np.log(2. * np.pi)))
    return log_scale + lax.log(_log_ndtr_series(x, order))


def _log_ndtr_value(x, series_order):
    if not isinstance(series_order, int):
        raise TypeError("series_order must be a Python integer.")
    if series_order < 0:
        raise ValueError("series_order must be non-negative.")
    if series_order > 30:
        raise ValueError("series_order must be <= 30.")
    x = creation.asarray(x)
    dtype = _dtype(x)
    if dtype == np.float64:
        lower, upper = np.array(-20, np.float64), np.array(8, np.float64)
    elif dtype == np.float32:
        lower, upper = np.array(-10, np.float32), np.array(5, np.float32)
    else:
        raise TypeError(f"x.dtype={np.dtype(dtype)} is not supported.")
    above = lax.gt(x, upper)
    arg = sorting.where(above, -x, lax.max(x, lower))
    res = _ndtr(arg)
    return sorting.where(above, -res,
                     sorting.where(lax.gt(x, lower), lax.log(res),
                               _log_ndtr_lower(lax.min(x, lower),
                                               series_order)))


_log_ndtr = custom_jvp(_log_ndtr_value, nondiff_argnums=(1,))


@_log_ndtr.defjvp
def _log_ndtr_jvp(series_order, primals, tangents):
    (x,), (t,) = primals, tangents
    ans = _log_ndtr(x, series_order)
    return ans, lax.mul(t, lax.exp(lax.sub(_norm_logpdf(x), ans)))


def log_ndtr(x, series_order=3):
    """log of the standard normal CDF, accurate in both tails."""
    return _log_ndtr(x, series_order)


# ---------------------------------------------------------------------------
# Logistic, log-sum-exp and entropies
# ---------------------------------------------------------------------------

@custom_jvp
def _logit(x):
    (x,) = _inexact("logit", x)
    return lax.log(lax.div(x, lax.sub(_c(x, 1), x)))


_logit.defjvps(lambda g, ans, x: lax.div(g, lax.mul(x, lax.sub(_c(x, 1), x))))


def logit(x):
    """log(x / (1 - x))."""
    return _logit(x)


def expit(x):
    """The logistic function 1 / (1 + exp(-x))."""
    (x,) = _inexact("expit", x)
    return lax.logistic(x)


logsumexp = _nn.logsumexp


def _all_axes(x, axis):
    # (jxp.nn's softmax takes no axis=None yet.)
    return tuple(range(util.ndim(x))) if axis is None else axis


def softmax(x, /, *, axis=None):
    """exp(x) / sum(exp(x)) over `axis` (all axes by default)."""
    return _nn.softmax(x, axis=_all_axes(x, axis))


def log_softmax(x, /, *, axis=None):
    """x - logsumexp(x) over `axis` (all axes by default)."""
    return _nn.log_softmax(x, axis=_all_axes(x, axis))


@custom_jvp
def _xlogy(x, y):
    x, y = _inexact("xlogy", x, y)
    return sorting.where((x != 0.) | ufuncs.isnan(y), lax.mul(x, lax.log(y)),
                     creation.zeros_like(x))


@_xlogy.defjvp
def _xlogy_jvp(primals, tangents):
    (x, y), (dx, dy) = primals, tangents
    out = _xlogy(x, y)
    return out, (dx * lax.log(y) + dy * x / y).astype(_dtype(out))


def xlogy(x, y):
    """x * log(y), 0 where x == 0 (unless y is nan)."""
    return _xlogy(x, y)


@custom_jvp
def _xlog1py(x, y):
    x, y = _inexact("xlog1py", x, y)
    return sorting.where((x != 0.) | ufuncs.isnan(y), lax.mul(x, lax.log1p(y)),
                     creation.zeros_like(x))


@_xlog1py.defjvp
def _xlog1py_jvp(primals, tangents):
    (x, y), (dx, dy) = primals, tangents
    out = _xlog1py(x, y)
    return out, (dx * lax.log1p(y) + dy * x / (1 + y)).astype(_dtype(out))


def xlog1py(x, y):
    """x * log1p(y), 0 where x == 0 (unless y is nan)."""
    return _xlog1py(x, y)


@custom_jvp
def _xlogx(x):
    return _xlogy(x, x)


@_xlogx.defjvp
def _xlogx_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _xlogx(x), dx * (lax.log(x) + 1)


def entr(x):
    """-x log x for x >= 0, -inf for x < 0."""
    (x,) = _inexact("entr", x)
    _no_complex("entr", x)
    return lax.select(lax.lt(x, _c(x, 0)), creation.full_like(x, -np.inf),
                      lax.neg(_xlogx(x)))


def rel_entr(p, q):
    """p log(p / q) elementwise (0 at p == 0 <= q, inf elsewhere outside
    p, q > 0)."""
    p, q = _inexact("rel_entr", p, q)
    _no_complex("rel_entr", p)
    zero = _c(p, 0.0)
    both_pos = lax.bitwise_and(lax.gt(p, zero), lax.gt(q, zero))
    p_zero = lax.bitwise_and(lax.eq(p, zero), lax.ge(q, zero))
    safe_p = sorting.where(both_pos, p, 1)
    safe_q = sorting.where(both_pos, q, 1)
    val = lax.sub(_xlogx(safe_p), _xlogy(safe_p, safe_q))
    return sorting.where(both_pos, val, sorting.where(p_zero, zero, np.inf))


def kl_div(p, q):
    """p log(p / q) - p + q elementwise."""
    p, q = _inexact("kl_div", p, q)
    _no_complex("kl_div", p)
    return rel_entr(p, q) - p + q


def boxcox(x, lmbda):
    """The Box-Cox transform: (x^lmbda - 1) / lmbda, log x at lmbda == 0."""
    x, lmbda = _inexact("boxcox", x, lmbda)
    zero = lmbda == 0
    safe = sorting.where(zero, creation.ones_like(lmbda), lmbda)
    log_x = ufuncs.log(x)
    return sorting.where(zero, log_x, ufuncs.expm1(safe * log_x) / safe)


def boxcox1p(x, lmbda):
    """The Box-Cox transform of 1 + x."""
    x, lmbda = _inexact("boxcox1p", x, lmbda)
    zero = lmbda == 0
    safe = sorting.where(zero, creation.ones_like(lmbda), lmbda)
    log1p_x = ufuncs.log1p(x)
    return sorting.where(zero, log1p_x, ufuncs.expm1(safe * log1p_x) / safe)


# ---------------------------------------------------------------------------
# Bessel functions
# ---------------------------------------------------------------------------

def i0e(x):
    (x,) = _inexact("i0e", x)
    return lax.bessel_i0e(x)


def i0(x):
    (x,) = _inexact("i0", x)
    return lax.mul(lax.exp(lax.abs(x)), lax.bessel_i0e(x))


def i1e(x):
    (x,) = _inexact("i1e", x)
    return lax.bessel_i1e(x)


def i1(x):
    (x,) = _inexact("i1", x)
    return lax.mul(lax.exp(lax.abs(x)), lax.bessel_i1e(x))


# ---------------------------------------------------------------------------
# Spence's function and Bernoulli numbers
# ---------------------------------------------------------------------------

_SPENCE_A = [4.65128586073990045278E-5, 7.31589045238094711071E-3,
             1.33847639578309018650E-1, 8.79691311754530315341E-1,
             2.71149851196553469920E0, 4.25697156008121755724E0,
             3.29771340985225106936E0, 1.00000000000000000126E0]
_SPENCE_B = [6.90990488912553276999E-4, 2.54043763932544379113E-2,
             2.82974860602568089943E-1, 1.41172597751831069617E0,
             3.63800533345137075418E0, 5.03278880143316990390E0,
             3.54771340985225096217E0, 9.99999999999999998740E-1]


def _spence_calc(x):
    dtype = _dtype(x)
    inverted = x > 2.0
    x = vectorize.piecewise(x, [inverted], [lambda v: 1.0 / v, lambda v: v])
    above = x > 1.5
    below = x < 0.5
    inverted = inverted | above
    w = vectorize.piecewise(x, [above, below],
                      [lambda v: 1.0 / v - 1.0, lambda v: -v,
                       lambda v: v - 1.0])
    y = (-w * polynomial.polyval(creation.array(_SPENCE_A, dtype=dtype), w)
         / polynomial.polyval(creation.array(_SPENCE_B, dtype=dtype), w))
    y = sorting.where(below, np.pi ** 2 / 6.0 - ufuncs.log(x) * ufuncs.log(1.0 - x) - y,
                  y)
    return sorting.where(inverted, -0.5 * ufuncs.log(x) ** 2 - y, y)


def spence(x):
    """Spence's function (the dilogarithm Li2(1 - x)) for x >= 0."""
    x = creation.asarray(x)
    _check_f32_f64(x)
    return vectorize.piecewise(x, [x < 0.0, x == 1.0, x == 0.0],
                         [np.nan, 0, np.pi ** 2 / 6, _spence_calc])


def bernoulli(n):
    """The Bernoulli numbers B_0 ... B_n."""
    n = operator.index(n) if not hasattr(n, "aval") else int(n)
    if n < 0:
        raise ValueError("n must be a non-negative integer.")
    b3 = creation.array([1, -1 / 2, 1 / 6])
    if n < 3:
        return b3[:n + 1]
    bn = creation.zeros(n + 1).at[:3].set(b3)
    m = creation.arange(4, n + 1, 2, dtype=bn.dtype)
    q1 = (1. / np.pi ** 2) * reductions.cumprod(-(m - 1) * m / 4 / np.pi ** 2)
    k = creation.arange(2, 50, dtype=bn.dtype)
    q2 = reductions.sum(k[:, None] ** -m[None, :], axis=0)
    return bn.at[4::2].set(q1 * (1 + q2))


# ---------------------------------------------------------------------------
# Exponential, sine and cosine integrals; Dawson's integral
# ---------------------------------------------------------------------------

def _poly(coeffs, x):
    return polynomial.polyval(np.array(coeffs, dtype=_dtype(x)), x)


def _expint_small(x):
    """Ei(x) for 0 < x <= 2: x * P(x)/Q(x) + gamma + log x."""
    f = _poly(_cephes.EXPINT[(1, "A")], x) / _poly(_cephes.EXPINT[(1, "B")], x)
    return x * f + np.euler_gamma + ufuncs.log(x)


def _expint_interval(k):
    """Ei(x) on (2^(k-1), 2^k]: e^x / x * (1 + P(1/x)/Q(1/x) / x)."""
    def f(x):
        one = _c(x, 1.0)
        w = one / x
        r = (_poly(_cephes.EXPINT[(k, "A")], w)
             / _poly(_cephes.EXPINT[(k, "B")], w))
        return ufuncs.exp(x) * w * (w * r + one)
    return f


def _expi_pos(x):
    conds = [(_c(x, 0) < x) & (x <= _c(x, 2))] + [
        (_c(x, 2 ** i) < x) & (x <= _c(x, 2 ** (i + 1))) for i in range(1, 6)]
    return vectorize.piecewise(x, conds, [_expint_small] + [
        _expint_interval(k) for k in range(2, 8)])


def _expi_value(x):
    (x,) = _inexact("expi", x)
    _no_complex("expi", x)
    return vectorize.piecewise(x, [x < 0], [lambda v: -exp1(-v), _expi_pos])


_expi = custom_jvp(jit_library(_expi_value))


@_expi.defjvp
def _expi_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _expi(x), ufuncs.exp(x) / x * dx


def expi(x):
    """The exponential integral Ei(x)."""
    return _expi(x)


def _expn_series(x, n):
    """E_n(x) for x <= 1: the power series (Cephes' expn)."""
    eps = np.finfo(_dtype(x)).eps
    zero, one = _c(x, 0.0), _c(x, 1.0)
    psi = -np.euler_gamma - ufuncs.log(x)
    # psi(n) = -gamma + sum_{i<n} 1/i - log x: a loop over a float counter
    # (JAX's fori_loop over float bounds; jxp's takes integers only).
    psi = slicing.while_loop(lambda c: c[0] < n,
                         lambda c: (c[0] + _c(n, 1), c[1] + one / c[0]),
                         (_c(n, 1), psi))[1]
    n1 = sorting.where(n == _c(n, 1), one + one, n)

    def body(c):
        xx, z, xk, yk, pk, ans, t = c
        xk = xk + one
        yk = yk * (z / xk)
        pk = pk + one
        ans = ans + sorting.where(pk != zero, yk / pk, zero)
        t = sorting.where(ans != zero, abs(yk / ans), one)
        return xx, z, xk, yk, pk, ans, t

    def cond(c):  # (the lanes that use the series: 0 < x <= 1)
        return ((c[0] > _c(c[0], 0.0)) & (c[0] <= _c(c[0], 1.0))
                & (c[6] > eps))

    init = (x, -x, zero, one, one - n,
            sorting.where(n == _c(n, 1), zero, one / (one - n1)),
            _c(x, np.inf))
    _, z, _, _, _, ans, _ = slicing.while_loop(cond, body, init)
    return z ** (n - _c(n, 1)) * psi / ufuncs.exp(gammaln(n)) - ans


def _expn_fraction(x, n):
    """E_n(x) for x > 1: the continued fraction (Cephes' expn)."""
    big = _c(x, 1.44115188075855872e17)
    eps = np.finfo(_dtype(x)).eps
    zero, one = _c(x, 0.0), _c(x, 1.0)

    def body(c):
        k, pkm2, qkm2, pkm1, qkm1, ans, t, r, xx = c
        k = k + _c(k, 1)
        odd = k % _c(k, 2) == _c(k, 1)
        yk = sorting.where(odd, one, xx)
        xk = sorting.where(odd, n + (k - _c(k, 1)) / _c(k, 2), k / _c(k, 2))
        pk = pkm1 * yk + pkm2 * xk
        qk = qkm1 * yk + qkm2 * xk
        nz = qk != zero
        r = sorting.where(nz, pk / qk, r)
        t = sorting.where(nz, abs((ans - r) / r), one)
        ans = sorting.where(nz, r, ans)
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        is_big = abs(pk) > big
        pkm1, pkm2, qkm1, qkm2 = (sorting.where(is_big, v / big, v)
                                  for v in (pkm1, pkm2, qkm1, qkm2))
        return k, pkm2, qkm2, pkm1, qkm1, ans, t, r, xx

    # Only the lanes that use this branch (x > 1) iterate: under vmap every
    # branch of expn's piecewise runs on every lane, and for tiny x this
    # fraction did not stop in jxp's program.
    def cond(c):
        return (c[8] > _c(c[0], 1)) & (c[6] > eps)

    init = (_c(n, 1), one, x, one, x + n, one / (x + n), _c(x, np.inf),
            zero, x)
    ans = slicing.while_loop(cond, body, init)[5]
    return ans * ufuncs.exp(-x)


def _expn_large_n(x, n):
    """E_n(x) for n >= 5000: the asymptotic expansion in n."""
    one = _c(x, 1.0)
    xk = x + n
    yk = one / (xk * xk)
    t = n
    ans = yk * t * (_c(x, 6) * x * x - _c(x, 8) * t * x + t * t)
    ans = yk * (ans + t * (t - _c(x, 2) * x))
    ans = yk * (ans + t)
    return (ans + one) * ufuncs.exp(-x) / xk


@jit_library
def _expn_elementwise(n, x):
    n, x = _inexact("expn", n, x)
    _no_complex("expn", x)
    zero, one = _c(x, 0), _c(x, 1)
    n1 = sorting.where(n == _c(n, 1), n + n, n)
    conds = [(n < _c(n, 0)) | (x < zero),
             (x == zero) & (n < _c(n, 2)),
             (x == zero) & (n >= _c(n, 2)),
             (n == _c(n, 0)) & (x >= zero),
             n >= _c(n, 5000),
             x > one]
    return vectorize.piecewise(x, conds, [
        np.nan, np.inf, lambda v, n: one / n1, lambda v, n: ufuncs.exp(-v) / v,
        _expn_large_n, _expn_fraction, _expn_series], n=n)


def _expn_value(n, x):
    return vectorize.vectorize(_expn_elementwise)(n, x)


_expn = custom_jvp(_expn_value, nondiff_argnums=(0,))


@_expn.defjvp
def _expn_jvp(n, primals, tangents):
    (x,), (dx,) = primals, tangents
    return _expn(n, x), lax.mul(lax.neg(dx), _expn(lax.sub(n, _c(n, 1)), x))


def expn(n, x):
    """The generalized exponential integral E_n(x)."""
    return _expn(n, x)


def exp1(x):
    """The exponential integral E_1(x)."""
    (x,) = _inexact("exp1", x)
    _no_complex("exp1", x)
    return expn(1, x)


def _sici_series(x):
    """Si and Ci for 0 <= x <= 4: rational functions of x^2."""
    t = x * x
    si = (x * _poly(_cephes.SICI["SN"], t)) / _poly(_cephes.SICI["SD"], t)
    ci = (np.euler_gamma + ufuncs.log(x)
          + t * _poly(_cephes.SICI["CN"], t) / _poly(_cephes.SICI["CD"], t))
    return sorting.where(x == 0, 0.0, si), sorting.where(x == 0, -np.inf, ci)


def _sici_asymptotic(x):
    """Si and Ci for 4 < x <= 1e9 from the auxiliary functions f and g."""
    s, c = ufuncs.sin(x), ufuncs.cos(x)
    z = 1.0 / (x * x)
    k = _cephes.SICI
    f4 = _poly(k["FN4"], z) / (x * _poly(k["FD4"], z))
    g4 = z * _poly(k["GN4"], z) / _poly(k["GD4"], z)
    f8 = _poly(k["FN8"], z) / (x * _poly(k["FD8"], z))
    g8 = z * _poly(k["GN8"], z) / _poly(k["GD8"], z)
    below8 = x < 8.0
    f = sorting.where(below8, f4, f8)
    g = sorting.where(below8, g4, g8)
    return (np.pi / 2) - f * c - g * s, f * s - g * c


def _sici_far(x):
    si = sorting.where(ufuncs.isposinf(x), np.pi / 2, (np.pi / 2) - ufuncs.cos(x) / x)
    ci = sorting.where(ufuncs.isposinf(x), 0.0, ufuncs.sin(x) / x)
    return si, ci


@jit_library
def _sici_value(x):
    (x,) = _inexact("sici", x)
    if _is_complex(x):
        raise ValueError(
            f"Argument `x` to sici must be real-valued. Got dtype "
            f"{_dtype(x)}.")
    ax = ufuncs.abs(x)
    si_s, ci_s = _sici_series(ax)
    si_a, ci_a = _sici_asymptotic(ax)
    si_f, ci_f = _sici_far(ax)
    near = ax <= 4
    mid = (ax > 4) & (ax <= 1e9)
    si = lax_numpy.select([near, mid], [si_s, si_a], si_f)
    ci = lax_numpy.select([near, mid], [ci_s, ci_a], ci_f)
    return ufuncs.sign(x) * si, sorting.where(ufuncs.isneginf(x), np.nan, ci)


_sici = custom_jvp(_sici_value)


@_sici.defjvp
def _sici_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _sici(x), (ufuncs.sinc(x / np.pi) * dx, ufuncs.cos(x) / x * dx)


def sici(x):
    """The sine and cosine integrals (Si(x), Ci(x))."""
    return _sici(x)


def _dawsn_impl(x):
    """Dawson's integral by Cephes' three rational approximations."""
    k = _cephes.DAWSN
    sign = ufuncs.sign(x)
    ax = lax.abs(x)
    t = _c(x, 1.) / lax.square(ax)
    one = creation.full_like(ax, 1.)
    r1 = ax < _c(x, 3.25)
    r2 = (ax >= _c(x, 3.25)) & (ax < _c(x, 6.25))
    r3 = ax >= _c(x, 6.25)
    ax1 = lax.select(r1, ax, one)
    ax1_sq = lax.square(ax1)
    v1 = ax1 * _poly(k["AN"], ax1_sq) / _poly(k["AD"], ax1_sq)
    t2, ax2 = lax.select(r2, t, one), lax.select(r2, ax, one)
    v2 = (_c(x, 0.5) / ax2) * (
        _c(x, 1.) + t2 * _poly(k["BN"], t2) / _poly(k["BD"], t2))
    t3, ax3 = lax.select(r3, t, one), lax.select(r3, ax, one)
    v3 = (_c(x, 0.5) / ax3) * (
        _c(x, 1.) + t3 * _poly(k["CN"], t3) / _poly(k["CD"], t3))
    return sign * lax.select(r1, v1, lax.select(ax < _c(x, 6.25), v2, v3))


@custom_jvp
def _dawsn(x):
    if _dtype(x) in (np.float32, np.float64):
        return _dawsn_impl(x)
    return _dawsn_impl(x.astype(np.float32)).astype(_dtype(x))


_dawsn.defjvps(lambda g, ans, x: g * (_c(x, 1.) - _c(x, 2.) * x * ans))


def dawsn(x):
    """Dawson's integral exp(-x^2) * int_0^x exp(t^2) dt."""
    (x,) = _inexact("dawsn", x)
    _no_complex("dawsn", x)
    return _dawsn(x)


# ---------------------------------------------------------------------------
# Owen's T, Bessel J_n, the confluent hypergeometric function 1F1
# ---------------------------------------------------------------------------

def _owens_t_rule():
    """T(h, a) = a/(2 pi) int_0^1 exp(-h^2 (1 + a^2 u^2) / 2) / (1 + a^2 u^2)
    du by 26-point Gauss-Legendre on [-1, 1], folded onto u > 0 (JAX's
    rule): the nodes u^2 and the weights / (2 pi)."""
    u, w = np.polynomial.legendre.leggauss(26)
    keep = u > 0
    order = np.argsort(u[keep])
    return u[keep][order] ** 2, w[keep][order] / (2 * np.pi)


_OWENS_T_NODES, _OWENS_T_WEIGHTS = _owens_t_rule()


def _owens_t_quadrature(h, a):
    nodes = manipulation.expand_dims(_OWENS_T_NODES, tuple(range(a.ndim)))
    r = ufuncs.square(a)[..., None] * nodes
    integrand = ufuncs.exp(-0.5 * ufuncs.square(h)[..., None] * (1. + r)) / (1. + r)
    return a * (integrand @ _OWENS_T_WEIGHTS)


@custom_jvp
def _owens_t(h, a):
    h = ufuncs.abs(h)
    abs_a = ufuncs.abs(a)
    root_2 = _c(h, np.sqrt(2))
    h_normed = h / root_2
    # |a| > 1 goes through T(h, a) = (Phi(h) + Phi(ah))/2 - Phi(h)Phi(ah)
    # - T(ah, 1/a).
    mod_a = sorting.where(abs_a <= 1., abs_a, ufuncs.reciprocal(abs_a))
    mod_h = sorting.where(abs_a <= 1., h, abs_a * h)
    out = _owens_t_quadrature(mod_h, mod_a)
    out = sorting.where(mod_h == 0., ufuncs.arctan(mod_a) / (2 * np.pi), out)
    out = sorting.where(mod_a == 1.,
                    0.125 * lax.erfc(-mod_h / root_2)
                    * lax.erfc(mod_h / root_2),
                    out)
    normh = lax.erfc(h_normed)
    normah = lax.erfc(abs_a * h_normed)
    out = sorting.where(
        abs_a > 1.,
        sorting.where(abs_a * h <= 0.67,
                  0.25 - 0.25 * lax.erf(h_normed) * lax.erf(abs_a * h_normed)
                  - out,
                  0.25 * (normh + normah - normh * normah) - out),
        out)
    out = lax.sign(a) * out
    return sorting.where(ufuncs.isnan(a) | ufuncs.isnan(h), creation.full_like(out, lax_numpy.nan),
                     out)


@_owens_t.defjvp
def _owens_t_jvp(primals, tangents):
    (h, a), (dh, da) = primals, tangents
    out = _owens_t(h, a)
    root_2 = _c(h, np.sqrt(2))
    dout_dh = (-lax.exp(-0.5 * lax.square(h)) * lax.erf(a * h / root_2)
               / (2. * _c(h, np.sqrt(2. * np.pi))))
    dout_da = (lax.exp(-0.5 * (lax.square(a) + 1.) * lax.square(h))
               / (2. * np.pi * (lax.square(a) + 1.)))
    return out, (dout_dh * dh + dout_da * da).astype(_dtype(out))


def owens_t(h, a):
    """Owen's T function T(h, a)."""
    h, a = _inexact("owens_t", h, a)
    return _owens_t(h, a)


def _bessel_jn_one(z, v, n_iter):
    """J_0(z) ... J_v(z) by Miller's backward recurrence from order
    n_iter, normalized by J_0 + 2 (J_2 + J_4 + ...) = 1."""
    def step(carry, k):
        f0, f1, total = carry
        f = 2.0 * (k + 1.0) * f1 / z - f0
        total = control_flow.cond(ufuncs.mod(k, 2) == 0, lambda t: t + 2.0 * f,
                         lambda t: t, total)
        return (f1, f, total), f

    init = (_c(z, 0.0), _c(z, 1E-16), _c(z, 0.0))
    (_, _, total), vals = control_flow.scan(step, init,
                                   _strict_lax.iota(_dtype(z), n_iter + 1),
                                   reverse=True)
    return vals[:v + 1] / (total - vals[0])


def bessel_jn(z, *, v, n_iter=50):
    """Bessel functions of the first kind J_0(z) ... J_v(z), stacked on a
    new leading axis."""
    v = operator.index(v)
    n_iter = int(n_iter)
    return _bessel_jn(z, v, n_iter)


@functools.partial(jit_library, static_argnames=("v", "n_iter"))
def _bessel_jn(z, v, n_iter):
    (z,) = _promote_dtypes_inexact("bessel_jn", creation.asarray(z))
    if _is_complex(z):
        raise ValueError("complex input not supported.")
    fun = functools.partial(_bessel_jn_one, v=v, n_iter=n_iter)
    for _ in range(z.ndim):
        fun = _vmap(fun)
    return manipulation.moveaxis(fun(z), -1, 0)


def _hyp1f1_loop(init, update, a, b, x):
    """sum of terms until one no longer changes the sum (or 250 terms)."""
    eps = np.finfo(_dtype(x)).eps

    def body(state):
        total, k, term = state
        total, term = update(total, k, term)
        return total, k + 1, term

    def cond(state):
        total, k, term = state
        return (k < 250) & (lax.abs(term) / lax.abs(total) > eps)
    return slicing.while_loop(cond, body, init)[0]


def _hyp1f1_series(a, b, x):
    return _hyp1f1_loop(
        (_c(x, 1), 1, a / b * x),
        lambda s, k, t: (s + t, t * ((a + k) / (b + k) * x / (k + 1))),
        a, b, x)


def _hyp1f1_asymptotic(a, b, x):
    s = _hyp1f1_loop(
        (_c(x, 1), 1, (b - a) * (1 - a) / x),
        lambda s, k, t: (s + t, t * ((b - a + k) * (1 - a + k) / (k + 1) / x)),
        a, b, x)
    return gamma(b) / gamma(a) * lax.exp(x) * x ** (a - b) * s


@vectorize.vectorize
def _hyp1f1_da(a, b, x):
    return _hyp1f1_loop(
        (_c(x, 0), 1, a / b * x),
        lambda s, k, t: (s + t * (digamma(a + k) - digamma(a)),
                         t * ((a + k) / (b + k) * x / (k + 1))), a, b, x)


@vectorize.vectorize
def _hyp1f1_db(a, b, x):
    return _hyp1f1_loop(
        (_c(x, 0), 1, a / b * x),
        lambda s, k, t: (s + t * (digamma(b) - digamma(b + k)),
                         t * ((a + k) / (b + k) * x / (k + 1))), a, b, x)


@vectorize.vectorize
def _hyp1f1_elementwise(a, b, x):
    a, b, x = _inexact("hyp1f1", a, b, x)
    _no_complex("hyp1f1", x)
    out = control_flow.cond(lax.abs(x) < 100, _hyp1f1_series, _hyp1f1_asymptotic,
                   a, b, x)
    index = ((a == 0) * 1 + ((a == b) & (a != 0)) * 2
             + ((b == 0) & (a != 0)) * 3)
    return _strict_lax.select_n(index, out, creation.array(1, dtype=_dtype(x)),
                                ufuncs.exp(x), creation.array(np.inf, dtype=_dtype(x)))


_hyp1f1 = custom_jvp(jit_library(_hyp1f1_elementwise))
_hyp1f1.defjvps(
    lambda da, ans, a, b, x: _hyp1f1_da(a, b, x) * da,
    lambda db, ans, a, b, x: _hyp1f1_db(a, b, x) * db,
    lambda dx, ans, a, b, x: a / b * _hyp1f1(a + 1, b + 1, x) * dx)


def hyp1f1(a, b, x):
    """Kummer's confluent hypergeometric function 1F1(a; b; x)."""
    return _hyp1f1(a, b, x)
