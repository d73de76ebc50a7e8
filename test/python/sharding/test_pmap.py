"""jax.pmap on 8 CPU devices, against JAX 0.10.2 (which builds pmap on
jit and shard_map, as jxp does).

Each test runs one child process (the device count is fixed before the
first use of either library) that computes the same cases with `jax` and
with `jxp` and compares them with jxp_test_util.assert_same (values,
shapes, dtypes, weak types, pytree structure). The last test runs one
script twice, with `import jax` and with `import jxp as jax`, and compares
what it prints.
"""

import os
import pathlib
import subprocess
import sys
import textwrap

_HELPERS = pathlib.Path(__file__).resolve().parents[1]  # jxp_test_util


def _env():
    import jxp
    path = [str(pathlib.Path(jxp.__file__).parents[1]), str(_HELPERS),
            os.environ.get("PYTHONPATH", "")]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(path),
                TF_CPP_MIN_LOG_LEVEL="2")


def _run(code):
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=600, env=_env())
    assert proc.returncode == 0, proc.stderr[-6000:]
    return proc.stdout


# Both libraries on 8 devices; `compare(cases)` runs every case (a function
# of the library) with both and checks they agree, case by case, errors
# included (same class and message, or both of class `base`).
_PRELUDE = """
import numpy as np
import jax, jxp
from jxp_test_util import assert_same
for lib in (jax, jxp):
    lib.config.update("jax_num_cpu_devices", 8)

def outcome(case, lib):
    try:
        return "ok", case(lib)
    except Exception as e:  # noqa: BLE001
        return "error", e

def check(name, case, rtol, base):
    (gk, got), (wk, want) = outcome(case, jxp), outcome(case, jax)
    if wk == "error":
        assert gk == "error", ("no error; JAX raised", want, got)
        cls = base or type(want)
        assert isinstance(want, cls), want
        assert isinstance(got, cls) or (
            type(got).__name__ == cls.__name__), (got, want)
        if base is None:
            assert str(got) == str(want), (str(got), str(want))
        return
    assert gk == "ok", got
    try:
        assert_same(got, want, rtol=rtol, atol=1e-6)
    except AssertionError as e:
        raise AssertionError(f"{e}\\n got {got!r}\\n want {want!r}") from None

def compare(cases, rtol=1e-6, base=None):
    failed = []
    for name, case in cases:
        try:
            check(name, case, rtol, base)
        except AssertionError as e:
            failed.append(f"--- {name}: {e}")
    assert not failed, "\\n".join(failed)
    print("ok", len(cases))
"""


def _compare(body):
    out = _run(_PRELUDE + textwrap.dedent(body))
    assert out.strip().startswith("ok"), out


def test_pmap_elementwise():
    _compare("""
    def arange(lib, n, dtype="float32"):
        return lib.numpy.arange(n, dtype=dtype)

    cases = [
        ("square", lambda L: L.pmap(lambda x: x ** 2)(arange(L, 8))),
        ("int", lambda L: L.pmap(lambda x: x * 2 + 1)(arange(L, 4, "int32"))),
        ("2-D rows", lambda L: L.pmap(lambda r: L.numpy.sin(r) @ r)(
            arange(L, 12).reshape(3, 4))),
        ("docstring dot", lambda L: L.pmap(L.numpy.dot)(
            arange(L, 12).reshape(3, 2, 2),
            arange(L, 12).reshape(3, 2, 2) ** 2)),
        ("numpy input", lambda L: L.pmap(lambda x: x.sum())(
            np.arange(6.0, dtype=np.float32).reshape(2, 3))),
        ("bool", lambda L: L.pmap(lambda x: ~x)(
            np.array([True, False, True]))),
        ("two results", lambda L: L.pmap(lambda x, y: (x + y, x * y))(
            arange(L, 5), arange(L, 5) + 1)),
        ("keyword argument", lambda L: L.pmap(lambda x, y: x - y)(
            arange(L, 3), y=arange(L, 3) * 3)),
        ("devices", lambda L: L.pmap(lambda x: x + 1,
                                     devices=L.devices()[2:6])(arange(L, 3))),
    ]
    compare(cases)
    r = jxp.pmap(lambda x: x * 2)(jxp.numpy.arange(4.0))
    assert isinstance(r, jxp.Array), type(r)
    assert repr(r) == "Array([0., 2., 4., 6.], dtype=float32)", repr(r)

    # Results stay on the mesh, split as out_axes says.
    def shardings(L):
        f = L.pmap(lambda a: (a * 2, a.sum()), axis_name="d", in_axes=1,
                   out_axes=(1, None))
        return [str(r.sharding) for r in f(L.numpy.ones((3, 4)))]
    assert shardings(jxp) == shardings(jax), (shardings(jxp),
                                              shardings(jax))
    """)


