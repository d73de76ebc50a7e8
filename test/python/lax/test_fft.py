"""jxp.lax.fft and jxp.numpy.fft against JAX: values, dtypes, weak types
and error classes, eagerly and under jit; grad, jvp and vjp of every FFT
type (their transposes are FFTs too), and vmap over batch axes that are not
the leading one."""

import functools

import jax
import jax.numpy as rjnp
import numpy as np
import pytest
from jax import lax as jl

import jxp
import jxp.numpy as jnp
from jxp import lax as xl

from jxp_test_util import assert_same, check_numpy, raises_like

R = np.random.default_rng(16)
F32, C64 = np.float32, np.complex64


def _real(*shape):
    return R.standard_normal(shape).astype(F32)


def _cplx(*shape):
    return (R.standard_normal(shape)
            + 1j * R.standard_normal(shape)).astype(C64)


def _both(fn, *args, rtol=0.0, atol=0.0, jit=True, eager=True):
    """fn(lib, lax)(*args) in jxp equals it in JAX (bit for bit by default),
    eagerly and under jit."""
    if eager:
        assert_same(fn(jxp, xl)(*args), fn(jax, jl)(*args), rtol=rtol,
                    atol=atol)
    if jit:
        assert_same(jxp.jit(fn(jxp, xl))(*args), jax.jit(fn(jax, jl))(*args),
                    rtol=rtol, atol=atol)


def _errors_like(fn, *args):
    with pytest.raises(Exception) as want:
        fn(jax, jl)(*args)
    raises_like(want.value, lambda: fn(jxp, xl)(*args))


def _type(lax, name, as_enum):
    return getattr(lax.FftType, name) if as_enum else name


# ---------------------------------------------------------------------------
# lax.fft
# ---------------------------------------------------------------------------

def test_fft_type_enum():
    assert [t.name for t in xl.FftType] == [t.name for t in jl.FftType]
    assert [int(t.value) for t in xl.FftType] == \
        [int(t.value) for t in jl.FftType]


# (type, input shape, fft_lengths); the FFT dimensions are the minor ones.
LAX_CASES = [
    ("FFT", (8,), (8,)), ("FFT", (3, 8), (8,)), ("FFT", (2, 4, 6), (4, 6)),
    ("FFT", (2, 3, 4, 5), (3, 4, 5)), ("FFT", (5, 1), (1,)),
    ("IFFT", (3, 8), (8,)), ("IFFT", (2, 4, 6), (4, 6)),
    ("IFFT", (2, 3, 4, 5), (3, 4, 5)),
    ("RFFT", (8,), (8,)), ("RFFT", (3, 7), (7,)), ("RFFT", (2, 4, 6), (4, 6)),
    ("RFFT", (2, 3, 4, 5), (3, 4, 5)), ("RFFT", (4, 1), (1,)),
    ("IRFFT", (3, 5), (8,)), ("IRFFT", (3, 4), (7,)),
    ("IRFFT", (2, 4, 4), (4, 6)), ("IRFFT", (2, 3, 4, 3), (3, 4, 5)),
]


def _lax_input(typ, shape):
    return _real(*shape) if typ == "RFFT" else _cplx(*shape)


def test_lax_fft_values():
    """Every case in one jitted program, and eagerly; string and enum
    types."""
    args = [_lax_input(t, s) for t, s, _ in LAX_CASES]

    def many(lib, lax, as_enum):
        return lambda *xs: [lax.fft(x, _type(lax, t, as_enum), n)
                            for x, (t, _, n) in zip(xs, LAX_CASES)]
    _both(lambda lib, lax: many(lib, lax, True), *args, rtol=1e-6,
          atol=1e-6)
    _both(lambda lib, lax: many(lib, lax, False), *args, rtol=1e-6,
          atol=1e-6, jit=False)


def test_lax_fft_bit_exact():
    """Plain 1-D and 2-D transforms match JAX bit for bit."""
    x, z = _real(4, 8), _cplx(4, 8)
    _both(lambda lib, lax: lambda x, z: [
        lax.fft(x, "RFFT", (8,)), lax.fft(z, "FFT", (4, 8)),
        lax.fft(z, "IFFT", (8,)), lax.fft(z[:, :5], "IRFFT", (8,))], x, z)


