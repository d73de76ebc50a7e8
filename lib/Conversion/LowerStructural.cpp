//===- LowerStructural.cpp - StableHLO rules of structural ops -*- C++ -*-===//
//
// The ops whose StableHLO form differs from their jxp form: monoids become
// reduce bodies, modes become index arithmetic, sort gets JAX's comparator.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
RankedTensorType tensorType(Value v) {
  return llvm::cast<RankedTensorType>(v.getType());
}

/// StableHLO's name for the binary op of a monoid.
StringRef monoidOp(ReduceKind kind) {
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

Attribute monoidIdentity(ReduceKind kind, Type elt) {
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

/// Fills `region` with `^bb0(%a, %b): return %a <op> %b`.
void buildMonoidBody(OpBuilder &b, Location loc, Region &region,
                     ReduceKind kind, Type elt) {
  OpBuilder::InsertionGuard guard(b);
  Block *body = hlo::addScalarBody(b, region, {elt, elt}, loc);
  Value x = body->getArgument(0), y = body->getArgument(1);
  Value r = kind == ReduceKind::Max || kind == ReduceKind::Min
                ? hlo::maxOrMin(b, loc, x, y, kind == ReduceKind::Max)
                : hlo::op(b, loc, monoidOp(kind), {x, y}, hlo::scalarType(elt));
  hlo::ret(b, loc, r);
}

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
  Value init = hlo::constant(b, loc, monoidIdentity(kind, type.getElementType()));
  Operation *rw = hlo::create(
      b, loc, "reduce_window", {x, init}, type,
      {b.getNamedAttr("window_dimensions", b.getDenseI64ArrayAttr(window)),
       b.getNamedAttr("window_strides", b.getDenseI64ArrayAttr(ones)),
       b.getNamedAttr("base_dilations", b.getDenseI64ArrayAttr(ones)),
       b.getNamedAttr("window_dilations", b.getDenseI64ArrayAttr(ones)),
       b.getNamedAttr("padding",
                      DenseIntElementsAttr::get(padType, ArrayRef(padding)))},
      1);
  buildMonoidBody(b, loc, rw->getRegion(0), kind, type.getElementType());
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

namespace {
// Cephes' Chebyshev coefficients of exp(-x) I0(x), for |x| <= 8 (in
// 0.5|x| - 2) and above (in 32/|x| - 2). Single precision uses the last
// 18 and 7 of them, as Cephes' float version (and JAX) do.
constexpr double kI0eBelow8[] = {
    -4.41534164647933937950E-18, 3.33079451882223809783E-17,
    -2.43127984654795469359E-16, 1.71539128555513303061E-15,
    -1.16853328779934516808E-14, 7.67618549860493561688E-14,
    -4.85644678311192946090E-13, 2.95505266312963983461E-12,
    -1.72682629144155570723E-11, 9.67580903537323691224E-11,
    -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8,  6.04699502254191894932E-8,
    -2.67079385394061173391E-7,  1.11738753912010371815E-6,
    -4.41673835845875056359E-6,  1.64484480707288970893E-5,
    -5.75419501008210370398E-5,  1.88502885095841655729E-4,
    -5.76375574538582365885E-4,  1.63947561694133579842E-3,
    -4.32430999505057594430E-3,  1.05464603945949983183E-2,
    -2.37374148058994688156E-2,  4.93052842396707084878E-2,
    -9.49010970480476444210E-2,  1.71620901522208775349E-1,
    -3.04682672343198398683E-1,  6.76795274409476084995E-1};
constexpr double kI0eAbove8[] = {
    -7.23318048787475395456E-18, -4.83050448594418207126E-18,
    4.46562142029675999901E-17,  3.46122286769746109310E-17,
    -2.82762398051658348494E-16, -3.42548561967721913462E-16,
    1.77256013305652638360E-15,  3.81168066935262242075E-15,
    -9.55484669882830764870E-15, -4.15056934728722208663E-14,
    1.54008621752140982691E-14,  3.85277838274214270114E-13,
    7.18012445138366623367E-13,  -1.79417853150680611778E-12,
    -1.32158118404477131188E-11, -3.14991652796324136454E-11,
    1.18891471078464383424E-11,  4.94060238822496958910E-10,
    3.39623202570838634515E-9,   2.26666899049817806459E-8,
    2.04891858946906374183E-7,   2.89137052083475648297E-6,
    6.88975834691682398426E-5,   3.36911647825569408990E-3,
    8.04490411014108831608E-1};

/// Clenshaw's recurrence b0 = x b1 - b2 + c over `coeffs`; (b0 - b2) / 2.
Value chebyshev(OpBuilder &b, Location loc, Value x, ArrayRef<double> coeffs) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  Type elt = type.getElementType();
  auto splat = [&](double v) {
    return hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, v)),
                          type, {});
  };
  Value b0 = splat(0), b1 = splat(0), b2 = splat(0);
  for (double c : coeffs) {
    b2 = b1;
    b1 = b0;
    Value xb1 = hlo::op(b, loc, "multiply", {x, b1}, type);
    b0 = hlo::op(b, loc, "add",
                 {hlo::op(b, loc, "subtract", {xb1, b2}, type), splat(c)},
                 type);
  }
  return hlo::op(b, loc, "multiply",
                 {splat(0.5), hlo::op(b, loc, "subtract", {b0, b2}, type)},
                 type);
}
} // namespace

