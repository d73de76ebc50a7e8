//===- InferVma.cpp - the jxp-infer-vma pass --------------------*- C++ -*-===//
//
// The pass around vma::inferShardMap (lib/Dialect/VmaInference.h): bodies
// are made straight-line first (calls inlined), so that every value has
// one VMA. The analysis lives in lib/Dialect because shard_map's AD rules
// (lib/Rules, below this layer) run it too; VmaInference.h says more.
// Tests: test/lit/Transforms/jxp-infer-vma/.
//
//===----------------------------------------------------------------------===//

#include "Dialect/VmaInference.h"
#include "Transforms/AD.h"
#include "Transforms/Passes.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPINFERVMAPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

using namespace mlir;
using namespace mlir::jxp;

namespace {
struct JxpInferVmaPass : jxp::impl::JxpInferVmaPassBase<JxpInferVmaPass> {
  void runOnOperation() override {
    SmallVector<ShardMapOp> ops;
    getOperation().walk([&](ShardMapOp op) {
      if (!op->getParentOfType<ShardMapOp>())
        ops.push_back(op);
    });
    for (ShardMapOp op : ops)
      if (failed(ad::inlineCalls(op)) ||
          failed(vma::inferShardMap(op, /*setTypes=*/true)))
        return signalPassFailure();
  }
};
} // namespace
