//===- ControlFlowRules.cpp - AD and vmap rules of region ops ---*- C++ -*-===//
//
// Forward mode differentiates the regions with the pass's own machinery
// (JvpContext::differentiateRegion). Symbolic zeros stay symbolic through
// the regions: a cond's result has a tangent if any branch gives it one,
// and a loop carry gets a tangent only once the carry fixed point says
// some step can make it nonzero, as in JAX's _cond_jvp and
// _while_loop_jvp / _scan_jvp.
//
// Reverse mode, as JAX's: partial evaluation splits each region with the
// pass's own machinery (PartialEvalContext::splitRegion) into a known op
// and an unknown one joined by residuals. A scan's residuals are stacked
// along the scan axis, except those the step reads unchanged (consts,
// values computed from consts alone, slices of known xs), which are passed
// as they are; a cond's are joined into slots shared by type across
// branches. The transpose of a scan is a scan in the other direction
// whose carry is the carry's cotangent plus accumulators for the linear
// consts; that of a cond is a cond of the transposed branches.
//
// remat (jax.checkpoint) is split as JAX's remat partial eval: the known
// part inline, the unknown part a remat that first recomputes what its
// policy does not let partial evaluation save.
//
// A while loop's trip count is known only at run time, so its residuals
// cannot be stacked: the known side counts the steps and keeps snapshots
// of the primal carry, and the unknown side is a linear_loop that
// recomputes the primal carries from them (beyond JAX, which cannot
// differentiate a while loop in reverse mode).
//
// Batching (vmap) batches the regions with the pass's own machinery too
// (BatchContext::batchRegion); see the Batching section.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"
#include "Dialect/VmaInference.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {

SmallVector<bool> flagsOf(ArrayRef<Value> tangents) {
  SmallVector<bool> flags;
  for (Value t : tangents)
    flags.push_back((bool)t);
  return flags;
}

/// Appends `values[i]` for each flagged `i` (zeros where it is a symbolic
/// zero and `zerosFor` gives the type).
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

/// Appends, per value of `primal`, its tangent in `tangents` (taken in
/// order for the flagged ones) or null.
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

/// Reorders the arguments of `block` to `order` (old indices).
void permuteArguments(Block &block, ArrayRef<unsigned> order) {
  unsigned n = block.getNumArguments();
  SmallVector<BlockArgument> old(block.getArguments());
  for (unsigned k : order)
    block.addArgument(old[k].getType(), old[k].getLoc());
  for (auto [i, k] : llvm::enumerate(order))
    old[k].replaceAllUsesWith(block.getArgument(n + i));
  block.eraseArguments(0, n);
}

/// The indices 0..n-1 of groups of sizes `sizes`, concatenated in the
/// group order `groups`.
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

/// A detached op owning `n` regions for splits not yet given to an op
/// (builders reach the context through a region's parent op). It is never
/// inserted or verified: the regions are taken or dropped with it.
OwningOpRef<Operation *> regionHolder(Operation *like, unsigned n) {
  OperationState state(like->getLoc(), "jxp.region_holder");
  for (unsigned i = 0; i < n; ++i)
    state.addRegion();
  return Operation::create(state);
}

/// Which values `src` yields are unknown when the arguments flagged in
/// `unknownArgs` are (and those flagged in `force`): a split built and
/// thrown away, the step of a carry fixed point.
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

/// The values of `values` flagged (or not, if `flagged` is false).
SmallVector<Value> select(ValueRange values, ArrayRef<bool> flags,
                          bool flagged = true) {
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

/// Maps, in order, the results of the op being split whose flag in
/// `unknownFlags` is `unknown` to `values` (on that side).
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

/// Erases the arguments of `block` flagged in `flags`, counted from
/// `offset` (they must be unused).
void eraseFlaggedArguments(Block &block, unsigned offset,
                           ArrayRef<bool> flags) {
  for (int i = (int)flags.size() - 1; i >= 0; --i)
    if (flags[i])
      block.eraseArgument(offset + i);
}

/// The JVP of a region op whose operands after the first `numPrefix` (which
/// have no tangents) are what each region takes, and whose results are what
/// each yields (cond's branches, remat's body): the same op over those
/// operands then their nonzero tangents, giving the results then theirs. A
/// result has a tangent if any region gives it one.
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

/// The transpose of such a region op (see jvpOfBranches), linear in some
/// of the operands its regions take: the same op over the first
/// `numPrefix` operands (which must not be linear), the non-linear ones
/// and the nonzero cotangents, each region transposed, giving the
/// cotangents of the linear operands.
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

} // namespace

//===----------------------------------------------------------------------===//
// cond
//===----------------------------------------------------------------------===//

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
// while
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::jvp(JvpContext &ctx) {
  SmallVectorImpl<Value> &out = ctx.results();
  ArrayRef<Value> initTangents = ctx.tangents();
  // A carry has a tangent if it has one on entry or some iteration gives
  // it one: the least fixed point of one step of the body.
  FailureOr<SmallVector<bool>> flags = carryFixedPoint(
      flagsOf(initTangents),
      [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        return ctx.nonzeroTangents(getBody(), in);
      });
  if (failed(flags))
    return emitOpError("JVP: the carry analysis failed");
  if (!llvm::is_contained(*flags, true))
    return zeroJvp(*this, out);

  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  SmallVector<Value> operands(getInit());
  appendFlagged(e, operands, initTangents, getInit(), *flags);
  SmallVector<Type> types(getResultTypes());
  appendFlaggedTypes(types, getResultTypes(), *flags);
  auto jvp = WhileOp::create(b, getLoc(), types, operands);
  jvp->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());

  // The condition reads the primal carry only; its block takes the whole
  // new carry, as stablehlo.while's does.
  {
    OpBuilder::InsertionGuard guard(b);
    Block &src = getCond().front();
    Block *dst = b.createBlock(&jvp.getCond());
    IRMapping map;
    for (BlockArgument a : src.getArguments())
      map.map(a, dst->addArgument(a.getType(), a.getLoc()));
    for (Type t : ArrayRef<Type>(types).drop_front(getNumResults()))
      dst->addArgument(t, getLoc());
    for (Operation &op : src)
      b.clone(op, map);
  }
  SmallVector<bool> nonzero;
  if (failed(ctx.differentiateRegion(getBody(), jvp.getBody(), *flags, *flags,
                                     nonzero)))
    return failure();
  ValueRange results = jvp->getResults();
  llvm::append_range(out, results.take_front(getNumResults()));
  ValueRange tangents = results.drop_front(getNumResults());
  appendTangents(out, *flags, tangents);
  return success();
}

