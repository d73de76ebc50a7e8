"""Special functions that JAX builds in Python from lax operations: the
regularized incomplete gamma functions and their derivatives in `a`, the
derivative of gamma samples, and the regularized incomplete beta function.

JAX lowers these primitives by composing StableHLO (it ports XLA's
client/lib/math.cc): a power series and a continued fraction, each a while
loop over the whole array that stops when every enabled element has
converged. jxp composes the same algorithms from its own lax operations and
gives them JAX's derivative rules as custom JVPs, so that the values and
the derivatives follow JAX's to rounding.
"""

import functools

from jaxlib.mlir import ir
import numpy as np

from jxp._src import dtypes as _dt
from jxp._src.custom_derivatives import SymbolicZero, custom_jvp
from jxp._src.core import abstractify, constant as _constant, is_array_like
from jxp._src.lax import primitives as _prims
from jxp._src.lax import scalar_casting as lax
from jxp._src.lax.control_flow.loops import while_loop

__all__ = ["igamma", "igammac", "igamma_grad_a", "random_gamma_grad",
           "betainc", "regularized_incomplete_beta"]

# The few array helpers the algorithms need, from lax.

def _asarray(x):
    # An op of the value's own type makes a Python or NumPy scalar an array
    # (weakly typed as JAX's).
    return x if is_array_like(x) else lax.reshape(x, np.shape(x))


def _broadcast_to(x, shape):
    shape = tuple(shape)
    rank = abstractify(x).ndim
    if abstractify(x).shape == shape:
        return x
    return lax.broadcast_in_dim(x, shape, tuple(range(len(shape) - rank,
                                                      len(shape))))


def _any(x):
    return lax.reduce_or(x, tuple(range(abstractify(x).ndim)))


def _isnan(x):
    return lax.ne(x, x)


# What each series/continued-fraction loop computes.
_VALUE, _DERIVATIVE, _SAMPLE_DERIVATIVE = "value", "derivative", "sample"


def _float_args(name, *args):
    """Floating operands of one dtype, broadcast to one shape, as JAX's
    standard_naryop([_float, ...]) requires (a TypeError otherwise)."""
    arrs = [_asarray(a) for a in args]
    dtypes = {abstractify(a).dtype for a in arrs}
    for a in arrs:
        if not _dt.is_float(abstractify(a).dtype):
            raise TypeError(
                f"{name} does not accept dtype {abstractify(a).dtype}. "
                f"Accepted dtypes are subtypes of floating.")
    if len(dtypes) > 1:
        raise TypeError(
            f"{name} requires arguments to have the same dtypes, got "
            f"{', '.join(str(abstractify(a).dtype) for a in arrs)}.")
    shape = np.broadcast_shapes(*[abstractify(a).shape for a in arrs])
    return [_broadcast_to(a, shape) for a in arrs]


def _upcast(impl):
    """Half-precision operands are computed in float32, as JAX does."""
    @functools.wraps(impl)
    def f(*args):
        dtype = abstractify(args[0]).dtype
        if dtype in (np.dtype(np.float16), np.dtype(_dt.bfloat16)):
            out = impl(*[a.astype(np.float32) for a in args])
            return out.astype(dtype)
        return impl(*args)
    return f


def _eps(dtype):
    return np.finfo(dtype).eps


def _const(x, v):
    """v as a constant of x's dtype, weakly typed when x is a weakly typed
    scalar (JAX's lax._const)."""
    aval = abstractify(x)
    if aval.weak_type and aval.ndim == 0:
        return _constant(v, aval.dtype, weak_type=True)
    return np.asarray(v, aval.dtype)


# ---------------------------------------------------------------------------
# Incomplete gamma: series for x < max(1, a), continued fraction otherwise
# ---------------------------------------------------------------------------

