"""Automatic differentiation: JAX's API over the C++ autodiff passes.

Python only traces. Each API traces the user's function once into a private
function of the module being built and emits a transform op naming it
(`jxp.jvp`, `jxp.vjp`, `jxp.linear_transpose`); the `jxp-ad` pass derives
the JVP / VJP / transpose in C++ and the usual clean-up inlines it. Custom
rules: custom_derivatives.py.

Called outside any trace, an API runs as a jit program cached on the
wrapper it returned (grad(f) -> g: g's calls hit g's cache), or for the
function-taking APIs (jvp, vjp, linearize) on the function.
"""

import functools

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_d

from . import compiler, core, dtypes, pxla, stages, tracing, tree_util
from .lax import primitives as prims
from .api import _index_tuple
from .tracing import trace_into
from .array import from_buffer, is_array
from .core import Frame, Tracer, abstractify, mlir_type
from .._mlir import jxp as ops

__all__ = ["grad", "value_and_grad", "jvp", "vjp", "linearize",
           "linear_transpose", "stop_gradient"]


# ---------------------------------------------------------------------------
# Tracing functions for transform ops
# ---------------------------------------------------------------------------

class TracedFunction:
    """A function traced into a private func.func of the current module.

    Its inputs are the flat inputs it was traced for, then one per object
    of `closure` (outer arrays and tracers it closes over)."""

    def __init__(self, symbol, frame, outs, out_tree, closure):
        self.symbol = symbol
        self.frame = frame
        self.out_avals = [t.aval for t in outs]
        self.out_tree = out_tree
        self.closure = closure

    @property
    def ref(self):
        return ir.FlatSymbolRefAttr.get(self.symbol)


def _trace_private(fun, name, in_avals, build_args, sources=None,
                   closure=()):
    """`sources`: the values the function will be called with, when they
    are the ones it is evaluated at (eager transformations read them, see
    _concrete_value)."""
    outer = core.current_frame()
    symbol = outer.new_symbol(name)
    n = len(in_avals)
    avals = list(in_avals) + [abstractify(c) for c in closure]
    inner = Frame(outer.module, symbol, avals, parent=outer,
                  bind=[(c, n + k) for k, c in enumerate(closure)],
                  sources=sources,
                  evaluator=_concrete_value if sources is not None else None)
    outs, out_tree = trace_into(inner, fun, name,
                                 lambda tracers: build_args(tracers[:n]))
    return TracedFunction(symbol, inner, outs, out_tree,
                          list(closure) + inner.captured)


def _trace_together(specs):
    """Traces several functions (fun, name, in_avals, build_args[,
    sources]) so that all take the same closed-over values, in the same
    order, after their own inputs. Each is traced once (user code runs once
    per trace): what a later function first closes over becomes an unused
    trailing input of the earlier ones."""
    closure = []
    traced = []
    for spec in specs:
        t = _trace_private(*spec, closure=closure)
        closure = t.closure
        traced.append(t)
    _pad_closures(traced, closure)
    return traced, closure


def _pad_closures(traced, closure):
    """Gives each traced function the inputs for the whole `closure`, of
    which its own is a prefix."""
    for t in traced:
        extra = closure[len(t.closure):]
        if extra:
            t.frame.append_inputs([abstractify(c) for c in extra], extra)
            t.closure = list(closure)


def _flat_builder(tree):
    """build_args for a function called as fun(*args, **kwargs), traced over
    the flat leaves of `tree`, the structure of (args, kwargs)."""
    def build(tracers):
        return tree_util.tree_unflatten(tree, tracers)
    return build


def _positional(n):
    """build_args for a function of n positional leaves."""
    tree = tree_util.tree_structure(tuple(range(n)))
    return lambda tracers: (tree_util.tree_unflatten(tree, tracers), {})


def _emit_op(op_class, result_avals, *args, **kw):
    """The op, emitted at the user's line, and tracers of its results."""
    frame = core.current_frame()
    op = op_class([mlir_type(a) for a in result_avals], *args,
                  loc=core.user_location(), ip=frame.ip, **kw)
    return op, [Tracer(a, v, frame) for a, v in zip(result_avals, op.results)]


def _emit(op_class, result_avals, *args, **kw):
    return _emit_op(op_class, result_avals, *args, **kw)[1]


def _lift_all(values):
    frame = core.current_frame()
    return [frame.lift(v).value for v in values]


def _i64_array(values):
    return ir.DenseI64ArrayAttr.get([int(v) for v in values])


def _i64(value):
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))


def _zeros(aval):
    return np.zeros(aval.shape, aval.dtype)


def _ones(aval):
    return np.ones(aval.shape, aval.dtype)


def _is_inexact(aval):
    return dtypes.is_inexact(aval.dtype)


def _tangent_aval(aval):
    return aval.update(weak_type=aval.weak_type)


def _float0_zeros(aval):
    """JAX's (co)tangent of an integer or bool value: float0 zeros."""
    return np.zeros(aval.shape, dtypes.float0)


def _is_float0(x):
    return getattr(x, "dtype", None) == dtypes.float0


