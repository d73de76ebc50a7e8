//===- LowerLinalg.cpp - StableHLO rules of linear-algebra ops -*- C++ -*-===//
//
// Factorizations have no StableHLO op; on CPU they are LAPACK custom calls
// (typed FFI, API version 4), exactly the calls JAX emits, so results match
// JAX bit for bit. The runtime registers jaxlib's LAPACK targets.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// LAPACK is column-major: the last two dimensions are the most minor, in
/// swapped order, then the batch dimensions from minor to major.
Attribute matrixLayout(Builder &b, int64_t rank) {
  SmallVector<int64_t> minorToMajor = {rank - 2, rank - 1};
  for (int64_t d = rank - 3; d >= 0; --d)
    minorToMajor.push_back(d);
  return DenseIntElementsAttr::get(
      RankedTensorType::get({rank}, b.getIndexType()), minorToMajor);
}

Attribute rowMajorLayout(Builder &b, int64_t rank) {
  SmallVector<int64_t> minorToMajor;
  for (int64_t d = rank - 1; d >= 0; --d)
    minorToMajor.push_back(d);
  return DenseIntElementsAttr::get(
      RankedTensorType::get({rank}, b.getIndexType()), minorToMajor);
}

/// "s" or "d": LAPACK's prefix for the element type.
StringRef lapackPrefix(Type elt) { return elt.isF32() ? "s" : "d"; }
} // namespace

LogicalResult CholeskyOp::lowerToStableHLO(OpBuilder &b,
                                           SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  MLIRContext *ctx = b.getContext();
  RankedTensorType type = getType();
  Type elt = type.getElementType();
  int64_t rank = type.getRank(), batch = rank - 2;
  auto infoType = RankedTensorType::get(type.getShape().drop_back(2),
                                        b.getI32Type());

  // potrf factors in place; `info` is 0 where the matrix was positive
  // definite. uplo = 'L' (76) reads and writes the lower triangle.
  NamedAttribute attrs[] = {
      b.getNamedAttr("call_target_name",
                     b.getStringAttr(("lapack_" + lapackPrefix(elt) +
                                      "potrf_ffi").str())),
      b.getNamedAttr("api_version", b.getI32IntegerAttr(4)),
      b.getNamedAttr(
          "backend_config",
          b.getDictionaryAttr(b.getNamedAttr(
              "uplo", b.getIntegerAttr(IntegerType::get(ctx, 8,
                                                        IntegerType::Unsigned),
                                       76)))),
      b.getNamedAttr("operand_layouts",
                     b.getArrayAttr({matrixLayout(b, rank)})),
      b.getNamedAttr("result_layouts",
                     b.getArrayAttr({matrixLayout(b, rank),
                                     rowMajorLayout(b, batch)})),
      b.getNamedAttr("mhlo.frontend_attributes",
                     b.getDictionaryAttr(b.getNamedAttr(
                         "num_batch_dims",
                         b.getStringAttr(std::to_string(batch))))),
  };
  Operation *potrf = hlo::create(b, loc, "custom_call", getOperand(),
                                 {type, infoType}, attrs);

  // Failed factorizations become NaN, as in JAX.
  auto i32 = b.getI32Type();
  Value zero = hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(i32, 0)),
                              infoType, {});
  Value ok = hlo::compare(b, loc, potrf->getResult(1), zero, "EQ");
  SmallVector<int64_t> batchDims = llvm::to_vector(llvm::seq<int64_t>(0, batch));
  auto predType = RankedTensorType::get(type.getShape(), b.getI1Type());
  Value okFull = hlo::broadcast(b, loc, ok, predType, batchDims);
  Value nan = hlo::broadcast(
      b, loc,
      hlo::constant(b, loc,
                    hlo::scalarAttr(elt, std::numeric_limits<double>::quiet_NaN())),
      type, {});
  Value factor =
      hlo::op(b, loc, "select", {okFull, potrf->getResult(0), nan}, type);

  // LAPACK leaves the upper triangle as it was: zero it.
  auto indexType = RankedTensorType::get(type.getShape(), i32);
  auto iota = [&](int64_t dim) {
    return hlo::op(b, loc, "iota", {}, indexType,
                   b.getNamedAttr("iota_dimension", b.getI64IntegerAttr(dim)));
  };
  Value lower = hlo::compare(b, loc, iota(rank - 2), iota(rank - 1), "GE");
  Value zeros = hlo::broadcast(
      b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 0)), type, {});
  results.push_back(
      hlo::op(b, loc, "select", {lower, factor, zeros}, type));
  return success();
}

LogicalResult TriangularSolveOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  RankedTensorType type = getType();
  int64_t rank = type.getRank();
  auto u8 = IntegerType::get(b.getContext(), 8, IntegerType::Unsigned);
  auto ch = [&](char c) { return b.getIntegerAttr(u8, c); };
  static const char trans[] = {'N', 'T', 'C'};
  NamedAttribute config[] = {
      b.getNamedAttr("diag", ch(getUnitDiagonal() ? 'U' : 'N')),
      b.getNamedAttr("side", ch(getLeftSide() ? 'L' : 'R')),
      b.getNamedAttr("trans_x", ch(trans[getTransposeA()])),
      b.getNamedAttr("uplo", ch(getLower() ? 'L' : 'U')),
  };
  NamedAttribute attrs[] = {
      b.getNamedAttr("call_target_name",
                     b.getStringAttr(("lapack_" +
                                      lapackPrefix(type.getElementType()) +
                                      "trsm_ffi").str())),
      b.getNamedAttr("api_version", b.getI32IntegerAttr(4)),
      b.getNamedAttr("backend_config", b.getDictionaryAttr(config)),
      b.getNamedAttr("operand_layouts",
                     b.getArrayAttr({matrixLayout(b, rank),
                                     matrixLayout(b, rank)})),
      b.getNamedAttr("result_layouts", b.getArrayAttr({matrixLayout(b, rank)})),
      b.getNamedAttr("mhlo.frontend_attributes",
                     b.getDictionaryAttr(b.getNamedAttr(
                         "num_batch_dims",
                         b.getStringAttr(std::to_string(rank - 2))))),
  };
  results.push_back(hlo::create(b, getLoc(), "custom_call", {getA(), getB()},
                                {type}, attrs)
                        ->getResult(0));
  return success();
}
