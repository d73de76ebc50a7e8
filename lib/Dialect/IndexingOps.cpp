//===- IndexingOps.cpp - dot_general, gather, scatter, sort -----*- C++ -*-===//
//
// The verifiers of the indexing family: dot_general (contracting and
// batching dimensions), gather and scatter (StableHLO's dimension-number
// rules, which they share) and sort; and the canonicalization that merges
// a sort into a later sort of the same keys. Tests:
// test/lit/Dialect/{ops,invalid}_indexing.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::jxp;

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::verify() {
  auto lhs = getLhs().getType(), rhs = getRhs().getType();
  auto lb = getLhsBatchingDimensions(), rb = getRhsBatchingDimensions();
  auto lc = getLhsContractingDimensions(), rc = getRhsContractingDimensions();
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError("operand element types differ: ")
           << lhs.getElementType() << " vs " << rhs.getElementType();
  if (lb.size() != rb.size())
    return emitOpError("lhs and rhs need as many batching dimensions");
  if (lc.size() != rc.size())
    return emitOpError("lhs and rhs need as many contracting dimensions");
  SmallVector<int64_t> lhsUsed(lb), rhsUsed(rb);
  lhsUsed.append(lc.begin(), lc.end());
  rhsUsed.append(rc.begin(), rc.end());
  if (failed(checkDims(*this, lhsUsed, lhs.getRank(), "lhs dimension")) ||
      failed(checkDims(*this, rhsUsed, rhs.getRank(), "rhs dimension")))
    return failure();
  for (size_t i = 0; i < lb.size(); ++i)
    if (lhs.getDimSize(lb[i]) != rhs.getDimSize(rb[i]))
      return emitOpError("batching dimensions ")
             << lb[i] << " x " << rb[i] << " differ in size ("
             << lhs.getDimSize(lb[i]) << " vs " << rhs.getDimSize(rb[i]) << ")";
  for (size_t i = 0; i < lc.size(); ++i)
    if (lhs.getDimSize(lc[i]) != rhs.getDimSize(rc[i]))
      return emitOpError("contracting dimensions ")
             << lc[i] << " x " << rc[i] << " differ in size ("
             << lhs.getDimSize(lc[i]) << " vs " << rhs.getDimSize(rc[i]) << ")";
  SmallVector<int64_t> expected;
  for (int64_t d : lb)
    expected.push_back(lhs.getDimSize(d));
  llvm::append_range(expected, dropDims(lhs.getShape(), lhsUsed));
  llvm::append_range(expected, dropDims(rhs.getShape(), rhsUsed));
  return expectShape(*this, expected);
}

/// Checks that `dims` are listed in increasing order, as StableHLO wants
/// the dimension lists of gather and scatter.
static LogicalResult checkSorted(Operation *op, ArrayRef<int64_t> dims,
                                 StringRef what) {
  if (!llvm::is_sorted(dims))
    return op->emitOpError() << what << " must be sorted, got "
                             << shapeStr(dims);
  return success();
}

/// The checks gather and scatter share (StableHLO's gather_c2..c19 and
/// scatter_c9..c22): `windowless` are the operand dimensions that get no
/// window dimension (collapsed or inserted), `batching` the operand's
/// batching dimensions and `indexBatching` the indices' ones, `indexMap`
/// the operand dimension each index vector entry addresses.
static LogicalResult
verifyIndexingDims(Operation *op, RankedTensorType operand,
                   RankedTensorType indices, int64_t ivd,
                   ArrayRef<int64_t> windowless, StringRef windowlessName,
                   ArrayRef<int64_t> batching, ArrayRef<int64_t> indexBatching,
                   ArrayRef<int64_t> indexMap, StringRef indexMapName) {
  int64_t rank = operand.getRank(), idxRank = indices.getRank();
  if (ivd < 0 || ivd > idxRank)
    return op->emitOpError("index_vector_dim ")
           << ivd << " is out of range for indices of rank " << idxRank;
  if (failed(checkSorted(op, windowless, windowlessName)) ||
      failed(checkSorted(op, batching, "operand_batching_dims")))
    return failure();
  SmallVector<int64_t> dropped(windowless);
  llvm::append_range(dropped, batching);
  if (failed(checkDims(op, dropped, rank,
                       (windowlessName + " or operand_batching_dims entry")
                           .str())))
    return failure();
  if (batching.size() != indexBatching.size())
    return op->emitOpError("operand and indices need as many batching "
                           "dimensions");
  // index_vector_dim == rank stands for an implicit trailing dimension of
  // size 1, which cannot be a batching dimension.
  if (failed(checkDims(op, indexBatching, idxRank, "indices batching "
                                                   "dimension")))
    return failure();
  if (llvm::is_contained(indexBatching, ivd))
    return op->emitOpError("index_vector_dim ")
           << ivd << " cannot be an indices batching dimension";
  for (auto [d, id] : llvm::zip_equal(batching, indexBatching))
    if (operand.getDimSize(d) != indices.getDimSize(id))
      return op->emitOpError("operand batching dimension ")
             << d << " (size " << operand.getDimSize(d)
             << ") and indices batching dimension " << id << " (size "
             << indices.getDimSize(id) << ") differ in size";
  int64_t indexVectorSize = ivd == idxRank ? 1 : indices.getDimSize(ivd);
  if ((int64_t)indexMap.size() != indexVectorSize)
    return op->emitOpError()
           << indexMapName << " has " << indexMap.size()
           << " entries for index vectors of size " << indexVectorSize;
  if (failed(checkDims(op, indexMap, rank, (indexMapName + " entry").str())))
    return failure();
  for (int64_t d : indexMap)
    if (llvm::is_contained(batching, d))
      return op->emitOpError()
             << indexMapName << " entry " << d
             << " is an operand batching dimension";
  return success();
}

