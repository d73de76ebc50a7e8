//===- CollectiveRules.cpp - rules of the collective ops --------*- C++ -*-===//
//
// Collectives over a vmap's axis become array ops along the batch
// dimension (JAX's batching rules for psum, pmax, all_gather, ppermute,
// axis_index): a reduction over it gives a value every member shares, so
// not mapped; a gather moves the batch dimension into the value; a
// permutation reorders the batch. Over other axes they stay collectives,
// applied to each member's batch. Their derivatives are JAX's: psum and
// ppermute are linear (ppermute transposes to the inverse permutation),
// all_gather transposes to a sum over the axes of each member's part.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

namespace {

/// `axes` without `name`.
ArrayAttr without(ArrayAttr axes, StringAttr name) {
  SmallVector<Attribute> rest;
  for (Attribute a : axes)
    if (a != name)
      rest.push_back(a);
  return ArrayAttr::get(axes.getContext(), rest);
}

bool names(ArrayAttr axes, StringAttr name) {
  return name && llvm::is_contained(axes.getValue(), name);
}

/// A collective over other axes: the same op on each member's batch,
/// which leaves the batch dimension where it is.
LogicalResult sameOpPerMember(Operation *op, BatchContext &ctx) {
  rebuildMapped(op, ctx, ctx.operands(),
                ctx.dims().empty() ? kNotMapped : ctx.dims()[0]);
  return success();
}

LogicalResult batchAllReduce(AllReduceOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  Emitter e(ctx.builder(), op.getLoc());
  Value x = ctx.operands()[0];
  int64_t d = ctx.dims()[0];
  Value r;
  if (d != kNotMapped) {
    r = ReduceOp::create(ctx.builder(), op.getLoc(), op.getType(), x,
                         op.getKind(), ArrayRef<int64_t>{d});
  } else if (op.getKind() == ReduceKind::Sum) {
    r = e.mul(x, e.splat(x.getType(), (double)ctx.size()));
  } else {
    r = x; // the max or min of equal values
  }
  ArrayAttr rest = without(op.getAxes(), ctx.axisName());
  if (!rest.empty())
    r = AllReduceOp::create(ctx.builder(), op.getLoc(), op.getType(), r,
                            op.getKind(), rest, op.getInvariant());
  ctx.addResult(r, kNotMapped);
  return success();
}

LogicalResult batchAllGather(AllGatherOp op, BatchContext &ctx) {
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  Value x = ctx.operands()[0];
  int64_t d = ctx.dims()[0];
  if (!names(op.getAxes(), ctx.axisName())) {
    // Per member, with the batch first and the gathered axis after it.
    Value front = moveDim(e, x, d, 0);
    auto gathered = AllGatherOp::create(
        b, op.getLoc(), batchedType(op.getType(), 0, ctx.size()), front,
        op.getAxes(), op.getAxis() + 1, op.getTiled());
    ctx.addResult(gathered, 0);
    return success();
  }
  if (op.getAxes().size() != 1)
    return op.emitOpError("gathers over the vmap axis '")
           << ctx.axisName().getValue()
           << "' together with other axes, which batching does not support";
  // Every member gets the whole batch: the batch dimension, at `axis`.
  int64_t axis = op.getAxis();
  if (op.getTiled()) {
    int64_t want = ctx.size() * op.getOperand().getType().getDimSize(axis);
    if (op.getType().getDimSize(axis) != want)
      return op.emitOpError("tiled result dimension ")
             << axis << " must be " << want << " for an axis of size "
             << ctx.size() << ", got " << op.getType().getDimSize(axis);
  }
  Value stacked = materialize(e, x, d, axis, ctx.size());
  if (op.getTiled())
    stacked = e.reshape(stacked, op.getType().getShape());
  ctx.addResult(stacked, kNotMapped);
  return success();
}

LogicalResult batchPpermute(PpermuteOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  if (op.getAxes().size() != 1)
    return op.emitOpError("permutes over the vmap axis '")
           << ctx.axisName().getValue()
           << "' together with other axes, which batching does not support";
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  int64_t n = ctx.size();
  Value x = materialize(e, ctx.operands()[0], ctx.dims()[0], 0, n);
  ArrayRef<int64_t> perm = op.getPerm();
  SmallVector<int64_t> source(n, -1);
  for (size_t i = 0; i < perm.size(); i += 2) {
    if (perm[i] >= n || perm[i + 1] >= n)
      return op.emitOpError("permutes index ")
             << std::max(perm[i], perm[i + 1]) << " of an axis of size " << n;
    source[perm[i + 1]] = perm[i];
  }
  // Member j's value is member source[j]'s (zeros if none sends to j).
  auto type = Emitter::typeOf(x);
  SmallVector<int64_t> one(type.getShape());
  if (n == 0) {
    ctx.addResult(x, 0);
    return success();
  }
  one[0] = 1;
  SmallVector<Value> pieces;
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      strides(type.getRank(), 1);
  for (int64_t j = 0; j < n; ++j) {
    if (source[j] < 0) {
      pieces.push_back(e.zeros(type.clone(one)));
      continue;
    }
    start[0] = source[j];
    limit[0] = source[j] + 1;
    pieces.push_back(e.slice(x, start, limit, strides));
  }
  Value y = pieces.size() == 1
                ? pieces[0]
                : (Value)ConcatenateOp::create(b, op.getLoc(), type, pieces, 0);
  ctx.addResult(y, 0);
  return success();
}

LogicalResult batchAxisIndex(AxisIndexOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  if (op.getAxes().size() != 1)
    return op.emitOpError("indexes the vmap axis '")
           << ctx.axisName().getValue()
           << "' together with other axes, which batching does not support";
  Emitter e(ctx.builder(), op.getLoc());
  ctx.addResult(e.iota(batchedType(op.getType(), 0, ctx.size()), 0), 0);
  return success();
}

/// pvary over the vmap's axis: every member's value is its own already.
LogicalResult batchPvary(PvaryOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  ArrayAttr rest = without(op.getAxes(), ctx.axisName());
  Value x = ctx.operands()[0];
  if (!rest.empty())
    x = PvaryOp::create(ctx.builder(), op.getLoc(), x.getType(), x, rest);
  ctx.addResult(x, ctx.dims()[0]);
  return success();
}

/// psum_scatter and all_to_all over other axes: the same op on each
/// member's batch, the batch first, their dimensions after it.
template <typename Op>
LogicalResult batchBlockCollectivePerMember(Op op, BatchContext &ctx) {
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  Value front = moveDim(e, ctx.operands()[0], ctx.dims()[0], 0);
  auto type = batchedType(op.getType(), 0, ctx.size());
  Value r;
  if constexpr (std::is_same_v<Op, PsumScatterOp>)
    r = PsumScatterOp::create(b, op.getLoc(), type, front, op.getAxes(),
                              op.getDimension() + 1);
  else
    r = AllToAllOp::create(b, op.getLoc(), type, front, op.getAxes(),
                           op.getSplitAxis() + 1, op.getConcatAxis() + 1);
  ctx.addResult(r, 0);
  return success();
}

template <typename Op>
LogicalResult onlyTheVmapAxis(Op op, BatchContext &ctx, StringRef what) {
  if (op.getAxes().size() == 1)
    return success();
  return op.emitOpError(what)
         << " over the vmap axis '" << ctx.axisName().getValue()
         << "' together with other axes, which batching does not support";
}

/// psum_scatter over the vmap's axis: the sum over the batch, whose
/// scattered dimension splits into (member, block), the member becoming
/// the batch dimension.
LogicalResult batchPsumScatter(PsumScatterOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return batchBlockCollectivePerMember(op, ctx);
  if (failed(onlyTheVmapAxis(op, ctx, "scatters")))
    return failure();
  Emitter e(ctx.builder(), op.getLoc());
  Value x = ctx.operands()[0];
  int64_t d = ctx.dims()[0], n = ctx.size(), dim = op.getDimension();
  Value sum = d == kNotMapped ? e.mul(x, e.splat(x.getType(), (double)n))
                              : e.reduceSum(x, {d});
  auto in = Emitter::typeOf(sum);
  SmallVector<int64_t> shape(in.getShape().take_front(dim));
  shape.push_back(n);
  shape.push_back(n ? in.getDimSize(dim) / n : 0);
  llvm::append_range(shape, in.getShape().drop_front(dim + 1));
  ctx.addResult(e.reshape(sum, shape), dim);
  return success();
}

/// all_to_all over the vmap's axis: with the batch (the sending member j)
/// first and the split dimension split into (receiving member k, block),
/// k becomes the batch and j goes in front of the concat dimension.
LogicalResult batchAllToAll(AllToAllOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return batchBlockCollectivePerMember(op, ctx);
  if (failed(onlyTheVmapAxis(op, ctx, "exchanges blocks")))
    return failure();
  Emitter e(ctx.builder(), op.getLoc());
  int64_t n = ctx.size(), s = op.getSplitAxis(), c = op.getConcatAxis();
  Value x = materialize(e, ctx.operands()[0], ctx.dims()[0], 0, n);
  ArrayRef<int64_t> p = Emitter::typeOf(x).getShape().drop_front();
  int64_t rank = p.size(), blk = n ? p[s] / n : 0;
  // A = [j] + p[:s] + [k, blk] + p[s+1:]
  SmallVector<int64_t> a{n};
  llvm::append_range(a, p.take_front(s));
  a.push_back(n);
  a.push_back(blk);
  llvm::append_range(a, p.drop_front(s + 1));
  Value split = e.reshape(x, a);
  auto pos = [&](int64_t t) { return t < s ? 1 + t : t + 2; };
  SmallVector<int64_t> perm{1 + s}, shape{n};
  for (int64_t t = 0; t < rank; ++t) {
    if (t == s && t == c) {
      perm.append({0, 2 + s});
      shape.push_back(n * blk);
    } else if (t == s) {
      perm.push_back(2 + s);
      shape.push_back(blk);
    } else if (t == c) {
      perm.append({0, pos(t)});
      shape.push_back(n * p[t]);
    } else {
      perm.push_back(pos(t));
      shape.push_back(p[t]);
    }
  }
  ctx.addResult(e.reshape(e.transpose(split, perm), shape), 0);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Derivatives
//===----------------------------------------------------------------------===//

LogicalResult AllReduceOp::jvp(JvpContext &ctx) {
  Value t = ctx.tangents()[0];
  if (!t || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, ctx.results());
  if (getKind() != ReduceKind::Sum)
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Differentiation rule for 'p"
           << stringifyReduceKind(getKind()) << "' not implemented";
  ctx.results().push_back(AllReduceOp::create(ctx.builder(), getLoc(),
                                              getType(), t, getKind(),
                                              getAxes(), getInvariant()));
  return success();
}

LogicalResult AllReduceOp::transpose(TransposeContext &ctx) {
  if (getKind() != ReduceKind::Sum)
    return notLinear(*this, 0);
  Value ct = ctx.cotangents()[0];
  if (!ct) {
    ctx.results().push_back(Value());
    return success();
  }
  // Over mesh axes the result is one value for the group: its cotangent
  // reaches every member as is (a pvary). Over a vmap's axes each member's
  // copy of the sum counts, so the cotangents are summed.
  OpBuilder &b = ctx.builder();
  Type type = withoutVma(getOperand().getType());
  ctx.results().push_back(
      getInvariant()
          ? (Value)PvaryOp::create(b, getLoc(), type, ct, getAxes())
          : (Value)AllReduceOp::create(b, getLoc(), type, ct,
                                       ReduceKind::Sum, getAxes()));
  return success();
}

LogicalResult PvaryOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? (Value)AllReduceOp::create(ctx.builder(), getLoc(),
                                      withoutVma(getOperand().getType()), ct,
                                      ReduceKind::Sum, getAxes(),
                                      /*invariant=*/true)
         : Value());
  return success();
}