def test_pmap_collectives():
    _compare("""
    def x(L, n=4):
        return L.numpy.arange(n, dtype="float32")

    def ring(n):
        return [(i, (i + 1) % n) for i in range(n)]

    P = lambda L, f, **kw: L.pmap(f, axis_name="i", **kw)
    cases = [
        ("normalize", lambda L: P(L, lambda v: v / L.lax.psum(v, "i"))(x(L))),
        ("pmean", lambda L: P(L, lambda v: L.lax.pmean(v, "i"))(x(L, 8))),
        ("pmax pmin", lambda L: P(L, lambda v: (L.lax.pmax(v, "i"),
                                                L.lax.pmin(v, "i")))(x(L))),
        ("psum of a constant", lambda L: P(L, lambda v: L.lax.psum(1, "i"))(
            x(L))),
        ("psum of a pytree", lambda L: P(L, lambda v: L.lax.psum(
            {"a": v, "b": 2 * v}, "i"))(x(L))),
        ("all_gather", lambda L: P(L, lambda v: L.lax.all_gather(v, "i"))(
            x(L))),
        ("all_gather tiled", lambda L: P(L, lambda v: L.lax.all_gather(
            v, "i", tiled=True))(x(L, 8).reshape(4, 2))),
        ("ppermute ring", lambda L: P(L, lambda v: L.lax.ppermute(
            v, "i", ring(8)))(x(L, 8))),
        ("axis_index", lambda L: P(L, lambda v: v * L.lax.axis_index("i"))(
            x(L, 6))),
        ("out_axes None of a psum", lambda L: P(
            L, lambda v: L.lax.psum(v.sum(), "i"), out_axes=None)(
                x(L, 6).reshape(2, 3))),
        ("unbound name", lambda L: P(L, lambda v: L.lax.psum(v, "j"))(x(L))),
    ]
    compare(cases)
    """)


def test_pmap_axes_pytrees_and_static_arguments():
    _compare("""
    def ones(L, *shape):
        return L.numpy.ones(shape, dtype="float32")

    def arange(L, *shape):
        n = int(np.prod(shape))
        return L.numpy.arange(n, dtype="float32").reshape(shape)

    cases = [
        ("in_axes None", lambda L: L.pmap(lambda a, b: a * b,
                                          in_axes=(0, None))(
            arange(L, 3, 2), arange(L, 2))),
        ("in_axes 1", lambda L: L.pmap(lambda a: a.sum(), in_axes=1)(
            arange(L, 2, 5))),
        ("out_axes 1", lambda L: L.pmap(lambda a: a * 2, out_axes=1)(
            arange(L, 4, 3))),
        ("in_axes 1 out_axes 1", lambda L: L.pmap(
            lambda a: a[::-1], in_axes=1, out_axes=1)(arange(L, 3, 4))),
        ("in_axes pytree", lambda L: L.pmap(
            lambda p, v: p["w"] * v + p["b"],
            in_axes=({"w": 0, "b": None}, 1))(
            {"w": arange(L, 2, 3), "b": ones(L, 3)}, arange(L, 3, 2))),
        ("out_axes pytree", lambda L: L.pmap(
            lambda a, s: {"a": a + s, "b": [a, s * 2]},
            in_axes=(1, None), out_axes={"a": 1, "b": [0, None]})(
            ones(L, 3, 4), 2.0)),
        ("static argument", lambda L: L.pmap(
            lambda a, n, s: (a * n, len(s)),
            static_broadcasted_argnums=(1, 2))(
            arange(L, 3), 3, "label")),
        ("static int argnum", lambda L: L.pmap(
            lambda n, a: a ** n, static_broadcasted_argnums=0)(
            2, arange(L, 4))),
        ("static and in_axes", lambda L: L.pmap(
            lambda a, n, b: a * n + b, in_axes=(0, None, None),
            static_broadcasted_argnums=1)(arange(L, 2, 3), 4, ones(L, 3))),
        ("constant output", lambda L: L.pmap(lambda a: 1.0)(ones(L, 2, 3))),
        ("shape output", lambda L: L.pmap(lambda a: a.shape)(ones(L, 2, 3))),
        ("no output", lambda L: L.pmap(lambda a: None)(ones(L, 2, 3))),
        ("list input", lambda L: L.pmap(lambda xs: xs[0] - xs[1])(
            [arange(L, 4), ones(L, 4)])),
        ("donated", lambda L: L.pmap(lambda a, b: a * b, donate_argnums=1)(
            arange(L, 4), L.pmap(lambda a: a + 1)(arange(L, 4)))),
    ]
    compare(cases)

    # Negative axes count from the end, as vmap's (JAX 0.10.2's pmap puts
    # the mapped axis in the wrong place for them: jax.vmap is the
    # reference here).
    a = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    for in_axes, out_axes in [(-1, 0), (0, -1), (-2, -1), (1, -2)]:
        got = jxp.pmap(lambda v: v * 2 + 1, in_axes=in_axes,
                       out_axes=out_axes)(a)
        want = jax.vmap(lambda v: v * 2 + 1, in_axes=in_axes,
                        out_axes=out_axes)(a)
        assert_same(got, want)
    """)