# ---------------------------------------------------------------------------
# Staging: inline under a trace, a compiled program otherwise
# ---------------------------------------------------------------------------
#
# Called outside any trace, an API traces its work on every call (as JAX's
# eager APIs re-run on every call: globals and attributes the function
# reads are current) and looks the compiled program up by its fingerprint
# (the compiler's, without locations), so XLA compiles each distinct
# program once (compiler.executable).


def _placed(traced, in_shardings):
    """(program, planner): the StableHLO program of a traced module laid
    out for inputs with `in_shardings` (stages.arg_shardings)."""
    planner = None
    if traced.rules:
        planner = pxla.SpmdPlanner(in_shardings)
        return compiler.compile_traced(traced, compiler.COMPILE,
                                       debug_info=False,
                                       planner=planner), planner
    # (The text printed once serves as the key and as the input.)
    return compiler.compile_text_cached(traced.text(), compiler.COMPILE,
                                        in_shardings)


def _eager(body, name, args, kwargs=None):
    """body(*args, **kwargs) on concrete values: traced, optimized and run."""
    flat, in_tree = tree_util.tree_flatten((tuple(args), kwargs or {}))
    avals = [abstractify(x) for x in flat]
    traced = tracing.trace(body, name, avals,
                           lambda ts: tree_util.tree_unflatten(in_tree, ts),
                           sources=flat, evaluator=_concrete_value)
    captured = list(traced.captured)
    shardings = stages.arg_shardings(flat + captured)
    program, planner = _placed(traced, shardings)
    exe = compiler.executable(program, shardings, planner)
    if shardings is None and len(exe.devices) == 1:
        bufs = [stages.to_buffer(x, a) for x, a in zip(flat, avals)]
        outs = exe.execute(bufs + captured)
        return tree_util.tree_unflatten(traced.out_tree, [
            from_buffer(b, a) for b, a in zip(outs, traced.out_avals)])
    # Arguments on other devices (a mesh): one SPMD program where they
    # are, its results laid out as it gives them, as jit's.
    outs = exe.execute(flat + captured, exe.result_handlers(traced.out_avals))
    return tree_util.tree_unflatten(traced.out_tree, outs)


def _needed_inputs(tracer):
    """Positions of the block arguments of tracer's frame that its value
    depends on (through the ops of the frame's block and their regions)."""
    block = tracer.frame.block
    needed, seen, stack = set(), set(), [tracer.value]
    while stack:
        value = stack.pop().maybe_downcast()
        if isinstance(value, ir.BlockArgument):
            if value.owner == block:
                needed.add(value.arg_number)
            continue
        op = value.owner.operation
        if op in seen:
            continue
        seen.add(op)
        for nested in _ops_within(op):
            stack.extend(nested.operands)
    return needed


def _ops_within(op):
    """op and every op in its regions."""
    ops = [op]
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                ops.extend(_ops_within(inner.operation))
    return ops


def _terminated(func):
    ops = list(func.regions[0].blocks[0].operations)
    return bool(ops) and ops[-1].operation.name == "func.return"


def _slice_program(frame, tracer):
    """A module computing `tracer` from `frame`'s inputs: a copy of the
    frame's function so far, ending in a return of tracer, as a public
    @main, with copies of the module's finished functions (its callees).
    The copy drops its debug callbacks: a slice runs to find a value, and
    must not print (or call anything) again on the way."""
    func = frame.func
    with frame.module.context, ir.Location.unknown():
        module = ir.Module.create()
        ip = ir.InsertionPoint(module.body)
        ret = func_d.ReturnOp([tracer.value], ip=frame.ip)
        try:
            main = func.operation.clone(ip)
        finally:
            ret.operation.erase()
        main.attributes["sym_name"] = ir.StringAttr.get("main")
        main.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get([a.type for a in frame.block.arguments],
                                [tracer.value.type]))
        if "sym_visibility" in main.attributes:
            del main.attributes["sym_visibility"]
        callbacks = []

        def find_callbacks(op):
            if (op.name == "jxp.host_callback"
                    and "has_side_effect" in op.attributes):
                callbacks.append(op)
            return ir.WalkResult.ADVANCE
        main.walk(find_callbacks)
        for op in callbacks:
            op.erase()
        for op in frame.module.body.operations:
            if op.operation.name == "func.func" and op != func and \
                    _terminated(op):
                op.operation.clone(ip)
        return module.operation.get_asm(print_generic_op_form=True)


class _SliceTrace:
    """What compiler.compile_traced needs of a slice program (its entry called
    as traced: nothing captured first, nothing donated)."""

    captured, captured_first, aliases = (), False, None

    def __init__(self, text, module, rules):
        # (Rules the compiler asks for are traced into the frame's module.)
        self._text, self.module, self.rules = text, module, rules

    def text(self):
        return self._text


