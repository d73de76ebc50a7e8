"""Implicit differentiation: custom_root and custom_linear_solve,
whose derivatives come from the solver the user gives instead of from
differentiating through its iterations."""

from jxp._src import tree_util as _tu
from jxp._src.ad import jvp, linear_transpose, stop_gradient
from jxp._src.custom_derivatives import custom_vjp
from jxp._src.lax import lax



def _tree_sub(a, b):
    return _tu.tree_map(lax.sub, a, b)


def _tangent_only(tree):
    """A tree equal to zero whose derivative is `tree`'s: x - sg(x)."""
    return _tu.tree_map(lambda x: lax.sub(x, stop_gradient(x)), tree)


def _split_aux(out, has_aux):
    if has_aux:
        sol, aux = out
        return sol, _tu.tree_map(stop_gradient, aux)
    return out, None


def custom_root(f, initial_guess, solve, tangent_solve, has_aux=False):
    """solve(f, initial_guess), a root of f, differentiated implicitly: the
    derivative of the root with respect to what f closes over is
    -(df/dx)^-1 df/dtheta, computed with `tangent_solve`; `solve` itself is
    not differentiated.

    The value is solve's exactly: the correction term added to it is
    tangent_solve applied to f(x*) - stop_gradient(f(x*)), which is zero in
    value and carries df/dtheta as its derivative."""
    guess = _tu.tree_map(stop_gradient, initial_guess)
    root, aux = _split_aux(solve(f, guess), has_aux)
    root = _tu.tree_map(stop_gradient, root)
    _, in_tree = _tu.tree_flatten(initial_guess)
    _, out_tree = _tu.tree_flatten(root)
    if in_tree != out_tree:
        raise TypeError(f"custom_root: solve must return the structure of "
                        f"initial_guess {in_tree}, got {out_tree}")
    residual = _tangent_only(f(root))

    step = tangent_solve(_linearized(f, root), residual)
    out = _tu.tree_map(lambda r, s: lax.sub(r, s), root, step)
    return (out, aux) if has_aux else out


def _linearized(f, x):
    """v -> df/dx at the (constant) point x, applied to v."""
    def apply(v):
        return jvp(f, (x,), (v,))[1]
    return apply


def custom_linear_solve(matvec, b, solve, transpose_solve=None,
                        symmetric=False, has_aux=False):
    """x = solve(matvec, b) for the linear map `matvec`, differentiated
    implicitly: dx = A^-1 (db - dA x). The value is solve's exactly (the
    correction is solve applied to a residual that is zero in value).

    Given transpose_solve (or symmetric=True), the correction is a
    custom_vjp whose cotangent goes through transpose_solve with the
    transposed matvec, so reverse mode works for solvers that cannot be
    differentiated (while loops), as in JAX; forward mode then raises, as
    jxp cannot transpose a custom_vjp inside a custom_jvp rule. Without
    transpose_solve, solve is differentiated as written, in both modes
    (JAX refuses reverse mode there)."""
    x, aux = _split_aux(solve(matvec, _tu.tree_map(stop_gradient, b)),
                        has_aux)
    x = _tu.tree_map(stop_gradient, x)
    _, b_tree = _tu.tree_flatten(b)
    _, x_tree = _tu.tree_flatten(x)
    if b_tree != x_tree:
        raise TypeError(f"custom_linear_solve: solve must return the "
                        f"structure of b {b_tree}, got {x_tree}")
    residual = _tangent_only(_tree_sub(b, matvec(x)))
    if symmetric and transpose_solve is None:
        transpose_solve = solve
    if transpose_solve is None:
        step, _ = _split_aux(solve(matvec, residual), has_aux)
    else:
        step = _transposable_solve(matvec, solve, transpose_solve, x,
                                   has_aux)(residual)
    out = _tu.tree_map(lax.add, x, step)
    return (out, aux) if has_aux else out


def _transposable_solve(matvec, solve, transpose_solve, x, has_aux):
    """r -> solve(matvec, r), linear in r, whose VJP is transpose_solve
    with the transposed matvec. (Its dependence on what matvec closes over
    is dropped: it is only applied to residuals that are zero in value.)"""
    vecmat = linear_transpose(matvec, x)

    def vecmat_one(ct):
        out, = vecmat(ct)
        return out

    @custom_vjp
    def lin(r):
        return _split_aux(solve(matvec, r), has_aux)[0]

    def fwd(r):
        return lin(r), None

    def bwd(_, ct):
        return (_split_aux(transpose_solve(vecmat_one, ct), has_aux)[0],)

    lin.defvjp(fwd, bwd)
    return lin
