"""jxp.custom_jvp and jxp.custom_vjp against JAX: defjvp, defjvps, defvjp,
nondiff_argnums, symbolic zeros, rules under jit and grad in either order and
to higher order, parameter trees through jit (seed 002's patterns, without
scan), and JAX's errors.

Where JAX itself fails (array-valued nondiff_argnums of a custom_vjp under
jit, custom rules closing over values traced by an outer jit: JAX's
long-standing tracer leaks), jxp must give the value JAX computes eagerly.

Each function is built by a factory taking the library module `jx` (jax or
jxp), so the same code runs on both sides. Some rules compute their primal
output by calling the custom function itself (the pattern of JAX's
docstrings: `return f(x, y), ...` inside the rule or fwd), others compute it
directly, so that a failure of one style does not hide the other features.
"""

import functools
import zlib

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import make_agrees_with_jax
from jxp_test_util import assert_same, raises_like

RTOL, ATOL = 1e-5, 1e-6
TOL = dict(rtol=RTOL, atol=ATOL)
F32 = np.float32


def rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def normal(r, *shape):
    return r.standard_normal(shape).astype(F32)


def _is_symbolic_zero(jx, t):
    return isinstance(t, jx.custom_derivatives.SymbolicZero)


def arrays(jx, *xs):
    """The inputs as the library's arrays (JAX's eager custom_jvp returns
    NumPy inputs unchanged where the rule passes them through)."""
    return tuple(jx.numpy.asarray(x) for x in xs)


def jax_agrees(a, b):
    """Two JAX results agree (a sanity check of the expectation itself)."""
    for u, v in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b),
                    strict=True):
        np.testing.assert_allclose(np.asarray(u), np.asarray(v), rtol=RTOL,
                                   atol=ATOL)


def beyond_jax(check):
    """Runs `check`, a case where JAX itself fails with a tracer leak or "No
    constant handler for type DynamicJaxprTracer" (array-valued
    nondiff_argnums and closures over values traced by an outer jit); the
    issue requires jxp to pass it. Its expected value is JAX's eager one."""
    check()


def _raises_as_jax(make):
    """make(jx) -> thunk; the jxp thunk raises the class the JAX one does."""
    with pytest.raises(Exception) as want:
        make(jax)()
    raises_like(want.value, make(jxp))


# ---------------------------------------------------------------------------
# custom_jvp
# ---------------------------------------------------------------------------


def sin_times(jx):
    """f(x, y) = sin(x) * y with its JVP rule (the defjvp docstring's)."""
    jnp = jx.numpy

    @jx.custom_jvp
    def f(x, y):
        return jnp.sin(x) * y

    @f.defjvp
    def f_jvp(primals, tangents):
        x, y = primals
        x_dot, y_dot = tangents
        return f(x, y), jnp.cos(x) * x_dot * y + jnp.sin(x) * y_dot
    return f


def _xy(name, shape=()):
    r = rng(name)
    return normal(r, *shape), normal(r, *shape)


@pytest.mark.parametrize("shape", [(), (3,)])
def test_custom_jvp_defjvp(shape):
    x, y = _xy("defjvp", shape)
    f_rj, f_jx = sin_times(jax), sin_times(jxp)
    assert_same(f_jx(x, y), f_rj(x, y), **TOL)
    assert_same(jxp.jit(f_jx)(x, y), jax.jit(f_rj)(x, y), **TOL)
    t = (np.ones(shape, F32), np.full(shape, 0.5, F32))
    assert_same(jxp.jvp(f_jx, (x, y), t), jax.jvp(f_rj, (x, y), t), **TOL)

    def s(jx, f):
        return lambda x, y: jx.numpy.sum(f(x, y))
    for argnums in (0, 1, (0, 1)):
        want = jax.value_and_grad(s(jax, f_rj), argnums=argnums)(x, y)
        g = jxp.value_and_grad(s(jxp, f_jx), argnums=argnums)
        assert_same(g(x, y), want, **TOL)
        assert_same(jxp.jit(g)(x, y), want, **TOL)
        assert_same(jxp.value_and_grad(jxp.jit(s(jxp, f_jx)),
                                       argnums=argnums)(x, y), want, **TOL)
    ct = np.full(shape, 2.0, F32)
    out, f_vjp = jxp.vjp(f_jx, x, y)
    out_rj, f_vjp_rj = jax.vjp(f_rj, x, y)
    assert_same(out, out_rj, **TOL)
    assert_same(f_vjp(ct), f_vjp_rj(ct), **TOL)


def wrong_derivative(jx):
    """The identity, whose rule claims the derivative is 3: the rule, not
    the primal function, must decide every derivative."""
    @jx.custom_jvp
    def f(x):
        return x

    @f.defjvp
    def f_jvp(primals, tangents):
        return f(primals[0]), 3.0 * tangents[0]
    return f


def test_custom_jvp_rule_is_used_eagerly_and_under_jit():
    f_rj, f_jx = wrong_derivative(jax), wrong_derivative(jxp)
    x = np.float32(0.25)
    want = jax.grad(f_rj)(x)
    assert float(want) == 3.0
    for g in (jxp.grad(f_jx), jxp.jit(jxp.grad(f_jx)),
              jxp.grad(jxp.jit(f_jx)), jxp.jit(jxp.grad(jxp.jit(f_jx)))):
        assert_same(g(x), want)
    # The primal is still the function itself.
    assert_same(jxp.jit(f_jx)(x), jax.jit(f_rj)(x))
    assert_same(jxp.jvp(f_jx, arrays(jxp, x), arrays(jxp, np.float32(1))),
                jax.jvp(f_rj, arrays(jax, x), arrays(jax, np.float32(1))))
    # The rule composes with ordinary ops around it, and in reverse mode its
    # (linear) tangent map is transposed.
    v = np.arange(1.0, 4.0, dtype=F32)
    h_rj = lambda v: jax.numpy.sum(jax.numpy.sin(f_rj(v * 2.0)))  # noqa
    h_jx = lambda v: jxp.numpy.sum(jxp.numpy.sin(f_jx(v * 2.0)))  # noqa
    assert_same(jxp.grad(h_jx)(v), jax.grad(h_rj)(v), **TOL)
    assert_same(jxp.jit(jxp.grad(h_jx))(v), jax.grad(h_rj)(v), **TOL)
    # A second derivative of the rule (3 t is linear: 0).
    assert_same(jxp.grad(jxp.grad(f_jx))(x), jax.grad(jax.grad(f_rj))(x))
    assert_same(jxp.jacfwd(f_jx)(v), jax.jacfwd(f_rj)(v))
    assert_same(jxp.jacrev(f_jx)(v), jax.jacrev(f_rj)(v))


def log1pexp(jx):
    """JAX's documented example: the rule is stable where autodiff of the
    primal gives nan (at x = 100)."""
    jnp = jx.numpy

    @jx.custom_jvp
    def f(x):
        return jnp.log(1.0 + jnp.exp(x))

    @f.defjvp
    def f_jvp(primals, tangents):
        x, = primals
        x_dot, = tangents
        return f(x), (1.0 - 1.0 / (1.0 + jnp.exp(x))) * x_dot
    return f


