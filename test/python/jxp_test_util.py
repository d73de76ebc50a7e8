"""Shared helpers for jxp's tests: comparing jxp results with JAX's,
setting flags in both, finding jxp-opt."""

import contextlib
import os
import pathlib
import shutil
import threading

import jax
import ml_dtypes
import numpy as np

import jxp
import jxp.random as jr

REPO = pathlib.Path(__file__).resolve().parents[2]


def jax_weak_type(x):
    """JAX's weak type flag of a JAX array (or Python scalar)."""
    if isinstance(x, (bool, int, float, complex)) and not isinstance(
            x, np.generic):
        return not isinstance(x, bool)
    return bool(x.aval.weak_type)


def _inexact(dtype):
    return (np.issubdtype(dtype, np.inexact)
            or dtype == np.dtype(ml_dtypes.bfloat16))


def _node_type(t):
    # The one node class each library defines for itself.
    if t is jxp.tree_util.Partial or t is jax.tree_util.Partial:
        return "Partial"
    return t


def _structure(treedef):
    """A treedef (jxp's and JAX's are both jaxlib's PyTreeDef, of two
    registries) as nested (node type, dict keys, children); leaves are
    "*"."""
    data = treedef.node_data()
    if data is None:
        return "*"
    t, aux = data
    keys = list(aux) if issubclass(t, dict) else None
    return (_node_type(t), keys,
            [_structure(c) for c in treedef.children()])


def make_agrees_with_jax(make, *args, jit=True, also_jit=False, rtol, atol):
    """make(jx, np_)(*args) under jxp equals it under JAX (under jax.jit, or
    eagerly on JAX arrays with jit=False): values, dtypes, weak types and
    structure; or both raise errors of the same class. With also_jit, jxp's
    jit of it too."""
    import jax.numpy as rjnp
    import jxp.numpy as jnp
    try:
        if jit:
            want = jax.jit(make(jax, rjnp))(*args)
        else:
            want = make(jax, rjnp)(*jax.tree_util.tree_map(
                lambda a: rjnp.asarray(a)
                if isinstance(a, (np.ndarray, np.generic)) else a, args))
    except Exception as e:  # noqa: BLE001 - compared with jxp's
        raises_like(e, lambda: make(jxp, jnp)(*args))
        return
    assert_same(make(jxp, jnp)(*args), want, rtol=rtol, atol=atol)
    if also_jit:
        assert_same(jxp.jit(make(jxp, jnp))(*args), want, rtol=rtol,
                    atol=atol)


def grad_agrees_with_jax(fn, args, *, jit, rtol, atol):
    """jxp's gradient of `fn(numpy module)` in all of `args`, eagerly or
    under jit, equals JAX's within rtol/atol."""
    import jax.numpy as rjnp
    import jxp.numpy as jnp
    argnums = tuple(range(len(args)))

    def build(lib, m):
        g = lib.grad(fn(m), argnums=argnums)
        return lib.jit(g) if jit else g

    assert_same(build(jxp, jnp)(*args), build(jax, rjnp)(*args), rtol=rtol,
                atol=atol)


def assert_same_structure(got, want):
    """`got` (jxp) and `want` (JAX) are pytrees of the same shape: node
    types (a tuple is not a list), dict keys, order and leaf positions."""
    got_tree = jxp.tree_util.tree_structure(got)
    want_tree = jax.tree_util.tree_structure(want)
    assert _structure(got_tree) == _structure(want_tree), (
        got_tree, want_tree)


def assert_same(got, want, rtol=1e-6, atol=0.0, weak_type=True):
    """`got` (jxp) equals `want` (JAX): pytree structure, shapes, dtypes,
    weak types, values (exact for integers and bools; NaNs match NaNs)."""
    got_leaves, got_tree = jxp.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert _structure(got_tree) == _structure(want_tree), (
        got_tree, want_tree)
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
            # Complex values keep their imaginary parts.
            wide = np.complex128 if np.iscomplexobj(wv) else np.float64
            np.testing.assert_allclose(gv.astype(wide), wv.astype(wide),
                                       rtol=rtol, atol=atol, equal_nan=True)
        else:
            np.testing.assert_array_equal(gv, wv)


# --- jnp-vs-JAX checks shared by the test_numpy_* files ---------------------

ERRORS = (TypeError, ValueError, IndexError, NotImplementedError)


def raises_like(want, fn):
    """fn() raises an error of `want`'s class (JAX's classes by name)."""
    import pytest
    with pytest.raises(Exception) as got:
        fn()
    cls = type(want)
    if cls.__module__.startswith("jax"):
        assert type(got.value).__name__ == cls.__name__, (got.value, want)
    else:
        assert isinstance(got.value, cls), (type(got.value), want)


def errors_like(cases, run_jax, run_jxp):
    """For each (fn, args) of `cases`: run_jax(fn, args) raises (else an
    AssertionError), and run_jxp(fn, args) raises like it (raises_like);
    the failure names the case."""
    for i, (fn, args) in enumerate(cases):
        try:
            run_jax(fn, args)
        except Exception as e:  # noqa: BLE001
            want = e
        else:
            raise AssertionError(f"case {i}: JAX raised nothing")
        try:
            raises_like(want, lambda: run_jxp(fn, args))
        except BaseException as e:
            raise AssertionError(f"case {i}: {e!r} (JAX: {want!r})") from None


