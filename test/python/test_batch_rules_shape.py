"""Batching rules of shape ops, reductions and scans against JAX's vmap.

Each case is a function over `lax` (jax.lax or jxp.lax) emitting the op
under test, a list of per-example argument shapes and dtypes, and the
in_axes to map them along (0, 1, -1 and None mixed): the arguments are
built with NumPy, the batch dimension inserted where in_axes says, and
`jxp.vmap` must give what `jax.vmap` gives (values, shapes, dtypes). The
IR of each rule is checked by test/lit/Transforms/jxp-batch/shape.mlir and
test/lit/Transforms/jxp-batch/reduction.mlir; this checks its numbers.
"""

import jax
import numpy as np
import pytest

import jxp
import jxp.lax as xlax
from jxp_test_util import assert_same

jlax = jax.lax

N = 4  # the batch size
F32, I32 = np.float32, np.int32


def _example(rng, shape, dtype):
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-8, 8, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def _batched(rng, shape, dtype, axis):
    """An argument of per-example `shape`, mapped along `axis` (None: one
    value shared by every example)."""
    if axis is None:
        return _example(rng, shape, dtype)
    full = list(shape)
    full.insert(axis if axis >= 0 else len(shape) + 1 + axis, N)
    return _example(rng, tuple(full), dtype)


def _check(fn, specs, in_axes, out_axes=0, args=None):
    rng = np.random.default_rng(0)
    if args is None:
        args = [_batched(rng, s, d, a) for (s, d), a in zip(specs, in_axes)]
    want = jax.vmap(fn(jlax), in_axes=tuple(in_axes), out_axes=out_axes)(*args)
    got = jxp.vmap(fn(xlax), in_axes=tuple(in_axes), out_axes=out_axes)(*args)
    assert_same(got, want)


# (name, fn(lax), per-example (shape, dtype) of each argument, in_axes)
CASES = [
    ("constant_iota",
     lambda lax: lambda x: x * 2.0 + lax.broadcasted_iota(F32, (3, 4), 1),
     [((3, 4), F32)], [1]),
    ("broadcast_in_dim",
     lambda lax: lambda x: lax.broadcast_in_dim(x, (3, 2, 4), (0, 2)),
     [((3, 4), F32)], [0]),
    ("broadcast_in_dim_bdim1",
     lambda lax: lambda x: lax.broadcast_in_dim(x, (3, 2, 4), (0, 2)),
     [((3, 4), F32)], [1]),
    ("broadcast_in_dim_last",
     lambda lax: lambda x: lax.broadcast_in_dim(x, (4, 2, 3), (2, 0)),
     [((3, 4), F32)], [-1]),
    ("broadcast_in_dim_scalar",
     lambda lax: lambda x: lax.broadcast_in_dim(x, (2, 3), ()),
     [((), F32)], [0]),
    ("reshape", lambda lax: lambda x: lax.reshape(x, (6, 4)),
     [((2, 3, 4), F32)], [0]),
    ("reshape_kept", lambda lax: lambda x: lax.reshape(x, (2, 12)),
     [((2, 3, 4), F32)], [1]),
    ("reshape_last", lambda lax: lambda x: lax.reshape(x, (4, 6)),
     [((2, 3, 4), F32)], [-1]),
    ("reshape_moved", lambda lax: lambda x: lax.reshape(x, (3, 2)),
     [((2, 3), F32)], [1]),
    ("reshape_dimensions",
     lambda lax: lambda x: lax.reshape(x, (4, 6), dimensions=(2, 0, 1)),
     [((2, 3, 4), F32)], [2]),
    ("transpose", lambda lax: lambda x: lax.transpose(x, (1, 0)),
     [((2, 3), F32)], [0]),
    ("transpose_bdim1", lambda lax: lambda x: lax.transpose(x, (2, 0, 1)),
     [((2, 3, 4), F32)], [1]),
    ("transpose_last", lambda lax: lambda x: lax.transpose(x, (1, 2, 0)),
     [((2, 3, 4), F32)], [-1]),
    ("rev", lambda lax: lambda x: lax.rev(x, (0,)), [((3, 4), F32)], [0]),
    ("rev_bdim1", lambda lax: lambda x: lax.rev(x, (0, 1)),
     [((3, 4), F32)], [1]),
    ("slice", lambda lax: lambda x: lax.slice(x, (1, 0), (6, 3), (2, 1)),
     [((7, 4), F32)], [0]),
    ("slice_last", lambda lax: lambda x: lax.slice(x, (1, 1), (7, 4), (3, 2)),
     [((7, 4), F32)], [-1]),
    ("concatenate",
     lambda lax: lambda x, y: lax.concatenate([x, y], 0),
     [((2, 3), F32), ((1, 3), F32)], [0, 0]),
    ("concatenate_mixed",
     lambda lax: lambda x, y, w: lax.concatenate([x, y, w], 1),
     [((3, 2), F32), ((3, 1), F32), ((3, 4), F32)], [1, None, 0]),
    ("concatenate_unmapped_first",
     lambda lax: lambda x, y: lax.concatenate([x, y], 0),
     [((2, 3), F32), ((2, 3), F32)], [None, -1]),
    ("pad", lambda lax: lambda x, p: lax.pad(x, p, ((2, -1, 1), (0, 1, 0))),
     [((3, 4), F32), ((), F32)], [0, None]),
    ("pad_mapped_value",
     lambda lax: lambda x, p: lax.pad(x, p, ((1, 0, 0), (-1, 2, 2))),
     [((3, 4), F32), ((), F32)], [1, 0]),
    ("pad_value_only",
     lambda lax: lambda x, p: lax.pad(x, p, ((1, 2, 1),)),
     [((3,), F32), ((), F32)], [None, 0]),
    ("dynamic_slice_operand",
     lambda lax: lambda x, i: lax.dynamic_slice(x, (i, 1), (2, 3)),
     [((6, 4), F32), ((), I32)], [1, None]),
    ("dynamic_slice_starts",
     lambda lax: lambda x, i: lax.dynamic_slice(x, (i,), (2,)),
     [((6,), F32), ((), I32)], [0, 0]),
    ("dynamic_slice_mixed",
     lambda lax: lambda x, i, j: lax.dynamic_slice(x, (i, j), (2, 3)),
     [((6, 4), F32), ((), I32), ((), I32)], [-1, 0, None]),
    ("dynamic_slice_shared",
     lambda lax: lambda x, i, j: lax.dynamic_slice(x, (i, j), (2, 3)),
     [((6, 4), F32), ((), I32), ((), I32)], [None, 0, 0]),
    ("dynamic_update_slice_operand",
     lambda lax: lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 0)),
     [((6, 4), F32), ((2, 4), F32), ((), I32)], [1, None, None]),
    ("dynamic_update_slice_update",
     lambda lax: lambda x, u, i: lax.dynamic_update_slice(x, u, (i,)),
     [((6,), F32), ((2,), F32), ((), I32)], [None, 0, None]),
    ("dynamic_update_slice_starts",
     lambda lax: lambda x, u, i, j: lax.dynamic_update_slice(x, u, (i, j)),
     [((6, 4), F32), ((2, 3), F32), ((), I32), ((), I32)], [0, 1, None, 0]),
    ("dynamic_update_slice_all",
     lambda lax: lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 2)),
     [((6, 4), F32), ((2, 3), F32), ((), I32)], [-1, -1, 0]),
    ("dynamic_update_slice_shared_operand",
     lambda lax: lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 1)),
     [((6, 4), F32), ((2, 3), F32), ((), I32)], [None, None, 0]),
]

