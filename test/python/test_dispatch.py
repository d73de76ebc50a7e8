"""Dispatch through jaxlib's C++ fast path: jit functions are jaxlib
PjitFunctions, jxp arrays are jaxlib ArrayImpls, eager primitives and jnp's
ufuncs run through cached fast-path callables (issue 14)."""

import copy
import functools
import importlib
import pickle
import subprocess
import sys
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jaxlib import _jax

import jxp
import jxp.numpy as xnp
from jxp_test_util import assert_same, run_in_threads


def counting_jit(fun, **kw):
    """jit(fun) and a list that grows by one per trace of fun."""
    traces = []

    def traced(*args, **kwargs):
        traces.append(1)
        return fun(*args, **kwargs)
    functools.update_wrapper(traced, fun)
    return jxp.jit(traced, **kw), traces


# ---------------------------------------------------------------------------
# Arrays
# ---------------------------------------------------------------------------


def test_arrays_are_jaxlib_arrays():
    x = xnp.arange(3.0)
    assert type(x) is _jax.ArrayImpl
    assert isinstance(x, jxp.Array) and isinstance(x, xnp.ndarray)
    assert not isinstance(np.arange(3), jxp.Array)
    # JAX's arrays are ArrayImpls too, but not jxp's.
    assert not isinstance(jnp.arange(3.0), jxp.Array)
    y = jxp.jit(lambda a: a * 2)(x)
    assert type(y) is _jax.ArrayImpl and isinstance(y, jxp.Array)
    with pytest.raises(TypeError):
        jxp.Array(x)


def test_array_protocols():
    x = xnp.arange(4.0).reshape(2, 2)
    assert copy.copy(x) is x and copy.deepcopy(x) is x
    y = pickle.loads(pickle.dumps(x))
    assert isinstance(y, jxp.Array)
    np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
    with pytest.raises(TypeError, match="unhashable"):
        hash(x)
    assert repr(xnp.float32(1.5) * 2) == repr(jnp.float32(1.5) * 2)
    assert repr(x + 1) == repr(jnp.arange(4.0).reshape(2, 2) + 1)
    with pytest.raises(AttributeError):
        x.shape = (4,)


def test_jax_methods_stay_jax_and_jxp_methods_stay_jxp():
    """Both libraries set methods on the same C++ class; each array gets its
    own library's."""
    x, j = xnp.ones(3), jnp.ones(3)
    assert isinstance(x * 2, jxp.Array) and isinstance(x.sum(), jxp.Array)
    assert isinstance(j * 2, jax.Array) and not isinstance(j * 2, jxp.Array)
    assert isinstance(j.sum(), jax.Array) and not isinstance(j.sum(),
                                                             jxp.Array)
    assert isinstance(x.at[0].set(5.0), jxp.Array)
    assert isinstance(j.at[0].set(5.0), jax.Array)
    assert not isinstance(j.at[0].set(5.0), jxp.Array)
    assert_same(x.at[1].add(2.0), j.at[1].add(2.0))