def _concrete_value(tracer):
    """tracer's value, if every frame input it depends on has a known
    source (an eager transformation's arguments, closed-over arrays, or
    tracers of enclosing frames that have values in turn): the slice of
    the trace that computes it, compiled and run. None otherwise."""
    frame = tracer.frame
    value = tracer.value.maybe_downcast()
    if isinstance(value, ir.BlockArgument) and value.owner == frame.block:
        k = value.arg_number
        source = frame.sources.get(k)
        if isinstance(source, core.Tracer):
            return _concrete_value(source)
        if source is None or is_array(source):
            return source
        aval = frame.input_avals[k]
        return from_buffer(stages.to_buffer(source, aval), aval)
    needed = _needed_inputs(tracer)
    args = []
    for k, aval in enumerate(frame.input_avals):
        source = frame.sources.get(k) if k in needed else None
        if k not in needed:
            # Unread: any value of its type.
            source = np.zeros(aval.shape, aval.dtype)
        elif isinstance(source, core.Tracer):
            source = _concrete_value(source)
        if source is None:
            return None
        args.append(stages.to_buffer(source, aval))
    exe = compiler.executable(compiler.compile_traced(
        _SliceTrace(_slice_program(frame, tracer), frame.module,
                    frame.rules),
        compiler.COMPILE, debug_info=False))
    (out,) = exe.execute(args)
    return from_buffer(out, tracer.aval)


def _staged(body):
    """A wrapper running `body` inline under a trace, and as a compiled
    program otherwise."""
    @functools.wraps(body)
    def wrapper(*args, **kwargs):
        if core.current_frame():
            return body(*args, **kwargs)
        return _eager(body, body.__name__, args, kwargs)
    return wrapper


# ---------------------------------------------------------------------------
# Checks with JAX's messages
# ---------------------------------------------------------------------------

def _check_callable(fun, api):
    if not callable(fun):
        raise TypeError(f"{api} requires a callable argument, got {fun!r}")


def _argnums_tuple(argnums, nargs, api):
    single = isinstance(argnums, (int, np.integer))
    nums = (argnums,) if single else tuple(argnums)
    for i in nums:
        if not isinstance(i, (int, np.integer)):
            raise TypeError(f"argnums must be an int or a tuple of ints, got "
                            f"{argnums!r}")
    if not nums:
        raise ValueError(f"{api} argnums=() names no argument to "
                         f"differentiate with respect to.")
    if api == "grad" and max(nums) >= nargs:
        # JAX's grad checks the largest position itself (TypeError); any
        # other position out of range is the ValueError below.
        raise TypeError(
            f"differentiating with respect to argnums={argnums} requires at "
            f"least {max(nums) + 1} positional arguments to be passed by the "
            f"caller, but got only {nargs} positional arguments.")
    for i in nums:
        if not -nargs <= i < nargs:
            raise ValueError(
                f"Positional argument indices, e.g. for `static_argnums`, "
                f"must have value greater than or equal to -len(args) and "
                f"less than len(args), but got value {i} for len(args) == "
                f"{nargs}.")
    resolved = tuple(int(i) % nargs for i in nums)
    if len(set(resolved)) != len(resolved):
        # JAX passes None for the repeated argument (a TypeError in the
        # function, or None gradients); jxp says why.
        raise TypeError(
            f"{api} argnums={argnums} names an argument more than once (as "
            f"positions {resolved} of {nargs} arguments); each argument can "
            f"be differentiated once.")
    return single, resolved


def _check_argnums_type(argnums):
    """The check JAX makes when grad, value_and_grad or jacfwd is applied:
    argnums is an int or a sequence of ints."""
    _index_tuple(argnums)


def _check_input_dtype(aval, api, allow_int, holomorphic=False):
    if holomorphic:
        if not dtypes.is_complex(aval.dtype):
            raise TypeError(f"{api} with holomorphic=True requires inputs "
                            f"with complex dtype, but got {aval.dtype.name}.")
        return
    if allow_int:
        return
    if not _is_inexact(aval):
        raise TypeError(
            f"{api} requires real- or complex-valued inputs (input dtype that "
            f"is a sub-dtype of np.inexact), but got {aval.dtype.name}. If "
            f"you want to use Boolean- or integer-valued inputs, use vjp or "
            f"set allow_int to True.")


def _check_scalar_output(aval, api, holomorphic=False):
    if aval.shape != ():
        raise TypeError(f"Gradient only defined for scalar-output functions. "
                        f"Output had shape: {aval.shape}.")
    if holomorphic:
        # The cotangent is then 1 + 0i: the derivative of a holomorphic
        # function, as JAX's grad (no conjugation).
        if not dtypes.is_complex(aval.dtype):
            raise TypeError(f"{api} with holomorphic=True requires outputs "
                            f"with complex dtype, but got {aval.dtype.name}.")
        return
    if not dtypes.is_float(aval.dtype):
        raise TypeError(
            f"{api} requires real-valued outputs (output dtype that is a "
            f"sub-dtype of np.floating), but got {aval.dtype.name}. For "
            f"holomorphic differentiation, pass holomorphic=True. For "
            f"differentiation of non-holomorphic functions involving complex "
            f"outputs, use jax.vjp directly.")


def _split_aux(out, has_aux, api="grad"):
    if not has_aux:
        return out, None
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(
            f"{api} with has_aux=True requires the function to return a "
            f"pair (output, auxiliary data), got {type(out).__name__}.")
    return out[0], out[1]


