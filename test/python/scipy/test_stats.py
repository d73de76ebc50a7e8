"""jxp.scipy.stats against jax.scipy.stats: every function of every
distribution jxp has, over grids that include the edges of the support,
bad parameters, infinities and nans; dtypes and weak types; derivatives in
every argument; error classes.

Every expected value is JAX's, computed in the test; each distribution's
functions are evaluated in one jitted program per library."""

import jax
import jax.numpy as rjnp
import jax.scipy.stats as rst
import numpy as np
import pytest

import jxp
import jxp.scipy.stats as jst
from jxp_test_util import assert_same

from jxp_test_util import x64_set_to

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(params=[False, True], ids=["x32", "x64"])
def x64(request):
    yield from x64_set_to(request.param)


def _float():
    return np.float64 if jax.config.jax_enable_x64 else np.float32


def both(program, *args, rtol=1e-6, atol=0.0):
    """program(stats_module, *args) jitted in each library: jxp's results
    equal JAX's (pytree, dtypes, weak types, values)."""
    out = []
    for st, jit in ((rst, jax.jit), (jst, jxp.jit)):
        with np.errstate(all="ignore"):
            out.append(jit(lambda *a: program(st, *a))(*args))
    assert_same(out[1], out[0], rtol=rtol, atol=atol)
    return out


def _grid(*columns):
    """Every combination of the given values, one flat array per
    argument."""
    return [g.ravel().astype(_float()) for g in np.meshgrid(*columns)]


X = [-np.inf, -2.5, -0.5, 0.0, 0.2, 0.5, 1.0, 1.7, 3.0, 12.0, np.inf, np.nan]
LOC = [-1.0, 0.0, 0.5]
SCALE = [-1.0, 0.0, 0.5, 2.0]
SHAPE = [-1.0, 0.0, 0.3, 1.0, 2.5, 30.0]
Q = [-0.1, 0.0, 1e-6, 0.25, 0.5, 0.9, 1.0, 1.1, np.nan]
K = [-1.0, 0.0, 1.0, 2.0, 2.5, 3.0, 7.0, 40.0]
PROB = [-0.1, 0.0, 0.3, 0.5, 1.0, 1.5]

# name -> (functions of x, loc, scale).
LOC_SCALE = {
    "norm": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
    "uniform": ["logpdf", "pdf", "cdf"],
    "laplace": ["logpdf", "pdf", "cdf"],
    "logistic": ["logpdf", "pdf", "cdf", "sf"],
    "cauchy": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
    "expon": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
    "gumbel_r": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
    "gumbel_l": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
}
LOC_SCALE_PPF = {
    "norm": ["ppf", "isf"], "uniform": ["ppf"], "logistic": ["ppf", "isf"],
    "cauchy": ["ppf", "isf"], "expon": ["ppf"], "gumbel_r": ["ppf"],
    "gumbel_l": ["ppf"],
}
# name -> functions of (x, shape, loc, scale).
SHAPED = {
    "t": ["logpdf", "pdf"],
    "gamma": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
    "chi2": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
    "pareto": ["logpdf", "pdf", "cdf", "logcdf", "sf", "logsf"],
}


def _call_all(st, table, *args):
    return {f"{d}.{f}": getattr(getattr(st, d), f)(*args)
            for d, fs in table.items() for f in fs}


def test_location_scale_families(x64):
    x, loc, scale = _grid(X, LOC, SCALE)
    q, qloc, qscale = _grid(Q, LOC, SCALE)
    both(lambda st, x, loc, scale, q, qloc, qscale: (
        _call_all(st, LOC_SCALE, x, loc, scale),
        _call_all(st, LOC_SCALE_PPF, q, qloc, qscale),
        _call_all(st, LOC_SCALE, x)),
        x, loc, scale, q, qloc, qscale, rtol=5e-6)


