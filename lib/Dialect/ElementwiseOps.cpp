//===- ElementwiseOps.cpp - the elementwise ops -----------------*- C++ -*-===//
//
// Unary and binary arithmetic, the parts of complex numbers, compare,
// select, clamp and the conversions: their result-type inference, their
// verifiers (operand shapes and element types, bit widths of a bitcast) and
// their folds. Folds are only those exact in IEEE arithmetic and free to
// check: identities (x + -0.0, x - 0, x * 1, a no-op convert) and integer or
// float constant arithmetic. Dead code needs no fold: every jxp op is Pure.
// Tests: test/lit/Dialect/{ops,invalid}_elementwise.mlir,
// test/lit/Transforms/canonicalize/folds.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::jxp;

//===----------------------------------------------------------------------===//
// Type inference and verifiers
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Folds
//===----------------------------------------------------------------------===//

namespace {
/// True if `attr` is a splat constant whose every element is `value`; for
/// floats, `value` must match bit for bit (so -0.0 and 0.0 differ).
bool isSplatOf(Attribute attr, double value) {
  auto splat = llvm::dyn_cast_if_present<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  Type elt = splat.getElementType();
  if (auto ft = llvm::dyn_cast<FloatType>(elt)) {
    APFloat v(value);
    bool lost;
    v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return splat.getSplatValue<APFloat>().bitwiseIsEqual(v);
  }
  if (elt.isInteger() && !elt.isInteger(1))
    return splat.getSplatValue<APInt>().getSExtValue() == (int64_t)value;
  return false;
}

template <typename IntFn, typename FloatFn>
Attribute foldArith(ArrayRef<Attribute> operands, Type type, IntFn intFn,
                    FloatFn floatFn) {
  Type elt = getElementTypeOrSelf(type);
  if (llvm::isa<FloatType>(elt))
    return constFoldBinaryOp<FloatAttr>(operands, type, floatFn);
  if (elt.isInteger() && !elt.isInteger(1))
    return constFoldBinaryOp<IntegerAttr>(operands, type, intFn);
  return {};
}
} // namespace

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 is x for integers; for floats only x + -0.0 is (0.0 + -0.0 = 0.0).
  bool isFloat = llvm::isa<FloatType>(getType().getElementType());
  if (isSplatOf(adaptor.getRhs(), isFloat ? -0.0 : 0.0))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), isFloat ? -0.0 : 0.0))
    return getRhs();
  return foldArith(
      adaptor.getOperands(), getType(),
      [](const APInt &a, const APInt &b) { return a + b; },
      [](const APFloat &a, const APFloat &b) { return a + b; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0.0))
    return getLhs();
  return foldArith(
      adaptor.getOperands(), getType(),
      [](const APInt &a, const APInt &b) { return a - b; },
      [](const APFloat &a, const APFloat &b) { return a - b; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1.0))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), 1.0))
    return getRhs();
  return foldArith(
      adaptor.getOperands(), getType(),
      [](const APInt &a, const APInt &b) { return a * b; },
      [](const APFloat &a, const APFloat &b) { return a * b; });
}

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getOperand().getDefiningOp<NegOp>())
    return inner.getOperand();
  return {};
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse())
    return getOnTrue();
  if (auto pred = llvm::dyn_cast_if_present<SplatElementsAttr>(adaptor.getPred()))
    return pred.getSplatValue<bool>() ? getOnTrue() : getOnFalse();
  return {};
}

OpFoldResult ConvertOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return {};
}
