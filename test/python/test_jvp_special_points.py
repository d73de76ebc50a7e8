"""Derivatives at special points, against JAX (issue 9, item 1).

An audit of every JVP rule where derivatives go wrong quietly: ties (max,
min, clamp and clip at their bounds, sort and cumulative max/min with equal
elements), zeros (abs, sign, sqrt, pow with a zero base or exponent, the
relu family, `where` with NaN in the branch not taken), infinities and NaN,
and empty arrays.

The table is checked against the dialect: every op of `jxp._mlir` (generated
from dialects/*.td) has an entry here that exercises it (the entry's traced
IR must hold the op), or is listed, with the reason, as an op without
derivatives or as a transform op. A new op without an entry fails
`test_every_dialect_op_is_audited`.

Each entry runs, jitted in each library, the function, a JVP per float
argument (tangents of distinct values, so that a tangent taken from the
wrong position shows) and its VJP (`grad` for scalar outputs, else `vjp`
with a cotangent of distinct values), at arrays of special points, and
compares jxp's results with JAX's: dtypes and shapes exactly, NaN and
infinity positions exactly, finite values to a tolerance. Where JAX raises,
jxp must raise the same class. No entry needed an exception for a JAX bug;
the entries marked `gap` are differences not fixed (see each).
"""

import dataclasses
import itertools
import re
import types
from typing import Callable, Optional

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same_structure

INF, NAN = np.inf, np.nan
F32 = np.float32

# Points for unary functions: zeros of both signs, +-1, small and large
# magnitudes, infinities and NaN.
POINTS = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -3.0, 1e-30, 30.0,
                   -30.0, 100.0, INF, -INF, NAN], F32)
# Each pair of these for binary functions: ties on the diagonal.
PAIR_POINTS = [0.0, -0.0, 1.0, -1.0, 2.0, INF, -INF, NAN]


def pairs(points=PAIR_POINTS):
    """Two arrays holding every pair of `points`."""
    xs, ys = zip(*itertools.product(points, repeat=2))
    return np.array(xs, F32), np.array(ys, F32)


def pts(*values, dtype=F32):
    return np.array(values, dtype)


JXP = types.SimpleNamespace(name="jxp", api=jxp, lax=jxp.lax, jnp=jnp,
                            nn=jxp.nn)
JAX = types.SimpleNamespace(name="jax", api=jax, lax=jax.lax, jnp=rjnp,
                            nn=jax.nn)


def _is_float(dtype):
    return np.issubdtype(dtype, np.inexact) or dtype == jnp.bfloat16


@dataclasses.dataclass
class Case:
    """One audited function: `fn(L)` is it in library `L` (JXP or JAX),
    applied to `args` and differentiated in its float arguments; `ops` are
    the dialect ops it must exercise. `jvp=False`: reverse mode only. `gap`
    says why jxp differs from JAX where that is not fixed."""
    name: str
    ops: tuple
    fn: Callable
    args: tuple
    rtol: float = 2e-6
    atol: float = 1e-6
    jvp: bool = True
    gap: Optional[str] = None

    def diff_positions(self):
        return tuple(i for i, a in enumerate(self.args)
                     if _is_float(np.asarray(a).dtype))


def _distinct(shape, dtype, salt):
    """Nonzero values that differ between neighbouring positions."""
    n = int(np.prod(shape, dtype=np.int64))
    v = 1.0 + ((np.arange(n) * 3 + salt) % 7) * 0.25
    return np.asarray(v.reshape(shape), dtype)


def _program(L, case):
    """The program of `case` in library `L`: the primal output, one JVP per
    differentiable argument, and the VJP."""
    f = case.fn(L)
    diff = case.diff_positions()

    def prog(*args):
        def g(*d):
            full = list(args)
            for k, v in zip(diff, d):
                full[k] = v
            return f(*full)

        d_args = [args[k] for k in diff]
        out = g(*d_args)
        res = {"out": out}
        if case.jvp:
            for j, k in enumerate(diff):
                tangents = [L.jnp.zeros_like(a) for a in d_args]
                a = args[k]
                tangents[j] = L.jnp.asarray(_distinct(a.shape, a.dtype, k))
                res[f"jvp{k}"] = L.api.jvp(g, tuple(d_args), tuple(tangents))[1]
        leaves = L.api.tree_util.tree_leaves(out)
        if len(leaves) == 1 and leaves[0].shape == () and out is leaves[0]:
            res["grad"] = L.api.grad(g, argnums=tuple(range(len(diff))))(
                *d_args)
        else:
            _, pull = L.api.vjp(g, *d_args)
            cot = L.api.tree_util.tree_map(
                lambda o: L.jnp.asarray(_distinct(o.shape, o.dtype, 5)), out)
            res["vjp"] = pull(cot)
        return res

    return prog


def _check_leaf(path, got, want, rtol, atol):
    got, want = np.asarray(got), np.asarray(want)
    where = f"{path}: jxp {got!r}, jax {want!r}"
    assert got.dtype == want.dtype, where
    assert got.shape == want.shape, where
    if not _is_float(want.dtype):
        np.testing.assert_array_equal(got, want, err_msg=where)
        return
    if np.iscomplexobj(want):
        _check_leaf(path + ".real", got.real, want.real, rtol, atol)
        _check_leaf(path + ".imag", got.imag, want.imag, rtol, atol)
        return
    g, w = got.astype(np.float64), want.astype(np.float64)
    assert (np.isnan(g) == np.isnan(w)).all(), "NaN positions differ: " + where
    assert (np.isposinf(g) == np.isposinf(w)).all(), "+inf differs: " + where
    assert (np.isneginf(g) == np.isneginf(w)).all(), "-inf differs: " + where
    finite = np.isfinite(w)
    np.testing.assert_allclose(g[finite], w[finite], rtol=rtol, atol=atol,
                               err_msg=where)


def _compare(got, want, rtol, atol):
    assert_same_structure(got, want)
    got_leaves = jxp.tree_util.tree_leaves(got)
    want_leaves = jax.tree_util.tree_leaves(want)
    paths = [jax.tree_util.keystr(p) for p, _ in
             jax.tree_util.tree_flatten_with_path(want)[0]]
    for path, g, w in zip(paths, got_leaves, want_leaves):
        _check_leaf(path, g, w, rtol, atol)


def _ir_ops(case):
    text = str(jxp.make_ir(case.fn(JXP))(*case.args))
    return set(re.findall(r"\bjxp\.(\w+)", text))


# ---------------------------------------------------------------------------
# The table: dialect ops
# ---------------------------------------------------------------------------

def _lax(name, *extra):
    return lambda L: (lambda *a: getattr(L.lax, name)(*a, *extra))


X2 = pairs()
COMPLEX_POINTS = np.array([0, -0.0 + 0j, 1 + 1j, -2j, complex(INF, 1),
                           complex(1, -INF), complex(NAN, 0),
                           complex(0.5, NAN), 1e-30j], np.complex64)
