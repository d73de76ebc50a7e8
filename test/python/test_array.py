"""jxp.Array against jax.Array: attributes, conversions, repr/str,
operators (values, dtypes, weak types), immutability, basic indexing."""

import operator
import pickle

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same, jax_weak_type


def both(make):
    """The same array built by jxp and by JAX: make(numpy_module)."""
    return make(jnp), make(rjnp)


# ---------------------------------------------------------------------------
# Attributes and conversions
# ---------------------------------------------------------------------------

ARRAYS = {
    "f32_2x3": lambda m: m.asarray(np.arange(6, dtype=np.float32).reshape(2, 3)),
    "i32_vec": lambda m: m.asarray(np.array([3, -1, 4], np.int32)),
    "bool_vec": lambda m: m.asarray(np.array([True, False, True])),
    "u8_3d": lambda m: m.asarray(np.arange(24, dtype=np.uint8).reshape(2, 3, 4)),
    "f32_0d": lambda m: m.asarray(np.float32(2.5)),
    "weak_f32": lambda m: m.asarray(2.0) * 3,
    "weak_i32": lambda m: m.asarray(7) * 2,
    "empty_f32": lambda m: m.asarray(np.zeros((0,), np.float32)),
    "empty_2d_i32": lambda m: m.asarray(np.zeros((2, 0), np.int32)),
    "bf16": lambda m: m.asarray(np.array([1.5, -2.0, 3.25], ml_dtypes.bfloat16)),
    "f16": lambda m: m.asarray(np.array([[0.5, 1e-3], [7.0, -0.0]], np.float16)),
    "f32_specials": lambda m: m.asarray(np.array([np.nan, np.inf, -np.inf, -0.0,
                                                  1e-8, 1e8], np.float32)),
    "f32_long": lambda m: m.asarray(np.linspace(-3, 3, 50, dtype=np.float32)),
    "f32_big": lambda m: m.asarray(np.arange(2000, dtype=np.float32)),
    "i32_wide": lambda m: m.asarray(np.arange(30, dtype=np.int32).reshape(3, 10)
                                    * 1000003),
    "bool_0d": lambda m: m.asarray(np.bool_(True)),
    "weak_bool_expr": lambda m: m.asarray(3) > 2,
    "python_list": lambda m: m.asarray([[1.0, 2.0], [3.0, 4.0]]),
    "python_int_list": lambda m: m.asarray([1, 2, 3]),
    "python_float": lambda m: m.asarray(1.5),
    "i8": lambda m: m.asarray(np.array([-128, 0, 127], np.int8)),
    "u32": lambda m: m.asarray(np.array([0, 2**32 - 1], np.uint32)),
}


@pytest.mark.parametrize("name", list(ARRAYS))
def test_attributes(name):
    x, r = both(ARRAYS[name])
    assert isinstance(x, jxp.Array)
    assert x.shape == r.shape
    assert x.dtype == r.dtype
    assert x.ndim == r.ndim
    assert x.size == r.size
    assert x.nbytes == r.nbytes
    assert x.weak_type == jax_weak_type(r)
    assert isinstance(x.shape, tuple) and isinstance(x.size, int)


@pytest.mark.parametrize("name", list(ARRAYS))
def test_repr_and_str_match_jax(name):
    x, r = both(ARRAYS[name])
    assert repr(x) == repr(r)
    assert str(x) == str(r)


def test_repr_respects_numpy_print_options():
    x, r = both(ARRAYS["f32_long"])
    with np.printoptions(precision=3, linewidth=60):
        assert repr(x) == repr(r)
        assert str(x) == str(r)


@pytest.mark.parametrize("name", list(ARRAYS))
def test_np_asarray(name):
    x, r = both(ARRAYS[name])
    a = np.asarray(x)
    assert isinstance(a, np.ndarray)
    assert a.dtype == np.asarray(r).dtype
    np.testing.assert_array_equal(a, np.asarray(r))
    np.testing.assert_array_equal(np.array(x), np.asarray(r))
    if x.dtype != np.bool_:
        f = np.asarray(x, dtype=np.float64)
        assert f.dtype == np.float64
        np.testing.assert_array_equal(f, np.asarray(r, dtype=np.float64))


