"""Complex numbers taken apart and put together: lax.real/imag/complex/conj
(the jxp.real, jxp.imag and jxp.complex ops) and the jnp functions built on
them (real, imag, conj, angle, isreal, iscomplex, isfinite/isinf/isnan,
round/rint, var/std, the .real/.imag/.conj() of arrays), against JAX:
values, dtypes, weak types and error classes, eagerly, under jit, and
through grad, jvp and vjp.

To keep the suite fast, each dtype's functions run as one jitted program
returning them all; eager calls cover what jit cannot (errors, Python
scalars).
"""

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, raises_like

ERRORS = (TypeError, ValueError, NotImplementedError)

INF, NAN = np.inf, np.nan
# Finite values, with ties for rounding (2.5, -0.5) and exact zeros.
FINITE = [1.25 + 2.5j, -3.5 + 0.5j, 0.0, 2.5 - 1.5j, -0.5 + 0j, 0.75 - 3.25j]
# Infinities and NaNs in either part.
SPECIAL = [complex(INF, 1), complex(1, NAN), complex(-0.5, -INF),
           complex(NAN, 0), complex(2, 3), complex(-INF, INF)]

DTYPES = ["bool", "int8", "int32", "uint8", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128"]


def _values(values, dtype):
    dtype = np.dtype(ml_dtypes.bfloat16 if dtype == "bfloat16" else dtype)
    v = np.array(values, np.complex128)
    if np.issubdtype(dtype, np.complexfloating):
        return v.astype(dtype)
    if np.issubdtype(dtype, np.floating) or dtype == ml_dtypes.bfloat16:
        # The real parts, with the imaginary parts' infinities and NaNs.
        return np.where(np.isfinite(v.imag), v.real, v.imag).astype(dtype)
    with np.errstate(invalid="ignore"):
        return np.nan_to_num(v.real * 4).astype(dtype)


# name -> function of (numpy module, x); each under both libraries.
FUNCS = {
    "real": lambda m, x: m.real(x),
    "imag": lambda m, x: m.imag(x),
    "conj": lambda m, x: m.conj(x),
    "conjugate": lambda m, x: m.conjugate(x),
    "angle": lambda m, x: m.angle(x),
    "angle_deg": lambda m, x: m.angle(x, deg=True),
    "isreal": lambda m, x: m.isreal(x),
    "iscomplex": lambda m, x: m.iscomplex(x),
    "isfinite": lambda m, x: m.isfinite(x),
    "isinf": lambda m, x: m.isinf(x),
    "isnan": lambda m, x: m.isnan(x),
    "isposinf": lambda m, x: m.isposinf(x),
    "nan_to_num": lambda m, x: m.nan_to_num(x),
    "round": lambda m, x: m.round(x),
    "round_1": lambda m, x: m.round(x, 1),
    "around_2": lambda m, x: m.around(x, 2),
    "rint": lambda m, x: m.rint(x),
    "var": lambda m, x: m.var(x),
    "var_axis_ddof": lambda m, x: m.var(x.reshape(2, 3), axis=0, ddof=1),
    "std": lambda m, x: m.std(x),
    "std_keepdims": lambda m, x: m.std(x.reshape(2, 3), axis=1,
                                       keepdims=True),
    "x.real": lambda m, x: x.real,
    "x.imag": lambda m, x: x.imag,
    "x.conj()": lambda m, x: x.conj(),
}


def _jax_outcome(fn, *args):
    try:
        return fn(*args), None
    except ERRORS as e:
        return None, e


@pytest.mark.parametrize("dtype", DTYPES)
def test_jnp_functions_match_jax(dtype, x64):
    for values in (FINITE, SPECIAL):
        x = _values(values, dtype)
        # Eagerly, one function at a time: errors must match too.
        ok = {}
        for name, fn in FUNCS.items():
            want, err = _jax_outcome(lambda: fn(rjnp, rjnp.asarray(x)))
            if err is not None:
                raises_like(err, lambda: fn(jnp, jnp.asarray(x)))
                continue
            ok[name] = fn
            assert_same(fn(jnp, jnp.asarray(x)), want, rtol=2e-3,
                        atol=1e-6), name
        # Under jit, every function JAX accepts, in one program.
        def all_of(m):
            return lambda x: {name: fn(m, x) for name, fn in ok.items()}
        assert_same(jxp.jit(all_of(jnp))(x), jax.jit(all_of(rjnp))(x),
                    rtol=2e-3, atol=1e-6)


@pytest.mark.parametrize("shape", [(), (0,), (2, 0, 3)])
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_0d_and_empty(dtype, shape):
    x = np.resize(_values(FINITE, dtype), shape)
    names = [n for n in FUNCS if not n.startswith(("var_", "std_"))]
    names.remove("isposinf") if dtype == "complex64" else None

    def all_of(m):
        return lambda x: {n: FUNCS[n](m, x) for n in names}
    with np.errstate(all="ignore"):
        want = jax.jit(all_of(rjnp))(x)
    assert_same(jxp.jit(all_of(jnp))(x), want, rtol=1e-6)
    for n in ("real", "imag", "angle", "round_1", "var", "isreal"):
        with np.errstate(all="ignore"):
            assert_same(FUNCS[n](jnp, jnp.asarray(x)),
                        FUNCS[n](rjnp, rjnp.asarray(x))), n


@pytest.mark.parametrize("value", [1 + 2j, 3.0, 2, True, -0.5j,
                                   complex(INF, 1)])
def test_python_scalars_are_weak_as_in_jax(value, x64):
    for name in ("real", "imag", "conj", "angle", "isreal", "iscomplex",
                 "isfinite", "isinf", "isnan", "round", "round_1", "rint",
                 "var", "std"):
        fn = FUNCS[name]
        want, err = _jax_outcome(lambda: fn(rjnp, value))
        if err is not None:
            raises_like(err, lambda: fn(jnp, value))
            continue
        assert_same(fn(jnp, value), want), (name, value)


# --- jxp.lax --------------------------------------------------------------

def _lax_cases(m):
    lax = m.lax if hasattr(m, "lax") else m
    return {
        "real": lambda z, x, y: lax.real(z),
        "imag": lambda z, x, y: lax.imag(z),
        "complex": lambda z, x, y: lax.complex(x, y),
        "complex_scalar": lambda z, x, y: lax.complex(x[0], y),
        "conj": lambda z, x, y: lax.conj(z),
        "conj_float": lambda z, x, y: lax.conj(x),
        "round_trip": lambda z, x, y: lax.complex(lax.real(z), lax.imag(z)),
    }


@pytest.mark.parametrize("width", [32, 64])
def test_lax_functions_match_jax(width, x64):
    fdt = np.dtype(f"float{width}")
    z = np.array(FINITE + SPECIAL, np.complex128).astype(
        np.dtype(f"complex{2 * width}"))
    x = np.linspace(-2, 3, z.size).astype(fdt)
    y = np.linspace(4, -1, z.size).astype(fdt)

    def all_of(lax):
        return lambda z, x, y: {k: f(z, x, y)
                                for k, f in _lax_cases(lax).items()}
    assert_same(jxp.jit(all_of(jxp.lax))(z, x, y),
                jax.jit(all_of(jax.lax))(z, x, y))
    for name, f in _lax_cases(jxp.lax).items():
        assert_same(f(z, x, y), _lax_cases(jax.lax)[name](z, x, y)), name


LAX_ERRORS = [
    ("real of a float", lambda lax: lax.real(np.ones(3, np.float32))),
    ("imag of an int", lambda lax: lax.imag(np.ones(3, np.int32))),
    ("complex of float16", lambda lax: lax.complex(
        np.ones(3, np.float16), np.ones(3, np.float16))),
    ("complex of ints", lambda lax: lax.complex(
        np.ones(3, np.int32), np.ones(3, np.int32))),
    ("complex of ranks 1 and 2", lambda lax: lax.complex(
        np.ones(3, np.float32), np.ones((2, 3), np.float32))),
    ("complex of shapes 3 and 4", lambda lax: lax.complex(
        np.ones(3, np.float32), np.ones(4, np.float32))),
    ("complex of float32 and float64", lambda lax: lax.complex(
        np.ones(3, np.float32), np.ones(3, np.float64))),
    ("conj of an int", lambda lax: lax.conj(np.ones(3, np.int32))),
    ("conj of bfloat16", lambda lax: lax.conj(
        np.ones(3, ml_dtypes.bfloat16))),
]


@pytest.mark.parametrize("name,fn", LAX_ERRORS, ids=[n for n, _ in LAX_ERRORS])
def test_lax_errors_match_jax(name, fn):
    # x64 on, so that float32 with float64 is a mismatch in both.
    from jxp_test_util import x64_set_to
    gen = x64_set_to(True)
    next(gen)
    try:
        with pytest.raises(ERRORS) as want:
            fn(jax.lax)
        raises_like(want.value, lambda: fn(jxp.lax))
    finally:
        gen.close()


@pytest.mark.parametrize("case", [
    ("var with a real dtype", lambda m, z: m.var(z, dtype=np.float32)),
    ("isposinf", lambda m, z: m.isposinf(z)),
    ("isneginf", lambda m, z: m.isneginf(z)),
], ids=lambda c: c[0])
def test_jnp_errors_on_complex_match_jax(case):
    _, fn = case
    z = np.array(FINITE, np.complex64)
    with pytest.raises(ERRORS) as want:
        fn(rjnp, z)
    raises_like(want.value, lambda: fn(jnp, z))


def test_var_with_a_complex_dtype():
    z = np.array(FINITE, np.complex64)
    x = np.array([1.0, 2.0, 4.0], np.float32)
    for fn, arg in [(lambda m, a: m.var(a, dtype=np.complex64), z),
                    (lambda m, a: m.var(a, dtype=np.complex64), x),
                    (lambda m, a: m.std(a, ddof=1), z)]:
        assert_same(fn(jnp, arg), fn(rjnp, arg))


# --- autodiff ---------------------------------------------------------------

def _grad_cases(m):
    np_, lax = m.numpy, m.lax
    return {
        # Real input through complex intermediates.
        "abs_imag": (lambda x: np_.abs(np_.real(x * 2j) + np_.imag(
            x * (2 + 1j))).sum(), "x"),
        "conj_product": (lambda x: np_.real(
            np_.conj(x * (1 + 2j)) * x * 1j + x * x).sum(), "x"),
        "complex_of_parts": (lambda x: np_.abs(lax.complex(
            x * x, np_.sin(x))).sum(), "x"),
        "angle": (lambda x: np_.angle(lax.complex(x, 1.0 + x * x)).sum(),
                  "x"),
        "var_std": (lambda x: np_.var(x * (1 - 2j)) + np_.std(
            lax.complex(x, x * x)), "x"),
        # Complex input, real output.
        "norm_sq": (lambda z: np_.real(z * np_.conj(z)).sum(), "z"),
        "parts": (lambda z: (np_.real(z) * 3 - np_.imag(z) ** 2).sum(), "z"),
        "angle_c": (lambda z: np_.angle(z).sum(), "z"),
        "var_c": (lambda z: np_.var(z) + np_.std(z), "z"),
        "round_c": (lambda z: np_.real(np_.round(z, 1) * z).sum(), "z"),
    }


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_grad_matches_jax(jit):
    x = np.array([0.5, -1.25, 2.0], np.float32)
    z = np.array([0.5 + 1j, -1.25 + 0.25j, 2.0 - 3j], np.complex64)
    wrap_jxp = jxp.jit if jit else (lambda f: f)
    wrap_jax = jax.jit if jit else (lambda f: f)
    mine, theirs = _grad_cases(jxp), _grad_cases(jax)
    for name, (f, arg) in mine.items():
        a = x if arg == "x" else z
        want = wrap_jax(jax.grad(theirs[name][0]))(a)
        assert_same(wrap_jxp(jxp.grad(f))(a), want, rtol=2e-5), name


def test_holomorphic_grad_matches_jax():
    z = np.array([0.5 + 1j, -1.25 + 0.25j, 2.0 - 3j], np.complex64)

    def f(m):
        np_, lax = m.numpy, m.lax
        return lambda z: np_.sum(lax.complex(np_.real(z), np_.imag(z)) * z
                                 + np_.conj(np_.conj(z)) * 2j)
    assert_same(jxp.grad(f(jxp), holomorphic=True)(z),
                jax.grad(f(jax), holomorphic=True)(z))
    # A complex output without holomorphic=True is an error in both.
    with pytest.raises(TypeError):
        jax.grad(f(jax))(z)
    with pytest.raises(TypeError):
        jxp.grad(f(jxp))(z)


def test_jvp_and_vjp_match_jax():
    z = np.array([0.5 + 1j, -1.25 + 0.25j, 2.0 - 3j], np.complex64)
    t = np.array([1 - 1j, 0.5j, -2 + 0.5j], np.complex64)
    x = np.array([0.5, -1.25, 2.0], np.float32)
    y = np.array([1.5, 0.25, -1.0], np.float32)

    def parts(m):
        np_, lax = m.numpy, m.lax
        return lambda z: (np_.real(z), np_.imag(z), np_.conj(z),
                          np_.angle(z), np_.var(z), lax.complex(
                              np_.imag(z), np_.real(z)))
    assert_same(jxp.jvp(parts(jxp), (z,), (t,)),
                jax.jvp(parts(jax), (z,), (t,)), rtol=1e-5)
    assert_same(jxp.jit(lambda z, t: jxp.jvp(parts(jxp), (z,), (t,)))(z, t),
                jax.jit(lambda z, t: jax.jvp(parts(jax), (z,), (t,)))(z, t),
                rtol=1e-5)

    def make(m):
        return lambda x, y: m.lax.complex(x, y) * (2 - 1j)
    ct = np.array([1 + 2j, -0.5j, 3], np.complex64)
    _, pull_jxp = jxp.vjp(make(jxp), x, y)
    _, pull_jax = jax.vjp(make(jax), x, y)
    assert_same(pull_jxp(ct), pull_jax(ct))
    for part in ("real", "imag"):
        _, pull_jxp = jxp.vjp(getattr(jxp.lax, part), z)
        _, pull_jax = jax.vjp(getattr(jax.lax, part), z)
        assert_same(pull_jxp(x), pull_jax(x)), part


def test_linear_transpose_matches_jax():
    z = np.array([0.5 + 1j, -1.25 + 0.25j], np.complex64)

    def f(m):
        return lambda z: (m.lax.real(z) * 2, m.lax.imag(z) - m.lax.real(z))
    ct = (np.array([1.0, -2.0], np.float32), np.array([0.5, 3.0], np.float32))
    assert_same(jxp.linear_transpose(f(jxp), z)(ct),
                jax.linear_transpose(f(jax), z)(ct))


@pytest.mark.parametrize("case", [
    ("holomorphic with a real input", lambda m, x, z: m.grad(
        lambda x: (x * 1j).sum(), holomorphic=True)(x)),
    ("holomorphic with a real output", lambda m, x, z: m.grad(
        lambda z: m.numpy.real(z).sum(), holomorphic=True)(z)),
    ("an integer output", lambda m, x, z: m.grad(
        lambda x: (x > 0).sum())(x)),
], ids=lambda c: c[0])
def test_grad_dtype_errors_match_jax(case):
    _, fn = case
    x = np.array([0.5, -1.25], np.float32)
    z = np.array([0.5 + 1j, -1.25 + 0.25j], np.complex64)
    with pytest.raises(ERRORS) as want:
        fn(jax, x, z)
    raises_like(want.value, lambda: fn(jxp, x, z))


@pytest.mark.parametrize("name", ["logaddexp", "logaddexp2"])
@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_complex_logaddexp_matches_jax(name, jit):
    """JAX's complex form (imaginary part wrapped into [-pi, pi)), at
    ordinary values and infinities/NaN, with its JVP."""
    rng = np.random.RandomState(0)
    x = (rng.randn(6) + 3j * rng.randn(6)).astype(np.complex64)
    y = (rng.randn(6) + 3j * rng.randn(6)).astype(np.complex64)
    x[0], y[1], x[2] = np.inf, -np.inf + 1j, np.nan
    outs = []
    for lib, m in ((jax, rjnp), (jxp, jnp)):
        f = getattr(m, name)
        f = lib.jit(f) if jit else f
        t = m.ones(3, np.complex64)
        outs.append((f(m.asarray(x), m.asarray(y)),
                     lib.jvp(f, (m.asarray(x[3:]), m.asarray(y[3:])),
                             (t, 1j * t))))
    assert_same(outs[1], outs[0], rtol=1e-5, atol=1e-6)