# Arguments for erf_inv: its domain [-1, 1], its ends and beyond.
ERF_INV_POINTS = pts(0.0, -0.0, 0.5, -0.5, 0.9, 1.0, -1.0, 2.0, INF, NAN)
# Rows with ties, zeros, infinities and NaN, for reductions and scans.
ROWS = np.array([[1.0, 3.0, 3.0, 2.0],
                 [2.0, 2.0, 2.0, 2.0],
                 [0.0, -0.0, 1.0, 0.0],
                 [5.0, NAN, 5.0, 1.0],
                 [INF, 1.0, INF, 0.0],
                 [-INF, -INF, 2.0, -1.0],
                 [0.0, 2.0, 0.0, 3.0],
                 [-1.0, 4.0, 4.0, -1.0]], F32)
EMPTY = np.zeros((0,), F32)
EMPTY_ROWS = np.zeros((3, 0), F32)
# Keys with ties, signed zeros and NaNs, for sort.
SORT_KEYS = pts(3.0, 1.0, NAN, 1.0, -0.0, 0.0, 3.0, -INF, 2.0, NAN, 1.0)
# A positive definite matrix and one that is not (a zero pivot).
SPD = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]], F32)
SINGULAR = np.array([[1.0, 1.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], F32)
TALL = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25]], F32)
# lgamma's and digamma's poles and their neighbourhoods.
GAMMA_POINTS = pts(0.0, -0.0, 1.0, 2.0, 0.5, -0.5, -1.0, -2.5, 1e-30, 30.0,
                   1e5, INF, -INF, NAN)
LOWER = np.array([[2.0, 0.0, 0.0], [1.0, -1.0, 0.0], [0.5, 3.0, 0.0]], F32)


def _clamp_triples():
    vals = [0.0, 1.0, 2.0, NAN]
    lo, x, hi = zip(*itertools.product(vals, repeat=3))
    return np.array(lo, F32), np.array(x, F32), np.array(hi, F32)


def _custom_vjp_square(L):
    """x * x with a custom VJP giving 2 x ct (its JVP raises in both)."""
    @L.api.custom_vjp
    def f(x):
        return x * x

    def fwd(x):
        return x * x, x

    def bwd(x, ct):
        return (2.0 * x * ct,)

    f.defvjp(fwd, bwd)
    return f


def _sort2(L):
    def f(keys, vals):
        return L.lax.sort((keys, vals), num_keys=1)
    return f


