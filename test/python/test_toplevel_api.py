"""make_jaxpr, eval_shape, ShapeDtypeStruct, typeof, device_get, named_scope
and ensure_compile_time_eval against JAX 0.10.2's."""


import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jxp
import jxp.numpy as xnp


def _aval_key(a):
    return (tuple(a.shape), np.dtype(a.dtype), bool(a.weak_type))


def _avals(avals):
    return [_aval_key(a) for a in avals]


def _tree_keys(lib, tree):
    leaves, treedef = lib.tree_util.tree_flatten(tree)
    return [_aval_key(a) for a in leaves], str(treedef).replace(
        "PyTreeDef", "")


def _same_tree(jxp_tree, jax_tree):
    """Same structure and the same (shape, dtype, weak_type) leaves."""
    got, got_def = _tree_keys(jxp, jxp_tree)
    want, want_def = _tree_keys(jax, jax_tree)
    assert got == want
    assert got_def == want_def


def _same_error(call_jxp, call_jax):
    with pytest.raises(Exception) as want:
        call_jax()
    with pytest.raises(Exception) as got:
        call_jxp()
    # The same class: Python's, or JAX's (jax.errors.X) as jxp.errors.X.
    assert type(got.value).__name__ == type(want.value).__name__, (
        got.value, want.value)
    assert (type(got.value).__module__ == type(want.value).__module__
            or type(got.value) is getattr(jxp.errors, type(got.value).__name__)
            ), (got.value, want.value)
    return got.value, want.value


# ---------------------------------------------------------------------------
# make_jaxpr: the seed tutorial's cells
# ---------------------------------------------------------------------------


def _seed_cells(np_):
    """The make_jaxpr cells of the seed tutorial (003, Chinese), written for
    a library `lib` (jax or jxp): (name, fun, args, make_jaxpr kwargs, jxp
    ops the printed module must contain)."""

    def cells(lib, lnp):
        def fn(W, b, x):
            return x @ W + b

        def create_filled(val, length):
            return lnp.full((length,), val)

        def stupid_fn(x):
            y = lnp.copy(x)
            for _ in range(1000):
                x = x * x
            return y

        def less_stupid_fori(x):
            y = lnp.copy(x)
            # The seed passes start=/stop=, which JAX 0.10.2 rejects too
            # (its parameters are lower/upper): positional here.
            x = lib.lax.fori_loop(0, 1000, lambda i, x: x * x, x)
            return y

        def less_stupid_while(x):
            y = lnp.copy(x)
            x = lib.lax.while_loop(
                cond_fun=lambda ix: ix[0] < 1000,
                body_fun=lambda ix: (ix[0] + 1, ix[1] * ix[1]),
                init_val=(0, x))
            return y

        config = dict(relu=False)

        @lib.jit
        def relu_fn(W, x):
            y = x @ W
            if config["relu"]:
                y = lib.nn.relu(y)
            return y

        @lib.jit
        def cond_fn(x):
            pred = lnp.abs(x.max() - x.min()) <= 1.0
            return lib.lax.cond(pred, lambda x: x, lambda x: x / 2, x)

        W = np_.random.RandomState(0).randn(4, 2).astype(np_.float32)
        b = np_.ones(2, np_.float32)
        x4 = np_.arange(4, dtype=np_.float32)
        x2 = np_.array([1.1, -1.1], np_.float32)
        return [
            ("fn", fn, (W, b, x4), {}, ["jxp.dot_general", "jxp.add"]),
            ("create_filled_int", create_filled, (2, 5),
             dict(static_argnums=(1,)), ["jxp.broadcast_in_dim"]),
            ("create_filled_float", create_filled, (1.6, 10),
             dict(static_argnums=(1,)), ["jxp.broadcast_in_dim"]),
            ("stupid_fn", stupid_fn, (x4,), {}, ["jxp.mul"]),
            ("less_stupid_fori", less_stupid_fori, (x2,), {}, ["jxp.mul"]),
            ("less_stupid_while", less_stupid_while, (x2,), {},
             ["jxp.while", "jxp.mul"]),
            ("relu_fn", relu_fn, (np_.ones((2, 2), np_.float32),
                                  np_.ones(2, np_.float32)), {},
             ["jxp.dot_general"]),
            ("cond_fn", cond_fn, (np_.array([1.0, -1.0], np_.float32),),
             {}, ["call @cond_fn", "jxp.reduce max", "jxp.reduce min",
                  "jxp.abs", "jxp.cond", "jxp.div"]),
        ]

    return cells(jxp, xnp), cells(jax, jnp)


