//===- IndexingRules.cpp - AD rules of dot_general, gather, scatter, sort -===//
//
// After JAX's rules: dot_general is bilinear (lax.py's
// _dot_general_transpose_lhs/rhs), gather and scatter-add transpose into
// each other, scatter (set) differentiates through the ids of the winning
// updates, scatter min/max through _scatter_extremal_jvp, and sort permutes
// the tangents by the permutation it applies (a sorted iota).
//
// Their batching rules are JAX's (_dot_general_batch_dim_nums,
// _gather_batching_rule, _scatter_batching_rule, _sort_batch_rule) with the
// batch dimension kept where it is instead of moved to the front: the
// dimension numbers of dot_general, gather and scatter can name a batch
// dimension at any position.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"
#include "Dialect/Utils.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
SmallVector<int64_t> range(int64_t from, int64_t to) {
  SmallVector<int64_t> r;
  for (int64_t i = from; i < to; ++i)
    r.push_back(i);
  return r;
}

/// The dimensions of [0, rank) in none of `a` and `b`, in order.
SmallVector<int64_t> remaining(int64_t rank, ArrayRef<int64_t> a,
                               ArrayRef<int64_t> b) {
  SmallVector<int64_t> r;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
      r.push_back(d);
  return r;
}

/// Bits of an element type (complex: both parts), for picking the wider.
unsigned bitWidth(Type t) {
  if (auto c = llvm::dyn_cast<ComplexType>(t))
    return 2 * c.getElementType().getIntOrFloatBitWidth();
  return t.getIntOrFloatBitWidth();
}

//===----------------------------------------------------------------------===//
// Gather and scatter helpers
//===----------------------------------------------------------------------===//

/// A gather's dimension numbers and options.
struct GatherDims {
  SmallVector<int64_t> offsetDims, collapsedSliceDims, operandBatchingDims,
      startIndicesBatchingDims, startIndexMap, sliceSizes;
  int64_t indexVectorDim;
  bool indicesAreSorted;
  GatherScatterMode mode;
};

GatherDims dimsOf(GatherOp op) {
  return {SmallVector<int64_t>(op.getOffsetDims()),
          SmallVector<int64_t>(op.getCollapsedSliceDims()),
          SmallVector<int64_t>(op.getOperandBatchingDims()),
          SmallVector<int64_t>(op.getStartIndicesBatchingDims()),
          SmallVector<int64_t>(op.getStartIndexMap()),
          SmallVector<int64_t>(op.getSliceSizes()),
          (int64_t)op.getIndexVectorDim(),
          op.getIndicesAreSorted(),
          op.getMode()};
}

/// The gather that reads back, for each update of `op`, the window of the
/// operand it lands on (JAX's inverse gather of a scatter).
GatherDims inverseGatherDims(ScatterOp op) {
  GatherDims g{SmallVector<int64_t>(op.getUpdateWindowDims()),
               SmallVector<int64_t>(op.getInsertedWindowDims()),
               SmallVector<int64_t>(op.getOperandBatchingDims()),
               SmallVector<int64_t>(op.getScatterIndicesBatchingDims()),
               SmallVector<int64_t>(op.getScatterDimsToOperandDims()),
               {},
               (int64_t)op.getIndexVectorDim(),
               op.getIndicesAreSorted(),
               op.getMode()};
  auto upd = op.getUpdates().getType();
  int64_t rank = op.getOperand().getType().getRank(), pos = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (llvm::is_contained(g.collapsedSliceDims, d) ||
        llvm::is_contained(g.operandBatchingDims, d))
      g.sliceSizes.push_back(1);
    else
      g.sliceSizes.push_back(upd.getDimSize(g.offsetDims[pos++]));
  }
  return g;
}