namespace {

RankedTensorType i64Scalar(MLIRContext *ctx) {
  return RankedTensorType::get({}, IntegerType::get(ctx, 64));
}

/// `v` with a leading axis of 1.
Value asSlot(Emitter &e, Value v) {
  auto t = Emitter::typeOf(v);
  SmallVector<int64_t> shape{1};
  llvm::append_range(shape, t.getShape());
  return e.reshape(v, shape);
}

/// `buf` with slot `index` (of its leading axis) set to `v`.
Value writeSlot(Emitter &e, Value buf, Value v, Value index) {
  SmallVector<Value> starts{index};
  starts.append(Emitter::typeOf(v).getRank(), e.splat(i64Scalar(e.b.getContext()), 0));
  return DynamicUpdateSliceOp::create(e.b, e.loc, buf.getType(), buf,
                                      asSlot(e, v), starts);
}

/// Clones the ops of `block` (without its terminator) at `b`, `map`
/// giving its arguments' counterparts, and returns what it yields.
SmallVector<Value> cloneBlockAt(OpBuilder &b, Block &block, IRMapping &map) {
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

/// The number of snapshot slots reverse mode through a while loop keeps
/// per level (the `jxp.snapshots` attribute, set from Python, or 64).
int64_t snapshotSlots(Operation *op) {
  if (auto a = op->getAttrOfType<IntegerAttr>("jxp.snapshots"))
    return std::max<int64_t>(1, a.getInt());
  return 64;
}

} // namespace

LogicalResult WhileOp::partialEval(PartialEvalContext &ctx) {
  // The known carries, if the condition reads only those, are computed by
  // a known loop that also counts the steps, n. Per-step residuals cannot
  // be stacked for a trip count known only at run time, so a second known
  // loop keeps snapshots of the primal carry: one every s = ceil(n / B)
  // steps, in B slots (B = jxp.snapshots). The unknown carries become a
  // jxp.linear_loop over those snapshots, whose linear step recomputes the
  // residuals from the primal carry; its transpose recomputes the primal
  // carries in reverse from the snapshots (see LinearLoopOp).
  SmallVector<bool> initU = unknownFlags(ctx, getInit());
  if (!llvm::is_contained(initU, true))
    return ctx.defaultSplit(*this);
  unsigned nk = getNumResults();
  FailureOr<SmallVector<bool>> carryU = carryFixedPoint(
      initU, [&](ArrayRef<bool> in) {
        return unknownResults(ctx, getBody(), in, in);
      });
  if (failed(carryU))
    return emitOpError("partial evaluation: the carry analysis failed");
  OwningOpRef<Operation *> holder = regionHolder(*this, 6);
  Region &knownCond = (*holder)->getRegion(0),
         &knownBody = (*holder)->getRegion(2),
         &unknownBody = (*holder)->getRegion(3),
         &stepRegion = (*holder)->getRegion(4),
         &linearRegion = (*holder)->getRegion(5);
  auto condSplit = ctx.splitRegion(getCond(), knownCond,
                                   (*holder)->getRegion(1), *carryU, {false});
  if (failed(condSplit))
    return failure();
  if (condSplit->unknownResults[0] || !llvm::is_contained(*carryU, false))
    return ctx.defaultSplit(*this); // all on the unknown side
  auto bodySplit = ctx.splitRegion(getBody(), knownBody, unknownBody,
                                   *carryU, *carryU);
  if (failed(bodySplit))
    return failure();
  Location loc = getLoc();
  Block &kb = knownBody.front(), &ub = unknownBody.front();
  unsigned nr = bodySplit->numResiduals;
  SmallVector<Type> primalTypes(kb.getArgumentTypes());
  SmallVector<Type> tangentTypes;
  appendFlaggedTypes(tangentTypes, getResultTypes(), *carryU);

  // The linear step: the residuals recomputed from the primal carry (the
  // known step's ops they need), then the unknown step.
  {
    Block *block = new Block();
    linearRegion.push_back(block);
    IRMapping map;
    for (auto [a, t] : llvm::zip(kb.getArguments(), primalTypes))
      map.map(a, block->addArgument(t, loc));
    SmallVector<Value> residuals(kb.getTerminator()->getOperands().take_back(nr));
    DenseSet<Operation *> needed;
    SmallVector<Value> work(residuals);
    while (!work.empty())
      if (Operation *def = work.pop_back_val().getDefiningOp())
        if (needed.insert(def).second)
          llvm::append_range(work, def->getOperands());
    OpBuilder b = OpBuilder::atBlockEnd(block);
    for (Operation &op : kb.without_terminator())
      if (needed.contains(&op))
        b.clone(op, map);
    for (auto [k, a] : llvm::enumerate(ub.getArguments()))
      map.map(a, k < nr ? map.lookupOrDefault(residuals[k])
                        : block->addArgument(a.getType(), a.getLoc()));
    for (Operation &op : ub)
      b.clone(op, map);
  }
  // The known loops need no residuals.
  for (Region *r : {&knownCond, &knownBody}) {
    Operation *yield = r->front().getTerminator();
    yield->setOperands(SmallVector<Value>(
        yield->getOperands().drop_back(r == &knownCond
                                           ? condSplit->numResiduals
                                           : nr)));
  }
  // Known carries the body passes through unchanged are invariants: kept
  // once, not in every snapshot slot (unless nothing else is known).
  SmallVector<bool> invariant;
  {
    Block &block = knownBody.front();
    Operation *yield = block.getTerminator();
    for (BlockArgument a : block.getArguments())
      invariant.push_back(yield->getOperand(a.getArgNumber()) == a);
    if (!llvm::is_contained(invariant, false))
      invariant.assign(invariant.size(), false);
  }
  unsigned nkp = invariant.size();
  SmallVector<unsigned> varyingFirst; // known carries: varying, invariant
  for (bool inv : {false, true})
    for (unsigned i = 0; i < nkp; ++i)
      if (invariant[i] == inv)
        varyingFirst.push_back(i);
  unsigned np = count(negate(invariant)), ni = nkp - np;
  {
    IRMapping map;
    knownBody.cloneInto(&stepRegion, map);
    Block &block = stepRegion.front();
    Operation *yield = block.getTerminator();
    yield->setOperands(
        select(yield->getOperands(), invariant, /*flagged=*/false));
    permuteArguments(block, varyingFirst);
    SmallVector<unsigned> order(varyingFirst);
    for (unsigned k = nkp; k < linearRegion.front().getNumArguments(); ++k)
      order.push_back(k);
    permuteArguments(linearRegion.front(), order);
  }

  OpBuilder &b = ctx.knownBuilder();
  Emitter e(b, loc);
  RankedTensorType i64 = i64Scalar(getContext());
  Value zero = e.splat(i64, 0), one = e.splat(i64, 1);
  SmallVector<Value> knownInits;
  for (Value v : select(getInit(), *carryU, false))
    knownInits.push_back(ctx.known(v));

  // Pass 1: the known carries and the trip count.
  SmallVector<Value> operands(knownInits);
  operands.push_back(zero);
  SmallVector<Type> types(primalTypes);
  types.push_back(i64);
  auto count = WhileOp::create(b, loc, types, operands);
  count->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  count.getCond().takeBody(knownCond);
  count.getCond().front().addArgument(i64, loc);
  count.getBody().takeBody(knownBody);
  {
    Block &body = count.getBody().front();
    Value n = body.addArgument(i64, loc);
    Operation *yield = body.getTerminator();
    OpBuilder yb(yield);
    Emitter ye(yb, loc);
    SmallVector<Value> next(yield->getOperands());
    next.push_back(ye.add(n, ye.splat(i64, 1)));
    yield->setOperands(next);
  }
  Value n = count->getResults().back();

  // Pass 2: snapshots every s steps, in slots + 1 slots (the last one is
  // written when no snapshot is due, so that every step writes in place).
  int64_t slots = snapshotSlots(*this);
  Value slotsV = e.splat(i64, slots);
  Value stride = e.max(one, e.div(e.add(n, e.splat(i64, slots - 1)), slotsV));
  // The loop's regions are isolated: n and s are carried through.
  SmallVector<Value> state{zero, n, stride};
  for (unsigned i : varyingFirst)
    state.push_back(knownInits[i]);
  for (Value v : select(knownInits, invariant, false)) {
    auto pt = Emitter::typeOf(v);
    SmallVector<int64_t> shape{slots + 1};
    llvm::append_range(shape, pt.getShape());
    state.push_back(e.zeros(pt.clone(shape)));
  }
  auto snap = WhileOp::create(b, loc, ValueRange(state).getTypes(), state);
  {
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Location> locs(state.size(), loc);
    Block *c = b.createBlock(&snap.getCond(), {}, ValueRange(state).getTypes(),
                             locs);
    YieldOp::create(b, loc,
                    ValueRange{e.compare(c->getArgument(0), c->getArgument(1),
                                         ComparisonDirection::LT)});
    Block *body = b.createBlock(&snap.getBody(), {},
                                ValueRange(state).getTypes(), locs);
    Value i = body->getArgument(0), s = body->getArgument(2);
    ValueRange p = body->getArguments().slice(3, np),
               inv = body->getArguments().slice(3 + np, ni),
               bufs = body->getArguments().drop_front(3 + np + ni);
    Value due = e.compare(e.rem(i, s), e.splat(i64, 0), ComparisonDirection::EQ);
    Value slot = e.select(due, e.div(i, s), e.splat(i64, slots));
    SmallVector<Value> next{e.add(i, e.splat(i64, 1)), body->getArgument(1), s};
    IRMapping map;
    map.map(stepRegion.front().getArguments(),
            body->getArguments().slice(3, np + ni));
    llvm::append_range(next, cloneBlockAt(b, stepRegion.front(), map));
    llvm::append_range(next, inv);
    for (auto [buf, v] : llvm::zip(bufs, p))
      next.push_back(writeSlot(e, buf, v, slot));
    YieldOp::create(b, loc, next);
  }

  // The unknown side.
  SmallVector<Value> loopOperands;
  for (Value buf : snap->getResults().drop_front(3 + np + ni))
    loopOperands.push_back(ctx.residual(buf));
  for (Value v : select(select(getInit(), *carryU, false), invariant))
    loopOperands.push_back(ctx.unknown(v));
  for (Value v : select(getInit(), *carryU))
    loopOperands.push_back(ctx.unknown(v));
  auto loop = LinearLoopOp::create(
      ctx.unknownBuilder(), loc, tangentTypes, ctx.residual(n),
      ctx.residual(stride), loopOperands, np, ni, /*transposed=*/false);
  loop.getStep().takeBody(stepRegion);
  loop.getLinear().takeBody(linearRegion);

  setResults(ctx, getResults(), *carryU, /*unknown=*/false,
             count->getResults());
  setResults(ctx, getResults(), *carryU, /*unknown=*/true, loop->getResults());
  return success();
}

LogicalResult WhileOp::transpose(TransposeContext &ctx) {
  return emitKindOpError(*this, ErrorKind::NotImplemented)
         << "jxp.while cannot be transposed: reverse mode splits it first "
            "(partial evaluation makes its linear part a jxp.linear_loop)";
}

//===----------------------------------------------------------------------===//
// linear_loop
//===----------------------------------------------------------------------===//

// Forward mode (a Hessian through a while loop): the same loop, transposed
// or not, over the primal carry and its tangent (snapshots of both, the
// step's JVP recomputing both) and over the linear carry and its tangent
// (the linear step's JVP, still linear in the two: L(p, t) is linear in t,
// so its derivative L_p(p, t)[dp] + L(p, dt) is linear in (t, dt)).
LogicalResult LinearLoopOp::jvp(JvpContext &ctx) {
  ArrayRef<Value> tangents = ctx.tangents();
  if (llvm::none_of(tangents, [](Value t) { return (bool)t; }))
    return zeroJvp(*this, ctx.results());
  unsigned np = getNumPrimal(), ni = getNumInvariant(), nt = getNumResults();
  auto flags = [](ValueRange values) {
    SmallVector<bool> f;
    for (Value v : values)
      f.push_back(Emitter::isDifferentiable(v.getType()));
    return f;
  };
  SmallVector<bool> pFlags = flags(getSnapshots()),
                    iFlags = flags(getInvariants()), tFlags = flags(getInits());
  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  SmallVector<Value> args(getSnapshots());
  appendFlagged(e, args, tangents.slice(2, np), getSnapshots(), pFlags);
  llvm::append_range(args, getInvariants());
  appendFlagged(e, args, tangents.slice(2 + np, ni), getInvariants(), iFlags);
  llvm::append_range(args, getInits());
  appendFlagged(e, args, tangents.drop_front(2 + np + ni), getInits(),
                tFlags);
  SmallVector<Type> types(getResultTypes());
  appendFlaggedTypes(types, getResultTypes(), tFlags);
  unsigned ndp = count(pFlags), ndi = count(iFlags), ndt = count(tFlags);
  auto jvp = LinearLoopOp::create(b, getLoc(), types, getTripCount(),
                                  getStride(), args, np + ndp, ni + ndi,
                                  getTransposed());
  jvp->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  SmallVector<bool> nonzero, stepFlags(pFlags);
  llvm::append_range(stepFlags, iFlags);
  if (failed(ctx.differentiateRegion(getStep(), jvp.getStep(), stepFlags,
                                     pFlags, nonzero)))
    return failure();
  // (p, v, dp, dv) -> (p, dp, v, dv), as the snapshots and invariants come.
  permuteArguments(jvp.getStep().front(),
                   groupOrder({np, ni, ndp, ndi}, {0, 2, 1, 3}));
  SmallVector<bool> linearFlags(stepFlags);
  llvm::append_range(linearFlags, tFlags);
  if (failed(ctx.differentiateRegion(getLinear(), jvp.getLinear(),
                                     linearFlags, tFlags, nonzero)))
    return failure();
  // (p, v, t, dp, dv, dt) -> (p, dp, v, dv, t, dt).
  permuteArguments(jvp.getLinear().front(),
                   groupOrder({np, ni, nt, ndp, ndi, ndt}, {0, 3, 1, 4, 2, 5}));
  SmallVectorImpl<Value> &out = ctx.results();
  ValueRange results = jvp->getResults();
  llvm::append_range(out, results.take_front(nt));
  ValueRange dts = results.drop_front(nt);
  appendTangents(out, tFlags, dts);
  return success();
}

LogicalResult LinearLoopOp::partialEval(PartialEvalContext &ctx) {
  // Unknown carries (with known snapshots) keep the loop whole on the
  // unknown side: it is linear in them. Known carries next to unknown
  // operands (the JVP of a loop's reverse mode, differentiated in reverse
  // again) would need per-step residuals of the loop itself.
  bool anyUnknown = llvm::any_of(getOperands(),
                                 [&](Value v) { return ctx.isUnknown(v); });
  if (anyUnknown && llvm::any_of(getInits(), [&](Value v) {
        return !ctx.isUnknown(v);
      }))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "reverse-mode differentiation of the reverse mode of a while "
              "loop (grad of grad through a jxp.while) is not implemented "
              "yet; forward over reverse (jax.hessian, jacfwd(jacrev)) is";
  return ctx.defaultSplit(*this);
}

LogicalResult LinearLoopOp::transpose(TransposeContext &ctx) {
  if (getTransposed())
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "transposing a transposed jxp.linear_loop is not implemented";
  ArrayRef<Value> operands = ctx.operands(), cts = ctx.cotangents();
  unsigned np = getNumPrimal(), ni = getNumInvariant();
  if (llvm::is_contained(operands.take_front(2 + np + ni), Value()))
    return emitOpError("transpose: the trip count, stride, snapshots and "
                       "invariants cannot be linear");
  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  SmallVector<Value> args(operands.slice(2, np + ni));
  for (auto [c, t] : llvm::zip(cts, getResultTypes()))
    args.push_back(e.orZeros(c, t));
  auto t = LinearLoopOp::create(b, getLoc(), getResultTypes(), operands[0],
                                operands[1], args, np, ni,
                                /*transposed=*/true);
  t->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  IRMapping map;
  getStep().cloneInto(&t.getStep(), map);
  SmallVector<bool> linearArgs(np + ni, false),
      zeroCts(getNumResults(), false);
  linearArgs.append(getNumResults(), true);
  if (failed(ctx.transposeRegion(getLinear(), t.getLinear(), linearArgs,
                                 zeroCts)))
    return failure();
  SmallVectorImpl<Value> &out = ctx.results();
  out.append(2 + np + ni, Value());
  llvm::append_range(out, t->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::jvp(JvpContext &ctx) {
  SmallVectorImpl<Value> &out = ctx.results();
  unsigned nc = getNumConsts(), nk = getNumCarry();
  unsigned nx = getXs().size(), ny = getNumResults() - nk;
  ArrayRef<Value> t = ctx.tangents();
  ArrayRef<Value> constT = t.take_front(nc), initT = t.slice(nc, nk),
                  xsT = t.drop_front(nc + nk);
  SmallVector<bool> constF = flagsOf(constT), xsF = flagsOf(xsT);
  auto argFlags = [&](ArrayRef<bool> carry) {
    SmallVector<bool> flags(constF);
    llvm::append_range(flags, carry);
    llvm::append_range(flags, xsF);
    return flags;
  };
  // Tangent carries: the fixed point over one step, as for while (consts
  // and xs tangents are the same every step).
  FailureOr<SmallVector<bool>> carryF = carryFixedPoint(
      flagsOf(initT), [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        SmallVector<bool> nz = ctx.nonzeroTangents(getBody(), argFlags(in));
        nz.truncate(nk);
        return nz;
      });
  if (failed(carryF))
    return emitOpError("JVP: the carry analysis failed");
  SmallVector<bool> argF = argFlags(*carryF);
  SmallVector<bool> ysF(
      ArrayRef<bool>(ctx.nonzeroTangents(getBody(), argF)).drop_front(nk));
  SmallVector<bool> resultF(*carryF);
  llvm::append_range(resultF, ysF);
  if (!llvm::is_contained(resultF, true))
    return zeroJvp(*this, out);

  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  // Operands by group, each followed by its tangents: consts, carry, xs.
  SmallVector<Value> operands(getConsts());
  appendFlagged(e, operands, constT, getConsts(), constF);
  llvm::append_range(operands, getInits());
  appendFlagged(e, operands, initT, getInits(), *carryF);
  llvm::append_range(operands, getXs());
  appendFlagged(e, operands, xsT, getXs(), xsF);
  TypeRange carryTypes = TypeRange(getResultTypes()).take_front(nk),
            ysTypes = TypeRange(getResultTypes()).drop_front(nk);
  SmallVector<Type> types(carryTypes);
  appendFlaggedTypes(types, carryTypes, *carryF);
  llvm::append_range(types, ysTypes);
  appendFlaggedTypes(types, ysTypes, ysF);
  unsigned ntc = count(constF), ntk = count(*carryF), ntx = count(xsF),
           nty = count(ysF);
  auto jvp = ScanOp::create(b, getLoc(), types, operands, getLength(),
                            getReverse(), nc + ntc, nk + ntk, getUnroll());
  jvp->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  SmallVector<bool> nonzero;
  if (failed(ctx.differentiateRegion(getBody(), jvp.getBody(), argF, resultF,
                                     nonzero)))
    return failure();
  // differentiateRegion puts every tangent after every primal; the scan
  // groups them: consts, carry and xs each followed by their tangents, and
  // the yielded carry and ys likewise.
  Block &body = jvp.getBody().front();
  permuteArguments(body, groupOrder({nc, nk, nx, ntc, ntk, ntx},
                                    {0, 3, 1, 4, 2, 5}));
  Operation *yield = body.getTerminator();
  SmallVector<Value> yielded(yield->getOperands());
  SmallVector<Value> reordered;
  for (unsigned i : groupOrder({nk, ny, ntk, nty}, {0, 2, 1, 3}))
    reordered.push_back(yielded[i]);
  yield->setOperands(reordered);

  ValueRange results = jvp->getResults();
  // New results: carry, carry tangents, ys, ys tangents.
  ValueRange carryTangents = results.slice(nk, ntk);
  ValueRange ysTangents = results.drop_front(nk + ntk + ny);
  llvm::append_range(out, results.take_front(nk));
  llvm::append_range(out, results.slice(nk + ntk, ny));
  appendTangents(out, *carryF, carryTangents);
  appendTangents(out, ysF, ysTangents);
  return success();
}

LogicalResult ScanOp::partialEval(PartialEvalContext &ctx) {
  SmallVector<bool> argU = unknownFlags(ctx, getArgs());
  if (!llvm::is_contained(argU, true))
    return ctx.defaultSplit(*this);
  unsigned nc = getNumConsts(), nk = getNumCarry();
  unsigned ny = getNumResults() - nk;
  auto withCarry = [&](ArrayRef<bool> carry) {
    SmallVector<bool> flags(argU);
    llvm::copy(carry, flags.begin() + nc);
    return flags;
  };
  auto forced = [&](ArrayRef<bool> carry) {
    SmallVector<bool> flags(carry);
    flags.append(ny, false);
    return flags;
  };
  // Unknown carries: those unknown on entry or made unknown by some step.
  FailureOr<SmallVector<bool>> carryU = carryFixedPoint(
      ArrayRef<bool>(argU).slice(nc, nk),
      [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        auto flags = unknownResults(ctx, getBody(), withCarry(in), forced(in));
        if (succeeded(flags))
          flags->truncate(nk);
        return flags;
      });
  if (failed(carryU))
    return emitOpError("partial evaluation: the carry analysis failed");
  argU = withCarry(*carryU);

  OwningOpRef<Operation *> holder = regionHolder(*this, 2);
  Region &knownBody = (*holder)->getRegion(0),
         &unknownBody = (*holder)->getRegion(1);
  auto split = ctx.splitRegion(getBody(), knownBody, unknownBody, argU,
                               forced(*carryU));
  if (failed(split))
    return failure();
  ArrayRef<bool> resultU = split->unknownResults;
  if (resultU.take_front(nk) != ArrayRef<bool>(*carryU))
    return emitOpError("partial evaluation: the carry split is not a fixed "
                       "point");
  Block &kb = knownBody.front(), &ub = unknownBody.front();
  unsigned nr = split->numResiduals;
  unsigned nkc = count(negate(ArrayRef<bool>(argU).take_front(nc)));
  unsigned nkk = count(negate(*carryU));
  Operation *kYield = kb.getTerminator();
  unsigned nKnownOut = kYield->getNumOperands() - nr;
  SmallVector<Value> residuals(kYield->getOperands().drop_front(nKnownOut));
  SmallVector<Value> knownArgs = select(getArgs(), argU, false);

  // Residuals the unknown step reads unchanged are not stacked: values
  // computed from consts alone are computed once, outside the loop, and
  // slices of known xs are read from the xs.
  DenseMap<Value, bool> invariant;
  std::function<bool(Value)> isInvariant = [&](Value v) -> bool {
    if (auto a = llvm::dyn_cast<BlockArgument>(v))
      return a.getArgNumber() < nkc;
    auto it = invariant.find(v);
    if (it != invariant.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    bool inv = llvm::all_of(def->getOperands(), isInvariant);
    for (Value r : def->getResults())
      invariant[r] = inv;
    return inv;
  };
  enum Kind { Hoisted, KnownXs, Stacked };
  SmallVector<Kind> kind;
  DenseSet<Operation *> hoist;
  for (Value r : residuals) {
    auto a = llvm::dyn_cast<BlockArgument>(r);
    if (a && a.getArgNumber() >= nkc + nkk) {
      kind.push_back(KnownXs);
    } else if (isInvariant(r)) {
      kind.push_back(Hoisted);
      SmallVector<Value> work{r};
      while (!work.empty()) {
        Operation *def = work.pop_back_val().getDefiningOp();
        if (def && hoist.insert(def).second)
          llvm::append_range(work, def->getOperands());
      }
    } else {
      kind.push_back(Stacked);
    }
  }
  IRMapping hoisted;
  for (unsigned i = 0; i < nkc; ++i)
    hoisted.map(kb.getArgument(i), ctx.known(knownArgs[i]));
  for (Operation &op : kb.without_terminator())
    if (hoist.contains(&op))
      ctx.knownBuilder().clone(op, hoisted);

  // The known scan: known carries and ys, then the stacked residuals.
  SmallVector<Value> stacked;
  {
    SmallVector<Value> outs(kYield->getOperands().take_front(nKnownOut));
    SmallVector<Type> types;
    appendFlaggedTypes(types, getResultTypes(), negate(resultU));
    for (auto [r, k] : llvm::zip(residuals, kind)) {
      if (k != Stacked)
        continue;
      outs.push_back(r);
      auto t = llvm::cast<RankedTensorType>(r.getType());
      SmallVector<int64_t> shape{(int64_t)getLength()};
      llvm::append_range(shape, t.getShape());
      types.push_back(t.clone(shape));
    }
    kYield->setOperands(outs);
    if (!types.empty()) {
      SmallVector<Value> operands;
      for (Value a : knownArgs)
        operands.push_back(ctx.known(a));
      auto known = ScanOp::create(ctx.knownBuilder(), getLoc(), types, operands,
                                  getLength(), getReverse(), nkc, nkk,
                                  getUnroll());
      known->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
      known.getBody().takeBody(knownBody);
      ValueRange results = known->getResults();
      setResults(ctx, getResults(), resultU, /*unknown=*/false, results);
      llvm::append_range(stacked, results.drop_front(nKnownOut));
    }
  }

  // The unknown scan. Its step's arguments, (residuals..., unknown consts,
  // carries and xs...), regrouped: consts (hoisted residuals, unknown
  // consts), carries, xs (known xs read, stacked residuals, unknown xs).
  SmallVector<unsigned> groups[3]; // old argument indices per group
  SmallVector<Value> operands[3];
  unsigned nuc = count(ArrayRef<bool>(argU).take_front(nc));
  unsigned nuk = count(*carryU);
  unsigned stackedIndex = 0;
  for (auto [j, r, k] : llvm::zip(llvm::seq(0u, nr), residuals, kind)) {
    if (k == Hoisted) {
      groups[0].push_back(j);
      operands[0].push_back(ctx.residual(hoisted.lookupOrDefault(r)));
    }
  }
  for (auto [j, r, k] : llvm::zip(llvm::seq(0u, nr), residuals, kind)) {
    if (k == KnownXs) {
      groups[2].push_back(j);
      unsigned x = llvm::cast<BlockArgument>(r).getArgNumber();
      operands[2].push_back(ctx.residual(ctx.known(knownArgs[x])));
    }
  }
  for (auto [j, k] : llvm::zip(llvm::seq(0u, nr), kind)) {
    if (k == Stacked) {
      groups[2].push_back(j);
      operands[2].push_back(ctx.residual(stacked[stackedIndex++]));
    }
  }
  SmallVector<Value> unknownArgs = select(getArgs(), argU);
  for (auto [i, a] : llvm::enumerate(unknownArgs)) {
    unsigned g = i < nuc ? 0 : i < nuc + nuk ? 1 : 2;
    groups[g].push_back(nr + i);
    operands[g].push_back(ctx.unknown(a));
  }
  SmallVector<unsigned> order;
  SmallVector<Value> allOperands;
  for (unsigned g = 0; g < 3; ++g) {
    llvm::append_range(order, groups[g]);
    llvm::append_range(allOperands, operands[g]);
  }
  permuteArguments(ub, order);
  SmallVector<Type> types;
  appendFlaggedTypes(types, getResultTypes(), resultU);
  auto op = ScanOp::create(ctx.unknownBuilder(), getLoc(), types, allOperands,
                           getLength(), getReverse(), groups[0].size(), nuk,
                           getUnroll());
  op->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  op.getBody().takeBody(unknownBody);
  setResults(ctx, getResults(), resultU, /*unknown=*/true, op->getResults());
  return success();
}

LogicalResult ScanOp::transpose(TransposeContext &ctx) {
  unsigned nc = getNumConsts(), nk = getNumCarry();
  unsigned nx = getXs().size(), ny = getNumResults() - nk;
  ArrayRef<Value> operands = ctx.operands(), cts = ctx.cotangents();
  ArrayRef<Value> constOps = operands.take_front(nc),
                  xsOps = operands.drop_front(nc + nk);
  // Every carry is linear: a scan's carry either depends on a linear
  // input or was left on the known side by partial evaluation (JAX's
  // _scan_transpose makes the same assumption). Operands that are not
  // linear (consts and xs read by the step, residuals) stay so.
  SmallVector<bool> linearArgs, zeroCts(nk, false);
  for (Value v : constOps)
    linearArgs.push_back(!v);
  linearArgs.append(nk, true);
  for (Value v : xsOps)
    linearArgs.push_back(!v);
  for (Value c : cts.drop_front(nk))
    zeroCts.push_back(!c);
  SmallVector<bool> linConsts(ArrayRef<bool>(linearArgs).take_front(nc));
  SmallVector<bool> linXs(ArrayRef<bool>(linearArgs).drop_front(nc + nk));
  unsigned nlc = count(linConsts), nnc = nc - nlc;
  unsigned nlx = count(linXs), nnx = nx - nlx;

  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  // consts: the non-linear consts; carry: an accumulator per linear const,
  // then the carry's cotangent; xs: the non-linear xs, then the nonzero
  // cotangents of the ys.
  SmallVector<Value> newOperands = select(constOps, linConsts, false);
  SmallVector<Type> types;
  for (Value c : select(getConsts(), linConsts)) {
    newOperands.push_back(e.zerosLike(c));
    types.push_back(c.getType());
  }
  for (auto [c, init] : llvm::zip(cts.take_front(nk), getInits())) {
    newOperands.push_back(e.orZeros(c, init.getType()));
    types.push_back(init.getType());
  }
  llvm::append_range(newOperands, select(xsOps, linXs, false));
  for (Value c : cts.drop_front(nk))
    if (c)
      newOperands.push_back(c);
  for (Value x : select(getXs(), linXs))
    types.push_back(x.getType());
  auto op = ScanOp::create(b, getLoc(), types, newOperands, getLength(),
                           !getReverse(), nnc, nlc + nk, getUnroll());
  op->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  if (failed(ctx.transposeRegion(getBody(), op.getBody(), linearArgs,
                                 zeroCts)))
    return failure();

  // The transposed step takes (non-linear consts, non-linear xs, carry
  // cotangent, ys cotangents) and yields (linear consts', carry', linear
  // xs' cotangents): regroup it, and add each const's cotangent to its
  // accumulator.
  Block &body = op.getBody().front();
  eraseFlaggedArguments(body, nnc + nnx + nk,
                        ArrayRef<bool>(zeroCts).drop_front(nk));
  unsigned nyc = ny - count(ArrayRef<bool>(zeroCts).drop_front(nk));
  for (Value c : select(getConsts(), linConsts))
    body.addArgument(c.getType(), getLoc());
  permuteArguments(body, groupOrder({nnc, nnx, nk, nyc, nlc},
                                    {0, 4, 2, 1, 3}));
  Operation *yield = body.getTerminator();
  SmallVector<Value> outs(yield->getOperands());
  {
    OpBuilder yb(yield);
    Emitter ye(yb, getLoc());
    for (unsigned i = 0; i < nlc; ++i)
      outs[i] = ye.add(body.getArgument(nnc + i), outs[i]);
  }
  yield->setOperands(outs);

  ValueRange results = op->getResults();
  ValueRange constCts = results.take_front(nlc),
             carryCts = results.slice(nlc, nk),
             xsCts = results.drop_front(nlc + nk);
  SmallVectorImpl<Value> &out = ctx.results();
  appendTangents(out, linConsts, constCts);
  llvm::append_range(out, carryCts);
  appendTangents(out, linXs, xsCts);
  return success();
}

//===----------------------------------------------------------------------===//
// remat
//===----------------------------------------------------------------------===//

LogicalResult RematOp::jvp(JvpContext &ctx) {
  return jvpOfBranches(*this, ctx, /*numPrefix=*/0);
}

namespace {
/// Whether `policy` lets reverse mode save `v` (a value of a remat's body)
/// rather than recompute it.
bool saveable(StringRef policy, Value v) {
  if (policy == "everything_saveable")
    return true;
  auto dot = v.getDefiningOp<DotGeneralOp>();
  if (!dot)
    return false;
  if (policy == "dots_saveable" || policy == "checkpoint_dots")
    return true;
  if (policy == "dots_with_no_batch_dims_saveable")
    return dot.getLhsBatchingDimensions().empty();
  return false; // nothing_saveable
}
} // namespace

LogicalResult RematOp::partialEval(PartialEvalContext &ctx) {
  // The known part runs inline on the known side. The unknown side is a
  // remat marked `recompute` whose body first recomputes the residuals the
  // policy does not save, from the operands (and the saved values), then
  // runs the unknown part: so its transpose recomputes them too, in the
  // backward pass.
  SmallVector<bool> argU = unknownFlags(ctx, getArgs());
  if (!llvm::is_contained(argU, true))
    return ctx.defaultSplit(*this);
  OwningOpRef<Operation *> holder = regionHolder(*this, 2);
  SmallVector<bool> none(getNumResults(), false);
  auto split = ctx.splitRegion(getBody(), (*holder)->getRegion(0),
                               (*holder)->getRegion(1), argU, none);
  if (failed(split))
    return failure();
  Block &kb = (*holder)->getRegion(0).front(),
        &ub = (*holder)->getRegion(1).front();
  unsigned nr = split->numResiduals;
  Operation *kYield = kb.getTerminator();
  SmallVector<Value> residuals(kYield->getOperands().take_back(nr));
  SmallVector<Value> knownArgs = select(getArgs(), argU, false);

  IRMapping known;
  for (auto [a, v] : llvm::zip(kb.getArguments(), knownArgs))
    known.map(a, ctx.known(v));
  for (Operation &op : kb.without_terminator())
    ctx.knownBuilder().clone(op, known);
  for (auto [r, u, v] :
       llvm::zip(getResults(), split->unknownResults, kYield->getOperands()))
    if (!u)
      ctx.setKnown(r, known.lookupOrDefault(v));

  // What the recomputation needs: from each residual back, the values the
  // policy lets it save and the operands; the ops in between are
  // recomputed.
  llvm::SetVector<Value> saved;
  llvm::SetVector<unsigned> inputs; // kb argument numbers
  DenseSet<Operation *> recompute;
  SmallVector<Value> work(llvm::reverse(residuals));
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto a = llvm::dyn_cast<BlockArgument>(v)) {
      inputs.insert(a.getArgNumber());
    } else if (saveable(getPolicy(), v)) {
      saved.insert(v);
    } else {
      Operation *def = v.getDefiningOp();
      if (recompute.insert(def).second)
        llvm::append_range(work, def->getOperands());
    }
  }
  SmallVector<Value> savedList(saved.begin(), saved.end());

  SmallVector<Value> operands;
  for (Value r : savedList)
    operands.push_back(ctx.residual(known.lookup(r)));
  for (unsigned i : inputs)
    operands.push_back(ctx.unknown(knownArgs[i]));
  for (Value a : select(getArgs(), argU))
    operands.push_back(ctx.unknown(a));
  SmallVector<Type> types;
  appendFlaggedTypes(types, getResultTypes(), split->unknownResults);
  auto op = llvm::cast<RematOp>(
      createLike(ctx.unknownBuilder(), *this, operands, types));
  op.setRecompute(true);
  Block *body = new Block();
  op.getBody().push_back(body);
  IRMapping map;
  unsigned k = 0;
  for (Value r : savedList)
    map.map(r, body->addArgument(r.getType(), getLoc()));
  for (unsigned i : inputs)
    map.map(kb.getArgument(i),
            body->addArgument(kb.getArgument(i).getType(), getLoc()));
  OpBuilder b = OpBuilder::atBlockEnd(body);
  for (Operation &o : kb.without_terminator())
    if (recompute.contains(&o))
      b.clone(o, map);
  for (BlockArgument a : ub.getArguments()) {
    if (k < nr)
      map.map(a, map.lookup(residuals[k++]));
    else
      map.map(a, body->addArgument(a.getType(), a.getLoc()));
  }
  for (Operation &o : ub)
    b.clone(o, map);
  setResults(ctx, getResults(), split->unknownResults, /*unknown=*/true,
             op->getResults());
  return success();
}

LogicalResult RematOp::transpose(TransposeContext &ctx) {
  return transposeBranches(*this, ctx, /*numPrefix=*/0);
}

//===----------------------------------------------------------------------===//
// shard_map
//===----------------------------------------------------------------------===//

// The body is made explicit about VMA first (vma::inferShardMap inserts
// the invariant-to-varying casts), so that differentiating it op by op
// respects the duality JAX's typed avals give: the transpose of a pvary is
// a psum and that of a psum a pvary. A tangent or cotangent has its
// primal's spec.

namespace {
ArrayAttr specsOf(MLIRContext *ctx, ArrayRef<Attribute> specs) {
  return ArrayAttr::get(ctx, specs);
}

/// The spec of a residual: a new leading dimension split along every
/// manual axis, so that each device's value is kept whatever it varies
/// along.
Attribute residualSpec(ShardMapOp op, int64_t rank) {
  MLIRContext *ctx = op.getContext();
  SmallVector<Attribute> dims{op.getManualAxes()};
  for (int64_t i = 0; i < rank; ++i)
    dims.push_back(ArrayAttr::get(ctx, {}));
  return ArrayAttr::get(ctx, dims);
}

int64_t manualDevices(ShardMapOp op) {
  int64_t n = 1;
  for (Attribute a : op.getManualAxes())
    n *= op.axisSize(llvm::cast<StringAttr>(a).getValue());
  return n;
}

/// The operand specs and result specs of `op` with those of the values
/// flagged appended (tangents of operands, then of results).
void setSpecs(Operation *newOp, ArrayRef<Attribute> in,
              ArrayRef<Attribute> out) {
  auto sm = llvm::cast<ShardMapOp>(newOp);
  sm.setInSpecsAttr(specsOf(newOp->getContext(), in));
  sm.setOutSpecsAttr(specsOf(newOp->getContext(), out));
}
} // namespace

LogicalResult ShardMapOp::jvp(JvpContext &ctx) {
  if (failed(vma::inferShardMap(*this, /*setTypes=*/false)))
    return failure();
  if (failed(jvpOfBranches(*this, ctx, /*numPrefix=*/0)))
    return failure();
  SmallVectorImpl<Value> &out = ctx.results();
  Operation *jvp = nullptr;
  for (Value v : out)
    if (v && v.getDefiningOp() && v.getDefiningOp() != getOperation() &&
        llvm::isa<ShardMapOp>(v.getDefiningOp()))
      jvp = v.getDefiningOp();
  if (!jvp)
    return success(); // all tangents zero: the op itself stays
  SmallVector<Attribute> in(getInSpecs().getValue()),
      outSpecs(getOutSpecs().getValue());
  ArrayRef<Value> argTangents = ctx.tangents();
  for (auto [t, spec] : llvm::zip(argTangents, getInSpecs()))
    if (t)
      in.push_back(spec);
  for (auto [i, spec] : llvm::enumerate(getOutSpecs()))
    if (out[getNumResults() + i])
      outSpecs.push_back(spec);
  setSpecs(jvp, in, outSpecs);
  return success();
}

LogicalResult ShardMapOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands(), cts = ctx.cotangents();
  // What each result varies along in the linear body: a cotangent that
  // comes in varying along more (its out_spec splits along axes the result
  // does not vary along) is first summed over those, as JAX's transpose
  // of the implicit cast.
  SmallVector<vma::Mask> yieldMasks;
  if (failed(vma::inferShardMap(*this, /*setTypes=*/false, &yieldMasks)))
    return failure();
  vma::Inference inf(vma::manualAxes(*this));
  if (failed(transposeBranches(*this, ctx, /*numPrefix=*/0)))
    return failure();
  Operation *t = nullptr;
  for (Value v : ctx.results())
    if (v)
      t = v.getDefiningOp();
  if (!t)
    return success();
  SmallVector<Attribute> in, out;
  for (auto [v, spec] : llvm::zip(operands, getInSpecs()))
    if (v)
      in.push_back(spec);
    else
      out.push_back(spec);
  MLIRContext *mctx = getContext();
  Block &body = t->getRegion(0).front();
  unsigned nonLinear = in.size();
  unsigned k = 0;
  OpBuilder b = OpBuilder::atBlockBegin(&body);
  for (auto [i, c] : llvm::enumerate(cts)) {
    if (!c)
      continue;
    Attribute spec = getOutSpecs()[i];
    in.push_back(spec);
    vma::Mask split = inf.specMask(spec);
    BlockArgument arg = body.getArgument(nonLinear + k++);
    if (!getCheckVma()) {
      // Unchecked, every device's cotangent counts and the transposed
      // collectives sum them again: an output replicated along some axes
      // (its spec omits them) passes each device its share, as JAX does.
      int64_t n = 1;
      for (StringRef a : inf.namesOf(inf.maskOf(inf.axes()) & ~split))
        n *= axisSize(a);
      if (n > 1) {
        Emitter e(b, getLoc());
        Value share = e.div(arg, e.splat(arg.getType(), (double)n));
        arg.replaceAllUsesExcept(share, share.getDefiningOp());
      }
      continue;
    }
    vma::Mask extra = split & ~yieldMasks[i];
    if (!extra)
      continue;
    auto sum = AllReduceOp::create(b, getLoc(), arg.getType(), arg,
                                   ReduceKind::Sum, inf.namesAttr(mctx, extra),
                                   /*invariant=*/true);
    arg.replaceAllUsesExcept(sum, sum);
  }
  if (!getCheckVma()) {
    // Unchecked, nothing cast a replicated operand to varying, so nothing
    // summed its cotangent: the device's shares are summed here, over the
    // manual axes its spec omits (JAX's unchecked transpose).
    Operation *yield = body.getTerminator();
    OpBuilder yb(yield);
    for (auto [k, spec] : llvm::enumerate(out)) {
      vma::Mask omitted = inf.maskOf(inf.axes()) & ~inf.specMask(spec);
      if (!omitted)
        continue;
      Value v = yield->getOperand(k);
      yield->setOperand(k, AllReduceOp::create(yb, getLoc(), v.getType(), v,
                                               ReduceKind::Sum,
                                               inf.namesAttr(mctx, omitted),
                                               /*invariant=*/false));
    }
  }
  setSpecs(t, in, out);
  return success();
}

LogicalResult ShardMapOp::partialEval(PartialEvalContext &ctx) {
  SmallVector<bool> argU = unknownFlags(ctx, getArgs());
  if (!llvm::is_contained(argU, true))
    return ctx.defaultSplit(*this);
  if (failed(vma::inferShardMap(*this, /*setTypes=*/false)))
    return failure();
  OwningOpRef<Operation *> holder = regionHolder(*this, 2);
  SmallVector<bool> none(getNumResults(), false);
  auto split = ctx.splitRegion(getBody(), (*holder)->getRegion(0),
                               (*holder)->getRegion(1), argU, none);
  if (failed(split))
    return failure();
  unsigned nr = split->numResiduals;
  int64_t n = manualDevices(*this);
  Block &kb = (*holder)->getRegion(0).front(),
        &ub = (*holder)->getRegion(1).front();

  // Known side: the known operands; the known results, then each residual
  // with a leading dimension of one per device.
  Operation *kYield = kb.getTerminator();
  SmallVector<Attribute> kIn, kOut;
  SmallVector<Value> kArgs;
  for (auto [v, u, spec] : llvm::zip(getArgs(), argU, getInSpecs()))
    if (!u) {
      kArgs.push_back(ctx.known(v));
      kIn.push_back(spec);
    }
  SmallVector<Type> kTypes;
  for (auto [r, u, spec] :
       llvm::zip(getResults(), split->unknownResults, getOutSpecs()))
    if (!u) {
      kTypes.push_back(r.getType());
      kOut.push_back(spec);
    }
  {
    OpBuilder b = OpBuilder::atBlockTerminator(&kb);
    Emitter e(b, getLoc());
    unsigned first = kYield->getNumOperands() - nr;
    for (unsigned i = 0; i < nr; ++i) {
      Value r = kYield->getOperand(first + i);
      auto type = llvm::cast<RankedTensorType>(withoutVma(r.getType()));
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, type.getShape());
      kYield->setOperand(first + i, e.reshape(r, shape));
      SmallVector<int64_t> global{n};
      llvm::append_range(global, type.getShape());
      kTypes.push_back(RankedTensorType::get(global, type.getElementType()));
      kOut.push_back(residualSpec(*this, type.getRank()));
    }
  }
  Operation *known = createLike(ctx.knownBuilder(), *this, kArgs, kTypes);
  known->getRegion(0).takeBody((*holder)->getRegion(0));
  setSpecs(known, kIn, kOut);
  unsigned j = 0;
  for (auto [r, u] : llvm::zip(getResults(), split->unknownResults))
    if (!u)
      ctx.setKnown(r, known->getResult(j++));