@pytest.mark.parametrize("x", [3.0, 100.0])
def test_custom_jvp_log1pexp(x):
    f_rj, f_jx = log1pexp(jax), log1pexp(jxp)
    want = jax.grad(f_rj)(x)
    assert_same(jxp.grad(f_jx)(x), want, **TOL)
    assert_same(jxp.jit(jxp.grad(f_jx))(x), want, **TOL)
    assert_same(jxp.grad(jxp.jit(f_jx))(x), want, **TOL)
    assert not np.isnan(float(jxp.grad(f_jx)(x)))
    # Higher order differentiates the rule itself.
    want2 = jax.grad(jax.grad(f_rj))(x)
    assert_same(jxp.grad(jxp.grad(f_jx))(x), want2, rtol=2e-5, atol=2e-6)
    assert_same(jxp.jit(jxp.grad(jxp.grad(f_jx)))(x), want2, rtol=2e-5,
                atol=2e-6)
    want3 = jax.grad(jax.grad(jax.grad(f_rj)))(x)
    assert_same(jxp.grad(jxp.grad(jxp.grad(f_jx)))(x), want3, rtol=5e-5,
                atol=5e-6)


def product_defjvps(jx, second=True):
    """f(x, y) = x * y**2 with one tangent function per argument; None for
    the second means its derivative is zero."""
    @jx.custom_jvp
    def f(x, y):
        return x * y ** 2
    f.defjvps(lambda x_dot, ans, x, y: y ** 2 * x_dot,
              (lambda y_dot, ans, x, y: 2.0 * x * y * y_dot) if second
              else None)
    return f


@pytest.mark.parametrize("second", [True, False])
def test_custom_jvp_defjvps(second):
    f_rj, f_jx = product_defjvps(jax, second), product_defjvps(jxp, second)
    x, y = _xy("defjvps", (3,))

    def s(jx, f):
        return lambda x, y: jx.numpy.sum(f(x, y))
    want = jax.grad(s(jax, f_rj), argnums=(0, 1))(x, y)
    assert_same(jxp.grad(s(jxp, f_jx), argnums=(0, 1))(x, y), want, **TOL)
    assert_same(jxp.jit(jxp.grad(s(jxp, f_jx), argnums=(0, 1)))(x, y), want,
                **TOL)
    t = (np.ones(3, F32), np.ones(3, F32))
    assert_same(jxp.jvp(f_jx, arrays(jxp, x, y), arrays(jxp, *t)),
                jax.jvp(f_rj, arrays(jax, x, y), arrays(jax, *t)), **TOL)


def power_static(jx):
    """nondiff_argnums holding a Python int the rule reads."""
    @functools.partial(jx.custom_jvp, nondiff_argnums=(0,))
    def f(n, x):
        return x ** n

    @f.defjvp
    def f_jvp(n, primals, tangents):
        x, = primals
        x_dot, = tangents
        return f(n, x), n * x ** (n - 1) * x_dot
    return f


def test_custom_jvp_nondiff_argnums_static_int():
    f_rj, f_jx = power_static(jax), power_static(jxp)
    x = np.float32(1.3)
    for n in (2, 3):
        want = jax.grad(f_rj, argnums=1)(n, x)
        assert_same(jxp.grad(f_jx, argnums=1)(n, x), want, **TOL)
        g = jxp.jit(jxp.grad(f_jx, argnums=1), static_argnums=0)
        assert_same(g(n, x), want, **TOL)
        want2 = jax.grad(jax.grad(f_rj, argnums=1), argnums=1)(n, x)
        assert_same(jxp.grad(jxp.grad(f_jx, argnums=1), argnums=1)(n, x),
                    want2, **TOL)


def apply_fun(jx, symbolic_zeros=False, record=None):
    """Seed 002's pattern: f(fun, x, y) = fun(x) * y with the callable `fun`
    in nondiff_argnums; with symbolic_zeros the rule skips what is not
    differentiated."""
    jnp = jx.numpy
    SZ = jx.custom_derivatives.SymbolicZero

    @functools.partial(jx.custom_jvp, nondiff_argnums=(0,))
    def f(fun, x, y):
        return fun(x) * y

    def f_jvp(fun, primals, tangents):
        x, y = primals
        x_dot, y_dot = tangents
        if record is not None:
            record.append((isinstance(x_dot, SZ), isinstance(y_dot, SZ)))
        fx = fun(x)
        out = fx * y
        t_out = jnp.zeros_like(out)
        if not (symbolic_zeros and isinstance(x_dot, SZ)):
            t_out = t_out + jx.jvp(fun, (x,), (x_dot,))[1] * y
        if not (symbolic_zeros and isinstance(y_dot, SZ)):
            t_out = t_out + fx * y_dot
        return out, t_out
    f.defjvp(f_jvp, symbolic_zeros=symbolic_zeros)
    return f


def _module_fun(jx, W):
    """A callable holding arrays, like an Equinox module."""
    return lambda x: jx.numpy.tanh(W @ x)


def _seed002_inputs():
    r = rng("seed002")
    return normal(r, 2, 2), normal(r, 2), normal(r, 2)


@pytest.mark.parametrize("symbolic_zeros", [False, True])
def test_seed002_nondiff_callable_argnums(symbolic_zeros):
    W, x, y = _seed002_inputs()
    f_rj, f_jx = apply_fun(jax, symbolic_zeros), apply_fun(jxp, symbolic_zeros)
    fun_rj, fun_jx = _module_fun(jax, W), _module_fun(jxp, W)

    def loss(jx, f, fun):
        return lambda x, y: jx.numpy.sum(f(fun, x, y))
    l_rj, l_jx = loss(jax, f_rj, fun_rj), loss(jxp, f_jx, fun_jx)
    # Differentiating x alone: y's tangent is a symbolic zero.
    for argnums in (0, 1, (0, 1)):
        want = jax.grad(l_rj, argnums=argnums)(x, y)
        assert_same(jxp.grad(l_jx, argnums=argnums)(x, y), want, **TOL)
        assert_same(jxp.jit(jxp.grad(l_jx, argnums=argnums))(x, y), want,
                    **TOL)
        assert_same(jxp.grad(jxp.jit(l_jx), argnums=argnums)(x, y), want,
                    **TOL)
    # grad(functools.partial(f, fun)), as the seed writes it, on scalars.
    x0, y0 = x[0], np.float32(2.0)
    fs_rj = functools.partial(f_rj, lambda x: jax.numpy.tanh(3.0 * x))
    fs_jx = functools.partial(f_jx, lambda x: jxp.numpy.tanh(3.0 * x))
    for argnums in (0, 1, (0, 1)):
        assert_same(jxp.grad(fs_jx, argnums=argnums)(x0, y0),
                    jax.grad(fs_rj, argnums=argnums)(x0, y0), **TOL)


def test_seed002_module_arrays_traced_by_jit():
    # The callable in nondiff_argnums closes over W, an argument of the
    # enclosing jit: traced. JAX's grad(jit(...)) fails here (a tracer
    # reaches a constant); jxp gives JAX's eager value.
    W, x, y = _seed002_inputs()

    def loss(jx, f):
        def fn(W, x, y):
            return jx.numpy.sum(f(_module_fun(jx, W), x, y))
        return fn
    f_rj = apply_fun(jax, symbolic_zeros=True)
    want = jax.grad(loss(jax, f_rj), argnums=(1, 2))(W, x, y)
    jax_agrees(jax.jit(jax.grad(loss(jax, f_rj), argnums=(1, 2)))(W, x, y),
               want)
    f_jx = apply_fun(jxp, symbolic_zeros=True)
    l_jx = loss(jxp, f_jx)
    assert_same(jxp.grad(l_jx, argnums=(1, 2))(W, x, y), want, **TOL)
    assert_same(jxp.jit(jxp.grad(l_jx, argnums=(1, 2)))(W, x, y), want, **TOL)
    beyond_jax(lambda: assert_same(
        jxp.grad(jxp.jit(l_jx), argnums=(1, 2))(W, x, y), want, **TOL))
    beyond_jax(lambda: assert_same(
        jxp.jit(jxp.grad(jxp.jit(l_jx), argnums=1))(W, x, y), want[0],
        **TOL))
    # New module arrays give new results: nothing was baked in.
    W2 = W * 2.0 + 1.0
    want2 = jax.grad(loss(jax, f_rj), argnums=(1, 2))(W2, x, y)
    beyond_jax(lambda: assert_same(
        jxp.grad(jxp.jit(l_jx), argnums=(1, 2))(W2, x, y), want2, **TOL))
    assert_same(jxp.jit(jxp.grad(l_jx, argnums=(1, 2)))(W2, x, y), want2,
                **TOL)


