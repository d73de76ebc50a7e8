"""jxp.numpy.linalg against jax.numpy.linalg: values, dtypes, weak types,
result namedtuples, batching over leading axes, integer promotion, error
classes, derivatives (grad and jvp) and vmap.

Each group of cases runs as one jitted program per library (JAX's and
jxp's), so a group costs one compilation; the same program is then
checked case by case."""

import functools

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, check_numpy, errors_like

R = np.random.default_rng(16)


def rand(*shape, dtype=np.float32):
    return R.standard_normal(shape).astype(dtype)


def spd(*shape, dtype=np.float32):
    a = rand(*shape, dtype=dtype)
    return (a @ np.swapaxes(a, -1, -2)
            + shape[-1] * np.eye(shape[-1], dtype=dtype)).astype(dtype)


def _split(got, want, name):
    """got and want with their namedtuples checked (class name and fields,
    jxp's classes living in jxp.numpy.linalg) and turned into tuples."""
    if isinstance(want, tuple) and hasattr(want, "_fields"):
        assert type(got).__name__ == type(want).__name__, (name, type(got))
        assert got._fields == want._fields, name
        assert type(got).__module__ == "jxp.numpy.linalg", name
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want), (
            name, type(got), type(want))
        assert isinstance(got, tuple) == isinstance(want, tuple), name
        pairs = [_split(g, w, name) for g, w in zip(got, want)]
        return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
    return got, want


def check_group(cases, rtol=2e-4, atol=2e-4, jit=True):
    """cases: name -> (fn(module) -> callable, args). All cases run in one
    program per library; each result is compared with JAX's."""
    names = list(cases)

    def program(m):
        def run(*all_args):
            return [cases[n][0](m)(*a) for n, a in zip(names, all_args)]
        return run
    args = [tuple(cases[n][1:]) for n in names]
    if jit:
        want = jax.jit(program(rjnp))(*args)
        got = jxp.jit(program(jnp))(*args)
    else:
        want = program(rjnp)(*args)
        got = program(jnp)(*args)
    for n, g, w in zip(names, got, want):
        g, w = _split(g, w, n)
        try:
            assert_same(g, w, rtol=rtol, atol=atol)
        except AssertionError as e:
            raise AssertionError(f"case {n}: {e}") from None


def L(name):
    """The function `name` of module m's linalg."""
    return lambda m: getattr(m.linalg, name)


def P(name, **kw):
    """linalg.name with keyword arguments."""
    return lambda m: (lambda *a: getattr(m.linalg, name)(*a, **kw))


A44 = rand(2, 4, 4)
B43 = rand(2, 4, 3)
V4 = rand(4)
S44 = spd(2, 4, 4)
TALL = rand(3, 5, 3)
WIDE = rand(3, 3, 5)
SING = np.array([[1., 2, 3, 4], [2, 4, 6, 8], [0, 1, 0, 1], [1, 0, 0, 2]],
                np.float32)
INT33 = np.array([[2, 1, 0], [1, 3, 1], [0, 1, 4]], np.int32)

