"""Differential checks of jxp's autodiff against JAX beyond
test_autodiff.py and test_custom_derivatives.py: compositions of transforms
(nested jit functions called several times, closures over the tracers of an
outer grad, transforms inside grad), custom rules used several times and
to higher order, pytree arguments / outputs / aux, linearize and
linear_transpose edge cases, indexing with negative and out-of-bounds
indices, every .at[] update, sort ties, triangular_solve with each flag
both ways, reductions with where=, reverse cumulative ops, float16, bfloat16,
float64 and complex (holomorphic) inputs, JAX's error classes, and the
caching of eager differentiated calls.

Each check is written once as `make(jx, np_)` -> a function, built with
jx = jax, np_ = jax.numpy (run under jax.jit, or eagerly on JAX arrays) and
with jx = jxp, np_ = jxp.numpy (run eagerly, on the NumPy inputs).

Functions traced by jxp's autodiff and the jit functions they call are
given different names here (a jit function named like the function being
differentiated can collide with it in the module's symbol table).
"""

import collections
import functools
import itertools
import zlib

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

from jxp_test_util import x64_set_to
import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same, assert_same_structure, raises_like

F32 = np.float32
BF16 = ml_dtypes.bfloat16
TOL = dict(rtol=1e-5, atol=1e-6)
TOL2 = dict(rtol=2e-5, atol=2e-6)  # second derivatives


def rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


_R = np.random.default_rng(0)


@pytest.fixture(autouse=True)
def _reseed(request):
    global _R
    _R = rng(request.node.nodeid)


def normal(*shape):
    return _R.standard_normal(shape).astype(F32)


def I(*v):  # noqa: E743 - an index array
    return np.array(v, np.int32)


def _as_jax(args):
    return jax.tree_util.tree_map(
        lambda a: rjnp.asarray(a) if isinstance(a, (np.ndarray, np.generic))
        else a, args)


def check(make, *args, jit=True, also_jit=False, **tol):
    """make(jx, np_)(*args) under jxp equals it under JAX (under jax.jit, or
    eagerly on JAX arrays with jit=False): values, dtypes, weak types and
    structure; or both raise errors of the same class."""
    tol = tol or TOL
    try:
        if jit:
            want = jax.jit(make(jax, rjnp))(*args)
        else:
            want = make(jax, rjnp)(*_as_jax(args))
    except Exception as e:  # noqa: BLE001 - compared with jxp's
        raises_like(e, lambda: make(jxp, jnp)(*args))
        return
    assert_same(make(jxp, jnp)(*args), want, **tol)
    if also_jit:
        assert_same(jxp.jit(make(jxp, jnp))(*args), want, **tol)


def _grad_of(fn, argnums=0):
    """grad of sum(sin(fn(...)) * 1.3): a scalar loss of any output."""
    return lambda jx, np_: jx.grad(
        lambda *a: np_.sum(np_.sin(fn(jx, np_, *a)) * 1.3), argnums=argnums)


# ---------------------------------------------------------------------------
# Compositions: nested jit, closures over the tracers of an outer grad
# ---------------------------------------------------------------------------


def _grad_jit_grad_closure(jx, np_):
    def outer(x):
        def inner(y):
            return np_.sum(np_.sin(x * y) * y)
        def inner_grad_jit(y):
            return jx.grad(inner)(y)
        g = jx.jit(inner_grad_jit)
        return np_.sum(g(x * 2.0) * x + g(x) ** 2)
    return jx.grad(outer)


def test_grad_of_jit_of_grad_closing_over_the_outer_tracer():
    x = normal(3)
    check(_grad_jit_grad_closure, x, also_jit=True, **TOL2)


def _nested_jits(jx, np_):
    @functools.partial(jx.jit, static_argnums=(1,))
    def power_jit(a, n):
        return a ** n

    @jx.jit
    def scaled_sin_jit(a, *, scale):
        return np_.sin(a) * scale

    @jx.jit
    def tanh_mul_jit(a, b):
        return np_.tanh(a) * b

    def loss(a, b):
        return np_.sum(power_jit(a, 2) * power_jit(b, 3) + power_jit(a, 2)
                       + scaled_sin_jit(a, scale=b)
                       + scaled_sin_jit(b, scale=a)
                       + tanh_mul_jit(a, b) * tanh_mul_jit(b, a)
                       * tanh_mul_jit(a, a))
    return loss


def test_nested_jit_functions_called_several_times():
    x, y = normal(3), normal(3)
    check(lambda jx, np_: jx.grad(_nested_jits(jx, np_), argnums=(0, 1)),
          x, y, also_jit=True)
    check(lambda jx, np_: jx.value_and_grad(_nested_jits(jx, np_),
                                            argnums=1), x, y)
    check(lambda jx, np_: jx.hessian(
        lambda a: _nested_jits(jx, np_)(a, y)), x, **TOL2)
    check(lambda jx, np_: jx.grad(lambda a: np_.sum(jx.grad(
        _nested_jits(jx, np_), argnums=(0, 1))(a, y)[0])), x, **TOL2)


def _jit_closing_over_grad_tracer(jx, np_):
    x, y = np.linspace(-1, 1, 3).astype(F32), np.linspace(0.5, 2, 3).astype(
        F32)

    def outer(w):
        @jx.jit
        def sin_scaled_jit(a):
            return np_.sin(a * w)  # w: the outer grad's tracer
        return np_.sum(sin_scaled_jit(x) + sin_scaled_jit(y)
                       * sin_scaled_jit(x * 2.0))
    return jx.grad(outer)


def test_jit_closing_over_grad_tracer_called_several_times():
    w = normal(3)
    check(_jit_closing_over_grad_tracer, w, also_jit=True)
    check(lambda jx, np_: jx.grad(lambda w: np_.sum(
        _jit_closing_over_grad_tracer(jx, np_)(w) ** 2)), w, **TOL2)


