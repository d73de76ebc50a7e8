"""jxp.scipy.optimize: unconstrained minimization, as jax.scipy.optimize.

`minimize(fun, x0, method="BFGS")` runs BFGS (Nocedal & Wright, Numerical
Optimization, algorithm 6.1) with an inexact line search that satisfies the
strong Wolfe conditions (algorithms 3.5 and 3.6 there). The whole search is
written with jxp.lax.while_loop and jnp.where, never with Python control
flow on values, so it traces under jxp.jit; the steps, safeguards and
constants follow JAX's so that the iterates, counters and status codes agree
with jax.scipy.optimize.minimize.

Status codes (as JAX): 0 converged, 1 maxiter reached, 2 + the line
search's code when the line search failed (3: zoom failed, 5: line search
maxiter reached), -1 otherwise.
"""

from typing import Any, NamedTuple

import numpy as np

from jxp._src import dtypes as _dtypes
from jxp._src.ad import value_and_grad
from jxp._src.lax import control_flow, lax, slicing
from jxp._src.numpy import (
    creation, linalg as jnp_linalg, manipulation, scalar_types, sorting,
    tensor_contractions, ufunc_api, ufuncs)
from jxp._src.numpy.ufuncs import _promote_dtypes_inexact

__all__ = ["OptimizeResults", "minimize"]


class OptimizeResults(NamedTuple):
    """What minimize returns: the final point `x`, `success`, the solver's
    `status` code, the final value `fun` and gradient `jac`, the inverse
    Hessian estimate `hess_inv` (None for L-BFGS), and the counts of
    function evaluations `nfev`, gradient evaluations `njev` and
    iterations `nit`."""
    x: Any
    success: Any
    status: Any
    fun: Any
    jac: Any
    hess_inv: Any
    nfev: Any
    njev: Any
    nit: Any


def _hdot(a, b):
    return tensor_contractions.dot(a, b, precision=lax.Precision.HIGHEST)


def _select(pred, new, old):
    """Per-field jnp.where over two dicts: `new`'s entries where pred."""
    return {k: sorting.where(pred, v, old[k]) for k, v in new.items()}


# --- step-length interpolation --------------------------------------------

def _cubic_step(a, fa, fpa, b, fb, c, fc):
    """Minimizer of the cubic through (a, fa) with slope fpa at a and
    through (b, fb), (c, fc); NaN when it has none (then the caller's
    bracket test rejects it)."""
    db, dc = b - a, c - a
    rb = fb - fa - fpa * db
    rc = fc - fa - fpa * dc
    denom = (db * dc) ** 2 * (db - dc)
    cubic = (dc ** 2 * rb - db ** 2 * rc) / denom
    quad = (-dc ** 3 * rb + db ** 3 * rc) / denom
    disc = quad * quad - 3. * cubic * fpa
    return a + (-quad + ufuncs.sqrt(disc)) / (3. * cubic)


def _quad_step(a, fa, fpa, b, fb):
    """Minimizer of the parabola through (a, fa) with slope fpa at a and
    through (b, fb)."""
    db = b - a
    curv = (fb - fa - fpa * db) / (db ** 2)
    return a - fpa / (2. * curv)


# --- strong-Wolfe line search ---------------------------------------------

