"""lax.while_loop, fori_loop, scan and map over the jxp dialect's region
ops, and associative_scan and cumlogsumexp built from lax ops.

Each body is traced once as a private function; its block then moves into
a region of the op (common.py), with the closed-over values passed as
operands. Outside any trace the op runs as a compiled program, like other
eager calls.
"""

from jaxlib.mlir import ir
import numpy as np

from jxp._src import batching, core, dtypes, tree_util
from jxp._src.ad import _positional, _trace_together
from jxp._src.config import config
from jxp._src.core import Tracer, abstractify
from jxp._src.lax import scalar_casting as lax
from jxp._src.lax.control_flow.common import (
    _eager_or_traced, _first_mismatch, _flatten_fun, _into_region,
    _leaf_names, _mismatch, _region_op)
from jxp._src.lax.control_flow.common import _erase
from jxp._src.util import i64_attr


# ---------------------------------------------------------------------------
# while_loop and fori_loop
# ---------------------------------------------------------------------------

def _carry_mismatch(what, root, in_avals, out_avals, in_tree, out_tree):
    """JAX's TypeError for a loop body whose carry output differs from its
    carry input (`what`: "while_loop" or "scan"), naming the leaf."""
    if in_tree != out_tree:
        return TypeError(
            f"{what} body function carry input and carry output must have "
            f"the same pytree structure, but they differ: the input carry "
            f"is {in_tree} and the output carry {out_tree}.")
    bad = _first_mismatch(_leaf_names(root, in_tree), in_avals, out_avals)
    if bad:
        leaf, a, b = bad
        return TypeError(
            f"{what} body function carry input and carry output must have "
            f"equal types, but they differ: the input carry component "
            f"{leaf} has type {a.str_short()} but the corresponding output "
            f"carry component has type {b.str_short()}, so "
            f"{_mismatch(a, b)} do not match.")
    return None


def _while_traced(cond_fun, body_fun, init_val, snapshots):
    flat_init, in_tree = tree_util.tree_flatten(init_val)
    avals = [abstractify(x) for x in flat_init]
    for attempt in range(2):
        cond_flat, _ = _flatten_fun(cond_fun, in_tree, splat=False)
        body_flat, body_store = _flatten_fun(body_fun, in_tree, splat=False)
        (c, b), closure = _trace_together([
            (cond_flat, "while_cond", avals, _positional(len(avals))),
            (body_flat, "while_body", avals, _positional(len(avals)))])
        promoted = _promote_weak_carry(avals, b.out_avals,
                                       in_tree == body_store["tree"])
        if promoted is None or attempt:
            break
        _erase(c, b)
        avals = promoted
    err = _carry_mismatch("while_loop", "carry", avals, b.out_avals,
                          in_tree, body_store["tree"])
    if err is not None:
        _erase(c, b)
        raise err
    if len(c.out_avals) != 1 or c.out_avals[0].shape != () or \
            c.out_avals[0].dtype != dtypes.bool_:
        _erase(c, b)
        raise TypeError(
            f"cond_fun must return a boolean scalar, but got output type(s) "
            f"{[a.str_short() for a in c.out_avals]}.")
    n = len(avals)
    flat_init = [_as_aval(x, a) for x, a in zip(flat_init, avals)]
    # The results have the body's types (a weak initial carry may come out
    # strong, as in JAX).
    carry_avals = b.out_avals + [abstractify(x) for x in closure]
    op, results = _region_op("jxp.while", carry_avals, flat_init + closure, 2,
                             {"jxp.snapshots": i64_attr(snapshots)})
    _into_region(c, op.regions[0])
    # The closed-over values ride along as carries the body passes through.
    _into_region(b, op.regions[1],
                 extra_yields=range(n, n + len(closure)))
    return tree_util.tree_unflatten(in_tree, results[:n])


