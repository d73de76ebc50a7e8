"""Pytrees on jaxlib's C++ pytree library, the one JAX uses (and the one
jaxlib's jit fast path reads): None is an empty node, dict keys come out
sorted, namedtuples, OrderedDicts, defaultdicts and registered classes are
nodes, and tree definitions print as JAX's `PyTreeDef(...)`.

jxp keeps its own registry (not jaxlib's default one, which is JAX's): a
class registered with both libraries in one process registers twice
without clashing."""

import collections
import functools
import typing

from jaxlib import _jax

_pytree = _jax.pytree
_registry = _pytree.PyTreeRegistry()
PyTreeDef = _pytree.PyTreeDef
DictKey, SequenceKey, GetAttrKey, FlattenedIndexKey = (
    _pytree.DictKey, _pytree.SequenceKey, _pytree.GetAttrKey,
    _pytree.FlattenedIndexKey)


def registry():
    """jxp's PyTreeRegistry (the one jit's fast path flattens with)."""
    return _registry


def tree_flatten(tree, is_leaf=None):
    return _registry.flatten(tree, is_leaf)


def tree_unflatten(treedef, leaves):
    return treedef.unflatten(leaves)


def tree_leaves(tree, is_leaf=None):
    return _registry.flatten(tree, is_leaf)[0]


def tree_structure(tree, is_leaf=None):
    return _registry.flatten(tree, is_leaf)[1]


def tree_flatten_with_path(tree, is_leaf=None):
    """([(key path, leaf)], treedef), as jax.tree_util's."""
    pred = None if is_leaf is None else (lambda *a: is_leaf(a[-1]))
    return _registry.flatten_with_path(tree, pred)


def tree_leaves_with_path(tree, is_leaf=None):
    return tree_flatten_with_path(tree, is_leaf)[0]


def keystr(keys):
    """A key path as JAX prints it: "['a'][0].b"."""
    return "".join(str(k) for k in keys)


def leaf_paths(tree, is_leaf=None):
    """Each leaf's path in JAX's keystr form ("[0]['a']", "[1].b"), in
    flattening order."""
    return [keystr(path) for path, _ in tree_leaves_with_path(tree, is_leaf)]


def tree_map(f, tree, *rest, is_leaf=None):
    leaves, treedef = _registry.flatten(tree, is_leaf)
    others = [treedef.flatten_up_to(r) for r in rest]
    return treedef.unflatten(f(*xs) for xs in zip(leaves, *others))


def tree_map_with_path(f, tree, *rest, is_leaf=None):
    pairs, treedef = tree_flatten_with_path(tree, is_leaf)
    others = [treedef.flatten_up_to(r) for r in rest]
    return treedef.unflatten(
        f(path, x, *xs) for (path, x), *xs in zip(pairs, *others))


_MISSING = object()


def tree_reduce(function, tree, initializer=_MISSING, is_leaf=None):
    leaves = tree_leaves(tree, is_leaf)
    if initializer is _MISSING:
        return functools.reduce(function, leaves)
    return functools.reduce(function, leaves, initializer)


def tree_all(tree, *, is_leaf=None):
    return all(tree_leaves(tree, is_leaf))


def treedef_children(treedef):
    return treedef.children()


def treedef_is_leaf(treedef):
    return treedef.num_nodes == 1


def all_leaves(iterable, is_leaf=None):
    return all(tree_structure(x, is_leaf).num_nodes == 1 for x in iterable)


def register_pytree_node(nodetype, flatten_func, unflatten_func,
                         flatten_with_keys_func=None):
    """JAX's signature: flatten(x) -> (children, aux); unflatten(aux,
    children)."""
    _registry.register_node(nodetype, flatten_func, unflatten_func,
                            flatten_with_keys_func)
    return nodetype


def register_pytree_with_keys(nodetype, flatten_with_keys, unflatten_func,
                              flatten_func=None):
    """flatten_with_keys(x) -> ([(key, child)], aux)."""
    if flatten_func is None:
        def flatten_func(x):
            pairs, aux = flatten_with_keys(x)
            return [c for _, c in pairs], aux
    return register_pytree_node(nodetype, flatten_func, unflatten_func,
                                flatten_with_keys)


def register_pytree_node_class(cls):
    """Registers a class with `tree_flatten` and classmethod `tree_unflatten`."""
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_dataclass(nodetype, data_fields=None, meta_fields=None,
                       drop_fields=()):
    """A dataclass as a node: `data_fields` are children, `meta_fields`
    part of the tree definition (inferred from dataclasses.field(metadata=
    {"static": True}) when neither is given)."""
    import dataclasses
    if data_fields is None and meta_fields is None:
        fields = [f for f in dataclasses.fields(nodetype) if f.init]
        meta_fields = [f.name for f in fields if f.metadata.get("static")]
        data_fields = [f.name for f in fields
                       if not f.metadata.get("static")]
    elif data_fields is None or meta_fields is None:
        raise TypeError("register_dataclass: data_fields and meta_fields "
                        "must be given together")
    _registry.register_dataclass_node(nodetype, list(data_fields),
                                      list(meta_fields))
    return nodetype


