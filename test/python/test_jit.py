"""jxp.jit against jax.jit: results, caching and retracing, static
arguments, pytrees, closures, nesting, lowering and IR text."""

import collections
import gc
import weakref

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp._src import api as xapi
from jxp._src import dispatch
from jxp._src.util import LRUCache
from jxp_test_util import assert_same


def rng(seed=0):
    return np.random.default_rng(seed)


# ---------------------------------------------------------------------------
# Results equal JAX and NumPy
# ---------------------------------------------------------------------------


def test_seed_affine():
    def fn(W, b, x):
        return x @ W + b

    r = rng()
    W = r.standard_normal((3, 4)).astype(np.float32)
    b = r.standard_normal((4,)).astype(np.float32)
    x = r.standard_normal((5, 3)).astype(np.float32)
    got = jxp.jit(fn)(jnp.asarray(W), jnp.asarray(b), jnp.asarray(x))
    want = jax.jit(fn)(rjnp.asarray(W), rjnp.asarray(b), rjnp.asarray(x))
    assert_same(got, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(got), x @ W + b, rtol=1e-5,
                               atol=1e-6)
    # NumPy inputs work as well.
    assert_same(jxp.jit(fn)(W, b, x), want, rtol=1e-5, atol=1e-6)


def _stupid_fn(np_mod):
    def stupid_fn(x):
        y = np_mod.copy(x)
        for _ in range(1000):
            x = x * x
        return y
    return stupid_fn


def test_seed_dead_code_is_removed():
    x = jnp.arange(4.0)
    stupid_fn = _stupid_fn(jnp)
    out = jxp.jit(stupid_fn)(x)
    assert_same(out, jax.jit(_stupid_fn(rjnp))(rjnp.arange(4.0)))
    lowered = jxp.jit(stupid_fn).lower(x)
    compiled_text = lowered.compile().as_text()
    assert isinstance(compiled_text, str) and compiled_text
    assert "multiply" not in compiled_text
    jxp_text = lowered.as_text(dialect="jxp")
    assert "func.func @main" in jxp_text
    assert "jxp.mul" not in jxp_text
    # The unoptimized IR does hold the 1000 multiplications.
    assert str(jxp.make_ir(stupid_fn)(x)).count("jxp.mul") == 1000


def test_compiled_cost_and_memory_analysis():
    """Compiled.cost_analysis and memory_analysis, as JAX's: XLA's figures
    for the compiled program (a matmul: the same flops and sizes as JAX's
    program of it)."""
    x = np.ones((64, 32), np.float32)

    def f(a):
        return (a @ a.T).sum()
    got = jxp.jit(f).lower(x).compile()
    want = jax.jit(f).lower(x).compile()
    assert got.cost_analysis()["flops"] == want.cost_analysis()["flops"] > 0
    gm, wm = got.memory_analysis(), want.memory_analysis()
    for field in ("argument_size_in_bytes", "output_size_in_bytes"):
        assert getattr(gm, field) == getattr(wm, field), field
    assert gm.temp_size_in_bytes >= 0


def test_compiler_options():
    """jit's compiler_options and Lowered.compile's, as JAX's: XLA debug
    options for that compile only (with every HLO pass off, the program is
    left unfused), not shared with other jits of the same function; an
    unknown option is XLA's error, in the same class."""
    x = np.linspace(0.0, 1.0, 8, dtype=np.float32)
    off = {"xla_disable_all_hlo_passes": True}

    def f(m):
        return lambda x: m.numpy.sin(x) * m.numpy.cos(x) + 2

    for m in (jxp, jax):
        plain = m.jit(f(m))
        assert "fusion(" in plain.lower(x).compile().as_text()
        assert "fusion(" not in m.jit(
            f(m), compiler_options=off).lower(x).compile().as_text()
        assert "fusion(" not in plain.lower(x).compile(off).as_text()
        # The plain jit's own program stays as it was.
        assert "fusion(" in plain.lower(x).compile().as_text()
    fun = f(jxp)
    assert_same(jxp.jit(fun, compiler_options=off)(x), jax.jit(f(jax))(x),
                rtol=1e-6)
    assert_same(jxp.jit(fun)(x), jax.jit(f(jax))(x), rtol=1e-6)
    for m in (jxp, jax):
        with pytest.raises(jax.errors.JaxRuntimeError,
                           match="No such compile option"):
            m.jit(lambda x: x + 5,
                  compiler_options={"no_such_option": 1})(x)