_CELLS = list(zip(*_seed_cells(np)))


@pytest.mark.parametrize("ours,theirs", _CELLS, ids=[c[0][0] for c in _CELLS])
def test_seed_make_jaxpr_cells(ours, theirs):
    _, fun, args, kw, ops = ours
    _, jfun, jargs, jkw, _ = theirs
    got = jxp.make_jaxpr(fun, **kw)(*args)
    want = jax.make_jaxpr(jfun, **jkw)(*jargs)
    text = str(got)
    assert text == repr(got)
    assert "func.func @main" in text
    for op in ops:
        assert op in text, (op, text)
    assert _avals(got.in_avals) == _avals(want.in_avals)
    assert _avals(got.out_avals) == _avals(want.out_avals)


def test_stupid_fn_shows_every_multiplication():
    """The tutorial's point: the unrolled loop's 1000 products are all in
    the traced program (as in JAX's jaxpr)."""
    (_, fun, args, _, _), (_, jfun, jargs, _, _) = _CELLS[3]
    assert fun.__name__ == "stupid_fn"
    text = str(jxp.make_jaxpr(fun)(*args))
    want = str(jax.make_jaxpr(jfun)(*jargs))
    assert text.count("jxp.mul") == want.count(" mul ") == 1000


def test_prints_the_traced_ops():
    def f(x):
        return xnp.sin(xnp.cos(x))

    text = str(jxp.make_jaxpr(f)(3.0))
    assert "jxp.sin" in text and "jxp.cos" in text
    grad_text = str(jxp.make_jaxpr(jxp.grad(f))(3.0))
    assert "jxp.sin" in grad_text and grad_text != text
    want = jax.make_jaxpr(jax.grad(lambda x: jnp.sin(jnp.cos(x))))(3.0)
    got = jxp.make_jaxpr(jxp.grad(f))(3.0)
    assert _avals(got.in_avals) == _avals(want.in_avals)
    assert _avals(got.out_avals) == _avals(want.out_avals)


def _pair(lib, lnp):
    def f(x, y, scale):
        return {"s": lnp.sin(x) * scale, "t": (y.astype(lnp.int32), x.sum())}
    return f


@pytest.mark.parametrize("args", [
    (np.ones((2, 3), np.float32), np.arange(3.0), 2.0),
    (1.0, np.float32(2), 3),
    (np.ones(4, np.int32), np.ones(4, np.bool_), 0.5),
])
def test_return_shape_matches_jax(args):
    got, got_shape = jxp.make_jaxpr(_pair(jxp, xnp), return_shape=True)(*args)
    want, want_shape = jax.make_jaxpr(_pair(jax, jnp),
                                      return_shape=True)(*args)
    _same_tree(got_shape, want_shape)
    assert all(type(s) is jxp.ShapeDtypeStruct
               for s in jxp.tree_util.tree_leaves(got_shape))
    assert _avals(got.out_avals) == _avals(want.out_avals)
    assert _avals(got.in_avals) == _avals(want.in_avals)