def test_pmap_with_jit_inside_and_outside():
    _compare("""
    def x(L):
        return L.numpy.arange(8, dtype="float32")

    cases = [
        ("jit inside", lambda L: L.pmap(
            lambda v: L.jit(lambda u: L.numpy.cos(u) + 1)(v) * 2)(x(L))),
        ("jit outside", lambda L: L.jit(L.pmap(lambda v: v * 3))(x(L))),
        ("pmap of a jitted function", lambda L: L.pmap(
            L.jit(lambda v: L.lax.psum(v, "i") - v), axis_name="i")(x(L))),
        ("jit of a function calling pmap", lambda L: L.jit(
            lambda v: L.pmap(lambda u: u + 1)(v).sum())(x(L))),
    ]
    compare(cases)
    """)


def test_pmap_grad_of_a_sum():
    _compare("""
    def x(L, n=8):
        return L.numpy.arange(n, dtype="float32")

    cases = [
        ("grad elementwise", lambda L: L.grad(
            lambda v: L.pmap(lambda u: L.numpy.sin(u) * 2)(v).sum())(x(L))),
        ("grad through psum", lambda L: L.grad(
            lambda v: L.pmap(lambda u: u * L.lax.psum(u, "i"), "i")(v).sum())(
            x(L, 4))),
        # (A strong w: with a Python float, JAX's gradient through an
        # unchecked shard_map loses the weak type and jxp's keeps it.)
        ("value_and_grad with in_axes None", lambda L: L.value_and_grad(
            lambda w, v: L.pmap(lambda a, b: (a * b) ** 2,
                                in_axes=(None, 0))(w, v).sum())(
            np.float32(2.0), x(L, 4))),
        # Inside the body, a replicated argument's gradient is each
        # device's own (pmap users average it with pmean themselves).
        ("grad inside of a replicated argument", lambda L: L.pmap(
            lambda w, u: L.grad(lambda w: (w * u).sum())(w),
            in_axes=(None, 0))(1.0, x(L, 4))),
    ]
    compare(cases, rtol=1e-5)
    """)


def test_vmap_of_pmap():
    _compare("""
    cases = [
        ("vmap of pmap", lambda L: L.vmap(L.pmap(lambda v: v * 2))(
            L.numpy.ones((3, 2), dtype="float32"))),
    ]
    compare(cases)
    """)


def test_pmap_traces_once_per_signature():
    """A pmapped function is traced as often as JAX traces it: once per
    static arguments, structure and shapes (jit's cache under pmap's)."""
    _compare("""
    def traces(L):
        count = [0]

        def f(v, s):
            count[0] += 1
            return v * s
        g = L.pmap(f, static_broadcasted_argnums=1)
        a = L.numpy.arange(8.0)
        g(a, 2); g(a, 2); g(a, 3); g(a + 1, 3); g(L.numpy.arange(4.0), 3)
        g(L.numpy.arange(8), 3)
        return L.numpy.asarray(count[0])

    compare([("trace count", traces)])
    """)


