//===- LinalgRules.cpp - rules of the linear-algebra ops --------*- C++ -*-===//
//
// JAX's rules: the Cholesky JVP of Murray (arXiv:1602.07527),
// dL = L phi(L^-1 dA L^-T), and the triangular solve's JVPs in a and b;
// the solve is linear in b, its transpose a solve with op(a) transposed.
// LU, QR, eigh and SVD differentiate as JAX's rules do (real matrices).
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

bool isComplex(Value x) {
  return llvm::isa<ComplexType>(Emitter::typeOf(x).getElementType());
}

/// The complex conjugate (x itself for reals).
Value conj(Emitter &e, Value x) {
  return isComplex(x) ? e.complex(e.real(x), e.neg(e.imag(x))) : x;
}

/// The conjugate transpose of the last two dimensions (JAX's _H).
Value adjoint(Emitter &e, Value x) { return conj(e, swapLast(e, x)); }

/// Real values as complex ones when `like` is complex.
Value asTypeOf(Emitter &e, Value x, Value like) {
  return isComplex(like) && !isComplex(x) ? e.complex(x, e.zerosLike(x)) : x;
}

/// The n x n identity, batched like `like`'s leading dimensions.
Value eye(Emitter &e, RankedTensorType like, int64_t n) {
  SmallVector<int64_t> shape(like.getShape().drop_back(2));
  shape.append({n, n});
  auto type = RankedTensorType::get(shape, like.getElementType());
  auto idx = type.clone(e.b.getI32Type());
  int64_t r = type.getRank();
  Value onDiag = e.compare(e.iota(idx, r - 2), e.iota(idx, r - 1),
                           ComparisonDirection::EQ);
  return e.select(onDiag, e.splat(type, 1), e.zeros(type));
}

/// The diagonal [..., k] of square matrices [..., k, k].
Value diagonal(Emitter &e, Value x) {
  auto t = Emitter::typeOf(x);
  int64_t r = t.getRank();
  return e.reduceSum(e.mul(x, eye(e, t, t.getDimSize(r - 1))), {r - 1});
}

/// Vectors [..., k] spread along the last (`asRow`) or the second-to-last
/// dimension of matrices [..., k, k].
Value spread(Emitter &e, Value v, bool asRow) {
  auto t = Emitter::typeOf(v);
  int64_t r = t.getRank(), k = t.getDimSize(r - 1);
  SmallVector<int64_t> shape(t.getShape());
  shape.push_back(k);
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, r - 1));
  dims.push_back(asRow ? r : r - 1);
  return e.broadcastInDim(v, t.clone(shape), dims);
}

/// x[..., :rows, :cols].
Value topLeft(Emitter &e, Value x, int64_t rows, int64_t cols) {
  auto t = Emitter::typeOf(x);
  int64_t r = t.getRank();
  if (t.getDimSize(r - 2) == rows && t.getDimSize(r - 1) == cols)
    return x;
  SmallVector<int64_t> start(r, 0), limit(t.getShape()), strides(r, 1);
  limit[r - 2] = rows;
  limit[r - 1] = cols;
  return e.slice(x, start, limit, strides);
}

/// x zero-padded at the bottom and right to rows x cols.
Value padTo(Emitter &e, Value x, int64_t rows, int64_t cols) {
  auto t = Emitter::typeOf(x);
  int64_t r = t.getRank();
  SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
  hi[r - 2] = rows - t.getDimSize(r - 2);
  hi[r - 1] = cols - t.getDimSize(r - 1);
  if (!hi[r - 2] && !hi[r - 1])
    return x;
  SmallVector<int64_t> shape(t.getShape());
  shape[r - 2] = rows;
  shape[r - 1] = cols;
  Value zero = e.splat(RankedTensorType::get({}, t.getElementType()), 0);
  return PadOp::create(e.b, e.loc, t.clone(shape), x, zero, lo, hi, interior);
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
                                       /*transpose_a=*/isComplex(L) ? 2 : 1);
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
      ga = getTransposeA() == 2 ? adjoint(e, ga) : swapLast(e, ga);
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
  // The transpose (not the adjoint) of b -> op(a)^-1 b: op(a)^-T. For
  // op(a) = a^H that is conj(a)^-1.
  if (getTransposeA() == 2)
    out.push_back(solve(e, *this, conj(e, operands[0]), ct[0], 0));
  else
    out.push_back(solve(e, *this, operands[0], ct[0],
                        getTransposeA() ? 0 : 1));
  return success();
}

