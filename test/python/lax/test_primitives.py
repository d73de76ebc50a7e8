"""jxp.lax's primitive objects against JAX's: the same names and
`multiple_results`, and `bind` with the parameters of JAX's own jaxprs.

Each group below is a JAX function; JAX traces it to a jaxpr, and jxp
evaluates that jaxpr equation by equation, binding jxp.lax's primitive of
each equation's name with the equation's parameters (which come from JAX,
not from this file). The results must equal JAX's, under jxp's jit, and
for the differentiable groups so must the gradients.
"""

import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax as jlax

import jxp
import jxp.lax as xlax
from jxp._src.lax.jax_primitives import PRIMITIVES, eval_jaxpr
from jxp_test_util import assert_same

RNG = np.random.default_rng(0)
X = RNG.normal(size=(4, 6)).astype(np.float32)
Y = RNG.normal(size=(4, 6)).astype(np.float32)
P = np.abs(X) + 0.5
I = RNG.integers(-50, 50, size=(4, 6)).astype(np.int32)
J = RNG.integers(1, 7, size=(4, 6)).astype(np.int32)
U = RNG.integers(0, 2**32 - 1, size=(4, 6), dtype=np.uint32)
B = X > 0
SPECIAL = np.array([np.nan, -np.nan, -np.inf, -1.5, -0.0, 0.0, 2.0, np.inf],
                   np.float32)


def elementwise(x, y, p, i, j, u, b, s):
    out = [jlax.acos(jnp.tanh(x)), jlax.acosh(p + 1), jlax.asin(jnp.tanh(x)),
           jlax.asinh(x), jlax.atan(x), jlax.atanh(jnp.tanh(x) * 0.9),
           jlax.sinh(x), jlax.cosh(x), jlax.square(x), jlax.exp2(x),
           jlax.exp(x), jlax.log(p), jlax.log1p(p), jlax.expm1(x),
           jlax.sin(x), jlax.cos(x), jlax.tan(x), jlax.tanh(x),
           jlax.logistic(x), jlax.sqrt(p), jlax.rsqrt(p), jlax.cbrt(x),
           jlax.round(x * 3), jlax.round(x * 3, jlax.RoundingMethod.TO_NEAREST_EVEN),
           jlax.integer_pow(x, 3), jlax.integer_pow(x, -2), jlax.neg(x),
           jlax.sign(x), jlax.floor(x), jlax.ceil(x), jlax.abs(x),
           jlax.is_finite(x / 0), jlax.erf(x), jlax.erfc(x),
           jlax.erf_inv(jnp.tanh(x)), jlax.lgamma(p), jlax.digamma(p),
           jlax.bessel_i0e(x), jlax.bessel_i1e(x), jlax.igamma(p, y * y),
           jlax.igammac(p, y * y), jlax.igamma_grad_a(p, y * y),
           jlax.random_gamma_grad(p, y * y),
           jlax.betainc(p, p + 1, jnp.abs(jnp.tanh(y))),
           jlax.polygamma(jnp.float32(1), p), jlax.zeta(p + 1, p),
           jlax.add(x, y), jlax.sub(x, y), jlax.mul(x, y), jlax.div(x, y),
           jlax.rem(x, y), jlax.pow(p, y), jlax.max(x, y), jlax.min(x, y),
           jlax.atan2(x, y), jlax.nextafter(x, y), jlax.clamp(
               jnp.float32(-0.5), x, jnp.float32(0.5)),
           jlax.select_n(b, x, y), jlax.select_n(j % 3, x, y, x * y),
           jlax.eq(x, y), jlax.ne(i, j), jlax.lt(x, y), jlax.le(i, j),
           jlax.gt(x, y), jlax.ge(i, j), jlax.population_count(i),
           jlax.clz(i), jlax.bitwise_not(i), jlax.bitwise_and(i, j),
           jlax.bitwise_or(u, u >> 3), jlax.bitwise_xor(b, y > 0),
           jlax.shift_left(i, j), jlax.shift_right_logical(u, j.astype(u.dtype)),
           jlax.shift_right_arithmetic(i, j), jlax.real(jlax.complex(x, y)),
           jlax.imag(jlax.complex(x, y)), jlax.conj(jlax.complex(x, y)),
           jlax.conj(x), jlax.reduce_precision(x, 5, 10),
           jlax.convert_element_type(x, jnp.int32),
           jlax.bitcast_convert_type(x, jnp.uint32),
           jlax.stop_gradient(x), jlax.optimization_barrier((x, i))[0],
           jlax.mul(s, s), jlax.sub(s, s)]
    return out


