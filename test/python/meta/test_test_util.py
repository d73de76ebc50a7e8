"""The comparison helpers can fail: structure, not node counts, is compared,
and check_numpy's jit leg runs for functions of no arguments too."""

import collections

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import (assert_same, assert_same_structure, check_numpy,
                           errors_like)

Pair = collections.namedtuple("Pair", "a b")


def _pairs():
    """(jxp tree, JAX tree, same structure?) cases."""
    x, r = jnp.ones(2), rjnp.ones(2)
    return [
        ((x, x), (r, r), True),
        ([x, x], (r, r), False),  # list vs tuple: same node count
        ({"a": x, "b": x}, {"a": r, "c": r}, False),  # other keys
        ({"a": x, "b": x}, {"b": r, "a": r}, True),  # key order is sorted
        (Pair(x, x), (r, r), False),  # namedtuple vs tuple
        (Pair(x, x), Pair(r, r), True),
        ((x, None), (r, None), True),
        ((x, None), (None, r), False),  # None elsewhere
        ((x, (x,)), ((r,), r), False),  # nesting elsewhere
        ((x, [x]), (r, [r]), True),
        ([], (), False),
    ]


@pytest.mark.parametrize("i", range(len(_pairs())))
def test_assert_same_compares_structure(i):
    got, want, same = _pairs()[i]
    if same:
        assert_same_structure(got, want)
        assert_same(got, want)
    else:
        with pytest.raises(AssertionError):
            assert_same_structure(got, want)
        with pytest.raises(AssertionError):
            assert_same(got, want)


def test_assert_same_compares_partial():
    f = jxp.tree_util.Partial(jnp.add, jnp.ones(2))
    g = jax.tree_util.Partial(rjnp.add, rjnp.ones(2))
    assert_same_structure(f, g)
    with pytest.raises(AssertionError):
        assert_same_structure(f, (jnp.ones(2),))


def test_assert_same_still_compares_values():
    with pytest.raises(AssertionError):
        assert_same((jnp.ones(2),), (rjnp.zeros(2),))
    with pytest.raises(AssertionError):
        assert_same(jnp.ones(2, np.int32), rjnp.ones(2, np.float32))


def test_check_numpy_runs_the_jit_leg_without_arguments():
    """A zero-argument function that agrees eagerly but not under jit (the
    library tells which leg runs through `jit`'s tracing) must fail."""
    def fn(m):
        def f():
            x = m.arange(3.0)
            return x + 2 if m is jnp and _under_jit() else x + 1
        return f
    check_numpy(lambda m: (lambda: m.arange(3.0) * 2))
    with pytest.raises(AssertionError):
        check_numpy(fn)


def _under_jit():
    from jxp._src import core
    return core.current_frame() is not None


def test_errors_like_fails_when_jax_or_jxp_does_not_match():
    def add_to_pair(m):
        return lambda a: m.zeros(2) + a

    bad_shape = [(add_to_pair, (np.ones(3),))]
    run_jax = lambda fn, args: fn(rjnp)(*args)  # noqa: E731
    errors_like(bad_shape, run_jax, lambda fn, args: fn(jnp)(*args))
    with pytest.raises(AssertionError, match="JAX raised nothing"):
        errors_like([(add_to_pair, (np.ones(2),))], run_jax,
                    lambda fn, args: fn(jnp)(*args))
    with pytest.raises(AssertionError, match="case 0"):
        errors_like(bad_shape, run_jax, lambda fn, args: None)
    with pytest.raises(AssertionError, match="case 0"):
        errors_like(bad_shape, run_jax, lambda fn, args: 1 / 0)
