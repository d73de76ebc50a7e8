//===- LowerLinalg.cpp - StableHLO rules of linear-algebra ops --*- C++ -*-===//
//
// Factorizations have no StableHLO op; on CPU they are LAPACK custom calls
// (typed FFI, API version 4), exactly the calls JAX emits, so results match
// JAX bit for bit. The runtime registers jaxlib's LAPACK targets.
//
//===----------------------------------------------------------------------===//

#include "Conversion/StableHLOBuilder.h"
#include "Dialect/Utils.h"

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

/// LAPACK's prefix for the element type: s, d, c (complex<f32>), z.
StringRef lapackPrefix(Type elt) {
  if (auto c = llvm::dyn_cast<ComplexType>(elt))
    return c.getElementType().isF32() ? "c" : "z";
  return elt.isF32() ? "s" : "d";
}

/// The layout LAPACK wants for a value of `type` with `batch` leading
/// batch dimensions: matrices column-major, vectors and scalars row-major.
Attribute lapackLayout(Builder &b, RankedTensorType type, int64_t batch) {
  return type.getRank() - batch == 2 ? matrixLayout(b, type.getRank())
                                     : rowMajorLayout(b, type.getRank());
}

/// jaxlib's typed-FFI LAPACK call `lapack_<s|d><routine>_ffi` over a batch
/// of `batch` leading dimensions, with `config` as its attributes (LAPACK's
/// character flags as ui8).
Operation *lapack(OpBuilder &b, Location loc, StringRef routine, Type elt,
                  int64_t batch, ValueRange operands, TypeRange results,
                  ArrayRef<std::pair<StringRef, char>> config = {}) {
  auto u8 = IntegerType::get(b.getContext(), 8, IntegerType::Unsigned);
  SmallVector<NamedAttribute> flags;
  for (auto [name, c] : config)
    flags.push_back(b.getNamedAttr(name, b.getIntegerAttr(u8, c)));
  SmallVector<Attribute> inLayouts, outLayouts;
  for (Value v : operands)
    inLayouts.push_back(
        lapackLayout(b, llvm::cast<RankedTensorType>(v.getType()), batch));
  for (Type t : results)
    outLayouts.push_back(
        lapackLayout(b, llvm::cast<RankedTensorType>(t), batch));
  NamedAttribute attrs[] = {
      b.getNamedAttr("call_target_name",
                     b.getStringAttr(("lapack_" + lapackPrefix(elt) + routine +
                                      "_ffi").str())),
      b.getNamedAttr("api_version", b.getI32IntegerAttr(4)),
      b.getNamedAttr("backend_config", b.getDictionaryAttr(flags)),
      b.getNamedAttr("operand_layouts", b.getArrayAttr(inLayouts)),
      b.getNamedAttr("result_layouts", b.getArrayAttr(outLayouts)),
      b.getNamedAttr("mhlo.frontend_attributes",
                     b.getDictionaryAttr(b.getNamedAttr(
                         "num_batch_dims",
                         b.getStringAttr(std::to_string(batch))))),
  };
  return hlo::create(b, loc, "custom_call", operands, results, attrs);
}

RankedTensorType withShape(RankedTensorType t, ArrayRef<int64_t> batch,
                           ArrayRef<int64_t> tail) {
  SmallVector<int64_t> shape(batch);
  shape.append(tail.begin(), tail.end());
  return RankedTensorType::get(shape, t.getElementType());
}

/// `x` where `ok` (one flag per matrix of the batch) holds, NaN elsewhere:
/// what JAX returns for a failed factorization.
Value nanUnless(OpBuilder &b, Location loc, Value ok, Value x, int64_t batch) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  // (nan + 0j for complex elements, as JAX's full_like(x, nan).)
  Attribute nanAttr = hlo::scalarAttr(type.getElementType(),
                                      std::numeric_limits<double>::quiet_NaN());
  Value nan = hlo::broadcast(b, loc, hlo::constant(b, loc, nanAttr), type, {});
  auto predType = RankedTensorType::get(type.getShape(), b.getI1Type());
  Value okFull = hlo::broadcast(
      b, loc, ok, predType, llvm::to_vector(llvm::seq<int64_t>(0, batch)));
  return hlo::op(b, loc, "select", {okFull, x, nan}, type);
}

