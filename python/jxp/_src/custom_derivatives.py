"""custom_jvp and custom_vjp (JAX's jax.custom_derivatives): the function
and its rules are traced into private functions of the module being built
and called through `jxp.custom_jvp_call` / `jxp.custom_vjp_call`, which the
C++ autodiff passes differentiate with the rules; custom_jvp rules with
symbolic zeros are traced when the compiler asks for a zero pattern
(compiler.compile_traced)."""

import functools

import numpy as np
from jaxlib.mlir import ir

from . import core, tree_util
from .lax import primitives as prims
from .ad import (_eager, _emit, _emit_op, _i64, _i64_array, _is_inexact,
                 _lift_all, _name, _pad_closures, _positional, _trace_private,
                 _trace_together, _zeros, _zeros_array)
from .core import Frame, abstractify
from .tracing import trace_into
from .._mlir import jxp as ops

__all__ = ["custom_jvp", "custom_vjp", "SymbolicZero"]


class SymbolicZero:
    """A tangent known to be zero, as custom_jvp rules with
    symbolic_zeros=True receive it (jax.custom_derivatives.SymbolicZero)."""

    def __init__(self, aval):
        self.aval = aval

    shape = property(lambda self: self.aval.shape)
    dtype = property(lambda self: self.aval.dtype)

    def instantiate(self):
        return _zeros_array(self.aval.shape, self.aval.dtype)

    def __repr__(self):
        return f"SymbolicZero({self.aval.str_short()})"

    @staticmethod
    def from_primal_value(x):
        return SymbolicZero(abstractify(x))


def _resolve_args(fun, args, kwargs):
    """Positional arguments of fun(*args, **kwargs), as JAX resolves
    custom_jvp/custom_vjp calls."""
    import inspect
    try:
        sig = inspect.signature(fun)
    except (TypeError, ValueError):  # no signature: positional as given
        if kwargs:
            raise
        return tuple(args)
    bound = sig.bind(*args, **kwargs)
    bound.apply_defaults()
    return tuple(bound.args) + tuple(bound.kwargs.values())


def _is_array_leaf(x):
    return hasattr(x, "aval") or isinstance(x, (np.ndarray, np.generic))


def _is_static(a):
    """A nondiff argument baked into the trace (not an operand)."""
    leaves = tree_util.tree_leaves(a)
    return not leaves or not all(_is_array_leaf(x) for x in leaves)


def _split_nondiff(args, nondiff_argnums):
    """The operand leaves of a custom-rule call: the leaves of every
    argument but the static nondiff ones (array-valued nondiff arguments
    are operands without tangents). Returns the leaves, the positions of
    the differentiable ones, whether each leaf belongs to a differentiable
    argument, and a function rebuilding the arguments from leaves."""
    leaves, kinds, structure = [], [], []
    for i, a in enumerate(args):
        if i in nondiff_argnums and _is_static(a):
            structure.append(("static", a, 0))
            continue
        flat, tree = tree_util.tree_flatten(a)
        structure.append(("leaves", tree, len(flat)))
        leaves.extend(flat)
        kinds.extend([i not in nondiff_argnums] * len(flat))
    diff = [k for k, d in enumerate(kinds)
            if d and _is_inexact(abstractify(leaves[k]))]

    def rebuild(xs):
        out, pos = [], 0
        for kind, obj, n in structure:
            if kind == "static":
                out.append(obj)
            else:
                out.append(tree_util.tree_unflatten(obj, list(xs[pos:pos + n])))
                pos += n
        return out
    return leaves, diff, kinds, rebuild


