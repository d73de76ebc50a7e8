//===- ScanRules.cpp - rules of jxp.scan ------------------------*- C++ -*-===//
//
// lax.scan, after JAX's _scan_jvp, _scan_partial_eval and
// _scan_transpose: residuals are stacked along the scan axis, except those
// the step reads unchanged, which are passed as they are; the transpose is
// a scan in the other direction whose carry is the carry's cotangent plus
// accumulators for the linear consts. Batching: carries as a while's,
// mapped xs along 1. Tests: test/lit/Transforms/jxp-*/control_flow.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/ControlFlow/ControlFlowRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::controlflow;
using namespace mlir::jxp::batching;

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
// Batching
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

void controlflow::attachScanBatchRules(MLIRContext *ctx) {
  attach<typed<ScanOp, batchScan>, ScanOp>(ctx);
}
