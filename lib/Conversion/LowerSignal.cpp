//===- LowerSignal.cpp - StableHLO rules of FFT, conv, windows --*- C++ -*-===//
//
// One StableHLO op each, with JAX's attributes: fft, convolution,
// reduce_window (pooling, and the pairwise reduction that gathers the
// tangent at each window's maximum), select_and_scatter, and jaxlib's CPU
// callback custom call.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// (low, high) pairs, flattened, as StableHLO's tensor<Nx2xi64> padding.
Attribute paddingAttr(Builder &b, ArrayRef<int64_t> flat) {
  auto type = RankedTensorType::get({int64_t(flat.size() / 2), 2},
                                    b.getI64Type());
  return DenseIntElementsAttr::get(type, flat);
}

std::string dimsList(ArrayRef<int64_t> dims) { return hlo::list(dims); }

/// The window attributes of reduce_window.
template <typename OpT>
SmallVector<NamedAttribute> windowAttrs(Builder &b, OpT op) {
  return {b.getNamedAttr("window_dimensions",
                         b.getDenseI64ArrayAttr(op.getWindowDimensions())),
          b.getNamedAttr("window_strides",
                         b.getDenseI64ArrayAttr(op.getWindowStrides())),
          b.getNamedAttr("padding", paddingAttr(b, op.getPadding())),
          b.getNamedAttr("base_dilations",
                         b.getDenseI64ArrayAttr(op.getBaseDilation())),
          b.getNamedAttr("window_dilations",
                         b.getDenseI64ArrayAttr(op.getWindowDilation()))};
}

/// The identity of max (`isMax`) or min pooling: the padding value.
Attribute extremeIdentity(Type elt, bool isMax) {
  return isMax ? hlo::lowestAttr(elt) : hlo::highestAttr(elt);
}
} // namespace

LogicalResult FftOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  NamedAttribute attrs[] = {
      b.getNamedAttr("fft_type",
                     hlo::attr(ctx, ("#stablehlo<fft_type " +
                                     stringifyFftType(getFftType()) + ">")
                                        .str())),
      b.getNamedAttr("fft_length", b.getDenseI64ArrayAttr(getFftLength())),
  };
  results.push_back(
      hlo::op(b, getLoc(), "fft", getOperand(), getType(), attrs));
  return success();
}

LogicalResult ConvOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  auto L = getLhsSpec(), R = getRhsSpec(), O = getOutSpec();
  std::string dn;
  llvm::raw_string_ostream os(dn);
  os << "#stablehlo.conv<raw input_batch_dimension = " << L[0]
     << ", input_feature_dimension = " << L[1]
     << ", input_spatial_dimensions = " << dimsList(L.drop_front(2))
     << ", kernel_input_feature_dimension = " << R[1]
     << ", kernel_output_feature_dimension = " << R[0]
     << ", kernel_spatial_dimensions = " << dimsList(R.drop_front(2))
     << ", output_batch_dimension = " << O[0]
     << ", output_feature_dimension = " << O[1]
     << ", output_spatial_dimensions = " << dimsList(O.drop_front(2)) << ">";
  NamedAttribute attrs[] = {
      b.getNamedAttr("window_strides",
                     b.getDenseI64ArrayAttr(getWindowStrides())),
      b.getNamedAttr("padding", paddingAttr(b, getPadding())),
      b.getNamedAttr("lhs_dilation", b.getDenseI64ArrayAttr(getLhsDilation())),
      b.getNamedAttr("rhs_dilation", b.getDenseI64ArrayAttr(getRhsDilation())),
      b.getNamedAttr("dimension_numbers", hlo::attr(b.getContext(), dn)),
      b.getNamedAttr("feature_group_count",
                     b.getI64IntegerAttr(getFeatureGroupCount())),
      b.getNamedAttr("batch_group_count",
                     b.getI64IntegerAttr(getBatchGroupCount())),
  };
  results.push_back(hlo::op(b, getLoc(), "convolution", {getLhs(), getRhs()},
                            getType(), attrs));
  return success();
}

LogicalResult ReduceWindowOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  Type elt = getType().getElementType();
  ReduceKind kind = getKind();
  Attribute init = kind == ReduceKind::Sum
                       ? hlo::scalarAttr(elt, 0)
                       : extremeIdentity(elt, kind == ReduceKind::Max);
  Operation *rw = hlo::create(b, loc, "reduce_window",
                              {getOperand(), hlo::constant(b, loc, init)},
                              {getType()}, windowAttrs(b, *this), 1);
  OpBuilder::InsertionGuard guard(b);
  Block *body = hlo::addScalarBody(b, rw->getRegion(0), {elt, elt}, loc);
  Value x = body->getArgument(0), y = body->getArgument(1);
  hlo::ret(b, loc,
           kind == ReduceKind::Sum
               ? hlo::op(b, loc, "add", {x, y}, x.getType())
               : hlo::maxOrMin(b, loc, x, y, kind == ReduceKind::Max));
  results.push_back(rw->getResult(0));
  return success();
}