class _CustomRuleFunction:
    """What custom_jvp and custom_vjp share: argument resolution, method
    binding, and eager calls as cached jit programs."""

    # "jvp" or "vjp", and the attribute holding the (first) rule, which
    # must be defined before a call.
    _kind = _rule_attr = None

    def __init__(self, fun, nondiff_argnums=()):
        functools.update_wrapper(self, fun)
        self.fun = fun
        self.nondiff_argnums = tuple(nondiff_argnums)

    def _check_rules(self):
        if getattr(self, self._rule_attr) is None:
            kind = self._kind
            raise AttributeError(
                f"No {kind.upper()} defined for custom_{kind} function "
                f"{_name(self.fun)} using def{kind}.")

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self, obj)

    def __call__(self, *args, **kwargs):
        self._check_rules()
        if core.in_rules(self):
            # Rules are traced when the function is called, and often call
            # it (`ans = f(x)`): there it is its plain primal function.
            return self.fun(*args, **kwargs)
        args = _resolve_args(self.fun, args, kwargs)
        if core.current_frame():
            with core.rules_scope(self):
                return self._call_traced(args)
        # Eagerly: a compiled program, the static nondiff values baked in.
        fixed = {i: a for i, a in enumerate(args)
                 if i in self.nondiff_argnums and _is_static(a)}
        dyn_pos = [i for i in range(len(args)) if i not in fixed]

        def body(*dyn):
            full = dict(fixed)
            full.update(zip(dyn_pos, dyn))
            with core.rules_scope(self):
                return self._call_traced(
                    tuple(full[i] for i in range(len(args))))
        return _eager(body, _name(self.fun), [args[i] for i in dyn_pos])