def shapes(x, i):
    return [jlax.broadcast_in_dim(x, (2, 4, 6), (1, 2)),
            jlax.reshape(x, (6, 4)), jlax.reshape(x, (24,), (1, 0)),
            jlax.squeeze(x[None], (0,)), jlax.transpose(x, (1, 0)),
            jlax.rev(x, (0, 1)), jlax.slice(x, (1, 0), (4, 5), (2, 2)),
            jlax.dynamic_slice(x, (i[0, 0] % 3, jnp.int32(2)), (2, 3)),
            jlax.dynamic_update_slice(x, x[:2, :2] * 2, (jnp.int32(1),
                                                         i[0, 1] % 4)),
            jlax.concatenate([x, x * 2, x * 3], 1),
            jlax.pad(x, jnp.float32(-1), [(1, 2, 1), (-1, 0, 0)]),
            *jlax.split(x, (2, 1, 3), axis=1), jnp.tile(x, (2, 1)),
            jnp.stack([x, x + 1], axis=1), *jnp.unstack(x, axis=1),
            jlax.iota(jnp.int32, 5),
            jlax.broadcasted_iota(jnp.float32, (3, 4), 1)]


def indexing(x, i):
    idx = jnp.abs(i[:, :2]) % 4
    return [x[jnp.array([0, 3, 1])], x[idx[:, 0], idx[:, 1]],
            jnp.take(x, jnp.array([9, -1]), axis=1, mode="fill",
                     fill_value=7.0),
            x.at[idx[:, 0]].set(5.0), x.at[idx[:, 0]].add(1.0),
            x.at[idx[:, 0], 1].mul(3.0), x.at[idx[:, 0]].min(0.0),
            x.at[idx[:, 0]].max(0.0), x.at[idx[:, 1], 2].subtract(x[:, 0]),
            x.at[2].apply(jnp.sin), x.at[9].set(1.0, mode="drop")]


def reductions(x, i, b):
    return [jlax.reduce_sum(x, (0,)), jlax.reduce_prod(x, (1,)),
            jlax.reduce_max(x, (0, 1)), jlax.reduce_min(i, (0,)),
            jlax.reduce_and(b, (1,)), jlax.reduce_or(b, (0,)),
            jlax.reduce_xor(i, (1,)), jlax.argmax(x, 1, jnp.int32),
            jlax.argmin(x, 0, jnp.int32), jlax.cumsum(x, 1),
            jlax.cumprod(x, 0, reverse=True), jlax.cummax(x, 1),
            jlax.cummin(i, 0, reverse=True), jlax.cumlogsumexp(x, 1),
            *jlax.sort((x, i), dimension=0, num_keys=1),
            jlax.sort(x, dimension=1), *jlax.top_k(x, 3),
            *jlax.approx_max_k(x, 2), *jlax.approx_min_k(x, 2),
            jlax.reduce(x, -jnp.float32(np.inf),
                        lambda a, c: jnp.maximum(a, c) * 1.0, (0,)),
            *jlax.reduce((x, i), (jnp.float32(0), jnp.int32(1)),
                         lambda a, c: (a[0] + c[0], a[1] * c[1]), (1,))]


