//===- ReductionRules.cpp - rules of reductions and scans -------*- C++ -*-===//
//
// Sums and cumulative sums are linear. Max and min reductions average the
// tangent over ties. Products and the cumulative products, maxima and
// minima follow the order of operations JAX differentiates them in (a tree
// of products, a parallel prefix scan), since at zeros times infinities
// and at ties the result depends on that order. Their batching rules (at
// the end) renumber the dimensions they act on around the batch.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// A value and its tangent, as the JVPs below carry them through the
/// steps of a reduction or scan.
struct Dual {
  Value primal, tangent;
};

// (Ops are created one statement at a time: the order in which C++
// evaluates function arguments is unspecified, and the IR should not
// depend on the compiler.)

/// The JVP of one step x * y.
Dual mulStep(Emitter &e, Dual x, Dual y) {
  Value z = e.mul(x.primal, y.primal);
  Value dx = e.mul(x.tangent, y.primal);
  Value dy = e.mul(x.primal, y.tangent);
  return {z, e.add(dx, dy)};
}

/// The JVP of one step max(x, y) or min(x, y), ties splitting the tangent.
template <typename OpTy>
Dual chooseStep(Emitter &e, Dual x, Dual y) {
  Value z = OpTy::create(e.b, e.loc, x.primal.getType(), x.primal, y.primal);
  Value dx = e.mul(x.tangent, balancedEq(e, x.primal, z, y.primal));
  Value dy = e.mul(y.tangent, balancedEq(e, y.primal, z, x.primal));
  return {z, e.add(dx, dy)};
}

using Step = Dual (*)(Emitter &, Dual, Dual);

/// Elements [start, limit) of `v` along `axis`, every `stride`-th.
Value sliceAlong(Emitter &e, Value v, int64_t axis, int64_t start,
                 int64_t limit, int64_t stride = 1) {
  auto type = Emitter::typeOf(v);
  SmallVector<int64_t> s(type.getRank(), 0), l(type.getShape()),
      st(type.getRank(), 1);
  s[axis] = start;
  l[axis] = limit;
  st[axis] = stride;
  return e.slice(v, s, l, st);
}

Dual sliceAlong(Emitter &e, Dual v, int64_t axis, int64_t start,
                int64_t limit, int64_t stride = 1) {
  Value primal = sliceAlong(e, v.primal, axis, start, limit, stride);
  return {primal, sliceAlong(e, v.tangent, axis, start, limit, stride)};
}

/// `v` padded along `axis` with `lo` and `hi` copies of `value` at its
/// ends and `interior` between its elements.
Value padAlong(Emitter &e, Value v, int64_t axis, double value, int64_t lo,
               int64_t hi, int64_t interior) {
  auto type = Emitter::typeOf(v);
  int64_t rank = type.getRank(), n = type.getDimSize(axis);
  SmallVector<int64_t> los(rank, 0), his(rank, 0), inner(rank, 0),
      shape(type.getShape());
  los[axis] = lo;
  his[axis] = hi;
  inner[axis] = interior;
  shape[axis] = lo + hi + n + std::max<int64_t>(n - 1, 0) * interior;
  Value fill = e.splat(RankedTensorType::get({}, type.getElementType()), value);
  return PadOp::create(e.b, e.loc, type.clone(shape), v, fill, los, his, inner);
}

Value concatAlong(Emitter &e, Value x, Value y, int64_t axis) {
  auto type = Emitter::typeOf(x);
  SmallVector<int64_t> shape(type.getShape());
  shape[axis] += Emitter::typeOf(y).getDimSize(axis);
  return ConcatenateOp::create(e.b, e.loc, type.clone(shape),
                               ValueRange{x, y}, axis);
}