class custom_jvp(_CustomRuleFunction):
    """A function with a custom JVP rule, as jax.custom_jvp."""

    _kind, _rule_attr = "jvp", "jvp"

    def __init__(self, fun, nondiff_argnums=()):
        super().__init__(fun, nondiff_argnums)
        self.jvp = None
        self.symbolic_zeros = False

    def defjvp(self, jvp, symbolic_zeros=False):
        self.jvp = jvp
        self.symbolic_zeros = symbolic_zeros
        return jvp

    def defjvps(self, *jvps):
        """One rule per argument: tangent_out = sum of jvps[i](t_i, ans,
        *primals) over the arguments (None: not differentiable)."""
        def jvp(primals, tangents):
            ans = self.fun(*primals)
            out = None
            for rule, t in zip(jvps, tangents):
                if rule is None:
                    continue
                term = rule(t, ans, *primals)
                out = term if out is None else tree_util.tree_map(
                    lambda a, b: a + b, out, term)
            if out is None:
                out = tree_util.tree_map(
                    lambda a: _zeros(abstractify(a)), ans)
            return ans, out
        self.defjvp(jvp)

    def _call_traced(self, args):
        name = _name(self.fun)
        nondiff = set(self.nondiff_argnums)
        leaves, diff, kinds, rebuild = _split_nondiff(args, nondiff)
        if not diff:  # nothing to differentiate: the plain function
            return self.fun(*args)
        avals = [abstractify(x) for x in leaves]
        n = len(leaves)

        out_avals_seen = []

        def primal(*xs):
            out = self.fun(*rebuild(xs))
            out_avals_seen[:] = [abstractify(o)
                                 for o in tree_util.tree_leaves(out)]
            return out

        def rule_for(zeros):
            """The user's rule over (primals, tangents): one tangent per
            primal if `zeros` is None, else one per differentiable primal
            not in `zeros` (the others are SymbolicZeros)."""
            given_pos = list(range(n)) if zeros is None else [
                k for k in diff if k not in zeros]

            def rule(*xs):
                prim = rebuild(xs[:n])
                given = dict(zip(given_pos, xs[n:]))
                tans = []
                for k in range(n):
                    if k in given and (kinds[k] or zeros is not None):
                        tans.append(given[k])
                    elif self.symbolic_zeros:
                        tans.append(SymbolicZero(avals[k]))
                    else:
                        tans.append(_zeros(avals[k]))
                tan_args = rebuild(tans)
                nd = [prim[i] for i in sorted(nondiff)]
                dp = tuple(p for i, p in enumerate(prim) if i not in nondiff)
                dt = tuple(t for i, t in enumerate(tan_args)
                           if i not in nondiff)
                res = self.jvp(*nd, dp, dt)
                if not (isinstance(res, (tuple, list)) and len(res) == 2):
                    raise TypeError(
                        f"Custom JVP rule must produce a pair (list or tuple "
                        f"of length two) representing primal and tangent "
                        f"outputs, got {res!r}.")
                p_out, t_out = res
                p_leaves, p_tree = tree_util.tree_flatten(p_out)
                t_out = tree_util.tree_map(
                    lambda t: t.instantiate() if isinstance(t, SymbolicZero)
                    else t, t_out,
                    is_leaf=lambda t: isinstance(t, SymbolicZero))
                t_leaves, t_tree = tree_util.tree_flatten(t_out)
                if p_tree != t_tree:
                    raise TypeError(
                        f"Custom JVP rule must produce primal and tangent "
                        f"outputs with equal container (pytree) structures, "
                        f"but got {p_tree} and {t_tree} respectively.")
                # Integer outputs have no tangents: zeros of their type.
                t_leaves = [t if _is_inexact(abstractify(p)) else
                            _zeros(abstractify(p))
                            for p, t in zip(p_leaves, t_leaves)]
                return list(p_leaves) + list(t_leaves)
            rule.__name__ = f"{name}_jvp"
            return rule, given_pos

        def spec(fun, count):
            return (fun, _name(fun), avals + [avals[k] for k in count],
                    _positional(n + len(count)))

        # Without symbolic zeros the rule is traced now, once, with the
        # function (it takes every tangent). With them it is traced when the
        # compiler meets a pattern of zero tangents, once per pattern.
        specs = [(primal, name, avals, _positional(n))]
        if not self.symbolic_zeros:
            specs.append(spec(*rule_for(None)))
        traced, closure = _trace_together(specs)
        f = traced[0]
        out_avals = f.out_avals

        # Tangents of integer outputs are not checked for dtype (JAX: float0).
        def kind(a):
            return (a.shape, a.dtype if _is_inexact(a) else None)

        def check_rule(rule_out_avals):
            if [kind(a) for a in rule_out_avals] != [
                    kind(a) for a in out_avals + out_avals]:
                raise TypeError(
                    f"Custom JVP rule of {name} must produce primal outputs "
                    f"of the function's shapes and dtypes and tangents like "
                    f"them; got {[a.str_short() for a in rule_out_avals]} "
                    f"for outputs {[a.str_short() for a in out_avals]}.")
        for t in traced[1:]:
            check_rule(t.out_avals)
        frame = core.current_frame()
        kw = ({"symbolic_zeros": ir.UnitAttr.get()} if self.symbolic_zeros
              else {"jvp": traced[1].ref})
        op, results = _emit_op(
            ops.CustomJvpCallOp, out_avals, f.ref, _i64_array(diff), _i64(n),
            _lift_all(list(leaves) + closure), **kw)
        if self.symbolic_zeros:
            frame.rules[f.symbol] = self._rule_tracer(
                op, frame, rule_for, avals, diff, closure, check_rule)
        return tree_util.tree_unflatten(f.out_tree, results)

    def _rule_tracer(self, op, frame, rule_for, avals, diff, closure,
                     check_rule):
        """Traces the rule for one pattern of zero tangents (a tuple of
        bools, one per primal) into a sealed function of the module, and
        adds it to the call's rules: what the compiler asks for. Returns
        the rule's symbol."""
        n = len(avals)

        def trace_rule(zeros):
            with core.using_context(frame.module.context):
                return _trace(zeros)

        def _trace(zeros):
            rule, given = rule_for({k for k in diff if zeros[k]})
            in_avals = (list(avals) + [avals[k] for k in given]
                        + [abstractify(c) for c in closure])
            first = n + len(given)
            symbol = frame.new_symbol(rule.__name__)
            with frame.module.context, ir.Location.unknown():
                inner = Frame(frame.module, symbol, in_avals, parent=frame,
                              bind=[(c, first + k)
                                    for k, c in enumerate(closure)],
                              sealed=True)
            with frame.module.context, core.rules_scope(self):
                outs, _ = trace_into(inner, rule, rule.__name__,
                                      lambda ts: _positional(first)(
                                          ts[:first]))
            check_rule([t.aval for t in outs])
            with frame.module.context, ir.Location.unknown():
                attrs = op.attributes
                rules = (list(ir.ArrayAttr(attrs["rules"]))
                         if "rules" in attrs else [])
                patterns = (list(ir.ArrayAttr(attrs["rule_zeros"]))
                            if "rule_zeros" in attrs else [])
                attrs["rules"] = ir.ArrayAttr.get(
                    rules + [ir.FlatSymbolRefAttr.get(symbol)])
                attrs["rule_zeros"] = ir.ArrayAttr.get(
                    patterns + [ir.DenseBoolArrayAttr.get(list(zeros))])
            return symbol
        return trace_rule


