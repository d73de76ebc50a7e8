"""jxp.vmap against jax.vmap (issue 13, "Checked by").

Every case is written once as `make(jax, jnp)` returning the function to
call, and runs under real JAX and under jxp (`import jxp as jax`) on the same
NumPy inputs: results must agree in pytree structure, shapes, dtypes, weak
types and values; errors in class and, where jxp copies JAX's message, in
its first line.

Sections: the API (in_axes / out_axes pytree prefixes, None, negative axes,
keyword arguments, axis_size, Python scalars, outputs that do not depend on
the mapped input, size 0); its errors; a library of jnp/lax programs under
vmap with in_axes 0, 1, -1 and None mixed; composition with grad, jit,
jacfwd/jacrev and nested vmap; random draws from a batch of keys (bit-exact);
collectives over `axis_name`. The batching rules of individual ops have
their own tests (test_batch_rules_*.py); these
are whole programs.
"""

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same, raises_like

LIBS = ((jax, rjnp), (jxp, jnp))

_rng = np.random.default_rng(0)


def normal(*shape):
    return _rng.standard_normal(shape).astype(np.float32)


def ints(*shape, lo=0, hi=5):
    return _rng.integers(lo, hi, shape).astype(np.int32)


def _convert(np_, tree):
    """NumPy arrays in `tree` (tuples, lists, dicts) as `np_`'s arrays;
    Python scalars and None stay as they are."""
    if isinstance(tree, np.ndarray):
        return np_.asarray(tree)
    if isinstance(tree, (tuple, list)):
        return type(tree)(_convert(np_, t) for t in tree)
    if isinstance(tree, dict):
        return {k: _convert(np_, v) for k, v in tree.items()}
    return tree


def run(lib, make, args):
    top, np_ = lib
    return make(top, np_)(*_convert(np_, args))


def check(make, *args, rtol=1e-6, atol=0.0):
    """make(jax, jnp)(*args) under jxp equals it under JAX."""
    want = run(LIBS[0], make, args)
    got = run(LIBS[1], make, args)
    assert_same(got, want, rtol=rtol, atol=atol)


def first_line(e):
    s = str(e)
    return s.splitlines()[0].rstrip() if s else ""


def check_error(make, *args, message="line"):
    """make(jax, jnp)(*args) raises under both, errors of the same class;
    `message`: "line" (the first lines are equal), "prefix" (jxp's first
    line starts with JAX's) or None (class only)."""
    with pytest.raises(Exception) as want:
        run(LIBS[0], make, args)
    with pytest.raises(Exception) as got:
        run(LIBS[1], make, args)
    got = got.value

    def reraise():
        raise got

    raises_like(want.value, reraise)
    if message == "line":
        assert first_line(got) == first_line(want.value)
    elif message == "prefix":
        assert first_line(got).startswith(first_line(want.value))


# ---------------------------------------------------------------------------
# The API
# ---------------------------------------------------------------------------

X = normal(2, 3, 4)
V3 = normal(3)

