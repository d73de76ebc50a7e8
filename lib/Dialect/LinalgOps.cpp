//===- LinalgOps.cpp - the linear-algebra ops -------------------*- C++ -*-===//
//
// The shape rules of jax.lax.linalg's ops (cholesky, triangular_solve,
// lu, qr, eigh, svd, eig), stated as in JAX so that IR a pass or a user
// writes by hand is held to what jaxlib would accept. Tests:
// test/lit/Dialect/{ops,invalid}_linalg.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// The (batch of) matrices' type, or an error if `v` is not one.
FailureOr<RankedTensorType> matrices(Operation *op, Value v, bool square) {
  auto t = tensorType(v);
  int64_t r = t.getRank();
  if (r < 2 || (square && t.getDimSize(r - 1) != t.getDimSize(r - 2)))
    return op->emitOpError("operand must be a (batch of) ")
           << (square ? "square " : "") << "matrices, got " << t;
  return t;
}

/// Checks that `v` has type `elt[batch..., shape...]`.
LogicalResult expect(Operation *op, Value v, StringRef what, Type elt,
                     ArrayRef<int64_t> batch, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> want(batch);
  want.append(shape.begin(), shape.end());
  auto t = tensorType(v);
  if (t.getElementType() != elt || t.getShape() != ArrayRef(want))
    return op->emitOpError() << what << " must be "
                             << RankedTensorType::get(want, elt) << ", got "
                             << t;
  return success();
}
} // namespace

LogicalResult CholeskyOp::verify() {
  auto type = getType();
  if (type.getRank() < 2 ||
      type.getDimSize(type.getRank() - 1) != type.getDimSize(type.getRank() - 2))
    return emitOpError("operand must be a (batch of) square matrices, got ")
           << type;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = getA().getType(), b = getB().getType();
  int64_t rank = a.getRank();
  if (rank < 2 || a.getDimSize(rank - 1) != a.getDimSize(rank - 2))
    return emitOpError("a must be a (batch of) square matrices, got ") << a;
  if (a.getElementType() != b.getElementType() || b.getRank() != rank ||
      a.getShape().drop_back(2) != b.getShape().drop_back(2))
    return emitOpError("a and b must have one element type and the same "
                       "batch dimensions, got ")
           << a << " and " << b;
  int64_t n = a.getDimSize(rank - 1);
  int64_t solved = getLeftSide() ? b.getDimSize(rank - 2)
                                 : b.getDimSize(rank - 1);
  if (solved != n)
    return emitOpError("b's ") << (getLeftSide() ? "rows" : "columns")
                               << " (" << solved
                               << ") must match a's order (" << n << ")";
  if (getTransposeA() > 2)
    return emitOpError("transpose_a must be 0 (none), 1 (transpose) or 2 "
                       "(adjoint)");
  return success();
}

//===----------------------------------------------------------------------===//
// Factorizations
//===----------------------------------------------------------------------===//

LogicalResult LuOp::verify() {
  auto t = matrices(*this, getOperand(), /*square=*/false);
  if (failed(t))
    return failure();
  int64_t r = t->getRank(), m = t->getDimSize(r - 2), n = t->getDimSize(r - 1);
  auto batch = t->getShape().drop_back(2);
  auto i32 = IntegerType::get(getContext(), 32);
  if (failed(expect(*this, getLu(), "lu", t->getElementType(), batch, {m, n})) ||
      failed(expect(*this, getPivots(), "pivots", i32, batch,
                    {std::min(m, n)})) ||
      failed(expect(*this, getPermutation(), "permutation", i32, batch, {m})))
    return failure();
  return success();
}

LogicalResult QrOp::verify() {
  auto t = matrices(*this, getOperand(), /*square=*/false);
  if (failed(t))
    return failure();
  int64_t r = t->getRank(), m = t->getDimSize(r - 2), n = t->getDimSize(r - 1);
  int64_t k = getFullMatrices() ? m : std::min(m, n);
  auto batch = t->getShape().drop_back(2);
  Type elt = t->getElementType();
  if (failed(expect(*this, getQ(), "q", elt, batch, {m, k})) ||
      failed(expect(*this, getR(), "r", elt, batch, {k, n})))
    return failure();
  return success();
}

LogicalResult EighOp::verify() {
  auto t = matrices(*this, getOperand(), /*square=*/true);
  if (failed(t))
    return failure();
  int64_t n = t->getDimSize(t->getRank() - 1);
  auto batch = t->getShape().drop_back(2);
  Type elt = t->getElementType();
  if (failed(expect(*this, getVectors(), "vectors", elt, batch, {n, n})) ||
      failed(expect(*this, getValues(), "values", realOf(elt), batch, {n})))
    return failure();
  return success();
}

LogicalResult SvdOp::verify() {
  auto t = matrices(*this, getOperand(), /*square=*/false);
  if (failed(t))
    return failure();
  int64_t r = t->getRank(), m = t->getDimSize(r - 2), n = t->getDimSize(r - 1);
  int64_t k = std::min(m, n);
  auto batch = t->getShape().drop_back(2);
  Type elt = t->getElementType();
  size_t want = getComputeUv() ? 3 : 1;
  if (getResults().size() != want)
    return emitOpError("has ") << want << " results with"
                               << (getComputeUv() ? "" : "out")
                               << " compute_uv, got " << getResults().size();
  if (failed(expect(*this, getResults()[0], "s", realOf(elt), batch, {k})))
    return failure();
  if (!getComputeUv())
    return success();
  int64_t uc = getFullMatrices() ? m : k, vr = getFullMatrices() ? n : k;
  if (failed(expect(*this, getResults()[1], "u", elt, batch, {m, uc})) ||
      failed(expect(*this, getResults()[2], "vt", elt, batch, {vr, n})))
    return failure();
  return success();
}

LogicalResult EigOp::verify() {
  auto t = matrices(*this, getOperand(), /*square=*/true);
  if (failed(t))
    return failure();
  int64_t n = t->getDimSize(t->getRank() - 1);
  auto batch = t->getShape().drop_back(2);
  Type elt = complexOf(t->getElementType());
  size_t want = 1 + getComputeLeft() + getComputeRight();
  if (getResults().size() != want)
    return emitOpError("has ") << want << " results for its compute_left "
                                          "and compute_right, got "
                               << getResults().size();
  if (failed(expect(*this, getResults()[0], "eigenvalues", elt, batch, {n})))
    return failure();
  for (Value v : getResults().drop_front())
    if (failed(expect(*this, v, "eigenvectors", elt, batch, {n, n})))
      return failure();
  return success();
}