/// info == 0 (or info >= 0 for getrf, whose positive info only flags a
/// singular factor).
Value infoOk(OpBuilder &b, Location loc, Value info, StringRef dir = "EQ") {
  auto type = llvm::cast<RankedTensorType>(info.getType());
  Value zero = hlo::broadcast(
      b, loc, hlo::constant(b, loc, hlo::scalarAttr(b.getI32Type(), 0)), type,
      {});
  return hlo::compare(b, loc, info, zero, dir);
}

/// Keeps the upper (or lower) triangle of `x`, diagonal included.
Value triangle(OpBuilder &b, Location loc, Value x, bool upper) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  auto idx = RankedTensorType::get(type.getShape(), b.getI32Type());
  auto iota = [&](int64_t d) {
    return hlo::op(b, loc, "iota", {}, idx,
                   b.getNamedAttr("iota_dimension", b.getI64IntegerAttr(d)));
  };
  Value keep =
      hlo::compare(b, loc, iota(rank - 2), iota(rank - 1), upper ? "LE" : "GE");
  Value zeros = hlo::broadcast(
      b, loc, hlo::constant(b, loc, hlo::scalarAttr(type.getElementType(), 0)),
      type, {});
  return hlo::op(b, loc, "select", {keep, x, zeros}, type);
}
Value upperTriangle(OpBuilder &b, Location loc, Value x) {
  return triangle(b, loc, x, /*upper=*/true);
}
Value lowerTriangle(OpBuilder &b, Location loc, Value x) {
  return triangle(b, loc, x, /*upper=*/false);
}

Value sliceLast2(OpBuilder &b, Location loc, Value x, int64_t rows,
                 int64_t cols) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> start(rank, 0), limit(type.getShape()),
      strides(rank, 1);
  limit[rank - 2] = rows;
  limit[rank - 1] = cols;
  return hlo::op(b, loc, "slice", {x},
                 withShape(type, type.getShape().drop_back(2), {rows, cols}),
                 {b.getNamedAttr("start_indices", b.getDenseI64ArrayAttr(start)),
                  b.getNamedAttr("limit_indices", b.getDenseI64ArrayAttr(limit)),
                  b.getNamedAttr("strides", b.getDenseI64ArrayAttr(strides))});
}

/// The rows LAPACK's 0-based row swaps `pivots` ([..., k]) amount to, for
/// m rows: a while loop applying swap i to the identity permutation.
Value pivotsToPermutation(OpBuilder &b, Location loc, Value pivots,
                          int64_t m) {
  auto pivType = llvm::cast<RankedTensorType>(pivots.getType());
  int64_t rank = pivType.getRank(), k = pivType.getDimSize(rank - 1);
  auto batch = pivType.getShape().drop_back();
  Type i32 = b.getI32Type();
  auto scalar = hlo::scalarType(i32);
  auto permType = withShape(pivType, batch, {m});
  auto batchType = RankedTensorType::get(batch, i32);
  auto column = withShape(pivType, batch, {1});
  auto cst = [&](int64_t v) {
    return hlo::constant(b, loc, hlo::scalarAttr(i32, v));
  };
  auto iotaLast = [&](RankedTensorType t) {
    return hlo::op(b, loc, "iota", {}, t,
                   b.getNamedAttr("iota_dimension",
                                  b.getI64IntegerAttr(t.getRank() - 1)));
  };
  Value init[] = {cst(0), iotaLast(permType), pivots};
  Type types[] = {scalar, permType, pivType};
  Operation *w = hlo::create(b, loc, "while", init, types, {}, 2);
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Location> locs(3, loc);
  Block *cond = b.createBlock(&w->getRegion(0), {}, types, locs);
  hlo::ret(b, loc, hlo::compare(b, loc, cond->getArgument(0), cst(k), "LT"));

  Block *body = b.createBlock(&w->getRegion(1), {}, types, locs);
  Value i = body->getArgument(0), perm = body->getArgument(1),
        piv = body->getArgument(2);
  // The i-th column of a [..., n] array, as [...].
  auto columnAt = [&](Value x) {
    auto t = llvm::cast<RankedTensorType>(x.getType());
    SmallVector<Value> starts(t.getRank() - 1, cst(0));
    starts.push_back(i);
    SmallVector<int64_t> sizes(batch);
    sizes.push_back(1);
    Value c = hlo::op(b, loc, "dynamic_slice", [&] {
      SmallVector<Value> ops = {x};
      ops.append(starts);
      return ops;
    }(), column, b.getNamedAttr("slice_sizes", b.getDenseI64ArrayAttr(sizes)));
    return hlo::op(b, loc, "reshape", {c}, batchType);
  };
  SmallVector<int64_t> batchDims =
      llvm::to_vector(llvm::seq<int64_t>(0, batch.size()));
  auto spread = [&](Value v) {
    return hlo::broadcast(b, loc, v, permType, batchDims);
  };
  Value rows = iotaLast(permType);
  Value atPivot = hlo::compare(b, loc, rows, spread(columnAt(piv)), "EQ");
  Value atI = hlo::compare(b, loc, rows, hlo::broadcast(b, loc, i, permType, {}),
                           "EQ");
  // perm[p] for each matrix's own pivot p: the one element the mask keeps.
  Value masked = hlo::op(b, loc, "select",
                         {atPivot, perm, hlo::broadcast(b, loc, cst(0),
                                                        permType, {})},
                         permType);
  Operation *sum = hlo::create(
      b, loc, "reduce", {masked, cst(0)}, {batchType},
      {b.getNamedAttr("dimensions",
                      b.getDenseI64ArrayAttr({int64_t(batch.size())}))},
      1);
  {
    OpBuilder::InsertionGuard g(b);
    Block *red = hlo::addScalarBody(b, sum->getRegion(0), {i32, i32}, loc);
    hlo::ret(b, loc,
             hlo::op(b, loc, "add", {red->getArgument(0), red->getArgument(1)},
                     scalar));
  }
  Value atP = spread(sum->getResult(0)), atIValue = spread(columnAt(perm));
  Value swapped = hlo::op(
      b, loc, "select",
      {atI, atP, hlo::op(b, loc, "select", {atPivot, atIValue, perm}, permType)},
      permType);
  Value next = hlo::op(b, loc, "add", {i, cst(1)}, scalar);
  hlo::ret(b, loc, {next, swapped, piv});
  return w->getResult(1);
}
} // namespace