/// A gather of `operand` producing `shape`. With `zeroFill`, fill_or_drop
/// fills out-of-bounds slices with zeros (for complex numbers, which a
/// fill_value cannot hold, by masking).
Value gather(Emitter &e, const GatherDims &g, Value operand, Value indices,
             ArrayRef<int64_t> shape, bool zeroFill) {
  auto in = Emitter::typeOf(operand);
  Type elt = in.getElementType();
  auto type = RankedTensorType::get(shape, elt);
  // An operand empty along a dimension has no window: no update of the
  // scatter this gather reads back landed anywhere, and the gather itself
  // would be invalid (a slice of 1 from a dimension of 0). It reads zeros.
  for (auto [size, dim] : llvm::zip(g.sliceSizes, in.getShape()))
    if (size > dim)
      return e.zeros(type);
  auto build = [&](Value src, RankedTensorType t, TypedAttr fill) -> Value {
    return GatherOp::create(e.b, e.loc, t, src, indices, g.offsetDims,
                            g.collapsedSliceDims, g.operandBatchingDims,
                            g.startIndicesBatchingDims, g.startIndexMap,
                            g.indexVectorDim, g.sliceSizes, g.indicesAreSorted,
                            g.mode, fill);
  };
  if (!zeroFill || g.mode != GatherScatterMode::fill_or_drop)
    return build(operand, type, nullptr);
  if (auto ft = llvm::dyn_cast<FloatType>(elt))
    return build(operand, type, e.b.getFloatAttr(ft, 0.0));
  if (llvm::isa<IntegerType>(elt))
    return build(operand, type, e.b.getIntegerAttr(elt, 0));
  // Complex: gather, then zero the slices a gather of ones fills with 0.
  Value gathered = build(operand, type, nullptr);
  Type f32 = e.b.getF32Type();
  Value ones = e.splat(in.clone(f32), 1);
  Value inBounds = build(ones, type.clone(f32), e.b.getFloatAttr(f32, 0.0));
  return e.select(e.compare(inBounds, e.zerosLike(inBounds),
                            ComparisonDirection::NE),
                  gathered, e.zerosLike(gathered));
}

/// A scatter with `op`'s dimension numbers and options, of another kind.
Value scatterLike(Emitter &e, ScatterOp op, ScatterKind kind, Value operand,
                  Value indices, Value updates) {
  return ScatterOp::create(
      e.b, e.loc, operand.getType(), operand, indices, updates, kind,
      op.getUpdateWindowDims(), op.getInsertedWindowDims(),
      op.getOperandBatchingDims(), op.getScatterIndicesBatchingDims(),
      op.getScatterDimsToOperandDims(), op.getIndexVectorDim(),
      op.getIndicesAreSorted(), op.getUniqueIndices(), op.getMode());
}

/// For a scatter (set) whose indices may repeat: which updates win (are
/// the ones left in the result), as a mask of the updates' shape, and which
/// operand elements are left, as a mask of the operand's shape. Each
/// update's window gets an id (1, 2, ...); the ids are scattered like the
/// updates and read back (as JAX's _scatter_jvp).
std::pair<Value, Value> scatterWinners(Emitter &e, ScatterOp op, Value indices) {
  auto upd = op.getUpdates().getType();
  auto in = op.getOperand().getType();
  SmallVector<int64_t> idsShape(upd.getShape());
  for (int64_t d : op.getUpdateWindowDims())
    idsShape[d] = 1;
  int64_t numIds = 1;
  for (int64_t s : idsShape)
    numIds *= s;
  Type idElt = numIds < (int64_t(1) << 31) - 1 ? e.b.getI32Type()
                                               : e.b.getI64Type();
  auto flat = RankedTensorType::get({numIds}, idElt);
  Value ids = e.add(e.iota(flat, 0), e.splat(flat, 1));
  ids = e.broadcastInDim(e.reshape(ids, idsShape), upd.clone(idElt),
                         range(0, upd.getRank()));
  Value scattered = scatterLike(e, op, ScatterKind::Set, e.zeros(in.clone(idElt)),
                                indices, ids);
  Value gathered = gather(e, inverseGatherDims(op), scattered, indices,
                          upd.getShape(), /*zeroFill=*/false);
  return {e.compare(ids, gathered, ComparisonDirection::EQ),
          e.compare(scattered, e.zerosLike(scattered), ComparisonDirection::EQ)};
}

