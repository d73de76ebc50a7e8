"""Error classes and edge values against JAX (issue 9, item 11).

Each case runs under real JAX and under jxp and must give the same result:
equal values, dtypes and weak types, or an error of the same class. The
tables cover
- the scalar constructors (jnp.int8 ... jnp.complex128, jnp.bool_) at each
  dtype's limits and past them, with Python ints, floats and NumPy scalars,
  x64 off and on;
- big Python ints through arange, linspace, full, full_like, array, asarray
  and lax.convert_element_type (JAX wraps them around where it converts);
- the inexact type integers and bools compute in (float32 up to 32 bits,
  x64 on as well);
- shapes that do not broadcast (TypeError from a ufunc's operands of one
  rank, ValueError from jnp.where, rank promotion and broadcast_to), and
  the shape errors of concatenate, dot, matmul, reshape, pad, transpose and
  indexing, eagerly and under jit;
- jit's static_argnums / static_argnames checks (made when jit is applied,
  skipped for *args / **kwargs), and the argnums of grad, value_and_grad,
  jacfwd, jacrev and hessian (repeated, empty, out of range);
- a custom_vjp backward rule's outputs (a wrong shape is a ValueError naming
  the leaf, a wrong structure a TypeError);
- switching jax_enable_x64 inside a trace, and assigning a flag as an
  attribute of jax.config.
"""

import functools
import os
import subprocess
import sys
import textwrap
import warnings

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

from jxp_test_util import x64_set_to
import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same_structure

pytestmark = pytest.mark.filterwarnings("ignore")


# ---------------------------------------------------------------------------
# Comparing outcomes
# ---------------------------------------------------------------------------


def _outcome(run):
    """(value, None) or (None, exception) of run()."""
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return run(), None
    except Exception as e:  # noqa: BLE001
        return None, e


def _weak(x):
    return bool(x.aval.weak_type) if hasattr(x, "aval") else bool(
        getattr(x, "weak_type", False))


def _assert_same_leaf(got, want, what):
    assert isinstance(got, jxp.Array), (what, type(got))
    assert got.shape == want.shape, (what, got.shape, want.shape)
    assert got.dtype == want.dtype, (what, got.dtype, want.dtype)
    assert got.weak_type == _weak(want), (what, got.weak_type, _weak(want))
    g, w = np.asarray(got), np.asarray(want)
    if np.issubdtype(w.dtype, np.inexact) or w.dtype == ml_dtypes.bfloat16:
        kind = np.complex128 if np.iscomplexobj(w) else np.float64
        np.testing.assert_allclose(g.astype(kind), w.astype(kind), rtol=1e-6,
                                   equal_nan=True, err_msg=what)
    else:
        np.testing.assert_array_equal(g, w, err_msg=what)


def _same_error(got, want):
    """jxp's exception has JAX's class (by name: jax.errors classes are
    mirrored in jxp.errors) and JAX's builtin bases."""
    if type(got).__name__ != type(want).__name__:
        return False
    return all(isinstance(got, base) == isinstance(want, base)
               for base in (TypeError, ValueError, IndexError, OverflowError,
                            RuntimeError, AttributeError))


def check_same(run_jax, run_jxp, what=""):
    """run_jxp() gives what run_jax() gives: equal arrays (pytrees), or an
    exception of the same class."""
    want, want_err = _outcome(run_jax)
    got, got_err = _outcome(run_jxp)
    if want_err is not None:
        assert got_err is not None, (
            f"{what}: JAX raises {type(want_err).__name__}: {want_err}; jxp "
            f"returns {got!r}")
        assert _same_error(got_err, want_err), (
            f"{what}: JAX raises {type(want_err).__name__}: {want_err}; jxp "
            f"raises {type(got_err).__name__}: {got_err}")
        return want_err, got_err
    assert got_err is None, (
        f"{what}: JAX returns {want!r}; jxp raises "
        f"{type(got_err).__name__}: {got_err}")
    assert_same_structure(got, want)
    got_leaves = jxp.tree_util.tree_leaves(got)
    want_leaves = jax.tree_util.tree_leaves(want)
    for g, w in zip(got_leaves, want_leaves):
        _assert_same_leaf(g, w, what)
    return None, None


# ---------------------------------------------------------------------------
# Scalar constructors at the limits of each dtype
# ---------------------------------------------------------------------------

SCALAR_TYPES = ["bool_", "int8", "int16", "int32", "int64", "uint8",
                "uint16", "uint32", "uint64", "float16", "bfloat16",
                "float32", "float64", "complex64", "complex128"]

# Python ints around every integer limit, floats beyond every float limit,
# and NumPy scalars (converted with NumPy's casting, not range-checked).
COMMON_VALUES = [
    0, 1, -1, True, False, 1.5, -1.5, 2 ** 31 - 1, 2 ** 31, -2 ** 31,
    -2 ** 31 - 1, 2 ** 32 - 1, 2 ** 32, 2 ** 63 - 1, 2 ** 63, -2 ** 63,
    -2 ** 63 - 1, 2 ** 64 - 1, 2 ** 64, 2 ** 100, -2 ** 100, 1e10, 3e9, 1e20,
    1e40, -1e40, 1e300, float("inf"), float("-inf"), float("nan"), 65504.0,
    65520.0, 3.5e38, 1 + 2j, np.int64(2 ** 40), np.uint64(2 ** 64 - 1),
    np.int32(-1), np.uint32(2 ** 32 - 1), np.float64(1e300),
    np.float32(-1.5), np.bool_(True)]