def _bwd_cotangent(path, primal, ct):
    """A custom_vjp bwd rule's cotangent for a primal input leaf, checked as
    JAX checks it: integer and boolean inputs take no cotangent (whatever
    the rule returns); another shape is a ValueError naming the leaf; a
    different inexact dtype is accepted (converted to the input's)."""
    if not _is_inexact(primal):
        return _zeros(primal)
    got = abstractify(ct)
    if got.shape != primal.shape:
        def show(a):
            return f"{a.dtype.name}[{','.join(map(str, a.shape))}]"
        raise ValueError(
            f"Custom VJP bwd rule must produce an output with the same type "
            f"as the args tuple of the primal function, but at output{path} "
            f"the bwd rule produced an output of type {show(got)} "
            f"corresponding to an input of type {show(primal)}, so the "
            f"shapes do not match")
    if got.dtype != primal.dtype:
        ct = prims.convert_element_type_prim.bind(ct, new_dtype=primal.dtype,
                                              weak_type=False)
    return ct


class custom_vjp(_CustomRuleFunction):
    """A function with a custom VJP rule, as jax.custom_vjp."""

    _kind, _rule_attr = "vjp", "fwd"

    def __init__(self, fun, nondiff_argnums=()):
        super().__init__(fun, nondiff_argnums)
        self.fwd = self.bwd = None

    def defvjp(self, fwd, bwd, symbolic_zeros=False, optimize_remat=False):
        self.fwd, self.bwd = fwd, bwd

    def _call_traced(self, args):
        name = _name(self.fun)
        nondiff = set(self.nondiff_argnums)
        leaves, diff, kinds, rebuild = _split_nondiff(args, nondiff)
        avals = [abstractify(x) for x in leaves]
        n = len(leaves)
        wrt = [k for k in range(n) if kinds[k]]
        diff_args = [a for i, a in enumerate(args) if i not in nondiff]
        res_tree = {}

        def primal(*xs):
            return self.fun(*rebuild(xs))

        def fwd(*xs):
            res = self.fwd(*rebuild(xs))
            if not (isinstance(res, (tuple, list)) and len(res) == 2):
                raise TypeError(
                    f"Custom VJP fwd rule {_name(self.fwd)} must produce a "
                    f"pair (list or tuple of length two) where the first "
                    f"element represents the primal output and the second "
                    f"the residuals, but instead the fwd rule output's type "
                    f"was {type(res)}.")
            out, residuals = res
            r_leaves, res_tree["tree"] = tree_util.tree_flatten(residuals)
            for r in r_leaves:
                if not _is_array_leaf(r) and not isinstance(
                        r, (bool, int, float, complex)):
                    raise TypeError(f"custom_vjp fwd rule residuals must be "
                                    f"arrays, got {r!r}")
            return list(tree_util.tree_leaves(out)) + list(r_leaves)

        def bwd_for(nres, out_tree, nd_args):
            def bwd(*xs):
                residuals = tree_util.tree_unflatten(res_tree["tree"],
                                                     list(xs[:nres]))
                cts = tree_util.tree_unflatten(out_tree, list(xs[nres:]))
                got = self.bwd(*nd_args, residuals, cts)
                if not isinstance(got, (tuple, list)):
                    raise TypeError(
                        f"Custom VJP bwd rule must produce a tuple of length "
                        f"equal to the number of primal (non-nondiff) "
                        f"arguments, got {type(got).__name__}")
                if len(got) != len(diff_args):
                    raise TypeError(
                        f"Custom VJP bwd rule must produce an output with the "
                        f"same container (pytree) structure as the args tuple "
                        f"of the primal function, and in particular must "
                        f"produce a tuple of length equal to the number of "
                        f"arguments to the primal function, but got bwd "
                        f"output structure {tree_util.tree_structure(tuple(got))} "
                        f"for primal input structure "
                        f"{tree_util.tree_structure(tuple(diff_args))}.")
                flat_ct = []
                paths = iter(tree_util.leaf_paths(tuple(diff_args)))
                for a, g in zip(diff_args, got):
                    a_leaves, a_tree = tree_util.tree_flatten(a)
                    if g is None:
                        flat_ct.extend(_zeros(abstractify(x)) for x in a_leaves)
                        for _ in a_leaves:
                            next(paths)
                        continue
                    g_leaves, g_tree = tree_util.tree_flatten(g)
                    if g_tree != a_tree:
                        raise TypeError(
                            f"Custom VJP bwd rule must produce an output with "
                            f"the same container (pytree) structure as the "
                            f"args tuple of the primal function, and in "
                            f"particular must produce a tuple of length equal "
                            f"to the number of arguments to the primal "
                            f"function, but got bwd output structure "
                            f"{tree_util.tree_structure(tuple(got))} for "
                            f"primal input structure "
                            f"{tree_util.tree_structure(tuple(diff_args))}.")
                    flat_ct.extend(_bwd_cotangent(next(paths), abstractify(x),
                                                  ct)
                                   for x, ct in zip(a_leaves, g_leaves))
                return flat_ct
            bwd.__name__ = f"{name}_bwd"
            return bwd

        # f, fwd and bwd all take the same closed-over values, after their
        # own inputs; bwd's inputs depend on fwd's residuals.
        f = _trace_private(primal, name, avals, _positional(n))
        fw = _trace_private(fwd, f"{name}_fwd", avals, _positional(n),
                            f.closure)
        nout = len(f.out_avals)
        res_avals = fw.out_avals[nout:]
        nd_args = [args[i] for i in sorted(nondiff)]
        bw = _trace_private(
            bwd_for(len(res_avals), f.out_tree, nd_args), f"{name}_bwd",
            list(res_avals) + list(f.out_avals),
            _positional(len(res_avals) + nout), fw.closure)
        closure = bw.closure
        _pad_closures((f, fw, bw), closure)
        if [(a.shape, a.dtype) for a in fw.out_avals[:nout]] != [
                (a.shape, a.dtype) for a in f.out_avals]:
            raise TypeError(
                f"Custom VJP fwd rule must produce primal outputs with the "
                f"same shapes and dtypes as the function {name}: got "
                f"{[a.str_short() for a in fw.out_avals[:nout]]}, expected "
                f"{[a.str_short() for a in f.out_avals]}")
        results = _emit(ops.CustomVjpCallOp, f.out_avals, f.ref, fw.ref,
                        bw.ref, _i64_array(wrt), _i64(n), _i64(len(res_avals)),
                        _lift_all(list(leaves) + closure))
        return tree_util.tree_unflatten(f.out_tree, results)