def test_np_asarray_is_a_copy_safe_view():
    x = jnp.arange(4.0)
    a = np.array(x)  # copy=True: writable, independent
    a[0] = 100
    np.testing.assert_array_equal(np.asarray(x), [0, 1, 2, 3])


def test_block_until_ready():
    x = jnp.arange(3.0) * 2
    assert x.block_until_ready() is x
    tree = {"a": x, "b": [x + 1, None], "c": 3}
    assert jxp.block_until_ready(tree) is tree
    assert jxp.block_until_ready(x) is x


def test_device_put_and_devices():
    x = jxp.device_put(np.arange(3, dtype=np.int64))
    r = jax.device_put(np.arange(3, dtype=np.int64))
    assert_same(x, r)
    assert jxp.device_put(x) is x
    assert_same(jxp.device_put(2.0), jax.device_put(2.0))
    assert len(jxp.devices()) >= 1


@pytest.mark.parametrize("value", [3.5, -2, True, 0, np.float32(1.25)])
def test_scalar_conversions(value):
    x, r = jnp.asarray(value), rjnp.asarray(value)
    assert x.item() == r.item() and type(x.item()) is type(r.item())
    assert x.tolist() == r.tolist() and type(x.tolist()) is type(r.tolist())
    assert float(x) == float(r)
    assert int(x) == int(r)
    assert bool(x) == bool(r)
    assert complex(x) == complex(r)
    assert f"{x:.3f}" == f"{r:.3f}"


def test_item_tolist_and_index():
    x, r = both(ARRAYS["i32_wide"])
    assert x.tolist() == r.tolist()
    assert x.item(4) == r.item(4)
    i = jnp.asarray(2)
    assert [10, 20, 30, 40][i] == 30
    assert operator.index(jnp.asarray(np.uint8(3))) == 3
    with pytest.raises(TypeError):
        operator.index(jnp.asarray(2.0))
    with pytest.raises(TypeError):
        operator.index(rjnp.asarray(2.0))


def test_conversions_of_sized_arrays():
    x, r = jnp.arange(3.0), rjnp.arange(3.0)
    for conv in (float, int, bool):
        with pytest.raises((TypeError, ValueError)) as want:
            conv(r)
        with pytest.raises(want.type):
            conv(x)
    # Only 0-d arrays convert (NumPy 2 and JAX agree).
    with pytest.raises(TypeError):
        float(rjnp.ones((1, 1)))
    with pytest.raises(TypeError):
        float(jnp.ones((1, 1)))


def test_len_and_iter():
    x, r = both(ARRAYS["f32_2x3"])
    assert len(x) == len(r) == 2
    rows = list(x)
    assert len(rows) == 2
    for got, want in zip(rows, r):
        assert_same(got, want)
    with pytest.raises(TypeError):
        len(jnp.asarray(1.0))
    with pytest.raises(TypeError):
        len(rjnp.asarray(1.0))
    with pytest.raises(TypeError):
        iter(jnp.asarray(1.0))
    with pytest.raises(TypeError):
        iter(rjnp.asarray(1.0))
    assert list(jnp.zeros((0, 3))) == list(rjnp.zeros((0, 3))) == []


def test_unhashable():
    with pytest.raises(TypeError):
        hash(jnp.ones(2))
    with pytest.raises(TypeError):
        hash(rjnp.ones(2))


def test_pickle_round_trip():
    x = jnp.arange(6).reshape(2, 3)
    y = pickle.loads(pickle.dumps(x))
    assert isinstance(y, jxp.Array)
    assert_same(y, rjnp.arange(6).reshape(2, 3))


def test_array_in_numpy_ufunc():
    x, r = both(ARRAYS["f32_2x3"])
    np.testing.assert_array_equal(np.sin(np.asarray(x)), np.sin(np.asarray(r)))


# ---------------------------------------------------------------------------
# Immutability
# ---------------------------------------------------------------------------