def test_pmap_errors():
    _compare("""
    def ones(L, *shape):
        return L.numpy.ones(shape, dtype="float32")

    same = [
        ("not callable", lambda L: L.pmap(5)),
        ("in_axes float", lambda L: L.pmap(lambda a: a, in_axes=1.0)),
        ("out_axes float", lambda L: L.pmap(lambda a: a, out_axes=1.5)),
        ("empty devices", lambda L: L.pmap(lambda a: a, devices=[])),
        ("in_axes too long", lambda L: L.pmap(lambda a: a, in_axes=(0, 0))(
            ones(L, 2))),
        ("in_axes list", lambda L: L.pmap(lambda a: a, in_axes=[0])(
            ones(L, 2))),
        ("in_axes with keywords", lambda L: L.pmap(
            lambda a, b: a + b, in_axes=(0, None))(ones(L, 2), b=ones(L, 2))),
        ("no mapped axis", lambda L: L.pmap(lambda a: a, in_axes=None)(
            ones(L, 2))),
        ("python scalar", lambda L: L.pmap(lambda a: a)(3.0)),
        ("no arguments", lambda L: L.pmap(lambda: 1.0)()),
        ("static out of range", lambda L: L.pmap(
            lambda a: a, static_broadcasted_argnums=1)(ones(L, 2))),
        ("unhashable static", lambda L: L.pmap(
            lambda a, b: a, static_broadcasted_argnums=1)(ones(L, 2), [1])),
        ("axis_size mismatch", lambda L: L.pmap(lambda a: a, axis_size=3)(
            ones(L, 2, 3))),
        ("out_axes out of range", lambda L: L.pmap(lambda a: a, out_axes=2)(
            ones(L, 2, 3))),
        ("unhashable axis name", lambda L: L.pmap(lambda a: a,
                                                  axis_name=[1])(ones(L, 2))),
    ]
    compare(same)
    # JAX 0.10.2 reports these with an IndivisibleError (a ValueError)
    # about shardings, or fails to squeeze; jxp says what is wrong, as the
    # pmap before JAX 0.8 did.
    different = [
        ("more than the devices", lambda L: L.pmap(lambda a: a)(ones(L, 9))),
        ("inconsistent sizes", lambda L: L.pmap(lambda a, b: a + b)(
            ones(L, 4), ones(L, 3))),
    ]
    compare(different, base=ValueError)
    for case, msg in [
            (lambda: jxp.pmap(lambda a: a)(jxp.numpy.ones(9)),
             "compiling computation that requires 9 logical devices, but "
             "only 8 XLA devices are available (num_replicas=9)"),
            (lambda: jxp.pmap(lambda a, b: a + b)(jxp.numpy.ones(4),
                                                 jxp.numpy.ones((3, 2))),
             "pmap got inconsistent sizes for array axes to be mapped:\\n"
             "  * one axis had size 4: axis 0 of argument a of type "
             "float32[4];\\n  * one axis had size 3: axis 0 of argument b "
             "of type float32[3,2]"),
            (lambda: jxp.pmap(lambda a: a, in_axes=1)(jxp.numpy.ones(4)),
             "pmap was requested to map its argument along axis 1, which "
             "implies that its rank should be at least 2, but is only 1 (its "
             "shape is (4,))")]:
        try:
            case()
            raise AssertionError(f"no error: {msg}")
        except ValueError as e:
            assert str(e) == msg, (str(e), msg)
    """)


# The seed tutorial's pmap section (Chinese translation of "Learning JAX")
# has no code: it says pmap turns a function into one that runs in parallel
# on several accelerators, single-program multiple-data (data parallelism),
# with the other "p" functions, and leaves the details to a later post. This
# is that post's usual first program, in the tutorial's style (the MLP of
# its pytree section, its prints): a data-parallel training step with
# gradients averaged by pmean, and the p-functions it mentions. Run with
# `import jax` and with `import jxp as jax`, it must print the same.
_TUTORIAL = """
import numpy as np
{imports}
from functools import partial

jax.config.update("jax_num_cpu_devices", 8)
print(jax.device_count())

x = jnp.arange(8.)
print(jax.pmap(lambda x: x ** 2)(x))
print(jax.pmap(lambda x: x / jax.lax.psum(x, axis_name='i'), axis_name='i')(
    jnp.arange(4.)))

rng = np.random.default_rng(0)
dims = [16, 8, 4]
params = [
    {{'W': jnp.asarray(rng.normal(size=(o, i)), jnp.float32),
      'b': jnp.zeros((o,))}}
    for i, o in zip(dims[:-1], dims[1:])
]

def feed_forward(params, x):
    for p in params:
        x = jax.nn.tanh(p['W'] @ x + p['b'])
    return x

def loss_fn(params, x, y):
    pred = jax.vmap(feed_forward, in_axes=(None, 0))(params, x)
    return ((pred - y) ** 2).mean()

@partial(jax.pmap, axis_name='batch', in_axes=(None, 0, 0))
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, axis_name='batch')
    loss = jax.lax.pmean(loss, axis_name='batch')
    new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return new, loss

n = jax.local_device_count()
xs = jnp.asarray(rng.normal(size=(n, 4, dims[0])), jnp.float32)
ys = jnp.asarray(rng.normal(size=(n, 4, dims[-1])), jnp.float32)
for step in range(3):
    replicated, loss = train_step(params, xs, ys)
    params = jax.tree_util.tree_map(lambda p: p[0], replicated)
    print(step, np.round(np.asarray(loss), 5))
print(jax.tree_util.tree_structure(replicated))
print(jax.tree_util.tree_map(lambda l: str(l.shape), replicated))

@partial(jax.pmap, axis_name='i')
def p_functions(x):
    return (jax.lax.psum(x, 'i'), jax.lax.pmax(x, 'i'),
            jax.lax.all_gather(x, 'i'), jax.lax.axis_index('i'))

for out in p_functions(jnp.arange(4.)):
    print(repr(out))
"""


def test_tutorial_pmap_section_prints_like_jax():
    want = _run(_TUTORIAL.format(
        imports="import jax\nimport jax.numpy as jnp"))
    got = _run(_TUTORIAL.format(
        imports="import jxp as jax\nimport jxp.numpy as jnp"))
    assert got == want
