"""Pytrees on optree (C++), in JAX's conventions: None is an empty node,
dict keys are sorted, namedtuples and registered classes are nodes."""

import functools

import optree

_NS = "jxp"
PyTreeDef = optree.PyTreeSpec


def tree_flatten(tree, is_leaf=None):
    leaves, spec = optree.tree_flatten(tree, is_leaf, none_is_leaf=False,
                                       namespace=_NS)
    return leaves, spec


def tree_unflatten(treedef, leaves):
    return optree.tree_unflatten(treedef, leaves)


def tree_leaves(tree, is_leaf=None):
    return optree.tree_leaves(tree, is_leaf, none_is_leaf=False, namespace=_NS)


def tree_structure(tree, is_leaf=None):
    return optree.tree_structure(tree, is_leaf, none_is_leaf=False,
                                 namespace=_NS)


def leaf_paths(tree, is_leaf=None):
    """Each leaf's path in JAX's keystr form ("[0]['a']", "[1].b"), in
    flattening order."""
    accessors, _, _ = optree.tree_flatten_with_accessor(
        tree, is_leaf, none_is_leaf=False, namespace=_NS)
    return [a.codify("") for a in accessors]


def tree_map(f, tree, *rest, is_leaf=None):
    return optree.tree_map(f, tree, *rest, is_leaf=is_leaf, none_is_leaf=False,
                           namespace=_NS)


_MISSING = object()


def tree_reduce(function, tree, initializer=_MISSING, is_leaf=None):
    leaves = tree_leaves(tree, is_leaf)
    if initializer is _MISSING:
        return functools.reduce(function, leaves)
    return functools.reduce(function, leaves, initializer)


def tree_all(tree):
    return all(tree_leaves(tree))


def treedef_children(treedef):
    return treedef.children()


def register_pytree_node(nodetype, flatten_func, unflatten_func):
    """JAX's signature: flatten(x) -> (children, aux); unflatten(aux, children)."""
    optree.register_pytree_node(nodetype, flatten_func, unflatten_func,
                                namespace=_NS)
    return nodetype


def register_pytree_node_class(cls):
    """Registers a class with `tree_flatten` and classmethod `tree_unflatten`."""
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_static(cls):
    register_pytree_node(cls, lambda x: ((), x), lambda x, _: x)
    return cls


class Partial(functools.partial):
    """functools.partial as a pytree: its arguments are leaves."""


register_pytree_node(
    Partial,
    lambda p: ((p.args, p.keywords), p.func),
    lambda func, children: Partial(func, *children[0], **children[1]))