def test_setitem_raises_type_error_mentioning_at():
    x = jnp.zeros(3)
    with pytest.raises(TypeError) as err:
        x[0] = 1.0
    assert ".at" in str(err.value)
    with pytest.raises(TypeError):
        rjnp.zeros(3)[0] = 1.0
    np.testing.assert_array_equal(np.asarray(x), [0, 0, 0])


def test_setitem_in_jit_raises():
    @jxp.jit
    def f(x):
        x[0] = 1.0
        return x

    with pytest.raises(TypeError) as err:
        f(jnp.zeros(3))
    assert ".at" in str(err.value)


def test_no_in_place_operators_mutate():
    x = jnp.ones(2)
    y = x
    y += 1
    np.testing.assert_array_equal(np.asarray(x), [1, 1])
    np.testing.assert_array_equal(np.asarray(y), [2, 2])


# ---------------------------------------------------------------------------
# Operators
# ---------------------------------------------------------------------------

OPERANDS = {
    "f32": lambda m: m.asarray(np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]],
                                        np.float32)),
    "i32": lambda m: m.asarray(np.array([[3, -7, 2], [5, 1, -4]], np.int32)),
    # Integer ** negative integer is implementation-defined: exponents >= 0.
    "i32_pos": lambda m: m.asarray(np.array([[3, 7, 2], [5, 1, 0]], np.int32)),
    # Integer exponents >= 64 overflow anyway; JAX and XLA differ there.
    "u8_small": lambda m: m.asarray(np.array([1, 20, 7], np.uint8)),
    "u8": lambda m: m.asarray(np.array([1, 200, 7], np.uint8)),
    "bool": lambda m: m.asarray(np.array([True, False, True])),
    "bf16": lambda m: m.asarray(np.array([1.5, -2.0, 3.0], ml_dtypes.bfloat16)),
    "f16": lambda m: m.asarray(np.array([1.5, -2.0, 3.0], np.float16)),
    "i8": lambda m: m.asarray(np.array([3, -7, 2], np.int8)),
    "weak_f32": lambda m: m.asarray(2.0) * 1,
    "weak_i32": lambda m: m.asarray(3) * 1,
}
SCALARS = {"int": 2, "float": 0.5, "bool": True, "np_f32": np.float32(1.5),
           "np_i32": np.int32(3), "np_f64": np.float64(0.25),
           "np_arr_i16": np.array([1, 2, 3], np.int16)}

ARITH = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
         "truediv": operator.truediv, "floordiv": operator.floordiv,
         "mod": operator.mod, "pow": operator.pow}
BITWISE = {"and": operator.and_, "or": operator.or_, "xor": operator.xor,
           "lshift": operator.lshift, "rshift": operator.rshift}
COMPARE = {"eq": operator.eq, "ne": operator.ne, "lt": operator.lt,
           "le": operator.le, "gt": operator.gt, "ge": operator.ge}
ALL_OPS = {**ARITH, **BITWISE, **COMPARE}

_INT_KINDS = ("i32", "u8", "bool", "i8", "weak_i32")


def _compatible(op, a, b):
    if op in BITWISE:
        ints = [k for k in (a, b) if k in _INT_KINDS or k in (
            "int", "bool", "np_i32", "np_arr_i16")]
        if len(ints) != 2:
            return False
        if op in ("lshift", "rshift") and "bool" in (a, b):
            return False
    if op == "pow" and "bool" in (a, b):
        return False  # JAX: bool ** bool is int32; jxp raises (not fixed)
    return True


def _apply(op, x, y):
    with np.errstate(all="ignore"):
        return ALL_OPS[op](x, y)


