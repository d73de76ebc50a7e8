"""jxp.random's distributions beyond the basic samplers, against jax.random.

Gamma and everything sampled through it (loggamma, beta, dirichlet, t,
chisquare, f, generalized_normal, ball), the Maxwell family, Weibull, Wald,
triangular, geometric, binomial, multinomial, poisson and orthogonal: the
same key gives the same bits as JAX 0.10.2, in both settings of
`jax_threefry_partitionable` (gamma in both, the other cases alternating
between them). Related samplers share a case, so that each case is one
jitted program on each side.
"""

import functools

import jax
import ml_dtypes
import numpy as np
import pytest

import jxp
import jxp.random as jr
from jxp_test_util import assert_bits, flags

pytestmark = pytest.mark.filterwarnings(
    "ignore:Explicitly requested dtype:UserWarning")

F32 = np.float32
BF16 = ml_dtypes.bfloat16
ALPHAS = np.array([0.01, 0.3, 0.999, 1., 2.5, 10., 150.], F32)

# (name, fn(random_module, key, *params) -> tuple of samples, params): the
# same fn runs on jxp.random and on jax.random. Parameters are passed as
# arguments of the jitted program, as JAX's samplers receive them.
CASES = [
    ("gamma", lambda r, k, a: (
        r.gamma(k, a), r.gamma(k, a[None, :4], (2, 4)),
        r.gamma(k, 2., (0,)), r.loggamma(k, a)),
     (ALPHAS,)),
    ("gamma_half", lambda r, k, a: (
        r.gamma(k, a, (4,), "float16"), r.gamma(k, a, (4,), "bfloat16")),
     (np.float16(0.5),)),
    ("beta_dirichlet", lambda r, k, a, b, ab: (
        r.beta(k, a, b), r.dirichlet(k, ab, (3, 2))),
     (np.array([0.2, 1., 4.], F32), np.array([0.5, 2., 0.1], F32),
      np.array([[0.2, 1., 4.], [0.5, 2., 0.1]], F32))),
    ("t_chisquare_f", lambda r, k, df, two: (
        r.t(k, df), r.chisquare(k, two, (2, 3)), r.f(k, two, df, (3,))),
     (np.array([1., 2.5, 30.], F32), F32(2.))),
    ("generalized_normal_ball", lambda r, k, p, p_int: (
        r.generalized_normal(k, p, (5,)), r.ball(k, 3, p_int, (4,)),
        r.ball(k, 2, p)),
     (1.5, 2)),
    ("maxwell", lambda r, k, loc: (
        r.maxwell(k, (2, 3)), r.maxwell(k, (4,), "float16"),
        r.double_sided_maxwell(k, 1., 2., (3,)),
        r.double_sided_maxwell(k, loc, 1.),
        r.double_sided_maxwell(k, loc, np.float32(0.5), (2,))),
     (np.array([0., 10.], F32),)),
    ("weibull_wald_triangular", lambda r, k, m: (
        r.weibull_min(k, 2., 1.5, (5,)), r.weibull_min(k, m, 0.7, (3,)),
        r.wald(k, m), r.wald(k, 2., (2, 3)),
        r.triangular(k, 0., 0.3, 1., (5,)),
        r.triangular(k, -m, 0., m, (2, 3))),
     (np.array([0.5, 1., 3.], F32),)),
    ("geometric", lambda r, k, p: (
        r.geometric(k, p), r.geometric(k, 0.3, (4,)),
        r.geometric(k, p, (2, 3), "int8"),
        r.geometric(k, p.astype("float16"))),
     (np.array([0.05, 0.5, 0.9999], F32),)),
    ("binomial", lambda r, k, n, p: (
        r.binomial(k, n, p), r.binomial(k, 7., 0.4, (5,)),
        r.binomial(k, n, 0.9), r.binomial(k, 30, p, (2, 5), "float16")),
     (np.array([0., 5., 20., 100., 1e3], F32),
      np.array([0.3, 0.7, 0.5, 0.1, 0.95], F32))),
    ("binomial_special", lambda r, k, n, p: (r.binomial(k, n, p),),
     (np.array([np.nan, -1., np.inf, 10., 10., 10., 0.], F32),
      np.array([0.5, 0.5, 0.5, np.nan, -0.1, 1., 0.5], F32))),
    ("multinomial", lambda r, k, p, p2: (
        r.multinomial(k, 10., p), r.multinomial(k, 100, p, shape=(2, 3)),
        r.multinomial(k, np.array([5., 50.], F32), p2, dtype="int32")),
     (np.array([0.2, 0.3, 0.5], F32),
      np.array([[0.2, 0.3, 0.5], [0., 0.9, 0.1]], F32))),
    ("poisson", lambda r, k, lam: (
        r.poisson(k, lam), r.poisson(k, 3., (4,)),
        r.poisson(k, lam, (2, 6), "int16")),
     (np.array([0., 0.5, 4., 9.99, 10., 500., ], F32),)),
    ("orthogonal", lambda r, k: (
        r.orthogonal(k, 3), r.orthogonal(k, 3, (2,)),
        r.orthogonal(k, 2, m=4), r.orthogonal(k, 4, m=2)), ()),
]
CASE = {name: (fn, params) for name, fn, params in CASES}
SEEDS = [0, 7, 2 ** 32 + 5]


