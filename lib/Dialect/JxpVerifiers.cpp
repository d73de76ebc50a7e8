//===- JxpVerifiers.cpp - shape and type rules of jxp ops -------*- C++ -*-===//
//
// The verifiers state each op's shape rule, so IR built by hand or by a
// buggy pass is rejected with a message naming the broken rule.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "llvm/ADT/StringSet.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
RankedTensorType tensorType(Value v) {
  return llvm::cast<RankedTensorType>(v.getType());
}

/// Checks that `dims` are distinct dimensions of an array of rank `rank`.
LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims, int64_t rank,
                        StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError() << what << " " << d
                               << " is out of range for rank " << rank;
    if (!seen.insert(d).second)
      return op->emitOpError() << what << " " << d << " appears twice";
  }
  return success();
}

std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

LogicalResult expectShape(Operation *op, ArrayRef<int64_t> expected) {
  auto actual = tensorType(op->getResult(0)).getShape();
  if (actual != expected)
    return op->emitOpError() << "result shape " << shapeStr(actual)
                             << " should be " << shapeStr(expected);
  return success();
}

LogicalResult expectElementType(Operation *op, Value v, Type expected,
                                StringRef what) {
  Type actual = tensorType(v).getElementType();
  if (actual != expected)
    return op->emitOpError() << what << " element type " << actual
                             << " should be " << expected;
  return success();
}

/// The lower-rank operand (min/max of clamp, pred of select) has the
/// operand's shape or is a scalar.
LogicalResult checkScalarOrSameShape(Operation *op, Value v, Value like,
                                     StringRef what) {
  auto t = tensorType(v);
  if (t.getRank() != 0 && t.getShape() != tensorType(like).getShape())
    return op->emitOpError() << what << " must be a scalar or have shape "
                             << shapeStr(tensorType(like).getShape());
  return success();
}

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
// Arrays
//===----------------------------------------------------------------------===//

/// Bytes XLA stores per element (a boolean takes one; a complex number two
/// floats); 1 for types that are no array elements (constraints reject them).
static int64_t elementBytes(Type elt) {
  if (auto complex = llvm::dyn_cast<ComplexType>(elt))
    return 2 * elementBytes(complex.getElementType());
  // XLA's CPU compiler computes f16 and bf16 arrays as f32 ones, and fails
  // on an array whose f32 form would overflow (found by the fuzzer).
  if (llvm::isa<FloatType>(elt) && elt.getIntOrFloatBitWidth() == 16)
    return 4;
  if (llvm::isa<IntegerType, FloatType>(elt))
    return (elt.getIntOrFloatBitWidth() + 7) / 8;
  return 1;
}

LogicalResult
mlir::jxp::verifyArrayType(Type type,
                           function_ref<InFlightDiagnostic()> emitError) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  if (!tensor.hasStaticShape())
    return emitError() << "has dynamic shape " << type
                       << ": jxp arrays have static shapes";
  if (Attribute enc = tensor.getEncoding()) {
    // The only encoding jxp gives a tensor: its varying manual axes.
    auto names = llvm::dyn_cast<ArrayAttr>(enc);
    llvm::StringSet<> seen;
    bool ok = names && !names.empty();
    for (Attribute a : ok ? names.getValue() : ArrayRef<Attribute>()) {
      auto name = llvm::dyn_cast<StringAttr>(a);
      ok = ok && name && !name.getValue().empty() &&
           seen.insert(name.getValue()).second;
    }
    if (!ok)
      return emitError() << "has encoding " << enc
                         << ", which is no list of varying manual axes "
                            "(distinct, non-empty names)";
  }
  // XLA multiplies the sizes in order, then by the element size, and aborts
  // on an overflow even when a later size is 0: so do we, without the abort.
  std::optional<int64_t> bytes = elementBytes(tensor.getElementType());
  std::optional<int64_t> elements = 1;
  for (int64_t d : tensor.getShape()) {
    if (bytes)
      bytes = llvm::checkedMul(*bytes, std::max<int64_t>(d, 1));
    if (elements)
      elements = llvm::checkedMul(*elements, std::max<int64_t>(d, 1));
  }
  if (!bytes)
    return emitError() << "of type " << type
                       << " would hold 2^63 bytes or more, more than XLA "
                          "can address";
  // XLA's compiler also aborts (std::bad_alloc) on an array of more than
  // 2^62 elements, even of fewer bytes (an i8 or i1 array).
  if (!elements || *elements > (int64_t(1) << 62))
    return emitError() << "of type " << type
                       << " would hold more than 2^62 elements, more than "
                          "XLA can compile";
  return success();
}