def test_lax_fft_input_conversions():
    """Integer and real inputs are converted as in JAX (to float for RFFT,
    to complex otherwise); empty fft_lengths return the converted input;
    and a float64 list input is canonicalized to float32."""
    i = R.integers(-5, 5, (3, 6)).astype(np.int32)
    x = _real(3, 6)
    _both(lambda lib, lax: lambda i, x: [
        lax.fft(i, "RFFT", (6,)), lax.fft(i, "FFT", (6,)),
        lax.fft(x, "FFT", (3, 6)), lax.fft(x, "IFFT", (6,)),
        lax.fft(x[:, :4], "IRFFT", (6,)),
        lax.fft(x, "FFT", ()), lax.fft(i, "RFFT", ())], i, x,
        rtol=1e-6, atol=1e-6)
    # A numpy float64 input (x64 off).
    _both(lambda lib, lax: lambda: lax.fft(np.array([1.0, 2.0, 3.0]),
                                           "RFFT", (3,)),
          rtol=1e-6, atol=1e-6, jit=False)


def test_lax_fft_errors():
    x, z = _real(3, 8), _cplx(3, 8)
    bad = [
        (lambda lax: lax.fft(x, "DFT", (8,))),        # unknown type name
        (lambda lax: lax.fft(x, "Fft", (8,))),
        (lambda lax: lax.fft(x, 3, (8,))),            # not a type at all
        (lambda lax: lax.fft(z, "RFFT", (8,))),       # rfft of complex
        (lambda lax: lax.fft(z, lax.FftType.RFFT, (8,))),
        (lambda lax: lax.fft(x, "RFFT", (7,))),       # wrong lengths
        (lambda lax: lax.fft(z, "FFT", (4,))),
        (lambda lax: lax.fft(z, "FFT", (2, 3, 8))),   # too many lengths
        (lambda lax: lax.fft(z, "IRFFT", (2, 8))),    # IRFFT lengths
        (lambda lax: lax.fft(x.astype(np.float16), "RFFT", (8,))),
    ]
    mismatches = []
    for k, f in enumerate(bad):
        with pytest.raises(Exception) as want:
            f(jl)
        try:
            got = f(xl)
        except Exception as e:  # noqa: BLE001 - compared below
            if type(e) is not type(want.value):
                mismatches.append((k, want.value, e))
        else:
            mismatches.append((k, want.value, got))
    assert not mismatches, mismatches


@pytest.mark.parametrize("typ", ["FFT", "IFFT", "RFFT", "IRFFT"])
def test_lax_fft_derivatives(typ):
    """grad of a real loss, jvp and vjp, for 1-D and 2-D lengths, under
    jit. The inputs are real and made complex inside (grad needs real
    inputs); IRFFT is fed a half spectrum."""
    if typ == "IRFFT":
        shapes = [((3, 5), (8,)), ((3, 4), (7,)), ((2, 4, 4), (4, 6))]
    else:
        shapes = [((3, 8), (8,)), ((3, 7), (7,)), ((2, 4, 6), (4, 6))]

    def derivs(lib, lax):
        def one(x, n):
            if typ == "RFFT":
                f = lambda u: lax.fft(u, typ, n)  # noqa: E731
            else:
                f = lambda u: lax.fft(  # noqa: E731
                    lax.complex(u, 0.5 * u[..., ::-1]), typ, n)

            def loss(u):
                y = f(u)
                return ((lax.real(y) ** 3).sum()
                        + (lax.imag(y) * lax.real(y)).sum()
                        if typ != "IRFFT" else (y ** 3).sum())
            y, ct = lib.jvp(f, (x,), (x * 0.25 + 1,))
            _, pull = lib.vjp(f, x)
            return lib.grad(loss)(x), y, ct, pull(ct)
        return lambda *xs: [one(x, n) for x, (_, n) in zip(xs, shapes)]
    args = [_real(*s) for s, _ in shapes]
    _both(derivs, *args, rtol=2e-5, atol=2e-5)