API_CASES = {
    "default axis 0":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.sin(a) * 2), X),
    "int in_axes 1":
        (lambda jax, jnp: jax.vmap(lambda a: a + 1.0, in_axes=1), X),
    "negative in_axes":
        (lambda jax, jnp: jax.vmap(lambda a: a * a, in_axes=-1), X),
    "negative in_axes -2":
        (lambda jax, jnp: jax.vmap(lambda a: a - 1, in_axes=-2), X),
    "tuple with None":
        (lambda jax, jnp: jax.vmap(lambda a, b: a * b, in_axes=(1, None)),
         X, normal(2, 4)),
    "list in_axes":
        (lambda jax, jnp: jax.vmap(lambda a, b: a - b, in_axes=[0, 1]),
         X, np.ascontiguousarray(X.transpose(1, 0, 2))),
    "all None but one":
        (lambda jax, jnp: jax.vmap(lambda a, b, c: a * b + c,
                                   in_axes=(None, 2, None)),
         V3, X, normal(2, 3)),
    "dict prefix with None entry":
        (lambda jax, jnp: jax.vmap(lambda d: d["a"] * d["b"],
                                   in_axes=({"a": 1, "b": None},)),
         {"a": X, "b": normal(2, 4)}),
    "tuple prefix inside a tuple":
        (lambda jax, jnp: jax.vmap(lambda p, s: p[0] + p[1] * s,
                                   in_axes=((0, -1), None)),
         (normal(3, 2), normal(2, 3)), 2.0),
    "list argument, one axis for all leaves":
        (lambda jax, jnp: jax.vmap(lambda l: l[0] * l[1] + l[2]),
         [normal(4, 2), normal(4, 2), normal(4)]),
    "dict argument, per-leaf axes":
        (lambda jax, jnp: jax.vmap(
            lambda d, x: {"y": d["w"] @ x + d["b"], "w": d["w"]},
            in_axes=({"w": None, "b": 0}, 1)),
         {"w": normal(2, 3), "b": normal(5, 2)}, normal(3, 5)),
    "None leaf argument":
        (lambda jax, jnp: jax.vmap(lambda a, n: a if n is None else -a,
                                   in_axes=(0, 0)), X, None),
    "keyword arguments over axis 0":
        (lambda jax, jnp: (lambda f: lambda a, b: f(a, b=b))(
            jax.vmap(lambda a, b: a * b, in_axes=(None,))),
         V3, normal(5, 3)),
    "keyword argument only":
        (lambda jax, jnp: (lambda f: lambda b: f(b=b))(
            jax.vmap(lambda b: jnp.cos(b))), X),
    "keyword argument pytree":
        (lambda jax, jnp: (lambda f: lambda a, kw: f(a, kw=kw))(
            jax.vmap(lambda a, kw: a * kw["s"] + kw["t"], in_axes=(1,))),
         normal(3, 4), {"s": normal(4, 3), "t": normal(4, 3)}),
    "out_axes 1":
        (lambda jax, jnp: jax.vmap(lambda a: a * 2, out_axes=1), X),
    "out_axes -1":
        (lambda jax, jnp: jax.vmap(lambda a: a * 2, out_axes=-1), X),
    "in_axes 2, out_axes -2":
        (lambda jax, jnp: jax.vmap(jnp.exp, in_axes=2, out_axes=-2), X),
    "out_axes None for an unmapped output":
        (lambda jax, jnp: jax.vmap(lambda a, b: (a * 2, b + 1),
                                   in_axes=(0, None), out_axes=(0, None)),
         X, V3),
    "out_axes pytree prefix":
        (lambda jax, jnp: jax.vmap(lambda a: {"p": a, "q": (a + 1, a * 3)},
                                   out_axes={"p": 0, "q": (1, -1)}), X),
    "out_axes list":
        (lambda jax, jnp: jax.vmap(lambda a: [a, -a], out_axes=[1, 0]), X),
    "axis_size with all-None in_axes":
        (lambda jax, jnp: jax.vmap(lambda a: a * 2, in_axes=None,
                                   axis_size=5), V3),
    "axis_size agreeing with the arguments":
        (lambda jax, jnp: jax.vmap(jnp.tanh, axis_size=2), X),
    "axis_size without arguments":
        (lambda jax, jnp: jax.vmap(lambda: jnp.ones(2), axis_size=3),),
    "Python scalar unmapped":
        (lambda jax, jnp: jax.vmap(lambda a, s: a * s, in_axes=(0, None)),
         X, 3.0),
    "Python int unmapped with an int array":
        (lambda jax, jnp: jax.vmap(lambda a, s: a * s + 1,
                                   in_axes=(0, None)), ints(4, 3), 2),
    "weak-typed result":
        (lambda jax, jnp: jax.vmap(lambda s, a: s * 2 + a, in_axes=(None, 0)),
         1.5, normal(4)),
    "output independent of the input":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.ones(3)), X),
    "Python float output":
        (lambda jax, jnp: jax.vmap(lambda a: (a, 2.0)), X),
    "unmapped argument returned":
        (lambda jax, jnp: jax.vmap(lambda a, b: b, in_axes=(0, None)),
         X, V3),
    "unmapped argument returned at out_axes 1":
        (lambda jax, jnp: jax.vmap(lambda a, b: b, in_axes=(0, None),
                                   out_axes=1), X, normal(3, 2)),
    "empty axis":
        (lambda jax, jnp: jax.vmap(lambda a: a * 2 + 1), normal(0, 3)),
    "empty axis at 1":
        (lambda jax, jnp: jax.vmap(jnp.sin, in_axes=1), normal(3, 0)),
    "integer and bool dtypes":
        (lambda jax, jnp: jax.vmap(lambda a, b: (a * b, a > b, a // 2)),
         ints(4, 3), ints(4, 3)),
    "mapped bool":
        (lambda jax, jnp: jax.vmap(lambda c, a: jnp.logical_not(c) | (a > 0)),
         np.array([True, False, True]), normal(3)),
    "identity":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=1, out_axes=0), X),
}


@pytest.mark.parametrize("case", list(API_CASES))
def test_api(case):
    make, *args = API_CASES[case]
    check(make, *args)


def test_api_x64(x64):
    """Dtypes of mapped integers, floats and Python scalars follow the x64
    flag as in JAX."""
    check(lambda jax, jnp: jax.vmap(lambda a, b, s: (a * s, b + s, a + b),
                                    in_axes=(0, 1, None)),
          np.arange(6).reshape(3, 2), np.ones((2, 3)), 2)


def test_unmapped_non_array_argument_passes_through():
    """An argument that is no array and is not mapped reaches the function
    as it is (JAX's vmap does not check it)."""
    def make(jax, jnp):
        return jax.vmap(lambda a, s: a * len(s), in_axes=(0, None))

    assert_same(run(LIBS[1], make, (X, "ss")), run(LIBS[0], make, (X, "ss")))


def test_dict_outputs_in_jax_key_order():
    """Dicts come out of vmap with their keys in JAX's (sorted) order, as
    JAX rebuilds them from the flattened tree."""
    def make(jax, jnp):
        return jax.vmap(lambda p: {"w": p["w"] * 2, "b": p["b"], "a": 1.0},
                        in_axes=({"w": 0, "b": None},))

    args = ({"w": normal(3, 2), "b": normal(2)},)
    got, want = run(LIBS[1], make, args), run(LIBS[0], make, args)
    assert list(got) == list(want)
    assert_same(got, want)