def test_lowered_as_text_dialects():
    f = jxp.jit(lambda x, y: jnp.sin(x) * y + 1.0)
    lowered = f.lower(jnp.ones((2, 3)), jnp.ones((2, 3)))
    stablehlo = lowered.as_text()
    assert stablehlo == lowered.as_text(dialect="stablehlo")
    assert "stablehlo.sine" in stablehlo and "stablehlo.multiply" in stablehlo
    assert "jxp." not in stablehlo
    jxp_text = lowered.as_text(dialect="jxp")
    assert "jxp.sin" in jxp_text and "jxp.mul" in jxp_text
    assert "stablehlo." not in jxp_text
    with pytest.raises(ValueError):
        lowered.as_text(dialect="hlo-but-not-really")
    compiled = lowered.compile()
    assert "sine" in compiled.as_text()


def _mlp(np_mod, tanh):
    def feed_forward(params, x):
        for layer in params[:-1]:
            x = tanh(x @ layer["W"] + layer["b"])
        last = params[-1]
        return x @ last["W"] + last["b"]
    return feed_forward


def test_seed_mlp():
    r = rng(1)
    sizes = [3, 8, 8, 2]
    params_np = [{"W": (r.standard_normal((m, n)) / np.sqrt(m)).astype(np.float32),
                  "b": r.standard_normal((n,)).astype(np.float32)}
                 for m, n in zip(sizes[:-1], sizes[1:])]
    x = r.standard_normal((5, 3)).astype(np.float32)
    params = jxp.tree_util.tree_map(jnp.asarray, params_np)
    got = jxp.jit(_mlp(jnp, jxp.nn.tanh))(params, jnp.asarray(x))
    want = jax.jit(_mlp(rjnp, jax.nn.tanh))(
        jax.tree_util.tree_map(rjnp.asarray, params_np), x)
    assert_same(got, want, rtol=1e-5, atol=1e-6)
    # And with plain NumPy: the same math.
    h = x
    for layer in params_np[:-1]:
        h = np.tanh(h @ layer["W"] + layer["b"])
    ref = h @ params_np[-1]["W"] + params_np[-1]["b"]
    np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-4, atol=1e-5)


FUNCS = {
    "poly": lambda np_, x: x * x * 3.0 - x / 2 + 1,
    "trig": lambda np_, x: np_.sin(x) * np_.cos(x) + np_.tanh(x),
    "reduce": lambda np_, x: np_.sum(x * 2, axis=0) + np_.max(x),
    "where": lambda np_, x: np_.where(x > 0, x, -x * 0.5),
    "matmul": lambda np_, x: x @ x.T,
    "mixed_int": lambda np_, x: (x * 2).astype(np_.int32) // 3 + 1,
    "mean": lambda np_, x: np_.mean(x, axis=1, keepdims=True),
    "index": lambda np_, x: x[1:, ::2] + x[0, None, ::2],
}


