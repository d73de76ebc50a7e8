//===- BatchRules.cpp - the batching rules' shared helpers ------*- C++ -*-===//
//
// The definitions of the helpers BatchRules.h declares, and
// attachBatchRules, which attaches every family's batching rules and checks
// that every op has one.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

RankedTensorType batching::batchedType(Type t, int64_t dim, int64_t size) {
  auto tensor = llvm::cast<RankedTensorType>(t);
  if (dim == kNotMapped)
    return tensor;
  SmallVector<int64_t> shape(tensor.getShape());
  shape.insert(shape.begin() + dim, size);
  return tensor.clone(shape);
}

SmallVector<int64_t> batching::shifted(ArrayRef<int64_t> dims, int64_t bdim) {
  SmallVector<int64_t> out;
  for (int64_t d : dims)
    out.push_back(at(d, bdim));
  return out;
}

SmallVector<int64_t> batching::insertAt(ArrayRef<int64_t> list, int64_t pos,
                                        int64_t value) {
  SmallVector<int64_t> out(list);
  out.insert(out.begin() + pos, value);
  return out;
}

int64_t batching::firstMapped(ArrayRef<int64_t> dims) {
  for (int64_t d : dims)
    if (d != kNotMapped)
      return d;
  return kNotMapped;
}

Value batching::moveDim(Emitter &e, Value v, int64_t from, int64_t to) {
  if (from == to)
    return v;
  int64_t rank = Emitter::typeOf(v).getRank();
  SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != from)
      perm.push_back(d);
  perm.insert(perm.begin() + to, from);
  return e.transpose(v, perm);
}

Value batching::materialize(Emitter &e, Value v, int64_t from, int64_t to,
                            int64_t size) {
  if (from != kNotMapped)
    return moveDim(e, v, from, to);
  auto type = Emitter::typeOf(v);
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    dims.push_back(at(d, to));
  return e.broadcastInDim(v, batchedType(type, to, size), dims);
}

Value batching::sumOut(Emitter &e, Value v, int64_t from) {
  return from == kNotMapped ? v : e.reduceSum(v, {from});
}

Operation *batching::rebuildMapped(Operation *op, BatchContext &ctx,
                                   ValueRange operands, int64_t dim) {
  SmallVector<Type> types;
  for (Type t : op->getResultTypes())
    types.push_back(batchedType(t, dim, ctx.size()));
  Operation *batched = createLike(ctx.builder(), op, operands, types);
  for (Value r : batched->getResults())
    ctx.addResult(r, dim);
  return batched;
}

LogicalResult batching::batchElementwise(Operation *op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op->getLoc());
  // The rank of the op's full-shaped operands (the widest): scalars among
  // narrower operands are ones the op broadcasts itself.
  int64_t rank = 0;
  for (Value v : op->getOperands())
    rank = std::max(rank, Emitter::typeOf(v).getRank());
  bool sameRankResults = llvm::all_of(op->getResultTypes(), [&](Type t) {
    return llvm::cast<RankedTensorType>(t).getRank() == rank;
  });
  int64_t dim = kNotMapped;
  for (auto [v, d] : llvm::zip(op->getOperands(), ctx.dims()))
    if (d != kNotMapped && Emitter::typeOf(v).getRank() == rank) {
      dim = d;
      break;
    }
  // (bitcast_convert changes the trailing dimension: keep the batch first.)
  if (dim == kNotMapped || !sameRankResults)
    dim = 0;
  SmallVector<Value> operands;
  for (auto [orig, v, d] :
       llvm::zip(op->getOperands(), ctx.operands(), ctx.dims())) {
    auto type = Emitter::typeOf(orig);
    if (type.getRank() == rank) {
      operands.push_back(materialize(e, v, d, dim, ctx.size()));
    } else if (d == kNotMapped) {
      operands.push_back(v); // a scalar the op broadcasts
    } else {
      // A mapped scalar: one per example, spread over the full shape.
      SmallVector<int64_t> shape(rank, 0);
      for (Value w : op->getOperands())
        if (Emitter::typeOf(w).getRank() == rank)
          shape = llvm::to_vector(Emitter::typeOf(w).getShape());
      auto full = batchedType(type.clone(shape), dim, ctx.size());
      operands.push_back(e.broadcastInDim(v, full, {dim}));
    }
  }
  rebuildMapped(op, ctx, operands, dim);
  return success();
}

LogicalResult batching::batchLeading(Operation *op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op->getLoc());
  SmallVector<Value> operands;
  for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims()))
    operands.push_back(materialize(e, v, d, 0, ctx.size()));
  rebuildMapped(op, ctx, operands, 0);
  return success();
}

void mlir::jxp::attachBatchRules(MLIRContext *ctx) {
  attachElementwiseBatchRules(ctx);
  attachShapeBatchRules(ctx);
  attachIndexingBatchRules(ctx);
  attachReductionBatchRules(ctx);
  attachLinalgBatchRules(ctx);
  attachSignalBatchRules(ctx);
  attachRandomBatchRules(ctx);
  attachControlFlowBatchRules(ctx);
  attachCollectivesBatchRules(ctx);
  attachADBatchRules(ctx);
  // Every op has a rule, as every op has a JVP rule (which JxpDialect.cpp
  // checks when it is compiled): external models can only be checked once
  // attached, so a missing one stops the first program that loads jxp.
  for (RegisteredOperationName name : ctx->getRegisteredOperations()) {
    if (name.getDialectNamespace() != "jxp" || name.hasInterface<BatchRule>() ||
        name.hasInterface<TransformOp>() || name.getStringRef() == "jxp.yield")
      continue;
    llvm::report_fatal_error(llvm::Twine("jxp op '") + name.getStringRef() +
                             "' has no batching rule: attach one in its "
                             "rules file (lib/Rules)");
  }
}