def _transforms_inside_grad(jx, np_):
    x = np.linspace(-1, 1, 3).astype(F32)

    def outer(w):
        _, t = jx.jvp(lambda a: np_.sin(a * w), (x,), (w,))
        yv, f_lin = jx.linearize(lambda a: np_.exp(a) * w, x)
        _, f_vjp = jx.vjp(lambda a: np_.sin(a) * w, x)
        f_t = jx.linear_transpose(lambda a: a * w + np_.sum(a), x)
        vg = jx.value_and_grad(lambda a, b: np_.sum(np_.sin(a * w * b)),
                               argnums=(0, 1))
        v, (ga, gb) = vg(x, w)
        return (np_.sum(t * f_lin(w) + yv) + np_.sum(f_vjp(w)[0] * f_t(w)[0])
                + v + np_.sum(ga * gb))
    return jx.grad(outer)


def test_jvp_linearize_vjp_transpose_and_grad_inside_grad_with_closures():
    check(_transforms_inside_grad, normal(3), also_jit=True, **TOL2)


def _jit_returning_inputs_and_ints(jx, np_):
    @jx.jit
    def passthrough_jit(a, b):
        return a, (b, np_.argmax(a)), a

    def loss(a, b):
        p, (q, i), r = passthrough_jit(a, b)
        return np_.sum(p * q * r) + i
    return jx.grad(loss, argnums=(0, 1))


def test_jit_returning_its_inputs_and_an_integer_inside_grad():
    x = normal(3)
    check(_jit_returning_inputs_and_ints, x, normal(3))
    # The same array for both arguments.
    check(_jit_returning_inputs_and_ints, x, x)


# ---------------------------------------------------------------------------
# Custom rules used several times, nested, to higher order
# ---------------------------------------------------------------------------


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
    x, y = normal(3), normal(3)

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
    check(_custom_jvp_inner_grad_closure, normal(3), also_jit=True, **TOL2)