def _zoom(phi_dphi, armijo_fails, curvature_ok, lo, hi, g0, skip, dtype):
    """Shrinks the bracket [lo, hi] (each a (alpha, phi, dphi) triple)
    until a step satisfies both Wolfe conditions. When `skip` holds the
    loop does not run and nothing is evaluated (the caller then ignores the
    result): this replaces a lax.cond by a zero-trip loop."""
    f = lambda v: creation.asarray(v, dtype)
    big = _dtypes.finfo(dtype).bits >= 64
    min_width = 1e-10 if big else 1e-5
    i0 = creation.asarray(0)
    st = dict(
        done=creation.asarray(False), failed=creation.asarray(False), j=i0,
        a_lo=f(lo[0]), phi_lo=f(lo[1]), dphi_lo=f(lo[2]),
        a_hi=f(hi[0]), phi_hi=f(hi[1]), dphi_hi=f(hi[2]),
        # The "recent" point feeds the cubic; it starts at the midpoint
        # but the cubic is only tried from the second trip on.
        a_rec=f((lo[0] + hi[0]) / 2.), phi_rec=f((lo[1] + hi[1]) / 2.),
        a_star=f(1.), phi_star=f(lo[1]), dphi_star=f(lo[2]), g_star=g0,
        nfev=i0, ngev=i0)

    def cond(s):
        return (~s["done"]) & (~skip) & (~s["failed"])

    def body(s):
        s = dict(s)
        width = s["a_hi"] - s["a_lo"]
        left = ufunc_api.minimum(s["a_hi"], s["a_lo"])
        right = ufunc_api.maximum(s["a_hi"], s["a_lo"])
        # A bracket this narrow cannot improve: stop, and since the Wolfe
        # conditions do not hold the minimizer stops too.
        s["failed"] = s["failed"] | (width <= min_width)

        cub = _cubic_step(s["a_lo"], s["phi_lo"], s["dphi_lo"], s["a_hi"],
                          s["phi_hi"], s["a_rec"], s["phi_rec"])
        margin_c = 0.2 * width
        take_cub = (s["j"] > 0) & (cub > left + margin_c) & \
            (cub < right - margin_c)
        quad = _quad_step(s["a_lo"], s["phi_lo"], s["dphi_lo"], s["a_hi"],
                          s["phi_hi"])
        margin_q = 0.1 * width
        take_quad = (~take_cub) & (quad > left + margin_q) & \
            (quad < right - margin_q)
        half = (s["a_lo"] + s["a_hi"]) / 2.
        a_j = sorting.where(take_cub, cub, s["a_rec"])
        a_j = sorting.where(take_quad, quad, a_j)
        a_j = sorting.where((~take_cub) & (~take_quad), half, a_j)

        phi_j, dphi_j, g_j = phi_dphi(a_j)
        phi_j = phi_j.astype(dtype)
        dphi_j = dphi_j.astype(dtype)
        g_j = g_j.astype(s["g_star"].dtype)
        s["nfev"] = s["nfev"] + 1
        s["ngev"] = s["ngev"] + 1

        # Exactly one of three outcomes: a_j becomes the new high end; a_j
        # is accepted; a_j becomes the new low end (the old low end moving
        # to the high side when the slope at a_j points back at it).
        to_hi = armijo_fails(a_j, phi_j) | (phi_j >= s["phi_lo"])
        accept = curvature_ok(dphi_j) & (~to_hi)
        to_lo = (~to_hi) & (~accept)
        flip = (dphi_j * (s["a_hi"] - s["a_lo"]) >= 0.) & to_lo

        s.update(_select(to_hi, dict(
            a_hi=a_j, phi_hi=phi_j, dphi_hi=dphi_j,
            a_rec=s["a_hi"], phi_rec=s["phi_hi"]), s))
        s["done"] = s["done"] | accept
        s.update(_select(accept, dict(
            a_star=a_j, phi_star=phi_j, dphi_star=dphi_j, g_star=g_j), s))
        s.update(_select(flip, dict(
            a_hi=s["a_lo"], phi_hi=s["phi_lo"], dphi_hi=s["dphi_lo"],
            a_rec=s["a_hi"], phi_rec=s["phi_hi"]), s))
        s.update(_select(to_lo & ~flip, dict(
            a_rec=s["a_lo"], phi_rec=s["phi_lo"]), s))
        s.update(_select(to_lo, dict(
            a_lo=a_j, phi_lo=phi_j, dphi_lo=dphi_j), s))
        s["j"] = s["j"] + 1
        # JAX allows more zoom trips than SciPy (30 rather than 10).
        s["failed"] = s["failed"] | (s["j"] >= 30)
        return s

    return slicing.while_loop(cond, body, st)


class _LineSearchResults(NamedTuple):
    failed: Any
    nit: Any
    nfev: Any
    ngev: Any
    k: Any
    a_k: Any
    f_k: Any
    g_k: Any
    status: Any


