//===- RematRules.cpp - rules of jxp.remat ----------------------*- C++ -*-===//
//
// jax.checkpoint. Its body is differentiated and transposed as a
// one-branch cond; partial evaluation is JAX's remat partial eval: the
// known part inline, the unknown part a remat that first recomputes what
// its policy does not let partial evaluation save. Batching: the batched
// body. Tests: test/lit/Transforms/jxp-*/control_flow.mlir,
// test/lit/Transforms/jxp-infer-vma/remat.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/ControlFlow/ControlFlowRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::controlflow;
using namespace mlir::jxp::batching;

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
// Batching
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

void controlflow::attachRematBatchRules(MLIRContext *ctx) {
  attach<typed<RematOp, batchRemat>, RematOp>(ctx);
}
