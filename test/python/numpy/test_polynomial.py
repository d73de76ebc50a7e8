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
    fn, args = GRADS[case]
    argnums = tuple(range(len(args)))

    def build(lib, m):
        g = lib.grad(fn(m), argnums=argnums)
        return lib.jit(g) if jit else g

    want = build(jax, rjnp)(*args)
    got = build(jxp, jnp)(*args)
    assert_same(got, want, rtol=1e-4, atol=1e-5)