def _line_search(f, xk, pk, old_fval=None, old_old_fval=None, gfk=None,
                 c1=1e-4, c2=0.9, maxiter=20):
    """Step length along descent direction `pk` from `xk` satisfying the
    strong Wolfe conditions (sufficient decrease with c1, curvature with
    c2), as jax._src.scipy.optimize.line_search. Status: 0 found, 1 zoom
    failed, 3 maxiter reached."""
    xk, pk = _promote_dtypes_inexact("line_search", xk, pk)
    dtype = pk.dtype

    def phi_dphi(t):
        t = creation.asarray(t, dtype=dtype)
        val, g = value_and_grad(f)(xk + t * pk)
        return val, ufuncs.real(_hdot(g, pk)), g

    need_first = old_fval is None or gfk is None
    if need_first:
        phi0, dphi0, gfk = phi_dphi(0.)
    else:
        phi0 = old_fval
        dphi0 = ufuncs.real(_hdot(gfk, pk))
    if old_old_fval is not None:
        # The step that would reproduce the last decrease under a linear
        # model, capped at the full step.
        guess = 1.01 * 2 * (phi0 - old_old_fval) / dphi0
        first_step = sorting.where(guess > 1, 1.0, guess)
    else:
        first_step = 1.
    dt = scalar_types.result_type(phi0, dphi0)
    fd = lambda v: creation.asarray(v, dt)

    def armijo_fails(a, phi):
        return phi > phi0 + c1 * a * dphi0

    def curvature_ok(dphi):
        return ufuncs.abs(dphi) <= -c2 * dphi0

    n0 = creation.asarray(1 if need_first else 0)
    st = dict(
        done=creation.asarray(False), failed=creation.asarray(False),
        # Counting from 1 as Nocedal & Wright do (SciPy starts at 0).
        i=creation.asarray(1),
        a_prev=fd(0.), phi_prev=fd(phi0), dphi_prev=fd(dphi0),
        nfev=n0, ngev=n0,
        a_star=fd(0.), phi_star=fd(phi0), dphi_star=fd(dphi0), g_star=gfk)

    def body(s):
        s = dict(s)
        # No amax: each trip doubles the previous trial step.
        a_i = sorting.where(s["i"] == 1, first_step, s["a_prev"] * 2.).astype(dt)
        phi_i, dphi_i, g_i = phi_dphi(a_i)
        s["nfev"] = s["nfev"] + 1
        s["ngev"] = s["ngev"] + 1

        zoom_up = armijo_fails(a_i, phi_i) | \
            ((phi_i >= s["phi_prev"]) & (s["i"] > 1))
        accept = curvature_ok(dphi_i) & (~zoom_up)
        zoom_down = (dphi_i >= 0.) & (~zoom_up) & (~accept)

        prev = (s["a_prev"], s["phi_prev"], s["dphi_prev"])
        cur = (a_i, phi_i, dphi_i)
        z1 = _zoom(phi_dphi, armijo_fails, curvature_ok, prev, cur, gfk,
                   ~zoom_up, dt)
        z2 = _zoom(phi_dphi, armijo_fails, curvature_ok, cur, prev, gfk,
                   ~zoom_down, dt)
        s["nfev"] = s["nfev"] + z1["nfev"] + z2["nfev"]
        s["ngev"] = s["ngev"] + z1["ngev"] + z2["ngev"]

        keys = ("a_star", "phi_star", "dphi_star", "g_star")
        s["done"] = s["done"] | zoom_up
        s["failed"] = s["failed"] | (zoom_up & z1["failed"])
        s.update(_select(zoom_up, {k: z1[k] for k in keys}, s))
        s["done"] = s["done"] | accept
        s.update(_select(accept, dict(
            a_star=a_i, phi_star=phi_i, dphi_star=dphi_i, g_star=g_i), s))
        s["done"] = s["done"] | zoom_down
        s["failed"] = s["failed"] | (zoom_down & z2["failed"])
        s.update(_select(zoom_down, {k: z2[k] for k in keys}, s))
        s.update(i=s["i"] + 1, a_prev=a_i, phi_prev=phi_i, dphi_prev=dphi_i)
        return s

    s = slicing.while_loop(
        lambda s: (~s["done"]) & (s["i"] <= maxiter) & (~s["failed"]),
        body, st)
    status = sorting.where(s["failed"], 1, sorting.where(s["i"] > maxiter, 3, 0))
    alpha = s["a_star"]
    if _dtypes.finfo(alpha.dtype).bits != 64:
        # Below 64 bits a vanishing step would freeze the iterate; keep a
        # floor on its size.
        alpha = sorting.where(ufuncs.abs(alpha) < 1e-8, ufuncs.sign(alpha) * 1e-8,
                          alpha)
    return _LineSearchResults(
        failed=s["failed"] | (~s["done"]), nit=s["i"] - 1, nfev=s["nfev"],
        ngev=s["ngev"], k=s["i"], a_k=alpha, f_k=s["phi_star"],
        g_k=s["g_star"], status=status)


# --- BFGS -------------------------------------------------------------------