def _promote_weak_carry(avals, out_avals, same_tree):
    """JAX's second pass: weakly typed initial carries whose body output
    has another type take their common dtype (strongly typed), and the body
    is traced again with them. None when no carry needs it."""
    if not same_tree or len(avals) != len(out_avals):
        return None
    new, changed = [], False
    for a, o in zip(avals, out_avals):
        if a.weak_type and (a.shape, a.dtype) != (o.shape, o.dtype):
            dtype = dtypes.promote((a.dtype, True), (o.dtype, o.weak_type))[0]
            a, changed = a.update(dtype=dtype, weak_type=False), True
        new.append(a)
    return new if changed else None


def _as_aval(x, aval):
    """The initial carry x converted to aval's dtype (after a promotion)."""
    a = abstractify(x)
    if a.dtype != aval.dtype:
        return lax.convert_element_type(x, aval.dtype)
    return x


def while_loop(cond_fun, body_fun, init_val, *, snapshots=None):
    """Repeats body_fun on the carry while cond_fun holds, as
    lax.while_loop.

    Unlike JAX's, it can be differentiated in reverse mode, with a bounded
    memory whatever the trip count n: the forward pass runs the loop twice
    (once to count n, once to keep every ceil(n / B)-th carry in B
    snapshot slots); the backward pass refills a second buffer of B slots
    per segment from its snapshot and runs the segment's steps backwards.
    Memory: 2 (B + 1) copies of the carries that change (what the body
    passes through unchanged, such as closed-over arrays, is kept once).
    Primal steps recomputed: about 3n while n <= B**2, then about
    n (3 + (s2 - 1) / 2) with s2 = ceil(n / B**2).
    B is `snapshots`, or the config value jxp_while_loop_snapshots (64).
    """
    if not callable(cond_fun) or not callable(body_fun):
        raise TypeError("lax.while_loop: cond_fun and body_fun arguments "
                        "should be callable.")
    if snapshots is None:
        snapshots = config.jxp_while_loop_snapshots
    if isinstance(snapshots, bool) or not isinstance(snapshots, int) or \
            snapshots < 1:
        raise ValueError(f"while_loop: snapshots must be a positive int, "
                         f"got {snapshots!r}")
    flat, tree = tree_util.tree_flatten(init_val)

    def run(*leaves):
        return _while_traced(cond_fun, body_fun,
                             tree_util.tree_unflatten(tree, list(leaves)),
                             snapshots)
    return _eager_or_traced("while_loop", run, tuple(flat))


def _static_int(x):
    """x as a Python int if it is concrete (JAX: a static trip count), else
    None."""
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, Tracer):
        value = core.concrete_value(x)
        return None if value is None else int(value)
    try:
        return int(np.asarray(x))
    except TypeError:
        return None


