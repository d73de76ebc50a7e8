"""jxp.numpy's sorting, searching, selection, set operations and closeness
tests against jax.numpy: values, dtypes, weak types and error classes,
eagerly and under jit."""

import functools
import zlib

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp

from jxp_test_util import assert_same, check_numpy, raises_like

pytestmark = pytest.mark.filterwarnings(
    "ignore:Explicitly requested dtype:UserWarning")

check = functools.partial(check_numpy, rtol=1e-06, atol=1e-06)
_raises_like = raises_like


def same(fn, rtol=1e-6, atol=1e-6):
    check(lambda m: (lambda: fn(m)), rtol=rtol, atol=atol)


R = np.random.default_rng(3)
DATA = {
    "f0": np.float32(1.5),
    "f1": np.array([3.0, -1.0, 2.0, -1.0, 0.0, 7.5, 2.0], np.float32),
    "f2": R.standard_normal((3, 4)).astype(np.float32),
    "f3": R.integers(-3, 3, (2, 3, 4)).astype(np.float32),
    "i1": np.array([5, 3, 5, -2, 0, 3, 3], np.int32),
    "i2": R.integers(-4, 4, (3, 4)).astype(np.int32),
    "u2": R.integers(0, 4, (3, 4)).astype(np.uint8),
    "b2": R.integers(0, 2, (3, 4)).astype(bool),
    "h1": np.array([1.5, -2.0, 0.25, 1.5], np.float16),
    "bf": np.array([1.5, -2.0, 0.25, 1.5], ml_dtypes.bfloat16),
    "n1": np.array([1.0, np.nan, -np.inf, 0.0, -0.0, np.inf, np.nan, -1.0],
                   np.float32),
    "e1": np.zeros((0,), np.float32),
    "e2": np.zeros((2, 0), np.int32),
}