@pytest.mark.parametrize("static_argnums", [1, (1,), -1])
def test_static_argnums(static_argnums):
    def f(lib):
        def g(x, n):
            return x * n
        return g

    got = jxp.make_jaxpr(f(jxp), static_argnums=static_argnums)(
        np.ones(3, np.float32), 3)
    want = jax.make_jaxpr(f(jax), static_argnums=static_argnums)(
        np.ones(3, np.float32), 3)
    assert _avals(got.in_avals) == _avals(want.in_avals)
    assert _avals(got.out_avals) == _avals(want.out_avals)
    # The static value is a constant of the program, not an argument.
    assert len(got.in_avals) == 1
    assert "3.0" in str(got) or "3.000000e+00" in str(got)


def test_all_arguments_static():
    got = jxp.make_jaxpr(lambda x, n: xnp.full((n,), x),
                         static_argnums=(0, 1))(2.0, 3)
    want = jax.make_jaxpr(lambda x, n: jnp.full((n,), x),
                          static_argnums=(0, 1))(2.0, 3)
    assert got.in_avals == [] and len(want.in_avals) == 0
    assert _avals(got.out_avals) == _avals(want.out_avals)


def test_static_argnums_errors_as_jax():
    def f(x, n):
        return x * n

    # Past the positional parameters.
    _same_error(lambda: jxp.make_jaxpr(f, static_argnums=5)(1.0, 2),
                lambda: jax.make_jaxpr(f, static_argnums=5)(1.0, 2))
    # An unhashable static argument.
    _same_error(lambda: jxp.make_jaxpr(f, static_argnums=1)(1.0, [2]),
                lambda: jax.make_jaxpr(f, static_argnums=1)(1.0, [2]))


@pytest.mark.parametrize("fun", [5, "f", None])
def test_make_jaxpr_of_non_callable(fun):
    _same_error(lambda: jxp.make_jaxpr(fun), lambda: jax.make_jaxpr(fun))


def test_make_jaxpr_errors_inside_fun():
    _same_error(lambda: jxp.make_jaxpr(lambda x: x @ x)(np.ones((2, 3))),
                lambda: jax.make_jaxpr(lambda x: x @ x)(np.ones((2, 3))))
    _same_error(lambda: jxp.make_jaxpr(lambda x: x)("a"),
                lambda: jax.make_jaxpr(lambda x: x)("a"))


def test_make_jaxpr_of_shape_dtype_structs():
    args = lambda lib: (lib.ShapeDtypeStruct((2, 3), np.float32),
                        lib.ShapeDtypeStruct((), np.float32, weak_type=True))
    got = jxp.make_jaxpr(lambda a, s: a * s)(*args(jxp))
    want = jax.make_jaxpr(lambda a, s: a * s)(*args(jax))
    assert _avals(got.in_avals) == _avals(want.in_avals)
    assert _avals(got.out_avals) == _avals(want.out_avals)


def test_axis_env_binds_names_for_collectives():
    got = jxp.make_jaxpr(lambda x: jxp.lax.psum(x, "i"),
                         axis_env=[("i", 4)])(np.ones(3, np.float32))
    want = jax.make_jaxpr(lambda x: jax.lax.psum(x, "i"),
                          axis_env=[("i", 4)])(np.ones(3, np.float32))
    assert "jxp.all_reduce" in str(got)
    assert _avals(got.out_avals) == _avals(want.out_avals)
    # Without it, the name is unbound in both.
    _same_error(
        lambda: jxp.make_jaxpr(lambda x: jxp.lax.psum(x, "i"))(1.0),
        lambda: jax.make_jaxpr(lambda x: jax.lax.psum(x, "i"))(1.0))


def test_make_jaxpr_name():
    def my_function(x):
        return x

    assert (jxp.make_jaxpr(my_function).__name__
            == jax.make_jaxpr(my_function).__name__)


