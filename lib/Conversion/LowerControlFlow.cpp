//===- LowerControlFlow.cpp - StableHLO rules of region ops -----*- C++ -*-===//
//
// cond becomes stablehlo.case, while stablehlo.while, and scan a
// stablehlo.while over (i, consts, carry, xs, ys buffers) that slices xs at
// step i and writes each y slice into its buffer, as JAX lowers scan.
// remat runs its body inline. The conversion handles nested ops first, so
// a region op meets bodies already in StableHLO, ending in the
// stablehlo.return its jxp.yield became.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult YieldOp::lowerToStableHLO(OpBuilder &b,
                                        SmallVectorImpl<Value> &) {
  hlo::create(b, getLoc(), "return", getValues(), {});
  return success();
}

LogicalResult CondOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  // stablehlo.case runs branch `index`, the last one for an index out of
  // range, as jxp.cond does. Its branches take no arguments but may read
  // values from above: the block arguments become the operands.
  Operation *c = hlo::create(b, getLoc(), "case", getIndex(), getResultTypes(),
                             {}, getBranches().size());
  for (auto [src, dst] : llvm::zip(getBranches(), c->getRegions())) {
    Block &block = src.front();
    for (auto [arg, v] : llvm::zip(block.getArguments(), getArgs()))
      arg.replaceAllUsesWith(v);
    block.eraseArguments(0, block.getNumArguments());
    dst.takeBody(src);
  }
  llvm::append_range(results, c->getResults());
  return success();
}

LogicalResult RematOp::lowerToStableHLO(OpBuilder &b,
                                        SmallVectorImpl<Value> &results) {
  // The body runs inline. A backward-pass recomputation reads its operands
  // through an optimization barrier, as JAX's remat lowering does, so that
  // XLA cannot replace it by the forward pass's values.
  SmallVector<Value> args(getArgs());
  if (getRecompute() && getPreventCse() && !args.empty()) {
    Operation *barrier =
        hlo::create(b, getLoc(), "optimization_barrier", args,
                    ValueRange(args).getTypes(), {});
    args.assign(barrier->result_begin(), barrier->result_end());
  }
  Block &block = getBody().front();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    arg.replaceAllUsesWith(v);
  Operation *term = block.getTerminator();
  llvm::append_range(results, term->getOperands());
  term->erase();
  b.getInsertionBlock()->getOperations().splice(
      b.getInsertionPoint(), block.getOperations());
  return success();
}

LogicalResult WhileOp::lowerToStableHLO(OpBuilder &b,
                                        SmallVectorImpl<Value> &results) {
  Operation *w =
      hlo::create(b, getLoc(), "while", getInit(), getResultTypes(), {}, 2);
  w->getRegion(0).takeBody(getCond());
  w->getRegion(1).takeBody(getBody());
  llvm::append_range(results, w->getResults());
  return success();
}

namespace {

RankedTensorType counterType(MLIRContext *ctx) {
  return RankedTensorType::get({}, IntegerType::get(ctx, 64));
}

Value counter(OpBuilder &b, Location loc, int64_t value) {
  return hlo::constant(
      b, loc, hlo::scalarAttr(IntegerType::get(b.getContext(), 64), value));
}

/// The shape `type` has with a leading axis of `n` added (n >= 0) or
/// removed (n < 0).
RankedTensorType withLeading(RankedTensorType type, int64_t n) {
  SmallVector<int64_t> shape;
  if (n >= 0)
    shape.push_back(n);
  llvm::append_range(shape, n >= 0 ? type.getShape()
                                   : type.getShape().drop_front());
  return RankedTensorType::get(shape, type.getElementType());
}

/// Emits one step of `scan`'s (already converted) body at step `i`: reads
/// slice `i` of each xs (from the end when reversed), and writes the y
/// slices into `ys` at the same place. Updates `carry` and `ys`.
void emitStep(OpBuilder &b, Location loc, ScanOp scan, Value i,
              ValueRange consts, SmallVectorImpl<Value> &carry, ValueRange xs,
              SmallVectorImpl<Value> &ys) {
  Value idx = i;
  if (scan.getReverse())
    idx = hlo::op(b, loc, "subtract", {counter(b, loc, scan.getLength() - 1), i},
                  counterType(b.getContext()));
  Value zero = counter(b, loc, 0);
  auto startOf = [&](RankedTensorType type) {
    SmallVector<Value> start{idx};
    start.append(type.getRank() - 1, zero);
    return start;
  };
  Block &body = scan.getBody().front();
  IRMapping map;
  unsigned arg = 0;
  for (Value c : consts)
    map.map(body.getArgument(arg++), c);
  for (Value c : carry)
    map.map(body.getArgument(arg++), c);
  for (Value x : xs) {
    auto type = llvm::cast<RankedTensorType>(x.getType());
    SmallVector<Value> operands{x};
    llvm::append_range(operands, startOf(type));
    SmallVector<int64_t> sizes(type.getShape());
    sizes[0] = 1;
    Value slice = hlo::op(
        b, loc, "dynamic_slice", operands,
        RankedTensorType::get(sizes, type.getElementType()),
        {b.getNamedAttr("slice_sizes", b.getDenseI64ArrayAttr(sizes))});
    map.map(body.getArgument(arg++),
            hlo::op(b, loc, "reshape", slice, withLeading(type, -1)));
  }
  // The body ends in the stablehlo.return its yield became, which this
  // context does not know as a terminator: leave the last op out by hand.
  Operation *ret = &body.back();
  for (Operation &op : llvm::make_range(body.begin(), ret->getIterator()))
    b.clone(op, map);
  unsigned nk = carry.size();
  for (unsigned k = 0; k < nk; ++k)
    carry[k] = map.lookupOrDefault(ret->getOperand(k));
  for (auto [j, buf] : llvm::enumerate(ys)) {
    auto type = llvm::cast<RankedTensorType>(buf.getType());
    Value y = map.lookupOrDefault(ret->getOperand(nk + j));
    Value y1 = hlo::op(b, loc, "reshape", y,
                       withLeading(llvm::cast<RankedTensorType>(y.getType()), 1));
    SmallVector<Value> operands{buf, y1};
    llvm::append_range(operands, startOf(type));
    buf = hlo::op(b, loc, "dynamic_update_slice", operands, type);
  }
}

} // namespace