def windows(x, differentiable_only=False):
    x4 = x[None, None]
    # (JAX differentiates neither max pooling with window dilation nor a
    # general computation.)
    extra = [] if differentiable_only else [
        jlax.reduce_window(x, -jnp.inf, jlax.max, (2, 2), (2, 1),
                           ((1, 0), (0, 1)), (1, 2), (2, 1)),
        jlax.reduce_window(x, jnp.float32(1), lambda a, c: a * c, (2, 2),
                           (1, 2), ((1, 1), (0, 1)), (2, 1))]
    return extra + [
            jlax.reduce_window(x, 0.0, jlax.add, (2, 3), (1, 2), "SAME"),
            jlax.reduce_window(x, -jnp.inf, jlax.max, (2, 2), (2, 1),
                               ((1, 0), (0, 1)), (1, 1), (1, 1)),
            jlax.reduce_window(x, jnp.inf, jlax.min, (3, 2), (1, 1), "VALID"),
            jlax.conv_general_dilated(x4, x4[..., :2, :3], (1, 2),
                                      ((1, 0), (0, 2)), (1, 1), (2, 1)),
            jlax.conv_general_dilated(jnp.transpose(x4, (0, 2, 3, 1)),
                                      jnp.ones((2, 2, 1, 3), jnp.float32),
                                      (1, 1), "SAME",
                                      dimension_numbers=("NHWC", "HWIO",
                                                         "NHWC")),
            jlax.dot_general(x, x, (((1,), (1,)), ((), ()))),
            jnp.fft.fft(x), jnp.fft.irfft(jnp.fft.rfft(x))]


def control(x, i, with_while=True):
    def body(c, a):
        return c * 0.5 + a, jnp.sin(c)
    carry, ys = jlax.scan(body, x[0], x)
    r_carry, _ = jlax.scan(body, x[0], x, reverse=True)
    # (JAX cannot reverse-differentiate while loops.)
    w = jlax.while_loop(lambda c: c[0] < 5, lambda c: (c[0] + 1, c[1] * 1.5),
                        (i[0, 0] % 3, x[1])) if with_while else (x[1], x[1])
    c = jlax.cond(x[0, 0] > 0, lambda a: a * 2, lambda a: -a, x[2])
    s = jlax.switch(i[0, 1] % 3, [jnp.sin, jnp.cos, jnp.tanh], x[3])
    fi = jlax.fori_loop(0, 3, lambda k, a: a + k, x[0])
    m = jnp.eye(6) * 3 + 0.1
    sol = jlax.custom_linear_solve(lambda v: m @ v, x[0],
                                   lambda mv, b: b / jnp.diagonal(m),
                                   lambda mv, b: b / jnp.diagonal(m))
    return [carry, ys, r_carry, w[0], w[1], c, s, fi, sol]


GROUPS = {
    "elementwise": (elementwise, (X, Y, P, I, J, U, B, SPECIAL)),
    "shapes": (shapes, (X, I)),
    "indexing": (indexing, (X, I)),
    "reductions": (reductions, (X, I, B)),
    "windows": (windows, (X,)),
    "control": (control, (X, I)),
}


def _jxp_eval(closed):
    return jxp.jit(lambda *args: eval_jaxpr(closed, (), *args))


def _compare(got, want, rtol=2e-6, atol=1e-6):
    assert len(got) == len(want)
    for k, (g, w) in enumerate(zip(got, want)):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape, (k, g.dtype, w.dtype,
                                                          g.shape, w.shape)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol,
                                   err_msg=f"output {k}")


@pytest.mark.parametrize("group", list(GROUPS))
def test_jax_jaxpr_evaluates_in_jxp(group):
    fn, args = GROUPS[group]
    closed = jax.make_jaxpr(fn)(*args)
    want = jax.jit(fn)(*args)
    _compare(_jxp_eval(closed)(*args), want,
             rtol=1e-5 if group in ("windows", "control") else 2e-6)


def _names_in(jaxpr, acc):
    for eqn in jaxpr.eqns:
        acc.add(eqn.primitive.name)
        for v in eqn.params.values():
            for sub in (v if isinstance(v, (tuple, list)) else [v]):
                inner = getattr(sub, "jaxpr", sub)
                if hasattr(inner, "eqns"):
                    _names_in(inner, acc)
    return acc


