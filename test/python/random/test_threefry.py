"""jxp.lax.threefry2x32 (a dialect op) against Random123's known answers and
JAX's own threefry_2x32."""

import numpy as np
import pytest
from jax._src.random.threefry2x32 import threefry_2x32 as jax_threefry_2x32

import jxp
import jxp.lax as lax

U32 = np.uint32

# Random123's known-answer tests for threefry2x32 with 20 rounds.
KAT = [((0, 0), (0, 0), (0x6b200159, 0x99ba4efe)),
       ((0xffffffff, 0xffffffff), (0xffffffff, 0xffffffff),
        (0x1cb996fc, 0xbb002be7)),
       ((0x13198a2e, 0x03707344), (0x243f6a88, 0x85a308d3),
        (0xc4923a9c, 0x483df7a0))]


@pytest.mark.parametrize("mode", ["eager", "jit"])
@pytest.mark.parametrize("key,x,want", KAT)
def test_known_answers(key, x, want, mode):
    f = lax.threefry2x32 if mode == "eager" else jxp.jit(lax.threefry2x32)
    y0, y1 = f(U32(key[0]), U32(key[1]), np.array([x[0]], U32),
               np.array([x[1]], U32))
    assert (int(np.asarray(y0)[0]), int(np.asarray(y1)[0])) == want


@pytest.mark.parametrize("shape", [(), (0,), (7,), (3, 5)])
@pytest.mark.parametrize("keyed", ["scalar", "full"])
def test_matches_jax(shape, keyed):
    rng = np.random.default_rng(sum(shape) + len(keyed))
    x0, x1 = (rng.integers(0, 2**32, size=shape, dtype=U32) for _ in range(2))
    k = rng.integers(0, 2**32, size=2, dtype=U32)
    want = jax_threefry_2x32(k, np.stack([x0, x1]).reshape(-1))
    want = np.asarray(want).reshape((2,) + shape)
    k0, k1 = (U32(k[0]), U32(k[1])) if keyed == "scalar" else (
        np.full(shape, k[0], U32), np.full(shape, k[1], U32))
    y0, y1 = jxp.jit(lax.threefry2x32)(k0, k1, x0, x1)
    np.testing.assert_array_equal(np.asarray(y0), want[0])
    np.testing.assert_array_equal(np.asarray(y1), want[1])


def test_rejects_other_dtypes():
    with pytest.raises(TypeError):
        lax.threefry2x32(np.int32(0), U32(0), np.zeros(2, U32),
                         np.zeros(2, U32))
