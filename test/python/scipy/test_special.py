"""jxp.scipy.special against jax.scipy.special: values, dtypes, weak types,
error classes and derivatives (grad and jvp), including at the special
points (0, negative integers, large arguments, inf and nan), in float32
and with jax_enable_x64.

Every expected value is JAX's, computed in the test. To stay fast, each
check jits one program that evaluates a function over a whole grid of
inputs, and the grids of many functions go into one program."""

import jax
import jax.numpy as rjnp
import jax.scipy.special as rsp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
import jxp.scipy.special as jsp
from jxp._src.lax import special as jsf
from jax._src.lax import special as rsf
from jxp_test_util import assert_same

from jxp_test_util import x64_set_to

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(params=[False, True], ids=["x32", "x64"])
def x64(request):
    yield from x64_set_to(request.param)


def _lib(jax_side):
    """(jit, numpy, scipy.special, lax-level special functions) of one
    library."""
    if jax_side:
        return jax.jit, rjnp, rsp, rsf
    return jxp.jit, jnp, jsp, jsf


def both(program, *args, rtol=1e-6, atol=0.0, weak_type=True):
    """program(np_module, special_module, sf_module, *args), jitted in
    each library: jxp's results equal JAX's (pytree, dtypes, weak types,
    values)."""
    out = []
    for side in (True, False):
        jit, m, sp, sf = _lib(side)
        with np.errstate(all="ignore"):
            out.append(jit(lambda *a: program(m, sp, sf, *a))(*args))
    assert_same(out[1], out[0], rtol=rtol, atol=atol, weak_type=weak_type)
    return out


def _float():
    return np.float64 if jax.config.jax_enable_x64 else np.float32


# The special points of a real argument, and a spread of ordinary ones.
X = np.array([-np.inf, -40., -3.5, -3., -2., -1.5, -1., -0.5, -1e-3, -0.0,
              0.0, 1e-30, 1e-3, 0.1, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.0,
              4.5, 6.0, 7.9, 8.1, 12.0, 30.0, 100.0, 1e4, np.inf, np.nan])
# Probabilities (and just outside [0, 1]).
P = np.array([-0.1, 0.0, 1e-30, 1e-10, 1e-5, 0.01, 0.1, 0.135, 0.3, 0.5,
              0.7, 0.864, 0.9, 0.99, 0.99999, 1.0, 1.1, np.nan])

UNARY = ["gammaln", "gammasgn", "loggamma", "gamma", "digamma", "factorial",
         "erf", "erfc", "erfinv", "erfcx", "ndtr", "ndtri", "log_ndtr",
         "logit", "expit", "entr", "i0", "i0e", "i1", "i1e", "spence"]


def test_unary_values(x64):
    x, p = X.astype(_float()), P.astype(_float())
    both(lambda m, sp, sf, x, p: {n: (getattr(sp, n)(x), getattr(sp, n)(p))
                                   for n in UNARY}, x, p, rtol=2e-6)


# Pairs of arguments: every combination of a few special values.
_AB = np.array([-1., -0.5, 0.0, 1e-3, 0.5, 1.0, 2.0, 3.5, 10.0, 25.0,
                150.0, np.inf, np.nan])
A2, B2 = (v.ravel() for v in np.meshgrid(_AB, _AB))

BINARY = ["betaln", "beta", "comb", "gammainc", "gammaincc", "xlogy",
          "xlog1py", "rel_entr", "kl_div", "poch", "boxcox", "boxcox1p",
          "zeta"]


def test_binary_values(x64):
    a, b = A2.astype(_float()), B2.astype(_float())
    both(lambda m, sp, sf, a, b: {n: getattr(sp, n)(a, b) for n in BINARY},
         a, b, rtol=5e-6)