// The loop does `unroll` steps per iteration (capped at the length) for
// the largest multiple of `unroll` steps; the remaining steps, fewer than
// `unroll`, follow the loop straight-line, so no step needs a guard.
LogicalResult ScanOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  int64_t length = getLength();
  SmallVector<Value> carry(getInits()), ys;
  for (Type t : TypeRange(getResultTypes()).drop_front(getNumCarry())) {
    auto type = llvm::cast<RankedTensorType>(t);
    Value zero = hlo::constant(b, loc, hlo::scalarAttr(type.getElementType(), 0));
    ys.push_back(hlo::broadcast(b, loc, zero, type, {}));
  }
  if (length == 0) {
    llvm::append_range(results, carry);
    llvm::append_range(results, ys);
    return success();
  }
  int64_t unroll = std::min<int64_t>(getUnroll(), length);
  int64_t looped = length / unroll * unroll;
  unsigned nc = getNumConsts(), nk = getNumCarry(), nx = getXs().size(),
           ny = ys.size();

  // Loop state: i, consts, carry, xs, ys.
  SmallVector<Value> state{counter(b, loc, 0)};
  llvm::append_range(state, getConsts());
  llvm::append_range(state, carry);
  llvm::append_range(state, getXs());
  llvm::append_range(state, ys);
  SmallVector<Type> types;
  for (Value v : state)
    types.push_back(v.getType());
  SmallVector<Location> locs(types.size(), loc);
  Operation *w = hlo::create(b, loc, "while", state, types, {}, 2);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *cond = b.createBlock(&w->getRegion(0), {}, types, locs);
    Value more = hlo::compare(b, loc, cond->getArgument(0),
                              counter(b, loc, looped), "LT", "SIGNED");
    hlo::ret(b, loc, more);

    Block *body = b.createBlock(&w->getRegion(1), {}, types, locs);
    ValueRange args = body->getArguments();
    Value i = args[0];
    ValueRange consts = args.slice(1, nc), xs = args.slice(1 + nc + nk, nx);
    SmallVector<Value> c(args.slice(1 + nc, nk)),
        y(args.slice(1 + nc + nk + nx, ny));
    Value one = counter(b, loc, 1);
    for (int64_t s = 0; s < unroll; ++s) {
      emitStep(b, loc, *this, i, consts, c, xs, y);
      i = hlo::op(b, loc, "add", {i, one}, counterType(getContext()));
    }
    SmallVector<Value> next{i};
    llvm::append_range(next, consts);
    llvm::append_range(next, c);
    llvm::append_range(next, xs);
    llvm::append_range(next, y);
    hlo::ret(b, loc, next);
  }
  ValueRange out = w->getResults();
  carry.assign(out.slice(1 + nc, nk).begin(), out.slice(1 + nc, nk).end());
  ys.assign(out.take_back(ny).begin(), out.take_back(ny).end());
  for (int64_t s = looped; s < length; ++s)
    emitStep(b, loc, *this, counter(b, loc, s), getConsts(), carry, getXs(),
             ys);
  llvm::append_range(results, carry);
  llvm::append_range(results, ys);
  return success();
}