def test_unmapped_python_scalar_output_is_returned_as_is():
    """out_axes=None hands an output that is a Python scalar back
    unchanged, as JAX does."""
    def make(jax, jnp):
        return jax.vmap(lambda a: (a, 3, 2.5), out_axes=(0, None, None))

    got, want = run(LIBS[1], make, (X,)), run(LIBS[0], make, (X,))
    assert [type(v) for v in got[1:]] == [type(v) for v in want[1:]]
    assert got[1:] == want[1:]
    assert_same(got[0], want[0])


def test_vmap_keeps_the_function_name():
    def my_function(a):
        return a

    assert jxp.vmap(my_function).__name__ == jax.vmap(my_function).__name__


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

def _psum(jax, jnp):
    return jax.vmap(lambda a: jax.lax.psum(a, "i"))


ERROR_CASES = {
    "inconsistent sizes":
        (lambda jax, jnp: jax.vmap(lambda a, b: a + b), X, normal(3, 4)),
    "inconsistent sizes in a pytree":
        (lambda jax, jnp: jax.vmap(lambda p: p[0]), (X, normal(3))),
    "inconsistent sizes with a keyword argument":
        (lambda jax, jnp: (lambda f: lambda a, b: f(a, b=b))(
            jax.vmap(lambda a, b: a + b)), X, normal(3, 3, 4)),
    "inconsistent with axis_size":
        (lambda jax, jnp: jax.vmap(lambda a: a, axis_size=3), X),
    "axis out of range":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=3), X),
    "negative axis out of range":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=-4), X),
    "axis out of range in a tuple":
        (lambda jax, jnp: jax.vmap(lambda a, b: a, in_axes=(0, 1)), X, V3),
    "mapping over a scalar array":
        (lambda jax, jnp: jax.vmap(lambda a: a), np.float32(1.0)),
    "mapping over a Python scalar":
        (lambda jax, jnp: jax.vmap(lambda a, b: a + b), X, 1.0),
    "no mapped argument and no axis_size":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=None), X),
    "no arguments and no axis_size":
        (lambda jax, jnp: jax.vmap(lambda: 1.0),),
    "in_axes a string":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes="a"), X),
    "in_axes a float":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=1.0), X),
    "in_axes a bool":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=True), X),
    "in_axes a top-level dict":
        (lambda jax, jnp: jax.vmap(lambda d: d["a"], in_axes={"a": 0}),
         {"a": X}),
    "in_axes a NumPy integer":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=np.int64(0)), X),
    "in_axes with a string leaf":
        (lambda jax, jnp: jax.vmap(lambda a, b: a, in_axes=(0, "a")), X, X),
    "in_axes with a float leaf":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=(0.5,)), X),
    "out_axes with a string leaf":
        (lambda jax, jnp: jax.vmap(lambda a: a, out_axes="a"), X),
    "out_axes a NumPy integer":
        (lambda jax, jnp: jax.vmap(lambda a: a, out_axes=np.int64(0)), X),
    "in_axes tuple too short":
        (lambda jax, jnp: jax.vmap(lambda a, b: a, in_axes=(0,)), X, X),
    "in_axes tuple too long":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=(0, None)), X),
    "out_axes None with a mapped output":
        (lambda jax, jnp: jax.vmap(lambda a: a * 2, out_axes=None), X),
    "out_axes None with a mapped output in a tuple":
        (lambda jax, jnp: jax.vmap(lambda a, b: (a, b), in_axes=(0, None),
                                   out_axes=None), X, V3),
    "out_axes out of range":
        (lambda jax, jnp: jax.vmap(lambda a: a, out_axes=4), X),
    "out_axes negative out of range":
        (lambda jax, jnp: jax.vmap(lambda a: a, out_axes=-5), X),
    "unbound axis name in psum": (_psum, X),
    "non-callable":
        (lambda jax, jnp: jax.vmap(3), X),
}

# Messages jxp words its own way: only the class is compared (or the first
# line's beginning, which jxp copies).
MESSAGE = {
    "a string argument": None,
    "non-callable": "line",
}
PREFIX_CASES = {
    "in_axes tree not a prefix":
        (lambda jax, jnp: jax.vmap(lambda a: a, in_axes=({"a": 0},)), X),
    "in_axes tuple for a list":
        (lambda jax, jnp: jax.vmap(lambda l: l[0], in_axes=((0, 1),)),
         [X, X]),
    "out_axes tree not a prefix":
        (lambda jax, jnp: jax.vmap(lambda a: a, out_axes=({"a": 0},)), X),
}


@pytest.mark.parametrize("case", list(ERROR_CASES))
def test_errors(case):
    make, *args = ERROR_CASES[case]
    check_error(make, *args, message=MESSAGE.get(case, "line"))


@pytest.mark.parametrize("case", list(PREFIX_CASES))
def test_prefix_errors(case):
    make, *args = PREFIX_CASES[case]
    check_error(make, *args, message="prefix")


def _f3(x, y, z):
    return x