def test_seed002_parameter_tree_through_jit():
    # Parameters as a pytree passed through jit: grad over the whole tree
    # (x and y together, as the seed recommends) and over the module.
    W, x, y = _seed002_inputs()

    def make(jx):
        f = apply_fun(jx, symbolic_zeros=True)

        def loss(params, data):
            fun = _module_fun(jx, params["module"]["W"])
            out = f(fun, params["xy"][0] * data, params["xy"][1])
            return jx.numpy.sum(out ** 2)
        return loss
    params = {"module": {"W": W}, "xy": (x, y)}
    data = np.float32(0.7)
    l_rj, l_jx = make(jax), make(jxp)
    want = jax.grad(lambda p: l_rj({"module": params["module"], "xy": p},
                                   data))(params["xy"])
    for g in (jxp.grad(lambda p: l_jx({"module": params["module"], "xy": p},
                                      data)),
              jxp.jit(jxp.grad(lambda p: l_jx(
                  {"module": params["module"], "xy": p}, data)))):
        got = g(params["xy"])
        assert isinstance(got, tuple) and len(got) == 2
        assert_same(got, want, **TOL)
    # A training step under jit: the whole tree is a jit argument (the
    # module's W traced, reaching the rule through the nondiff callable);
    # the gradient is over the differentiable part of the tree.

    @jxp.jit
    def step(params, data):
        def loss_xy(xy):
            return l_jx({"module": params["module"], "xy": xy}, data)
        value, grads = jxp.value_and_grad(loss_xy)(params["xy"])
        return value, grads

    def step_rj(params, data):
        def loss_xy(xy):
            return l_rj({"module": params["module"], "xy": xy}, data)
        return jax.value_and_grad(loss_xy)(params["xy"])
    assert_same(step(params, data), step_rj(params, data), **TOL)
    assert_same(step(params, np.float32(-1.5)),
                step_rj(params, np.float32(-1.5)), **TOL)


def _seed002_scan_loss(jx, record):
    """Seed 002 in full (issue 12, item 7): an Equinox-style module (a
    registered pytree class holding an array, with a method) passed as the
    nondiff callable of a custom_jvp whose rule takes symbolic zeros, called
    inside lax.scan; y is an array that is not differentiated."""
    @jx.tree_util.register_pytree_node_class
    class Module:
        def __init__(self, W, act):
            self.W, self.act = W, act

        def tree_flatten(self):
            return (self.W,), self.act

        @classmethod
        def tree_unflatten(cls, act, children):
            return cls(children[0], act)

        def __call__(self, x):
            return self.act(self.W @ x)

    f = apply_fun(jx, symbolic_zeros=True, record=record)

    def loss(W, xs, y):
        module = Module(W, jx.numpy.tanh)

        def step(c, x):
            return c + jx.numpy.sum(f(module, x * c, y)), c
        c, cs = jx.lax.scan(step, 1.0, xs)
        return c + cs.sum()
    return loss


def test_seed002_in_full():
    """jit(grad), grad and grad(jit) of the scan. JAX's own custom_jvp
    version leaks a tracer here (the seed's error, jax#20889: which call
    fails depends on what ran before in the process), so the expected
    values are JAX's for the same math without the custom rule."""
    W, x, y = _seed002_inputs()
    xs = np.stack([x, x * 0.5, -x])

    def plain(W, xs, y):
        def step(c, x):
            return c + jax.numpy.sum(jax.numpy.tanh(W @ (x * c)) * y), c
        c, cs = jax.lax.scan(step, 1.0, xs)
        return c + cs.sum()
    record = []
    l_jx = _seed002_scan_loss(jxp, record)
    for W_ in (W, W * 2.0 - 0.5):   # new module arrays, new results
        want = jax.jit(jax.grad(plain, argnums=1))(W_, xs, y)
        assert_same(jxp.jit(jxp.grad(l_jx, argnums=1))(W_, xs, y), want,
                    **TOL)
        assert_same(jxp.grad(l_jx, argnums=1)(W_, xs, y), want, **TOL)
        beyond_jax(lambda: assert_same(
            jxp.grad(jxp.jit(l_jx), argnums=1)(W_, xs, y), want, **TOL))
    # The rule saw x differentiated and y as a symbolic zero.
    assert set(record) == {(False, True)}


# --- symbolic zeros ----------------------------------------------------------


def _symbolic_zero_record(make_call, jx):
    """make_call(jx, f) runs a transformation of a fresh custom_jvp f(x, y)
    = sin(x) * y whose rule records, for each tangent, whether it is a
    symbolic zero. Returns (the result, the set of records).

    The rule scales its (linear) tangent by 1 + 0.25 * (number of symbolic
    zeros it was given): a deliberately variant-dependent derivative, so
    that the result's value shows which variant of the rule was *used*
    (a materialized zero tangent instead of a symbolic one gives a
    different gradient)."""
    record = []
    jnp = jx.numpy
    SZ = jx.custom_derivatives.SymbolicZero

    @jx.custom_jvp
    def f(x, y):
        return jnp.sin(x) * y

    def f_jvp(primals, tangents):
        x, y = primals
        x_dot, y_dot = tangents
        record.append((isinstance(x_dot, SZ), isinstance(y_dot, SZ)))
        for p, t in ((x, x_dot), (y, y_dot)):
            if isinstance(t, SZ):
                # A symbolic zero describes the tangent: shape and dtype.
                assert tuple(t.shape) == tuple(jnp.shape(p))
                assert np.dtype(t.dtype) == np.dtype(jnp.result_type(p))
        out = jnp.sin(x) * y
        t_out = jnp.zeros_like(out)
        if not isinstance(x_dot, SZ):
            t_out = t_out + jnp.cos(x) * x_dot * y
        if not isinstance(y_dot, SZ):
            t_out = t_out + jnp.sin(x) * y_dot
        n_zeros = isinstance(x_dot, SZ) + isinstance(y_dot, SZ)
        return out, t_out * (1.0 + 0.25 * n_zeros)
    f.defjvp(f_jvp, symbolic_zeros=True)
    out = make_call(jx, f)
    return out, set(record)


X0, Y0 = np.float32(0.5), np.float32(2.0)