LogicalResult PsumScatterOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? (Value)AllGatherOp::create(ctx.builder(), getLoc(),
                                      withoutVma(getOperand().getType()), ct,
                                      getAxes(), getDimension(),
                                      /*tiled=*/true)
         : Value());
  return success();
}

LogicalResult AllToAllOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? (Value)AllToAllOp::create(ctx.builder(), getLoc(),
                                     withoutVma(getOperand().getType()), ct,
                                     getAxes(), getConcatAxis(),
                                     getSplitAxis())
         : Value());
  return success();
}

LogicalResult PpermuteOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  SmallVector<int64_t> inverse;
  ArrayRef<int64_t> perm = getPerm();
  for (size_t i = 0; i < perm.size(); i += 2) {
    inverse.push_back(perm[i + 1]);
    inverse.push_back(perm[i]);
  }
  ctx.results().push_back(ct ? (Value)PpermuteOp::create(ctx.builder(),
                                                         getLoc(), getType(),
                                                         ct, getAxes(), inverse)
                             : Value());
  return success();
}

/// Each member's part of the summed cotangent of the gathered value.
LogicalResult AllGatherOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  if (!ct) {
    ctx.results().push_back(Value());
    return success();
  }
  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  Value sum = AllReduceOp::create(b, getLoc(), getType(), ct, ReduceKind::Sum,
                                  getAxes(), /*invariant=*/false);
  Value index = AxisIndexOp::create(
      b, getLoc(), RankedTensorType::get({}, b.getI32Type()), getAxes());
  int64_t axis = getAxis();
  int64_t chunk = getTiled() ? in.getDimSize(axis) : 1;
  Value zero = e.splat(index.getType(), 0);
  SmallVector<Value> starts(getType().getRank(), zero);
  starts[axis] = e.mul(index, e.splat(index.getType(), (double)chunk));
  SmallVector<int64_t> sizes(getType().getShape());
  sizes[axis] = chunk;
  Value part = DynamicSliceOp::create(b, getLoc(), getType().clone(sizes), sum,
                                      starts, sizes);
  ctx.results().push_back(e.reshape(part, in.getShape()));
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

void batching::attachCollectiveBatchRules(MLIRContext *ctx) {
  attach<typed<AllReduceOp, batchAllReduce>, AllReduceOp>(ctx);
  attach<typed<AllGatherOp, batchAllGather>, AllGatherOp>(ctx);
  attach<typed<PpermuteOp, batchPpermute>, PpermuteOp>(ctx);
  attach<typed<AxisIndexOp, batchAxisIndex>, AxisIndexOp>(ctx);
  attach<typed<PvaryOp, batchPvary>, PvaryOp>(ctx);
  attach<typed<PsumScatterOp, batchPsumScatter>, PsumScatterOp>(ctx);
  attach<typed<AllToAllOp, batchAllToAll>, AllToAllOp>(ctx);
}