@pytest.mark.parametrize("name", list(FUNCS))
def test_jit_matches_jax(name):
    f = FUNCS[name]
    x = rng(2).standard_normal((3, 4)).astype(np.float32)
    got = jxp.jit(lambda v: f(jnp, v))(x)
    want = jax.jit(lambda v: f(rjnp, v))(x)
    assert_same(got, want, rtol=1e-5, atol=1e-6)
    # Eagerly (no jit) too.
    assert_same(f(jnp, jnp.asarray(x)), want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("arg", [2.0, 3, True, np.float32(2.5), np.int32(4),
                                 np.float64(1.5), np.int64(7), np.uint8(5)],
                         ids=lambda a: f"{type(a).__name__}")
def test_scalar_arguments_dtype_and_weak_type(arg):
    got = jxp.jit(lambda v: v)(arg)
    want = jax.jit(lambda v: v)(arg)
    assert_same(got, want)
    got = jxp.jit(lambda v: v * 2)(arg)
    want = jax.jit(lambda v: v * 2)(arg)
    assert_same(got, want)


def test_python_scalar_outputs():
    f = lambda x: (x, 1, 2.0, True, np.float32(3), np.arange(3))  # noqa: E731
    got = jxp.jit(f)(jnp.ones(1))
    want = jax.jit(f)(rjnp.ones(1))
    assert isinstance(got, tuple)
    assert_same(got, want)


def test_invalid_output_type():
    with pytest.raises(TypeError):
        jxp.jit(lambda x: "a string")(1.0)
    with pytest.raises(TypeError):
        jax.jit(lambda x: "a string")(1.0)


def test_invalid_argument_type():
    with pytest.raises(TypeError):
        jxp.jit(lambda x: x)("a string")
    with pytest.raises(TypeError):
        jax.jit(lambda x: x)("a string")


# ---------------------------------------------------------------------------
# Tracing and caching
# ---------------------------------------------------------------------------


class Counter:
    def __init__(self, fn):
        self.fn = fn
        self.traces = 0

    def __call__(self, *args, **kwargs):
        self.traces += 1  # A Python side effect: runs only when tracing.
        return self.fn(*args, **kwargs)


def test_no_retrace_for_same_shapes():
    c = Counter(lambda x, y: x * y + 1)
    f = jxp.jit(c)
    out1 = f(jnp.ones((2, 3)), jnp.ones((2, 3)))
    out2 = f(jnp.ones((2, 3)) * 2, jnp.ones((2, 3)) * 3)
    out3 = f(np.ones((2, 3), np.float32), np.ones((2, 3), np.float32))
    assert c.traces == 1
    np.testing.assert_array_equal(np.asarray(out1), np.full((2, 3), 2.0))
    np.testing.assert_array_equal(np.asarray(out2), np.full((2, 3), 7.0))
    np.testing.assert_array_equal(np.asarray(out3), np.full((2, 3), 2.0))


def test_retrace_on_new_shape_dtype_weak_type():
    c = Counter(lambda x: x + 1)
    f = jxp.jit(c)
    f(jnp.ones(3))
    assert c.traces == 1
    f(jnp.ones(4))                      # new shape
    assert c.traces == 2
    f(jnp.ones(3, jnp.int32))           # new dtype
    assert c.traces == 3
    f(jnp.ones(3))                      # cached
    f(jnp.ones(4))
    assert c.traces == 3
    f(2.0)                              # weakly typed scalar
    f(np.float32(2.0))                  # strongly typed scalar
    assert c.traces == 5
    f(5.0)
    f(np.float32(7.0))
    assert c.traces == 5


def test_retrace_on_new_pytree_structure():
    c = Counter(lambda t: jxp.tree_util.tree_leaves(t)[0] * 2)
    f = jxp.jit(c)
    f((jnp.ones(2), jnp.ones(2)))
    f((jnp.zeros(2), jnp.ones(2)))
    assert c.traces == 1
    f([jnp.ones(2), jnp.ones(2)])       # list, not tuple
    assert c.traces == 2
    f({"a": jnp.ones(2)})
    f({"a": jnp.ones(2), "b": jnp.ones(2)})
    assert c.traces == 4
    f({"a": jnp.ones(2), "b": None})
    assert c.traces == 5
    f({"a": jnp.zeros(2), "b": None})
    assert c.traces == 5


def test_retrace_on_new_static_value():
    c = Counter(lambda x, n: x * n)
    f = jxp.jit(c, static_argnums=1)
    np.testing.assert_array_equal(np.asarray(f(jnp.ones(2), 2)), [2, 2])
    np.testing.assert_array_equal(np.asarray(f(jnp.ones(2), 3)), [3, 3])
    assert c.traces == 2
    np.testing.assert_array_equal(np.asarray(f(jnp.ones(2), 2)), [2, 2])
    assert c.traces == 2


def test_print_runs_only_while_tracing(capsys):
    @jxp.jit
    def f(x):
        print("tracing with", x.shape)
        return x + 1

    f(jnp.ones(2))
    f(jnp.ones(2))
    f(jnp.ones(2))
    out = capsys.readouterr().out
    assert out.count("tracing with") == 1
    assert "(2,)" in out
    f(jnp.ones(5))
    assert capsys.readouterr().out.count("tracing with") == 1


def test_print_sees_a_tracer(capsys):
    seen = []

    @jxp.jit
    def f(x):
        seen.append(x)
        print(x)
        return x

    f(jnp.ones(2))
    assert not isinstance(seen[0], jxp.Array)
    assert seen[0].shape == (2,) and seen[0].dtype == np.float32
    assert "f32[2]" in capsys.readouterr().out


def test_globals_are_captured_at_trace_time():
    global _SCALE
    _SCALE = 2.0

    def f(x):
        return x * _SCALE

    jf = jxp.jit(f)
    rf = jax.jit(f)
    assert_same(jf(jnp.ones(2)), rf(rjnp.ones(2)))
    _SCALE = 5.0
    # Cached: the old value stays baked in, as in JAX.
    got, want = jf(jnp.ones(2)), rf(rjnp.ones(2))
    assert_same(got, want)
    np.testing.assert_array_equal(np.asarray(got), [2.0, 2.0])
    # A new shape retraces and sees the new value.
    got, want = jf(jnp.ones(3)), rf(rjnp.ones(3))
    assert_same(got, want)
    np.testing.assert_array_equal(np.asarray(got), [5.0, 5.0, 5.0])


_SCALE = 1.0


def test_decorator_forms():
    @jxp.jit
    def f(x):
        return x + 1

    @jxp.jit(static_argnums=(1,))
    def g(x, n):
        return x * n

    assert f.__name__ == "f" and g.__name__ == "g"
    np.testing.assert_array_equal(np.asarray(f(jnp.ones(2))), [2, 2])
    np.testing.assert_array_equal(np.asarray(g(jnp.ones(2), 4)), [4, 4])


def test_jit_method_with_static_self():
    class Model:
        def __init__(self, scale):
            self.scale = scale

        def apply(self, x):
            return x * self.scale

    x = np.arange(3, dtype=np.float32)
    got = jxp.jit(Model.apply, static_argnums=0)(Model(3.0), x)
    want = jax.jit(Model.apply, static_argnums=0)(Model(3.0), x)
    assert_same(got, want)
    # Without static self, the instance is not a valid argument.
    with pytest.raises(TypeError):
        jxp.jit(Model.apply)(Model(3.0), x)
    with pytest.raises(TypeError):
        jax.jit(Model.apply)(Model(3.0), x)


# ---------------------------------------------------------------------------
# Static arguments
# ---------------------------------------------------------------------------


def test_static_argnums_shape():
    def ones_of(n, v):
        return jnp.full((n,), v)

    def ones_of_ref(n, v):
        return rjnp.full((n,), v)

    got = jxp.jit(ones_of, static_argnums=0)(3, 2.5)
    want = jax.jit(ones_of_ref, static_argnums=0)(3, 2.5)
    assert_same(got, want)
    got = jxp.jit(ones_of, static_argnums=(0,))(4, jnp.float32(1.5))
    want = jax.jit(ones_of_ref, static_argnums=(0,))(4, rjnp.float32(1.5))
    assert_same(got, want)


def _create_filled(np_mod):
    def create_filled(val, length):
        return np_mod.full((length,), val)
    return create_filled


def test_seed_create_filled_needs_static_length():
    with pytest.raises(TypeError):
        jax.jit(_create_filled(rjnp))(1.0, 5)
    with pytest.raises(TypeError) as err:
        jxp.jit(_create_filled(jnp))(1.0, 5)
    assert "static_arg" in str(err.value)
    for kw in ({"static_argnums": 1}, {"static_argnums": (1,)},
               {"static_argnames": "length"}, {"static_argnames": ["length"]},
               {"static_argnums": -1}):
        want = jax.jit(_create_filled(rjnp), **kw)(1.0, 5)
        assert_same(jxp.jit(_create_filled(jnp), **kw)(1.0, 5), want)
        assert_same(jxp.jit(_create_filled(jnp), **kw)(1.0, length=5), want)
        assert_same(jxp.jit(_create_filled(jnp), **kw)(val=1.0, length=5),
                    want)


def test_static_argnames_keyword_only():
    def f(x, *, n, flag=False):
        y = x * n
        return -y if flag else y

    def f_ref(x, *, n, flag=False):
        y = x * n
        return -y if flag else y

    jf = jxp.jit(f, static_argnames=("n", "flag"))
    rf = jax.jit(f_ref, static_argnames=("n", "flag"))
    x = np.arange(3, dtype=np.float32)
    assert_same(jf(x, n=2), rf(x, n=2))
    assert_same(jf(x, n=3, flag=True), rf(x, n=3, flag=True))


def test_static_arg_python_control_flow():
    def f(x, mode):
        if mode == "double":
            return x * 2
        elif mode == "square":
            return x * x
        return x

    x = np.arange(4, dtype=np.float32)
    for mode in ("double", "square", "other"):
        got = jxp.jit(f, static_argnames="mode")(x, mode)
        want = jax.jit(f, static_argnames="mode")(x, mode)
        assert_same(got, want)


@pytest.mark.parametrize("bad", [[1, 2], {"a": 1}, np.ones(2)],
                         ids=["list", "dict", "ndarray"])
def test_non_hashable_static_argument(bad):
    with pytest.raises(ValueError):
        jax.jit(lambda x, s: x, static_argnums=1)(1.0, bad)
    with pytest.raises(ValueError) as err:
        jxp.jit(lambda x, s: x, static_argnums=1)(1.0, bad)
    assert "hash" in str(err.value)
    with pytest.raises(ValueError):
        jxp.jit(lambda x, s: x, static_argnames="s")(1.0, s=bad)


def test_static_tuple_argument():
    def f(x, shape):
        return jnp.reshape(x, shape)

    def f_ref(x, shape):
        return rjnp.reshape(x, shape)

    x = np.arange(6, dtype=np.float32)
    assert_same(jxp.jit(f, static_argnums=1)(x, (2, 3)),
                jax.jit(f_ref, static_argnums=1)(x, (2, 3)))
    assert_same(jxp.jit(f, static_argnums=1)(x, (3, 2)),
                jax.jit(f_ref, static_argnums=1)(x, (3, 2)))


# ---------------------------------------------------------------------------
# Pytrees in and out
# ---------------------------------------------------------------------------

Point = collections.namedtuple("Point", ["x", "y"])


def _pytree_fn():
    def f(t):
        a, b = t["pair"]
        return {
            "sum": a + b,
            "nested": (a * 2, [b - 1, None]),
            "point": Point(t["point"].x * 3, t["point"].y),
            "none": None,
            "empty": (),
            "scalar": t["scalar"] + 1,
        }
    return f


def test_pytrees_in_and_out():
    x = np.arange(3, dtype=np.float32)
    inputs = {"pair": (x, x + 1), "point": Point(x * 2, np.int32(4)),
              "scalar": 2.0, "extra": None}
    got = jxp.jit(_pytree_fn())(inputs)
    want = jax.jit(_pytree_fn())(inputs)
    assert isinstance(got["point"], Point)
    assert isinstance(got["nested"], tuple)
    assert isinstance(got["nested"][1], list)
    assert got["none"] is None and got["nested"][1][1] is None
    assert got["empty"] == ()
    assert sorted(got) == sorted(want)
    assert_same(got, want)


def test_tree_util_matches_jax_conventions():
    tree = {"b": (1, None, [2, 3]), "a": Point(4, 5)}
    leaves, treedef = jxp.tree_util.tree_flatten(tree)
    want_leaves, _ = jax.tree_util.tree_flatten(tree)
    assert leaves == want_leaves
    assert jxp.tree_util.tree_unflatten(treedef, leaves) == tree
    assert jxp.tree_util.tree_leaves(tree) == jax.tree_util.tree_leaves(tree)
    assert (jxp.tree_util.tree_map(lambda v: v * 10, tree)
            == jax.tree_util.tree_map(lambda v: v * 10, tree))
    assert jxp.tree_util.tree_leaves(None) == []


class Pair:
    def __init__(self, first, second, label):
        self.first, self.second, self.label = first, second, label


jxp.tree_util.register_pytree_node(
    Pair, lambda p: ((p.first, p.second), p.label),
    lambda label, children: Pair(children[0], children[1], label))


@jxp.tree_util.register_pytree_node_class
class Scaled:
    def __init__(self, value, scale):
        self.value, self.scale = value, scale

    def tree_flatten(self):
        return (self.value,), self.scale

    @classmethod
    def tree_unflatten(cls, scale, children):
        return cls(children[0], scale)


def test_registered_pytree_class():
    c = Counter(lambda p: Pair(p.second, p.first * 2, p.label + "!"))
    f = jxp.jit(c)
    out = f(Pair(jnp.ones(2), jnp.arange(3.0), "lbl"))
    assert isinstance(out, Pair) and out.label == "lbl!"
    np.testing.assert_array_equal(np.asarray(out.first), [0.0, 1.0, 2.0])
    np.testing.assert_array_equal(np.asarray(out.second), [2.0, 2.0])
    f(Pair(jnp.zeros(2), jnp.ones(3), "lbl"))
    assert c.traces == 1
    f(Pair(jnp.zeros(2), jnp.ones(3), "other"))  # aux data is static
    assert c.traces == 2

    g = jxp.jit(lambda s: Scaled(s.value * s.scale, s.scale))
    out = g(Scaled(jnp.ones(2), 3.0))
    assert isinstance(out, Scaled) and out.scale == 3.0
    np.testing.assert_array_equal(np.asarray(out.value), [3.0, 3.0])


def test_partial_is_a_pytree():
    p = jxp.tree_util.Partial(lambda a, b: a * b, jnp.arange(3.0))
    f = jxp.jit(lambda fn, x: fn(x))
    np.testing.assert_array_equal(np.asarray(f(p, jnp.ones(3) * 2)),
                                  [0.0, 2.0, 4.0])


def test_keyword_arguments_are_dynamic():
    c = Counter(lambda x, y=1.0: x * y)
    f = jxp.jit(c)
    x = np.arange(3, dtype=np.float32)
    got = f(x, y=np.float32(3))
    want = jax.jit(lambda x, y=1.0: x * y)(x, y=np.float32(3))
    assert_same(got, want)
    f(x, y=np.float32(4))
    assert c.traces == 1


# ---------------------------------------------------------------------------
# Closures, constants, nesting
# ---------------------------------------------------------------------------


def test_closed_over_arrays():
    c_np = np.arange(3, dtype=np.float32)
    c_jxp = jnp.arange(3.0) * 10
    c_ref = rjnp.arange(3.0) * 10
    got = jxp.jit(lambda x: x + c_np + c_jxp)(jnp.ones(3))
    want = jax.jit(lambda x: x + c_np + c_ref)(rjnp.ones(3))
    assert_same(got, want)
    # A closed-over int array keeps its dtype.
    ci = np.array([1, 2, 3], np.int32)
    got = jxp.jit(lambda x: x * ci)(np.int32(2))
    want = jax.jit(lambda x: x * ci)(np.int32(2))
    assert_same(got, want)


def test_closed_over_array_used_twice_and_in_two_functions():
    c = jnp.arange(4.0)
    f = jxp.jit(lambda x: x * c + c)
    g = jxp.jit(lambda x: f(x) - c)
    np.testing.assert_array_equal(np.asarray(f(jnp.ones(4))), [0, 2, 4, 6])
    np.testing.assert_array_equal(np.asarray(g(jnp.ones(4))), [0, 1, 2, 3])


def test_nested_jit():
    inner_traces = Counter(lambda x: x * 2 + 1)
    inner = jxp.jit(inner_traces)

    @jxp.jit
    def outer(x):
        return inner(x) + inner(x * 3)

    def outer_ref(x):
        f = jax.jit(lambda v: v * 2 + 1)
        return f(x) + f(x * 3)

    x = np.arange(4, dtype=np.float32)
    assert_same(outer(x), jax.jit(outer_ref)(x))
    assert_same(inner(x), jax.jit(lambda v: v * 2 + 1)(x))
    ir = str(jxp.make_ir(lambda v: inner(v) + 1)(x))
    assert "call @" in ir and "func.func private" in ir
    # Nested calls are inlined by the optimizer.
    assert "call @" not in jxp.jit(lambda v: inner(v) + 1).lower(x).as_text(
        dialect="jxp")


def test_nested_jit_with_pytrees_statics_and_closures():
    w = jnp.arange(3.0)

    @jxp.jit
    def inner(d, n):
        return {"y": d["x"] * w + n, "n": d["x"].sum()}

    inner_static = jxp.jit(lambda x, k: x * k, static_argnums=1)

    @jxp.jit
    def outer(x):
        r = inner({"x": x}, 1.0)
        return inner_static(r["y"], 3) + r["n"]

    def outer_ref(x):
        r = {"y": x * rjnp.arange(3.0) + 1.0, "n": x.sum()}
        return r["y"] * 3 + r["n"]

    x = np.array([1.0, 2.0, 3.0], np.float32)
    assert_same(outer(x), jax.jit(outer_ref)(x))


def test_jit_of_jit():
    f = jxp.jit(jxp.jit(lambda x: x * 3))
    np.testing.assert_array_equal(np.asarray(f(jnp.ones(2))), [3.0, 3.0])


def test_eager_arrays_inside_jit_are_constants():
    def f(x):
        c = jnp.arange(3.0)  # built while tracing: a constant
        return x + c

    assert_same(jxp.jit(f)(jnp.ones(3)),
                jax.jit(lambda x: x + rjnp.arange(3.0))(rjnp.ones(3)))


def test_leaked_tracer_is_an_error():
    leaked = []

    @jxp.jit
    def f(x):
        leaked.append(x)
        return x

    f(jnp.ones(2))
    with pytest.raises(jxp.errors.UnexpectedTracerError):
        jnp.sin(leaked[0])
    with pytest.raises(jxp.errors.UnexpectedTracerError):
        jxp.jit(lambda y: y + leaked[0])(jnp.ones(2))


# ---------------------------------------------------------------------------
# make_ir
# ---------------------------------------------------------------------------


def test_make_ir_text():
    def f(x, y):
        return jnp.exp(x) * y + 2.0

    ir = jxp.make_ir(f)(jnp.ones((2, 3)), jnp.ones((2, 3)))
    text = str(ir)
    assert text == repr(ir)
    assert "func.func @main" in text
    for op in ("jxp.exp", "jxp.mul", "jxp.add", "jxp.constant"):
        assert op in text, op
    assert "tensor<2x3xf32>" in text
    assert "stablehlo" not in text


def test_make_ir_static_and_dtypes():
    def f(x, n):
        return jnp.sum(x, axis=n) > 0

    text = str(jxp.make_ir(f, static_argnums=1)(jnp.ones((2, 3), jnp.int32), 0))
    assert "func.func @main" in text
    assert "tensor<2x3xi32>" in text
    assert "jxp.reduce" in text and "jxp.compare" in text
    assert "tensor<3xi1>" in text


def test_lowered_compiled_call_matches_jax():
    def f(x, n):
        return x * n + 1.0

    x = np.arange(4, dtype=np.float32)
    compiled = jxp.jit(f, static_argnums=1).lower(x, 3).compile()
    expected = jax.jit(f, static_argnums=1).lower(x, 3).compile()(x)
    np.testing.assert_allclose(np.asarray(compiled(x)), np.asarray(expected))
    with pytest.raises(TypeError):
        compiled(np.arange(5, dtype=np.float32))


@pytest.mark.parametrize("shape", [(), (1,), (5,), (3, 4)])
def test_bool_constants_under_jit(shape):
    # A closed-over numpy bool array becomes a dense i1 constant.
    mask = np.arange(int(np.prod(shape))).reshape(shape) % 3 == 1

    def f(m):
        return lambda x: m.where(mask, x, -x)

    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) + 1
    assert_same(jxp.jit(f(jnp))(x), jax.jit(f(rjnp))(x))