# ---------------------------------------------------------------------------
# Reverse mode core
# ---------------------------------------------------------------------------

def _trace_fun(fun, name, flat_args, tree):
    """Traces fun over the flat leaves of `tree` (the (args, kwargs) it is
    called with)."""
    avals = [abstractify(x) for x in flat_args]
    (traced,), _ = _trace_together([(fun, name, avals, _flat_builder(tree),
                                     flat_args)])
    return traced


def _vjp_op(traced, flat_args, wrt, cts, strong=()):
    """Emits jxp.vjp: the callee's results, then the cotangents of the flat
    inputs listed in `wrt` (strongly typed for those in `strong`)."""
    in_avals = [abstractify(x) for x in flat_args]
    out_avals = traced.out_avals + [
        in_avals[i].update(weak_type=False) if i in strong else in_avals[i]
        for i in wrt]
    results = _emit(ops.VjpOp, out_avals, traced.ref, _i64_array(wrt),
                    _lift_all(list(flat_args) + traced.closure + list(cts)))
    n = len(traced.out_avals)
    return results[:n], results[n:]


def _one_cotangent(cts, name):
    if len(cts) != 1:
        raise TypeError(
            f"The function returned by `jax.vjp` applied to {name} was called "
            f"with {len(cts)} arguments, but functions returned by `jax.vjp` "
            f"must be called with a single argument corresponding to the "
            f"single value returned by {name} (even if that returned value "
            f"is a tuple or other container).")
    return cts[0]


def _check_cotangents(ct, out_tree, out_avals):
    """The leaves of a vjp cotangent, checked against the outputs' structure,
    shapes and dtypes (JAX's errors)."""
    ct_leaves, ct_tree = tree_util.tree_flatten(ct)
    if ct_tree != out_tree:
        raise ValueError(
            f"unexpected tree structure: the cotangent input {ct_tree} does "
            f"not match the structure of the primal output {out_tree}.")
    for c, a in zip(ct_leaves, out_avals):
        if _is_float0(c) and not _is_inexact(a):
            # JAX's cotangent of an integer output; the derivative
            # ignores it.
            if np.shape(c) != a.shape:
                raise ValueError(
                    f"Shape of cotangent input to vjp pullback function "
                    f"{np.shape(c)} must be the same as the shape of "
                    f"corresponding primal input {a.shape}.")
            continue
        ca = abstractify(c)
        if ca.shape != a.shape:
            raise ValueError(
                f"Shape of cotangent input to vjp pullback function "
                f"{ca.shape} must be the same as the shape of corresponding "
                f"primal input {a.shape}.")
        if _is_inexact(a) and ca.dtype != a.dtype:
            raise ValueError(
                f"unexpected JAX type (e.g. shape/dtype) for argument to vjp "
                f"function: got {ca.str_short()}, but expected "
                f"{a.str_short()} because the corresponding output of the "
                f"function had dtype {a.dtype}")
    return ct_leaves


def _arg_leaf_positions(args, nums):
    """For each argument number in `nums`, the positions of its leaves among
    the flat leaves of (args, kwargs)."""
    starts, offset = [], 0
    for a in args:
        n = len(tree_util.tree_leaves(a))
        starts.append(range(offset, offset + n))
        offset += n
    return [list(starts[i]) for i in nums]


def _name(fun):
    return getattr(fun, "__name__", "fun")