LogicalResult BesselI0eOp::lowerToStableHLO(OpBuilder &b,
                                            SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getType();
  Type elt = type.getElementType();
  bool wide = elt.isF64();
  // Half precisions compute in float32 (the coefficients need it).
  auto work = wide ? type : type.clone(b.getF32Type());
  Value x = getOperand();
  if (work != type)
    x = hlo::op(b, loc, "convert", {x}, work);
  auto splat = [&](double v) {
    return hlo::broadcast(
        b, loc, hlo::constant(b, loc, hlo::scalarAttr(work.getElementType(), v)),
        work, {});
  };
  ArrayRef<double> below(kI0eBelow8), above(kI0eAbove8);
  if (!wide) {
    below = below.take_back(18);
    above = above.take_back(7);
  }
  Value ax = hlo::op(b, loc, "abs", {x}, work);
  Value near = chebyshev(
      b, loc,
      hlo::op(b, loc, "subtract",
              {hlo::op(b, loc, "multiply", {splat(0.5), ax}, work), splat(2)},
              work),
      below);
  Value far = hlo::op(
      b, loc, "divide",
      {chebyshev(b, loc,
                 hlo::op(b, loc, "subtract",
                         {hlo::op(b, loc, "divide", {splat(32), ax}, work),
                          splat(2)},
                         work),
                 above),
       hlo::op(b, loc, "sqrt", {ax}, work)},
      work);
  Value le8 = hlo::compare(b, loc, ax, splat(8), "LE");
  Value result = hlo::op(b, loc, "select", {le8, near, far}, work);
  if (work != type)
    result = hlo::op(b, loc, "convert", {result}, type);
  results.push_back(result);
  return success();
}

LogicalResult SignOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  Type elt = getType().getElementType();
  if (!elt.isUnsignedInteger())
    return lowerByName(*this, "stablehlo.sign", b, results);
  Value zero = hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 0)),
                              getType(), {});
  Value one = hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 1)),
                             getType(), {});
  Value isZero = hlo::compare(b, loc, getOperand(), zero, "EQ");
  results.push_back(hlo::op(b, loc, "select", {isZero, zero, one}, getType()));
  return success();
}

LogicalResult RoundOp::lowerToStableHLO(OpBuilder &b,
                                        SmallVectorImpl<Value> &results) {
  StringRef name = getRoundingMethod() == RoundingMethod::away_from_zero
                       ? "round_nearest_afz"
                       : "round_nearest_even";
  results.push_back(hlo::op(b, getLoc(), name, getOperand(), getType()));
  return success();
}

LogicalResult MaxOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  results.push_back(hlo::maxOrMin(b, getLoc(), getLhs(), getRhs(), true));
  return success();
}

LogicalResult MinOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  results.push_back(hlo::maxOrMin(b, getLoc(), getLhs(), getRhs(), false));
  return success();
}

LogicalResult CompareOp::lowerToStableHLO(OpBuilder &b,
                                          SmallVectorImpl<Value> &results) {
  StringRef type = getCompareType()
                       ? stringifyComparisonType(*getCompareType())
                       : StringRef();
  StringRef dir = stringifyComparisonDirection(getComparisonDirection());
  bool ordered = getComparisonDirection() != ComparisonDirection::EQ &&
                 getComparisonDirection() != ComparisonDirection::NE;
  Value lhs = getLhs(), rhs = getRhs();
  if (ordered && llvm::isa<ComplexType>(getLhs().getType().getElementType()))
    results.push_back(hlo::compareComplex(b, getLoc(), lhs, rhs, dir));
  else
    results.push_back(hlo::compare(b, getLoc(), lhs, rhs, dir, type));
  return success();
}

