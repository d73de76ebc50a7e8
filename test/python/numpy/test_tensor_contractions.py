"""jxp.numpy's products (dot, matmul, tensordot, einsum, ...) and
traces/diagonals against jax.numpy: values, dtypes, weak types and error
classes, eagerly and under jit."""

import functools
import zlib

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, check_numpy, raises_like

pytestmark = pytest.mark.filterwarnings(
    "ignore:Explicitly requested dtype:UserWarning")

check = functools.partial(check_numpy, rtol=1e-05, atol=1e-05)
_raises_like = raises_like


def same(fn, rtol=1e-5, atol=1e-5):
    check(lambda m: (lambda: fn(m)), rtol=rtol, atol=atol)


R = np.random.default_rng(2)


def _arr(shape, dtype):
    if dtype == np.bool_:
        return R.integers(0, 2, shape).astype(bool)
    if np.issubdtype(dtype, np.integer):
        lo = 0 if np.issubdtype(dtype, np.unsignedinteger) else -4
        return R.integers(lo, 5, shape).astype(dtype)
    return R.standard_normal(shape).astype(dtype)


DTYPES = [np.float32, np.int32, np.uint8, np.bool_, np.float16]

# ---------------------------------------------------------------------------
# matmul / dot / tensordot and friends over shapes
# ---------------------------------------------------------------------------

MATMUL_SHAPES = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)),
                 ((2, 3), (3, 4)), ((5, 2, 3), (3, 4)), ((2, 3), (5, 3, 4)),
                 ((5, 2, 3), (5, 3, 4)), ((1, 2, 3), (4, 3, 2)),
                 ((2, 1, 2, 3), (3, 3, 1)), ((4,), (2, 4, 3)),
                 ((2, 3, 4), (4,)), ((0, 3), (3, 2)), ((2, 0), (0, 3)),
                 ((2, 3), (2, 3)), ((2, 2, 3), (3, 3, 2)), ((), (3,)),
                 ((3,), ())]
PRODUCT_CASES = [(fn, k, DTYPES[(k + j) % len(DTYPES)])
                 for j, fn in enumerate(("matmul", "dot"))
                 for k in range(len(MATMUL_SHAPES))]


@pytest.mark.parametrize("fn,k,dtype", PRODUCT_CASES,
                         ids=[f"{f}-{MATMUL_SHAPES[k]}-{np.dtype(d).name}"
                              for f, k, d in PRODUCT_CASES])
def test_matmul_dot(fn, k, dtype):
    a, b = MATMUL_SHAPES[k]
    x, y = _arr(a, dtype), _arr(b, dtype)
    tol = 1e-2 if dtype == np.float16 else 1e-5
    check(lambda m: lambda p, q: getattr(m, fn)(p, q), x, y,
          jit=k % 3 == 0, rtol=tol, atol=tol)