REDUCE_CASES = [
    ("reduce_sum", lambda lax: lambda x: lax.reduce_sum(x, (0,)),
     [((3, 4), F32)], [0]),
    ("reduce_sum_bdim1", lambda lax: lambda x: lax.reduce_sum(x, (0, 2)),
     [((3, 4, 5), F32)], [1]),
    ("reduce_max", lambda lax: lambda x: lax.reduce_max(x, (1,)),
     [((3, 4), F32)], [-1]),
    ("reduce_min", lambda lax: lambda x: lax.reduce_min(x, (0, 1)),
     [((3, 4), F32)], [1]),
    ("reduce_prod", lambda lax: lambda x: lax.reduce_prod(x, (1,)),
     [((3, 4), F32)], [1]),
    ("reduce_and", lambda lax: lambda x: lax.reduce_and(x, (0,)),
     [((3, 4), np.bool_)], [2]),
    ("reduce_or", lambda lax: lambda x: lax.reduce_or(x, (1,)),
     [((3, 4), np.bool_)], [0]),
    ("reduce_max_int", lambda lax: lambda x: lax.reduce_max(x, (0,)),
     [((3, 4), I32)], [1]),
    ("argmax", lambda lax: lambda x: lax.argmax(x, 1, I32),
     [((3, 4), F32)], [0]),
    ("argmax_before", lambda lax: lambda x: lax.argmax(x, 0, I32),
     [((3, 4), F32)], [1]),
    ("argmin", lambda lax: lambda x: lax.argmin(x, 1, I32),
     [((3, 4), I32)], [1]),
    ("argmin_last", lambda lax: lambda x: lax.argmin(x, 0, I32),
     [((3, 4), F32)], [-1]),
    ("cumsum", lambda lax: lambda x: lax.cumsum(x, 0), [((5, 3), F32)], [0]),
    ("cumsum_reverse", lambda lax: lambda x: lax.cumsum(x, 1, reverse=True),
     [((3, 5), F32)], [1]),
    ("cumprod", lambda lax: lambda x: lax.cumprod(x, 1), [((3, 5), F32)],
     [-1]),
    ("cummax", lambda lax: lambda x: lax.cummax(x, 0, reverse=True),
     [((5, 3), F32)], [1]),
    ("cummin", lambda lax: lambda x: lax.cummin(x, 1), [((3, 5), I32)], [0]),
]


