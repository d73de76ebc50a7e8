//===- LowerThreefry.cpp - Threefry-2x32 in StableHLO -----------*- C++ -*-===//
//
// Threefry-2x32 with 20 rounds (Salmon et al., "Parallel random numbers: as
// easy as 1, 2, 3"), the generator behind jax.random: five groups of four
// add-rotate-xor rounds, with a key injection after each group.
//
// Why an op rather than a composition of elementwise ops: both convert to the
// same ~155 StableHLO ops and run equally fast, but the op is 1 jxp op where
// the composition is ~220, so tracing a random draw costs 0.06 ms instead of
// 2.3 ms; XLA's compile time dominates the rest and is the same for both
// (bench/bench_threefry.py).
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult Threefry2x32Op::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getX0().getType();
  Type u32 = type.getElementType();
  llvm::DenseMap<uint32_t, Value> splats;
  auto splat = [&](uint32_t v) {
    Value &s = splats[v];
    if (!s)
      s = hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(u32, v)),
                         type, {});
    return s;
  };
  auto full = [&](Value key) {
    return getKey0().getType().getRank() == 0
               ? hlo::broadcast(b, loc, key, type, {})
               : key;
  };
  auto add = [&](Value x, Value y) { return hlo::op(b, loc, "add", {x, y}, type); };
  auto rotl = [&](Value v, uint32_t d) {
    Value left = hlo::op(b, loc, "shift_left", {v, splat(d)}, type);
    Value right = hlo::op(b, loc, "shift_right_logical", {v, splat(32 - d)}, type);
    return hlo::op(b, loc, "or", {left, right}, type);
  };

  Value k0 = full(getKey0()), k1 = full(getKey1());
  // The third key word makes the schedule's parity constant 0x1BD11BDA.
  Value k2 = hlo::op(b, loc, "xor",
                     {hlo::op(b, loc, "xor", {k0, k1}, type), splat(0x1BD11BDA)},
                     type);
  Value ks[3] = {k0, k1, k2};
  static const uint32_t rotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};

  Value x0 = add(getX0(), ks[0]), x1 = add(getX1(), ks[1]);
  for (uint32_t group = 0; group < 5; ++group) {
    for (uint32_t r : rotations[group % 2]) {
      x0 = add(x0, x1);
      x1 = hlo::op(b, loc, "xor", {rotl(x1, r), x0}, type);
    }
    // Key injection: words rotate through the schedule; a counter keeps
    // the injections distinct.
    x0 = add(x0, ks[(group + 1) % 3]);
    x1 = add(add(x1, ks[(group + 2) % 3]), splat(group + 1));
  }
  results.push_back(x0);
  results.push_back(x1);
  return success();
}
