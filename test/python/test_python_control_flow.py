"""Python control flow under eager transformations (issue 12, item 6).

Outside jit, JAX's transformations see concrete values: `grad(f)(2.0)` of an
`f` that says `if x > 0:` works, and so do `int(x)`, `x.item()` and
`range(x)`-style indexing, while `float(x)` and `np.asarray(x)` still raise.
jxp traces eagerly too; a tracer whose inputs are known is evaluated (the
slice of the trace that computes it) when Python asks for its value, and
the trace follows the branch taken. Under jit the same functions raise
TracerBoolConversionError, as JAX.

Each case runs under both libraries (`lib` is jax or jxp) and must agree:
values, dtypes, weak types, error classes.
"""

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same

LIBS = {"jax": (jax, rjnp), "jxp": (jxp, jnp)}


def branch(np_):
    def f(x):
        if x > 0:
            return x ** 2
        return -x
    return f


def python_while(np_):
    def f(x):
        while x < 10.0:
            x = x * 2
        return x
    return f


def int_count(np_):
    def f(x, n):
        for _ in range(int(n)):
            x = x * np_.sin(x)
        return x
    return f


def item_branch(np_):
    def f(x):
        y = np_.sin(x)
        return y if y.item() > 0 else -y
    return f


def closure_branch(np_):
    def f(x):
        w = np_.array([1.0, -2.0])
        s = np_.sum(w * x)
        return s if s > 0 else np_.zeros((), s.dtype)
    return f


def any_branch(np_):
    def f(x):
        if (x > 0).any():
            return np_.where(x > 0, x, 0.0).sum()
        return np_.sum(x * 0.0)
    return f


def index_by_value(np_):
    def f(x, i):
        return x * np_.arange(5.0)[i]
    return f


def nested_grad(np_, lib):
    def f(x):
        g = lib.grad(branch(np_))
        return g(x) * x if x < 3 else x
    return f


# (name, function of (numpy module, library), args, transformations)
CASES = [
    ("branch", lambda np_, lib: branch(np_), [(2.0,), (-2.0,)]),
    ("while", lambda np_, lib: python_while(np_), [(3.0,), (0.5,)]),
    ("int_count", lambda np_, lib: int_count(np_), [(1.5, 3), (1.5, 0)]),
    ("item", lambda np_, lib: item_branch(np_), [(1.0,), (-1.0,)]),
    ("closure", lambda np_, lib: closure_branch(np_),
     [(np.array([3.0, 1.0], np.float32),), (np.array([1.0, 3.0], np.float32),)]),
    ("any", lambda np_, lib: any_branch(np_),
     [(np.array([1.0, -1.0], np.float32),), (np.array([-1.0, -2.0], np.float32),)]),
    ("index", lambda np_, lib: index_by_value(np_),
     [(2.0, np.int32(3))]),
    ("nested_grad", nested_grad, [(2.0,), (4.0,)]),
]

TRANSFORMS = {
    "grad": lambda lib, f, args: lib.grad(f)(*args),
    "value_and_grad": lambda lib, f, args: lib.value_and_grad(f)(*args),
    "jvp": lambda lib, f, args: lib.jvp(
        lambda x: f(x, *args[1:]), (args[0],), (_ones_like(args[0]),)),
    # Integer arguments stay out (their cotangents are JAX's float0).
    "vjp": lambda lib, f, args: lib.vjp(
        lambda x: f(x, *args[1:]), args[0])[1](lib.numpy.ones_like(f(*args))),
    "linearize": lambda lib, f, args: lib.linearize(
        lambda x: f(x, *args[1:]), args[0])[1](_ones_like(args[0])),
    "jacfwd": lambda lib, f, args: lib.jacfwd(f)(*args),
    "jacrev": lambda lib, f, args: lib.jacrev(f)(*args),
    "hessian": lambda lib, f, args: lib.hessian(f)(*args),
}


def _ones_like(x):
    """A tangent of x's type: Python floats stay Python floats (weak)."""
    return 1.0 if isinstance(x, float) else np.ones_like(x)


def _run(lib_name, case, transform, args):
    lib, np_ = LIBS[lib_name]
    f = case(np_, lib)
    return TRANSFORMS[transform](lib, f, args)


def _cases():
    return [pytest.param(case, transform, args, id=f"{name}-{transform}-{k}")
            for name, case, arg_sets in CASES for transform in TRANSFORMS
            for k, args in enumerate(arg_sets)]


@pytest.mark.parametrize("case,transform,args", _cases())
def test_eager_transformations_see_values(case, transform, args):
    try:
        want = _run("jax", case, transform, args)
    except Exception as e:  # noqa: BLE001 - compared by class
        with pytest.raises(Exception) as got:
            _run("jxp", case, transform, args)
        assert type(got.value).__name__ == type(e).__name__, (got.value, e)
        return
    got = _run("jxp", case, transform, args)
    got_leaves, want_leaves = (jax.tree_util.tree_leaves(got),
                               jax.tree_util.tree_leaves(want))
    assert len(got_leaves) == len(want_leaves)
    for g, w in zip(got_leaves, want_leaves):
        if isinstance(w, jax.Array) and isinstance(g, jxp.Array):
            assert_same(g, w, rtol=1e-5, atol=1e-6)
        else:
            # An input returned untouched: JAX's typed Python scalar.
            assert np.asarray(g).tolist() == np.asarray(w).tolist(), (g, w)


def test_under_jit_python_control_flow_still_raises():
    for lib, np_ in LIBS.values():
        with pytest.raises(Exception) as e:
            lib.jit(lib.grad(branch(np_)))(2.0)
        assert type(e.value).__name__ == "TracerBoolConversionError"


@pytest.mark.parametrize("what", ["float", "asarray", "ambiguous"])
def test_what_stays_abstract(what):
    """float() and np.asarray() of a tracer raise under eager grad too, as
    in JAX; bool() of a non-scalar raises the ambiguity error."""
    fns = {"float": lambda x: x * float(x),
           "asarray": lambda x: x * np.asarray(x),
           "ambiguous": lambda x: (x if x > 0 else -x).sum()}
    errors = []
    for lib, np_ in LIBS.values():
        arg = np.array([1.0, -1.0], np.float32) if what == "ambiguous" \
            else 2.0
        with pytest.raises(Exception) as e:
            lib.grad(fns[what])(arg)
        errors.append(type(e.value).__name__)
    assert errors[0] == errors[1], errors


def test_each_call_follows_its_own_branch():
    """Eager transformations trace on every call: the same function takes
    the other branch when called with another value (no stale cache)."""
    f = jxp.grad(branch(jnp))
    assert [float(f(x)) for x in (2.0, -2.0, 3.0, -3.0)] == \
        [4.0, -1.0, 6.0, -1.0]