@functools.lru_cache(maxsize=None)
def _reference(name, partitionable, seed):
    fn, params = CASE[name]
    with flags(partitionable=partitionable):
        return jax.jit(lambda k, *p: fn(jax.random, k, *p))(
            jax.random.PRNGKey(seed), *params)


# Each case is a few seconds of XLA compilation on each side. The flag only
# changes how prng.split and prng.random_bits derive bits (both settings
# checked shape by shape in random/test_random.py); no sampler reads it. So gamma,
# the base of most samplers, runs in both settings and every other case in
# one, alternating along CASES, so that each setting still feeds every kind
# of sampler loop (rejection, inversion, counting) some bits.
SAMPLER_PARAMS = [("gamma", True), ("gamma", False)] + [
    (name, i % 2 == 0) for i, (name, _, _) in enumerate(CASES[1:])]


@pytest.mark.parametrize("name,partitionable", SAMPLER_PARAMS)
def test_sampler(name, partitionable):
    fn, params = CASE[name]
    seed = SEEDS[[c[0] for c in CASES].index(name) % len(SEEDS)]
    with flags(partitionable=partitionable):
        got = jxp.jit(lambda k, *p: fn(jr, k, *p))(jr.PRNGKey(seed), *params)
    assert_bits(got, _reference(name, partitionable, seed))


@pytest.mark.parametrize("partitionable", [True, False])
def test_eager_and_typed_keys(partitionable):
    """Eager calls (each sampler its own compiled program) on legacy and
    typed keys."""
    with flags(partitionable=partitionable):
        for make_key, jax_make_key in ([(jr.PRNGKey, jax.random.PRNGKey)]
                                       if partitionable else
                                       [(jr.key, jax.random.key)]):
            k, jk = make_key(11), jax_make_key(11)
            for name, args in [
                    ("gamma", (ALPHAS[:4],)), ("wald", (1., (3,))),
                    ("weibull_min", (1., 2., (3,))),
                    ("geometric", (0.25, (4,))),
                    ("binomial", (10., 0.25, (4,)))]:
                assert_bits(getattr(jr, name)(k, *args),
                            getattr(jax.random, name)(jk, *args))


def test_x64():
    """float64 samples (and int64 counts) with jax_enable_x64."""
    def fn(r, k, a):
        if jxp.config.read("jax_threefry_partitionable"):
            return r.gamma(k, a), r.binomial(k, 20., 0.3, (3,))
        return (r.wald(k, a), r.geometric(k, 0.2, (3,)),
                r.maxwell(k, (2,)), r.poisson(k, a), r.rademacher(k, (8,)))
    a = np.array([0.5, 1.5, 4.], np.float64)
    for part in [True, False]:
        with flags(x64=True, partitionable=part):
            got = jxp.jit(lambda k, a: fn(jr, k, a))(jr.PRNGKey(3), a)
            want = jax.jit(lambda k, a: fn(jax.random, k, a))(
                jax.random.PRNGKey(3), a)
            assert_bits(got, want)


def _raises_like_jax(call):
    """call(module) raises in JAX; the same class is raised by jxp."""
    with pytest.raises(Exception) as want:
        call(jax.random)
    # JAX's own subclasses (TypePromotionError) as their builtin base.
    expected = next(c for c in want.type.__mro__
                    if c.__module__ == "builtins")
    with pytest.raises(expected):
        call(jr)