def register_static(cls):
    register_pytree_node(cls, lambda x: ((), x), lambda x, _: x)
    return cls


class Partial(functools.partial):
    """functools.partial as a pytree: its arguments are leaves."""


register_pytree_node(
    Partial,
    lambda p: ((p.args, p.keywords), p.func),
    lambda func, children: Partial(func, *children[0], **children[1]))

# As JAX's: an OrderedDict keeps its order, a defaultdict sorts its keys and
# keeps its factory.
register_pytree_node(
    collections.OrderedDict,
    lambda d: (list(d.values()), tuple(d.keys())),
    lambda keys, values: collections.OrderedDict(zip(keys, values)),
    lambda d: (tuple((DictKey(k), v) for k, v in d.items()),
               tuple(d.keys())))
register_pytree_node(
    collections.defaultdict,
    lambda d: ([d[k] for k in sorted(d)],
               (d.default_factory, tuple(sorted(d)))),
    lambda aux, values: collections.defaultdict(aux[0], zip(aux[1], values)),
    lambda d: (tuple((DictKey(k), d[k]) for k in sorted(d)),
               (d.default_factory, tuple(sorted(d)))))


# The registry jxp's pytree functions use, under JAX's name for its own.
default_registry = _registry

# Type aliases, as JAX's: a key path is a tuple of key entries (DictKey,
# SequenceKey, GetAttrKey, FlattenedIndexKey or a registered class's own).
KeyEntry = typing.TypeVar("KeyEntry", bound=typing.Any)
KeyPath = tuple[KeyEntry, ...]


def treedef_tuple(treedefs):
    """The tree definition of a tuple whose children have `treedefs`."""
    return _pytree.treedef_tuple(_registry, list(treedefs))


def is_tree_node(typ):
    """Whether `typ` is a node type: built in, registered or a namedtuple."""
    return _registry.is_node(typ)


def flatten_one_level(tree):
    """(children, node data) of one node; ValueError for a leaf."""
    out = _registry.flatten_one_level(tree)
    if out is None:
        raise ValueError(f"can't tree-flatten type: {type(tree)}")
    return out


def flatten_one_level_with_keys(tree):
    """([(key, child)], node data) of one node; ValueError for a leaf."""
    out = _registry.flatten_one_level_with_keys(tree)
    if out is None:
        raise ValueError(f"can't tree-flatten type: {type(tree)}")
    return out


def tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose):
    """A tree of structure outer(inner) turned into one of inner(outer);
    inner_treedef None infers it from the first outer leaf."""
    leaves, treedef = tree_flatten(pytree_to_transpose)
    if inner_treedef is None:
        inner_treedef = tree_structure(
            outer_treedef.flatten_up_to(pytree_to_transpose)[0])
    n_in, n_out = inner_treedef.num_leaves, outer_treedef.num_leaves
    if treedef.num_leaves != n_in * n_out:
        raise TypeError(f"Mismatch\n{treedef}\n != \n"
                        f"{outer_treedef.compose(inner_treedef)}")
    rows = [leaves[k * n_in:(k + 1) * n_in] for k in range(n_out)]
    return inner_treedef.unflatten(
        outer_treedef.unflatten(col) for col in zip(*rows))


def tree_broadcast(prefix_tree, full_tree, is_leaf=None):
    """full_tree's structure with each of prefix_tree's leaves repeated over
    the subtree of full_tree it stands for."""
    out = []
    tree_map(lambda x, sub: out.extend([x] * tree_structure(sub).num_leaves),
             prefix_tree, full_tree, is_leaf=is_leaf)
    return tree_structure(full_tree).unflatten(out)


def tree_reduce_associative(operation, tree, *, identity=_MISSING,
                            is_leaf=None):
    """The leaves combined pairwise as a balanced tree (operation must be
    associative); `identity` is the result for no leaves."""
    def reduce(xs):
        if not xs:
            if identity is _MISSING:
                raise TypeError("Must specify identity for parallel "
                                "reduction of empty sequence.")
            return identity
        if len(xs) == 1:
            return xs[0]
        half = len(xs) // 2
        return operation(reduce(xs[:half]), reduce(xs[half:]))
    return reduce(tree_leaves(tree, is_leaf))


def register_pytree_with_keys_class(cls):
    """Registers a class with `tree_flatten_with_keys` (and optionally
    `tree_flatten`) and classmethod `tree_unflatten`."""
    flatten = ((lambda x: x.tree_flatten()) if hasattr(cls, "tree_flatten")
               else None)
    register_pytree_with_keys(cls, lambda x: x.tree_flatten_with_keys(),
                              cls.tree_unflatten, flatten)
    return cls