# name -> (builder(m) -> function of one array, inputs)
FNS = {
    "sort": (lambda m: m.sort, "f0 f1 f2 f3 i2 u2 b2 h1 bf n1 e1 e2"),
    "sort_axis0": (lambda m: lambda x: m.sort(x, axis=0), "f2 i2 b2 e2"),
    "sort_axis_none": (lambda m: lambda x: m.sort(x, axis=None), "f0 f3 u2"),
    "sort_descending": (lambda m: lambda x: m.sort(x, descending=True),
                        "f1 i2 n1 b2"),
    "sort_unstable": (lambda m: lambda x: m.sort(x, stable=False), "f1 i1"),
    "sort_axis_oob": (lambda m: lambda x: m.sort(x, axis=2), "f2"),
    "sort_kind": (lambda m: lambda x: m.sort(x, kind="stable"), "f1"),
    "sort_method": (lambda m: lambda x: x.sort(axis=0), "f3"),
    "argsort": (lambda m: m.argsort, "f1 f2 f3 i1 i2 u2 b2 h1 n1 e1 e2"),
    "argsort_axis0": (lambda m: lambda x: m.argsort(x, axis=0), "f2 i2 f3"),
    "argsort_axis_none": (lambda m: lambda x: m.argsort(x, axis=None),
                          "f2 f0"),
    "argsort_descending": (lambda m: lambda x: m.argsort(x, descending=True),
                           "f1 i1 i2 n1 b2"),
    "argsort_descending_unstable": (
        lambda m: lambda x: m.argsort(x, descending=True, stable=False), "f2"),
    "argsort_dtype": (lambda m: lambda x: m.argsort(x, dtype=m.int8), "i1"),
    "argsort_scalar": (lambda m: m.argsort, "f0"),
    "argsort_method": (lambda m: lambda x: x.argsort(axis=1), "i2"),
    "lexsort_rows": (lambda m: m.lexsort, "f2 i2 b2"),
    "lexsort_axis0": (lambda m: lambda x: m.lexsort(x, axis=0), "f3"),
    "lexsort_tuple": (lambda m: lambda x: m.lexsort((x[0], x[1], x[2])),
                      "i2"),
    "nonzero_size": (lambda m: lambda x: m.nonzero(x, size=5),
                     "f1 f2 i2 u2 b2 n1 e1 e2"),
    "nonzero_size_large": (lambda m: lambda x: m.nonzero(x, size=20), "i1 f3"),
    "nonzero_size_zero": (lambda m: lambda x: m.nonzero(x, size=0), "i2"),
    "nonzero_fill": (lambda m: lambda x: m.nonzero(x, size=9, fill_value=-1),
                     "i1 b2"),
    "nonzero_fill_tuple": (lambda m: lambda x: m.nonzero(
        x, size=12, fill_value=(-1, 7)), "i2"),
    "nonzero_fill_float": (lambda m: lambda x: m.nonzero(
        x, size=9, fill_value=-1.5), "i1"),
    "nonzero_fill_bad": (lambda m: lambda x: m.nonzero(
        x, size=9, fill_value=(m.ones(2), 1)), "i2"),
    "nonzero_scalar": (lambda m: lambda x: m.nonzero(x, size=1), "f0"),
    "nonzero_method": (lambda m: lambda x: x.nonzero(size=4), "i2"),
    "flatnonzero": (lambda m: lambda x: m.flatnonzero(x, size=6), "f2 b2 i1"),
    "argwhere": (lambda m: lambda x: m.argwhere(x, size=6), "f1 i2 f3 e2 f0"),
    "argwhere_fill": (lambda m: lambda x: m.argwhere(x, size=13,
                                                      fill_value=-1), "i2"),
    "where_one_arg": (lambda m: lambda x: m.where(x, size=5), "i1 b2"),
    "where_one_arg_fill": (lambda m: lambda x: m.where(
        x, size=10, fill_value=0), "u2"),
    "where_bad_size_three_arg": (lambda m: lambda x: m.where(
        x > 0, x, 0, size=3), "f1"),
    "where_only_x": (lambda m: lambda x: m.where(x > 0, x), "f1"),
    "where_three": (lambda m: lambda x: m.where(x > 0, x, -x), "f2 i2"),
    "take": (lambda m: lambda x: m.take(x, np.array([0, 2, -1])),
             "f1 f2 i2 b2 h1"),
    "take_axis": (lambda m: lambda x: m.take(x, np.array([[1, 0], [2, 2]]),
                                             axis=1), "f2 i2 f3"),
    "take_axis_neg": (lambda m: lambda x: m.take(x, np.array([3, -4]),
                                                 axis=-1), "f3"),
    "take_oob_fill": (lambda m: lambda x: m.take(x, np.array([0, 9, -9])),
                      "f1 i1 u2 b2"),
    "take_oob_fill_value": (lambda m: lambda x: m.take(
        x, np.array([0, 9]), fill_value=5), "f1 i1"),
    "take_clip": (lambda m: lambda x: m.take(x, np.array([0, 9, -9]),
                                             mode="clip"), "f1 i2"),
    "take_wrap": (lambda m: lambda x: m.take(x, np.array([0, 9, -9]),
                                             mode="wrap", axis=0), "f1 i2"),
    "take_raise": (lambda m: lambda x: m.take(x, np.array([0]), mode="raise"),
                   "f1"),
    "take_bad_mode": (lambda m: lambda x: m.take(x, np.array([0]),
                                                 mode="bogus"), "f1"),
    "take_scalar_index": (lambda m: lambda x: m.take(x, 2, axis=1), "f2"),
    "take_empty_indices": (lambda m: lambda x: m.take(
        x, np.zeros((0,), np.int32), axis=0), "f2 i1"),
    "take_from_empty": (lambda m: lambda x: m.take(x, np.array([0])), "e1"),
    "take_from_empty_ok": (lambda m: lambda x: m.take(
        x, np.zeros(0, np.int32), axis=1), "e2"),
    "take_uint8_indices": (lambda m: lambda x: m.take(
        x, np.array([1, 200], np.uint8)), "f1"),
    "take_float_indices": (lambda m: lambda x: m.take(x, np.array([1.0])),
                           "f1"),
    "take_axis_oob": (lambda m: lambda x: m.take(x, np.array([0]), axis=2),
                      "f2"),
    "take_method": (lambda m: lambda x: x.take(np.array([1, 0]), axis=0),
                    "i2"),
    "take_along_axis": (lambda m: lambda x: m.take_along_axis(
        x, m.argsort(x, axis=-1), axis=-1), "f2 i2 f3 b2"),
    "take_along_axis0": (lambda m: lambda x: m.take_along_axis(
        x, m.argsort(x, axis=0), axis=0), "f2 f3"),
    "take_along_axis_bcast": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[0], [2], [-1]]), axis=1), "f2 u2"),
    "take_along_axis_bcast_other": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[0, 1, 1, 3]]), axis=0), "f2"),
    "take_along_axis_none": (lambda m: lambda x: m.take_along_axis(
        x, np.array([0, 5, -1]), axis=None), "f2 i2"),
    "take_along_axis_none_2d": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[0]]), axis=None), "f2"),
    "take_along_axis_oob": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[9], [-9], [1]]), axis=1), "f2 i2"),
    "take_along_axis_clip": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[9], [-9], [1]]), axis=1, mode="clip"), "f2"),
    "take_along_axis_fill_value": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[9], [-9], [1]]), axis=1, fill_value=-5), "f2"),
    "take_along_axis_rank": (lambda m: lambda x: m.take_along_axis(
        x, np.array([0]), axis=0), "f2"),
    "take_along_axis_float": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[0.0]]), axis=0), "f2"),
    "take_along_axis_int8": (lambda m: lambda x: m.take_along_axis(
        x, np.array([[-1, 0, 1, 2]], np.int8), axis=0), "f2"),
    "take_along_axis_empty": (lambda m: lambda x: m.take_along_axis(
        x, np.zeros((2, 3), np.int32), axis=1), "e2"),
    "searchsorted": (lambda m: lambda x: m.searchsorted(
        m.sort(m.ravel(x)), x), "f1 f2 i2 u2 b2 h1 n1"),
    "searchsorted_right": (lambda m: lambda x: m.searchsorted(
        m.sort(m.ravel(x)), x, side="right"), "f1 i1 n1 bf"),
    "searchsorted_scalar": (lambda m: lambda x: m.searchsorted(
        m.sort(x), 2.0), "f1 i1"),
    "searchsorted_sorter": (lambda m: lambda x: m.searchsorted(
        x, m.asarray([0, 3]), sorter=m.argsort(x)), "f1 i1"),
    "searchsorted_methods": (lambda m: lambda x: [
        m.searchsorted(m.sort(x), x, method=k)
        for k in ("scan", "scan_unrolled", "compare_all", "sort")], "f1"),
    "searchsorted_bad_method": (lambda m: lambda x: m.searchsorted(
        x, x, method="bogus"), "f1"),
    "searchsorted_bad_side": (lambda m: lambda x: m.searchsorted(
        x, x, side="middle"), "f1"),
    "searchsorted_2d": (lambda m: lambda x: m.searchsorted(x, 1.0), "f2"),
    "searchsorted_empty": (lambda m: lambda x: m.searchsorted(x, 1.0), "e1"),
    "searchsorted_promote": (lambda m: lambda x: m.searchsorted(
        m.sort(x), m.asarray([0.5, 2.5])), "i1"),
    "searchsorted_method": (lambda m: lambda x: m.sort(x).searchsorted(
        x, side="right"), "f1"),
    "unique": (lambda m: m.unique, "f0 f1 f2 i1 i2 u2 b2 n1 h1"),
    "unique_size": (lambda m: lambda x: m.unique(x, size=6),
                    "f1 i2 b2 n1 e1"),
    "unique_size_small": (lambda m: lambda x: m.unique(x, size=2), "i1"),
    "unique_size_fill": (lambda m: lambda x: m.unique(x, size=8,
                                                      fill_value=-9), "f1 u2"),
    "unique_size_fill_empty": (lambda m: lambda x: m.unique(
        x, size=3, fill_value=0), "e1"),
    "unique_all": (lambda m: lambda x: m.unique(
        x, return_index=True, return_inverse=True, return_counts=True),
                   "f1 i2 n1"),
    "unique_all_size": (lambda m: lambda x: m.unique(
        x, return_index=True, return_inverse=True, return_counts=True,
        size=5), "i1 f2"),
    "unique_all_size_fill": (lambda m: lambda x: m.unique(
        x, return_index=True, return_inverse=True, return_counts=True,
        size=9, fill_value=0), "i1"),
    "unique_index": (lambda m: lambda x: m.unique(x, return_index=True),
                     "i1"),
    "unique_inverse": (lambda m: lambda x: m.unique(x, return_inverse=True),
                       "u2"),
    "unique_counts": (lambda m: lambda x: m.unique(x, return_counts=True),
                      "b2 f1"),
    "unique_counts_size": (lambda m: lambda x: m.unique(
        x, return_counts=True, size=3), "i1"),
    "unique_axis0": (lambda m: lambda x: m.unique(x, axis=0), "f3 i2"),
    "unique_axis1": (lambda m: lambda x: m.unique(x, axis=1), "u2 b2"),
    "unique_axis_all": (lambda m: lambda x: m.unique(
        x, axis=0, return_index=True, return_inverse=True,
        return_counts=True), "b2"),
    "unique_axis_size": (lambda m: lambda x: m.unique(x, axis=1, size=5,
                                                      fill_value=0), "u2"),
    "unique_no_equal_nan": (lambda m: lambda x: m.unique(x, equal_nan=False),
                            "n1"),
    "unique_empty_size_no_fill": (lambda m: lambda x: m.unique(x, size=3),
                                  "e1"),
    "unique_empty": (lambda m: lambda x: m.unique(x), "e1"),
    "unique_empty_all": (lambda m: lambda x: m.unique(
        x, return_index=True, return_inverse=True, return_counts=True), "e1"),
    "isclose": (lambda m: lambda x: m.isclose(x, x + 1e-7), "f2 f1"),
    "isclose_self": (lambda m: lambda x: m.isclose(x, x), "n1 i2 b2 u2"),
    "isclose_equal_nan": (lambda m: lambda x: m.isclose(x, x,
                                                        equal_nan=True), "n1"),
    "isclose_tol": (lambda m: lambda x: m.isclose(x, x * 1.01, rtol=0.02),
                    "f2"),
    "isclose_atol": (lambda m: lambda x: m.isclose(x, x + 0.5, rtol=0,
                                                   atol=0.6), "f2 i2"),
    "isclose_bcast": (lambda m: lambda x: m.isclose(x, 0.0), "f2 i2"),
    "isclose_inf": (lambda m: lambda x: m.isclose(x, np.inf), "n1"),
    "isclose_f16": (lambda m: lambda x: m.isclose(x, 1.5), "h1 bf"),
    "allclose": (lambda m: lambda x: m.allclose(x, x + 1e-7), "f2 i2"),
    "allclose_nan": (lambda m: lambda x: m.allclose(x, x, equal_nan=True),
                     "n1"),
    "allclose_false": (lambda m: lambda x: m.allclose(x, x + 1), "f1"),
    "array_equal": (lambda m: lambda x: m.array_equal(x, x), "f2 i2 b2 n1"),
    "array_equal_nan": (lambda m: lambda x: m.array_equal(x, x,
                                                          equal_nan=True),
                        "n1 i1"),
    "array_equal_shape": (lambda m: lambda x: m.array_equal(x, x[:1]), "f2"),
    "array_equal_promote": (lambda m: lambda x: m.array_equal(
        x, m.asarray(x).astype(m.float32)), "i2 b2"),
    "array_equal_list": (lambda m: lambda x: m.array_equal(x, [1, 2]), "f1"),
    "array_equiv": (lambda m: lambda x: m.array_equiv(x, x[:1]), "f2 i2"),
    "array_equiv_bad": (lambda m: lambda x: m.array_equiv(x, x[:2]), "f2"),
}
# Under jit these need concrete values (or JAX traces constants it builds).
NO_JIT = {"unique", "unique_all", "unique_index", "unique_inverse",
          "unique_counts", "unique_axis0", "unique_axis1", "unique_axis_all",
          "unique_no_equal_nan", "unique_empty", "unique_empty_all",
          "searchsorted_sorter", "searchsorted_promote",
          "array_equal_list", "nonzero_fill_bad"}