def test_custom_jvp_inside_jit_called_several_times_inside_grad():
    def make(jx, np_):
        f = _sin_times_jvp(jx, np_)

        def sin_times_in_jit(x, y):
            return f(x, y)
        sin_times_jit = jx.jit(sin_times_in_jit)
        return jx.grad(lambda x, y: np_.sum(
            sin_times_jit(x, y) * sin_times_jit(y, x)
            + sin_times_jit(x, x)), argnums=(0, 1))
    x, y = normal(3), normal(3)
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
    check(make, normal(3), also_jit=True, **TOL2)
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
    x = normal(3)
    d = {"s": np.float32(1.5), "v": normal(2)}
    check(lambda jx, np_: jx.grad(_pytree_vjp_loss(jx, np_), argnums=(0, 1)),
          x, d, also_jit=True)
    check(lambda jx, np_: jx.grad(jx.jit(_pytree_vjp_loss(jx, np_)),
                                  argnums=(0, 1)), x, d)

    def vjp_of(jx, np_):
        def run(x, d, ct):
            out, f_vjp = jx.vjp(_pytree_vjp(jx, np_), x, d)
            return out, f_vjp(ct)
        return run
    ct = {"a": normal(3), "b": (normal(3), normal(2))}
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
    check(int_vjp, normal(3), np.int32(3), also_jit=True)

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
    check(nondiff, {"a": normal(3), "b": normal(3)}, also_jit=True)


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
    check(make, {"a": normal(3), "b": normal(3)})


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
    x, y, tx = normal(3), normal(3), normal(3)
    check(lambda jx, np_: lambda x, y, a, b: jx.jvp(
        _two_arg_jvp(jx, np_), (x, y), (a, b)), x, y, tx, normal(3),
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
# Pytrees: arguments, outputs and aux
# ---------------------------------------------------------------------------

Params = collections.namedtuple("Params", ["w", "b"])


def test_grad_with_respect_to_a_namedtuple():
    p, x = Params(normal(3), np.float32(0.3)), normal(3)
    make = lambda jx, np_: jx.grad(  # noqa: E731
        lambda p, x: np_.sum(np_.tanh(p.w * x + p.b)))
    check(make, p, x, also_jit=True)
    got = make(jxp, jnp)(p, x)
    assert type(got) is Params


def test_has_aux_with_a_pytree_aux():
    x, y = normal(3), normal(3)

    def fn(jx, np_):
        return lambda x, y: (np_.sum(x * y), {
            "p": (x, np_.argmax(x)), "q": [y * 2, 3], "r": (1.0, None)})
    check(lambda jx, np_: jx.value_and_grad(fn(jx, np_), has_aux=True,
                                            argnums=(0, 1)), x, y,
          also_jit=True)
    check(lambda jx, np_: jx.grad(fn(jx, np_), has_aux=True), x, y,
          also_jit=True)


def test_value_and_grad_with_keyword_arguments():
    def make(jx, np_):
        def f(x, y, *, scale, offset=1.0):
            return np_.sum(np_.sin(x) * y * scale + offset)
        return lambda x, y, s: jx.value_and_grad(f, argnums=(0, 1))(
            x, y, scale=s, offset=3.0)
    check(make, normal(3), normal(3), normal(3), also_jit=True)


def test_jacobians_and_hessians_of_dicts():
    d = {"a": normal(2), "b": normal(2)}
    check(lambda jx, np_: jx.hessian(
        lambda d: np_.sum(np_.sin(d["a"]) * d["b"] ** 2)), d, **TOL2)
    check(lambda jx, np_: jx.jacfwd(lambda d: (
        np_.sin(d["a"]) * d["b"], {"z": d["a"]}), has_aux=True), d)
    check(lambda jx, np_: jx.jacrev(lambda d: (
        {"o": np_.sin(d["a"]) * d["b"], "s": np_.sum(d["a"])},
        {"z": d["a"]}), has_aux=True), d)
    check(lambda jx, np_: jx.jacfwd(lambda a, b: {
        "o": np_.sin(a) * b, "s": np_.sum(a)}, argnums=(0, 1)),
        d["a"], d["b"])
    check(lambda jx, np_: jx.hessian(
        lambda d, b: np_.sum(d["a"] ** 2 * b), argnums=(0, 1)),
        {"a": normal(2)}, normal(2), **TOL2)


def test_jacobians_with_has_aux_argnums_and_odd_shapes():
    x = normal(3)
    for name in ("jacfwd", "jacrev"):
        check(lambda jx, np_: getattr(jx, name)(
            lambda a, b: (a * b, {"s": np_.sum(a)}), argnums=(0, 1),
            has_aux=True), x, normal(3))
        check(lambda jx, np_: getattr(jx, name)(
            lambda a: np_.stack([a, a * a])), np.float32(2.0))
        check(lambda jx, np_: getattr(jx, name)(lambda a: a * a), 2.0)
        check(lambda jx, np_: getattr(jx, name)(np_.sin),
              np.zeros((0,), F32))
        check(lambda jx, np_: getattr(jx, name)(
            lambda a: (np_.sin(a), np_.argmax(a)) if name == "jacfwd"
            else np_.sin(a)), x)
        check(lambda jx, np_: getattr(jx, name)(
            lambda a, b: a * b.astype(np_.float32), argnums=(0, 1)),
            x, x.astype(np.float16))
    check(lambda jx, np_: jx.jacrev(lambda a: a[:0]), x)
    check(lambda jx, np_: jx.hessian(lambda a: (np_.sum(a ** 3), a * 2),
                                     has_aux=True), x)
    check(lambda jx, np_: jx.hessian(lambda a: a * a * a), 2.0)
    check(lambda jx, np_: lambda a: jx.jacrev(lambda a, *, s: a * s)(
        a, s=2.0), x)


def test_grad_of_empty_and_passthrough_arguments():
    check(lambda jx, np_: jx.grad(lambda a: np_.sum(np_.sin(a))),
          np.zeros((0, 3), F32))
    check(lambda jx, np_: jx.grad(lambda a: a.reshape(())),
          np.ones((1,), F32))
    check(lambda jx, np_: jx.grad(lambda a, b: np_.sum(a * np_.sin(b)),
                                  argnums=(0, 1)), *(normal(3),) * 2)
    check(lambda jx, np_: jx.grad(lambda a, n: np_.sum(
        a * n.astype(np_.float32))), normal(3), I(1, 2, 3))


# ---------------------------------------------------------------------------
# linearize, linear_transpose, eager vjp
# ---------------------------------------------------------------------------


def test_linearize_then_jit_of_the_linear_function():
    x = normal(3)

    def one(jx, np_):
        def run(x, t1, t2):
            y, f = jx.linearize(lambda x: np_.sin(x) * np_.exp(x), x)
            jf = jx.jit(f)
            return y, jf(t1), jf(t2), f(t1)
        return run
    check(one, x, normal(3), normal(3), jit=False)

    def two(jx, np_):
        y, f = jx.linearize(lambda a, b: (np_.sin(a) * b, np_.sum(a * b)),
                            x, x * 2)
        jf = jx.jit(f)
        return lambda s, t: (y, jf(s, t), f(s, t))
    check(two, normal(3), normal(3), jit=False)

    def aux(jx, np_):
        y, f, a = jx.linearize(lambda x: (np_.sin(x), {"c": np_.cos(x)}), x,
                               has_aux=True)
        return lambda t: (y, f(t), jx.jit(f)(t), a)
    check(aux, normal(3), jit=False)
    check(lambda jx, np_: jx.jit(lambda x, t: jx.linearize(
        lambda x: np_.tanh(x) ** 2, x)[1](t)), x, normal(3))


_C = np.linspace(-1, 1, 3).astype(F32)
_A = np.arange(9, dtype=F32).reshape(3, 3) / 9


def _transpose_multi(jx, np_):
    c = np_.asarray(_C)

    def f(a, b):
        return {"u": a * c + 2.0 * b[0],
                "v": (np_.sum(b[1]) * c, a @ _A)}
    f_t = jx.linear_transpose(f, _C, (_C, np.zeros(2, F32)))
    return lambda ct: f_t(ct)


def test_linear_transpose_with_constants_and_several_inputs_and_outputs():
    ct = {"u": normal(3), "v": (normal(3), normal(3))}
    check(_transpose_multi, ct, jit=False)
    check(lambda jx, np_: jx.jit(_transpose_multi(jx, np_)), ct, jit=False)
    check(lambda jx, np_: lambda ct: jx.linear_transpose(
        lambda a: (a, 2 * a), _C)(ct), (normal(3), normal(3)), jit=False)


def _transpose_closing_over(jx, np_):
    def run(w, ct):
        f_t = jx.linear_transpose(lambda a: a * w + np_.sum(a), _C)
        return f_t(ct)
    return run


def test_linear_transpose_closing_over_traced_values():
    w, ct = normal(3), normal(3)
    check(_transpose_closing_over, w, ct, also_jit=True)
    check(lambda jx, np_: jx.grad(lambda w, ct: np_.sum(
        _transpose_closing_over(jx, np_)(w, ct)[0] ** 2), argnums=(0, 1)),
        w, ct)


def _calls_a_jit_twice(jx, np_):
    @jx.jit
    def tanh_in_jit(q):
        return np_.tanh(q)
    return lambda a: tanh_in_jit(a) * tanh_in_jit(a * 2)


_EAGER_LINEAR = {
    "identity": (lambda jx, np_: lambda a: a, 1),
    "constant": (lambda jx, np_: lambda a: np_.ones(3), 1),
    "passthrough": (lambda jx, np_: lambda a, b: (b, a * 2.0, a), 2),
    "same_output_twice": (lambda jx, np_: lambda a: (np_.sin(a),
                                                     np_.sin(a)), 1),
    "input_twice": (lambda jx, np_: lambda a: (a, a), 1),
    "stop_gradient": (lambda jx, np_: lambda a: jx.lax.stop_gradient(a) * 2,
                      1),
    "closure": (lambda jx, np_: (lambda c: lambda a: a * c + np_.sin(c))(
        np_.asarray(_C)), 1),
    "jit_inside": (lambda jx, np_: _calls_a_jit_twice(jx, np_), 1),
}


@pytest.mark.parametrize("name", list(_EAGER_LINEAR))
def test_eager_vjp_and_linearize_edge_cases(name):
    fn, nargs = _EAGER_LINEAR[name]
    primals = tuple(normal(3) for _ in range(nargs))
    out = jax.eval_shape(fn(jax, rjnp), *primals)
    r = rng(name)
    ct = jax.tree_util.tree_map(
        lambda s: r.standard_normal(s.shape).astype(F32), out)
    tans = tuple(normal(3) for _ in range(nargs))

    def vjp_of(jx, np_):
        def run(primals, ct):
            y, f = jx.vjp(fn(jx, np_), *primals)
            return y, f(ct), f(ct)
        return run

    def lin_of(jx, np_):
        def run(primals, tans):
            y, f = jx.linearize(fn(jx, np_), *primals)
            return y, f(*tans), f(*tans)
        return run
    check(vjp_of, primals, ct, jit=False)
    check(lin_of, primals, tans, jit=False)


def test_eager_vjp_and_linearize_with_aux_python_scalars_and_float16():
    x, y = normal(3), normal(3)

    def vjp_aux(jx, np_):
        def run(x, ct):
            out, f, aux = jx.vjp(lambda a: (np_.sin(a), {
                "c": np_.cos(a), "i": np_.argmax(a)}), x, has_aux=True)
            return out, f(ct), aux
        return run
    check(vjp_aux, x, y, jit=False)
    check(lambda jx, np_: lambda c: jx.vjp(lambda a: a * a, 2.0)[1](c), 1.0,
          jit=False)
    check(lambda jx, np_: lambda t: jx.linearize(lambda a: a * a, 2.0)[1](t),
          1.0, jit=False)
    check(lambda jx, np_: lambda a, c: jx.vjp(lambda a: np_.sin(a) * a, a)[1](
        c), x.astype(np.float16), y.astype(np.float16), jit=False)
    check(lambda jx, np_: lambda a, c: jx.vjp(np_.sin, a)[1](c),
          np.zeros((0,), F32), np.zeros((0,), F32), jit=False)


# ---------------------------------------------------------------------------
# Indexing: negative and out-of-bounds indices, every .at[] update
# ---------------------------------------------------------------------------

_X5 = np.array([0.3, -1.2, 0.8, 2.0, -0.4], F32)
_U3 = np.array([1.1, -0.6, 0.2], F32)

_INDEXING = {
    "negative": _grad_of(lambda jx, np_, x: x[I(-1, -5, 2, -1)]),
    "out_of_bounds_clamped": _grad_of(lambda jx, np_, x: x[I(7, -9, 2)]),
    "negative_step_slice": _grad_of(lambda jx, np_, x: x[-1:0:-2]),
    "bool_mask": _grad_of(lambda jx, np_, x: x[np.array(
        [True, False, True, True, False])]),
    "take_clip": _grad_of(lambda jx, np_, x: np_.take(x, I(-1, 7, 2),
                                                      mode="clip")),
    "take_fill": _grad_of(lambda jx, np_, x: np_.take(
        x, I(-1, 7, 2), mode="fill", fill_value=0.0)),
    "take_wrap": _grad_of(lambda jx, np_, x: np_.take(x, I(-1, 7, 2),
                                                      mode="wrap")),
    "at_get_fill": _grad_of(lambda jx, np_, x: x.at[I(7, -9, 0, -1)].get(
        mode="fill", fill_value=2.0)),
    "at_power": _grad_of(lambda jx, np_, x: x.at[I(1, 3, 4)].power(2.0)),
    "at_mul_operand_only": _grad_of(lambda jx, np_, x: x.at[I(3, 1, 1)].mul(
        _U3)),
    "at_min_operand_only": _grad_of(lambda jx, np_, x: x.at[I(3, 1, 1)].min(
        _U3)),
    "at_set_mask": _grad_of(lambda jx, np_, x: x.at[np.array(
        [True, False, True, False, True])].set(0.5)),
    "gather_fill": lambda jx, np_: jx.grad(lambda x: np_.sum(jx.lax.gather(
        x, I(7, 1, -3)[:, None], jx.lax.GatherDimensionNumbers(
            offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,)),
        (1,), mode=jx.lax.GatherScatterMode.FILL_OR_DROP,
        fill_value=3.0) ** 2)),
}


