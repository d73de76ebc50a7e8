//===- LoweringHelpers.cpp - building unregistered StableHLO ----*- C++ -*-===//
//
// The definitions of the helpers StableHLOBuilder.h declares.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

#include "mlir/AsmParser/AsmParser.h"

using namespace mlir;
using namespace mlir::jxp;

Operation *hlo::create(OpBuilder &b, Location loc, StringRef name,
                       ValueRange operands, TypeRange results,
                       ArrayRef<NamedAttribute> attrs, unsigned numRegions) {
  OperationState state(loc, ("stablehlo." + name).str());
  state.addOperands(operands);
  state.addTypes(results);
  state.addAttributes(attrs);
  for (unsigned i = 0; i < numRegions; ++i)
    state.addRegion();
  return b.create(state);
}

Value hlo::op(OpBuilder &b, Location loc, StringRef name, ValueRange operands,
              Type result, ArrayRef<NamedAttribute> attrs) {
  return create(b, loc, name, operands, result, attrs)->getResult(0);
}

Attribute hlo::attr(MLIRContext *ctx, StringRef text) {
  Attribute a = parseAttribute(text, ctx);
  assert(a && "malformed StableHLO attribute text");
  return a;
}

std::string hlo::list(ArrayRef<int64_t> values) {
  std::string s = "[";
  for (auto [i, v] : llvm::enumerate(values))
    s += (i ? ", " : "") + std::to_string(v);
  return s + "]";
}

RankedTensorType hlo::scalarType(Type elt) {
  return RankedTensorType::get({}, elt);
}

static Attribute floatOrInt(Type elt, double value, bool lowest,
                            bool highest) {
  auto type = hlo::scalarType(elt);
  if (auto ft = llvm::dyn_cast<FloatType>(elt)) {
    APFloat v(value);
    if (lowest || highest) {
      v = APFloat::getInf(ft.getFloatSemantics(), lowest);
    } else {
      bool lost;
      v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    }
    return DenseElementsAttr::get(type, v);
  }
  if (auto ct = llvm::dyn_cast<ComplexType>(elt)) {
    // Complex numbers order by real part first (XLA's max and min): the
    // extremes are -inf and +inf with a zero imaginary part, as JAX's
    // identities of max and min.
    auto &sem = llvm::cast<FloatType>(ct.getElementType()).getFloatSemantics();
    APFloat re(value), im(0.0);
    bool lost;
    re.convert(sem, APFloat::rmNearestTiesToEven, &lost);
    im.convert(sem, APFloat::rmNearestTiesToEven, &lost);
    if (lowest || highest)
      re = APFloat::getInf(sem, lowest);
    return DenseElementsAttr::get(type, {std::complex<APFloat>(re, im)});
  }
  unsigned width = elt.getIntOrFloatBitWidth();
  bool isUnsigned = elt.isUnsignedInteger() || width == 1;
  APInt v;
  if (lowest)
    v = isUnsigned ? APInt::getMinValue(width) : APInt::getSignedMinValue(width);
  else if (highest)
    v = isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
  else
    v = APInt(width, (int64_t)value, /*isSigned=*/!isUnsigned,
              /*implicitTrunc=*/true);
  return DenseElementsAttr::get(type, v);
}

Attribute hlo::scalarAttr(Type elt, double value) {
  return floatOrInt(elt, value, false, false);
}
Attribute hlo::lowestAttr(Type elt) { return floatOrInt(elt, 0, true, false); }
Attribute hlo::highestAttr(Type elt) {
  return floatOrInt(elt, 0, false, true);
}

Value hlo::constant(OpBuilder &b, Location loc, Attribute value) {
  auto typed = llvm::cast<TypedAttr>(value);
  return op(b, loc, "constant", {}, typed.getType(),
            {b.getNamedAttr("value", value)});
}

Value hlo::broadcast(OpBuilder &b, Location loc, Value v, RankedTensorType to,
                     ArrayRef<int64_t> dims) {
  return op(b, loc, "broadcast_in_dim", v, to,
            {b.getNamedAttr("broadcast_dimensions", b.getDenseI64ArrayAttr(dims))});
}

StringRef hlo::compareType(Type elt) {
  if (llvm::isa<FloatType, ComplexType>(elt))
    return "FLOAT";
  if (elt.isUnsignedInteger() || elt.isInteger(1))
    return "UNSIGNED";
  return "SIGNED";
}