LogicalResult SelectAndGatherAddOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  // One reduce_window over (operand, tangent) pairs keeping the pair whose
  // operand wins: the tangent rides along with the selected element.
  Location loc = getLoc();
  Type elt = getType().getElementType();
  bool isMax = getSelectMax();
  Value inits[] = {hlo::constant(b, loc, extremeIdentity(elt, isMax)),
                   hlo::constant(b, loc, hlo::scalarAttr(elt, 0))};
  Operation *rw = hlo::create(
      b, loc, "reduce_window", {getOperand(), getTangent(), inits[0], inits[1]},
      {getType(), getType()}, windowAttrs(b, *this), 1);
  OpBuilder::InsertionGuard guard(b);
  Block *body =
      hlo::addScalarBody(b, rw->getRegion(0), {elt, elt, elt, elt}, loc);
  Value ax = body->getArgument(0), at = body->getArgument(1),
        bx = body->getArgument(2), bt = body->getArgument(3);
  Value pick = hlo::compare(b, loc, ax, bx, isMax ? "GE" : "LE");
  hlo::ret(b, loc,
           {hlo::op(b, loc, "select", {pick, ax, bx}, ax.getType()),
            hlo::op(b, loc, "select", {pick, at, bt}, at.getType())});
  results.push_back(rw->getResult(1));
  return success();
}

LogicalResult SelectAndScatterAddOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  // As JAX on CPU: the padding becomes explicit elements holding the
  // selection's identity (XLA's own padding here crashes XLA:CPU and
  // selects differently among windows of identities).
  Location loc = getLoc();
  RankedTensorType type = getType();
  Type elt = type.getElementType();
  int64_t r = type.getRank();
  ArrayRef<int64_t> pads = getPadding();
  SmallVector<int64_t> lo, hi, padded;
  for (int64_t d = 0; d < r; ++d) {
    lo.push_back(pads[2 * d]);
    hi.push_back(pads[2 * d + 1]);
    padded.push_back(type.getDimSize(d) + lo[d] + hi[d]);
  }
  auto paddedType = type.clone(padded);
  Value operand = getOperand();
  bool anyPad = llvm::any_of(pads, [](int64_t p) { return p != 0; });
  if (anyPad)
    operand = hlo::op(
        b, loc, "pad",
        {operand, hlo::constant(b, loc, extremeIdentity(elt, getSelectMax()))},
        paddedType,
        {b.getNamedAttr("edge_padding_low", b.getDenseI64ArrayAttr(lo)),
         b.getNamedAttr("edge_padding_high", b.getDenseI64ArrayAttr(hi)),
         b.getNamedAttr("interior_padding",
                        b.getDenseI64ArrayAttr(SmallVector<int64_t>(r, 0)))});
  NamedAttribute attrs[] = {
      b.getNamedAttr("window_dimensions",
                     b.getDenseI64ArrayAttr(getWindowDimensions())),
      b.getNamedAttr("window_strides",
                     b.getDenseI64ArrayAttr(getWindowStrides())),
      b.getNamedAttr("padding",
                     paddingAttr(b, SmallVector<int64_t>(2 * r, 0))),
  };
  Operation *ss = hlo::create(
      b, loc, "select_and_scatter",
      {operand, getSource(), hlo::constant(b, loc, hlo::scalarAttr(elt, 0))},
      {paddedType}, attrs, 2);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *select = hlo::addScalarBody(b, ss->getRegion(0), {elt, elt}, loc);
    hlo::ret(b, loc,
             hlo::compare(b, loc, select->getArgument(0),
                          select->getArgument(1),
                          getSelectMax() ? "GE" : "LE"));
    Block *scatter = hlo::addScalarBody(b, ss->getRegion(1), {elt, elt}, loc);
    hlo::ret(b, loc,
             hlo::op(b, loc, "add",
                     {scatter->getArgument(0), scatter->getArgument(1)},
                     hlo::scalarType(elt)));
  }
  Value out = ss->getResult(0);
  if (anyPad) {
    SmallVector<int64_t> limit;
    for (int64_t d = 0; d < r; ++d)
      limit.push_back(lo[d] + type.getDimSize(d));
    out = hlo::op(b, loc, "slice", {out}, type,
                  {b.getNamedAttr("start_indices", b.getDenseI64ArrayAttr(lo)),
                   b.getNamedAttr("limit_indices",
                                  b.getDenseI64ArrayAttr(limit)),
                   b.getNamedAttr("strides", b.getDenseI64ArrayAttr(
                                                 SmallVector<int64_t>(r, 1)))});
  }
  results.push_back(out);
  return success();
}

LogicalResult HostCallbackOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  // `index` is the callable's id here; the runtime renumbers the ids of a
  // module to positions in the host_callbacks list it compiles it with.
  auto u64 = IntegerType::get(b.getContext(), 64, IntegerType::Unsigned);
  SmallVector<NamedAttribute> attrs = {
      b.getNamedAttr("call_target_name",
                     b.getStringAttr("xla_ffi_python_cpu_callback")),
      b.getNamedAttr("api_version", b.getI32IntegerAttr(4)),
      b.getNamedAttr("backend_config",
                     b.getDictionaryAttr(b.getNamedAttr(
                         "index", b.getIntegerAttr(u64, getCallbackId())))),
  };
  if (getHasSideEffect())
    attrs.push_back(b.getNamedAttr("has_side_effect", b.getBoolAttr(true)));
  Operation *call = hlo::create(b, getLoc(), "custom_call", getArgs(),
                                getResultTypes(), attrs);
  llvm::append_range(results, call->getResults());
  return success();
}