LogicalResult mlir::jxp::verifyArrayTypes(Operation *op) {
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (failed(verifyArrayType(v.getType(), [&, i = i] {
          return op->emitOpError() << "operand #" << i << " ";
        })))
      return failure();
  for (auto [i, v] : llvm::enumerate(op->getResults()))
    if (failed(verifyArrayType(v.getType(), [&, i = i] {
          return op->emitOpError() << "result #" << i << " ";
        })))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
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

LogicalResult AbsOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  // Runs before the operand's type is verified (the custom form is parsed
  // through it).
  auto type = operands.size() == 1
                  ? llvm::dyn_cast<RankedTensorType>(operands[0].getType())
                  : RankedTensorType();
  if (!type)
    return emitOptionalError(loc, "jxp.abs takes one ranked tensor");
  Type elt = type.getElementType();
  if (auto complex = llvm::dyn_cast<ComplexType>(elt))
    elt = complex.getElementType();
  inferred.push_back(type.clone(elt));
  return success();
}

namespace {
/// The type of real(z) and imag(z): z's shape, the complex's element type.
/// Like abs's, it runs before the operand's type is verified; an operand
/// that is not complex keeps its type here, and the ODS constraints name
/// the broken rule.
LogicalResult inferComplexPart(StringRef name, std::optional<Location> loc,
                               ValueRange operands,
                               SmallVectorImpl<Type> &inferred) {
  auto type = operands.size() == 1
                  ? llvm::dyn_cast<RankedTensorType>(operands[0].getType())
                  : RankedTensorType();
  if (!type)
    return emitOptionalError(loc, name, " takes one ranked tensor");
  Type elt = type.getElementType();
  if (auto complex = llvm::dyn_cast<ComplexType>(elt))
    elt = complex.getElementType();
  inferred.push_back(type.clone(elt));
  return success();
}
} // namespace

LogicalResult RealOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  return inferComplexPart("jxp.real", loc, operands, inferred);
}

LogicalResult ImagOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  return inferComplexPart("jxp.imag", loc, operands, inferred);
}

LogicalResult ComplexOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto type = operands.size() == 2
                  ? llvm::dyn_cast<RankedTensorType>(operands[0].getType())
                  : RankedTensorType();
  if (!type)
    return emitOptionalError(loc, "jxp.complex takes two ranked tensors");
  // Parts of another type are rejected by the ODS constraints, which run
  // after this; here they only must not make an invalid complex type.
  Type elt = type.getElementType();
  if (!llvm::isa<FloatType, IntegerType>(elt))
    return emitOptionalError(loc, "jxp.complex parts must be f32 or f64, got ",
                             elt);
  inferred.push_back(type.clone(ComplexType::get(elt)));
  return success();
}

LogicalResult CompareOp::verify() {
  if (!getCompareType())
    return success();
  // StableHLO allows one compare type per element type, except that floats
  // may also compare in TOTALORDER.
  Type elt = getLhs().getType().getElementType();
  ComparisonType natural =
      llvm::isa<FloatType, ComplexType>(elt) ? ComparisonType::FLOAT
      : elt.isUnsignedInteger() || elt.isInteger(1) ? ComparisonType::UNSIGNED
                                                    : ComparisonType::SIGNED;
  ComparisonType given = *getCompareType();
  if (given != natural &&
      !(given == ComparisonType::TOTALORDER && llvm::isa<FloatType>(elt)))
    return emitOpError("compare type ")
           << stringifyComparisonType(given)
           << " does not apply to element type " << elt;
  return success();
}