SOLVE_CASES = {
    "solve": (L("solve"), A44, B43),
    "solve_vec": (L("solve"), A44[0], V4),
    "solve_bcast": (L("solve"), A44, B43[0]),
    "solve_bcast_a": (L("solve"), A44[0], rand(5, 4, 2)),
    "solve_int": (L("solve"), INT33, np.array([1, 2, 3], np.int32)),
    "inv": (L("inv"), A44),
    "inv_int": (L("inv"), INT33),
    "det": (L("det"), rand(3, 5, 5)),
    "det2": (L("det"), A44[:, :2, :2]),
    "det3": (L("det"), A44[:, :3, :3]),
    "det1": (L("det"), A44[:, :1, :1]),
    "det_int": (L("det"), np.arange(16).reshape(4, 4) % 5),
    "det_sing": (L("det"), SING),
    "det_empty": (L("det"), np.zeros((2, 0, 0), np.float32)),
    "slogdet_empty": (L("slogdet"), np.zeros((0, 0), np.float32)),
    "inv_empty": (L("inv"), np.zeros((3, 0, 0), np.float32)),
    "slogdet": (L("slogdet"), rand(3, 5, 5)),
    "slogdet2": (L("slogdet"), A44[:, :2, :2]),
    "slogdet1": (L("slogdet"), A44[:, :1, :1]),
    "slogdet_sing": (L("slogdet"), SING),
    "slogdet_qr": (P("slogdet", method="qr"), rand(3, 5, 5)),
    "lstsq": (L("lstsq"), TALL[0], rand(5, 2)),
    "lstsq_vec": (L("lstsq"), TALL[0], rand(5)),
    "lstsq_wide": (L("lstsq"), WIDE[0], rand(3)),
    "lstsq_rcond": (lambda m: lambda a, b: m.linalg.lstsq(a, b, rcond=0.5),
                    TALL[0], rand(5)),
    "pinv": (L("pinv"), TALL),
    "pinv_wide": (L("pinv"), WIDE),
    "pinv_h": (P("pinv", hermitian=True), S44),
    "pinv_rtol": (lambda m: lambda a: m.linalg.pinv(a, rtol=0.6), TALL),
    "tensorinv": (L("tensorinv"), rand(4, 6, 8, 3)),
    "tensorsolve": (L("tensorsolve"), rand(6, 2, 3), rand(6)),
    "tensorsolve_axes": (P("tensorsolve", axes=(0,)), rand(2, 6, 3),
                         rand(6)),
    "matrix_power3": (lambda m: lambda a: m.linalg.matrix_power(a, 3), A44),
    "matrix_power11": (lambda m: lambda a: m.linalg.matrix_power(a, 11),
                       A44 / 2),
    "matrix_power0": (lambda m: lambda a: m.linalg.matrix_power(a, 0), A44),
    "matrix_power_neg": (lambda m: lambda a: m.linalg.matrix_power(a, -2),
                         A44),
    "matrix_power_int": (lambda m: lambda a: m.linalg.matrix_power(a, 5),
                         INT33),
    "cond": (L("cond"), A44),
    "cond_m2": (lambda m: lambda a: m.linalg.cond(a, -2), TALL),
    "cond_1": (lambda m: lambda a: m.linalg.cond(a, 1), A44),
    "cond_fro": (lambda m: lambda a: m.linalg.cond(a, "fro"), A44),
    "cond_sing": (lambda m: lambda a: m.linalg.cond(a, np.inf), SING),
    "matrix_rank": (L("matrix_rank"), A44),
    "matrix_rank_sing": (L("matrix_rank"), SING),
    "matrix_rank_tol": (lambda m: lambda a: m.linalg.matrix_rank(a, tol=2.),
                        TALL),
    "matrix_rank_h": (P("matrix_rank", hermitian=True), S44),
    "matrix_rank_vec": (L("matrix_rank"), V4),
}

FACTOR_CASES = {
    "cholesky": (L("cholesky"), S44),
    "cholesky_upper": (P("cholesky", upper=True), S44),
    "eigh": (L("eigh"), S44),
    "eigh_U": (lambda m: lambda a: m.linalg.eigh(a, "U"), A44),
    "eigh_int": (L("eigh"), INT33),
    "eigvalsh": (L("eigvalsh"), S44),
    "eigvalsh_nosym": (P("eigvalsh", symmetrize_input=False), A44),
    "svd": (L("svd"), A44),
    "svd_thin": (P("svd", full_matrices=False), TALL),
    "svd_wide": (L("svd"), WIDE),
    "svd_s": (P("svd", compute_uv=False), WIDE),
    "svd_h": (P("svd", hermitian=True), S44 - 6 * np.eye(4, dtype=np.float32)),
    "svd_h_s": (P("svd", hermitian=True, compute_uv=False),
                S44 - 6 * np.eye(4, dtype=np.float32)),
    "svdvals": (L("svdvals"), TALL),
    "svd_int": (L("svd"), INT33),
    "qr": (L("qr"), TALL),
    "qr_wide": (L("qr"), WIDE),
    "qr_complete": (P("qr", mode="complete"), TALL),
    "qr_full": (P("qr", mode="full"), TALL),
    "qr_r": (P("qr", mode="r"), TALL),
    "eig": (L("eig"), A44),
    "eigvals": (L("eigvals"), A44),
    "eigvals_int": (L("eigvals"), INT33),
}