def test_incomplete_gamma_and_beta_wide_range(x64):
    """The series / continued fraction switch, convergence for large
    arguments, and the a == 0 / x == 0 / x == inf edges."""
    rng = np.random.default_rng(0)
    a = np.concatenate([10 ** rng.uniform(-3, 3, 200), [0., 0., 1., 1.]])
    x = np.concatenate([10 ** rng.uniform(-3, 3, 200), [0., 1., 0., np.inf]])
    u = np.concatenate([rng.uniform(0, 1, 200), [0., 1., 0.5, 1e-7]])
    a, x, u = (v.astype(_float()) for v in (a, x, u))
    both(lambda m, sp, sf, a, x, u: (
        sp.gammainc(a, x), sp.gammaincc(a, x), sf.igamma_grad_a(a, x),
        sf.random_gamma_grad(a, x), sp.betainc(a, x, u),
        sp.betainc(a / 10, x / 10, u)), a, x, u, rtol=5e-5)


def test_lax_level_functions_dtypes_and_broadcasting():
    """igamma & co. as JAX's lax functions: half precision computed in
    float32, scalars broadcast, weak types kept."""
    a = np.array([0.5, 2.0, 7.0], np.float16)
    x = np.array([0.3, 2.5, 3.0], np.float16)
    both(lambda m, sp, sf, a, x: (
        sf.igamma(a, x), sf.igammac(a, x), sf.igamma_grad_a(a, x),
        sf.random_gamma_grad(a, x), sf.betainc(a, a, x / 4)), a, x,
        rtol=1e-3)
    both(lambda m, sp, sf, a, x: (sf.igamma(a, x), sf.igammac(a, x),
                                  sp.gammainc(a, 2.0), sf.betainc(a, x, 0.5)),
         1.5, 2.0)


def test_weak_types_and_promotion():
    """Python scalars stay weakly typed; ints become floats."""
    names = ["gammaln", "erf", "ndtr", "expit", "logit", "i0e", "digamma",
             "entr"]
    both(lambda m, sp, sf, x: [getattr(sp, n)(x) for n in names], 0.25)
    both(lambda m, sp, sf, x: (sp.gammaln(x), sp.xlogy(x, 2), sp.comb(x, 2),
                               sp.gammainc(x, 1.5), sp.betaln(x, 3)),
         np.array([1, 2, 5], np.int32))
    both(lambda m, sp, sf, x: (sp.xlogy(x, 2.0), sp.xlog1py(2, x),
                               sp.gammainc(x, np.float32(1.5))), 3.0)


def test_polygamma_multigammaln_bernoulli(x64):
    n = np.array([0, 1, 2, 3, 1, 4], np.int32)
    x = np.array([0.5, 1.5, 3.0, 10.0, -0.5, 2.0], _float())
    both(lambda m, sp, sf, n, x: (sp.polygamma(n, x), sp.polygamma(1, x),
                                  sp.multigammaln(x + 3, 3),
                                  sp.multigammaln(x + 3, 1)), n, x)
    for k in (0, 2, 3, 12):
        assert_same(jsp.bernoulli(k), rsp.bernoulli(k), rtol=1e-6)


def test_log_ndtr_series_order_and_tails(x64):
    x = np.array([-1e4, -60., -39., -20.5, -11., -10., -5., -1., 0., 4.,
                  5.5, 8.5, 30.], _float())
    both(lambda m, sp, sf, x: [sp.log_ndtr(x, series_order=k)
                               for k in (0, 1, 3, 8)], x, rtol=2e-6)


def test_logsumexp_softmax():
    rng = np.random.default_rng(1)
    a = rng.normal(size=(3, 4)).astype(np.float32)
    a[0, 1] = -np.inf
    b = rng.normal(size=(3, 4)).astype(np.float32)
    w = rng.uniform(size=(3, 4)) > 0.3
    both(lambda m, sp, sf, a, b, w: (
        sp.logsumexp(a), sp.logsumexp(a, axis=1, b=b),
        sp.logsumexp(a, axis=0, b=b, return_sign=True),
        sp.logsumexp(a, axis=(0, 1), keepdims=True, where=w),
        sp.softmax(a), sp.softmax(a, axis=0), sp.log_softmax(a),
        sp.log_softmax(a, axis=1)), a, b, w)


# --- derivatives -----------------------------------------------------------

# Differentiable unary functions and where they are differentiated.
GRAD_UNARY = {
    "gammaln": X, "digamma": X, "erf": X, "erfc": X, "erfcx": X, "i0": X,
    "i0e": X, "i1": X, "i1e": X, "expit": X, "entr": X, "factorial": X,
    "gamma": X, "loggamma": X, "ndtr": X, "log_ndtr": X, "erfinv": P,
    "ndtri": P, "logit": P, "spence": X, "expi": X, "exp1": X, "dawsn": X,
}


