//===- JxpPasses.td - jxp transformation passes ------------*- tablegen -*-===//
//
// One pass per file of lib/Transforms and per lit test of test/lit, under
// the same name: `jxp-jvp` is Transforms/Jvp.cpp and test/lit/Transforms/jxp-jvp/jvp.mlir.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_PASSES_TD
#define JXP_PASSES_TD

include "mlir/Pass/PassBase.td"

def JxpADPass : Pass<"jxp-ad", "ModuleOp"> {
  let summary = "Materializes every autodiff op: the driver";
  let description = [{
    Replaces each transform op (TransformOp interface: `jxp.jvp`,
    `jxp.vjp`, `jxp.linear_transpose`, `jxp.vmap`) with a call of the derived function.
    Functions are visited callee-first in call-graph order, each once, so
    every transform finds its callee free of transforms and
    `grad(grad(f))` and `jit(grad(jit(f)))` compose; a transform whose
    callee reaches it back is an error. Derived functions are cached by
    (transform, callee, differentiated positions, symbolic zeros). VJPs are
    JVP, then partial evaluation, then transposition. Custom-derivative
    calls stay, for later transforms to use their rules: the
    `jxp-lower-custom-calls` pass turns them into plain calls. A custom
    rule the tracer has not traced yet (symbolic zeros) gives a
    `missing-rule` error per request, after the whole module is done.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def JxpJvpPass : Pass<"jxp-jvp", "ModuleOp"> {
  let summary = "Materializes jxp.jvp ops: forward mode alone";
  let description = [{
    Replaces each `jxp.jvp @f` with a call of a new function computing f's
    results and their tangents (`@f_jvp`). Tangents known to be zero are
    never built.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def JxpBatchPass : Pass<"jxp-batch", "ModuleOp"> {
  let summary = "Materializes jxp.vmap ops: batching alone";
  let description = [{
    Replaces each `jxp.vmap @f` with a call of f batched over the mapped
    axis (`@f_batched`), built by each op's batching rule (BatchRule
    interface). Values not mapped stay unbatched; batch dimensions stay
    where the rules can keep them. An op without a rule is an error naming
    it.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def JxpPartialEvalPass : Pass<"jxp-partial-eval", "ModuleOp"> {
  let summary = "Splits functions marked jxp.linear_args into primal and linear parts";
  let description = [{
    For each function with a `jxp.linear_args = array<i64: ...>` attribute
    (the positions of its linear inputs, e.g. a JVP's tangents), adds
    `@f_primal` (other inputs -> non-linear results, residuals) and
    `@f_linear` (residuals, linear inputs -> linear results), and removes
    the attribute. `@f_primal` gets `jxp.num_residuals`, `@f_linear`
    `jxp.linear_results` (the positions of f's results it returns).
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def JxpTransposePass : Pass<"jxp-transpose", "ModuleOp"> {
  let summary = "Materializes jxp.linear_transpose ops: transposition alone";
  let description = [{
    Replaces each `jxp.linear_transpose @f` with a call of f's transpose
    (`@f_transpose`); fails, naming the op, if f is not linear in the
    listed inputs.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def JxpLowerCustomCallsPass : Pass<"jxp-lower-custom-calls", "ModuleOp"> {
  let summary = "Turns custom-derivative calls into plain calls";
  let description = [{
    Runs after every transform: `jxp.custom_jvp_call` and
    `jxp.custom_vjp_call` become `func.call`s of their callee, the rules
    dropped. A `jxp.custom_lin` left over is forward mode through a
    custom_vjp function: an error if it survives dead-code elimination,
    reported by its lowering.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def JxpInferVmaPass : Pass<"jxp-infer-vma", "ModuleOp"> {
  let summary = "Types the values of shard_map bodies with their varying manual axes";
  let description = [{
    For each `jxp.shard_map`: inlines the calls in its body, infers along
    which manual axes each value varies (loop carries to a fixed point,
    widening a carry a step makes varying), inserts `jxp.pvary` where an
    invariant value meets a varying one, writes each value's axes into its
    type's encoding, and checks that no result varies along an axis its
    out_spec does not split (unless `check_vma` is false): a ValueError
    naming the axis.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // JXP_PASSES_TD
