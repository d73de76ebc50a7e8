//===- LowerRandom.cpp - XLA's random-bit ops in StableHLO ------*- C++ -*-===//
//
// rng_bit_generator and rng_uniform are StableHLO's own ops; XLA computes
// the bits, so they are the bits JAX gets.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult RngBitGeneratorOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  MLIRContext *ctx = getContext();
  RankedTensorType state = getState().getType();
  Type u32 = IntegerType::get(ctx, 32, IntegerType::Unsigned);
  Type u64 = IntegerType::get(ctx, 64, IntegerType::Unsigned);
  bool words32 = state.getElementType() == u32;
  // XLA's CPU generators take two 64-bit words: a 4 x u32 state is viewed
  // as them (as JAX does) and back.
  Value key = getState();
  if (words32) {
    Value pairs = hlo::op(b, loc, "reshape", key,
                          RankedTensorType::get({2, 2}, u32));
    key = hlo::op(b, loc, "bitcast_convert", pairs,
                  RankedTensorType::get({2}, u64));
  }
  static const char *names[] = {"DEFAULT", "THREE_FRY", "PHILOX"};
  std::string algorithm =
      std::string("#stablehlo<rng_algorithm ") + names[getAlgorithm()] + ">";
  Operation *op = hlo::create(
      b, loc, "rng_bit_generator", key,
      {key.getType(), getBits().getType()},
      {b.getNamedAttr("rng_algorithm", hlo::attr(ctx, algorithm))});
  Value next = op->getResult(0);
  if (words32) {
    Value pairs = hlo::op(b, loc, "bitcast_convert", next,
                          RankedTensorType::get({2, 2}, u32));
    next = hlo::op(b, loc, "reshape", pairs, state);
  }
  results.push_back(next);
  results.push_back(op->getResult(1));
  return success();
}

LogicalResult RngUniformOp::lowerToStableHLO(OpBuilder &b,
                                             SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  ArrayRef<int64_t> shape = getResult().getType().getShape();
  auto shapeType =
      RankedTensorType::get({(int64_t)shape.size()}, b.getI64Type());
  Value dims = hlo::constant(b, loc, DenseIntElementsAttr::get(shapeType, shape));
  Operation *op = hlo::create(
      b, loc, "rng", {getLow(), getHigh(), dims}, getResult().getType(),
      {b.getNamedAttr("rng_distribution",
                      hlo::attr(getContext(),
                                "#stablehlo<rng_distribution UNIFORM>"))});
  results.push_back(op->getResult(0));
  return success();
}