NORM_CASES = {
    f"norm_{o}_{ax}_{kd}": (P("norm", ord=o, axis=ax, keepdims=kd), B43)
    for o in [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf]
    for ax in [(1, 2), (2, 0)] for kd in [False, True]}
NORM_CASES.update({
    f"vnorm_{o}": (P("norm", ord=o, axis=1), B43)
    for o in [None, 0, 1, 2, 3, -1, 0.5, np.inf, -np.inf]})
NORM_CASES.update({
    "norm_all": (L("norm"), B43),
    "norm_all_kd": (P("norm", keepdims=True), B43),
    "norm_2d": (P("norm", ord=2), A44[0]),
    "norm_1d": (P("norm", ord=1), V4),
    "norm_int": (P("norm", ord="nuc"), INT33),
    "vector_norm": (L("vector_norm"), B43),
    "vector_norm_3": (P("vector_norm", ord=3, axis=(0, 2), keepdims=True),
                      B43),
    "vector_norm_0": (P("vector_norm", ord=0, axis=-1), B43),
    "vector_norm_inf": (P("vector_norm", ord=np.inf), B43),
    "matrix_norm": (L("matrix_norm"), B43),
    "matrix_norm_nuc": (P("matrix_norm", ord="nuc", keepdims=True), B43),
    "matrix_norm_2": (P("matrix_norm", ord=2), B43),
})

API_CASES = {
    "cross": (L("cross"), B43[..., :3, :], B43[::-1, :3, :]),
    "cross_axis": (P("cross", axis=1), B43[..., :3, :], B43[::-1, :3, :]),
    "outer": (L("outer"), V4, np.arange(3)),
    "matrix_transpose": (L("matrix_transpose"), B43),
    "vecdot": (L("vecdot"), B43, B43[::-1]),
    "vecdot_axis": (P("vecdot", axis=1), B43, B43[::-1]),
    "matmul": (L("matmul"), A44, B43),
    "tensordot": (L("tensordot"), A44, rand(4, 4, 2)),
    "tensordot_axes": (P("tensordot", axes=1), A44, rand(4, 2)),
    "diagonal": (L("diagonal"), B43),
    "diagonal_off": (P("diagonal", offset=1), B43),
    "trace": (L("trace"), B43),
    "trace_dtype": (P("trace", offset=-1, dtype=np.int32),
                    np.arange(24).reshape(2, 3, 4)),
    "multi_dot": (lambda m: lambda *a: m.linalg.multi_dot(a), V4,
                  A44[0], B43[0], rand(3, 2)),
    "multi_dot_2": (lambda m: lambda *a: m.linalg.multi_dot(list(a)),
                    A44[0], V4),
}


@pytest.mark.parametrize("group", ["solve", "factor", "norm", "api"])
def test_values(group):
    cases = {"solve": SOLVE_CASES, "factor": FACTOR_CASES,
             "norm": NORM_CASES, "api": API_CASES}[group]
    check_group(cases)


def test_eager():
    """Outside jit, jxp's functions dispatch op by op: a few cases."""
    check_group({k: SOLVE_CASES[k] for k in
                 ["solve", "det", "slogdet", "lstsq_vec"]}, jit=False)
    check_group({k: FACTOR_CASES[k] for k in
                 ["eigh", "svd", "qr_r", "eigvals"]}, jit=False)