/// `_scatter_extremal_jvp`: the tangent of a scatter min/max. An element
/// whose result ties between the operand and some updates gets the average
/// of their tangents. Coefficients of windows that land out of bounds (and
/// are dropped) are zero.
Value scatterExtremalJvp(Emitter &e, ScatterOp op, Value tx, Value tu) {
  Value x = op.getOperand(), idx = op.getScatterIndices(), u = op.getUpdates(),
        y = op.getResult();
  auto in = op.getOperand().getType(), upd = op.getUpdates().getType();
  GatherDims g = inverseGatherDims(op);
  auto gat = [&](Value v) {
    return gather(e, g, v, idx, upd.getShape(), /*zeroFill=*/true);
  };
  using D = ComparisonDirection;
  // Counts and coefficients are real (of a complex operand's part type:
  // complex numbers have no order to test counts with); the extremes are
  // found by equality, which complex numbers have.
  Type elt = in.getElementType();
  if (auto c = llvm::dyn_cast<ComplexType>(elt))
    elt = c.getElementType();
  auto countIn = in.clone(elt), countU = upd.clone(elt);
  Value onesU = e.splat(countU, 1), zerosU = e.zeros(countU);
  Value initial = gat(x), target = gat(y);
  Value successful = e.compare(u, target, D::EQ);
  Value retained = e.compare(initial, target, D::EQ);
  Value numUpdates =
      gat(scatterLike(e, op, ScatterKind::Add, e.zeros(countIn), idx,
                      e.select(successful, onesU, zerosU)));
  Value numRefs =
      gat(scatterLike(e, op, ScatterKind::Add, e.zeros(countIn), idx, onesU));
  Value inBounds = e.compare(numRefs, zerosU, D::GT);
  Value withOperand = e.div(onesU, e.add(numUpdates, onesU));
  Value updatesNorm =
      e.select(retained, withOperand, e.div(onesU, numUpdates));
  Value updatesCoef = e.convert(
      e.select(e.andOp(successful, inBounds), updatesNorm, zerosU),
      upd.getElementType());
  Value operandNorm = e.select(retained, withOperand, zerosU);
  Value operandCoef = e.convert(
      e.select(inBounds, e.div(e.sub(operandNorm, onesU), numRefs), zerosU),
      upd.getElementType());
  Value tangentUpdates;
  if (tx)
    tangentUpdates = e.mul(gat(tx), operandCoef);
  if (tu)
    tangentUpdates = e.addT(tangentUpdates, e.mul(tu, updatesCoef));
  return scatterLike(e, op, ScatterKind::Add, e.orZeros(tx, in), idx,
                     tangentUpdates);
}

//===----------------------------------------------------------------------===//
// dot_general helper
//===----------------------------------------------------------------------===//

/// JAX's _dot_general_transpose_lhs: the cotangent of x in
/// dot_general(x, y) (or dot_general(y, x) with `swapAns`), from the
/// result's cotangent `ct`: dot_general of ct with y over y's free
/// dimensions, transposed back into x's dimension order.
Value dotTransposeLhs(Emitter &e, Value ct, Value y, RankedTensorType xType,
                      ArrayRef<int64_t> xContract, ArrayRef<int64_t> yContract,
                      ArrayRef<int64_t> xBatch, ArrayRef<int64_t> yBatch,
                      bool swapAns) {
  auto yType = Emitter::typeOf(y), ctType = Emitter::typeOf(ct);
  int64_t nb = xBatch.size();
  SmallVector<int64_t> xKept = remaining(xType.getRank(), xContract, xBatch);
  SmallVector<int64_t> yKept = remaining(yType.getRank(), yContract, yBatch);
  SmallVector<int64_t> ansBatch = range(0, nb);
  SmallVector<int64_t> ansY =
      swapAns ? range(nb, nb + yKept.size())
              : range(nb + xKept.size(), nb + xKept.size() + yKept.size());
  // The product's layout: batch, ct's free dimensions (x's kept ones), y's
  // free dimensions (its contracting ones, in increasing order).
  SmallVector<int64_t> shape;
  for (int64_t d : ansBatch)
    shape.push_back(ctType.getDimSize(d));
  for (int64_t d : remaining(ctType.getRank(), ansBatch, ansY))
    shape.push_back(ctType.getDimSize(d));
  SmallVector<int64_t> ySorted(yContract);
  llvm::sort(ySorted);
  for (int64_t d : ySorted)
    shape.push_back(yType.getDimSize(d));
  // The same element type on both sides: the wider of the cotangent's and
  // the operands', converted back to x's at the end.
  Type xElt = xType.getElementType(), ctElt = ctType.getElementType();
  Type elt = bitWidth(ctElt) > bitWidth(xElt) ? ctElt : xElt;
  Value product = DotGeneralOp::create(
      e.b, e.loc, RankedTensorType::get(shape, elt), e.convert(ct, elt),
      e.convert(y, elt), ansBatch, yBatch, ansY, yKept);
  // x's dimension for each of the product's.
  SmallVector<int64_t> xOfProduct(xBatch);
  llvm::append_range(xOfProduct, xKept);
  for (int64_t d : ySorted)
    xOfProduct.push_back(xContract[llvm::find(yContract, d) - yContract.begin()]);
  SmallVector<int64_t> perm(xOfProduct.size());
  for (auto [i, d] : llvm::enumerate(xOfProduct))
    perm[d] = i;
  if (!isIdentity(perm))
    product = e.transpose(product, perm);
  return e.convert(product, xElt);
}
} // namespace

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!Emitter::isDifferentiable(getType()) ||
      !Emitter::isDifferentiable(getLhs().getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  Value tangent;
  for (unsigned i = 0; i < 2; ++i) {
    if (!t[i])
      continue;
    Operation *clone = b.clone(*getOperation());
    clone->setOperand(i, t[i]);
    tangent = e.addT(tangent, clone->getResult(0));
  }
  out.push_back(tangent);
  return success();
}