PRIMITIVES = [
    # Elementwise unary.
    Case("neg", ("neg",), _lax("neg"), (POINTS,)),
    Case("abs", ("abs",), _lax("abs"), (POINTS,)),
    # The modulus of complex numbers, 0 included (its derivative is 0 there).
    Case("abs_complex", ("abs",), _lax("abs"),
         (np.array([0, 1 + 1j, -2j, 3, -0.0 + 0j, complex(INF, 1),
                    complex(NAN, 0), 1e-30j], np.complex64),)),
    # The parts of complex numbers (linear), with infinities and NaN in
    # either part; complex of every pair of special points.
    Case("real", ("real",), _lax("real"), (COMPLEX_POINTS,)),
    Case("imag", ("imag",), _lax("imag"), (COMPLEX_POINTS,)),
    Case("complex", ("complex",), _lax("complex"), X2),
    Case("conj", ("real", "imag", "complex"), _lax("conj"), (COMPLEX_POINTS,)),
    Case("sign", ("sign",), _lax("sign"), (POINTS,)),
    Case("exp", ("exp",), _lax("exp"), (POINTS,)),
    Case("log", ("log",), _lax("log"), (POINTS,)),
    Case("log1p", ("log1p",), _lax("log1p"), (np.append(POINTS, F32(-1)),)),
    Case("expm1", ("expm1",), _lax("expm1"), (POINTS,)),
    Case("sin", ("sin",), _lax("sin"), (POINTS,)),
    Case("cos", ("cos",), _lax("cos"), (POINTS,)),
    Case("tan", ("tan",), _lax("tan"), (POINTS,)),
    Case("tanh", ("tanh",), _lax("tanh"), (POINTS,)),
    Case("logistic", ("logistic",), _lax("logistic"), (POINTS,)),
    Case("sqrt", ("sqrt",), _lax("sqrt"), (POINTS,)),
    Case("rsqrt", ("rsqrt",), _lax("rsqrt"), (POINTS,)),
    Case("cbrt", ("cbrt",), _lax("cbrt"), (POINTS,)),
    Case("erf", ("erf",), _lax("erf"), (POINTS,)),
    Case("erf_inv", ("erf_inv",), _lax("erf_inv"), (ERF_INV_POINTS,)),
    Case("erfc", ("erfc",), _lax("erfc"), (POINTS,)),
    # Poles at 0 and the negative integers; huge and tiny arguments.
    Case("lgamma", ("lgamma",), _lax("lgamma"), (GAMMA_POINTS,), rtol=1e-5),
    Case("digamma", ("digamma",), _lax("digamma"), (GAMMA_POINTS,),
         rtol=1e-5),
    Case("bessel_i0e", ("bessel_i0e",), _lax("bessel_i0e"), (POINTS,)),
    Case("bessel_i1e", ("bessel_i1e",), _lax("bessel_i1e"), (POINTS,)),
    Case("polygamma", ("polygamma",),
         lambda L: lambda x: L.lax.polygamma(L.jnp.full_like(x, 2.0), x),
         (GAMMA_POINTS,), rtol=1e-5),
    Case("zeta", ("zeta",),
         lambda L: lambda q: L.lax.zeta(L.jnp.full_like(q, 3.0), q),
         (GAMMA_POINTS,), rtol=1e-5),
    Case("reduce_precision", ("reduce_precision",),
         lambda L: lambda x: L.lax.reduce_precision(x, 5, 10), (POINTS,)),
    Case("floor", ("floor",), _lax("floor"), (POINTS,)),
    Case("ceil", ("ceil",), _lax("ceil"), (POINTS,)),
    Case("round", ("round",), _lax("round"), (np.append(POINTS, F32(2.5)),)),
    # Elementwise binary, at every pair of points (ties on the diagonal).
    Case("add", ("add",), _lax("add"), X2),
    Case("sub", ("sub",), _lax("sub"), X2),
    Case("mul", ("mul",), _lax("mul"), X2),
    Case("div", ("div",), _lax("div"), X2),
    Case("rem", ("rem",), _lax("rem"), X2),
    Case("pow", ("pow",), _lax("pow"), pairs(PAIR_POINTS + [0.5, 3.0])),
    # An integer exponent: differentiable at 0 ** 0 (0 there, not NaN).
    Case("pow_int_exponent", ("pow",), lambda L: lambda x, n: (
        L.lax.pow(x, n), L.lax.pow(x, 0), L.lax.pow(x, 3)),
         (pairs()[0], np.tile(np.arange(-3, 5, dtype=np.int32), 8))),
    Case("max", ("max",), _lax("max"), X2),
    Case("min", ("min",), _lax("min"), X2),
    Case("atan2", ("atan2",), _lax("atan2"), X2),
    # Selection and clamping at their bounds.
    Case("select", ("select",),
         lambda L: lambda x, y: L.lax.select(L.lax.gt(x, y), x, y), X2),
    Case("clamp", ("clamp",), _lax("clamp"), _clamp_triples()),
    Case("clamp_scalar_bounds", ("clamp",),
         lambda L: lambda x: L.lax.clamp(F32(0), x, F32(1)), (POINTS,)),
    Case("convert", ("convert",),
         lambda L: lambda x: (
             L.lax.convert_element_type(
                 L.lax.convert_element_type(x, np.float16), F32) * x,
             L.lax.convert_element_type(
                 L.lax.convert_element_type(x, np.int32), F32) * x),
         (POINTS,)),
    # Structural (linear) ops carry infinities and NaNs through unchanged.
    Case("broadcast_in_dim", ("broadcast_in_dim",),
         lambda L: lambda x: L.lax.broadcast_in_dim(x, (2, 15), (1,)),
         (POINTS,)),
    Case("reshape", ("reshape",),
         lambda L: lambda x: L.lax.reshape(x, (3, 5)), (POINTS,)),
    Case("transpose", ("transpose",),
         lambda L: lambda x: L.lax.transpose(x, (1, 0)), (ROWS,)),
    Case("reverse", ("reverse",), lambda L: lambda x: L.lax.rev(x, (0,)),
         (POINTS,)),
    Case("slice", ("slice",),
         lambda L: lambda x: L.lax.slice(x, (1,), (14,), (3,)), (POINTS,)),
    Case("dynamic_slice", ("dynamic_slice",),
         lambda L: lambda x, i: L.lax.dynamic_slice(x, (i,), (4,)),
         (POINTS, np.int32(13))),
    Case("dynamic_update_slice", ("dynamic_update_slice",),
         lambda L: lambda x, u, i: L.lax.dynamic_update_slice(x, u, (i,)),
         (POINTS, pts(NAN, INF, 7.0), np.int32(-2))),
    Case("concatenate", ("concatenate",),
         lambda L: lambda x, y: L.lax.concatenate((x, y, x), 0),
         (POINTS, EMPTY)),
    Case("pad", ("pad",),
         lambda L: lambda x, v: L.lax.pad(x, v, ((-2, 3, 1),)),
         (POINTS, np.float32(NAN))),
    # Collectives over a vmap axis: ties, infinities and NaN across the
    # members (rows mapped along 1: the members are the columns).
    # (JAX differentiates neither pmax nor pmin.)
    Case("psum", ("all_reduce",),
         lambda L: lambda x: L.api.vmap(
             lambda r: r * L.lax.psum(r, "i"), in_axes=1,
             axis_name="i")(x), (ROWS,)),
    Case("all_gather", ("all_gather",),
         lambda L: lambda x: L.api.vmap(
             lambda r: L.lax.all_gather(r, "i", axis=1) * r[:, None],
             axis_name="i")(x), (ROWS,)),
    Case("ppermute", ("ppermute",),
         lambda L: lambda x: L.api.vmap(
             lambda r: L.lax.ppermute(r, "i", [(0, 1), (1, 2), (2, 0)]) * r,
             axis_name="i")(x[:3]), (ROWS,)),
    # Reductions: ties, zeros, infinities and NaN in a row; empty rows.
    Case("reduce_sum", ("reduce",),
         lambda L: lambda x: L.lax.reduce_sum(x, (1,)), (ROWS,)),
    Case("reduce_prod", ("reduce",),
         lambda L: lambda x: L.lax.reduce_prod(x, (1,)), (ROWS,)),
    Case("reduce_max", ("reduce",),
         lambda L: lambda x: L.lax.reduce_max(x, (1,)), (ROWS,)),
    Case("reduce_min", ("reduce",),
         lambda L: lambda x: L.lax.reduce_min(x, (0,)), (ROWS,)),
    Case("reduce_all_empty", ("reduce",),
         lambda L: lambda x: (L.lax.reduce_sum(x, (1,)),
                              L.lax.reduce_prod(x, (1,)),
                              L.lax.reduce_max(x, (1,)),
                              L.lax.reduce_min(x, (1,))), (EMPTY_ROWS,)),
    # Scans, both directions.
    Case("cumsum", ("cumsum",),
         lambda L: lambda x: (L.lax.cumsum(x, 1),
                              L.lax.cumsum(x, 0, reverse=True)), (ROWS,)),
    Case("cumprod", ("cumprod",),
         lambda L: lambda x: (L.lax.cumprod(x, 1),
                              L.lax.cumprod(x, 0, reverse=True)), (ROWS,)),
    Case("cummax", ("cummax",),
         lambda L: lambda x: (L.lax.cummax(x, 1),
                              L.lax.cummax(x, 0, reverse=True)), (ROWS,)),
    Case("cummin", ("cummin",),
         lambda L: lambda x: (L.lax.cummin(x, 1),
                              L.lax.cummin(x, 0, reverse=True)), (ROWS,)),
    Case("cumulative_empty", ("cumsum", "cumprod", "cummax", "cummin"),
         lambda L: lambda x: tuple(f(x, 1) for f in (
             L.lax.cumsum, L.lax.cumprod, L.lax.cummax, L.lax.cummin)),
         (EMPTY_ROWS,)),
    # Products with infinities, NaNs and an empty contraction.
    Case("dot_general", ("dot_general",),
         lambda L: lambda a, b: L.lax.dot_general(a, b, (((1,), (0,)), ((), ()))),
         (ROWS, ROWS.T.copy())),
    Case("dot_general_empty", ("dot_general",),
         lambda L: lambda a, b: L.lax.dot_general(a, b, (((1,), (0,)), ((), ()))),
         (EMPTY_ROWS, np.zeros((0, 2), F32))),
    # Indexing: repeated, negative and out-of-bounds indices.
    Case("gather", ("gather",),
         lambda L: lambda x: x[L.jnp.array([0, 2, 2, -1, 5])], (POINTS,)),
    Case("gather_fill", ("gather",),
         lambda L: lambda x: x.at[L.jnp.array([0, 2, 2, 20, -20])].get(
             mode="fill", fill_value=NAN), (POINTS,)),
    Case("scatter_set", ("scatter",),
         lambda L: lambda x, u: x.at[L.jnp.array([1, 1, 3, 30])].set(u),
         (POINTS, pts(NAN, 2.0, INF, 4.0))),
    Case("scatter_add", ("scatter",),
         lambda L: lambda x, u: x.at[L.jnp.array([1, 1, 3, 30])].add(u),
         (POINTS, pts(NAN, 2.0, INF, 4.0))),
    Case("scatter_mul", ("scatter",),
         lambda L: lambda x, u: x.at[L.jnp.array([0, 2, 12, 14])].multiply(
             u, unique_indices=True), (POINTS, pts(0.0, 2.0, 0.0, INF))),
    Case("scatter_max", ("scatter",),
         lambda L: lambda x, u: x.at[L.jnp.array([0, 2, 2, 6, 6, 14])].max(u),
         (POINTS, pts(0.0, 1.0, 1.0, 2.0, 5.0, 1.0))),
    Case("scatter_min", ("scatter",),
         lambda L: lambda x, u: x.at[L.jnp.array([0, 2, 2, 6, 6, 14])].min(u),
         (POINTS, pts(-0.0, 1.0, 0.0, 2.0, 2.0, NAN))),
    # Sorting with ties, signed zeros and NaNs.
    Case("sort", ("sort",), lambda L: L.jnp.sort, (SORT_KEYS,)),
    Case("sort_keys_values", ("sort",), _sort2,
         (SORT_KEYS, np.arange(11, dtype=F32))),
    Case("sort_rows", ("sort",), lambda L: lambda x: L.jnp.sort(x, axis=0),
         (ROWS,)),
    # Linear algebra, including a matrix that is not positive definite.
    Case("cholesky", ("cholesky",),
         lambda L: lambda a, b: (L.lax.linalg.cholesky(a),
                                 L.lax.linalg.cholesky(b)),
         (SPD, SINGULAR), rtol=1e-5),
    Case("triangular_solve", ("triangular_solve",),
         lambda L: lambda a, b: (
             L.lax.linalg.triangular_solve(a, b, left_side=True, lower=True),
             L.lax.linalg.triangular_solve(a, b, left_side=False, lower=True,
                                           transpose_a=True)),
         (LOWER, SPD), rtol=1e-5),
    Case("lu", ("lu",),
         lambda L: lambda a, b: (L.lax.linalg.lu(a)[0],
                                 L.lax.linalg.lu(b)[0]),
         (SPD, SINGULAR), rtol=1e-5),
    Case("qr", ("qr",),
         lambda L: lambda a, b: (L.lax.linalg.qr(a, full_matrices=False),
                                 L.lax.linalg.qr(b, full_matrices=False)),
         (SPD, TALL), rtol=1e-5, atol=1e-5),
    Case("eigh", ("eigh",), lambda L: L.lax.linalg.eigh, (SPD,), rtol=1e-4,
         atol=1e-5),
    Case("svd", ("svd",),
         lambda L: lambda a, b: (
             L.lax.linalg.svd(a, full_matrices=False),
             L.lax.linalg.svd(b, full_matrices=False, compute_uv=False)),
         (TALL, SINGULAR), rtol=1e-4, atol=1e-5),
    Case("eig", ("eig",),
         lambda L: lambda a: L.lax.linalg.eig(
             a, compute_left_eigenvectors=False,
             compute_right_eigenvectors=False)[0], (SPD,), rtol=1e-4,
         atol=1e-5),
    # Transforms of signals with infinities and NaNs among the samples.
    Case("fft", ("fft",),
         lambda L: lambda x: (L.jnp.fft.rfft(x), L.jnp.fft.fft(x),
                              L.jnp.fft.irfft(L.jnp.fft.rfft(x[:8]))),
         (POINTS,), rtol=1e-5, atol=1e-5),
    Case("conv", ("conv",),
         lambda L: lambda x, k: L.lax.conv_general_dilated(
             x.reshape(1, 1, 15), k.reshape(1, 1, 3), (2,), "SAME",
             rhs_dilation=(2,)), (POINTS, pts(1.0, -2.0, 0.5)), rtol=1e-5),
    # Pooling over rows with ties, signed zeros, infinities and NaNs: the
    # tangent goes to the element each window selects.
    Case("reduce_window", ("reduce_window",),
         lambda L: lambda x: tuple(
             L.lax.reduce_window(x, init, op, (2, 2), (1, 1), "SAME")
             for init, op in ((-INF, L.lax.max), (INF, L.lax.min),
                              (0.0, L.lax.add))), (ROWS,)),
    # Custom rules: relu's JVP (0 at 0); a custom VJP (its JVP raises).
    Case("custom_jvp_call", ("custom_jvp_call",), lambda L: L.nn.relu,
         (POINTS,)),
    Case("custom_vjp_call", ("custom_vjp_call",), _custom_vjp_square,
         (POINTS,), jvp=False),
]


