"""jxp.scipy.linalg against jax.scipy.linalg: values, dtypes, weak types,
batching over leading axes, integer promotion, error classes, warnings,
derivatives (grad and jvp) and vmap. Each group of cases is one jitted
program per library."""

import warnings

import jax
import jax.scipy.linalg as jsl
import numpy as np
import pytest

import jxp
import jxp.scipy.linalg as xsl

from jxp_test_util import assert_same, errors_like

R = np.random.default_rng(17)

# JAX's own assume_a='pos' solve calls its cho_solve with batched vectors.
pytestmark = pytest.mark.filterwarnings(
    "ignore:jax.scipy.linalg.cho_solve:FutureWarning")


def rand(*shape, dtype=np.float32):
    return R.standard_normal(shape).astype(dtype)


def spd(*shape, dtype=np.float32):
    a = rand(*shape, dtype=dtype)
    return (a @ np.swapaxes(a, -1, -2)
            + shape[-1] * np.eye(shape[-1], dtype=dtype)).astype(dtype)


def _lib(m):
    return jax if m is jsl else jxp


def check_group(cases, rtol=2e-4, atol=2e-4, jit=True):
    """cases: name -> (fn(module) -> callable, *args), all in one program
    per library, compared case by case."""
    names = list(cases)

    def program(m):
        def run(*all_args):
            return [cases[n][0](m)(*a) for n, a in zip(names, all_args)]
        return _lib(m).jit(run) if jit else run
    args = [tuple(cases[n][1:]) for n in names]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        want = program(jsl)(*args)
        got = program(xsl)(*args)
    for n, g, w in zip(names, got, want):
        try:
            assert_same(g, w, rtol=rtol, atol=atol)
        except AssertionError as e:
            raise AssertionError(f"case {n}: {e}") from None


def F(name, **kw):
    return lambda m: (lambda *a: getattr(m, name)(*a, **kw))


A = rand(2, 4, 4)
B = rand(2, 4, 3)
V = rand(4)
S = spd(2, 4, 4)
LOW = (np.tril(A) + 3 * np.eye(4, dtype=np.float32)).astype(np.float32)
INT = np.array([[4, 1, 0], [1, 3, 1], [0, 1, 5]], np.int32)

SOLVE_CASES = {
    "cholesky": (F("cholesky"), S),
    "cholesky_lower": (F("cholesky", lower=True), S),
    "cholesky_int": (F("cholesky"), INT),
    "cho_factor": (F("cho_factor", lower=True), S),
    "cho_solve": (lambda m: lambda a, b: m.cho_solve(m.cho_factor(a), b),
                  S, B),
    "cho_solve_lower_vec": (lambda m: lambda a, b: m.cho_solve(
        m.cho_factor(a, lower=True), b), S[0], V),
    "cho_solve_bcast": (lambda m: lambda a, b: m.cho_solve(
        (a, True), b), LOW[0], B),
    "cho_solve_batched_vec": (lambda m: lambda a, b: m.cho_solve(
        (a, False), b), np.swapaxes(LOW, -1, -2), B[..., 0]),
    "solve_triangular": (F("solve_triangular", lower=True), LOW, B),
    "solve_triangular_T": (F("solve_triangular", lower=True, trans="T"),
                           LOW, B),
    "solve_triangular_1": (F("solve_triangular", lower=True, trans=1,
                             unit_diagonal=True), LOW[0], V),
    "solve_triangular_C": (F("solve_triangular", trans=2),
                           np.swapaxes(LOW, -1, -2), B),
    "solve_triangular_int": (F("solve_triangular"), np.triu(INT),
                             np.arange(3)),
    "solve_triangular_bvec": (F("solve_triangular", lower=True), LOW,
                              B[..., 0]),
    "lu": (F("lu"), A[0]),
    "lu_tall": (F("lu"), rand(5, 3)),
    "lu_wide": (F("lu"), rand(3, 5)),
    "lu_permute_l": (F("lu", permute_l=True), rand(5, 3)),
    "lu_int": (F("lu"), INT),
    "lu_factor": (F("lu_factor"), A),
    "lu_solve": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b), A, B),
    "lu_solve_vec": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b),
                     A[0], V),
    "lu_solve_T": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b,
                                                     trans=1), A, B),
    "lu_solve_2": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b,
                                                     trans=2), A[0], V),
    "lu_solve_bvec": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b),
                      A, B[..., 0]),
    "solve": (F("solve"), A, B),
    "solve_sym": (F("solve", assume_a="sym"), S, B),
    "solve_pos": (F("solve", assume_a="pos"), S, B),
    "solve_pos_lower": (F("solve", assume_a="pos", lower=True),
                        np.tril(S[0]), V),
    "solve_pos_bcast": (F("solve", assume_a="pos"), S[:1], B),
    "solve_pos_vecs": (F("solve", assume_a="pos"), S, B[..., 0]),
    "inv": (F("inv"), A),
    "det": (F("det"), rand(3, 5, 5)),
    "det_int": (F("det"), INT),
}