@pytest.mark.parametrize("name", list(_INDEXING))
def test_grad_of_indexing(name):
    check(_INDEXING[name], _X5)


_AT_INDICES = {"unique": I(3, -1, 0), "repeated": I(1, 3, 1),
               "out_of_bounds": I(1, 7, -8)}


@pytest.mark.parametrize("op,kind", list(itertools.product(
    ["set", "add", "min", "max", "get"], list(_AT_INDICES))))
def test_grad_of_at_updates(op, kind):
    idx = _AT_INDICES[kind]
    if op == "get":
        fn = lambda jx, np_, x, u: x.at[idx].get() * u  # noqa: E731
    else:
        fn = lambda jx, np_, x, u: getattr(x.at[idx], op)(u)  # noqa: E731
    check(_grad_of(fn, argnums=(0, 1)), _X5, _U3,
          also_jit=(kind == "unique"))


_AT_MORE = {
    "mul_unique_indices": lambda jx, np_, x, u: x.at[I(3, 1, 0)].mul(
        u, unique_indices=True),
    "min_ties": lambda jx, np_, x, u: x.at[I(1, 2, 3)].min(u),
    "max_ties_repeated": lambda jx, np_, x, u: x.at[I(1, 1, 3)].max(u),
    "set_drop": lambda jx, np_, x, u: x.at[I(7, 1, 2)].set(u, mode="drop"),
    "set_clip": lambda jx, np_, x, u: x.at[I(7, 1, 2)].set(u, mode="clip"),
    "add_clip_repeated": lambda jx, np_, x, u: x.at[I(7, 9, 2)].add(
        u, mode="clip"),
    "set_clip_collide": lambda jx, np_, x, u: x.at[I(7, 4, 2)].set(
        u, mode="clip"),
    "set_reversed_slice": lambda jx, np_, x, u: x.at[::-2].set(u),
    "scalar_add_slice": lambda jx, np_, x, u: x.at[1:4].add(u[0]),
    "scalar_mul_slice": lambda jx, np_, x, u: x.at[1:4].mul(u[0]),
    "scatter_add_clip": lambda jx, np_, x, u: jx.lax.scatter_add(
        x, I(7, 1, -3)[:, None], u, jx.lax.ScatterDimensionNumbers(
            update_window_dims=(), inserted_window_dims=(0,),
            scatter_dims_to_operand_dims=(0,)),
        mode=jx.lax.GatherScatterMode.CLIP),
}


@pytest.mark.parametrize("name", list(_AT_MORE))
def test_grad_of_at_updates_more(name):
    u = np.array([0.5, 0.5, 3.0], F32) if name == "min_ties" else (
        np.array([0.7, 0.7, 2.0], F32) if name == "max_ties_repeated"
        else _U3)
    x = np.array([0.3, 0.5, 0.5, 2.0, -0.4], F32) if "ties" in name else _X5
    check(_grad_of(_AT_MORE[name], argnums=(0, 1)), x, u)


