//===- CondRules.cpp - rules of jxp.cond ------------------------*- C++ -*-===//
//
// lax.cond/switch. Forward mode differentiates every branch (a result has
// a tangent if any branch gives it one); partial evaluation splits each
// branch, joining the residuals of all branches into slots shared by type;
// the transpose is a cond of the transposed branches. Batching: a cond of
// the batched branches, or, with a mapped index, every branch run and each
// member's results selected. Tests: test/lit/Transforms/jxp-*/control_flow.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/ControlFlow/ControlFlowRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::controlflow;
using namespace mlir::jxp::batching;

LogicalResult CondOp::jvp(JvpContext &ctx) {
  return jvpOfBranches(*this, ctx, /*numPrefix=*/1);
}

LogicalResult CondOp::partialEval(PartialEvalContext &ctx) {
  if (ctx.isUnknown(getIndex()))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "partial evaluation of a cond whose index is unknown";
  SmallVector<bool> argU = unknownFlags(ctx, getArgs());
  if (!llvm::is_contained(argU, true))
    return ctx.defaultSplit(*this);
  unsigned nb = getBranches().size(), nr = getNumResults();

  // A result is unknown if any branch makes it so; every branch then puts
  // it on the unknown side.
  SmallVector<bool> resultU(nr, false);
  for (Region &branch : getBranches()) {
    auto flags = unknownResults(ctx, branch, argU, resultU);
    if (failed(flags))
      return failure();
    for (auto [r, f] : llvm::zip(resultU, *flags))
      r = r || f;
  }
  OwningOpRef<Operation *> holder = regionHolder(*this, 2 * nb);
  SmallVector<Region *> known, unknown;
  // Residual slots, shared by type across branches; per branch, the slot
  // of each of its residuals.
  SmallVector<Type> slotTypes;
  SmallVector<SmallVector<unsigned>> slotOf(nb);
  unsigned nKnown = count(negate(resultU));
  for (auto [k, branch] : llvm::enumerate(getBranches())) {
    known.push_back(&(*holder)->getRegion(2 * k));
    unknown.push_back(&(*holder)->getRegion(2 * k + 1));
    auto split =
        ctx.splitRegion(branch, *known[k], *unknown[k], argU, resultU);
    if (failed(split))
      return failure();
    if (split->unknownResults != resultU)
      return emitOpError("partial evaluation: a branch split its results "
                         "differently");
    SmallVector<bool> used(slotTypes.size(), false);
    Operation *yield = known[k]->front().getTerminator();
    for (Value r : yield->getOperands().drop_front(nKnown)) {
      unsigned s = 0;
      while (s < slotTypes.size() && (used[s] || slotTypes[s] != r.getType()))
        ++s;
      if (s == slotTypes.size()) {
        slotTypes.push_back(r.getType());
        used.push_back(false);
      }
      used[s] = true;
      slotOf[k].push_back(s);
    }
  }

  // The known cond: the known results, then the slots (zeros where the
  // branch taken has no residual there).
  SmallVector<Value> slotValues;
  unsigned nSlots = slotTypes.size();
  {
    SmallVector<Type> types;
    appendFlaggedTypes(types, getResultTypes(), negate(resultU));
    llvm::append_range(types, slotTypes);
    SmallVector<Value> operands{ctx.known(getIndex())};
    for (Value a : select(getArgs(), argU, false))
      operands.push_back(ctx.known(a));
    Operation *op = createLike(ctx.knownBuilder(), *this, operands, types);
    for (unsigned k = 0; k < nb; ++k) {
      op->getRegion(k).takeBody(*known[k]);
      Operation *yield = op->getRegion(k).front().getTerminator();
      OpBuilder b(yield);
      Emitter e(b, getLoc());
      SmallVector<Value> outs(yield->getOperands().take_front(nKnown));
      SmallVector<Value> slots(nSlots);
      for (auto [j, s] : llvm::enumerate(slotOf[k]))
        slots[s] = yield->getOperand(nKnown + j);
      for (auto [v, t] : llvm::zip(slots, slotTypes))
        outs.push_back(e.orZeros(v, t));
      yield->setOperands(outs);
    }
    ValueRange results = op->getResults();
    setResults(ctx, getResults(), resultU, /*unknown=*/false, results);
    for (Value v : results.drop_front(nKnown))
      slotValues.push_back(ctx.residual(v));
  }

  // The unknown cond: each branch reads its own slots.
  SmallVector<Value> operands{ctx.unknown(getIndex())};
  llvm::append_range(operands, slotValues);
  for (Value a : select(getArgs(), argU))
    operands.push_back(ctx.unknown(a));
  SmallVector<Type> types;
  appendFlaggedTypes(types, getResultTypes(), resultU);
  Operation *op = createLike(ctx.unknownBuilder(), *this, operands, types);
  for (unsigned k = 0; k < nb; ++k) {
    op->getRegion(k).takeBody(*unknown[k]);
    Block &block = op->getRegion(k).front();
    // (own residuals..., unknown args...) -> (slots..., unknown args...)
    unsigned own = slotOf[k].size();
    unsigned base = block.getNumArguments();
    for (Type t : slotTypes)
      block.addArgument(t, getLoc());
    for (auto [j, s] : llvm::enumerate(slotOf[k]))
      block.getArgument(j).replaceAllUsesWith(block.getArgument(base + s));
    block.eraseArguments(0, own);
    base -= own;
    SmallVector<unsigned> order;
    for (unsigned i = 0; i < nSlots; ++i)
      order.push_back(base + i);
    for (unsigned i = 0; i < base; ++i)
      order.push_back(i);
    permuteArguments(block, order);
  }
  setResults(ctx, getResults(), resultU, /*unknown=*/true, op->getResults());
  return success();
}

