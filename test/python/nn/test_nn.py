"""jxp.nn against jax.nn: values, dtypes, weak types and error classes of
the activations, softmax / log_softmax / logsumexp (axes, keepdims, where,
b, infinities) and one_hot, eagerly and under jxp.jit.

Every expected value is JAX's, computed in the test."""

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same

pytestmark = [
    pytest.mark.filterwarnings("ignore:Explicitly requested dtype:UserWarning"),
    # jax.nn.one_hot warns about float inputs.
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

MODES = ["eager", "jit"]
ERRORS = (TypeError, ValueError, NotImplementedError)


def _nn(m):
    return jax.nn if m is rjnp else jxp.nn


def _lax(m):
    return jax.lax if m is rjnp else jxp.lax


def check(fn, *inputs, mode="eager", rtol=1e-6, atol=1e-7):
    """fn(numpy_module, nn_module, *args): jxp's result equals JAX's, or
    both raise the same error class."""
    def call(m):
        args = [make(m) for make in inputs]
        f = lambda *a: fn(m, _nn(m), *a)  # noqa: E731
        if mode == "jit":
            f = (jax.jit if m is rjnp else jxp.jit)(f)
        with np.errstate(all="ignore"):
            return f(*args)

    try:
        want = call(rjnp)
    except ERRORS as e:
        with pytest.raises(type(e)):
            call(jnp)
        return None
    got = call(jnp)
    assert_same(got, want, rtol=rtol, atol=atol)
    return got


F32, I32, BF16, F16 = np.float32, np.int32, ml_dtypes.bfloat16, np.float16

REAL = np.array([[-30.0, -4.5, -1.0, -0.25, -0.0, 0.0],
                 [0.3, 1.0, 2.5, 6.0, 7.5, 40.0]], F32)
SPECIAL = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30, -1e-30, 88.0,
                    -88.0, 100.0, -100.0, 3e38, -3e38, 1.0, -1.0, 6.0, 3.0,
                    -3.0], F32)


def arr(x, dtype=None):
    x = np.asarray(x) if dtype is None else np.asarray(x, dtype)
    return lambda m: m.asarray(x)


INPUTS = {
    "f32": arr(REAL), "i32": arr(REAL.astype(I32)), "bf16": arr(REAL, BF16),
    "f16": arr(REAL, F16), "bool": arr(REAL > 0), "u8": arr(np.abs(REAL), np.uint8),
    "f32_0d": arr(np.float32(-0.75)), "empty": arr(np.zeros((0, 3), F32)),
    "weak_f": lambda m: m.asarray(-0.75) * 1, "weak_i": lambda m: m.asarray(3) * 1,
    "py_float": lambda m: 1.5, "py_int": lambda m: -2, "py_bool": lambda m: True,
    "np_f32": lambda m: np.float32(2.25),
    "weak_f_shaped": lambda m: _lax(m).broadcast(m.asarray(-0.75) * 1, (3,)),
}
INPUT_NAMES = [n for n in INPUTS if n != "f32"]

ACTIVATIONS = ["relu", "relu6", "sigmoid", "log_sigmoid", "softplus",
               "soft_sign", "silu", "swish", "gelu", "tanh", "hard_tanh",
               "hard_sigmoid", "hard_silu", "hard_swish", "leaky_relu", "elu",
               "celu", "selu", "mish", "squareplus", "sparse_plus",
               "sparse_sigmoid", "log1mexp", "identity"]


def rotate(items, k, n):
    return [items[(k * n + j) % len(items)] for j in range(n)]


ACT_CASES = [(f, x, MODES[(k + j) % 2]) for k, f in enumerate(ACTIVATIONS)
             for j, x in enumerate(["f32"] + rotate(INPUT_NAMES, k, 4))]


def _tol(inp):
    # 16-bit floats: JAX rounds each intermediate to 16 bits, as jxp does,
    # but XLA may fuse differently; a few ulp.
    return (2e-2, 1e-2) if inp in ("bf16", "f16") else (2e-6, 1e-7)


