//===- ShapeRules.cpp - AD and batching rules of shape ops ------*- C++ -*-===//
//
// Shape ops are linear in the arrays they move around (and pad in its
// padding value): each JVP is the op itself applied to the tangents, and
// each transpose moves cotangents back where they came from, after JAX's
// rules in lax.py and slicing.py. Their batching rules (at the end) carry
// the batch dimension through.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"
#include "Dialect/Utils.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
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
//
// A shape op moves elements within each example, so the batch dimension
// rides along: each rule inserts it into the op's dimension lists (a full
// range in slices, no padding in pads, a zero start in dynamic slices)
// where the operand has it, and the result has it at the matching place.
// Only reshape may have to move it first; operands that are not mapped
// are broadcast only where the op needs equal shapes (concatenate,
// dynamic_update_slice, pad with a mapped padding value). Start indices that are mapped turn
// dynamic slices into a jxp.gather and dynamic updates into a jxp.scatter
// with the batch as their operand batching dimension (JAX's rules, in
// slicing.py, build the same).

namespace {
using namespace batching;

/// An op none of whose operands is mapped (the pass copies those itself;
/// a rule asked anyway copies it too).
LogicalResult copyUnmapped(Operation *op, BatchContext &ctx) {
  IRMapping map;
  map.map(op->getOperands(), ctx.operands());
  Operation *copy = ctx.builder().clone(*op, map);
  for (Value r : copy->getResults())
    ctx.addResult(r, kNotMapped);
  return success();
}

bool noneMapped(BatchContext &ctx) {
  return firstMapped(ctx.dims()) == kNotMapped;
}

// Constants and iotas read nothing, so they are never mapped.
LogicalResult batchNullary(Operation *op, BatchContext &ctx) {
  return copyUnmapped(op, ctx);
}

// The batch dimension goes to result position r just after where the
// operand dimension before it goes (0 if it is first): the dimension map
// stays increasing if it was, so the broadcast needs no transpose.
LogicalResult batchBroadcastInDim(BroadcastInDimOp op, BatchContext &ctx) {
  int64_t bdim = ctx.dims()[0];
  if (bdim == kNotMapped)
    return copyUnmapped(op, ctx);
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  int64_t r = bdim == 0 ? 0 : dims[bdim - 1] + 1;
  SmallVector<int64_t> newDims = insertAt(shifted(dims, r), bdim, r);
  Value y = BroadcastInDimOp::create(
      ctx.builder(), op.getLoc(), batchedType(op.getType(), r, ctx.size()),
      ctx.operands()[0], newDims);
  ctx.addResult(y, r);
  return success();
}

// A row-major reshape needs no transpose if the dimensions before the
// batch hold as many elements as some prefix of the new shape: the
// example's elements before and after that split reshape separately, and
// the batch goes between them. Otherwise the batch moves to the front
// first (as JAX's rule always does).
LogicalResult batchReshape(ReshapeOp op, BatchContext &ctx) {
  int64_t bdim = ctx.dims()[0];
  if (bdim == kNotMapped)
    return copyUnmapped(op, ctx);
  Emitter e(ctx.builder(), op.getLoc());
  Value x = ctx.operands()[0];
  ArrayRef<int64_t> in = op.getOperand().getType().getShape(),
                    out = op.getType().getShape();
  int64_t before = 1;
  for (int64_t d = 0; d < bdim; ++d)
    before *= in[d];
  int64_t split = kNotMapped, prefix = 1;
  for (int64_t k = 0; k <= (int64_t)out.size(); ++k) {
    if (prefix == before) {
      split = k;
      break;
    }
    if (k < (int64_t)out.size())
      prefix *= out[k];
  }
  if (split == kNotMapped) {
    x = moveDim(e, x, bdim, 0);
    split = 0;
  }
  ctx.addResult(e.reshape(x, insertAt(out, split, ctx.size())), split);
  return success();
}

// The permutation with the batch dimension fixed at its place.
LogicalResult batchTranspose(TransposeOp op, BatchContext &ctx) {
  int64_t bdim = ctx.dims()[0];
  if (bdim == kNotMapped)
    return copyUnmapped(op, ctx);
  SmallVector<int64_t> perm =
      insertAt(shifted(op.getPermutation(), bdim), bdim, bdim);
  Value y = TransposeOp::create(ctx.builder(), op.getLoc(),
                                batchedType(op.getType(), bdim, ctx.size()),
                                ctx.operands()[0], perm);
  ctx.addResult(y, bdim);
  return success();
}

LogicalResult batchReverse(ReverseOp op, BatchContext &ctx) {
  int64_t bdim = ctx.dims()[0];
  if (bdim == kNotMapped)
    return copyUnmapped(op, ctx);
  Value x = ctx.operands()[0];
  Value y = ReverseOp::create(ctx.builder(), op.getLoc(), x.getType(), x,
                              shifted(op.getDimensions(), bdim));
  ctx.addResult(y, bdim);
  return success();
}

// The whole batch dimension, at stride 1.
LogicalResult batchSlice(SliceOp op, BatchContext &ctx) {
  int64_t bdim = ctx.dims()[0];
  if (bdim == kNotMapped)
    return copyUnmapped(op, ctx);
  Value y = SliceOp::create(
      ctx.builder(), op.getLoc(), batchedType(op.getType(), bdim, ctx.size()),
      ctx.operands()[0], insertAt(op.getStartIndices(), bdim, 0),
      insertAt(op.getLimitIndices(), bdim, ctx.size()),
      insertAt(op.getStrides(), bdim, 1));
  ctx.addResult(y, bdim);
  return success();
}

// The inputs meet at the first mapped one's batch dimension (inputs that
// are not mapped are broadcast: each example joins its own copy).
LogicalResult batchConcatenate(ConcatenateOp op, BatchContext &ctx) {
  int64_t bdim = firstMapped(ctx.dims());
  if (bdim == kNotMapped)
    return copyUnmapped(op, ctx);
  Emitter e(ctx.builder(), op.getLoc());
  SmallVector<Value> inputs;
  for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims()))
    inputs.push_back(materialize(e, v, d, bdim, ctx.size()));
  Value y = ConcatenateOp::create(
      ctx.builder(), op.getLoc(), batchedType(op.getType(), bdim, ctx.size()),
      inputs, at(op.getDimension(), bdim));
  ctx.addResult(y, bdim);
  return success();
}

