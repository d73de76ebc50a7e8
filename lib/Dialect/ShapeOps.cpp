//===- ShapeOps.cpp - the shape ops -----------------------------*- C++ -*-===//
//
// constant, iota, broadcast_in_dim, reshape, transpose, reverse, slice,
// dynamic_slice, dynamic_update_slice, concatenate and pad: their verifiers
// state each op's shape rule (sizes computed with checked arithmetic, so a
// huge shape is an error, never an overflow), and their folds drop the ops
// that change nothing. Tests: test/lit/Dialect/{ops,invalid}_shape.mlir,
// test/lit/Transforms/canonicalize/folds.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// StableHLO wants all start indices of a dynamic slice to have one type.
LogicalResult checkOneIndexType(Operation *op, ValueRange indices) {
  for (Value v : indices)
    if (v.getType() != indices.front().getType())
      return op->emitOpError("start indices must have one type, got ")
             << indices.front().getType() << " and " << v.getType();
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from result type " << getType();
  // MLIR's parser takes a complex literal for a real array as two reals,
  // whatever the number of elements (`dense<(1.0, 2.0)> : tensor<3xf32>`):
  // reading such a literal overruns its buffer.
  if (auto dense = llvm::dyn_cast<DenseIntOrFPElementsAttr>(getValue())) {
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(dense.getType(),
                                             dense.getRawData(), splat))
      return emitOpError("literal holds ")
             << dense.getRawData().size() << " bytes, not the "
             << getType().getNumElements() << " elements of " << getType();
  }
  return success();
}

