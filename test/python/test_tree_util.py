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
