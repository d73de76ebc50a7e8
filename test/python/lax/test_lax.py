"""jxp.lax against jax.lax: every function, eagerly and under jxp.jit.

Each case builds its inputs with NumPy, computes the expected result with
real JAX, and checks jxp's result (values, shape, dtype, weak type) both
eagerly (one-op programs) and inside `jxp.jit` (the whole C++ pipeline).
"""

import jax
import ml_dtypes
import numpy as np
import pytest

import jxp
from jxp._src import core as jxp_core
import jxp.lax as xlax
from jxp_test_util import assert_same, raises_like

# JAX warns when asked for 64-bit dtypes without x64; jxp narrows silently.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Explicitly requested dtype:UserWarning")

jlax = jax.lax

MODES = ["eager", "jit"]

F32, I32, U8, U32 = np.float32, np.int32, np.uint8, np.uint32
BOOL, F16, BF16, I8 = np.bool_, np.float16, ml_dtypes.bfloat16, np.int8



def _name(dt):
    return np.dtype(dt).name


def rotate(cases, choices):
    """Each case with one of `choices`, in turn: every case and every choice
    is covered without the full product."""
    return [tuple(c) + (choices[i % len(choices)],) for i, c in enumerate(cases)]


def ids(cases):
    return ["-".join(_name(x) if isinstance(x, type) else str(x) for x in c)
            for c in cases]


# ---------------------------------------------------------------------------
# Inputs and comparison
# ---------------------------------------------------------------------------


def make(dtype, shape, seed=0, *, positive=False, nonzero=False):
    rng = np.random.default_rng(seed + 7 * len(shape) + int(np.prod(shape)))
    dtype = np.dtype(dtype)
    if dtype == BOOL:
        return rng.integers(0, 2, shape).astype(bool)
    if np.issubdtype(dtype, np.floating) or dtype == np.dtype(BF16):
        x = rng.standard_normal(shape) * 2
        if positive:
            x = np.abs(x) + 0.1
        return np.asarray(x, dtype)
    if np.issubdtype(dtype, np.unsignedinteger):
        lo = 1 if (positive or nonzero) else 0
        return rng.integers(lo, 20, shape).astype(dtype)
    x = rng.integers(-10, 10, shape)
    if positive:
        x = np.abs(x) + 1
    elif nonzero:
        x = np.where(x == 0, 3, x)
    return x.astype(dtype)


def run(fn, args, mode):
    """fn(*args) eagerly on jxp Arrays, or under jxp.jit on NumPy inputs."""
    if mode == "eager":
        return fn(*[jxp.device_put(a) if isinstance(a, np.ndarray) else a
                    for a in args])
    return jxp.jit(fn)(*args)


def check(xfn, jfn, args, mode, rtol=1e-6, atol=0.0):
    want = jfn(*args)
    got = run(xfn, args, mode)
    assert_same(got, want, rtol, atol)
    return got


def same_error(xfn, jfn, args, mode):
    """JAX rejects the call with TypeError or ValueError: so does jxp, with
    the same class."""
    with pytest.raises((TypeError, ValueError)) as want:
        jfn(*args)
    with pytest.raises(want.type):
        run(xfn, args, mode)


# ---------------------------------------------------------------------------
# Elementwise
# ---------------------------------------------------------------------------

FLOAT_ONLY = (F32,)
NUMERIC = (F32, I32, U8, U32)
SIGNED = (F32, I32)
INTEGRAL = (I32, U8, U32, BOOL)

UNARY = {
    "neg": (SIGNED + (U8, U32), {}),
    "abs": (SIGNED, {}),
    "sign": (SIGNED, {}),
    "exp": (FLOAT_ONLY, {}),
    "log": (FLOAT_ONLY, {"positive": True}),
    "log1p": (FLOAT_ONLY, {"positive": True}),
    "expm1": (FLOAT_ONLY, {}),
    "sin": (FLOAT_ONLY, {}),
    "cos": (FLOAT_ONLY, {}),
    "tan": (FLOAT_ONLY, {}),
    "tanh": (FLOAT_ONLY, {}),
    "logistic": (FLOAT_ONLY, {}),
    "sqrt": (FLOAT_ONLY, {"positive": True}),
    "rsqrt": (FLOAT_ONLY, {"positive": True}),
    "cbrt": (FLOAT_ONLY, {}),
    "erf": (FLOAT_ONLY, {}),
    "floor": (FLOAT_ONLY, {}),
    "ceil": (FLOAT_ONLY, {}),
    "round": (FLOAT_ONLY, {}),
    "bitwise_not": (INTEGRAL, {}),
    "is_finite": (FLOAT_ONLY, {}),
}

# Every shape for an op's first dtype; one shape for its other dtypes.
UNARY_CASES = [(op, dt, sh) for i, (op, (dts, _)) in enumerate(UNARY.items())
               for k, dt in enumerate(dts)
               for sh in ([[(), (0,)][i % 2], (2, 1, 3)] if k == 0
                          else [(2, 3)])]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,dtype,shape", UNARY_CASES,
                         ids=[f"{o}-{_name(d)}-{s}" for o, d, s in UNARY_CASES])
def test_unary(op, dtype, shape, mode):
    x = make(dtype, shape, **UNARY[op][1])
    check(getattr(xlax, op), getattr(jlax, op), [x], mode, rtol=2e-6,
          atol=1e-7)


SPECIAL = np.array([0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e-30, 3e38,
                    -3e38, np.inf, -np.inf, np.nan], F32)
SPECIAL_OPS = ["neg", "abs", "sign", "exp", "log", "expm1", "log1p", "sqrt",
               "rsqrt", "floor", "ceil", "round", "is_finite", "tanh",
               "logistic", "erf"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_erf_inv_bit_exact(dtype, mode):
    # erf_inv lowers to the CHLO op JAX emits, so the bits must agree
    # (random.normal depends on it). Without x64 float64 inputs become f32.
    x = np.concatenate([np.linspace(-0.999999, 0.999999, 101),
                        [0.0, -0.0, 1.0, -1.0, 1e-20]]).astype(dtype)
    got = check(xlax.erf_inv, jlax.erf_inv, [x], mode, rtol=0, atol=0)
    want = np.asarray(jlax.erf_inv(x))
    np.testing.assert_array_equal(np.asarray(got).view(np.uint8),
                                  want.view(np.uint8))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", SPECIAL_OPS)
def test_unary_special_values(op, mode):
    with np.errstate(all="ignore"):
        got = check(getattr(xlax, op), getattr(jlax, op), [SPECIAL], mode,
                    rtol=2e-6, atol=1e-7)
    if op in ("neg", "abs", "sign", "floor", "ceil", "round"):
        want = getattr(jlax, op)(SPECIAL)
        np.testing.assert_array_equal(np.signbit(np.asarray(got)),
                                      np.signbit(np.asarray(want)))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("method", [0, 1])
def test_round_methods(method, mode):
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.49, -3.51], F32)
    want = jlax.round(x, jlax.RoundingMethod(method))
    got = run(lambda v: xlax.round(v, method), [x], mode)
    assert_same(got, want)
    if method == 1:
        got = run(lambda v: xlax.round(
            v, xlax.RoundingMethod.TO_NEAREST_EVEN), [x], mode)
        assert_same(got, want)


@pytest.mark.parametrize("mode", ["eager", "jit"])
@pytest.mark.parametrize("dtype", [U8, U32])
def test_sign_unsigned(dtype, mode):
    x = np.array([0, 1, 7, 255], dtype)
    check(xlax.sign, jlax.sign, [x], mode)


BINARY = {
    "add": (NUMERIC, {}),
    "sub": (NUMERIC, {}),
    "mul": (NUMERIC, {}),
    "div": (NUMERIC, {"nonzero": True}),
    "rem": (NUMERIC, {"nonzero": True}),
    "pow": (FLOAT_ONLY, {}),
    "max": (NUMERIC + (BOOL,), {}),
    "min": (NUMERIC + (BOOL,), {}),
    "atan2": (FLOAT_ONLY, {}),
    "bitwise_and": (INTEGRAL, {}),
    "bitwise_or": (INTEGRAL, {}),
    "bitwise_xor": (INTEGRAL, {}),
    "eq": (NUMERIC + (BOOL,), {}),
    "ne": (NUMERIC + (BOOL,), {}),
    "ge": (NUMERIC + (BOOL,), {}),
    "gt": (NUMERIC + (BOOL,), {}),
    "le": (NUMERIC + (BOOL,), {}),
    "lt": (NUMERIC + (BOOL,), {}),
}

BINARY_SHAPES = [(), (0,), (2, 3)]
# An op's first dtype with two shapes; two of its other dtypes, in turn.
BINARY_CASES = [(op, dt, sh) for i, (op, (dts, _)) in enumerate(BINARY.items())
                for k, dt in enumerate(dts)
                if k == 0 or (k - 1 - i) % (len(dts) - 1) < 2
                for sh in ([BINARY_SHAPES[i % 2], (2, 3)] if k == 0
                           else [(2, 3)])]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,dtype,shape", BINARY_CASES,
                         ids=[f"{o}-{_name(d)}-{s}" for o, d, s in BINARY_CASES])
def test_binary(op, dtype, shape, mode):
    opts = BINARY[op][1]
    x = make(dtype, shape, 1)
    y = make(dtype, shape, 2, **opts)
    with np.errstate(all="ignore"):
        check(getattr(xlax, op), getattr(jlax, op), [x, y], mode, rtol=2e-6,
              atol=1e-7)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", ["add", "sub", "mul", "div", "rem", "max",
                                "min", "pow", "atan2", "eq", "lt", "ge"])
def test_binary_float_special(op, mode):
    x = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.0, 0.0,
                  -3.0], F32)
    y = np.array([-0.0, 0.0, np.inf, -np.inf, np.inf, 2.0, 1.0, np.nan, 0.0,
                  0.5], F32)
    with np.errstate(all="ignore"):
        got = check(getattr(xlax, op), getattr(jlax, op), [x, y], mode,
                    rtol=2e-6)
    if op in ("max", "min"):
        want = getattr(jlax, op)(x, y)
        np.testing.assert_array_equal(np.signbit(np.asarray(got)),
                                      np.signbit(np.asarray(want)))


SHIFTS = [(op, dt) for i, op in enumerate(["shift_left", "shift_right_logical",
                                            "shift_right_arithmetic"])
          for j, dt in enumerate([I32, U8, U32, I8]) if (i + j) % 2 == 0]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,dtype", SHIFTS, ids=ids(SHIFTS))