def value_and_grad(fun, argnums=0, has_aux=False, holomorphic=False,
                   allow_int=False, reduce_axes=()):
    """f -> (x -> (f(x), df/dx)), as jax.value_and_grad."""
    _check_callable(fun, "value_and_grad")
    _check_argnums_type(argnums)
    name = _name(fun)

    def body(*args, **kwargs):
        single, nums = _argnums_tuple(argnums, len(args), "grad")
        flat, tree = tree_util.tree_flatten((args, kwargs))
        groups = _arg_leaf_positions(args, nums)
        wrt = sorted({k for g in groups for k in g})
        for k in wrt:
            _check_input_dtype(abstractify(flat[k]), "grad", allow_int,
                               holomorphic)
        # Integer inputs (allow_int) get float0 gradients, added by the
        # caller outside the program.
        wrt = [k for k in wrt if _is_inexact(abstractify(flat[k]))]
        traced = _trace_fun(fun, name, flat, tree)
        out_leaves_tree = traced.out_tree
        out_struct = tree_util.tree_unflatten(
            out_leaves_tree, list(range(len(traced.out_avals))))
        main, aux = _split_aux(out_struct, has_aux)
        main_leaves = tree_util.tree_leaves(main)
        if len(main_leaves) != 1 or not isinstance(main, int):
            raise TypeError(
                f"Gradient only defined for scalar-output functions. Output "
                f"was {tree_util.tree_structure(main)}.")
        main_index = main_leaves[0]
        _check_scalar_output(traced.out_avals[main_index], "grad",
                             holomorphic)
        cts = [(_ones if k == main_index else _zeros)(a)
               for k, a in enumerate(traced.out_avals)]
        # The gradient of a complex input of a real function comes out of
        # a real-to-complex transpose (of real, imag, abs, complex): in JAX
        # it is strongly typed whatever the input's weak type.
        strong = () if holomorphic else {
            k for k in wrt if dtypes.is_complex(abstractify(flat[k]).dtype)}
        outs, grads = _vjp_op(traced, flat, wrt, cts, strong)
        out = tree_util.tree_unflatten(out_leaves_tree, outs)
        value, aux_value = _split_aux(out, has_aux)
        return ((value, aux_value), grads) if has_aux else (value, grads)

    body.__name__ = f"value_and_grad_{name}"
    staged_flat = _staged(body)

    def staged(*args, **kwargs):
        single, nums = _argnums_tuple(argnums, len(args), "grad")
        value, grads = staged_flat(*args, **kwargs)
        flat, _ = tree_util.tree_flatten((args, kwargs))
        groups = _arg_leaf_positions(args, nums)
        wrt = sorted({k for g in groups for k in g})
        by_pos = dict(zip(
            [k for k in wrt if _is_inexact(abstractify(flat[k]))], grads))
        grad_trees = []
        for i, group in zip(nums, groups):
            grad_trees.append(tree_util.tree_unflatten(
                tree_util.tree_structure(args[i]),
                [by_pos[k] if k in by_pos else
                 _float0_zeros(abstractify(flat[k])) for k in group]))
        return value, grad_trees[0] if single else tuple(grad_trees)

    @functools.wraps(fun)
    def value_and_grad_f(*args, **kwargs):
        # As in JAX, Python scalars among the arguments not differentiated
        # reach `fun` as they are (`range(n)`, `isinstance(n, int)` work),
        # eagerly and under jit alike.
        single, nums = _argnums_tuple(argnums, len(args), "grad")
        nums = tuple(i % len(args) for i in nums)
        static = {i for i, a in enumerate(args)
                  if i not in nums and type(a) in (bool, int, float, complex)}
        if not static:
            return staged(*args, **kwargs)
        dyn = [i for i in range(len(args)) if i not in static]

        @functools.wraps(fun)
        def with_static(*dyn_args, **kw):
            full = list(args)
            for i, a in zip(dyn, dyn_args):
                full[i] = a
            return fun(*full, **kw)
        new = tuple(dyn.index(i) for i in nums)
        return value_and_grad(with_static, new[0] if single else new,
                              has_aux, holomorphic, allow_int)(
            *[args[i] for i in dyn], **kwargs)
    return value_and_grad_f


def grad(fun, argnums=0, has_aux=False, holomorphic=False, allow_int=False,
         reduce_axes=()):
    """f -> df/dx, as jax.grad."""
    _check_callable(fun, "grad")
    vg = value_and_grad(fun, argnums, has_aux, holomorphic, allow_int)

    @functools.wraps(fun)
    def grad_f(*args, **kwargs):
        if has_aux:
            (_, aux), g = vg(*args, **kwargs)
            return g, aux
        _, g = vg(*args, **kwargs)
        return g
    return grad_f


def vjp(fun, *primals, has_aux=False, reduce_axes=()):
    """(f, *primals) -> (f(*primals), vjp_fun[, aux]), as jax.vjp."""
    _check_callable(fun, "vjp")
    name = _name(fun)
    flat, in_tree = tree_util.tree_flatten(primals)

    def forward(*flat_args):
        return fun(*tree_util.tree_unflatten(in_tree, list(flat_args)))

    def backward(flat_args, cts):
        traced = _trace_fun(forward, name, flat_args,
                            tree_util.tree_structure((tuple(flat_args), {})))
        out_struct = tree_util.tree_unflatten(
            traced.out_tree, list(range(len(traced.out_avals))))
        main, _ = _split_aux(out_struct, has_aux, "vjp")
        main_idx = tree_util.tree_leaves(main)
        ct_leaves = _check_cotangents(
            cts, tree_util.tree_structure(main),
            [traced.out_avals[k] for k in main_idx])
        full = [_zeros(a) for a in traced.out_avals]
        for k, c in zip(main_idx, ct_leaves):
            if _is_inexact(traced.out_avals[k]):
                full[k] = c
        wrt = [k for k, x in enumerate(flat_args)
               if _is_inexact(abstractify(x))]
        _, grads = _vjp_op(traced, list(flat_args), wrt, full)
        by_pos = dict(zip(wrt, grads))
        # (Traced: zeros of the integer inputs' types, which jit can
        # return; eagerly float0, as in JAX.)
        leaves = [by_pos[k] if k in by_pos else _zeros(abstractify(x))
                  for k, x in enumerate(flat_args)]
        return tree_util.tree_unflatten(in_tree, leaves)

    if not core.current_frame():
        return _vjp_eager(fun, name, primals, has_aux, backward)
    out = forward(*flat)
    main, aux = _split_aux(out, has_aux, "vjp")
    bwd = backward

    def vjp_fun(*cts):
        return bwd(list(flat), _one_cotangent(cts, name))

    return (main, vjp_fun, aux) if has_aux else (main, vjp_fun)


# ---------------------------------------------------------------------------
# Forward mode
# ---------------------------------------------------------------------------