LogicalResult ReduceOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  Type elt = getType().getElementType();
  Value init = hlo::constant(b, loc, monoidIdentity(getKind(), elt));
  Operation *reduce = hlo::create(
      b, loc, "reduce", {getOperand(), init}, getType(),
      {b.getNamedAttr("dimensions", b.getDenseI64ArrayAttr(getDimensions()))},
      1);
  buildMonoidBody(b, loc, reduce->getRegion(0), getKind(), elt);
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

LogicalResult DotGeneralOp::lowerToStableHLO(OpBuilder &b,
                                             SmallVectorImpl<Value> &results) {
  std::string dnums = "#stablehlo.dot<";
  auto field = [&](StringRef name, ArrayRef<int64_t> v) {
    if (v.empty())
      return;
    if (dnums.back() != '<')
      dnums += ", ";
    dnums += (name + " = " + hlo::list(v)).str();
  };
  field("lhs_batching_dimensions", getLhsBatchingDimensions());
  field("rhs_batching_dimensions", getRhsBatchingDimensions());
  field("lhs_contracting_dimensions", getLhsContractingDimensions());
  field("rhs_contracting_dimensions", getRhsContractingDimensions());
  dnums += ">";
  results.push_back(hlo::op(
      b, getLoc(), "dot_general", {getLhs(), getRhs()}, getType(),
      {b.getNamedAttr("dot_dimension_numbers", hlo::attr(getContext(), dnums))}));
  return success();
}

/// Builds "#stablehlo.<kind><a = [..], ..., index_vector_dim = N>", leaving
/// out empty lists as StableHLO's printer does.
static std::string dimensionNumbers(
    StringRef kind, ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists,
    int64_t indexVectorDim) {
  std::string s = ("#stablehlo." + kind + "<").str();
  for (auto [name, values] : lists)
    if (!values.empty())
      s += (name + " = " + hlo::list(values) + ", ").str();
  return s + "index_vector_dim = " + std::to_string(indexVectorDim) + ">";
}

LogicalResult GatherOp::lowerToStableHLO(OpBuilder &b,
                                         SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  MLIRContext *ctx = getContext();
  std::string dnums = dimensionNumbers(
      "gather",
      {{"offset_dims", getOffsetDims()},
       {"collapsed_slice_dims", getCollapsedSliceDims()},
       {"operand_batching_dims", getOperandBatchingDims()},
       {"start_indices_batching_dims", getStartIndicesBatchingDims()},
       {"start_index_map", getStartIndexMap()}},
      getIndexVectorDim());
  Value gathered = hlo::op(
      b, loc, "gather", {getOperand(), getStartIndices()}, getType(),
      {b.getNamedAttr("dimension_numbers", hlo::attr(ctx, dnums)),
       b.getNamedAttr("slice_sizes", b.getDenseI64ArrayAttr(getSliceSizes())),
       b.getNamedAttr("indices_are_sorted", b.getBoolAttr(getIndicesAreSorted()))});
  if (getMode() != GatherScatterMode::fill_or_drop) {
    // StableHLO's gather clamps start indices, which is what clip asks for.
    results.push_back(gathered);
    return success();
  }

  // fill_or_drop: a slice whose start is not within [0, dim - size] in every
  // indexed dimension yields the fill value.
  auto idxType = getStartIndices().getType();
  Type idxElt = idxType.getElementType();
  int64_t ivd = getIndexVectorDim(), idxRank = idxType.getRank();
  auto operandShape = getOperand().getType().getShape();
  SmallVector<int64_t> upper;
  for (int64_t d : getStartIndexMap())
    upper.push_back(operandShape[d] - getSliceSizes()[d]);
  Value idx = getStartIndices();
  auto predType = RankedTensorType::get(idxType.getShape(), b.getI1Type());
  Value upperV;
  if (ivd == idxRank) {
    upperV = hlo::broadcast(b, loc,
                            hlo::constant(b, loc, hlo::scalarAttr(idxElt, upper[0])),
                            idxType, {});
  } else {
    auto vecType = RankedTensorType::get({(int64_t)upper.size()}, idxElt);
    SmallVector<Attribute> elems;
    for (int64_t u : upper)
      elems.push_back(llvm::cast<DenseElementsAttr>(hlo::scalarAttr(idxElt, u))
                          .getSplatValue<Attribute>());
    Value vec = hlo::constant(b, loc, DenseElementsAttr::get(vecType, elems));
    upperV = hlo::broadcast(b, loc, vec, idxType, {ivd});
  }
  Value zero = hlo::broadcast(
      b, loc, hlo::constant(b, loc, hlo::scalarAttr(idxElt, 0)), idxType, {});
  Value inBounds = hlo::op(b, loc, "and",
                           {hlo::compare(b, loc, idx, zero, "GE"),
                            hlo::compare(b, loc, idx, upperV, "LE")},
                           predType);
  SmallVector<int64_t> batchShape;
  for (int64_t i = 0; i < idxRank; ++i)
    if (i != ivd)
      batchShape.push_back(idxType.getDimSize(i));
  Value mask = inBounds;
  if (ivd != idxRank) {
    Value init = hlo::constant(b, loc, hlo::scalarAttr(b.getI1Type(), 1));
    Operation *all = hlo::create(
        b, loc, "reduce", {inBounds, init},
        RankedTensorType::get(batchShape, b.getI1Type()),
        {b.getNamedAttr("dimensions", b.getDenseI64ArrayAttr({ivd}))}, 1);
    buildMonoidBody(b, loc, all->getRegion(0), ReduceKind::And, b.getI1Type());
    mask = all->getResult(0);
  }
  SmallVector<int64_t> batchDims;
  for (int64_t i = 0; i < getType().getRank(); ++i)
    if (!llvm::is_contained(getOffsetDims(), i))
      batchDims.push_back(i);
  auto resultPred = RankedTensorType::get(getType().getShape(), b.getI1Type());
  Value fullMask = hlo::broadcast(b, loc, mask, resultPred, batchDims);
  Type elt = getType().getElementType();
  Attribute fill;
  if (auto given = getFillValueAttr())
    fill = DenseElementsAttr::get(hlo::scalarType(elt), given);
  else if (llvm::isa<FloatType, ComplexType>(elt))
    fill = hlo::scalarAttr(elt, std::nan(""));
  else if (elt.isUnsignedInteger() || elt.isInteger(1))
    fill = hlo::highestAttr(elt);
  else
    fill = hlo::lowestAttr(elt);
  Value fillV = hlo::broadcast(b, loc, hlo::constant(b, loc, fill), getType(), {});
  results.push_back(
      hlo::op(b, loc, "select", {fullMask, gathered, fillV}, getType()));
  return success();
}