def _check_x0(x0, name):
    x0 = creation.asarray(x0)
    if x0.ndim == 0:
        raise IndexError(f"{name}: x0 must be a 1-D array of shape (n,), got "
                         f"a scalar")
    if x0.ndim != 1:
        raise TypeError(f"{name}: x0 must be a 1-D array of shape (n,), got "
                        f"shape {x0.shape}")
    if not scalar_types.issubdtype(x0.dtype, scalar_types.inexact):
        raise TypeError(f"{name}: x0 must have a floating dtype (grad needs "
                        f"inexact inputs), got {x0.dtype}")
    return x0


def _bfgs(fun, x0, maxiter=None, norm=np.inf, gtol=1e-5,
          line_search_maxiter=10):
    x0 = _check_x0(x0, "minimize")
    if maxiter is None:
        maxiter = np.size(x0) * 200
    n = x0.shape[0]
    f0, g0 = value_and_grad(fun)(x0)
    i0 = creation.asarray(0)
    st = dict(
        converged=jnp_linalg.norm(g0, ord=norm) < gtol,
        failed=creation.asarray(False), k=i0, nfev=creation.asarray(1),
        ngev=creation.asarray(1), x=x0, f=f0, g=g0,
        H=creation.eye(n, dtype=x0.dtype),
        # Seeds the first line search's initial step guess.
        f_prev=f0 + jnp_linalg.norm(g0) / 2, ls_status=i0)

    def cond(s):
        return (~s["converged"]) & (~s["failed"]) & (s["k"] < maxiter)

    def body(s):
        p = -_hdot(s["H"], s["g"])
        ls = _line_search(fun, s["x"], p, old_fval=s["f"],
                          old_old_fval=s["f_prev"], gfk=s["g"],
                          maxiter=line_search_maxiter)
        step = ls.a_k * p
        x_new = s["x"] + step
        y = ls.g_k - s["g"]
        rho = ufuncs.reciprocal(_hdot(y, step))
        # H+ = (I - rho s y^T) H (I - rho y s^T) + rho s s^T, skipped when
        # the curvature s.y is zero (rho not finite).
        w = creation.eye(n, dtype=rho.dtype) - rho * (step[:, None] * y[None, :])
        H_new = tensor_contractions.einsum("ij,jk,lk", w, s["H"], w,
                           precision=lax.Precision.HIGHEST) + \
            rho * step[:, None] * step[None, :]
        H_new = sorting.where(ufuncs.isfinite(rho), H_new, s["H"])
        return dict(
            converged=jnp_linalg.norm(ls.g_k, ord=norm) < gtol,
            failed=ls.failed, k=s["k"] + 1,
            nfev=s["nfev"] + ls.nfev, ngev=s["ngev"] + ls.ngev,
            x=x_new, f=ls.f_k, g=ls.g_k, H=H_new, f_prev=s["f"],
            ls_status=ls.status)

    s = slicing.while_loop(cond, body, st)
    status = sorting.where(
        s["converged"], 0,
        sorting.where(s["k"] == maxiter, 1,
                  sorting.where(s["failed"], 2 + s["ls_status"], -1)))
    return OptimizeResults(
        x=s["x"], success=s["converged"] & (~s["failed"]), status=status,
        fun=s["f"], jac=s["g"], hess_inv=s["H"], nfev=s["nfev"],
        njev=s["ngev"], nit=s["k"])


# --- L-BFGS (experimental in JAX too) --------------------------------------

def _lbfgs_direction(s):
    """-H g by the two-loop recursion (Nocedal & Wright algorithm 7.4)
    over the stored pairs; the newest pair is the last row."""
    rho, S, Y = s["rho_hist"], s["s_hist"], s["y_hist"]
    m = rho.shape[0]
    used = ufunc_api.minimum(s["k"], m)
    dt = rho.dtype

    def newest_first(j, carry):
        q, alphas = carry
        i = m - 1 - j
        a = rho[i] * _hdot(ufuncs.conj(S[i]), q).real.astype(dt)
        return q - a * ufuncs.conj(Y[i]), alphas.at[i].set(a)

    q, alphas = control_flow.fori_loop(0, used, newest_first,
                              (-ufuncs.conj(s["g"]), creation.zeros_like(rho)))
    q = s["gamma"] * q

    def oldest_first(j, q):
        i = m - used + j
        b = rho[i] * _hdot(Y[i], q).real.astype(dt)
        return q + (alphas[i] - b) * S[i]

    return control_flow.fori_loop(0, used, oldest_first, q)


def _push(history, new):
    return manipulation.roll(history, -1, axis=0).at[-1].set(new)