def test_factorizations_bit_exact():
    """The factorizations make the same LAPACK calls as JAX: equal bits."""
    x64 = rand(3, 5, 5, dtype=np.float64)
    s64 = spd(3, 5, 5, dtype=np.float64)
    cases = {
        "svd": (L("svd"), TALL), "svdvals": (L("svdvals"), WIDE),
        "qr": (L("qr"), TALL), "qr_c": (P("qr", mode="complete"), WIDE),
        "eigh": (P("eigh", symmetrize_input=False), S44),
        "cholesky": (P("cholesky", symmetrize_input=False), S44),
        "eigvals": (L("eigvals"), A44),
        "svd64": (L("svd"), x64), "eigh64": (
            P("eigh", symmetrize_input=False), s64),
        "qr64": (L("qr"), x64),
    }
    old = jax.config.jax_enable_x64, jxp.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    jxp.config.update("jax_enable_x64", True)
    try:
        check_group(cases, rtol=0, atol=0)
    finally:
        jax.config.update("jax_enable_x64", old[0])
        jxp.config.update("jax_enable_x64", old[1])


def test_result_types():
    """The result namedtuples: names, fields and plain-tuple behaviour."""
    import jax.numpy.linalg as jl
    for name in ["EighResult", "EigResult", "QRResult", "SlogdetResult",
                 "SVDResult"]:
        got = getattr(jnp.linalg, name)
        want = getattr(jax._src.numpy.linalg, name)
        assert got._fields == want._fields, name
    r = jnp.linalg.slogdet(SING)
    assert isinstance(r, jnp.linalg.SlogdetResult)
    sign, logdet = r
    assert float(sign) == 0.0 and float(logdet) == -np.inf
    assert r.logabsdet is logdet
    assert sorted(n for n in dir(jl) if not n.startswith("_")) == sorted(
        jnp.linalg.__all__)


ERROR_CASES = [
    (L("solve"), (V4, V4)),
    (L("solve"), (A44, rand(2, 3))),
    (L("solve"), (A44, rand(2, 5, 1))),
    (L("solve"), (rand(4, 3), V4)),
    (L("inv"), (rand(3, 4),)),
    (L("inv"), (V4,)),
    (L("det"), (rand(3, 4),)),
    (L("slogdet"), (rand(3, 4),)),
    (P("slogdet", method="xx"), (A44,)),
    (P("eigh", UPLO="X"), (S44,)),
    (P("qr", mode="bad"), (A44,)),
    (lambda m: lambda a: m.linalg.matrix_power(a, 2.5), (A44,)),
    (lambda m: lambda a: m.linalg.matrix_power(a, 2), (V4,)),
    (lambda m: lambda a: m.linalg.matrix_power(a, 2), (B43,)),
    (lambda m: lambda a: m.linalg.matrix_rank(a, rtol=1., tol=1.), (A44,)),
    (lambda m: lambda a: m.linalg.pinv(a, rtol=1., rcond=1.), (A44,)),
    (L("lstsq"), (TALL, TALL)),
    (L("lstsq"), (TALL[0], rand(4))),
    (L("lstsq"), (TALL[0], rand(5, 2, 2))),
    (P("norm", ord="bad"), (A44,)),
    (P("norm", ord="inf", axis=1), (A44,)),
    (P("norm", ord=3, axis=(1, 2)), (A44,)),
    (P("norm", axis=(0, 1, 2)), (A44,)),
    (P("norm", ord=1), (A44,)),
    (L("cross"), (V4, V4)),
    (L("outer"), (A44, V4)),
    (L("matrix_transpose"), (V4,)),
    (L("cond"), (V4,)),
    (L("cond"), (rand(0, 3),)),
    (lambda m: lambda a: m.linalg.cond(a, 1), (TALL,)),
    (L("tensorinv"), (rand(2, 3, 4),)),
    (lambda m: lambda a: m.linalg.tensorinv(a, 0), (A44,)),
    (L("tensorsolve"), (rand(6, 2, 3), rand(5))),
    (L("tensorsolve"), (rand(6, 2, 4), rand(6))),
    (lambda m: lambda a: m.linalg.multi_dot([a]), (A44[0],)),
    (lambda m: lambda a, b: m.linalg.multi_dot([a, b]), (A44, A44)),
    (lambda m: lambda a, b: m.linalg.multi_dot([a, b]), (A44[0], B43[0].T)),
    (L("cholesky"), ("abc",)),
    (L("solve"), ([[1., 0.], [0., 1.]], [1., 2.])),
]


def test_errors():
    errors_like(ERROR_CASES, lambda fn, args: jax.jit(fn(rjnp))(*args),
                lambda fn, args: fn(jnp)(*args))