def _jvp_traced(fun, name, primals, tangents, has_aux=False):
    flat_p, tree_p = tree_util.tree_flatten(primals)
    flat_t, tree_t = tree_util.tree_flatten(tangents)
    if tree_p != tree_t:
        raise TypeError(
            f"primal and tangent arguments to jax.jvp must have the same tree "
            f"structure; primals have tree structure {tree_p} whereas "
            f"tangents have tree structure {tree_t}.")
    for p, t in zip(flat_p, flat_t):
        pa, ta = abstractify(p), abstractify(t)
        if _is_inexact(pa) and pa.dtype != ta.dtype:
            raise TypeError(
                f"primal and tangent arguments to jax.jvp do not match; "
                f"dtypes must be equal, or in case of int/bool primal dtype "
                f"the tangent dtype must be float0. Got primal dtype "
                f"{pa.dtype} and so expected tangent dtype {pa.dtype}, but got "
                f"tangent dtype {ta.dtype} instead.")
        if pa.shape != ta.shape:
            raise ValueError(
                f"jvp called with different primal and tangent shapes;Got "
                f"primal shape {pa.shape} and tangent shape as {ta.shape}")

    def flat_fun(*xs):
        return fun(*tree_util.tree_unflatten(tree_p, list(xs)))

    traced = _trace_fun(flat_fun, name, flat_p,
                        tree_util.tree_structure((tuple(flat_p), {})))
    wrt = [k for k, p in enumerate(flat_p) if _is_inexact(abstractify(p))]
    avals = traced.out_avals
    results = _emit(ops.JvpOp, avals + [_tangent_aval(a) for a in avals],
                    traced.ref, _i64_array(wrt),
                    _lift_all(flat_p + traced.closure + [flat_t[k] for k in wrt]))
    n = len(avals)
    out = tree_util.tree_unflatten(traced.out_tree, results[:n])
    tan = tree_util.tree_unflatten(traced.out_tree, results[n:])
    if has_aux:
        (y, aux), (ty, _) = _split_aux(out, True, "jvp"), _split_aux(
            tan, True, "jvp")
        return y, ty, aux
    return out, tan


def jvp(fun, primals, tangents, has_aux=False):
    """(f, primals, tangents) -> (f(*primals), df(primals)[tangents])."""
    _check_callable(fun, "jvp")
    if not isinstance(primals, (tuple, list)) or not isinstance(
            tangents, (tuple, list)):
        raise TypeError(
            f"primal and tangent arguments to jax.jvp must be tuples or "
            f"lists; found {type(primals).__name__} and "
            f"{type(tangents).__name__}.")
    if type(primals) is not type(tangents):
        raise TypeError(
            f"primal and tangent arguments to jax.jvp must have the same tree "
            f"structure; primals have tree structure "
            f"{tree_util.tree_structure(primals)} whereas tangents have tree "
            f"structure {tree_util.tree_structure(tangents)}.")
    if len(primals) != len(tangents):
        raise TypeError(
            f"primal and tangent arguments to jax.jvp must have equal types "
            f"and the same tree structure; got {len(primals)} primals and "
            f"{len(tangents)} tangents")
    name = _name(fun)
    primals, tangents = tuple(primals), tuple(tangents)
    tangents = _strip_float0(primals, tangents)
    if core.current_frame():
        # Integer outputs keep tangents of zeros of their type here: jit
        # cannot yet return float0 arrays.
        return _jvp_traced(fun, name, primals, tangents, has_aux)
    out = _eager(lambda p, t: _jvp_traced(fun, name, p, t, has_aux), name,
                 (primals, tangents))
    # Integer and bool outputs have float0 tangents, as in JAX.
    tan = tree_util.tree_map(
        lambda t: t if _is_inexact(abstractify(t)) else
        _float0_zeros(abstractify(t)), out[1])
    return (out[0], tan) + tuple(out[2:])


def _strip_float0(primals, tangents):
    """The float0 tangents of integer and bool primals (JAX's only valid
    ones for them) as zeros of the primals' type, which the program can
    hold; the derivative ignores them. Other mismatches are left for
    _jvp_traced to report."""
    flat_p, tree_p = tree_util.tree_flatten(primals)
    flat_t, tree_t = tree_util.tree_flatten(tangents)
    if tree_p != tree_t:
        return tangents
    fixed = []
    for p, t in zip(flat_p, flat_t):
        pa = abstractify(p)
        if _is_inexact(pa):
            fixed.append(t)
            continue
        if not _is_float0(t):
            raise TypeError(
                f"primal and tangent arguments to jax.jvp do not match; "
                f"dtypes must be equal, or in case of int/bool primal dtype "
                f"the tangent dtype must be float0. Got primal dtype "
                f"{pa.dtype} and so expected tangent dtype float0, but got "
                f"tangent dtype {np.result_type(t)} instead.")
        if np.shape(t) != pa.shape:
            raise ValueError(
                f"jvp called with different primal and tangent shapes;Got "
                f"primal shape {pa.shape} and tangent shape as "
                f"{np.shape(t)}")
        fixed.append(_zeros(pa))
    return tree_util.tree_unflatten(tree_t, fixed)