# Primitives that need an axis context or a token, or are bound directly.
BOUND_DIRECTLY = {"copy", "eq_to", "le_to", "lt_to", "mulhi", "psum", "pmax",
                  "pmin", "ppermute", "all_gather", "all_to_all",
                  "axis_index", "device_put", "select_and_gather_add",
                  "select_and_scatter_add", "stop_gradient",
                  "rng_bit_generator", "rng_uniform"}


def test_every_primitive_matches_jax_and_is_exercised():
    exercised = set()
    for fn, args in GROUPS.values():
        _names_in(jax.make_jaxpr(fn)(*args).jaxpr, exercised)
    names = sorted(n for n in dir(jxp.lax) if n.endswith("_p")
                   and hasattr(jlax, n))
    assert len(names) >= 140
    for n in names:
        ours, theirs = getattr(xlax, n), getattr(jlax, n)
        assert ours.name == theirs.name, n
        assert ours.multiple_results == theirs.multiple_results, n
        assert PRIMITIVES[ours.name] is ours
        assert ours.name in exercised or ours.name in BOUND_DIRECTLY, (
            f"{n} is not tested")


def test_gradients_through_jax_jaxprs():
    def loss(x, y):
        outs = control(x, I, with_while=False) + windows(x, True)
        outs += [jlax.cumlogsumexp(x, 1), jlax.reduce_max(x, (1,)),
                 jlax.sort(x * y, dimension=1), jlax.integer_pow(y, 3),
                 jnp.take_along_axis(x, jnp.argsort(y, axis=1), axis=1),
                 jlax.dynamic_slice(x * y, (1, 2), (2, 2))]
        return sum(jnp.sum(jnp.sin(jnp.real(o) + jnp.imag(o))) for o in outs)

    closed = jax.make_jaxpr(loss)(X, Y)
    got = jxp.jit(jxp.grad(lambda x, y: eval_jaxpr(closed, (), x, y)[0],
                           argnums=(0, 1)))(X, Y)
    want = jax.grad(loss, argnums=(0, 1))(X, Y)
    _compare(got, want, rtol=2e-4, atol=2e-5)


def test_bind_directly_with_jax_parameters():
    f = jxp.jit(lambda x, y, i, j, u: [
        xlax.copy_p.bind(x), xlax.stop_gradient_p.bind(x),
        xlax.eq_to_p.bind(x, y), xlax.le_to_p.bind(x, y),
        xlax.lt_to_p.bind(x, y), xlax.lt_to_p.bind(i, j),
        xlax.mulhi_p.bind(i, j * 9999991), xlax.mulhi_p.bind(u, u),
        xlax.exp_p.bind(x, accuracy=None), xlax.mul_p.bind(x, y, out_dtype=None),
        xlax.reduce_sum_p.bind(x, axes=(0,), out_sharding=None)])
    s = np.array(np.meshgrid(SPECIAL, SPECIAL)).reshape(2, -1)
    got = f(s[0], s[1], I, J, U)
    sx, sy = jnp.asarray(s[0]), jnp.asarray(s[1])
    want = [sx, sx, jlax.eq_to_p.bind(sx, sy), jlax.le_to_p.bind(sx, sy),
            jlax.lt_to_p.bind(sx, sy), jlax.lt_to_p.bind(I, J),
            jlax.mulhi_p.bind(I, J * 9999991), jlax.mulhi_p.bind(U, U),
            jnp.exp(sx), sx * sy, jnp.sum(sx, 0)]
    # NaN == NaN compares equal here on purpose: copies keep NaNs.
    for k, (g, w) in enumerate(zip(got, want)):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w),
                                      err_msg=str(k))
    with pytest.raises(NotImplementedError, match="accuracy"):
        xlax.exp_p.bind(X, accuracy=object())
    with pytest.raises(TypeError, match="unexpected"):
        xlax.sin_p.bind(X, bogus=1)