def _limit_values(name):
    dtype = np.dtype(getattr(rjnp, name))
    values = list(COMMON_VALUES)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = int(info.min), int(info.max)
        values += [lo, hi, hi + 1, lo - 1, float(hi), float(hi) + 1.0,
                   float(lo), float(lo) - 1.0, hi + 0.5]
    elif dtype.kind in "fcV" or dtype == ml_dtypes.bfloat16:
        info = ml_dtypes.finfo(dtype)
        big = float(info.max)
        values += [big, -big, big * 2, float(info.tiny),
                   float(info.tiny) / 4]
    return values


@pytest.mark.parametrize("name", SCALAR_TYPES)
def test_scalar_constructor_limits_match_jax(x64, name):
    """jnp.<type>(value): JAX's value, dtype and weak type, or its error
    (jnp.uint32(2**32 - 1) fits; jnp.int8(2**31) is NumPy's OverflowError;
    jnp.bfloat16(2**63) its TypeError)."""
    for value in _limit_values(name):
        check_same(lambda: getattr(rjnp, name)(value),
                   lambda: getattr(jnp, name)(value),
                   f"{name}({value!r}), x64={x64}")


# ---------------------------------------------------------------------------
# Big Python ints through creation and conversion
# ---------------------------------------------------------------------------

CREATION = [
    # arange: the dtype is not range-checked; start converts with wraparound
    "m.arange(2**31 - 2, 2**31 + 2)",
    "m.arange(2**31 - 3, 2**31 + 1, 2)",
    "m.arange(-2**31 - 2, -2**31 + 2)",
    "m.arange(2**63 - 2, 2**63 + 2)",
    "m.arange(2**64 - 2, 2**64 + 1)",
    "m.arange(2**40, 2**40 + 3)",
    "m.arange(0, 2**40, 2**38)",
    "m.arange(2**31 - 2, 2**31 + 2, 1.0)",
    "m.arange(2**31 - 2.0, 2**31 + 2)",
    "m.arange(2**31 - 2, 2**31 + 2, dtype=m.uint32)",
    "m.arange(2**31 - 2, 2**31 + 2, dtype=m.int64)",
    "m.arange(2**31 - 2, 2**31 + 2, dtype=m.int8)",
    "m.arange(2**31 - 2, 2**31 + 2, dtype=m.float32)",
    "m.arange(2**32 - 2, 2**32 + 2, dtype=m.uint32)",
    "m.arange(250, 260, dtype=m.uint8)",
    "m.arange(120, 130, 3, dtype=m.int8)",
    "m.arange(-2, 2, dtype=m.uint32)",
    "m.arange(m.int32(2**31 - 2), 2**31 + 2)",
    "m.arange(m.int8(120), 130)",
    "m.arange(m.asarray(2.5), 6)",
    "m.arange(np.int64(2**31 - 2), np.int64(2**31 + 2))",
    # linspace: integer dtypes compute in float32 (64-bit ones in float64)
    "m.linspace(0, 2**31, 3)",
    "m.linspace(0, 2**32 - 1, 3, dtype=m.uint32)",
    "m.linspace(2**31 - 2, 2**31 + 2, 5, dtype=m.int32)",
    "m.linspace(np.int32(0), np.int32(10), 5)",
    "m.linspace(np.int8(0), np.int8(10), 5)",
    "m.linspace(0, 10, 5, dtype=m.int16)",
    "m.linspace(0, 2**24 + 1, 2, dtype=m.int32)",
    # full / full_like: convert_element_type semantics (ints wrap)
    "m.full(3, 2**31)",
    "m.full(3, 2**31, m.int32)",
    "m.full(3, 2**31, m.uint32)",
    "m.full(3, 2**32 - 1, m.uint32)",
    "m.full(3, -1, m.uint32)",
    "m.full(3, 300, m.uint8)",
    "m.full(3, 2**63, m.uint64)",
    "m.full(3, 2**64 - 1)",
    "m.full(3, 2**70)",
    "m.full(3, 2**70, m.int32)",
    "m.full(3, 2**70, m.float32)",
    "m.full(3, 2**70, bool)",
    "m.full(3, 1e10, m.int32)",
    "m.full(3, 70000.0, m.float16)",
    "m.full(3, 2**63, m.bfloat16)",
    "m.full_like(m.zeros(2, m.int8), 300)",
    "m.full_like(m.zeros(2, m.uint32), 2**32 - 1)",
    "m.full_like(m.zeros(2, m.int32), 2**31)",
    "m.full_like(m.zeros(2), 2**40)",
    "m.full_like(2, 2**31)",
    # array / asarray: a Python scalar with a dtype converts as NumPy does
    "m.array(2**31)",
    "m.array(2**70, m.float32)",
    "m.array(2**70, bool)",
    "m.array(-1, m.uint32)",
    "m.array(300, m.uint8)",
    "m.asarray(2**31, m.uint32)",
    "m.asarray(2**31, dtype=m.int64)",
    "m.asarray(2**64)",
    "m.asarray(2.5, m.int8)",
    "m.array(np.float64(2.0**70), m.int32)",
    "m.array(float('inf'), m.uint8)",
    # lists: the lattice over the leaves, then NumPy's conversion
    "m.array([2**31])",
    "m.array([2**31], m.uint32)",
    "m.array([2**32 - 1, 1], dtype=m.uint32)",
    "m.array([2**31, 1.5])",
    "m.array([2**63])",
    "m.array([2**63], dtype=m.uint64)",
    "m.array([2**70])",
    "m.array([2**70], m.float32)",
    "m.array([-1], dtype=m.uint32)",
    "m.array([[2**31]], dtype=m.int64)",
    "m.array([1, np.float32(2)])",
    "m.array([np.int8(1), 2])",
    "m.array([np.int8(1), 2.5])",
    "m.array([[np.int8(1)], [2]])",
    "m.array([np.uint32(1), -1])",
    "m.array([np.uint8(200), 300])",
    "m.array([np.float16(1), 1j])",
    "m.array([m.int8(1), 2])",
    "m.array([m.int8(1), 200])",
    "m.array([[m.int8(1)], [2]])",
    "m.array([None])",
    "m.array([])",
    # lax.convert_element_type of a Python int: wraparound, no range check
    "lax.convert_element_type(2**31, m.int32)",
    "lax.convert_element_type(2**64 - 1, m.uint32)",
    "lax.convert_element_type(-1, m.uint8)",
    "lax.convert_element_type(2**70, m.float32)",
    "lax.convert_element_type(2**70, m.int32)",
    # binary ops with a Python int that does not fit: OverflowError
    "m.zeros(3, m.uint32) + (2**32 - 1)",
    "m.zeros(3, m.int32) < 2**31",
    "m.zeros(3, m.uint8) + 300",
]