def test_lax_fft_complex_input_grads():
    """Gradients with respect to complex inputs (JAX returns the conjugate
    cotangent convention) through vjp."""
    z = _cplx(3, 8)

    def pulls(lib, lax):
        def run(z):
            outs = []
            for typ, n, zz in [("FFT", (8,), z), ("IFFT", (3, 8), z),
                               ("IRFFT", (14,), z)]:
                y, pull = lib.vjp(lambda u: lax.fft(u, typ, n), zz)
                outs.append(pull(y * (1 + 0.5j) if typ != "IRFFT"
                                 else y * 2.0))
            return outs
        return run
    _both(pulls, z, rtol=2e-5, atol=2e-5)


def test_lax_fft_vmap():
    x = _real(4, 3, 8)
    z = _cplx(4, 3, 8)

    def run(lib, lax):
        return lambda x, z: [
            lib.vmap(lambda u: lax.fft(u, "RFFT", (8,)))(x),
            lib.vmap(lambda u: lax.fft(u, "RFFT", (8,)), in_axes=1)(x),
            lib.vmap(lambda u: lax.fft(u, "FFT", (3, 8)))(z),
            lib.vmap(lambda u: lax.fft(u, "IFFT", (8,)), in_axes=1,
                     out_axes=2)(z),
            # The mapped axis among the transformed ones.
            lib.vmap(lambda u: lax.fft(u, "FFT", (4, 8)), in_axes=1)(z),
            lib.vmap(lambda u: lax.fft(u, "IRFFT", (4, 8)),
                     in_axes=1)(z[..., :5]),
            lib.vmap(lib.vmap(lambda u: lax.fft(u, "FFT", (8,))))(z),
            lib.vmap(lib.grad(lambda u: (lib.numpy.abs(
                lax.fft(u, "RFFT", (8,))) ** 2).sum()), in_axes=1)(x),
        ]
    _both(run, x, z, rtol=1e-5, atol=1e-5)


# ---------------------------------------------------------------------------
# jnp.fft
# ---------------------------------------------------------------------------

check = functools.partial(check_numpy, rtol=2e-6, atol=2e-6)

X3 = _real(4, 6, 5)
Z3 = _cplx(4, 6, 5)
I2 = R.integers(-4, 5, (4, 6)).astype(np.int32)
B2 = R.integers(0, 2, (3, 4)).astype(bool)


def test_jnp_fft_names():
    names = [n for n in dir(rjnp.fft) if not n.startswith("_")]
    missing = [n for n in names if not hasattr(jnp.fft, n)]
    assert not missing, missing
    assert len(names) == 18, names


ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]


@pytest.mark.parametrize("name", ONE_D)
def test_jnp_fft_1d(name):
    real_only = name in ("rfft", "ihfft")
    inputs = [X3] + ([] if real_only else [Z3])
    kws = [{}, {"n": 7, "axis": 0}, {"axis": 1, "norm": "ortho"},
           {"n": 9, "norm": "forward"}]

    def many(m, i, *xs):
        f = getattr(m.fft, name)
        return [f(x, **kw) for x in xs for kw in kws] + [f(i, n=3)]
    # Under jit only: eagerly every call would be a program of its own.
    _both(lambda lib, _: functools.partial(many, lib.numpy), I2, *inputs,
          rtol=2e-6, atol=2e-6, eager=False)
    # Errors: several axes, bad norm, bad n, axis out of range; complex
    # input to the real transforms.
    for kw in [{"axis": (0, 1)}, {"norm": "fwd"}, {"n": 0}, {"n": -2},
               {"axis": 3}]:
        check(lambda m: lambda x: getattr(m.fft, name)(x, **kw), X3,
              jit=False)
    if real_only:
        check(lambda m: lambda z: getattr(m.fft, name)(z), Z3, jit=False)


@pytest.mark.parametrize("name", ONE_D)
def test_jnp_fft_1d_float16_and_lists(name):
    """float16 inputs (JAX: ValueError for the real transforms, which need
    float32 or float64; complex64 results otherwise) and Python lists."""
    check(lambda m: lambda x: getattr(m.fft, name)(x, n=6),
          X3.astype(np.float16), jit=False)
    check(lambda m: lambda: getattr(m.fft, name)([1.0, 2.0, 0.5, 3.0]),
          jit=False)


ND = ["fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn"]


