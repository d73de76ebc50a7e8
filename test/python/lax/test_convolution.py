"""jxp.lax's convolutions (conv_general_dilated, conv,
conv_with_general_padding, conv_transpose, conv_dimension_numbers) and
windowed reductions (reduce_window with add/max/min: sum, max and min
pooling) against jax.lax: values, dtypes, weak types and error classes,
eagerly and under jit; grad and jvp in both operands (the transposes are
convolutions and pad/select-and-scatter, as in JAX); vmap over the lhs
only, the rhs only and both, with feature and batch groups."""

import jax
import numpy as np
import pytest
from jax import lax as jl

import jxp
from jxp import lax as xl

from jxp_test_util import assert_same, raises_like

R = np.random.default_rng(3)
F32 = np.float32


def _r(*shape, dtype=F32):
    return R.standard_normal(shape).astype(dtype)


def _both(fn, *args, rtol=1e-5, atol=1e-5, jit=True, eager=True):
    """fn(lib, lax)(*args) in jxp equals it in JAX, eagerly and under
    jit."""
    if eager:
        assert_same(fn(jxp, xl)(*args), fn(jax, jl)(*args), rtol=rtol,
                    atol=atol)
    if jit:
        assert_same(jxp.jit(fn(jxp, xl))(*args), jax.jit(fn(jax, jl))(*args),
                    rtol=rtol, atol=atol)


def _errors_like(fns):
    """Each fn(lax) raises in JAX, and in jxp with the same class; all
    mismatches are reported together."""
    bad = []
    for k, fn in enumerate(fns):
        with pytest.raises(Exception) as want:
            fn(jl)
        try:
            got = fn(xl)
        except Exception as e:  # noqa: BLE001 - compared below
            if type(e).__name__ != type(want.value).__name__:
                bad.append((k, want.value, e))
        else:
            bad.append((k, want.value, got))
    assert not bad, bad


# ---------------------------------------------------------------------------
# conv_general_dilated over configurations
# ---------------------------------------------------------------------------

NHWC = ("NHWC", "HWIO", "NHWC")
# (lhs shape, rhs shape, keyword arguments)
CONV_CASES = [
    ((2, 3, 9, 8), (4, 3, 3, 2), dict(window_strides=(1, 1),
                                      padding="SAME")),
    ((2, 3, 9, 8), (4, 3, 3, 2), dict(window_strides=(2, 1),
                                      padding="VALID", rhs_dilation=(1, 2))),
    ((2, 3, 9, 8), (4, 3, 3, 2), dict(window_strides=(1, 2),
                                      padding=((1, 2), (0, 1)),
                                      lhs_dilation=(2, 1))),
    ((2, 3, 9, 8), (4, 3, 3, 2), dict(window_strides=(3, 2),
                                      padding="SAME_LOWER")),
    ((2, 3, 9, 8), (4, 3, 2, 2), dict(window_strides=(1, 1),
                                      padding=((-1, 2), (2, -1)))),
    ((2, 9, 8, 4), (3, 3, 2, 6), dict(window_strides=(2, 2), padding="SAME",
                                      dimension_numbers=NHWC,
                                      feature_group_count=2)),
    ((2, 9, 8, 4), (3, 3, 4, 6), dict(window_strides=(1, 1),
                                      padding="VALID", dimension_numbers=NHWC,
                                      batch_group_count=2)),
    ((4, 9, 8, 4), (3, 3, 1, 8), dict(window_strides=(1, 2), padding="SAME",
                                      dimension_numbers=NHWC,
                                      feature_group_count=4,
                                      rhs_dilation=(2, 1))),
    # 1-D and 3-D, and unusual layouts.
    ((2, 11, 3), (3, 3, 5), dict(window_strides=(2,), padding="SAME",
                                 dimension_numbers=("NWC", "WIO", "NWC"))),
    ((2, 2, 5, 4, 6), (3, 2, 2, 3, 3), dict(window_strides=(1, 1, 2),
                                            padding="VALID")),
    ((3, 7, 2, 6), (2, 3, 3, 4), dict(window_strides=(1, 1),
                                      padding=((1, 1), (0, 0)),
                                      dimension_numbers=("HNCW", "IHWO",
                                                         "CWNH"))),
]