def test_qr_raw_not_implemented():
    with pytest.raises(NotImplementedError, match="raw"):
        jnp.linalg.qr(A44[0], mode="raw")


# --- derivatives -------------------------------------------------------------

GRAD_CASES = {
    "solve": (L("solve"), A44, B43),
    "solve_vec": (L("solve"), A44[0], V4),
    "inv": (L("inv"), A44),
    "det": (L("det"), rand(2, 5, 5)),
    "det3": (L("det"), A44[:, :3, :3]),
    "det_sing": (L("det"), SING),
    "slogdet": (lambda m: lambda a: m.linalg.slogdet(a).logabsdet,
                rand(2, 5, 5)),
    "slogdet2": (lambda m: lambda a: m.linalg.slogdet(a)[1], A44[:, :2, :2]),
    "slogdet_qr": (lambda m: lambda a: m.linalg.slogdet(a, method="qr")[1],
                   A44),
    "eigh": (L("eigh"), S44),
    "eigvalsh": (L("eigvalsh"), S44),
    "svd": (P("svd", full_matrices=False), TALL),
    "svd_wide": (P("svd", full_matrices=False), WIDE),
    "svdvals": (L("svdvals"), TALL),
    "qr": (L("qr"), TALL),
    "qr_wide_r": (P("qr", mode="r"), A44),
    "pinv": (L("pinv"), TALL),
    "pinv_wide": (L("pinv"), WIDE),
    "lstsq": (lambda m: lambda a, b: m.linalg.lstsq(a, b)[0], TALL[0],
              rand(5, 2)),
    "norm2": (P("norm", ord=2, axis=(1, 2)), TALL),
    "norm_nuc": (P("norm", ord="nuc", axis=(1, 2)), WIDE),
    "norm_m2": (P("norm", ord=-2, axis=(1, 2)), A44),
    "cholesky": (L("cholesky"), S44),
    "matrix_power": (lambda m: lambda a: m.linalg.matrix_power(a, -3), A44),
}


def _scalar(m, out):
    """A scalar of every output (sign-insensitive where the sign of a
    factor is arbitrary)."""
    leaves = (jax if m is rjnp else jxp).tree_util.tree_leaves(out)
    return sum(m.sum(m.sin(x)) + m.sum(x * x) for x in leaves)


def test_grad():
    names = list(GRAD_CASES)

    def program(m, tr):
        def total(*all_args):
            return sum(_scalar(m, GRAD_CASES[n][0](m)(*a))
                       for n, a in zip(names, all_args))
        return tr.jit(tr.grad(total, argnums=tuple(range(len(names)))))
    args = [tuple(GRAD_CASES[n][1:]) for n in names]
    want = program(rjnp, jax)(*args)
    got = program(jnp, jxp)(*args)
    for n, g, w in zip(names, got, want):
        for gi, wi in zip(g, w):
            np.testing.assert_allclose(np.asarray(gi), np.asarray(wi),
                                       rtol=2e-3, atol=2e-3, err_msg=n)


def test_jvp():
    names = list(GRAD_CASES)
    args = [tuple(GRAD_CASES[n][1:]) for n in names]
    tangents = [tuple(rand(*np.shape(x)) for x in a) for a in args]

    def program(m, tr):
        def run(primals, tans):
            return [tr.jvp(GRAD_CASES[n][0](m), p, t)
                    for n, p, t in zip(names, primals, tans)]
        return tr.jit(run)
    want = program(rjnp, jax)(args, tangents)
    got = program(jnp, jxp)(args, tangents)
    for n, g, w in zip(names, got, want):
        g, w = _split(g, w, n)
        try:
            assert_same(g, w, rtol=2e-3, atol=2e-3)
        except AssertionError as e:
            raise AssertionError(f"case {n}: {e}") from None