def linearize(fun, *primals, has_aux=False):
    """(f, *primals) -> (f(*primals), f_jvp[, aux]), as jax.linearize; the
    returned function can be called many times.

    Eagerly, the JVP is split by the partial-evaluation pass: the primal
    half runs once and keeps its residuals on the device, each call of
    f_jvp runs only the linear half. Under a trace, f_jvp emits a JVP whose
    primal part CSE merges with the rest of the program."""
    _check_callable(fun, "linearize")
    name = _name(fun)
    if not core.current_frame():
        return _linearize_eager(fun, name, primals, has_aux)
    out = _jvp_traced(fun, name, primals, primals, has_aux)

    def f_jvp(*tangents):
        return _jvp_traced(fun, name, primals, tangents, has_aux)[1]

    if has_aux:
        return out[0], f_jvp, out[2]
    return out[0], f_jvp


class _SplitJvp:
    """The programs of an eager linearize / vjp of `fun` at given input
    types: the JVP traced once, split by the partial-evaluation pass into a
    primal half (results and residuals) and a linear half; the linear half
    compiled as is (for f_jvp) or transposed (for vjp_fun) on first use.
    Traced on every call, as JAX's eager transformations run the function
    again (its Python control flow may take another branch); the compiled
    programs are cached by their text."""

    def __init__(self, fun, name, tree, avals, has_aux, primal_values):
        self.tree, self.avals, self.has_aux = tree, avals, has_aux
        self.wrt = [k for k, a in enumerate(avals) if _is_inexact(a)]
        n = len(avals)
        shape = {}

        def jvp_of_fun(*xs):
            tans = [_zeros(a) for a in avals]
            for k, t in zip(self.wrt, xs[n:]):
                tans[k] = t
            res = _jvp_traced(
                fun, name, tuple(tree_util.tree_unflatten(tree, list(xs[:n]))),
                tuple(tree_util.tree_unflatten(tree, tans)), has_aux)
            out_leaves, shape["out"] = tree_util.tree_flatten(res[0])
            aux_leaves, shape["aux"] = tree_util.tree_flatten(
                res[2] if has_aux else None)
            return out_leaves + tree_util.tree_leaves(res[1]) + aux_leaves

        t_avals = [avals[k] for k in self.wrt]
        traced = tracing.trace(jvp_of_fun, name, list(avals) + t_avals,
                           lambda ts: (ts, {}), sources=primal_values,
                           evaluator=_concrete_value)
        # The compiler splits the JVP and derives the three programs.
        parts = compiler.split_linear(traced, n, len(t_avals))
        self.linear_results = list(parts["linear_results"])
        self.primal = compiler.executable(compiler.Program(parts["primal"]))
        self._linear_text = parts["linear"]
        self._transposed_text = parts["transposed"]
        self.captured = list(traced.captured)
        self.out_avals = traced.out_avals
        self.out_shape, self.aux_shape = shape["out"], shape["aux"]
        self.n_out = self.out_shape.num_leaves
        self._linear = self._transposed = None

    @property
    def linear(self):
        if self._linear is None:
            if isinstance(self._linear_text, Exception):
                raise compiler.compile_error(self._linear_text)
            self._linear = compiler.executable(compiler.Program(self._linear_text))
        return self._linear

    @property
    def transposed(self):
        """(residuals, cotangents of the linear results) -> cotangents of
        the differentiated inputs: the linear half's transpose (its
        compile error, if it is not transposable, raised on first use)."""
        if self._transposed is None:
            if isinstance(self._transposed_text, Exception):
                raise compiler.compile_error(self._transposed_text)
            self._transposed = compiler.executable(
                compiler.Program(self._transposed_text))
        return self._transposed

    def run(self, flat_p):
        """Runs the primal half: (per result index: buffer of the non-linear
        results, residual buffers)."""
        args = [stages.to_buffer(x, a) for x, a in zip(flat_p, self.avals)]
        results = self.primal.execute(args + self.captured)
        nonlinear = [i for i in range(len(self.out_avals))
                     if i not in self.linear_results]
        return dict(zip(nonlinear, results)), results[len(nonlinear):]

    def array(self, i, buf):
        return from_buffer(buf, self.out_avals[i])


def _split_jvp(fun, name, primals, has_aux):
    flat_p, tree = tree_util.tree_flatten(primals)
    avals = tuple(abstractify(x) for x in flat_p)
    return _SplitJvp(fun, name, tree, avals, has_aux, flat_p), flat_p


def _tangent_buffers(prog, flat_t, what):
    bufs = []
    for k in prog.wrt:
        pa, ta = prog.avals[k], abstractify(flat_t[k])
        if (pa.shape, pa.dtype) != (ta.shape, ta.dtype):
            raise ValueError(
                f"{what} called on values inconsistent with the original "
                f"primal values: got {ta.str_short()} for primal "
                f"{pa.str_short()}")
        bufs.append(stages.to_buffer(flat_t[k], pa))
    return bufs


