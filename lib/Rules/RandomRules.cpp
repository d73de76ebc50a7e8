//===- RandomRules.cpp - rules of the random-bit ops ------------*- C++ -*-===//
//
// threefry2x32 and rng_bit_generator have no tangents (their JVP is the
// default of the NonDifferentiable trait); rng_uniform has no derivative in
// JAX either, so differentiating it is an error. Batching: the cipher is
// elementwise; rng_bit_generator follows JAX's rule; rng_uniform, as in
// JAX, cannot be batched. Tests: test/lit/Transforms/jxp-batch/*.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

// JAX defines no derivative of rng_uniform: differentiating it is an error
// there, and here.
LogicalResult RngUniformOp::jvp(JvpContext &ctx) {
  if (llvm::any_of(ctx.tangents(), [](Value t) { return t; }))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Differentiation rule for 'rng_uniform' not implemented";
  return zeroJvp(*this, ctx.results());
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

namespace {

/// As JAX's rule: a batch of states draws the whole batch of bits from the
/// first state, whose successor replaces it (the others pass through).
LogicalResult batchRngBitGenerator(RngBitGeneratorOp op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op.getLoc());
  int64_t n = ctx.size();
  if (n == 0)
    return op.emitOpError("cannot be batched over an empty axis");
  Value states = moveDim(e, ctx.operands()[0], ctx.dims()[0], 0);
  RankedTensorType state = op.getState().getType();
  int64_t words = state.getDimSize(0);
  Value first = e.reshape(e.slice(states, {0, 0}, {1, words}, {1, 1}), {words});
  RankedTensorType bits = op.getBits().getType();
  SmallVector<int64_t> shape{n};
  shape.append(bits.getShape().begin(), bits.getShape().end());
  auto draw = RngBitGeneratorOp::create(e.b, e.loc, state, bits.clone(shape),
                                        first, op.getAlgorithmAttr());
  auto i64 = RankedTensorType::get({}, e.b.getI64Type());
  Value zero = e.splat(i64, 0);
  Value next = DynamicUpdateSliceOp::create(
      e.b, e.loc, Emitter::typeOf(states), states,
      e.reshape(draw.getNewState(), {1, words}), ValueRange{zero, zero});
  ctx.addResult(next, 0);
  ctx.addResult(draw.getBits(), 0);
  return success();
}

LogicalResult batchRngUniform(RngUniformOp op, BatchContext &) {
  return emitKindOpError(op, ErrorKind::NotImplemented)
         << "Batching rule for 'rng_uniform' not implemented";
}

} // namespace

void batching::attachRandomBatchRules(MLIRContext *ctx) {
  attach<typed<RngBitGeneratorOp, batchRngBitGenerator>, RngBitGeneratorOp>(ctx);
  attach<typed<RngUniformOp, batchRngUniform>, RngUniformOp>(ctx);
  attach<batchElementwise, Threefry2x32Op>(ctx);
}