LogicalResult DotGeneralOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[0] && !operands[1])
    return notLinear(*this, 1);
  if (!ct[0] || !Emitter::isDifferentiable(getLhs().getType())) {
    out.append(2, Value());
    return success();
  }
  Emitter e(b, getLoc());
  ArrayRef<int64_t> lb = getLhsBatchingDimensions(),
                    rb = getRhsBatchingDimensions(),
                    lc = getLhsContractingDimensions(),
                    rc = getRhsContractingDimensions();
  if (!operands[0])
    out.push_back(dotTransposeLhs(e, ct[0], operands[1], getLhs().getType(), lc,
                                  rc, lb, rb, /*swapAns=*/false));
  else
    out.push_back(Value());
  if (!operands[1])
    out.push_back(dotTransposeLhs(e, ct[0], operands[0], getRhs().getType(), rc,
                                  lc, rb, lb, /*swapAns=*/true));
  else
    out.push_back(Value());
  return success();
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// The same gather of the tangent; out-of-bounds slices (fill_or_drop) get
// zero tangents, as JAX's fill_value=0.
LogicalResult GatherOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!t[0] || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  out.push_back(gather(e, dimsOf(*this), t[0], getStartIndices(),
                       getType().getShape(), /*zeroFill=*/true));
  return success();
}

// A scatter-add of the cotangent into zeros, with the mirrored dimension
// numbers and the same mode (clip clamps alike; fill_or_drop drops what the
// gather filled).
LogicalResult GatherOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (operands[0] || !operands[1])
    return notLinear(*this, 1);
  if (!ct[0]) {
    out.append(2, Value());
    return success();
  }
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  Value scattered = ScatterOp::create(
      b, getLoc(), in, e.zeros(in), operands[1], ct[0], ScatterKind::Add,
      /*update_window_dims=*/getOffsetDims(),
      /*inserted_window_dims=*/getCollapsedSliceDims(),
      getOperandBatchingDims(),
      /*scatter_indices_batching_dims=*/getStartIndicesBatchingDims(),
      /*scatter_dims_to_operand_dims=*/getStartIndexMap(), getIndexVectorDim(),
      getIndicesAreSorted(), /*unique_indices=*/false, getMode());
  out.push_back(scattered);
  out.push_back(Value());
  return success();
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Value tx = t[0], tu = t[2];
  if ((!tx && !tu) || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  auto in = getOperand().getType(), upd = getUpdates().getType();
  Value idx = getScatterIndices();
  switch (getKind()) {
  case ScatterKind::Add:
    return jvpBySameOp(*this, b, t, out, {0, 2});
  case ScatterKind::Set: {
    if (getUniqueIndices())
      return jvpBySameOp(*this, b, t, out, {0, 2});
    // Indices may repeat: keep the tangents of the operand elements and
    // updates that survive, and add them up (a scatter-add, whose
    // transpose is a gather).
    auto [updateWins, operandLeft] = scatterWinners(e, *this, idx);
    Value tangent;
    if (tx)
      tangent = e.select(operandLeft, tx, e.zeros(in));
    if (tu)
      tangent = scatterLike(e, *this, ScatterKind::Add, e.orZeros(tangent, in),
                            idx, e.select(updateWins, tu, e.zeros(upd)));
    out.push_back(tangent);
    return success();
  }
  case ScatterKind::Mul: {
    // d(x * prod u) = dx * prod u + x * du (the latter for unique indices).
    Value tangent;
    if (tx)
      tangent = scatterLike(e, *this, ScatterKind::Mul, tx, idx, getUpdates());
    if (tu) {
      if (!getUniqueIndices())
        return emitKindOpError(*this, ErrorKind::NotImplemented)
               << ("differentiation of scatter mul with respect to "
                           "the updates is only supported with unique "
                           "indices (as in JAX)");
      tangent = e.addT(tangent,
                       e.mul(getOperand(), scatterLike(e, *this, ScatterKind::Add,
                                                       e.zeros(in), idx, tu)));
    }
    out.push_back(tangent);
    return success();
  }
  case ScatterKind::Min:
  case ScatterKind::Max:
    out.push_back(scatterExtremalJvp(e, *this, tx, tu));
    return success();
  }
  llvm_unreachable("unknown scatter kind");
}

