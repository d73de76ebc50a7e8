//===- LinalgRules.cpp - AD rules of cholesky and triangular_solve -*- C++ -*-===//
//
// JAX's rules: the Cholesky JVP of Murray (arXiv:1602.07527),
// dL = L phi(L^-1 dA L^-T), and the triangular solve's JVPs in a and b;
// the solve is linear in b, its transpose a solve with op(a) transposed.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// x @ y over the last two dimensions, batched over the leading ones.
Value matmul(Emitter &e, Value x, Value y) {
  auto xt = Emitter::typeOf(x), yt = Emitter::typeOf(y);
  int64_t rank = xt.getRank();
  SmallVector<int64_t> batch, shape;
  for (int64_t d = 0; d < rank - 2; ++d) {
    batch.push_back(d);
    shape.push_back(xt.getDimSize(d));
  }
  shape.push_back(xt.getDimSize(rank - 2));
  shape.push_back(yt.getDimSize(rank - 1));
  return DotGeneralOp::create(e.b, e.loc, xt.clone(shape), x, y, batch, batch,
                              ArrayRef<int64_t>{rank - 1},
                              ArrayRef<int64_t>{rank - 2});
}

/// `x` with the elements outside the lower (or upper) triangle, shifted by
/// `k` diagonals, zeroed.
Value triangle(Emitter &e, Value x, bool lower, int64_t k = 0) {
  auto type = Emitter::typeOf(x);
  int64_t rank = type.getRank();
  auto idx = type.clone(e.b.getI32Type());
  Value rows = e.iota(idx, rank - 2), cols = e.iota(idx, rank - 1);
  Value shifted = k ? e.add(rows, e.splat(idx, k)) : rows;
  Value keep = lower ? e.compare(shifted, cols, ComparisonDirection::GE)
                     : e.compare(shifted, cols, ComparisonDirection::LE);
  return e.select(keep, x, e.zerosLike(x));
}

Value solve(Emitter &e, TriangularSolveOp like, Value a, Value b,
            int64_t transposeA) {
  auto op = TriangularSolveOp::create(e.b, e.loc, b.getType(), a, b,
                                      like.getLeftSide(), like.getLower(),
                                      like.getUnitDiagonal(), transposeA);
  return op.getResult();
}

Value swapLast(Emitter &e, Value x) {
  int64_t rank = Emitter::typeOf(x).getRank();
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[rank - 1], perm[rank - 2]);
  return e.transpose(x, perm);
}
} // namespace

LogicalResult CholeskyOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!t[0])
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  // The factor's lower triangle, as JAX's rule takes it: where the matrix
  // is not positive definite the op gives NaNs everywhere, and NaNs above
  // the diagonal would spread into every product below.
  Value L = triangle(e, getResult(), /*lower=*/true);
  // L^-1 dA L^-T: solve from the right with L^T, then from the left with L.
  auto tmp = TriangularSolveOp::create(b, getLoc(), L.getType(), L, t[0],
                                       /*left_side=*/false, /*lower=*/true,
                                       /*unit_diagonal=*/false,
                                       /*transpose_a=*/1);
  auto inner = TriangularSolveOp::create(b, getLoc(), L.getType(), L,
                                         tmp.getResult(), /*left_side=*/true,
                                         /*lower=*/true, false, 0);
  // phi: the lower triangle with its diagonal halved.
  auto type = getType();
  int64_t rank = type.getRank();
  auto idx = type.clone(b.getI32Type());
  Value diag = e.compare(e.iota(idx, rank - 2), e.iota(idx, rank - 1),
                         ComparisonDirection::EQ);
  Value lower = triangle(e, inner.getResult(), /*lower=*/true);
  Value phi = e.div(lower, e.select(diag, e.splat(type, 2), e.splat(type, 1)));
  out.push_back(matmul(e, L, phi));
  return success();
}

LogicalResult TriangularSolveOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  Emitter e(b, getLoc());
  Value tangent;
  if (t[1])
    tangent = solve(e, *this, getA(), t[1], getTransposeA());
  if (t[0]) {
    // d(op(a)^-1 b) = -op(a)^-1 op(da) x (left side), -x op(da) op(a)^-1.
    Value ga = triangle(e, t[0], getLower(), getUnitDiagonal() ? (getLower() ? -1 : 1) : 0);
    ga = e.neg(ga);
    if (getTransposeA())
      ga = swapLast(e, ga);
    Value x = getResult();
    auto inv = [&](Value rhs) {
      return solve(e, *this, getA(), rhs, getTransposeA());
    };
    // The cheaper association first, as JAX picks it (b is m x n); the
    // choice shows where a singular a gives infinities and NaNs.
    auto bType = getB().getType();
    int64_t m = bType.getDimSize(bType.getRank() - 2),
            n = bType.getDimSize(bType.getRank() - 1);
    Value term;
    if (getLeftSide())
      term = m > n ? inv(matmul(e, ga, x)) : matmul(e, inv(ga), x);
    else
      term = m < n ? inv(matmul(e, x, ga)) : matmul(e, x, inv(ga));
    tangent = e.addT(tangent, term);
  }
  out.push_back(tangent);
  return success();
}

LogicalResult TriangularSolveOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[0])
    return notLinear(*this, 0);
  out.push_back(Value());
  if (!ct[0]) {
    out.push_back(Value());
    return success();
  }
  Emitter e(b, getLoc());
  // Real element types: the adjoint is the transpose.
  out.push_back(solve(e, *this, operands[0], ct[0], getTransposeA() ? 0 : 1));
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

void batching::attachLinalgBatchRules(MLIRContext *ctx) {
  attach<batchLeading, CholeskyOp, TriangularSolveOp>(ctx);
}