FACTOR_CASES = {
    "eigh": (F("eigh"), S),
    "eigh_upper": (F("eigh", lower=False), A),
    "eigh_vals": (F("eigh", eigvals_only=True), S),
    "svd": (F("svd"), rand(2, 5, 3)),
    "svd_thin": (F("svd", full_matrices=False), rand(2, 3, 5)),
    "svd_s": (F("svd", compute_uv=False), rand(5, 3)),
    "qr": (F("qr"), rand(5, 3)),
    "qr_economic": (F("qr", mode="economic"), rand(2, 5, 3)),
    "qr_r": (F("qr", mode="r"), rand(3, 5)),
    "qr_int": (F("qr"), INT),
    "polar": (F("polar"), rand(5, 3)),
    "polar_left": (F("polar", side="left"), rand(3, 5)),
    "polar_svd": (F("polar", method="svd"), A),
    "polar_svd_left": (F("polar", method="svd", side="left"), rand(5, 3)),
    "expm": (F("expm"), np.stack([A[0] / 100, A[1], 6 * A[0]])),
    "expm_2d": (F("expm"), A[0]),
    "expm_huge": (F("expm", max_squarings=2), 100 * A[0]),
    "expm_triu": (F("expm", upper_triangular=True), np.triu(A[0])),
    "expm_int": (F("expm"), INT),
    "expm_frechet": (F("expm_frechet"), A[0], S[0] / 10),
    "expm_frechet_only": (F("expm_frechet", compute_expm=False),
                          A[0] / 2, S[0]),
}

SPECIAL_CASES = {
    "block_diag": (F("block_diag"), A[0], V, np.float32(2.), INT),
    "block_diag_int": (F("block_diag"), INT, np.arange(2)),
    "toeplitz": (F("toeplitz"), V, rand(3)),
    "toeplitz_1": (F("toeplitz"), np.arange(1, 5)),
    "toeplitz_batch": (F("toeplitz"), B, V[:2]),
    "toeplitz_scalar": (F("toeplitz"), np.float32(3.), V),
    "hankel": (F("hankel"), V, rand(3)),
    "hankel_1": (F("hankel"), np.arange(1, 5)),
    "hankel_batch": (F("hankel"), B, rand(2, 1, 5)),
    "circulant": (F("circulant"), V),
    "circulant_batch": (F("circulant"), B),
    "leslie": (F("leslie"), V, V[:3]),
    "leslie_int": (F("leslie"), np.arange(3), np.ones(2, np.int32)),
    "companion": (F("companion"), np.arange(1, 5)),
    "companion_batch": (F("companion"), B),
    "fiedler": (F("fiedler"), V),
    "fiedler_int": (F("fiedler"), np.arange(4) ** 2),
    "conv_full": (lambda m: lambda a: m.convolution_matrix(a, 3), V),
    "conv_same": (lambda m: lambda a: m.convolution_matrix(a, 6, "same"), V),
    "fiedler_companion": (F("fiedler_companion"), np.arange(1., 7.)),
    "fiedler_companion_batch": (F("fiedler_companion"), B),
    "fiedler_companion_2": (F("fiedler_companion"), np.array([2., 3.])),
    "fiedler_companion_1": (F("fiedler_companion"), np.array([2])),
    "conv_valid": (lambda m: lambda a: m.convolution_matrix(a, 2, "valid"),
                   V),
}