def _atol(fn, atol):
    # gelu's 0.5 * (1 + tanh(z)) cancels for z << 0 (x < -4), which turns
    # XLA's few-ulp tanh differences (between fusions: JAX's own results
    # for gelu(-4.5) depend on the array's shape) into absolute errors of
    # ~5e-7 at values ~5e-6.
    return max(atol, 1e-6) if fn == "gelu" else atol


@pytest.mark.parametrize("fn,inp,mode", ACT_CASES,
                         ids=[f"{f}-{x}-{m}" for f, x, m in ACT_CASES])
def test_activations(fn, inp, mode):
    rtol, atol = _tol(inp)
    atol = _atol(fn, atol)
    check(lambda m, nn, x: getattr(nn, fn)(x), INPUTS[inp], mode=mode,
          rtol=rtol, atol=atol)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fn", ACTIVATIONS)
def test_activations_special_values(fn, mode):
    check(lambda m, nn, x: getattr(nn, fn)(x), arr(SPECIAL), mode=mode,
          rtol=2e-6, atol=_atol(fn, 1e-7))


def test_activation_parameters():
    x = arr(REAL)
    check(lambda m, nn, a: nn.leaky_relu(a, 0.2), x)
    check(lambda m, nn, a: nn.leaky_relu(a, negative_slope=m.asarray(0.5)), x)
    check(lambda m, nn, a: nn.elu(a, 2.0), x)
    check(lambda m, nn, a: nn.elu(a, alpha=0.5), x, mode="jit")
    check(lambda m, nn, a: nn.celu(a, 0.5), x)
    check(lambda m, nn, a: nn.squareplus(a, 1.0), x)
    check(lambda m, nn, a: nn.squareplus(a, b=0), x, mode="jit")
    check(lambda m, nn, a: nn.leaky_relu(a, 0.1), arr(REAL.astype(I32)))


def test_softplus_and_log_sigmoid_are_stable():
    """No overflow for large |x|: log(1 + exp(x)) would give inf."""
    x = np.array([-1000.0, -100.0, -20.0, 0.0, 20.0, 100.0, 1000.0, 3e38], F32)
    for fn in ("softplus", "log_sigmoid", "mish", "silu", "sigmoid"):
        got = check(lambda m, nn, a: getattr(nn, fn)(a), arr(x))
        assert not np.any(np.isnan(np.asarray(got)[:-1])), fn


@pytest.mark.parametrize("approximate", [True, False])
@pytest.mark.parametrize("inp", ["f32", "bf16", "f16", "i32", "weak_f", "py_float",
                                 "empty", "f32_0d"])
def test_gelu(inp, approximate):
    rtol, atol = _tol(inp)
    # approximate=False: jxp computes 1 + erf(x/sqrt(2)) where JAX has
    # erfc(-x/sqrt(2)); they differ by the rounding of 1 + erf, which is
    # absolute (at most x * 2**-25 in float32), not relative, for x << 0.
    atol = _atol("gelu", atol)
    check(lambda m, nn, x: nn.gelu(x, approximate=approximate), INPUTS[inp],
          rtol=rtol, atol=atol)
    check(lambda m, nn, x: nn.gelu(x, approximate), INPUTS[inp], mode="jit",
          rtol=rtol, atol=atol)


def test_gelu_default_is_approximate():
    check(lambda m, nn, x: nn.gelu(x), arr(REAL), atol=_atol("gelu", 0))
    check(lambda m, nn, x: nn.gelu(x), arr(SPECIAL), atol=_atol("gelu", 0))


# ---------------------------------------------------------------------------
# softmax, log_softmax, logsumexp, logmeanexp, standardize, glu
# ---------------------------------------------------------------------------

R = np.random.default_rng(0)
X3 = (R.standard_normal((2, 3, 4)) * 3).astype(F32)
WHERE3 = R.integers(0, 2, (2, 3, 4)).astype(bool)
WHERE3[0, 0, :] = False   # a fully masked row
WHERE3[1, 1, :] = True