LogicalResult CholeskyOp::lowerToStableHLO(OpBuilder &b,
                                           SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getType();
  int64_t batch = type.getRank() - 2;
  auto infoType = RankedTensorType::get(type.getShape().drop_back(2),
                                        b.getI32Type());
  // potrf factors in place, reading and writing the lower triangle; `info`
  // is 0 where the matrix was positive definite, and failures become NaN,
  // as in JAX. LAPACK leaves the upper triangle as it was: zero it.
  Operation *potrf = lapack(b, loc, "potrf", type.getElementType(), batch,
                            getOperand(), {type, infoType}, {{"uplo", 'L'}});
  Value factor = nanUnless(b, loc, infoOk(b, loc, potrf->getResult(1)),
                           potrf->getResult(0), batch);
  results.push_back(lowerTriangle(b, loc, factor));
  return success();
}

LogicalResult TriangularSolveOp::lowerToStableHLO(
    OpBuilder &b, SmallVectorImpl<Value> &results) {
  RankedTensorType type = getType();
  static const char trans[] = {'N', 'T', 'C'};
  Operation *trsm = lapack(
      b, getLoc(), "trsm", type.getElementType(), type.getRank() - 2,
      {getA(), getB()}, {type},
      {{"diag", getUnitDiagonal() ? 'U' : 'N'},
       {"side", getLeftSide() ? 'L' : 'R'},
       {"trans_x", trans[getTransposeA()]},
       {"uplo", getLower() ? 'L' : 'U'}});
  results.push_back(trsm->getResult(0));
  return success();
}

LogicalResult LuOp::lowerToStableHLO(OpBuilder &b,
                                     SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getOperand().getType();
  int64_t rank = type.getRank(), batch = rank - 2;
  auto infoType = RankedTensorType::get(type.getShape().drop_back(2),
                                        b.getI32Type());
  auto pivType = llvm::cast<RankedTensorType>(getPivots().getType());
  if (type.getNumElements() == 0) {
    // Nothing to factor (LAPACK is not called): no pivots, rows in order.
    auto permType = llvm::cast<RankedTensorType>(getPermutation().getType());
    results.push_back(getOperand());
    results.push_back(hlo::constant(
        b, loc, DenseElementsAttr::get(pivType, ArrayRef<int32_t>{})));
    results.push_back(hlo::op(
        b, loc, "iota", {}, permType,
        b.getNamedAttr("iota_dimension", b.getI64IntegerAttr(rank - 2))));
    return success();
  }
  Operation *getrf =
      lapack(b, loc, "getrf", type.getElementType(), batch, getOperand(),
             {type, pivType, infoType});
  // getrf's positive info flags an exactly singular U, which is still the
  // factorization; negative is a bad argument.
  results.push_back(nanUnless(b, loc, infoOk(b, loc, getrf->getResult(2), "GE"),
                              getrf->getResult(0), batch));
  Value one = hlo::broadcast(
      b, loc, hlo::constant(b, loc, hlo::scalarAttr(b.getI32Type(), 1)),
      pivType, {});
  Value pivots = hlo::op(b, loc, "subtract", {getrf->getResult(1), one},
                         pivType);
  results.push_back(pivots);
  results.push_back(
      pivotsToPermutation(b, loc, pivots, type.getDimSize(rank - 2)));
  return success();
}