def _to_f32(L, v):
    return L.lax.convert_element_type(v, F32)


def _random_scale(L):
    key = L.api.random.PRNGKey(0)
    return lambda x: x * L.api.random.uniform(key, x.shape)


def _sign_bit(L):
    return lambda x: _to_f32(L, L.lax.shift_right_logical(
        L.lax.bitcast_convert_type(x, np.uint32), np.uint32(31))) * x


# Ops without derivatives: their values are integers or booleans (or bits,
# random bits, constants), so their JVP rules must give zero tangents. Each
# entry feeds a float through the op and back into float arithmetic (most
# entries multiply by x, so the derivative is the op's value): its
# derivatives are compared with JAX's like the others'.
NONDIFFERENTIABLE = {
    "compare": Case(
        "nondiff.compare", ("compare",),
        lambda L: lambda x: _to_f32(L, L.lax.lt(x, F32(1))) * x, (POINTS,)),
    "is_finite": Case(
        "nondiff.is_finite", ("is_finite",),
        lambda L: lambda x: _to_f32(L, L.lax.is_finite(x)), (POINTS,)),
    "and": Case(
        "nondiff.and", ("and",),
        lambda L: lambda x: _to_f32(L, L.lax.bitwise_and(
            L.lax.gt(x, F32(0)), L.lax.lt(x, F32(2)))) * x, (POINTS,)),
    "or": Case(
        "nondiff.or", ("or",),
        lambda L: lambda x: _to_f32(L, L.lax.bitwise_or(
            L.lax.gt(x, F32(1)), L.lax.lt(x, F32(-1)))) * x, (POINTS,)),
    "xor": Case(
        "nondiff.xor", ("xor",),
        lambda L: lambda x: _to_f32(L, L.lax.bitwise_xor(
            L.lax.gt(x, F32(0)), L.lax.lt(x, F32(2)))) * x, (POINTS,)),
    "not": Case(
        "nondiff.not", ("not",),
        lambda L: lambda x: _to_f32(L, L.lax.bitwise_not(
            L.lax.gt(x, F32(0)))) * x, (POINTS,)),
    "shift_left": Case(
        "nondiff.shift_left", ("shift_left",),
        lambda L: lambda x, i: _to_f32(L, L.lax.shift_left(i, np.int32(2))) * x,
        (POINTS, np.arange(-7, 8, dtype=np.int32))),
    "shift_right_logical": Case(
        "nondiff.shift_right_logical", ("shift_right_logical",),
        lambda L: lambda x, i: _to_f32(
            L, L.lax.shift_right_logical(i, np.int32(1))) * x,
        (POINTS, np.arange(-7, 8, dtype=np.int32))),
    "shift_right_arithmetic": Case(
        "nondiff.shift_right_arithmetic", ("shift_right_arithmetic",),
        lambda L: lambda x, i: _to_f32(
            L, L.lax.shift_right_arithmetic(i, np.int32(1))) * x,
        (POINTS, np.arange(-7, 8, dtype=np.int32))),
    "argmax": Case(
        "nondiff.argmax", ("argmax",),
        lambda L: lambda x: _to_f32(L, L.jnp.argmax(x, axis=1)) * x[:, 0],
        (ROWS,)),
    "argmin": Case(
        "nondiff.argmin", ("argmin",),
        lambda L: lambda x: _to_f32(L, L.jnp.argmin(x, axis=1)) * x[:, 0],
        (ROWS,)),
    "iota": Case(
        "nondiff.iota", ("iota",),
        lambda L: lambda x: x * L.lax.iota(F32, 15), (POINTS,)),
    "constant": Case(
        "nondiff.constant", ("constant",), lambda L: lambda x: x * F32(3),
        (POINTS,)),
    "threefry2x32": Case(
        "nondiff.threefry2x32", ("threefry2x32",), _random_scale, (POINTS,)),
    "rng_bit_generator": Case(
        "nondiff.rng_bit_generator", ("rng_bit_generator",),
        lambda L: lambda x: x * _to_f32(L, L.lax.rng_bit_generator(
            np.arange(4, dtype=np.uint32), x.shape)[1] >> np.uint32(28)),
        (POINTS,)),
    # Its values are XLA's state's, so it only scales by 0 here; its
    # derivative's error (in both) is checked in lax/test_primitives.py.
    "rng_uniform": Case(
        "nondiff.rng_uniform", ("rng_uniform",),
        lambda L: lambda x: x + F32(0) * L.lax.rng_uniform(
            F32(0), F32(1), x.shape), (POINTS,)),
    "bitcast_convert": Case(
        "nondiff.bitcast_convert", ("bitcast_convert",), _sign_bit,
        (POINTS,)),
    "axis_index": Case(
        "nondiff.axis_index", ("axis_index",),
        lambda L: lambda x: L.api.vmap(
            lambda v: v * _to_f32(L, L.lax.axis_index("i")),
            axis_name="i")(x), (POINTS,)),
    "stop_gradient": Case(
        "nondiff.stop_gradient", ("stop_gradient",),
        lambda L: lambda x: x * L.lax.stop_gradient(x), (POINTS,)),
    "population_count": Case(
        "nondiff.population_count", ("population_count",),
        lambda L: lambda x, i: _to_f32(L, L.lax.population_count(i)) * x,
        (POINTS, np.arange(-7, 8, dtype=np.int32))),
    "clz": Case(
        "nondiff.clz", ("clz",),
        lambda L: lambda x, i: _to_f32(L, L.lax.clz(i)) * x,
        (POINTS, np.arange(-7, 8, dtype=np.int32))),
    # Differentiating it is an error in both (its derivative in x is not 0).
    "nextafter": Case(
        "nondiff.nextafter", ("nextafter",),
        lambda L: lambda x: L.lax.nextafter(x, L.jnp.full_like(x, 2.0)),
        (POINTS,)),
}

