//===- ShapeRules.cpp - AD rules of shape ops ------------------*- C++ -*-===//
//
// Shape ops are linear in the arrays they move around (and pad in its
// padding value): each JVP is the op itself applied to the tangents, and
// each transpose moves cotangents back where they came from, after JAX's
// rules in lax.py and slicing.py.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
bool isIdentity(ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if (p != (int64_t)i)
      return false;
  return true;
}

/// A rank-0 zero of `v`'s element type (a padding value).
Value scalarZero(Emitter &e, Value v) {
  return e.zeros(RankedTensorType::get({}, Emitter::typeOf(v).getElementType()));
}

/// `x` padded with zeros; no op if there is no padding at all.
Value padZeros(Emitter &e, Value x, ArrayRef<int64_t> lo, ArrayRef<int64_t> hi,
               ArrayRef<int64_t> interior) {
  auto in = Emitter::typeOf(x);
  bool any = false;
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < in.getRank(); ++i) {
    int64_t n = in.getDimSize(i);
    shape.push_back(lo[i] + hi[i] + n + std::max<int64_t>(n - 1, 0) * interior[i]);
    any |= lo[i] != 0 || hi[i] != 0 || interior[i] != 0;
  }
  if (!any)
    return x;
  return PadOp::create(e.b, e.loc, in.clone(shape), x, scalarZero(e, x), lo, hi,
                       interior);
}

/// Fails unless the operands listed (index operands) are non-linear.
LogicalResult checkNonLinear(Operation *op, ArrayRef<Value> operands,
                             unsigned from) {
  for (unsigned i = from; i < operands.size(); ++i)
    if (!operands[i])
      return notLinear(op, i);
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// broadcast_in_dim, reshape, transpose, reverse
//===----------------------------------------------------------------------===//


// Sums the cotangent over the result dimensions the operand does not have,
// and over those where a size-1 operand dimension was stretched; then puts
// the kept dimensions in operand order and restores the size-1 dimensions.
LogicalResult BroadcastInDimOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct[0]) {
    out.push_back(Value());
    return success();
  }
  Emitter e(b, getLoc());
  auto in = getOperand().getType(), res = getType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  SmallVector<bool> summed(res.getRank(), true);
  for (auto [i, d] : llvm::enumerate(dims))
    summed[d] = in.getDimSize(i) == 1 && res.getDimSize(d) != 1;
  SmallVector<int64_t> sumDims;
  for (int64_t d = 0; d < res.getRank(); ++d)
    if (summed[d])
      sumDims.push_back(d);
  Value r = e.reduceSum(ct[0], sumDims);
  // The kept operand dimensions, in the order the reduction leaves them
  // (increasing result dimension).
  SmallVector<int64_t> kept;
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (!summed[dims[i]])
      kept.push_back(i);
  llvm::sort(kept, [&](int64_t x, int64_t y) { return dims[x] < dims[y]; });
  // Back to operand order: position j of r holds operand dimension kept[j].
  SmallVector<int64_t> perm(kept.size());
  {
    SmallVector<int64_t> byOperand(kept);
    llvm::sort(byOperand);
    for (auto [k, i] : llvm::enumerate(byOperand))
      perm[k] = llvm::find(kept, i) - kept.begin();
  }
  if (!isIdentity(perm))
    r = e.transpose(r, perm);
  out.push_back(e.reshape(r, in.getShape()));
  return success();
}


LogicalResult ReshapeOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Emitter e(b, getLoc());
  out.push_back(ct[0] ? e.reshape(ct[0], getOperand().getType().getShape())
                      : Value());
  return success();
}


LogicalResult TransposeOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct[0]) {
    out.push_back(Value());
    return success();
  }
  Emitter e(b, getLoc());
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<int64_t> inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  out.push_back(isIdentity(inverse) ? ct[0] : e.transpose(ct[0], inverse));
  return success();
}


LogicalResult ReverseOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  out.push_back(ct[0] ? (Value)ReverseOp::create(b, getLoc(), getType(), ct[0],
                                                 getDimensions())
                      : Value());
  return success();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//