SYMBOLIC_ZERO_CALLS = {
    "grad_x": lambda jx, f: jx.grad(f)(X0, Y0),
    "grad_y": lambda jx, f: jx.grad(f, argnums=1)(X0, Y0),
    "grad_both": lambda jx, f: jx.grad(f, argnums=(0, 1))(X0, Y0),
    "jit_grad_x": lambda jx, f: jx.jit(jx.grad(f))(X0, Y0),
    "grad_jit_x": lambda jx, f: jx.grad(jx.jit(f))(X0, Y0),
    "grad_jit_y": lambda jx, f: jx.grad(jx.jit(f), argnums=1)(X0, Y0),
    "closure_constant": lambda jx, f: jx.grad(lambda x: f(x, 2.0))(X0),
    "jvp_closure": lambda jx, f: jx.jvp(lambda x: f(x, Y0), (X0,),
                                        (np.float32(1),)),
    "jvp_both": lambda jx, f: jx.jvp(f, (X0, Y0),
                                     (np.float32(1), np.float32(0))),
    "vjp_both": lambda jx, f: jx.vjp(f, X0, Y0)[1](np.float32(1)),
    "linearize_x": lambda jx, f: jx.linearize(lambda x: f(x, Y0), X0)[1](
        np.float32(1)),
    "grad_grad_x": lambda jx, f: jx.grad(jx.grad(f))(X0, Y0),
    "hessian_x": lambda jx, f: jx.hessian(f)(X0, Y0),
    "same_input_twice": lambda jx, f: jx.grad(lambda x: f(x, x))(X0),
    "stop_gradient_y": lambda jx, f: jx.grad(
        lambda x: f(x, jx.lax.stop_gradient(x)))(X0),
}


@pytest.mark.parametrize("call", list(SYMBOLIC_ZERO_CALLS))
def test_custom_jvp_symbolic_zeros(call):
    make_call = SYMBOLIC_ZERO_CALLS[call]
    want, want_seen = _symbolic_zero_record(make_call, jax)
    got, got_seen = _symbolic_zero_record(make_call, jxp)
    # The values show that the variant used is JAX's: symbolic zeros exactly
    # for the tangents JAX gives as symbolic zeros (y's when only x is
    # differentiated, a closed-over constant's, a stop_gradient's); a
    # tangent passed explicitly (even a zero one) is not symbolic.
    assert_same(got, want, **TOL)
    # The rule saw (at least) the variants JAX gives it. (An implementation
    # may trace other variants as well, but see
    # test_symbolic_zeros_rule_handling_only_jaxs_variants.)
    assert want_seen <= got_seen, (got_seen, want_seen)


def test_symbolic_zero_expectations_are_jaxs():
    # Spell out part of what the differential test above compares.
    seen = {name: _symbolic_zero_record(make, jax)[1]
            for name, make in SYMBOLIC_ZERO_CALLS.items()}
    assert seen["grad_x"] == {(False, True)}
    assert seen["grad_y"] == {(True, False)}
    assert seen["grad_both"] == {(False, False)}
    assert seen["jvp_both"] == {(False, False)}
    assert seen["closure_constant"] == {(False, True)}
    assert seen["stop_gradient_y"] == {(False, True)}


def strict_rule(jx):
    """A symbolic_zeros rule that, like much user code, handles only the
    variants it is ever given: it assumes x is always differentiated and
    rejects a symbolic zero there. JAX never passes it one when x is
    differentiated, so it must work under grad w.r.t. x and (x, y)."""
    jnp = jx.numpy
    SZ = jx.custom_derivatives.SymbolicZero

    @jx.custom_jvp
    def f(x, y):
        return jnp.sin(x) * y

    def f_jvp(primals, tangents):
        x, y = primals
        x_dot, y_dot = tangents
        if isinstance(x_dot, SZ):
            raise ValueError("this rule needs x to be differentiated")
        t = jnp.cos(x) * x_dot * y
        if not isinstance(y_dot, SZ):
            t = t + jnp.sin(x) * y_dot
        return jnp.sin(x) * y, t
    f.defjvp(f_jvp, symbolic_zeros=True)
    return f


def test_symbolic_zeros_rule_handling_only_jaxs_variants():
    f_rj, f_jx = strict_rule(jax), strict_rule(jxp)
    for argnums in (0, (0, 1)):
        want = jax.grad(f_rj, argnums=argnums)(X0, Y0)
        assert_same(jxp.grad(f_jx, argnums=argnums)(X0, Y0), want, **TOL)
        assert_same(jxp.jit(jxp.grad(f_jx, argnums=argnums))(X0, Y0), want,
                    **TOL)
    # Differentiating y alone gives the rule a symbolic zero for x: the
    # rule's own error, as in JAX.
    _raises_as_jax(lambda jx: lambda: jx.grad(strict_rule(jx), argnums=1)(
        X0, Y0))


def zero_output_rule(jx):
    """A rule returning a symbolic zero as the output tangent."""
    SZ = jx.custom_derivatives.SymbolicZero

    @jx.custom_jvp
    def f(x):
        return x * 2.0

    def f_jvp(primals, tangents):
        out = primals[0] * 2.0
        return out, SZ.from_primal_value(out)
    f.defjvp(f_jvp, symbolic_zeros=True)
    return f


def test_custom_jvp_rule_returns_symbolic_zero():
    f_rj, f_jx = zero_output_rule(jax), zero_output_rule(jxp)
    x = np.float32(1.5)
    assert_same(jxp.grad(f_jx)(x), jax.grad(f_rj)(x))
    assert_same(jxp.jit(jxp.grad(f_jx))(x), jax.grad(f_rj)(x))
    assert_same(jxp.jvp(f_jx, arrays(jxp, x), arrays(jxp, x)),
                jax.jvp(f_rj, arrays(jax, x), arrays(jax, x)))
    v = np.arange(3.0, dtype=F32)
    assert_same(jxp.grad(lambda v: jxp.numpy.sum(f_jx(v) + v ** 2))(v),
                jax.grad(lambda v: jax.numpy.sum(f_rj(v) + v ** 2))(v))


# --- arrays in nondiff_argnums and in closures ------------------------------


def sin_scaled_jvp(jx):
    """custom_jvp with an array-valued nondiff argument w."""
    jnp = jx.numpy

    @functools.partial(jx.custom_jvp, nondiff_argnums=(1,))
    def f(x, w):
        return jnp.sin(x) * w

    @f.defjvp
    def f_jvp(w, primals, tangents):
        x, = primals
        x_dot, = tangents
        return jnp.sin(x) * w, jnp.cos(x) * w * x_dot
    return f


def sin_scaled_vjp(jx):
    """custom_vjp with an array-valued nondiff argument w."""
    jnp = jx.numpy

    @functools.partial(jx.custom_vjp, nondiff_argnums=(1,))
    def f(x, w):
        return jnp.sin(x) * w

    def fwd(x, w):
        return jnp.sin(x) * w, jnp.cos(x)

    def bwd(w, cos_x, g):
        return (jnp.sum(cos_x * w * g),)
    f.defvjp(fwd, bwd)
    return f


def _loss_of(jx, f):
    return lambda x, w: jx.numpy.sum(f(x, w))


_W_A = np.array([1.0, 2.0, -0.5], F32)
_W_B = np.array([0.3, -1.0, 4.0], F32)


@pytest.mark.parametrize("kind", ["jvp", "vjp"])
def test_array_nondiff_argnums_under_jit_and_grad(kind):
    make = sin_scaled_jvp if kind == "jvp" else sin_scaled_vjp
    l_rj, l_jx = _loss_of(jax, make(jax)), _loss_of(jxp, make(jxp))
    x = np.float32(0.5)
    for w in (_W_A, _W_B):
        # JAX's eager value: JAX's custom_vjp fails under jit with a traced
        # nondiff argument, its custom_jvp under grad(jit(f)).
        want = jax.grad(l_rj)(x, w)
        assert_same(jxp.grad(l_jx)(x, w), want, **TOL)
        beyond_jax(lambda: assert_same(jxp.jit(l_jx)(x, w),
                                       jax.jit(_loss_of(jax, sin_scaled_jvp(
                                           jax)))(x, w), **TOL))
        for g in (jxp.jit(jxp.grad(l_jx)), jxp.grad(jxp.jit(l_jx)),
                  jxp.jit(jxp.grad(jxp.jit(l_jx)))):
            beyond_jax(lambda: assert_same(g(x, w), want, **TOL))
    # The nondiff argument gets a zero gradient, as JAX's custom_jvp gives
    # (JAX's custom_vjp raises UnexpectedTracerError).
    want_w = jax.grad(_loss_of(jax, sin_scaled_jvp(jax)), argnums=1)(x, _W_A)
    np.testing.assert_array_equal(np.asarray(want_w), np.zeros(3, F32))
    beyond_jax(lambda: assert_same(jxp.grad(l_jx, argnums=1)(x, _W_A),
                                   want_w))
    beyond_jax(lambda: assert_same(
        jxp.jit(jxp.grad(l_jx, argnums=1))(x, _W_A), want_w))