LogicalResult ScatterOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[1])
    return notLinear(*this, 1);
  bool operandLinear = !operands[0], updatesLinear = !operands[2];
  Value idx = operands[1];
  Emitter e(b, getLoc());
  auto upd = getUpdates().getType();
  // The window each update landed on, read back (zeros where dropped).
  auto gatherCt = [&](Value v) {
    return gather(e, inverseGatherDims(*this), v, idx, upd.getShape(),
                  /*zeroFill=*/true);
  };
  Value operandCt, updatesCt;
  switch (getKind()) {
  case ScatterKind::Add:
    if (ct[0] && operandLinear)
      operandCt = ct[0];
    if (ct[0] && updatesLinear)
      updatesCt = gatherCt(ct[0]);
    break;
  case ScatterKind::Set:
    // Overwritten operand elements get nothing; each update what lands on
    // its window, if it won it (ids decide between repeated indices).
    if (ct[0] && operandLinear)
      operandCt = scatterLike(e, *this, ScatterKind::Set, ct[0], idx,
                              e.zeros(upd));
    if (ct[0] && updatesLinear) {
      updatesCt = gatherCt(ct[0]);
      if (!getUniqueIndices())
        updatesCt = e.select(scatterWinners(e, *this, idx).first, updatesCt,
                             e.zeros(upd));
    }
    break;
  case ScatterKind::Mul:
    if (operandLinear && updatesLinear)
      return notLinear(*this, 2);
    if (ct[0] && operandLinear)
      operandCt = scatterLike(e, *this, ScatterKind::Mul, ct[0], idx,
                              operands[2]);
    if (ct[0] && updatesLinear) {
      if (!getUniqueIndices())
        return emitKindOpError(*this, ErrorKind::NotImplemented)
               << ("transposition of scatter mul with respect to the "
                           "updates is only supported with unique indices "
                           "(as in JAX)");
      updatesCt = gatherCt(e.mul(ct[0], operands[0]));
    }
    break;
  case ScatterKind::Min:
  case ScatterKind::Max:
    return notLinear(*this, operandLinear ? 0 : 2);
  }
  out.push_back(operandCt);
  out.push_back(Value());
  out.push_back(updatesCt);
  return success();
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