def _check_op(op, xa, xb, ra, rb, kinds):
    if op == "pow":
        # Integer ** negative integer is implementation-defined.
        kinds = [{"i32": "i32_pos", "u8": "u8_small"}.get(k, k) for k in kinds]
        xa, xb = [OPERANDS[k](jnp) if k in OPERANDS else x
                  for k, x in zip(kinds, (xa, xb))]
        ra, rb = [OPERANDS[k](rjnp) if k in OPERANDS else x
                  for k, x in zip(kinds, (ra, rb))]
        if any(np.issubdtype(np.asarray(v).dtype, np.integer)
               and np.asarray(v).min() < 0 for v in (ra, rb)
               if not isinstance(v, float)):
            return
    try:
        want = _apply(op, ra, rb)
    except TypeError:
        with pytest.raises(TypeError):
            _apply(op, xa, xb)
        return
    got = _apply(op, xa, xb)
    rtol = (1e-2 if want.dtype in (rjnp.bfloat16, rjnp.float16)
            else 1e-5 if op == "pow" else 1e-6)
    assert_same(got, want, rtol=rtol, atol=1e-6)


def _pairs(op, kinds_a, kinds_b):
    return [(op, a, b) for a in kinds_a for b in kinds_b
            if _compatible(op, a, b)]


# Promotion: every pair of array kinds under one arithmetic op and one
# comparison; other ops on a smaller set.
# (The full promotion matrix is in numpy/test_lax_numpy.py.)
PROMOTION_CASES = _pairs("add", ["f32", "i32", "bool", "weak_f32", "bf16"],
                         ["u8", "i8", "weak_i32", "f16", "f32"])
_OP_PAIRS = [("f32", "f32"), ("i32", "i32"), ("i32", "f32"), ("u8", "i8"),
             ("bool", "bool"), ("weak_f32", "i32"), ("bf16", "f16"),
             ("weak_i32", "u8")]
# Each op on half of the pairs, in turn (bitwise ops on every int pair).
OP_CASES = [(op, a, b) for i, op in enumerate(ALL_OPS)
            for j, (a, b) in enumerate(_OP_PAIRS)
            if _compatible(op, a, b) and op != "add"
            and (op in BITWISE or (i + j) % 2 == 0)]


@pytest.mark.parametrize("op,a,b", PROMOTION_CASES + OP_CASES,
                         ids=[f"{o}-{a}-{b}" for o, a, b in
                              PROMOTION_CASES + OP_CASES])
def test_array_array_operators(op, a, b):
    xa, ra = both(OPERANDS[a])
    xb, rb = both(OPERANDS[b])
    _check_op(op, xa, xb, ra, rb, [a, b])


SCALAR_CASES = [(op, a, s) for op in ALL_OPS
                for a in ("f32", "i32", "u8", "bool", "bf16", "weak_f32")
                for s in SCALARS if _compatible(op, a, s)
                and ((op in ("add", "lt") and a in ("f32", "i32"))
                     or (op in ("add", "lt") and s in ("int", "float"))
                     or (s == "int" and a in ("f32", "i32", "u8"))
                     or (s == "float" and a == "i32")
                    or (s, op) in (("bool", "and"), ("np_i32", "pow"),
                                   ("np_f32", "mul"), ("np_f64", "truediv")))]


@pytest.mark.parametrize("op,a,s", SCALAR_CASES,
                         ids=[f"{o}-{a}-{s}" for o, a, s in SCALAR_CASES])
def test_array_scalar_operators(op, a, s):
    xa, ra = both(OPERANDS[a])
    scalar = SCALARS[s]
    _check_op(op, xa, scalar, ra, scalar, [a, s])   # array op scalar
    _check_op(op, scalar, xa, scalar, ra, [s, a])   # scalar op array


@pytest.mark.parametrize("a", ["f32", "i32", "u8", "bool", "bf16", "weak_f32",
                               "weak_i32", "i8"])
@pytest.mark.parametrize("op", ["neg", "pos", "abs", "invert"])
def test_unary_operators(op, a):
    fn = {"neg": operator.neg, "pos": operator.pos, "abs": abs,
          "invert": operator.invert}[op]
    xa, ra = both(OPERANDS[a])
    try:
        want = fn(ra)
    except TypeError:
        with pytest.raises(TypeError):
            fn(xa)
        return
    assert_same(fn(xa), want, rtol=1e-2)