/// The sizes of the indices' dimensions other than index_vector_dim: the
/// scatter (or gather batch) dimensions, in order.
static SmallVector<int64_t> scatterSizes(RankedTensorType indices,
                                         int64_t ivd) {
  SmallVector<int64_t> sizes;
  for (int64_t i = 0; i < indices.getRank(); ++i)
    if (i != ivd)
      sizes.push_back(indices.getDimSize(i));
  return sizes;
}

LogicalResult GatherOp::verify() {
  auto in = getOperand().getType(), idx = getStartIndices().getType();
  int64_t ivd = getIndexVectorDim();
  auto sizes = getSliceSizes();
  if (failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if (TypedAttr fill = getFillValueAttr())
    if (!llvm::isa<IntegerAttr, FloatAttr>(fill) ||
        fill.getType() != in.getElementType())
      return emitOpError("fill_value ")
             << fill << " should be a scalar of type " << in.getElementType();
  if ((int64_t)sizes.size() != in.getRank())
    return emitOpError("needs one slice size per operand dimension (")
           << in.getRank() << ")";
  if (failed(verifyIndexingDims(*this, in, idx, ivd, getCollapsedSliceDims(),
                                "collapsed_slice_dims",
                                getOperandBatchingDims(),
                                getStartIndicesBatchingDims(),
                                getStartIndexMap(), "start_index_map")))
    return failure();
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (sizes[i] < 0 || sizes[i] > in.getDimSize(i))
      return emitOpError("slice size ") << sizes[i] << " does not fit dimension "
                                        << i << " of size " << in.getDimSize(i);
  SmallVector<int64_t> dropped(getCollapsedSliceDims());
  llvm::append_range(dropped, getOperandBatchingDims());
  for (int64_t d : dropped)
    if (sizes[d] > 1)
      return emitOpError("collapsed or batching dimension ")
             << d << " has slice size " << sizes[d];
  SmallVector<int64_t> offsetSizes = dropDims(sizes, dropped);
  SmallVector<int64_t> batchSizes = scatterSizes(idx, ivd);
  auto offsetDims = getOffsetDims();
  if (offsetDims.size() != offsetSizes.size())
    return emitOpError("offset_dims has ")
           << offsetDims.size() << " entries but slices keep "
           << offsetSizes.size() << " dimensions";
  int64_t rank = offsetSizes.size() + batchSizes.size();
  if (failed(checkSorted(*this, offsetDims, "offset_dims")) ||
      failed(checkDims(*this, offsetDims, rank, "offset dimension")))
    return failure();
  SmallVector<int64_t> expected;
  size_t o = 0, bch = 0;
  for (int64_t i = 0; i < rank; ++i)
    expected.push_back(llvm::is_contained(offsetDims, i) ? offsetSizes[o++]
                                                         : batchSizes[bch++]);
  return expectShape(*this, expected);
}

LogicalResult ScatterOp::verify() {
  auto in = getOperand().getType(), idx = getScatterIndices().getType(),
       upd = getUpdates().getType();
  int64_t ivd = getIndexVectorDim();
  if (failed(expectElementType(*this, getUpdates(), in.getElementType(),
                               "updates")))
    return failure();
  if (failed(verifyIndexingDims(
          *this, in, idx, ivd, getInsertedWindowDims(), "inserted_window_dims",
          getOperandBatchingDims(), getScatterIndicesBatchingDims(),
          getScatterDimsToOperandDims(), "scatter_dims_to_operand_dims")))
    return failure();
  auto windowDims = getUpdateWindowDims();
  SmallVector<int64_t> scatterDims = scatterSizes(idx, ivd);
  int64_t windowRank = windowDims.size();
  if (upd.getRank() != (int64_t)scatterDims.size() + windowRank)
    return emitOpError("updates have rank ")
           << upd.getRank() << " but indices and window need "
           << scatterDims.size() + windowRank;
  if (windowRank + (int64_t)getInsertedWindowDims().size() +
          (int64_t)getOperandBatchingDims().size() !=
      in.getRank())
    return emitOpError("window, inserted and batching dimensions must cover "
                       "the operand's rank ")
           << in.getRank();
  if (failed(checkSorted(*this, windowDims, "update_window_dims")) ||
      failed(checkDims(*this, windowDims, upd.getRank(),
                       "update window dimension")))
    return failure();
  // The operand dimensions that are neither inserted nor batching are the
  // window's, in order; the updates' other dimensions are the scatter
  // dimensions of the indices, in order.
  SmallVector<int64_t> notWindow(getInsertedWindowDims());
  llvm::append_range(notWindow, getOperandBatchingDims());
  size_t w = 0;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (llvm::is_contained(notWindow, d))
      continue;
    int64_t u = windowDims[w++];
    if (upd.getDimSize(u) > in.getDimSize(d))
      return emitOpError("update window dimension ")
             << u << " of size " << upd.getDimSize(u)
             << " exceeds operand dimension " << d << " of size "
             << in.getDimSize(d);
  }
  size_t k = 0;
  for (int64_t u = 0; u < upd.getRank(); ++u) {
    if (llvm::is_contained(windowDims, u))
      continue;
    if (upd.getDimSize(u) != scatterDims[k])
      return emitOpError("updates dimension ")
             << u << " of size " << upd.getDimSize(u)
             << " should match the indices' scatter dimension of size "
             << scatterDims[k];
    ++k;
  }
  return success();
}