/// JAX's reduce_prod JVP (_reduce_jvp): with the reduced elements along
/// dimension 0, multiply the first half by the second (padded with a one
/// if odd) until one is left. The order of the products decides where a
/// zero meets an infinity, hence which tangents are NaN, so it is JAX's.
Dual reduceProdTree(Emitter &e, Dual x) {
  while (true) {
    int64_t n = Emitter::typeOf(x.primal).getDimSize(0);
    if (n <= 1)
      return x;
    int64_t n1 = (n + 1) / 2;
    Dual first = sliceAlong(e, x, 0, 0, n1);
    Dual second = sliceAlong(e, x, 0, n1, n);
    if (n - n1 != n1) {
      Value primal = padAlong(e, second.primal, 0, 1, 0, 1, 0);
      second = {primal, padAlong(e, second.tangent, 0, 0, 0, 1, 0)};
    }
    x = mulStep(e, first, second);
  }
}

/// The JVP of an inclusive scan with `step`, evaluated as JAX evaluates it:
/// JAX differentiates cumprod, cummax and cummin through its parallel
/// prefix scan (lax.associative_scan), so the tangent at ties (which of the
/// equal elements gets how much) and at zeros times infinities depends on
/// the order the scan combines elements in; this is that order. Adjacent
/// pairs are combined, the pairs scanned recursively (the odd positions),
/// and each even position completed from the odd one before it.
Dual associativeScan(Emitter &e, Dual x, int64_t axis, Step step) {
  int64_t n = Emitter::typeOf(x.primal).getDimSize(axis);
  if (n < 2)
    return x;
  Dual left = sliceAlong(e, x, axis, 0, n - 1, 2);
  Dual right = sliceAlong(e, x, axis, 1, n, 2);
  Dual odd = associativeScan(e, step(e, left, right), axis, step);
  Dual even = sliceAlong(e, x, axis, 0, 1);
  if (n > 2) {
    Dual before = n % 2 ? odd : sliceAlong(e, odd, axis, 0, n / 2 - 1);
    Dual after = sliceAlong(e, x, axis, 2, n, 2);
    Dual rest = step(e, before, after);
    Value primal = concatAlong(e, even.primal, rest.primal, axis);
    even = {primal, concatAlong(e, even.tangent, rest.tangent, axis)};
  }
  // Interleave by padding each with zeros where the other goes, and adding.
  bool sameSize = n % 2 == 0;
  auto interleave = [&](Value ev, Value od) {
    Value evenPart = padAlong(e, ev, axis, 0, 0, sameSize ? 1 : 0, 1);
    Value oddPart = padAlong(e, od, axis, 0, 1, sameSize ? 0 : 1, 1);
    return e.add(evenPart, oddPart);
  };
  Value primal = interleave(even.primal, odd.primal);
  return {primal, interleave(even.tangent, odd.tangent)};
}

/// The JVP of cumprod, cummax or cummin `op` by the scan above; reversed
/// scans run on the reversed operand, as in JAX.
LogicalResult scanJvp(Operation *op, int64_t axis, bool reverse, Step step,
                      OpBuilder &b, ArrayRef<Value> t,
                      SmallVectorImpl<Value> &out) {
  Value x = op->getOperand(0);
  if (!t[0] || !Emitter::isDifferentiable(x.getType()))
    return zeroJvp(op, out);
  Emitter e(b, op->getLoc());
  auto rev = [&](Value v) {
    return reverse ? (Value)ReverseOp::create(b, op->getLoc(), v.getType(), v,
                                              ArrayRef<int64_t>{axis})
                   : v;
  };
  Value x0 = rev(x), t0 = rev(t[0]);
  out.push_back(rev(associativeScan(e, {x0, t0}, axis, step).tangent));
  return success();
}
} // namespace

LogicalResult ReduceOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
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
    // Move the reduced dimensions first and flatten them (as JAX does).
    SmallVector<int64_t> perm(dims);
    perm.append(kept.begin(), kept.end());
    SmallVector<int64_t> shape{1};
    for (int64_t d : dims)
      shape[0] *= in.getDimSize(d);
    for (int64_t d : kept)
      shape.push_back(in.getDimSize(d));
    auto flat = [&](Value v) { return e.reshape(e.transpose(v, perm), shape); };
    if (shape[0] == 0) {
      // The product of nothing is 1, whatever the tangents.
      out.push_back(e.zeros(getType()));
      return success();
    }
    Dual r = reduceProdTree(e, {flat(x), flat(g)});
    out.push_back(e.reshape(r.tangent, getType().getShape()));
    return success();
  }
  case ReduceKind::And:
  case ReduceKind::Or:
    return zeroJvp(*this, out);
  }
  llvm_unreachable("unknown reduce kind");
}