CASES = [(name, inp) for name, (_, inputs) in FNS.items()
         for inp in inputs.split()]


@pytest.mark.parametrize("name,inp", CASES,
                         ids=[f"{n}-{i}" for n, i in CASES])
def test_sorting_functions(name, inp):
    fn, _ = FNS[name]
    check(fn, DATA[inp], jit=name not in NO_JIT and zlib.crc32(
        (name + inp).encode()) % 3 == 0)


def test_nonzero_without_size():
    for inp in ("f1", "f2", "i2", "b2", "n1", "e1", "e2", "f3"):
        same(lambda m: m.nonzero(m.asarray(DATA[inp])))
        same(lambda m: m.argwhere(m.asarray(DATA[inp])))
        same(lambda m: m.flatnonzero(m.asarray(DATA[inp])))
        same(lambda m: m.where(m.asarray(DATA[inp])))
    same(lambda m: m.nonzero(m.asarray(DATA["f0"])))
    same(lambda m: m.argwhere(m.asarray(DATA["f0"])))
    same(lambda m: m.argwhere(m.asarray(np.float32(0))))


def test_data_dependent_shapes_need_size_under_jit():
    for f in (lambda m: lambda x: m.nonzero(x),
              lambda m: lambda x: m.argwhere(x),
              lambda m: lambda x: m.where(x),
              lambda m: lambda x: m.unique(x),
              lambda m: lambda x: m.flatnonzero(x)):
        with pytest.raises(jax.errors.ConcretizationTypeError):
            jax.jit(f(rjnp))(DATA["i1"])
        with pytest.raises(jxp.errors.ConcretizationTypeError):
            jxp.jit(f(jnp))(DATA["i1"])