MIXED = {
    "matmul_int_float": lambda m: m.matmul(m.asarray(_I23), m.asarray(_F34)),
    "matmul_u8_i8": lambda m: m.matmul(m.asarray(_I23.astype(np.uint8) % 3),
                                       m.asarray(_I34.astype(np.int8))),
    "matmul_bool_int": lambda m: m.matmul(m.asarray(_I23 > 0),
                                          m.asarray(_I34)),
    "matmul_preferred": lambda m: m.matmul(m.asarray(_I23.astype(np.int8)),
                                           m.asarray(_I34.astype(np.int8)),
                                           preferred_element_type=m.int32),
    "matmul_preferred_float": lambda m: m.matmul(
        m.asarray(_I23), m.asarray(_I34), preferred_element_type=m.float32),
    "matmul_weak": lambda m: m.matmul(m.ones((2, 2)) * m.asarray(2.0),
                                      m.broadcast_to(m.asarray(1.0) * 1,
                                                     (2, 2))),
    "matmul_all_weak": lambda m: m.matmul(
        m.broadcast_to(m.asarray(2.0) * 1, (2, 2)),
        m.broadcast_to(m.asarray(1.0) * 1, (2,))),
    "matmul_scalar": lambda m: m.matmul(m.asarray(_F34), 2.0),
    "matmul_list": lambda m: m.matmul([1.0, 2.0], m.ones(2)),
    "matmul_bad_batch": lambda m: m.matmul(m.ones((2, 2, 3)),
                                           m.ones((3, 3, 4))),
    "dot_scalar_array": lambda m: m.dot(2, m.asarray(_I23)),
    "dot_array_float": lambda m: m.dot(m.asarray(_I23), 1.5),
    "dot_scalars": lambda m: m.dot(2.0, 3),
    "dot_3d_3d": lambda m: m.dot(m.asarray(_F234), m.asarray(_F234.T)),
    "dot_preferred": lambda m: m.dot(m.asarray(_I23), m.asarray(_I34),
                                     preferred_element_type=m.float32),
    "dot_mismatch": lambda m: m.dot(m.ones((2, 3)), m.ones((4, 2))),
    "vdot": lambda m: m.vdot(m.asarray(_F34), m.asarray(_F34)),
    "vdot_int": lambda m: m.vdot(m.asarray(_I23), m.asarray(_I23.T)),
    "vdot_mismatch": lambda m: m.vdot(m.ones(3), m.ones(4)),
    "vdot_scalars": lambda m: m.vdot(2.0, 3.0),
    "vecdot": lambda m: m.vecdot(m.asarray(_F234), m.asarray(_F234)),
    "vecdot_axis": lambda m: m.vecdot(m.asarray(_F234), m.asarray(_F234),
                                      axis=1),
    "vecdot_broadcast": lambda m: m.vecdot(m.asarray(_F234), m.ones(4)),
    "vecdot_int": lambda m: m.vecdot(m.asarray(_I23), m.asarray(_I23)),
    "vecdot_mismatch": lambda m: m.vecdot(m.ones(3), m.ones(4)),
    "inner": lambda m: m.inner(m.asarray(_F34), m.asarray(_F34)),
    "inner_1d": lambda m: m.inner(m.asarray(_F34[0]), m.asarray(_F34[1])),
    "inner_scalar": lambda m: m.inner(m.asarray(_I23), 2),
    "inner_3d": lambda m: m.inner(m.asarray(_F234), m.asarray(_F34)),
    "inner_mismatch": lambda m: m.inner(m.ones(3), m.ones(4)),
    "inner_preferred": lambda m: m.inner(m.asarray(_I23), 2,
                                         preferred_element_type=m.float32),
    "outer": lambda m: m.outer(m.asarray(_F34[0]), m.asarray(_I23[0])),
    "outer_2d": lambda m: m.outer(m.asarray(_I23), m.asarray(_I23)),
    "outer_scalar": lambda m: m.outer(2.0, m.arange(3)),
    "outer_bool": lambda m: m.outer(m.asarray(_I23 > 0), m.asarray([True])),
    "outer_weak": lambda m: m.outer(2.0, 3.0),
    "kron": lambda m: m.kron(m.asarray(_I23), m.asarray(_F34[:2, :2])),
    "kron_1d_2d": lambda m: m.kron(m.arange(3), m.ones((2, 2), m.int32)),
    "kron_scalar": lambda m: m.kron(2, m.arange(3.0)),
}
_I23 = _arr((2, 3), np.int32)
_I34 = _arr((3, 4), np.int32)
_F34 = _arr((3, 4), np.float32)
_F234 = _arr((2, 3, 4), np.float32)


@pytest.mark.parametrize("name", list(MIXED))
def test_products(name):
    same(MIXED[name])