LogicalResult ScatterOp::lowerToStableHLO(OpBuilder &b,
                                          SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  MLIRContext *ctx = getContext();
  Value indices = getScatterIndices();
  if (getMode() == GatherScatterMode::clip) {
    // Clamp each start so that the whole window lands in the operand.
    auto operandShape = getOperand().getType().getShape();
    auto updShape = getUpdates().getType().getShape();
    SmallVector<int64_t> windowSize(operandShape.size(), 1);
    size_t w = 0;
    for (size_t d = 0; d < operandShape.size(); ++d)
      if (!llvm::is_contained(getInsertedWindowDims(), (int64_t)d) &&
          !llvm::is_contained(getOperandBatchingDims(), (int64_t)d))
        windowSize[d] = updShape[getUpdateWindowDims()[w++]];
    auto idxType = getScatterIndices().getType();
    Type idxElt = idxType.getElementType();
    int64_t ivd = getIndexVectorDim();
    SmallVector<Attribute> elems;
    for (int64_t d : getScatterDimsToOperandDims())
      elems.push_back(llvm::cast<DenseElementsAttr>(
                          hlo::scalarAttr(idxElt, operandShape[d] - windowSize[d]))
                          .getSplatValue<Attribute>());
    Value upper;
    if (ivd == idxType.getRank()) {
      upper = hlo::broadcast(
          b, loc,
          hlo::constant(b, loc, DenseElementsAttr::get(hlo::scalarType(idxElt),
                                                       elems[0])),
          idxType, {});
    } else {
      auto vecType = RankedTensorType::get({(int64_t)elems.size()}, idxElt);
      upper = hlo::broadcast(
          b, loc, hlo::constant(b, loc, DenseElementsAttr::get(vecType, elems)),
          idxType, {ivd});
    }
    Value zero = hlo::constant(b, loc, hlo::scalarAttr(idxElt, 0));
    indices = hlo::op(b, loc, "clamp", {zero, indices, upper}, idxType);
  }
  std::string dnums = dimensionNumbers(
      "scatter",
      {{"update_window_dims", getUpdateWindowDims()},
       {"inserted_window_dims", getInsertedWindowDims()},
       {"input_batching_dims", getOperandBatchingDims()},
       {"scatter_indices_batching_dims", getScatterIndicesBatchingDims()},
       {"scatter_dims_to_operand_dims", getScatterDimsToOperandDims()}},
      getIndexVectorDim());
  Operation *scatter = hlo::create(
      b, loc, "scatter", {getOperand(), indices, getUpdates()}, getType(),
      {b.getNamedAttr("scatter_dimension_numbers", hlo::attr(ctx, dnums)),
       b.getNamedAttr("indices_are_sorted", b.getBoolAttr(getIndicesAreSorted())),
       b.getNamedAttr("unique_indices", b.getBoolAttr(getUniqueIndices()))},
      1);
  {
    OpBuilder::InsertionGuard guard(b);
    Type elt = getType().getElementType();
    Block *body = hlo::addScalarBody(b, scatter->getRegion(0), {elt, elt}, loc);
    Value old = body->getArgument(0), upd = body->getArgument(1);
    Value r;
    switch (getKind()) {
    case ScatterKind::Set: r = upd; break;
    case ScatterKind::Add: r = hlo::op(b, loc, "add", {old, upd}, old.getType()); break;
    case ScatterKind::Mul: r = hlo::op(b, loc, "multiply", {old, upd}, old.getType()); break;
    case ScatterKind::Min: r = hlo::maxOrMin(b, loc, old, upd, false); break;
    case ScatterKind::Max: r = hlo::maxOrMin(b, loc, old, upd, true); break;
    }
    hlo::ret(b, loc, r);
  }
  results.push_back(scatter->getResult(0));
  return success();
}