@pytest.mark.parametrize("group", ["solve", "factor", "special"])
def test_values(group):
    cases = {"solve": SOLVE_CASES, "factor": FACTOR_CASES,
             "special": SPECIAL_CASES}[group]
    check_group(cases)


def test_eager_and_constants():
    check_group({k: SOLVE_CASES[k] for k in
                 ["cho_solve", "lu_solve", "solve_triangular_T"]}, jit=False)
    check_group({"toeplitz": SPECIAL_CASES["toeplitz"],
                 "block_diag": SPECIAL_CASES["block_diag"]}, jit=False)
    consts = {
        "hilbert": lambda m: lambda: m.hilbert(4),
        "invhilbert": lambda m: lambda: m.invhilbert(5),
        "helmert": lambda m: lambda: m.helmert(5),
        "helmert_full": lambda m: lambda: m.helmert(4, full=True),
        "hadamard": lambda m: lambda: m.hadamard(8),
        "hadamard_f": lambda m: lambda: m.hadamard(4, dtype=np.float32),
        "pascal": lambda m: lambda: m.pascal(5),
        "pascal_lower": lambda m: lambda: m.pascal(4, "lower"),
        "pascal_upper": lambda m: lambda: m.pascal(4, kind="upper"),
        "block_diag_empty": lambda m: lambda: m.block_diag(),
        "invpascal": lambda m: lambda: m.invpascal(5),
        "invpascal_upper": lambda m: lambda: m.invpascal(4, "upper"),
        "dft": lambda m: lambda: m.dft(5),
        "dft_sqrtn": lambda m: lambda: m.dft(4, "sqrtn"),
        "dft_n": lambda m: lambda: m.dft(3, "n", dtype=np.complex64),
    }
    check_group({k: (f,) for k, f in consts.items()})


def test_batched_1d_warning():
    """b of a's rank minus one with a matching last axis is a batch of
    vectors, with JAX's FutureWarning."""
    for name, call in [
            ("cho_solve", lambda m: m.cho_solve((LOW, True), B[..., 0])),
            ("solve_triangular", lambda m: m.solve_triangular(LOW,
                                                              B[..., 0])),
            ("lu_solve", lambda m: m.lu_solve(m.lu_factor(A), B[..., 0]))]:
        with pytest.warns(FutureWarning, match=name):
            call(xsl)


ERROR_CASES = [
    (F("solve", assume_a="xx"), (A, B)),
    (F("solve", assume_a="pos"), (A, rand(2, 5))),
    (F("solve", assume_a="pos"), (S[0], B)),
    (F("solve_triangular", trans="X"), (LOW, B)),
    (F("qr", mode="bad"), (A[0],)),
    (F("eigh"), (S[0], S[0])),
    (F("eigh", type=2), (S[0],)),
    (F("expm"), (V,)),
    (F("expm"), (rand(3, 4),)),
    (F("expm_frechet"), (A[0], A[0, :3, :3])),
    (F("expm_frechet"), (V, A[0])),
    (F("block_diag"), (A, V)),
    (F("polar", side="up"), (A[0],)),
    (F("polar"), (V,)),
    (F("polar"), (rand(3, 5),)),
    (F("polar", method="bad"), (A[0],)),
    (F("leslie"), (V[:1], V[:0])),
    (F("leslie"), (V, V)),
    (F("companion"), (V[:1],)),
    (F("hankel"), (np.float32(1.),)),
    (lambda m: lambda a: m.convolution_matrix(a, 0), (V,)),
    (lambda m: lambda a: m.convolution_matrix(a, 2, "bad"), (V,)),
    (lambda m: lambda a: m.convolution_matrix(a, 2), (np.float32(1.),)),
    (lambda m: lambda: m.helmert(0), ()),
    (lambda m: lambda: m.hadamard(6), ()),
    (lambda m: lambda: m.pascal(3, "diag"), ()),
    (lambda m: lambda: m.invpascal(3, "diag"), ()),
    (lambda m: lambda: m.dft(3, "half"), ()),
    (lambda m: lambda: m.dft(3, dtype=np.float32), ()),
    (F("fiedler_companion"), (V[:0],)),
    (F("lu_solve", trans=3), ((A[0], np.arange(4, dtype=np.int32)), V)),
    (F("cho_solve"), ((A[0], True), rand(3))),
]