def closure_rule(jx, kind, w):
    """A custom rule defined inside a function, closing over its array w."""
    jnp = jx.numpy
    if kind == "jvp":
        @jx.custom_jvp
        def h(x):
            return jnp.sin(x) * w

        @h.defjvp
        def h_jvp(primals, tangents):
            x, = primals
            return jnp.sin(x) * w, jnp.cos(x) * w * tangents[0]
    else:
        @jx.custom_vjp
        def h(x):
            return jnp.sin(x) * w

        def fwd(x):
            return jnp.sin(x) * w, jnp.cos(x)

        def bwd(cos_x, g):
            return (jnp.sum(cos_x * w * g),)
        h.defvjp(fwd, bwd)
    return h


@pytest.mark.parametrize("kind", ["jvp", "vjp"])
def test_closed_over_arrays_under_jit_and_grad(kind):
    def outer(jx):
        def fn(x, w):
            return jx.numpy.sum(closure_rule(jx, kind, w)(x))
        return fn
    x = np.float32(0.5)
    for w in (_W_A, _W_B):
        want = jax.grad(outer(jax))(x, w)
        jax_agrees(jax.jit(jax.grad(outer(jax)))(x, w), want)
        assert_same(jxp.grad(outer(jxp))(x, w), want, **TOL)
        assert_same(jxp.jit(jxp.grad(outer(jxp)))(x, w), want, **TOL)
        beyond_jax(lambda: assert_same(jxp.grad(jxp.jit(outer(jxp)))(x, w),
                                       want, **TOL))
    # A rule closing over a module-level array, under both.
    w = jxp.numpy.asarray(_W_B)
    h = closure_rule(jxp, kind, w)
    h_rj = closure_rule(jax, kind, jax.numpy.asarray(_W_B))
    s = lambda h, jx: lambda x: jx.numpy.sum(h(x))  # noqa: E731
    want = jax.grad(s(h_rj, jax))(x)
    assert_same(jxp.grad(s(h, jxp))(x), want, **TOL)
    assert_same(jxp.jit(jxp.grad(s(h, jxp)))(x), want, **TOL)
    assert_same(jxp.grad(jxp.jit(s(h, jxp)))(x), want, **TOL)


# ---------------------------------------------------------------------------
# custom_vjp
# ---------------------------------------------------------------------------


def sin_times_vjp(jx):
    jnp = jx.numpy

    @jx.custom_vjp
    def f(x, y):
        return jnp.sin(x) * y

    def f_fwd(x, y):
        return f(x, y), (jnp.cos(x), jnp.sin(x), y)

    def f_bwd(res, g):
        cos_x, sin_x, y = res
        return (cos_x * g * y, sin_x * g)
    f.defvjp(f_fwd, f_bwd)
    return f


@pytest.mark.parametrize("shape", [(), (3,)])
def test_custom_vjp_defvjp(shape):
    x, y = _xy("defvjp", shape)
    f_rj, f_jx = sin_times_vjp(jax), sin_times_vjp(jxp)
    assert_same(f_jx(x, y), f_rj(x, y), **TOL)
    assert_same(jxp.jit(f_jx)(x, y), jax.jit(f_rj)(x, y), **TOL)

    def s(jx, f):
        return lambda x, y: jx.numpy.sum(f(x, y))
    for argnums in (0, 1, (0, 1)):
        want = jax.value_and_grad(s(jax, f_rj), argnums=argnums)(x, y)
        g = jxp.value_and_grad(s(jxp, f_jx), argnums=argnums)
        assert_same(g(x, y), want, **TOL)
        assert_same(jxp.jit(g)(x, y), want, **TOL)
        assert_same(jxp.value_and_grad(jxp.jit(s(jxp, f_jx)),
                                       argnums=argnums)(x, y), want, **TOL)
    ct = np.full(shape, 2.0, F32)
    out, f_vjp = jxp.vjp(f_jx, x, y)
    out_rj, f_vjp_rj = jax.vjp(f_rj, x, y)
    assert_same(out, out_rj, **TOL)
    assert_same(f_vjp(ct), f_vjp_rj(ct), **TOL)
    assert_same(jxp.jacrev(f_jx, argnums=(0, 1))(x, y),
                jax.jacrev(f_rj, argnums=(0, 1))(x, y), **TOL)


def clip_gradient(jx):
    """JAX's documented example: clip the cotangent, lo and hi static."""
    @functools.partial(jx.custom_vjp, nondiff_argnums=(0, 1))
    def f(lo, hi, x):
        return x

    def fwd(lo, hi, x):
        return x, None

    def bwd(lo, hi, _, g):
        return (jx.lax.clamp(lo, g, hi),)
    f.defvjp(fwd, bwd)
    return f


def test_custom_vjp_rule_is_used_clip_gradient():
    c_rj, c_jx = clip_gradient(jax), clip_gradient(jxp)
    v = np.arange(-2.0, 3.0, dtype=F32)
    w = np.array([3.0, -0.2, 0.1, -5.0, 0.4], F32)

    def loss(jx, c):
        return lambda v: jx.numpy.sum(c(-0.5, 0.5, jx.numpy.sin(v)) * w)
    want = jax.grad(loss(jax, c_rj))(v)
    for g in (jxp.grad(loss(jxp, c_jx)), jxp.jit(jxp.grad(loss(jxp, c_jx))),
              jxp.grad(jxp.jit(loss(jxp, c_jx)))):
        assert_same(g(v), want, **TOL)
    # Clipped: |grad| <= 0.5 * |cos v|.
    assert np.all(np.abs(np.asarray(want)) <= 0.5 * np.abs(np.cos(v)) + 1e-6)
    assert_same(jxp.jit(c_jx, static_argnums=(0, 1))(-0.5, 0.5, v),
                jax.jit(c_rj, static_argnums=(0, 1))(-0.5, 0.5, v))


def apply_fun_vjp(jx):
    """custom_vjp with a callable in nondiff_argnums (bwd gets it first)."""
    @functools.partial(jx.custom_vjp, nondiff_argnums=(0,))
    def f(fun, x):
        return fun(x)

    def fwd(fun, x):
        return fun(x), x

    def bwd(fun, x, g):
        _, f_vjp = jx.vjp(fun, x)
        return f_vjp(2.0 * g)  # twice the true gradient: the rule is used
    f.defvjp(fwd, bwd)
    return f


def test_custom_vjp_nondiff_callable():
    f_rj, f_jx = apply_fun_vjp(jax), apply_fun_vjp(jxp)
    r = rng("vjp_callable")
    W, x = normal(r, 3, 3), normal(r, 3)

    def loss(jx, f, W):
        return lambda x: jx.numpy.sum(f(_module_fun(jx, W), x) ** 2)
    want = jax.grad(loss(jax, f_rj, W))(x)
    assert_same(jxp.grad(loss(jxp, f_jx, W))(x), want, **TOL)
    assert_same(jxp.jit(jxp.grad(loss(jxp, f_jx, W)))(x), want, **TOL)
    assert_same(jxp.grad(jxp.jit(loss(jxp, f_jx, W)))(x), want, **TOL)
    # W traced by an enclosing jit, seen through the callable.

    def traced(jx, f):
        return jx.jit(lambda W, x: jx.grad(loss(jx, f, W))(x))
    assert_same(traced(jxp, f_jx)(W, x), want, **TOL)


