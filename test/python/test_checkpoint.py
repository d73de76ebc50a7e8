"""jax.checkpoint / jax.remat (issue 12) against JAX: values and
derivatives through the jxp.remat region op for each named policy, what
the policy saves (the StableHLO of jit(grad) holds as many sines, cosines,
dots and optimization barriers as JAX's: recomputed ops appear twice),
static_argnums, keyword arguments and pytrees, checkpointed scan bodies,
and errors.
"""

import re

import jax
import jax.numpy as rjnp
import numpy as np
import pytest

import jxp
import jxp.numpy as jnp
from jxp_test_util import assert_same

LIBS = {"jax": (jax, rjnp), "jxp": (jxp, jnp)}
POLICIES = [None, "nothing_saveable", "everything_saveable", "dots_saveable",
            "checkpoint_dots", "dots_with_no_batch_dims_saveable"]
F32 = np.float32
X = np.linspace(-1, 1, 3).astype(F32)
W = (np.eye(3) * 0.7 + 0.1).astype(F32)


def _remat(top, policy_name, **kw):
    if policy_name is None:
        return lambda f: top.checkpoint(f, **kw)
    return lambda f: top.checkpoint(
        f, policy=getattr(top.checkpoint_policies, policy_name), **kw)


def _mlp_loss(lib, policy_name, **kw):
    top, np_ = LIBS[lib]

    @_remat(top, policy_name, **kw)
    def block(x, w):
        return np_.sin(np_.sin(w @ x))

    def loss(x, w):
        return np_.sum(np_.cos(block(block(x, w), w)))
    return top, loss


def _counts(text):
    return {op: len(re.findall(rf"stablehlo\.{op}\b", text))
            for op in ("sine", "cosine", "dot_general",
                       "optimization_barrier")}


@pytest.mark.parametrize("policy", POLICIES, ids=str)
def test_grad_and_what_is_saved(policy):
    results, counts = {}, {}
    for lib in ("jax", "jxp"):
        top, loss = _mlp_loss(lib, policy)
        g = top.grad(loss, argnums=(0, 1))
        results[lib] = (top.jit(g)(X, W), g(X, W))
        counts[lib] = _counts(top.jit(g).lower(X, W).as_text())
    assert_same(results["jxp"][0], results["jax"][0], rtol=2e-6)
    assert_same(results["jxp"][1], results["jax"][0], rtol=2e-6)
    assert counts["jxp"] == counts["jax"], counts


def test_prevent_cse_false_has_no_barrier():
    for lib in ("jax", "jxp"):
        top, loss = _mlp_loss(lib, None, prevent_cse=False)
        text = top.jit(top.grad(loss)).lower(X, W).as_text()
        assert "optimization_barrier" not in text, lib


@pytest.mark.parametrize("transform", ["value", "jvp", "hessian", "jacrev",
                                       "grad_of_grad"])
def test_transforms(transform):
    """Forward mode, forward over reverse and reverse over reverse through
    a remat, eagerly and under jit."""
    got = []
    for lib in ("jax", "jxp"):
        top, np_ = LIBS[lib]
        f = top.checkpoint(lambda x: np_.sin(x) ** 3 * np_.exp(x[::-1]))
        run = {
            "value": f,
            "jvp": lambda x: top.jvp(f, (x,), (np_.ones_like(x),)),
            "hessian": top.hessian(lambda x: f(x).sum()),
            "jacrev": top.jacrev(f),
            "grad_of_grad": top.grad(lambda x: top.grad(
                lambda y: f(y).sum())(x).sum()),
        }[transform]
        got.append((run(X), top.jit(run)(X)))
    assert_same(got[1][0], got[0][0], rtol=1e-5, atol=1e-6)
    assert_same(got[1][1], got[0][1], rtol=1e-5, atol=1e-6)


def test_static_argnums_kwargs_and_pytrees():
    got = []
    for lib in ("jax", "jxp"):
        top, np_ = LIBS[lib]

        def f(params, n, *, scale):
            h = params["x"]
            for _ in range(n):
                h = np_.tanh(params["w"] @ h) * scale
            return {"out": h, "n": n}
        g = top.checkpoint(f, static_argnums=(1,))

        def loss(params):
            return g(params, 3, scale=F32(0.5))["out"].sum()
        got.append((top.grad(loss)({"x": X, "w": W}),
                    top.jit(top.value_and_grad(loss))({"x": X, "w": W})))
    assert_same(got[1], got[0], rtol=2e-6)


def test_checkpointed_scan_body():
    """The common memory-saving pattern: a remat inside a scan body, under
    jit(grad)."""
    got, counts = [], []
    for lib in ("jax", "jxp"):
        top, np_ = LIBS[lib]

        def loss(w, xs):
            @top.checkpoint
            def step(h, x):
                h = np_.sin(w @ h + x)
                return h, np_.cos(h).sum()
            h, ys = top.lax.scan(step, np_.zeros(3), xs)
            return h.sum() + ys.sum()
        xs = np.linspace(-1, 1, 15).astype(F32).reshape(5, 3)
        g = top.jit(top.grad(loss, argnums=(0, 1)))
        got.append(g(W, xs))
        counts.append(_counts(g.lower(W, xs).as_text()))
    assert_same(got[1], got[0], rtol=2e-6)
    assert counts[1]["sine"] == counts[0]["sine"] and \
        counts[1]["optimization_barrier"] >= 1, counts


def test_decorator_forms_and_remat_alias():
    assert jxp.remat is jxp.checkpoint
    f = jxp.checkpoint(policy=jxp.checkpoint_policies.dots_saveable)(
        lambda x: jnp.sin(x) * 2)
    assert_same(f(F32(0.5)), jax.checkpoint(lambda x: rjnp.sin(x) * 2)(
        F32(0.5)))


def test_errors():
    with pytest.raises(NotImplementedError, match="checkpoint_policies"):
        jxp.checkpoint(jnp.sin, policy=lambda *a, **k: True)
    with pytest.raises(TypeError):
        jxp.checkpoint(3)
    # An error inside the function is the user's, as without checkpoint.
    for top, np_ in LIBS.values():
        with pytest.raises(TypeError):
            top.checkpoint(lambda x: np_.dot(x, np_.ones(4)))(np_.ones(3))