SIZE_MESSAGES = {
    "two sizes":
        (lambda jax, jnp: jax.vmap(_f3, in_axes=(0, 1, None)),
         X, normal(3, 5), V3),
    "most axes share a size":
        (lambda jax, jnp: jax.vmap(_f3), X, (normal(2), normal(3)),
         normal(2, 1)),
    "a keyword argument":
        (lambda jax, jnp: (lambda f: lambda x, y: f(x, y=y))(
            jax.vmap(lambda x, y: x)), X, {"k": normal(5)}),
    "axis_size":
        (lambda jax, jnp: jax.vmap(lambda x: x, axis_size=3, in_axes=-1), X),
}


@pytest.mark.parametrize("case", list(SIZE_MESSAGES))
def test_inconsistent_sizes_message(case):
    """The whole message describes the mapped axes with their arguments,
    as JAX's."""
    make, *args = SIZE_MESSAGES[case]
    with pytest.raises(ValueError) as want:
        run(LIBS[0], make, args)
    with pytest.raises(ValueError) as got:
        run(LIBS[1], make, args)
    assert str(got.value) == str(want.value)


def test_bad_input_is_an_exception_under_jit():
    """vmap's errors inside jit are the same Python errors."""
    check_error(lambda jax, jnp: jax.jit(jax.vmap(lambda a, b: a + b)),
                X, normal(3, 4))
    check_error(lambda jax, jnp: jax.jit(jax.vmap(lambda a: a, in_axes=5)),
                X)


# ---------------------------------------------------------------------------
# A library of programs
# ---------------------------------------------------------------------------

A = normal(4, 3)       # batch 4 at 0, or batch 3 at 1 / -1
B = normal(3, 4)
C = normal(4, 2, 3)
M = normal(2, 3)
I4 = ints(4, lo=0, hi=3)