# ---------------------------------------------------------------------------
# ShapeDtypeStruct
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("shape,dtype,kw", [
    ((2, 3), np.float32, {}), ([4], "int32", {}), ((), np.bool_, {}),
    ((2,), "float32", dict(weak_type=True)), ((1, 0, 2), np.float64, {}),
    ((3,), np.uint8, dict(weak_type=False)), ((5,), np.complex64, {}),
])
def test_shape_dtype_struct_as_jax(shape, dtype, kw):
    got = jxp.ShapeDtypeStruct(shape, dtype, **kw)
    want = jax.ShapeDtypeStruct(shape, dtype, **kw)
    assert repr(got) == repr(want)
    assert str(got) == str(want)
    for attr in ("shape", "dtype", "ndim", "size", "weak_type", "sharding"):
        assert getattr(got, attr) == getattr(want, attr), attr
    assert type(got.dtype) is type(want.dtype)
    if shape:
        assert len(got) == len(want)
    else:
        _same_error(lambda: len(got), lambda: len(want))


def test_shape_dtype_struct_with_jxp_dtype():
    assert jxp.ShapeDtypeStruct((2,), xnp.float32).dtype == np.float32
    assert jxp.ShapeDtypeStruct((2,), xnp.int8).dtype == np.int8


def test_shape_dtype_struct_equality_and_hash():
    S = jxp.ShapeDtypeStruct
    a, b = S((2, 3), np.float32), S([2, 3], "float32")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, S((2, 3), np.float32, weak_type=True)}) == 2
    for other in (S((3, 2), np.float32), S((2, 3), np.int32),
                  S((2, 3), np.float32, weak_type=True)):
        assert a != other
    assert a != (2, 3) and a != jax.ShapeDtypeStruct((2, 3), np.float32)
    jax_a = jax.ShapeDtypeStruct((2, 3), np.float32)
    assert (jax_a == jax.ShapeDtypeStruct((2, 3), np.float32,
                                          weak_type=True)) is False


def test_shape_dtype_struct_errors_as_jax():
    _same_error(lambda: jxp.ShapeDtypeStruct((2,), None),
                lambda: jax.ShapeDtypeStruct((2,), None))
    _same_error(lambda: jxp.ShapeDtypeStruct((2,), np.float32, sharding=3),
                lambda: jax.ShapeDtypeStruct((2,), np.float32, sharding=3))
    _same_error(lambda: jxp.ShapeDtypeStruct((2,), "notadtype"),
                lambda: jax.ShapeDtypeStruct((2,), "notadtype"))
    got = jxp.ShapeDtypeStruct((2,), np.float32)
    want = jax.ShapeDtypeStruct((2,), np.float32)
    _same_error(lambda: setattr(got, "shape", (3,)),
                lambda: setattr(want, "shape", (3,)))


def test_shape_dtype_struct_sharding():
    mesh = jxp.make_mesh((1,), ("x",))
    s = jxp.NamedSharding(mesh, jxp.P("x"))
    sds = jxp.ShapeDtypeStruct((4,), np.float32, sharding=s)
    assert sds.sharding is s
    assert "sharding=" in repr(sds)
    assert sds != jxp.ShapeDtypeStruct((4,), np.float32)


# ---------------------------------------------------------------------------
# eval_shape
# ---------------------------------------------------------------------------


def _eval_cases(lib, lnp):
    S = lib.ShapeDtypeStruct
    return [
        (lambda x: x * 2, (1.0,), {}),
        (lambda x: x * 2, (1,), {}),
        (lambda x: x * 2, (np.float32(1),), {}),
        (lambda x: x * 2.0, (np.arange(3),), {}),
        (lambda x: lnp.tanh(x @ x.T), (S((20, 30), np.float32),), {}),
        (lambda x: x + 1, (S((2,), np.float32, weak_type=True),), {}),
        (lambda x: x, (S((2,), np.float64),), {}),
        (lambda x: x.astype(lnp.int8), (lnp.ones((2, 2)),), {}),
        (lambda d, *, k: {"a": [d["p"] + k, d["q"]], "b": (d["p"].sum(),)},
         ({"p": np.ones((3,), np.float32), "q": 2},), dict(k=1.5)),
        (lambda xs: [lnp.concatenate(xs), len(xs)],
         ([np.ones(2, np.int32), S((3,), np.int32)],), {}),
        (lambda x: (x > 0, lnp.argmax(x)), (S((5,), np.float32),), {}),
    ]