def dict_vjp(jx):
    """custom_vjp over pytrees: a dict of parameters in, a dict out."""
    jnp = jx.numpy

    @jx.custom_vjp
    def f(p, x):
        h = jnp.tanh(p["W"] @ x + p["b"])
        return {"h": h, "sq": jnp.sum(h ** 2)}

    def fwd(p, x):
        out = f(p, x)
        return out, (p, x, out["h"])

    def bwd(res, g):
        p, x, h = res
        gh = g["h"] + 2.0 * g["sq"] * h
        gz = gh * (1.0 - h ** 2)
        return ({"W": jnp.outer(gz, x), "b": gz}, p["W"].T @ gz)
    f.defvjp(fwd, bwd)
    return f


def test_custom_vjp_pytrees_and_params_through_jit():
    r = rng("dict_vjp")
    p = {"W": normal(r, 3, 2), "b": normal(r, 3)}
    x = normal(r, 2)
    f_rj, f_jx = dict_vjp(jax), dict_vjp(jxp)

    def loss(jx, f):
        return lambda p, x: f(p, x)["sq"] + jx.numpy.sum(f(p, x)["h"])
    want = jax.grad(loss(jax, f_rj), argnums=(0, 1))(p, x)
    # The rule agrees with plain autodiff of the same function.
    plain = jax.grad(lambda p, x: jax.numpy.sum(jax.numpy.tanh(
        p["W"] @ x + p["b"]) ** 2) + jax.numpy.sum(jax.numpy.tanh(
            p["W"] @ x + p["b"])), argnums=(0, 1))(p, x)
    jax_agrees(want, plain)
    for g in (jxp.grad(loss(jxp, f_jx), argnums=(0, 1)),
              jxp.jit(jxp.grad(loss(jxp, f_jx), argnums=(0, 1))),
              jxp.grad(jxp.jit(loss(jxp, f_jx)), argnums=(0, 1))):
        got = g(p, x)
        assert_same(got, want, **TOL)
        assert isinstance(got[0], dict) and sorted(got[0]) == ["W", "b"]
    out, f_vjp = jxp.vjp(f_jx, p, x)
    out_rj, f_vjp_rj = jax.vjp(f_rj, p, x)
    ct = {"h": normal(r, 3), "sq": np.float32(0.5)}
    assert_same(out, out_rj, **TOL)
    assert_same(f_vjp(ct), f_vjp_rj(ct), **TOL)


def none_cotangent_vjp(jx):
    @jx.custom_vjp
    def f(x, y):
        return x * y

    def fwd(x, y):
        return f(x, y), y

    def bwd(y, g):
        return (g * y, None)  # None: a zero cotangent for y
    f.defvjp(fwd, bwd)
    return f


def test_custom_vjp_bwd_none_is_zero():
    f_rj, f_jx = none_cotangent_vjp(jax), none_cotangent_vjp(jxp)
    x, y = np.float32(1.5), np.float32(3.0)
    want = jax.grad(f_rj, argnums=(0, 1))(x, y)
    assert_same(jxp.grad(f_jx, argnums=(0, 1))(x, y), want)
    assert_same(jxp.jit(jxp.grad(f_jx, argnums=(0, 1)))(x, y), want)
    v = np.arange(3.0, dtype=F32)
    want = jax.grad(lambda v: jax.numpy.sum(f_rj(v, v)))(v)
    assert_same(jxp.grad(lambda v: jxp.numpy.sum(f_jx(v, v)))(v), want)


def sin_vjp(jx):
    jnp = jx.numpy

    @jx.custom_vjp
    def f(x):
        return jnp.sin(x)

    def fwd(x):
        return jnp.sin(x), jnp.cos(x)

    def bwd(cos_x, g):
        return (cos_x * g,)
    f.defvjp(fwd, bwd)
    return f


def test_custom_vjp_reverse_over_reverse():
    # The bwd rule is itself differentiated: grad(grad(f)).
    f_rj, f_jx = sin_vjp(jax), sin_vjp(jxp)
    x = np.float32(0.8)
    want = jax.grad(jax.grad(f_rj))(x)
    assert_same(jxp.grad(jxp.grad(f_jx))(x), want, **TOL)
    assert_same(jxp.jit(jxp.grad(jxp.grad(f_jx)))(x), want, **TOL)
    assert_same(jxp.jacrev(jxp.jacrev(f_jx))(x),
                jax.jacrev(jax.jacrev(f_rj))(x), **TOL)
    # Forward over reverse differentiates fwd and bwd as ordinary code
    # (only forward mode applied to the custom_vjp function itself is an
    # error: test_custom_vjp_under_forward_mode_raises_type_error).
    assert_same(jxp.hessian(f_jx)(x), jax.hessian(f_rj)(x), **TOL)
    assert_same(jxp.jacfwd(jxp.grad(f_jx))(x), jax.jacfwd(jax.grad(f_rj))(x),
                **TOL)


def test_custom_vjp_mixed_with_custom_jvp_and_plain_ops():
    def loss(jx):
        f, g, h = sin_times(jx), sin_times_vjp(jx), log1pexp(jx)

        def fn(x, y):
            a = f(x, y) + g(y, x)
            return jx.numpy.sum(h(a) * jx.numpy.exp(-x))
        return fn
    x, y = _xy("mixed", (4,))
    want = jax.grad(loss(jax), argnums=(0, 1))(x, y)
    assert_same(jxp.grad(loss(jxp), argnums=(0, 1))(x, y), want, **TOL)
    assert_same(jxp.jit(jxp.grad(loss(jxp), argnums=(0, 1)))(x, y), want,
                **TOL)
    assert_same(jxp.grad(jxp.jit(loss(jxp)), argnums=(0, 1))(x, y), want,
                **TOL)


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


def test_custom_vjp_under_forward_mode_raises_type_error():
    x = np.float32(0.5)
    _raises_as_jax(lambda jx: lambda: jx.jvp(sin_vjp(jx), (x,), (x,)))
    _raises_as_jax(lambda jx: lambda: jx.jacfwd(sin_vjp(jx))(x))


def test_custom_jvp_rule_with_wrong_tangent_raises_type_error():
    def bad_shape(jx):
        @jx.custom_jvp
        def h(x):
            return x * 2

        h.defjvp(lambda p, t: (p[0] * 2, jx.numpy.ones(3)))
        return h
    x = np.float32(0.5)
    _raises_as_jax(lambda jx: lambda: jx.grad(bad_shape(jx))(x))
    _raises_as_jax(lambda jx: lambda: jx.jvp(bad_shape(jx), (x,), (x,)))

    def bad_dtype(jx):
        @jx.custom_jvp
        def h(x):
            return x * 2

        h.defjvp(lambda p, t: (p[0] * 2, t[0].astype(jx.numpy.float16)))
        return h
    _raises_as_jax(lambda jx: lambda: jx.grad(bad_dtype(jx))(x))


