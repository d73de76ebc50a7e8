"""jxp.lax's special functions and bit-level elementwise ops (erfc, lgamma,
digamma, bessel_i0e, bessel_i1e, polygamma, zeta, nextafter,
population_count, clz, reduce_precision) against jax.lax: values (bit for
bit), dtypes, weak types and error classes, eagerly and under jit; their
derivatives (grad, second derivatives, jvp) at the special points (zero,
negative integers and the poles next to them, large and non-finite
arguments) and vmap over each argument."""

import jax
import ml_dtypes
import numpy as np
import pytest
from jax import lax as jl

import jxp
from jxp import lax as xl

from jxp_test_util import jax_weak_type, raises_like

# Each side of a differential check: the library and its lax.
JXP = (jxp, xl)
JAX = (jax, jl)

F32 = np.float32
TINY = np.finfo(F32).tiny
DENORM = np.float32(1e-45)


def _same(got, want, rtol=0.0, atol=0.0):
    """One jxp result equals JAX's: type, shape, dtype, weak type, and the
    values bit for bit (rtol=atol=0; NaN matches NaN, -0 only matches -0)
    or to the given tolerance."""
    got_leaves = jxp.tree_util.tree_leaves(got)
    want_leaves = jax.tree_util.tree_leaves(want)
    assert len(got_leaves) == len(want_leaves)
    for g, w in zip(got_leaves, want_leaves):
        assert isinstance(g, jxp.Array), type(g)
        assert g.shape == w.shape, (g.shape, w.shape)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        assert g.weak_type == jax_weak_type(w), (g.weak_type,
                                                 jax_weak_type(w))
        gv, wv = np.asarray(g), np.asarray(w)
        if wv.dtype == ml_dtypes.bfloat16:
            gv, wv = gv.astype(F32), wv.astype(F32)
        if rtol == 0.0 and atol == 0.0:
            np.testing.assert_array_equal(gv, wv)
            if np.issubdtype(wv.dtype, np.floating):
                # Signs of zeros too.
                gs = np.signbit(gv.astype(np.float32))
                ws = np.signbit(wv.astype(np.float32))
                ok = ~np.isnan(wv.astype(np.float32))
                np.testing.assert_array_equal(gs[ok], ws[ok])
        else:
            np.testing.assert_allclose(gv.astype(np.float64),
                                       wv.astype(np.float64), rtol=rtol,
                                       atol=atol, equal_nan=True)


def _both(fn, *args, rtol=0.0, atol=0.0, jit=True):
    """fn(lib, lax)(*args) in jxp equals it in JAX, eagerly and (with
    jit=True) under each library's jit."""
    want = fn(*JAX)(*args)
    _same(fn(*JXP)(*args), want, rtol, atol)
    if jit:
        _same(jxp.jit(fn(*JXP))(*args), jax.jit(fn(*JAX))(*args), rtol,
              atol)


def _errors_like(fn, *args):
    """fn(lib, lax)(*args) raises in JAX, and jxp raises the same class."""
    with pytest.raises(Exception) as want:
        fn(*JAX)(*args)
    raises_like(want.value, lambda: fn(*JXP)(*args))


# ---------------------------------------------------------------------------
# Unary special functions
# ---------------------------------------------------------------------------

_NONFINITE = [np.inf, -np.inf, np.nan]
SPECIAL_POINTS = {
    "erfc": [0.0, -0.0, 1e-3, -1e-3, 0.5, -0.5, 1.0, -1.0, 3.0, -3.0, 4.5,
             9.0, -9.0, 10.5, 30.0, -30.0, TINY, DENORM] + _NONFINITE,
    # Zero, the negative integers (poles), their float32 neighbours, the
    # half integers between them and large arguments.
    "lgamma": [0.0, -0.0, 1e-3, -1e-3, 0.5, 1.0, 2.0, 2.5, 10.0, -1.0,
               -2.0, -3.0, -0.5, -1.5, -2.5, np.nextafter(F32(-1), F32(0)),
               np.nextafter(F32(-1), F32(-2)), np.nextafter(F32(-2), F32(0)),
               -1.001, -4.999, 1e4, 1e10, 1e30, 3e38, TINY, DENORM]
    + _NONFINITE,
    "digamma": [0.0, -0.0, 1e-3, -1e-3, 0.5, 1.0, 1.4616321, 2.0, 10.0,
                -1.0, -2.0, -10.0, -0.5, -1.5, -2.5,
                np.nextafter(F32(-1), F32(0)), np.nextafter(F32(-1), F32(-2)),
                -1.001, -4.999, 1e4, 1e10, 1e30, TINY, DENORM] + _NONFINITE,
    # Both sides of the Chebyshev interval boundary at |x| = 8.
    "bessel_i0e": [0.0, -0.0, 1e-3, -1e-3, 1.0, -1.0, 7.99, 8.0, 8.01, -8.0,
                   20.0, -20.0, 1e4, 1e30, TINY] + _NONFINITE,
    "bessel_i1e": [0.0, -0.0, 1e-3, -1e-3, 1.0, -1.0, 7.99, 8.0, 8.01, -8.0,
                   20.0, -20.0, 1e4, 1e30, TINY, DENORM] + _NONFINITE,
}
UNARY = sorted(SPECIAL_POINTS)