def _conv_args():
    return [(_r(*ls), _r(*rs)) for ls, rs, _ in CONV_CASES]


def test_conv_general_dilated_values():
    args = [a for pair in _conv_args() for a in pair]

    def many(lib, lax):
        def run(*xs):
            return [lax.conv_general_dilated(xs[2 * k], xs[2 * k + 1], **kw)
                    for k, (_, _, kw) in enumerate(CONV_CASES)]
        return run
    _both(many, *args)


def test_conv_dtypes_and_precision():
    x, k = _r(2, 3, 6, 5), _r(4, 3, 3, 3)
    xi = R.integers(-3, 4, (2, 3, 6, 5)).astype(np.int32)
    ki = R.integers(-3, 4, (4, 3, 3, 3)).astype(np.int32)

    def run(lib, lax):
        return lambda x, k, xi, ki: [
            lax.conv_general_dilated(x.astype(np.float16),
                                     k.astype(np.float16), (1, 1), "SAME"),
            lax.conv_general_dilated(xi, ki, (1, 1), "VALID"),
            lax.conv_general_dilated(x, k, (1, 1), "SAME",
                                     precision=lax.Precision.HIGHEST),
            lax.conv_general_dilated(x, k, (1, 1), "SAME",
                                     preferred_element_type=np.float32),
            lax.conv_general_dilated(xi, ki, (2, 1), "SAME",
                                     preferred_element_type=np.int32),
            lax.conv(x, k, (1, 1), "VALID"),
        ]
    _both(run, x, k, xi, ki, rtol=2e-3, atol=2e-3)


def test_conv_wrappers():
    x, k = _r(2, 3, 9, 8), _r(4, 3, 3, 2)
    xn, kt = _r(2, 9, 8, 4), _r(3, 3, 4, 5)
    kt2 = _r(3, 3, 5, 4)

    def run(lib, lax):
        return lambda x, k, xn, kt, kt2: [
            lax.conv(x, k, (1, 2), "SAME"),
            lax.conv(x, k, (2, 2), "VALID"),
            lax.conv_with_general_padding(x, k, (1, 1), ((1, 0), (2, 1)),
                                          (1, 2), (2, 1)),
            lax.conv_with_general_padding(x, k, (2, 1), "SAME", None, None),
            lax.conv_transpose(xn, kt, (2, 2), "SAME"),
            lax.conv_transpose(xn, kt, (2, 1), "VALID"),
            lax.conv_transpose(xn, kt, (1, 1), ((1, 2), (0, 1))),
            lax.conv_transpose(xn, kt, (2, 2), "SAME", rhs_dilation=(2, 1)),
            lax.conv_transpose(xn, kt2, (2, 1), "VALID",
                               transpose_kernel=True),
            lax.conv_transpose(x, k.transpose(2, 3, 1, 0), (1, 2), "SAME",
                               dimension_numbers=("NCHW", "HWIO", "NCHW")),
        ]
    _both(run, x, k, xn, kt, kt2)


def test_conv_dimension_numbers():
    for lhs, rhs, spec in [((2, 3, 4, 5), (6, 3, 2, 2), None),
                           ((2, 4, 5, 3), (2, 2, 3, 6), NHWC),
                           ((2, 4, 3), (2, 3, 5), ("NWC", "WIO", "NWC")),
                           ((2, 3, 4, 5), (2, 2, 3, 6),
                            ("NCHW", "HWIO", "NHWC"))]:
        got = xl.conv_dimension_numbers(lhs, rhs, spec)
        want = jl.conv_dimension_numbers(lhs, rhs, spec)
        assert isinstance(got, xl.ConvDimensionNumbers)
        assert tuple(got) == tuple(want)
        assert got._fields == want._fields
        # A ConvDimensionNumbers is accepted as dimension_numbers.
        x, k = _r(*lhs), _r(*rhs)
        assert_same(xl.conv_general_dilated(x, k, (1,) * (len(lhs) - 2),
                                            "SAME", dimension_numbers=got),
                    jl.conv_general_dilated(x, k, (1,) * (len(lhs) - 2),
                                            "SAME", dimension_numbers=want),
                    rtol=1e-5, atol=1e-5)
    built = xl.ConvDimensionNumbers((0, 3, 1, 2), (3, 2, 0, 1), (0, 3, 1, 2))
    assert tuple(built) == tuple(jl.ConvDimensionNumbers(
        (0, 3, 1, 2), (3, 2, 0, 1), (0, 3, 1, 2)))


