"""Host callbacks: jax.debug.print, jax.debug.callback, jax.pure_callback.

Differential against JAX: the text debug.print writes (eagerly, under jit,
in loops, under vmap and grad), what callbacks receive and return, vmap's
methods, the errors of bad results and of exceptions in the callback, and
that retracing does not grow the callback registry without bound.
"""

import gc

import jax
import jax.numpy as jnp_ref
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp import lax
from jxp._src import host_callback


def _printed(capsys, run, barrier=None):
    """What `run()` writes to stdout (and its result)."""
    capsys.readouterr()
    out = run()
    if barrier is not None:  # JAX's
        jax.block_until_ready(out)
        barrier()
    elif out is not None:
        jxp.block_until_ready(out)
    return capsys.readouterr().out, out


def _lines(text):
    """The lines of `text` as a multiset: XLA may run callbacks that do
    not depend on each other in any order (JAX's unordered effects)."""
    return sorted(text.splitlines())


def _both(capsys, body, *args, transform=None):
    """stdout of body(jax, *args) and body(jxp, *args), each under
    `transform(api, f)` (default: as they are)."""
    texts, outs = [], []
    for api, np_ in ((jax, jnp_ref), (jxp, jnp)):
        def f(*a, api=api, np_=np_):
            return body(api, np_, *a)
        g = transform(api, f) if transform else f
        text, out = _printed(capsys, lambda: g(*args),
                             jax.effects_barrier if api is jax else None)
        texts.append(text)
        outs.append(out)
    return texts, outs


# ---------------------------------------------------------------------------
# debug.print: the text, eagerly and under jit
# ---------------------------------------------------------------------------

def _prints(api, np_, x, i, m):
    p = api.debug.print
    p("scalar {}", x)
    p("int {} bool {}", i, i > 2)
    p("array {a} and {b:.3f}", a=np_.arange(4.0) * x, b=x)
    p("matrix {}", m)
    p("{0} then {1} then {0}", i, x)
    p("pytree {t}", t={"a": x, "b": (i, m[0])})
    p("no placeholders", x, m[1], skip_format_check=True)
    p("static {} {}", "text", None)
    p("python {} {}", 2.5, 7)
    p("repr-ish {x!r}", x=x)
    p("empty {}", np_.zeros((0, 3)))
    p("int8 {} uint32 {}", np_.int8(-3), np_.uint32(7))
    p("complex {}", np_.complex64(1 + 2j) * x)
    p("")
    with np.printoptions(precision=2):
        p("precision {}", np_.array([1 / 3, 2 / 3]) * x)
    return x


@pytest.mark.parametrize("jitted", [False, True])
def test_debug_print_text_matches_jax(capsys, jitted):
    m = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    transform = (lambda api, f: api.jit(f)) if jitted else None
    (ref, got), _ = _both(capsys, _prints, np.float32(1.5), np.int32(3), m,
                          transform=transform)
    if jitted:  # unordered prints: the same lines
        assert _lines(got) == _lines(ref)
    else:
        assert got == ref
    assert ref.count("\n") == 16


def test_debug_print_ordered_and_two_call_forms(capsys):
    def body(api, np_, x):
        api.debug.print(ordered=True)("two-call {}", x)
        api.debug.print("one-call {x}", x=x, ordered=True)
        api.debug.callback(ordered=True)(lambda v: print("cb", v), x)
        return x * 2
    for transform in (None, lambda api, f: api.jit(f)):
        (ref, got), _ = _both(capsys, body, np.float32(2.0),
                              transform=transform)
        assert got == ref and ref.count("\n") == 3


def test_debug_print_format_errors_match_jax():
    for fmt, args, kwargs in [("{}", (1.0, 2.0), {}), ("{x}", (), {"x": 1,
                                                                  "y": 2})]:
        with pytest.raises(ValueError) as ref:
            jax.debug.print(fmt, *args, **kwargs)
        with pytest.raises(ValueError) as got:
            jxp.debug.print(fmt, *args, **kwargs)
        assert str(got.value) == str(ref.value)
        with pytest.raises(ValueError):
            jxp.jit(lambda: jxp.debug.print(fmt, *args, **kwargs))()
    with pytest.raises(IndexError):  # a missing argument, as str.format
        jxp.debug.print("{} {}", 1.0)
    with pytest.raises(TypeError, match="two-call form"):
        jxp.debug.print(None, 1.0)
    with pytest.raises(TypeError, match="must be callable"):
        jxp.debug.callback(3, 1.0)