def fori_loop(lower, upper, body_fun, init_val, *, unroll=None):
    """body_fun(i, carry) for i in [lower, upper), as lax.fori_loop: a scan
    when the bounds are static (reverse-differentiable), else a while."""
    if not callable(body_fun):
        raise TypeError("lax.fori_loop: body_fun argument should be "
                        "callable.")
    la, ua = abstractify(lower), abstractify(upper)
    # JAX takes integer or float bounds (a float index counts up by 1.0).
    if la.shape or ua.shape:
        raise TypeError(
            f"lower and upper arguments to fori_loop must be scalars, got "
            f"{la.str_short()} and {ua.str_short()}")
    for a in (la, ua):
        if not (dtypes.is_int(a.dtype) or dtypes.is_float(a.dtype)):
            raise TypeError(
                f"lower and upper arguments to fori_loop must be integers "
                f"or floats, got {la.str_short()} and {ua.str_short()}")
    dtype = dtypes.promote((la.dtype, la.weak_type),
                           (ua.dtype, ua.weak_type))[0]
    lo, hi = _static_int(lower), _static_int(upper)
    if lo is not None and hi is not None:
        start = _int_scalar(lower, dtype)
        if dtypes.is_float(dtype):
            # As JAX: static float bounds count with a (weak) int index.
            dtype = dtypes.default_int()
            start = core.rebind_aval(
                lax.convert_element_type(np.asarray(lo, dtype), dtype),
                core.ShapedArray((), dtype, weak_type=True))

        def step(carry, _):
            i, x = carry
            return (lax.add(i, np.ones((), dtype)), body_fun(i, x)), None
        (_, out), _ = scan(step, (start, init_val), None,
                           length=max(hi - lo, 0),
                           unroll=1 if unroll is None else unroll)
        return out

    def keep_going(carry):
        i, hi_, _ = carry
        return lax.lt(i, hi_)

    def body(carry):
        i, hi_, x = carry
        return lax.add(i, np.ones((), dtype)), hi_, body_fun(i, x)
    start, stop = _int_scalar(lower, dtype), _int_scalar(upper, dtype)
    if dtypes.is_float(dtype) and la.weak_type and ua.weak_type:
        # Weakly typed float bounds give a weak index, as in JAX.
        weak = core.ShapedArray((), dtype, weak_type=True)
        start, stop = core.rebind_aval(start, weak), core.rebind_aval(stop, weak)
    return while_loop(keep_going, body, (start, stop, init_val))[2]


def _int_scalar(x, dtype):
    if isinstance(x, (int, np.integer)):
        return np.asarray(x, dtype)
    return lax.convert_element_type(x, dtype)


# ---------------------------------------------------------------------------
# scan and map
# ---------------------------------------------------------------------------

def _scan_traced(f, init, xs, length, reverse, unroll):
    flat_init, carry_tree = tree_util.tree_flatten(init)
    flat_xs, xs_tree = tree_util.tree_flatten(xs)
    x_avals = []
    for x in flat_xs:
        a = abstractify(x)
        if not a.shape:
            raise ValueError(
                f"scan got value with no leading axis to scan over: "
                f"{a.str_short()}")
        x_avals.append(a.update(shape=a.shape[1:]))
    lengths = {abstractify(x).shape[0] for x in flat_xs}
    if length is not None:
        length = int(length)
        if lengths and lengths != {length}:
            raise ValueError(
                f"scan got `length` argument of {length} which disagrees with "
                f"leading axis sizes {sorted(lengths)}.")
    elif len(lengths) > 1:
        raise ValueError(
            f"scan got values with different leading axis sizes: "
            f"{', '.join(str(n) for n in sorted(lengths))}.")
    elif not lengths:
        raise ValueError("scan got no values to scan over and `length` not "
                         "provided.")
    else:
        length = lengths.pop()
    carry_avals = [abstractify(x) for x in flat_init]
    in_tree = tree_util.tree_structure((init, xs))
    nc = len(carry_avals)
    for attempt in range(2):
        store = {}

        def body(*leaves):
            carry, x = tree_util.tree_unflatten(in_tree, list(leaves))
            out = f(carry, x)
            if not (isinstance(out, (tuple, list)) and len(out) == 2):
                raise TypeError(
                    f"scan body output must be a pair, got "
                    f"{type(out).__name__}.")
            new_carry, y = out
            c_leaves, store["carry"] = tree_util.tree_flatten(new_carry)
            y_leaves, store["ys"] = tree_util.tree_flatten(y)
            store["n_y"] = len(y_leaves)
            return list(c_leaves) + list(y_leaves)
        (t,), closure = _trace_together([
            (body, "scan_body", carry_avals + x_avals,
             _positional(nc + len(x_avals)))])
        out_carry = t.out_avals[:len(t.out_avals) - store["n_y"]]
        promoted = _promote_weak_carry(carry_avals, out_carry,
                                       carry_tree == store["carry"])
        if promoted is None or attempt:
            break
        _erase(t)
        carry_avals = promoted
    err = _carry_mismatch("scan", "carry", carry_avals, out_carry,
                          carry_tree, store["carry"])
    if err is not None:
        _erase(t)
        raise err
    y_avals = [a.update(shape=(length,) + a.shape)
               for a in t.out_avals[nc:]]
    flat_init = [_as_aval(x, a) for x, a in zip(flat_init, carry_avals)]
    nconsts = len(closure)
    attrs = {"length": i64_attr(length), "reverse": ir.BoolAttr.get(reverse),
             "num_consts": i64_attr(nconsts), "num_carry": i64_attr(nc),
             "unroll": i64_attr(unroll)}
    op, results = _region_op("jxp.scan", list(out_carry) + y_avals,
                             closure + flat_init + flat_xs, 1, attrs)
    # The traced body takes (carry, xs, consts); the region (consts, carry,
    # xs).
    nx = len(x_avals)
    order = (list(range(nc + nx, nc + nx + nconsts)) + list(range(nc))
             + list(range(nc, nc + nx)))
    _into_region(t, op.regions[0], order)
    carry = tree_util.tree_unflatten(carry_tree, results[:nc])
    ys = tree_util.tree_unflatten(store["ys"], results[nc:])
    return carry, ys


