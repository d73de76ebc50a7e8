"""jxp.numpy's polynomial functions (poly, polyadd, polysub, polymul,
polydiv, polyder, polyint, polyval, polyfit, roots, vander, trim_zeros)
against jax.numpy: values, dtypes, weak types and error classes, eagerly
and under jit where JAX allows, and gradients."""

import functools

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import grad_agrees_with_jax
from jxp_test_util import assert_same, check_numpy, raises_like

check = functools.partial(check_numpy, rtol=1e-5, atol=1e-5)

# The inputs, drawn in this order from one seeded generator.
R = np.random.default_rng(11)
F1 = R.standard_normal(7).astype(np.float32)
F2 = R.standard_normal((3, 4)).astype(np.float32)
F3 = R.standard_normal((2, 3, 4)).astype(np.float32)
SQ = R.standard_normal((3, 3)).astype(np.float32)
I1 = R.integers(-5, 6, 8).astype(np.int32)
I2 = R.integers(-5, 6, (3, 4)).astype(np.int32)

# name -> (fn(m) -> callable on the array args, args, jit)
CASES = {
    # polynomials
    "vander": (lambda m: lambda x: m.vander(x), (F1[:4],), True),
    "vander_N_inc": (lambda m: lambda x: m.vander(x, 3, increasing=True),
                     (I1[:4],), True),
    "polyval": (lambda m: lambda p, x: m.polyval(p, x), (F1[:4], F2), True),
    "polyval_int": (lambda m: lambda p, x: m.polyval(p, x), (I1[:3], I2),
                    True),
    "polyval_weak": (lambda m: lambda p: m.polyval(p, 2.0), (F1,), True),
    "polyadd": (lambda m: lambda a, b: m.polyadd(a, b), (F1[:3], I1), True),
    "polysub": (lambda m: lambda a, b: m.polysub(a, b), (F1, F1[:2]), True),
    "polymul": (lambda m: lambda a, b: m.polymul(a, b), (F1[:3], F1[:4]),
                True),
    "polyder": (lambda m: lambda p: m.polyder(p, 2), (F1,), True),
    "polyder_int": (lambda m: lambda p: m.polyder(p), (I1,), True),
    "polyint": (lambda m: lambda p: m.polyint(p, 2, k=[1.0, 2.0]), (F1,),
                True),
    "polyint_int": (lambda m: lambda p: m.polyint(p), (I1,), True),
    "trim_zeros": (lambda m: lambda x: m.trim_zeros(x),
                   (np.array([0, 0, 3, 0, 2, 0], np.int32),), False),
    "trim_zeros_f": (lambda m: lambda x: m.trim_zeros(x, "f"),
                     (np.array([0, 0, 3, 0, 2, 0], np.int32),), False),
    # weak types, Python scalars and refused lists
    "polyadd_weak": (lambda m: lambda a: m.polyadd(a, 1.5), (I1,), True),
    "polyder_neg": (lambda m: lambda p: m.polyder(p, -1), (F1,), True),
    "polyint_badk": (lambda m: lambda p: m.polyint(p, 2, k=np.ones(
        3, np.float32)), (F1,), True),
    "vander_bad": (lambda m: lambda x: m.vander(x), (F2,), True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_against_jax(case):
    fn, args, jit = CASES[case]
    check(fn, *args, jit=jit)


# --- under jit, the concrete-only ones fail as in JAX ------------------------

CONCRETE_ONLY = {
    "trim_zeros": lambda m: lambda x: m.trim_zeros(x),
}


@pytest.mark.parametrize("case", sorted(CONCRETE_ONLY))
def test_concrete_only_under_jit(case):
    fn = CONCRETE_ONLY[case]
    with pytest.raises(Exception) as want:
        jax.jit(fn(rjnp))(I1)
    raises_like(want.value, lambda: jxp.jit(fn(jnp))(I1))


# --- gradients ---------------------------------------------------------------

GRADS = {
    "polyval": (lambda m: lambda p, x: m.polyval(p, x).sum(), (F1[:4], F1)),
}


@pytest.mark.parametrize("case", sorted(GRADS))
@pytest.mark.parametrize("jit", [False, True])
def test_grad(case, jit):
    grad_agrees_with_jax(*GRADS[case], jit=jit, rtol=1e-4,
                         atol=1e-5)


# ---------------------------------------------------------------------------
# poly, polydiv, polyfit and roots: values, errors, gradients
# ---------------------------------------------------------------------------

check_2e5 = functools.partial(check_numpy, rtol=2e-5, atol=2e-5)

R3 = np.random.default_rng(3)
X1 = R3.standard_normal(9).astype(np.float32)
X2 = R3.standard_normal((3, 4)).astype(np.float32)
PTS = R3.standard_normal((20, 3)).astype(np.float32)
W20 = R3.uniform(0.5, 2.0, 20).astype(np.float32)
XI2 = R3.integers(-3, 4, (3, 10)).astype(np.int32)
XB2 = R3.integers(0, 2, (2, 11)).astype(np.bool_)
XU8 = R3.integers(0, 256, (3, 2)).astype(np.uint8)
PHASE = np.cumsum(R3.uniform(-4, 4, (3, 8)), axis=1).astype(np.float32)
XS = np.linspace(-1, 2, 12).astype(np.float32)
YS = (1.5 * XS ** 2 - XS + 0.25 + 0.05 * R3.standard_normal(12)).astype(
    np.float32)
ROOTS = np.array([0.5, -1.0, 2.0], np.float32)
POLY = np.array([1.0, -2.0, -5.0, 6.0], np.float32)   # roots 1, -2, 3


ROOTS_FIT_CASES = {
    # polynomials
    "poly": (lambda m: lambda r: m.poly(r), (ROOTS,), True),
    "poly_int": (lambda m: lambda r: m.poly(r), (np.array([1, 2, 3],
                                                           np.int32),), True),
    "poly_empty": (lambda m: lambda r: m.poly(r), (np.zeros(0, np.float32),),
                   True),
    "poly_bad": (lambda m: lambda r: m.poly(r), (X2,), True),
    "polydiv": (lambda m: lambda u, v: m.polydiv(u, v),
                (POLY, np.array([1.0, -1.0], np.float32)), True),
    "polydiv_int": (lambda m: lambda u, v: m.polydiv(u, v),
                    (np.array([3, 2, 1, 5], np.int32),
                     np.array([2, 1], np.int32)), True),
    "polydiv_trim": (lambda m: lambda u, v: m.polydiv(
        u, v, trim_leading_zeros=True),
        (POLY, np.array([1.0, -1.0], np.float32)), False),
    "polyfit": (lambda m: lambda x, y: m.polyfit(x, y, 2), (XS, YS), True),
    "polyfit_weights_2d": (lambda m: lambda x, y, w: m.polyfit(
        x, y, 1, w=w), (XS, np.stack([YS, XS], 1), W20[:12]), True),
    "polyfit_full": (lambda m: lambda x, y: m.polyfit(x, y, 2, full=True),
                     (XS, YS), True),
    "polyfit_cov": (lambda m: lambda x, y: m.polyfit(x, y, 2, cov=True),
                    (XS, YS), True),
    "polyfit_cov_unscaled": (lambda m: lambda x, y: m.polyfit(
        x, y, 1, cov="unscaled"), (XS, YS), True),
    "polyfit_bad_deg": (lambda m: lambda x, y: m.polyfit(x, y, -1),
                        (XS, YS), True),
    "polyfit_bad_x": (lambda m: lambda x, y: m.polyfit(x, y, 1), (X2, YS),
                      True),
    "roots": (lambda m: lambda p: m.sort_complex(m.roots(p)), (POLY,), False),
    "roots_leading_zeros": (lambda m: lambda p: m.sort_complex(m.roots(p)),
                            (np.concatenate([[0.0, 0.0], POLY]).astype(
                                np.float32),), False),
    "roots_keep_zeros": (lambda m: lambda p: m.roots(p, strip_zeros=False),
                         (np.concatenate([[0.0], POLY[:3]]).astype(
                             np.float32),), True),
    "roots_short": (lambda m: lambda p: m.roots(p), (POLY[:1],), True),
}


@pytest.mark.parametrize("case", sorted(ROOTS_FIT_CASES))
def test_poly_polydiv_polyfit_roots(case):
    fn, args, jit = ROOTS_FIT_CASES[case]
    check_2e5(fn, *args, jit=jit)


def test_roots_strip_zeros_under_jit_fails_as_jax():
    p = np.concatenate([[0.0], POLY]).astype(np.float32)
    with pytest.raises(Exception) as want:
        jax.jit(rjnp.roots)(p)
    raises_like(want.value, lambda: jxp.jit(jnp.roots)(p))


ROOTS_FIT_GRADS = {
    "poly": (lambda m: lambda r: m.poly(r).sum() * 2.0, (ROOTS,)),
    "polydiv": (lambda m: lambda u, v: (m.polydiv(u, v)[0] ** 2).sum()
                + m.polydiv(u, v)[1].sum(),
                (POLY, np.array([2.0, -1.0], np.float32))),
    "polyfit": (lambda m: lambda x, y: (m.polyfit(x, y, 2) ** 2).sum(),
                (XS, YS)),
}


@pytest.mark.parametrize("case", sorted(ROOTS_FIT_GRADS))
@pytest.mark.parametrize("jit", [False, True])
def test_poly_polydiv_polyfit_grad(case, jit):
    grad_agrees_with_jax(*ROOTS_FIT_GRADS[case], jit=jit, rtol=2e-4,
                         atol=2e-4)


def test_roots_grad():
    # Roots are complex: differentiate their real parts' sum.
    def f(m):
        return lambda p: m.real(m.roots(p, strip_zeros=False)).sum()
    assert_same(jxp.grad(f(jnp))(POLY), jax.grad(f(rjnp))(POLY), rtol=2e-4,
                atol=2e-4)
