//===- LowerControlFlow.cpp - StableHLO rules of region ops -----*- C++ -*-===//
//
// cond becomes stablehlo.case, while stablehlo.while, and scan a
// stablehlo.while over (i, consts, carry, xs, ys buffers) that slices xs at
// step i and writes each y slice into its buffer, as JAX lowers scan.
// remat runs its body inline; linear_loop becomes nested stablehlo.while
// loops (see there). The conversion handles nested ops first, so
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

/// The (converted) single-block `region` run on `args` at `b`: its ops
/// cloned, what its stablehlo.return returns.
SmallVector<Value> inlineRegion(OpBuilder &b, Region &region, ValueRange args) {
  Block &block = region.front();
  IRMapping map;
  map.map(block.getArguments(), args);
  Operation *ret = &block.back();
  for (Operation &op : llvm::make_range(block.begin(), ret->getIterator()))
    b.clone(op, map);
  SmallVector<Value> out;
  for (Value v : ret->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

/// Slot `index` of `buf` (its leading axis removed).
Value readSlot(OpBuilder &b, Location loc, Value buf, Value index) {
  auto type = llvm::cast<RankedTensorType>(buf.getType());
  SmallVector<Value> operands{buf, index};
  operands.append(type.getRank() - 1, counter(b, loc, 0));
  SmallVector<int64_t> sizes(type.getShape());
  sizes[0] = 1;
  Value slice = hlo::op(
      b, loc, "dynamic_slice", operands,
      RankedTensorType::get(sizes, type.getElementType()),
      {b.getNamedAttr("slice_sizes", b.getDenseI64ArrayAttr(sizes))});
  return hlo::op(b, loc, "reshape", slice, withLeading(type, -1));
}

/// `buf` with slot `index` set to `v`.
Value writeSlot(OpBuilder &b, Location loc, Value buf, Value v, Value index) {
  auto type = llvm::cast<RankedTensorType>(buf.getType());
  Value v1 = hlo::op(b, loc, "reshape", v,
                     withLeading(llvm::cast<RankedTensorType>(v.getType()), 1));
  SmallVector<Value> operands{buf, v1, index};
  operands.append(type.getRank() - 1, counter(b, loc, 0));
  return hlo::op(b, loc, "dynamic_update_slice", operands, type);
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
  SmallVector<Value> args(consts);
  llvm::append_range(args, carry);
  for (Value x : xs)
    args.push_back(readSlot(b, loc, x, idx));
  SmallVector<Value> out = inlineRegion(b, scan.getBody(), args);
  unsigned nk = carry.size();
  llvm::copy(ArrayRef<Value>(out).take_front(nk), carry.begin());
  for (auto [buf, y] : llvm::zip(ys, ArrayRef<Value>(out).drop_front(nk)))
    buf = writeSlot(b, loc, buf, y, idx);
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

//===----------------------------------------------------------------------===//
// linear_loop
//===----------------------------------------------------------------------===//

namespace {

/// A stablehlo.while from `init`: `cond` gives the predicate from the
/// state, `body` the next state.
SmallVector<Value>
emitWhile(OpBuilder &b, Location loc, ValueRange init,
          llvm::function_ref<Value(ValueRange)> cond,
          llvm::function_ref<SmallVector<Value>(ValueRange)> body) {
  SmallVector<Type> types(init.getTypes());
  SmallVector<Location> locs(types.size(), loc);
  Operation *w = hlo::create(b, loc, "while", init, types, {}, 2);
  OpBuilder::InsertionGuard guard(b);
  Block *c = b.createBlock(&w->getRegion(0), {}, types, locs);
  hlo::ret(b, loc, cond(c->getArguments()));
  Block *bd = b.createBlock(&w->getRegion(1), {}, types, locs);
  hlo::ret(b, loc, body(bd->getArguments()));
  return SmallVector<Value>(w->getResults());
}


/// Scalar i64 arithmetic.
struct Counter {
  OpBuilder &b;
  Location loc;
  Value op(StringRef name, Value x, Value y) {
    return hlo::op(b, loc, name, {x, y}, counterType(b.getContext()));
  }
  Value add(Value x, Value y) { return op("add", x, y); }
  Value sub(Value x, Value y) { return op("subtract", x, y); }
  Value mul(Value x, Value y) { return op("multiply", x, y); }
  Value div(Value x, Value y) { return op("divide", x, y); }
  Value rem(Value x, Value y) { return op("remainder", x, y); }
  Value min(Value x, Value y) { return op("minimum", x, y); }
  Value max(Value x, Value y) { return op("maximum", x, y); }
  Value cmp(Value x, Value y, StringRef dir) {
    return hlo::compare(b, loc, x, y, dir, "SIGNED");
  }
  Value select(Value p, Value x, Value y) {
    return hlo::op(b, loc, "select", {p, x, y}, x.getType());
  }
  Value c(int64_t v) { return counter(b, loc, v); }
};

} // namespace

// Not transposed: one loop over the steps from slot 0. Transposed: the
// segments of `stride` steps from the last to the first; each refills a
// second buffer from its snapshot (every s2-th carry, s2 = ceil(stride /
// slots), so that it fits), then runs its steps backwards, each primal
// carry recomputed from the nearest entry of that buffer (fewer than s2
// steps). Primal steps: n to fill, and about n * (s2 - 1) / 2 to
// recompute; memory: two buffers of slots + 1 carries.
LogicalResult LinearLoopOp::lowerToStableHLO(OpBuilder &b,
                                             SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  Counter k{b, loc};
  unsigned np = getNumPrimal();
  Value n = getTripCount(), stride = getStride();
  Region &step = getStep(), &linear = getLinear();
  auto snapshots = [&](ValueRange bufs, Value index) {
    SmallVector<Value> p;
    for (Value buf : bufs)
      p.push_back(readSlot(b, loc, buf, index));
    return p;
  };
  // The regions read the invariants after the primal carry (the loops
  // below read them from above).
  auto withInvariants = [&](ValueRange p, ValueRange t = {}) {
    SmallVector<Value> args(p);
    llvm::append_range(args, getInvariants());
    llvm::append_range(args, t);
    return args;
  };

  if (!getTransposed()) {
    SmallVector<Value> init{k.c(0)};
    llvm::append_range(init, snapshots(getSnapshots(), k.c(0)));
    llvm::append_range(init, getInits());
    SmallVector<Value> out = emitWhile(
        b, loc, init, [&](ValueRange s) { return k.cmp(s[0], n, "LT"); },
        [&](ValueRange s) {
          ValueRange p = s.slice(1, np), t = s.drop_front(1 + np);
          SmallVector<Value> next{k.add(s[0], k.c(1))};
          llvm::append_range(next, inlineRegion(b, step, withInvariants(p)));
          llvm::append_range(next,
                             inlineRegion(b, linear, withInvariants(p, t)));
          return next;
        });
    llvm::append_range(results, ArrayRef<Value>(out).drop_front(1 + np));
    return success();
  }

  int64_t slots =
      llvm::cast<RankedTensorType>(getSnapshots().front().getType())
          .getDimSize(0) - 1;
  unsigned nt = getNumResults();
  Value slotsV = k.c(slots);
  Value s2 = k.max(k.c(1), k.div(k.add(stride, k.c(slots - 1)), slotsV));
  Value segments = k.div(k.add(n, k.sub(stride, k.c(1))), stride);
  SmallVector<Value> init{k.sub(segments, k.c(1))};
  llvm::append_range(init, getInits());
  for (Value buf : getSnapshots()) { // the second buffer
    auto type = llvm::cast<RankedTensorType>(buf.getType());
    Value zero = hlo::constant(b, loc, hlo::scalarAttr(type.getElementType(), 0));
    init.push_back(hlo::broadcast(b, loc, zero, type, {}));
  }
  SmallVector<Value> out = emitWhile(
      b, loc, init, [&](ValueRange s) { return k.cmp(s[0], k.c(0), "GE"); },
      [&](ValueRange s) {
        Value j = s[0];
        ValueRange ct = s.slice(1, nt), bufs2 = s.drop_front(1 + nt);
        Value start = k.mul(j, stride);
        Value len = k.min(stride, k.sub(n, start));
        // Fill the second buffer from snapshot j.
        SmallVector<Value> fill{k.c(0)};
        llvm::append_range(fill, snapshots(getSnapshots(), j));
        llvm::append_range(fill, bufs2);
        SmallVector<Value> filled = emitWhile(
            b, loc, fill, [&](ValueRange f) { return k.cmp(f[0], len, "LT"); },
            [&](ValueRange f) {
              Value i = f[0];
              ValueRange p = f.slice(1, np), bufs = f.drop_front(1 + np);
              Value due = k.cmp(k.rem(i, s2), k.c(0), "EQ");
              Value slot = k.select(due, k.div(i, s2), slotsV);
              SmallVector<Value> next{k.add(i, k.c(1))};
              llvm::append_range(next,
                                 inlineRegion(b, step, withInvariants(p)));
              for (auto [buf, v] : llvm::zip(bufs, p))
                next.push_back(writeSlot(b, loc, buf, v, slot));
              return next;
            });
        ValueRange newBufs = ArrayRef<Value>(filled).drop_front(1 + np);
        // The segment's steps, last first.
        SmallVector<Value> back{k.sub(len, k.c(1))};
        llvm::append_range(back, ct);
        SmallVector<Value> done = emitWhile(
            b, loc, back,
            [&](ValueRange r) { return k.cmp(r[0], k.c(0), "GE"); },
            [&](ValueRange r) {
              Value i = r[0];
              SmallVector<Value> rec{k.c(0)};
              llvm::append_range(rec, snapshots(newBufs, k.div(i, s2)));
              Value extra = k.rem(i, s2);
              SmallVector<Value> q = emitWhile(
                  b, loc, rec,
                  [&](ValueRange m) { return k.cmp(m[0], extra, "LT"); },
                  [&](ValueRange m) {
                    SmallVector<Value> next{k.add(m[0], k.c(1))};
                    llvm::append_range(
                        next,
                        inlineRegion(b, step, withInvariants(m.drop_front())));
                    return next;
                  });
              SmallVector<Value> args = withInvariants(
                  ArrayRef<Value>(q).drop_front(), r.drop_front());
              SmallVector<Value> next{k.sub(i, k.c(1))};
              llvm::append_range(next, inlineRegion(b, linear, args));
              return next;
            });
        SmallVector<Value> next{k.sub(j, k.c(1))};
        llvm::append_range(next, ArrayRef<Value>(done).drop_front());
        llvm::append_range(next, newBufs);
        return next;
      });
  llvm::append_range(results, ArrayRef<Value>(out).slice(1, nt));
  return success();
}