# Transform ops name a function and are not primitives: the transform driver
# materializes them (innermost first), so their derivatives are the
# derivatives of the functions they derive, which the entries above
# exercise (every entry runs jvp and vjp ops, nested ones included).
# custom_lin is the linear part of a custom_vjp_call's JVP; its own JVP is
# JAX's error (test_jvp_of_custom_vjp_raises).
TRANSFORMS = {"jvp", "vjp", "linear_transpose", "vmap", "custom_lin"}
# Region ops (structural): they add no math of their own at special points;
# their JVPs differentiate the ops inside them, audited here one by one.
# Their numbers are checked against JAX's lax.cond/switch/while_loop/scan
# and jax.checkpoint in lax/test_control_flow*.py and test_checkpoint.py, and
# by the op matrix (meta/test_op_matrix.py); linear_loop, reverse mode's part
# of a while loop, against JAX's fori_loop of the same trip count.
CONTROL_FLOW = {"cond", "while", "scan", "remat", "linear_loop", "yield"}
# shard_map and the collectives that exist only over mesh axes (pvary is a
# cast; psum_scatter and all_to_all move blocks): linear, with no special
# points; their derivatives are checked against JAX's on 8 CPU devices in
# sharding/test_shard_map.py.
SHARD_MAP = {"shard_map", "pvary", "psum_scatter", "all_to_all"}
# Ops only rules create: max/min pooling's tangent and its transpose,
# audited through reduce_window's case above; host callbacks, which run
# Python and are checked against JAX in test_callbacks.py.
DERIVED = {"select_and_gather_add", "select_and_scatter_add", "host_callback"}


# ---------------------------------------------------------------------------
# The table: jax.numpy and jax.nn functions built on the ops
# ---------------------------------------------------------------------------

def _jnp(name, *extra, **kw):
    return lambda L: (lambda *a: getattr(L.jnp, name)(*a, *extra, **kw))


def _nn(name, *extra, **kw):
    return lambda L: (lambda *a: getattr(L.nn, name)(*a, *extra, **kw))


# Activation functions also at their kinks and ends: +-1, 3, 6, log 2.
NN_POINTS = np.append(POINTS, pts(6.0, -6.0, 3.0, 1.5, 0.6931472))
# Points for the inverse trigonometric and hyperbolic functions: their
# domains' ends.
INV_POINTS = np.append(POINTS, pts(0.9, -0.9, 1.5))
# Rows for the statistics: a constant row (zero spread), zeros, NaN, inf.
COMPLEX_POINTS = np.array([0, 1 + 1j, -2j, 3, -1, complex(INF, 0),
                           complex(NAN, 0), 0.5 - 0.5j], np.complex64)
# Rows for log-sum-exp and softmax: all -inf, all +inf, a lone +inf.
LSE_ROWS = np.array([[-INF, -INF, -INF], [INF, INF, INF], [1.0, INF, 2.0],
                     [0.0, 0.0, 0.0], [1.0, NAN, 2.0]], F32)
STAT_ROWS = np.array([[2.0, 2.0, 2.0, 2.0],
                      [0.0, 0.0, 0.0, 0.0],
                      [1.0, -1.0, 3.0, 1.0],
                      [1.0, NAN, 3.0, 1.0],
                      [1.0, INF, 3.0, 1.0],
                      [-0.0, 0.0, -0.0, 0.0]], F32)


def _power(n):
    return lambda L: (lambda x: L.jnp.power(x, n))


def _where_sqrt(L):
    return lambda x: L.jnp.where(x > 0, L.jnp.sqrt(x), 0.0)


def _where_log(L):
    return lambda x: L.jnp.where(x > 0, L.jnp.log(x), x)


def _where_nan_branch(L):
    # NaN in the branch not taken (0 / 0 where x == 0).
    return lambda x: L.jnp.where(x == 0, 1.0, L.jnp.sin(x) / x)