// Sorts an iota along with the operands to get the permutation, and takes
// each tangent along the sort dimension by it (a gather batched over the
// other dimensions, whose transpose is a scatter-add).
LogicalResult SortOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  bool any = false;
  for (auto [v, r] : llvm::zip(t, getResults()))
    any |= v && Emitter::isDifferentiable(r.getType());
  if (!any)
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  auto type = Emitter::typeOf(getInputs()[0]);
  int64_t rank = type.getRank(), dim = getDimension();
  // Empty arrays: nothing to permute. (The gather below would take slices
  // of size 1 from a dimension of size 0, which StableHLO rejects.)
  if (type.getNumElements() == 0) {
    for (auto [v, r] : llvm::zip(t, getResults()))
      out.push_back(v && Emitter::isDifferentiable(r.getType()) ? v : Value());
    return success();
  }
  Type idxElt = type.getDimSize(dim) < (int64_t(1) << 31) - 1 ? b.getI32Type()
                                                               : b.getI64Type();
  auto idxType = type.clone(idxElt);
  SmallVector<Value> inputs(getInputs());
  inputs.push_back(e.iota(idxType, dim));
  SmallVector<Type> types(getResultTypes());
  types.push_back(idxType);
  auto sorted = SortOp::create(b, getLoc(), types, inputs, dim, getNumKeys(),
                               getIsStable());
  SmallVector<int64_t> idxShape(type.getShape());
  idxShape.push_back(1);
  Value perm = e.reshape(sorted.getResults().back(), idxShape);
  SmallVector<int64_t> batch;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      batch.push_back(d);
  GatherDims g{/*offsetDims=*/{}, /*collapsedSliceDims=*/{dim},
               /*operandBatchingDims=*/batch,
               /*startIndicesBatchingDims=*/batch,
               /*startIndexMap=*/{dim},
               /*sliceSizes=*/SmallVector<int64_t>(rank, 1),
               /*indexVectorDim=*/rank,
               /*indicesAreSorted=*/false, GatherScatterMode::promise_in_bounds};
  for (auto [v, r] : llvm::zip(t, getResults())) {
    if (!v || !Emitter::isDifferentiable(r.getType()))
      out.push_back(Value());
    else
      out.push_back(gather(e, g, v, perm, type.getShape(), /*zeroFill=*/false));
  }
  return success();
}

// The JVP above never puts a sort on a tangent, so sort is never transposed.

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

