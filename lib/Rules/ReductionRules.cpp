//===- ReductionRules.cpp - AD rules of reductions and scans ----*- C++ -*-===//

#include "Rules/RuleBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// The operand dimensions a reduction keeps.
SmallVector<int64_t> keptDims(int64_t rank, ArrayRef<int64_t> reduced) {
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(reduced, d))
      kept.push_back(d);
  return kept;
}

/// For each element, the product of all the others along the last
/// dimension: exclusive prefix times exclusive suffix products, so zeros
/// in the operand need no division.
Value productOfOthers(Emitter &e, Value x) {
  auto type = Emitter::typeOf(x);
  int64_t last = type.getRank() - 1, n = type.getDimSize(last);
  SmallVector<int64_t> shape(type.getShape());
  shape[last] = 1;
  Value ones = e.splat(type.clone(shape), 1);
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      strides(type.getRank(), 1);
  auto shifted = [&](Value scan, bool fromFront) {
    if (n == 1)
      return ones;
    SmallVector<int64_t> s = start, l = limit;
    if (fromFront)
      l[last] = n - 1;
    else
      s[last] = 1;
    Value part = e.slice(scan, s, l, strides);
    SmallVector<Value> pieces = fromFront ? SmallVector<Value>{ones, part}
                                          : SmallVector<Value>{part, ones};
    return (Value)ConcatenateOp::create(e.b, e.loc, type, pieces, last);
  };
  Value prefix = CumprodOp::create(e.b, e.loc, type, x, last, false);
  Value suffix = CumprodOp::create(e.b, e.loc, type, x, last, true);
  return e.mul(shifted(prefix, true), shifted(suffix, false));
}
} // namespace

LogicalResult ReduceOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                            SmallVectorImpl<Value> &out) {
  if (!t[0] || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  Value x = getOperand(), y = getResult(), g = t[0];
  auto in = getOperand().getType();
  ArrayRef<int64_t> dims = getDimensions();
  SmallVector<int64_t> kept = keptDims(in.getRank(), dims);
  switch (getKind()) {
  case ReduceKind::Sum:
    out.push_back(e.reduceSum(g, dims));
    return success();
  case ReduceKind::Max:
  case ReduceKind::Min: {
    // The tangent at the extremum, averaged over ties (as JAX).
    Value at = e.convert(
        e.compare(x, e.broadcastInDim(y, in, kept), ComparisonDirection::EQ),
        in.getElementType());
    out.push_back(e.div(e.reduceSum(e.mul(g, at), dims), e.reduceSum(at, dims)));
    return success();
  }
  case ReduceKind::Prod: {
    // Move the reduced dimensions last and flatten them.
    SmallVector<int64_t> perm = kept;
    perm.append(dims.begin(), dims.end());
    SmallVector<int64_t> shape;
    int64_t n = 1;
    for (int64_t d : kept)
      shape.push_back(in.getDimSize(d));
    for (int64_t d : dims)
      n *= in.getDimSize(d);
    shape.push_back(n);
    Value xs = e.reshape(e.transpose(x, perm), shape);
    Value gs = e.reshape(e.transpose(g, perm), shape);
    out.push_back(e.reduceSum(e.mul(gs, productOfOthers(e, xs)),
                              {(int64_t)shape.size() - 1}));
    return success();
  }
  case ReduceKind::And:
  case ReduceKind::Or:
    return zeroJvp(*this, out);
  }
  llvm_unreachable("unknown reduce kind");
}

LogicalResult ReduceOp::transpose(OpBuilder &b, ArrayRef<Value>,
                                  ArrayRef<Value> ct,
                                  SmallVectorImpl<Value> &out) {
  if (getKind() != ReduceKind::Sum)
    return notLinear(*this, 0);
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  out.push_back(ct[0] ? e.broadcastInDim(ct[0], in,
                                         keptDims(in.getRank(), getDimensions()))
                      : Value());
  return success();
}

LogicalResult ArgMaxOp::jvp(OpBuilder &, ArrayRef<Value>,
                            SmallVectorImpl<Value> &out) {
  return zeroJvp(*this, out);
}
LogicalResult ArgMinOp::jvp(OpBuilder &, ArrayRef<Value>,
                            SmallVectorImpl<Value> &out) {
  return zeroJvp(*this, out);
}

//===----------------------------------------------------------------------===//
// Cumulative reductions
//===----------------------------------------------------------------------===//

LogicalResult CumsumOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                            SmallVectorImpl<Value> &out) {
  return jvpBySameOp(*this, b, t, out, {0});
}

LogicalResult CumsumOp::transpose(OpBuilder &b, ArrayRef<Value>,
                                  ArrayRef<Value> ct,
                                  SmallVectorImpl<Value> &out) {
  out.push_back(ct[0] ? (Value)CumsumOp::create(b, getLoc(), getType(), ct[0],
                                                getAxis(), !getReverse())
                      : Value());
  return success();
}