_EVAL = list(zip(_eval_cases(jxp, xnp), _eval_cases(jax, jnp)))


@pytest.mark.parametrize("ours,theirs", _EVAL)
def test_eval_shape_as_jax(ours, theirs):
    got = jxp.eval_shape(ours[0], *ours[1], **ours[2])
    want = jax.eval_shape(theirs[0], *theirs[1], **theirs[2])
    _same_tree(got, want)
    for s in jxp.tree_util.tree_leaves(got):
        assert type(s) is jxp.ShapeDtypeStruct


def test_eval_shape_runs_nothing(monkeypatch):
    """Shapes far too large to allocate: only tracing happens, nothing is
    compiled or transferred."""
    from jxp._src import compiler, transfer

    def refuse(*args, **kwargs):
        raise AssertionError("eval_shape compiled or transferred something")
    monkeypatch.setattr(compiler, "_compile", refuse)
    monkeypatch.setattr(transfer, "device_put", refuse)
    big = jxp.ShapeDtypeStruct((200_000, 200_000), np.float32)
    out = jxp.eval_shape(lambda a, b: xnp.tanh(a @ b), big, big)
    assert out == jxp.ShapeDtypeStruct((200_000, 200_000), np.float32)


def test_eval_shape_of_duck_typed_args():
    class Duck:
        shape = (2, 3)
        dtype = np.dtype(np.int16)

    got = jxp.eval_shape(lambda x: x.sum(axis=0), Duck())
    want = jax.eval_shape(lambda x: x.sum(axis=0), Duck())
    _same_tree(got, want)


def test_eval_shape_errors_as_jax():
    _same_error(lambda: jxp.eval_shape(lambda x: x @ x, xnp.ones((2, 3))),
                lambda: jax.eval_shape(lambda x: x @ x, jnp.ones((2, 3))))
    _same_error(lambda: jxp.eval_shape(5, 1), lambda: jax.eval_shape(5, 1))
    _same_error(lambda: jxp.eval_shape(lambda x: x, "a"),
                lambda: jax.eval_shape(lambda x: x, "a"))
    _same_error(
        lambda: jxp.eval_shape(lambda x: xnp.reshape(x, (7,)),
                               jxp.ShapeDtypeStruct((2, 3), np.float32)),
        lambda: jax.eval_shape(lambda x: jnp.reshape(x, (7,)),
                               jax.ShapeDtypeStruct((2, 3), np.float32)))

    def concretizes(x):
        if x > 0:
            return x
        return -x

    _same_error(lambda: jxp.eval_shape(concretizes, 1.0),
                lambda: jax.eval_shape(concretizes, 1.0))


# ---------------------------------------------------------------------------
# typeof, device_get, named_scope, ensure_compile_time_eval
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("make", [
    lambda lnp: lnp.ones(3), lambda lnp: np.ones(2), lambda lnp: 1.0,
    lambda lnp: 3, lambda lnp: True, lambda lnp: 1j,
    lambda lnp: np.float64(1), lambda lnp: lnp.arange(6).reshape(2, 3),
    lambda lnp: lnp.zeros((), lnp.bfloat16),
])
def test_typeof_as_jax(make):
    got, want = jxp.typeof(make(xnp)), jax.typeof(make(jnp))
    assert type(got).__name__ == "ShapedArray"
    assert _aval_key(got) == _aval_key(want)
    assert str(got) == str(want)  # "float32[3]", "~float32[]"


def test_typeof_of_tracer_and_errors():
    seen = {}

    def f(lib):
        def g(x):
            seen[lib.__name__] = _aval_key(lib.typeof(x))
            return x
        return g

    jxp.jit(f(jxp))(np.ones((2, 2), np.int32))
    jax.jit(f(jax))(np.ones((2, 2), np.int32))
    assert seen["jxp"] == seen["jax"]
    _same_error(lambda: jxp.typeof("a"), lambda: jax.typeof("a"))