def test_conv_errors():
    x, k = _r(2, 3, 9, 8), _r(4, 3, 3, 2)
    xn, kn = _r(2, 9, 8, 4), _r(3, 3, 4, 6)
    bad = [
        # Dimension numbers: unknown letters, repeated, wrong length.
        lambda L: L.conv_general_dilated(xn, kn, (1, 1), "SAME",
                                         dimension_numbers=("NHWX", "HWIO",
                                                            "NHWC")),
        lambda L: L.conv_general_dilated(xn, kn, (1, 1), "SAME",
                                         dimension_numbers=("NHWC", "HWIO")),
        lambda L: L.conv_general_dilated(xn, kn, (1, 1), "SAME",
                                         dimension_numbers=("NHWC", "HWIOO",
                                                            "NHWC")),
        lambda L: L.conv_dimension_numbers((2, 3, 4), (2, 3, 4, 5), None),
        # Ranks.
        lambda L: L.conv_general_dilated(x[0], k, (1, 1), "SAME"),
        lambda L: L.conv_general_dilated(x, k[0], (1, 1), "SAME"),
        lambda L: L.conv_general_dilated(x, k, (1,), "SAME"),
        lambda L: L.conv_general_dilated(x, k, (1, 1), "SAME",
                                         rhs_dilation=(1, 1, 1)),
        lambda L: L.conv_general_dilated(x, k, (1, 1), ((1, 1),)),
        # Padding strings and values.
        lambda L: L.conv_general_dilated(x, k, (1, 1), "FULL"),
        lambda L: L.conv_general_dilated(x, k, (0, 1), "SAME"),
        # Feature mismatches and groups.
        lambda L: L.conv_general_dilated(x, k[:, :2], (1, 1), "SAME"),
        lambda L: L.conv_general_dilated(x, k, (1, 1), "SAME",
                                         feature_group_count=2),
        lambda L: L.conv_general_dilated(x, k, (1, 1), "SAME",
                                         feature_group_count=0),
        lambda L: L.conv_general_dilated(x, k, (1, 1), "SAME",
                                         batch_group_count=3),
        lambda L: L.conv_general_dilated(x, k[:2, :1], (1, 1), "SAME",
                                         feature_group_count=3,
                                         batch_group_count=2),
        lambda L: L.conv_general_dilated(x, k.astype(np.float16), (1, 1),
                                         "SAME"),
        lambda L: L.conv_transpose(xn, kn, (2, 2), "BOTH"),
    ]
    _errors_like(bad)


# ---------------------------------------------------------------------------
# Derivatives
# ---------------------------------------------------------------------------

def test_conv_grads():
    """grad in both operands of a nonlinear loss and jvp in both, for every
    configuration, in one jitted program per library."""
    args = [a for pair in _conv_args() for a in pair]

    def many(lib, lax):
        def one(x, k, kw):
            def f(x, k):
                return lax.conv_general_dilated(x, k, **kw)

            def loss(x, k):
                return (lib.numpy.sin(f(x, k)) * f(x, k)).sum()
            return (lib.grad(loss, (0, 1))(x, k),
                    lib.jvp(f, (x, k), (x * 0.5, k * -1.5)))

        def run(*xs):
            return [one(xs[2 * i], xs[2 * i + 1], kw)
                    for i, (_, _, kw) in enumerate(CONV_CASES)]
        return run
    _both(many, *args, rtol=1e-4, atol=1e-4, eager=False)