def test_window_tangent_primitives():
    params = dict(window_dimensions=(2, 2), window_strides=(2, 1),
                  padding=((0, 1), (1, 0)))
    gather = dict(params, base_dilation=(1, 1), window_dilation=(1, 1))
    for sel in ("ge", "le"):
        jsel, xsel = getattr(jlax, f"{sel}_p"), getattr(xlax, f"{sel}_p")
        want_g = jlax.select_and_gather_add_p.bind(Y, X, select_prim=jsel,
                                                   **gather)
        got_g = jxp.jit(lambda t, x: xlax.select_and_gather_add_p.bind(
            t, x, select_prim=xsel, **gather))(Y, X)
        src = np.asarray(want_g)
        want_s = jlax.select_and_scatter_add_p.bind(src, X, select_prim=jsel,
                                                    **params)
        got_s = xlax.select_and_scatter_add_p.bind(src, X, select_prim=jsel,
                                                   **params)
        _compare([got_g, got_s], [want_g, want_s])
    with pytest.raises(TypeError, match="source"):
        xlax.select_and_scatter_add_p.bind(X, X, select_prim="ge", **params)


_COLLECTIVES = r"""
import numpy as np
import jxp
import jxp.lax as xlax
jxp.config.update("jax_num_cpu_devices", 2)
mesh = jxp.make_mesh((2,), ("i",))
spec = jxp.sharding.PartitionSpec("i")


def body(a):
    return [xlax.psum_p.bind(a, axes=("i",), axis_index_groups=None),
            xlax.pmax_p.bind(a, axes=("i",), axis_index_groups=None),
            xlax.pmin_p.bind(a, axes=("i",), axis_index_groups=None),
            xlax.ppermute_p.bind(a, axis_name=("i",), perm=((0, 1), (1, 0))),
            xlax.all_to_all_p.bind(a, split_axis=0, concat_axis=0,
                                   axis_name="i", axis_index_groups=None,
                                   tiled=True),
            a + xlax.axis_index_p.bind(axis_name="i")]


def gathered(a):
    return xlax.all_gather_p.bind(a, all_gather_dimension=0, axis_name=("i",),
                                  axis_index_groups=None, axis_size=2,
                                  tiled=True)


x = np.arange(24, dtype=np.float32).reshape(4, 6)
got = jxp.jit(jxp.shard_map(body, mesh=mesh, in_specs=spec,
                            out_specs=spec, check_vma=False))(x)
g = jxp.jit(jxp.shard_map(gathered, mesh=mesh, in_specs=spec,
                          out_specs=jxp.sharding.PartitionSpec(),
                          check_vma=False))(x)
halves = x.reshape(2, 2, 6)
want = [np.tile(halves.sum(0), (2, 1)), np.tile(halves.max(0), (2, 1)),
        np.tile(halves.min(0), (2, 1)), x[[2, 3, 0, 1]], x[[0, 2, 1, 3]],
        x + np.repeat([0, 1], 2)[:, None], x]
for k, (a, b) in enumerate(zip(got + [g], want)):
    np.testing.assert_array_equal(np.asarray(a), b, err_msg=str(k))
print("OK")
"""