namespace {
using batching::at;
using batching::batchedType;
using batching::shifted;

/// How many of the per-example dimensions `dims` precede a batch dimension
/// at `bdim` (those below it).
int64_t countBelow(ArrayRef<int64_t> dims, int64_t bdim) {
  return llvm::count_if(dims, [&](int64_t d) { return d < bdim; });
}

/// The first place for a batch dimension that `k` of the sorted per-example
/// dimensions `marked` precede: right after the k-th.
int64_t firstSlot(ArrayRef<int64_t> marked, int64_t k) {
  return k == 0 ? 0 : marked[k - 1] + 1;
}

/// `v`, mapped along `from` or not mapped, with its batch dimension where
/// exactly `k` of the sorted per-example dimensions `marked` precede it:
/// where it is if it is there already, else moved (or broadcast) to the
/// first such place. Returns the value and its batch dimension.
std::pair<Value, int64_t> placeAfter(Emitter &e, Value v, int64_t from,
                                     ArrayRef<int64_t> marked, int64_t k,
                                     int64_t size) {
  if (from != kNotMapped && countBelow(marked, from) == k)
    return {v, from};
  int64_t to = firstSlot(marked, k);
  return {batching::materialize(e, v, from, to, size), to};
}

/// Adds the pair (`operandDim`, `indicesDim`) to the batching dimensions of
/// a gather or scatter, keeping the operand's list sorted (as StableHLO
/// asks) and the indices' list paired with it.
void addBatchingPair(SmallVectorImpl<int64_t> &operandDims,
                     SmallVectorImpl<int64_t> &indicesDims, int64_t operandDim,
                     int64_t indicesDim) {
  int64_t p = countBelow(operandDims, operandDim);
  operandDims.insert(operandDims.begin() + p, operandDim);
  indicesDims.insert(indicesDims.begin() + p, indicesDim);
}

// dot_general: a mapped pair becomes a new batching pair (the result's
// first dimension); a lone mapped dimension is one more free dimension of
// its side, which the result keeps among that side's free dimensions.
LogicalResult batchDotGeneral(DotGeneralOp op, BatchContext &ctx) {
  Value lhs = ctx.operands()[0], rhs = ctx.operands()[1];
  int64_t ld = ctx.dims()[0], rd = ctx.dims()[1];
  ArrayRef<int64_t> lb = op.getLhsBatchingDimensions(),
                    rb = op.getRhsBatchingDimensions(),
                    lc = op.getLhsContractingDimensions(),
                    rc = op.getRhsContractingDimensions();
  int64_t lhsRank = op.getLhs().getType().getRank();
  int64_t rhsRank = op.getRhs().getType().getRank();
  SmallVector<int64_t> nlb = shifted(lb, ld), nrb = shifted(rb, rd);
  int64_t out;
  if (ld != kNotMapped && rd != kNotMapped) {
    nlb.insert(nlb.begin(), ld);
    nrb.insert(nrb.begin(), rd);
    out = 0;
  } else if (ld != kNotMapped) {
    out = lb.size() + countBelow(remaining(lhsRank, lb, lc), ld);
  } else {
    int64_t lhsFree = lhsRank - lb.size() - lc.size();
    out = lb.size() + lhsFree + countBelow(remaining(rhsRank, rb, rc), rd);
  }
  auto type = batchedType(op.getType(), out, ctx.size());
  ctx.addResult(DotGeneralOp::create(ctx.builder(), op.getLoc(), type, lhs,
                                     rhs, nlb, nrb, shifted(lc, ld),
                                     shifted(rc, rd)),
                out);
  return success();
}

// gather: a mapped operand alone gets a window of its whole batch
// dimension; mapped indices alone give one more batch (non-window)
// dimension of the indices, hence of the result; both mapped are a new
// pair of batching dimensions. The result's batch dimension goes to the
// first place the result's layout (offset_dims sorted) allows.
LogicalResult batchGather(GatherOp op, BatchContext &ctx) {
  Value operand = ctx.operands()[0], indices = ctx.operands()[1];
  int64_t od = ctx.dims()[0], id = ctx.dims()[1];
  int64_t size = ctx.size();
  GatherDims g = dimsOf(op);
  int64_t operandRank = op.getOperand().getType().getRank();
  int64_t indicesRank = op.getStartIndices().getType().getRank();
  int64_t resultRank = op.getType().getRank();
  SmallVector<int64_t> window =
      remaining(operandRank, g.collapsedSliceDims, g.operandBatchingDims);
  SmallVector<int64_t> resultBatch = remaining(resultRank, g.offsetDims, {});
  int64_t out;
  if (id != kNotMapped) {
    // The result's batch dimensions follow the indices' (other than
    // index_vector_dim), in order.
    SmallVector<int64_t> indexBatch =
        remaining(indicesRank, {g.indexVectorDim}, {});
    out = firstSlot(resultBatch, countBelow(indexBatch, id));
    g.startIndicesBatchingDims = shifted(g.startIndicesBatchingDims, id);
    g.indexVectorDim = at(g.indexVectorDim, id);
    g.offsetDims = shifted(g.offsetDims, out);
  } else {
    // The operand's window dimensions map to offset_dims in order.
    int64_t k = countBelow(window, od);
    out = firstSlot(g.offsetDims, k);
    g.offsetDims = shifted(g.offsetDims, out);
    g.offsetDims.insert(g.offsetDims.begin() + k, out);
  }
  if (od != kNotMapped) {
    g.collapsedSliceDims = shifted(g.collapsedSliceDims, od);
    g.operandBatchingDims = shifted(g.operandBatchingDims, od);
    g.startIndexMap = shifted(g.startIndexMap, od);
    if (id == kNotMapped) {
      g.sliceSizes.insert(g.sliceSizes.begin() + od, size);
    } else {
      addBatchingPair(g.operandBatchingDims, g.startIndicesBatchingDims, od,
                      id);
      g.sliceSizes.insert(g.sliceSizes.begin() + od, size == 0 ? 0 : 1);
    }
  } else {
    // Indices of different members share one list now, which need not be
    // sorted even if each member's is.
    g.indicesAreSorted = false;
  }
  auto type = batchedType(op.getType(), out, size);
  ctx.addResult(GatherOp::create(ctx.builder(), op.getLoc(), type, operand,
                                 indices, g.offsetDims, g.collapsedSliceDims,
                                 g.operandBatchingDims,
                                 g.startIndicesBatchingDims, g.startIndexMap,
                                 g.indexVectorDim, g.sliceSizes,
                                 g.indicesAreSorted, g.mode,
                                 op.getFillValueAttr()),
                out);
  return success();
}

// scatter: the result is per member as soon as anything is, so the operand
// is always mapped (broadcast if need be). Indices not mapped: the
// operand's batch dimension is one more window dimension, which the
// updates must carry (broadcast if need be) at the matching place among
// their window dimensions. Indices mapped: a new pair of batching
// dimensions, which the updates carry among their scatter dimensions.
// Where a batch dimension does not fit, the updates' moves (or, with mapped
// indices, the indices', usually the smaller).
LogicalResult batchScatter(ScatterOp op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op.getLoc());
  Value operand = ctx.operands()[0], indices = ctx.operands()[1],
        updates = ctx.operands()[2];
  int64_t od = ctx.dims()[0], id = ctx.dims()[1], ud = ctx.dims()[2];
  int64_t size = ctx.size();
  int64_t operandRank = op.getOperand().getType().getRank();
  int64_t indicesRank = op.getScatterIndices().getType().getRank();
  int64_t updatesRank = op.getUpdates().getType().getRank();
  int64_t ivd = op.getIndexVectorDim();
  ArrayRef<int64_t> inserted = op.getInsertedWindowDims(),
                    batchingDims = op.getOperandBatchingDims(),
                    updateWindow = op.getUpdateWindowDims();
  SmallVector<int64_t> window = remaining(operandRank, inserted, batchingDims);
  SmallVector<int64_t> updateScatter =
      remaining(updatesRank, updateWindow, {});
  SmallVector<int64_t> indicesBatching(op.getScatterIndicesBatchingDims());
  SmallVector<int64_t> newUpdateWindow;
  SmallVector<int64_t> newBatching;
  if (id == kNotMapped) {
    int64_t k;
    if (od == kNotMapped) {
      // Put the operand's new dimension where the updates' fits.
      k = ud == kNotMapped ? 0 : countBelow(updateWindow, ud);
      od = firstSlot(window, k);
      operand = batching::materialize(e, operand, kNotMapped, od, size);
    } else {
      k = countBelow(window, od);
    }
    std::tie(updates, ud) = placeAfter(e, updates, ud, updateWindow, k, size);
    newUpdateWindow = shifted(updateWindow, ud);
    newUpdateWindow.insert(newUpdateWindow.begin() + k, ud);
    newBatching = shifted(batchingDims, od);
  } else {
    // The updates' scatter dimensions follow the indices' batch dimensions
    // (all but index_vector_dim), in order.
    SmallVector<int64_t> indexBatch = remaining(indicesRank, {ivd}, {});
    int64_t j = countBelow(indexBatch, id);
    if (ud == kNotMapped) {
      std::tie(updates, ud) =
          placeAfter(e, updates, ud, updateScatter, j, size);
    } else if (countBelow(updateScatter, ud) != j) {
      j = countBelow(updateScatter, ud);
      int64_t to = firstSlot(indexBatch, j);
      indices = batching::moveDim(e, indices, id, to);
      id = to;
    }
    if (od == kNotMapped) {
      od = 0;
      operand = batching::materialize(e, operand, kNotMapped, od, size);
    }
    newUpdateWindow = shifted(updateWindow, ud);
    newBatching = shifted(batchingDims, od);
    indicesBatching = shifted(indicesBatching, id);
    addBatchingPair(newBatching, indicesBatching, od, id);
    ivd = at(ivd, id);
  }
  auto type = batchedType(op.getType(), od, size);
  ctx.addResult(
      ScatterOp::create(ctx.builder(), op.getLoc(), type, operand, indices,
                        updates, op.getKind(), newUpdateWindow,
                        shifted(inserted, od), newBatching, indicesBatching,
                        shifted(op.getScatterDimsToOperandDims(), od), ivd,
                        op.getIndicesAreSorted(), op.getUniqueIndices(),
                        op.getMode()),
      od);
  return success();
}