def test_custom_vjp_bwd_with_wrong_structure_raises():
    x, y = np.float32(0.5), np.float32(2.0)

    def too_few(jx):
        @jx.custom_vjp
        def k(x, y):
            return x * y
        k.defvjp(lambda x, y: (x * y, (x, y)), lambda r, g: (g * r[1],))
        return k
    _raises_as_jax(lambda jx: lambda: jx.grad(too_few(jx))(x, y))

    def not_tuple(jx):
        @jx.custom_vjp
        def k(x):
            return x * 2
        k.defvjp(lambda x: (x * 2, None), lambda r, g: g * 2)
        return k
    _raises_as_jax(lambda jx: lambda: jx.grad(not_tuple(jx))(x))

    def wrong_shape(jx):
        @jx.custom_vjp
        def k(x):
            return x * 2
        k.defvjp(lambda x: (x * 2, None), lambda r, g: (jx.numpy.ones(3),))
        return k
    _raises_as_jax(lambda jx: lambda: jx.grad(wrong_shape(jx))(x))


def test_custom_functions_without_rules_raise():
    x = np.float32(0.5)
    _raises_as_jax(lambda jx: lambda: jx.custom_jvp(lambda x: x)(x))
    _raises_as_jax(lambda jx: lambda: jx.custom_vjp(lambda x: x)(x))


# ---------------------------------------------------------------------------
# Custom rules used several times, nested and to higher order; pytree
# residuals and outputs, integer inputs and outputs, keyword arguments.
# Each check is written once as make(jx, np_), built with jax and jax.numpy
# (run under jax.jit, or eagerly on JAX arrays) and with jxp and jxp.numpy
# (run eagerly on the NumPy inputs)
# ---------------------------------------------------------------------------

TOL2 = dict(rtol=2e-5, atol=2e-6)  # second derivatives


_R_NODE = np.random.default_rng(0)


@pytest.fixture(autouse=True)
def _reseed_per_test(request):
    global _R_NODE
    _R_NODE = rng(request.node.nodeid)


def randn(*shape):
    return _R_NODE.standard_normal(shape).astype(F32)


def check(make, *args, jit=True, also_jit=False, **tol):
    make_agrees_with_jax(make, *args, jit=jit, also_jit=also_jit,
                         **(tol or TOL))


def _double_cos_jvp(jx, np_):
    """sin with a rule claiming twice its derivative (the rule decides)."""
    @jx.custom_jvp
    def f(x):
        return np_.sin(x)

    @f.defjvp
    def f_jvp(primals, tangents):
        x, = primals
        return f(x), 2.0 * np_.cos(x) * tangents[0]
    return f


def _sin_times_jvp(jx, np_):
    @jx.custom_jvp
    def f(x, y):
        return np_.sin(x) * y

    @f.defjvp
    def f_jvp(primals, tangents):
        x, y = primals
        tx, ty = tangents
        sg = jx.lax.stop_gradient  # of primals only: transposable
        return f(x, y), np_.cos(sg(x)) * y * tx + np_.sin(x) * ty
    return f


@pytest.mark.parametrize("order", [1, 2])
def test_custom_jvp_used_twice_and_nested(order):
    def make(body):
        def mk(jx, np_):
            f = _double_cos_jvp(jx, np_)
            g = jx.grad(body(f))
            return jx.grad(g) if order == 2 else g
        return mk
    x = np.float32(0.7)
    check(make(lambda f: lambda x: f(x) * f(x * x)), x, also_jit=True)
    check(make(lambda f: lambda x: f(f(x))), x)


def test_custom_jvp_with_stop_gradient_in_its_rule():
    x, y = randn(3), randn(3)

    def loss(jx, np_):
        return lambda x, y: np_.sum(_sin_times_jvp(jx, np_)(x, y))
    check(lambda jx, np_: jx.grad(loss(jx, np_), argnums=(0, 1)), x, y,
          also_jit=True)
    check(lambda jx, np_: jx.hessian(lambda x: np_.sum(
        _sin_times_jvp(jx, np_)(x, x * x))), x, **TOL2)


def _custom_jvp_inner_grad_closure(jx, np_):
    f = _sin_times_jvp(jx, np_)
    x = np.linspace(-1, 1, 3).astype(F32)

    def outer(w):
        def inner(x):
            return np_.sum(f(x, w) + f(w, x))
        return np_.sum(jx.grad(inner)(x) * w)
    return jx.grad(outer)


def test_custom_jvp_twice_in_inner_grad_closing_over_outer_tracer():
    check(_custom_jvp_inner_grad_closure, randn(3), also_jit=True, **TOL2)


def test_custom_jvp_inside_jit_called_several_times_inside_grad():
    def make(jx, np_):
        f = _sin_times_jvp(jx, np_)

        def sin_times_in_jit(x, y):
            return f(x, y)
        sin_times_jit = jx.jit(sin_times_in_jit)
        return jx.grad(lambda x, y: np_.sum(
            sin_times_jit(x, y) * sin_times_jit(y, x)
            + sin_times_jit(x, x)), argnums=(0, 1))
    x, y = randn(3), randn(3)
    check(make, x, y)
    check(lambda jx, np_: jx.grad(lambda x: np_.sum(make(jx, np_)(x, y)[0])),
          x, **TOL2)


def _tanh_vjp(jx, np_):
    @jx.custom_vjp
    def f(x):
        return np_.tanh(x)

    def fwd(x):
        y = np_.tanh(x)
        return y, (jx.lax.stop_gradient(y), x)

    def bwd(res, g):
        yy, xx = res
        return (g * (1 - yy ** 2) + 0.1 * xx * g,)
    f.defvjp(fwd, bwd)
    return f


def test_custom_vjp_twice_in_inner_grad_closing_over_outer_tracer():
    x = np.linspace(-1, 1, 3).astype(F32)

    def make(jx, np_):
        f = _tanh_vjp(jx, np_)

        def outer(w):
            return np_.sum(jx.grad(lambda x: np_.sum(f(x * w) * f(w)))(x) * w)
        return jx.grad(outer)
    check(make, randn(3), also_jit=True, **TOL2)
    # First order, and a stop_gradient of the whole input.
    check(lambda jx, np_: jx.grad(lambda x: np_.sum(_tanh_vjp(jx, np_)(x))),
          x)
    check(lambda jx, np_: jx.grad(lambda x: np_.sum(_tanh_vjp(jx, np_)(
        jx.lax.stop_gradient(x)) + x)), x)


def _pytree_vjp(jx, np_):
    """custom_vjp: (array, dict) -> dict holding a tuple; dict residuals."""
    @jx.custom_vjp
    def f(x, d):
        return {"a": np_.sin(x) * d["s"], "b": (x * 2.0, np_.cos(d["v"]))}

    def fwd(x, d):
        return f(x, d), {"c": np_.cos(x), "pair": (d["s"], np_.sin(x)),
                         "v": d["v"]}

    def bwd(res, g):
        ga = g["a"]
        gb0, gb1 = g["b"]
        gx = res["c"] * res["pair"][0] * ga + 2.0 * gb0
        gs = np_.sum(res["pair"][1] * ga)
        gv = -np_.sin(res["v"]) * gb1
        return gx, {"s": gs, "v": gv}
    f.defvjp(fwd, bwd)
    return f


def _pytree_vjp_loss(jx, np_):
    f = _pytree_vjp(jx, np_)

    def loss(x, d):
        o = f(x, d)
        return (np_.sum(o["a"] ** 2) + np_.sum(o["b"][0] * o["a"])
                + np_.sum(o["b"][1]))
    return loss


