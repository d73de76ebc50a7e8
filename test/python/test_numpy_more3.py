"""More of jnp against JAX 0.10.2 (issue 16, item 6): histogram2d and
histogramdd, packbits/unpackbits, poly/polydiv/polyfit/roots,
put_along_axis, unwrap, fromfunction, mask_indices, the ufunc class and
frompyfunc, and the host-side helpers (print options, einsum_path, I/O).
Values, dtypes, weak types and error classes, eagerly and under jit where
JAX allows, and gradients of the differentiable ones."""

import functools
import io

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, check_numpy, raises_like

check = functools.partial(check_numpy, rtol=2e-5, atol=2e-5)

R = np.random.default_rng(3)
F1 = R.standard_normal(9).astype(np.float32)
F2 = R.standard_normal((3, 4)).astype(np.float32)
PTS = R.standard_normal((20, 3)).astype(np.float32)
W20 = R.uniform(0.5, 2.0, 20).astype(np.float32)
I2 = R.integers(-3, 4, (3, 10)).astype(np.int32)
B2 = R.integers(0, 2, (2, 11)).astype(np.bool_)
U8 = R.integers(0, 256, (3, 2)).astype(np.uint8)
PHASE = np.cumsum(R.uniform(-4, 4, (3, 8)), axis=1).astype(np.float32)
XS = np.linspace(-1, 2, 12).astype(np.float32)
YS = (1.5 * XS ** 2 - XS + 0.25 + 0.05 * R.standard_normal(12)).astype(
    np.float32)
ROOTS = np.array([0.5, -1.0, 2.0], np.float32)
POLY = np.array([1.0, -2.0, -5.0, 6.0], np.float32)   # roots 1, -2, 3

