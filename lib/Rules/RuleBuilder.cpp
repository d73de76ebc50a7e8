//===- RuleBuilder.cpp - building jxp ops in AD rules -----------*- C++ -*-===//
//
// The definitions of RuleBuilder.h: the Emitter's ops, and the rules every
// family shares (the default JVP of the NonDifferentiable and LinearJvp
// traits, re-creating an op over new operands, the not-linear error).
//
//===----------------------------------------------------------------------===//

#include "Rules/RuleBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

bool Emitter::isDifferentiable(Type t) {
  Type elt = getElementTypeOrSelf(t);
  return llvm::isa<FloatType, ComplexType>(elt);
}

Value Emitter::splat(Type type, double value) {
  auto tensor = llvm::cast<RankedTensorType>(type);
  Type elt = tensor.getElementType();
  Attribute attr;
  if (auto ft = llvm::dyn_cast<FloatType>(elt)) {
    APFloat v(value);
    bool lost;
    v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    attr = DenseElementsAttr::get(tensor, v);
  } else if (auto ct = llvm::dyn_cast<ComplexType>(elt)) {
    auto &sem = llvm::cast<FloatType>(ct.getElementType()).getFloatSemantics();
    APFloat re(value), im(0.0);
    bool lost;
    re.convert(sem, APFloat::rmNearestTiesToEven, &lost);
    im.convert(sem, APFloat::rmNearestTiesToEven, &lost);
    attr = DenseElementsAttr::get(tensor, std::complex<APFloat>(re, im));
  } else if (elt.isInteger(1)) {
    attr = DenseElementsAttr::get(tensor, value != 0);
  } else {
    attr = DenseElementsAttr::get(
        tensor, APInt(elt.getIntOrFloatBitWidth(), (int64_t)value,
                      /*isSigned=*/true));
  }
  return ConstantOp::create(b, loc, type, llvm::cast<ElementsAttr>(attr));
}

