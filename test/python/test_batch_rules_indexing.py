"""Batching rules of dot_general, gather, scatter and sort against JAX's vmap.

Each case is a function of the library (`jax` or `jxp`) returning the
function to map, the per-example shapes and dtypes of its arguments, and
the in_axes to map them along (0, 1, -1 and None mixed): the arguments are
built with NumPy, the batch dimension inserted where in_axes says, and
`jxp.vmap` must give what `jax.vmap` gives (values, shapes, dtypes). The
IR of each rule is checked by test/lit/Transforms/jxp-batch/indexing.mlir; this checks
its numbers through jnp.dot/matmul/einsum, indexing, `.at[]` updates,
sort/argsort/take_along_axis and the lax ops themselves.
"""

import jax
import numpy as np
import pytest

import jxp
from jxp_test_util import assert_same

N = 4  # the batch size
F32, I32 = np.float32, np.int32


def _example(rng, shape, dtype, high):
    if np.issubdtype(dtype, np.integer):
        # Indices: in bounds for an axis of size `high`, unless the case
        # asks for out-of-bounds ones (negative `high`: from -2 to 2 past).
        if high < 0:
            return rng.integers(-2, -high + 2, shape).astype(dtype)
        return rng.integers(0, high, shape).astype(dtype)
    # Small integers as floats: exact sums and products whatever the
    # order, and ties for sort, min and max.
    return rng.integers(-4, 5, shape).astype(dtype)


def _batched(rng, spec, axis):
    """An argument of per-example spec (shape, dtype[, index bound]),
    mapped along `axis` (None: one value shared by every example)."""
    shape, dtype, *bound = spec
    high = bound[0] if bound else 3
    if axis is not None:
        shape = list(shape)
        shape.insert(axis if axis >= 0 else len(shape) + 1 + axis, N)
    return _example(rng, tuple(shape), dtype, high)


def _unique_rows(rng, n, k, axis):
    """Indices of shape (k,) per example, distinct within each example
    (scatter-set with repeated indices leaves any of the updates), mapped
    along `axis` of a (N, k) or (k, N) array, or shared (None)."""
    if axis is None:
        return rng.permutation(n)[:k].astype(I32)
    rows = np.stack([rng.permutation(n)[:k] for _ in range(N)]).astype(I32)
    return rows if axis == 0 else rows.T.copy()


def _check(case, in_axes, args=None, out_axes=0):
    rng = np.random.default_rng(0)
    if args is None:
        args = [_batched(rng, s, a) for s, a in zip(case.specs, in_axes)]
    want = jax.vmap(case.fn(jax), in_axes=tuple(in_axes),
                    out_axes=out_axes)(*args)
    got = jxp.vmap(case.fn(jxp), in_axes=tuple(in_axes),
                   out_axes=out_axes)(*args)
    assert_same(got, want)


class Case:
    def __init__(self, fn, specs):
        self.fn, self.specs = fn, specs


def _gather_dnums(lax, **kw):
    return lax.GatherDimensionNumbers(**kw)