def _linearize_eager(fun, name, primals, has_aux):
    prog, flat_p = _split_jvp(fun, name, primals, has_aux)
    values, residuals = prog.run(flat_p)
    n = prog.n_out
    out = tree_util.tree_unflatten(
        prog.out_shape, [prog.array(i, values[i]) for i in range(n)])

    def f_jvp(*tangents):
        if core.current_frame():
            # Traced (by linear_transpose, jit, ...): the JVP itself, with
            # the primals as constants.
            return _jvp_traced(fun, name, primals, tangents, has_aux)[1]
        flat_t, tree_t = tree_util.tree_flatten(tangents)
        if tree_t != prog.tree:
            raise TypeError(
                f"linearized function called on tangent values inconsistent "
                f"with the original primal values: {tree_t} for {prog.tree}")
        outs = dict(zip(prog.linear_results, prog.linear.execute(
            list(residuals) + _tangent_buffers(prog, flat_t,
                                               "linearized function"))))
        return tree_util.tree_unflatten(prog.out_shape, [
            prog.array(i, outs[i] if i in outs else values[i])
            for i in range(n, 2 * n)])

    if has_aux:
        aux = tree_util.tree_unflatten(prog.aux_shape, [
            prog.array(i, values[i]) for i in range(2 * n, len(prog.out_avals))])
        return out, f_jvp, aux
    return out, f_jvp


def _vjp_eager(fun, name, primals, has_aux, traced_backward):
    prog, flat_p = _split_jvp(fun, name, primals, has_aux)
    values, residuals = prog.run(flat_p)
    n = prog.n_out
    out = tree_util.tree_unflatten(
        prog.out_shape, [prog.array(i, values[i]) for i in range(n)])

    def vjp_fun(*cts):
        ct = _one_cotangent(cts, name)
        if core.current_frame():
            # Traced (e.g. jit(vjp_fun)): the VJP itself, primals constant.
            return traced_backward(list(flat_p), ct)
        ct_leaves = _check_cotangents(ct, prog.out_shape, prog.out_avals[:n])
        # Cotangents of the linear results: those of the outputs whose
        # tangents are linear (result n + i is output i's tangent).
        bufs = [stages.to_buffer(ct_leaves[i - n], prog.out_avals[i - n])
                for i in prog.linear_results]
        grads = dict(zip(prog.wrt, prog.transposed.execute(
            list(residuals) + bufs)))
        leaves = [from_buffer(grads[k], a) if k in grads else
                  _float0_zeros(a) for k, a in enumerate(prog.avals)]
        return tree_util.tree_unflatten(prog.tree, leaves)

    if has_aux:
        aux = tree_util.tree_unflatten(prog.aux_shape, [
            prog.array(i, values[i]) for i in range(2 * n, len(prog.out_avals))])
        return out, vjp_fun, aux
    return out, vjp_fun


def linear_transpose(fun, *primals, reduce_axes=()):
    """The transpose of a linear function, as jax.linear_transpose: primals
    give the input shapes and dtypes."""
    _check_callable(fun, "linear_transpose")
    in_avals = [abstractify(x) for x in tree_util.tree_leaves(primals)]
    in_tree = tree_util.tree_structure(primals)
    for a in in_avals:
        if not _is_inexact(a):
            raise TypeError("linear_transpose only supports [float or "
                            "complex] -> [float or complex], and integer -> "
                            "integer functions, but got "
                            f"{a.dtype} input.")
    name = _name(fun)

    def flat_fun(*xs):
        return fun(*tree_util.tree_unflatten(in_tree, list(xs)))

    def transpose(*cts):
        ct = cts[0] if len(cts) == 1 else cts
        (traced,), _ = _trace_together([(
            flat_fun, name, in_avals, _positional(len(in_avals)))])
        ct_leaves, ct_tree = tree_util.tree_flatten(ct)
        if ct_tree != traced.out_tree:
            raise TypeError(
                f"cotangent tree does not match function output, expected "
                f"{traced.out_tree} but got {ct_tree}")
        for c, a in zip(ct_leaves, traced.out_avals):
            ca = abstractify(c)
            if (ca.shape, ca.dtype) != (a.shape, a.dtype):
                raise TypeError(
                    f"cotangent type does not match function output, "
                    f"expected {a.str_short()} but got {ca.str_short()}")
        results = _emit(ops.LinearTransposeOp, in_avals, traced.ref,
                        _i64_array(range(len(in_avals))),
                        _lift_all(traced.closure + ct_leaves))
        return tree_util.tree_unflatten(in_tree, results)

    staged = _staged(transpose)

    def f_transpose(*cts):
        return staged(*cts)
    return f_transpose


def _zeros_array(shape, dtype):
    """An array (or tracer) of zeros, built from primitives."""
    return prims.broadcast_in_dim_prim.bind(np.zeros((), dtype),
                                         shape=tuple(shape),
                                         broadcast_dimensions=())


def stop_gradient(x):
    """x, with zero derivative (every inexact leaf of a pytree)."""
    def stop(leaf):
        a = abstractify(leaf)
        if not _is_inexact(a):
            return leaf
        return prims.stop_gradient_prim.bind(leaf)
    return tree_util.tree_map(stop, x)