Value Emitter::neg(Value x) { return NegOp::create(b, loc, x.getType(), x); }
Value Emitter::add(Value x, Value y) {
  return AddOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::sub(Value x, Value y) {
  return SubOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::mul(Value x, Value y) {
  return MulOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::div(Value x, Value y) {
  return DivOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::rem(Value x, Value y) {
  return RemOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::max(Value x, Value y) {
  return MaxOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::pow(Value x, Value y) {
  return PowOp::create(b, loc, x.getType(), x, y);
}
Value Emitter::exp(Value x) { return ExpOp::create(b, loc, x.getType(), x); }
Value Emitter::log(Value x) { return LogOp::create(b, loc, x.getType(), x); }
Value Emitter::sin(Value x) { return SinOp::create(b, loc, x.getType(), x); }
Value Emitter::cos(Value x) { return CosOp::create(b, loc, x.getType(), x); }
Value Emitter::sign(Value x) { return SignOp::create(b, loc, x.getType(), x); }
Value Emitter::floor(Value x) { return FloorOp::create(b, loc, x.getType(), x); }
Value Emitter::abs(Value x) { return AbsOp::create(b, loc, x); }
Value Emitter::andOp(Value x, Value y) {
  return AndOp::create(b, loc, x.getType(), x, y);
}

Value Emitter::select(Value pred, Value onTrue, Value onFalse) {
  return SelectOp::create(b, loc, onTrue.getType(), pred, onTrue, onFalse);
}

Value Emitter::compare(Value x, Value y, ComparisonDirection dir) {
  auto type = RankedTensorType::get(typeOf(x).getShape(), b.getI1Type());
  return CompareOp::create(
      b, loc, type, x, y,
      ComparisonDirectionAttr::get(b.getContext(), dir), ComparisonTypeAttr());
}

Value Emitter::convert(Value x, Type elementType) {
  if (typeOf(x).getElementType() == elementType)
    return x;
  return ConvertOp::create(b, loc, typeOf(x).clone(elementType), x);
}

Value Emitter::real(Value z) { return RealOp::create(b, loc, z); }
Value Emitter::imag(Value z) { return ImagOp::create(b, loc, z); }
Value Emitter::complex(Value re, Value im) {
  return ComplexOp::create(b, loc, re, im);
}

Value Emitter::iota(RankedTensorType type, int64_t dim) {
  return IotaOp::create(b, loc, type, dim);
}

Value Emitter::broadcastInDim(Value x, RankedTensorType to,
                              ArrayRef<int64_t> dims) {
  if (x.getType() == to)
    return x;
  return BroadcastInDimOp::create(b, loc, to, x, dims);
}

Value Emitter::reshape(Value x, ArrayRef<int64_t> shape) {
  auto to = typeOf(x).clone(shape);
  if (to == x.getType())
    return x;
  return ReshapeOp::create(b, loc, to, x);
}

Value Emitter::transpose(Value x, ArrayRef<int64_t> perm) {
  auto in = typeOf(x);
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(in.getDimSize(p));
  return TransposeOp::create(b, loc, in.clone(shape), x, perm);
}

Value Emitter::reduceSum(Value x, ArrayRef<int64_t> dims) {
  if (dims.empty())
    return x;
  auto in = typeOf(x);
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < in.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(in.getDimSize(d));
  return ReduceOp::create(b, loc, in.clone(shape), x, ReduceKind::Sum, dims);
}

Value Emitter::slice(Value x, ArrayRef<int64_t> start, ArrayRef<int64_t> limit,
                     ArrayRef<int64_t> strides) {
  SmallVector<int64_t> shape;
  for (size_t i = 0; i < start.size(); ++i) {
    // ceil((limit - start) / stride), without overflow at large strides.
    int64_t span = limit[i] - start[i];
    shape.push_back(span <= 0 ? 0 : (span - 1) / strides[i] + 1);
  }
  return SliceOp::create(b, loc, typeOf(x).clone(shape), x, start, limit,
                         strides);
}

LogicalResult mlir::jxp::jvpBySameOp(Operation *op, OpBuilder &b,
                                     ArrayRef<Value> tangents,
                                     SmallVectorImpl<Value> &resultTangents,
                                     ArrayRef<unsigned> linearOperands) {
  bool any = llvm::any_of(linearOperands,
                          [&](unsigned i) { return (bool)tangents[i]; });
  if (!any || !Emitter::isDifferentiable(op->getResult(0).getType()))
    return zeroJvp(op, resultTangents);
  Emitter e(b, op->getLoc());
  // Zeros first: the clone must come after everything it reads.
  SmallVector<Value> operands(op->getOperands());
  for (unsigned i : linearOperands)
    operands[i] = e.orZeros(tangents[i], op->getOperand(i).getType());
  Operation *clone = b.clone(*op);
  clone->setOperands(operands);
  for (Value r : clone->getResults())
    resultTangents.push_back(r);
  return success();
}

LogicalResult mlir::jxp::defaultJvp(Operation *op, JvpContext &ctx) {
  if (op->hasTrait<NonDifferentiable>())
    return zeroJvp(op, ctx.results());
  if (op->hasTrait<LinearJvp>()) {
    SmallVector<unsigned> linear;
    for (OpOperand &operand : op->getOpOperands())
      if (Emitter::isDifferentiable(operand.get().getType()))
        linear.push_back(operand.getOperandNumber());
    return jvpBySameOp(op, ctx.builder(), ctx.tangents(), ctx.results(),
                       linear);
  }
  return op->emitOpError("has no JVP rule");
}

LogicalResult mlir::jxp::notLinear(Operation *op, unsigned operand) {
  return op->emitOpError("is not linear in operand #")
         << operand << ": cannot transpose it";
}

Value mlir::jxp::balancedEq(Emitter &e, Value x, Value z, Value y) {
  Value yTies = e.compare(y, z, ComparisonDirection::EQ);
  Value half = e.splat(z.getType(), 0.5);
  Value share = e.select(yTies, half, e.splat(z.getType(), 1));
  Value xAttains = e.compare(x, z, ComparisonDirection::EQ);
  return e.select(xAttains, share, e.zerosLike(z));
}

Operation *mlir::jxp::createLike(OpBuilder &b, Operation *op,
                                 ValueRange operands, TypeRange types) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(types);
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  for (unsigned k = 0; k < op->getNumRegions(); ++k)
    state.addRegion();
  Operation *created = b.create(state);
  created->copyProperties(op->getPropertiesStorage());
  return created;
}

SmallVector<int64_t> mlir::jxp::keptDims(int64_t rank,
                                         ArrayRef<int64_t> dims) {
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, d))
      kept.push_back(d);
  return kept;
}
