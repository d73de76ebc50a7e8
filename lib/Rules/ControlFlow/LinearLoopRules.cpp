//===- LinearLoopRules.cpp - rules of jxp.linear_loop -----------*- C++ -*-===//
//
// The linear part of a while loop that partial evaluation splits
// (WhileRules.cpp): its forward mode (a Hessian through a while loop), its
// split and its transpose (the same loop run backwards over the
// snapshots). Batching: trip count and stride must be the same for every
// member. Tests: test/lit/Transforms/jxp-*/control_flow.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/ControlFlow/ControlFlowRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::controlflow;
using namespace mlir::jxp::batching;

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
// Batching
//===----------------------------------------------------------------------===//

namespace {
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

void controlflow::attachLinearLoopBatchRules(MLIRContext *ctx) {
  attach<typed<LinearLoopOp, batchLinearLoop>, LinearLoopOp>(ctx);
}
