//===- AD.h - autodiff transformations of jxp functions ---------*- C++ -*-===//
//
// The three steps of reverse mode, after JAX: forward mode (JVP), partial
// evaluation of a JVP into a primal function and a linear one, and
// transposition of the linear one. Each builds new functions next to its
// input and leaves the input alone. Inputs are single-block functions of
// jxp ops whose calls have been inlined (see inlineCalls).
//
//===----------------------------------------------------------------------===//

#ifndef JXP_TRANSFORMS_AD_H
#define JXP_TRANSFORMS_AD_H

#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::jxp::ad {

/// Replaces every func.call in `fn` by the callee's body, transitively.
LogicalResult inlineCalls(Operation *fn);

/// A new private function `name` (renamed if taken) placed after `after`,
/// with an entry block.
func::FuncOp newFunction(SymbolTable &symbols, Operation *after,
                         StringRef name, FunctionType type, Location loc);

/// A private copy of `fn` named `name`, with its calls inlined.
FailureOr<func::FuncOp> cloneInlined(func::FuncOp fn, StringRef name,
                                     SymbolTable &symbols);

/// The JVP of `fn` with tangents for the inputs listed in `wrt`:
///   (inputs..., tangents of wrt inputs...) -> (results..., tangents of results...)
/// Tangents known to be zero are never built; a result tangent that is zero
/// is returned as a zero constant. Rules requested from the tracer are
/// appended to `requests` (their tangents are zero meanwhile).
FailureOr<func::FuncOp> buildJvp(func::FuncOp fn, ArrayRef<int64_t> wrt,
                                 StringRef name, SymbolTable &symbols,
                                 RuleRequests &requests);

/// `fn` split by its inputs listed in `linear` (e.g. a JVP's tangents):
///   primal: (other inputs...) -> (non-linear results..., residuals...)
///   linear: (residuals..., linear inputs...) -> (linear results...)
/// A result is linear if it depends on a linear input. Operand-free ops
/// (constants, iota) are recomputed in the linear function, not passed.
struct SplitFunction {
  func::FuncOp primal, linear;
  SmallVector<bool> linearResults;
  unsigned numResiduals = 0;
};
FailureOr<SplitFunction> partialEval(func::FuncOp fn, ArrayRef<int64_t> linear,
                                     StringRef name, SymbolTable &symbols);

/// The transpose of `fn`, which must be linear in the inputs listed in
/// `linear`:  (other inputs..., one cotangent per result...) ->
///            (one cotangent per linear input...)
/// Cotangents of results listed in `zeroCotangents` are treated as zero.
FailureOr<func::FuncOp> buildTranspose(func::FuncOp fn,
                                       ArrayRef<int64_t> linear,
                                       ArrayRef<int64_t> zeroCotangents,
                                       StringRef name, SymbolTable &symbols);

/// The parts of a VJP of `callee` w.r.t. the inputs `wrt`:
///   primal:     (inputs...) -> (results..., residuals...)
///   linear:     (residuals..., tangents of wrt...) -> (tangents of the
///               results listed in linearResults...)
///   transposed: (residuals..., cotangents of those results...) ->
///               (cotangents of wrt...)
/// Cotangents of results listed in `zeroCts` are zero.
struct VjpParts {
  func::FuncOp primal, linear, transposed;
  SmallVector<int64_t> linearResults;
  unsigned numResiduals = 0;
};
FailureOr<VjpParts> buildVjpParts(func::FuncOp callee, ArrayRef<int64_t> wrt,
                                  ArrayRef<int64_t> zeroCts,
                                  TransformContext &ctx);

/// `fn` mapped over a batch of `size` (vmap): input `i` mapped along
/// `inDims[i]`, result `j` returned along `outDims[j]` (kNotMapped: the
/// input is not mapped; the result must not be). Collectives over
/// `axisName` work along the batch. Built once per signature (cached in
/// `ctx`).
FailureOr<func::FuncOp> buildBatched(func::FuncOp fn, ArrayRef<int64_t> inDims,
                                     ArrayRef<int64_t> outDims, int64_t size,
                                     StringAttr axisName, TransformContext &ctx);

/// Materializes the transform ops accepted by `select`, callee-first (the
/// `jxp-ad` driver; `jxp-jvp` and `jxp-transpose` select one kind).
LogicalResult materializeTransforms(ModuleOp module,
                                    llvm::function_ref<bool(Operation *)> select);

} // namespace mlir::jxp::ad

#endif // JXP_TRANSFORMS_AD_H