def test_shape_families(x64):
    x, a, loc, scale = _grid(X, SHAPE, [0.0, 0.5], [0.5, 2.0, -1.0])
    q, qa = _grid(Q, SHAPE)
    both(lambda st, x, a, loc, scale, q, qa: (
        _call_all(st, SHAPED, x, a, loc, scale),
        _call_all(st, SHAPED, x, a),
        st.pareto.ppf(q, qa), st.pareto.ppf(q, qa, 0.5, 2.0)),
        x, a, loc, scale, q, qa, rtol=2e-5)


def test_beta(x64):
    x, a, b = _grid([-0.5, 0.0, 0.01, 0.3, 0.5, 0.99, 1.0, 1.5, np.nan],
                    [-1.0, 0.0, 0.5, 1.0, 3.0], [0.0, 0.5, 2.0, 40.0])
    both(lambda st, x, a, b: [
        getattr(st.beta, f)(x, a, b) for f in
        ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")] + [
        st.beta.logpdf(x, a, b, -0.5, 2.0), st.beta.cdf(x, a, b, 0.1, 0.5)],
        x, a, b, rtol=2e-5)


def test_discrete(x64):
    k, mu = _grid(K, [0.0, 0.5, 3.0, 25.0, -1.0])
    kp, p = _grid(K, PROB)
    kn, n, pn = _grid(K, [0.0, 1.0, 3.0, 10.0, 2.5], PROB)
    both(lambda st, k, mu, kp, p, kn, n, pn: {
        "poisson": (st.poisson.logpmf(k, mu), st.poisson.pmf(k, mu),
                    st.poisson.cdf(k, mu), st.poisson.logpmf(k, mu, 1.0),
                    st.poisson.cdf(k, mu, 1.0)),
        "bernoulli": (st.bernoulli.logpmf(kp, p), st.bernoulli.pmf(kp, p),
                      st.bernoulli.cdf(kp, p), st.bernoulli.ppf(p, 0.3),
                      st.bernoulli.logpmf(kp, p, 1.0)),
        "geom": (st.geom.logpmf(kp, p), st.geom.pmf(kp, p, 1.0)),
        "binom": (st.binom.logpmf(kn, n, pn), st.binom.pmf(kn, n, pn, 1.0)),
        "nbinom": (st.nbinom.logpmf(kn, n, pn), st.nbinom.pmf(kn, n, pn, 1.0)),
    }, k, mu, kp, p, kn, n, pn, rtol=2e-5)


def test_poisson_entropy():
    mu = np.array([0.0, 0.5, 3.0, 9.9, 10.0, 50.0, 99.0, 100.0, 1e4],
                  np.float32)
    both(lambda st, mu: (st.poisson.entropy(mu),
                         st.poisson.entropy(mu.reshape(3, 3), 1.0)), mu,
         rtol=5e-6)


def test_multivariate(x64):
    rng = np.random.default_rng(0)
    f = _float()
    m = rng.normal(size=(4, 3))
    cov = m @ m.T + np.eye(4)
    x = rng.normal(size=(5, 4)).astype(f)
    mean = rng.normal(size=4).astype(f)
    alpha = np.array([0.5, 1.0, 2.0, 3.0], f)
    simplex = rng.dirichlet(np.ones(4), size=5).T.astype(f)
    both(lambda st, x, mean, cov, alpha, s: (
        st.multivariate_normal.logpdf(x, mean, cov),
        st.multivariate_normal.pdf(x, mean, cov),
        st.multivariate_normal.logpdf(x, mean, 2.0),
        st.multivariate_normal.logpdf(x[:, 0], mean[0], cov[0, 0]),
        st.multivariate_normal.logpdf(x[:2], mean, cov[None].repeat(2, 0)),
        st.dirichlet.logpdf(s, alpha), st.dirichlet.pdf(s[:3], alpha),
        st.dirichlet.logpdf(s[:, 0], alpha),
        st.dirichlet.logpdf(s * 2, alpha)),
        x, mean, cov.astype(f), alpha, simplex, rtol=2e-5)