AXES = [-1, 0, 1, 2, (0, 2), (1, 2), (0, 1, 2), -2, 3, (0, 0)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
def test_softmax_axes(fn, axis, mode):
    check(lambda m, nn, x: getattr(nn, fn)(x, axis=axis), arr(X3), mode=mode,
          rtol=2e-6)


@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
def test_softmax_where(fn):
    for axis in (-1, 1, (0, 2)):
        check(lambda m, nn, x, w: getattr(nn, fn)(x, axis=axis, where=w),
              arr(X3), arr(WHERE3), rtol=2e-6)
        check(lambda m, nn, x, w: getattr(nn, fn)(x, axis, w),
              arr(X3), arr(WHERE3[:1, :1]), mode="jit", rtol=2e-6)


@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
def test_softmax_dtypes_and_stability(fn):
    big = np.array([[1000.0, 999.0, -1000.0], [-np.inf, 0.0, 1.0],
                    [-np.inf, -np.inf, -np.inf], [np.inf, 1.0, 0.0],
                    [np.nan, 1.0, 2.0], [3e38, 3e38, -3e38]], F32)
    got = check(lambda m, nn, x: getattr(nn, fn)(x), arr(big), rtol=2e-6)
    assert np.all(np.isfinite(np.asarray(got)[0]))  # no overflow
    for inp in ("i32", "bf16", "f16", "u8", "bool", "empty", "f32_0d",
                "weak_f_shaped", "py_float"):
        rtol, atol = _tol(inp)
        check(lambda m, nn, x: getattr(nn, fn)(x), INPUTS[inp], rtol=rtol, atol=atol)
        check(lambda m, nn, x: getattr(nn, fn)(x, axis=0), INPUTS[inp], mode="jit",
              rtol=rtol, atol=atol)


LSE_KW = [{}, {"axis": -1}, {"axis": 0, "keepdims": True}, {"axis": (0, 2)},
          {"axis": (1, 2), "keepdims": True}, {"keepdims": True},
          {"axis": 3}, {"axis": 1, "return_sign": True}]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kw", LSE_KW, ids=str)
def test_logsumexp(kw, mode):
    check(lambda m, nn, x: nn.logsumexp(x, **kw), arr(X3), mode=mode, rtol=2e-6)


@pytest.mark.parametrize("kw", LSE_KW[:6], ids=str)
def test_logsumexp_b_and_where(kw):
    b = R.standard_normal((2, 3, 4)).astype(F32)
    check(lambda m, nn, x, bb: nn.logsumexp(x, b=bb, **kw), arr(X3), arr(b), rtol=2e-6)
    check(lambda m, nn, x, bb: nn.logsumexp(x, b=bb, return_sign=True, **kw),
          arr(X3), arr(b), rtol=2e-6)
    check(lambda m, nn, x, bb: nn.logsumexp(x, b=bb, **kw), arr(X3),
          arr(np.abs(b[0])), mode="jit", rtol=2e-6)
    check(lambda m, nn, x, w: nn.logsumexp(x, where=w, **kw), arr(X3), arr(WHERE3),
          rtol=2e-6)
    check(lambda m, nn, x: nn.logsumexp(x, b=2, **kw), arr(X3), rtol=2e-6)


def test_logsumexp_infinities():
    x = np.array([[-np.inf, -np.inf], [-np.inf, 0.0], [np.inf, 1.0],
                  [np.inf, np.inf], [np.nan, 1.0], [3e38, 3e38], [-np.inf, np.inf],
                  [88.0, 88.0]], F32)
    check(lambda m, nn, a: nn.logsumexp(a, axis=1), arr(x))
    check(lambda m, nn, a: nn.logsumexp(a, axis=1, return_sign=True), arr(x))
    check(lambda m, nn, a: nn.logsumexp(a, axis=1, b=m.asarray([1.0, -1.0])), arr(x))
    check(lambda m, nn, a: nn.logsumexp(a, axis=1, b=0.0), arr(x))
    check(lambda m, nn, a: nn.logsumexp(a, axis=1), arr(x), mode="jit")


def test_logsumexp_dtypes():
    for inp in ("i32", "bf16", "f16", "bool", "u8", "empty", "f32_0d", "weak_f",
                "py_float", "py_int", "weak_f_shaped"):
        rtol, atol = _tol(inp)
        check(lambda m, nn, x: nn.logsumexp(x), INPUTS[inp], rtol=rtol, atol=atol)
        check(lambda m, nn, x: nn.logsumexp(x, axis=0), INPUTS[inp], mode="jit",
              rtol=rtol, atol=atol)


@pytest.mark.parametrize("kw", [{}, {"axis": 1}, {"axis": (0, 2), "keepdims": True},
                                {"axis": -1, "where": True}])
def test_logmeanexp(kw):
    if kw.get("where") is True:
        kw = dict(kw, where=WHERE3)
    check(lambda m, nn, x: nn.logmeanexp(x, **kw), arr(X3), rtol=2e-6)


@pytest.mark.parametrize("kw", [{}, {"axis": 0}, {"axis": (1, 2)},
                                {"epsilon": 0.1}, {"where": True}])
def test_standardize(kw):
    if kw.get("where") is True:
        kw = dict(kw, where=WHERE3)
    check(lambda m, nn, x: nn.standardize(x, **kw), arr(X3), rtol=1e-5, atol=1e-5)
    check(lambda m, nn, x: nn.standardize(x, **kw), arr(X3.astype(I32)), rtol=1e-5,
          atol=1e-5)
    check(lambda m, nn, x: nn.standardize(x, mean=0.5, variance=m.asarray(2.0)),
          arr(X3), rtol=1e-5)


@pytest.mark.parametrize("axis", [-1, 0, 1, 2])
def test_glu(axis):
    x = (R.standard_normal((2, 4, 6))).astype(F32)
    check(lambda m, nn, a: nn.glu(a, axis=axis), arr(x), rtol=2e-6)
    check(lambda m, nn, a: nn.glu(a, axis), arr(x), mode="jit", rtol=2e-6)


# ---------------------------------------------------------------------------
# one_hot
# ---------------------------------------------------------------------------

LABELS = np.array([[0, 3, 1], [2, -1, 5]], I32)   # -1 and 5: out of range


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kw", [{}, {"axis": 0}, {"axis": 1}, {"axis": -2},
                                {"dtype": np.int32}, {"dtype": np.bool_},
                                {"dtype": BF16, "axis": -3}, {"dtype": np.uint8},
                                {"axis": 3}, {"axis": -4}], ids=str)
