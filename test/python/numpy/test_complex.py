"""Complex numbers end to end, against JAX: the jnp functions that take
complex arrays (values, dtypes, weak types, errors), and differentiation
through them: grad of real functions with complex intermediates,
holomorphic grad / jacfwd / jacrev / hessian, jvp / vjp of complex
functions, float0 tangents of integer inputs and allow_int, and the weak
types of the results.

To stay fast, each group of cases runs as one jitted program per library;
eager calls cover errors, Python scalars and float0 (which never enters a
program).
"""

import functools
import subprocess
import sys
import textwrap

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, raises_like

ERRORS = (TypeError, ValueError, NotImplementedError)

Z = [1.25 + 2.5j, -3.5 + 0.5j, 0.3 - 0.2j, 2.5 - 1.5j, -0.5 + 0j,
     0.75 - 3.25j]
W = [0.5 - 1j, 2 + 0.25j, -1 + 1j, 1.5 + 0j, 0.2 + 0.7j, -2 - 2j]
INF, NAN = np.inf, np.nan
# Infinities, NaNs, signed zeros and extremes in either part.
SPECIAL = [complex(INF, 1), complex(1, NAN), complex(-0.5, -INF),
           complex(NAN, 0), complex(-INF, INF), 0j, complex(0, -0.0),
           complex(-0.0, 0), complex(1e30, 1e30), complex(1e-30, -1e-30),
           complex(-INF, 0), complex(0, INF)]


def _unary(name):
    return lambda m, x, y: getattr(m, name)(x)


def _binary(name):
    return lambda m, x, y: getattr(m, name)(x, y)


UNARY = ["abs", "absolute", "angle", "real", "imag", "conj", "conjugate",
         "sqrt", "log", "log1p", "log2", "log10", "exp", "exp2", "expm1",
         "sin", "cos", "tan", "sinh", "cosh", "tanh", "arcsin", "arccos",
         "arctan", "arcsinh", "arccosh", "arctanh", "asinh", "acosh",
         "square", "reciprocal", "sign", "negative", "positive", "isfinite",
         "isnan", "isinf", "iscomplex", "isreal", "sort", "sort_complex",
         "sum", "prod", "mean", "cumsum", "cumprod", "nansum", "nanmean",
         "var", "std", "rint", "round", "argsort", "argmax", "argmin", "max",
         "min", "flip", "diff", "count_nonzero", "all", "any", "nan_to_num",
         "sinc", "deg2rad", "rad2deg", "median", "trapezoid", "gradient",
         "ediff1d",
         "cumulative_sum", "unique"]
BINARY = ["add", "subtract", "multiply", "divide", "true_divide", "power",
          "float_power", "equal", "not_equal", "maximum", "minimum",
          "isclose", "dot", "vdot", "inner", "outer", "kron", "matmul",
          "convolve", "correlate", "polymul", "polyadd", "polyval",
          "array_equal", "allclose"]

