"""jnp.quantile and its variants, select, bincount, histogram,
partition/argpartition and lax.top_k against JAX: values, dtypes, weak
types and error classes, eagerly and under jit, and the derivatives JAX
defines (quantile, select, top_k)."""

import functools

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, check_numpy, raises_like

check = functools.partial(check_numpy, rtol=1e-5, atol=1e-6)

R = np.random.default_rng(7)
F2 = R.standard_normal((3, 5)).astype(np.float32)
F3 = R.standard_normal((2, 3, 4)).astype(np.float32)
I2 = R.integers(-4, 5, (3, 5)).astype(np.int32)
U1 = np.array([0, 3, 0, 7, 2, 3], np.uint8)
TIES = np.array([[3, 1, 3, 2, 1, 3], [0, 0, 0, -1, 5, 5]], np.float32)
NANS = np.array([[1.0, np.nan, 3.0, -1.0], [np.nan] * 4,
                 [2.0, 0.0, -np.inf, np.inf]], np.float32)
E1 = np.zeros((0,), np.float32)

# --- quantile family ---------------------------------------------------------

QUANTILE_CASES = {
    "scalar_q": (F2, 0.3, {}),
    "vector_q": (F2, np.array([0.0, 0.25, 0.5, 1.0], np.float32), {"axis": 1}),
    "axis0_keep": (F2, 0.7, {"axis": 0, "keepdims": True}),
    "tuple_axis": (F3, np.array([0.2, 0.9], np.float32),
                   {"axis": (0, 2), "keepdims": True}),
    "tuple_axis_nokeep": (F3, 0.4, {"axis": (2, 0)}),
    "none_keep": (F3, 0.5, {"keepdims": True}),
    "int_input": (I2, 0.5, {"axis": 1}),
    "ties_int": (TIES, np.array([0.1, 0.6], np.float32), {"axis": -1}),
    "nans": (NANS, 0.5, {"axis": 1}),
    "nans_vec": (NANS, np.array([0.0, 0.33, 1.0], np.float32), {"axis": 0}),
    "f64_q_weak": (F2, 0.5, {"axis": 1}),
    "empty": (E1, 0.5, {}),
    "q_rank2": (F2, np.full((2, 2), 0.5, np.float32), {}),
    "repeated_axis": (F3, 0.5, {"axis": (1, 1)}),
    "bad_axis": (F2, 0.5, {"axis": 2}),
}
METHODS = ["linear", "lower", "higher", "nearest", "midpoint"]


@pytest.mark.parametrize("fn", ["quantile", "nanquantile"])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("case", sorted(QUANTILE_CASES))
def test_quantile(fn, method, case):
    a, q, kw = QUANTILE_CASES[case]
    check(lambda m: lambda x: getattr(m, fn)(x, q, method=method, **kw), a)


@pytest.mark.parametrize("fn", ["percentile", "nanpercentile"])
@pytest.mark.parametrize("case", ["scalar_q", "vector_q", "tuple_axis",
                                  "nans", "int_input"])
def test_percentile(fn, case):
    a, q, kw = QUANTILE_CASES[case]
    q = q * 100
    for method in ("linear", "nearest"):
        check(lambda m: lambda x: getattr(m, fn)(x, q, method=method, **kw),
              a)
    # An integer q is made inexact before dividing by 100.
    check(lambda m: lambda x: getattr(m, fn)(x, 50, **kw), a)


@pytest.mark.parametrize("a", [F2, F3, NANS, I2])
@pytest.mark.parametrize("kw", [{}, {"axis": 0}, {"axis": -1, "keepdims": True},
                                {"axis": (0, 1)}, {"keepdims": True}])
def test_nanmedian_and_median(a, kw):
    check(lambda m: lambda x: m.nanmedian(x, **kw), a)
    check(lambda m: lambda x: m.median(x, **kw), a)


def test_quantile_errors():
    for fn in ("quantile", "nanquantile", "percentile", "nanpercentile"):
        check(lambda m: lambda x: getattr(m, fn)(x, 0.5, method="bogus"), F2)
        check(lambda m: lambda x: getattr(m, fn)(x, 0.5, overwrite_input=True),
              F2)
        check(lambda m: lambda x: getattr(m, fn)(
            x.astype(m.complex64), 0.5), F2)
        for m in (jnp, rjnp):
            with pytest.raises(TypeError):
                getattr(m, fn)([1.0, 2.0], 0.5)