# ---------------------------------------------------------------------------
# debug.callback: what the callback receives
# ---------------------------------------------------------------------------

def test_debug_callback_receives_arrays_and_static_args(capsys):
    def body(api, np_, x):
        def cb(a, tag, *, tree):
            print(tag, type(a).__name__, a.dtype, a.shape, a,
                  sorted(tree), tree["k"].dtype, tree["k"])
        api.debug.callback(cb, x, "tag", tree={"k": x[0] > 0, "s": None})
        return x
    x = np.arange(3, dtype=np.int32)
    for transform in (None, lambda api, f: api.jit(f)):
        (ref, got), _ = _both(capsys, body, x, transform=transform)
        assert got == ref and "ArrayImpl int32 (3,)" in got


# ---------------------------------------------------------------------------
# Inside loops and conditionals
# ---------------------------------------------------------------------------

def _loops(api, np_, x, xs):
    L = api.lax
    y = L.fori_loop(0, 3, lambda i, c: (
        api.debug.print("fori i={} c={}", i, c), c * 2 + i)[1], x)
    n = (x > 0).astype(np_.int32) + 3  # a traced trip count: a while loop
    z = L.fori_loop(0, n, lambda i, c: (
        api.debug.print("dyn fori i={i} c={c}", i=i, c=c), c + i)[1], x)

    def step(c, v):
        api.debug.print("scan c={c} v={v}", c=c, v=v)
        return c + v, c * v
    c, ys = L.scan(step, x, xs)
    w = L.while_loop(lambda c: c < 20.0, lambda c: (
        api.debug.print("while {}", c), c * 3)[1], x)
    branches = [lambda v: (api.debug.print("neg {}", v), -v)[1],
                lambda v: (api.debug.print("pos {}", v), v)[1]]
    d = L.cond(x > 0, branches[1], branches[0], x)
    e = L.cond(x < 0, branches[1], branches[0], x)
    s = L.switch(2, [lambda v: v] + branches, x)
    return y, z, c, ys, w, d, e, s


def test_callbacks_in_loops_match_jax(capsys):
    xs = np.arange(1.0, 4.0, dtype=np.float32)
    (ref, got), (r, g) = _both(capsys, _loops, np.float32(1.5), xs,
                               transform=lambda api, f: api.jit(f))
    assert _lines(got) == _lines(ref)
    assert ref.count("scan") == 3 and ref.count("while") == 3
    for a, b in zip(jax.tree_util.tree_leaves(r), jxp.tree_util.tree_leaves(g)):
        np.testing.assert_allclose(np.asarray(b), np.asarray(a))


def test_fori_loop_index_read_only_by_print(capsys):
    def body(api, np_, x):
        return api.lax.fori_loop(0, 3, lambda i, c: (
            api.debug.print("i={}", i), c * 2)[1], x)
    (ref, got), _ = _both(capsys, body, np.float32(1.0),
                          transform=lambda api, f: api.jit(f))
    assert _lines(got) == _lines(ref)


def test_concrete_trip_count_does_not_run_earlier_callbacks(capsys):
    def body(api, np_, x):
        y = api.lax.fori_loop(0, 3, lambda i, c: (
            api.debug.print("c={}", c), c * 2 + i)[1], x)
        n = np_.int32(2)
        return api.lax.fori_loop(0, n, lambda i, c: c + i, y)
    (ref, got), _ = _both(capsys, body, np.float32(1.5),
                          transform=lambda api, f: api.jit(f))
    assert _lines(got) == _lines(ref)