def test_vmap():
    def program(m, tr):
        def run(a, b, s, t):
            return (tr.vmap(m.linalg.solve)(a, b),
                    tr.vmap(m.linalg.solve, in_axes=(None, 0))(a[0], b),
                    tr.vmap(m.linalg.eigh)(s),
                    tr.vmap(lambda x: m.linalg.svd(x, full_matrices=False),
                            in_axes=2)(t),
                    tr.vmap(m.linalg.det)(t[:, :3, :3]),
                    tr.vmap(tr.grad(lambda x: m.linalg.slogdet(x)[1]))(a))
        return tr.jit(run)
    args = (A44, B43, S44, rand(3, 5, 4))
    got = program(jnp, jxp)(*args)
    want = program(rjnp, jax)(*args)
    g, w = _split(got, want, "vmap")
    assert_same(g, w, rtol=2e-4, atol=2e-4)


def test_complex_matrices_match_jax():
    """Complex matrices go through LAPACK's c/z routines: values as JAX's,
    and the derivatives of real-valued functions of them."""
    rng = np.random.RandomState(3)
    c = (rng.randn(2, 4, 4) + 1j * rng.randn(2, 4, 4)).astype(np.complex64)
    h = (c + np.conj(np.swapaxes(c, -1, -2))) / 2
    spd = (c @ np.conj(np.swapaxes(c, -1, -2)) + 4 * np.eye(4)).astype(
        np.complex64)
    rhs = (rng.randn(2, 4, 2) + 1j * rng.randn(2, 4, 2)).astype(np.complex64)

    def run(L):
        la = L.numpy.linalg
        return dict(
            solve=la.solve(c, rhs), inv=la.inv(c), det=la.det(c),
            slogdet=la.slogdet(c), eigh=la.eigh(h), svd=la.svd(c),
            qr=la.qr(c), cholesky=la.cholesky(spd), eigvals=la.eigvals(c),
            pinv=la.pinv(c), norm2=la.norm(c, 2, axis=(-2, -1)),
            grad=L.grad(lambda x: L.numpy.sum(
                L.numpy.abs(la.solve(x, rhs)) + la.slogdet(x)[1]
                + la.eigvalsh(x @ L.numpy.conj(L.numpy.swapaxes(x, -1, -2)))
                [..., 0]))(c))

    got, want = jxp.jit(lambda: run(jxp))(), jax.jit(lambda: run(jax))()
    for k in want:
        for g, w in zip(jax.tree_util.tree_leaves(got[k]),
                        jax.tree_util.tree_leaves(want[k])):
            g, w = np.asarray(g), np.asarray(w)
            assert g.dtype == w.dtype and g.shape == w.shape, k
            np.testing.assert_allclose(g, w, rtol=2e-4, atol=2e-4,
                                       err_msg=k)


# ---------------------------------------------------------------------------
# cholesky, norm and lax.linalg.triangular_solve: bit-equal to JAX's (the
# same LAPACK calls), errors, derivatives
# ---------------------------------------------------------------------------

check = functools.partial(check_numpy, rtol=1e-05, atol=1e-05)
R2 = np.random.default_rng(2)


def _spd(shape, dtype):
    a = R2.normal(size=shape).astype(dtype)
    return a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1], dtype=dtype)


CHOLESKY = [(_spd((3, 3), np.float32), {}),
            (_spd((2, 4, 4), np.float32), {}),
            (_spd((5, 5), np.float32), {"upper": True}),
            (_spd((3, 3), np.float32) - 10 * np.eye(3, dtype=np.float32), {}),
            (R2.normal(size=(3, 3)).astype(np.float32), {}),  # not symmetric
            (R2.normal(size=(3, 4)).astype(np.float32), {}),  # not square
            (np.eye(3, dtype=np.int32), {})]


@pytest.mark.parametrize("k", range(len(CHOLESKY)))
def test_cholesky(k):
    """Bit-equal to JAX's (the same LAPACK call), NaN where not positive
    definite; errors as JAX's."""
    a, kw = CHOLESKY[k]
    check_numpy(lambda m: (lambda x: m.linalg.cholesky(x, **kw)), a,
                rtol=0, atol=0)


