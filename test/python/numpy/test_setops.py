"""jxp.numpy's set operations (union1d, intersect1d, setdiff1d, setxor1d,
isin, the unique_* family) against jax.numpy: values, dtypes, weak types
and error classes, eagerly and under jit where JAX allows (the
data-dependent shapes fail under jit as in JAX)."""

import functools

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import check_numpy, raises_like

check = functools.partial(check_numpy, rtol=1e-5, atol=1e-5)

# The inputs, drawn in this order from one seeded generator.
R = np.random.default_rng(11)
F1 = R.standard_normal(7).astype(np.float32)
F2 = R.standard_normal((3, 4)).astype(np.float32)
F3 = R.standard_normal((2, 3, 4)).astype(np.float32)
SQ = R.standard_normal((3, 3)).astype(np.float32)
I1 = R.integers(-5, 6, 8).astype(np.int32)
I2 = R.integers(-5, 6, (3, 4)).astype(np.int32)
SETA = np.array([5, 1, 3, 3, 9, 1, 0], np.int32)
SETB = np.array([3, 4, 0, 0, 8], np.int32)

# name -> (fn(m) -> callable on the array args, args, jit)
CASES = {
    # selection
    "isin": (lambda m: lambda a, b: m.isin(a, b), (I2, SETB), True),
    "isin_invert": (lambda m: lambda a, b: m.isin(a, b, invert=True),
                    (I2, SETB), True),
    # set operations
    "union1d": (lambda m: lambda a, b: m.union1d(a, b), (SETA, SETB), False),
    "intersect1d": (lambda m: lambda a, b: m.intersect1d(a, b),
                    (SETA, SETB), False),
    "intersect1d_idx": (lambda m: lambda a, b: m.intersect1d(
        a, b, return_indices=True), (SETA, SETB), False),
    "setdiff1d": (lambda m: lambda a, b: m.setdiff1d(a, b), (SETA, SETB),
                  False),
    "setxor1d": (lambda m: lambda a, b: m.setxor1d(a, b), (SETA, SETB),
                 False),
    "unique_values": (lambda m: lambda a: m.unique_values(a), (SETA,), False),
    "unique_counts": (lambda m: lambda a: tuple(m.unique_counts(a)), (I2,),
                      False),
    "unique_inverse": (lambda m: lambda a: tuple(m.unique_inverse(a)),
                       (I2,), False),
    "unique_all": (lambda m: lambda a: tuple(m.unique_all(a)), (I2,), False),
    "unique_all_size": (lambda m: lambda a: tuple(m.unique_all(
        a, size=8, fill_value=0)),
                        (SETA,), True),
    # weak types, Python scalars and refused lists
    "isin_scalar": (lambda m: lambda b: m.isin(3, b), (SETB,), True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_against_jax(case):
    fn, args, jit = CASES[case]
    check(fn, *args, jit=jit)


# --- under jit, the concrete-only ones fail as in JAX ------------------------

CONCRETE_ONLY = {
    "union1d": lambda m: lambda x: m.union1d(x, x),
    "setdiff1d": lambda m: lambda x: m.setdiff1d(x, x[:2]),
    "unique_values": lambda m: lambda x: m.unique_values(x),
}


@pytest.mark.parametrize("case", sorted(CONCRETE_ONLY))
def test_concrete_only_under_jit(case):
    fn = CONCRETE_ONLY[case]
    with pytest.raises(Exception) as want:
        jax.jit(fn(rjnp))(I1)
    raises_like(want.value, lambda: jxp.jit(fn(jnp))(I1))


def test_unique_result_fields():
    for name in ("unique_all", "unique_counts", "unique_inverse"):
        assert (getattr(jnp, name)(I2)._fields
                == getattr(rjnp, name)(I2)._fields)