def test_shifts(op, dtype, mode):
    bits = np.dtype(dtype).itemsize * 8
    x = np.array([1, 3, 100, 127, 0, 5, 7, 2], dtype)
    if np.issubdtype(dtype, np.signedinteger):
        x[4:6] = [-1, -100]
    # Shift amounts include the bit width and beyond: XLA's defined results.
    y = np.array([0, 1, 2, 3, 4, bits - 1, bits, bits + 3], dtype)
    check(getattr(xlax, op), getattr(jlax, op), [x, y], mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", [I32, I8])
def test_integer_division_signs(dtype, mode):
    x = np.array([7, -7, 7, -7, 0, 1, -1], dtype)
    y = np.array([2, 2, -2, -2, 3, -5, 5], dtype)
    check(xlax.div, jlax.div, [x, y], mode)
    check(xlax.rem, jlax.rem, [x, y], mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", ["add", "mul", "max", "lt"])
@pytest.mark.parametrize("scalar,dtype", [(2, I32), (2.5, F32), (True, BOOL)])
def test_binary_python_scalar(op, scalar, dtype, mode):
    """A Python scalar of the array's kind (as JAX accepts in lax)."""
    x = make(dtype, (2, 3), 3)
    if dtype == BOOL and op in ("add", "mul", "sub"):
        # lax arithmetic rejects bool: the same error class as JAX.
        same_error(lambda a: getattr(xlax, op)(a, scalar),
                   lambda a: getattr(jlax, op)(a, scalar), [x], mode)
        same_error(lambda a: getattr(xlax, op)(scalar, a),
                   lambda a: getattr(jlax, op)(scalar, a), [x], mode)
        return
    check(lambda a: getattr(xlax, op)(a, scalar),
          lambda a: getattr(jlax, op)(a, scalar), [x], mode)
    check(lambda a: getattr(xlax, op)(scalar, a),
          lambda a: getattr(jlax, op)(scalar, a), [x], mode)


POW_CASES = {
    "py_float_py_int": lambda m, l: l.pow(2.0, 3),
    "py_float_i32": lambda m, l: l.pow(1.5, m.asarray([2, 0, -1], m.int32)),
    "py_float_u8": lambda m, l: l.pow(2.0, m.asarray([3], m.uint8)),
    "f16_py_int": lambda m, l: l.pow(m.asarray([1.5], m.float16), 2),
    "py_floats": lambda m, l: l.pow(2.0, 0.5),
    "bool_exponent": lambda m, l: l.pow(m.asarray([2.0], m.float16), True),
    "int_base_float_exponent": lambda m, l: l.pow(2, 0.5),
}


@pytest.mark.parametrize("case", list(POW_CASES))
def test_pow_scalars_and_integer_exponents(case):
    """lax.pow with Python scalars and integer exponents: JAX's dtype, weak
    type and errors (found by test_random_programs: jxp returned int32 for
    pow(2.0, int32 array) and rejected pow(2.0, 2))."""
    fn = POW_CASES[case]
    try:
        want = fn(jax.numpy, jlax)
    except TypeError:
        with pytest.raises(TypeError):
            fn(jxp.numpy, xlax)
        return
    assert_same(fn(jxp.numpy, xlax), want)
    assert_same(jxp.jit(lambda: fn(jxp.numpy, xlax))(),
                jax.jit(lambda: fn(jax.numpy, jlax))())


@pytest.mark.parametrize("op", ["add", "mul", "sub", "max"])
def test_binary_two_python_scalars_weak(op):
    got = getattr(xlax, op)(2.0, 3.0)
    want = getattr(jlax, op)(2.0, 3.0)
    assert_same(got, want)
    got = getattr(xlax, op)(2, 3)
    want = getattr(jlax, op)(2, 3)
    assert_same(got, want)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,dtype", [
    ("add", BOOL), ("mul", BOOL), ("sub", BOOL), ("abs", U32), ("abs", U8),
    ("neg", BOOL), ("exp", I32), ("floor", I32), ("bitwise_and", F32),
    ("shift_left", BOOL), ("atan2", I32), ("div", BOOL),
    # pow's base must be inexact (found by test_random_programs).
    ("pow", I32), ("pow", BOOL),
])
def test_elementwise_rejected_dtypes(op, dtype, mode):
    n = 1 if op in UNARY else 2
    args = [make(dtype, (3,), i, nonzero=True) for i in range(n)]
    same_error(getattr(xlax, op), getattr(jlax, op), args, mode)


IMPLICIT_BROADCASTS = rotate(
    [((2, 3), ()), ((), (2, 3)), ((2, 1), (1, 3)), ((1, 3), (2, 3)),
     ((2, 0), (1, 1)), ((1, 1), (3, 1)), ((2, 3), ()), ((), (4,))],
    ["add", "mul", "atan2", "max", "eq", "lt", "bitwise_xor", "rem"])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("xs,ys,op", IMPLICIT_BROADCASTS,
                         ids=ids(IMPLICIT_BROADCASTS))
def test_binary_implicit_broadcasting(op, xs, ys, mode):
    """lax's n-ary ops broadcast rank-0 operands and size-1 dimensions."""
    dtype = F32 if op in ("atan2", "max", "eq", "lt") else I32
    check(getattr(xlax, op), getattr(jlax, op),
          [make(dtype, xs, 1), make(dtype, ys, 2, nonzero=True)], mode)


@pytest.mark.parametrize("mode", MODES)
def test_binary_mismatched_dtypes_and_shapes(mode):
    same_error(xlax.add, jlax.add, [make(F32, (3,)), make(I32, (3,))], mode)
    same_error(xlax.add, jlax.add, [make(F32, (3,)), make(F32, (2,))], mode)
    same_error(xlax.add, jlax.add, [make(F32, (2, 3)), make(F32, (3,))], mode)


# ---------------------------------------------------------------------------
# select, clamp, conversions
# ---------------------------------------------------------------------------


