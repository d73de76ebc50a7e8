//===- WhileRules.cpp - rules of jxp.while ----------------------*- C++ -*-===//
//
// lax.while_loop. Forward mode differentiates the body over the carries
// whose tangent can be nonzero (a fixed point). Its trip count is known
// only at run time, so partial evaluation cannot stack residuals: the known
// side counts the steps and keeps snapshots of the primal carry, and the
// unknown side is a jxp.linear_loop that recomputes the primal carries from
// them (beyond JAX, which cannot differentiate a while loop in reverse
// mode); a while itself is never transposed. Batching: JAX's
// _while_loop_batching_rule. Tests: test/lit/Transforms/jxp-*/control_flow.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/ControlFlow/ControlFlowRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::controlflow;
using namespace mlir::jxp::batching;

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
// Batching
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

void controlflow::attachWhileBatchRules(MLIRContext *ctx) {
  attach<typed<WhileOp, batchWhile>, WhileOp>(ctx);
}