CASES = {
    # histograms
    "histogramdd": (lambda m: lambda s: m.histogramdd(s, bins=4), (PTS,),
                    True),
    "histogramdd_bins_range": (lambda m: lambda s: m.histogramdd(
        s, bins=[3, 2, 5], range=[(-1, 1), None, (0, 2)]), (PTS,), True),
    "histogramdd_weights_density": (lambda m: lambda s, w: m.histogramdd(
        s, bins=3, weights=w, density=True), (PTS, W20), True),
    "histogramdd_bad_weights": (lambda m: lambda s: m.histogramdd(
        s, weights=np.ones(3, np.float32)), (PTS,), True),
    "histogramdd_bad_range": (lambda m: lambda s: m.histogramdd(
        s, range=[(0, 1)]), (PTS,), True),
    "histogram2d": (lambda m: lambda x, y: m.histogram2d(x, y, bins=5),
                    (PTS[:, 0], PTS[:, 1]), True),
    "histogram2d_edges": (lambda m: lambda x, y: m.histogram2d(
        x, y, bins=np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32)),
        (PTS[:, 0], PTS[:, 1]), True),
    "histogram2d_int": (lambda m: lambda x, y: m.histogram2d(
        x, y, bins=[2, 3], density=True), (I2[0], I2[1]), True),
    # bits
    "packbits": (lambda m: lambda x: m.packbits(x), (I2,), True),
    "packbits_axis_little": (lambda m: lambda x: m.packbits(
        x, axis=1, bitorder="little"), (B2,), True),
    "packbits_axis0": (lambda m: lambda x: m.packbits(x, axis=0), (B2,),
                       True),
    "packbits_float": (lambda m: lambda x: m.packbits(x), (F2,), True),
    "packbits_bad_order": (lambda m: lambda x: m.packbits(x, bitorder="mid"),
                           (B2,), True),
    "unpackbits": (lambda m: lambda x: m.unpackbits(x), (U8,), True),
    "unpackbits_axis_count": (lambda m: lambda x: m.unpackbits(
        x, axis=1, count=11, bitorder="little"), (U8,), True),
    "unpackbits_count_short": (lambda m: lambda x: m.unpackbits(
        x, axis=0, count=5), (U8,), True),
    "unpackbits_int": (lambda m: lambda x: m.unpackbits(x), (I2,), True),
    # polynomials
    "poly": (lambda m: lambda r: m.poly(r), (ROOTS,), True),
    "poly_int": (lambda m: lambda r: m.poly(r), (np.array([1, 2, 3],
                                                           np.int32),), True),
    "poly_empty": (lambda m: lambda r: m.poly(r), (np.zeros(0, np.float32),),
                   True),
    "poly_bad": (lambda m: lambda r: m.poly(r), (F2,), True),
    "polydiv": (lambda m: lambda u, v: m.polydiv(u, v),
                (POLY, np.array([1.0, -1.0], np.float32)), True),
    "polydiv_int": (lambda m: lambda u, v: m.polydiv(u, v),
                    (np.array([3, 2, 1, 5], np.int32),
                     np.array([2, 1], np.int32)), True),
    "polydiv_trim": (lambda m: lambda u, v: m.polydiv(
        u, v, trim_leading_zeros=True),
        (POLY, np.array([1.0, -1.0], np.float32)), False),
    "polyfit": (lambda m: lambda x, y: m.polyfit(x, y, 2), (XS, YS), True),
    "polyfit_weights_2d": (lambda m: lambda x, y, w: m.polyfit(
        x, y, 1, w=w), (XS, np.stack([YS, XS], 1), W20[:12]), True),
    "polyfit_full": (lambda m: lambda x, y: m.polyfit(x, y, 2, full=True),
                     (XS, YS), True),
    "polyfit_cov": (lambda m: lambda x, y: m.polyfit(x, y, 2, cov=True),
                    (XS, YS), True),
    "polyfit_cov_unscaled": (lambda m: lambda x, y: m.polyfit(
        x, y, 1, cov="unscaled"), (XS, YS), True),
    "polyfit_bad_deg": (lambda m: lambda x, y: m.polyfit(x, y, -1),
                        (XS, YS), True),
    "polyfit_bad_x": (lambda m: lambda x, y: m.polyfit(x, y, 1), (F2, YS),
                      True),
    "roots": (lambda m: lambda p: m.sort_complex(m.roots(p)), (POLY,), False),
    "roots_leading_zeros": (lambda m: lambda p: m.sort_complex(m.roots(p)),
                            (np.concatenate([[0.0, 0.0], POLY]).astype(
                                np.float32),), False),
    "roots_keep_zeros": (lambda m: lambda p: m.roots(p, strip_zeros=False),
                         (np.concatenate([[0.0], POLY[:3]]).astype(
                             np.float32),), True),
    "roots_short": (lambda m: lambda p: m.roots(p), (POLY[:1],), True),
    # along an axis
    "put_along_axis": (lambda m: lambda a, v: m.put_along_axis(
        a, np.array([[0], [3], [1]]), v, axis=1, inplace=False),
        (F2, F2[:, :1] * 10), True),
    "put_along_axis_none": (lambda m: lambda a: m.put_along_axis(
        a, np.array([1, 7, 11]), 5.0, axis=None, inplace=False), (F2,), True),
    "put_along_axis_axis0": (lambda m: lambda a: m.put_along_axis(
        a, np.array([[2, 0, 1, 2]]), np.arange(4), axis=0, inplace=False),
        (I2[:, :4],), True),
    "put_along_axis_inplace": (lambda m: lambda a: m.put_along_axis(
        a, np.array([[0]]), 1.0, axis=1), (F2,), True),
    "put_along_axis_bad_ndim": (lambda m: lambda a: m.put_along_axis(
        a, np.array([0]), 1.0, axis=1, inplace=False), (F2,), True),
    "unwrap": (lambda m: lambda p: m.unwrap(p), (PHASE,), True),
    "unwrap_axis0_discont": (lambda m: lambda p: m.unwrap(
        p, discont=4.0, axis=0), (PHASE,), True),
    "unwrap_period": (lambda m: lambda p: m.unwrap(p, period=5.0),
                      (PHASE,), True),
    "unwrap_int": (lambda m: lambda p: m.unwrap(p, period=6),
                   (np.cumsum(I2, 1).astype(np.int32),), True),
    "unwrap_complex": (lambda m: lambda p: m.unwrap(p),
                       (F2.astype(np.complex64),), True),
    # construction from functions
    "fromfunction": (lambda m: lambda: m.fromfunction(
        lambda i, j: i * 10 + j, (3, 4)), (), True),
    "fromfunction_int": (lambda m: lambda: m.fromfunction(
        lambda i, j, k: i - j * k, (2, 3, 2), dtype=m.int32), (), True),
    "mask_indices": (lambda m: lambda: m.mask_indices(4, m.triu, 1), (),
                     False),
    "mask_indices_size": (lambda m: lambda: m.mask_indices(
        3, m.tril, size=8), (), True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_against_jax(case):
    fn, args, jit = CASES[case]
    check(fn, *args, jit=jit)


def test_roots_strip_zeros_under_jit_fails_as_jax():
    p = np.concatenate([[0.0], POLY]).astype(np.float32)
    with pytest.raises(Exception) as want:
        jax.jit(rjnp.roots)(p)
    raises_like(want.value, lambda: jxp.jit(jnp.roots)(p))


# --- ufunc -------------------------------------------------------------------

def _ufuncs(m):
    return (m.frompyfunc(lambda a, b: a * b + 1, nin=2, nout=1, identity=0),
            m.frompyfunc(lambda a, b: m.maximum(a, b) - 0.5, 2, 1),
            m.frompyfunc(lambda a: a * 3 - 1, 1, 1))


UFUNC_CASES = {
    "call": (lambda m: lambda x, y: _ufuncs(m)[0](x, y), (F2, F2[0])),
    "call_unary": (lambda m: lambda x: _ufuncs(m)[2](x), (F2,)),
    "outer": (lambda m: lambda x, y: _ufuncs(m)[0].outer(x, y),
              (F1[:3], F2)),
    "reduce": (lambda m: lambda x: _ufuncs(m)[0].reduce(x), (F2,)),
    "reduce_axis1_keepdims": (lambda m: lambda x: _ufuncs(m)[0].reduce(
        x, axis=1, keepdims=True), (F2,)),
    "reduce_no_identity": (lambda m: lambda x: _ufuncs(m)[1].reduce(
        x, axis=1), (F2,)),
    "reduce_initial": (lambda m: lambda x: _ufuncs(m)[1].reduce(
        x, axis=0, initial=2.0), (F2,)),
    "reduce_where": (lambda m: lambda x: _ufuncs(m)[0].reduce(
        x, axis=1, where=x > 0), (F2,)),
    "reduce_none": (lambda m: lambda x: _ufuncs(m)[0].reduce(x, axis=None),
                    (F2,)),
    "accumulate": (lambda m: lambda x: _ufuncs(m)[0].accumulate(x), (F2,)),
    "accumulate_axis1": (lambda m: lambda x: _ufuncs(m)[1].accumulate(
        x, axis=1), (F2,)),
    "at": (lambda m: lambda x, b: _ufuncs(m)[0].at(
        x, np.array([0, 2, 0, 5]), b, inplace=False), (F1, F1[:4])),
    "at_unary": (lambda m: lambda x: _ufuncs(m)[2].at(
        x, (np.array([0, 2, 0]), np.array([1, 3, 1])), inplace=False),
        (F2,)),
    "at_inplace": (lambda m: lambda x: _ufuncs(m)[2].at(x, 0), (F1,)),
    "reduceat": (lambda m: lambda x: _ufuncs(m)[1].reduceat(
        x, np.array([0, 3, 3, 1, 6])), (F1,)),
    "reduceat_axis1": (lambda m: lambda x: _ufuncs(m)[0].reduceat(
        x, np.array([0, 2]), axis=1), (F2,)),
}


@pytest.mark.parametrize("case", sorted(UFUNC_CASES))
def test_ufunc(case):
    fn, args = UFUNC_CASES[case]
    check(fn, *args, jit=True)


def test_ufunc_attributes():
    for m in (jnp, rjnp):
        u = _ufuncs(m)[0]
        assert (u.nin, u.nout, u.nargs, u.identity) == (2, 1, 2, 0)
        assert isinstance(u, m.ufunc)
    assert (_ufuncs(jnp)[0].__name__ == _ufuncs(rjnp)[0].__name__)


# --- gradients ---------------------------------------------------------------

GRADS = {
    "poly": (lambda m: lambda r: m.poly(r).sum() * 2.0, (ROOTS,)),
    "polydiv": (lambda m: lambda u, v: (m.polydiv(u, v)[0] ** 2).sum()
                + m.polydiv(u, v)[1].sum(),
                (POLY, np.array([2.0, -1.0], np.float32))),
    "polyfit": (lambda m: lambda x, y: (m.polyfit(x, y, 2) ** 2).sum(),
                (XS, YS)),
    "put_along_axis": (lambda m: lambda a, v: (m.put_along_axis(
        a, np.array([[0], [3], [1]]), v, axis=1, inplace=False) ** 2).sum(),
        (F2, F2[:, :1])),
    "unwrap": (lambda m: lambda p: (m.unwrap(p) * PHASE).sum(), (PHASE,)),
    "histogramdd_density": (lambda m: lambda w: m.histogramdd(
        PTS, bins=3, weights=w, density=True)[0].max(), (W20,)),
    "ufunc_reduce": (lambda m: lambda x: _ufuncs(m)[0].reduce(x).sum(),
                     (F2,)),
    "ufunc_accumulate": (lambda m: lambda x: _ufuncs(m)[0].accumulate(
        x).sum(), (F2,)),
}


@pytest.mark.parametrize("case", sorted(GRADS))
@pytest.mark.parametrize("jit", [False, True])
def test_grad(case, jit):
    fn, args = GRADS[case]
    argnums = tuple(range(len(args)))

    def build(lib, m):
        g = lib.grad(fn(m), argnums=argnums)
        return lib.jit(g) if jit else g

    want = build(jax, rjnp)(*args)
    got = build(jxp, jnp)(*args)
    assert_same(got, want, rtol=2e-4, atol=2e-4)


def test_roots_grad():
    # Roots are complex: differentiate their real parts' sum.
    def f(m):
        return lambda p: m.real(m.roots(p, strip_zeros=False)).sum()
    assert_same(jxp.grad(f(jnp))(POLY), jax.grad(f(rjnp))(POLY), rtol=2e-4,
                atol=2e-4)


# --- host-side helpers -------------------------------------------------------

def test_reexported_numpy_names():
    for name in ("array_repr", "array_str", "save", "savez",
                 "ComplexWarning"):
        assert getattr(jnp, name) is getattr(rjnp, name), name
    assert jnp.get_printoptions() == rjnp.get_printoptions()
    old = np.get_printoptions()["linewidth"]
    jnp.set_printoptions(linewidth=61)
    assert rjnp.get_printoptions()["linewidth"] == 61
    rjnp.set_printoptions(linewidth=old)
    with jnp.printoptions(precision=2):
        assert np.get_printoptions()["precision"] == 2
        assert "1.23" in repr(jnp.asarray(np.float32(1.23456)))
    assert np.get_printoptions()["precision"] != 2


def test_einsum_path():
    a, b, c = np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5))
    for opt in ("auto", "greedy", True, False):
        got = jnp.einsum_path("ij,jk,kl->il", a, b, c, optimize=opt)
        want = rjnp.einsum_path("ij,jk,kl->il", a, b, c, optimize=opt)
        assert got[0] == want[0]
        assert str(got[1]) == str(want[1])