def _lbfgs(fun, x0, maxiter=None, norm=np.inf, maxcor=10,
           ftol=2.220446049250313e-09, gtol=1e-05, maxfun=None,
           maxgrad=None, maxls=20):
    x0 = _check_x0(x0, "minimize")
    n = x0.shape[0]
    dtype = x0.dtype
    if maxiter is None and maxfun is None and maxgrad is None:
        maxiter = n * 200
    maxiter = np.inf if maxiter is None else maxiter
    maxfun = np.inf if maxfun is None else maxfun
    maxgrad = np.inf if maxgrad is None else maxgrad
    f0, g0 = value_and_grad(fun)(x0)
    i0 = creation.asarray(0)
    real = creation.zeros((), dtype).real.dtype
    st = dict(
        converged=creation.asarray(False), failed=creation.asarray(False), k=i0,
        nfev=creation.asarray(1), ngev=creation.asarray(1), x=x0, f=f0, g=g0,
        s_hist=creation.zeros((maxcor, n), dtype),
        y_hist=creation.zeros((maxcor, n), dtype),
        rho_hist=creation.zeros((maxcor,), dtype),
        gamma=creation.asarray(1., real).astype(g0.dtype), status=i0,
        ls_status=i0)

    def body(s):
        p = _lbfgs_direction(s)
        ls = _line_search(fun, s["x"], p, old_fval=s["f"], gfk=s["g"],
                          maxiter=maxls)
        step = creation.asarray(ls.a_k).astype(p.dtype) * p
        y = ls.g_k - s["g"]
        sy = ufuncs.real(_hdot(y, step))
        gamma = sy / ufuncs.real(_hdot(ufuncs.conj(y), y))
        # Later tests win: line search failure over maxiter over maxfun
        # over maxgrad over too little progress.
        status = creation.asarray(0)
        status = sorting.where(s["f"] - ls.f_k < ftol, 4, status)
        status = sorting.where(s["ngev"] >= maxgrad, 3, status)
        status = sorting.where(s["nfev"] >= maxfun, 2, status)
        status = sorting.where(s["k"] >= maxiter, 1, status)
        status = sorting.where(ls.failed, 5, status)
        converged = jnp_linalg.norm(ls.g_k, ord=norm) < gtol
        return dict(
            converged=converged, failed=(status > 0) & (~converged),
            k=s["k"] + 1, nfev=s["nfev"] + ls.nfev,
            ngev=s["ngev"] + ls.ngev,
            x=(s["x"] + step).astype(s["x"].dtype),
            f=ls.f_k.astype(s["f"].dtype), g=ls.g_k.astype(s["g"].dtype),
            s_hist=_push(s["s_hist"], step), y_hist=_push(s["y_hist"], y),
            rho_hist=_push(s["rho_hist"],
                           ufuncs.reciprocal(sy).astype(y.dtype)),
            gamma=gamma.astype(s["g"].dtype),
            status=sorting.where(converged, 0, status), ls_status=ls.status)

    s = slicing.while_loop(lambda s: (~s["converged"]) & (~s["failed"]), body,
                       st)
    return OptimizeResults(
        x=s["x"], success=s["converged"] & (~s["failed"]),
        status=s["status"], fun=s["f"], jac=s["g"], hess_inv=None,
        nfev=s["nfev"], njev=s["ngev"], nit=s["k"])


def minimize(fun, x0, args=(), *, method, tol=None, options=None):
    """Minimizes the scalar function `fun(x, *args)` of the 1-D array `x`
    starting from `x0`, as jax.scipy.optimize.minimize.

    `method` must be given: "BFGS" or, as JAX's experimental option,
    "l-bfgs-experimental-do-not-rely-on-this" (case-insensitive). Gradients come
    from jxp.grad. `tol` is accepted and ignored, as in JAX; use
    options={"gtol": ...}. Options for BFGS: maxiter (default 200 * n),
    norm (order of the gradient norm tested, default inf), gtol (1e-5),
    line_search_maxiter (10). Works under jxp.jit.
    """
    del tol  # JAX ignores it too.
    if options is None:
        options = {}
    if not isinstance(args, tuple):
        raise TypeError("args argument to jxp.scipy.optimize.minimize must "
                        f"be a tuple, got {args}")
    if not isinstance(method, str):
        raise TypeError(f"minimize: method must be a string, got {method!r}")

    def objective(x):
        return fun(x, *args)

    if method.lower() == "bfgs":
        return _bfgs(objective, x0, **options)
    if method.lower() == "l-bfgs-experimental-do-not-rely-on-this":
        return _lbfgs(objective, x0, **options)
    raise ValueError(f"Method {method} not recognized")
