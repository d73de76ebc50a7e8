//===- LowerRandom.cpp - StableHLO rules of the random-bit ops --*- C++ -*-===//
//
// rng_bit_generator and rng_uniform are StableHLO's own ops; XLA computes
// the bits, so they are the bits JAX gets.
//
// threefry2x32 is Threefry-2x32 with 20 rounds (Salmon et al., "Parallel
// random numbers: as easy as 1, 2, 3"), the generator behind jax.random:
// five groups of four add-rotate-xor rounds, with a key injection after
// each group.
//
// Why an op rather than a composition of elementwise ops: both give the same
// integer arithmetic, but the op is 1 jxp op where the
// composition is ~220, so tracing a random draw costs 0.06 ms instead of
// 2.3 ms (bench/bench_threefry.py).
//
// Why a rolled loop: unrolled, the 20 rounds are ~155 StableHLO ops that XLA
// fuses with whatever consumes the bits, and the first call of
// jit(randint) took 0.6-1.4 s. As a `stablehlo.while` over the five groups
// (rotation amounts and key schedule in the loop state, as JAX does on CPU)
// it is 0.24 s (JAX 0.27 s), and bits for 2^20 counters run in 2.1 ms (JAX
// 2.1 ms). Alone, the unrolled form runs faster (1.5 ms vs 2.6 ms) but
// real programs pay its compile time (bench/bench_threefry.py).
//
// Tests: test/lit/Conversion/convert-jxp-to-stablehlo/random.mlir.
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

//===----------------------------------------------------------------------===//
// threefry2x32
//===----------------------------------------------------------------------===//

namespace {
// Loop state: group counter, the two words, the three key words in the order
// they are next injected, and the two alternating sets of rotation amounts.
enum State { Counter, X0, X1, KeyA, KeyB, KeyC, Rot, NumRot = Rot + 8 };
} // namespace

LogicalResult Threefry2x32Op::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getX0().getType();
  Type u32 = type.getElementType();
  RankedTensorType scalar = hlo::scalarType(u32);
  auto splatOf = [&](Value s) { return hlo::broadcast(b, loc, s, type, {}); };
  auto cst = [&](uint32_t v) {
    return hlo::constant(b, loc, hlo::scalarAttr(u32, v));
  };
  auto full = [&](Value key) {
    return getKey0().getType().getRank() == 0 ? splatOf(key) : key;
  };
  auto add = [&](Value x, Value y) { return hlo::op(b, loc, "add", {x, y}, type); };

  // Keys stay in their own (usually scalar) type in the loop state and are
  // broadcast where injected: carrying full-size key words through the loop
  // made it 5x slower on 2^20 counters.
  RankedTensorType keyType = getKey0().getType();
  Value k0 = getKey0(), k1 = getKey1();
  Value parity = cst(0x1BD11BDA);
  if (keyType.getRank() != 0)
    parity = hlo::broadcast(b, loc, parity, keyType, {});
  // The third key word makes the schedule's parity constant 0x1BD11BDA.
  Value k2 = hlo::op(b, loc, "xor",
                     {hlo::op(b, loc, "xor", {k0, k1}, keyType), parity},
                     keyType);
  static const uint32_t rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};

  SmallVector<Value> init = {cst(0), add(getX0(), full(k0)),
                             add(getX1(), full(k1)), k1, k2, k0};
  for (uint32_t r : rotations)
    init.push_back(cst(r));
  SmallVector<Type> types(init.size(), scalar);
  types[X0] = types[X1] = type;
  for (int i = KeyA; i <= KeyC; ++i)
    types[i] = keyType;

  Operation *loop = hlo::create(b, loc, "while", init, types, {}, 2);
  OpBuilder::InsertionGuard guard(b);
  auto addBlock = [&](Region &region) {
    Block *block = new Block();
    region.push_back(block);
    for (Type t : types)
      block->addArgument(t, loc);
    b.setInsertionPointToStart(block);
    return block->getArguments();
  };

  // Condition: counter < 5.
  {
    auto s = addBlock(loop->getRegion(0));
    hlo::ret(b, loc, hlo::compare(b, loc, s[Counter], cst(5), "LT"));
  }
  // Body: one group of four rounds and a key injection.
  {
    auto s = addBlock(loop->getRegion(1));
    Value x0 = s[X0], x1 = s[X1], width = cst(32);
    for (int i = 0; i < 4; ++i) {
      Value r = splatOf(s[Rot + i]);
      Value rc = splatOf(hlo::op(b, loc, "subtract", {width, s[Rot + i]}, scalar));
      x0 = add(x0, x1);
      Value left = hlo::op(b, loc, "shift_left", {x1, r}, type);
      Value right = hlo::op(b, loc, "shift_right_logical", {x1, rc}, type);
      x1 = hlo::op(b, loc, "xor",
                   {hlo::op(b, loc, "or", {left, right}, type), x0}, type);
    }
    // Key injection: words rotate through the schedule; the counter keeps
    // the injections distinct.
    Value next = hlo::op(b, loc, "add", {s[Counter], cst(1)}, scalar);
    x0 = add(x0, full(s[KeyA]));
    x1 = add(add(x1, full(s[KeyB])), splatOf(next));
    SmallVector<Value> out = {next, x0, x1, s[KeyB], s[KeyC], s[KeyA]};
    // The next group uses the other four rotation amounts.
    for (int i = 0; i < 8; ++i)
      out.push_back(s[Rot + (i + 4) % 8]);
    hlo::ret(b, loc, out);
  }
  results.push_back(loop->getResult(X0));
  results.push_back(loop->getResult(X1));
  return success();
}