// y_i = prod_{j<=i} x_j, so dy_i = sum_{j<=i} t_j prod_{k<=i, k!=j} x_k.
// Without dividing by zeros: with x' = x where nonzero and 1 elsewhere,
// Q = cumprod(x') and z = the running count of zeros,
//   dy = Q * cumsum(t / x')            where z == 0,
//        Q * cumsum(t where x == 0)    where z == 1 (only the zero's term),
//        0                             where z >= 2.
LogicalResult CumprodOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                             SmallVectorImpl<Value> &out) {
  if (!t[0] || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  Location loc = getLoc();
  RankedTensorType type = getType();
  Value x = getOperand(), zeros = e.zeros(type);
  auto scan = [&](auto tag, Value v) -> Value {
    using Op = decltype(tag);
    return Op::create(b, loc, type, v, getAxis(), getReverse());
  };
  Value isZero = e.compare(x, zeros, ComparisonDirection::EQ);
  Value safe = e.select(isZero, e.splat(type, 1), x);
  Value q = scan(CumprodOp(), safe);
  Value count = scan(CumsumOp(), e.select(isZero, e.splat(type, 1), zeros));
  Value noZero = scan(CumsumOp(), e.div(t[0], safe));
  Value oneZero = scan(CumsumOp(), e.select(isZero, t[0], zeros));
  Value tangent = e.select(
      e.compare(count, zeros, ComparisonDirection::EQ), e.mul(q, noZero),
      e.select(e.compare(count, e.splat(type, 1), ComparisonDirection::EQ),
               e.mul(q, oneZero), zeros));
  out.push_back(tangent);
  return success();
}

namespace {
/// The tangent of a running max/min: the operand's tangent at the position
/// that holds the running extremum, picked with a gather along the axis.
LogicalResult cumulativeChooserJvp(Operation *op, Value x, Value y,
                                   int64_t axis, bool reverse, OpBuilder &b,
                                   ArrayRef<Value> t,
                                   SmallVectorImpl<Value> &out) {
  if (!t[0] || !Emitter::isDifferentiable(y.getType()))
    return zeroJvp(op, out);
  Emitter e(b, op->getLoc());
  auto type = Emitter::typeOf(x);
  int64_t rank = type.getRank(), n = type.getDimSize(axis);
  auto indexType = type.clone(b.getI32Type());
  // Where x attains the running extremum, its index; elsewhere a value that
  // loses. The running max (min, if reversed) of that is the position.
  Value idx = e.iota(indexType, axis);
  Value none = e.splat(indexType, reverse ? n : -1);
  Value marked = e.select(e.compare(x, y, ComparisonDirection::EQ), idx, none);
  Value pos = reverse
                  ? (Value)CumminOp::create(b, op->getLoc(), indexType, marked,
                                            axis, true)
                  : (Value)CummaxOp::create(b, op->getLoc(), indexType, marked,
                                            axis, false);
  SmallVector<int64_t> idxShape(type.getShape());
  idxShape.push_back(1);
  Value starts = e.reshape(pos, idxShape);
  SmallVector<int64_t> batch;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      batch.push_back(d);
  SmallVector<int64_t> ones(rank, 1);
  auto gather = GatherOp::create(
      b, op->getLoc(), type, t[0], starts, /*offset_dims=*/ArrayRef<int64_t>{},
      /*collapsed_slice_dims=*/ArrayRef<int64_t>{axis},
      /*operand_batching_dims=*/batch, /*start_indices_batching_dims=*/batch,
      /*start_index_map=*/ArrayRef<int64_t>{axis}, /*index_vector_dim=*/rank,
      /*slice_sizes=*/ones, /*indices_are_sorted=*/false,
      GatherScatterMode::promise_in_bounds, /*fill_value=*/nullptr);
  out.push_back(gather);
  return success();
}
} // namespace

LogicalResult CummaxOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                            SmallVectorImpl<Value> &out) {
  return cumulativeChooserJvp(*this, getOperand(), getResult(), getAxis(),
                              getReverse(), b, t, out);
}
LogicalResult CumminOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                            SmallVectorImpl<Value> &out) {
  return cumulativeChooserJvp(*this, getOperand(), getResult(), getAxis(),
                              getReverse(), b, t, out);
}

// Only cumsum is linear; the others are in the linear family's class.
LogicalResult CumprodOp::transpose(OpBuilder &, ArrayRef<Value>,
                                   ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return notLinear(*this, 0);
}
LogicalResult CummaxOp::transpose(OpBuilder &, ArrayRef<Value>,
                                  ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return notLinear(*this, 0);
}
LogicalResult CumminOp::transpose(OpBuilder &, ArrayRef<Value>,
                                  ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return notLinear(*this, 0);
}