def test_weak_types_of_scalar_arguments():
    both(lambda st, x: (st.norm.logpdf(x), st.norm.cdf(x, 0.5, 2),
                        st.t.logpdf(x, 3), st.gamma.cdf(x, 2.0),
                        st.beta.logpdf(x / 4, 2, 3), st.poisson.logpmf(x, 2),
                        st.expon.sf(x), st.laplace.cdf(x),
                        st.logistic.logpdf(x), st.cauchy.ppf(x / 4)), 1.5)
    both(lambda st, x: (st.norm.logpdf(x), st.gamma.logpdf(x, 2),
                        st.binom.logpmf(x, 5, 0.3),
                        st.poisson.cdf(x, 2.0)),
         np.array([0, 1, 3], np.int32))


# --- derivatives -----------------------------------------------------------

def _grads(st, name, fn, *args, argnums=None):
    grad = jax.grad if st is rst else jxp.grad
    f = getattr(getattr(st, name), fn)
    if argnums is None:
        argnums = tuple(range(len(args)))
    return grad(lambda *a: f(*a).sum(), argnums=argnums)(*args)


# JAX's gumbel_r/gumbel_l compute log(scale) and log(p) as xlogy(-1, .),
# whose JVP multiplies a float0 tangent: JAX cannot differentiate them in
# scale (logpdf) or p (ppf). jxp can; those derivatives are checked
# against JAX's derivative of the same density written out below.
_NO_JAX_GRAD = {("gumbel_r", "logpdf"): (0, 1), ("gumbel_l", "logpdf"): (0, 1),
                ("gumbel_r", "pdf"): (0, 1), ("gumbel_l", "pdf"): (0, 1),
                ("gumbel_r", "ppf"): (1, 2), ("gumbel_l", "ppf"): (1, 2)}


def test_grads_location_scale(x64):
    x, loc, scale = _grid([-2.5, -0.5, 0.0, 0.2, 1.7, 3.0], [0.0, 0.5],
                          [0.5, 2.0])
    q = np.array([0.05, 0.3, 0.5, 0.9], _float())
    both(lambda st, x, loc, scale, q: (
        {f"{d}.{f}": _grads(st, d, f, x, loc, scale,
                            argnums=_NO_JAX_GRAD.get((d, f)))
         for d, fs in LOC_SCALE.items() for f in fs},
        {f"{d}.{f}": _grads(st, d, f, q, q, q + 1,
                            argnums=_NO_JAX_GRAD.get((d, f)))
         for d, fs in LOC_SCALE_PPF.items() for f in fs}),
        x, loc, scale, q, rtol=2e-5)


def test_gumbel_grads_where_jax_has_none():
    x = np.array([-2.5, -0.5, 0.2, 1.7, 3.0], np.float32)
    s = np.array([0.5, 2.0, 1.0, 3.0, 0.7], np.float32)
    q = np.array([0.05, 0.3, 0.5, 0.9, 0.99], np.float32)
    g = jxp.jit(lambda x, s, q: (
        jxp.grad(lambda s: jst.gumbel_r.logpdf(x, 0.5, s).sum())(s),
        jxp.grad(lambda s: jst.gumbel_l.logpdf(x, 0.5, s).sum())(s),
        jxp.grad(lambda q: jst.gumbel_r.ppf(q, 0.5, s).sum())(q),
        jxp.grad(lambda q: jst.gumbel_l.ppf(q, 0.5, s).sum())(q)))(x, s, q)

    def r_logpdf(x, s):
        z = (x - 0.5) / s
        return -rjnp.log(s) - z - rjnp.exp(-z)

    def l_logpdf(x, s):
        z = (x - 0.5) / s
        return -rjnp.log(s) + z - rjnp.exp(z)
    w = jax.jit(lambda x, s, q: (
        jax.grad(lambda s: r_logpdf(x, s).sum())(s),
        jax.grad(lambda s: l_logpdf(x, s).sum())(s),
        jax.grad(lambda q: (0.5 - s * rjnp.log(-rjnp.log(q))).sum())(q),
        jax.grad(lambda q: (0.5 + s * rjnp.log(-rjnp.log1p(-q))).sum())(q)))(
        x, s, q)
    assert_same(g, w, rtol=2e-5)