def test_grad_of_at_updates_2d():
    m, v = normal(4, 3), normal(4)
    check(_grad_of(lambda jx, np_, x, u: x.at[:, 1].set(u), argnums=(0, 1)),
          m, v)
    check(_grad_of(lambda jx, np_, x, u: x.at[I(0, 3, 0), I(1, 2, 1)].add(u),
                   argnums=(0, 1)), m, v[:3])
    check(_grad_of(lambda jx, np_, x: x[I(-1, 0), I(-3, 2)]), m)


def test_grad_with_traced_negative_and_out_of_bounds_indices():
    x, u = _X5, _U3
    check(lambda jx, np_: jx.grad(lambda x, i: x[i] * 2.0), x, np.int32(9),
          also_jit=True)
    check(lambda jx, np_: jx.grad(lambda x, i: x[i] * 2.0), x, np.int32(-2))
    check(_grad_of(lambda jx, np_, x, u, i: x.at[i].set(u), argnums=(0, 1)),
          x, u, I(-1, -2, 0), also_jit=True)
    check(_grad_of(lambda jx, np_, x, u, i: x.at[i].add(u), argnums=(0, 1)),
          x, u, I(7, -9, 0))
    check(_grad_of(lambda jx, np_, x, i: x.at[i].get(mode="clip")), x,
          I(7, -9, 0, -1))
    check(_grad_of(lambda jx, np_, x, v, i: x.at[i].set(v), argnums=(0, 1)),
          x, np.float32(0.5), np.int32(-2))
    check(lambda jx, np_: jx.grad(lambda x, i: np_.sum(
        jx.lax.dynamic_slice(x, (i,), (3,)) ** 2)), x, np.int32(4))
    check(lambda jx, np_: jx.grad(lambda x, i: np_.sum(
        jx.lax.dynamic_slice(x, (i,), (2,)) ** 2)), x, np.int32(-2))
    check(lambda jx, np_: jx.grad(lambda x, u, i: np_.sum(
        jx.lax.dynamic_update_slice(x, u, (i,)) ** 2 * np_.arange(5.)),
        argnums=(0, 1)), x, u[:2], np.int32(7))
    check(lambda jx, np_: jx.grad(lambda x, u, i: np_.sum(
        jx.lax.dynamic_update_slice(x, u, (i,)) ** 3), argnums=(0, 1)),
        x, u[:2], np.int32(-1))


# ---------------------------------------------------------------------------
# Sorting, ties
# ---------------------------------------------------------------------------

_TIED = np.array([0.3, 0.5, 0.5, 2.0, -0.4], F32)

_SORTING = {
    "sort_ties": (_grad_of(lambda jx, np_, x: np_.sort(x) * np_.arange(5.)),
                  _TIED),
    "argsort_ties": (_grad_of(lambda jx, np_, x: x[np_.argsort(x)]
                              * np_.arange(5.)), _TIED),
    "sort_descending": (_grad_of(lambda jx, np_, x: np_.sort(
        x, descending=True) * np_.arange(5.)), _X5),
    "sort_axis0": (_grad_of(lambda jx, np_, x: np_.sort(x, axis=0)
                            * np_.arange(12.).reshape(4, 3)), None),
    "take_along_axis_negative": (_grad_of(lambda jx, np_, x: (
        np_.take_along_axis(x, np.array([[-1, 0], [2, -3]], np.int32),
                            axis=1))), None),
    "take_along_axis_axis0": (_grad_of(lambda jx, np_, x: (
        np_.take_along_axis(x, np.array([[1, 0, 1]], np.int32), axis=0))),
        None),
    "take_along_axis_flat": (_grad_of(lambda jx, np_, x: (
        np_.take_along_axis(x, np.array([5, 0, 5], np.int32), axis=None))),
        None),
    "max_ties": (_grad_of(lambda jx, np_, x: np_.max(x)), _TIED),
    "maximum_tie_with_constant": (_grad_of(lambda jx, np_, x: np_.maximum(
        x, 0.5)), _TIED),
}


@pytest.mark.parametrize("name", list(_SORTING))
def test_grad_of_sorting_and_ties(name):
    fn, x = _SORTING[name]
    if x is None:
        x = normal(4, 3) if name == "sort_axis0" else normal(2, 3)
    check(fn, x)


def test_grad_of_lax_sort_with_two_operands():
    check(lambda jx, np_: jx.grad(lambda k, v: np_.sum(jx.lax.sort(
        (k, v), num_keys=1)[1] * np_.arange(5.)) + np_.sum(jx.lax.sort(
            (k, v), num_keys=1)[0] ** 2), argnums=(0, 1)),
        _X5, normal(5))


# ---------------------------------------------------------------------------
# Linear algebra
# ---------------------------------------------------------------------------


def _triangular(n):
    r = rng("tri")
    return (r.standard_normal((n, n)) * 0.3 + 2 * np.eye(n)).astype(F32)


# Each of left_side, lower and transpose_a both ways; unit_diagonal both
# ways for each (left_side, lower).
_TRIANGULAR = [(left, lower, ta, left != ta) for left, lower, ta in
               itertools.product([True, False], repeat=3)]


@pytest.mark.parametrize("left,lower,transpose_a,unit_diagonal",
                         _TRIANGULAR)
def test_grad_of_triangular_solve(left, lower, transpose_a, unit_diagonal):
    a = _triangular(3)
    b = normal(3, 2) if left else normal(2, 3)
    w = np.arange(6, dtype=F32).reshape(b.shape) / 6 - 0.5

    def make(jx, np_):
        def f(a, b):
            x = jx.lax.linalg.triangular_solve(
                a, b, left_side=left, lower=lower, transpose_a=transpose_a,
                unit_diagonal=unit_diagonal)
            return np_.sum(np_.sin(x) * w)
        return jx.grad(f, argnums=(0, 1))
    check(make, a, b, **TOL2)


def _spd(n, salt):
    r = rng(salt)
    s = r.standard_normal((n, n))
    return (s @ s.T + n * np.eye(n)).astype(F32)