@pytest.mark.parametrize("name", ND)
def test_jnp_fft_nd(name):
    two = name.endswith("2")
    kws = [{}, {"s": (3, 8), "axes": (0, 2)}, {"axes": (2, 0),
                                               "norm": "ortho"},
           {"s": (5, 4), "norm": "forward"}]
    if not two:
        kws += [{"s": (3, 4, 8)}, {"axes": (1,)}]
    inputs = [X3, Z3] if not name.startswith("r") else [X3]

    def many(m, *xs):
        f = getattr(m.fft, name)
        return [f(x, **kw) for x in xs for kw in kws]
    _both(lambda lib, _: functools.partial(many, lib.numpy), *inputs,
          rtol=2e-6, atol=2e-6, eager=False)
    # Errors: wrong number of axes for the 2-D variants, s and axes of
    # different lengths, repeated axes, bad norm.
    bad = [{"s": (3, 4, 5), "axes": (0, 1)}, {"norm": "Ortho"},
           {"axes": (0, 5)}]
    if two:
        bad += [{"axes": (0,)}, {"axes": (0, 1, 2)}]
    for kw in bad:
        check(lambda m: lambda x: getattr(m.fft, name)(x, **kw), X3,
              jit=False)
    if name.startswith("r"):
        check(lambda m: lambda z: getattr(m.fft, name)(z), Z3, jit=False)


def test_jnp_fft_higher_rank_and_x64_free_dtypes():
    x5 = _real(2, 3, 4, 5, 2)
    check(lambda m: lambda x: [m.fft.fftn(x), m.fft.irfftn(x),
                               m.fft.rfftn(x, axes=(0, 1, 3)),
                               m.fft.ifftn(x, s=(2, 2, 2, 2))], x5)
    check(lambda m: lambda b, i: [m.fft.fft(b), m.fft.rfft2(i),
                                  m.fft.irfft(i)], B2, I2)


def test_jnp_fft_freq_and_shift():
    check(lambda m: lambda: [m.fft.fftfreq(7, 0.5), m.fft.fftfreq(8),
                             m.fft.fftfreq(1), m.fft.rfftfreq(7, 0.5),
                             m.fft.rfftfreq(8, d=0.1), m.fft.rfftfreq(1)],
          jit=False)
    check(lambda m: lambda: [m.fft.fftfreq(6, dtype=np.float16),
                             m.fft.rfftfreq(5, dtype=np.float32)],
          jit=False)
    check(lambda m: lambda x, i: [
        m.fft.fftshift(x), m.fft.ifftshift(x), m.fft.fftshift(x, axes=1),
        m.fft.ifftshift(x, axes=(0, 2)), m.fft.fftshift(i, axes=-1),
        m.fft.ifftshift(i), m.fft.fftshift(m.fft.fftfreq(7))], X3, I2)
    # fftfreq under jit with a traced spacing.
    check(lambda m: lambda d: m.fft.fftfreq(5, d), np.float32(0.25))
    for bad in [lambda m: m.fft.fftfreq(7.5), lambda m: m.fft.fftfreq(0),
                lambda m: m.fft.rfftfreq(-1),
                lambda m: m.fft.fftshift(X3, axes=4)]:
        check(lambda m: lambda: bad(m), jit=False)


def test_jnp_fft_grads_and_vmap():
    def run(lib, _lax):
        m = lib.numpy

        def loss(t):
            return (m.abs(m.fft.rfft2(t, norm="ortho")).sum()
                    + (m.fft.irfftn(t * (1 + 2j), s=(4, 6, 8)) ** 2).sum()
                    + m.real(m.fft.ifft(t, n=7, axis=1)).sum()
                    + (m.imag(m.fft.fftn(t, axes=(0, 2))) ** 2).sum()
                    + m.fft.hfft(t, norm="forward").sum()
                    + (m.abs(m.fft.ihfft(t, axis=0)) ** 2).sum()
                    + (m.fft.fftshift(t) * t).sum())
        return lambda x: (lib.value_and_grad(loss)(x),
                          lib.vmap(lib.grad(loss))(m.stack([x, x * 2])),
                          lib.jvp(lambda t: m.fft.fft2(t, s=(3, 4)), (x,),
                                  (x * 0.5,)),
                          lib.vmap(lambda t: m.fft.rfft(t, n=6),
                                   in_axes=1)(x),
                          lib.vmap(lambda t: m.fft.fftn(t), in_axes=2)(x))
    _both(run, X3, rtol=2e-5, atol=2e-5)