def test_sort_and_search_special_values():
    x = np.array([0.0, -0.0, np.nan, -np.nan, 1.0, -np.inf, np.inf, -0.0],
                 np.float32)
    same(lambda m: m.sort(m.asarray(x)))
    same(lambda m: m.argsort(m.asarray(x)))
    same(lambda m: m.argsort(m.asarray(x), descending=True))
    s = np.sort(np.array([0.0, -0.0, 1.0, -np.inf, np.inf, np.nan], np.float32))
    same(lambda m: m.searchsorted(m.asarray(s), m.asarray(x)))
    same(lambda m: m.searchsorted(m.asarray(s), m.asarray(x), side="right"))


def test_weak_types():
    w = lambda m: m.broadcast_to(m.asarray(2.0) * 1, (3,))  # noqa: E731
    for f in (lambda m: m.sort(w(m)), lambda m: m.argsort(w(m)),
              lambda m: m.take(w(m), m.asarray([0, 1])),
              lambda m: m.take_along_axis(w(m), m.asarray([0, 1]), 0),
              lambda m: m.unique(w(m)), lambda m: m.unique(w(m), size=2),
              lambda m: m.unique(w(m), size=2, fill_value=0),
              lambda m: m.searchsorted(w(m), 1.0),
              lambda m: m.isclose(w(m), 2.0), lambda m: m.isclose(2.0, 2),
              lambda m: m.allclose(w(m), 2.0),
              lambda m: m.array_equal(w(m), 2.0),
              lambda m: m.where(w(m) > 0, w(m), 1.0),
              lambda m: m.nonzero(w(m), size=2, fill_value=-1)):
        same(f)