def _points(name, dtype=F32):
    return np.array(SPECIAL_POINTS[name], dtype)


@pytest.mark.parametrize("name", UNARY)
def test_unary_values(name):
    """Values at the special points and on a grid, in float32, float16 and
    bfloat16, from arrays, numpy scalars and weak Python floats."""
    x = np.concatenate([_points(name),
                        np.linspace(-12, 12, 97, dtype=F32)])
    _both(lambda lib, lax: getattr(lax, name), x)
    for dt in (np.float16, ml_dtypes.bfloat16):
        with np.errstate(over="ignore"):
            _both(lambda lib, lax: getattr(lax, name), x.astype(dt))
    _both(lambda lib, lax: getattr(lax, name), F32(0.75), jit=False)
    _both(lambda lib, lax: lambda: getattr(lax, name)(0.75), jit=False)
    _both(lambda lib, lax: lambda: getattr(lax, name)(-0.0), jit=False)
    # Under jit a weak scalar stays weak.
    _both(lambda lib, lax: lambda t: getattr(lax, name)(t), 2.5)


@pytest.mark.parametrize("name", UNARY)
def test_unary_derivatives(name):
    """grad and grad-of-grad at every special point (each element's
    derivative via grad of a sum), jvp with a non-trivial tangent, and
    vmap of grad, under jit."""
    x = _points(name)
    t = np.linspace(-2, 2, x.size, dtype=F32)

    def first(lib, lax):
        f = getattr(lax, name)
        return lambda x, t: (lib.grad(lambda u: f(u).sum())(x),
                             lib.jvp(f, (x,), (t,)),
                             lib.vmap(lib.grad(f))(x))

    def second(lib, lax):
        f = getattr(lax, name)
        return lambda x: lib.grad(
            lambda u: lib.grad(lambda v: f(v).sum())(u).sum())(x)

    # Derivatives are compositions of other special functions; their last
    # bits may differ where XLA fuses them differently. Derivatives of the
    # Bessel functions cancel catastrophically for large |x| (i1e'(1e4) is
    # i0e - i1e - i1e/x ~ 2e-7; bessel_i0e'' at 1e30 is pure rounding
    # noise in both), hence the absolute tolerances.
    _both(first, x, t, rtol=2e-6, atol=1e-9)
    _both(second, x, rtol=2e-5, atol=1e-9)
    # Eager scalar grad at zero (bessel_i1e's x = 0, lgamma's pole) keeps
    # JAX's dtype and weak type.
    for p in (0.0, -1.0, 1.0):
        _same(jxp.grad(getattr(xl, name))(p),
              jax.grad(getattr(jl, name))(p), rtol=2e-6)


@pytest.mark.parametrize("name", UNARY)
def test_unary_vmap_and_errors(name):
    x = np.linspace(-3, 3, 24, dtype=F32).reshape(2, 3, 4)
    for axis in (0, 1, 2):
        _both(lambda lib, lax: lib.vmap(getattr(lax, name), in_axes=axis,
                                        out_axes=(axis + 1) % 3), x)
    # Integer, bool and complex operands are rejected.
    for bad in (np.int32(2), np.arange(3), True, np.complex64(1)):
        _errors_like(lambda lib, lax: getattr(lax, name), bad)
    # Differentiating an integer input is an error in both.
    _errors_like(lambda lib, lax: lib.grad(getattr(lax, name)), 2)


# ---------------------------------------------------------------------------
# Binary special functions
# ---------------------------------------------------------------------------

POLY_X = np.array([0.0, -0.0, 1e-3, 0.5, 1.0, 2.5, 10.0, 1e4, -1.0, -0.5,
                   -2.5, np.nextafter(F32(-1), F32(0)), 1e30, np.inf,
                   np.nan], F32)
POLY_M = np.array([0.0, 1.0, 2.0, 3.0, 5.0, 1.5, -1.0], F32)
ZETA_S = np.array([1.0, 1.5, 2.0, 3.0, 10.0, 0.5, -1.0, 40.0, np.inf], F32)
ZETA_Q = np.array([0.0, 1e-3, 0.5, 1.0, 2.0, 10.0, 1e4, -0.5, -2.0, np.inf,
                   np.nan], F32)