def test_conv_transpose_grads():
    xn, kt, kt2 = _r(2, 9, 8, 4), _r(3, 3, 4, 5), _r(3, 3, 5, 4)

    def run(lib, lax):
        def loss(x, k, k2):
            return ((lax.conv_transpose(x, k, (2, 2), "SAME") ** 2).sum()
                    + (lax.conv_transpose(x, k, (2, 1), ((1, 2), (0, 1)),
                                          rhs_dilation=(1, 2)) ** 2).sum()
                    + (lax.conv_transpose(x, k2, (2, 1), "VALID",
                                          transpose_kernel=True) ** 3).sum())
        return lambda x, k, k2: lib.value_and_grad(loss, (0, 1, 2))(x, k, k2)
    _both(run, xn, kt, kt2, rtol=1e-4, atol=1e-4)


def test_conv_second_order_grad():
    x, k = _r(2, 3, 6, 5), _r(4, 3, 3, 2)

    def run(lib, lax):
        f = lambda x, k: (lax.conv_general_dilated(  # noqa: E731
            x, k, (2, 1), "SAME", rhs_dilation=(1, 2)) ** 3).sum()
        return lambda x, k: lib.grad(
            lambda k: (lib.grad(f)(x, k) ** 2).sum())(k)
    _both(run, x, k, rtol=1e-4, atol=1e-3, eager=False)


# ---------------------------------------------------------------------------
# vmap
# ---------------------------------------------------------------------------

VMAP_CONFIGS = [
    dict(window_strides=(1, 1), padding="SAME", dimension_numbers=NHWC),
    dict(window_strides=(2, 1), padding="VALID", dimension_numbers=NHWC,
         feature_group_count=2, rhs_dilation=(1, 2)),
    dict(window_strides=(1, 1), padding=((1, 0), (0, 2)),
         dimension_numbers=NHWC, batch_group_count=2, lhs_dilation=(1, 2)),
    dict(window_strides=(1, 2), padding="SAME"),   # NCHW / OIHW
]


def _vmap_shapes(kw):
    if kw.get("dimension_numbers") is None:
        return (2, 4, 7, 6), (6, 4, 3, 3)
    cin = 4 // kw.get("feature_group_count", 1)
    cout = 6 if kw.get("batch_group_count", 1) == 1 else 4
    return (2, 7, 6, 4), (3, 3, cin, cout)


@pytest.mark.parametrize("config", range(len(VMAP_CONFIGS)))
def test_conv_vmap(config):
    """vmap over lhs only, rhs only and both (at different axes), of the
    convolution and of its gradient."""
    kw = VMAP_CONFIGS[config]
    ls, rs = _vmap_shapes(kw)
    xs, ks = _r(3, *ls), _r(3, *rs)
    x1, k1 = xs[0], ks[0]
    xs_ax2 = np.moveaxis(xs, 0, 2).copy()

    def run(lib, lax):
        f = lambda x, k: lax.conv_general_dilated(x, k, **kw)  # noqa: E731
        g = lib.grad(lambda x, k: (f(x, k) ** 2).sum(), (0, 1))
        return lambda xs, ks, x1, k1, xs_ax2: [
            lib.vmap(f, (0, None))(xs, k1),
            lib.vmap(f, (None, 0))(x1, ks),
            lib.vmap(f, (0, 0))(xs, ks),
            lib.vmap(f, (2, 0), out_axes=1)(xs_ax2, ks),
            lib.vmap(g, (0, None))(xs, k1),
            lib.vmap(g, (None, 0))(x1, ks),
            lib.vmap(g, (0, 0))(xs, ks),
        ]
    _both(run, xs, ks, x1, k1, xs_ax2, rtol=1e-4, atol=1e-4, eager=False)


def test_conv_transpose_vmap():
    xs, kt = _r(3, 2, 5, 4, 4), _r(3, 3, 3, 4, 5)

    def run(lib, lax):
        f = lambda x, k: lax.conv_transpose(x, k, (2, 2), "SAME")  # noqa
        return lambda xs, kt: [lib.vmap(f, (0, None))(xs, kt[0]),
                               lib.vmap(f, (None, 0))(xs[0], kt),
                               lib.vmap(f)(xs, kt)]
    _both(run, xs, kt, eager=False)