LogicalResult IotaOp::verify() {
  // I64Attr getters return uint64_t: read them as the signed values they are.
  int64_t rank = getType().getRank(), dim = getIotaDimension();
  if (dim < 0 || dim >= rank)
    return emitOpError("iota dimension ")
           << dim << " is out of range for rank " << rank;
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  auto in = getOperand().getType(), out = getType();
  auto dims = getBroadcastDimensions();
  if (failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if ((int64_t)dims.size() != in.getRank())
    return emitOpError("needs one broadcast dimension per operand dimension (")
           << in.getRank() << "), got " << dims.size();
  if (failed(checkDims(*this, dims, out.getRank(), "broadcast dimension")))
    return failure();
  for (auto [i, d] : llvm::enumerate(dims))
    if (in.getDimSize(i) != 1 && in.getDimSize(i) != out.getDimSize(d))
      return emitOpError("operand dimension ")
             << i << " of size " << in.getDimSize(i)
             << " cannot broadcast to result dimension " << d << " of size "
             << out.getDimSize(d);
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = getOperand().getType(), out = getType();
  if (failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if (in.getNumElements() != out.getNumElements())
    return emitOpError("cannot reshape ")
           << shapeStr(in.getShape()) << " (" << in.getNumElements()
           << " elements) into " << shapeStr(out.getShape()) << " ("
           << out.getNumElements() << " elements)";
  return success();
}

LogicalResult TransposeOp::verify() {
  auto in = getOperand().getType();
  auto perm = getPermutation();
  if (failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if ((int64_t)perm.size() != in.getRank())
    return emitOpError("permutation has ")
           << perm.size() << " entries for rank " << in.getRank();
  if (failed(checkDims(*this, perm, in.getRank(), "permutation entry")))
    return failure();
  SmallVector<int64_t> expected;
  for (int64_t p : perm)
    expected.push_back(in.getDimSize(p));
  return expectShape(*this, expected);
}

LogicalResult ReverseOp::verify() {
  return checkDims(*this, getDimensions(), getType().getRank(), "dimension");
}

LogicalResult SliceOp::verify() {
  auto in = getOperand().getType();
  auto start = getStartIndices(), limit = getLimitIndices(),
       strides = getStrides();
  if (failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if ((int64_t)start.size() != in.getRank() ||
      (int64_t)limit.size() != in.getRank() ||
      (int64_t)strides.size() != in.getRank())
    return emitOpError("start, limit and strides need one entry per operand "
                       "dimension (")
           << in.getRank() << ")";
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < in.getRank(); ++i) {
    if (start[i] < 0 || limit[i] > in.getDimSize(i) || start[i] > limit[i] ||
        strides[i] <= 0)
      return emitOpError("slice [")
             << start[i] << ":" << limit[i] << ":" << strides[i]
             << "] is invalid for dimension " << i << " of size "
             << in.getDimSize(i);
    // ceil((limit - start) / stride), without overflow at large strides.
    int64_t span = limit[i] - start[i];
    expected.push_back(span == 0 ? 0 : (span - 1) / strides[i] + 1);
  }
  if (failed(expectShape(*this, expected)))
    return failure();
  // XLA computes (limit - start + stride - 1) / stride and aborts when the
  // sum overflows (a dimension of size -1).
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (!llvm::checkedAdd(limit[i] - start[i], strides[i] - 1))
      return emitOpError("stride ")
             << strides[i] << " of dimension " << i
             << " overflows XLA's size arithmetic: (limit - start) + stride "
                "- 1 exceeds int64";
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto in = getOperand().getType();
  auto sizes = getSliceSizes();
  if (failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if ((int64_t)getStartIndices().size() != in.getRank() ||
      (int64_t)sizes.size() != in.getRank())
    return emitOpError("needs one start index and one slice size per operand "
                       "dimension (")
           << in.getRank() << ")";
  if (failed(checkOneIndexType(*this, getStartIndices())))
    return failure();
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (sizes[i] < 0 || sizes[i] > in.getDimSize(i))
      return emitOpError("slice size ") << sizes[i] << " does not fit dimension "
                                        << i << " of size " << in.getDimSize(i);
  return expectShape(*this, sizes);
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto in = getOperand().getType(), upd = getUpdate().getType();
  if (failed(expectElementType(*this, getUpdate(), in.getElementType(),
                               "update")))
    return failure();
  if (upd.getRank() != in.getRank() ||
      (int64_t)getStartIndices().size() != in.getRank())
    return emitOpError("update and start indices must match the operand's "
                       "rank ")
           << in.getRank();
  if (failed(checkOneIndexType(*this, getStartIndices())))
    return failure();
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (upd.getDimSize(i) > in.getDimSize(i))
      return emitOpError("update dimension ") << i << " of size "
                                              << upd.getDimSize(i)
                                              << " exceeds the operand's "
                                              << in.getDimSize(i);
  return success();
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto first = tensorType(getInputs()[0]);
  int64_t dim = getDimension();
  if (dim < 0 || dim >= first.getRank())
    return emitOpError("dimension ") << dim << " is out of range for rank "
                                     << first.getRank();
  SmallVector<int64_t> expected(first.getShape());
  std::optional<int64_t> joined = 0;
  for (Value v : getInputs()) {
    auto t = tensorType(v);
    if (failed(expectElementType(*this, v, first.getElementType(), "input")))
      return failure();
    if (t.getRank() != first.getRank())
      return emitOpError("inputs must have one rank");
    for (int64_t i = 0; i < t.getRank(); ++i)
      if (i != dim && t.getDimSize(i) != first.getDimSize(i))
        return emitOpError("inputs differ in dimension ")
               << i << " (" << first.getDimSize(i) << " vs "
               << t.getDimSize(i) << ")";
    if (joined)
      joined = llvm::checkedAdd(*joined, t.getDimSize(dim));
  }
  if (!joined)
    return emitOpError("the joined dimension ") << dim << " overflows int64";
  expected[dim] = *joined;
  if (failed(expectElementType(*this, getResult(), first.getElementType(),
                               "result")))
    return failure();
  return expectShape(*this, expected);
}

LogicalResult PadOp::verify() {
  auto in = getOperand().getType();
  auto lo = getEdgePaddingLow(), hi = getEdgePaddingHigh(),
       interior = getInteriorPadding();
  if (failed(expectElementType(*this, getPaddingValue(), in.getElementType(),
                               "padding value")) ||
      failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  if ((int64_t)lo.size() != in.getRank() ||
      (int64_t)hi.size() != in.getRank() ||
      (int64_t)interior.size() != in.getRank())
    return emitOpError("needs low, high and interior padding per operand "
                       "dimension (")
           << in.getRank() << ")";
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < in.getRank(); ++i) {
    if (interior[i] < 0)
      return emitOpError("interior padding must be non-negative");
    // n + lo + hi + (n - 1) * interior, failing on overflow (StableHLO's
    // verifier wraps around, and XLA then rejects or aborts).
    int64_t n = in.getDimSize(i);
    std::optional<int64_t> size =
        llvm::checkedMul(std::max<int64_t>(n - 1, 0), interior[i]);
    for (int64_t term : {n, lo[i], hi[i]})
      if (size)
        size = llvm::checkedAdd(*size, term);
    if (!size)
      return emitOpError("padding overflows the size of dimension ") << i;
    if (*size < 0)
      return emitOpError("padding makes dimension ") << i << " negative";
    expected.push_back(*size);
  }
  return expectShape(*this, expected);
}

//===----------------------------------------------------------------------===//
// Folds
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType() &&
      llvm::equal(getBroadcastDimensions(),
                  llvm::seq<int64_t>(0, getType().getRank())))
    return getOperand();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  if (auto inner = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(inner.getOperand());
    return getResult();
  }
  if (auto dense = llvm::dyn_cast_if_present<DenseElementsAttr>(adaptor.getOperand()))
    return dense.reshape(getType());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  if (llvm::equal(getPermutation(), llvm::seq<int64_t>(0, getType().getRank())))
    return getOperand();
  return {};
}

OpFoldResult ReverseOp::fold(FoldAdaptor) {
  // Reversing nothing, or only dimensions of size 1, changes nothing.
  if (llvm::all_of(getDimensions(),
                   [&](int64_t d) { return getType().getDimSize(d) == 1; }))
    return getOperand();
  if (auto inner = getOperand().getDefiningOp<ReverseOp>())
    if (inner.getDimensions() == getDimensions())
      return inner.getOperand();
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return {};
}