LogicalResult SelectOp::verify() {
  return checkScalarOrSameShape(*this, getPred(), getOnTrue(), "pred");
}

LogicalResult ClampOp::verify() {
  Type elt = getOperand().getType().getElementType();
  for (auto [v, what] : {std::pair{getMin(), "min"}, {getMax(), "max"}})
    if (failed(expectElementType(*this, v, elt, what)) ||
        failed(checkScalarOrSameShape(*this, v, getOperand(), what)))
      return failure();
  return success();
}

/// Bits of one element; a complex number holds two floats.
static unsigned elementBits(Type elt) {
  if (auto complex = llvm::dyn_cast<ComplexType>(elt))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return elt.getIntOrFloatBitWidth();
}

LogicalResult BitcastConvertOp::verify() {
  auto in = getOperand().getType(), out = getType();
  // As in JAX (and XLA): booleans and complex numbers have no bit pattern
  // to share with other types.
  auto special = [](Type t) {
    return llvm::isa<ComplexType>(t) || t.isInteger(1);
  };
  if ((special(in.getElementType()) || special(out.getElementType())) &&
      in.getElementType() != out.getElementType())
    return emitOpError("bool and complex elements only bitcast to their own "
                       "type, not ")
           << in.getElementType() << " to " << out.getElementType();
  unsigned inBits = elementBits(in.getElementType());
  unsigned outBits = elementBits(out.getElementType());
  SmallVector<int64_t> expected(in.getShape());
  if (inBits > outBits) {
    if (inBits % outBits)
      return emitOpError("bit widths ") << inBits << " and " << outBits
                                        << " do not divide";
    expected.push_back(inBits / outBits);
  } else if (inBits < outBits) {
    if (outBits % inBits || expected.empty() ||
        expected.back() != outBits / inBits)
      return emitOpError("operand's last dimension must be ")
             << outBits / inBits << " to widen " << inBits << " to "
             << outBits << " bits";
    expected.pop_back();
  }
  return expectShape(*this, expected);
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

/// The shape left after removing `dims` from `shape`.
static SmallVector<int64_t> dropDims(ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t> dims) {
  SmallVector<int64_t> out;
  for (auto [i, d] : llvm::enumerate(shape))
    if (!llvm::is_contained(dims, (int64_t)i))
      out.push_back(d);
  return out;
}

LogicalResult ReduceOp::verify() {
  auto in = getOperand().getType();
  if (failed(checkDims(*this, getDimensions(), in.getRank(), "dimension")) ||
      failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  bool logical = getKind() == ReduceKind::And || getKind() == ReduceKind::Or;
  if (logical && !in.getElementType().isInteger())
    return emitOpError("'") << stringifyReduceKind(getKind())
                            << "' needs integer or boolean elements";
  return expectShape(*this, dropDims(in.getShape(), getDimensions()));
}

template <typename Op>
static LogicalResult verifyArgReduce(Op op) {
  auto in = op.getOperand().getType();
  int64_t axis = op.getAxis();
  // As in JAX; XLA's constant folder aborts on the comparison the lowering
  // would make.
  if (llvm::isa<ComplexType>(in.getElementType()))
    return op.emitOpError("complex numbers have no order to find an extreme "
                          "of");
  if (axis < 0 || axis >= in.getRank())
    return op.emitOpError("axis ")
           << axis << " is out of range for rank " << in.getRank();
  return expectShape(op, dropDims(in.getShape(), {axis}));
}
LogicalResult ArgMaxOp::verify() { return verifyArgReduce(*this); }
LogicalResult ArgMinOp::verify() { return verifyArgReduce(*this); }

template <typename Op>
static LogicalResult verifyCumulative(Op op) {
  int64_t rank = op.getType().getRank(), axis = op.getAxis();
  if (axis < 0 || axis >= rank)
    return op.emitOpError("axis ") << axis << " is out of range for rank "
                                   << rank;
  // The scan is a reduce_window over the axis padded with n - 1 elements
  // (as JAX lowers it): 2n - 1 must fit in int64, and the padded array be
  // one XLA can compile.
  int64_t n = op.getType().getDimSize(axis);
  if (n > (int64_t(1) << 62))
    return op.emitOpError("axis ")
           << axis << " of size " << n
           << " is too long to scan: padded to 2n - 1 it overflows int64";
  SmallVector<int64_t> padded(op.getType().getShape());
  padded[axis] = std::max<int64_t>(2 * n - 1, 0);
  return verifyArrayType(op.getType().clone(padded), [&] {
    return op.emitOpError("axis ")
           << axis << " of size " << n
           << " is too long to scan: padded to 2n - 1, the array ";
  });
}
LogicalResult CumsumOp::verify() { return verifyCumulative(*this); }
LogicalResult CumprodOp::verify() { return verifyCumulative(*this); }
LogicalResult CummaxOp::verify() { return verifyCumulative(*this); }
LogicalResult CumminOp::verify() { return verifyCumulative(*this); }

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

LogicalResult CholeskyOp::verify() {
  auto type = getType();
  if (type.getRank() < 2 ||
      type.getDimSize(type.getRank() - 1) != type.getDimSize(type.getRank() - 2))
    return emitOpError("operand must be a (batch of) square matrices, got ")
           << type;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = getA().getType(), b = getB().getType();
  int64_t rank = a.getRank();
  if (rank < 2 || a.getDimSize(rank - 1) != a.getDimSize(rank - 2))
    return emitOpError("a must be a (batch of) square matrices, got ") << a;
  if (a.getElementType() != b.getElementType() || b.getRank() != rank ||
      a.getShape().drop_back(2) != b.getShape().drop_back(2))
    return emitOpError("a and b must have one element type and the same "
                       "batch dimensions, got ")
           << a << " and " << b;
  int64_t n = a.getDimSize(rank - 1);
  int64_t solved = getLeftSide() ? b.getDimSize(rank - 2)
                                 : b.getDimSize(rank - 1);
  if (solved != n)
    return emitOpError("b's ") << (getLeftSide() ? "rows" : "columns")
                               << " (" << solved
                               << ") must match a's order (" << n << ")";
  if (getTransposeA() > 2)
    return emitOpError("transpose_a must be 0 (none), 1 (transpose) or 2 "
                       "(adjoint)");
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

LogicalResult Threefry2x32Op::verify() {
  auto key = getKey0().getType();
  if (key.getRank() != 0 && key.getShape() != getX0().getType().getShape())
    return emitOpError("keys must be scalars or have the counters' shape ")
           << shapeStr(getX0().getType().getShape());
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  // The two state forms JAX passes: 4 words of 32 bits or 2 of 64.
  RankedTensorType state = getState().getType();
  unsigned width = state.getElementType().getIntOrFloatBitWidth();
  if (state.getShape() != ArrayRef<int64_t>{width == 32 ? 4 : 2})
    return emitOpError("state must be tensor<4xui32> or tensor<2xui64>, got ")
           << state;
  return success();
}

LogicalResult RngUniformOp::verify() {
  if (getLow().getType().getRank() != 0)
    return emitOpError("low and high must be scalars, got ")
           << getLow().getType();
  if (getResult().getType().getElementType() !=
      getLow().getType().getElementType())
    return emitOpError("result element type ")
           << getResult().getType().getElementType()
           << " differs from the bounds' "
           << getLow().getType().getElementType();
  return success();
}