def test_lists_refused_like_jax():
    for f in (lambda m: m.sort([3, 1]), lambda m: m.argsort([3, 1]),
              lambda m: m.take([1, 2], 0), lambda m: m.nonzero([1, 0]),
              lambda m: m.unique([1, 1]), lambda m: m.isclose([1.0], 1.0),
              lambda m: m.searchsorted([1, 2], 1), lambda m: m.where([1, 0]),
              lambda m: m.take_along_axis([1, 2], m.asarray([0]), 0)):
        same(f)


def test_sorting_under_jit_together():
    def f(m):
        return lambda x, i: (
            m.sort(x, 0), m.argsort(x, descending=True), m.take(x, i, axis=1),
            m.take_along_axis(x, m.argsort(x, 1), 1), m.nonzero(x > 0, size=4),
            m.argwhere(x > 0, size=3, fill_value=9), m.where(x > 0, size=2),
            m.unique(x, size=5, fill_value=0.0),
            m.unique(m.round(x), size=6,
                     return_index=True, return_inverse=True,
                     return_counts=True),
            m.searchsorted(m.sort(m.ravel(x)), x), m.isclose(x, 0.5, atol=1),
            m.allclose(x, x), m.array_equal(x, x), m.lexsort(x))
    x, i = DATA["f2"], np.array([3, -1, 0], np.int32)
    assert_same(jxp.jit(f(jnp))(x, i), jax.jit(f(rjnp))(x, i))


TESTED = set(FNS) | {"sort", "argsort", "lexsort", "take", "take_along_axis",
                     "nonzero", "flatnonzero", "argwhere", "where", "unique",
                     "searchsorted", "isclose", "allclose", "array_equal",
                     "array_equiv"}


def test_every_sorting_function_is_tested():
    from jxp._src.numpy import sorting as _sorting
    # partition and argpartition: test_every_function_is_tested below.
    assert set(_sorting.__all__) - {"partition", "argpartition"} <= TESTED
    assert jnp.where is _sorting.where


# ---------------------------------------------------------------------------
# Selection: lax.top_k, partition and argpartition (ties, NaNs, every
# kth and axis), their errors and derivatives; select; and the coverage of
# the selection and counting functions
# ---------------------------------------------------------------------------

check_rtol5 = functools.partial(check_numpy, rtol=1e-5, atol=1e-6)


