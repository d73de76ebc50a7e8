"""Structured control flow: lax.cond, switch, while_loop, fori_loop, scan,
map and select_n over the jxp dialect's region ops.

Each branch or body is traced once as a private function (all of one op's
functions together, so they close over the same values in the same order);
its block then moves into a region of the op, with the closed-over values
passed as operands: every region is isolated from above, as the C++ rules
and lowerings expect. Outside any trace the op runs as a compiled program,
like other eager calls.
"""

import numpy as np
from jaxlib.mlir import ir

from . import batching, core, dtypes, tree_util
from .config import config
from . import lax_lenient as lax
from .ad import _eager, _i64, _lift_all, _positional, _trace_together
from .core import Tracer, abstractify, mlir_type
from .. import lax as _public_lax


# ---------------------------------------------------------------------------
# Building region ops
# ---------------------------------------------------------------------------

def _into_region(traced, region, order=None, extra_yields=()):
    """Moves the body of `traced` (a TracedFunction) into `region`, whose
    block takes the function's arguments in `order` (positions in the
    function's argument list; default: as they are). Its func.return
    becomes a jxp.yield of the returned values then `extra_yields`
    (positions of block arguments yielded as they came). The function
    is erased."""
    src = traced.frame.block
    args = list(src.arguments)
    order = list(range(len(args))) if order is None else list(order)
    block = ir.Block.create_at_start(region, [args[k].type for k in order])
    for new, k in zip(block.arguments, order):
        args[k].replace_all_uses_with(new)
    ops = list(src.operations)
    ret = ops[-1]
    with ir.Location.unknown():
        for op in ops[:-1]:
            block.append(op.operation)
        values = list(ret.operation.operands) + [
            block.arguments[order.index(k)] for k in extra_yields]
        ir.Operation.create("jxp.yield", results=[], operands=values,
                            ip=ir.InsertionPoint(block))
    traced.frame.func.operation.erase()


def _region_op(name, result_avals, operands, num_regions, attributes=None):
    """Emits op `name` at the user's line in the current frame; returns the
    op and tracers of its results."""
    frame = core.current_frame()
    op = ir.Operation.create(
        name, results=[mlir_type(a) for a in result_avals],
        operands=_lift_all(operands), attributes=attributes or {},
        regions=num_regions, loc=core.user_location(), ip=frame.ip)
    return op, [Tracer(a, v, frame) for a, v in zip(result_avals, op.results)]


def _flatten_fun(fun, in_tree, splat=True):
    """fun over flat leaves, returning flat leaves; the output's tree goes
    to store["tree"]. `splat`: in_tree is a tuple of positional
    arguments (else the single argument)."""
    store = {}

    def flat(*leaves):
        args = tree_util.tree_unflatten(in_tree, list(leaves))
        out = fun(*args) if splat else fun(args)
        out_leaves, store["tree"] = tree_util.tree_flatten(out)
        return out_leaves
    return flat, store


def _eager_or_traced(name, traced_fn, operands):
    """traced_fn(*operands) under the current trace, or as a compiled
    program when called outside any trace."""
    if core.current_frame():
        return traced_fn(*operands)
    return _eager(traced_fn, name, operands)


# ---------------------------------------------------------------------------
# cond and switch
# ---------------------------------------------------------------------------

def _leaf_names(root, tree):
    """A name per leaf of `tree` as the user wrote it: root[0]['b']."""
    names = {}

    def walk(node, path):
        if isinstance(node, (tuple, list)):
            for k, child in enumerate(node):
                walk(child, f"{path}[{k}]")
        elif isinstance(node, dict):
            for k, child in node.items():
                walk(child, f"{path}[{k!r}]")
        elif isinstance(node, int) and not isinstance(node, bool):
            names[node] = path
    n = tree.num_leaves
    walk(tree_util.tree_unflatten(tree, list(range(n))), root)
    return [names.get(i, f"{root} (leaf {i})") for i in range(n)]


def _first_mismatch(names, avals0, avals):
    """(name, aval, aval) of the first leaf whose shape or dtype differs."""
    for leaf, a, b in zip(names, avals0, avals):
        if (a.shape, a.dtype) != (b.shape, b.dtype):
            return leaf, a, b
    return None


def _mismatch(a, b):
    return "the dtypes" if a.dtype != b.dtype else "the shapes"


def _check_branch_outputs(what, names, trees, avals_per_branch):
    """JAX's TypeErrors for branches returning different structures or
    types; `what` is "cond" or "switch", names[k] branch k's name."""
    tree0, avals0 = trees[0], avals_per_branch[0]
    for k, (tree, avals) in enumerate(zip(trees, avals_per_branch)):
        if tree != tree0:
            raise TypeError(
                f"{what} branch outputs must have the same pytree structure, "
                f"but they differ: {names[0]} returns {tree0} and {names[k]} "
                f"returns {tree}.")
        bad = _first_mismatch(_leaf_names("output", tree0), avals0, avals)
        if bad:
            leaf, a, b = bad
            raise TypeError(
                f"{what} branches must have equal output types but they "
                f"differ: the {leaf} of {names[0]} has type {a.str_short()} "
                f"but the corresponding output of {names[k]} has type "
                f"{b.str_short()}, so {_mismatch(a, b)} do not match.")


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
                             {"jxp.snapshots": _i64(snapshots)})
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


def _erase(*traced):
    for t in traced:
        t.frame.func.operation.erase()


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
    attrs = {"length": _i64(length), "reverse": ir.BoolAttr.get(reverse),
             "num_consts": _i64(nconsts), "num_carry": _i64(nc),
             "unroll": _i64(unroll)}
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


# ---------------------------------------------------------------------------
# select_n
# ---------------------------------------------------------------------------

def select_n(which, *cases):
    """cases[which] elementwise, as lax.select_n: `which` is boolean (two
    cases) or int32; out of range is undefined (here: the last case)."""
    if not cases:
        raise ValueError("select_n called with no cases")
    wa = abstractify(which)
    if wa.dtype != dtypes.bool_ and not dtypes.is_int(wa.dtype):
        raise TypeError(f"select `which` must be boolean or integer type, "
                        f"got {wa.dtype.name}.")
    if wa.dtype == dtypes.bool_ and len(cases) > 2:
        raise TypeError("select with boolean `which` cannot have > 2 cases.")
    out = cases[-1]
    for k in range(len(cases) - 2, -1, -1):
        # Bisect as JAX's lowering does: which < k + 1 picks case k.
        pred = (_public_lax.bitwise_not(which) if wa.dtype == dtypes.bool_
                else _public_lax.lt(which, np.asarray(k + 1, wa.dtype)))
        out = _public_lax.select(pred, cases[k], out)
    return out