Value hlo::compare(OpBuilder &b, Location loc, Value lhs, Value rhs,
                   StringRef dir, StringRef type) {
  auto lt = llvm::cast<RankedTensorType>(lhs.getType());
  if (type.empty())
    type = compareType(lt.getElementType());
  MLIRContext *ctx = b.getContext();
  return op(b, loc, "compare", {lhs, rhs},
            RankedTensorType::get(lt.getShape(), b.getI1Type()),
            {b.getNamedAttr("comparison_direction",
                            attr(ctx, ("#stablehlo<comparison_direction " + dir +
                                       ">").str())),
             b.getNamedAttr("compare_type",
                            attr(ctx, ("#stablehlo<comparison_type " + type +
                                       ">").str()))});
}

Value hlo::complexPart(OpBuilder &b, Location loc, Value v, StringRef part) {
  auto type = llvm::cast<RankedTensorType>(v.getType());
  Type real = llvm::cast<ComplexType>(type.getElementType()).getElementType();
  return op(b, loc, part, v, type.clone(real));
}

Value hlo::compareComplex(OpBuilder &b, Location loc, Value x, Value y,
                          StringRef dir) {
  Value rx = complexPart(b, loc, x, "real");
  Value ry = complexPart(b, loc, y, "real");
  Value ix = complexPart(b, loc, x, "imag");
  Value iy = complexPart(b, loc, y, "imag");
  Value sameReal = compare(b, loc, rx, ry, "EQ");
  Value byImag = compare(b, loc, ix, iy, dir);
  Value byReal = compare(b, loc, rx, ry, dir);
  return op(b, loc, "select", {sameReal, byImag, byReal}, byReal.getType());
}

Value hlo::maxOrMin(OpBuilder &b, Location loc, Value x, Value y, bool isMax) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (!llvm::isa<ComplexType>(type.getElementType()))
    return op(b, loc, isMax ? "maximum" : "minimum", {x, y}, type);
  Value pickX = compareComplex(b, loc, x, y, isMax ? "GT" : "LT");
  return op(b, loc, "select", {pickX, x, y}, type);
}

Block *hlo::addScalarBody(OpBuilder &b, Region &region, TypeRange eltTypes,
                          Location loc) {
  Block *block = new Block();
  region.push_back(block);
  for (Type t : eltTypes)
    block->addArgument(scalarType(t), loc);
  b.setInsertionPointToStart(block);
  return block;
}

void hlo::ret(OpBuilder &b, Location loc, ValueRange values) {
  create(b, loc, "return", values, {});
}

/// StableHLO's name for the binary op of a monoid.
static StringRef monoidOp(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Sum: return "add";
  case ReduceKind::Prod: return "multiply";
  case ReduceKind::Max: return "maximum";
  case ReduceKind::Min: return "minimum";
  case ReduceKind::And: return "and";
  case ReduceKind::Or: return "or";
  }
  llvm_unreachable("unknown reduce kind");
}

Attribute hlo::monoidIdentity(ReduceKind kind, Type elt) {
  switch (kind) {
  case ReduceKind::Sum: return hlo::scalarAttr(elt, 0);
  case ReduceKind::Prod: return hlo::scalarAttr(elt, 1);
  case ReduceKind::Max: return hlo::lowestAttr(elt);
  case ReduceKind::Min: return hlo::highestAttr(elt);
  case ReduceKind::And: return hlo::scalarAttr(elt, -1);
  case ReduceKind::Or: return hlo::scalarAttr(elt, 0);
  }
  llvm_unreachable("unknown reduce kind");
}

void hlo::buildMonoidBody(OpBuilder &b, Location loc, Region &region,
                     ReduceKind kind, Type elt) {
  OpBuilder::InsertionGuard guard(b);
  Block *body = hlo::addScalarBody(b, region, {elt, elt}, loc);
  Value x = body->getArgument(0), y = body->getArgument(1);
  Value r = kind == ReduceKind::Max || kind == ReduceKind::Min
                ? hlo::maxOrMin(b, loc, x, y, kind == ReduceKind::Max)
                : hlo::op(b, loc, monoidOp(kind), {x, y}, hlo::scalarType(elt));
  hlo::ret(b, loc, r);
}

LogicalResult jxp::lowerByName(Operation *op, StringRef hloName, OpBuilder &b,
                               SmallVectorImpl<Value> &results) {
  OperationState state(op->getLoc(), hloName);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  // Inherent attributes (properties) and discardable ones alike.
  state.addAttributes(op->getAttrDictionary().getValue());
  Operation *created = b.create(state);
  llvm::append_range(results, created->getResults());
  return success();
}
