//===- LowerReduction.cpp - StableHLO rules of reductions and scans -------===//
//
// reduce becomes a StableHLO reduce over its monoid's body; argmax/argmin
// a variadic reduce over values and indices; the cumulative ops the
// reduce_window JAX uses on CPU. Tests:
// test/lit/Conversion/convert-jxp-to-stablehlo/reduction.mlir.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"
#include "Dialect/Utils.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// Lowers a cumulative op to the reduce_window JAX uses on CPU: a window of
/// the whole axis, padded so that window i ends at element i.
LogicalResult lowerCumulative(Operation *op, ReduceKind kind, int64_t axis,
                              bool reverse, OpBuilder &b,
                              SmallVectorImpl<Value> &results) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  auto type = tensorType(x);
  int64_t rank = type.getRank(), n = type.getDimSize(axis);
  if (n <= 1) {
    results.push_back(x);
    return success();
  }
  SmallVector<int64_t> window(rank, 1), ones(rank, 1), padding(2 * rank, 0);
  window[axis] = n;
  padding[2 * axis + (reverse ? 1 : 0)] = n - 1;
  auto padType = RankedTensorType::get({rank, 2}, b.getI64Type());
  Value init = hlo::constant(b, loc, hlo::monoidIdentity(kind, type.getElementType()));
  Operation *rw = hlo::create(
      b, loc, "reduce_window", {x, init}, type,
      {b.getNamedAttr("window_dimensions", b.getDenseI64ArrayAttr(window)),
       b.getNamedAttr("window_strides", b.getDenseI64ArrayAttr(ones)),
       b.getNamedAttr("base_dilations", b.getDenseI64ArrayAttr(ones)),
       b.getNamedAttr("window_dilations", b.getDenseI64ArrayAttr(ones)),
       b.getNamedAttr("padding",
                      DenseIntElementsAttr::get(padType, ArrayRef(padding)))},
      1);
  hlo::buildMonoidBody(b, loc, rw->getRegion(0), kind, type.getElementType());
  results.push_back(rw->getResult(0));
  return success();
}

/// argmax/argmin as JAX lowers them: a two-operand reduce carrying (value,
/// index) that keeps the first extreme value, NaN counting as extreme.
LogicalResult lowerArgReduce(Operation *op, bool isMax, int64_t axis,
                             OpBuilder &b, SmallVectorImpl<Value> &results) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  auto type = tensorType(x);
  auto resultType = tensorType(op->getResult(0));
  Type elt = type.getElementType(), idxElt = resultType.getElementType();
  Value iota = hlo::op(b, loc, "iota", {},
                       RankedTensorType::get(type.getShape(), idxElt),
                       {b.getNamedAttr("iota_dimension", b.getI64IntegerAttr(axis))});
  Value initVal = hlo::constant(b, loc, isMax ? hlo::lowestAttr(elt)
                                              : hlo::highestAttr(elt));
  Value initIdx = hlo::constant(b, loc, hlo::scalarAttr(idxElt, 0));
  auto valType = RankedTensorType::get(resultType.getShape(), elt);
  Operation *reduce = hlo::create(
      b, loc, "reduce", {x, iota, initVal, initIdx}, {valType, resultType},
      {b.getNamedAttr("dimensions", b.getDenseI64ArrayAttr({axis}))}, 1);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = hlo::addScalarBody(b, reduce->getRegion(0),
                                     {elt, idxElt, elt, idxElt}, loc);
    Value av = body->getArgument(0), ai = body->getArgument(1),
          bv = body->getArgument(2), bi = body->getArgument(3);
    Value pickA = hlo::compare(b, loc, av, bv, isMax ? "GT" : "LT");
    Type i1 = hlo::scalarType(b.getI1Type());
    if (llvm::isa<FloatType>(elt))
      pickA = hlo::op(b, loc, "or",
                      {pickA, hlo::compare(b, loc, av, av, "NE")}, i1);
    Value tie = hlo::op(b, loc, "and",
                        {hlo::compare(b, loc, av, bv, "EQ"),
                         hlo::compare(b, loc, ai, bi, "LT")},
                        i1);
    Value pickIdx = hlo::op(b, loc, "or", {pickA, tie}, i1);
    Value v = hlo::op(b, loc, "select", {pickA, av, bv}, av.getType());
    Value i = hlo::op(b, loc, "select", {pickIdx, ai, bi}, ai.getType());
    hlo::ret(b, loc, {v, i});
  }
  results.push_back(reduce->getResult(1));
  return success();
}
} // namespace

LogicalResult ReduceOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  Type elt = getType().getElementType();
  Value init = hlo::constant(b, loc, hlo::monoidIdentity(getKind(), elt));
  Operation *reduce = hlo::create(
      b, loc, "reduce", {getOperand(), init}, getType(),
      {b.getNamedAttr("dimensions", b.getDenseI64ArrayAttr(getDimensions()))},
      1);
  hlo::buildMonoidBody(b, loc, reduce->getRegion(0), getKind(), elt);
  results.push_back(reduce->getResult(0));
  return success();
}

LogicalResult ArgMaxOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  return lowerArgReduce(*this, /*isMax=*/true, getAxis(), b, results);
}
LogicalResult ArgMinOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  return lowerArgReduce(*this, /*isMax=*/false, getAxis(), b, results);
}

LogicalResult CumsumOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  return lowerCumulative(*this, ReduceKind::Sum, getAxis(), getReverse(), b,
                         results);
}
LogicalResult CumprodOp::lowerToStableHLO(OpBuilder &b,
                                          SmallVectorImpl<Value> &results) {
  return lowerCumulative(*this, ReduceKind::Prod, getAxis(), getReverse(), b,
                         results);
}
LogicalResult CummaxOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  return lowerCumulative(*this, ReduceKind::Max, getAxis(), getReverse(), b,
                         results);
}
LogicalResult CumminOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  return lowerCumulative(*this, ReduceKind::Min, getAxis(), getReverse(), b,
                         results);
}