def test_polygamma_values_and_grad():
    m, x = POLY_M[:, None], POLY_X[None, :]
    # Not bit-exact today: 1 ulp off in places (e.g. m = 0 at x = 1e-3,
    # where JAX gives digamma's bits).
    _both(lambda lib, lax: lax.polygamma, m, x, rtol=3e-7)
    # Scalar weak m broadcast against an array; float16.
    _both(lambda lib, lax: lambda x: lax.polygamma(F32(2.0), x), POLY_X,
          rtol=3e-7)
    _both(lambda lib, lax: lax.polygamma,
          np.float16(1), POLY_X.astype(np.float16), rtol=1e-3)
    _both(lambda lib, lax: lambda: lax.polygamma(1.0, 2.5), jit=False)

    # Derivatives in x for the integer orders (non-integer orders give NaN
    # in both).
    mi = POLY_M[:5, None]

    def derivs(lib, lax):
        def run(m, x):
            g = lib.grad(lambda u: lax.polygamma(m, u).sum())(x)
            gg = lib.grad(lambda u: lib.grad(
                lambda v: lax.polygamma(m, v).sum())(u).sum())(x)
            jv = lib.jvp(lambda u: lax.polygamma(m, u), (x,),
                         (x * 0 + 0.5,))
            return g, gg, jv
        return run
    _both(derivs, np.broadcast_to(mi, (5, POLY_X.size)),
          np.broadcast_to(POLY_X, (5, POLY_X.size)), rtol=5e-6)
    # vmap over m only, x only, both.
    for axes in ((0, None), (None, 0), (0, 0), (1, 0)):
        a = np.broadcast_to(mi, (5, 6)).copy() if axes[0] is not None \
            else F32(2.0)
        b = np.linspace(0.5, 6, 30, dtype=F32).reshape(5, 6) \
            if axes[1] is not None else F32(1.5)
        if axes == (1, 0):
            a = a.T.copy()
        _both(lambda lib, lax: lib.vmap(lax.polygamma, in_axes=axes), a, b,
              rtol=3e-7)


def test_zeta_values():
    s, q = ZETA_S[:, None], ZETA_Q[None, :]
    _both(lambda lib, lax: lax.zeta, s, q)
    _both(lambda lib, lax: lax.zeta, s.astype(np.float16),
          q.astype(np.float16))
    _both(lambda lib, lax: lambda: lax.zeta(2.0, 1.0), jit=False)
    for axes in ((0, None), (None, 0), (0, 0)):
        a = np.linspace(1.5, 4, 6, dtype=F32) if axes[0] is not None \
            else F32(2.0)
        b = np.linspace(0.5, 6, 6, dtype=F32) if axes[1] is not None \
            else F32(1.5)
        _both(lambda lib, lax: lib.vmap(lax.zeta, in_axes=axes), a, b)


def test_nextafter_values():
    pts = np.array([0.0, -0.0, 1.0, -1.0, DENORM, -DENORM, TINY,
                    np.finfo(F32).max, -np.finfo(F32).max, np.inf, -np.inf,
                    np.nan, 1e-30, 3.5], F32)
    _both(lambda lib, lax: lax.nextafter, pts[:, None], pts[None, :])
    p16 = pts.astype(np.float16)
    _both(lambda lib, lax: lax.nextafter, p16[:, None], p16[None, :])
    pbf = pts.astype(ml_dtypes.bfloat16)
    _both(lambda lib, lax: lax.nextafter, pbf[:, None], pbf[None, :])
    _both(lambda lib, lax: lambda: lax.nextafter(1.0, 2.0), jit=False)
    for axes in ((0, None), (None, 0), (0, 0)):
        a = pts if axes[0] is not None else F32(1.0)
        b = pts[::-1].copy() if axes[1] is not None else F32(0.0)
        _both(lambda lib, lax: lib.vmap(lax.nextafter, in_axes=axes), a, b)


@pytest.mark.parametrize("name", ["polygamma", "zeta", "nextafter"])
def test_binary_errors(name):
    one = F32(1.0)
    for a, b in [(one, np.float16(2)), (np.int32(1), np.int32(2)),
                 (one, np.int32(2)), (True, True),
                 (np.complex64(1), np.complex64(2))]:
        _errors_like(lambda lib, lax: getattr(lax, name), a, b)
    # Incompatible shapes.
    _errors_like(lambda lib, lax: getattr(lax, name), np.ones(3, F32),
                 np.ones(4, F32))


def test_polygamma_order_not_differentiable():
    """JAX refuses to differentiate polygamma in its order m
    (ValueError)."""
    a, b = F32(2.0), F32(3.0)
    _errors_like(lambda lib, lax: lib.grad(lax.polygamma, 0), a, b)
    _errors_like(lambda lib, lax: lambda m, x: lib.jvp(
        lambda u: lax.polygamma(u, x), (m,), (F32(1),)), a, b)