@pytest.mark.parametrize("order", ["jxp-first", "jax-first"])
def test_jax_imported_before_or_after_jxp(order):
    """JAX sets its methods on ArrayImpl when imported: before or after
    jxp, each library's arrays keep their own behaviour."""
    imports = ("import jxp, jxp.numpy as xnp\nx = xnp.arange(3.0)\n"
               "import jax, jax.numpy as jnp\n" if order == "jxp-first" else
               "import jax, jax.numpy as jnp\nimport jxp, jxp.numpy as xnp\n"
               "x = xnp.arange(3.0)\n")
    code = imports + """
j = jnp.arange(3.0)
assert isinstance(x * 2, jxp.Array), type(x * 2)
assert not isinstance(j * 2, jxp.Array)
assert repr(x * 2) == "Array([0., 2., 4.], dtype=float32)", repr(x * 2)
assert repr(j * 2) == "Array([0., 2., 4.], dtype=float32)", repr(j * 2)
assert float((x @ x)) == 5.0 and float(j @ j) == 5.0
assert isinstance(jxp.jit(lambda a: a + 1)(x), jxp.Array)
assert not isinstance(jax.jit(lambda a: a + 1)(j), jxp.Array)
print("ok")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_deleted_array_raises_runtime_error():
    x = xnp.ones(3)
    x.delete()
    with pytest.raises(RuntimeError, match="deleted"):
        np.asarray(x)


# ---------------------------------------------------------------------------
# jit on the fast path
# ---------------------------------------------------------------------------


def test_cached_calls_do_not_retrace():
    f, traces = counting_jit(lambda x, W, b: x @ W + b)
    x, W, b = xnp.ones((4, 8)), xnp.ones((8, 8)), xnp.arange(8.0)
    for _ in range(50):
        out = f(x, W, b)
    assert len(traces) == 1
    assert_same(out, jnp.ones((4, 8)) @ jnp.ones((8, 8)) + jnp.arange(8.0))
    # numpy arrays and Python scalars take the fast path too.
    g, traces = counting_jit(lambda x, s: x * s)
    for s in (2.0, 3.0, 4.0):
        out = g(np.ones(3, np.float32), s)
    assert len(traces) == 1
    assert_same(out, jnp.ones(3) * 4.0)


def test_signature_changes_retrace():
    f, traces = counting_jit(lambda x: x + 1)
    f(xnp.ones(3))
    f(xnp.ones(4))                          # shape
    f(xnp.ones(3, xnp.int32))               # dtype
    f(xnp.asarray(1.0) + 1.0)               # weak f32[] ...
    f(xnp.float32(1.0))                     # ... and strong f32[]
    f(xnp.ones(3))
    assert len(traces) == 5


def test_static_args_kwargs_methods_partials():
    f, traces = counting_jit(lambda x, n, *, scale=1.0: x * n * scale,
                             static_argnums=1)
    x = xnp.ones(2)
    assert_same(f(x, 2), jnp.ones(2) * 2)
    assert_same(f(x, 2, scale=3.0), jnp.ones(2) * 6)
    assert_same(f(x, 3, scale=3.0), jnp.ones(2) * 9)
    f(x, 3, scale=5.0)
    assert len(traces) == 3

    class Model:
        def __init__(self, w):
            self.w = w

        @functools.partial(jxp.jit, static_argnums=0)
        def apply(self, x):
            return x * self.w

        def __hash__(self):
            return id(self)

    m = Model(3.0)
    assert_same(m.apply(x), jnp.ones(2) * 3.0)
    p = jxp.jit(functools.partial(lambda a, b: a - b, 10.0))
    assert_same(p(x), 10.0 - jnp.ones(2))
    with pytest.raises(ValueError, match="Non-hashable static"):
        f(x, [1])


def test_closed_over_arrays():
    c = xnp.arange(3.0)
    f, traces = counting_jit(lambda y: y * c + c)
    for k in range(3):
        out = f(xnp.ones(3) * k)
    assert len(traces) == 1
    assert_same(out, jnp.ones(3) * 2 * jnp.arange(3.0) + jnp.arange(3.0))


def test_x64_flag_is_in_the_key():
    f, traces = counting_jit(lambda x: x + 1)
    f(1.0)
    jxp.config.update("jax_enable_x64", True)
    try:
        assert f(1.0).dtype == np.float64
    finally:
        jxp.config.update("jax_enable_x64", False)
    assert f(1.0).dtype == np.float32
    assert len(traces) == 2


def test_jit_from_8_threads():
    """A jitted function called from 8 threads at once (first calls and
    cached ones): every result is right."""
    f = jxp.jit(lambda x, y: xnp.tanh(x @ y) + 1.0)
    results = {}

    def work(k):
        for i in range(30):
            n = 2 + (k + i) % 4
            x = xnp.full((n, n), 0.01 * k)
            results[(k, i)] = (n, k, f(x, x))
    run_in_threads(work, [(k,) for k in range(8)])
    assert len(results) == 240
    for n, k, out in results.values():
        x = np.full((n, n), 0.01 * k, np.float32)
        np.testing.assert_allclose(np.asarray(out), np.tanh(x @ x) + 1.0,
                                   rtol=1e-6)


# ---------------------------------------------------------------------------
# Donation
# ---------------------------------------------------------------------------


def test_donation_as_jax():
    def f(x, y):
        return x * 2 + y
    x, y = xnp.ones(4), xnp.ones(4)
    jx, jy = jnp.ones(4), jnp.ones(4)
    out = jxp.jit(f, donate_argnums=0)(x, y)
    want = jax.jit(f, donate_argnums=0)(jx, jy)
    assert_same(out, want)
    assert x.is_deleted() and jx.is_deleted()
    assert not y.is_deleted()
    with pytest.raises(RuntimeError, match="deleted"):
        np.asarray(x)
    text = jxp.jit(f, donate_argnums=0).lower(y, y).as_text()
    assert "tf.aliasing_output = 0" in text


def test_unusable_donation_warns_and_keeps_the_input():
    x = xnp.ones(4)
    with pytest.warns(UserWarning, match="donated buffers were not usable: "
                      "float32\\[4\\]"):
        out = jxp.jit(lambda a: a.sum(), donate_argnums=0)(x)
    assert float(out) == 4.0 and not x.is_deleted()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        jxp.jit(lambda a: a.sum())(x)


# ---------------------------------------------------------------------------
# Eager
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("fn", [
    lambda m, x: x * 2 + 1,
    lambda m, x: 2 * x - 1.5,
    lambda m, x: x @ x,
    lambda m, x: m.sin(x) / 3,
    lambda m, x: (x > 1) & (x < 3),
    lambda m, x: m.asarray(x, m.int32) * 300,
    lambda m, x: m.maximum(x, 2),
])
def test_eager_ops_match_jax(fn):
    v = np.arange(16, dtype=np.float32).reshape(4, 4) / 4
    for _ in range(3):  # first call, then the fast path
        assert_same(fn(xnp, xnp.asarray(v)), fn(jnp, jnp.asarray(v)))


def test_eager_python_int_overflow_is_an_error():
    x = xnp.ones(3, xnp.int32)
    x * 2
    with pytest.raises(OverflowError):
        x * 2**40


# ---------------------------------------------------------------------------
# Modules JAX users import
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("module, names", [
    ("tree_util", ["tree_map", "register_pytree_node", "keystr"]),
    ("nn", ["relu", "softmax"]),
    ("random", ["PRNGKey", "normal"]),
    ("lax", ["scan", "cond"]),
    ("numpy.linalg", ["norm"]),
    ("errors", ["ConcretizationTypeError", "UnexpectedTracerError"]),
    ("sharding", ["SingleDeviceSharding", "Sharding"]),
    ("experimental.compilation_cache.compilation_cache",
     ["set_cache_dir", "reset_cache"]),
])
def test_modules_import_as_in_jax(module, names):
    """jax.<module> is an importable module of jxp, with JAX's names."""
    mod = importlib.import_module(f"jxp.{module}")
    alias = jxp  # `import jxp as jax`: jax.<module>.<name>
    for part in module.split("."):
        alias = getattr(alias, part)
    assert alias is mod
    for name in names:
        assert callable(getattr(mod, name)) or isinstance(
            getattr(mod, name), type), name