R7 = np.random.default_rng(7)
F2 = R7.standard_normal((3, 5)).astype(np.float32)
F3 = R7.standard_normal((2, 3, 4)).astype(np.float32)
I2 = R7.integers(-4, 5, (3, 5)).astype(np.int32)
U1 = np.array([0, 3, 0, 7, 2, 3], np.uint8)
TIES = np.array([[3, 1, 3, 2, 1, 3], [0, 0, 0, -1, 5, 5]], np.float32)


@pytest.mark.parametrize("x", [TIES, F3, I2, U1, TIES.astype(np.int8)])
def test_top_k(x):
    n = x.shape[-1]
    for k in (0, 1, n // 2, n):
        check_rtol5(lambda m: lambda x: (jxp.lax if m is jnp else jax.lax).top_k(
                  x, k), x)
    check_rtol5(lambda m: lambda x: (jxp.lax if m is jnp else jax.lax).top_k(
              x, 1, axis=0), x)


def test_top_k_errors():
    for x, k, kw in [(TIES, 7, {}), (TIES, -1, {}), (np.float32(1), 1, {}),
                     (TIES, 1, {"axis": 2}),
                     (TIES.astype(np.complex64), 1, {})]:
        with pytest.raises(Exception) as want:
            jax.lax.top_k(x, k, **kw)
        raises_like(want.value, lambda: jxp.lax.top_k(x, k, **kw))


def test_top_k_grad():
    def f(lib):
        return lib.grad(lambda x: (lib.lax.top_k(x, 3)[0] ** 2).sum())
    assert_same(f(jxp)(TIES), f(jax)(TIES))
    assert_same(jxp.jit(f(jxp))(F3), jax.jit(f(jax))(F3))


@pytest.mark.parametrize("fn", ["partition", "argpartition"])
@pytest.mark.parametrize("x", [TIES, F3, I2, U1])
def test_partition(fn, x):
    for axis in (-1, 0):
        n = x.shape[axis]
        for kth in (0, n // 2, n - 1, -1):
            check_rtol5(lambda m: lambda x: getattr(m, fn)(x, kth, axis=axis), x)


def test_partition_errors():
    for fn in ("partition", "argpartition"):
        check_rtol5(lambda m: lambda x: getattr(m, fn)(x, 6), TIES)
        check_rtol5(lambda m: lambda x: getattr(m, fn)(x.astype(m.complex64), 1),
                    TIES)
        check_rtol5(lambda m: lambda x: getattr(m, fn)(x, 1, axis=3), TIES)


def test_partition_grad():
    def f(m, lib):
        return lib.grad(lambda x: (m.partition(x, 2) ** 2 *
                                   m.arange(6.0)).sum())
    assert_same(f(jnp, jxp)(TIES), f(rjnp, jax)(TIES))


def test_select():
    check_rtol5(lambda m: lambda x: m.select([x > 0.5, x < -0.5], [x, x * 2], -1.0),
                F2)
    # Broadcast conditions and choices, the default's and choices' dtypes
    # promoted together (weak Python scalars).
    check_rtol5(lambda m: lambda x: m.select([x[:, :1] > 0], [x], 3), F2)
    check_rtol5(lambda m: lambda x: m.select([x > 0, x < -1], [1, 2]), I2)
    check_rtol5(lambda m: lambda x: m.select([x > 0], [x.astype(m.int8)],
                                             m.int16(5)), I2)
    check_rtol5(lambda m: lambda x: m.select([x > 0, x > 1], [x, 2.5]), I2)
    # Errors: lengths differ, empty, a list among the choices.
    check_rtol5(lambda m: lambda x: m.select([x > 0], [x, x]), F2)
    check_rtol5(lambda m: lambda x: m.select([], []), F2)
    for m in (jnp, rjnp):
        with pytest.raises(TypeError):
            m.select([m.asarray(F2) > 0], [[1.0]])


def test_select_grad():
    def f(m, lib):
        return lib.grad(lambda x, d: m.select(
            [x > 0.5, x < -0.5], [m.sin(x), x ** 2], d).sum(), argnums=(0, 1))
    d = np.float32(0.5)
    assert_same(f(jnp, jxp)(F2, d), f(rjnp, jax)(F2, d))
    assert_same(jxp.jit(f(jnp, jxp))(F2, d), jax.jit(f(rjnp, jax))(F2, d))


def test_every_function_is_tested():
    for name in ["select", "bincount", "histogram", "histogram_bin_edges",
                 "partition", "argpartition", "quantile", "nanquantile",
                 "percentile", "nanpercentile", "nanmedian"]:
        assert getattr(jnp, name).__module__.startswith("jxp._src.numpy")
