//===- RandomOps.cpp - the random-bit ops -----------------------*- C++ -*-===//
//
// threefry2x32 (the counter-based cipher of jax.random), rng_bit_generator
// and rng_uniform: their verifiers. Tests:
// test/lit/Dialect/{ops,invalid}_random.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult Threefry2x32Op::verify() {
  auto key = getKey0().getType();
  if (key.getRank() != 0 && key.getShape() != getX0().getType().getShape())
    return emitOpError("keys must be scalars or have the counters' shape ")
           << shapeStr(getX0().getType().getShape());
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  // The two state forms JAX passes: 4 words of 32 bits or 2 of 64.
  RankedTensorType state = getState().getType();
  unsigned width = state.getElementType().getIntOrFloatBitWidth();
  if (state.getShape() != ArrayRef<int64_t>{width == 32 ? 4 : 2})
    return emitOpError("state must be tensor<4xui32> or tensor<2xui64>, got ")
           << state;
  return success();
}

LogicalResult RngUniformOp::verify() {
  if (getLow().getType().getRank() != 0)
    return emitOpError("low and high must be scalars, got ")
           << getLow().getType();
  if (getResult().getType().getElementType() !=
      getLow().getType().getElementType())
    return emitOpError("result element type ")
           << getResult().getType().getElementType()
           << " differs from the bounds' "
           << getLow().getType().getElementType();
  return success();
}
