"""jxp.scipy.optimize.minimize against jax.scipy.optimize.minimize: BFGS
(and JAX's experimental L-BFGS) on Rosenbrock (2-D and 5-D), a quadratic, a logistic-regression loss with
`args`, a start at the minimum, non-default options (norm, gtol) and a run
stopped by maxiter; every field of the result (x, fun, jac, hess_inv, nit,
nfev, njev, status, success) with dtypes and weak types, in 32 and 64 bit;
and the error classes for bad input. All problems of one precision are one
jitted program per library."""

import jax
import jax.numpy as jnp
import jax.scipy.optimize as jso
import numpy as np
import pytest

import jxp
import jxp.numpy as xnp
import jxp.scipy.optimize as xso

from jxp_test_util import assert_same, raises_like

R = np.random.default_rng(5)
_A = R.standard_normal((4, 4))
SPD = _A @ _A.T + 4 * np.eye(4)
B = R.standard_normal(4)
FEATURES = R.standard_normal((24, 3))
LABELS = (FEATURES @ np.array([1.5, -2.0, 0.5])
          + 0.7 * R.standard_normal(24) > 0).astype(np.float64)


def rosen(np_):
    def f(x):
        return np_.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2
                       + (1 - x[:-1]) ** 2)
    return f


def quadratic(np_, dt):
    a, b = np_.asarray(SPD, dt), np_.asarray(B, dt)
    return lambda x: 0.5 * x @ (a @ x) - b @ x


def logistic(np_):
    def loss(w, feats, labels):
        z = feats @ w[:-1] + w[-1]
        return np_.mean(np_.logaddexp(0.0, z) - labels * z) + \
            1e-3 * np_.sum(w ** 2)
    return loss


# name -> (objective builder (np module, dtype), x0, extra args, options)
PROBLEMS = {
    "rosen2": (lambda m, dt: rosen(m), [-1.2, 1.0], (), None),
    "rosen5": (lambda m, dt: rosen(m), [-1.2, 1.0, -0.5, 0.3, 0.8], (),
               None),
    "quadratic": (quadratic, [1.0, -2.0, 0.5, 3.0], (), None),
    "quadratic_norm2": (quadratic, [1.0, -2.0, 0.5, 3.0], (),
                        {"norm": 2, "gtol": 1e-3}),
    "logistic": (lambda m, dt: logistic(m), [0.0, 0.0, 0.0, 0.0],
                 ("feats", "labels"), None),
    "at_minimum": (lambda m, dt: rosen(m), [1.0, 1.0, 1.0], (), None),
    "maxiter": (lambda m, dt: rosen(m), [-1.2, 1.0, -0.5], (),
                {"maxiter": 4}),
    "ls_maxiter": (lambda m, dt: rosen(m), [-1.2, 1.0], (),
                   {"line_search_maxiter": 1}),
    "lbfgs_quadratic": (quadratic, [1.0, -2.0, 0.5, 3.0], (),
                        {"maxcor": 3}),
    "lbfgs_logistic": (lambda m, dt: logistic(m), [0.0, 0.0, 0.0, 0.0],
                       ("feats", "labels"), None),
}
LBFGS = "l-bfgs-experimental-do-not-rely-on-this"
# XLA's own optimizations, whatever XLA_FLAGS say (conftest.py lowers them
# to compile the suite faster): the iterates of both libraries agree step
# by step only when XLA rewrites both programs as it does by default.
XLA_DEFAULTS = {"xla_backend_optimization_level": 3,
                "xla_cpu_use_fusion_emitters": True}

FIELDS = ("x", "fun", "jac", "hess_inv", "nit", "nfev", "njev", "status",
          "success")


def _program(m, np_, opt, dt):
    def run(feats, labels, *x0s):
        out = []
        for name, x0 in zip(PROBLEMS, x0s):
            build, _, extra, options = PROBLEMS[name]
            method = LBFGS if name.startswith("lbfgs") else "BFGS"
            args = tuple({"feats": feats, "labels": labels}[a]
                         for a in extra)
            out.append(opt.minimize(build(np_, dt), x0, args,
                                    method=method, options=options))
        return out
    return m.jit(run, compiler_options=XLA_DEFAULTS)


def test_bfgs_matches_jax(x64):
    dt = np.float64 if x64 else np.float32
    inputs = [FEATURES.astype(dt), LABELS.astype(dt)] + \
        [np.asarray(p[1], dt) for p in PROBLEMS.values()]
    got = _program(jxp, xnp, xso, dt)(*inputs)
    want = _program(jax, jnp, jso, dt)(*inputs)
    tol = 1e-9 if x64 else 2e-5
    # The gradient and the Hessian estimate of Rosenbrock's valley magnify
    # an ulp of x about a thousandfold.
    loose = 1e-7 if x64 else 2e-3
    for name, g, w in zip(PROBLEMS, got, want):
        assert type(g).__name__ == "OptimizeResults"
        assert g._fields == w._fields
        for field in FIELDS:
            try:
                # The iterates agree step by step; the tolerance covers
                # rounding differences between the two compilers.
                t = loose if field in ("jac", "hess_inv") else tol
                assert_same(getattr(g, field), getattr(w, field), rtol=t,
                            atol=t)
            except AssertionError as e:
                raise AssertionError(f"{name}.{field}: {e}") from None
    statuses = {n: int(w.status) for n, w in zip(PROBLEMS, want)}
    # The cases exercise distinct end states (guards against a test whose
    # problems all end the same way).
    assert statuses["quadratic"] == 0 and statuses["maxiter"] == 1
    assert statuses["at_minimum"] == 0 and int(want[5].nit) == 0
    assert statuses["ls_maxiter"] >= 2


def test_minimize_eager():
    x0 = np.array([0.5, -1.0, 2.0, 0.0], np.float32)
    got = xso.minimize(quadratic(xnp, np.float32), x0, method="bfgs")
    want = jso.minimize(quadratic(jnp, np.float32), x0, method="bfgs")
    for field in FIELDS:
        assert_same(getattr(got, field), getattr(want, field), rtol=2e-5,
                    atol=2e-5)


@pytest.mark.filterwarnings("ignore:Explicitly requested dtype")
def test_minimize_errors():
    f = {m: (lambda x, _m=m: _m.sum(x ** 2)) for m in (jnp, xnp)}
    cases = {
        "x0_2d": lambda o, m: o.minimize(f[m], np.ones((2, 2), np.float32),
                                         method="BFGS"),
        "x0_scalar": lambda o, m: o.minimize(f[m], np.float32(1.0),
                                             method="BFGS"),
        "x0_int": lambda o, m: o.minimize(f[m], np.array([1, 2]),
                                          method="BFGS"),
        "bad_method": lambda o, m: o.minimize(f[m], np.ones(2, np.float32),
                                              method="Nelder-Mead"),
        "no_method": lambda o, m: o.minimize(f[m], np.ones(2, np.float32)),
        "args_list": lambda o, m: o.minimize(f[m], np.ones(2, np.float32),
                                             [1], method="BFGS"),
        "bad_option": lambda o, m: o.minimize(f[m], np.ones(2, np.float32),
                                              method="BFGS",
                                              options={"bogus": 1}),
    }
    for name, call in cases.items():
        with pytest.raises(Exception) as want:
            call(jso, jnp)
        raises_like(want.value, lambda: call(xso, xnp))