# ---------------------------------------------------------------------------
# Captures and caches: a closed-over array rebound to a strong type is one
# input; jit's cache belongs to the function (as JAX's, shared by every
# jit(f)), goes with it, and is bounded, as is the eager cache; a program
# traced twice is the same text
# ---------------------------------------------------------------------------

def test_rebound_weak_array_is_captured_once():
    """A weakly typed closed-over array promoted to a strong type is a new
    Array object of the same buffer: still one input of the program."""
    P = jnp.array(1.0)
    f = lambda x: P * x  # noqa: E731
    text = str(jxp.make_ir(lambda x, y: f(x) + f(y) + P * 2)(
        np.float32(1.0), np.float32(2.0)))
    signature = text.split("@main(")[1].split(")")[0]
    # x, y, and P once per aval (weak, and promoted to strong float32).
    assert signature.count("%arg") == 4


def _cache_semantics(lib):
    state = {"G": 1.0}

    def f(x):
        return x + state["G"]
    seen = [float(lib.jit(f)(1.0))]
    state["G"] = 2.0
    seen.append(float(lib.jit(f)(1.0)))        # cached: still 2.0
    j = lib.jit(f)
    j.clear_cache()                             # clears f's shared cache
    seen.append(float(lib.jit(f)(1.0)))        # retraced: 3.0
    state["G"] = 3.0
    seen.append(float(lib.jit(f)(1.0)))        # cached: 3.0
    lib.clear_caches()
    seen.append(float(lib.jit(f)(1.0)))        # retraced: 4.0
    state["G"] = 4.0
    seen.append(float(lib.jit(f, static_argnums=())(1.0)))  # same cache
    return seen


