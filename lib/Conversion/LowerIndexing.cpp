//===- LowerIndexing.cpp - StableHLO rules of dot_general, gather, ... ----===//
//
// dot_general, gather, scatter and sort: their dimension numbers become
// StableHLO's attributes, gather and scatter's out-of-bounds modes become
// index arithmetic (clip, fill_or_drop), scatter's kind its update body,
// and sort gets JAX's comparator (NaNs last, -0.0 before 0.0). Tests:
// test/lit/Conversion/convert-jxp-to-stablehlo/indexing.mlir.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"
#include "Dialect/Utils.h"

using namespace mlir;
using namespace mlir::jxp;

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
    hlo::buildMonoidBody(b, loc, all->getRegion(0), ReduceKind::And, b.getI1Type());
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
