"""What the control-flow ops share: moving a traced function's body into a
region of an op, building the op, running it eagerly outside a trace, and
the messages for branches or bodies whose outputs do not match."""

from jaxlib.mlir import ir

from jxp._src import core, tree_util
from jxp._src.ad import _eager, _lift_all
from jxp._src.core import Tracer, mlir_type


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


def _erase(*traced):
    for t in traced:
        t.frame.func.operation.erase()