@pytest.mark.parametrize("method", METHODS)
def test_quantile_grad(method):
    q = np.array([0.1, 0.5, 0.8], np.float32)

    def f(m, lib):
        def loss(x, q):
            return (m.quantile(x, q, axis=1, method=method) ** 2).sum() + \
                m.nanquantile(x, q[1], axis=0, method=method).sum()
        return lib.grad(loss, argnums=(0, 1) if method == "linear" else 0)

    x = np.array([[1.0, 4.0, 2.0, 2.0, -3.0], [0.5, 0.25, 7.0, 1.0, 1.0]],
                 np.float32)
    assert_same(f(jnp, jxp)(x, q), f(rjnp, jax)(x, q), rtol=1e-5)
    assert_same(jxp.jit(f(jnp, jxp))(x, q), jax.jit(f(rjnp, jax))(x, q),
                rtol=1e-5)


# --- select ------------------------------------------------------------------


def test_select():
    check(lambda m: lambda x: m.select([x > 0.5, x < -0.5], [x, x * 2], -1.0),
          F2)
    # Broadcast conditions and choices, the default's and choices' dtypes
    # promoted together (weak Python scalars).
    check(lambda m: lambda x: m.select([x[:, :1] > 0], [x], 3), F2)
    check(lambda m: lambda x: m.select([x > 0, x < -1], [1, 2]), I2)
    check(lambda m: lambda x: m.select([x > 0], [x.astype(m.int8)],
                                       m.int16(5)), I2)
    check(lambda m: lambda x: m.select([x > 0, x > 1], [x, 2.5]), I2)
    # Errors: lengths differ, empty, a list among the choices.
    check(lambda m: lambda x: m.select([x > 0], [x, x]), F2)
    check(lambda m: lambda x: m.select([], []), F2)
    for m in (jnp, rjnp):
        with pytest.raises(TypeError):
            m.select([m.asarray(F2) > 0], [[1.0]])


def test_select_grad():
    def f(m, lib):
        return lib.grad(lambda x, d: m.select(
            [x > 0.5, x < -0.5], [m.sin(x), x ** 2], d).sum(), argnums=(0, 1))
    d = np.float32(0.5)
    assert_same(f(jnp, jxp)(F2, d), f(rjnp, jax)(F2, d))
    assert_same(jxp.jit(f(jnp, jxp))(F2, d), jax.jit(f(rjnp, jax))(F2, d))


# --- bincount ----------------------------------------------------------------


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


# --- histogram ---------------------------------------------------------------


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


# --- top_k, partition, argpartition -------------------------------------------


@pytest.mark.parametrize("x", [TIES, F3, I2, U1, TIES.astype(np.int8)])
def test_top_k(x):
    n = x.shape[-1]
    for k in (0, 1, n // 2, n):
        check(lambda m: lambda x: (jxp.lax if m is jnp else jax.lax).top_k(
            x, k), x)
    check(lambda m: lambda x: (jxp.lax if m is jnp else jax.lax).top_k(
        x, 1, axis=0), x)


def test_top_k_errors():
    for x, k, kw in [(TIES, 7, {}), (TIES, -1, {}), (np.float32(1), 1, {}),
                     (TIES, 1, {"axis": 2}),
                     (TIES.astype(np.complex64), 1, {})]:
        with pytest.raises(Exception) as want:
            jax.lax.top_k(x, k, **kw)
        raises_like(want.value, lambda: jxp.lax.top_k(x, k, **kw))


def test_top_k_grad():
    def f(lib):
        return lib.grad(lambda x: (lib.lax.top_k(x, 3)[0] ** 2).sum())
    assert_same(f(jxp)(TIES), f(jax)(TIES))
    assert_same(jxp.jit(f(jxp))(F3), jax.jit(f(jax))(F3))


@pytest.mark.parametrize("fn", ["partition", "argpartition"])
@pytest.mark.parametrize("x", [TIES, F3, I2, U1])
def test_partition(fn, x):
    for axis in (-1, 0):
        n = x.shape[axis]
        for kth in (0, n // 2, n - 1, -1):
            check(lambda m: lambda x: getattr(m, fn)(x, kth, axis=axis), x)


def test_partition_errors():
    for fn in ("partition", "argpartition"):
        check(lambda m: lambda x: getattr(m, fn)(x, 6), TIES)
        check(lambda m: lambda x: getattr(m, fn)(x.astype(m.complex64), 1),
              TIES)
        check(lambda m: lambda x: getattr(m, fn)(x, 1, axis=3), TIES)


def test_partition_grad():
    def f(m, lib):
        return lib.grad(lambda x: (m.partition(x, 2) ** 2 *
                                   m.arange(6.0)).sum())
    assert_same(f(jnp, jxp)(TIES), f(rjnp, jax)(TIES))


def test_every_function_is_tested():
    from jxp.numpy import _selection
    assert set(_selection.__all__) <= {
        "select", "bincount", "histogram", "histogram_bin_edges",
        "partition", "argpartition"}
    for name in _selection.__all__ + ["quantile", "nanquantile", "percentile",
                                      "nanpercentile", "nanmedian"]:
        assert getattr(jnp, name).__module__.startswith("jxp.numpy")