def test_collective_primitives_in_shard_map():
    # Two CPU devices need a process of their own (fixed at backend start).
    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(jxp.__file__))
    env["PYTHONPATH"] = os.pathsep.join([root, env.get("PYTHONPATH", "")])
    proc = subprocess.run([sys.executable, "-c", _COLLECTIVES],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0 and "OK" in proc.stdout, proc.stderr[-4000:]


def test_device_put_primitive():
    out = xlax.device_put_p.bind(X, devices=(jax.devices()[0],), srcs=(None,),
                                 copy_semantics=(None,))
    assert out[0].devices() == {jxp.devices()[0]}
    np.testing.assert_array_equal(np.asarray(out[0]), X)


def test_dot_algorithm_presets():
    # Values and dtypes as JAX's on CPU: operands converted to the
    # algorithm's input type, accumulated in its type, the result in the
    # usual type; the presets XLA's CPU backend lacks are a ValueError.
    presets = list(jlax.DotAlgorithmPreset)
    supported = []
    for p in presets:
        try:
            jlax.dot(X[:2], Y.T[:, :2], precision=p)
            supported.append(p.name)
        except ValueError:
            with pytest.raises(ValueError, match="not supported"):
                xlax.dot(X[:2], Y.T[:, :2],
                         precision=getattr(xlax.DotAlgorithmPreset, p.name))
    assert len(supported) == 7
    assert [p.name for p in xlax.DotAlgorithmPreset] == [p.name for p in presets]
    for dt in (np.float32, np.float16):
        a, b = X.astype(dt), Y.T.astype(dt)
        got = jxp.jit(lambda a, b: [xlax.dot(a, b, precision=n) for n in
                                    supported])(a, b)
        want = [jlax.dot(a, b, precision=n) for n in supported]
        for g, w, n in zip(got, want, supported):
            assert np.asarray(g).dtype == np.asarray(w).dtype, n
            np.testing.assert_array_equal(np.asarray(g), np.asarray(w),
                                          err_msg=n)
    algo = xlax.DotAlgorithm(np.float32, np.float32, np.float32)
    with pytest.raises(ValueError, match="not supported"):
        xlax.dot(X, Y.T, precision=algo)


def test_rng_bit_generator_and_rng_uniform():
    key = np.array([1, 2, 3, 4], np.uint32)
    algorithms = list(jlax.RandomAlgorithm)
    dts = (np.uint8, np.uint16, np.uint32)
    got = jxp.jit(lambda k: [xlax.rng_bit_generator(k, (3, 5), dt, int(a))
                             for a in algorithms for dt in dts])(key)
    want = [jlax.rng_bit_generator(key, (3, 5), dt, a)
            for a in algorithms for dt in dts]
    eager = xlax.rng_bit_generator_p.bind(
        key, shape=(2,), dtype=np.dtype(np.uint32),
        algorithm=jlax.RandomAlgorithm.RNG_PHILOX, out_sharding=None)
    want_eager = jlax.rng_bit_generator_p.bind(
        key, shape=(2,), dtype=np.dtype(np.uint32),
        algorithm=jlax.RandomAlgorithm.RNG_PHILOX, out_sharding=None)
    # vmap uses the first key for the whole batch, as JAX's rule does.
    keys = np.arange(12, dtype=np.uint32).reshape(3, 4)
    vgot = jxp.vmap(lambda k: xlax.rng_bit_generator(k, (2,)))(keys)
    vwant = jax.vmap(lambda k: jlax.rng_bit_generator(k, (2,)))(keys)
    for g, w in zip([x for pair in got + [eager] + [vgot] for x in pair],
                    [x for pair in want + [want_eager] + [vwant] for x in pair]):
        assert np.asarray(g).dtype == np.asarray(w).dtype
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))
    with pytest.raises(TypeError, match="unsupported dtype"):
        xlax.rng_bit_generator(key, (2,), np.int32)
    with pytest.raises(TypeError, match="uint32"):
        xlax.rng_bit_generator(key[:3], (2,))

    # rng_uniform is XLA's stateful generator: only its range, type and
    # independence can be compared with JAX's.
    a, b = jxp.jit(lambda: (xlax.rng_uniform(0.0, 1.0, (1000,)),
                            xlax.rng_uniform(0.0, 1.0, (1000,))))()
    ja = jlax.rng_uniform(0.0, 1.0, (1000,))
    assert a.dtype == ja.dtype and a.weak_type == ja.aval.weak_type
    assert 0 <= float(a.min()) and float(a.max()) < 1
    assert not np.array_equal(np.asarray(a), np.asarray(b))
    ints = xlax.rng_uniform(np.int32(3), np.int32(7), (200,))
    assert ints.dtype == np.int32 and set(np.unique(ints)) <= {3, 4, 5, 6}
    with pytest.raises(ValueError, match="identical dtypes"):
        xlax.rng_uniform(np.float32(0), np.int32(1), (2,))
    with pytest.raises(NotImplementedError, match="Differentiation rule"):
        jxp.grad(lambda x: xlax.rng_uniform(x, 2.0, ()))(1.0)