CASES = {
    # dot_general
    "dot": Case(lambda m: lambda a, b: m.numpy.dot(a, b),
                [((3, 4), F32), ((4, 2), F32)]),
    "dot_vector": Case(lambda m: lambda a, b: m.numpy.dot(a, b),
                       [((4,), F32), ((4,), F32)]),
    "matvec": Case(lambda m: lambda a, b: m.numpy.matmul(a, b),
                   [((3, 4), F32), ((4,), F32)]),
    "matmul_batched": Case(lambda m: lambda a, b: m.numpy.matmul(a, b),
                           [((2, 3, 4), F32), ((2, 4, 5), F32)]),
    "einsum_batched": Case(
        lambda m: lambda a, b: m.numpy.einsum("bij,bkj->bki", a, b),
        [((2, 3, 4), F32), ((2, 5, 4), F32)]),
    "einsum_outer": Case(
        lambda m: lambda a, b: m.numpy.einsum("i,j->ji", a, b),
        [((3,), F32), ((4,), F32)]),
    "dot_general_int": Case(
        lambda m: lambda a, b: m.lax.dot_general(
            a, b, (((2,), (1,)), ((0,), (0,)))),
        [((2, 3, 4), I32, 9), ((2, 4, 3), I32, 9)]),
    # gather
    "take_rows": Case(lambda m: lambda x, i: m.numpy.asarray(x)[i],
                      [((5, 4), F32), ((3,), I32, 5)]),
    "take_columns": Case(lambda m: lambda x, i: m.numpy.asarray(x)[:, i],
                         [((3, 5), F32), ((2, 2), I32, 5)]),
    "take_scalar": Case(lambda m: lambda x, i: m.numpy.asarray(x)[i, 1:],
                        [((5, 4), F32), ((), I32, 5)]),
    "take_negative": Case(lambda m: lambda x, i: m.numpy.asarray(x)[i - 5],
                          [((5, 4), F32), ((3,), I32, 5)]),
    "take_fill": Case(
        lambda m: lambda x, i: m.numpy.asarray(x).at[i].get(
            mode="fill", fill_value=-7.0),
        [((5, 4), F32), ((3,), I32, -5)]),
    "take_clip": Case(
        lambda m: lambda x, i: m.numpy.take(x, i, axis=1, mode="clip"),
        [((3, 5), F32), ((4,), I32, -5)]),
    "take_2d": Case(lambda m: lambda x, i, j: m.numpy.asarray(x)[i, :, j],
                    [((3, 2, 4), F32), ((5,), I32, 3), ((5,), I32, 4)]),
    "take_along_axis": Case(
        lambda m: lambda x, i: m.numpy.take_along_axis(x, i, axis=1),
        [((3, 5), F32), ((3, 2), I32, 5)]),
    "lax_gather_batching": Case(
        lambda m: lambda x, i: m.lax.gather(
            x, i, _gather_dnums(m.lax, offset_dims=(1,),
                                collapsed_slice_dims=(1,),
                                start_index_map=(1,),
                                operand_batching_dims=(0,),
                                start_indices_batching_dims=(0,)),
            slice_sizes=(1, 1, 2), mode="clip"),
        [((3, 5, 2), F32), ((3, 1), I32, 5)]),
    # sort
    "sort": Case(lambda m: lambda x: m.numpy.sort(x), [((3, 5), F32)]),
    "sort_axis0": Case(lambda m: lambda x: m.numpy.sort(x, axis=0),
                       [((5, 3), F32)]),
    "argsort": Case(lambda m: lambda x: m.numpy.argsort(x), [((3, 6), F32)]),
    "argsort_descending": Case(
        lambda m: lambda x: m.numpy.argsort(x, axis=0, descending=True),
        [((6, 2), F32)]),
    "sort_int": Case(lambda m: lambda x: m.numpy.sort(x),
                     [((7,), I32, 4)]),
    "sort_two_operands": Case(
        lambda m: lambda k, v: m.lax.sort((k, v), dimension=0, num_keys=1),
        [((6,), F32), ((6,), I32, 9)]),
    "sort_two_keys": Case(
        lambda m: lambda k1, k2, v: m.lax.sort((k1, k2, v), dimension=1,
                                               num_keys=2),
        [((2, 6), F32), ((2, 6), F32), ((2, 6), F32)]),
    "sort_then_take": Case(
        lambda m: lambda x, y: m.numpy.take_along_axis(
            y, m.numpy.argsort(x, axis=-1), axis=-1),
        [((3, 5), F32), ((3, 5), F32)]),
}