LogicalResult QrOp::lowerToStableHLO(OpBuilder &b,
                                     SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getOperand().getType();
  int64_t rank = type.getRank(), batch = rank - 2;
  int64_t m = type.getDimSize(rank - 2), n = type.getDimSize(rank - 1);
  int64_t k = std::min(m, n);
  auto batchShape = type.getShape().drop_back(2);
  Type elt = type.getElementType();
  Operation *geqrf = lapack(b, loc, "geqrf", elt, batch, getOperand(),
                            {type, withShape(type, batchShape, {k})});
  Value reflectors = geqrf->getResult(0), taus = geqrf->getResult(1);
  // orgqr builds q from the reflectors in as many columns as q has: pad
  // with zero columns for a complete q of a tall matrix, drop the extra
  // columns of a wide one.
  int64_t qCols = getFullMatrices() ? m : k;
  Value forQ = reflectors;
  if (qCols > n) {
    SmallVector<int64_t> lo(rank, 0), hi(rank, 0), interior(rank, 0);
    hi[rank - 1] = qCols - n;
    forQ = hlo::op(
        b, loc, "pad",
        {reflectors, hlo::constant(b, loc, hlo::scalarAttr(elt, 0))},
        withShape(type, batchShape, {m, qCols}),
        {b.getNamedAttr("edge_padding_low", b.getDenseI64ArrayAttr(lo)),
         b.getNamedAttr("edge_padding_high", b.getDenseI64ArrayAttr(hi)),
         b.getNamedAttr("interior_padding", b.getDenseI64ArrayAttr(interior))});
  } else if (qCols < n) {
    forQ = sliceLast2(b, loc, reflectors, m, qCols);
  }
  bool cplx = llvm::isa<ComplexType>(elt);
  Operation *orgqr = lapack(b, loc, cplx ? "ungqr" : "orgqr", elt, batch,
                            {forQ, taus},
                            {forQ.getType()});
  results.push_back(orgqr->getResult(0));
  int64_t rRows = getFullMatrices() ? m : k;
  Value r = rRows < m ? sliceLast2(b, loc, reflectors, rRows, n) : reflectors;
  results.push_back(upperTriangle(b, loc, r));
  return success();
}

LogicalResult EighOp::lowerToStableHLO(OpBuilder &b,
                                       SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getOperand().getType();
  int64_t rank = type.getRank(), batch = rank - 2;
  auto batchShape = type.getShape().drop_back(2);
  Type i32 = b.getI32Type();
  Type elt = type.getElementType();
  bool cplx = llvm::isa<ComplexType>(elt);
  auto values = RankedTensorType::get(
      SmallVector<int64_t>(withShape(type, batchShape,
                                     {type.getDimSize(rank - 1)})
                               .getShape()),
      realOf(elt));
  Operation *syevd = lapack(
      b, loc, cplx ? "heevd" : "syevd", elt, batch, getOperand(),
      {type, values, RankedTensorType::get(batchShape, i32)},
      {{"mode", 'V'}, {"uplo", getLower() ? 'L' : 'U'}});
  Value ok = infoOk(b, loc, syevd->getResult(2));
  results.push_back(nanUnless(b, loc, ok, syevd->getResult(0), batch));
  results.push_back(nanUnless(b, loc, ok, syevd->getResult(1), batch));
  return success();
}