LogicalResult LuOp::jvp(JvpContext &ctx) {
  Value da = ctx.tangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!da)
    return zeroJvp(*this, out);
  Emitter e(ctx.builder(), getLoc());
  auto type = getOperand().getType();
  int64_t r = type.getRank(), m = type.getDimSize(r - 2),
          n = type.getDimSize(r - 1), k = std::min(m, n);
  // P da: the rows of da in the factorization's order, x[.., i, j] =
  // da[.., perm[.., i], j], a gather (whose transpose, a scatter, moves
  // infinities without mixing them as a product with P would).
  Value perm = getPermutation();
  auto daType = Emitter::typeOf(da);
  SmallVector<int64_t> idxShape(daType.getShape());
  idxShape.push_back(1);
  SmallVector<int64_t> permDims = llvm::to_vector(llvm::seq<int64_t>(0, r - 1));
  Value idx = e.reshape(
      e.broadcastInDim(perm, daType.clone(Emitter::typeOf(perm).getElementType()),
                       permDims),
      idxShape);
  SmallVector<int64_t> batch = llvm::to_vector(llvm::seq<int64_t>(0, r - 2));
  batch.push_back(r - 1);
  Value x = GatherOp::create(
      e.b, e.loc, daType, da, idx, /*offset_dims=*/{},
      /*collapsed_slice_dims=*/{r - 2}, /*operand_batching_dims=*/batch,
      /*start_indices_batching_dims=*/batch, /*start_index_map=*/{r - 2},
      /*index_vector_dim=*/r, SmallVector<int64_t>(r, 1),
      /*indices_are_sorted=*/false, GatherScatterMode::promise_in_bounds,
      /*fill_value=*/nullptr);
  // L (m x m, unit diagonal) and U (n x n, ones below the factor's rows)
  // from the packed factor.
  Value lu = getLu();
  Value L = e.add(padTo(e, triangle(e, topLeft(e, lu, m, k), true, -1), m, m),
                  eye(e, type, m));
  Value U = triangle(e, topLeft(e, lu, k, n), false);
  if (n > k)
    U = e.add(padTo(e, U, n, n),
              e.sub(eye(e, type, n), padTo(e, eye(e, type, k), n, n)));
  auto la = TriangularSolveOp::create(e.b, e.loc, x.getType(), L, x,
                                      /*left_side=*/true, /*lower=*/true,
                                      /*unit_diagonal=*/true, 0);
  auto lau = TriangularSolveOp::create(e.b, e.loc, x.getType(), U,
                                       la.getResult(), /*left_side=*/false,
                                       /*lower=*/false, false, 0);
  Value dL = matmul(e, L, triangle(e, lau.getResult(), true, -1));
  Value dU = matmul(e, triangle(e, lau.getResult(), false), U);
  out.push_back(e.add(dL, dU));
  out.push_back(Value());
  out.push_back(Value());
  return success();
}