COMPOSITES = [
    # jax.numpy elementwise.
    Case("jnp.abs", ("abs",), _jnp("abs"), (POINTS,)),
    Case("jnp.sign", ("sign",), _jnp("sign"), (POINTS,)),
    Case("jnp.sqrt", ("sqrt",), _jnp("sqrt"), (POINTS,)),
    Case("jnp.cbrt", ("cbrt",), _jnp("cbrt"), (POINTS,)),
    Case("jnp.square", ("mul",), _jnp("square"), (POINTS,)),
    Case("jnp.reciprocal", ("div",), _jnp("reciprocal"), (POINTS,)),
    Case("jnp.exp2", ("exp",), _jnp("exp2"), (POINTS,)),
    Case("jnp.log2", ("log",), _jnp("log2"), (POINTS,)),
    Case("jnp.log10", ("log",), _jnp("log10"), (POINTS,)),
    Case("jnp.sinh", (), _jnp("sinh"), (POINTS,)),
    Case("jnp.cosh", (), _jnp("cosh"), (POINTS,)),
    Case("jnp.tanh", ("tanh",), _jnp("tanh"), (POINTS,)),
    Case("jnp.arcsin", (), _jnp("arcsin"), (INV_POINTS,)),
    Case("jnp.arccos", (), _jnp("arccos"), (INV_POINTS,)),
    Case("jnp.arctan", (), _jnp("arctan"), (POINTS,)),
    Case("jnp.arcsinh", (), _jnp("arcsinh"), (POINTS,)),
    Case("jnp.arccosh", (), _jnp("arccosh"), (INV_POINTS,)),
    Case("jnp.arctanh", (), _jnp("arctanh"), (INV_POINTS,)),
    Case("jnp.sinc", (), _jnp("sinc"), (POINTS,)),
    Case("jnp.i0", (), _jnp("i0"), (POINTS,), rtol=1e-5),
    Case("jnp.deg2rad", ("mul",), _jnp("deg2rad"), (POINTS,)),
    Case("jnp.rounding", ("round", "floor", "ceil"),
         lambda L: lambda x: (L.jnp.round(x), L.jnp.trunc(x), L.jnp.rint(x),
                              L.jnp.floor(x), L.jnp.ceil(x)), (POINTS,)),
    Case("jnp.nan_to_num", (), _jnp("nan_to_num"), (POINTS,)),
    Case("jnp.angle", (), _jnp("angle"), (POINTS,)),
    Case("jnp.power_0", (), _power(0), (POINTS,)),
    Case("jnp.power_1", (), _power(1), (POINTS,)),
    Case("jnp.power_2", ("mul",), _power(2), (POINTS,)),
    Case("jnp.power_3", ("mul",), _power(3), (POINTS,)),
    Case("jnp.power_-1", ("div",), _power(-1), (POINTS,)),
    Case("jnp.power_-2", ("div",), _power(-2), (POINTS,)),
    Case("jnp.power_0.5", ("pow",), _power(0.5), (POINTS,)),
    Case("jnp.power_int_array", ("pow",), _jnp("power"),
         (pairs()[0], np.tile(np.array([0, 1, 2, -1, -2, 3, 0, 1], np.int32), 8))),
    Case("jnp.power", ("pow",), _jnp("power"), X2),
    Case("jnp.float_power", ("pow",), _jnp("float_power"), X2),
    Case("jnp.maximum", ("max",), _jnp("maximum"), X2),
    Case("jnp.minimum", ("min",), _jnp("minimum"), X2),
    Case("jnp.fmax", (), _jnp("fmax"), X2),
    Case("jnp.fmin", (), _jnp("fmin"), X2),
    Case("jnp.hypot", (), _jnp("hypot"), X2),
    Case("jnp.arctan2", ("atan2",), _jnp("arctan2"), X2),
    Case("jnp.logaddexp", (), _jnp("logaddexp"), X2),
    Case("jnp.logaddexp2", (), _jnp("logaddexp2"), X2),
    Case("jnp.copysign", (), _jnp("copysign"), X2),
    Case("jnp.remainder", (), _jnp("remainder"), X2),
    Case("jnp.fmod", ("rem",), _jnp("fmod"), X2),
    Case("jnp.floor_divide", (), _jnp("floor_divide"), X2),
    Case("jnp.true_divide", ("div",), _jnp("true_divide"), X2),
    Case("jnp.heaviside", (), _jnp("heaviside"), X2),
    # JAX's nextafter primitive has no derivative (NotImplementedError);
    # jxp composes it from bit operations and selects, and differentiates
    # that (y's tangent passes where x == y). Raising only when
    # differentiated needs a rule traced lazily, which jxp's custom_jvp
    # does not do (it traces rules at the call), or an op of its own.
    Case("jnp.divmod", (), _jnp("divmod"), X2),
    Case("jnp.modf", (), _jnp("modf"), (POINTS,)),
    Case("jnp.frexp", (), lambda L: lambda x: L.jnp.frexp(x)[0], (POINTS,)),
    Case("jnp.ldexp", (), _jnp("ldexp"),
         (POINTS, np.arange(-7, 8, dtype=np.int32))),
    Case("jnp.spacing", (), _jnp("spacing"), (POINTS,),
         gap="built on nextafter, as in JAX"),
    Case("jnp.fabs", ("abs",), _jnp("fabs"), (POINTS,)),
    Case("jnp.nextafter", (), _jnp("nextafter"), X2,
         gap="differentiates its composition where JAX raises"),
    # Clipping at its bounds: scalar bounds, then bounds that are
    # arguments too (ties between all three).
    Case("jnp.clip_scalars", (), _jnp("clip", 0.0, 1.0), (POINTS,)),
    Case("jnp.clip", (), lambda L: lambda lo, x, hi: L.jnp.clip(x, lo, hi),
         _clamp_triples()),
    # where: the branch not taken may hold NaN or infinities.
    Case("jnp.where_sqrt", ("select",), _where_sqrt, (POINTS,)),
    Case("jnp.where_log", ("select",), _where_log, (POINTS,)),
    Case("jnp.where_nan_branch", ("select",), _where_nan_branch, (POINTS,)),
    # Reductions and statistics: ties, zeros, NaN; a constant row (zero
    # spread: sqrt at 0).
    Case("jnp.max", ("reduce",), _jnp("max", axis=1), (ROWS,)),
    Case("jnp.min", ("reduce",), _jnp("min", axis=0), (ROWS,)),
    Case("jnp.max_all", ("reduce",), _jnp("max"), (ROWS,)),
    Case("jnp.prod", ("reduce",), _jnp("prod", axis=1), (ROWS,)),
    Case("jnp.ptp", ("reduce",), _jnp("ptp", axis=1), (ROWS,)),
    Case("jnp.mean", ("reduce",), _jnp("mean", axis=1), (STAT_ROWS,)),
    Case("jnp.var", ("reduce",), _jnp("var", axis=1), (STAT_ROWS,)),
    Case("jnp.std", ("reduce",), _jnp("std", axis=1), (STAT_ROWS,)),
    Case("jnp.var_ddof", ("reduce",), _jnp("var", axis=1, ddof=4),
         (STAT_ROWS,)),
    Case("jnp.median", ("sort",), _jnp("median", axis=1), (ROWS,)),
    Case("jnp.matmul_einsum", ("dot_general",), lambda L: lambda a, b: (
        a @ b, L.jnp.einsum("ij,jk->ik", a, b), L.jnp.vdot(a, a)),
         (ROWS, ROWS.T.copy())),
    Case("jnp.at_ops", ("scatter",), lambda L: lambda x, u: (
        x.at[L.jnp.array([1, 5, 3])].divide(u),
        x.at[L.jnp.array([0, 2, 4])].power(u),
        x.at[L.jnp.array([1, 1, 3])].add(u)), (POINTS, pts(0.0, 2.0, NAN))),
    # Scatter mul's derivative in its updates needs unique indices: JAX's
    # NotImplementedError.
    Case("jnp.at_divide_repeated", ("scatter",), lambda L: lambda x, u:
         x.at[L.jnp.array([1, 1, 3])].divide(u), (POINTS, pts(0.0, 2.0, NAN))),
    Case("jnp.nanmax", (), _jnp("nanmax", axis=1), (ROWS,)),
    Case("jnp.nanmin", (), _jnp("nanmin", axis=1), (ROWS,)),
    Case("jnp.nansum", (), _jnp("nansum", axis=1), (ROWS,)),
    Case("jnp.nanprod", (), _jnp("nanprod", axis=1), (ROWS,)),
    Case("jnp.nanmean", (), _jnp("nanmean", axis=1), (STAT_ROWS,)),
    Case("jnp.nanstd", (), _jnp("nanstd", axis=1), (STAT_ROWS,)),
    Case("jnp.cumprod", ("cumprod",), _jnp("cumprod", axis=1), (ROWS,)),
    Case("jnp.nancumprod", ("cumprod",), _jnp("nancumprod", axis=1), (ROWS,)),
    Case("jnp.nancumsum", ("cumsum",), _jnp("nancumsum", axis=1), (ROWS,)),
    Case("jnp.average", (), lambda L: lambda x, w: L.jnp.average(
        x, axis=1, weights=w), (STAT_ROWS, pts(1.0, 0.0, 2.0, 0.0))),
    Case("jnp.norm", (), lambda L: lambda x: L.jnp.linalg.norm(x, axis=1),
         (STAT_ROWS,)),
    Case("jnp.norm_ords", (), lambda L: lambda x: tuple(
        L.jnp.linalg.norm(x, ord=o, axis=1) for o in (1, INF, -INF, 0.5)),
         (STAT_ROWS,)),
    Case("jnp.norm_fro", (), lambda L: lambda x: L.jnp.linalg.norm(x),
         (np.zeros((2, 3), F32),)),
    Case("jnp.reductions_empty", ("reduce",), lambda L: lambda x: (
        L.jnp.sum(x, axis=1), L.jnp.prod(x, axis=1), L.jnp.mean(x, axis=1),
        L.jnp.max(x, axis=1, initial=-INF), L.jnp.cumsum(x, axis=1),
        L.jnp.sort(x, axis=1)), (EMPTY_ROWS,)),
    # jax.nn: the relu family at its kinks, the smooth ones at the ends.
    Case("nn.relu", ("custom_jvp_call",), _nn("relu"), (NN_POINTS,)),
    Case("nn.relu6", ("custom_jvp_call",), _nn("relu6"), (NN_POINTS,)),
    Case("nn.sigmoid", ("logistic",), _nn("sigmoid"), (NN_POINTS,)),
    Case("nn.log_sigmoid", (), _nn("log_sigmoid"), (NN_POINTS,)),
    Case("nn.softplus", (), _nn("softplus"), (NN_POINTS,)),
    Case("nn.soft_sign", (), _nn("soft_sign"), (NN_POINTS,)),
    Case("nn.silu", (), _nn("silu"), (NN_POINTS,)),
    Case("nn.gelu", (), _nn("gelu"), (NN_POINTS,), rtol=1e-5),
    Case("nn.gelu_exact", (), _nn("gelu", approximate=False), (NN_POINTS,),
         rtol=1e-5),
    Case("nn.hard_tanh", (), _nn("hard_tanh"), (NN_POINTS,)),
    Case("nn.hard_sigmoid", (), _nn("hard_sigmoid"), (NN_POINTS,)),
    Case("nn.hard_silu", (), _nn("hard_silu"), (NN_POINTS,)),
    Case("nn.leaky_relu", (), _nn("leaky_relu"), (NN_POINTS,)),
    Case("nn.elu", (), _nn("elu"), (NN_POINTS,)),
    Case("nn.celu", (), _nn("celu"), (NN_POINTS,)),
    Case("nn.selu", (), _nn("selu"), (NN_POINTS,)),
    Case("nn.mish", (), _nn("mish"), (NN_POINTS,)),
    Case("nn.squareplus", (), _nn("squareplus"), (NN_POINTS,)),
    Case("nn.sparse_plus", (), _nn("sparse_plus"), (NN_POINTS,)),
    Case("nn.sparse_sigmoid", (), _nn("sparse_sigmoid"), (NN_POINTS,)),
    Case("nn.log1mexp", (), _nn("log1mexp"), (NN_POINTS,)),
    Case("nn.glu", (), _nn("glu", axis=0), (ROWS,)),
    Case("nn.softmax", (), _nn("softmax", axis=1), (ROWS,)),
    Case("nn.log_softmax", (), _nn("log_softmax", axis=1), (ROWS,)),
    Case("nn.logsumexp", (), _nn("logsumexp", axis=1), (ROWS,)),
    Case("nn.infinite_rows", (), lambda L: lambda x: (
        L.nn.softmax(x, axis=1), L.nn.log_softmax(x, axis=1),
        L.nn.logsumexp(x, axis=1)), (LSE_ROWS,)),
    Case("nn.logmeanexp", (), _nn("logmeanexp", axis=1), (ROWS,)),
    Case("nn.standardize", (), _nn("standardize", axis=1), (STAT_ROWS,)),
    # 16-bit floats, computed in float32 inside some functions: derivatives
    # in the argument's dtype.
    Case("float16", (), lambda L: lambda x: (
        L.jnp.sinh(x), L.jnp.arcsinh(x), L.jnp.logaddexp(x, x),
        L.nn.softplus(x), L.jnp.power(x, -2), L.jnp.abs(x)),
         (POINTS.astype(np.float16),), rtol=2e-3, atol=1e-3),
    Case("bfloat16", (), lambda L: lambda x: (
        L.jnp.cosh(x), L.jnp.arcsin(x), L.jnp.maximum(x, -x), L.nn.relu(x)),
         (POINTS.astype(jnp.bfloat16),), rtol=2e-2, atol=1e-2),
    # Complex numbers at 0, on the axes, at infinity and NaN.
    Case("complex_unary", (), lambda L: lambda z: tuple(
        f(z) for f in (L.lax.exp, L.lax.log, L.lax.sqrt, L.lax.rsqrt,
                       L.lax.tanh, L.lax.logistic, L.lax.sin, L.lax.log1p)),
         (COMPLEX_POINTS,), rtol=1e-5),
    Case("complex_binary", (), lambda L: lambda z, w: (
        L.lax.mul(z, w), L.lax.div(z, w), L.lax.pow(z, w)),
         tuple(a.ravel() for a in np.meshgrid(COMPLEX_POINTS, COMPLEX_POINTS)),
         rtol=1e-5),
    # Integer and boolean arguments (not differentiated): their paths carry
    # no tangent into the float results.
    Case("int_args", (), lambda L: lambda x, i, b: (
        L.jnp.sin(i) * x, L.jnp.maximum(x, i), L.jnp.where(b, x, i),
        L.jnp.power(x, i), x * b, L.jnp.sqrt(L.jnp.abs(i)) + x),
         (POINTS, np.arange(-7, 8, dtype=np.int32),
          np.arange(15) % 3 == 0)),
    # Empty arrays.
    Case("empty", (), lambda L: lambda x, y: (
        L.jnp.sinh(x), L.jnp.logaddexp(x, y), L.jnp.maximum(x, y),
        L.jnp.clip(x, 0.0, 1.0), L.jnp.where(x > 0, L.jnp.sqrt(x), y),
        L.nn.softplus(x), L.jnp.power(x, y), L.jnp.sum(x * y),
        L.jnp.max(x, initial=0.0), L.nn.relu(x)), (EMPTY, EMPTY)),
]