def test_errors():
    errors_like(ERROR_CASES, lambda fn, args: fn(jsl)(*args),
                lambda fn, args: fn(xsl)(*args))


def test_qr_pivoting_not_implemented():
    with pytest.raises(NotImplementedError, match="pivoting"):
        xsl.qr(A[0], pivoting=True)


GRAD_CASES = {
    "cho_solve": (lambda m: lambda a, b: m.cho_solve(m.cho_factor(a), b),
                  S, B),
    "cho_solve_lower": (lambda m: lambda a, b: m.cho_solve(
        m.cho_factor(a, lower=True), b), S[0], V),
    "lu_solve": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b), A, B),
    "lu_solve_T": (lambda m: lambda a, b: m.lu_solve(m.lu_factor(a), b,
                                                     trans=1), A[0], V),
    "solve_triangular": (F("solve_triangular", lower=True), LOW, B),
    "solve_triangular_T": (F("solve_triangular", trans=1), np.swapaxes(
        LOW, -1, -2), B),
    "solve_pos": (F("solve", assume_a="pos"), S, B),
    # A batch: one matrix per Pade order and one needing squarings.
    "expm": (F("expm"), np.stack([A[0] / 10, A[1], 4 * A[0]])),
    "expm_triu": (F("expm", upper_triangular=True), np.triu(A[0])),
    "lu": (F("lu"), rand(4, 4)),
    "cholesky": (F("cholesky"), S),
    # JAX's default method (QDWH, a while loop) has no reverse mode.
    "polar": (F("polar", method="svd"), rand(5, 3)),
}


def _scalar(m, out):
    leaves = _lib(m).tree_util.tree_leaves(out)
    return sum((_lib(m).numpy.sin(x) + x * x).sum() for x in leaves)


def test_grad():
    names = list(GRAD_CASES)

    def program(m):
        tr = _lib(m)

        def total(*all_args):
            return sum(_scalar(m, GRAD_CASES[n][0](m)(*a))
                       for n, a in zip(names, all_args))
        return tr.jit(tr.grad(total, argnums=tuple(range(len(names)))))
    args = [tuple(GRAD_CASES[n][1:]) for n in names]
    want = program(jsl)(*args)
    got = program(xsl)(*args)
    for n, g, w in zip(names, got, want):
        for gi, wi in zip(g, w):
            np.testing.assert_allclose(np.asarray(gi), np.asarray(wi),
                                       rtol=2e-3, atol=2e-3, err_msg=n)


def test_jvp():
    names = list(GRAD_CASES)
    args = [tuple(GRAD_CASES[n][1:]) for n in names]
    tangents = [tuple(rand(*np.shape(x)) for x in a) for a in args]

    def program(m):
        tr = _lib(m)

        def run(primals, tans):
            return [tr.jvp(GRAD_CASES[n][0](m), p, t)
                    for n, p, t in zip(names, primals, tans)]
        return tr.jit(run)
    want = program(jsl)(args, tangents)
    got = program(xsl)(args, tangents)
    for n, g, w in zip(names, got, want):
        try:
            assert_same(g, w, rtol=2e-3, atol=2e-3)
        except AssertionError as e:
            raise AssertionError(f"case {n}: {e}") from None


def test_vmap():
    def program(m):
        tr = _lib(m)

        def run(a, b, s, low):
            return (tr.vmap(lambda x, y: m.lu_solve(m.lu_factor(x), y))(a, b),
                    tr.vmap(lambda x, y: m.cho_solve(m.cho_factor(x), y),
                            in_axes=(None, 0))(s[0], b),
                    tr.vmap(m.solve_triangular, in_axes=(None, 0),
                            out_axes=2)(low[0], b),
                    tr.vmap(m.expm)(a),
                    tr.vmap(m.eigh)(s))
        return tr.jit(run)
    args = (A, B, S, LOW)
    assert_same(program(xsl)(*args), program(jsl)(*args), rtol=2e-4,
                atol=2e-4)