def check_numpy(fn, *args, jit=True, rtol=1e-6, atol=1e-6, errors=ERRORS):
    """fn(m)(*args) under jxp.numpy equals it under jax.numpy (array args as
    each library's arrays), eagerly and under jit; errors match."""
    import jax.numpy as rjnp
    import jxp.numpy as jnp
    try:
        with np.errstate(all="ignore"):
            want = fn(rjnp)(*[rjnp.asarray(a) for a in args])
    except errors as e:
        raises_like(e, lambda: fn(jnp)(*[jnp.asarray(a) for a in args]))
        return
    with np.errstate(all="ignore"):
        got = fn(jnp)(*[jnp.asarray(a) for a in args])
    assert_same(got, want, rtol=rtol, atol=atol)
    if jit:
        try:
            want = jax.jit(fn(rjnp))(*args)
        except errors as e:
            raises_like(e, lambda: jxp.jit(fn(jnp))(*args))
            return
        assert_same(jxp.jit(fn(jnp))(*args), want, rtol=rtol, atol=atol)


def x64_set_to(value):
    """A generator for fixtures: jax_enable_x64 set to `value` in both JAX
    and jxp for the test, both restored afterwards."""
    old_jax, old_jxp = jax.config.jax_enable_x64, jxp.config.jax_enable_x64
    jax.config.update("jax_enable_x64", value)
    jxp.config.update("jax_enable_x64", value)
    try:
        yield value
    finally:
        jax.config.update("jax_enable_x64", old_jax)
        jxp.config.update("jax_enable_x64", old_jxp)


@contextlib.contextmanager
def flags(partitionable=None, x64=None):
    """Sets jax's and jxp's flags alike; restores both."""
    names = []
    if partitionable is not None:
        names.append(("jax_threefry_partitionable", partitionable))
    if x64 is not None:
        names.append(("jax_enable_x64", x64))
    saved = [(n, jxp.config.read(n), getattr(jax.config, n)) for n, _ in names]
    try:
        for n, v in names:
            jxp.config.update(n, v)
            jax.config.update(n, v)
        yield
    finally:
        for n, xv, jv in saved:
            jxp.config.update(n, xv)
            jax.config.update(n, jv)


def bits_view(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return a.view(np.uint32 if a.dtype.itemsize == 8 else np.uint64)
    if a.dtype.kind == "f" or a.dtype == ml_dtypes.bfloat16:
        return a.view(f"u{a.dtype.itemsize}")
    return a


def _typed_key_data(got, want):
    """Typed keys replaced by their key data, on both sides (a key is
    compared by its bits here; test_typed_key_is_a_pytree_leaf checks how
    it flattens)."""
    def is_jxp_key(x):
        return isinstance(x, jr.PRNGKeyArray)

    def is_jax_key(x):
        return isinstance(x, jax.Array) and jax.dtypes.issubdtype(
            x.dtype, jax.dtypes.prng_key)
    got = jxp.tree_util.tree_map(
        lambda x: jr.key_data(x) if is_jxp_key(x) else x, got,
        is_leaf=is_jxp_key)
    want = jax.tree_util.tree_map(
        lambda x: jax.random.key_data(x) if is_jax_key(x) else x, want)
    return got, want


def assert_bits(got, want):
    """Same pytree, shapes, dtypes and weak types, and the same bits."""
    got, want = _typed_key_data(got, want)
    assert_same_structure(got, want)
    got_leaves = jxp.tree_util.tree_leaves(got)
    want_leaves = jax.tree_util.tree_leaves(want)
    for g, w in zip(got_leaves, want_leaves):
        assert isinstance(g, jxp.Array), type(g)
        assert g.shape == w.shape, (g.shape, w.shape)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        assert g.weak_type == w.aval.weak_type, (g.weak_type,
                                                 w.aval.weak_type)
        gv, wv = bits_view(g), bits_view(w)
        if not np.array_equal(gv, wv):
            raise AssertionError(
                f"bits differ at {np.argwhere(gv != wv)[:5].tolist()}:\n"
                f"jxp {np.asarray(g)!r}\njax {np.asarray(w)!r}")


def jxp_opt():
    """The jxp-opt binary: $JXP_OPT, on PATH, or the developer build's."""
    env = os.environ.get("JXP_OPT")
    if env:
        return env
    found = shutil.which("jxp-opt")
    if found:
        return found
    path = REPO / "build" / "dev" / "tools" / "jxp-opt"
    assert path.exists(), "jxp-opt not found (set JXP_OPT or build it)"
    return str(path)


def run_in_threads(work, args_list, timeout=300):
    """work(*args) for every args of `args_list`, each in a thread of its
    own, all at once; fails with the first exceptions the threads raised."""
    errors = []

    def run(args):
        try:
            work(*args)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)
    threads = [threading.Thread(target=run, args=(a,)) for a in args_list]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    assert not errors, errors[:3]
