//===- ControlFlowRules.cpp - the region ops' shared helpers ----*- C++ -*-===//
//
// The definitions of the helpers ControlFlowRules.h declares (see there
// for how the region ops differentiate, split, transpose and batch), and
// the attachment of the control-flow ops' batching rules.
//
//===----------------------------------------------------------------------===//

#include "Rules/ControlFlow/ControlFlowRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

namespace mlir::jxp::controlflow {

SmallVector<bool> flagsOf(ArrayRef<Value> tangents) {
  SmallVector<bool> flags;
  for (Value t : tangents)
    flags.push_back((bool)t);
  return flags;
}

void appendFlagged(Emitter &e, SmallVectorImpl<Value> &out,
                   ArrayRef<Value> values, ValueRange like,
                   ArrayRef<bool> flags) {
  for (auto [v, l, f] : llvm::zip(values, like, flags))
    if (f)
      out.push_back(e.orZeros(v, l.getType()));
}

void appendFlaggedTypes(SmallVectorImpl<Type> &out, TypeRange types,
                        ArrayRef<bool> flags) {
  for (auto [t, f] : llvm::zip(types, flags))
    if (f)
      out.push_back(t);
}

void appendTangents(SmallVectorImpl<Value> &out, ArrayRef<bool> flags,
                    ValueRange &tangents) {
  for (bool f : flags) {
    if (f) {
      out.push_back(tangents.front());
      tangents = tangents.drop_front();
    } else {
      out.push_back(Value());
    }
  }
}

void permuteArguments(Block &block, ArrayRef<unsigned> order) {
  unsigned n = block.getNumArguments();
  SmallVector<BlockArgument> old(block.getArguments());
  for (unsigned k : order)
    block.addArgument(old[k].getType(), old[k].getLoc());
  for (auto [i, k] : llvm::enumerate(order))
    old[k].replaceAllUsesWith(block.getArgument(n + i));
  block.eraseArguments(0, n);
}

SmallVector<unsigned> groupOrder(ArrayRef<unsigned> sizes,
                                 ArrayRef<unsigned> groups) {
  SmallVector<unsigned> start{0};
  for (unsigned s : sizes)
    start.push_back(start.back() + s);
  SmallVector<unsigned> order;
  for (unsigned g : groups)
    for (unsigned i = start[g]; i < start[g + 1]; ++i)
      order.push_back(i);
  return order;
}

unsigned count(ArrayRef<bool> flags) { return llvm::count(flags, true); }

SmallVector<bool> unknownFlags(PartialEvalContext &ctx, ValueRange values) {
  SmallVector<bool> flags;
  for (Value v : values)
    flags.push_back(ctx.isUnknown(v));
  return flags;
}

OwningOpRef<Operation *> regionHolder(Operation *like, unsigned n) {
  OperationState state(like->getLoc(), "jxp.region_holder");
  for (unsigned i = 0; i < n; ++i)
    state.addRegion();
  return Operation::create(state);
}

FailureOr<SmallVector<bool>> unknownResults(PartialEvalContext &ctx,
                                            Region &src,
                                            ArrayRef<bool> unknownArgs,
                                            ArrayRef<bool> force) {
  OwningOpRef<Operation *> holder = regionHolder(src.getParentOp(), 2);
  auto split = ctx.splitRegion(src, (*holder)->getRegion(0),
                               (*holder)->getRegion(1), unknownArgs, force);
  if (failed(split))
    return failure();
  return split->unknownResults;
}

SmallVector<Value> select(ValueRange values, ArrayRef<bool> flags,
                          bool flagged) {
  SmallVector<Value> out;
  for (auto [v, f] : llvm::zip(values, flags))
    if (f == flagged)
      out.push_back(v);
  return out;
}

SmallVector<bool> negate(ArrayRef<bool> flags) {
  SmallVector<bool> out;
  for (bool f : flags)
    out.push_back(!f);
  return out;
}

void setResults(PartialEvalContext &ctx, ValueRange results,
                ArrayRef<bool> unknownFlags, bool unknown, ValueRange values) {
  unsigned j = 0;
  for (auto [r, u] : llvm::zip(results, unknownFlags)) {
    if (u != unknown)
      continue;
    if (unknown)
      ctx.setUnknown(r, values[j++]);
    else
      ctx.setKnown(r, values[j++]);
  }
}

void eraseFlaggedArguments(Block &block, unsigned offset,
                           ArrayRef<bool> flags) {
  for (int i = (int)flags.size() - 1; i >= 0; --i)
    if (flags[i])
      block.eraseArgument(offset + i);
}

LogicalResult jvpOfBranches(Operation *op, JvpContext &ctx,
                            unsigned numPrefix) {
  SmallVectorImpl<Value> &out = ctx.results();
  ValueRange args = op->getOperands().drop_front(numPrefix);
  ArrayRef<Value> argTangents = ctx.tangents().drop_front(numPrefix);
  SmallVector<bool> argFlags = flagsOf(argTangents);
  SmallVector<bool> resultFlags(op->getNumResults(), false);
  for (Region &region : op->getRegions())
    for (auto [f, nz] :
         llvm::zip(resultFlags, ctx.nonzeroTangents(region, argFlags)))
      f = f || nz;
  if (!llvm::is_contained(resultFlags, true))
    return zeroJvp(op, out);

  OpBuilder &b = ctx.builder();
  Emitter e(b, op->getLoc());
  SmallVector<Value> operands(op->getOperands());
  appendFlagged(e, operands, argTangents, args, argFlags);
  SmallVector<Type> types(op->getResultTypes());
  appendFlaggedTypes(types, op->getResultTypes(), resultFlags);
  Operation *jvp = createLike(b, op, operands, types);
  SmallVector<bool> nonzero;
  for (auto [src, dst] : llvm::zip(op->getRegions(), jvp->getRegions()))
    if (failed(ctx.differentiateRegion(src, dst, argFlags, resultFlags,
                                       nonzero)))
      return failure();
  ValueRange results = jvp->getResults();
  llvm::append_range(out, results.take_front(op->getNumResults()));
  ValueRange tangents = results.drop_front(op->getNumResults());
  appendTangents(out, resultFlags, tangents);
  return success();
}

LogicalResult transposeBranches(Operation *op, TransposeContext &ctx,
                                unsigned numPrefix) {
  ArrayRef<Value> operands = ctx.operands(), cts = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (llvm::is_contained(operands.take_front(numPrefix), Value()))
    return op->emitOpError("transpose: the index cannot be linear");
  SmallVector<bool> linearArgs, zeroCts;
  for (Value v : operands.drop_front(numPrefix))
    linearArgs.push_back(!v);
  for (Value c : cts)
    zeroCts.push_back(!c);
  SmallVector<Value> newOperands;
  for (Value v : operands)
    if (v)
      newOperands.push_back(v);
  unsigned nNonLinear = newOperands.size() - numPrefix;
  for (Value c : cts)
    if (c)
      newOperands.push_back(c);
  SmallVector<Type> types;
  for (auto [a, lin] :
       llvm::zip(op->getOperands().drop_front(numPrefix), linearArgs))
    if (lin)
      types.push_back(a.getType());
  Operation *t = createLike(ctx.builder(), op, newOperands, types);
  for (auto [src, dst] : llvm::zip(op->getRegions(), t->getRegions())) {
    if (failed(ctx.transposeRegion(src, dst, linearArgs, zeroCts)))
      return failure();
    eraseFlaggedArguments(dst.front(), nNonLinear, zeroCts);
  }
  out.append(numPrefix, Value());
  unsigned j = 0;
  for (bool lin : linearArgs)
    out.push_back(lin ? t->getResult(j++) : Value());
  return success();
}

SmallVector<Value> cloneBlockAt(OpBuilder &b, Block &block, IRMapping &map) {
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

SmallVector<bool> mappedFlags(ArrayRef<int64_t> dims) {
  SmallVector<bool> flags;
  for (int64_t d : dims)
    flags.push_back(d != kNotMapped);
  return flags;
}

SmallVector<Type> batchedTypes(TypeRange types, ArrayRef<int64_t> dims,
                               int64_t size) {
  SmallVector<Type> out;
  for (auto [t, d] : llvm::zip(types, dims))
    out.push_back(batchedType(t, d, size));
  return out;
}

void addResults(BatchContext &ctx, ValueRange results,
                ArrayRef<int64_t> dims) {
  for (auto [r, d] : llvm::zip(results, dims))
    ctx.addResult(r, d);
}

Value intoLoop(Emitter &e, Value v, int64_t d, bool mapped, int64_t to,
               int64_t size, int64_t &dim) {
  dim = mapped ? to : kNotMapped;
  return mapped ? materialize(e, v, d, to, size) : v;
}

FailureOr<SmallVector<bool>>
mappedCarries(Operation *op, BatchContext &ctx, Region &region,
              ArrayRef<bool> init,
              llvm::function_ref<SmallVector<bool>(ArrayRef<bool>)> argFlags) {
  FailureOr<SmallVector<bool>> flags = carryFixedPoint(
      init, [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        auto out = ctx.mappedYields(region, argFlags(in));
        if (succeeded(out))
          out->truncate(init.size());
        return out;
      });
  if (failed(flags))
    return op->emitOpError("batching: the carry analysis failed");
  return flags;
}

LogicalResult yieldAt(Region &region, ArrayRef<int64_t> have,
                      ArrayRef<int64_t> want, int64_t size) {
  Operation *yield = region.front().getTerminator();
  OpBuilder b(yield);
  Emitter e(b, yield->getLoc());
  SmallVector<Value> outs;
  for (auto [v, h, w] : llvm::zip(yield->getOperands(), have, want)) {
    if (w == kNotMapped && h != kNotMapped)
      return yield->emitOpError("batching: a value is mapped where the "
                                "carry analysis found it is not");
    outs.push_back(w == kNotMapped ? v : materialize(e, v, h, w, size));
  }
  yield->setOperands(outs);
  return success();
}

Value guarded(Emitter &e, Value pred, Value v) {
  if (!Emitter::isDifferentiable(v.getType()))
    return v;
  return e.select(pred, v, StopGradientOp::create(e.b, e.loc, v.getType(), v));
}

} // namespace mlir::jxp::controlflow

void batching::attachControlFlowBatchRules(MLIRContext *ctx) {
  controlflow::attachCondBatchRules(ctx);
  controlflow::attachWhileBatchRules(ctx);
  controlflow::attachLinearLoopBatchRules(ctx);
  controlflow::attachScanBatchRules(ctx);
  controlflow::attachRematBatchRules(ctx);
}