CASES = {name: _unary(name) for name in UNARY}
CASES.update({name: _binary(name) for name in BINARY})
CASES.update({
    "abs_squared": lambda m, x, y: m.abs(x) ** 2,
    "angle_deg": lambda m, x, y: m.angle(x, deg=True),
    "pow_int": lambda m, x, y: x ** 3,
    "pow_neg_int": lambda m, x, y: x ** -2,
    "pow_float": lambda m, x, y: x ** 0.5,
    "pow_complex_scalar": lambda m, x, y: x ** (1 - 0.5j),
    "matmul_2d": lambda m, x, y: x.reshape(2, 3) @ y.reshape(3, 2),
    "einsum": lambda m, x, y: m.einsum("ij,jk->ik", x.reshape(2, 3),
                                       y.reshape(3, 2)),
    "einsum_trace": lambda m, x, y: m.einsum("i,i->", x, m.conj(y)),
    "tensordot": lambda m, x, y: m.tensordot(x.reshape(2, 3),
                                             y.reshape(3, 2), 1),
    "where": lambda m, x, y: m.where(m.real(x) > 0, x, y),
    "where_scalar": lambda m, x, y: m.where(m.imag(x) > 0, x, 2j),
    "clip": lambda m, x, y: m.clip(x, y[0], y[1]),
    "average_weighted": lambda m, x, y: m.average(x, weights=y),
    "linalg_norm": lambda m, x, y: m.linalg.norm(x),
    "trace": lambda m, x, y: m.trace(x.reshape(2, 3)),
    "cov": lambda m, x, y: m.cov(x.reshape(2, 3)),
    "corrcoef": lambda m, x, y: m.corrcoef(x.reshape(2, 3)),
    "searchsorted": lambda m, x, y: m.searchsorted(m.sort(x), y),
    "lexsort": lambda m, x, y: m.lexsort((x, y)),
    "cumsum_axis": lambda m, x, y: m.cumsum(x.reshape(2, 3), axis=1),
    "mean_keepdims": lambda m, x, y: m.mean(x.reshape(2, 3), axis=0,
                                            keepdims=True),
    "real_scalar_mul": lambda m, x, y: x * 2.5 + 1j,
    "astype_real": lambda m, x, y: m.real(x).astype(m.complex64) * 1j,
    "complex_ctor": lambda m, x, y: m.real(x) + 1j * m.imag(y),
    "isclose_tol": lambda m, x, y: m.isclose(x, x + 1e-3j, rtol=0,
                                             atol=1e-2),
    "method_sum": lambda m, x, y: x.sum(),
    "method_conj": lambda m, x, y: x.conj().real,
    "method_round": lambda m, x, y: x.round(1),
})

# The functions checked at SPECIAL inputs too.
SPECIAL_NAMES = [
    "sin", "cos", "sinh", "cosh", "square", "arcsin", "arccos", "arctan",
    "arcsinh", "arccosh", "arctanh",
    "abs", "angle", "real", "imag", "conj", "sqrt", "log", "log1p", "log2",
    "log10", "exp", "expm1", "tan", "tanh", "reciprocal", "sign", "isfinite",
    "isnan", "isinf", "iscomplex", "isreal", "sort", "add", "subtract",
    "multiply", "divide", "equal", "not_equal", "maximum", "minimum", "sum",
    "prod", "cumsum", "mean", "argsort", "argmax", "argmin", "max", "min",
    "nan_to_num", "isclose"]


# Checked eagerly too (one program each): the rest only under jit.
EAGER = ["abs", "angle", "sqrt", "log2", "arcsinh", "arccosh", "isclose",
         "sort", "cumsum", "matmul", "where"]


def _jax_outcome(fn):
    try:
        with np.errstate(all="ignore"):
            return fn(), None
    except ERRORS as e:
        return None, e


def _program(m, names):
    return lambda x, y: {n: CASES[n](m, x, y) for n in names}


@pytest.mark.parametrize("special", [False, True], ids=["finite", "special"])
def test_jnp_functions_of_complex_match_jax(x64, special):
    dtype = np.complex128 if x64 else np.complex64
    if special:
        x = np.array(SPECIAL, dtype)
        y = np.array(SPECIAL[::-1], dtype)
        names = SPECIAL_NAMES
    else:
        x, y = np.array(Z, dtype), np.array(W, dtype)
        names = list(CASES)
    # Which functions JAX refuses (found by lowering alone), and jxp's
    # errors for them; a few of the others eagerly.
    ok = []
    for name in names:
        fn = CASES[name]
        want, err = _jax_outcome(lambda: jax.jit(
            lambda x, y: fn(rjnp, x, y)).lower(x, y))
        if err is not None:  # or only refused abstract values (unique)?
            want, err = _jax_outcome(
                lambda: fn(rjnp, rjnp.asarray(x), rjnp.asarray(y)))
        if err is not None:
            raises_like(err, lambda: fn(jnp, jnp.asarray(x), jnp.asarray(y)))
            continue
        ok.append(name)
        if name in EAGER and not special:
            with np.errstate(all="ignore"):
                assert_same(fn(jnp, jnp.asarray(x), jnp.asarray(y)),
                            fn(rjnp, rjnp.asarray(x), rjnp.asarray(y)),
                            rtol=2e-5, atol=1e-6), name
    assert len(ok) > len(names) // 2
    # All of them in one jitted program (JAX's unique needs a size there).
    ok = [n for n in ok if n != "unique"]
    with np.errstate(all="ignore"):
        want = jax.jit(_program(rjnp, ok))(x, y)
    assert_same(jxp.jit(_program(jnp, ok))(x, y), want, rtol=2e-5,
                atol=1e-6)


