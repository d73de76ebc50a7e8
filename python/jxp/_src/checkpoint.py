"""jax.checkpoint (jax.remat) over the jxp dialect's jxp.remat region op.

The function is traced once per call into the op's region, with what it
closes over passed as operands; the op carries the policy by name. What
the policy means is decided in C++, by the op's partial-evaluation rule:
in reverse mode, of the values the linear part needs, those the policy
lets it save are saved and the rest is recomputed in the backward pass.
"""

import functools
import types

from jaxlib.mlir import ir

from . import tree_util
from .ad import _positional, _trace_together
from .lax.control_flow.common import (_eager_or_traced, _flatten_fun, _into_region,
                           _region_op)
from .core import abstractify


def _policy(name):
    def policy(prim, *avals, **params):
        raise TypeError(f"checkpoint policy {name} is applied by jxp's "
                        f"compiler, not called")
    policy.__name__ = policy.__qualname__ = name
    return policy


# JAX's named policies (jax.checkpoint_policies), recognized by identity.
checkpoint_policies = types.SimpleNamespace(**{
    name: _policy(name) for name in (
        "everything_saveable", "nothing_saveable", "dots_saveable",
        "dots_with_no_batch_dims_saveable")})
checkpoint_policies.checkpoint_dots = checkpoint_policies.dots_saveable
_POLICY_NAMES = {id(f): f.__name__ for f in vars(checkpoint_policies).values()}


def _policy_name(policy):
    if policy is None:
        return "nothing_saveable"
    name = _POLICY_NAMES.get(id(policy))
    if name is None:
        raise NotImplementedError(
            f"jxp.checkpoint supports the policies of "
            f"jxp.checkpoint_policies ({', '.join(sorted(set(_POLICY_NAMES.values())))}); "
            f"got {policy!r}")
    return name


def _static_positions(static_argnums, nargs):
    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    out = set()
    for k in static_argnums:
        if not -nargs <= k < nargs:
            raise ValueError(f"static_argnums {k} out of range for "
                             f"{nargs} positional arguments")
        out.add(k % nargs)
    return out


def checkpoint(fun=None, *, prevent_cse=True, policy=None, static_argnums=()):
    """fun, whose intermediate values reverse mode recomputes in the
    backward pass rather than saves, except those `policy` lets it save
    (jax.checkpoint)."""
    if fun is None:
        return functools.partial(checkpoint, prevent_cse=prevent_cse,
                                 policy=policy, static_argnums=static_argnums)
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun!r}")
    policy_name = _policy_name(policy)

    @functools.wraps(fun)
    def remat_fun(*args, **kwargs):
        static = _static_positions(static_argnums, len(args))
        dyn = tuple(a for k, a in enumerate(args) if k not in static)
        flat, in_tree = tree_util.tree_flatten((dyn, kwargs))

        def with_static(dyn_in, kw):
            it = iter(dyn_in)
            return fun(*[a if k in static else next(it)
                         for k, a in enumerate(args)], **kw)

        def run(*leaves):
            avals = [abstractify(x) for x in leaves]
            body, store = _flatten_fun(with_static, in_tree)
            (t,), closure = _trace_together([
                (body, getattr(fun, "__name__", "checkpoint"), avals,
                 _positional(len(avals)))])
            attrs = {"policy": ir.StringAttr.get(policy_name)}
            if prevent_cse:
                attrs["prevent_cse"] = ir.UnitAttr.get()
            op, results = _region_op("jxp.remat", t.out_avals,
                                     list(leaves) + closure, 1, attrs)
            _into_region(t, op.regions[0])
            return tree_util.tree_unflatten(store["tree"], results)
        return _eager_or_traced("checkpoint", run, tuple(flat))
    return remat_fun


remat = checkpoint