def _series(ax, x, a, enabled, mode):
    """sum_n x^n / (a+1)...(a+n), with its derivative in `a` carried along
    (for the DERIVATIVE modes); each element stops when its terms no longer
    change the sum."""
    eps = _const(a, _eps(abstractify(a).dtype))
    one = _const(a, 1.0)

    def cond(c):
        return _any(c[0])

    def body(c):
        on, r, term, total, xx, dterm, dtotal = c
        r1 = r + one
        dterm1 = dterm * (xx / r1) - (term * xx) / (r1 * r1)
        dtotal1 = dtotal + dterm1
        term1 = term * (xx / r1)
        total1 = total + term1
        if mode == _VALUE:
            more = on & (term1 / total1 > eps)
        else:
            more = on & (lax.abs(dterm1 / dtotal1) > eps)
        pick = lambda new, old: lax.select(on, new, old)  # noqa: E731
        return (more, pick(r1, r), pick(term1, term), pick(total1, total),
                pick(xx, xx), pick(dterm1, dterm), pick(dtotal1, dtotal))

    ones, zeros = lax.full_like(a, 1), lax.full_like(a, 0)
    out = while_loop(cond, body,
                         (enabled, a, ones, ones, x, zeros, zeros))
    total, dtotal = out[3], out[6]
    if mode == _VALUE:
        return (total * ax) / a
    dlogax_da = lax.log(x) - lax.digamma(a + one)
    if mode == _DERIVATIVE:
        return ax * (total * dlogax_da + dtotal) / a
    return -(dtotal + total * dlogax_da) * x / a


def _continued_fraction(ax, x, a, enabled, mode):
    """Q(a, x) / ax by the continued fraction of Cephes' igamc, with the
    derivative of its convergents in `a` for the DERIVATIVE modes; the
    convergents are rescaled by eps when they grow past 1/eps."""
    dtype = abstractify(a).dtype
    eps = _const(a, _eps(dtype))
    one, two = _const(a, 1.0), _const(a, 2.0)
    big = _const(a, 1.0 / _eps(dtype))

    def cond(c):
        return (c[5] < _const(c[5], 2000)) & _any(c[0])

    def body(c):
        (on, ans, t, y, z, k, pkm1, qkm1, pkm2, qkm2,
         dpkm2, dqkm2, dpkm1, dqkm1, dans) = c
        k1 = k + one
        y1 = y + one
        z1 = z + two
        yc = y1 * k1
        pk = pkm1 * z1 - pkm2 * yc
        qk = qkm1 * z1 - qkm2 * yc
        nonzero = qk != _const(qk, 0)
        r = pk / qk
        t1 = lax.select(nonzero, lax.abs((ans - r) / r), lax.full_like(r, 1))
        ans1 = lax.select(nonzero, r, ans)
        dpk = dpkm1 * z1 - pkm1 - dpkm2 * yc + pkm2 * k1
        dqk = dqkm1 * z1 - qkm1 - dqkm2 * yc + qkm2 * k1
        dans1 = lax.select(nonzero, (dpk - ans1 * dqk) / qk, dans)
        dchange = lax.select(nonzero, lax.abs(dans1 - dans),
                             lax.full_like(dans, 1))
        rescale = lax.abs(pk) > big
        sc = lambda v: lax.select(rescale, v * eps, v)  # noqa: E731
        n_pkm2, n_pkm1, n_qkm2, n_qkm1 = sc(pkm1), sc(pk), sc(qkm1), sc(qk)
        n_dpkm2, n_dqkm2 = sc(dpkm1), sc(dqkm1)
        n_dpkm1, n_dqkm1 = sc(dpk), sc(dqk)
        if mode == _VALUE:
            more = on & (t1 > eps)
        else:
            more = on & (dchange > eps)
        pick = lambda new, old: lax.select(on, new, old)  # noqa: E731
        return (more, pick(ans1, ans), pick(t1, t), pick(y1, y), pick(z1, z),
                k1, pick(n_pkm1, pkm1), pick(n_qkm1, qkm1),
                pick(n_pkm2, pkm2), pick(n_qkm2, qkm2),
                pick(n_dpkm2, dpkm2), pick(n_dqkm2, dqkm2),
                pick(n_dpkm1, dpkm1), pick(n_dqkm1, dqkm1),
                pick(dans1, dans))

    y = one - a
    z = x + y + one
    k = _const(x, 0)  # one counter for all elements
    pkm2 = lax.full_like(x, 1)
    qkm2 = x
    pkm1 = x + one
    qkm1 = z * x
    ans = pkm1 / qkm1
    t = lax.full_like(x, 1)
    zeros = lax.full_like(x, 0)
    dqkm1 = -x
    dans = (zeros - ans * dqkm1) / qkm1
    out = while_loop(cond, body, (
        enabled, ans, t, y, z, k, pkm1, qkm1, pkm2, qkm2,
        zeros, zeros, zeros, dqkm1, dans))
    ans, dans = out[1], out[14]
    if mode == _VALUE:
        return ans * ax
    dlogax_da = lax.log(x) - lax.digamma(a)
    if mode == _DERIVATIVE:
        return ax * (ans * dlogax_da + dans)
    return -(dans + ans * dlogax_da) * x