CASES = PRIMITIVES + list(NONDIFFERENTIABLE.values()) + COMPOSITES


# ---------------------------------------------------------------------------
# Running the table
# ---------------------------------------------------------------------------

# Compiling dominates the run time, and much of it is a fixed cost per
# program: the cases are evaluated in chunks, one program per chunk and
# library; a chunk that fails is evaluated in halves until the failure is
# down to its case.
CHUNK = 10
_CHUNKS = {c.name: CASES[i:i + CHUNK]
           for i in range(0, len(CASES), CHUNK) for c in CASES[i:i + CHUNK]}
_RESULTS = {}


def _evaluate(L, cases):
    progs = [_program(L, c) for c in cases]

    def run(all_args):
        return [prog(*args) for prog, args in zip(progs, all_args)]

    with np.errstate(all="ignore"):
        return L.api.jit(run)([c.args for c in cases])


def _result(L, case):
    """(value, None) or (None, exception) of `case`'s program in `L`."""
    key = (L.name, case.name)
    if key not in _RESULTS:
        _evaluate_into(L, _CHUNKS[case.name])
    return _RESULTS[key]


def _evaluate_into(L, cases):
    try:
        outs = _evaluate(L, cases)
    except Exception as e:  # noqa: BLE001 - kept for the failing case
        if len(cases) == 1:
            _RESULTS[(L.name, cases[0].name)] = (None, e)
            return
        half = len(cases) // 2
        _evaluate_into(L, cases[:half])
        _evaluate_into(L, cases[half:])
        return
    _RESULTS.update({(L.name, c.name): (out, None)
                     for c, out in zip(cases, outs)})