def _grads(m, sp, names, *args):
    """d/dx of each function at every point (grad of the sum)."""
    jax_side = m is rjnp
    grad = jax.grad if jax_side else jxp.grad
    return {n: grad(lambda v: getattr(sp, n)(v).sum())(args[i])
            for i, n in enumerate(names)}


def test_unary_grads(x64):
    names = list(GRAD_UNARY)
    args = [GRAD_UNARY[n].astype(_float()) for n in names]
    both(lambda m, sp, sf, *a: _grads(m, sp, names, *a), *args, rtol=5e-6)


def test_expn_and_sici(x64):
    n = np.array([0, 1, 2, 3, 5, 5000, -1], _float())
    x = np.array([0.0, 1e-3, 0.3, 1.0, 1.5, 8.0, 60.0, -1.0, np.inf, np.nan],
                 _float())
    n2, x2 = (v.ravel() for v in np.meshgrid(n, x))

    def program(m, sp, sf, n2, x2, x):
        grad = jax.grad if m is rjnp else jxp.grad
        return (sp.expn(n2, x2), sp.exp1(x), sp.expi(x), sp.dawsn(x),
                sp.sici(x),
                grad(lambda v: sp.expn(n[:6], v).sum())(x[1:7]),
                grad(lambda v: sp.sici(v)[0].sum())(x[1:7]),
                grad(lambda v: sp.sici(v)[1].sum())(x[1:7]))
    both(program, n2, x2, x, rtol=2e-6)


def test_unary_jvps():
    names = ["gammaln", "erf", "ndtri", "log_ndtr", "logit", "i1e", "entr"]
    x = np.array([0.0, 0.1, 0.5, 0.9, 1.0, 2.0], np.float32)
    t = np.linspace(-1, 1, 6).astype(np.float32)

    def program(m, sp, sf, x, t):
        jvp = jax.jvp if m is rjnp else jxp.jvp
        return [jvp(getattr(sp, n), (x,), (t,)) for n in names]
    both(program, x, t)


def _grad2(m, f, a, b):
    grad = jax.grad if m is rjnp else jxp.grad
    g = grad(lambda a, b: f(a, b).sum(), argnums=(0, 1))
    return g(a, b)


GRAD_BINARY = ["gammainc", "gammaincc", "xlogy", "xlog1py", "betaln",
               "beta", "poch", "zeta", "rel_entr", "kl_div", "comb",
               "boxcox"]


def test_binary_grads(x64):
    a, b = A2.astype(_float()), B2.astype(_float())
    both(lambda m, sp, sf, a, b: {n: _grad2(m, getattr(sp, n), a, b)
                                  for n in GRAD_BINARY}, a, b, rtol=2e-5)


def test_incomplete_gamma_grads_wide_range():
    rng = np.random.default_rng(2)
    a = (10 ** rng.uniform(-2, 2.5, 100)).astype(np.float32)
    x = (10 ** rng.uniform(-2, 2.5, 100)).astype(np.float32)
    u = rng.uniform(0.01, 0.99, 100).astype(np.float32)

    def program(m, sp, sf, a, x, u):
        grad = jax.grad if m is rjnp else jxp.grad
        return (_grad2(m, sp.gammainc, a, x), _grad2(m, sp.gammaincc, a, x),
                grad(lambda u: sp.betainc(a, x, u).sum())(u),
                grad(lambda x: sf.igamma(a, x).sum())(x))
    both(program, a, x, u, rtol=5e-5, atol=1e-30)


def test_polygamma_grad():
    x = np.array([0.5, 1.5, 3.0, -0.5, 0.0], np.float32)
    both(lambda m, sp, sf, x: [
        (jax.grad if m is rjnp else jxp.grad)(
            lambda v: sp.polygamma(k, v).sum())(x) for k in (0, 1, 2)], x)