def test_pure_callback_in_loops_matches_jax():
    def body(api, np_, xs):
        def cb(v):
            return np.cos(v) * 2
        sd = api.ShapeDtypeStruct((), np.float32)

        def step(c, v):
            y = api.pure_callback(cb, sd, c + v)
            return y, y * v
        c, ys = api.lax.scan(step, np.float32(0), xs)
        w = api.lax.while_loop(
            lambda c: c < 5.0,
            lambda c: c + 1 + api.pure_callback(cb, sd, c) ** 2, xs[0])
        return c, ys, w
    xs = np.linspace(0, 1, 5, dtype=np.float32)
    r = jax.jit(lambda v: body(jax, jnp_ref, v))(xs)
    g = jxp.jit(lambda v: body(jxp, jnp, v))(xs)
    for a, b in zip(jax.tree_util.tree_leaves(r), jxp.tree_util.tree_leaves(g)):
        np.testing.assert_allclose(np.asarray(b), np.asarray(a), rtol=1e-6)


# ---------------------------------------------------------------------------
# vmap
# ---------------------------------------------------------------------------

def test_debug_print_under_vmap_matches_jax(capsys):
    def body(api, np_, x, y):
        api.debug.print("x={} y={}", x, y)
        api.debug.callback(lambda a: print("cb", a.shape, a), x)
        return x + y
    x = np.arange(6.0, dtype=np.float32).reshape(3, 2)
    for transform in (lambda api, f: api.vmap(f, in_axes=(0, None)),
                      lambda api, f: api.jit(api.vmap(f, in_axes=(0, None))),
                      lambda api, f: api.vmap(api.vmap(f, (0, None)),
                                              (1, None))):
        (ref, got), (r, g) = _both(capsys, body, x, np.float32(10),
                                   transform=transform)
        # (JAX unrolls each callback in turn, jxp the function's per
        # example: both orders are allowed for unordered callbacks.)
        assert _lines(got) == _lines(ref) and ref.count("cb") >= 3
        np.testing.assert_allclose(np.asarray(g), np.asarray(r))


@pytest.mark.parametrize("method", ["sequential", "sequential_unrolled",
                                    "expand_dims", "broadcast_all"])
def test_pure_callback_vmap_methods_match_jax(method):
    seen = {}

    def run(api, np_):
        calls = seen.setdefault(api.__name__, [])

        def cb(x, y):
            calls.append((np.shape(x), np.shape(y)))
            return np.asarray(np.sin(x) + np.mean(y), np.float32)

        def f(x, y):
            shape = np.broadcast_shapes(np.shape(x), np.shape(y))
            return api.pure_callback(cb, api.ShapeDtypeStruct(shape,
                                                              np.float32),
                                     x, y, vmap_method=method)
        x = np.arange(8.0, dtype=np.float32).reshape(4, 2)
        y = np.float32(0.5)
        a = api.jit(api.vmap(f, in_axes=(0, None)))(x, y)
        x3 = np.arange(12.0, dtype=np.float32).reshape(2, 3, 2)
        b = api.vmap(api.vmap(f, in_axes=(0, None)), in_axes=(0, None))(x3, y)
        return a, b
    ra, rb = run(jax, jnp_ref)
    ga, gb = run(jxp, jnp)
    np.testing.assert_allclose(np.asarray(ga), np.asarray(ra), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(gb), np.asarray(rb), rtol=1e-6)
    assert seen["jxp"] == seen["jax"]


def test_pure_callback_vmap_without_method_raises_as_jax():
    def f(api):
        return api.vmap(lambda x: api.pure_callback(
            np.sin, api.ShapeDtypeStruct((), np.float32), x))(
                np.arange(3.0, dtype=np.float32))
    with pytest.raises(NotImplementedError) as ref:
        f(jax)
    with pytest.raises(NotImplementedError) as got:
        f(jxp)
    assert str(got.value) == str(ref.value)


# ---------------------------------------------------------------------------
# grad
# ---------------------------------------------------------------------------

def test_debug_print_under_grad_prints_primals(capsys):
    def body(api, np_, x):
        def loss(x):
            api.debug.print("primal {}", x)
            y = np_.sin(x) * x
            api.debug.print("y {y}", y=y)
            return y
        return api.grad(loss)(x)
    for transform in (None, lambda api, f: api.jit(f)):
        (ref, got), (r, g) = _both(capsys, body, np.float32(0.7),
                                   transform=transform)
        assert got == ref and ref.count("\n") == 2
        np.testing.assert_allclose(np.asarray(g), np.asarray(r), rtol=1e-6)