@pytest.mark.parametrize("call", [
    lambda r: r.gamma(r.PRNGKey(0), 1., dtype="int32"),
    lambda r: r.loggamma(r.PRNGKey(0), np.ones(3, F32), (2,)),
    lambda r: r.beta(r.PRNGKey(0), np.ones(3, F32), 1., (2,)),
    lambda r: r.beta(r.PRNGKey(0), np.complex64(1), 1.),
    lambda r: r.dirichlet(r.PRNGKey(0), 1.),
    lambda r: r.dirichlet(r.PRNGKey(0), np.ones((2, 3), F32), (3,)),
    lambda r: r.t(r.PRNGKey(0), 1., dtype="int32"),
    lambda r: r.chisquare(r.PRNGKey(0), np.ones(2, F32), (3,)),
    lambda r: r.f(r.PRNGKey(0), np.ones(2, F32), np.ones(3, F32)),
    lambda r: r.f(r.PRNGKey(0), 2., np.ones(3, F32), (2, 3)),
    lambda r: r.wald(r.PRNGKey(0), np.complex64(1)),
    lambda r: r.triangular(r.PRNGKey(0), 0., 1., np.ones(2, F32), (3,)),
    lambda r: r.geometric(r.PRNGKey(0), 0.5, dtype="float32"),
    lambda r: r.geometric(r.PRNGKey(0), [0.5, 0.2]),
    lambda r: r.binomial(r.PRNGKey(0), 5., 0.5, dtype="int32"),
    lambda r: r.binomial(r.PRNGKey(0), [5.], 0.5),
    lambda r: r.multinomial(r.PRNGKey(0), 5., [0.5, 0.5]),
    lambda r: r.ball(r.PRNGKey(0), 2.5),
    lambda r: r.maxwell(r.PRNGKey(0), (2,), "int32"),
    lambda r: r.weibull_min(r.PRNGKey(0), 1., 1., dtype="int32"),
    lambda r: r.gamma(r.split(r.PRNGKey(0)), 1.),
    lambda r: r.maxwell(r.PRNGKey(0), (2.5,)),
], ids=lambda c: "")
def test_errors(call):
    _raises_like_jax(call)


def _grads(r, k, x):
    """Derivatives of reparameterized samples with respect to parameters."""
    def loss(x):
        return ((r.weibull_min(k, x[0], x[1], (4,)) ** 2).sum()
                + r.wald(k, x[2], (3,)).sum()
                + r.triangular(k, -x[0], 0.2, x[1], (3,)).sum()
                + r.double_sided_maxwell(k, x[2], x[0], (2,)).sum()
                + r.pareto(k, x[1], (3,)).sum())
    grad = jax.grad if r is jax.random else jxp.grad
    return loss(x), grad(loss)(x)


def test_grad_reparameterized():
    x = np.array([1.5, 2.5, 0.7], F32)
    got = jxp.jit(lambda k, x: _grads(jr, k, x))(jr.PRNGKey(1), x)
    want = jax.jit(lambda k, x: _grads(jax.random, k, x))(
        jax.random.PRNGKey(1), x)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-6)


def _gamma_grads(r, k, a):
    grad = jax.grad if r is jax.random else jxp.grad
    return (grad(lambda a: r.gamma(k, a).sum())(a),
            grad(lambda a: r.loggamma(k, a).sum())(a),
            grad(lambda a: r.beta(k, a, a[::-1]).sum())(a),
            grad(lambda a: (r.dirichlet(k, a) * a).sum())(a),
            grad(lambda a: r.t(k, a).sum())(a))


def test_grad_gamma_family():
    """Derivatives through gamma samples: JAX's rule, d sample / d alpha by
    random_gamma_grad (implicit reparameterization)."""
    a = np.array([0.3, 1., 2.5, 8.], F32)
    got = jxp.jit(lambda k, a: _gamma_grads(jr, k, a))(jr.PRNGKey(2), a)
    want = jax.jit(lambda k, a: _gamma_grads(jax.random, k, a))(
        jax.random.PRNGKey(2), a)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-5)


def test_namespace_complete():
    """Every public name of jax.random is in jxp.random."""
    missing = [n for n in dir(jax.random)
               if not n.startswith("_") and not hasattr(jr, n)]
    assert not missing, missing