LogicalResult SvdOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getOperand().getType();
  int64_t rank = type.getRank(), batch = rank - 2;
  int64_t m = type.getDimSize(rank - 2), n = type.getDimSize(rank - 1);
  int64_t k = std::min(m, n);
  auto batchShape = type.getShape().drop_back(2);
  if (k == 0) {
    // No singular values (LAPACK rejects the empty call): s is empty and
    // the complete u and vt are identities, as JAX returns them.
    results.push_back(hlo::constant(
        b, loc,
        DenseElementsAttr::get(
            RankedTensorType::get(withShape(type, batchShape, {0}).getShape(),
                                  realOf(type.getElementType())),
            ArrayRef<Attribute>{})));
    if (!getComputeUv())
      return success();
    auto square = [&](int64_t rows, int64_t cols) -> Value {
      auto t = withShape(type, batchShape, {rows, cols});
      auto idx = RankedTensorType::get(t.getShape(), b.getI32Type());
      auto iota = [&](int64_t d) {
        return hlo::op(b, loc, "iota", {}, idx,
                       b.getNamedAttr("iota_dimension",
                                      b.getI64IntegerAttr(d)));
      };
      Value eq = hlo::compare(b, loc, iota(rank - 2), iota(rank - 1), "EQ");
      Type elt = type.getElementType();
      return hlo::op(
          b, loc, "select",
          {eq, hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 1)), t, {}),
           hlo::broadcast(b, loc, hlo::constant(b, loc, hlo::scalarAttr(elt, 0)), t, {})},
          t);
    };
    results.push_back(square(m, getFullMatrices() ? m : 0));
    results.push_back(square(getFullMatrices() ? n : 0, n));
    return success();
  }
  bool full = getFullMatrices() || !getComputeUv();
  char mode = !getComputeUv() ? 'N' : getFullMatrices() ? 'A' : 'S';
  Operation *gesdd = lapack(
      b, loc, "gesdd", type.getElementType(), batch, getOperand(),
      {type,
       RankedTensorType::get(withShape(type, batchShape, {k}).getShape(),
                             realOf(type.getElementType())),
       withShape(type, batchShape, {m, full ? m : k}),
       withShape(type, batchShape, {full ? n : k, n}),
       RankedTensorType::get(batchShape, b.getI32Type())},
      {{"mode", mode}});
  Value ok = infoOk(b, loc, gesdd->getResult(4));
  results.push_back(nanUnless(b, loc, ok, gesdd->getResult(1), batch));
  if (getComputeUv()) {
    results.push_back(nanUnless(b, loc, ok, gesdd->getResult(2), batch));
    results.push_back(nanUnless(b, loc, ok, gesdd->getResult(3), batch));
  }
  return success();
}

LogicalResult EigOp::lowerToStableHLO(OpBuilder &b,
                                      SmallVectorImpl<Value> &results) {
  Location loc = getLoc();
  RankedTensorType type = getOperand().getType();
  int64_t rank = type.getRank(), batch = rank - 2, n = type.getDimSize(rank - 1);
  auto batchShape = type.getShape().drop_back(2);
  Type elt = type.getElementType();
  auto vecType = withShape(type, batchShape, {n});
  auto cvec = RankedTensorType::get(vecType.getShape(), ComplexType::get(realOf(elt)));
  auto vectors = RankedTensorType::get(type.getShape(),
                                       ComplexType::get(realOf(elt)));
  auto info = RankedTensorType::get(batchShape, b.getI32Type());
  std::pair<StringRef, char> config[] = {
      {"compute_left", getComputeLeft() ? 'V' : 'N'},
      {"compute_right", getComputeRight() ? 'V' : 'N'}};
  // Real geev gives the eigenvalues' real and imaginary parts apart;
  // complex geev gives them as complex numbers.
  bool cplx = llvm::isa<ComplexType>(elt);
  SmallVector<Type> types;
  if (cplx)
    types = {cvec, vectors, vectors, info};
  else
    types = {vecType, vecType, vectors, vectors, info};
  Operation *geev =
      lapack(b, loc, "geev", elt, batch, getOperand(), types, config);
  unsigned first = cplx ? 1 : 2;
  Value ok = infoOk(b, loc, geev->getResults().back());
  Value w = cplx ? geev->getResult(0)
                 : hlo::op(b, loc, "complex",
                           {geev->getResult(0), geev->getResult(1)}, cvec);
  results.push_back(nanUnless(b, loc, ok, w, batch));
  if (getComputeLeft())
    results.push_back(nanUnless(b, loc, ok, geev->getResult(first), batch));
  if (getComputeRight())
    results.push_back(
        nanUnless(b, loc, ok, geev->getResult(first + 1), batch));
  return success();
}