def _log_ax(a, x):
    """log(x^a e^-x / Gamma(a)), whether it underflows, and its exp."""
    ax = a * lax.log(x) - x - lax.lgamma(a)
    dtype = abstractify(a).dtype
    underflow = ax < -np.log(np.finfo(dtype).max).astype(dtype)
    return lax.exp(ax), underflow


@_upcast
def _igamma_impl(a, x):
    nan = _isnan(a) | _isnan(x)
    x_inf = x == _const(x, np.inf)
    a_zero = a == _const(a, 0)
    x_zero = x == _const(x, 0)
    domain = (x < _const(x, 0)) | (a < _const(a, 0)) | (a_zero & x_zero) | nan
    use_cf = (x >= _const(x, 1)) & (x > a)
    ax, underflow = _log_ax(a, x)
    enabled = ~(x_zero | domain | underflow | x_inf)
    out = lax.select(
        use_cf,
        _const(a, 1) - _continued_fraction(ax, x, a, enabled & use_cf, _VALUE),
        _series(ax, x, a, enabled & ~use_cf, _VALUE))
    out = lax.select(x_zero, lax.full_like(a, 0), out)
    out = lax.select(x_inf, lax.full_like(a, 1), out)
    return lax.select(domain, lax.full_like(a, np.nan), out)


@_upcast
def _igammac_impl(a, x):
    nan = _isnan(a) | _isnan(x)
    a_zero = a == _const(a, 0)
    x_zero = x == _const(x, 0)
    x_inf = x == _const(x, np.inf)
    domain = (x < _const(x, 0)) | (a < _const(a, 0)) | (a_zero & x_zero) | nan
    use_series = (x < _const(x, 1)) | (x < a)
    ax, underflow = _log_ax(a, x)
    enabled = ~(domain | underflow | x_inf | a_zero)
    series = _series(ax, x, a, enabled & use_series, _VALUE)
    cf = _continued_fraction(ax, x, a, enabled & ~use_series, _VALUE)
    out = lax.select(use_series, _const(a, 1) - series, cf)
    out = lax.select(x_inf | a_zero, lax.full_like(out, 0), out)
    return lax.select(domain, lax.full_like(a, np.nan), out)


def _grad_a_impl(mode):
    @_upcast
    def impl(a, x):
        nan = _isnan(a) | _isnan(x)
        x_zero = x == _const(x, 0)
        domain = (x < _const(x, 0)) | (a <= _const(a, 0))
        use_cf = (x > _const(x, 1)) & (x > a)
        ax, underflow = _log_ax(a, x)
        enabled = ~(x_zero | domain | underflow | nan)
        out = lax.select(
            use_cf,
            -_continued_fraction(ax, x, a, enabled & use_cf, mode),
            _series(ax, x, a, enabled & ~use_cf, mode))
        out = lax.select(x_zero, lax.full_like(out, 0), out)
        return lax.select(domain | nan, lax.full_like(a, np.nan), out)
    return impl


_igamma_grad_a_impl = _grad_a_impl(_DERIVATIVE)
_random_gamma_grad_impl = _grad_a_impl(_SAMPLE_DERIVATIVE)


def _weak(out, args):
    if all(abstractify(a).weak_type for a in args):
        return _prims.convert_element_type_prim.bind(
            out, new_dtype=abstractify(out).dtype, weak_type=True)
    return out


def _located(rule):
    """Traces `rule` with a default MLIR location. (jxp traces rules of
    symbolic_zeros=True custom JVPs lazily, inside the module's context but
    without a location, which region ops such as while_loop need.)"""
    @functools.wraps(rule)
    def f(*args):
        with ir.Location.unknown():
            return rule(*args)
    return f