LogicalResult SortOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  if (getResults().size() != getInputs().size())
    return emitOpError("needs one result per input (")
           << getInputs().size() << "), got " << getResults().size();
  auto first = tensorType(getInputs()[0]);
  for (auto [in, out] : llvm::zip_equal(getInputs(), getResults())) {
    if (tensorType(in).getShape() != first.getShape())
      return emitOpError("inputs must have one shape");
    if (in.getType() != out.getType())
      return emitOpError("result types must match the input types");
  }
  int64_t dim = getDimension(), numKeys = getNumKeys();
  if (dim < 0 || dim >= first.getRank())
    return emitOpError("dimension ") << dim << " is out of range for rank "
                                     << first.getRank();
  if (numKeys < 1 || numKeys > (int64_t)getInputs().size())
    return emitOpError("num_keys must be between 1 and the number of inputs");
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

// A sort whose inputs are the leading inputs of a later sort with the same
// keys and order (as the JVP of sort builds: the same sort plus an iota to
// learn the permutation) is that sort's leading results, when all its
// uses come after it: one sort instead of two.
LogicalResult SortOp::canonicalize(SortOp op, PatternRewriter &rewriter) {
  if (op.getInputs().empty())
    return failure();
  for (Operation *user : op.getInputs().front().getUsers()) {
    auto other = llvm::dyn_cast<SortOp>(user);
    if (!other || other == op || other->getBlock() != op->getBlock() ||
        !op->isBeforeInBlock(other) ||
        other.getDimension() != op.getDimension() ||
        other.getNumKeys() != op.getNumKeys() ||
        other.getIsStable() != op.getIsStable() ||
        other.getInputs().size() <= op.getInputs().size() ||
        !llvm::equal(op.getInputs(),
                     other.getInputs().take_front(op.getInputs().size())))
      continue;
    bool usesAfter = llvm::all_of(op->getUsers(), [&](Operation *u) {
      return u->getBlock() == other->getBlock() && other->isBeforeInBlock(u);
    });
    if (!usesAfter)
      continue;
    rewriter.replaceOp(op, other.getResults().take_front(op.getNumResults()));
    return success();
  }
  return failure();
}
