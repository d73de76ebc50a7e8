//===- ConvertJxpToStableHLO.cpp - jxp to StableHLO -------------*- C++ -*-===//
//
// Replaces every jxp op by the StableHLO its rule builds. Rules never see a
// half-converted operand: types are builtin tensors on both sides, so each
// op converts on its own, in program order.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_CONVERTJXPTOSTABLEHLOPASS
#include "JxpConversionPasses.h.inc"
} // namespace mlir::jxp

using namespace mlir;
using namespace mlir::jxp;

namespace {
struct ConvertJxpToStableHLOPass
    : jxp::impl::ConvertJxpToStableHLOPassBase<ConvertJxpToStableHLOPass> {
  /// StableHLO is not registered on this side (design.md section 1): the
  /// ops this pass creates are unregistered by design, so their context
  /// accepts them from here on. The input was parsed before, with its own
  /// setting: `jxp-opt` rejects unknown ops there unless told otherwise.
  LogicalResult initialize(MLIRContext *context) override {
    context->allowUnregisteredDialects();
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The input is a jxp program: jxp, func and builtin ops. An op of an
    // unregistered dialect (StableHLO included: this pass's own output) is
    // no input of it.
    WalkResult walk = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->isRegistered())
        return WalkResult::advance();
      op->emitOpError("is not a jxp op: convert-jxp-to-stablehlo takes "
                      "modules of jxp, func and builtin ops (its own output "
                      "cannot be converted again)");
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted() || failed(checkSignatures(module)))
      return signalPassFailure();
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

  /// jxp ops check their own types; a function may still take or return an
  /// array no jxp op touches, which XLA would abort on.
  static LogicalResult checkSignatures(ModuleOp module) {
    WalkResult walk = module.walk([](func::FuncOp fn) {
      FunctionType type = fn.getFunctionType();
      for (auto [what, types] : {std::pair{"argument", type.getInputs()},
                                 std::pair{"result", type.getResults()}})
        for (auto [i, t] : llvm::enumerate(types))
          if (failed(verifyArrayType(t, [&, what = what, i = i] {
                return fn.emitOpError() << what << " #" << i << " ";
              })))
            return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }
};
} // namespace