LogicalResult SortOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  SmallVector<Type> elts;
  for (Value v : getInputs())
    elts.push_back(tensorType(v).getElementType());
  Operation *sort = hlo::create(
      b, loc, "sort", getInputs(), getResultTypes(),
      {b.getNamedAttr("dimension", b.getI64IntegerAttr(getDimension())),
       b.getNamedAttr("is_stable", b.getBoolAttr(getIsStable()))},
      1);
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Type> argTypes;
  for (Type t : elts)
    argTypes.append({t, t});
  Block *body = hlo::addScalarBody(b, sort->getRegion(0), argTypes, loc);
  Type i1 = hlo::scalarType(b.getI1Type());
  // JAX's order for floats: -0.0 equals 0.0 and every NaN is one value that
  // sorts last under TOTALORDER.
  auto canonical = [&](Value v) -> Value {
    Type elt = tensorType(v).getElementType();
    if (!llvm::isa<FloatType>(elt))
      return v;
    Value zero = hlo::constant(b, loc, hlo::scalarAttr(elt, 0));
    Value nan = hlo::constant(b, loc, hlo::scalarAttr(elt, std::nan("")));
    v = hlo::op(b, loc, "select", {hlo::compare(b, loc, v, zero, "EQ"), zero, v},
                v.getType());
    return hlo::op(b, loc, "select", {hlo::compare(b, loc, v, v, "NE"), nan, v},
                   v.getType());
  };
  auto orderType = [&](Type elt) -> StringRef {
    return llvm::isa<FloatType>(elt) ? "TOTALORDER" : hlo::compareType(elt);
  };
  // The keys compared in turn: a complex key is its real part, then its
  // imaginary part (JAX's order; XLA has none on complex numbers).
  SmallVector<std::pair<Value, Value>> keys;
  for (int64_t k = 0; k < (int64_t)getNumKeys(); ++k) {
    Value x = body->getArgument(2 * k), y = body->getArgument(2 * k + 1);
    if (!llvm::isa<ComplexType>(elts[k])) {
      keys.push_back({x, y});
      continue;
    }
    for (StringRef part : {"real", "imag"})
      keys.push_back({hlo::complexPart(b, loc, x, part),
                      hlo::complexPart(b, loc, y, part)});
  }
  // Lexicographic: lt(k) = x_k < y_k or (x_k == y_k and lt(k + 1)).
  Value lt;
  for (auto [xk, yk] : llvm::reverse(keys)) {
    Value x = canonical(xk), y = canonical(yk);
    StringRef type = orderType(tensorType(x).getElementType());
    Value less = hlo::compare(b, loc, x, y, "LT", type);
    if (lt) {
      Value eq = hlo::compare(b, loc, x, y, "EQ", type);
      less = hlo::op(b, loc, "or",
                     {less, hlo::op(b, loc, "and", {eq, lt}, i1)}, i1);
    }
    lt = less;
  }
  hlo::ret(b, loc, lt);
  llvm::append_range(results, sort->getResults());
  return success();
}