@pytest.mark.parametrize("value", [1 + 2j, complex(INF, 1)])
def test_python_complex_scalars_are_weak_as_in_jax(value):
    for name in ("abs", "angle", "sqrt", "exp", "log", "sin", "arcsinh",
                 "arccosh", "arctan", "square", "reciprocal", "sign", "conj",
                 "real", "imag", "isfinite", "log2", "log10", "tanh"):
        fn = getattr(jnp, name)
        want, err = _jax_outcome(lambda: getattr(rjnp, name)(value))
        if err is not None:
            raises_like(err, lambda: fn(value))
            continue
        with np.errstate(all="ignore"):
            got = fn(value)
        assert_same(got, want, rtol=2e-5, atol=1e-6), (name, value)


ERROR_CASES = {
    "i0": lambda m, z: m.i0(z),
    "hypot": lambda m, z: m.hypot(z, z),
    "floor": lambda m, z: m.floor(z),
    "arctan2": lambda m, z: m.arctan2(z, z),
    "fmod": lambda m, z: m.fmod(z, z),
    "heaviside": lambda m, z: m.heaviside(z, z),
    "logaddexp": lambda m, z: m.logaddexp(z, z),
    "fabs": lambda m, z: m.fabs(z),
    "signbit": lambda m, z: m.signbit(z),
    "sqrt_two_args": lambda m, z: m.sqrt(z, z),
    "exp_two_args": lambda m, z: m.exp(z, z),
    "add_three_args": lambda m, z: m.add(z, z, z),
    "less": lambda m, z: m.less(z, z),
}


@pytest.mark.parametrize("name", list(ERROR_CASES))
def test_errors_match_jax(name):
    z = np.array(Z, np.complex64)
    fn = ERROR_CASES[name]
    want, err = _jax_outcome(lambda: fn(rjnp, rjnp.asarray(z)))
    if err is None:
        assert_same(fn(jnp, jnp.asarray(z)), want, rtol=2e-5, atol=1e-6)
    else:
        raises_like(err, lambda: fn(jnp, jnp.asarray(z)))


# --- derivatives ----------------------------------------------------------

C = np.array([1 + 1j, 2 - 0.3j, 0.1 + 0.5j], np.complex64)
M = np.array([[1 + 1j, 2], [0.5j, -1]], np.complex64)