def test_pure_callback_under_grad_raises_as_jax():
    def f(api, x):
        return api.pure_callback(np.sin, api.ShapeDtypeStruct((),
                                                              np.float32), x)
    with pytest.raises(ValueError) as ref:
        jax.grad(lambda x: f(jax, x))(np.float32(1))
    for g in (jxp.grad(lambda x: f(jxp, x)),
              jxp.jit(jxp.grad(lambda x: f(jxp, x)))):
        with pytest.raises(ValueError) as got:
            g(np.float32(1))
        assert str(ref.value) in str(got.value)
    # Without a tangent flowing in it is fine, as in JAX.
    h = lambda api, x: x * 2 + f(api, api.lax.stop_gradient(x))  # noqa: E731
    np.testing.assert_allclose(
        np.asarray(jxp.grad(lambda x: h(jxp, x))(np.float32(1))),
        np.asarray(jax.grad(lambda x: h(jax, x))(np.float32(1))))


def test_pure_callback_inside_custom_jvp_matches_jax():
    def make(api):
        @api.custom_jvp
        def sin(x):
            return api.pure_callback(
                lambda v: np.sin(v), api.ShapeDtypeStruct(x.shape, x.dtype),
                x, vmap_method="expand_dims")

        @sin.defjvp
        def _(primals, tangents):
            (x,), (t,) = primals, tangents
            return sin(x), api.numpy.cos(x) * t
        return lambda x: api.numpy.sum(sin(x) ** 2)
    x = np.linspace(-1, 1, 5, dtype=np.float32)
    for wrap in (lambda api, f: f, lambda api, f: api.jit(f)):
        r = wrap(jax, jax.grad(make(jax)))(x)
        g = wrap(jxp, jxp.grad(make(jxp)))(x)
        np.testing.assert_allclose(np.asarray(g), np.asarray(r), rtol=1e-6)
    xb = x.reshape(5, 1)
    r = jax.vmap(jax.grad(make(jax)))(xb)
    g = jxp.vmap(jxp.grad(make(jxp)))(xb)
    np.testing.assert_allclose(np.asarray(g), np.asarray(r), rtol=1e-6)


# ---------------------------------------------------------------------------
# pure_callback: values, pytrees, eager, errors
# ---------------------------------------------------------------------------

def test_pure_callback_pytrees_and_dtypes_match_jax():
    def body(api, np_, x, n):
        def cb(d, k):
            assert type(d["x"]).__name__ == "ArrayImpl"
            return {"s": np.sin(d["x"]), "i": (np.asarray(d["n"]) * k)
                    .astype(np.int32), "b": np.asarray(d["x"] > 0)}, \
                [np.float64(2.5)]  # 64-bit narrows as in JAX
        out_type = ({"s": api.ShapeDtypeStruct(x.shape, np.float32),
                     "i": api.ShapeDtypeStruct((), np.int32),
                     "b": api.ShapeDtypeStruct(x.shape, np.bool_)},
                    [api.ShapeDtypeStruct((), np.float32)])
        return api.pure_callback(cb, out_type, {"x": x, "n": n}, k=3)
    x = np.array([-1.0, 0.5, 2.0], np.float32)
    for transform in (lambda f: f, jax.jit):
        r = transform(lambda a, b: body(jax, jnp_ref, a, b))(x, 4)
        g = (jxp.jit if transform is jax.jit else (lambda f: f))(
            lambda a, b: body(jxp, jnp, a, b))(x, 4)
        assert jxp.tree_util.tree_structure(g) == \
            jxp.tree_util.tree_structure(jax.tree_util.tree_map(
                lambda v: 0, r))
        for a, b in zip(jax.tree_util.tree_leaves(r),
                        jxp.tree_util.tree_leaves(g)):
            assert np.asarray(b).dtype == np.asarray(a).dtype
            np.testing.assert_allclose(np.asarray(b), np.asarray(a))