# (case, in_axes): every case mapped along 0, along another dimension, and
# with unmapped arguments where it has several.
MAPPINGS = [
    ("dot", (0, 0)), ("dot", (1, -1)), ("dot", (None, 0)), ("dot", (0, None)),
    ("dot", (-1, None)), ("dot", (None, 1)),
    ("dot_vector", (0, 0)), ("dot_vector", (None, 1)), ("dot_vector", (0, None)),
    ("matvec", (2, 0)), ("matvec", (None, 0)), ("matvec", (1, None)),
    ("matmul_batched", (0, 0)), ("matmul_batched", (1, 3)),
    ("matmul_batched", (-1, None)), ("matmul_batched", (None, 2)),
    ("einsum_batched", (2, 1)), ("einsum_batched", (None, 0)),
    ("einsum_batched", (3, None)),
    ("einsum_outer", (0, 1)), ("einsum_outer", (None, 0)),
    ("dot_general_int", (1, 0)), ("dot_general_int", (None, 3)),
    ("take_rows", (0, 0)), ("take_rows", (1, None)), ("take_rows", (-1, None)),
    ("take_rows", (None, 0)), ("take_rows", (2, 1)), ("take_rows", (None, -1)),
    ("take_columns", (0, 0)), ("take_columns", (1, 2)),
    ("take_columns", (None, 1)), ("take_columns", (2, None)),
    ("take_scalar", (0, 0)), ("take_scalar", (None, 0)),
    ("take_scalar", (1, None)), ("take_scalar", (-1, 0)),
    ("take_negative", (1, 0)), ("take_negative", (None, 1)),
    ("take_fill", (0, 0)), ("take_fill", (None, 1)), ("take_fill", (2, None)),
    ("take_clip", (1, 0)), ("take_clip", (None, 0)), ("take_clip", (-1, None)),
    ("take_2d", (0, 0, 0)), ("take_2d", (None, 1, None)),
    ("take_2d", (2, None, 0)), ("take_2d", (3, 0, None)),
    ("take_along_axis", (0, 0)), ("take_along_axis", (1, -1)),
    ("take_along_axis", (None, 2)), ("take_along_axis", (2, None)),
    ("lax_gather_batching", (0, 0)), ("lax_gather_batching", (3, 1)),
    ("lax_gather_batching", (None, 2)), ("lax_gather_batching", (1, None)),
    ("sort", (0,)), ("sort", (1,)), ("sort", (-1,)),
    ("sort_axis0", (0,)), ("sort_axis0", (2,)),
    ("argsort", (0,)), ("argsort", (1,)), ("argsort", (-1,)),
    ("argsort_descending", (1,)),
    ("sort_int", (0,)), ("sort_int", (1,)),
    ("sort_two_operands", (0, 0)), ("sort_two_operands", (None, 1)),
    ("sort_two_operands", (1, None)),
    ("sort_two_keys", (0, 1, None)), ("sort_two_keys", (None, 2, 0)),
    ("sort_two_keys", (None, None, -1)),
    ("sort_then_take", (0, 1)), ("sort_then_take", (None, 2)),
    ("sort_then_take", (-1, None)),
]


def _axes_id(axes):
    return "-".join("N" if a is None else str(a) for a in axes)


@pytest.mark.parametrize("name,in_axes", MAPPINGS,
                         ids=[f"{n}[{_axes_id(a)}]" for n, a in MAPPINGS])
def test_vmap_matches_jax(name, in_axes):
    _check(CASES[name], in_axes)


def test_every_case_is_mapped():
    mapped = {n for n, _ in MAPPINGS}
    assert mapped == set(CASES)


# Scatter: x.at[i].op(u) for each op, with (operand, indices, updates)
# mapped or not. Indices are distinct within an example (set and the
# exactness of mul need not depend on the order of repeated updates), so
# each is a (k,) row; the updates (k, 3) rows of values.
SCATTER_OPS = ["set", "add", "mul", "min", "max"]
SCATTER_AXES = [
    (0, None, None), (1, None, None), (-1, None, None),
    (None, 0, None), (None, 1, None),
    (None, None, 0), (None, None, 1), (None, None, -1),
    (0, 0, 0), (1, 1, 2), (2, 0, 1), (-1, 1, 0),
    (0, 0, None), (None, 1, 0), (1, None, 0), (0, None, -1),
]


def _scatter_args(rng, in_axes, n=5, k=3):
    x_axis, i_axis, u_axis = in_axes
    x = _batched(rng, ((n, 3), F32), x_axis)
    i = _unique_rows(rng, n, k, i_axis)
    u = _batched(rng, ((k, 3), F32), u_axis)
    return [x, i, u]


