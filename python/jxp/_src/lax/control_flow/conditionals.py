"""lax.cond, lax.switch and lax.platform_dependent: a branch picked by an
index, each branch traced into a region of one jxp.switch op."""

import numpy as np

from jxp._src import dtypes, tree_util
from jxp._src.ad import _positional, _trace_together
from jxp._src.core import abstractify
from jxp._src.lax import scalar_casting as lax
from jxp._src.lax.control_flow.common import (
    _check_branch_outputs, _eager_or_traced, _flatten_fun, _into_region,
    _region_op)
from jxp._src.lax.control_flow.common import _erase


def platform_dependent(*args, default=None, **per_platform):
    """The branch for the platform the program runs on: jxp runs on the CPU,
    so `cpu=` if given, else `default`."""
    for p in per_platform:
        if p not in ("cpu", "cuda", "rocm", "gpu", "tpu"):
            raise ValueError(f"Unsupported platform {p}")
    branch = per_platform.get("cpu", default)
    if branch is None:
        raise NotImplementedError(
            "platform_dependent: no branch for the platform 'cpu' and no "
            "default")
    return branch(*args)


def _switch_traced(index, branches, operands, what):
    flat_ops, in_tree = tree_util.tree_flatten(tuple(operands))
    avals = [abstractify(x) for x in flat_ops]
    flats = [_flatten_fun(b, in_tree) for b in branches]
    traced, closure = _trace_together([
        (flat, f"branch_{k}", avals, _positional(len(avals)))
        for k, (flat, _) in enumerate(flats)])
    trees = [store["tree"] for _, store in flats]
    names = (["false_fun", "true_fun"] if what == "cond" else
             [f"branch {k}" for k in range(len(branches))])
    try:
        _check_branch_outputs(what, names, trees,
                              [t.out_avals for t in traced])
    except TypeError:
        _erase(*traced)
        raise
    # Weak only where every branch's result is weak (JAX joins them).
    out_avals = [a.update(weak_type=all(t.out_avals[i].weak_type
                                        for t in traced))
                 for i, a in enumerate(traced[0].out_avals)]
    op, results = _region_op("jxp.cond", out_avals,
                             [index] + flat_ops + closure, len(branches))
    for t, region in zip(traced, op.regions):
        _into_region(t, region)
    return tree_util.tree_unflatten(trees[0], results)


def _index_operand(index, n):
    """JAX's switch index: an integer scalar clamped to [0, n)."""
    a = abstractify(index)
    if a.shape:
        raise TypeError(f"Branch index must be scalar, got {index} of "
                        f"shape {a.shape}.")
    if not dtypes.is_int(a.dtype):
        raise TypeError(f"Index type must be an integer, got {index}.")
    index = lax.convert_element_type(index, np.int32)
    return lax.clamp(np.int32(0), index, np.int32(n - 1))


def switch(index, branches, *operands, operand=None):
    """Applies branches[index] to operands, as lax.switch: the index is
    clamped into range; every branch must return the same types."""
    if operand is not None:
        operands = operands + (operand,)
    branches = tuple(branches)
    if not branches:
        raise ValueError("Empty branch sequence")
    for b in branches:
        if not callable(b):
            raise TypeError("lax.switch: branches argument should be a "
                            "sequence of callables.")
    if len(branches) == 1:
        abstractify(index)  # still an array-like
        return branches[0](*operands)

    def run(index, *ops):
        return _switch_traced(_index_operand(index, len(branches)), branches,
                              ops, "switch")
    return _eager_or_traced("switch", run, (index,) + tuple(operands))


def cond(pred, true_fun, false_fun, *operands, operand=None):
    """true_fun(*operands) if pred else false_fun(*operands), as lax.cond;
    both branches are traced and must return the same types."""
    if operand is not None:
        operands = operands + (operand,)
    if not callable(true_fun) or not callable(false_fun):
        raise TypeError("lax.cond: true_fun and false_fun arguments should "
                        "be callable.")
    a = abstractify(pred)
    if a.shape:
        raise TypeError(f"Pred must be a scalar, got {pred} of shape "
                        f"{a.shape}.")
    if not (a.dtype == dtypes.bool_ or dtypes.is_int(a.dtype)
            or dtypes.is_float(a.dtype)):
        raise TypeError(f"Pred type must be either boolean or number, got "
                        f"{pred}.")

    def run(pred, *ops):
        # false_fun is branch 0, as JAX's cond (index = pred != 0).
        index = lax.convert_element_type(
            lax.ne(pred, np.zeros((), abstractify(pred).dtype)), np.int32)
        return _switch_traced(index, (false_fun, true_fun), ops, "cond")
    return _eager_or_traced("cond", run, (pred,) + tuple(operands))