// sort: its inputs share one shape, so all are mapped along the first
// mapped one's batch dimension (others moved or broadcast there).
LogicalResult batchSort(SortOp op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op.getLoc());
  int64_t d = batching::firstMapped(ctx.dims());
  SmallVector<Value> inputs;
  SmallVector<Type> types;
  for (auto [v, vd, r] :
       llvm::zip(ctx.operands(), ctx.dims(), op.getResults())) {
    inputs.push_back(batching::materialize(e, v, vd, d, ctx.size()));
    types.push_back(batchedType(r.getType(), d, ctx.size()));
  }
  auto sorted = SortOp::create(ctx.builder(), op.getLoc(), types, inputs,
                               at(op.getDimension(), d), op.getNumKeys(),
                               op.getIsStable());
  for (Value r : sorted.getResults())
    ctx.addResult(r, d);
  return success();
}
} // namespace

void batching::attachIndexingBatchRules(MLIRContext *ctx) {
  attach<typed<DotGeneralOp, batchDotGeneral>, DotGeneralOp>(ctx);
  attach<typed<GatherOp, batchGather>, GatherOp>(ctx);
  attach<typed<ScatterOp, batchScatter>, ScatterOp>(ctx);
  attach<typed<SortOp, batchSort>, SortOp>(ctx);
}