def test_custom_vjp_pytree_residuals_and_outputs():
    x = randn(3)
    d = {"s": np.float32(1.5), "v": randn(2)}
    check(lambda jx, np_: jx.grad(_pytree_vjp_loss(jx, np_), argnums=(0, 1)),
          x, d, also_jit=True)
    check(lambda jx, np_: jx.grad(jx.jit(_pytree_vjp_loss(jx, np_)),
                                  argnums=(0, 1)), x, d)

    def vjp_of(jx, np_):
        def run(x, d, ct):
            out, f_vjp = jx.vjp(_pytree_vjp(jx, np_), x, d)
            return out, f_vjp(ct)
        return run
    ct = {"a": randn(3), "b": (randn(3), randn(2))}
    check(vjp_of, x, d, ct)
    check(lambda jx, np_: jx.jacrev(lambda x: _pytree_vjp(jx, np_)(x, d)), x)


def test_custom_vjp_integer_inputs_outputs_and_nondiff_pytrees():
    def int_vjp(jx, np_):
        @jx.custom_vjp
        def f(x, n):
            return x * n, n + 1

        def fwd(x, n):
            return f(x, n), n

        def bwd(n, g):
            return (g[0] * n, None)
        f.defvjp(fwd, bwd)
        return jx.grad(lambda x, n: np_.sum(f(x, n)[0]))
    check(int_vjp, randn(3), np.int32(3), also_jit=True)

    def nondiff(jx, np_):
        @functools.partial(jx.custom_vjp, nondiff_argnums=(0, 2))
        def f(scale, d, k):
            return d["a"] * scale + d["b"] ** k

        def fwd(scale, d, k):
            return f(scale, d, k), d

        def bwd(scale, k, d, g):
            return ({"a": g * scale, "b": g * k * d["b"] ** (k - 1)},)
        f.defvjp(fwd, bwd)
        return jx.grad(lambda d: np_.sum(f(2.0, d, 3)))
    check(nondiff, {"a": randn(3), "b": randn(3)}, also_jit=True)


def test_custom_jvp_pytree_output_with_an_integer_leaf():
    def make(jx, np_):
        @jx.custom_jvp
        def f(d):
            return {"v": np_.sin(d["a"]) * d["b"], "i": np_.argmax(d["a"]),
                    "s": np_.sum(d["b"])}

        @f.defjvp
        def f_jvp(primals, tangents):
            d, = primals
            td, = tangents
            zero_int = (np.zeros((), jax.dtypes.float0) if jx is jax
                        else np_.zeros((), np_.int32))
            return f(d), {"v": np_.cos(d["a"]) * td["a"] * d["b"]
                          + np_.sin(d["a"]) * td["b"], "i": zero_int,
                          "s": np_.sum(td["b"])}
        return jx.grad(lambda d: np_.sum(f(d)["v"]) + f(d)["s"] ** 2)
    check(make, {"a": randn(3), "b": randn(3)})


def test_custom_jvp_called_with_a_keyword_argument():
    def make(jx, np_):
        @jx.custom_jvp
        def f(x, y=2.0):
            return x * y
        f.defjvp(lambda p, t: (p[0] * p[1], t[0] * p[1] * 3.0 + p[0] * t[1]))
        return jx.grad(lambda x, y: f(x, y=y), argnums=(0, 1))
    check(make, np.float32(1.5), np.float32(2.0))


def _two_arg_jvp(jx, np_):
    @jx.custom_jvp
    def f(x, y):
        return np_.sin(x) * y
    f.defjvp(lambda p, t: (np_.sin(p[0]) * p[1],
                           np_.cos(p[0]) * t[0] * p[1] * 2
                           + np_.sin(p[0]) * t[1] * 3))
    return f


def test_custom_jvp_under_every_transform():
    x, y, tx = randn(3), randn(3), randn(3)
    check(lambda jx, np_: lambda x, y, a, b: jx.jvp(
        _two_arg_jvp(jx, np_), (x, y), (a, b)), x, y, tx, randn(3),
        jit=False)
    for name in ("jacfwd", "jacrev"):
        check(lambda jx, np_: getattr(jx, name)(_two_arg_jvp(jx, np_),
                                                argnums=(0, 1)), x, y)
    check(lambda jx, np_: lambda x, y, t: jx.linearize(
        lambda a: _two_arg_jvp(jx, np_)(a, y), x)[1](t), x, y, tx, jit=False)
    check(lambda jx, np_: lambda x, y, c: jx.linear_transpose(jx.linearize(
        lambda a: _two_arg_jvp(jx, np_)(a, y), x)[1], x)(c), x, y, tx,
        jit=False)


# ---------------------------------------------------------------------------
# A custom_jvp closing over an array, called with a strong float32 scalar,
# ends its trace; each of f and its rules runs once per trace
# ---------------------------------------------------------------------------

def _both():
    return [(jax, rjnp), (jxp, jnp)]


def _closure_custom_jvp(lib, np_):
    P = np_.array(1.0)

    @lib.custom_jvp
    def g(x, y):
        return P * np_.sin(x) * y

    @g.defjvp
    def g_jvp(primals, tangents):
        (x, y), (xd, yd) = primals, tangents
        return g(x, y), P * (np_.cos(x) * xd * y + np_.sin(x) * yd)
    return g


@pytest.mark.parametrize("y", ["float32", "array", "python"])
def test_custom_jvp_closure_terminates(y):
    outs = []
    for lib, np_ in _both():
        g = _closure_custom_jvp(lib, np_)
        yv = {"float32": np_.float32(0.5), "array": np_.array(0.5),
              "python": 0.5}[y]
        x = np_.array(0.5)
        outs.append([g(x, yv), lib.jit(g)(x, yv),
                     lib.grad(g, argnums=(0, 1))(x, yv),
                     lib.jit(lib.grad(g))(x, yv)])
    for want, got in zip(*outs):
        for w, g_ in zip(jax.tree_util.tree_leaves(want),
                         jax.tree_util.tree_leaves(got)):
            np.testing.assert_allclose(np.asarray(g_), np.asarray(w),
                                       rtol=1e-6)
            assert np.asarray(g_).dtype == np.asarray(w).dtype


@pytest.mark.parametrize("kind", ["custom_jvp", "custom_vjp"])
def test_custom_rule_functions_traced_once(kind):
    """Each of f and its rules runs once per trace (no re-trace to agree
    on closed-over values), as in JAX."""
    A, B = jnp.array(2.0), jnp.array(3.0)
    calls = {"f": 0, "rule": 0}
    if kind == "custom_jvp":
        @jxp.custom_jvp
        def f(x):
            calls["f"] += 1
            return A * x

        @f.defjvp
        def f_jvp(primals, tangents):
            calls["rule"] += 1
            return f(primals[0]), B * tangents[0]  # closes over B only
    else:
        @jxp.custom_vjp
        def f(x):
            calls["f"] += 1
            return A * x

        def fwd(x):
            calls["rule"] += 1
            return f(x), None

        def bwd(_, g):
            return (B * g,)
        f.defvjp(fwd, bwd)
    assert float(jxp.grad(f)(1.0)) == 3.0
    # custom_jvp: f traced once as the primal, once inside the rule (JAX
    # calls it there too); custom_vjp: f and fwd (which calls f) once each.
    assert calls == {"f": 2, "rule": 1}


def test_calling_without_a_rule_raises_like_jax():
    """A custom_jvp without defjvp, or a custom_vjp without defvjp, is an
    AttributeError naming the function and the missing def, as in JAX."""
    def double(x):
        return x * 2
    for make in ("custom_jvp", "custom_vjp"):
        for lib in (jax, jxp):
            with pytest.raises(AttributeError) as e:
                getattr(lib, make)(double)(1.0)
            if lib is jax:
                want = str(e.value)
            else:
                assert str(e.value) == want
                assert "double" in want and f"def{make[-3:]}" in want