def _evaluator(m, lib, expr):
    return lambda: eval(expr, {"m": m, "lax": lib.lax, "np": np})


@pytest.mark.parametrize("expr", CREATION)
def test_big_python_ints_in_creation_match_jax(x64, expr):
    check_same(_evaluator(rjnp, jax, expr), _evaluator(jnp, jxp, expr),
               f"{expr}, x64={x64}")


# Under jit, a float constant out of an integer dtype's range converts as
# XLA's constant folder converts it (implementation-defined): left out.
@pytest.mark.parametrize("expr", [e for e in CREATION
                                  if e.startswith(("m.arange", "m.full"))
                                  and "1e10" not in e])
def test_big_python_ints_in_creation_under_jit_match_jax(x64, expr):
    check_same(jax.jit(_evaluator(rjnp, jax, expr)),
               jxp.jit(_evaluator(jnp, jxp, expr)), f"jit {expr}, x64={x64}")


# ---------------------------------------------------------------------------
# Integers and bools where an inexact type is needed: float32 up to 32 bits
# ---------------------------------------------------------------------------

INEXACT_FROM_INTEGERS = [
    ("mean", lambda m: m.mean), ("var", lambda m: m.var),
    ("std", lambda m: m.std), ("average", lambda m: m.average),
    ("median", lambda m: m.median), ("nanmean", lambda m: m.nanmean),
    ("sqrt", lambda m: m.sqrt), ("exp", lambda m: m.exp),
    ("log1p", lambda m: m.log1p), ("sin", lambda m: m.sin),
    ("arctanh", lambda m: m.arctanh), ("sinc", lambda m: m.sinc),
    ("deg2rad", lambda m: m.deg2rad), ("reciprocal", lambda m: m.reciprocal),
    ("modf", lambda m: m.modf), ("cbrt", lambda m: m.cbrt),
    ("true_divide", lambda m: lambda x: x / x),
    ("arctan2", lambda m: lambda x: m.arctan2(x, x)),
    ("float_power", lambda m: lambda x: m.float_power(x, x)),
    ("nextafter", lambda m: lambda x: m.nextafter(x, x)),
    ("heaviside", lambda m: lambda x: m.heaviside(x, x)),
    ("cholesky", lambda m: lambda x: m.linalg.cholesky(m.diag(x))),
    # bools in integer arithmetic become int32 (promote_args_numeric)
    ("remainder", lambda m: lambda x: m.remainder(x, x)),
    ("floor_divide", lambda m: lambda x: m.floor_divide(x, x)),
]


@pytest.mark.parametrize("case", INEXACT_FROM_INTEGERS,
                         ids=[c[0] for c in INEXACT_FROM_INTEGERS])