# ---------------------------------------------------------------------------
# reduce_window: pooling
# ---------------------------------------------------------------------------

INITS = {"max": -np.inf, "add": 0.0, "min": np.inf}
# (window, strides, padding, base_dilation, window_dilation)
POOLS = [
    ((1, 3, 3, 1), (1, 2, 2, 1), "VALID", None, None),
    ((1, 3, 3, 1), (1, 2, 2, 1), "SAME", None, None),
    ((1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (0, 2), (0, 0)), None,
     None),
    ((1, 2, 3, 1), (1, 3, 1, 1), ((0, 0), (2, 0), (1, 1), (0, 0)),
     (1, 1, 2, 1), None),
    ((1, 1, 1, 1), (1, 1, 1, 1), "VALID", None, None),
]
# Window dilation: JAX has no derivative of max/min pooling with it
# (NotImplementedError), so those are checked apart.
DILATED_POOLS = [
    ((1, 2, 2, 1), (1, 1, 1, 1), "VALID", (1, 2, 1, 1), (1, 1, 2, 1)),
    ((2, 2, 1, 3), (1, 1, 3, 1), "SAME", None, (1, 2, 1, 1)),
]


def _pool(lax, comp, y, case):
    window, strides, pad, based, wind = case
    return lax.reduce_window(y, INITS[comp], getattr(lax, comp), window,
                             strides, pad, based, wind)


@pytest.mark.parametrize("pools", ["plain", "window_dilated"])
@pytest.mark.parametrize("comp", ["max", "add", "min"])
def test_reduce_window(comp, pools):
    """Values, grad, jvp, vmap and vmap-of-grad of every pooling
    configuration, in one jitted program."""
    y = _r(2, 9, 8, 3)
    ys = _r(2, 2, 9, 8, 3)

    cases = POOLS if pools == "plain" else DILATED_POOLS
    differentiable = comp == "add" or pools == "plain"

    def run(lib, lax):
        def one(case):
            f = lambda y: _pool(lax, comp, y, case)  # noqa: E731
            loss = lambda y: (f(y) ** 2).sum()  # noqa: E731
            out = (f(y), lib.vmap(f)(ys), lib.vmap(f, in_axes=3)(ys))
            if differentiable:
                out += (lib.grad(loss)(y), lib.jvp(f, (y,), (y * 0.5 + 1,)),
                        lib.vmap(lib.grad(loss))(ys))
            return out
        return lambda y, ys: [one(case) for case in cases]
    _both(run, y, ys, eager=False)
    if not differentiable:
        for case in cases:
            with pytest.raises(Exception) as want:
                jax.grad(lambda y: _pool(jl, comp, y, case).sum())(y)
            raises_like(want.value, lambda: jxp.grad(
                lambda y: _pool(xl, comp, y, case).sum())(y))
    # Eagerly, one case.
    _both(lambda lib, lax: lambda y: _pool(lax, comp, y, POOLS[1]), y,
          jit=False)