@pytest.mark.parametrize("argnum", [0, 1])
def test_zeta_not_differentiable(argnum):
    """JAX 0.10.2 has no differentiation rule for zeta in either argument
    (NotImplementedError)."""
    _errors_like(lambda lib, lax: lib.grad(lax.zeta, argnum), F32(2.0),
                 F32(3.0))


@pytest.mark.parametrize("argnum", [0, 1])
def test_nextafter_not_differentiable(argnum):
    """JAX has no differentiation rule for nextafter
    (NotImplementedError)."""
    _errors_like(lambda lib, lax: lib.grad(lax.nextafter, argnum),
                 F32(2.0), F32(3.0))


# ---------------------------------------------------------------------------
# Bit counting
# ---------------------------------------------------------------------------

INT_DTYPES = [np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32]


def _int_points(dt):
    info = np.iinfo(dt)
    vals = [0, 1, 2, 3, 7, 8, 100, info.max, info.max - 1, info.min,
            info.min + 1, -1 if info.min < 0 else info.max // 3]
    return np.array(vals, dt)


@pytest.mark.parametrize("name", ["population_count", "clz"])
def test_bit_counts(name):
    def many(lib, lax):
        f = getattr(lax, name)
        return lambda *xs: [f(x) for x in xs]
    _both(many, *[_int_points(dt) for dt in INT_DTYPES])
    _both(lambda lib, lax: lambda: getattr(lax, name)(5), jit=False)
    _both(lambda lib, lax: getattr(lax, name), np.int16(-3), jit=False)
    x = np.arange(-6, 6, dtype=np.int32).reshape(3, 4)
    _both(lambda lib, lax: lib.vmap(getattr(lax, name), in_axes=1), x)
    for bad in (F32(1.0), True, np.ones(2, np.float16),
                np.ones(2, np.complex64)):
        _errors_like(lambda lib, lax: getattr(lax, name), bad)


# ---------------------------------------------------------------------------
# reduce_precision
# ---------------------------------------------------------------------------

RP_BITS = [(5, 2), (5, 10), (8, 7), (8, 23), (4, 3), (1, 0), (2, 1),
           (11, 52), (6, 0)]


def test_reduce_precision_values():
    x = np.concatenate([
        np.array([0.0, -0.0, 1.0, 1.125, 1.25, 1.375, -1.375, 65504.0,
                  65520.0, 1e5, 6e-5, 6e-8, 1e-20, TINY, DENORM,
                  np.finfo(F32).max] + _NONFINITE, F32),
        np.random.default_rng(0).standard_normal(32).astype(F32) * 100])

    def many(lib, lax):
        return lambda x: [lax.reduce_precision(x, e, m) for e, m in RP_BITS]
    _both(many, x)
    _both(lambda lib, lax: lambda x: [lax.reduce_precision(x, 5, 2),
                                      lax.reduce_precision(x, 3, 4)],
          x.astype(np.float16))
    _both(lambda lib, lax: lambda x: lax.reduce_precision(x, 4, 3),
          x.astype(ml_dtypes.bfloat16))
    _both(lambda lib, lax: lambda: lax.reduce_precision(1.3, 5, 2),
          jit=False)
    _both(lambda lib, lax: lambda t: lax.reduce_precision(t, 5, 2), 1.3)


def test_reduce_precision_derivatives_and_vmap():
    x = np.linspace(-3, 3, 13, dtype=F32)
    t = np.linspace(0.1, 1.7, 13, dtype=F32)

    def derivs(lib, lax):
        f = lambda u: lax.reduce_precision(u, 5, 2)  # noqa: E731
        return lambda x, t: (lib.grad(lambda u: (f(u) * u).sum())(x),
                             lib.jvp(f, (x,), (t,)),
                             lib.vjp(f, x)[1](t),
                             lib.vmap(lib.grad(f))(x))
    _both(derivs, x, t)
    _both(lambda lib, lax: lambda: lib.grad(
        lambda u: lax.reduce_precision(u, 5, 2))(1.3), jit=False)
    _both(lambda lib, lax: lib.vmap(
        lambda u: lax.reduce_precision(u, 4, 1), in_axes=1),
        x.reshape(1, 13) * np.ones((3, 1), F32))


def test_reduce_precision_errors():
    bad_calls = [(np.int32(1), 5, 2), (F32(1.5), 0, 2), (F32(1.5), 5, -1),
                 (True, 5, 2), (F32(1.5), 5.0, 2), (F32(1.5), 5, 2.0)]
    mismatches = []
    for args in bad_calls:
        with pytest.raises(Exception) as want:
            jl.reduce_precision(*args)
        try:
            got = xl.reduce_precision(*args)
        except Exception as e:  # noqa: BLE001 - compared below
            if type(e) is not type(want.value):
                mismatches.append((args, want.value, e))
        else:
            mismatches.append((args, want.value, got))
    assert not mismatches, mismatches