def _add_tangents(terms, like):
    terms = [t for t in terms if t is not None]
    if not terms:
        return lax.full_like(like, 0)
    out = terms[0]
    for t in terms[1:]:
        out = out + t
    return out


def _density_x(a, x):
    """d/dx P(a, x) = x^(a-1) e^-x / Gamma(a)."""
    return lax.exp(-x + (a - _const(a, 1)) * lax.log(x) - lax.lgamma(a))


@custom_jvp
def _igamma(a, x):
    return _igamma_impl(a, x)


def _igamma_jvp(primals, tangents):
    a, x = primals
    da, dx = tangents
    out = _igamma(a, x)
    terms = [None if isinstance(da, SymbolicZero)
             else da * igamma_grad_a(a, x),
             None if isinstance(dx, SymbolicZero) else dx * _density_x(a, x)]
    return out, _add_tangents(terms, out)


_igamma.defjvp(_located(_igamma_jvp), symbolic_zeros=True)


@custom_jvp
def _igammac(a, x):
    return _igammac_impl(a, x)


def _igammac_jvp(primals, tangents):
    a, x = primals
    da, dx = tangents
    out = _igammac(a, x)
    terms = [None if isinstance(da, SymbolicZero)
             else -(da * igamma_grad_a(a, x)),
             None if isinstance(dx, SymbolicZero)
             else -(dx * _density_x(a, x))]
    return out, _add_tangents(terms, out)


_igammac.defjvp(_located(_igammac_jvp), symbolic_zeros=True)


def igamma(a, x):
    """Regularized lower incomplete gamma function P(a, x) (lax.igamma)."""
    a, x = _float_args("igamma", a, x)
    return _weak(_igamma(a, x), (a, x))


def igammac(a, x):
    """Regularized upper incomplete gamma function Q(a, x) (lax.igammac)."""
    a, x = _float_args("igammac", a, x)
    return _weak(_igammac(a, x), (a, x))


def igamma_grad_a(a, x):
    """d/da P(a, x) (lax.igamma_grad_a)."""
    a, x = _float_args("igamma_grad_a", a, x)
    return _weak(_igamma_grad_a_impl(a, x), (a, x))


def random_gamma_grad(a, x):
    """d sample / d a for a Gamma(a, 1) sample x, by implicit
    differentiation of P(a, x) = u (lax.random_gamma_grad)."""
    a, x = _float_args("random_gamma_grad", a, x)
    return _weak(_random_gamma_grad_impl(a, x), (a, x))


# ---------------------------------------------------------------------------
# Regularized incomplete beta: Lentz's continued fraction (DLMF 8.17.22)
# ---------------------------------------------------------------------------

def _lentz(num_iterations, small, threshold, numerator, denominator, inputs):
    """The value of the continued fraction b0 + a1/(b1 + a2/(b2 + ...)) by
    the modified Lentz method, for all elements at once until every one
    has converged (or num_iterations)."""
    b0 = denominator(0, *inputs)
    h = lax.select(lax.abs(b0) < small, lax.full_like(b0, small), b0)

    def cond(c):
        return (c[0] < num_iterations) & c[1]

    def body(c):
        it, _, cc, d, h = c
        an = numerator(it, *inputs)
        bn = denominator(it, *inputs)
        cc = bn + an / cc
        cc = lax.select(lax.abs(cc) < small, lax.full_like(cc, small), cc)
        d = bn + an * d
        d = lax.select(lax.abs(d) < small, lax.full_like(d, small), d)
        d = _const(d, 1) / d
        delta = cc * d
        h = h * delta
        unconverged = _any(lax.abs(delta - _const(delta, 1)) >= threshold)
        return it + 1, unconverged, cc, d, h

    init = (np.int32(1), np.bool_(True), h, lax.full_like(h, 0), h)
    return while_loop(cond, body, init)[4]