def test_device_get_as_jax():
    def tree(lnp):
        return {"a": lnp.arange(3.0), "b": 3, "c": "text", "d": np.ones(1),
                "e": [2.5, lnp.int32(7), lnp.ones((2, 2), lnp.bool_)],
                "f": None}

    got, want = jxp.device_get(tree(xnp)), jax.device_get(tree(jnp))
    got_leaves, got_def = jxp.tree_util.tree_flatten(got)
    want_leaves, want_def = jax.tree_util.tree_flatten(want)
    assert str(got_def) == str(want_def)
    for g, w in zip(got_leaves, want_leaves):
        assert type(g) is type(w), (g, w)
        if isinstance(w, np.ndarray):
            assert g.dtype == w.dtype
            np.testing.assert_array_equal(g, w)
        else:
            assert g == w
    assert isinstance(jxp.device_get(xnp.float32(2)), np.ndarray)


def test_named_scope_as_jax():
    def f(lib, lnp):
        def g(x):
            with lib.named_scope("layer1"):
                y = lnp.sin(x) * 2
            with lib.named_scope("layer2"):
                return y + 1
        return g

    x = np.linspace(0, 1, 5, dtype=np.float32)
    np.testing.assert_allclose(jxp.jit(f(jxp, xnp))(x),
                               jax.jit(f(jax, jnp))(x), rtol=1e-6)
    np.testing.assert_allclose(f(jxp, xnp)(x), f(jax, jnp)(x), rtol=1e-6)
    assert "jxp.sin" in str(jxp.make_jaxpr(f(jxp, xnp))(x))
    _same_error(lambda: jxp.named_scope(3), lambda: jax.named_scope(3))


def test_ensure_compile_time_eval():
    # Outside jit: eager, a concrete array, as JAX.
    with jxp.ensure_compile_time_eval():
        got = xnp.ones(2) + 1
    with jax.ensure_compile_time_eval():
        want = jnp.ones(2) + 1
    assert isinstance(got, jxp.Array)
    np.testing.assert_array_equal(got, want)

    # Inside jit: the values are JAX's (the constant is folded into the
    # program in jxp, computed while tracing in JAX).
    def f(lib, lnp):
        def g(x):
            with lib.ensure_compile_time_eval():
                y = lnp.sin(np.float32(1.0)) * 2
                z = x * 2
            return x + y + z
        return g

    np.testing.assert_allclose(jxp.jit(f(jxp, xnp))(1.0),
                               jax.jit(f(jax, jnp))(1.0), rtol=1e-6)


def test_dtypes_module_as_jax():
    """jax.dtypes' names: float0 (integer tangents), bfloat16, canonical
    dtypes, promotion, scalar types, bit sizes."""
    assert jxp.dtypes.float0 == jax.dtypes.float0
    assert jxp.dtypes.bfloat16 is jax.dtypes.bfloat16
    for dt in (np.float64, np.int64, np.uint8, np.complex128, np.bool_):
        assert jxp.dtypes.canonicalize_dtype(dt) == \
            jax.dtypes.canonicalize_dtype(dt)
        assert jxp.dtypes.itemsize_bits(dt) == jax.dtypes.itemsize_bits(dt)
    for x in (1, 1.0, 1j, True, np.int8(1), np.float16(1), np.zeros(2)):
        assert jxp.dtypes.scalar_type_of(x) is jax.dtypes.scalar_type_of(x)
    for args in ((1.0, np.int32(1)), (np.int8(1), 2), (np.float16(1), 1j)):
        assert jxp.dtypes.result_type(*args) == jax.dtypes.result_type(*args)
    g = jxp.grad(lambda x, n: x * n, argnums=1, allow_int=True)(2.0, 3)
    assert g.dtype == jxp.dtypes.float0