def test_matmul_operator():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(12, dtype=np.float32).reshape(3, 4) - 5
    x, r = jnp.asarray(a), rjnp.asarray(a)
    assert_same(x @ jnp.asarray(b), r @ rjnp.asarray(b))
    assert_same(x @ b, r @ b)          # ndarray on the right
    assert_same(a @ jnp.asarray(b), a @ rjnp.asarray(b))  # __rmatmul__
    v = np.array([1.0, 2.0, 3.0], np.float32)
    assert_same(x @ v, r @ v)
    assert_same(jnp.asarray(v) @ jnp.asarray(v), rjnp.asarray(v) @ rjnp.asarray(v))
    ai = np.arange(6, dtype=np.int32).reshape(3, 2)
    assert_same(x @ ai, r @ ai)


def test_broadcasting_operators_and_errors():
    x, r = jnp.ones((2, 1, 3)), rjnp.ones((2, 1, 3))
    y, q = jnp.arange(4.0).reshape(4, 1), rjnp.arange(4.0).reshape(4, 1)
    assert_same(x + y, r + q)
    assert_same(x * np.ones(3, np.float32), r * np.ones(3, np.float32))
    with pytest.raises(ValueError):
        r + rjnp.ones(4)
    with pytest.raises(ValueError):
        x + jnp.ones(4)
    with pytest.raises(ValueError):
        x < jnp.ones((5, 1, 1, 2))


def test_operators_with_lists_raise_type_error():
    x = jnp.ones(2)
    for op in (operator.add, operator.mul, operator.lt):
        with pytest.raises(TypeError):
            op(rjnp.ones(2), [1.0, 2.0])
        with pytest.raises(TypeError):
            op(x, [1.0, 2.0])
        with pytest.raises(TypeError):
            op([1.0, 2.0], x)


def test_integer_division_and_modulo_signs():
    a = np.array([7, -7, 7, -7, 0, 5], np.int32)
    b = np.array([2, 2, -2, -2, 3, 5], np.int32)
    for op in (operator.floordiv, operator.mod, operator.truediv):
        assert_same(op(jnp.asarray(a), jnp.asarray(b)),
                    op(rjnp.asarray(a), rjnp.asarray(b)))
    af = a.astype(np.float32) + 0.5
    for op in (operator.floordiv, operator.mod):
        assert_same(op(jnp.asarray(af), jnp.asarray(b)),
                    op(rjnp.asarray(af), rjnp.asarray(b)))


def test_operators_under_jit():
    def f(x, y):
        return ((x + y) * 2 - y / 4) ** 2 // 3 % 5, x < y, -x, abs(y)

    a = np.array([1.5, -2.0, 3.0], np.float32)
    b = np.array([0.5, 4.0, -1.0], np.float32)
    assert_same(jxp.jit(f)(a, b), jax.jit(f)(a, b))
    assert_same(jxp.jit(f)(a, 2.0), jax.jit(f)(a, 2.0))
    assert_same(jxp.jit(f)(3, b), jax.jit(f)(3, b))


# ---------------------------------------------------------------------------
# Methods
# ---------------------------------------------------------------------------

METHODS = {
    "reshape": lambda x: x.reshape(3, 2),
    "reshape_tuple": lambda x: x.reshape((-1,)),
    "astype": lambda x: x.astype(np.int32),
    "sum": lambda x: x.sum(),
    "sum_axis": lambda x: x.sum(axis=0),
    "prod": lambda x: x.prod(axis=1),
    "max": lambda x: x.max(),
    "min": lambda x: x.min(axis=1),
    "mean": lambda x: x.mean(),
    "all": lambda x: x.all(),
    "any": lambda x: x.any(axis=0),
    "argmax": lambda x: x.argmax(),
    "argmin": lambda x: x.argmin(axis=1),
    "cumsum": lambda x: x.cumsum(axis=1),
    "flatten": lambda x: x.flatten(),
    "ravel": lambda x: x.ravel(),
    "T": lambda x: x.T,
    "transpose": lambda x: x.transpose(),
    "transpose_axes": lambda x: x.transpose(1, 0),
    "squeeze": lambda x: x[None].squeeze(),
    "copy": lambda x: x.copy(),
    "sort": lambda x: x.sort(),
    "clip": lambda x: x.clip(0, 3),
    "dot": lambda x: x.dot(x.T),
}


