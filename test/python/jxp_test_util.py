"""Shared helpers for jxp's tests: comparing jxp results with JAX's."""

import jax
import ml_dtypes
import numpy as np

import jxp


def jax_weak_type(x):
    """JAX's weak type flag of a JAX array (or Python scalar)."""
    if isinstance(x, (bool, int, float, complex)) and not isinstance(
            x, np.generic):
        return not isinstance(x, bool)
    return bool(x.aval.weak_type)


def _inexact(dtype):
    return (np.issubdtype(dtype, np.inexact)
            or dtype == np.dtype(ml_dtypes.bfloat16))


def assert_same(got, want, rtol=1e-6, atol=0.0, weak_type=True):
    """`got` (jxp) equals `want` (JAX): pytree structure, shapes, dtypes,
    weak types, values (exact for integers and bools; NaNs match NaNs)."""
    got_leaves, got_tree = jxp.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert len(got_leaves) == len(want_leaves), (got_tree, want_tree)
    assert got_tree.num_nodes == want_tree.num_nodes, (got_tree, want_tree)
    for g, w in zip(got_leaves, want_leaves):
        assert isinstance(g, jxp.Array), type(g)
        assert isinstance(w, jax.Array), type(w)
        assert g.shape == w.shape, (g.shape, w.shape)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        if weak_type:
            assert g.weak_type == jax_weak_type(w), (g.weak_type,
                                                     jax_weak_type(w))
        gv, wv = np.asarray(g), np.asarray(w)
        assert gv.dtype == wv.dtype
        if _inexact(wv.dtype):
            np.testing.assert_allclose(gv.astype(np.float64),
                                       wv.astype(np.float64),
                                       rtol=rtol, atol=atol, equal_nan=True)
        else:
            np.testing.assert_array_equal(gv, wv)
