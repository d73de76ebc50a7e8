"""jxp.numpy's counting and binning (bincount, histogram,
histogram_bin_edges, histogram2d, histogramdd) against jax.numpy: values,
dtypes, weak types and error classes, eagerly and under jit, and the
derivatives JAX defines (in the weights)."""

import functools

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import grad_agrees_with_jax
from jxp_test_util import assert_same, check_numpy, raises_like


check = functools.partial(check_numpy, rtol=1e-5, atol=1e-6)


R = np.random.default_rng(7)
F2 = R.standard_normal((3, 5)).astype(np.float32)
F3 = R.standard_normal((2, 3, 4)).astype(np.float32)
I2 = R.integers(-4, 5, (3, 5)).astype(np.int32)
U1 = np.array([0, 3, 0, 7, 2, 3], np.uint8)


BINCOUNT_X = np.array([0, 3, 1, 1, -2, 6, 3], np.int32)


def test_bincount():
    check(lambda m: lambda x: m.bincount(x), BINCOUNT_X, jit=False)
    check(lambda m: lambda x: m.bincount(x, minlength=10), BINCOUNT_X,
          jit=False)
    check(lambda m: lambda x: m.bincount(x, length=4), BINCOUNT_X)
    check(lambda m: lambda x: m.bincount(x, length=9, minlength=20),
          BINCOUNT_X)
    w = np.linspace(0.5, 2, 7).astype(np.float32)
    check(lambda m: lambda x: m.bincount(x, m.asarray(w), length=8),
          BINCOUNT_X)
    check(lambda m: lambda x: m.bincount(x, m.asarray(w)), BINCOUNT_X,
          jit=False)
    check(lambda m: lambda x: m.bincount(x > 0), BINCOUNT_X, jit=False)
    check(lambda m: lambda x: m.bincount(x), U1, jit=False)
    check(lambda m: lambda x: m.bincount(x), np.zeros(0, np.int32),
          jit=False)
    check(lambda m: lambda x: m.bincount(x, weights=m.asarray(w[:3]),
                                         length=4), BINCOUNT_X)
    # Errors: floats, 2-d, lists.
    check(lambda m: lambda x: m.bincount(x, length=4), F2[0])
    check(lambda m: lambda x: m.bincount(x, length=4), I2)
    for m in (jnp, rjnp):
        with pytest.raises(TypeError):
            m.bincount([1, 2])


def test_bincount_needs_length_under_jit():
    def run(m, lib):
        return lib.jit(lambda x: m.bincount(x))(BINCOUNT_X)
    with pytest.raises(jax.errors.ConcretizationTypeError) as want:
        run(rjnp, jax)
    raises_like(want.value, lambda: run(jnp, jxp))
    with pytest.raises(jax.errors.ConcretizationTypeError) as want:
        jax.jit(lambda x, n: rjnp.bincount(x, minlength=n))(BINCOUNT_X, 3)
    raises_like(want.value, lambda: jxp.jit(
        lambda x, n: jnp.bincount(x, minlength=n))(BINCOUNT_X, 3))


def test_bincount_grad():
    w = np.linspace(0.5, 2, 7).astype(np.float32)

    def f(m, lib):
        return lib.grad(lambda w: (m.bincount(BINCOUNT_X, w, length=5) *
                                   m.arange(5.0)).sum())
    assert_same(f(jnp, jxp)(w), f(rjnp, jax)(w))


HIST_A = np.concatenate([F2.ravel(), [F2.max()]]).astype(np.float32)


@pytest.mark.parametrize("kw", [
    {}, {"bins": 4}, {"bins": 1}, {"bins": np.array([-1.0, 0.0, 0.5, 2.0])},
    {"bins": 3, "range": (-1.0, 1.0)}, {"bins": 5, "density": True},
    {"bins": np.array([-2.0, 0.0, 3.0], np.float32), "density": True},
    {"bins": 3, "weights": "w"}, {"bins": 3, "weights": "w", "density": True},
    {"bins": 2, "range": (1.0, 1.0)},
])
@pytest.mark.parametrize("a", ["f", "i"])
def test_histogram(kw, a):
    x = HIST_A if a == "f" else I2.ravel()
    kw = dict(kw)
    if a == "i" and "bins" not in kw:
        # 10 bins over [-4, 4] put a computed edge next to 0, where jxp's
        # linspace and JAX's round differently by an ulp: 8 bins are exact.
        kw["bins"] = 8
    w = None
    if kw.get("weights") == "w":
        w = np.linspace(0, 1, x.size).astype(np.float32)
        del kw["weights"]

    def f(m):
        def g(x):
            extra = {} if w is None else {"weights": m.asarray(w)}
            k = {k: (m.asarray(v) if isinstance(v, np.ndarray) else v)
                 for k, v in kw.items()}
            return (m.histogram(x, **k, **extra),
                    m.histogram_bin_edges(x, **k, **extra))
        return g
    check(f, x)