// No padding along the batch. A mapped padding value (one per example)
// cannot be pad's scalar: pad with zeros, then select each example's
// value where a padded mask of trues says padding went (JAX's rule).
LogicalResult batchPad(PadOp op, BatchContext &ctx) {
  if (noneMapped(ctx))
    return copyUnmapped(op, ctx);
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  int64_t xdim = ctx.dims()[0], pdim = ctx.dims()[1];
  int64_t bdim = xdim == kNotMapped ? 0 : xdim;
  Value x = materialize(e, ctx.operands()[0], xdim, bdim, ctx.size());
  SmallVector<int64_t> lo = insertAt(op.getEdgePaddingLow(), bdim, 0),
                       hi = insertAt(op.getEdgePaddingHigh(), bdim, 0),
                       in = insertAt(op.getInteriorPadding(), bdim, 0);
  auto type = batchedType(op.getType(), bdim, ctx.size());
  if (pdim == kNotMapped) {
    ctx.addResult(PadOp::create(b, op.getLoc(), type, x, ctx.operands()[1],
                                lo, hi, in),
                  bdim);
    return success();
  }
  auto xType = Emitter::typeOf(x);
  auto scalar = [&](Type elt) { return RankedTensorType::get({}, elt); };
  Value zeroPadded = PadOp::create(
      b, op.getLoc(), type, x, e.zeros(scalar(xType.getElementType())), lo,
      hi, in);
  Type i1 = b.getI1Type();
  Value mask = PadOp::create(b, op.getLoc(), type.clone(i1),
                             e.splat(xType.clone(i1), 1),
                             e.zeros(scalar(i1)), lo, hi, in);
  Value fill = e.broadcastInDim(ctx.operands()[1], type, {bdim});
  ctx.addResult(e.select(mask, zeroPadded, fill), bdim);
  return success();
}

/// The start indices of a dynamic slice or update as one index array of
/// shape [size, rank] (one start vector per example), for jxp.gather and
/// jxp.scatter; start indices that are not mapped are broadcast.
Value startVectors(Emitter &e, ArrayRef<Value> starts, ArrayRef<int64_t> dims,
                   int64_t size) {
  SmallVector<Value> columns;
  for (auto [v, d] : llvm::zip(starts, dims)) {
    auto column = RankedTensorType::get({size, 1},
                                        Emitter::typeOf(v).getElementType());
    columns.push_back(d == kNotMapped ? e.broadcastInDim(v, column, {})
                                      : e.reshape(v, {size, 1}));
  }
  if (columns.size() == 1)
    return columns[0];
  auto type = Emitter::typeOf(columns[0]).clone(
      {size, (int64_t)columns.size()});
  return ConcatenateOp::create(e.b, e.loc, type, columns, 1);
}

/// The starts of a dynamic slice or update whose start indices are not
/// mapped, for the batched operand: a zero start along its batch dimension.
SmallVector<Value> withBatchStart(Emitter &e, ArrayRef<Value> starts,
                                  int64_t bdim) {
  Type idx = starts.empty() ? RankedTensorType::get({}, e.b.getI32Type())
                            : starts[0].getType();
  SmallVector<Value> out(starts);
  out.insert(out.begin() + bdim, e.zeros(idx));
  return out;
}