PROGRAMS = {
    # elementwise math and broadcasting
    "unary math":
        (lambda jax, jnp: jax.vmap(
            lambda a: jnp.sin(a) + jnp.exp(-a * a) - jnp.log1p(jnp.abs(a))
            + jnp.sqrt(jnp.abs(a)) * jnp.sign(a), in_axes=1), A),
    "binary, in_axes (0, 1)":
        (lambda jax, jnp: jax.vmap(lambda a, b: a * b + jnp.maximum(a, b)
                                   - a / (1 + b * b), in_axes=(0, 1)), A, B),
    "binary, mapped and unmapped":
        (lambda jax, jnp: jax.vmap(lambda a, w: jnp.arctan2(a, w) + w ** 2,
                                   in_axes=(-1, None)), A, normal(4)),
    "broadcasting rank 1 against rank 2":
        (lambda jax, jnp: jax.vmap(lambda v, m: m * v + v,
                                   in_axes=(0, None)), A, M),
    "broadcasting a mapped matrix and an unmapped column":
        (lambda jax, jnp: jax.vmap(lambda m, c: m - c[:, None],
                                   in_axes=(1, None)), C, normal(4)),
    "integer arithmetic":
        (lambda jax, jnp: jax.vmap(
            lambda a, b: (a // (b + 1), a % (b + 1), a << 1, a ^ b,
                          jnp.minimum(a, b)), in_axes=(0, -1)),
         ints(4, 3, hi=9), ints(3, 4, hi=9)),
    "comparisons and logic":
        (lambda jax, jnp: jax.vmap(
            lambda a, b: ((a > b) & (a < 2 * b)) | jnp.isnan(a / b),
            in_axes=(1, 0)), A, B),
    "casts":
        (lambda jax, jnp: jax.vmap(
            lambda a: (a.astype(jnp.int32), (a > 0).astype(jnp.float32),
                       a.astype(jnp.float16)), in_axes=-1), A * 4),
    "clip and where":
        (lambda jax, jnp: jax.vmap(
            lambda a, lo: jnp.where(a > lo, jnp.clip(a, -0.5, 0.5), lo),
            in_axes=(0, None)), C, normal(3)),
    "where with all three mapped differently":
        (lambda jax, jnp: jax.vmap(lambda c, a, b: jnp.where(c, a, b),
                                   in_axes=(0, 1, None)),
         A > 0, B, normal(3)),
    "where with a mapped condition only":
        (lambda jax, jnp: jax.vmap(lambda c, a, b: jnp.where(c, a, b),
                                   in_axes=(1, None, None)),
         B > 0, normal(3), normal(3)),
    # reductions
    "sum":
        (lambda jax, jnp: jax.vmap(jnp.sum), C),
    "sum over an axis, in_axes 1":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.sum(a, axis=0), in_axes=1),
         C),
    "max, min, prod over the last axis, in_axes -1":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jnp.max(a, axis=-1), jnp.min(a, axis=0),
                       jnp.prod(a, axis=1)), in_axes=-1), C),
    "mean and var":
        (lambda jax, jnp: jax.vmap(lambda a: (jnp.mean(a), jnp.var(a,
                                                                  axis=1)),
                                   in_axes=1), C),
    "any and all":
        (lambda jax, jnp: jax.vmap(lambda a: (jnp.any(a > 1, axis=1),
                                              jnp.all(a < 1))), C),
    "argmax and argmin":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jnp.argmax(a), jnp.argmin(a, axis=0)), in_axes=2), C),
    "keepdims and normalization":
        (lambda jax, jnp: jax.vmap(
            lambda a: a / jnp.sum(jnp.abs(a), axis=-1, keepdims=True)), C),
    "softmax and logsumexp":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jax.nn.softmax(a), jax.nn.logsumexp(a, axis=0)),
            in_axes=1), C),
    "reduction of a mapped and an unmapped value":
        (lambda jax, jnp: jax.vmap(
            lambda a, m: jnp.sum(a * m) + jnp.sum(m), in_axes=(0, None)),
         C, M),
    # shapes
    "reshape":
        (lambda jax, jnp: jax.vmap(lambda a: a.reshape(-1), in_axes=1), C),
    "reshape to rank 3":
        (lambda jax, jnp: jax.vmap(lambda a: a.reshape(2, 1, 4),
                                   in_axes=-1), C),
    "transpose":
        (lambda jax, jnp: jax.vmap(lambda a: a.T, in_axes=2), C),
    "transpose with a permutation":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.transpose(a, (1, 2, 0)),
                                   in_axes=1), normal(2, 3, 4, 5)),
    "expand_dims, squeeze, broadcast_to":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jnp.expand_dims(a, 0), jnp.squeeze(a[None], 0),
                       jnp.broadcast_to(a, (2, 4))), in_axes=1), A),
    "flip and slices":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jnp.flip(a, 0), a[1:, ::2], a[..., -1]),
            in_axes=-1), normal(3, 4, 5)),
    "pad":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.pad(a, ((1, 0), (0, 2))),
                                   in_axes=1), C),
    "concatenate mapped and unmapped":
        (lambda jax, jnp: jax.vmap(
            lambda a, b: jnp.concatenate([a, b, a * 2], axis=0),
            in_axes=(1, None)), C, M),
    "stack":
        (lambda jax, jnp: jax.vmap(lambda a, b: jnp.stack([a, b], axis=1),
                                   in_axes=(0, -1)), A, B),
    "dynamic_slice with a mapped start":
        (lambda jax, jnp: jax.vmap(
            lambda a, i: jax.lax.dynamic_slice(a, (i,), (2,)),
            in_axes=(None, 0)), normal(6), I4),
    "dynamic_slice with mapped operand and start":
        (lambda jax, jnp: jax.vmap(
            lambda a, i: jax.lax.dynamic_slice(a, (0, i), (2, 2)),
            in_axes=(2, 0)), normal(2, 5, 4), I4),
    "dynamic_update_slice":
        (lambda jax, jnp: jax.vmap(
            lambda a, u, i: jax.lax.dynamic_update_slice(a, u, (i,)),
            in_axes=(None, 1, 0)), normal(6), normal(2, 4), I4),
    # matmul, dot, einsum
    "dot of vectors":
        (lambda jax, jnp: jax.vmap(jnp.dot), A, A),
    "matrix-vector, matrix unmapped":
        (lambda jax, jnp: jax.vmap(jnp.dot, in_axes=(None, 0)), M, A),
    "matmul, in_axes (1, None)":
        (lambda jax, jnp: jax.vmap(jnp.matmul, in_axes=(1, None)), C,
         normal(3, 5)),
    "matmul, both mapped at different axes":
        (lambda jax, jnp: jax.vmap(lambda a, b: a @ b, in_axes=(0, 2)),
         C, normal(3, 2, 4)),
    "einsum":
        (lambda jax, jnp: jax.vmap(lambda a, b: jnp.einsum("ij,kj->ik", a, b),
                                   in_axes=(0, -1)), C, normal(5, 3, 4)),
    "outer":
        (lambda jax, jnp: jax.vmap(jnp.outer, in_axes=(0, 1)), A, B),
    "dot_general with batch dimensions":
        (lambda jax, jnp: jax.vmap(
            lambda a, b: jax.lax.dot_general(a, b, (((2,), (1,)), ((0,),
                                                                   (0,)))),
            in_axes=(1, None)), normal(2, 4, 3, 5), normal(2, 5, 3)),
    # indexing
    "integer index mapped":
        (lambda jax, jnp: jax.vmap(lambda a, i: a[i], in_axes=(None, 0)),
         normal(5), I4),
    "integer index, both mapped":
        (lambda jax, jnp: jax.vmap(lambda a, i: a[i], in_axes=(1, 0)),
         normal(3, 4), I4),
    "index array unmapped":
        (lambda jax, jnp: jax.vmap(lambda a, idx: a[idx], in_axes=(-1, None)),
         normal(3, 4), np.array([2, 0, 0, 1], np.int32)),
    "index array mapped":
        (lambda jax, jnp: jax.vmap(lambda a, idx: a[idx, 1:]),
         C, ints(4, 2, hi=2)),
    "at[].set and at[].add":
        (lambda jax, jnp: jax.vmap(
            lambda a, i, v: (a.at[i].set(v), a.at[i].add(1.0)),
            in_axes=(0, 0, None)), A, I4, 7.0),
    "at[].max with mapped updates":
        (lambda jax, jnp: jax.vmap(lambda a, v: a.at[1:].max(v),
                                   in_axes=(None, 1)), normal(3), B[:2]),
    "take_along_axis":
        (lambda jax, jnp: jax.vmap(
            lambda a, i: jnp.take_along_axis(a, i, axis=0),
            in_axes=(1, None)), C, ints(2, 1, hi=2)),
    # sort and cumulative ops
    "sort":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.sort(a, axis=-1),
                                   in_axes=1), C),
    "argsort":
        (lambda jax, jnp: jax.vmap(jnp.argsort, in_axes=-1), A),
    "cumsum":
        (lambda jax, jnp: jax.vmap(lambda a: jnp.cumsum(a, axis=0),
                                   in_axes=2), C),
    "cumprod and cummax":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jnp.cumprod(a), jax.lax.cummax(a, axis=0)),
            in_axes=1), A),
}