LogicalResult QrOp::jvp(JvpContext &ctx) {
  Value dx = ctx.tangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!dx)
    return zeroJvp(*this, out);
  auto type = getOperand().getType();
  int64_t r = type.getRank(), m = type.getDimSize(r - 2),
          n = type.getDimSize(r - 1);
  if (m < n || (getFullMatrices() && m != n))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Unimplemented case of QR decomposition derivative";
  Emitter e(ctx.builder(), getLoc());
  Value q = getQ(), R = getR();
  // dx R^-1, then Q^T dx R^-1 split into its skew-symmetric part.
  Value dxRinv = TriangularSolveOp::create(e.b, e.loc, dx.getType(), R, dx,
                                           /*left_side=*/false,
                                           /*lower=*/false, false, 0);
  Value qtdx = matmul(e, adjoint(e, q), dxRinv);
  Value low = triangle(e, qtdx, true, -1);
  Value dO = e.sub(low, adjoint(e, low));
  if (isComplex(qtdx)) {
    // The diagonal's imaginary part (zero for reals).
    Value im = e.complex(e.zerosLike(e.imag(qtdx)), e.imag(qtdx));
    dO = e.add(dO, e.mul(eye(e, type, n), im));
  }
  out.push_back(e.add(matmul(e, q, e.sub(dO, qtdx)), dxRinv));
  out.push_back(matmul(e, e.sub(qtdx, dO), R));
  return success();
}

LogicalResult EighOp::jvp(JvpContext &ctx) {
  Value da = ctx.tangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!da)
    return zeroJvp(*this, out);
  Emitter e(ctx.builder(), getLoc());
  auto type = getOperand().getType();
  int64_t n = type.getDimSize(type.getRank() - 1);
  Value v = getVectors(), w = getValues();
  // F[i, j] = 1 / (w[j] - w[i]) off the diagonal, 0 on it, built without
  // dividing by zero there.
  auto realType = type.clone(Emitter::typeOf(w).getElementType());
  Value I = eye(e, realType, n);
  Value diff = e.sub(spread(e, w, /*asRow=*/true), spread(e, w, false));
  Value F = e.sub(e.div(e.splat(realType, 1), e.add(I, diff)), I);
  Value vtdav = matmul(e, matmul(e, adjoint(e, v), da), v);
  out.push_back(matmul(e, v, e.mul(asTypeOf(e, F, v), vtdav)));
  Value dw = diagonal(e, vtdav);
  out.push_back(isComplex(dw) ? e.real(dw) : dw);
  return success();
}