def test_one_hot(kw, mode):
    check(lambda m, nn, x: nn.one_hot(x, 4, **kw), arr(LABELS), mode=mode)


def test_one_hot_inputs():
    check(lambda m, nn: nn.one_hot(2, 3))
    check(lambda m, nn: nn.one_hot(m.asarray(2) * 1, 3))
    check(lambda m, nn: nn.one_hot(np.array([1, 0], np.uint8), 2))
    check(lambda m, nn: nn.one_hot(np.array([1, 0], np.int8), 2, dtype=m.int32))
    check(lambda m, nn: nn.one_hot(np.array([1.0, 2.5, 0.0], F32), 3))
    check(lambda m, nn: nn.one_hot(np.array([], I32), 5))
    check(lambda m, nn: nn.one_hot(np.array([1, 2], I32), 0))
    check(lambda m, nn: nn.one_hot([1, 2], 3))
    check(lambda m, nn: nn.one_hot(np.array([True, False]), 2))   # TypeError
    check(lambda m, nn: nn.one_hot(np.array([1, 2], I32), 3.5))   # TypeError


# ---------------------------------------------------------------------------
# Everything jxp.nn defines is tested above, and exists in jax.nn.
# ---------------------------------------------------------------------------

TESTED = set(ACTIVATIONS) | {"gelu", "softmax", "log_softmax", "logsumexp",
                             "logmeanexp", "standardize", "glu", "one_hot"}


def test_every_nn_function_is_tested():
    public = {n for n, v in vars(jxp.nn).items()
              if not n.startswith("_") and callable(v)
              and getattr(v, "__module__", "") == "jxp._src.nn.functions"}
    assert public - TESTED == set()
    assert set(jxp._src.nn.functions.__all__) - TESTED == set()
    for name in TESTED:
        assert hasattr(jax.nn, name), name