def test_grad_of_cholesky_variants():
    s = _spd(4, "chol")
    w = rng("w").standard_normal((4, 4)).astype(F32)
    check(lambda jx, np_: jx.grad(lambda s: np_.sum(
        np_.linalg.cholesky(s, upper=True) * w)), s, **TOL2)
    check(lambda jx, np_: jx.grad(lambda s: np_.sum(jx.lax.linalg.cholesky(
        s, symmetrize_input=False) * w)), s, **TOL2)
    check(lambda jx, np_: jx.grad(lambda s: np_.sum(jx.grad(
        lambda s: np_.sum(np_.linalg.cholesky(s) * w))(s) ** 2)), s,
        rtol=1e-4, atol=1e-5)


def test_grad_of_a_gaussian_log_likelihood():
    def make(jx, np_):
        def f(s, y):
            L = np_.linalg.cholesky(s)
            a = jx.lax.linalg.triangular_solve(L, y[:, None], left_side=True,
                                               lower=True)
            return np_.sum(a ** 2) + 2 * np_.sum(np_.log(np_.diagonal(L)))
        return jx.grad(f, argnums=(0, 1))
    check(make, _spd(4, "gp"), normal(4), also_jit=True, **TOL2)


# ---------------------------------------------------------------------------
# Reductions with where=, cumulative ops in reverse
# ---------------------------------------------------------------------------

_MASK = np.array([[True, False, True, True], [False, False, False, False],
                  [True, True, False, True]])


@pytest.mark.parametrize("red", ["sum", "mean", "max", "min", "prod", "var",
                                 "std"])
def test_grad_of_reductions_with_where(red):
    kw = (dict(initial=-10.0) if red == "max" else
          dict(initial=10.0) if red == "min" else {})
    x = normal(3, 4)
    check(_grad_of(lambda jx, np_, x: getattr(np_, red)(
        x, axis=1, where=_MASK, **kw)), x)
    check(_grad_of(lambda jx, np_, x: getattr(np_, red)(
        x, where=_MASK, **kw)), x)


def test_grad_of_masked_nn_functions():
    x = normal(3, 4)
    check(_grad_of(lambda jx, np_, x: np_.sum(x, axis=0, where=x > 0)), x)
    check(_grad_of(lambda jx, np_, x: jx.nn.logsumexp(
        x, axis=1, where=_MASK[[0, 2]])), x[[0, 2]])
    check(_grad_of(lambda jx, np_, x: jx.nn.softmax(
        x, axis=1, where=_MASK[[0, 2]])), x[[0, 2]])
    check(_grad_of(lambda jx, np_, x: np_.max(x, axis=1, initial=0.5)), x)


@pytest.mark.parametrize("fn,reverse", list(itertools.product(
    ["cumsum", "cumprod", "cummax", "cummin"], [False, True])))
def test_grad_of_cumulative_ops(fn, reverse):
    x = normal(3, 4)
    axis = 1 if reverse else 0
    check(_grad_of(lambda jx, np_, x: getattr(jx.lax, fn)(
        x, axis=axis, reverse=reverse)), x)


def test_grad_of_numpy_cumulative_ops():
    x = normal(3, 4)
    check(_grad_of(lambda jx, np_, x: np_.cumsum(x)), x)
    check(_grad_of(lambda jx, np_, x: np_.cumprod(x, axis=-1)), x)
    check(_grad_of(lambda jx, np_, x: np_.nancumsum(x, axis=1)), x)
    check(_grad_of(lambda jx, np_, x: jx.lax.cumprod(x, axis=0,
                                                     reverse=True)),
          np.array([1., 0., 0.5, 0., 2.], F32))


# ---------------------------------------------------------------------------
# float16, bfloat16, float64, complex
# ---------------------------------------------------------------------------

_LOW = {
    "grad": lambda jx, np_: jx.grad(lambda x, y: np_.sum(
        np_.sin(x) * y + np_.exp(x) / (1 + y * y)), argnums=(0, 1)),
    "mixed_with_f32": lambda jx, np_: lambda x, y: jx.grad(
        lambda x, y: np_.sum(np_.sin(x) * y), argnums=(0, 1))(
            x, y.astype(np_.float32)),
    "python_scalar": lambda jx, np_: lambda x, y: jx.grad(
        lambda x: np_.sum(x * 2.5 + x ** 2))(x),
    "jvp": lambda jx, np_: lambda x, t: jx.jvp(lambda x: np_.tanh(x) * x,
                                               (x,), (t,)),
    "vjp": lambda jx, np_: lambda x, t: jx.vjp(lambda x: np_.tanh(x) * x,
                                               x)[1](t),
    "grad_grad": lambda jx, np_: lambda x, y: jx.grad(jx.grad(
        lambda x: np_.sin(x) * x))(x[0]),
    "log_softmax": lambda jx, np_: lambda x, y: jx.grad(lambda x: -np_.sum(
        jx.nn.log_softmax(x) * y))(x),
    "matmul": lambda jx, np_: lambda x, y: jx.grad(
        lambda a: np_.sum((a[:, None] * a[None, :]) @ a))(x),
    "cumsum_cumprod": lambda jx, np_: lambda x, y: jx.grad(
        lambda a: np_.sum(np_.cumsum(a) * np_.cumprod(a)))(x),
    "through_f32": lambda jx, np_: lambda x, y: jx.grad(
        lambda a: np_.sum(a.astype(np_.float32) ** 2).astype(a.dtype))(x),
    "jacrev": lambda jx, np_: lambda x, y: jx.jacrev(
        lambda a: np_.sin(a) * a)(x),
}


_LOW_BF16 = ["grad", "jvp", "vjp", "grad_grad", "log_softmax"]


@pytest.mark.parametrize("dtype,name", [(np.float16, n) for n in _LOW]
                         + [(BF16, n) for n in _LOW_BF16])
def test_low_precision(dtype, name):
    tol = 2e-3 if dtype == np.float16 else 2e-2
    x = np.array([0.3, -1.2, 0.8], dtype)
    y = np.array([1.1, 0.5, -0.7], dtype)
    check(_LOW[name], x, y, jit=name not in ("jvp", "vjp"), rtol=tol,
          atol=tol)


@pytest.fixture
def x64():
    yield from x64_set_to(True)