LogicalResult SvdOp::jvp(JvpContext &ctx) {
  Value dA = ctx.tangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!dA)
    return zeroJvp(*this, out);
  if (getComputeUv() && getFullMatrices())
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Singular value decomposition JVP not implemented for full "
              "matrices";
  Emitter e(ctx.builder(), getLoc());
  auto type = getOperand().getType();
  int64_t r = type.getRank(), m = type.getDimSize(r - 2),
          n = type.getDimSize(r - 1), k = std::min(m, n);
  Value s, U, Vt;
  if (getComputeUv()) {
    s = getResults()[0], U = getResults()[1], Vt = getResults()[2];
  } else {
    // The singular vectors of the thin decomposition, for the rule only.
    SmallVector<int64_t> batch(type.getShape().drop_back(2));
    auto shaped = [&](ArrayRef<int64_t> tail, Type elt) {
      SmallVector<int64_t> sh(batch);
      sh.append(tail.begin(), tail.end());
      return RankedTensorType::get(sh, elt);
    };
    Type elt = type.getElementType();
    Type sElt = Emitter::typeOf(getResults()[0]).getElementType();
    auto full = SvdOp::create(
        e.b, e.loc,
        TypeRange{shaped({k}, sElt), shaped({m, k}, elt),
                  shaped({k, n}, elt)},
        getOperand(), /*full_matrices=*/false, /*compute_uv=*/true);
    s = full.getResults()[0], U = full.getResults()[1],
    Vt = full.getResults()[2];
  }
  Value Ut = adjoint(e, U), V = adjoint(e, Vt);
  Value dS = matmul(e, matmul(e, Ut, dA), V);
  Value ds = diagonal(e, dS);
  out.push_back(isComplex(ds) ? e.real(ds) : ds);
  if (!getComputeUv())
    return success();
  // The rule's real factors (from s), as the element type of dS.
  auto sType = Emitter::typeOf(s);
  auto kkReal = Emitter::typeOf(dS).clone(sType.getElementType());
  auto lift = [&](Value x) { return asTypeOf(e, x, dS); };
  Value row = spread(e, s, /*asRow=*/true), col = spread(e, s, false);
  Value I = eye(e, kkReal, k);
  Value F = lift(e.sub(
      e.div(e.splat(kkReal, 1),
            e.add(e.mul(e.add(row, col), e.sub(row, col)), I)),
      I));
  Value dSS = e.mul(lift(row), dS), SdS = e.mul(lift(col), dS);
  // 1/s, with 0 for a zero singular value, on the diagonal.
  Value sZero = e.select(e.compare(s, e.zeros(sType), ComparisonDirection::EQ),
                         e.splat(sType, 1), e.zeros(sType));
  Value sInv = e.sub(e.div(e.splat(sType, 1), e.add(s, sZero)), sZero);
  Value sInvMat = lift(e.mul(spread(e, sInv, true), I));
  Value half = lift(e.splat(kkReal, 0.5));
  Value dUdV = e.mul(e.mul(half, e.sub(dS, adjoint(e, dS))), sInvMat);
  Value dU = matmul(e, U, e.add(e.mul(F, e.add(dSS, adjoint(e, dSS))), dUdV));
  Value dV = matmul(e, V, e.mul(F, e.add(SdS, adjoint(e, SdS))));
  // s as every row of a matrix shaped like `like` ([..., rows, k]).
  auto alongRows = [&](Value like) {
    SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, r - 2));
    dims.push_back(r - 1);
    return lift(e.broadcastInDim(
        s, Emitter::typeOf(like).clone(sType.getElementType()), dims));
  };
  if (m > n) {
    Value dAV = matmul(e, dA, V);
    dU = e.add(dU, e.div(e.sub(dAV, matmul(e, U, matmul(e, Ut, dAV))),
                         alongRows(dAV)));
  }
  if (n > m) {
    Value dAtU = matmul(e, adjoint(e, dA), U);
    dV = e.add(dV, e.div(e.sub(dAtU, matmul(e, V, matmul(e, Vt, dAtU))),
                         alongRows(dAtU)));
  }
  out.push_back(dU);
  out.push_back(adjoint(e, dV));
  return success();
}

// The eigenvalues' tangents, JAX's eqn 4.60 of arXiv:1701.00392 with the
// inverse of the right eigenvectors written through the left ones:
// dw_i = (u_i^H dA v_i) / (u_i^H v_i). JAX differentiates eigenvalues only.
LogicalResult EigOp::jvp(JvpContext &ctx) {
  Value da = ctx.tangents()[0];
  if (!da)
    return zeroJvp(*this, ctx.results());
  if (getComputeLeft() || getComputeRight())
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "The derivatives of eigenvectors are not implemented, only "
              "eigenvalues. See https://github.com/jax-ml/jax/issues/2748 "
              "for discussion.";
  Emitter e(ctx.builder(), getLoc());
  auto w = getResults()[0];
  auto vecType = Emitter::typeOf(w);
  SmallVector<int64_t> square(vecType.getShape());
  square.push_back(square.back());
  auto cType = vecType.clone(square);
  auto both = EigOp::create(e.b, e.loc, TypeRange{vecType, cType, cType},
                            getOperand(), /*compute_left=*/true,
                            /*compute_right=*/true);
  Value vl = both.getResults()[1], vr = both.getResults()[2];
  Value uH = adjoint(e, vl);
  Value dac = asTypeOf(e, da, vr);
  Value num = diagonal(e, matmul(e, matmul(e, uH, dac), vr));
  Value den = diagonal(e, matmul(e, uH, vr));
  ctx.results().push_back(e.div(num, den));
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

void batching::attachLinalgBatchRules(MLIRContext *ctx) {
  attach<batchLeading, CholeskyOp, TriangularSolveOp, LuOp, QrOp, EighOp,
         SvdOp, EigOp>(ctx);
}