@pytest.mark.parametrize("case", list(PROGRAMS))
def test_programs(case):
    make, *args = PROGRAMS[case]
    check(make, *args, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", [
    "binary, in_axes (0, 1)", "sum over an axis, in_axes 1",
    "matmul, in_axes (1, None)", "index array mapped", "sort"])
def test_programs_under_jit(case):
    """jit(vmap(f)) agrees with JAX."""
    make, *args = PROGRAMS[case]
    check(lambda jax, jnp: jax.jit(make(jax, jnp)), *args, rtol=1e-5,
          atol=1e-6)


def test_vmap_of_jit():
    def make(jax, jnp):
        @jax.jit
        def f(a, w):
            return jnp.tanh(w @ a) * jnp.sum(a)

        return jax.vmap(f, in_axes=(1, None))

    check(make, normal(3, 5), M, rtol=1e-5)


def test_jit_of_vmap_with_static_structure():
    def make(jax, jnp):
        def f(p, x):
            return {"y": p["w"] * x + p["b"], "n": jnp.sum(x)}

        return jax.jit(jax.vmap(f, in_axes=({"w": None, "b": 0}, 1),
                                out_axes={"y": -1, "n": 0}))

    check(make, {"w": normal(3), "b": normal(4, 3)}, B, rtol=1e-5)


# ---------------------------------------------------------------------------
# Composition
# ---------------------------------------------------------------------------

def test_nested_vmap_pairwise_distances():
    def make(jax, jnp):
        def dist(x, y):
            return jnp.sqrt(jnp.sum((x - y) ** 2))

        return jax.vmap(jax.vmap(dist, in_axes=(None, 0)), in_axes=(0, None))

    check(make, normal(4, 3), normal(5, 3), rtol=1e-5)


def test_nested_vmap_inner_axis_not_zero():
    def make(jax, jnp):
        return jax.vmap(jax.vmap(lambda a, b: a * b + jnp.sum(a),
                                 in_axes=(1, None), out_axes=1),
                        in_axes=(-1, 0))

    check(make, normal(2, 3, 4), normal(4), rtol=1e-5)