def test_jit_cache_is_per_function():
    assert _cache_semantics(jxp) == _cache_semantics(jax)


def test_jit_cache_goes_with_the_function():
    def f(x):
        return x * 2
    jxp.jit(f)(1.0)
    ref = weakref.ref(f)
    del f
    gc.collect()
    assert ref() is None


def test_jit_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(xapi, "JIT_CACHE_CAPACITY", 3)

    def f(x):
        return x + 1
    jf = jxp.jit(f)
    for n in range(1, 6):
        jf(np.zeros(n, np.float32))
    assert jf._cache_size() == 3
    # The most recent shapes stay; the oldest went first.
    jf(np.zeros(5, np.float32))
    assert jf._cache_size() == 3


def test_eager_cache_is_bounded(monkeypatch):
    cache = LRUCache(4)
    monkeypatch.setattr(dispatch, "_eager_cache", cache)
    for n in range(1, 10):
        np.testing.assert_array_equal(
            np.asarray(jxp.lax.sin(np.zeros(n, np.float32))), np.zeros(n))
    assert len(cache) == 4


def test_same_program_same_text():
    """Private functions are numbered per module: a program traced twice is
    the same text (so nothing new is interned per call)."""
    def loss(w):
        return jnp.sum(jxp.jit(jnp.tanh)(w) ** 2)

    def text():
        return str(jxp.make_ir(jxp.grad(loss))(np.ones(3, np.float32)))
    assert text() == text()