@_upcast
def _betainc_impl(a, b, x):
    dtype = abstractify(a).dtype
    shape = abstractify(a).shape
    one, two = _const(a, 1), _const(a, 2)

    def numerator(it, a, b, x):
        it = _broadcast_to(lax.convert_element_type(it, np.int32), shape)
        even = (it % 2) == 0
        is_one = it == 1
        m_int = (it - 1) // 2
        m_zero = m_int == 0
        m = m_int.astype(dtype)
        first = -(a + b) * x / (a + one)
        even_num = lax.select(
            m_zero, first,
            -(a + m) * (a + b + m) * x / ((a + two * m) * (a + two * m + one)))
        odd_num = m * (b - m) * x / ((a + two * m - one) * (a + two * m))
        return lax.select(is_one, lax.full_like(x, 1),
                          lax.select(even, even_num, odd_num))

    def denominator(it, a, b, x):
        if isinstance(it, int) and it == 0:
            return lax.full_like(x, 0)
        it = _broadcast_to(lax.convert_element_type(it, np.int32), shape)
        return lax.select(it == 0, lax.full_like(x, 0), lax.full_like(x, 1))

    inf = _const(a, np.inf)
    a_zero = (a == _const(a, 0)) | (b == inf)
    b_zero = (b == _const(b, 0)) | (a == inf)
    x_zero = x == _const(x, 0)
    x_one = x == _const(x, 1)
    nan = _isnan(a) | _isnan(b) | _isnan(x)
    is_zero = (b_zero & ~x_one) | (a_zero & x_zero)
    is_one = (a_zero & ~x_zero) | (b_zero & x_one)
    is_nan = ((a < _const(a, 0)) | (b < _const(b, 0)) | (x < _const(x, 0))
              | (x > _const(x, 1)) | (a_zero & b_zero) | nan)

    # The fraction converges fast for x < (a+1)/(a+b+2); elsewhere use
    # I_x(a, b) = 1 - I_{1-x}(b, a).
    fast = x < (a + one) / (a + b + two)
    a, b = lax.select(fast, a, b), lax.select(fast, b, a)
    x = lax.select(fast, x, one - x)
    eps2 = (np.finfo(dtype).eps / 2).astype(dtype)
    cf = _lentz(200 if dtype == np.float32 else 600, eps2, eps2,
                numerator, denominator, (a, b, x))
    # a * Gamma(a) = Gamma(a + 1) -> 1 as a -> 0+.
    tiny = (np.finfo(dtype).tiny * 2).astype(dtype)
    lbeta_small_a = lax.lgamma(b) - lax.lgamma(a + b)
    lbeta = lax.lgamma(a) + lbeta_small_a
    factor = lax.select(
        a < tiny,
        lax.exp(lax.log1p(-x) * b - lbeta_small_a),
        lax.exp(lax.log(x) * a + lax.log1p(-x) * b - lbeta) / a)
    out = cf * factor
    out = lax.select(fast, out, one - out)
    out = lax.select(is_zero, lax.full_like(a, 0), out)
    out = lax.select(is_one, lax.full_like(a, 1), out)
    return lax.select(is_nan, lax.full_like(a, np.nan), out)


@custom_jvp
def _betainc(a, b, x):
    return _betainc_impl(a, b, x)


def _betainc_jvp(primals, tangents):
    a, b, x = primals
    da, db, dx = tangents
    if not (isinstance(da, SymbolicZero) and isinstance(db, SymbolicZero)):
        raise ValueError(
            "Betainc gradient with respect to a and b not supported.")
    out = _betainc(a, b, x)
    if isinstance(dx, SymbolicZero):
        return out, lax.full_like(out, 0)
    lbeta = lax.lgamma(a) + lax.lgamma(b) - lax.lgamma(a + b)
    dout_dx = lax.exp((b - _const(b, 1)) * lax.log1p(-x)
                      + (a - _const(a, 1)) * lax.log(x) - lbeta)
    return out, dout_dx * dx


_betainc.defjvp(_located(_betainc_jvp), symbolic_zeros=True)


def betainc(a, b, x):
    """Regularized incomplete beta function I_x(a, b) (lax.betainc)."""
    a, b, x = _float_args("regularized_incomplete_beta", a, b, x)
    return _weak(_betainc(a, b, x), (a, b, x))


regularized_incomplete_beta = betainc