def _mlp(jnp, params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def _loss(jnp, params, x, y):
    return jnp.mean((_mlp(jnp, params, x) - y) ** 2)


PARAMS = {"w1": normal(3, 8) / 2, "b1": normal(8) / 4,
          "w2": normal(8, 2) / 3, "b2": normal(2) / 4}
XS, YS = normal(6, 3), normal(6, 2)


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_per_example_gradients(jit):
    """vmap(grad(loss), in_axes=(None, 0, 0)) over an MLP's parameter dict:
    one gradient tree per example, stacked."""
    def make(jax, jnp):
        per_example = jax.vmap(
            jax.grad(lambda p, x, y: _loss(jnp, p, x, y)),
            in_axes=(None, 0, 0))
        return jax.jit(per_example) if jit else per_example

    check(make, PARAMS, XS, YS, rtol=1e-5, atol=1e-6)


def test_per_example_gradients_with_value_and_batch_at_1():
    def make(jax, jnp):
        return jax.vmap(
            jax.value_and_grad(lambda p, x, y: _loss(jnp, p, x, y),
                               argnums=(0, 1)),
            in_axes=(None, 1, 0))

    check(make, PARAMS, np.ascontiguousarray(XS.T), YS, rtol=1e-5,
          atol=1e-6)


def test_grad_of_vmap():
    """grad of the sum of a vmapped loss equals grad of the batched loss."""
    def make(jax, jnp):
        def total(p, xs, ys):
            losses = jax.vmap(lambda p, x, y: _loss(jnp, p, x, y),
                              in_axes=(None, 0, 0))(p, xs, ys)
            return jnp.sum(losses)

        return jax.grad(total)

    check(make, PARAMS, XS, YS, rtol=1e-5, atol=1e-6)


def test_grad_of_vmap_wrt_mapped_input():
    def make(jax, jnp):
        return jax.grad(lambda a, w: jnp.sum(
            jax.vmap(lambda r: jnp.sin(r) @ w, in_axes=1)(a) ** 2),
            argnums=(0, 1))

    check(make, C[:, :, 0], normal(4), rtol=1e-5, atol=1e-6)


def test_vmap_of_jvp_and_vjp():
    def make(jax, jnp):
        f = lambda x: jnp.sin(x) * x  # noqa: E731

        def both(x, t):
            y, tan = jax.jvp(f, (x,), (t,))
            _, pull = jax.vjp(f, x)
            return y, tan, pull(t)

        return jax.vmap(both, in_axes=(0, 1))

    check(make, A, B, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("jac", ["jacfwd", "jacrev"])
def test_vmap_of_jacobian(jac):
    def make(jax, jnp):
        def f(x):
            return jnp.sin(x) * jnp.sum(x ** 2)

        return jax.vmap(getattr(jax, jac)(f), in_axes=1)

    check(make, B, rtol=1e-5, atol=1e-6)


def test_jacobian_of_vmap():
    def make(jax, jnp):
        return jax.jacrev(jax.vmap(lambda x, w: jnp.tanh(x * w),
                                   in_axes=(0, None)))

    check(make, normal(4), 1.5, rtol=1e-5, atol=1e-6)


def test_grad_inside_vmap_with_mapped_closure():
    """A mapped value closed over by the differentiated function."""
    def make(jax, jnp):
        def f(a, x):
            return jax.grad(lambda w: jnp.sum(jnp.sin(w * a)))(x)

        return jax.vmap(f, in_axes=(0, None))

    check(make, A, normal(3), rtol=1e-5, atol=1e-6)


# ---------------------------------------------------------------------------
# Random keys
# ---------------------------------------------------------------------------

DRAWS = {
    "normal": lambda jax, k: jax.random.normal(k),
    "normal (2, 3)": lambda jax, k: jax.random.normal(k, (2, 3)),
    "uniform": lambda jax, k: jax.random.uniform(k, (4,), minval=-1.0),
    "randint": lambda jax, k: jax.random.randint(k, (5,), 0, 100),
    "bernoulli": lambda jax, k: jax.random.bernoulli(k, 0.3, (6,)),
    "split": lambda jax, k: jax.random.split(k, 3),
    "fold_in": lambda jax, k: jax.random.fold_in(k, 7),
    "bits": lambda jax, k: jax.random.bits(k, (3,)),
}


@pytest.mark.parametrize("draw", list(DRAWS))
def test_vmap_over_keys_bit_exact(draw):
    """vmap(random.f)(keys) with keys from random.split: bit-exact."""
    def go(jax):
        keys = jax.random.split(jax.random.PRNGKey(42), 5)
        return keys, jax.vmap(lambda k: DRAWS[draw](jax, k))(keys)

    got, want = go(jxp), go(jax)
    assert_same(got, want, rtol=0)


def test_vmap_over_keys_at_axis_1_and_jit():
    def go(jax):
        keys = jax.random.split(jax.random.PRNGKey(3), 4).T
        f = jax.vmap(lambda k, s: s * jax.random.normal(k, (2,)),
                     in_axes=(1, None))
        return f(keys, 2.0), jax.jit(f)(keys, 2.0)

    assert_same(go(jxp), go(jax), rtol=0)


def test_vmap_normal_direct():
    """vmap(random.normal)(keys): the function itself, not a lambda."""
    def go(jax):
        return jax.vmap(jax.random.normal)(
            jax.random.split(jax.random.PRNGKey(0), 3))

    assert_same(go(jxp), go(jax), rtol=0)


def test_vmap_over_data_with_a_shared_key():
    def go(jax):
        key = jax.random.PRNGKey(1)
        return jax.vmap(lambda x, k: x + jax.random.normal(k, x.shape),
                        in_axes=(0, None))(jax.numpy.ones((3, 2)), key)

    assert_same(go(jxp), go(jax), rtol=0)


# ---------------------------------------------------------------------------
# Collectives over axis_name
# ---------------------------------------------------------------------------

COLLECTIVES = {
    "psum":
        (lambda jax, jnp: jax.vmap(lambda a: jax.lax.psum(a, "i"),
                                   axis_name="i"), A),
    "psum at in_axes 1":
        (lambda jax, jnp: jax.vmap(lambda a: a / jax.lax.psum(a, "i"),
                                   in_axes=1, axis_name="i"), A),
    "psum of a pytree":
        (lambda jax, jnp: jax.vmap(
            lambda a, b: jax.lax.psum({"a": a, "b": b}, "i"),
            axis_name="i"), A, normal(4)),
    "psum of an unmapped value":
        (lambda jax, jnp: jax.vmap(
            lambda a, w: a + jax.lax.psum(w, "i"), in_axes=(0, None),
            axis_name="i"), A, normal(3)),
    "psum of a constant":
        (lambda jax, jnp: jax.vmap(lambda a: jax.lax.psum(1, "i"),
                                   axis_name="i"), A),
    "pmean":
        (lambda jax, jnp: jax.vmap(lambda a: a - jax.lax.pmean(a, "i"),
                                   axis_name="i", in_axes=-1), A),
    "pmax and pmin":
        (lambda jax, jnp: jax.vmap(
            lambda a: (jax.lax.pmax(a, "i"), jax.lax.pmin(a, "i")),
            axis_name="i"), C),
    "pmax of integers":
        (lambda jax, jnp: jax.vmap(lambda a: jax.lax.pmax(a, "i"),
                                   axis_name="i"), ints(4, 3, hi=50)),
    "all_gather":
        (lambda jax, jnp: jax.vmap(lambda a: jax.lax.all_gather(a, "i"),
                                   axis_name="i"), A),
    "all_gather axis 1":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_gather(a, "i", axis=1),
            axis_name="i", in_axes=1), C),
    "all_gather tiled":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_gather(a, "i", tiled=True),
            axis_name="i"), A),
    "all_gather tiled axis 1":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_gather(a, "i", axis=1, tiled=True),
            axis_name="i"), C),
    "ppermute, a cycle":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.ppermute(a, "i", [(0, 1), (1, 2), (2, 3),
                                                (3, 0)]),
            axis_name="i"), A),
    "ppermute, a swap and a fixed point, in_axes -1":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.ppermute(a, "i", [(0, 2), (2, 0), (1, 1)]),
            axis_name="i", in_axes=-1), C),
    "axis_index":
        (lambda jax, jnp: jax.vmap(lambda a: jax.lax.axis_index("i"),
                                   axis_name="i"), A),
    "axis_index in arithmetic":
        (lambda jax, jnp: jax.vmap(
            lambda a: a * jax.lax.axis_index("i") + jax.lax.psum(a, "i"),
            axis_name="i", in_axes=1), A),
    "nested names, inner psum":
        (lambda jax, jnp: jax.vmap(
            jax.vmap(lambda a: jax.lax.psum(a, "j"), axis_name="j"),
            axis_name="i"), C),
    "nested names, outer psum from inside":
        (lambda jax, jnp: jax.vmap(
            jax.vmap(lambda a: a - jax.lax.pmean(a, "i"), axis_name="j"),
            axis_name="i"), C),
    "nested names, psum over both":
        (lambda jax, jnp: jax.vmap(
            jax.vmap(lambda a: jax.lax.psum(a, ("i", "j")), axis_name="j",
                     in_axes=1),
            axis_name="i"), C),
    "nested names, axis_index of each":
        (lambda jax, jnp: jax.vmap(
            jax.vmap(lambda a: 10 * jax.lax.axis_index("i")
                     + jax.lax.axis_index("j"), axis_name="j"),
            axis_name="i"), C),
    "nested names, all_gather of the outer":
        (lambda jax, jnp: jax.vmap(
            jax.vmap(lambda a: jax.lax.all_gather(a, "i"), axis_name="j"),
            axis_name="i"), C),
    "same name shadowed":
        (lambda jax, jnp: jax.vmap(
            jax.vmap(lambda a: jax.lax.psum(a, "i"), axis_name="i"),
            axis_name="i"), C),
    "under jit":
        (lambda jax, jnp: jax.jit(jax.vmap(
            lambda a: a / jax.lax.psum(jnp.abs(a), "i"), axis_name="i")), C),
    "psum_scatter tiled":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.psum_scatter(a, "i", tiled=True),
            axis_name="i"), normal(4, 8)),
    "psum_scatter, scatter_dimension 1, in_axes 1":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.psum_scatter(a, "i", scatter_dimension=1),
            axis_name="i", in_axes=1), normal(3, 4, 4)),
    "psum_scatter of an unmapped value":
        (lambda jax, jnp: jax.vmap(
            lambda a, w: a + jax.lax.psum_scatter(w, "i", tiled=True),
            in_axes=(0, None), axis_name="i"), normal(4, 2), normal(8)),
    "all_to_all tiled":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_to_all(a, "i", 0, 1, tiled=True),
            axis_name="i"), normal(4, 8, 3)),
    "all_to_all tiled, concat before split":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_to_all(a, "i", 1, 0, tiled=True),
            axis_name="i", in_axes=2), normal(3, 8, 4)),
    "all_to_all":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_to_all(a, "i", 0, 1),
            axis_name="i"), normal(4, 4, 2)),
    "all_to_all, split equals concat":
        (lambda jax, jnp: jax.vmap(
            lambda a: jax.lax.all_to_all(a, "i", 0, 0, tiled=True),
            axis_name="i"), normal(4, 8)),
    "axis_size with a collective":
        (lambda jax, jnp: jax.vmap(lambda a: jax.lax.psum(a, "i"),
                                   in_axes=None, axis_size=3,
                                   axis_name="i"), normal(2)),
}


@pytest.mark.parametrize("case", list(COLLECTIVES))
def test_collectives(case):
    make, *args = COLLECTIVES[case]
    check(make, *args, rtol=1e-5, atol=1e-6)


def test_grad_through_a_collective():
    def make(jax, jnp):
        def total(x):
            y = jax.vmap(lambda a: a * jax.lax.psum(a, "i")
                         + jax.lax.pmean(a * a, "i"), axis_name="i")(x)
            return jnp.sum(jnp.sin(y))

        return jax.grad(total)

    check(make, A, rtol=1e-5, atol=1e-6)


def test_collective_errors():
    """An axis name bound by no vmap, and the wrong name, as JAX. (JAX's
    message for pmean names psum, which pmean calls: only the class.)"""
    check_error(lambda jax, jnp: jax.vmap(lambda a: jax.lax.psum(a, "j"),
                                          axis_name="i"), A)
    check_error(lambda jax, jnp: jax.vmap(lambda a: jax.lax.pmean(a, "j"),
                                          axis_name="i"), A, message=None)
    check_error(lambda jax, jnp: jax.jit(lambda a: jax.lax.axis_index("i")),
                A)