def test_histogram_errors():
    check(lambda m: lambda x: m.histogram(x, 3, weights=x[:2]), HIST_A)
    check(lambda m: lambda x: m.histogram(x, "auto"), HIST_A)
    check(lambda m: lambda x: m.histogram_bin_edges(x, 3, range=(0.0, 1.0,
                                                                 2.0)), HIST_A)
    check(lambda m: lambda x: m.histogram(x, 2.5), HIST_A)
    for m in (jnp, rjnp):
        with pytest.raises(TypeError):
            m.histogram([1.0, 2.0])
    with pytest.raises(jax.errors.ConcretizationTypeError) as want:
        jax.jit(lambda x, b: rjnp.histogram(x, b))(HIST_A, 3)
    raises_like(want.value, lambda: jxp.jit(
        lambda x, b: jnp.histogram(x, b))(HIST_A, 3))


def test_histogram_weights_grad():
    w = np.linspace(0, 1, HIST_A.size).astype(np.float32)

    def f(m, lib):
        return lib.grad(lambda w: (m.histogram(HIST_A, 4, weights=w,
                                               density=True)[0] ** 2).sum())
    assert_same(f(jnp, jxp)(w), f(rjnp, jax)(w), rtol=1e-5)


# ---------------------------------------------------------------------------
# histogram2d and histogramdd: bins, ranges, weights, density, errors,
# and the derivative in the weights
# ---------------------------------------------------------------------------

check_2e5 = functools.partial(check_numpy, rtol=2e-5, atol=2e-5)

R3 = np.random.default_rng(3)
X1 = R3.standard_normal(9).astype(np.float32)
X2 = R3.standard_normal((3, 4)).astype(np.float32)
PTS = R3.standard_normal((20, 3)).astype(np.float32)
W20 = R3.uniform(0.5, 2.0, 20).astype(np.float32)
XI2 = R3.integers(-3, 4, (3, 10)).astype(np.int32)


HISTOGRAMDD_CASES = {
    # histograms
    "histogramdd": (lambda m: lambda s: m.histogramdd(s, bins=4), (PTS,),
                    True),
    "histogramdd_bins_range": (lambda m: lambda s: m.histogramdd(
        s, bins=[3, 2, 5], range=[(-1, 1), None, (0, 2)]), (PTS,), True),
    "histogramdd_weights_density": (lambda m: lambda s, w: m.histogramdd(
        s, bins=3, weights=w, density=True), (PTS, W20), True),
    "histogramdd_bad_weights": (lambda m: lambda s: m.histogramdd(
        s, weights=np.ones(3, np.float32)), (PTS,), True),
    "histogramdd_bad_range": (lambda m: lambda s: m.histogramdd(
        s, range=[(0, 1)]), (PTS,), True),
    "histogram2d": (lambda m: lambda x, y: m.histogram2d(x, y, bins=5),
                    (PTS[:, 0], PTS[:, 1]), True),
    "histogram2d_edges": (lambda m: lambda x, y: m.histogram2d(
        x, y, bins=np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32)),
        (PTS[:, 0], PTS[:, 1]), True),
    "histogram2d_int": (lambda m: lambda x, y: m.histogram2d(
        x, y, bins=[2, 3], density=True), (XI2[0], XI2[1]), True),
}


@pytest.mark.parametrize("case", sorted(HISTOGRAMDD_CASES))
def test_against_jax(case):
    fn, args, jit = HISTOGRAMDD_CASES[case]
    check_2e5(fn, *args, jit=jit)


HISTOGRAMDD_GRADS = {
    "histogramdd_density": (lambda m: lambda w: m.histogramdd(
        PTS, bins=3, weights=w, density=True)[0].max(), (W20,)),
}


@pytest.mark.parametrize("case", sorted(HISTOGRAMDD_GRADS))
@pytest.mark.parametrize("jit", [False, True])
def test_grad(case, jit):
    grad_agrees_with_jax(*HISTOGRAMDD_GRADS[case], jit=jit, rtol=2e-4,
                         atol=2e-4)