def test_inexact_type_of_integers_matches_jax(x64, case):
    """JAX's to_inexact_dtype: bools and integers up to 32 bits compute in
    float32 even with x64 on (only 64-bit integers give float64)."""
    name, build = case
    for dtype in (np.bool_, np.int8, np.uint8, np.int16, np.int32,
                  np.uint32, np.int64):
        x = np.array([1, 2, 1, 2]).astype(dtype)
        check_same(lambda: build(rjnp)(rjnp.asarray(x)),
                   lambda: build(jnp)(jnp.asarray(x)),
                   f"{name}({np.dtype(dtype).name}), x64={x64}")


# ---------------------------------------------------------------------------
# Shapes that do not fit: broadcasting and the other shape errors
# ---------------------------------------------------------------------------

F3 = np.arange(1, 4, dtype=np.float32)
F4 = np.arange(1, 5, dtype=np.float32)
F23 = np.arange(6, dtype=np.float32).reshape(2, 3)
F32_ = np.arange(6, dtype=np.float32).reshape(3, 2)
F42 = np.ones((4, 2), np.float32)
I3, I4 = np.arange(3, dtype=np.int32), np.arange(4, dtype=np.int32)
B3, B4 = np.array([True, False, True]), np.ones(4, bool)

SHAPE_ERRORS = [
    # ufuncs over operands of one rank: the lax op's TypeError
    ("add", lambda m, l: lambda x, y: x + y, (F3, F4)),
    ("subtract", lambda m, l: m.subtract, (F3, F4)),
    ("multiply 2d", lambda m, l: lambda x, y: x * y, (F23, F32_)),
    ("true_divide", lambda m, l: lambda x, y: x / y, (F3, F4)),
    ("floor_divide", lambda m, l: lambda x, y: x // y, (F3, F4)),
    ("remainder", lambda m, l: lambda x, y: x % y, (I3, I4)),
    ("power", lambda m, l: lambda x, y: x ** y, (F3, F4)),
    ("maximum", lambda m, l: m.maximum, (F3, F4)),
    ("fmin", lambda m, l: m.fmin, (F3, F4)),
    ("arctan2", lambda m, l: m.arctan2, (F3, F4)),
    ("hypot", lambda m, l: m.hypot, (F3, F4)),
    ("logaddexp", lambda m, l: m.logaddexp, (F3, F4)),
    ("nextafter", lambda m, l: m.nextafter, (F3, F4)),
    ("equal", lambda m, l: lambda x, y: x == y, (F3, F4)),
    ("less", lambda m, l: lambda x, y: x < y, (I3, I4)),
    ("bitwise_and", lambda m, l: lambda x, y: x & y, (B3, B4)),
    ("logical_or", lambda m, l: m.logical_or, (B3, B4)),
    ("left_shift", lambda m, l: m.left_shift, (I3, I4)),
    ("isclose", lambda m, l: m.isclose, (F3, F4)),
    ("ldexp", lambda m, l: m.ldexp, (F3, I4)),
    ("clip", lambda m, l: lambda x, lo, hi: m.clip(x, lo, hi), (F3, F4, F4)),
    # operands of different ranks: lax.broadcast_shapes' ValueError
    ("add ranks", lambda m, l: lambda x, y: x + y, (F3, F42)),
    ("maximum ranks", lambda m, l: m.maximum, (F3, F42)),
    ("clip ranks", lambda m, l: lambda x, lo: m.clip(x, lo), (F42, F3)),
    # jnp.where and functions built on it: ValueError
    ("where", lambda m, l: m.where, (B3, F4, F4)),
    ("where x", lambda m, l: m.where, (B4, F3, F4)),
    ("copysign", lambda m, l: m.copysign, (F3, F4)),
    ("heaviside", lambda m, l: m.heaviside, (F3, F4)),
    ("gcd", lambda m, l: m.gcd, (I3, I4)),
    ("broadcast_arrays", lambda m, l: m.broadcast_arrays, (F3, F4)),
    ("broadcast_to", lambda m, l: lambda x: m.broadcast_to(x, (4,)), (F3,)),
    ("broadcast_to rank",
     lambda m, l: lambda x: m.broadcast_to(x, (3,)), (F23,)),
    # lax's own operands
    ("lax.add", lambda m, l: l.add, (F3, F4)),
    ("lax.add ranks", lambda m, l: l.add, (F23, F3)),
    ("lax.select", lambda m, l: l.select, (B3, F4, F4)),
    ("lax.select cases", lambda m, l: l.select, (B3, F3, F4)),
    ("lax.clamp", lambda m, l: lambda lo, x, hi: l.clamp(lo, x, hi),
     (F4, F3, F4)),
    ("lax.broadcast_in_dim",
     lambda m, l: lambda x: l.broadcast_in_dim(x, (4,), (0,)), (F3,)),
    # concatenation
    ("concatenate", lambda m, l: lambda x, y: m.concatenate([x, y]),
     (F23, F32_)),
    ("concatenate ranks", lambda m, l: lambda x, y: m.concatenate([x, y]),
     (F3, F23)),
    ("concatenate axis",
     lambda m, l: lambda x, y: m.concatenate([x, y], axis=2), (F23, F23)),
    ("stack", lambda m, l: lambda x, y: m.stack([x, y]), (F3, F4)),
    ("hstack", lambda m, l: lambda x, y: m.hstack([x, y]), (F23, F3)),
    ("vstack", lambda m, l: lambda x, y: m.vstack([x, y]), (F3, F4)),
    ("lax.concatenate",
     lambda m, l: lambda x, y: l.concatenate([x, y], 0), (F23, F32_)),
    ("lax.concatenate empty", lambda m, l: lambda x: l.concatenate([], 0),
     (F3,)),
    # products
    ("dot", lambda m, l: m.dot, (F3, F4)),
    ("dot 2d", lambda m, l: m.dot, (F23, F23)),
    ("matmul", lambda m, l: lambda x, y: x @ y, (F23, F23)),
    ("matmul batch", lambda m, l: m.matmul,
     (np.ones((2, 3, 4), np.float32), np.ones((3, 4, 5), np.float32))),
    ("inner", lambda m, l: m.inner, (F3, F4)),
    ("vdot", lambda m, l: m.vdot, (F3, F4)),
    ("tensordot", lambda m, l: lambda x, y: m.tensordot(x, y, 1), (F3, F4)),
    ("einsum", lambda m, l: lambda x, y: m.einsum("i,i->", x, y), (F3, F4)),
    ("lax.dot", lambda m, l: l.dot, (F3, F4)),
    ("lax.dot 3d", lambda m, l: l.dot,
     (np.ones((2, 3, 4), np.float32), F4)),
    ("lax.dot_general", lambda m, l: lambda x, y: l.dot_general(
        x, y, (((0,), (0,)), ((), ()))), (F3, F4)),
    # reshape, transpose, pad, rev, iota
    ("reshape", lambda m, l: lambda x: x.reshape(4), (F3,)),
    ("reshape -1", lambda m, l: lambda x: m.reshape(x, (4, -1)), (F23,)),
    ("reshape two -1", lambda m, l: lambda x: m.reshape(x, (-1, -1)),
     (F23,)),
    ("lax.reshape", lambda m, l: lambda x: l.reshape(x, (4,)), (F3,)),
    ("lax.reshape dimensions",
     lambda m, l: lambda x: l.reshape(x, (6,), (0,)), (F23,)),
    ("transpose", lambda m, l: lambda x: m.transpose(x, (0, 0)), (F23,)),
    ("lax.transpose short", lambda m, l: lambda x: l.transpose(x, (0,)),
     (F23,)),
    ("lax.transpose long",
     lambda m, l: lambda x: l.transpose(x, (0, 1, 2)), (F23,)),
    ("lax.pad config", lambda m, l: lambda x: l.pad(
        x, 0.0, [(1, 1, 0), (0, 0, 0)]), (F3,)),
    ("lax.pad value", lambda m, l: lambda x: l.pad(
        x, np.zeros(2, np.float32), [(1, 1, 0)]), (F3,)),
    ("lax.rev", lambda m, l: lambda x: l.rev(x, (3,)), (F23,)),
    ("lax.iota", lambda m, l: lambda x: l.iota(np.int32, -1), (F3,)),
    # indexing
    ("index too many", lambda m, l: lambda x: x[0, 0], (F3,)),
    ("index float", lambda m, l: lambda x: x[1.5], (F3,)),
    ("index bool mask", lambda m, l: lambda x: x[np.ones(4, bool)], (F3,)),
    ("index arrays", lambda m, l: lambda x: x[np.array([0, 1]),
                                              np.array([0, 1, 2])], (F23,)),
    ("index float step", lambda m, l: lambda x: x[::1.5], (F3,)),
    ("index str stop", lambda m, l: lambda x: x[:"a"], (F3,)),
    ("at set", lambda m, l: lambda x: x.at[:].set(np.ones(4, np.float32)),
     (F3,)),
    ("at add", lambda m, l: lambda x: x.at[0].add(np.ones(2, np.float32)),
     (F23,)),
    ("take_along_axis", lambda m, l: lambda x, i: m.take_along_axis(
        x, i, axis=0), (F23, np.zeros((4, 4), np.int32))),
]


@pytest.mark.parametrize("case", SHAPE_ERRORS,
                         ids=[c[0] for c in SHAPE_ERRORS])
@pytest.mark.parametrize("mode", ["eager", "jit"])
def test_shape_errors_have_jax_classes(case, mode):
    name, build, args = case
    f_jax, f_jxp = build(rjnp, jax.lax), build(jnp, jxp.lax)
    if mode == "jit":
        def run_jax():
            return jax.jit(f_jax)(*args)

        def run_jxp():
            return jxp.jit(f_jxp)(*args)
    else:
        def run_jax():
            return f_jax(*[rjnp.asarray(a) for a in args])

        def run_jxp():
            return f_jxp(*[jnp.asarray(a) for a in args])
    want_err, _ = check_same(run_jax, run_jxp, f"{name} ({mode})")
    assert want_err is not None, f"{name}: JAX accepts these shapes"


def test_broadcast_error_names_the_shapes():
    with pytest.raises(TypeError, match=r"\(3,\), \(4,\)"):
        jnp.ones(3) + jnp.ones(4)
    with pytest.raises(ValueError, match=r"shapes=\[\(3,\), \(4, 2\)\]"):
        jnp.ones(3) * jnp.ones((4, 2))
    with pytest.raises(ValueError, match=r"shapes=\[\(3,\), \(4,\), \(4,\)\]"):
        jnp.where(jnp.ones(3, bool), jnp.ones(4), jnp.ones(4))


# ---------------------------------------------------------------------------
# jit's static arguments: checked when jit is applied, as in JAX
# ---------------------------------------------------------------------------


def _f2(x, y):
    return x + y


def _varargs(*args):
    return sum(args)


def _varkw(x, **kw):
    return x


def _kwonly(x, *, k=1):
    return x * k


def _posonly(x, y, /):
    return x + y


def _default(x, y=2):
    return x + y


class _Callable:
    def __call__(self, x, y):
        return x + y


class _Model:
    def apply(self, x):
        return x


STATIC_ARGS = [
    ("argnums past the end", _f2, dict(static_argnums=2), (1.0, 2.0)),
    ("argnums far past the end", _f2, dict(static_argnums=5), (1.0, 2.0)),
    ("negative argnums past the start", _f2, dict(static_argnums=-3),
     (1.0, 2.0)),
    ("negative argnums", _f2, dict(static_argnums=-2), (1, 2.0)),
    ("one of two argnums past the end", _f2, dict(static_argnums=(0, 2)),
     (1, 2.0)),
    ("repeated argnums", _f2, dict(static_argnums=(0, 0)), (1, 2.0)),
    ("argnums into *args", _varargs, dict(static_argnums=3), (1.0, 2.0)),
    ("negative argnums into *args", _varargs, dict(static_argnums=-1),
     (1.0, 2)),
    ("argnums into **kwargs", _varkw, dict(static_argnums=1), (1.0,)),
    ("argnums of keyword-only", _kwonly, dict(static_argnums=1), (1.0,)),
    ("argnums of a default", _default, dict(static_argnums=1), (1.0,)),
    ("argnums past a default", _default, dict(static_argnums=2), (1.0,)),
    ("argnums past positional-only", _posonly, dict(static_argnums=2),
     (1.0, 2.0)),
    ("argnums on a lambda", lambda x: x, dict(static_argnums=2), (1.0,)),
    ("argnums on a callable object", _Callable(), dict(static_argnums=2),
     (1.0, 2.0)),
    ("argnums on a bound method", _Model().apply, dict(static_argnums=1),
     (1.0,)),
    ("argnums on a partial", functools.partial(_f2, 1.0),
     dict(static_argnums=1), (2.0,)),
    ("argnums a string", _f2, dict(static_argnums="a"), (1.0, 2.0)),
    ("argnums a float", _f2, dict(static_argnums=1.0), (1.0, 2.0)),
    ("unknown argname", _f2, dict(static_argnames="z"), (1.0, 2.0)),
    ("one unknown argname", _f2, dict(static_argnames=("y", "z")), (1.0, 2)),
    ("argname into **kwargs", _varkw, dict(static_argnames="z"), (1.0,)),
    ("keyword-only argname", _kwonly, dict(static_argnames="k"), (1.0,)),
    ("argname of *args", _varargs, dict(static_argnames="args"), (1.0,)),
    ("unknown argname with *args", _varargs, dict(static_argnames="z"),
     (1.0,)),
    ("positional-only argname", _posonly, dict(static_argnames="x"),
     (1.0, 2.0)),
    ("argname of a partial's bound argument", functools.partial(_f2, 1.0),
     dict(static_argnames="x"), (2.0,)),
    ("argnames an int", _f2, dict(static_argnames=1), (1.0, 2.0)),
    ("unknown argname with valid argnums", _f2,
     dict(static_argnums=0, static_argnames="z"), (1, 2.0)),
    ("argnums and argnames", _f2,
     dict(static_argnums=0, static_argnames="y"), (1, 2)),
]


@pytest.mark.parametrize("case", STATIC_ARGS, ids=[c[0] for c in STATIC_ARGS])
def test_static_args_checked_like_jax(case):
    """An invalid static_argnums / static_argnames is JAX's ValueError when
    jit is applied (with JAX's message); valid ones run."""
    _, fun, kwargs, args = case
    want_err, got_err = check_same(lambda: jax.jit(fun, **kwargs) and None,
                                   lambda: jxp.jit(fun, **kwargs) and None)
    if want_err is not None:
        if isinstance(want_err, ValueError):
            assert str(got_err) == str(want_err)
        return
    check_same(lambda: jax.jit(fun, **kwargs)(*args),
               lambda: jxp.jit(fun, **kwargs)(*args))


def test_static_args_checked_by_the_decorator_form():
    with pytest.raises(ValueError, match="only accepts 2 positional"):
        jax.jit(static_argnums=3)(_f2)
    with pytest.raises(ValueError, match="only accepts 2 positional"):
        jxp.jit(static_argnums=3)(_f2)


# ---------------------------------------------------------------------------
# argnums of the autodiff transformations
# ---------------------------------------------------------------------------


def _scalar_fn(m):
    return lambda x, y: m.sin(x) * y


def _vector_fn(m):
    return lambda x, y: m.stack([m.sin(x) * y, x])


ARGNUMS = [(0, 0), (0, 1, 0), (1, 1), (0, -2), (-1, 1), [0, 0], (), 2, -3,
           (0, 2), -1, (-1,), (1, 0), 1.0, "a", None]


@pytest.mark.parametrize("transform", ["grad", "value_and_grad", "jacfwd",
                                       "jacrev", "hessian"])
@pytest.mark.parametrize("argnums", ARGNUMS, ids=repr)
def test_argnums_like_jax(transform, argnums):
    """Repeated or empty argnums raise (JAX hands the function None for a
    repeated argument: a TypeError where it is used); positions out of
    range are grad's TypeError or the ValueError of JAX's bound check."""
    scalar = transform in ("grad", "value_and_grad")
    make = _scalar_fn if scalar else _vector_fn
    want_err, got_err = check_same(
        lambda: getattr(jax, transform)(make(rjnp), argnums=argnums)(1.0, 2.0),
        lambda: getattr(jxp, transform)(make(jnp), argnums=argnums)(1.0, 2.0),
        f"{transform}(argnums={argnums!r})")
    in_range = isinstance(argnums, (tuple, list)) and all(
        -2 <= a < 2 for a in argnums)
    if in_range and len(argnums) > len({a % 2 for a in argnums}):
        assert isinstance(got_err, TypeError) and "more than once" in str(
            got_err)


@pytest.mark.parametrize("transform", ["grad", "value_and_grad", "jacfwd",
                                       "hessian"])
def test_argnums_type_checked_when_the_transform_is_made(transform):
    for lib in (jax, jxp):
        with pytest.raises(TypeError):
            getattr(lib, transform)(lambda x: x, argnums="a")


# ---------------------------------------------------------------------------
# custom_vjp: the backward rule's outputs
# ---------------------------------------------------------------------------


def _custom(lib, bwd_out):
    m = rjnp if lib is jax else jnp

    @lib.custom_vjp
    def f(x, y):
        return m.sin(x) * y

    def f_fwd(x, y):
        return f(x, y), (x, y)

    def f_bwd(res, g):
        return bwd_out(m, res, g)

    f.defvjp(f_fwd, f_bwd)
    return f


def _pytree_custom(lib, bwd_out):
    m = rjnp if lib is jax else jnp

    @lib.custom_vjp
    def h(p):
        return p["a"] * p["b"]

    def h_fwd(p):
        return p["a"] * p["b"], p

    def h_bwd(p, g):
        return bwd_out(m, p, g)

    h.defvjp(h_fwd, h_bwd)
    return h


BWD_OUTPUTS = [
    ("shape of leaf 0", "output[0]", lambda m, r, g: (m.ones(4), g)),
    ("shape of leaf 1", "output[1]", lambda m, r, g: (g, m.ones((3, 1)))),
    ("scalar for a vector", "output[1]", lambda m, r, g: (g, m.float32(1))),
    ("size 1 for size 3", "output[0]", lambda m, r, g: (m.ones(1), g)),
    ("too few", None, lambda m, r, g: (g,)),
    ("not a tuple", None, lambda m, r, g: g),
    ("a list", None, lambda m, r, g: [g, g]),
    ("None", None, lambda m, r, g: (None, g)),
]


@pytest.mark.parametrize("case", BWD_OUTPUTS, ids=[c[0] for c in BWD_OUTPUTS])
@pytest.mark.parametrize("mode", ["grad", "jit_grad", "vjp"])
def test_custom_vjp_bwd_outputs_like_jax(case, mode):
    """A wrong shape is JAX's ValueError naming the leaf (not a
    CompileError from the op's verifier); a wrong structure its TypeError."""
    _, leaf, bwd_out = case
    x, y = np.ones(3, np.float32), np.full(3, 2.0, np.float32)

    def run(lib):
        f = _custom(lib, bwd_out)
        if mode == "vjp":
            return lib.vjp(f, x, y)[1](np.ones(3, np.float32))
        g = lib.grad(lambda a, b: f(a, b).sum(), argnums=(0, 1))
        return (lib.jit(g) if mode == "jit_grad" else g)(x, y)

    want_err, got_err = check_same(lambda: run(jax), lambda: run(jxp))
    if leaf is not None:
        assert isinstance(got_err, ValueError)
        assert f"at {leaf} " in str(got_err) and f"at {leaf} " in str(
            want_err)


def test_custom_vjp_bwd_names_a_pytree_leaf():
    args = ({"a": np.ones(3, np.float32), "b": np.ones(3, np.float32)},)

    def run(lib, bwd_out):
        h = _pytree_custom(lib, bwd_out)
        return lib.grad(lambda p: h(p).sum())(*args)

    wrong_leaf = lambda m, p, g: ({"a": m.ones(2), "b": g},)  # noqa: E731
    want_err, got_err = check_same(lambda: run(jax, wrong_leaf),
                                   lambda: run(jxp, wrong_leaf))
    assert isinstance(got_err, ValueError)
    assert "at output[0]['a'] " in str(got_err)
    assert "at output[0]['a'] " in str(want_err)
    wrong_tree = lambda m, p, g: ({"a": g},)  # noqa: E731
    want_err, got_err = check_same(lambda: run(jax, wrong_tree),
                                   lambda: run(jxp, wrong_tree))
    assert isinstance(got_err, TypeError)


def test_custom_vjp_bwd_other_float_dtype_is_accepted():
    """JAX accepts a cotangent of another inexact dtype and of the right
    shape (passing it through); jxp converts it to the input's dtype."""
    x, y = np.ones(3, np.float32), np.full(3, 2.0, np.float32)

    def run(lib):
        f = _custom(lib, lambda m, r, g: (g.astype(m.float16), g))
        return lib.grad(lambda a, b: f(a, b).sum())(x, y)

    want, got = run(jax), run(jxp)
    assert got.dtype == np.float32
    np.testing.assert_allclose(np.asarray(got), np.asarray(want, np.float32))


def test_custom_vjp_bwd_cotangent_of_an_integer_input_is_ignored():
    def run(lib):
        m = rjnp if lib is jax else jnp

        @lib.custom_vjp
        def k(x, n):
            return x * n

        k.defvjp(lambda x, n: (k(x, n), None),
                 lambda r, g: (g, m.ones(7)))
        return lib.grad(lambda x: k(x, 3).sum())(np.ones(3, np.float32))

    check_same(lambda: run(jax), lambda: run(jxp))


# ---------------------------------------------------------------------------
# jax_enable_x64 inside a trace; flags as attributes
# ---------------------------------------------------------------------------


@pytest.fixture
def x64_restored():
    yield from x64_set_to(False)


def _jax_alone(code):
    """Runs `code` with JAX alone in a fresh interpreter; the class name of
    the exception it raises (and whether it is a RuntimeError), or None."""
    script = ("import sys\ntry:\n" + textwrap.indent(
        textwrap.dedent(code), "    ") +
        "\nexcept Exception as e:\n"
        "    print(type(e).__name__, isinstance(e, RuntimeError))\n"
        "    sys.exit(0)\nprint('no error')\n")
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    out = subprocess.run([sys.executable, "-c", script], env=env,
                         capture_output=True, text=True, timeout=600)
    last = out.stdout.strip().splitlines()[-1]
    if last == "no error":
        return None
    name, is_runtime = last.split()
    return name, is_runtime == "True"


def test_enabling_x64_inside_jit_raises_like_jax(x64_restored):
    """JAX 0.10.2 does not check the switch; jit then fails to run the
    program it traced (JaxRuntimeError: the Python scalar argument is now
    64-bit, the compiled parameter 32-bit). jxp raises that class at the
    switch, and leaves the flag as it was."""
    def body(lib):
        def f(x):
            lib.config.update("jax_enable_x64", True)
            return x + 1
        return f

    # JAX alone: with jxp imported, JAX's jit reads the x64 state jxp
    # registered with jaxlib, and does not fail.
    assert _jax_alone("""
        import jax
        def f(x):
            jax.config.update("jax_enable_x64", True)
            return x + 1
        jax.jit(f)(1.0)
        """) == ("JaxRuntimeError", True)
    for arg in (1.0, 1, np.ones(3, np.float32)):
        with pytest.raises(jxp.errors.JaxRuntimeError, match="being traced"):
            jxp.jit(body(jxp))(arg)
        assert jxp.config.jax_enable_x64 is False
    assert issubclass(jxp.errors.JaxRuntimeError, RuntimeError)
    assert issubclass(jax.errors.JaxRuntimeError, RuntimeError)
    # Under grad and inside nested traces as well.
    with pytest.raises(jxp.errors.JaxRuntimeError):
        jxp.grad(body(jxp))(1.0)
    with pytest.raises(jxp.errors.JaxRuntimeError):
        jxp.jit(lambda x: jxp.jit(body(jxp))(x) * 2)(np.float32(1.0))
    assert jxp.config.jax_enable_x64 is False


def test_setting_x64_to_its_value_inside_jit_is_allowed(x64_restored):
    def body(lib):
        def f(x):
            lib.config.update("jax_enable_x64", False)
            return x + 1
        return f

    check_same(lambda: jax.jit(body(jax))(1.0),
               lambda: jxp.jit(body(jxp))(1.0))


def test_config_flags_are_not_attributes_to_assign(x64_restored):
    for lib in (jax, jxp):
        with pytest.raises(AttributeError):
            lib.config.jax_enable_x64 = True
        assert lib.config.jax_enable_x64 is False
    assert jxp.config.read("jax_enable_x64") is False
    assert jnp.asarray(1).dtype == np.int32