TENSORDOT = [((3, 4), (4, 5), 1), ((2, 3, 4), (3, 4, 5), 2),
             ((2, 3), (3, 2), 0), ((2, 3, 4), (4, 3), [[1, 2], [1, 0]]),
             ((2, 3, 4), (4, 3), ((-1,), (0,))), ((3, 4), (4, 3), (1, 0)),
             ((3, 4), (4, 3), (-1, 0)), ((3,), (3,), 1),
             ((2, 3), (3, 2), 3), ((2, 3), (3, 2), [[0, 1], [1]]),
             ((2, 3), (3, 2), (0, [1])), ((2, 3), (3, 2), "bad"),
             ((2, 3), (3, 2), (1, 0, 1)), ((2, 3), (2, 3), 2),
             ((2, 3), (3, 2), (1, 2)), ((2, 3), (2, 4), 1),
             ((3, 4), (4, 5), np.int64(1))]


@pytest.mark.parametrize("k", range(len(TENSORDOT)),
                         ids=[str(t) for t in TENSORDOT])
def test_tensordot(k):
    a, b, axes = TENSORDOT[k]
    dtype = DTYPES[k % 3]
    check(lambda m: lambda x, y: m.tensordot(x, y, axes), _arr(a, dtype),
          _arr(b, dtype), jit=k % 3 == 0)


# ---------------------------------------------------------------------------
# einsum
# ---------------------------------------------------------------------------