def _grad_cases(J, m):
    """name -> thunk; every thunk gives arrays (no errors, no float0)."""
    lax = J.lax
    g = J.grad
    return {
        "abs_exp": lambda: g(lambda x: m.abs(m.exp(1j * x)) ** 2
                             + m.real(x * (1 + 2j)))(0.7),
        "abs_exp_f32": lambda: g(lambda x: m.abs(m.exp(1j * x)) ** 2
                                 + m.real(x * (1 + 2j)))(np.float32(0.7)),
        "real_z_conj_z": lambda: g(lambda z: m.real(z * m.conj(z)))(C[0]),
        "abs": lambda: g(m.abs)(np.complex64(3 + 4j)),
        "sum_abs_sqrt_angle": lambda: g(lambda z: m.sum(
            m.abs(m.sqrt(z)) ** 2 + m.angle(z)))(C),
        "vdot": lambda: g(lambda z: m.real(m.vdot(z, z * (2 - 1j))))(C),
        "matmul": lambda: g(lambda a, b: m.abs(m.sum(a @ b)),
                            argnums=(0, 1))(M, M.T * 1j),
        "einsum": lambda: g(lambda a: m.real(m.einsum(
            "ij,ji->", a, m.conj(a))))(M),
        "prod": lambda: g(lambda a: m.abs(m.prod(a)))(C),
        "cumsum": lambda: g(lambda a: m.sum(m.imag(m.cumsum(a) * 1j)))(C),
        "mean": lambda: g(lambda a: m.abs(m.mean(a)))(C),
        "where": lambda: g(lambda a: m.sum(m.abs(m.where(
            m.real(a) > 0.5, a * 2, m.conj(a)))))(C),
        "elementary": lambda: g(lambda a: m.sum(m.real(
            m.sin(a) + m.cos(a) + m.tan(a) + m.sinh(a) + m.cosh(a)
            + m.tanh(a) + m.log(a) + m.log1p(a) + m.expm1(a) + m.exp(a)
            + m.sqrt(a) + m.log2(a) + m.log10(a))))(C),
        "inverse_trig": lambda: g(lambda a: m.sum(m.imag(
            m.arcsin(a) + m.arccos(a) + m.arctan(a) + m.arcsinh(a)
            + m.arccosh(a) + m.arctanh(a))))(C),
        "power": lambda: g(lambda a, b: m.abs(m.sum(a ** b)),
                           argnums=(0, 1))(C[:2], C[1:]),
        "integer_powers": lambda: g(lambda a: m.abs(m.sum(
            a ** 3 + m.square(a) + 1 / a + m.reciprocal(a))))(C),
        "sign_conj": lambda: g(lambda a: m.sum(m.real(
            m.sign(a) * m.conjugate(a))))(C),
        "sort": lambda: g(lambda a: m.sum(m.real(
            m.sort(a) * m.arange(3))))(C),
        "lax_complex": lambda: g(lambda x, y: m.abs(lax.complex(x, y)),
                                 argnums=(0, 1))(np.float32(3.),
                                                 np.float32(4.)),
        "astype": lambda: g(lambda x: m.real(
            x.astype(m.complex64) * 1j * x))(np.float32(3.)),
        "py_complex_input": lambda: g(m.abs)(3 + 4j),
        "py_complex_real_part": lambda: g(lambda z: m.real(z * z))(1 + 1j),
        "two_args_weak_mix": lambda: g(lambda x, z: m.real(x * z),
                                       argnums=(0, 1))(1.0, 2 + 1j),
        "holomorphic": lambda: g(lambda z: z ** 2 + m.sin(z),
                                 holomorphic=True)(C[0]),
        "holomorphic_py": lambda: g(lambda z: z ** 3,
                                    holomorphic=True)(1 + 2j),
        "holomorphic_strong": lambda: g(lambda z: z * np.complex64(2),
                                        holomorphic=True)(1j),
        "value_and_grad": lambda: J.value_and_grad(
            lambda z: m.sum(m.abs(z) ** 2))(C),
        "jvp": lambda: J.jvp(lambda z: m.exp(z) * m.conj(z), (C,),
                             (C[::-1],)),
        "jvp_real_out": lambda: J.jvp(lambda z: m.sum(m.abs(z) ** 2),
                                      (C,), (C * 1j,)),
        "jvp_real_in": lambda: J.jvp(lambda x: x * (1 + 2j),
                                     (np.float32(1.5),), (np.float32(1),)),
        "vjp": lambda: J.vjp(lambda z: m.exp(z) * m.conj(z),
                             C)[1](C[::-1]),
        "vjp_real_to_complex": lambda: J.vjp(
            lambda x: x * (1 + 2j), np.float32(1.5))[1](np.complex64(1 - 1j)),
        "vjp_complex_to_real": lambda: J.vjp(
            lambda z: m.real(z) * m.imag(z), C[0])[1](np.float32(1.0)),
        "linearize": lambda: J.linearize(m.sin, C)[1](C * 1j),
        "jacfwd_holomorphic": lambda: J.jacfwd(
            lambda z: z ** 2, holomorphic=True)(C),
        "jacrev_holomorphic": lambda: J.jacrev(
            lambda z: z ** 2, holomorphic=True)(C),
        "jacfwd_complex_to_real": lambda: J.jacrev(
            lambda z: m.abs(z))(C),
        "hessian_holomorphic": lambda: J.hessian(
            lambda z: z ** 3, holomorphic=True)(C[0]),
        "hessian_real_through_complex": lambda: J.hessian(
            lambda x: m.sum(m.abs(m.exp(1j * x) + x) ** 2))(
                np.array([0.3, -1.2], np.float32)),
    }


