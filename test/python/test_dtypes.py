"""Dtypes against JAX: the promotion lattice with weak types (every pair and
triple of dtypes, weak or strong, with x64 off and on), jnp.result_type /
promote_types / issubdtype / can_cast / iinfo / finfo, the scalar type
constructors, and all 13 dtypes through creation, arithmetic, astype and
numpy round trips. x64 tests restore both configs."""

import itertools
import warnings

import jax
import jax.numpy as rjnp
import ml_dtypes
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp._src import dtypes as xdt
from jxp_test_util import assert_same

pytestmark = pytest.mark.filterwarnings(
    "ignore:Explicitly requested dtype:UserWarning")

NAMES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16",
         "uint32", "uint64", "float16", "bfloat16", "float32", "float64"]
ALL_DTYPES = [np.dtype(getattr(rjnp, n)) for n in NAMES] + [
    np.dtype(np.complex64), np.dtype(np.complex128)]


def _same(build):
    """build(m) under jax.numpy and jxp.numpy: equal arrays, equal plain
    values, or the same class of error."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = build(rjnp)
    except Exception as e:  # noqa: BLE001
        with pytest.raises(Exception) as got:
            build(jnp)
        assert type(got.value).__name__ == type(e).__name__ or isinstance(
            got.value, type(e)), (got.value, e)
        return
    got = build(jnp)
    if isinstance(want, jax.Array):
        if np.iscomplexobj(want):  # assert_same compares real parts only
            np.testing.assert_allclose(np.asarray(got), np.asarray(want),
                                       rtol=1e-6)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            assert_same(got, want)
    else:
        assert got == want, (got, want)
        assert type(got) is type(want) or isinstance(want, np.dtype), (
            type(got), type(want))


# ---------------------------------------------------------------------------
# The lattice
# ---------------------------------------------------------------------------


def _jax_lattice(combo):
    from jax._src import dtypes as jdt
    from jax._src.lax import lax as jlax
    args = [jlax._convert_element_type(np.zeros((), d), d, weak_type=w)
            for d, w in combo]
    d, w = jdt.lattice_result_type(*args)
    return np.dtype(d), bool(w)


def _nodes(x64_enabled):
    dts = [d for d in ALL_DTYPES if x64_enabled or d == xdt.canonicalize(d)]
    return [(d, False) for d in dts] + [(d, True) for d in dts
                                        if d != np.bool_]


@pytest.mark.parametrize("arity", [1, 2, 3])
def test_promotion_lattice_matches_jax(x64, arity):
    nodes = _nodes(x64)
    combos = list(itertools.combinations_with_replacement(nodes, arity))
    if arity == 3:
        combos = combos[::7]  # a deterministic sample of the ~7000 triples
    results = [(c, _jax_lattice(c), tuple(xdt.promote(*c))) for c in combos]
    bad = [r for r in results if r[1] != r[2]]
    assert not bad, bad[:10]


@pytest.mark.parametrize("name", NAMES)
def test_arithmetic_promotion_with_arrays_and_scalars(x64, name):
    host = np.array([0, 1, 2, 3, 100, 5]).astype(np.dtype(getattr(rjnp, name)))
    for name2 in NAMES[NAMES.index(name):]:  # each unordered pair once
        other = np.array([1, 0, 2, 1, 3, 1]).astype(
            np.dtype(getattr(rjnp, name2)))
        if name == name2 == "bool_":
            _same(lambda m: m.asarray(host) & m.asarray(other))
        else:
            _same(lambda m: m.asarray(host) * m.asarray(other))
    for scalar in (2, 1.5, True, 1j):
        _same(lambda m: m.asarray(host) * scalar)
    _same(lambda m: m.asarray(host) * m.asarray(2.5))  # weak array
    _same(lambda m: m.asarray(host) + np.float32(1))   # strong numpy scalar


def test_weak_types_combine(x64):
    _same(lambda m: m.asarray(2) * 3)
    _same(lambda m: m.asarray(2) * 3.5)
    _same(lambda m: m.asarray(2.0) * 3j)
    _same(lambda m: (m.asarray(2) * 3.5) + m.asarray(1, m.int8))
    _same(lambda m: m.asarray(3.0) + m.ones(2, m.bfloat16))
    _same(lambda m: m.asarray(300) + m.ones(2, m.uint8))
    _same(lambda m: m.ones(2, m.uint8) * 300)


# ---------------------------------------------------------------------------
# jnp's dtype functions
# ---------------------------------------------------------------------------

SPECS = NAMES + ["complex64", "complex128"]


@pytest.mark.parametrize("name", SPECS)
def test_result_type_and_promote_types(x64, name):
    for name2 in SPECS:
        _same(lambda m: m.promote_types(getattr(m, name), getattr(m, name2)))
        _same(lambda m: m.result_type(getattr(m, name), np.dtype(
            getattr(rjnp, name2)).name))
        _same(lambda m: m.issubdtype(getattr(m, name), getattr(m, name2)))
        _same(lambda m: m.can_cast(getattr(m, name), getattr(m, name2)))
    for py in (bool, int, float, complex):
        _same(lambda m: m.promote_types(getattr(m, name), py))
        _same(lambda m: m.promote_types(py, getattr(m, name)))
        _same(lambda m: m.result_type(getattr(m, name), py))
    for value in (1, 1.0, 1j, True, None):
        _same(lambda m: m.result_type(np.dtype(getattr(rjnp, name)), value))
    for kind in ("generic", "number", "integer", "signedinteger",
                 "unsignedinteger", "inexact", "floating", "complexfloating",
                 "bool_"):
        _same(lambda m: m.issubdtype(getattr(m, name), getattr(m, kind)))
    d = np.dtype(getattr(rjnp, name))
    if d.kind in "iu":
        _same(lambda m: str(m.iinfo(getattr(m, name))))
        _same(lambda m: int(m.iinfo(d).max))
    if d.kind in "fc" or d == ml_dtypes.bfloat16:
        _same(lambda m: str(m.finfo(getattr(m, name))))
        _same(lambda m: float(m.finfo(d.name).eps))


def test_result_type_of_values(x64):
    for args in [(None,), (3,), (3.0,), (int, float), (1, 2.0, 3j),
                 (np.int8(1), 1), (np.float16(1), 1.0), ("int8", "uint8"),
                 (np.arange(3),), (np.zeros(2, np.float64),)]:
        _same(lambda m: m.result_type(*args))
    _same(lambda m: m.result_type(m.asarray(2.0), m.ones(2, m.int8)))
    _same(lambda m: m.result_type())
    _same(lambda m: m.result_type("float32", m.bfloat16))
    _same(lambda m: m.dtype("bfloat16"))
    _same(lambda m: m.dtype(m.float32))
    _same(lambda m: m.issubdtype(m.bfloat16, m.floating))
    _same(lambda m: m.iinfo(m.asarray(1, m.int16)).max)
    _same(lambda m: m.finfo(m.asarray(1.0)).bits)


# ---------------------------------------------------------------------------
# Scalar types
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_scalar_type_constructors(x64, name):
    for value in (3, 0, 2.7, True, [1, 2], np.arange(3), np.float64(1.5)):
        _same(lambda m: getattr(m, name)(value))
    _same(lambda m: getattr(m, name)(m.arange(4)))
    t = getattr(jnp, name)
    d = np.dtype(getattr(rjnp, name))
    assert np.dtype(t) == d and jnp.dtype(t) == d
    assert t == d.type and hash(t) == hash(d.type)
    assert t.dtype == d and t.__name__ == getattr(rjnp, name).__name__
    x = t(1)
    assert isinstance(x, jxp.Array) and x.shape == () and not x.weak_type
    assert isinstance(np.zeros(1, t)[0], t)
    assert_same(jnp.zeros(2, t), rjnp.zeros(2, getattr(rjnp, name)))


def test_scalar_type_aliases():
    for name in ("bool", "int_", "uint", "float_", "complex_", "single",
                 "double", "csingle", "cdouble", "generic", "number",
                 "integer", "signedinteger", "unsignedinteger", "inexact",
                 "floating", "complexfloating", "newaxis", "pi", "e", "inf"):
        ours, theirs = getattr(jnp, name), getattr(rjnp, name)
        if isinstance(theirs, type) and not issubclass(theirs, np.generic):
            assert np.dtype(ours) == np.dtype(theirs), name
        else:
            assert ours is theirs or ours == theirs, name
    assert jnp.can_cast is np.can_cast
    assert jnp.iinfo(np.int8).min == -128
    assert jnp.finfo(jnp.bfloat16).bits == 16


def test_scalar_type_overflow_matches_jax():
    _same(lambda m: m.uint8(300))
    _same(lambda m: m.int8(-129))
    _same(lambda m: m.asarray(2 ** 40))
    _same(lambda m: m.asarray(2 ** 70))


# ---------------------------------------------------------------------------
# All dtypes through creation, arithmetic, astype and numpy
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_dtype_roundtrip(x64, name):
    d = np.dtype(getattr(rjnp, name))
    host = np.array([0, 1, 2, 3, 100, 5]).astype(d)
    _same(lambda m: m.asarray(host))
    _same(lambda m: m.array(host.tolist(), dtype=getattr(m, name)))
    _same(lambda m: m.zeros((2, 3), getattr(m, name)))
    _same(lambda m: m.ones(3, d.name))
    _same(lambda m: m.asarray(np.asarray(m.asarray(host))))
    _same(lambda m: m.asarray(host) > 2)
    got = np.asarray(jnp.asarray(host))
    want = np.asarray(rjnp.asarray(host))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    for name2 in NAMES:
        _same(lambda m: m.asarray(host).astype(getattr(m, name2)))


def test_x64_defaults(x64):
    for build in (lambda m: m.asarray(3), lambda m: m.asarray(3.0),
                  lambda m: m.asarray(3j), lambda m: m.asarray(True),
                  lambda m: m.asarray(np.float64(2.5)),
                  lambda m: m.asarray(np.arange(3)), lambda m: m.arange(3),
                  lambda m: m.zeros(2), lambda m: m.float64(1.5),
                  lambda m: m.int64(7), lambda m: m.asarray([1, 2.5]),
                  lambda m: m.asarray(3) * 2, lambda m: m.asarray(2.0) / 3):
        _same(build)


def test_x64_and_jit_caches_never_mix():
    old_jax, old_jxp = jax.config.jax_enable_x64, jxp.config.jax_enable_x64
    f = jxp.jit(lambda x, y: x * 2 + y)
    g = jax.jit(lambda x, y: x * 2 + y)
    try:
        for flag in (False, True, False, True):
            jax.config.update("jax_enable_x64", flag)
            jxp.config.update("jax_enable_x64", flag)
            assert jxp.config.jax_enable_x64 is flag
            assert jxp.config.read("jax_enable_x64") is flag
            for args in [(3, 1), (np.float64(1.5), 2), (1.5, np.int64(2))]:
                assert_same(f(*args), g(*args))
            assert_same(jnp.arange(3) * 2, rjnp.arange(3) * 2)
            assert_same(jnp.asarray(1.0) + 1, rjnp.asarray(1.0) + 1)
    finally:
        jax.config.update("jax_enable_x64", old_jax)
        jxp.config.update("jax_enable_x64", old_jxp)
    assert f._cache_size() == 6


def test_config_errors():
    with pytest.raises(AttributeError):
        jax.config.update("jax_no_such_flag", True)
    with pytest.raises(AttributeError):
        jxp.config.update("jax_no_such_flag", True)
    assert jxp.config.x64_enabled == jax.config.jax_enable_x64


# ---------------------------------------------------------------------------
# Weak types in reprs
# ---------------------------------------------------------------------------

REPRS = {
    "weak_float": lambda m: m.asarray(3.0),
    "weak_int": lambda m: m.asarray(3),
    "weak_complex": lambda m: m.asarray(1j),
    "strong": lambda m: m.float32(3),
    "bool": lambda m: m.asarray(True),
    "weak_vector": lambda m: m.zeros(3, m.int32) * 0 + m.asarray(2.5),
    "bf16": lambda m: m.arange(4).astype(m.bfloat16),
    "f16": lambda m: m.arange(3).astype(m.float16),
    "u8": lambda m: m.arange(3, dtype=m.uint8),
    "2d": lambda m: m.arange(12.0).reshape(3, 4),
    "empty": lambda m: m.zeros((0, 3)),
    "long": lambda m: m.arange(30.0) * 1234.5,
    "big": lambda m: m.arange(2000),
    "nan": lambda m: m.asarray([np.nan, np.inf, -np.inf, 1.0]),
    "scalar_bf16": lambda m: m.bfloat16(1.5),
    "complex": lambda m: m.asarray([1 + 2j, 3j]),
}


@pytest.mark.parametrize("name", list(REPRS))
def test_repr_and_str_match_jax(x64, name):
    want, got = REPRS[name](rjnp), REPRS[name](jnp)
    assert repr(got) == repr(want)
    assert str(got) == str(want)
    if got.ndim == 0:
        assert format(got, "") == format(want, "")