def test_random_gamma_primitive():
    a = np.array([[0.5, 1.0, 3.0], [0.01, 7.5, 2.0]], np.float32)
    for log_space in (False, True):
        want = jax.random.random_gamma_p.bind(jax.random.key(3), a,
                                              log_space=log_space)
        got = jxp.random.random_gamma_p.bind(jxp.random.key(3), a,
                                             log_space=log_space)
        np.testing.assert_allclose(np.asarray(got), np.asarray(want),
                                   rtol=2e-6)
    assert jxp.random.random_gamma_p.name == jax.random.random_gamma_p.name
    assert not jxp.random.random_gamma_p.multiple_results


def _named_add(a, b):
    return a * b


_named_add.__name__ = "add"  # a user's function called add is no lax.add


def test_reduce_window_general_computations():
    # Padding and base-dilation holes hold no element (the init counts
    # once per window), any computation, several operands.
    x = np.arange(1, 5, dtype=np.float32)
    x2 = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
    f32 = np.float32
    cases = [
        lambda L: L.reduce_window(x, f32(5), L.add, (2,), (1,), ((1, 0),)),
        lambda L: L.reduce_window(x, f32(5), L.add, (2,), (1,), ((0, 0),),
                                  (2,)),
        lambda L: L.reduce_window(x, f32(2), L.mul, (2,), (1,), ((1, 0),)),
        lambda L: L.reduce_window(x, f32(1), _named_add, (2,), (1,), "VALID"),
        lambda L: L.reduce_window(x2, f32(0.5), lambda a, b: a * b - 0.25,
                                  (2, 3), (1, 2), ((1, 1), (0, 2)), (2, 1),
                                  (1, 2)),
        lambda L: L.reduce_window(
            (x2, x2), (f32(0), f32(1)),
            lambda a, b: (a[0] + b[0], a[1] * b[1]), (2, 2), (1, 1),
            ((1, 0), (0, 1))),
        lambda L: L.reduce_window(x2, f32(3), L.max, (2, 2), (1, 1),
                                  ((1, 0), (0, 1)), (1, 2)),
    ]
    got = jxp.jit(lambda: [c(xlax) for c in cases])()
    for k, (c, g) in enumerate(zip(cases, got)):
        for a, b in zip(jax.tree_util.tree_leaves(g),
                        jax.tree_util.tree_leaves(c(jlax))):
            np.testing.assert_allclose(np.asarray(a), np.asarray(b),
                                       rtol=1e-6, err_msg=str(k))


def test_dot_algorithms_from_jax_jaxprs_and_mixed_types():
    import ml_dtypes
    x = RNG.normal(size=(4, 64)).astype(np.float32)

    def f(x):
        return jlax.dot_general(x, x, (((1,), (1,)), ((), ())),
                                precision=jlax.DotAlgorithmPreset.F16_F16_F16)
    got = eval_jaxpr(jax.make_jaxpr(f)(x), (), x)[0]
    np.testing.assert_array_equal(np.asarray(got), np.asarray(f(x)))
    b = x.astype(ml_dtypes.bfloat16)
    for p in ("DEFAULT", "BF16_BF16_F32", "F32_F32_F32"):
        want, g = jlax.dot(x, b.T, precision=p), xlax.dot(x, b.T, precision=p)
        assert g.dtype == want.dtype
        np.testing.assert_array_equal(np.asarray(g), np.asarray(want))
    key = np.arange(4, dtype=np.uint32)  # uint64 bits are uint32 in x32
    for g, w in zip(xlax.rng_bit_generator(key, (2, 3), np.uint64),
                    jlax.rng_bit_generator(key, (2, 3), np.uint64)):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))