def test_derivatives_match_jax():
    # Eagerly, one at a time (a few: each is a program).
    want = _grad_cases(jax, rjnp)
    for name, f in _grad_cases(jxp, jnp).items():
        if name in ("abs_exp", "abs", "py_complex_input", "holomorphic_py",
                    "two_args_weak_mix", "vjp", "jvp", "linearize",
                    "jacfwd_holomorphic", "hessian_holomorphic"):
            assert_same(f(), want[name](), rtol=2e-5, atol=1e-6), name
    # Under jit, all in one program (weak types as JAX's jit gives them).
    want = jax.jit(lambda: {k: f() for k, f in
                            _grad_cases(jax, rjnp).items()})()
    got = jxp.jit(lambda: {k: f() for k, f in
                           _grad_cases(jxp, jnp).items()})()
    assert_same(got, want, rtol=2e-5, atol=1e-6)


def _error_cases(J, m):
    g = J.grad
    return {
        "complex_output": lambda: g(lambda z: z ** 2)(np.complex64(1 + 2j)),
        "complex_output_real_input": lambda: g(lambda x: x * (1 + 1j))(1.0),
        "holomorphic_real_input": lambda: g(lambda z: z ** 2,
                                            holomorphic=True)(1.0),
        "holomorphic_int_input": lambda: g(lambda z: z ** 2,
                                           holomorphic=True)(2),
        "holomorphic_real_output": lambda: g(
            m.abs, holomorphic=True)(np.complex64(1 + 1j)),
        "int_input": lambda: g(lambda x: x * 2.0)(3),
        "int_output": lambda: g(lambda x: (x > 0).astype(np.int32).sum())(
            np.ones(3, np.float32)),
        "jacfwd_complex_input": lambda: J.jacfwd(lambda z: z ** 2)(C),
        "jacfwd_holomorphic_real_output": lambda: J.jacfwd(
            m.abs, holomorphic=True)(C),
        "jacfwd_holomorphic_real_input": lambda: J.jacfwd(
            lambda z: z * 1j, holomorphic=True)(np.ones(2, np.float32)),
        "jacrev_complex_output": lambda: J.jacrev(lambda z: z ** 2)(C),
        "jacrev_holomorphic_real_input": lambda: J.jacrev(
            lambda x: x * 1j, holomorphic=True)(np.ones(2, np.float32)),
        "jacrev_holomorphic_real_output": lambda: J.jacrev(
            m.abs, holomorphic=True)(C),
        "hessian_complex_input": lambda: J.hessian(
            lambda z: m.abs(z) ** 2)(C[0]),
        "jvp_int_tangent_of_int": lambda: J.jvp(lambda x: x * 2, (3,), (1,)),
        "jvp_float_tangent_of_int": lambda: J.jvp(
            lambda x: x * 2, (np.int32(3),), (np.float32(1),)),
        "jvp_real_tangent_of_complex": lambda: J.jvp(
            lambda z: z * 2, (C,), (C.real,)),
        "vjp_real_cotangent_of_complex": lambda: J.vjp(
            lambda z: z * 2, C)[1](C.real),
    }


@pytest.mark.parametrize("name", list(_error_cases(jax, rjnp)))
def test_derivative_errors_match_jax(name):
    with pytest.raises(ERRORS) as want:
        _error_cases(jax, rjnp)[name]()
    raises_like(want.value, _error_cases(jxp, jnp)[name])