@pytest.mark.parametrize("in_axes", SCATTER_AXES, ids=_axes_id)
@pytest.mark.parametrize("op", SCATTER_OPS)
def test_scatter_matches_jax(op, in_axes):
    case = Case(lambda m: lambda x, i, u: getattr(
        m.numpy.asarray(x).at[i], op)(u), None)
    _check(case, in_axes, args=_scatter_args(np.random.default_rng(1),
                                             in_axes))


@pytest.mark.parametrize("in_axes", [(0, 0, 0), (None, 1, None), (1, None, 0)],
                         ids=_axes_id)
def test_scatter_repeated_indices_add(in_axes):
    # Repeated and out-of-bounds indices (dropped, as JAX's default mode
    # for updates) accumulate alike in the batched scatter.
    rng = np.random.default_rng(2)
    x = _batched(rng, ((4, 3), F32), in_axes[0])
    i = _batched(rng, ((6,), I32, -4), in_axes[1])
    u = _batched(rng, ((6, 3), F32), in_axes[2])
    case = Case(lambda m: lambda x, i, u: m.numpy.asarray(x).at[i].add(u),
                None)
    _check(case, in_axes, args=[x, i, u])


@pytest.mark.parametrize("in_axes", [(0, 0), (None, 1), (1, None)],
                         ids=_axes_id)
def test_scatter_columns_scalar_update(in_axes):
    # x.at[:, i].set(scalar): a window along the rows, an update broadcast
    # by jnp before the scatter.
    rng = np.random.default_rng(3)
    x = _batched(rng, ((3, 5), F32), in_axes[0])
    i = _unique_rows(rng, 5, 2, in_axes[1])
    case = Case(lambda m: lambda x, i: m.numpy.asarray(x).at[:, i].set(9.0),
                None)
    _check(case, in_axes, args=[x, i])


def test_scatter_out_axes():
    # The result's batch dimension moved to out_axes.
    rng = np.random.default_rng(4)
    args = _scatter_args(rng, (1, 0, 1))
    case = Case(lambda m: lambda x, i, u: m.numpy.asarray(x).at[i].max(u),
                None)
    _check(case, (1, 0, 1), args=args, out_axes=-1)


def test_nested_vmap_pairwise_gather():
    # vmap of vmap: every pair (row of x, index vector) gathers.
    rng = np.random.default_rng(5)
    x = rng.integers(-4, 5, (3, 6)).astype(F32)
    idx = rng.integers(0, 6, (4, 2)).astype(I32)

    def f(m):
        inner = m.vmap(lambda r, i: m.numpy.asarray(r)[i], in_axes=(None, 0))
        return m.vmap(inner, in_axes=(0, None))

    assert_same(f(jxp)(x, idx), f(jax)(x, idx))


def test_vmap_of_jit_dot():
    rng = np.random.default_rng(6)
    a = rng.integers(-4, 5, (N, 3, 4)).astype(F32)
    b = rng.integers(-4, 5, (4, N)).astype(F32)

    def f(m):
        return m.vmap(m.jit(lambda a, b: m.numpy.dot(a, b)), in_axes=(0, 1))

    assert_same(f(jxp)(a, b), f(jax)(a, b))


def test_grad_of_vmap_gather_sort():
    # Differentiating the batched program differentiates the batched ops:
    # the gradients of gather (a scatter-add) and sort (a gather).
    rng = np.random.default_rng(7)
    x = rng.standard_normal((N, 5)).astype(F32)
    idx = rng.integers(0, 5, (N, 3)).astype(I32)

    def f(m):
        jnp = m.numpy

        def loss(x):
            per = m.vmap(lambda r, i: jnp.sum(jnp.sort(r)[i] * jnp.arange(3.0)),
                         in_axes=(0, 0))
            return jnp.sum(per(x, idx))
        return m.grad(loss)

    assert_same(f(jxp)(x), f(jax)(x), rtol=1e-5)