def test_reduce_window_dtypes_and_pooling_layers():
    """Integer max pooling (iinfo.min init), float16 sums, average pooling
    as JAX's users write it (sum / window size), 1-D and 3-D windows."""
    yi = R.integers(-50, 50, (2, 6, 6, 2)).astype(np.int32)
    y = _r(2, 6, 6, 2)
    v = _r(4, 10)

    def run(lib, lax):
        return lambda yi, y, v: [
            lax.reduce_window(yi, np.iinfo(np.int32).min, lax.max,
                              (1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
            lax.reduce_window(yi, 0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1),
                              "SAME"),
            lax.reduce_window(y.astype(np.float16), np.float16(0), lax.add,
                              (1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
            lax.reduce_window(y, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1),
                              "VALID") / 4.0,
            lax.reduce_window(v, -np.inf, lax.max, (1, 3), (1, 2), "SAME"),
            lax.reduce_window(y, np.inf, lax.min, (2, 2, 2, 2),
                              (1, 1, 1, 1), "VALID"),
        ]
    _both(run, yi, y, v, rtol=1e-3, atol=1e-3)


def test_reduce_window_errors():
    y = _r(2, 9, 8, 3)
    bad = [
        lambda L: L.reduce_window(y, 0.0, L.add, (1, 3, 3), (1, 1, 1, 1),
                                  "VALID"),
        lambda L: L.reduce_window(y, 0.0, L.add, (1, 3, 3, 1), (1, 1, 1),
                                  "VALID"),
        lambda L: L.reduce_window(y, 0.0, L.add, (1, 3, 3, 1), (1, 1, 1, 1),
                                  ((0, 0), (1, 1))),
        lambda L: L.reduce_window(y, 0.0, L.add, (1, 0, 3, 1), (1, 1, 1, 1),
                                  "VALID"),
        lambda L: L.reduce_window(y, 0.0, L.add, (1, 3, 3, 1), (1, 0, 1, 1),
                                  "VALID"),
        lambda L: L.reduce_window(y, np.zeros(2, F32), L.add, (1, 3, 3, 1),
                                  (1, 1, 1, 1), "VALID"),
    ]
    _errors_like(bad)


# ---------------------------------------------------------------------------
# The shape helpers: conv_shape_tuple, conv_general_shape_tuple,
# conv_transpose_shape_tuple, reduce_window_shape_tuple
# ---------------------------------------------------------------------------

SHAPE_ERRORS = (TypeError, ValueError, IndexError, NotImplementedError)


SHAPE_CASES = [
    ("conv_shape_tuple", ((2, 3, 9, 8), (4, 3, 3, 2), (2, 1), "SAME")),
    ("conv_shape_tuple", ((2, 3, 9, 8), (4, 3, 3, 2), (2, 3),
                          [(1, 0), (2, 2)])),
    ("conv_shape_tuple", ((4, 3, 9, 8), (4, 3, 3, 2), (1, 1), "VALID", 2)),
    ("conv_shape_tuple", ((2, 3, 9, 8), (4, 3, 3, 2), (1, 1), [(1, 1)])),
    ("conv_shape_tuple", ((2, 3, 2, 8), (4, 3, 3, 2), (1, 1),
                          [(-3, 0), (0, 0)])),
    ("conv_general_shape_tuple", ((2, 9, 8, 3), (3, 2, 3, 4), (2, 1),
                                  "VALID", ("NHWC", "HWIO", "NHWC"))),
    ("conv_general_shape_tuple", ((2, 9, 8, 3), (3, 2, 3, 4), (1, 3),
                                  [(0, 1), (2, 0)],
                                  ("NHWC", "HWIO", "NCHW"))),
    ("conv_transpose_shape_tuple", ((2, 9, 8, 3), (3, 2, 3, 4), (2, 1),
                                    "SAME", ("NHWC", "HWIO", "NHWC"))),
    ("conv_transpose_shape_tuple", ((2, 9, 8, 3), (3, 2, 3, 4), (2, 3),
                                    "VALID", ("NHWC", "HWIO", "NCHW"))),
    ("conv_transpose_shape_tuple", ((2, 3, 9, 8), (4, 3, 3, 2), (2, 2),
                                    [(1, 0), (0, 2)],
                                    ("NCHW", "OIHW", "NCHW"))),
    ("reduce_window_shape_tuple", ((5, 7), (2, 3), (1, 2),
                                   [(0, 1), (1, 1)])),
    ("reduce_window_shape_tuple", ((5, 7), (2, 3), (2, 1), [(0, 0), (0, 0)],
                                   (2, 1), (1, 3))),
    ("reduce_window_shape_tuple", ((1, 7), (3, 3), (1, 1), [(0, 0), (0, 0)])),
]


@pytest.mark.parametrize("k", range(len(SHAPE_CASES)))
def test_shape_tuples(k):
    name, args = SHAPE_CASES[k]
    try:
        want = getattr(jl, name)(*args)
    except SHAPE_ERRORS as e:
        raises_like(e, lambda: getattr(xl, name)(*args))
        return
    got = getattr(xl, name)(*args)
    assert tuple(int(d) for d in got) == tuple(int(d) for d in want)