def test_second_derivatives():
    x = np.array([0.3, 1.0, 2.5, 7.0], np.float32)

    def program(m, sp, sf, x):
        grad = jax.grad if m is rjnp else jxp.grad

        def second(f):
            return grad(lambda v: grad(lambda w: f(w).sum())(v).sum())(x)
        return [second(getattr(sp, n)) for n in
                ("gammaln", "erf", "expit", "log_ndtr")] + [
            second(lambda w: sp.xlogy(w, 2.0 * w)),
            second(lambda w: sp.gammainc(2.0, w))]
    both(program, x, rtol=1e-5)


# --- errors ----------------------------------------------------------------

def _raises_same(fn):
    """fn(special_module) raises the same error class in both."""
    with pytest.raises(Exception) as want:
        fn(rsp)
    with pytest.raises(Exception) as got:
        fn(jsp)
    assert type(got.value).__name__ == type(want.value).__name__, (
        got.value, want.value)


@pytest.mark.parametrize("call", [
    lambda sp: sp.polygamma(1.0, 2.0),
    lambda sp: sp.zeta(2.0),
    lambda sp: sp.factorial(3.0, exact=True),
    lambda sp: sp.ndtr(np.array([1, 2], np.int32)),
    lambda sp: sp.ndtri(np.array([1, 2], np.int32)),
    lambda sp: sp.spence(np.array([1, 2], np.int32)),
    lambda sp: sp.log_ndtr(1.0, series_order=31),
    lambda sp: sp.log_ndtr(1.0, series_order=-1),
    lambda sp: sp.log_ndtr(1.0, series_order=1.5),
    lambda sp: sp.log_ndtr(np.array([1], np.float16)),
    lambda sp: sp.bernoulli(-1),
    lambda sp: sp.bernoulli(1.5),
    lambda sp: sp.gammasgn(np.array([1j])),
    lambda sp: sp.entr(np.array([1j])),
    lambda sp: sp.beta(np.array([1j]), 1.0),
    lambda sp: sp.betainc(np.array([1j]), 1.0, 0.5),
], ids=lambda c: None)
def test_errors(call):
    _raises_same(call)


def test_betainc_grad_in_a_is_an_error():
    for grad in (jax.grad, jxp.grad):
        sp = rsp if grad is jax.grad else jsp
        with pytest.raises(ValueError):
            grad(lambda a: sp.betainc(a, 2.0, 0.5))(1.0)


def test_multigammaln_needs_a_static_d():
    for jit, sp in ((jax.jit, rsp), (jxp.jit, jsp)):
        with pytest.raises(Exception) as e:
            jit(lambda d: sp.multigammaln(3.0, d))(2)
        assert "Concretization" in type(e.value).__name__ or isinstance(
            e.value, TypeError), e.value


def test_owens_t_bessel_jn_hyp1f1(x64):
    f = _float()
    h, a = (v.ravel().astype(f) for v in np.meshgrid(
        [-2.0, -0.5, 0.0, 0.3, 1.0, 2.5, 10.0, np.nan],
        [-3.0, -1.0, 0.0, 0.2, 1.0, 1.5, np.inf, np.nan]))
    z = np.array([0.1, 0.5, 1.0, 3.0, 10.0, 0.0], f)
    ha, hb = (v.ravel().astype(f) for v in np.meshgrid(
        [0.0, 0.5, 1.0, 2.0, -1.5], [0.0, 0.5, 1.0, 3.0]))
    hx = np.tile(np.array([0.5, -3.0, 10.0, 150.0, 2.0], f), 4)

    def program(m, sp, sf, h, a, z, ha, hb, hx):
        grad = jax.grad if m is rjnp else jxp.grad
        return (sp.owens_t(h, a), sp.bessel_jn(z, v=3),
                sp.bessel_jn(z.reshape(2, 3), v=1, n_iter=30),
                sp.hyp1f1(ha, hb, hx),
                grad(lambda h, a: sp.owens_t(h, a).sum(), (0, 1))(
                    h[:20], a[:20] + 0.5),
                grad(lambda a, b, x: sp.hyp1f1(a, b, x).sum(), (0, 1, 2))(
                    ha + 0.5, hb + 0.5, hx / 10))
    both(program, h, a, z, ha, hb, hx, rtol=2e-5)
