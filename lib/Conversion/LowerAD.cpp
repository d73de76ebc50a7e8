//===- LowerAD.cpp - StableHLO rules of the ad ops --------------*- C++ -*-===//
//
// stop_gradient lowers to its operand. custom_lin is left only where
// forward mode went through a custom_vjp function: lowering it is JAX's
// TypeError. Custom-derivative calls become plain calls before lowering
// (jxp-lower-custom-calls); transform ops are materialized by jxp-ad.
// Tests: test/lit/Transforms/jxp-ad/errors.mlir checks the same error of
// custom_lin's JVP rule.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"
#include "Dialect/Diagnostics.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult StopGradientOp::lowerToStableHLO(OpBuilder &,
                                               SmallVectorImpl<Value> &results) {
  results.push_back(getOperand());
  return success();
}

// Reached only if forward mode went through a custom_vjp function and the
// result is used.
LogicalResult CustomLinOp::lowerToStableHLO(OpBuilder &,
                                            SmallVectorImpl<Value> &) {
  return emitKindOpError(*this, ErrorKind::Type)
         << "can't apply forward-mode autodiff (jvp) to a custom_vjp function";
}
