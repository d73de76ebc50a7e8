"""jax.tree_util: pytrees (jaxlib's C++ pytree library, jxp's registry)."""

from ._src.tree_util import (  # noqa: F401
    DictKey, FlattenedIndexKey, GetAttrKey, Partial, PyTreeDef, SequenceKey,
    all_leaves, keystr, register_dataclass, register_pytree_node,
    register_pytree_node_class, register_pytree_with_keys, register_static,
    tree_all, tree_flatten, tree_flatten_with_path, tree_leaves,
    tree_leaves_with_path, tree_map, tree_map_with_path, tree_reduce,
    tree_structure, tree_unflatten, treedef_children, treedef_is_leaf)