def _same_float0(got, want):
    assert got.dtype == want.dtype == jax.dtypes.float0
    assert np.shape(got) == np.shape(want)


def _float0_cases(J, m):
    f0 = jax.dtypes.float0
    return {
        "grad_allow_int": lambda: J.grad(
            lambda x, y: x * y, argnums=(0, 1), allow_int=True)(3, 2.0),
        "grad_allow_int_array": lambda: J.grad(
            lambda x, y: m.sum(x * y), argnums=(0, 1), allow_int=True)(
                np.arange(3), np.ones(3, np.float32)),
        "grad_allow_bool": lambda: J.grad(
            lambda x, y: m.sum(m.where(x, y, 0.)), argnums=(0, 1),
            allow_int=True)(np.array([True, False]),
                            np.ones(2, np.float32)),
        "value_and_grad_allow_int": lambda: J.value_and_grad(
            lambda x: m.sum(x * 2.0), allow_int=True)(np.arange(4)),
        "vjp_int_input": lambda: J.vjp(lambda x, y: x * y, 3, 2.0)[1](1.0),
        "vjp_int_output": lambda: J.vjp(
            lambda x: (x * 2, x.astype(np.float32)), np.arange(3))[1](
                (np.zeros(3, f0), np.ones(3, np.float32))),
        "jvp_float0_tangent": lambda: J.jvp(
            lambda x, y: (x * y, x + 1), (3, 2.0),
            (np.zeros((), f0), 1.0)),
        "jvp_int_array": lambda: J.jvp(
            lambda x, z: (x * 2, z * x), (np.arange(2), C[:2]),
            (np.zeros(2, f0), C[:2])),
        "jacrev_allow_int": lambda: J.jacrev(
            lambda x, y: x * y, argnums=(0, 1), allow_int=True)(3, 2.0),
    }


@pytest.mark.parametrize("name", list(_float0_cases(jax, rjnp)))
def test_float0_tangents_match_jax(name):
    want = _float0_cases(jax, rjnp)[name]()
    got = _float0_cases(jxp, jnp)[name]()
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree.num_leaves == want_tree.num_leaves, (got, want)
    for g, w in zip(got_leaves, want_leaves):
        if getattr(w, "dtype", None) == jax.dtypes.float0:
            _same_float0(g, w)
        elif not isinstance(w, jax.Array):
            # JAX leaves integer primals untraced in jvp: results computed
            # from them alone come back as NumPy or Python values; jxp's
            # are arrays of the same values.
            np.testing.assert_array_equal(np.asarray(g), np.asarray(w))
        else:
            assert_same(g, w, rtol=2e-5, atol=1e-6)


# ---------------------------------------------------------------------------
# Complex numbers where JAX rejects them or XLA crashed on them (a complex
# remainder, orderings of complex constants in XLA's constant folder): the
# programs that used to crash run in a child process first, so that a
# regression fails the test instead of ending the run
# ---------------------------------------------------------------------------

def _outcome(lib, np_, fn, mode):
    """fn's result, or the class name of what it raised, with `lib`."""
    x = np_.array(np.array([1 + 2j, -3.5 + 0.5j, 3 - 1j], np.complex64))
    y = np_.array(np.array([0.5 - 1j, -3.5 + 2j, 3 - 1j], np.complex64))
    f = (lambda a, b: fn(lib, np_, a, b))
    if mode == "jit":
        f = lib.jit(f)
    try:
        return f(x, y)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return type(e).__name__


def _assert_same(got, want, rtol=1e-6):
    """assert_same, with complex values compared as complex numbers."""
    assert_same(got, want, rtol=rtol)
    for g, w in zip(jxp.tree_util.tree_leaves(got),
                    jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=rtol,
                                   equal_nan=True)