def test_pure_callback_argument_errors_match_jax():
    sd = jax.ShapeDtypeStruct((), np.float32)
    for kwargs, out in [({"vmap_method": "nope"}, sd),
                        ({}, jax.ShapeDtypeStruct((), np.float64))]:
        with pytest.raises(ValueError) as ref:
            jax.pure_callback(np.sin, out, np.float32(1), **kwargs)
        with pytest.raises(ValueError) as got:
            jxp.pure_callback(np.sin, out, np.float32(1), **kwargs)
        assert str(got.value) == str(ref.value)


_BAD_RESULTS = [
    (lambda x: np.zeros((2,), np.float32),
     "Incorrect output shape for return value #0: Expected: (3,), "
     "Actual: (2,)"),
    (lambda x: np.zeros((3,), np.int32),
     "Incorrect output dtype for return value #0: Expected: float32, "
     "Actual: int32"),
    (lambda x: (x, x),
     "Mismatched number of outputs from callback. Expected: 1, Actual: 2"),
    (lambda x: 1 / 0, "ZeroDivisionError: division by zero"),
]


@pytest.mark.parametrize("bad,message", _BAD_RESULTS)
def test_bad_callback_results_raise_as_jax(bad, message):
    def f(api, x):
        return api.pure_callback(bad, api.ShapeDtypeStruct((3,), np.float32),
                                 x)
    x = np.arange(3.0, dtype=np.float32)
    with pytest.raises(RuntimeError) as ref:
        np.asarray(jax.jit(lambda v: f(jax, v))(x))
    assert message in str(ref.value)
    for run in (lambda: f(jxp, x), lambda: jxp.jit(lambda v: f(jxp, v))(x)):
        with pytest.raises(RuntimeError) as got:
            np.asarray(run())
        assert type(got.value).__name__ == type(ref.value).__name__
        assert "CpuCallback error calling callback" in str(got.value)
        assert message in str(got.value)
    # The process and the runtime carry on.
    assert float(jxp.jit(lambda v: v + 1)(np.float32(1))) == 2.0


def test_debug_callback_exception():
    def cb(x):
        raise KeyError("boom")
    with pytest.raises(KeyError):  # eager: raised as it is, as JAX
        jxp.debug.callback(cb, np.float32(1))
    with pytest.raises(RuntimeError) as got:
        jxp.block_until_ready(jxp.jit(lambda v: (jxp.debug.callback(cb, v),
                                                 v + 1)[1])(np.float32(1)))
    assert "KeyError: 'boom'" in str(got.value)


# ---------------------------------------------------------------------------
# The registry: bounded, and stable across retraces
# ---------------------------------------------------------------------------

def test_retracing_does_not_grow_the_registry(capsys):
    def loss(x):
        jxp.debug.print("x {}", x)
        jxp.debug.callback(print, x)
        return jxp.pure_callback(np.cos, jxp.ShapeDtypeStruct((),
                                                              np.float32), x)
    def loss_print(x):
        jxp.debug.print("g {}", x)
        return x * x
    f = jxp.jit(loss)
    f(np.float32(0))
    jxp.vmap(loss_print)(np.ones(2, np.float32))
    before = host_callback.host_callback_count()
    for i in range(50):
        f.clear_cache()
        f(np.float32(i))
        jxp.vmap(loss_print)(np.ones(2, np.float32))  # traced each call
    assert host_callback.host_callback_count() == before
    out = capsys.readouterr().out
    assert out.count("x ") == 51 and out.count("g ") == 102


def test_registry_is_bounded_and_programs_keep_their_callbacks(monkeypatch,
                                                                capsys):
    monkeypatch.setattr(host_callback, "HOST_CALLBACK_CAPACITY", 8)
    old = jxp.jit(lambda x: jxp.pure_callback(
        lambda v: v * 2, jxp.ShapeDtypeStruct((), np.float32), x))
    assert float(old(np.float32(3))) == 6.0
    for i in range(40):  # a new lambda per trace: a new callback each
        g = jxp.jit(lambda x, i=i: jxp.pure_callback(
            lambda v: v + i, jxp.ShapeDtypeStruct((), np.float32), x))
        assert float(g(np.float32(1))) == 1.0 + i
        assert host_callback.host_callback_count() <= 8
    gc.collect()
    # The first program's callback left the registry; it still has it.
    assert float(old(np.float32(4))) == 8.0
