//===- JxpPasses.td - jxp passes ---------------------------*- tablegen -*-===//

#ifndef JXP_PASSES_TD
#define JXP_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertJxpToStableHLOPass : Pass<"convert-jxp-to-stablehlo", "ModuleOp"> {
  let summary = "Lowers every jxp op to StableHLO";
  let description = [{
    Each op's StableHLO rule (the StableHLOLowering interface) builds the
    replacement. StableHLO is not registered in this build of MLIR: the
    result holds its ops unregistered, printed in generic form for jaxlib to
    parse and verify (the pass makes its context accept them). The input
    holds jxp, func and builtin ops only: anything else, such as StableHLO,
    is an error.
  }];
}

def JxpADPass : Pass<"jxp-ad", "ModuleOp"> {
  let summary = "Materializes every autodiff op: the driver";
  let description = [{
    Replaces each `jxp.jvp`, `jxp.vjp` and `jxp.linear_transpose` with a
    call of the derived function, innermost first: a transform whose callee
    (or anything it calls) still holds transform ops waits until those are
    done, so `grad(grad(f))` and `jit(grad(jit(f)))` compose. Derived
    functions are cached by (transform, callee, differentiated positions,
    symbolic zeros). VJPs are JVP, then partial evaluation, then
    transposition. Afterwards custom-derivative calls become plain calls,
    and `inline,canonicalize,cse,symbol-dce` leave plain jxp ops.
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

#endif // JXP_PASSES_TD