def test_grads_shape_families(x64):
    x, a = _grid([0.2, 0.5, 1.7, 3.0, 12.0], [0.3, 1.0, 2.5, 30.0])
    both(lambda st, x, a: {
        f"{d}.{f}": _grads(st, d, f, x + 1.5, a, 0.5, 1.5)
        for d, fs in SHAPED.items() for f in fs}, x, a, rtol=5e-5)


def test_grads_beta_and_discrete():
    x, a, b = _grid([0.01, 0.3, 0.5, 0.99], [0.5, 3.0], [0.5, 2.0])
    k, mu = _grid([0.0, 1.0, 3.0, 7.0], [0.5, 3.0, 25.0])

    def program(st, x, a, b, k, mu):
        grad = jax.grad if st is rst else jxp.grad
        return (_grads(st, "beta", "logpdf", x, a, b),
                grad(lambda x: st.beta.cdf(x, a, b).sum())(x),
                grad(lambda x: st.beta.sf(x, a, b).sum())(x),
                _grads(st, "poisson", "logpmf", k, mu),
                grad(lambda mu: st.poisson.cdf(k, mu).sum())(mu),
                _grads(st, "binom", "logpmf", k, k + 3, mu / 30),
                _grads(st, "nbinom", "logpmf", k, k + 3, mu / 30),
                _grads(st, "geom", "logpmf", k + 1, mu / 30),
                _grads(st, "bernoulli", "logpmf", k / 7, mu / 30))
    both(program, x, a, b, k, mu, rtol=5e-5)


def test_grads_multivariate():
    rng = np.random.default_rng(1)
    m = rng.normal(size=(3, 3))
    cov = (m @ m.T + np.eye(3)).astype(np.float32)
    x = rng.normal(size=(4, 3)).astype(np.float32)
    mean = rng.normal(size=3).astype(np.float32)
    alpha = np.array([0.5, 2.0, 3.0], np.float32)
    s = rng.dirichlet(np.ones(3), size=4).T.astype(np.float32)
    both(lambda st, x, mean, cov, alpha, s: (
        _grads(st, "multivariate_normal", "logpdf", x, mean, cov),
        _grads(st, "dirichlet", "logpdf", s, alpha)),
        x, mean, cov, alpha, s, rtol=5e-5)


# --- errors ----------------------------------------------------------------

def _raises_same(fn):
    with pytest.raises(Exception) as want:
        fn(rst)
    with pytest.raises(Exception) as got:
        fn(jst)
    assert type(got.value).__name__ == type(want.value).__name__, (
        got.value, want.value)


@pytest.mark.parametrize("call", [
    lambda st: st.dirichlet.logpdf(np.ones((3,)) / 3, np.ones((2, 3))),
    lambda st: st.dirichlet.logpdf(np.ones((5,)) / 5, np.ones(3)),
    lambda st: st.multivariate_normal.logpdf(np.ones(3), np.zeros(3),
                                             np.eye(2)),
    lambda st: st.multivariate_normal.logpdf(np.ones(3), np.zeros(3),
                                             np.eye(3), allow_singular=True),
    lambda st: st.norm.logpdf([1.0, 2.0]),
    lambda st: st.gamma.cdf("a", 1.0),
])
def test_errors(call):
    _raises_same(call)


# --- the less common distributions and the sample functions ----------------