LogicalResult ReduceOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (getKind() != ReduceKind::Sum)
    return notLinear(*this, 0);
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  out.push_back(ct[0] ? e.broadcastInDim(ct[0], in,
                                         keptDims(in.getRank(), getDimensions()))
                      : Value());
  return success();
}



//===----------------------------------------------------------------------===//
// Cumulative reductions
//===----------------------------------------------------------------------===//


LogicalResult CumsumOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  out.push_back(ct[0] ? (Value)CumsumOp::create(b, getLoc(), getType(), ct[0],
                                                getAxis(), !getReverse())
                      : Value());
  return success();
}

LogicalResult CumprodOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return scanJvp(*this, getAxis(), getReverse(), mulStep, b, t, out);
}

LogicalResult CummaxOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return scanJvp(*this, getAxis(), getReverse(), chooseStep<MaxOp>, b, t, out);
}
LogicalResult CumminOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  return scanJvp(*this, getAxis(), getReverse(), chooseStep<MinOp>, b, t, out);
}

// Only cumsum is linear; the others are in the linear family's class.

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//
//
// Reductions and scans act on each example along their own dimensions: the
// batched op reduces or scans the same dimensions renumbered around the
// batch dimension, and the batch dimension stays where it is (shifted down
// by the reduced dimensions before it), as JAX's reducer and cumulative
// batching rules do.

namespace {
using namespace batching;

/// The result's batch dimension when `reduced` (dimensions of the batched
/// operand) are dropped around `bdim`.
int64_t afterDropping(int64_t bdim, ArrayRef<int64_t> reduced) {
  return bdim - llvm::count_if(reduced, [&](int64_t d) { return d < bdim; });
}

LogicalResult batchReduce(ReduceOp op, BatchContext &ctx) {
  int64_t bdim = ctx.dims()[0];
  SmallVector<int64_t> dims = shifted(op.getDimensions(), bdim);
  int64_t rdim = bdim == kNotMapped ? kNotMapped : afterDropping(bdim, dims);
  Value y = ReduceOp::create(ctx.builder(), op.getLoc(),
                             batchedType(op.getType(), rdim, ctx.size()),
                             ctx.operands()[0], op.getKind(), dims);
  ctx.addResult(y, rdim);
  return success();
}

template <typename OpT>
LogicalResult batchArgReduce(Operation *op, BatchContext &ctx) {
  auto arg = llvm::cast<OpT>(op);
  int64_t bdim = ctx.dims()[0];
  int64_t axis = at(arg.getAxis(), bdim);
  int64_t rdim = bdim == kNotMapped ? kNotMapped : afterDropping(bdim, {axis});
  Value y = OpT::create(ctx.builder(), op->getLoc(),
                        batchedType(arg.getType(), rdim, ctx.size()),
                        ctx.operands()[0], axis);
  ctx.addResult(y, rdim);
  return success();
}

template <typename OpT>
LogicalResult batchCumulative(Operation *op, BatchContext &ctx) {
  auto scan = llvm::cast<OpT>(op);
  int64_t bdim = ctx.dims()[0];
  Value x = ctx.operands()[0];
  Value y = OpT::create(ctx.builder(), op->getLoc(), x.getType(), x,
                        at(scan.getAxis(), bdim), scan.getReverse());
  ctx.addResult(y, bdim);
  return success();
}
} // namespace

void batching::attachReductionBatchRules(MLIRContext *ctx) {
  attach<typed<ReduceOp, batchReduce>, ReduceOp>(ctx);
  attach<batchArgReduce<ArgMaxOp>, ArgMaxOp>(ctx);
  attach<batchArgReduce<ArgMinOp>, ArgMinOp>(ctx);
  attach<batchCumulative<CumsumOp>, CumsumOp>(ctx);
  attach<batchCumulative<CumprodOp>, CumprodOp>(ctx);
  attach<batchCumulative<CummaxOp>, CummaxOp>(ctx);
  attach<batchCumulative<CumminOp>, CumminOp>(ctx);
}