@pytest.mark.parametrize("name,fn,specs,in_axes", CASES + REDUCE_CASES,
                         ids=[c[0] for c in CASES + REDUCE_CASES])
def test_vmap_matches_jax(name, fn, specs, in_axes):
    _check(fn, specs, in_axes)


@pytest.mark.parametrize("out_axes", [1, -1])
def test_reduce_result_out_axes(out_axes):
    # The result's batch dimension where the rule leaves it, moved to
    # out_axes afterwards.
    _check(lambda lax: lambda x: lax.reduce_sum(x, (0,)), [((3, 4, 2), F32)],
           [2], out_axes=out_axes)


@pytest.mark.parametrize("op", ["dynamic_slice", "dynamic_update_slice"])
def test_mapped_starts_clamp(op):
    # Per-example starts past either end clamp as the unbatched op clamps
    # them (the gather and scatter the rules build use clip mode); negative
    # starts count from the end first.
    starts = np.array([-9, -1, 5, 100], I32)
    x = np.arange(N * 6, dtype=F32).reshape(N, 6)
    u = np.full((N, 2), -1.0, F32)
    if op == "dynamic_slice":
        fn = lambda lax: lambda x, i: lax.dynamic_slice(x, (i,), (2,))
        args = [x, starts]
    else:
        fn = lambda lax: lambda x, u, i: lax.dynamic_update_slice(x, u, (i,))
        args = [x, u, starts]
    _check(fn, None, [0] * len(args), args=args)


def test_nested_vmap_dynamic_slice():
    # Both levels' starts mapped: the inner gather's operand batching
    # dimension is batched again by the outer rule.
    rng = np.random.default_rng(1)
    x = rng.standard_normal((6, N, 3)).astype(F32)
    i = rng.integers(0, 6, (N, 3)).astype(I32)

    def f(lax, vmap):
        inner = vmap(lambda r, k: lax.dynamic_slice(r, (k,), (2,)),
                     in_axes=(1, 0))
        return vmap(inner, in_axes=(1, 0))

    assert_same(f(xlax, jxp.vmap)(x, i), f(jlax, jax.vmap)(x, i))


def test_vmap_under_jit():
    fn = lambda lax: lambda x, p: lax.reduce_max(
        lax.pad(lax.transpose(x, (1, 0)), p, ((1, 1, 0), (0, 0, 1))), (0,))
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, N, 2)).astype(F32)
    p = rng.standard_normal(N).astype(F32)
    got = jxp.jit(jxp.vmap(fn(xlax), in_axes=(1, 0)))(x, p)
    want = jax.jit(jax.vmap(fn(jlax), in_axes=(1, 0)))(x, p)
    assert_same(got, want)


def test_grad_of_vmap_and_vmap_of_grad():
    # The gather and scatter built for mapped starts (operand batching
    # dimensions) differentiate like JAX's; and batching the derivative of
    # shape ops, reductions and scans gives JAX's per-example gradients.
    def per(lax):
        def f(x, u, i):
            y = lax.dynamic_update_slice(x, u * 2.0, (i, 1))
            z = lax.dynamic_slice(y, (i + 1, 0), (2, 3))
            padded = lax.pad(z, 1.5, ((1, 0, 1), (0, 1, 0)))
            return lax.reduce_sum(lax.cumprod(z, 1), (0, 1)) + lax.reduce_max(
                lax.transpose(padded, (1, 0)), (0, 1))
        return f

    rng = np.random.default_rng(3)
    x = rng.standard_normal((N, 6, 4)).astype(F32)
    u = rng.standard_normal((2, N, 3)).astype(F32)
    i = np.array([0, 3, 5, -2], I32)

    def grad_of_vmap(lax, vmap, grad):
        g = vmap(per(lax), in_axes=(0, 1, 0))
        return grad(lambda x, u, i: g(x, u, i).sum(), argnums=(0, 1))

    def vmap_of_grad(lax, vmap, grad):
        return vmap(grad(per(lax), argnums=(0, 1)), in_axes=(0, 1, 0))

    for build in (grad_of_vmap, vmap_of_grad):
        got = build(xlax, jxp.vmap, jxp.grad)(x, u, i)
        want = build(jlax, jax.vmap, jax.grad)(x, u, i)
        assert_same(got, want, rtol=1e-5)