SELECTS = rotate([((), False), ((0,), False), ((2, 3), False), ((2, 3), True),
                  ((4,), False), ((2, 1, 2), True)], [F32, I32, U8, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,scalar_pred,dtype", SELECTS, ids=ids(SELECTS))
def test_select(dtype, shape, scalar_pred, mode):
    pred = make(BOOL, () if scalar_pred else shape, 5)
    check(xlax.select, jlax.select,
          [pred, make(dtype, shape, 1), make(dtype, shape, 2)], mode)


@pytest.mark.parametrize("mode", MODES)
def test_select_errors(mode):
    same_error(xlax.select, jlax.select,
               [make(BOOL, (3,)), make(F32, (3,)), make(I32, (3,))], mode)
    same_error(xlax.select, jlax.select,
               [make(BOOL, (2,)), make(F32, (3,)), make(F32, (3,))], mode)


CLAMPS = rotate([[()], [(0,)], [(2, 3)], [(4,)]], [F32, I32, U8])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,dtype", CLAMPS, ids=ids(CLAMPS))
def test_clamp_scalar_bounds(dtype, shape, mode):
    x = make(dtype, shape, 1)
    lo, hi = np.asarray(2, dtype), np.asarray(8, dtype)
    check(xlax.clamp, jlax.clamp, [lo, x, hi], mode)


@pytest.mark.parametrize("mode", MODES)
def test_clamp_array_bounds_and_scalars(mode):
    x = make(F32, (2, 3), 1)
    lo = make(F32, (2, 3), 2) - 1
    hi = lo + 1.5
    check(xlax.clamp, jlax.clamp, [lo, x, hi], mode)
    check(lambda v: xlax.clamp(-0.5, v, 0.5),
          lambda v: jlax.clamp(-0.5, v, 0.5), [x], mode)
    xi = make(I32, (5,), 3)
    check(lambda v: xlax.clamp(-2, v, 3), lambda v: jlax.clamp(-2, v, 3),
          [xi], mode)
    nan = np.array([np.nan, 1.0, -5.0], F32)
    check(lambda v: xlax.clamp(-2.0, v, 3.0),
          lambda v: jlax.clamp(-2.0, v, 3.0), [nan], mode)


@pytest.mark.parametrize("mode", MODES)
def test_clamp_errors(mode):
    same_error(xlax.clamp, jlax.clamp,
               [np.int32(0), make(F32, (3,)), np.float32(1)], mode)
    same_error(xlax.clamp, jlax.clamp,
               [make(F32, (2,)), make(F32, (3,)), np.float32(1)], mode)


CONVERT_VALUES = {
    F32: np.array([0.0, 1.0, 2.7, -0.0, 100.4, 3.5, 250.9, 0.5], F32),
    I32: np.array([0, 1, -5, 255, 256, 70000, -70000, 17], I32),
    U8: np.array([0, 1, 5, 127, 128, 200, 255, 3], U8),
    U32: np.array([0, 1, 5, 70000, 2**31, 2**32 - 1, 255, 256], U32),
    BOOL: np.array([True, False, True, True, False, False, True, False]),
    F16: np.array([0.0, 1.5, 2.25, -0.0, 100.0, 7.0, 200.0, 0.25], F16),
    BF16: np.array([0.0, 1.5, 2.25, -0.0, 100.0, 7.0, 200.0, 0.25], BF16),
}
CONVERT_TARGETS = [F32, I32, U8, U32, BOOL, F16, BF16, I8]
CONVERT_CASES = [(s, t) for i, s in enumerate(CONVERT_VALUES)
                 for j, t in enumerate(CONVERT_TARGETS)
                 # Out-of-range float -> small int is implementation-defined.
                 if not (s in (F32, F16, BF16) and t in (U8, I8))
                 and not (s in (I32, U32) and t in (F16, BF16))
                 # f32 to everything; other sources to 5 of 8 targets.
                 and (s == F32 or (i + j) % 8 < 5)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("src,dst", CONVERT_CASES,
                         ids=[f"{_name(s)}-{_name(t)}" for s, t in CONVERT_CASES])
def test_convert_element_type(src, dst, mode):
    x = CONVERT_VALUES[src]
    check(lambda v: xlax.convert_element_type(v, dst),
          lambda v: jlax.convert_element_type(v, dst), [x], mode)


@pytest.mark.parametrize("mode", MODES)
def test_convert_element_type_scalar_and_canonical(mode):
    # 64-bit requests are canonicalized to 32 bits, as in JAX without x64.
    x = np.array([1.5, -2.5], np.float64)
    check(lambda v: xlax.convert_element_type(v, np.float64),
          lambda v: jlax.convert_element_type(v, np.float64), [x], mode)
    check(lambda v: xlax.convert_element_type(v, np.int64),
          lambda v: jlax.convert_element_type(v, np.int64), [x], mode)
    # A weakly typed input becomes strongly typed.
    got = xlax.convert_element_type(2.0, np.float32)
    assert_same(got, jlax.convert_element_type(2.0, np.float32))


BITCAST_CASES = [
    (F32, I32, (2, 3)), (I32, F32, (4,)), (U32, F32, ()), (F32, U32, (0,)),
    (F32, U8, (3,)), (U8, F32, (2, 4)), (I32, U32, (3,)), (F16, I8, (2,)),
    (I8, F16, (3, 2)), (U8, I8, (4,)),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("src,dst,shape", BITCAST_CASES,
                         ids=[f"{_name(s)}-{_name(t)}-{sh}"
                              for s, t, sh in BITCAST_CASES])
def test_bitcast_convert_type(src, dst, shape, mode):
    if np.dtype(src) == np.dtype(F32):
        x = np.array([1.0, -2.5, 3e-39, np.inf, 0.0, 7.0] * 2, F32)
        x = x[:int(np.prod(shape))].reshape(shape)
    else:
        x = make(src, shape, 4)
    check(lambda v: xlax.bitcast_convert_type(v, dst),
          lambda v: jlax.bitcast_convert_type(v, dst), [x], mode)


@pytest.mark.parametrize("mode", MODES)
def test_bitcast_errors(mode):
    same_error(lambda v: xlax.bitcast_convert_type(v, F32),
               lambda v: jlax.bitcast_convert_type(v, F32),
               [make(U8, (3,))], mode)


# ---------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------


IOTAS = rotate([((5,), 0), ((2, 3), 0), ((2, 3), 1), ((0, 4), 1),
                ((2, 3, 4), 2), ((7,), 0), ((3, 1), 0), ((0,), 0)],
               [I32, F32, U8, U32])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,dim,dtype", IOTAS, ids=ids(IOTAS))
def test_iota(dtype, shape, dim, mode):
    check(lambda: xlax.broadcasted_iota(dtype, shape, dim),
          lambda: jlax.broadcasted_iota(dtype, shape, dim), [], mode)
    if len(shape) == 1:
        check(lambda: xlax.iota(dtype, shape[0]),
              lambda: jlax.iota(dtype, shape[0]), [], mode)


BROADCAST_IN_DIM = [
    ((), (2, 3), ()), ((3,), (2, 3), (1,)), ((2,), (2, 3), (0,)),
    ((1, 3), (4, 3), (0, 1)), ((2, 1), (2, 5), (0, 1)), ((3,), (0, 3), (1,)),
    ((2, 3), (3, 4, 2), (2, 0)), ((1,), (3, 2), (1,)), ((2, 3), (2, 3), (0, 1)),
]


BROADCAST_IN_DIM = rotate(BROADCAST_IN_DIM, [F32, I32, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,out,dims,dtype", BROADCAST_IN_DIM,
                         ids=ids(BROADCAST_IN_DIM))
def test_broadcast_in_dim(shape, out, dims, dtype, mode):
    x = make(dtype, shape)
    check(lambda v: xlax.broadcast_in_dim(v, out, dims),
          lambda v: jlax.broadcast_in_dim(v, out, dims), [x], mode)


@pytest.mark.parametrize("mode", MODES)
def test_broadcast_in_dim_errors(mode):
    x = make(F32, (3,))
    for out, dims in [((2, 4), (1,)), ((2, 3), (0, 1)), ((2, 3), (2,))]:
        same_error(lambda v: xlax.broadcast_in_dim(v, out, dims),
                   lambda v: jlax.broadcast_in_dim(v, out, dims), [x], mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,sizes", [((), (2, 3)), ((3,), (2,)),
                                         ((2, 3), (0,)), ((2, 3), ())])
def test_broadcast(shape, sizes, mode):
    check(lambda v: xlax.broadcast(v, sizes),
          lambda v: jlax.broadcast(v, sizes), [make(F32, shape)], mode)


RESHAPES = [((), (1, 1), None), ((6,), (2, 3), None), ((2, 3), (3, 2), None),
            ((2, 3), (6,), (1, 0)), ((2, 3, 4), (4, 6), (2, 0, 1)),
            ((0, 3), (3, 0), None), ((1,), (), None), ((2, 3), (2, 3), None)]


RESHAPES = rotate(RESHAPES, [F32, U8, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,new,dims,dtype", RESHAPES, ids=ids(RESHAPES))
def test_reshape(shape, new, dims, dtype, mode):
    check(lambda v: xlax.reshape(v, new, dims),
          lambda v: jlax.reshape(v, new, dims), [make(dtype, shape)], mode)


TRANSPOSES = rotate([((), ()), ((3,), (0,)), ((2, 3), (1, 0)),
                    ((2, 3, 4), (2, 0, 1)), ((2, 0, 4), (1, 2, 0)),
                    ((1, 2, 3, 4), (3, 1, 0, 2)), ((2, 3), (0, 1))],
                   [F32, I32])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,perm,dtype", TRANSPOSES, ids=ids(TRANSPOSES))
def test_transpose(shape, perm, dtype, mode):
    check(lambda v: xlax.transpose(v, perm),
          lambda v: jlax.transpose(v, perm), [make(dtype, shape)], mode)


REVS = rotate([((5,), (0,)), ((2, 3), (1,)), ((2, 3), (0, 1)),
               ((2, 3, 4), (0, 2)), ((0, 3), (0,)), ((), ()), ((2, 3), ())],
              [F32, I32, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,dims,dtype", REVS, ids=ids(REVS))
def test_rev(shape, dims, dtype, mode):
    check(lambda v: xlax.rev(v, dims), lambda v: jlax.rev(v, dims),
          [make(dtype, shape)], mode)


SQUEEZES = rotate([((1, 3, 1), (0,)), ((1, 3, 1), (0, 2)), ((1, 3, 1), (-1,)),
                   ((), ()), ((1,), (0,)), ((0, 1), (1,))], [F32, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,dims,dtype", SQUEEZES, ids=ids(SQUEEZES))
def test_squeeze(shape, dims, dtype, mode):
    check(lambda v: xlax.squeeze(v, dims), lambda v: jlax.squeeze(v, dims),
          [make(dtype, shape)], mode)


EXPANDS = rotate([((3,), (0,)), ((3,), (1,)), ((2, 3), (-1, 0)), ((), (0,)),
                  ((0, 2), (1, 3))], [F32, I32])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,dims,dtype", EXPANDS, ids=ids(EXPANDS))
def test_expand_dims(shape, dims, dtype, mode):
    check(lambda v: xlax.expand_dims(v, dims),
          lambda v: jlax.expand_dims(v, dims), [make(dtype, shape)], mode)


@pytest.mark.parametrize("mode", MODES)
def test_squeeze_expand_dims_errors(mode):
    for x_fn, j_fn in [
            (lambda v: xlax.squeeze(v, (1,)), lambda v: jlax.squeeze(v, (1,))),
            (lambda v: xlax.squeeze(v, (3,)), lambda v: jlax.squeeze(v, (3,))),
            (lambda v: xlax.expand_dims(v, (5,)),
             lambda v: jlax.expand_dims(v, (5,))),
            (lambda v: xlax.expand_dims(v, (0, 0)),
             lambda v: jlax.expand_dims(v, (0, 0)))]:
        same_error(x_fn, j_fn, [make(F32, (1, 3, 1))], mode)


@pytest.mark.parametrize("mode", MODES)
def test_transpose_errors(mode):
    same_error(lambda v: xlax.transpose(v, (0, 0)),
               lambda v: jlax.transpose(v, (0, 0)), [make(F32, (2, 2))], mode)


# ---------------------------------------------------------------------------
# Reductions, argmin/argmax, cumulative ops
# ---------------------------------------------------------------------------

REDUCE_SHAPES = [((), ()), ((2, 3), (1,)), ((2, 3, 4), (0, 2)),
                 ((0, 3), (0,)), ((2, 3), ())]
REDUCERS = {
    "reduce_sum": (F32, I32, U8, U32),
    "reduce_prod": (F32, I32, U32),
    "reduce_max": (F32, I32, U8, U32, BOOL),
    "reduce_min": (F32, I32, U8, U32, BOOL),
    "reduce_and": (I32, U8, BOOL),
    "reduce_or": (I32, U32, BOOL),
}
REDUCE_CASES = [(op, dt, sh, ax) for op, dts in REDUCERS.items()
                for k, dt in enumerate(dts)
                for sh, ax in (REDUCE_SHAPES if k == 0 else
                               [[((2, 3, 4), (0, 2)), ((0, 3), (0,))][k % 2]])]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,dtype,shape,axes", REDUCE_CASES,
                         ids=[f"{o}-{_name(d)}-{s}-{a}"
                              for o, d, s, a in REDUCE_CASES])
def test_reduce(op, dtype, shape, axes, mode):
    x = make(dtype, shape, 3)
    if op == "reduce_prod" and dtype != F32:
        x = (x % 3).astype(dtype)
    check(lambda v: getattr(xlax, op)(v, axes),
          lambda v: getattr(jlax, op)(v, axes), [x], mode, rtol=1e-5)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", ["reduce_max", "reduce_min", "reduce_sum"])
def test_reduce_nan(op, mode):
    x = np.array([[1.0, np.nan, 3.0], [-np.inf, 2.0, -0.0]], F32)
    for axes in [(0,), (1,), (0, 1)]:
        check(lambda v: getattr(xlax, op)(v, axes),
              lambda v: getattr(jlax, op)(v, axes), [x], mode)


@pytest.mark.parametrize("mode", MODES)
def test_reduce_errors(mode):
    same_error(lambda v: xlax.reduce_and(v, (0,)),
               lambda v: jlax.reduce_and(v, (0,)), [make(F32, (3,))], mode)
    same_error(lambda v: xlax.reduce_sum(v, (2,)),
               lambda v: jlax.reduce_sum(v, (2,)), [make(F32, (3, 2))], mode)
    # lax's sum and product of bools (found by test_random_programs).
    for op in ("reduce_sum", "reduce_prod"):
        same_error(lambda v: getattr(xlax, op)(v, (0,)),
                   lambda v: getattr(jlax, op)(v, (0,)), [make(BOOL, (3,))],
                   mode)


ARG_INPUTS = {
    "ties": np.array([[1, 3, 3, 0], [2, 2, -1, -1], [5, 5, 5, 5]], F32),
    "nan": np.array([[1, np.nan, 3, np.nan], [np.nan, 2, 0, 9],
                     [-np.inf, np.inf, 0, 0]], F32),
    "int": np.array([[4, 1, 4, 1], [0, 0, 0, 0], [-3, 7, 7, -3]], I32),
    "uint8": np.array([[4, 1, 255, 1], [0, 0, 0, 0], [3, 7, 7, 3]], U8),
    "bool": np.array([[False, True, True, False], [False] * 4, [True] * 4]),
    "signed_zero": np.array([[0.0, -0.0, 0.0, -0.0], [-0.0, 0.0, -1, -1],
                             [1, 1, 1, 1]], F32),
}
ARG_CASES = [(op, name, axis, U8 if (name == "ties" and axis == 1) else I32)
             for op in ("argmax", "argmin") for name in ARG_INPUTS
             for axis in (0, 1)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,inp,axis,index_dtype", ARG_CASES,
                         ids=[f"{o}-{n}-{a}-{_name(i)}"
                              for o, n, a, i in ARG_CASES])
def test_argminmax(op, inp, axis, index_dtype, mode):
    x = ARG_INPUTS[inp]
    check(lambda v: getattr(xlax, op)(v, axis, index_dtype),
          lambda v: getattr(jlax, op)(v, axis, index_dtype), [x], mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_argminmax_shapes(op, mode):
    for shape, axis in [((7,), 0), ((2, 3, 4), 1), ((2, 3, 4), 2),
                        ((2, 0), 0)]:
        x = make(F32, shape, 9)
        check(lambda v: getattr(xlax, op)(v, axis, I32),
              lambda v: getattr(jlax, op)(v, axis, I32), [x], mode)


CUM_OPS = ["cumsum", "cumprod", "cummax", "cummin"]
CUM_SHAPES = [((5,), 0), ((2, 4), 1), ((3, 2, 2), 0), ((0, 3), 0)]
CUM_CASES = [(op, dt, sh, ax, rev) for op in CUM_OPS
             for k, dt in enumerate((F32, I32, U8))
             for sh, ax in (CUM_SHAPES if k == 0 else [((3, 4), 1)])
             for rev in ((False, True) if k == 0 and sh == (5,)
                         else ((sh, k) in {((2, 4), 0), ((3, 4), 1)},))]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,dtype,shape,axis,reverse", CUM_CASES,
                         ids=[f"{o}-{_name(d)}-{s}-{a}-{r}"
                              for o, d, s, a, r in CUM_CASES])
def test_cumulative(op, dtype, shape, axis, reverse, mode):
    x = make(dtype, shape, 5)
    if op == "cumprod" and dtype != F32:
        x = (x % 3 + 1).astype(dtype)
    check(lambda v: getattr(xlax, op)(v, axis, reverse=reverse),
          lambda v: getattr(jlax, op)(v, axis, reverse=reverse), [x], mode,
          rtol=1e-5)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", CUM_OPS)
def test_cumulative_nan(op, mode):
    x = np.array([1.0, 3.0, np.nan, 2.0, -np.inf, 5.0], F32)
    for reverse in (False, True):
        check(lambda v: getattr(xlax, op)(v, 0, reverse=reverse),
              lambda v: getattr(jlax, op)(v, 0, reverse=reverse), [x], mode)


# ---------------------------------------------------------------------------
# dot_general
# ---------------------------------------------------------------------------

DOT_CASES = [
    # lhs shape, rhs shape, ((lc, rc), (lb, rb))
    ((3,), (3,), (((0,), (0,)), ((), ()))),
    ((2, 3), (3,), (((1,), (0,)), ((), ()))),
    ((2, 3), (3, 4), (((1,), (0,)), ((), ()))),
    ((3, 2), (3, 4), (((0,), (0,)), ((), ()))),
    ((2, 3), (4, 3), (((1,), (1,)), ((), ()))),
    ((3, 2), (4, 3), (((0,), (1,)), ((), ()))),
    ((2, 3), (4, 5), (((), ()), ((), ()))),
    ((5, 2, 3), (5, 3, 4), (((2,), (1,)), ((0,), (0,)))),
    ((2, 5, 3), (3, 4, 5), (((2,), (0,)), ((1,), (2,)))),
    ((2, 3, 4), (4, 3, 5), (((1, 2), (1, 0)), ((), ()))),
    ((2, 6, 3, 4), (6, 2, 4, 5), (((3,), (2,)), ((0, 1), (1, 0)))),
    ((0, 3), (3, 4), (((1,), (0,)), ((), ()))),
    ((2, 0), (0, 4), (((1,), (0,)), ((), ()))),
]


DOT_CASES = rotate(DOT_CASES, [F32, I32])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ls,rs,dn,dtype", DOT_CASES, ids=ids(DOT_CASES))
def test_dot_general(ls, rs, dn, dtype, mode):
    lhs, rhs = make(dtype, ls, 1), make(dtype, rs, 2)
    check(lambda a, b: xlax.dot_general(a, b, dn),
          lambda a, b: jlax.dot_general(a, b, dn), [lhs, rhs], mode,
          rtol=1e-5, atol=1e-5)


PET_CASES = [(I8, I32), (U8, U32), (F16, F32), (BF16, F32), (I32, F32),
             (F32, F32)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype,pet", PET_CASES,
                         ids=[f"{_name(a)}-{_name(b)}" for a, b in PET_CASES])
def test_dot_general_preferred_element_type(dtype, pet, mode):
    lhs = make(dtype, (2, 8), 1)
    rhs = make(dtype, (8, 3), 2)
    if np.issubdtype(np.dtype(dtype), np.integer):
        # Products that overflow the input type but not the output's.
        lhs = (lhs.astype(np.int64) * 0 + np.asarray(100, np.int64)).astype(dtype)
        rhs = np.full((8, 3), 3 if dtype == U8 else 100, dtype)
    dn = (((1,), (0,)), ((), ()))
    check(lambda a, b: xlax.dot_general(a, b, dn, preferred_element_type=pet),
          lambda a, b: jlax.dot_general(a, b, dn, preferred_element_type=pet),
          [lhs, rhs], mode, rtol=1e-2)


@pytest.mark.parametrize("mode", MODES)
def test_dot(mode):
    for ls, rs in [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)),
                   ((2, 3), (3, 4))]:
        check(xlax.dot, jlax.dot, [make(F32, ls, 1), make(F32, rs, 2)], mode,
              rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("mode", MODES)
def test_dot_general_errors(mode):
    a, b = make(F32, (2, 3)), make(F32, (4, 5))
    dn = (((1,), (0,)), ((), ()))
    same_error(lambda x, y: xlax.dot_general(x, y, dn),
               lambda x, y: jlax.dot_general(x, y, dn), [a, b], mode)


# ---------------------------------------------------------------------------
# Slicing, concatenation, padding
# ---------------------------------------------------------------------------

SLICES = [
    ((5,), (1,), (4,), None), ((5,), (0,), (5,), (2,)), ((5,), (2,), (2,), None),
    ((4, 6), (1, 0), (3, 6), (1, 4)), ((4, 6), (0, 1), (4, 5), (3, 2)),
    ((2, 3, 4), (0, 1, 1), (2, 3, 4), (2, 1, 2)), ((0, 3), (0, 1), (0, 2), None),
    ((), (), (), None),
]


SLICES = rotate(SLICES, [F32, I32, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,start,limit,strides,dtype", SLICES,
                         ids=ids(SLICES))
def test_slice(shape, start, limit, strides, dtype, mode):
    check(lambda v: xlax.slice(v, start, limit, strides),
          lambda v: jlax.slice(v, start, limit, strides),
          [make(dtype, shape)], mode)


@pytest.mark.parametrize("mode", MODES)
def test_slice_errors(mode):
    same_error(lambda v: xlax.slice(v, (0,), (6,)),
               lambda v: jlax.slice(v, (0,), (6,)), [make(F32, (5,))], mode)


DYNAMIC_SLICES = [
    ((5,), (1,), (3,)), ((5,), (4,), (3,)), ((5,), (-1,), (2,)),
    ((5,), (-7,), (2,)), ((5,), (100,), (5,)), ((5,), (0,), (0,)),
    ((4, 6), (1, 2), (2, 3)), ((4, 6), (3, -2), (2, 3)),
    ((4, 6), (-10, 10), (4, 1)), ((2, 3, 4), (1, 1, 1), (1, 2, 3)),
]


# Index kinds: traced int32 / int8 scalars, Python ints (static); uint8
# where the starts are non-negative.
DYNAMIC_SLICES = [c + ((I32, "python") if min(c[1]) < 0 else (U8, "python"),)
                  for c in DYNAMIC_SLICES]
DYNAMIC_SLICES = [c[:3] + (k,) for c in DYNAMIC_SLICES for k in c[3]]
DYNAMIC_SLICES += [((5,), (-2,), (2,), I8), ((4, 6), (-1, 3), (2, 2), I8)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,start,sizes,index_dtype", DYNAMIC_SLICES,
                         ids=ids(DYNAMIC_SLICES))
def test_dynamic_slice(shape, start, sizes, index_dtype, mode):
    x = make(F32, shape, 2)
    if index_dtype == "python":
        # Python ints: static, closed over.
        check(lambda v: xlax.dynamic_slice(v, list(start), sizes),
              lambda v: jlax.dynamic_slice(v, list(start), sizes), [x], mode)
        return
    idx = [np.asarray(s, index_dtype) for s in start]
    check(lambda v, *i: xlax.dynamic_slice(v, list(i), sizes),
          lambda v, *i: jlax.dynamic_slice(v, list(i), sizes), [x] + idx, mode)


DYNAMIC_UPDATES = [
    ((5,), (2,), (1,)), ((5,), (2,), (4,)), ((5,), (2,), (-1,)),
    ((5,), (3,), (-9,)), ((5,), (0,), (2,)), ((5,), (5,), (3,)),
    ((4, 6), (2, 3), (1, 2)), ((4, 6), (2, 3), (3, 5)),
    ((4, 6), (1, 6), (-2, 0)), ((2, 3, 4), (1, 2, 2), (1, 1, 1)),
]


DYNAMIC_UPDATES = rotate(DYNAMIC_UPDATES, [F32, I32])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,ushape,start,dtype", DYNAMIC_UPDATES,
                         ids=ids(DYNAMIC_UPDATES))
def test_dynamic_update_slice(shape, ushape, start, dtype, mode):
    x = make(dtype, shape, 1)
    u = make(dtype, ushape, 2) + np.asarray(50, dtype)
    idx = [np.asarray(s, I32) for s in start]
    check(lambda v, w, *i: xlax.dynamic_update_slice(v, w, list(i)),
          lambda v, w, *i: jlax.dynamic_update_slice(v, w, list(i)),
          [x, u] + idx, mode)
    check(lambda v, w: xlax.dynamic_update_slice(v, w, list(start)),
          lambda v, w: jlax.dynamic_update_slice(v, w, list(start)),
          [x, u], mode)


CONCATS = [([(3,), (2,)], 0), ([(2, 3), (2, 1), (2, 0)], 1),
           ([(2, 3), (1, 3), (4, 3)], 0), ([(0,), (0,)], 0),
           ([(2, 2, 1), (2, 2, 3)], 2), ([(4,)], 0)]


CONCATS = rotate(CONCATS, [F32, U8, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shapes,dim,dtype", CONCATS, ids=ids(CONCATS))
def test_concatenate(shapes, dim, dtype, mode):
    xs = [make(dtype, s, i) for i, s in enumerate(shapes)]
    check(lambda *v: xlax.concatenate(list(v), dim),
          lambda *v: jlax.concatenate(list(v), dim), xs, mode)


@pytest.mark.parametrize("mode", MODES)
def test_concatenate_errors(mode):
    same_error(lambda a, b: xlax.concatenate([a, b], 0),
               lambda a, b: jlax.concatenate([a, b], 0),
               [make(F32, (2, 3)), make(F32, (2, 2))], mode)
    same_error(lambda a, b: xlax.concatenate([a, b], 0),
               lambda a, b: jlax.concatenate([a, b], 0),
               [make(F32, (2,)), make(I32, (2,))], mode)


PADS = [
    ((3,), [(1, 2, 0)]), ((3,), [(0, 0, 2)]), ((3,), [(-1, 0, 0)]),
    ((4,), [(-1, -2, 0)]), ((3,), [(-2, 1, 1)]), ((2, 3), [(1, 0, 1), (0, 2, 0)]),
    ((2, 3), [(-1, 1, 0), (2, -3, 2)]), ((0, 2), [(1, 1, 3), (0, 0, 0)]),
    ((), []), ((1,), [(0, 0, 5)]),
]


PADS = rotate(PADS, [F32, I32, BOOL])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape,config,dtype", PADS, ids=ids(PADS))
def test_pad(shape, config, dtype, mode):
    x = make(dtype, shape, 3)
    pv = np.asarray(True if dtype == BOOL else 9, dtype)
    check(lambda v, p: xlax.pad(v, p, config),
          lambda v, p: jlax.pad(v, p, config), [x, pv], mode)


@pytest.mark.parametrize("mode", MODES)
def test_pad_python_scalar_value(mode):
    x = make(F32, (2, 3))
    config = [(1, 1, 1), (0, 1, 0)]
    check(lambda v: xlax.pad(v, -1.5, config),
          lambda v: jlax.pad(v, -1.5, config), [x], mode)
    xi = make(I32, (3,))
    check(lambda v: xlax.pad(v, 7, [(2, 0, 1)]),
          lambda v: jlax.pad(v, 7, [(2, 0, 1)]), [xi], mode)


@pytest.mark.parametrize("mode", MODES)
def test_pad_errors(mode):
    same_error(lambda v: xlax.pad(v, np.float32(0), [(0, 0, -1)]),
               lambda v: jlax.pad(v, np.float32(0), [(0, 0, -1)]),
               [make(F32, (3,))], mode)
    same_error(lambda v: xlax.pad(v, np.float32(0), [(-3, -1, 0)]),
               lambda v: jlax.pad(v, np.float32(0), [(-3, -1, 0)]),
               [make(F32, (3,))], mode)


# ---------------------------------------------------------------------------
# sort
# ---------------------------------------------------------------------------


SORT_SHAPES = [((7,), 0), ((3, 5), 1), ((3, 5), 0), ((2, 3, 4), -1),
               ((2, 3, 4), 1), ((0,), 0), ((2, 0), 1)]
SORT_CASES = [(dt, sh, d) for k, dt in enumerate((F32, I32, U8, U32, BOOL))
              for sh, d in (SORT_SHAPES if k == 0 else [((3, 5), 1)])]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype,shape,dim", SORT_CASES)
def test_sort(shape, dim, dtype, mode):
    x = make(dtype, shape, 6)
    check(lambda v: xlax.sort(v, dim), lambda v: jlax.sort(v, dim), [x], mode)


def test_sort_nan_and_signed_zero_order():
    x = np.array([np.nan, 1.0, -0.0, 0.0, -np.inf, -0.0, np.inf, -1.0, 0.0,
                  -np.nan], F32)
    want = jlax.sort(x)
    for mode in MODES:
        got = run(xlax.sort, [x], mode)
        assert_same(got, want)
        np.testing.assert_array_equal(np.signbit(np.asarray(got)),
                                      np.signbit(np.asarray(want)))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("num_keys", [1, 2])
def test_sort_multi_operand(num_keys, mode):
    keys = np.array([3, 1, 2, 1, 3, 2, 1, 0], I32)
    keys2 = np.array([0.5, 2.0, 1.0, -1.0, 0.5, -3.0, 2.0, 9.0], F32)
    vals = np.arange(8, dtype=U32)
    check(lambda a, b, c: xlax.sort((a, b, c), num_keys=num_keys),
          lambda a, b, c: jlax.sort((a, b, c), num_keys=num_keys),
          [keys, keys2, vals], mode)


@pytest.mark.parametrize("mode", MODES)
def test_sort_stable(mode):
    rng = np.random.default_rng(1)
    keys = rng.integers(0, 3, (4, 50)).astype(I32)
    vals = np.broadcast_to(np.arange(50, dtype=I32), (4, 50)).copy()
    got = check(lambda a, b: xlax.sort((a, b), dimension=1, num_keys=1),
                lambda a, b: jlax.sort((a, b), dimension=1, num_keys=1),
                [keys, vals], mode)
    # Independent of JAX: equal keys keep their original order.
    order = np.argsort(keys, axis=1, kind="stable")
    np.testing.assert_array_equal(np.asarray(got[1]), order)


@pytest.mark.parametrize("mode", MODES)
def test_sort_list_operand_returns_tuple(mode):
    a, b = make(F32, (5,), 1), make(I32, (5,), 2)
    got = run(lambda x, y: xlax.sort([x, y]), [a, b], mode)
    want = jlax.sort([a, b])
    assert isinstance(got, tuple) and isinstance(want, tuple)
    assert_same(got, want)


# ---------------------------------------------------------------------------
# gather and scatter
# ---------------------------------------------------------------------------

GATHER_OPERAND = np.arange(30, dtype=F32).reshape(5, 6) * 1.5 - 7


def _gather_cases():
    cases = []
    # name, operand shape, indices, dnums (offset, collapsed, start_map), sizes
    cases.append(("rows", np.array([[0], [2], [4]], I32),
                  ((1,), (0,), (0,)), (1, 6)))
    cases.append(("cols", np.array([[1], [5], [0], [3]], I32),
                  ((0,), (1,), (1,)), (5, 1)))
    cases.append(("points", np.array([[0, 0], [4, 5], [2, 3]], I32),
                  ((), (0, 1), (0, 1)), (1, 1)))
    cases.append(("windows", np.array([[1, 2], [3, 0]], I32),
                  ((1, 2), (), (0, 1)), (2, 3)))
    cases.append(("swapped_map", np.array([[2, 1], [0, 3]], I32),
                  ((1,), (1,), (1, 0)), (2, 1)))
    cases.append(("batch2d", np.array([[[0], [1]], [[3], [4]]], I32),
                  ((2,), (0,), (0,)), (1, 6)))
    cases.append(("scalar_index", np.array([3], I32),
                  ((0,), (0,), (0,)), (1, 6)))
    cases.append(("empty_indices", np.zeros((0, 1), I32),
                  ((1,), (0,), (0,)), (1, 6)))
    return cases


GATHER_CASES = _gather_cases()
GATHER_OOB = {
    "rows": np.array([[-1], [7], [4]], I32),
    "cols": np.array([[1], [6], [-3], [100]], I32),
    "points": np.array([[0, 9], [-4, 5], [2, 3]], I32),
    "windows": np.array([[4, 2], [3, 5]], I32),
}


GATHER_PARAMS = [(c, ["clip", "fill", "promise_in_bounds"][i % 3])
                 for i, c in enumerate(GATHER_CASES)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case,gmode", GATHER_PARAMS,
                         ids=[f"{c[0]}-{m}" for c, m in GATHER_PARAMS])
def test_gather_in_bounds(case, gmode, mode):
    name, idx, (offset, collapsed, smap), sizes = case
    xdn = xlax.GatherDimensionNumbers(offset, collapsed, smap)
    jdn = jlax.GatherDimensionNumbers(offset, collapsed, smap)
    check(lambda o, i: xlax.gather(o, i, xdn, sizes, mode=gmode),
          lambda o, i: jlax.gather(o, i, jdn, sizes, mode=gmode),
          [GATHER_OPERAND, idx], mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("gmode", ["clip", "fill"])
@pytest.mark.parametrize("name", list(GATHER_OOB))
def test_gather_out_of_bounds(name, gmode, mode):
    _, _, (offset, collapsed, smap), sizes = next(
        c for c in GATHER_CASES if c[0] == name)
    idx = GATHER_OOB[name]
    xdn = xlax.GatherDimensionNumbers(offset, collapsed, smap)
    jdn = jlax.GatherDimensionNumbers(offset, collapsed, smap)
    check(lambda o, i: xlax.gather(o, i, xdn, sizes, mode=gmode),
          lambda o, i: jlax.gather(o, i, jdn, sizes, mode=gmode),
          [GATHER_OPERAND, idx], mode)


@pytest.mark.parametrize("mode", MODES)
def test_gather_fill_value_and_int_operand(mode):
    idx = GATHER_OOB["rows"]
    xdn = xlax.GatherDimensionNumbers((1,), (0,), (0,))
    jdn = jlax.GatherDimensionNumbers((1,), (0,), (0,))
    check(lambda o, i: xlax.gather(o, i, xdn, (1, 6), mode="fill",
                                   fill_value=-2.0),
          lambda o, i: jlax.gather(o, i, jdn, (1, 6), mode="fill",
                                   fill_value=-2.0),
          [GATHER_OPERAND, idx], mode)
    op_i = np.arange(30, dtype=I32).reshape(5, 6)
    check(lambda o, i: xlax.gather(o, i, xdn, (1, 6), mode="fill"),
          lambda o, i: jlax.gather(o, i, jdn, (1, 6), mode="fill"),
          [op_i, idx], mode)
    check(lambda o, i: xlax.gather(o, i, xdn, (1, 6), mode="fill",
                                   fill_value=7),
          lambda o, i: jlax.gather(o, i, jdn, (1, 6), mode="fill",
                                   fill_value=7),
          [op_i, idx], mode)


@pytest.mark.parametrize("mode", MODES)
def test_gather_mode_enum(mode):
    idx = GATHER_OOB["rows"]
    xdn = xlax.GatherDimensionNumbers((1,), (0,), (0,))
    jdn = jlax.GatherDimensionNumbers((1,), (0,), (0,))
    for xm, jm in [(xlax.GatherScatterMode.CLIP, jlax.GatherScatterMode.CLIP),
                   (xlax.GatherScatterMode.FILL_OR_DROP,
                    jlax.GatherScatterMode.FILL_OR_DROP)]:
        check(lambda o, i: xlax.gather(o, i, xdn, (1, 6), mode=xm),
              lambda o, i: jlax.gather(o, i, jdn, (1, 6), mode=jm),
              [GATHER_OPERAND, idx], mode)


SCATTER_OPS = ["scatter", "scatter_add", "scatter_mul", "scatter_min",
               "scatter_max"]


def _scatter_cases():
    # name, operand shape, indices, updates shape, dnums (window, inserted, map)
    return [
        ("rows", (5, 3), np.array([[0], [2], [4]], I32), (3, 3),
         ((1,), (0,), (0,))),
        ("points", (4, 4), np.array([[0, 0], [3, 1], [2, 2]], I32), (3,),
         ((), (0, 1), (0, 1))),
        ("dup_rows", (5, 3), np.array([[1], [1], [3]], I32), (3, 3),
         ((1,), (0,), (0,))),
        ("windows", (4, 5), np.array([[0, 1], [2, 3]], I32), (2, 2, 2),
         ((1, 2), (), (0, 1))),
        ("vector", (6,), np.array([[5], [0], [2]], I32), (3,),
         ((), (0,), (0,))),
    ]


SCATTER_CASES = _scatter_cases()
SMODES = ["clip", "fill", "promise_in_bounds"]
# Every op with every case; the mode and dtype rotate (in-bounds indices:
# the modes agree here).
SCATTER_PARAMS = [(op, c, SMODES[(i + j) % 3], (F32, I32)[(i + j) % 2])
                  for i, op in enumerate(SCATTER_OPS)
                  for j, c in enumerate(SCATTER_CASES)
                  # Duplicate indices with plain scatter: order unspecified.
                  if not (op == "scatter" and c[0] == "dup_rows")]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op,case,smode,dtype", SCATTER_PARAMS,
                         ids=[f"{o}-{c[0]}-{m}-{_name(d)}"
                              for o, c, m, d in SCATTER_PARAMS])
def test_scatter(op, case, dtype, smode, mode):
    name, oshape, idx, ushape, (window, inserted, smap) = case
    operand = make(dtype, oshape, 1)
    updates = make(dtype, ushape, 2)
    xdn = xlax.ScatterDimensionNumbers(window, inserted, smap)
    jdn = jlax.ScatterDimensionNumbers(window, inserted, smap)
    check(lambda o, i, u: getattr(xlax, op)(o, i, u, xdn, mode=smode),
          lambda o, i, u: getattr(jlax, op)(o, i, u, jdn, mode=smode),
          [operand, idx, updates], mode, rtol=1e-5)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("smode", ["clip", "fill"])
@pytest.mark.parametrize("op", ["scatter", "scatter_add"])
def test_scatter_out_of_bounds(op, smode, mode):
    operand = make(F32, (5, 3), 1)
    idx = np.array([[-1], [7], [2]], I32)
    updates = make(F32, (3, 3), 2) + 10
    xdn = xlax.ScatterDimensionNumbers((1,), (0,), (0,))
    jdn = jlax.ScatterDimensionNumbers((1,), (0,), (0,))
    check(lambda o, i, u: getattr(xlax, op)(o, i, u, xdn, mode=smode),
          lambda o, i, u: getattr(jlax, op)(o, i, u, jdn, mode=smode),
          [operand, idx, updates], mode)
    # Windows that run off the end.
    operand = make(F32, (4, 5), 1)
    idx = np.array([[3, 4], [0, 0]], I32)
    updates = make(F32, (2, 2, 2), 2) + 10
    xdn = xlax.ScatterDimensionNumbers((1, 2), (), (0, 1))
    jdn = jlax.ScatterDimensionNumbers((1, 2), (), (0, 1))
    check(lambda o, i, u: getattr(xlax, op)(o, i, u, xdn, mode=smode),
          lambda o, i, u: getattr(jlax, op)(o, i, u, jdn, mode=smode),
          [operand, idx, updates], mode)


# ---------------------------------------------------------------------------
# Functions JAX composes from primitives (inverse trigonometric and
# hyperbolic functions, exp2, reciprocal, square, integer_pow), full, the
# *_in_dim slicers, index_take, batch_matmul, Precision, padtype_to_pads,
# cumlogsumexp/cummin and dtype: values, dtypes, weak types, derivatives
# and error classes
# ---------------------------------------------------------------------------

def run_in(mode, f, *args):
    return f(*args) if mode == "eager" else jxp.jit(f)(*args)


def rand(shape, lo=-2.0, hi=2.0, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(lo, hi, shape).astype(dtype)


# (name, input range) of the unary functions.
UNARY_RANGES = [("asin", -0.95, 0.95), ("acos", -0.95, 0.95), ("atan", -5, 5),
         ("sinh", -5, 5), ("cosh", -5, 5), ("asinh", -50, 50),
         ("acosh", 1.05, 50), ("atanh", -0.95, 0.95), ("exp2", -10, 10),
         ("reciprocal", 0.5, 4), ("square", -3, 3)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name,lo,hi", UNARY_RANGES, ids=[u[0] for u in UNARY_RANGES])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_unary_values(name, lo, hi, dtype, mode):
    x = rand((3, 5), lo, hi, dtype)
    rtol = 2e-6 if dtype == np.float32 else 2e-3
    assert_same(run_in(mode, getattr(xlax, name), x),
                getattr(jlax, name)(x), rtol=rtol, atol=1e-6)


@pytest.mark.parametrize("name,lo,hi", UNARY_RANGES, ids=[u[0] for u in UNARY_RANGES])
def test_unary_weak_scalar(name, lo, hi):
    x = float((lo + hi) / 2 + 0.25)
    assert_same(getattr(xlax, name)(x), getattr(jlax, name)(x), rtol=2e-6)


def test_unary_extremes():
    # Overflowing intermediates: sinh/cosh past exp's range, asinh and acosh
    # past sqrt(max).
    x = np.array([88.0, 89.5, -89.5, 1e20, 3e38], np.float32)
    for name in ("sinh", "cosh", "asinh"):
        assert_same(getattr(xlax, name)(x), getattr(jlax, name)(x),
                    rtol=2e-6)
    assert_same(xlax.acosh(np.abs(x)), jlax.acosh(np.abs(x)), rtol=2e-6)
    edges = np.array([-1.0, 1.0, 0.0, -0.0], np.float32)
    for name in ("asin", "acos", "atanh"):
        assert_same(getattr(xlax, name)(edges), getattr(jlax, name)(edges))


@pytest.mark.parametrize("name,lo,hi",
                         [u for u in UNARY_RANGES], ids=[u[0] for u in UNARY_RANGES])
def test_unary_grad(name, lo, hi):
    x = rand((6,), lo, hi)
    got = jxp.grad(lambda t: getattr(xlax, name)(t).sum())(x)
    want = jax.grad(lambda t: getattr(jlax, name)(t).sum())(x)
    assert_same(got, want, rtol=1e-5, atol=1e-6)


def test_grad_at_domain_ends():
    # JAX's rules: infinite slopes at +-1, not NaN.
    x = np.array([1.0, -1.0], np.float32)
    for name in ("asin", "acos"):
        got = jxp.vmap(jxp.grad(getattr(xlax, name)))(x)
        want = jax.vmap(jax.grad(getattr(jlax, name)))(x)
        assert_same(got, want)


@pytest.mark.parametrize("name", ["acos", "asinh", "exp2", "cosh"])
def test_unary_rejects_integers(name):
    with pytest.raises(TypeError):
        getattr(jlax, name)(np.int32(1))
    with pytest.raises(TypeError, match="does not accept dtype int32"):
        getattr(xlax, name)(np.int32(1))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("y", [0, 1, 2, 3, 5, 8, -1, -3])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_integer_pow(y, dtype, mode):
    if dtype == np.int32 and y < 0:
        return
    x = rand((4, 3), -3, 3, dtype, seed=y + 10) if dtype == np.float32 \
        else np.arange(-6, 6, dtype=dtype).reshape(4, 3)
    assert_same(run_in(mode, lambda t: xlax.integer_pow(t, y), x),
                jlax.integer_pow(x, y), rtol=2e-6)


@pytest.mark.parametrize("y", [0, 1, 2, 3, -2])
def test_integer_pow_grad(y):
    x = np.array([0.5, -1.5, 2.0, 3.0], np.float32)
    got = jxp.grad(lambda t: xlax.integer_pow(t, y).sum())(x)
    want = jax.grad(lambda t: jlax.integer_pow(t, y).sum())(x)
    assert_same(got, want, rtol=1e-6)


def test_integer_pow_weak_and_errors():
    assert_same(xlax.integer_pow(2.0, 3), jlax.integer_pow(2.0, 3))
    assert_same(xlax.square(3), jlax.square(3))
    for args in [(np.int32(2), -1), (True, 2)]:
        with pytest.raises(TypeError):
            jlax.integer_pow(*args)
        with pytest.raises(TypeError):
            xlax.integer_pow(*args)


@pytest.mark.parametrize("mode", MODES)
def test_full_and_full_like(mode):
    x = rand((2, 3))
    cases = [
        (lambda: xlax.full((2, 3), 1.5), lambda: jlax.full((2, 3), 1.5)),
        (lambda: xlax.full((4,), 3, np.float32),
         lambda: jlax.full((4,), 3, np.float32)),
        (lambda: xlax.full(3, 2.7, np.int32), lambda: jlax.full(3, 2.7, np.int32)),
        (lambda: xlax.full((), True), lambda: jlax.full((), True)),
    ]
    for g, w in cases:
        assert_same(run_in(mode, g), w())
    assert_same(run_in(mode, lambda t: xlax.full_like(t, 2), x),
                jlax.full_like(x, 2))
    assert_same(run_in(mode, lambda t: xlax.full_like(t, 2, np.int32, (5,)), x),
                jlax.full_like(x, 2, np.int32, (5,)))
    assert_same(xlax.full_like(1.0, 4), jlax.full_like(1.0, 4))


def test_full_errors():
    for f in (jlax.full, xlax.full):
        with pytest.raises(TypeError):
            f((2,), np.ones(2))


def test_broadcast_shapes_and_rank():
    for shapes in [((2, 1), (3,)), ((1,), (4, 1, 5), ()), ((3,),)]:
        assert xlax.broadcast_shapes(*shapes) == jlax.broadcast_shapes(*shapes)
    for f in (jlax.broadcast_shapes, xlax.broadcast_shapes):
        with pytest.raises(ValueError):
            f((2,), (3,))
    x = rand((3, 4))
    assert_same(xlax.broadcast_to_rank(x, 4), jlax.broadcast_to_rank(x, 4))
    assert_same(xlax.broadcast_to_rank(x, 2), jlax.broadcast_to_rank(x, 2))


@pytest.mark.parametrize("mode", MODES)
def test_in_dim_slicers(mode):
    x = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    i = np.int32(2)
    cases = [
        ("collapse", lambda L, t: L.collapse(t, 1)),
        ("collapse02", lambda L, t: L.collapse(t, 0, 2)),
        ("slice", lambda L, t: L.slice_in_dim(t, 1, None, 2, axis=2)),
        ("slice_neg", lambda L, t: L.slice_in_dim(t, -3, -1, axis=1)),
        ("index", lambda L, t: L.index_in_dim(t, -1, axis=1)),
        ("index_drop", lambda L, t: L.index_in_dim(t, 2, 2, False)),
        ("dyn_slice", lambda L, t: L.dynamic_slice_in_dim(t, i, 2, 1)),
        ("dyn_index", lambda L, t: L.dynamic_index_in_dim(t, i, 2, False)),
        ("dyn_update", lambda L, t: L.dynamic_update_slice_in_dim(
            t, np.ones((3, 2, 5), np.float32), i, 1)),
        ("dyn_update_index", lambda L, t: L.dynamic_update_index_in_dim(
            t, np.ones((3, 5), np.float32), 1, 1)),
    ]
    for name, f in cases:
        assert_same(run_in(mode, lambda t: f(xlax, t), x), f(jlax, x))
    for f in (jlax.index_in_dim, xlax.index_in_dim):
        with pytest.raises(IndexError):
            f(x, 5)


@pytest.mark.parametrize("mode", MODES)
def test_index_take_and_batch_matmul(mode):
    src = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    idxs = (np.array([0, 2, 1], np.int32), np.array([3, 0, 1], np.int32))
    assert_same(run_in(mode, lambda s: xlax.index_take(s, idxs, (1, 2)), src),
                jlax.index_take(src, idxs, (1, 2)))
    a, b = rand((2, 3, 4)), rand((2, 4, 5), seed=1)
    assert_same(run_in(mode, lambda p, q: xlax.batch_matmul(
        p, q, precision=xlax.Precision.HIGHEST), a, b),
        jlax.batch_matmul(a, b, precision=jlax.Precision.HIGHEST), rtol=1e-5)
    for f in (jlax.batch_matmul, xlax.batch_matmul):
        with pytest.raises(ValueError):
            f(np.ones((2, 3)), np.ones((3,)))


def test_precision():
    for name in ("DEFAULT", "HIGH", "HIGHEST"):
        assert getattr(xlax.Precision, name).value == \
            getattr(jlax.Precision, name).value
    for s in ("highest", "float32", "tensorfloat32", "default", "fastest"):
        assert xlax.Precision(s).name == jlax.Precision(s).name
    for P in (jlax.Precision, xlax.Precision):
        with pytest.raises(ValueError):
            P("bogus")
    assert str(xlax.Precision.HIGH) == str(jlax.Precision.HIGH)


def test_padtype_to_pads():
    for args in [((5, 6), (2, 3), (2, 2)), ((7,), (4,), (3,)),
                 ((4, 4), (1, 5), (1, 1))]:
        for pad in ("SAME", "SAME_LOWER", "VALID", "same"):
            assert [tuple(p) for p in xlax.padtype_to_pads(*args, pad)] == \
                [tuple(p) for p in jlax.padtype_to_pads(*args, pad)]
    for f in (jlax.padtype_to_pads, xlax.padtype_to_pads):
        with pytest.raises(RuntimeError):
            f((3,), (2,), (1,), "FOO")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("reverse", [False, True])
def test_cumlogsumexp_and_cummin(reverse, mode):
    x = rand((4, 6), -30, 30)
    x[0, 2] = -np.inf
    x[1, :] = -np.inf
    assert_same(run_in(mode, lambda t: xlax.cumlogsumexp(t, 1, reverse), x),
                jlax.cumlogsumexp(x, 1, reverse), rtol=2e-6)
    assert_same(run_in(mode, lambda t: xlax.cummin(t, 0, reverse), x),
                jlax.cummin(x, 0, reverse))


def test_dtype_and_aliases():
    for v in (1.0, 1, True, np.int8(1), np.ones(2, np.float16), np.float64,
              "int16", np.ones(2), int, float, np.dtype("int64")):
        assert xlax.dtype(v) == jlax.dtype(v), v
    assert xlax.dtype(jxp.numpy.ones(2)) == np.float32
    assert xlax.pbroadcast is xlax.pvary
    for f in (jlax.dtype, xlax.dtype):
        with pytest.raises(ValueError):
            f(None)


# ---------------------------------------------------------------------------
# Functions JAX composes from other lax functions: split, tile, stack,
# unstack, empty, broadcast_like, sort_key_val, reduce with a computation,
# reduce_xor, scatter_sub/scatter_apply, mulhi, the compiler identities
# (optimization_barrier, shape_as_value, platform_dependent, composite,
# stage), convolution patches and locally connected convolutions, ragged_dot,
# approx_max_k/approx_min_k, custom_root and custom_linear_solve: values,
# dtypes, weak types and error classes, eagerly and under jit, and
# derivatives of the differentiable ones
# ---------------------------------------------------------------------------

ERRORS = (TypeError, ValueError, IndexError, NotImplementedError)


R = np.random.default_rng(5)


F2 = R.standard_normal((3, 4)).astype(np.float32)


F3 = R.standard_normal((2, 3, 4)).astype(np.float32)


I2 = R.integers(-50, 50, (3, 4)).astype(np.int32)


U8S = R.integers(0, 256, (3, 5)).astype(np.uint8)


B2 = R.integers(0, 2, (3, 5)).astype(np.bool_)


IMG = R.standard_normal((2, 3, 6, 5)).astype(np.float32)  # NCHW


IMG_NHWC = R.standard_normal((2, 5, 6, 3)).astype(np.float32)


LOCAL_W = R.standard_normal((7, 12, 5, 2)).astype(np.float32)


# NHWC input (2, 5, 6, 3), filter (3, 2) dilated to (3, 3), strides (2, 1),
# padding ((1, 0), (0, 1)): output spatial (H, W) = (2, 5); rhs "HWIO".
LOCAL_W_HWIO = R.standard_normal((2, 5, 18, 4)).astype(np.float32)


RA = R.standard_normal((6, 3)).astype(np.float32)


RB = R.standard_normal((3, 3, 4)).astype(np.float32)


RG_L1 = R.standard_normal((2, 6, 3)).astype(np.float32)


RG_R1 = R.standard_normal((3, 2, 3, 4)).astype(np.float32)


RG_L2 = R.standard_normal((4, 6)).astype(np.float32)


RG_R2 = R.standard_normal((6, 5)).astype(np.float32)


RG_L3 = R.standard_normal((6, 2, 3)).astype(np.float32)


RG_R3 = R.standard_normal((6, 3, 4)).astype(np.float32)


NANS = np.array([[1.0, np.nan, 3.0, -0.0, 0.0, -1.0],
                 [0.0, 2.0, np.nan, np.nan, -0.0, 5.0]], np.float32)


SPD = (lambda a: a @ a.T + 4 * np.eye(3, dtype=np.float32))(
    R.standard_normal((3, 3)).astype(np.float32))


VEC = R.standard_normal(3).astype(np.float32)


def _mulhi_inputs(dt):
    info = np.iinfo(dt)
    edge = np.array([info.min, info.max, 0, 1, -1 if info.min < 0 else 2,
                     info.max // 3], dt)
    rnd = R.integers(info.min, info.max, 10, endpoint=True).astype(dt)
    a = np.concatenate([edge, rnd])
    return a, np.roll(a, 3)


SD = jlax.ScatterDimensionNumbers((), (0,), (0,))


XSD = xlax.ScatterDimensionNumbers((), (0,), (0,))


SD2 = jlax.ScatterDimensionNumbers((1,), (0,), (0,))


XSD2 = xlax.ScatterDimensionNumbers((1,), (0,), (0,))


def _sd(lax, two=False):
    if two:
        return SD2 if lax is jlax else XSD2
    return SD if lax is jlax else XSD


def _dn(lax):
    return (lax.ConvGeneralDilatedDimensionNumbers((0, 3, 1, 2), (3, 2, 0, 1),
                                                   (0, 3, 1, 2)))


# name -> (fn(lax) -> callable on the array args, args, jit)
CASES = {
    "split": (lambda l: lambda x: l.split(x, (1, 0, 3), axis=1), (F2,), True),
    "split_neg_axis": (lambda l: lambda x: l.split(x, [2, 2], -1), (F3,),
                       True),
    "split_bad_sum": (lambda l: lambda x: l.split(x, (1, 1), 0), (F2,), True),
    "tile": (lambda l: lambda x: l.tile(x, (2, 1, 3)), (F3,), True),
    "tile_zero": (lambda l: lambda x: l.tile(x, (0, 2)), (I2,), True),
    "tile_bad_len": (lambda l: lambda x: l.tile(x, (2,)), (F2,), True),
    "stack": (lambda l: lambda x, y: l.stack([x, y, x], axis=1), (F2, F2 * 2),
              True),
    "stack_neg": (lambda l: lambda x: l.stack([x, x], -1), (I2,), True),
    "stack_weak": (lambda l: lambda: l.stack([1.0, 2.0]), (), True),
    "unstack": (lambda l: lambda x: l.unstack(x, axis=2), (F3,), True),
    "unstack_neg": (lambda l: lambda x: l.unstack(x, -2), (I2,), True),
    "empty": (lambda l: lambda: l.empty((2, 3), np.int32), (), True),
    "empty_int_shape": (lambda l: lambda: l.empty(3, np.float32), (), True),
    "broadcast_like": (lambda l: lambda x, y: l.broadcast_like(x, y),
                       (F2[:1], F3), True),
    "broadcast_like_weak": (lambda l: lambda y: l.broadcast_like(2.0, y),
                            (I2,), True),
    "broadcast_like_bad": (lambda l: lambda x, y: l.broadcast_like(x, y),
                           (F3, F2), True),
    "sort_key_val": (lambda l: lambda k, v: l.sort_key_val(k, v),
                     (I2 % 5, F2), True),
    "sort_key_val_dim0": (lambda l: lambda k, v: l.sort_key_val(
        k, v, dimension=0), (F2, I2), True),
    # reductions
    "reduce_add": (lambda l: lambda x: l.reduce(x, np.float32(0), l.add,
                                                (0, 2)), (F3,), True),
    "reduce_add_init": (lambda l: lambda x: l.reduce(x, np.float32(1.5),
                                                     l.add, (1,)), (F2,), True),
    "reduce_max_int": (lambda l: lambda x: l.reduce(
        x, np.int32(np.iinfo(np.int32).min), l.max, (1,)), (I2,), True),
    "reduce_min": (lambda l: lambda x: l.reduce(x, np.float32(np.inf), l.min,
                                                (0,)), (F2,), True),
    "reduce_mul": (lambda l: lambda x: l.reduce(x, np.float32(1), l.mul,
                                                (0,)), (F3,), True),
    "reduce_and": (lambda l: lambda x: l.reduce(x, np.bool_(True),
                                                l.bitwise_and, (1,)),
                   (B2,), True),
    "reduce_or_int": (lambda l: lambda x: l.reduce(x, np.int32(0),
                                                   l.bitwise_or, (0, 1)),
                      (I2,), True),
    "reduce_xor_fn": (lambda l: lambda x: l.reduce(x, np.uint8(0),
                                                   l.bitwise_xor, (1,)),
                      (U8S,), True),
    "reduce_lambda": (lambda l: lambda x: l.reduce(
        x, np.float32(0), lambda a, b: a + b * 1.0, (1,)), (F3,), True),
    "reduce_lambda_max": (lambda l: lambda x: l.reduce(
        x, np.float32(-np.inf), lambda a, b: l.max(a, b), (0, 1)),
        (F3,), True),
    "reduce_variadic_argmax": (lambda l: lambda x, i: l.reduce(
        (x, i), (np.float32(-np.inf), np.int32(0)),
        lambda a, b: (l.max(a[0], b[0]),
                      l.select(a[0] >= b[0], a[1], b[1])), (1,)),
        (F2, np.broadcast_to(np.arange(4, dtype=np.int32), (3, 4))), True),
    "reduce_no_dims": (lambda l: lambda x: l.reduce(x, np.float32(0), l.add,
                                                    ()), (F2,), True),
    "reduce_bad_dtype": (lambda l: lambda x: l.reduce(x, np.int32(0), l.add,
                                                      (0,)), (F2,), True),
    "reduce_xor": (lambda l: lambda x: l.reduce_xor(x, (1,)), (U8S,), True),
    "reduce_xor_i32": (lambda l: lambda x: l.reduce_xor(x, (0, 1)), (I2,),
                       True),
    "reduce_xor_bool": (lambda l: lambda x: l.reduce_xor(x, (0,)), (B2,),
                        True),
    "reduce_xor_float": (lambda l: lambda x: l.reduce_xor(x, (0,)), (F2,),
                         True),
    # scatters
    "scatter_sub": (lambda l: lambda x, u: l.scatter_sub(
        x, np.array([[2], [0], [2]], np.int32), u, _sd(l, True)),
        (F2, F2), True),
    "scatter_sub_int": (lambda l: lambda x: l.scatter_sub(
        x, np.array([[1], [1]], np.int32), np.array([3, 4], np.int32),
        _sd(l)), (I2[0],), True),
    "scatter_apply": (lambda l: lambda x: l.scatter_apply(
        x, np.array([[1], [3], [1]], np.int32), lambda v: v * 2 + 1, _sd(l),
        update_shape=(3,)), (I2[0],), True),
    "scatter_apply_unique": (lambda l: lambda x: l.scatter_apply(
        x, np.array([[0], [2]], np.int32), l.exp, _sd(l), update_shape=(2,),
        unique_indices=True), (F2[0],), True),
    # mulhi
    **{f"mulhi_{dt.__name__}": (lambda l: lambda x, y: l.mulhi(x, y),
                                _mulhi_inputs(dt), True)
       for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32,
                  np.uint32)},
    "mulhi_float": (lambda l: lambda x: l.mulhi(x, x), (F2,), True),
    "mulhi_mixed": (lambda l: lambda x, y: l.mulhi(x, y), (I2, U8S[:, :4]),
                    True),
    # identities
    "optimization_barrier": (lambda l: lambda x: l.optimization_barrier(
        (x, 2.0, [x * 2])), (F2,), True),
    "shape_as_value": (lambda l: lambda: l.shape_as_value((2, 3, 0)), (),
                       False),
    "platform_dependent": (lambda l: lambda x: l.platform_dependent(
        x, cpu=lambda v: v + 1, default=lambda v: v - 1), (F2,), True),
    "platform_dependent_default": (lambda l: lambda x: l.platform_dependent(
        x, tpu=lambda v: v + 1, default=lambda v: v * 3), (F2,), True),
    "composite": (lambda l: lambda x: l.composite(
        lambda v, s: l.tanh(v) * s, "my.tanh")(x, 2.0), (F2,), True),
    # convolution patches
    "patches_default": (lambda l: lambda x: l.conv_general_dilated_patches(
        x, (2, 3), (1, 2), "VALID"), (IMG,), True),
    "patches_same_dilated": (lambda l: lambda x:
                             l.conv_general_dilated_patches(
                                 x, (3, 2), (2, 1), "SAME",
                                 rhs_dilation=(1, 2)), (IMG,), True),
    "patches_nhwc": (lambda l: lambda x: l.conv_general_dilated_patches(
        x, (2, 2), (1, 1), [(1, 0), (0, 1)],
        dimension_numbers=("NHWC", "OIHW", "NHWC")), (IMG_NHWC,), True),
    # locally connected convolution
    "conv_local": (lambda l: lambda x, w: l.conv_general_dilated_local(
        x, w, (1, 2), "VALID", (2, 2)), (IMG, LOCAL_W), True),
    "conv_local_nhwc": (lambda l: lambda x, w: l.conv_general_dilated_local(
        x, w, (2, 1), [(1, 0), (0, 1)], (3, 2), rhs_dilation=(1, 2),
        dimension_numbers=("NHWC", "HWIO", "NWHC")),
        (IMG_NHWC, LOCAL_W_HWIO), True),
    # ragged dot
    "ragged_dot": (lambda l: lambda a, b, g: l.ragged_dot(a, b, g),
                   (RA, RB, np.array([2, 0, 3], np.int32)), True),
    "ragged_dot_short": (lambda l: lambda a, b, g: l.ragged_dot(a, b, g),
                         (RA, RB, np.array([1, 2, 1], np.int32)), True),
    "ragged_dot_int": (lambda l: lambda a, b, g: l.ragged_dot(a, b, g),
                       (I2[:, :3].repeat(2, 0), (RB * 4).astype(np.int32),
                        np.array([3, 3, 0], np.int32)), True),
    "ragged_general_m1": (lambda l: lambda a, b: l.ragged_dot_general(
        a, b, np.array([2, 0, 3], np.int32), l.RaggedDotDimensionNumbers(
            (([2], [2]), ([0], [1])), [1], [0])), (RG_L1, RG_R1), True),
    "ragged_general_m2": (lambda l: lambda a, b: l.ragged_dot_general(
        a, b, np.array([2, 0, 3], np.int32), l.RaggedDotDimensionNumbers(
            (([1], [0]), ([], [])), [1], [])), (RG_L2, RG_R2), True),
    "ragged_general_m3": (lambda l: lambda a, b: l.ragged_dot_general(
        a, b, np.array([1, 2, 1], np.int32), l.RaggedDotDimensionNumbers(
            (([2], [1]), ([0], [0])), [0], [])), (RG_L3, RG_R3), True),
    # top k
    "approx_max_k": (lambda l: lambda x: l.approx_max_k(x, 2), (F2,), True),
    "approx_max_k_dim0": (lambda l: lambda x: l.approx_max_k(
        x, 2, reduction_dimension=0), (F3,), True),
    "approx_min_k": (lambda l: lambda x: l.approx_min_k(x, 3), (F2,), True),
    "approx_min_k_int": (lambda l: lambda x: l.approx_min_k(
        x, 2, reduction_dimension=0), (I2,), True),
    "approx_max_k_nan": (lambda l: lambda x: l.approx_max_k(x, 3),
                         (NANS,), True),
    # (With NaNs JAX's CPU approx_min_k is not exact: no case for them.)
    "approx_min_k_zeros": (lambda l: lambda x: l.approx_min_k(x, 3),
                           (np.array([[0.0, -0.0, 1.0, -0.0, 0.0]],
                                     np.float32),), True),
    "approx_max_k_too_big": (lambda l: lambda x: l.approx_max_k(x, 9),
                             (F2,), True),
    # implicit differentiation (values)
    "custom_root_sqrt": (lambda l: lambda a: l.custom_root(
        lambda x: x * x - a, np.ones_like(F2[0]), _newton(l),
        _diag_solve), (np.abs(F2[0]) + 1,), True),
    "custom_linear_solve": (lambda l: lambda m, b: l.custom_linear_solve(
        lambda x: m @ x, b, _cg_solve, symmetric=True), (SPD, VEC), True),
}


def _newton(lax):
    def solve(f, x0):
        x = x0
        for _ in range(30):
            fx, dfx = (jax if lax is jlax else jxp).jvp(
                f, (x,), (x0 * 0 + 1,))
            x = x - fx / dfx
        return x
    return solve


def _diag_solve(g, y):
    # The tests' root problems are elementwise: a diagonal Jacobian.
    return y / g(np.ones(y.shape, np.float32))


def _cg_solve(matvec, b):
    # The matrix from matvec (images of the identity's columns), then
    # Gaussian elimination written with the arrays' own operators.
    n = b.shape[0]
    cols = [matvec(np.eye(n, dtype=np.float32)[i]) for i in range(n)]
    a = [[cols[j][i] for j in range(n)] for i in range(n)]
    x = [b[i] for i in range(n)]
    for k in range(n):
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            a[i] = [a[i][j] - f * a[k][j] for j in range(n)]
            x[i] = x[i] - f * x[k]
    out = [None] * n
    for i in reversed(range(n)):
        s = x[i]
        for j in range(i + 1, n):
            s = s - a[i][j] * out[j]
        out[i] = s / a[i][i]
    return _stack1(out)


def _stack1(xs):
    lib = jxp.lax if isinstance(xs[0], (jxp.Array, jxp_core.Tracer)) else jax.lax
    return lib.stack(xs)


def _jax_args(args):
    return [jax.numpy.asarray(a) for a in args]


def _xla_args(args):
    return [jxp.numpy.asarray(a) for a in args]


@pytest.mark.parametrize("case", sorted(CASES))
def test_against_jax(case):
    fn, args, jit = CASES[case]
    try:
        want = fn(jlax)(*_jax_args(args))
    except ERRORS as e:
        raises_like(e, lambda: fn(xlax)(*_xla_args(args)))
        if jit:
            raises_like(e, lambda: jxp.jit(fn(xlax))(*args))
        return
    got = fn(xlax)(*_xla_args(args))
    if case == "shape_as_value":
        np.testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype
        return
    assert_same(got, want, rtol=2e-5, atol=2e-6)
    if jit:
        assert_same(jxp.jit(fn(xlax))(*args), jax.jit(fn(jlax))(*args),
                    rtol=2e-5, atol=2e-6)


def test_stage_and_aliases():
    for x in (2.0, np.int32(3), F2):
        assert_same(xlax.stage(x), jlax.stage(x))
        assert_same(jxp.jit(lambda: xlax.stage(x))(),
                    jax.jit(lambda: jlax.stage(x))())
    assert xlax.ConvGeneralDilatedDimensionNumbers is xlax.ConvDimensionNumbers
    assert ([(a.name, int(a)) for a in xlax.RandomAlgorithm]
            == [(a.name, int(a)) for a in jlax.RandomAlgorithm])
    assert str(xlax.RandomAlgorithm.RNG_PHILOX) == str(
        jlax.RandomAlgorithm.RNG_PHILOX)


def test_patches_shape_matches_conv():
    # The patches' feature dimension: channel-major, as JAX's.
    got = xlax.conv_general_dilated_patches(IMG, (2, 2), (1, 1), "VALID")
    assert got.shape == (2, 12, 5, 4)


GRADS = {
    "split": (lambda l: lambda x: (l.split(x, (1, 3), 1)[1] ** 2).sum(),
              (F2,)),
    "tile": (lambda l: lambda x: (l.tile(x, (2, 3)) * F2.repeat(2, 0)
                                  .repeat(3, 1)).sum(), (F2,)),
    "stack_unstack": (lambda l: lambda x, y: (l.stack(l.unstack(x, 1), 0) * y
                                              ).sum(), (F2, F2.T)),
    "broadcast_like": (lambda l: lambda x: (l.broadcast_like(x, F3) * F3
                                            ).sum(), (F2[:1],)),
    "sort_key_val": (lambda l: lambda v: (l.sort_key_val(
        np.asarray(I2 % 7), v)[1] * F2).sum(), (F2,)),
    "reduce_add": (lambda l: lambda x: (l.reduce(x, np.float32(0), l.add,
                                                 (1,)) ** 2).sum(), (F3,)),
    "reduce_lambda": (lambda l: lambda x: (l.reduce(
        x, np.float32(0), lambda a, b: a + b, (0, 2)) ** 2).sum(), (F3,)),
    "reduce_max": (lambda l: lambda x: l.reduce(
        x, np.float32(-np.inf), l.max, (0, 1)), (F2,)),
    "scatter_sub": (lambda l: lambda x, u: (l.scatter_sub(
        x, np.array([[1], [2]], np.int32), u, _sd(l)) ** 2).sum(),
        (F2[0], F2[1, :2])),
    "patches": (lambda l: lambda x: (l.conv_general_dilated_patches(
        x, (2, 3), (1, 2), "SAME") ** 2).sum(), (IMG,)),
    "approx_max_k": (lambda l: lambda x: (l.approx_max_k(x, 2)[0] ** 2).sum(),
                     (F2,)),
    "ragged_dot": (lambda l: lambda a, b: (l.ragged_dot(
        a, b, np.array([2, 1, 2], np.int32)) ** 2).sum(), (RA, RB)),
    # (JAX has no derivative of the ragged-contracting mode.)
    "ragged_general_m1": (lambda l: lambda a, b: (l.ragged_dot_general(
        a, b, np.array([2, 0, 3], np.int32), l.RaggedDotDimensionNumbers(
            (([2], [2]), ([0], [1])), [1], [0])) ** 2).sum(),
        (RG_L1, RG_R1)),
    "conv_local": (lambda l: lambda x, w: (l.conv_general_dilated_local(
        x, w, (1, 2), "VALID", (2, 2)) ** 2).sum(), (IMG, LOCAL_W)),
    "approx_min_k": (lambda l: lambda x: (l.approx_min_k(x, 2, 0)[0]
                                          * F2[:2]).sum(), (F2,)),
    "optimization_barrier": (lambda l: lambda x: l.optimization_barrier(
        l.sin(x)).sum(), (F2,)),
    "custom_root": (lambda l: lambda a: l.custom_root(
        lambda x: x * x * x - a, np.ones_like(VEC), _newton(l),
        _diag_solve).sum(), (np.abs(VEC) + 1,)),
    "custom_root_closure": (lambda l: lambda a, c: l.custom_root(
        lambda x: c * x - l.sin(a * x) - 1.0, np.zeros_like(VEC), _newton(l),
        _diag_solve).sum(), (VEC * 0.2, np.float32(2.0))),
    "custom_linear_solve": (lambda l: lambda m, b: (l.custom_linear_solve(
        lambda x: m @ x, b, _cg_solve, symmetric=True) ** 2).sum(),
        (SPD, VEC)),
    "custom_linear_solve_transpose": (lambda l: lambda m, b: (
        l.custom_linear_solve(lambda x: m @ x, b, _cg_solve,
                              lambda vm, r: _cg_solve(vm, r)) * VEC).sum(),
        (SPD + np.triu(SPD, 1), VEC)),
}


@pytest.mark.parametrize("case", sorted(GRADS))
@pytest.mark.parametrize("jit", [False, True])
def test_grad(case, jit):
    fn, args = GRADS[case]
    argnums = tuple(range(len(args)))

    def build(lib, lax):
        g = lib.grad(fn(lax), argnums=argnums)
        return lib.jit(g) if jit else g

    want = build(jax, jlax)(*args)
    got = build(jxp, xlax)(*args)
    assert_same(got, want, rtol=2e-4, atol=2e-5)


def test_pswapaxes_under_vmap():
    x = R.standard_normal((3, 2, 3)).astype(np.float32)
    assert_same(jxp.vmap(lambda v: xlax.pswapaxes(v, "i", 1),
                         axis_name="i")(x),
                jax.vmap(lambda v: jlax.pswapaxes(v, "i", 1),
                         axis_name="i")(jax.numpy.asarray(x)))


def test_custom_root_forward_mode():
    f = GRADS["custom_root_closure"][0]
    args = GRADS["custom_root_closure"][1]
    tangents = (np.ones_like(VEC), np.float32(0.5))
    want = jax.jvp(f(jlax), args, tangents)
    got = jxp.jvp(f(xlax), args, tangents)
    assert_same(got, want, rtol=2e-4, atol=2e-5)


def _richardson(lax):
    # An iterative solver: differentiable in neither library's reverse mode
    # without transpose_solve.
    def solve(matvec, r):
        return lax.fori_loop(0, 300, lambda i, x: x + 0.1 * (r - matvec(x)),
                             r * 0)
    return solve


NONSYM = SPD + np.triu(SPD, 1) * 0.2


def test_custom_linear_solve_iterative_reverse_mode():
    def f(lib):
        def g(m, b):
            return (lib.lax.custom_linear_solve(
                lambda v: m @ v, b, _richardson(lib.lax),
                _richardson(lib.lax)) * VEC).sum()
        return g
    for wrap in (lambda g: g, jxp.jit):
        assert_same(wrap(jxp.grad(f(jxp), (0, 1)))(NONSYM, VEC),
                    jax.grad(f(jax), (0, 1))(NONSYM, VEC), rtol=2e-4,
                    atol=1e-6)


def test_custom_linear_solve_forward_mode():
    def f(lax):
        return lambda m, b: lax.custom_linear_solve(lambda v: m @ v, b,
                                                    _cg_solve)
    tangents = (np.ones_like(NONSYM), VEC[::-1].copy())
    assert_same(jxp.jvp(f(xlax), (NONSYM, VEC), tangents),
                jax.jvp(f(jlax), (NONSYM, VEC), tangents), rtol=2e-4,
                atol=1e-6)


def test_custom_linear_solve_has_aux():
    def fn(lax, m, b):
        return lax.custom_linear_solve(
            lambda x: m @ x, b, lambda mv, r: (_cg_solve(mv, r), r.sum()),
            has_aux=True)
    assert_same(fn(xlax, jxp.numpy.asarray(SPD), jxp.numpy.asarray(VEC)),
                fn(jlax, jax.numpy.asarray(SPD), jax.numpy.asarray(VEC)),
                rtol=2e-5)


def test_reduce_structure_error():
    want = None
    try:
        jlax.reduce((F2, F2), (np.float32(0),), jlax.add, (0,))
    except Exception as e:  # noqa: BLE001
        want = e
    assert want is not None
    raises_like(want, lambda: xlax.reduce((F2, F2), (np.float32(0),),
                                          xlax.add, (0,)))


def test_top_k_ranks_positive_zero_above_negative_zero():
    """XLA's top_k orders +0.0 above -0.0 (sort takes them as equal); NaN
    ranks highest."""
    x = np.array([0, -0., 1, -0., 0, np.nan, -np.inf], np.float32)
    for k in (3, 5, 7):
        got, want = jxp.lax.top_k(x, k), jax.lax.top_k(x, k)
        np.testing.assert_array_equal(np.asarray(got[1]), np.asarray(want[1]))
        np.testing.assert_array_equal(np.signbit(np.asarray(got[0])),
                                      np.signbit(np.asarray(want[0])))


# ---------------------------------------------------------------------------
# Everything in jxp.lax has a test above.
# ---------------------------------------------------------------------------

TESTED = set(UNARY) | set(BINARY) | set(SCATTER_OPS) | set(REDUCERS) | set(
    CUM_OPS) | {
    "shift_left", "shift_right_logical", "shift_right_arithmetic", "select",
    "clamp", "convert_element_type", "bitcast_convert_type", "iota",
    "broadcasted_iota", "broadcast_in_dim", "broadcast", "reshape",
    "squeeze", "expand_dims", "transpose", "rev", "argmax", "argmin", "dot_general", "dot", "slice",
    "dynamic_slice", "dynamic_update_slice", "concatenate", "pad", "sort",
    "gather", "GatherDimensionNumbers", "ScatterDimensionNumbers",
    "GatherScatterMode", "RoundingMethod", "erf_inv"}
# Tested in their own files: jxp extensions of lax (JAX keeps them
# internal), and the complex parts.
TESTED_ELSEWHERE = {"threefry2x32",  # random/test_threefry.py
                    # numpy/test_complex_parts.py:
                    "real", "imag", "complex", "conj",
                    # above (functions JAX composes from primitives;
                    # associative_scan in lax/test_control_flow.py):
                    "Precision", "acos", "acosh", "asin", "asinh",
                    "associative_scan", "atan", "atanh", "batch_matmul",
                    "broadcast_shapes", "broadcast_to_rank", "collapse",
                    "cosh", "cumlogsumexp", "dtype", "dynamic_index_in_dim",
                    "dynamic_slice_in_dim", "dynamic_update_index_in_dim",
                    "dynamic_update_slice_in_dim", "exp2", "full",
                    "full_like", "index_in_dim", "index_take", "integer_pow",
                    "padtype_to_pads", "reciprocal", "sinh", "slice_in_dim",
                    "square",
                    "top_k",  # numpy/test_sorting.py
                    # lax/test_special.py:
                    "bessel_i0e", "bessel_i1e", "clz", "digamma", "erfc",
                    "lgamma", "nextafter", "polygamma", "population_count",
                    "reduce_precision", "zeta",
                    # lax/test_primitives.py:
                    "DotAlgorithm", "DotAlgorithmPreset",
                    # above (jax.lax's functions that lived in
                    # _src/lax_more.py and now sit in _src/lax/lax.py and
                    # slicing.py, which the check below reads):
                    "RaggedDotDimensionNumbers", "RandomAlgorithm",
                    "broadcast_like", "composite", "empty", "mulhi",
                    "optimization_barrier", "ragged_dot",
                    "ragged_dot_general", "reduce", "reduce_xor",
                    "rng_bit_generator", "rng_uniform", "scatter_apply",
                    "scatter_sub", "shape_as_value", "sort_key_val", "split",
                    "stack", "stage", "tile", "unstack",
                    "select_n"}  # lax/test_control_flow.py


def test_every_lax_function_is_tested():
    public = {n for n, v in vars(xlax).items()
              if not n.startswith("_") and callable(v)
              and getattr(v, "__module__", "") in (
                  "jxp._src.lax.lax", "jxp._src.lax.slicing",
                  "jxp._src.lax.primitives",
                  "jxp._src.lax.control_flow.associative_scan")}
    assert public - TESTED - TESTED_ELSEWHERE == set()


def test_lax_functions_exist_in_jax():
    for n in TESTED:
        assert hasattr(jlax, n), n


def test_no_op_shape_functions_return_arrays():
    """An identity transpose/reshape/rev/broadcast of a Python or NumPy
    scalar is still an Array, with JAX's dtype and weak type (found by the
    random programs: `lax.transpose(True, ()) + False` was a Python int)."""
    for arg in (True, 2.0, 3, np.float32(1.5)):
        for fn in (lambda m, x: m.transpose(x, ()),
                   lambda m, x: m.reshape(x, ()),
                   lambda m, x: m.rev(x, ()),
                   lambda m, x: m.broadcast_in_dim(x, (), ()),
                   lambda m, x: m.broadcast(x, ())):
            want, got = fn(jlax, arg), fn(xlax, arg)
            assert isinstance(got, jxp.Array), (arg, got)
            assert got.dtype == want.dtype, (arg, got.dtype, want.dtype)
            assert got.weak_type == want.aval.weak_type, arg
    got = xlax.concatenate([np.ones(2, np.float32)], 0)
    assert isinstance(got, jxp.Array)
