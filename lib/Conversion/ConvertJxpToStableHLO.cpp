//===- ConvertJxpToStableHLO.cpp - jxp to StableHLO -------------*- C++ -*-===//
//
// Replaces every jxp op by the StableHLO its rule builds. Rules never see a
// half-converted operand: types are builtin tensors on both sides, so each
// op converts on its own, in program order.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Dialect/JxpDialect.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_CONVERTJXPTOSTABLEHLOPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

using namespace mlir;
using namespace mlir::jxp;

namespace {
struct ConvertJxpToStableHLOPass
    : jxp::impl::ConvertJxpToStableHLOPassBase<ConvertJxpToStableHLOPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!getContext().allowsUnregisteredDialects()) {
      module.emitError("convert-jxp-to-stablehlo creates unregistered "
                       "StableHLO ops; run with --allow-unregistered-dialect");
      return signalPassFailure();
    }
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (llvm::isa<JxpDialect>(op->getDialect()))
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : ops) {
      auto rule = llvm::dyn_cast<StableHLOLowering>(op);
      if (!rule) {
        op->emitOpError("has no StableHLO lowering rule");
        return signalPassFailure();
      }
      b.setInsertionPoint(op);
      SmallVector<Value> results;
      if (failed(rule.lowerToStableHLO(b, results)))
        return signalPassFailure();
      op->replaceAllUsesWith(results);
      op->erase();
    }
  }
};
} // namespace