def scan(f, init, xs=None, length=None, reverse=False, unroll=1,
         _split_transpose=False):
    """Loops f(carry, x) -> (carry, y) over the leading axis of xs, as
    lax.scan; returns the final carry and the stacked ys."""
    if not callable(f):
        raise TypeError("lax.scan: f argument should be a callable.")
    if isinstance(unroll, bool):
        unroll = max(length or 1, 1) if unroll else 1
    unroll = int(unroll)
    if unroll < 1:
        raise ValueError(f"`unroll` must be a `bool` or a positive `int`, "
                         f"got {unroll}.")
    flat, tree = tree_util.tree_flatten((init, xs))

    def run(*leaves):
        i, x = tree_util.tree_unflatten(tree, list(leaves))
        return _scan_traced(f, i, x, length, bool(reverse), unroll)
    return _eager_or_traced("scan", run, tuple(flat))


def map(f, xs, *, batch_size=None):  # noqa: A001
    """f over the leading axis of xs, as lax.map (a scan without carry).
    With batch_size, as JAX's: a scan over batches of that many elements,
    vmap(f) within each, then vmap(f) over the remainder."""
    def step(_, x):
        return (), f(x)
    if batch_size is None:
        return scan(step, (), xs)[1]
    if isinstance(batch_size, bool) or not isinstance(batch_size, int) or \
            batch_size < 1:
        raise ValueError(f"lax.map: batch_size must be a positive int, got "
                         f"{batch_size!r}")
    leaves, tree = tree_util.tree_flatten(xs)
    lengths = {abstractify(x).shape[0] for x in leaves if abstractify(x).shape}
    if len(lengths) != 1:
        return scan(step, (), xs)[1]   # scan's own error
    n = lengths.pop()
    batches, rest = divmod(n, batch_size)
    if n == 0:
        return scan(step, (), xs)[1]

    def batched(x):
        return batching.vmap(f)(x)
    out = []
    if batches:
        main = tree_util.tree_unflatten(tree, [
            lax.reshape(x[:batches * batch_size],
                        (batches, batch_size) + tuple(abstractify(x).shape[1:]))
            for x in leaves])
        ys = scan(lambda _, x: ((), batched(x)), (), main)[1]
        out.append(tree_util.tree_map(
            lambda y: lax.reshape(y, (batches * batch_size,)
                                  + tuple(abstractify(y).shape[2:])), ys))
    if rest:
        out.append(batched(tree_util.tree_unflatten(
            tree, [x[batches * batch_size:] for x in leaves])))
    if len(out) == 1:
        return out[0]
    return tree_util.tree_map(
        lambda a, b: lax.concatenate([a, b], 0), out[0], out[1])