def test_cholesky_float64():
    old_jax, old_jxp = jax.config.jax_enable_x64, jxp.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    jxp.config.update("jax_enable_x64", True)
    try:
        a = _spd((2, 3, 3), np.float64)
        assert_same(jxp.jit(jnp.linalg.cholesky)(a), rjnp.linalg.cholesky(a),
                    rtol=0)
    finally:
        jax.config.update("jax_enable_x64", old_jax)
        jxp.config.update("jax_enable_x64", old_jxp)


NORMS = [((5,), {}), ((5,), {"ord": 1}), ((5,), {"ord": np.inf}),
         ((5,), {"ord": -np.inf}), ((5,), {"ord": 0}), ((5,), {"ord": 3}),
         ((3, 4), {}), ((3, 4), {"ord": "fro"}), ((3, 4), {"ord": 1}),
         ((3, 4), {"ord": -1}), ((3, 4), {"ord": np.inf}),
         ((3, 4), {"ord": -np.inf}), ((2, 3, 4), {"axis": -1}),
         ((2, 3, 4), {"axis": (0, 2), "keepdims": True}),
         ((2, 3, 4), {"axis": (1, 2), "ord": 1}), ((2, 3), {"axis": 1,
                                                          "ord": 2})]


@pytest.mark.parametrize("k", range(len(NORMS)))
def test_norm(k):
    shape, kw = NORMS[k]
    check(lambda m: (lambda x: m.linalg.norm(x, **kw)),
          R2.normal(size=shape).astype(np.float32))


def test_norm_of_ints():
    check(lambda m: (lambda x: m.linalg.norm(x)), np.arange(6, dtype=np.int32))


TRIANGULAR = [dict(left_side=True, lower=True),
              dict(left_side=True, lower=False, transpose_a=True),
              dict(left_side=False, lower=True, unit_diagonal=True),
              dict(left_side=False, lower=False, transpose_a=True)]


@pytest.mark.parametrize("k", range(len(TRIANGULAR)))
def test_triangular_solve(k):
    """Bit-equal to JAX's (LAPACK trsm), and so are its gradients in a and
    b, eagerly and under jit."""
    kw = TRIANGULAR[k]
    a = _spd((2, 4, 4), np.float32)
    b = R2.normal(size=(2, 4, 3) if kw["left_side"] else (2, 3, 4)).astype(
        np.float32)
    solve = lambda m: lambda a, b: m.lax.linalg.triangular_solve(a, b, **kw)
    assert_same(solve(jxp)(a, b), solve(jax)(a, b), rtol=0)
    assert_same(jxp.jit(solve(jxp))(a, b), solve(jax)(a, b), rtol=0)
    loss = lambda m: lambda a, b: m.numpy.sum(m.numpy.sin(solve(m)(a, b)))
    assert_same(jxp.grad(loss(jxp), argnums=(0, 1))(a, b),
                jax.grad(loss(jax), argnums=(0, 1))(a, b), rtol=1e-5,
                atol=1e-6)


def test_cholesky_derivatives():
    a = _spd((2, 3, 3), np.float32)
    f = lambda m: lambda a: m.numpy.sum(m.numpy.sin(m.numpy.linalg.cholesky(a)))
    assert_same(jxp.grad(f(jxp))(a), jax.grad(f(jax))(a), rtol=1e-5, atol=1e-6)
    t = R2.normal(size=a.shape).astype(np.float32)
    assert_same(jxp.jvp(jnp.linalg.cholesky, (a,), (t,)),
                jax.jvp(rjnp.linalg.cholesky, (a,), (t,)), rtol=1e-5,
                atol=1e-5)
    assert_same(jxp.jit(jxp.hessian(f(jxp)))(a[0]), jax.hessian(f(jax))(a[0]),
                rtol=1e-4, atol=1e-5)


def test_triangular_solve_errors():
    a = np.eye(3, dtype=np.float32)
    with pytest.raises(TypeError, match="incompatible shapes"):
        jxp.lax.linalg.triangular_solve(a, np.ones((4, 2), np.float32),
                                        left_side=True)
    with pytest.raises(ValueError, match="square"):
        jxp.lax.linalg.triangular_solve(np.ones((3, 2), np.float32),
                                        np.ones((3, 2), np.float32))