def _in_child(code):
    """Runs `code` in a fresh interpreter (with this one's sys.path): its
    exit code and output. A crash is a negative exit code."""
    prelude = f"import sys; sys.path[:0] = {sys.path!r}\n"
    proc = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=600)
    return proc.returncode, proc.stdout + proc.stderr


_COMPLEX_CASES = {
    # XLA segfaulted compiling a complex remainder; JAX raises TypeError.
    "mod": lambda lib, np_, x, y: x % y,
    "lax.rem": lambda lib, np_, x, y: lib.lax.rem(x, y),
    "remainder": lambda lib, np_, x, y: np_.remainder(x, y),
    "fmod": lambda lib, np_, x, y: np_.fmod(x, y),
    # Accepted and returned unchanged; JAX raises.
    "floor": lambda lib, np_, x, y: np_.floor(x),
    "ceil": lambda lib, np_, x, y: np_.ceil(x),
    "trunc": lambda lib, np_, x, y: np_.trunc(x),
    "clip": lambda lib, np_, x, y: np_.clip(x, 0, 1),
    "argmax": lambda lib, np_, x, y: np_.argmax(x),
    "lax.argmin": lambda lib, np_, x, y: lib.lax.argmin(x, 0, np_.int32),
    "heaviside": lambda lib, np_, x, y: np_.heaviside(x, y),
    "median": lambda lib, np_, x, y: np_.median(x),
    # Orderings of complex numbers: rjnp's order is by real part, then
    # imaginary part. XLA has none: its constant folder aborted on those of
    # constants (the *_const cases, under jit).
    "less": lambda lib, np_, x, y: (x < y, x >= y),
    "less_const": lambda lib, np_, x, y: np_.array(3 + 0j) > np_.array(0j),
    "maximum": lambda lib, np_, x, y: (np_.maximum(x, y), np_.minimum(x, y)),
    "max": lambda lib, np_, x, y: (np_.max(x), np_.min(y)),
    "cummax": lambda lib, np_, x, y: (lib.lax.cummax(x), lib.lax.cummin(y)),
    "cummin_const": lambda lib, np_, x, y: lib.lax.cummin(
        np_.array([3 + 1j, -1 + 2j, 3 + 2j], np_.complex64)),
    "sort": lambda lib, np_, x, y: (np_.sort(y), np_.argsort(y)),
    "where": lambda lib, np_, x, y: np_.where(x > y, x, y),
    "abs": lambda lib, np_, x, y: np_.abs(x),
}


_CRASHED = ("mod", "lax.rem", "remainder", "fmod", "less_const",
            "cummin_const")


def _outcomes_in_child(pairs):
    """Runs the (case, mode) pairs one after the other in one fresh
    interpreter: its exit code and output."""
    return _in_child(f"""
        import importlib.util
        import jxp, jxp.numpy as jnp
        spec = importlib.util.spec_from_file_location("cases", {__file__!r})
        cases = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(cases)
        for case, mode in {list(pairs)!r}:
            print(case, mode, cases._outcome(
                jxp, jnp, cases._COMPLEX_CASES[case], mode))
        """)


@functools.lru_cache(maxsize=None)
def _all_crashed_in_one_child():
    # One interpreter for all of them (each costs an import of jax and
    # jxp); when it dies, each case runs alone again (below) to say which.
    return _outcomes_in_child([(c, m) for c in _CRASHED
                               for m in ("eager", "jit")])


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("mode", ["eager", "jit"])
@pytest.mark.parametrize("case", sorted(_COMPLEX_CASES))
def test_complex_inputs_behave_as_in_jax(case, mode):
    fn = _COMPLEX_CASES[case]
    if case in _CRASHED:
        # These killed the process: run them apart first.
        code, out = _all_crashed_in_one_child()
        if code != 0:
            code, out = _outcomes_in_child([(case, mode)])
        assert code == 0, out
    want = _outcome(jax, rjnp, fn, mode)
    got = _outcome(jxp, jnp, fn, mode)
    if isinstance(want, str):
        assert got == want
    else:
        _assert_same(got, want)