EINSUM = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("ij,kj->ik", [(2, 3), (4, 3)]),
    ("ij->ji", [(2, 3)]),
    ("ij->", [(2, 3)]),
    ("ij", [(2, 3)]),
    ("ji", [(2, 3)]),
    ("ii->i", [(3, 3)]),
    ("ii", [(3, 3)]),
    ("iij->ij", [(3, 3, 2)]),
    ("iji->j", [(3, 2, 3)]),
    ("iii->i", [(2, 2, 2)]),
    ("i,i->", [(4,), (4,)]),
    ("i,i", [(4,), (4,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("i,j", [(3,), (4,)]),
    ("bij,bjk->bik", [(5, 2, 3), (5, 3, 4)]),
    ("bij,bjk->bki", [(5, 2, 3), (5, 3, 4)]),
    ("...ij,...jk->...ik", [(5, 2, 3), (5, 3, 4)]),
    ("...ij,...jk->...ik", [(2, 3), (7, 5, 3, 4)]),
    ("...ij,...jk", [(5, 2, 3), (1, 3, 4)]),
    ("i...,i...->...", [(3, 2, 4), (3, 2, 4)]),
    ("...,...->...", [(2, 3), (3,)]),
    ("...i->i...", [(2, 3, 4)]),
    ("i...->...", [(3,)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("ij,jk,kl", [(2, 3), (3, 4), (4, 5)]),
    ("ab,bc,cd,de->ae", [(2, 3), (3, 4), (4, 2), (2, 3)]),
    ("ij,ij,ij->i", [(2, 3), (2, 3), (2, 3)]),
    ("ij,jk,ik->", [(2, 3), (3, 4), (2, 4)]),
    ("i,i,i->i", [(3,), (3,), (3,)]),
    ("ijk,jil->kl", [(3, 2, 4), (2, 3, 5)]),
    ("abc,cd->abd", [(2, 3, 4), (4, 5)]),
    ("ij,jk->", [(2, 3), (3, 4)]),
    ("i,->i", [(3,), ()]),
    (",->", [(), ()]),
    ("ij,j->i", [(2, 3), (1,)]),
    ("ij,kl->ijkl", [(2, 1), (1, 3)]),
    ("ii,ij->j", [(3, 3), (3, 2)]),
    ("ab,ab->ba", [(2, 3), (2, 3)]),
    ("Ab,bC->AC", [(2, 3), (3, 4)]),
    ("i j , j k -> i k", [(2, 3), (3, 4)]),
    # errors
    ("ij,jk->ik", [(2, 3), (4, 5)]),
    ("ij,jk->iz", [(2, 3), (3, 4)]),
    ("ij->ii", [(2, 2)]),
    ("ijk->ij", [(2, 3)]),
    ("ij,jk->ik", [(2, 3)]),
    ("i..j->ij", [(2, 3)]),
    ("i->i->i", [(2,)]),
    ("i$->i", [(2, 2)]),
]
EINSUM_CASES = [(k, DTYPES[k % len(DTYPES)]) for k in range(len(EINSUM))]


@pytest.mark.parametrize("k,dtype", EINSUM_CASES,
                         ids=[f"{EINSUM[k][0]}-{np.dtype(d).name}"
                              for k, d in EINSUM_CASES])
def test_einsum(k, dtype):
    spec, shapes = EINSUM[k]
    ops = [_arr(s, dtype) for s in shapes]
    tol = 2e-2 if dtype == np.float16 else 1e-5
    check(lambda m: lambda *xs: m.einsum(spec, *xs), *ops,
          jit=zlib.crc32(spec.encode()) % 3 == 0, rtol=tol, atol=tol)


EINSUM_SPECIAL = {
    "mixed_dtypes": lambda m: m.einsum("ij,jk->ik", m.asarray(_I23),
                                       m.asarray(_F34)),
    "preferred": lambda m: m.einsum("ij,jk->ik", m.asarray(_I23),
                                    m.asarray(_I34),
                                    preferred_element_type=m.float32),
    "weak_scalars": lambda m: m.einsum(",->", 2.0, 3.0),
    "weak_and_strong": lambda m: m.einsum("i,->i", m.arange(3.0), 2),
    "python_scalar_int": lambda m: m.einsum("i,->i", m.arange(3), 2.5),
    "interleaved": lambda m: m.einsum(m.asarray(_I23), [0, 1],
                                      m.asarray(_I34), [1, 2], [0, 2]),
    "interleaved_implicit": lambda m: m.einsum(m.asarray(_I23), [0, 1],
                                               m.asarray(_I34), [1, 2]),
    "interleaved_ellipsis": lambda m: m.einsum(m.asarray(_F234),
                                               [Ellipsis, 1], [1, Ellipsis]),
    "optimize_false": lambda m: m.einsum("ij,jk,kl->il", m.asarray(_I23),
                                         m.asarray(_I34), m.ones((4, 2), int),
                                         optimize=False),
    "bool": lambda m: m.einsum("ij,jk->ik", m.asarray(_I23 > 0),
                               m.asarray(_I34 > 0)),
    "list_operand": lambda m: m.einsum("i,i->", [1, 2], m.ones(2)),
}


@pytest.mark.parametrize("name", list(EINSUM_SPECIAL))
def test_einsum_special(name):
    same(EINSUM_SPECIAL[name])


# ---------------------------------------------------------------------------
# trace, diagonal, diag
# ---------------------------------------------------------------------------

DIAG = [
    ("diagonal", (3, 3), {}), ("diagonal", (3, 4), {"offset": 1}),
    ("diagonal", (4, 3), {"offset": -2}), ("diagonal", (3, 4), {"offset": 5}),
    ("diagonal", (2, 3, 4), {"axis1": 1, "axis2": 2}),
    ("diagonal", (2, 3, 4), {"axis1": -1, "axis2": 0, "offset": 1}),
    ("diagonal", (3,), {}), ("diagonal", (0, 3), {}),
    ("diagonal", (3, 3), {"axis1": 0, "axis2": 0}),
    ("trace", (3, 3), {}), ("trace", (3, 4), {"offset": -1}),
    ("trace", (2, 3, 4), {"axis1": 2, "axis2": 0}),
    ("trace", (3, 3), {"dtype": np.float32}), ("trace", (3, 3), {"axis2": 0}),
    ("trace", (3,), {}), ("trace", (3, 3), {"offset": 4}),
    ("diag", (4,), {}), ("diag", (3,), {"k": 1}), ("diag", (3,), {"k": -2}),
    ("diag", (3, 4), {}), ("diag", (3, 4), {"k": -1}), ("diag", (0,), {}),
    ("diag", (2, 2, 2), {}), ("diag", (), {}),
]


@pytest.mark.parametrize("k,dtype", [(k, DTYPES[k % 4]) for k in range(len(DIAG))],
                         ids=[f"{DIAG[k][0]}-{DIAG[k][1]}-{DIAG[k][2]}"
                              for k in range(len(DIAG))])
def test_diagonals(k, dtype):
    fn, s, kw = DIAG[k]
    check(lambda m: lambda x: getattr(m, fn)(x, **kw), _arr(s, dtype),
          jit=k % 3 == 0)


def test_methods():
    x, y = _arr((2, 3, 3), np.float32), _arr((3, 3), np.float32)
    for f in (lambda m: m.asarray(x).dot(m.asarray(y)),
              lambda m: m.asarray(y) @ m.asarray(y),
              lambda m: m.asarray(x) @ m.asarray(y[0]),
              lambda m: y[0] @ m.asarray(x),
              lambda m: m.asarray(x).trace(axis1=1, axis2=2),
              lambda m: m.asarray(x).diagonal(offset=1, axis1=1, axis2=2),
              lambda m: m.asarray(y).T @ m.asarray(y).mT):
        same(f)


def test_weak_products():
    for f in (lambda m: m.dot(m.asarray(2.0) * 1, 3.0),
              lambda m: m.dot(m.asarray(2.0) * 1, m.asarray(_F34)),
              lambda m: m.tensordot(m.broadcast_to(m.asarray(2) * 1, (3,)),
                                    m.broadcast_to(m.asarray(3) * 1, (3,)), 1),
              lambda m: m.einsum("i,i->", m.broadcast_to(m.asarray(2.0) * 1,
                                                         (3,)),
                                 m.broadcast_to(m.asarray(1.0) * 1, (3,))),
              lambda m: m.trace(m.broadcast_to(m.asarray(2.0) * 1, (2, 2))),
              lambda m: m.diagonal(m.broadcast_to(m.asarray(2.0) * 1, (2, 2))),
              lambda m: m.diag(m.broadcast_to(m.asarray(2.0) * 1, (2,)))):
        same(f)


def test_products_under_jit_together():
    def f(m):
        return lambda x, y, z: (
            m.matmul(x, y), m.dot(x, y), x @ y, m.tensordot(x, y, 1),
            m.einsum("bij,jk->bki", z, y), m.einsum("ii", y[:, :3]),
            m.inner(x, x), m.outer(x, y), m.vdot(x, x), m.trace(y[:, :3]),
            m.diagonal(z, 1, 1, 2), m.kron(x, y), m.vecdot(z, z))
    x, y, z = (_arr((2, 3), np.float32), _arr((3, 4), np.float32),
               _arr((5, 2, 3), np.float32))
    assert_same(jxp.jit(f(jnp))(x, y, z), jax.jit(f(rjnp))(x, y, z),
                rtol=1e-5, atol=1e-5)


TESTED = {"matmul", "dot", "vdot", "vecdot", "inner", "outer", "tensordot",
          "einsum", "trace", "diagonal", "diag", "kron"}


def test_every_product_is_tested():
    from jxp._src.numpy import tensor_contractions as _linalg
    assert set(_linalg.__all__) <= TESTED


# ---------------------------------------------------------------------------
# einsum_path
# ---------------------------------------------------------------------------

def test_einsum_path():
    a, b, c = np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5))
    for opt in ("auto", "greedy", True, False):
        got = jnp.einsum_path("ij,jk,kl->il", a, b, c, optimize=opt)
        want = rjnp.einsum_path("ij,jk,kl->il", a, b, c, optimize=opt)
        assert got[0] == want[0]
        assert str(got[1]) == str(want[1])