@pytest.mark.parametrize("name", list(METHODS))
def test_methods(name):
    a = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
    got = METHODS[name](jnp.asarray(a))
    want = METHODS[name](rjnp.asarray(a))
    assert_same(got, want, rtol=1e-6)


# ---------------------------------------------------------------------------
# Basic indexing
# ---------------------------------------------------------------------------

X = np.arange(60, dtype=np.float32).reshape(3, 4, 5)

INDICES = {
    "int": 1, "neg_int": -1, "np_int": np.int32(2), "tuple_ints": (1, 2),
    "all_ints": (2, 3, 4), "neg_all": (-3, -4, -5), "slice": slice(1, 3),
    "slice_step": slice(None, None, 2), "slice_open": slice(1, None),
    "slice_empty": slice(2, 1), "slice_clamped": slice(-10, 10),
    "two_slices": (slice(0, 2), slice(1, 4, 2)),
    "mixed": (1, slice(None), 3), "ellipsis": Ellipsis,
    "ellipsis_int": (Ellipsis, 2), "int_ellipsis": (0, Ellipsis),
    "ellipsis_mid": (1, Ellipsis, slice(1, 3)),
    "none": None, "none_mid": (slice(None), None, 1),
    "none_end": (Ellipsis, None), "nones": (None, 0, None, slice(1, 2), None),
    "empty_tuple": (), "full": slice(None), "step3": (slice(None), slice(None), slice(0, 5, 3)),
    "jxp_scalar_index": "jxp_scalar",
}


@pytest.mark.parametrize("name", list(INDICES))
def test_basic_indexing(name):
    idx = INDICES[name]
    if idx == "jxp_scalar":
        got = jnp.asarray(X)[jnp.asarray(2)]
        want = rjnp.asarray(X)[rjnp.asarray(2)]
    else:
        got = jnp.asarray(X)[idx]
        want = rjnp.asarray(X)[idx]
    assert_same(got, want)


@pytest.mark.parametrize("name", ["int", "tuple_ints", "slice_step", "mixed",
                                  "ellipsis_int", "none_mid", "nones",
                                  "empty_tuple"])
def test_basic_indexing_under_jit(name):
    idx = INDICES[name]
    assert_same(jxp.jit(lambda v: v[idx])(X), jax.jit(lambda v: v[idx])(X))


def test_traced_integer_index():
    def f(x, i):
        return x[i], x[1, i], x[..., i]

    for i in (0, 2, -1, np.int32(-3)):
        assert_same(jxp.jit(f)(X, i), jax.jit(f)(X, i))


def test_indexing_0d_and_bool_arrays():
    x, r = jnp.asarray(3.0), rjnp.asarray(3.0)
    assert_same(x[()], r[()])
    assert_same(x[None], r[None])
    assert_same(x[...], r[...])
    b = np.array([True, False, True])
    assert_same(jnp.asarray(b)[1:], rjnp.asarray(b)[1:])


@pytest.mark.parametrize("idx", [3, -4, (0, 4), (0, 0, 5), (-100, 1, -9),
                                 (slice(None), 10)], ids=str)
def test_out_of_bounds_integers_are_clamped(idx):
    """JAX clamps out-of-bounds indices in retrieval."""
    assert_same(jnp.asarray(X)[idx], rjnp.asarray(X)[idx])


@pytest.mark.parametrize("idx", [(0, 0, 0, 0), (Ellipsis, 0, Ellipsis)],
                         ids=str)
def test_indexing_errors(idx):
    with pytest.raises(IndexError):
        rjnp.asarray(X)[idx]
    with pytest.raises(IndexError):
        jnp.asarray(X)[idx]
    with pytest.raises(IndexError):
        rjnp.zeros((0, 3))[0]
    with pytest.raises(IndexError):
        jnp.zeros((0, 3))[0]