def test_float64(x64):
    tol = dict(rtol=1e-12, atol=1e-12)
    x, y = np.array([0.3, -1.2, 0.8]), np.array([1.1, 0.5, -0.7])
    check(lambda jx, np_: jx.grad(lambda x, y: np_.sum(
        np_.sin(x) * y + np_.exp(x) / (1 + y * y)), argnums=(0, 1)), x, y,
        **tol)
    check(lambda jx, np_: jx.grad(lambda x: x * x * 3.0), 2.0, **tol)
    check(lambda jx, np_: jx.grad(jx.grad(lambda x: np_.sin(x) * x)), 2.0,
          **tol)
    check(lambda jx, np_: jx.grad(lambda x: x * 3.0), 2)  # int64: error
    check(lambda jx, np_: jx.grad(lambda x, y: np_.sum(x * y),
                                  argnums=(0, 1)), x.astype(F32), y)
    check(lambda jx, np_: lambda x, t: jx.jvp(lambda x: np_.tanh(x) * x,
                                              (x,), (t,)), x, y, jit=False,
          **tol)
    check(lambda jx, np_: lambda x, t: jx.vjp(lambda x: np_.tanh(x) * x,
                                              x)[1](t), x, y, jit=False,
          **tol)
    check(lambda jx, np_: jx.hessian(lambda x: np_.sum(np_.sin(x) ** 2 * x)),
          x, **tol)
    check(lambda jx, np_: jx.grad(lambda s: np_.sum(np_.linalg.cholesky(
        s @ s.T + np_.eye(3)))), np.outer(x, y) + np.eye(3), rtol=1e-10,
        atol=1e-12)

    def jvp_rule(jx, np_):
        @jx.custom_jvp
        def f(x):
            return np_.sin(x)
        f.defjvp(lambda p, t: (f(p[0]), np_.cos(p[0]) * t[0] * 2.0))
        return jx.grad(lambda x: f(x) * x)

    def vjp_rule(jx, np_):
        @jx.custom_vjp
        def f(x):
            return np_.sin(x)
        f.defvjp(lambda x: (f(x), np_.cos(x)), lambda c, g: (c * g * 2.0,))
        return jx.grad(lambda x: f(x) * x)
    for make in (jvp_rule, vjp_rule):
        check(make, 1.5, **tol)
        check(make, np.float64(1.5), **tol)
        check(make, np.float32(1.5))


_HOLOMORPHIC = {
    "exp_sin": lambda np_: lambda a: np_.exp(a) * np_.sin(a),
    "log_sqrt": lambda np_: lambda a: np_.log(a) + np_.sqrt(a),
    "tanh_tan": lambda np_: lambda a: np_.tanh(a) - np_.tan(a),
    "log1p_expm1": lambda np_: lambda a: np_.log1p(a) * np_.expm1(a),
    "rational": lambda np_: lambda a: a ** 3 / (1 + a * a),
    "complex_power": lambda np_: lambda a: a ** (1.5 + 0.5j),
    "prod": lambda np_: lambda a: np_.prod(a),
    "matmul_cumsum": lambda np_: lambda a: np_.cumsum(np_.outer(a, a) @ a),
}


def _same_complex(got, want):
    assert_same_structure(got, want)
    got_l = jxp.tree_util.tree_leaves(got)
    want_l = jax.tree_util.tree_leaves(want)
    for g, w in zip(got_l, want_l):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-5,
                                   atol=1e-5)


@pytest.mark.parametrize("name", list(_HOLOMORPHIC))
def test_complex_jvp_and_vjp_of_holomorphic_functions(name):
    a = np.array([1 + 2j, 3 - 1j], np.complex64)
    t = np.array([0.5 + 1j, -1j], np.complex64)
    f = _HOLOMORPHIC[name]
    _same_complex(jxp.jvp(f(jnp), (a,), (t,)), jax.jvp(f(rjnp), (a,), (t,)))
    out = jax.eval_shape(f(rjnp), a)
    ct = np.full(out.shape, 0.3 - 0.7j, np.complex64)
    _same_complex(jxp.vjp(f(jnp), a)[1](ct), jax.vjp(f(rjnp), a)[1](ct))


# ---------------------------------------------------------------------------
# Functions at their kinks and special values (JAX's conventions)
# ---------------------------------------------------------------------------

_SPECIAL = {
    "relu_at_zero": (lambda jx, np_: jx.nn.relu, [0., 1., -1.]),
    "sqrt_at_zero": (lambda jx, np_: np_.sqrt, [0., 1.]),
    "norm_at_zero": (lambda jx, np_: np_.linalg.norm, [0., 0., 0.]),
    "where_guarded_log": (lambda jx, np_: lambda a: np_.where(
        a > 0, np_.log(np_.where(a > 0, a, 1.0)), 0.), [0.5, -1.0, 2.0]),
    "clip_at_bounds": (lambda jx, np_: lambda a: np_.clip(a, -1.0, 1.0),
                       [1., -1., 0.]),
    "round_at_half": (lambda jx, np_: lambda a: a * np_.round(a),
                      [0.5, 1.5, 2.5]),
    "zero_squared": (lambda jx, np_: lambda a: a ** 2.0, [0.]),
    "zero_to_the_half": (lambda jx, np_: lambda a: a ** 0.5, [0.]),
    "logsumexp_with_inf": (lambda jx, np_: lambda a: jx.nn.logsumexp(
        np_.where(a > 0, a, -np_.inf)), [0.5, -1.0, 2.0]),
    "softmax_with_inf": (lambda jx, np_: lambda a: jx.nn.softmax(
        np_.where(a > 0, a, -np_.inf)), [0.5, -1.0, 2.0]),
    "log_softmax_large": (lambda jx, np_: lambda a: jx.nn.log_softmax(
        a * 100), [0.5, -1.0, 2.0]),
}


@pytest.mark.parametrize("name", list(_SPECIAL))
def test_first_and_second_derivatives_at_special_points(name):
    fmk, x = _SPECIAL[name]
    w = np.linspace(0.5, 1.5, 64).astype(F32)

    def make(jx, np_):
        f = fmk(jx, np_)

        def loss(a):
            y = f(a)
            return np_.sum(y * w[:np_.size(y)].reshape(np_.shape(y)))
        return lambda a: (jx.grad(loss)(a), jx.grad(lambda a: np_.sum(
            jx.grad(lambda a: np_.sum(f(a)))(a) * 0.7))(a))
    check(make, np.array(x, F32), **TOL2)