LogicalResult CondOp::transpose(TransposeContext &ctx) {
  return transposeBranches(*this, ctx, /*numPrefix=*/1);
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

namespace {
/// cond with an index that is not mapped: a cond of the batched branches.
/// A result is mapped if some branch yields it mapped, along the first
/// such branch's dimension (the other branches move or broadcast theirs).
LogicalResult batchCondOfBranches(CondOp op, BatchContext &ctx) {
  unsigned nb = op.getBranches().size();
  ArrayRef<int64_t> argDims = ctx.dims().drop_front();
  OwningOpRef<Operation *> holder = regionHolder(op, nb);
  SmallVector<SmallVector<int64_t>> yielded(nb);
  SmallVector<int64_t> dims(op.getNumResults(), kNotMapped);
  for (auto [k, branch] : llvm::enumerate(op.getBranches())) {
    if (failed(ctx.batchRegion(branch, (*holder)->getRegion(k), argDims, {},
                               yielded[k])))
      return failure();
    for (auto [d, y] : llvm::zip(dims, yielded[k]))
      if (d == kNotMapped)
        d = y;
  }
  Operation *batched = createLike(
      ctx.builder(), op, ctx.operands(),
      batchedTypes(op.getResultTypes(), dims, ctx.size()));
  for (unsigned k = 0; k < nb; ++k) {
    Region &branch = batched->getRegion(k);
    branch.takeBody((*holder)->getRegion(k));
    if (failed(yieldAt(branch, yielded[k], dims, ctx.size())))
      return failure();
  }
  addResults(ctx, batched->getResults(), dims);
  return success();
}

/// Batches `src` (a region built for this rule, per member) and inlines
/// it at the rule's insertion point, over the rule's operands.
LogicalResult batchInline(BatchContext &ctx, Region &src,
                          SmallVectorImpl<Value> &results,
                          SmallVectorImpl<int64_t> &dims) {
  OwningOpRef<Operation *> holder = regionHolder(src.getParentOp(), 1);
  Region &dst = (*holder)->getRegion(0);
  if (failed(ctx.batchRegion(src, dst, ctx.dims(), {}, dims)))
    return failure();
  Block &block = dst.front();
  for (auto [a, v] : llvm::zip(block.getArguments(), ctx.operands()))
    a.replaceAllUsesWith(v);
  Operation *yield = block.getTerminator();
  results.assign(yield->operand_begin(), yield->operand_end());
  OpBuilder &b = ctx.builder();
  b.getInsertionBlock()->getOperations().splice(
      b.getInsertionPoint(), block.getOperations(), block.begin(),
      Block::iterator(yield));
  return success();
}

/// cond with a mapped index (JAX's _cond_batching_rule): each member may
/// take another branch, so every branch runs on the whole batch and each
/// member selects the results of its own, after clamping its index as the
/// op does (out of range: the last branch). A branch reads its operands
/// guarded (see `guarded`) by whether it is the member's, so that reverse
/// mode only differentiates the branch taken. Written per member, as a
/// region the pass batches.
LogicalResult batchCondOfMappedIndex(CondOp op, BatchContext &ctx) {
  Location loc = op.getLoc();
  unsigned nb = op.getBranches().size(), nr = op.getNumResults();
  OwningOpRef<Operation *> holder = regionHolder(op, 1);
  Region &perMember = (*holder)->getRegion(0);
  Block *block = new Block();
  perMember.push_back(block);
  Type indexType = op.getIndex().getType();
  Value index = block->addArgument(indexType, loc);
  for (Value a : op.getArgs())
    block->addArgument(a.getType(), a.getLoc());
  OpBuilder b = OpBuilder::atBlockEnd(block);
  Emitter e(b, loc);
  Value inRange = e.andOp(
      e.compare(index, e.splat(indexType, 0), ComparisonDirection::GE),
      e.compare(index, e.splat(indexType, nb), ComparisonDirection::LT));
  Value k = e.select(inRange, index, e.splat(indexType, nb - 1));
  SmallVector<Value> taken;
  SmallVector<SmallVector<Value>> outs;
  for (auto [j, branch] : llvm::enumerate(op.getBranches())) {
    taken.push_back(
        e.compare(k, e.splat(indexType, j), ComparisonDirection::EQ));
    IRMapping map;
    for (auto [a, v] : llvm::zip(branch.front().getArguments(),
                                 block->getArguments().drop_front()))
      map.map(a, guarded(e, taken.back(), v));
    outs.push_back(cloneBlockAt(b, branch.front(), map));
  }
  SmallVector<Value> selected;
  for (unsigned r = 0; r < nr; ++r) {
    Value out = outs[nb - 1][r];
    for (int j = (int)nb - 2; j >= 0; --j)
      out = e.select(taken[j], outs[j][r], out);
    selected.push_back(out);
  }
  YieldOp::create(b, loc, selected);

  SmallVector<Value> results;
  SmallVector<int64_t> dims;
  if (failed(batchInline(ctx, perMember, results, dims)))
    return failure();
  addResults(ctx, results, dims);
  return success();
}

LogicalResult batchCond(CondOp op, BatchContext &ctx) {
  if (ctx.dims()[0] != kNotMapped)
    return batchCondOfMappedIndex(op, ctx);
  return batchCondOfBranches(op, ctx);
}
} // namespace

void controlflow::attachCondBatchRules(MLIRContext *ctx) {
  attach<typed<CondOp, batchCond>, CondOp>(ctx);
}
