//===- LowerCustomCalls.cpp - custom-derivative calls to calls --*- C++ -*-===//
//
// `jxp-lower-custom-calls`: once every transform has used the custom rules,
// custom_jvp_call and custom_vjp_call become plain calls of their callee.
// (A custom_lin left over is forward mode through a custom_vjp function: an
// error if it survives dead-code elimination, reported by its lowering.)
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Transforms/Passes.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPLOWERCUSTOMCALLSPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

using namespace mlir;
using namespace mlir::jxp;

namespace {
void replaceWithCall(Operation *op, FlatSymbolRefAttr callee, ValueRange args) {
  OpBuilder b(op);
  auto call =
      func::CallOp::create(b, op->getLoc(), callee, op->getResultTypes(), args);
  op->replaceAllUsesWith(call.getResults());
  op->erase();
}

struct JxpLowerCustomCallsPass
    : jxp::impl::JxpLowerCustomCallsPassBase<JxpLowerCustomCallsPass> {
  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      if (auto c = llvm::dyn_cast<CustomJvpCallOp>(op))
        replaceWithCall(op, c.getCalleeAttr(), c.getArgs());
      else if (auto c = llvm::dyn_cast<CustomVjpCallOp>(op))
        replaceWithCall(op, c.getCalleeAttr(), c.getArgs());
    });
  }
};
} // namespace