// Zero-pads the cotangent back to the operand's shape: `start` before,
// strides - 1 between elements, the rest after the last element taken.
LogicalResult SliceOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct[0]) {
    out.push_back(Value());
    return success();
  }
  Emitter e(b, getLoc());
  auto in = getOperand().getType(), res = getType();
  ArrayRef<int64_t> start = getStartIndices(), strides = getStrides();
  SmallVector<int64_t> lo, hi, interior;
  for (int64_t i = 0; i < in.getRank(); ++i) {
    int64_t n = res.getDimSize(i);
    int64_t realLimit = start[i] + (n == 0 ? 0 : 1 + (n - 1) * strides[i]);
    lo.push_back(start[i]);
    hi.push_back(in.getDimSize(i) - realLimit);
    interior.push_back(strides[i] - 1);
  }
  out.push_back(padZeros(e, ct[0], lo, hi, interior));
  return success();
}


// The cotangent written into zeros at the same (equally clamped) start.
LogicalResult DynamicSliceOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (operands[0])
    return notLinear(*this, 1);
  if (failed(checkNonLinear(*this, operands, 1)))
    return failure();
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  out.push_back(ct[0] ? (Value)DynamicUpdateSliceOp::create(
                            b, getLoc(), in, e.zeros(in), ct[0],
                            operands.drop_front(1))
                      : Value());
  out.append(operands.size() - 1, Value());
  return success();
}


// The operand's cotangent is the cotangent with the updated window zeroed;
// the update's is that window.
LogicalResult DynamicUpdateSliceOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (failed(checkNonLinear(*this, operands, 2)))
    return failure();
  ArrayRef<Value> starts = operands.drop_front(2);
  Value operandCt, updateCt;
  if (ct[0]) {
    Emitter e(b, getLoc());
    auto upd = getUpdate().getType();
    if (!operands[0])
      operandCt = DynamicUpdateSliceOp::create(b, getLoc(), getType(), ct[0],
                                               e.zeros(upd), starts);
    if (!operands[1])
      updateCt = DynamicSliceOp::create(b, getLoc(), upd, ct[0], starts,
                                        upd.getShape());
  }
  out.push_back(operandCt);
  out.push_back(updateCt);
  out.append(starts.size(), Value());
  return success();
}

//===----------------------------------------------------------------------===//
// concatenate, pad
//===----------------------------------------------------------------------===//


// Splits the cotangent along the dimension, one piece per linear input.
LogicalResult ConcatenateOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Emitter e(b, getLoc());
  auto res = getType();
  int64_t dim = getDimension(), offset = 0;
  SmallVector<int64_t> strides(res.getRank(), 1);
  for (auto [v, x] : llvm::zip(operands, getInputs())) {
    auto t = Emitter::typeOf(x);
    int64_t size = t.getDimSize(dim);
    if (!v && ct[0]) {
      SmallVector<int64_t> start(res.getRank(), 0), limit(res.getShape());
      start[dim] = offset;
      limit[dim] = offset + size;
      out.push_back(t == res ? ct[0] : e.slice(ct[0], start, limit, strides));
    } else {
      out.push_back(Value());
    }
    offset += size;
  }
  return success();
}


// The operand's cotangent: undo the edge padding (padding with zeros where
// it cropped) and take every (interior + 1)-th element. The padding value's:
// the sum of the cotangent over the padding, i.e. total minus the operand's.
LogicalResult PadOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct[0]) {
    out.append(2, Value());
    return success();
  }
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  int64_t rank = in.getRank();
  ArrayRef<int64_t> lo = getEdgePaddingLow(), hi = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  SmallVector<int64_t> negLo, negHi, zeros(rank, 0), steps;
  for (int64_t i = 0; i < rank; ++i) {
    negLo.push_back(-lo[i]);
    negHi.push_back(-hi[i]);
    steps.push_back(interior[i] + 1);
  }
  Value unpadded = padZeros(e, ct[0], negLo, negHi, zeros);
  auto unpaddedType = Emitter::typeOf(unpadded);
  Value operandCt = unpadded;
  if (llvm::any_of(interior, [](int64_t s) { return s != 0; }))
    operandCt = e.slice(unpadded, zeros, unpaddedType.getShape(), steps);
  SmallVector<int64_t> all;
  for (int64_t i = 0; i < rank; ++i)
    all.push_back(i);
  Value paddingCt;
  if (!operands[1])
    paddingCt = e.sub(e.reduceSum(ct[0], all), e.reduceSum(operandCt, all));
  out.push_back(operands[0] ? Value() : operandCt);
  out.push_back(paddingCt);
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

void batching::attachShapeBatchRules(MLIRContext *ctx) {}
