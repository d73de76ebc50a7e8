"""Tracing Python functions into jxp modules: `trace` makes a module whose
public @main is the function; `trace_nested` and `call_function` trace
into and call private functions of a module being built (core.py has the
frames, tracers and primitives)."""

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func as func_d

from . import core, tree_util
from .array import Array
from .core import Frame, Tracer, abstractify, frame_scope


class Traced:
    """A traced program: the jxp module and how to call it."""

    def __init__(self, module, name, in_avals, out_avals, out_tree, captured,
                 rules=None):
        self.module = module
        # How the compiler calls @main (jit's calling convention): closed-
        # over arrays first, and input -> output buffer aliases (donation).
        self.captured_first = False
        self.aliases = None
        # custom_jvp callee symbol -> traces its rule for a zero pattern,
        # when the compiler asks for it (see compiler.compile_traced).
        self.rules = rules
        self.name = name
        self.in_avals = in_avals
        self.out_avals = out_avals
        self.out_tree = out_tree
        self.captured = captured  # Arrays closed over: trailing inputs

    def text(self):
        """The module in generic form with locations: the C++ side's input."""
        return self.module.operation.get_asm(print_generic_op_form=True,
                                             enable_debug_info=True)


def _check_output(x, fun_name):
    if isinstance(x, (Tracer, Array, np.ndarray, np.generic, bool, int, float,
                      complex)):
        return x
    raise TypeError(
        f"Value {x!r} of type {type(x)} returned by {fun_name} is not a valid "
        f"JAX type: outputs must be arrays or scalars (in any pytree).")


def trace(fun, name, in_avals, build_args, sources=None, evaluator=None):
    """Traces fun(*build_args(tracers)) into a new module's public @main
    (`sources`: the concrete inputs, and `evaluator` of concrete values, for
    an eager transformation: see core.Frame)."""
    with core.start_trace(), ir.Location.unknown():
        module = ir.Module.create()
        # XLA names the HloModule after this, as JAX's "jit_<name>".
        module.operation.attributes["sym_name"] = ir.StringAttr.get(
            f"jit_{core.symbol_name(name)}")
        frame = Frame(module, "main", in_avals, public=True, sources=sources,
                      evaluator=evaluator)
        outs, out_tree = trace_into(frame, fun, name, build_args)
    return Traced(module, name, in_avals, [t.aval for t in outs], out_tree,
                  frame.captured, frame.rules)


def trace_into(frame, fun, name, build_args):
    """Runs fun on `frame`'s arguments and returns its flat outputs (tracers
    of `frame`, the function finished) and their tree."""
    frame.fun_name = name
    with frame_scope(frame):
        args, kwargs = build_args(frame.args)
        out = fun(*args, **kwargs)
        out_flat, out_tree = tree_util.tree_flatten(out)
        outs = [frame.lift(_check_output(o, name)) for o in out_flat]
        frame.finish(outs)
    return outs, out_tree


def trace_nested(fun, name, frame, flat_args, build_args):
    """Traces fun into a private function of `frame`'s module and calls it."""
    in_avals = [abstractify(x) for x in flat_args]
    symbol = frame.new_symbol(name)
    inner = Frame(frame.module, symbol, in_avals, parent=frame)
    outs, out_tree = trace_into(inner, fun, name, build_args)
    results = call_function(frame, symbol, [t.aval for t in outs],
                            list(flat_args) + inner.captured)
    return tree_util.tree_unflatten(out_tree, results)


def call_function(frame, symbol, out_avals, args):
    """Tracers of `frame` for the results of calling private function
    `symbol` on `args` (lifted into `frame`)."""
    call = func_d.CallOp([core.mlir_type(a) for a in out_avals],
                         ir.FlatSymbolRefAttr.get(symbol),
                         [frame.lift(x).value for x in args],
                         loc=core.user_location(), ip=frame.ip)
    return [Tracer(a, v, frame) for a, v in zip(out_avals, call.results)]
