"""jxp.tree_util against jax.tree_util: jaxlib's pytree library under both,
so structures, key order, printing and key paths agree; jit and grad
return dicts in JAX's (sorted) key order."""

import collections
import dataclasses
import importlib

import jax
import numpy as np
import pytest

import jxp
import jxp.tree_util as xtu

TREES = [
    {"b": 1.0, "a": (2.0, None, [3.0])},
    collections.OrderedDict(b=1.0, a=2.0),
    collections.defaultdict(list, {"z": 1.0, "y": 2.0}),
    collections.namedtuple("Pt", "x y")(1.0, [2.0, {"k": 3.0}]),
    [(), {}, None, 4.0],
]


@pytest.mark.parametrize("tree", TREES, ids=lambda t: type(t).__name__)
def test_structure_leaves_paths_and_map(tree):
    for name in ("tree_leaves", "tree_structure"):
        got = getattr(jxp.tree_util, name)(tree)
        want = getattr(jax.tree_util, name)(tree)
        assert str(got) == str(want)
    got = jxp.tree_util.tree_map(lambda x: x * 2, tree)
    want = jax.tree_util.tree_map(lambda x: x * 2, tree)
    assert type(got) is type(want) and repr(got) == repr(want)
    got_paths = [jxp.tree_util.keystr(p) for p, _ in
                 jxp.tree_util.tree_flatten_with_path(tree)[0]]
    want_paths = [jax.tree_util.keystr(p) for p, _ in
                  jax.tree_util.tree_flatten_with_path(tree)[0]]
    assert got_paths == want_paths


@pytest.mark.parametrize("lib", ["jxp", "jax"])
def test_dataclass_and_class_nodes(lib):
    L = {"jxp": jxp, "jax": jax}[lib]

    @dataclasses.dataclass
    class P:
        w: float
        n: int = dataclasses.field(metadata=dict(static=True), default=1)

    L.tree_util.register_dataclass(P)

    @L.tree_util.register_pytree_node_class
    class Box:
        def __init__(self, v, tag):
            self.v, self.tag = v, tag

        def tree_flatten(self):
            return (self.v,), self.tag

        @classmethod
        def tree_unflatten(cls, tag, children):
            return cls(children[0], tag)

    leaves, tree = L.tree_util.tree_flatten((P(2.0, 3), Box(5.0, "t")))
    assert leaves == [2.0, 5.0]
    out = L.jit(lambda p, b: {"z": p.w * b.v, "a": p.n})(P(2.0, 3),
                                                        Box(5.0, "t"))
    assert list(out) == ["a", "z"] and float(out["z"]) == 10.0


def test_jit_and_grad_return_sorted_dicts():
    f = lambda p: p["y"] * p["x"]  # noqa: E731
    for L in (jxp, jax):
        g = L.grad(f)({"y": 2.0, "x": 3.0})
        assert list(g) == ["x", "y"]
        out = L.jit(lambda x: {"w": x, "b": x + 1})(1.0)
        assert list(out) == ["b", "w"]


def test_public_modules_import():
    for name in ("tree_util", "nn", "random", "lax", "numpy.linalg",
                 "custom_derivatives"):
        importlib.import_module(f"jxp.{name}")
    assert jxp.tree_util.tree_map is not None


# ---------------------------------------------------------------------------
# The helpers: flatten_one_level(_with_keys), is_tree_node, treedef_tuple,
# tree_transpose, tree_broadcast, tree_reduce_associative,
# register_pytree_with_keys_class
# ---------------------------------------------------------------------------

ONE_LEVEL_TREES = [
    {"a": [1, 2], "b": (3, None)},
    [1, (2, 3)],
    collections.OrderedDict([("z", 1), ("a", 2)]),
    (),
]


def _same_def(got, want):
    assert str(got) == str(want), (got, want)


@pytest.mark.parametrize("tree", ONE_LEVEL_TREES, ids=range(len(ONE_LEVEL_TREES)))
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
