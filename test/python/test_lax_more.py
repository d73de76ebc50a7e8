"""jxp.lax's thin layers (inverse trigonometric and hyperbolic functions,
integer_pow, full, the *_in_dim slicers, associative_scan, ...) and
jxp.tree_util's helpers against real JAX: values, dtypes, weak types,
derivatives and error classes, eagerly and under jxp.jit."""

import collections

import jax
import numpy as np
import pytest

import jxp
import jxp.lax as xlax
import jxp.tree_util as xtu
from jxp_test_util import assert_same

pytestmark = pytest.mark.filterwarnings(
    "ignore:Explicitly requested dtype:UserWarning")

jlax = jax.lax
MODES = ["eager", "jit"]


def run(mode, f, *args):
    return f(*args) if mode == "eager" else jxp.jit(f)(*args)


def rand(shape, lo=-2.0, hi=2.0, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(lo, hi, shape).astype(dtype)


# (name, input range) of the unary functions.
UNARY = [("asin", -0.95, 0.95), ("acos", -0.95, 0.95), ("atan", -5, 5),
         ("sinh", -5, 5), ("cosh", -5, 5), ("asinh", -50, 50),
         ("acosh", 1.05, 50), ("atanh", -0.95, 0.95), ("exp2", -10, 10),
         ("reciprocal", 0.5, 4), ("square", -3, 3)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name,lo,hi", UNARY, ids=[u[0] for u in UNARY])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_unary_values(name, lo, hi, dtype, mode):
    x = rand((3, 5), lo, hi, dtype)
    rtol = 2e-6 if dtype == np.float32 else 2e-3
    assert_same(run(mode, getattr(xlax, name), x),
                getattr(jlax, name)(x), rtol=rtol, atol=1e-6)


@pytest.mark.parametrize("name,lo,hi", UNARY, ids=[u[0] for u in UNARY])
def test_unary_weak_scalar(name, lo, hi):
    x = float((lo + hi) / 2 + 0.25)
    assert_same(getattr(xlax, name)(x), getattr(jlax, name)(x), rtol=2e-6)


def test_unary_extremes():
    # Overflowing intermediates: sinh/cosh past exp's range, asinh and acosh
    # past sqrt(max).
    x = np.array([88.0, 89.5, -89.5, 1e20, 3e38], np.float32)
    for name in ("sinh", "cosh", "asinh"):
        assert_same(getattr(xlax, name)(x), getattr(jlax, name)(x),
                    rtol=2e-6)
    assert_same(xlax.acosh(np.abs(x)), jlax.acosh(np.abs(x)), rtol=2e-6)
    edges = np.array([-1.0, 1.0, 0.0, -0.0], np.float32)
    for name in ("asin", "acos", "atanh"):
        assert_same(getattr(xlax, name)(edges), getattr(jlax, name)(edges))


@pytest.mark.parametrize("name,lo,hi",
                         [u for u in UNARY], ids=[u[0] for u in UNARY])
def test_unary_grad(name, lo, hi):
    x = rand((6,), lo, hi)
    got = jxp.grad(lambda t: getattr(xlax, name)(t).sum())(x)
    want = jax.grad(lambda t: getattr(jlax, name)(t).sum())(x)
    assert_same(got, want, rtol=1e-5, atol=1e-6)


def test_grad_at_domain_ends():
    # JAX's rules: infinite slopes at +-1, not NaN.
    x = np.array([1.0, -1.0], np.float32)
    for name in ("asin", "acos"):
        got = jxp.vmap(jxp.grad(getattr(xlax, name)))(x)
        want = jax.vmap(jax.grad(getattr(jlax, name)))(x)
        assert_same(got, want)


@pytest.mark.parametrize("name", ["acos", "asinh", "exp2", "cosh"])
def test_unary_rejects_integers(name):
    with pytest.raises(TypeError):
        getattr(jlax, name)(np.int32(1))
    with pytest.raises(TypeError, match="does not accept dtype int32"):
        getattr(xlax, name)(np.int32(1))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("y", [0, 1, 2, 3, 5, 8, -1, -3])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_integer_pow(y, dtype, mode):
    if dtype == np.int32 and y < 0:
        return
    x = rand((4, 3), -3, 3, dtype, seed=y + 10) if dtype == np.float32 \
        else np.arange(-6, 6, dtype=dtype).reshape(4, 3)
    assert_same(run(mode, lambda t: xlax.integer_pow(t, y), x),
                jlax.integer_pow(x, y), rtol=2e-6)


@pytest.mark.parametrize("y", [0, 1, 2, 3, -2])
def test_integer_pow_grad(y):
    x = np.array([0.5, -1.5, 2.0, 3.0], np.float32)
    got = jxp.grad(lambda t: xlax.integer_pow(t, y).sum())(x)
    want = jax.grad(lambda t: jlax.integer_pow(t, y).sum())(x)
    assert_same(got, want, rtol=1e-6)


def test_integer_pow_weak_and_errors():
    assert_same(xlax.integer_pow(2.0, 3), jlax.integer_pow(2.0, 3))
    assert_same(xlax.square(3), jlax.square(3))
    for args in [(np.int32(2), -1), (True, 2)]:
        with pytest.raises(TypeError):
            jlax.integer_pow(*args)
        with pytest.raises(TypeError):
            xlax.integer_pow(*args)


@pytest.mark.parametrize("mode", MODES)
def test_full_and_full_like(mode):
    x = rand((2, 3))
    cases = [
        (lambda: xlax.full((2, 3), 1.5), lambda: jlax.full((2, 3), 1.5)),
        (lambda: xlax.full((4,), 3, np.float32),
         lambda: jlax.full((4,), 3, np.float32)),
        (lambda: xlax.full(3, 2.7, np.int32), lambda: jlax.full(3, 2.7, np.int32)),
        (lambda: xlax.full((), True), lambda: jlax.full((), True)),
    ]
    for g, w in cases:
        assert_same(run(mode, g), w())
    assert_same(run(mode, lambda t: xlax.full_like(t, 2), x),
                jlax.full_like(x, 2))
    assert_same(run(mode, lambda t: xlax.full_like(t, 2, np.int32, (5,)), x),
                jlax.full_like(x, 2, np.int32, (5,)))
    assert_same(xlax.full_like(1.0, 4), jlax.full_like(1.0, 4))


def test_full_errors():
    for f in (jlax.full, xlax.full):
        with pytest.raises(TypeError):
            f((2,), np.ones(2))


def test_broadcast_shapes_and_rank():
    for shapes in [((2, 1), (3,)), ((1,), (4, 1, 5), ()), ((3,),)]:
        assert xlax.broadcast_shapes(*shapes) == jlax.broadcast_shapes(*shapes)
    for f in (jlax.broadcast_shapes, xlax.broadcast_shapes):
        with pytest.raises(ValueError):
            f((2,), (3,))
    x = rand((3, 4))
    assert_same(xlax.broadcast_to_rank(x, 4), jlax.broadcast_to_rank(x, 4))
    assert_same(xlax.broadcast_to_rank(x, 2), jlax.broadcast_to_rank(x, 2))


@pytest.mark.parametrize("mode", MODES)
def test_in_dim_slicers(mode):
    x = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    i = np.int32(2)
    cases = [
        ("collapse", lambda L, t: L.collapse(t, 1)),
        ("collapse02", lambda L, t: L.collapse(t, 0, 2)),
        ("slice", lambda L, t: L.slice_in_dim(t, 1, None, 2, axis=2)),
        ("slice_neg", lambda L, t: L.slice_in_dim(t, -3, -1, axis=1)),
        ("index", lambda L, t: L.index_in_dim(t, -1, axis=1)),
        ("index_drop", lambda L, t: L.index_in_dim(t, 2, 2, False)),
        ("dyn_slice", lambda L, t: L.dynamic_slice_in_dim(t, i, 2, 1)),
        ("dyn_index", lambda L, t: L.dynamic_index_in_dim(t, i, 2, False)),
        ("dyn_update", lambda L, t: L.dynamic_update_slice_in_dim(
            t, np.ones((3, 2, 5), np.float32), i, 1)),
        ("dyn_update_index", lambda L, t: L.dynamic_update_index_in_dim(
            t, np.ones((3, 5), np.float32), 1, 1)),
    ]
    for name, f in cases:
        assert_same(run(mode, lambda t: f(xlax, t), x), f(jlax, x))
    for f in (jlax.index_in_dim, xlax.index_in_dim):
        with pytest.raises(IndexError):
            f(x, 5)


@pytest.mark.parametrize("mode", MODES)
def test_index_take_and_batch_matmul(mode):
    src = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    idxs = (np.array([0, 2, 1], np.int32), np.array([3, 0, 1], np.int32))
    assert_same(run(mode, lambda s: xlax.index_take(s, idxs, (1, 2)), src),
                jlax.index_take(src, idxs, (1, 2)))
    a, b = rand((2, 3, 4)), rand((2, 4, 5), seed=1)
    assert_same(run(mode, lambda p, q: xlax.batch_matmul(
        p, q, precision=xlax.Precision.HIGHEST), a, b),
        jlax.batch_matmul(a, b, precision=jlax.Precision.HIGHEST), rtol=1e-5)
    for f in (jlax.batch_matmul, xlax.batch_matmul):
        with pytest.raises(ValueError):
            f(np.ones((2, 3)), np.ones((3,)))


def test_precision():
    for name in ("DEFAULT", "HIGH", "HIGHEST"):
        assert getattr(xlax.Precision, name).value == \
            getattr(jlax.Precision, name).value
    for s in ("highest", "float32", "tensorfloat32", "default", "fastest"):
        assert xlax.Precision(s).name == jlax.Precision(s).name
    for P in (jlax.Precision, xlax.Precision):
        with pytest.raises(ValueError):
            P("bogus")
    assert str(xlax.Precision.HIGH) == str(jlax.Precision.HIGH)


def test_padtype_to_pads():
    for args in [((5, 6), (2, 3), (2, 2)), ((7,), (4,), (3,)),
                 ((4, 4), (1, 5), (1, 1))]:
        for pad in ("SAME", "SAME_LOWER", "VALID", "same"):
            assert [tuple(p) for p in xlax.padtype_to_pads(*args, pad)] == \
                [tuple(p) for p in jlax.padtype_to_pads(*args, pad)]
    for f in (jlax.padtype_to_pads, xlax.padtype_to_pads):
        with pytest.raises(RuntimeError):
            f((3,), (2,), (1,), "FOO")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [1, 2, 5, 8, 13])
@pytest.mark.parametrize("reverse", [False, True])
def test_associative_scan(n, reverse, mode):
    # JAX returns a NumPy input of length 1 as it is; jxp gives an array.
    x = jax.numpy.asarray(rand((3, n), seed=n))
    assert_same(run(mode, lambda t: xlax.associative_scan(
        xlax.add, t, reverse, axis=1), x),
        jlax.associative_scan(jlax.add, x, reverse, axis=1), rtol=1e-5)
    assert_same(run(mode, lambda t: xlax.associative_scan(xlax.max, t), x.T),
                jlax.associative_scan(jlax.max, x.T))
    # A pytree of elems: pairs combined as (sum, product).
    pair = (x, x + 1)

    def fn(L):
        return lambda a, b: (L.add(a[0], b[0]), L.mul(a[1], b[1]))
    assert_same(run(mode, lambda p: xlax.associative_scan(fn(xlax), p,
                                                          axis=-1), pair),
                jlax.associative_scan(fn(jlax), pair, axis=-1), rtol=1e-5)
    b = x > 0
    assert_same(xlax.associative_scan(xlax.bitwise_or, b, axis=1),
                jlax.associative_scan(jlax.bitwise_or, b, axis=1))


def test_associative_scan_grad_and_errors():
    x = rand((7,))
    w = np.arange(7, dtype=np.float32)
    got = jxp.grad(lambda t: (xlax.associative_scan(xlax.add, t) * w).sum())(x)
    want = jax.grad(lambda t: (jlax.associative_scan(jlax.add, t) * w).sum())(x)
    assert_same(got, want, rtol=1e-6)
    for f in (jlax.associative_scan, xlax.associative_scan):
        with pytest.raises(ValueError):
            f(lambda a, b: (a[0] + b[0], a[1] + b[1]),
              (np.ones(3), np.ones(4)))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("reverse", [False, True])
def test_cumlogsumexp_and_cummin(reverse, mode):
    x = rand((4, 6), -30, 30)
    x[0, 2] = -np.inf
    x[1, :] = -np.inf
    assert_same(run(mode, lambda t: xlax.cumlogsumexp(t, 1, reverse), x),
                jlax.cumlogsumexp(x, 1, reverse), rtol=2e-6)
    assert_same(run(mode, lambda t: xlax.cummin(t, 0, reverse), x),
                jlax.cummin(x, 0, reverse))


def test_dtype_and_aliases():
    for v in (1.0, 1, True, np.int8(1), np.ones(2, np.float16), np.float64,
              "int16", np.ones(2), int, float, np.dtype("int64")):
        assert xlax.dtype(v) == jlax.dtype(v), v
    assert xlax.dtype(jxp.numpy.ones(2)) == np.float32
    assert xlax.pbroadcast is xlax.pvary
    for f in (jlax.dtype, xlax.dtype):
        with pytest.raises(ValueError):
            f(None)


# ---------------------------------------------------------------------------
# jxp.tree_util
# ---------------------------------------------------------------------------

TREES = [
    {"a": [1, 2], "b": (3, None)},
    [1, (2, 3)],
    collections.OrderedDict([("z", 1), ("a", 2)]),
    (),
]


def _same_def(got, want):
    assert str(got) == str(want), (got, want)


@pytest.mark.parametrize("tree", TREES, ids=range(len(TREES)))
def test_flatten_one_level(tree):
    assert xtu.flatten_one_level(tree) == jax.tree_util.flatten_one_level(tree)
    got = xtu.flatten_one_level_with_keys(tree)
    want = jax.tree_util.flatten_one_level_with_keys(tree)
    assert [(str(k), v) for k, v in got[0]] == \
        [(str(k), v) for k, v in want[0]]
    assert got[1] == want[1]


def test_flatten_one_level_leaf_errors():
    for tu in (jax.tree_util, xtu):
        with pytest.raises(ValueError, match="can't tree-flatten type"):
            tu.flatten_one_level(1.0)
        with pytest.raises(ValueError):
            tu.flatten_one_level_with_keys(np.ones(2))


def test_is_tree_node_and_treedef_tuple():
    Point = collections.namedtuple("Point", "x y")
    for t in (list, dict, tuple, type(None), Point, int, np.ndarray,
              collections.OrderedDict):
        assert xtu.is_tree_node(t) == jax.tree_util.is_tree_node(t), t
    defs = ([1, 2], {"a": 1}, 3)
    _same_def(xtu.treedef_tuple([xtu.tree_structure(d) for d in defs]),
              jax.tree_util.treedef_tuple(
                  [jax.tree_util.tree_structure(d) for d in defs]))
    assert xtu.default_registry.is_node(list)


def test_tree_transpose():
    tree = [(1, 2, 3), (4, 5, 6)]
    outer, inner = ([0, 0], (0, 0, 0))
    for tu in (xtu,):
        got = tu.tree_transpose(tu.tree_structure(outer),
                                tu.tree_structure(inner), tree)
        got_none = tu.tree_transpose(tu.tree_structure(outer), None, tree)
    want = jax.tree_util.tree_transpose(jax.tree_util.tree_structure(outer),
                                        jax.tree_util.tree_structure(inner),
                                        tree)
    assert got == want == got_none
    for tu in (jax.tree_util, xtu):
        with pytest.raises(TypeError, match="Mismatch"):
            tu.tree_transpose(tu.tree_structure([0, 0]),
                              tu.tree_structure((0, 0)), [(1, 2), (3,)])


def test_tree_broadcast_and_reduce_associative():
    prefix, full = [1, {"a": 2}], [(0, 0, [0]), {"a": (0, 0)}]
    assert xtu.tree_broadcast(prefix, full) == \
        jax.tree_util.tree_broadcast(prefix, full)
    for tu in (jax.tree_util, xtu):
        with pytest.raises(ValueError):
            tu.tree_broadcast([1, 2, 3], [0, 0])
    tree = [[1, 2], (3, 4, 5)]
    calls = []

    def op(a, b):
        calls.append((a, b))
        return a + b
    assert xtu.tree_reduce_associative(op, tree) == 15
    got_calls, calls[:] = list(calls), []
    assert jax.tree_util.tree_reduce_associative(op, tree) == 15
    assert got_calls == calls   # the same balanced pairing
    assert xtu.tree_reduce_associative(op, [], identity=0) == 0
    for tu in (jax.tree_util, xtu):
        with pytest.raises(TypeError):
            tu.tree_reduce_associative(op, [])


def test_register_pytree_with_keys_class():
    @xtu.register_pytree_with_keys_class
    class Special:
        def __init__(self, x, y):
            self.x, self.y = x, y

        def tree_flatten_with_keys(self):
            return (((xtu.GetAttrKey("x"), self.x),
                     (xtu.GetAttrKey("y"), self.y)), None)

        @classmethod
        def tree_unflatten(cls, aux, children):
            return cls(*children)

    s = Special(1, [2, 3])
    assert xtu.tree_leaves(s) == [1, 2, 3]
    assert [xtu.keystr(p) for p, _ in xtu.tree_leaves_with_path(s)] == \
        [".x", ".y[0]", ".y[1]"]
    doubled = jxp.jit(lambda t: xtu.tree_map(lambda v: v * 2, t))(s)
    assert isinstance(doubled, Special)
    np.testing.assert_array_equal(np.asarray(doubled.y[1]), 6)
    assert xtu.KeyPath is not None and xtu.KeyEntry is not None