  // Unknown side: the residuals, then the unknown operands.
  SmallVector<Attribute> uIn, uOut;
  SmallVector<Value> uArgs;
  for (unsigned i = 0; i < nr; ++i) {
    Value res = known->getResult(j + i);
    uArgs.push_back(ctx.residual(res));
    uIn.push_back(kOut[j + i]);
  }
  for (auto [v, u, spec] : llvm::zip(getArgs(), argU, getInSpecs()))
    if (u) {
      uArgs.push_back(ctx.unknown(v));
      uIn.push_back(spec);
    }
  SmallVector<Type> uTypes;
  for (auto [r, u, spec] :
       llvm::zip(getResults(), split->unknownResults, getOutSpecs()))
    if (u) {
      uTypes.push_back(r.getType());
      uOut.push_back(spec);
    }
  {
    // Residual arguments come in with their leading dimension of one.
    OpBuilder b = OpBuilder::atBlockBegin(&ub);
    Emitter e(b, getLoc());
    for (unsigned i = 0; i < nr; ++i) {
      BlockArgument a = ub.getArgument(i);
      auto type = llvm::cast<RankedTensorType>(a.getType());
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, type.getShape());
      a.setType(RankedTensorType::get(shape, type.getElementType()));
      Value squeezed = e.reshape(a, type.getShape());
      a.replaceAllUsesExcept(squeezed, squeezed.getDefiningOp());
    }
  }
  Operation *unknown = createLike(ctx.unknownBuilder(), *this, uArgs, uTypes);
  unknown->getRegion(0).takeBody((*holder)->getRegion(1));
  setSpecs(unknown, uIn, uOut);
  setResults(ctx, getResults(), split->unknownResults, /*unknown=*/true,
             unknown->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

// The regions are batched with the pass's own machinery
// (BatchContext::batchRegion), as JAX batches the closed jaxprs of its
// control-flow primitives. A branch or a remat body runs once: its
// arguments are mapped where their operands are. A loop body runs many
// times: every mapped value enters it along dimension 0 (a stacked operand,
// a scan's xs or a snapshot buffer, along 1, its slices along 0), so that
// the body's ops agree on the batch dimension and no step transposes what
// one transpose before the loop can. A loop carry is mapped if it is on
// entry or some step makes it so (the least fixed point over mappedYields,
// as in JAX's _scan_batching_rule and _while_loop_batching_rule).
//
// A mapped value cannot choose a branch or end a loop for the whole batch:
// a cond with a mapped index runs every branch and each member selects the
// results of its own (JAX's select_n), and a while with a mapped predicate
// runs while any member's holds, each member keeping its carry once its
// own predicate fails.

namespace {

using batching::batchedType;
using batching::materialize;

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

/// A loop's operand `v`, mapped along `d` (or not), entering the loop
/// along `to` if `mapped` (the carry analysis may map it where `d` does
/// not: it is then broadcast). `dim` receives its batch dimension.
Value intoLoop(Emitter &e, Value v, int64_t d, bool mapped, int64_t to,
               int64_t size, int64_t &dim) {
  dim = mapped ? to : kNotMapped;
  return mapped ? materialize(e, v, d, to, size) : v;
}

/// Which loop carries are mapped: the fixed point from `init` of one step
/// of `region`, which yields the carries first and whose arguments are
/// mapped as `argFlags(carries)` says.
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

/// Moves each value `region`'s terminator yields from dimension `have[i]`
/// to `want[i]` (broadcast along it if it is not mapped; kept if `want[i]`
/// is kNotMapped, which `have[i]` must be then).
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

/// `v` where `pred` (a scalar) holds, else v's stop_gradient: `v` as it
/// is for the forward pass, but reverse mode sends it no cotangent where
/// `pred` fails (not even a NaN times zero from a branch not taken).
Value guarded(Emitter &e, Value pred, Value v) {
  if (!Emitter::isDifferentiable(v.getType()))
    return v;
  return e.select(pred, v, StopGradientOp::create(e.b, e.loc, v.getType(), v));
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

/// while: a carry is mapped if it is on entry or the body makes it so. A
/// predicate that is not mapped ends the loop for the whole batch: a while
/// of the batched regions. A mapped one (JAX's _while_loop_batching_rule)
/// runs the loop while any member's predicate holds; each step computes
/// every member's predicate again, and a member whose predicate fails
/// keeps its carry: so every carry the body changes becomes mapped. The
/// body reads the mapped carries guarded by the predicate (see `guarded`),
/// so that reverse mode through the batched loop does not differentiate
/// the steps a member does not take. The step is written per member, as
/// a region the pass batches.
LogicalResult batchWhile(WhileOp op, BatchContext &ctx) {
  Location loc = op.getLoc();
  int64_t size = ctx.size();
  ArrayRef<int64_t> initDims = ctx.dims();
  auto same = [](ArrayRef<bool> in) { return SmallVector<bool>(in); };
  FailureOr<SmallVector<bool>> mapped =
      mappedCarries(op, ctx, op.getBody(), mappedFlags(initDims), same);
  if (failed(mapped))
    return failure();
  FailureOr<SmallVector<bool>> predMapped =
      ctx.mappedYields(op.getCond(), *mapped);
  if (failed(predMapped))
    return failure();
  bool perMember = (*predMapped)[0];

  // The step per member: (carries...) -> (next carries, or the same where
  // the predicate fails), the carries flagged in `guard` guarded.
  OwningOpRef<Operation *> holder = regionHolder(op, 2);
  auto buildStep = [&](Region &region, ArrayRef<bool> guard) {
    Block *step = new Block();
    region.push_back(step);
    for (Type t : op.getResultTypes())
      step->addArgument(t, loc);
    OpBuilder b = OpBuilder::atBlockEnd(step);
    Emitter e(b, loc);
    IRMapping condMap, bodyMap;
    condMap.map(op.getCond().front().getArguments(), step->getArguments());
    Value live = cloneBlockAt(b, op.getCond().front(), condMap)[0];
    for (auto [a, v, g] :
         llvm::zip(op.getBody().front().getArguments(), step->getArguments(),
                   guard))
      bodyMap.map(a, g ? guarded(e, live, v) : v);
    Block &body = op.getBody().front();
    SmallVector<Value> next = cloneBlockAt(b, body, bodyMap);
    Operation *yield = body.getTerminator();
    for (auto [i, v] : llvm::enumerate(next)) {
      Value old = step->getArgument(i);
      v = yield->getOperand(i) == body.getArgument(i) // passed through
              ? old
              : e.select(live, v, old);
    }
    YieldOp::create(b, loc, next);
  };
  Region *body = &op.getBody();
  if (perMember) {
    SmallVector<bool> none(op.getNumResults(), false);
    buildStep((*holder)->getRegion(0), none);
    mapped = mappedCarries(op, ctx, (*holder)->getRegion(0), *mapped, same);
    if (failed(mapped))
      return failure();
    buildStep((*holder)->getRegion(1), *mapped);
    body = &(*holder)->getRegion(1);
  }

  Emitter e(ctx.builder(), loc);
  SmallVector<int64_t> dims;
  SmallVector<Value> inits;
  for (auto [v, d, m] : llvm::zip(ctx.operands(), initDims, *mapped))
    inits.push_back(intoLoop(e, v, d, m, 0, size, dims.emplace_back()));
  auto loop = WhileOp::create(ctx.builder(), loc,
                              batchedTypes(op.getResultTypes(), dims, size),
                              inits);
  loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  SmallVector<int64_t> yielded;
  if (failed(ctx.batchRegion(op.getCond(), loop.getCond(), dims,
                             {perMember ? 0 : kNotMapped}, yielded)) ||
      failed(ctx.batchRegion(*body, loop.getBody(), dims, dims, yielded)))
    return failure();
  if (perMember) {
    // The loop goes on while any member's predicate holds.
    Operation *yield = loop.getCond().front().getTerminator();
    OpBuilder b(yield);
    Value any = ReduceOp::create(
        b, loc, RankedTensorType::get({}, b.getI1Type()), yield->getOperand(0),
        ReduceKind::Or, ArrayRef<int64_t>{0});
    yield->setOperands(any);
  }
  addResults(ctx, loop.getResults(), dims);
  return success();
}

/// scan: carries as a while's; mapped xs along 1, off the scan axis; a y
/// slice mapped along d stacks into ys mapped along d + 1.
LogicalResult batchScan(ScanOp op, BatchContext &ctx) {
  unsigned nc = op.getNumConsts(), nk = op.getNumCarry();
  int64_t size = ctx.size();
  ArrayRef<int64_t> opDims = ctx.dims();
  ArrayRef<Value> operands = ctx.operands();
  SmallVector<bool> flags = mappedFlags(opDims);
  FailureOr<SmallVector<bool>> mapped = mappedCarries(
      op, ctx, op.getBody(), ArrayRef<bool>(flags).slice(nc, nk),
      [&](ArrayRef<bool> carry) {
        SmallVector<bool> f(flags);
        llvm::copy(carry, f.begin() + nc);
        return f;
      });
  if (failed(mapped))
    return failure();

  Emitter e(ctx.builder(), op.getLoc());
  SmallVector<Value> newOperands;
  SmallVector<int64_t> argDims;
  for (auto [i, v] : llvm::enumerate(operands)) {
    bool isCarry = i >= nc && i < nc + nk, isXs = i >= nc + nk;
    bool m = isCarry ? (*mapped)[i - nc] : opDims[i] != kNotMapped;
    int64_t d;
    newOperands.push_back(intoLoop(e, v, opDims[i], m, isXs ? 1 : 0, size, d));
    argDims.push_back(isXs && m ? 0 : d); // an xs slice along 0
  }
  SmallVector<int64_t> carryDims(ArrayRef<int64_t>(argDims).slice(nc, nk));
  OwningOpRef<Operation *> holder = regionHolder(op, 1);
  SmallVector<int64_t> yielded;
  if (failed(ctx.batchRegion(op.getBody(), (*holder)->getRegion(0), argDims,
                             {}, yielded)))
    return failure();
  SmallVector<int64_t> want(carryDims), resultDims(carryDims);
  for (int64_t d : ArrayRef<int64_t>(yielded).drop_front(nk)) {
    want.push_back(d);
    resultDims.push_back(d == kNotMapped ? kNotMapped : d + 1);
  }
  Operation *batched = createLike(
      ctx.builder(), op, newOperands,
      batchedTypes(op.getResultTypes(), resultDims, size));
  batched->getRegion(0).takeBody((*holder)->getRegion(0));
  if (failed(yieldAt(batched->getRegion(0), yielded, want, size)))
    return failure();
  addResults(ctx, batched->getResults(), resultDims);
  return success();
}

/// remat: the batched body, its results mapped where it yields them.
LogicalResult batchRemat(RematOp op, BatchContext &ctx) {
  OwningOpRef<Operation *> holder = regionHolder(op, 1);
  SmallVector<int64_t> yielded;
  if (failed(ctx.batchRegion(op.getBody(), (*holder)->getRegion(0),
                             ctx.dims(), {}, yielded)))
    return failure();
  Operation *batched = createLike(
      ctx.builder(), op, ctx.operands(),
      batchedTypes(op.getResultTypes(), yielded, ctx.size()));
  batched->getRegion(0).takeBody((*holder)->getRegion(0));
  addResults(ctx, batched->getResults(), yielded);
  return success();
}

/// linear_loop: its trip count and stride must be the same for every
/// member. The primal carries reach a fixed point over the step, then the
/// linear carries over the linear step, as a while's; a snapshot buffer is
/// mapped if its primal carry is.
LogicalResult batchLinearLoop(LinearLoopOp op, BatchContext &ctx) {
  ArrayRef<int64_t> dims = ctx.dims();
  if (dims[0] != kNotMapped || dims[1] != kNotMapped)
    return emitKindOpError(op, ErrorKind::NotImplemented)
           << "cannot be batched with a trip count that differs across the "
              "batch: vmap of the reverse-mode derivative of a while loop "
              "whose number of steps depends on the mapped inputs is not "
              "implemented yet";
  unsigned np = op.getNumPrimal(), ni = op.getNumInvariant();
  int64_t size = ctx.size();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<int64_t> snapDims = dims.slice(2, np),
                    invDims = dims.slice(2 + np, ni),
                    initDims = dims.drop_front(2 + np + ni);
  SmallVector<bool> invFlags = mappedFlags(invDims);
  auto withInvariants = [&](ArrayRef<bool> primal) {
    SmallVector<bool> f(primal);
    llvm::append_range(f, invFlags);
    return f;
  };
  FailureOr<SmallVector<bool>> primal = mappedCarries(
      op, ctx, op.getStep(), mappedFlags(snapDims), withInvariants);
  if (failed(primal))
    return failure();
  SmallVector<bool> stepFlags = withInvariants(*primal);
  FailureOr<SmallVector<bool>> linear = mappedCarries(
      op, ctx, op.getLinear(), mappedFlags(initDims),
      [&](ArrayRef<bool> carry) {
        SmallVector<bool> f(stepFlags);
        llvm::append_range(f, carry);
        return f;
      });
  if (failed(linear))
    return failure();

  Emitter e(ctx.builder(), op.getLoc());
  SmallVector<Value> newOperands(operands.take_front(2));
  // Snapshot buffers along 1 (their slots along 0), the rest along 0.
  SmallVector<int64_t> primalDims, stepDims, carryDims;
  for (auto [v, d, m] : llvm::zip(operands.slice(2, np), snapDims, *primal)) {
    int64_t buf;
    newOperands.push_back(intoLoop(e, v, d, m, 1, size, buf));
    primalDims.push_back(m ? 0 : kNotMapped);
  }
  stepDims = primalDims;
  for (auto [v, d] : llvm::zip(operands.slice(2 + np, ni), invDims))
    newOperands.push_back(
        intoLoop(e, v, d, d != kNotMapped, 0, size, stepDims.emplace_back()));
  for (auto [v, d, m] :
       llvm::zip(operands.drop_front(2 + np + ni), initDims, *linear))
    newOperands.push_back(
        intoLoop(e, v, d, m, 0, size, carryDims.emplace_back()));
  SmallVector<int64_t> linearDims(stepDims);
  llvm::append_range(linearDims, carryDims);
  Operation *loop = createLike(
      ctx.builder(), op, newOperands,
      batchedTypes(op.getResultTypes(), carryDims, size));
  SmallVector<int64_t> yielded;
  if (failed(ctx.batchRegion(op.getStep(), loop->getRegion(0), stepDims,
                             primalDims, yielded)) ||
      failed(ctx.batchRegion(op.getLinear(), loop->getRegion(1), linearDims,
                             carryDims, yielded)))
    return failure();
  addResults(ctx, loop->getResults(), carryDims);
  return success();
}

} // namespace

namespace {
/// shard_map: the batch dimension of every mapped operand goes first and
/// is not split (its spec gets an empty entry in front); the body is
/// batched along it and every result is mapped there too.
LogicalResult batchShardMap(ShardMapOp op, BatchContext &ctx) {
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  MLIRContext *mctx = op.getContext();
  Attribute none = ArrayAttr::get(mctx, {});
  SmallVector<Value> operands;
  SmallVector<int64_t> argDims;
  SmallVector<Attribute> in, out;
  for (auto [v, d, spec] : llvm::zip(ctx.operands(), ctx.dims(),
                                     op.getInSpecs())) {
    if (d == kNotMapped) {
      operands.push_back(v);
      argDims.push_back(kNotMapped);
      in.push_back(spec);
      continue;
    }
    operands.push_back(batching::moveDim(e, v, d, 0));
    argDims.push_back(0);
    SmallVector<Attribute> dims{none};
    llvm::append_range(dims, llvm::cast<ArrayAttr>(spec).getValue());
    in.push_back(ArrayAttr::get(mctx, dims));
  }
  for (Attribute spec : op.getOutSpecs()) {
    SmallVector<Attribute> dims{none};
    llvm::append_range(dims, llvm::cast<ArrayAttr>(spec).getValue());
    out.push_back(ArrayAttr::get(mctx, dims));
  }
  OwningOpRef<Operation *> holder = regionHolder(op, 1);
  SmallVector<int64_t> yieldDims(op.getNumResults(), 0), yielded;
  if (failed(ctx.batchRegion(op.getBody(), (*holder)->getRegion(0), argDims,
                             yieldDims, yielded)))
    return failure();
  SmallVector<Type> types;
  for (Type t : op.getResultTypes())
    types.push_back(batchedType(t, 0, ctx.size()));
  Operation *batched = createLike(b, op, operands, types);
  batched->getRegion(0).takeBody((*holder)->getRegion(0));
  auto sm = llvm::cast<ShardMapOp>(batched);
  sm.setInSpecsAttr(ArrayAttr::get(mctx, in));
  sm.setOutSpecsAttr(ArrayAttr::get(mctx, out));
  for (Value r : batched->getResults())
    ctx.addResult(r, 0);
  return success();
}
} // namespace

void batching::attachControlFlowBatchRules(MLIRContext *ctx) {
  attach<typed<ShardMapOp, batchShardMap>, ShardMapOp>(ctx);
  attach<typed<CondOp, batchCond>, CondOp>(ctx);
  attach<typed<WhileOp, batchWhile>, WhileOp>(ctx);
  attach<typed<ScanOp, batchScan>, ScanOp>(ctx);
  attach<typed<RematOp, batchRemat>, RematOp>(ctx);
  attach<typed<LinearLoopOp, batchLinearLoop>, LinearLoopOp>(ctx);
}