def test_array_sharding_and_devices():
    x = xnp.ones(3)
    assert isinstance(x.sharding, jxp.sharding.SingleDeviceSharding)
    assert x.devices() == {jxp.devices()[0]}
    assert x.sharding.device_set == {jxp.devices()[0]}


def test_disable_jit_runs_python_op_by_op():
    seen = []

    @jxp.jit
    def f(x):
        seen.append(type(x))
        return x * 2
    f(xnp.ones(2))
    with jxp.disable_jit():
        assert_same(f(xnp.ones(2)), jnp.ones(2) * 2)
    f(xnp.ones(2))  # cached again
    assert seen[0] is not _jax.ArrayImpl and seen[1:] == [_jax.ArrayImpl]


def test_x64_flags_that_disagree_keep_results_right():
    """jaxlib reads one x64 flag (JAX's here, imported after jxp): with
    jxp's and JAX's flags apart, Python scalars still get jxp's dtypes."""
    f = jxp.jit(lambda x, s: x * s)
    old = jax.config.jax_enable_x64
    try:
        jax.config.update("jax_enable_x64", True)
        for _ in range(3):
            out = f(np.float32(2), 3.0)
            assert out.dtype == np.float32 and float(out) == 6.0
            out = f(np.ones(2), 1.5)
            assert out.dtype == np.float32
    finally:
        jax.config.update("jax_enable_x64", old)


def test_jxp_takes_jax_arrays_as_values():
    """A JAX array passed to jxp is a value like a numpy array (its buffer
    belongs to JAX's client, never passed to a jxp program)."""
    j = jnp.arange(3.0)
    for out in (xnp.sin(j), jxp.jit(lambda a: a * 2)(j), xnp.asarray(j),
                xnp.ones(3) + j, jxp.grad(lambda a: (a ** 2).sum())(j)):
        assert isinstance(out, jxp.Array)
    assert_same(jxp.jit(lambda a: a * 2)(j), j * 2)


def test_jxp_never_imports_jax():
    """jaxlib imports `jax` behind the caller's back on some paths (design.md
    section 6); none of jxp's dispatch takes them."""
    code = """
import sys
import jxp, jxp.numpy as jnp
x = jnp.arange(6.0).reshape(2, 3)
f = jxp.jit(lambda a, s: jnp.tanh(a @ a.T) * s, donate_argnums=())
for s in (1.0, 2.0):
    y = f(x, s)
y = x * 2 + 1
g = jxp.grad(lambda a: (a ** 2).sum())(x)
v = jxp.vmap(lambda r: r.sum())(x)
z = jxp.jit(lambda a: a + 1, donate_argnums=0)(jnp.ones(3))
print(repr(y), g.sum(), v, float(z[0]), y.sharding, x.devices())
bad = [m for m in sys.modules if m == "jax" or m.startswith("jax.")]
assert not bad, bad
print("ok")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("ok")