def run_case(case):
    missing = {op for op in case.ops if op not in _ir_ops(case)}
    assert not missing, f"{case.name} does not exercise {missing}"
    want, want_error = _result(JAX, case)
    got, got_error = _result(JXP, case)
    if want_error is not None:
        if case.gap:
            # JAX has no derivative here; jxp has one (see the entry).
            assert got_error is None, got_error
            return
        assert got_error is not None, f"JAX raised {want_error!r}"
        assert type(got_error).__name__ == type(want_error).__name__, (
            got_error, want_error)
        return
    assert not case.gap, f"JAX differentiates {case.name} now: {case.gap}"
    if got_error is not None:
        raise got_error
    _compare(got, want, case.rtol, case.atol)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_special_points(case):
    run_case(case)


def _dialect_ops():
    """The ops of the jxp dialect, from the Python classes generated from
    dialects/*.td."""
    from jxp._mlir import _jxp_ops_gen as gen
    names = {getattr(v, "OPERATION_NAME", "") for v in vars(gen).values()
             if isinstance(v, type)}
    return {n.split(".", 1)[1] for n in names if n.startswith("jxp.")}


def test_every_dialect_op_is_audited():
    ops = _dialect_ops()
    assert len(ops) > 50, ops  # the generated module was found
    audited = {op for case in PRIMITIVES for op in case.ops}
    for name, listed in (("NONDIFFERENTIABLE", set(NONDIFFERENTIABLE)),
                         ("TRANSFORMS", TRANSFORMS),
                         ("CONTROL_FLOW", CONTROL_FLOW),
                         ("SHARD_MAP", SHARD_MAP),
                         ("DERIVED", DERIVED)):
        assert not listed & audited, f"{name} ops with entries: " \
            f"{listed & audited}"
        assert listed <= ops, f"{name} lists ops the dialect lacks: " \
            f"{listed - ops}"
        audited |= listed
    assert not audited - ops, f"entries for ops the dialect lacks: " \
        f"{audited - ops}"
    missing = sorted(ops - audited)
    assert not missing, (
        f"ops without an entry in the special-point audit: {missing}; add "
        f"a Case exercising each to PRIMITIVES (or, if it has no "
        f"derivative, to NONDIFFERENTIABLE)")
    for op, case in NONDIFFERENTIABLE.items():
        assert case.ops == (op,), (op, case.ops)


@pytest.mark.parametrize("lib", [JXP, JAX], ids=lambda L: L.name)
def test_jvp_of_custom_vjp_raises(lib):
    """custom_lin's JVP: forward mode through a custom_vjp function is
    JAX's TypeError, in both libraries."""
    f = _custom_vjp_square(lib)
    with pytest.raises(TypeError, match="custom_vjp"):
        lib.api.jvp(f, (F32(1.0),), (F32(1.0),))


# ---------------------------------------------------------------------------
# The examples, eagerly (Python scalars, weak types)
# ---------------------------------------------------------------------------

def test_logaddexp_tie_splits_the_gradient():
    from jxp_test_util import assert_same
    for lib_args in [(0.0, 0.0), (1.5, 1.5), (INF, INF), (-INF, -INF)]:
        assert_same(jxp.grad(jnp.logaddexp, argnums=(0, 1))(*lib_args),
                    jax.grad(rjnp.logaddexp, argnums=(0, 1))(*lib_args))
    assert_same(jxp.grad(jxp.nn.softplus)(0.0), jax.grad(jax.nn.softplus)(0.0))
    assert_same(jxp.grad(jxp.nn.log_sigmoid)(0.0),
                jax.grad(jax.nn.log_sigmoid)(0.0))


def test_logistic_regression_from_zero_trains():
    """The loss of a logistic regression at w = 0 has a nonzero gradient
    (it was zero: softplus'(0) was 0), equal to JAX's."""
    from jxp_test_util import assert_same
    X = np.array([[1.0, 2.0], [-1.0, 0.5], [0.5, -1.5]], F32)
    y = np.array([1.0, -1.0, 1.0], F32)

    def loss(L):
        return lambda w: L.jnp.mean(L.nn.softplus(-y * (X @ w)))

    w0 = np.zeros(2, F32)
    got, want = jxp.grad(loss(JXP))(w0), jax.grad(loss(JAX))(w0)
    assert np.abs(np.asarray(got)).sum() > 0.1
    assert_same(got, want)