// Unmapped starts: the same op with the whole batch as one more slice
// dimension. Mapped starts: a gather taking one window per example (the
// [size, rank] starts, index_vector_dim 1), in clip mode, which clamps
// starts as dynamic_slice does. A mapped operand's batch dimension is the
// gather's operand batching dimension; the window's dimensions are the
// offset dimensions around the batch dimension, which stays where the
// operand had it.
LogicalResult batchDynamicSlice(DynamicSliceOp op, BatchContext &ctx) {
  if (noneMapped(ctx))
    return copyUnmapped(op, ctx);
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  ArrayRef<int64_t> dims = ctx.dims();
  ArrayRef<Value> starts = ctx.operands().drop_front();
  int64_t xdim = dims[0], bdim = xdim == kNotMapped ? 0 : xdim;
  auto type = batchedType(op.getType(), bdim, ctx.size());
  if (firstMapped(dims.drop_front()) == kNotMapped) {
    Value y = DynamicSliceOp::create(
        b, op.getLoc(), type, ctx.operands()[0],
        withBatchStart(e, starts, bdim),
        insertAt(op.getSliceSizes(), bdim, ctx.size()));
    ctx.addResult(y, bdim);
    return success();
  }
  if (ctx.size() == 0) {
    // No example: nothing to read (a gather could not take a window of 1
    // from an empty batching dimension).
    ctx.addResult(e.zeros(type), bdim);
    return success();
  }
  // An operand that is not mapped is shared: every example's window comes
  // from it, with no batching dimension (and no broadcast).
  Value x = ctx.operands()[0];
  int64_t rank = type.getRank();
  SmallVector<int64_t> batching, indexBatching, sizes(op.getSliceSizes());
  if (xdim != kNotMapped) {
    batching.push_back(bdim);
    indexBatching.push_back(0);
    sizes.insert(sizes.begin() + bdim, 1);
  }
  Value indices = startVectors(e, starts, dims.drop_front(), ctx.size());
  Value y = GatherOp::create(
      b, op.getLoc(), type, x, indices, /*offset_dims=*/keptDims(rank, bdim),
      /*collapsed_slice_dims=*/{}, batching, indexBatching,
      /*start_index_map=*/keptDims(Emitter::typeOf(x).getRank(), batching),
      /*index_vector_dim=*/1, sizes, /*indices_are_sorted=*/false,
      GatherScatterMode::clip, /*fill_value=*/nullptr);
  ctx.addResult(y, bdim);
  return success();
}

// The operand and the update meet at the operand's batch dimension (the
// update's if the operand is not mapped); whichever is not mapped is
// broadcast, since the result differs per example. Mapped starts: a
// scatter (set) of one window per example, batched as the gather above,
// in clip mode, which clamps starts as dynamic_update_slice does.
LogicalResult batchDynamicUpdateSlice(DynamicUpdateSliceOp op,
                                      BatchContext &ctx) {
  if (noneMapped(ctx))
    return copyUnmapped(op, ctx);
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  ArrayRef<int64_t> dims = ctx.dims();
  ArrayRef<Value> starts = ctx.operands().drop_front(2);
  int64_t bdim = firstMapped(dims.take_front(2));
  if (bdim == kNotMapped)
    bdim = 0;
  Value x = materialize(e, ctx.operands()[0], dims[0], bdim, ctx.size());
  Value u = materialize(e, ctx.operands()[1], dims[1], bdim, ctx.size());
  auto type = Emitter::typeOf(x);
  if (firstMapped(dims.drop_front(2)) == kNotMapped) {
    Value y = DynamicUpdateSliceOp::create(b, op.getLoc(), type, x, u,
                                           withBatchStart(e, starts, bdim));
    ctx.addResult(y, bdim);
    return success();
  }
  if (ctx.size() == 0) {
    ctx.addResult(x, bdim); // no example, nothing to write
    return success();
  }
  int64_t rank = type.getRank();
  Value indices = startVectors(e, starts, dims.drop_front(2), ctx.size());
  Value y = ScatterOp::create(
      b, op.getLoc(), type, x, indices, u, ScatterKind::Set,
      /*update_window_dims=*/keptDims(rank, bdim), /*inserted_window_dims=*/{},
      /*operand_batching_dims=*/{bdim}, /*scatter_indices_batching_dims=*/{0},
      /*scatter_dims_to_operand_dims=*/keptDims(rank, bdim),
      /*index_vector_dim=*/1, /*indices_are_sorted=*/false,
      /*unique_indices=*/true, GatherScatterMode::clip);
  ctx.addResult(y, bdim);
  return success();
}
} // namespace

void batching::attachShapeBatchRules(MLIRContext *ctx) {
  attach<batchNullary, ConstantOp, IotaOp>(ctx);
  attach<typed<BroadcastInDimOp, batchBroadcastInDim>, BroadcastInDimOp>(ctx);
  attach<typed<ReshapeOp, batchReshape>, ReshapeOp>(ctx);
  attach<typed<TransposeOp, batchTranspose>, TransposeOp>(ctx);
  attach<typed<ReverseOp, batchReverse>, ReverseOp>(ctx);
  attach<typed<SliceOp, batchSlice>, SliceOp>(ctx);
  attach<typed<ConcatenateOp, batchConcatenate>, ConcatenateOp>(ctx);
  attach<typed<PadOp, batchPad>, PadOp>(ctx);
  attach<typed<DynamicSliceOp, batchDynamicSlice>, DynamicSliceOp>(ctx);
  attach<typed<DynamicUpdateSliceOp, batchDynamicUpdateSlice>,
         DynamicUpdateSliceOp>(ctx);
}