def test_buffers_and_files():
    raw = np.arange(6, dtype=np.float32).tobytes()
    assert_same(jnp.frombuffer(raw, np.float32, count=4, offset=4),
                rjnp.frombuffer(raw, np.float32, count=4, offset=4))
    assert_same(jnp.fromstring("1 2 3.5", np.float32, sep=" "),
                rjnp.fromstring("1 2 3.5", np.float32, sep=" "))
    for name in ("fromiter", "fromfile"):
        with pytest.raises(NotImplementedError) as want:
            getattr(rjnp, name)(iter([1, 2]), np.float32)
        raises_like(want.value,
                    lambda: getattr(jnp, name)(iter([1, 2]), np.float32))
    for arr in (F2, F2.astype(jnp.bfloat16), I2):
        buf = io.BytesIO()
        jnp.save(buf, np.asarray(arr))
        buf.seek(0)
        got = jnp.load(buf)
        buf.seek(0)
        assert_same(got, rjnp.load(buf))
    assert_same(jnp.from_dlpack(F2), rjnp.from_dlpack(F2))
    assert_same(jnp.from_dlpack(jnp.asarray(I2)),
                rjnp.from_dlpack(rjnp.asarray(I2)))


def test_clip_takes_min_and_max_keywords_and_softmax_all_axes():
    """JAX 0.10's jnp.clip(arr, /, min=, max=), and nn.softmax/log_softmax
    over every axis with axis=None (found writing jax.scipy.special)."""
    x = np.arange(5.0, dtype=np.float32)
    for kw in ({"max": 2.0}, {"min": 1.0}, {"min": 1.0, "max": 3.0}):
        assert_same(jnp.clip(x, **kw), jax.numpy.clip(x, **kw))
    m = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    for f in ("softmax", "log_softmax"):
        assert_same(getattr(jxp.nn, f)(m, axis=None),
                    getattr(jax.nn, f)(m, axis=None))