def test_more_distributions(x64):
    f = _float()
    x, s = _grid([-4.0, -1.0, 0.0, 0.5, 2.0, 3.1, 6.0, 7.0, np.nan],
                 [-1.0, 0.0, 0.5, 2.0, 40.0])
    kb, nb, ab = _grid([-1.0, 0.0, 1.0, 2.5, 3.0, 6.0], [0.0, 3.0, 5.0],
                       [-1.0, 0.5, 2.0])
    xt, lo, hi = _grid([-3.0, -1.0, 0.0, 0.5, 1.5, 9.0],
                       [-np.inf, -12.0, -1.0, 0.2], [-0.5, 1.0, 12.0, np.inf])
    counts = np.array([[1, 2, 3], [0, 0, 6], [2, 2, 1]], np.int32)
    p = np.array([0.2, 0.3, 0.5], f)
    both(lambda st, x, s, kb, nb, ab, xt, lo, hi, counts, p: {
        "vonmises": (st.vonmises.logpdf(x, s), st.vonmises.pdf(x, s)),
        "wrapcauchy": (st.wrapcauchy.logpdf(x, s / 41),
                       st.wrapcauchy.pdf(x, 0.5)),
        "gennorm": (st.gennorm.logpdf(x, s), st.gennorm.pdf(x, s),
                    st.gennorm.cdf(x, s)),
        "betabinom": (st.betabinom.logpmf(kb, nb, ab, 2.0),
                      st.betabinom.pmf(kb, nb, 2.0, ab, 1.0)),
        "truncnorm": [getattr(st.truncnorm, n)(xt, lo, hi) for n in
                      ("logpdf", "pdf", "logcdf", "cdf", "logsf", "sf")]
        + [st.truncnorm.logpdf(xt, lo, hi, 0.5, 2.0)],
        "multinomial": (st.multinomial.logpmf(counts, 6, p),
                        st.multinomial.pmf(counts[0], 6, p)),
    }, x, s, kb, nb, ab, xt, lo, hi, counts, p, rtol=2e-5)


def test_more_distribution_grads():
    x = np.array([-2.0, -0.3, 0.4, 1.5, 2.5], np.float32)
    s = np.array([0.5, 1.0, 2.0, 3.0, 0.8], np.float32)
    both(lambda st, x, s: (
        _grads(st, "vonmises", "logpdf", x, s),
        _grads(st, "gennorm", "logpdf", x, s),
        _grads(st, "gennorm", "cdf", x, s, argnums=0),
        _grads(st, "truncnorm", "logpdf", x, -s, s + 1),
        _grads(st, "truncnorm", "logcdf", x, -s, s + 1),
        _grads(st, "wrapcauchy", "logpdf", x + 2.5, s / 4),
        _grads(st, "betabinom", "logpmf", x + 2, x + 5, s, s + 1,
               argnums=(2, 3))), x, s, rtol=5e-5)


def test_mode_rankdata_sem():
    a = np.array([[1, 2, 2, 3], [3, 3, 1, 1], [0, 5, 5, 5]], np.float32)
    nan = a.copy()
    nan[1, 2] = np.nan
    ints = a.astype(np.int32)
    # (Each library's ModeResult is its own namedtuple class.)
    both(lambda st, a, nan, ints: (
        tuple(st.mode(a)), tuple(st.mode(a, axis=None, keepdims=True)),
        tuple(st.mode(a, axis=1)),
        tuple(st.mode(ints, axis=-1, keepdims=True)),
        [st.rankdata(a, m) for m in ("average", "min", "max", "dense",
                                     "ordinal")],
        st.rankdata(a, "min", axis=1), st.rankdata(nan),
        st.rankdata(ints, axis=0),
        st.sem(a), st.sem(a, axis=None), st.sem(a, 1, ddof=0, keepdims=True),
        st.sem(nan, 1, nan_policy="omit"), st.sem(ints)), a, nan, ints)


@pytest.mark.parametrize("call", [
    lambda st: st.multinomial.logpmf(np.array([1.0, 2.0]), 3,
                                     np.array([0.5, 0.5])),
    lambda st: st.mode(np.ones(3), nan_policy="omit"),
    lambda st: st.mode(np.ones(3), nan_policy="raise"),
    lambda st: st.mode(np.ones(3), nan_policy="bad"),
    lambda st: st.rankdata(np.ones(3), "bad"),
    lambda st: st.rankdata(np.ones(3), nan_policy="omit"),
    lambda st: st.sem(np.ones(3), nan_policy="raise"),
])
def test_more_errors(call):
    _raises_same(call)