# ---------------------------------------------------------------------------
# Errors, as JAX raises them
# ---------------------------------------------------------------------------

_X3 = np.array([0.5, -1.0, 2.0], F32)

_ERRORS = {
    "vjp_cotangent_shape_under_jit": lambda jx, np_: jx.jit(
        lambda x: jx.vjp(lambda x: x * 2, x)[1](np.ones(4, F32))),
    "jvp_tangent_tree": lambda jx, np_: lambda x: jx.jvp(
        lambda d: d["a"], ({"a": x},), ({"b": x},)),
    "jvp_tangent_dtype_under_jit": lambda jx, np_: jx.jit(
        lambda x: jx.jvp(lambda a: a * 2, (x,), (x.astype(np_.float16),))),
    "linearize_tangent_shape": lambda jx, np_: lambda x: jx.linearize(
        lambda a: a * 2, x)[1](np.ones(4, F32)),
    "linearize_tangent_shape_under_jit": lambda jx, np_: jx.jit(
        lambda x: jx.linearize(lambda a: a * 2, x)[1](np.ones(4, F32))),
    "linearize_tangent_count": lambda jx, np_: lambda x: jx.linearize(
        lambda a: a * 2, x)[1](x, x),
    "transpose_cotangent_shape": lambda jx, np_: lambda x: (
        jx.linear_transpose(lambda a: a * 2, x)(np.ones(4, F32))),
    "transpose_cotangent_dtype": lambda jx, np_: lambda x: (
        jx.linear_transpose(lambda a: a * 2, x)(np.ones(3, np.float16))),
    "transpose_cotangent_tree": lambda jx, np_: lambda x: (
        jx.linear_transpose(lambda a: a * 2, x)((x,))),
    "grad_of_none": lambda jx, np_: jx.grad(lambda a: None),
    "grad_shape_1_output": lambda jx, np_: jx.grad(lambda a: np_.sum(
        a).reshape(1, 1)),
    "grad_complex_output": lambda jx, np_: jx.grad(lambda a: np_.sum(a) * (
        1 + 1j)),
    "grad_bool_input": lambda jx, np_: lambda x: jx.grad(lambda a: 1.0)(True),
    "grad_of_string": lambda jx, np_: jx.grad(lambda a: "s"),
    "grad_not_callable": lambda jx, np_: lambda x: jx.grad(3)(x),
    "grad_argnums_float": lambda jx, np_: jx.grad(lambda a: a, argnums=0.0),
    "grad_keyword_only": lambda jx, np_: lambda x: jx.grad(
        lambda a: a * 2)(a=x[0]),
    "value_and_grad_no_arguments": lambda jx, np_: lambda x: (
        jx.value_and_grad(lambda: 1.0)()),
    "jacrev_int_input": lambda jx, np_: lambda x: jx.jacrev(
        lambda a: a * 2)(np.arange(3)),
    "hessian_int_input": lambda jx, np_: lambda x: jx.hessian(
        lambda a: a * 2)(3),
    "custom_vjp_in_forward_mode_inside_jit": lambda jx, np_: jx.jit(
        lambda x: jx.jvp(_tanh_vjp(jx, np_), (x,), (x,))),
}


@pytest.mark.parametrize("name", list(_ERRORS))
def test_errors(name):
    make = _ERRORS[name]
    with pytest.raises(Exception) as want:
        make(jax, rjnp)(rjnp.asarray(_X3))
    raises_like(want.value, lambda: make(jxp, jnp)(_X3))


# ---------------------------------------------------------------------------
# Caching: eager differentiated calls compile once
# ---------------------------------------------------------------------------


@pytest.fixture
def compiles(monkeypatch):
    """The number of XLA compilations since the fixture was set up."""
    from jxp._src import runtime
    count = [0]
    real = runtime.compile

    def counting(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(runtime, "compile", counting)
    return count


def test_eager_differentiated_calls_compile_once(compiles):
    x, y = normal(3), normal(3)

    def loss_for_cache(a, b):
        return jnp.sum(jnp.sin(a) * b)
    vg = jxp.value_and_grad(loss_for_cache, argnums=(0, 1))
    first = vg(x, y)
    n = compiles[0]
    assert n >= 1
    # New values of the same types, NumPy or jxp arrays: no compilation.
    vg(normal(3), normal(3))
    vg(jnp.asarray(x), jnp.asarray(y))
    assert compiles[0] == n
    for a, b in zip(jxp.tree_util.tree_leaves(vg(x, y)),
                    jxp.tree_util.tree_leaves(first)):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    # A new input type compiles once more.
    vg(normal(4), normal(4))
    vg(normal(4), normal(4))
    assert compiles[0] == n + 1

    g = jxp.grad(loss_for_cache)
    g(x, y)
    n = compiles[0]
    g(y, x)
    assert compiles[0] == n

    for make in (jxp.jacfwd, jxp.jacrev, jxp.hessian):
        j = make(lambda a: jnp.sum(jnp.tanh(a) * a))
        j(x)
        n = compiles[0]
        j(y)
        assert compiles[0] == n

    f_t = jxp.linear_transpose(lambda a: a * 2.0, x)
    f_t(y)
    n = compiles[0]
    f_t(x)
    assert compiles[0] == n


def test_eager_jvp_vjp_linearize_of_one_function_compile_once(compiles):
    x, y = normal(3), normal(3)

    def tanh_twice(a):
        return jnp.tanh(a) * 2

    jxp.jvp(tanh_twice, (x,), (y,))
    n = compiles[0]
    jxp.jvp(tanh_twice, (y,), (x,))
    assert compiles[0] == n
    _, f_vjp = jxp.vjp(tanh_twice, x)
    f_vjp(y)
    n = compiles[0]
    _, f_vjp = jxp.vjp(tanh_twice, y)
    f_vjp(x)
    f_vjp(y)
    assert compiles[0] == n
    _, f_lin = jxp.linearize(tanh_twice, x)
    f_lin(y)
    n = compiles[0]
    _, f_lin = jxp.linearize(tanh_twice, y)
    f_lin(x)
    assert compiles[0] == n
