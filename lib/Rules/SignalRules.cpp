//===- SignalRules.cpp - rules of FFT, conv, pools, callbacks ---*- C++ -*-===//
//
// JAX's rules, restated over jxp ops:
//  - an FFT is linear; the transpose of FFT/IFFT is itself, that of RFFT
//    the real part of the FFT of the zero-padded cotangent, that of IRFFT
//    the conjugated, rescaled RFFT of the cotangent;
//  - a convolution is bilinear and its transposes are convolutions (the
//    kernel reversed, strides and dilations exchanged); vmap folds the
//    batch into the batch or feature dimensions, with groups;
//  - sum pooling is linear (its transpose pools the padded cotangent);
//    max/min pooling's tangent is gathered at each window's selected
//    element, whose transpose scatters it back;
//  - a debug callback runs on the primals; a pure one has no derivative.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

namespace {
/// JAX's _reshape_axis_out_of: dimension `src` split into (size, rest).
Value splitAxis(Emitter &e, Value x, int64_t src, int64_t size) {
  SmallVector<int64_t> shape(tensorType(x).getShape());
  shape[src] /= size;
  shape.insert(shape.begin() + src, size);
  return e.reshape(x, shape);
}

/// JAX's _reshape_axis_into: dimension `src` merged into dimension `dst`
/// (numbered without `src`) as its major part.
Value mergeAxis(Emitter &e, Value x, int64_t src, int64_t dst) {
  auto t = tensorType(x);
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < t.getRank(); ++i)
    if (i != src)
      perm.push_back(i);
  perm.insert(perm.begin() + dst, src);
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(t.getDimSize(p));
  shape[dst] *= shape[dst + 1];
  shape.erase(shape.begin() + dst + 1);
  if (!llvm::equal(perm, llvm::seq<int64_t>(0, t.getRank())))
    x = e.transpose(x, perm);
  return e.reshape(x, shape);
}

int64_t dilated(int64_t size, int64_t dilation) {
  return size == 0 ? 0 : 1 + dilation * (size - 1);
}

/// The padding of the transpose in the lhs (JAX's
/// _conv_general_vjp_lhs_padding), for spatial sizes of the input, the
/// window and the output.
SmallVector<int64_t> vjpLhsPadding(ArrayRef<int64_t> in, ArrayRef<int64_t> win,
                                   ArrayRef<int64_t> strides,
                                   ArrayRef<int64_t> out,
                                   ArrayRef<int64_t> padding,
                                   ArrayRef<int64_t> lhsDil,
                                   ArrayRef<int64_t> rhsDil) {
  SmallVector<int64_t> pads;
  for (size_t i = 0; i < in.size(); ++i) {
    int64_t l = dilated(in[i], lhsDil[i]), r = dilated(win[i], rhsDil[i]),
            o = dilated(out[i], strides[i]);
    int64_t before = r - padding[2 * i] - 1;
    pads.push_back(before);
    pads.push_back(l + r - 1 - o - before);
  }
  return pads;
}

SmallVector<int64_t> take(ArrayRef<int64_t> shape, ArrayRef<int64_t> dims) {
  SmallVector<int64_t> out;
  for (int64_t d : dims)
    out.push_back(shape[d]);
  return out;
}

/// A spec with its first two entries exchanged (JAX's _conv_spec_transpose).
SmallVector<int64_t> swapFirstTwo(ArrayRef<int64_t> spec) {
  SmallVector<int64_t> out(spec);
  std::swap(out[0], out[1]);
  return out;
}

/// A convolution like `like` over new operands and attributes, its result
/// type from the shape rule.
Value conv(Emitter &e, ConvOp like, Value lhs, Value rhs,
           ArrayRef<int64_t> strides, ArrayRef<int64_t> padding,
           ArrayRef<int64_t> lhsDil, ArrayRef<int64_t> rhsDil,
           ArrayRef<int64_t> L, ArrayRef<int64_t> R, ArrayRef<int64_t> O,
           int64_t fg, int64_t bg) {
  auto lt = tensorType(lhs);
  auto shape = convResultShape(lt.getShape(), tensorType(rhs).getShape(), strides,
                               padding, lhsDil, rhsDil, L, R, O, bg);
  return ConvOp::create(e.b, e.loc, lt.clone(shape), lhs, rhs, strides,
                        padding, lhsDil, rhsDil, L, R, O, fg, bg);
}

/// The same convolution over new operands.
Value sameConv(Emitter &e, ConvOp op, Value lhs, Value rhs, int64_t fg,
               int64_t bg) {
  return conv(e, op, lhs, rhs, op.getWindowStrides(), op.getPadding(),
              op.getLhsDilation(), op.getRhsDilation(), op.getLhsSpec(),
              op.getRhsSpec(), op.getOutSpec(), fg, bg);
}
} // namespace

//===----------------------------------------------------------------------===//
// FFT
//===----------------------------------------------------------------------===//

LogicalResult FftOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct) {
    out.push_back(Value());
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  auto inType = getOperand().getType();
  ArrayRef<int64_t> len = getFftLength();
  int64_t r = inType.getRank();
  switch (getFftType()) {
  case FftType::FFT:
  case FftType::IFFT:
    // The DFT matrix is symmetric.
    out.push_back(FftOp::create(e.b, e.loc, inType, ct, getFftType(), len));
    return success();
  case FftType::RFFT: {
    // RFFT is the FFT of x as complex numbers, keeping n/2 + 1 frequencies.
    auto ctType = tensorType(ct);
    SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
    SmallVector<int64_t> shape(ctType.getShape());
    hi[r - 1] = len.back() - shape[r - 1];
    shape[r - 1] = len.back();
    Value zero = e.splat(RankedTensorType::get({}, ctType.getElementType()), 0);
    Value padded = PadOp::create(e.b, e.loc, ctType.clone(shape), ct, zero, lo,
                                 hi, interior);
    Value full = FftOp::create(e.b, e.loc, ctType.clone(shape), padded,
                               FftType::FFT, len);
    out.push_back(e.real(full));
    return success();
  }
  case FftType::IRFFT: {
    // The RFFT of the cotangent, frequencies that stand for two (all but
    // the zeroth and, for even n, the last) doubled, scaled by 1/prod(n),
    // conjugated as JAX's convention for complex cotangents has it.
    Value x = FftOp::create(e.b, e.loc, inType, ct, FftType::RFFT, len);
    auto realType = inType.clone(
        llvm::cast<ComplexType>(inType.getElementType()).getElementType());
    int64_t m = inType.getDimSize(r - 1);
    bool odd = len.back() % 2;
    Value i = e.iota(inType.clone(e.b.getI32Type()), r - 1);
    auto idx = Emitter::typeOf(i);
    Value single = e.compare(i, e.zeros(idx), ComparisonDirection::EQ);
    if (!odd)
      single = OrOp::create(e.b, e.loc, single.getType(), single,
                            e.compare(i, e.splat(idx, m - 1),
                                      ComparisonDirection::EQ));
    double scale = 1.0;
    for (int64_t n : len)
      scale /= double(n);
    Value mask = e.select(single, e.splat(realType, scale),
                          e.splat(realType, 2 * scale));
    Value y = e.mul(x, e.complex(mask, e.zeros(realType)));
    out.push_back(e.complex(e.real(y), e.neg(e.imag(y))));
    return success();
  }
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

LogicalResult ConvOp::jvp(JvpContext &ctx) {
  ArrayRef<Value> t = ctx.tangents();
  if (!Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, ctx.results());
  Emitter e(ctx.builder(), getLoc());
  int64_t fg = getFeatureGroupCount(), bg = getBatchGroupCount();
  Value tangent;
  if (t[0])
    tangent = sameConv(e, *this, t[0], getRhs(), fg, bg);
  if (t[1])
    tangent = e.addT(tangent, sameConv(e, *this, getLhs(), t[1], fg, bg));
  ctx.results().push_back(tangent);
  return success();
}

LogicalResult ConvOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands();
  Value g = ctx.cotangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!operands[0] && !operands[1])
    return notLinear(*this, 1);
  bool forLhs = !operands[0];
  if (!g || tensorType(g).getNumElements() == 0) {
    // (No cotangent, or an empty one: a zero-sized kernel would be formed.)
    out.push_back(Value());
    out.push_back(Value());
    if (g) {
      Emitter e(ctx.builder(), getLoc());
      out[forLhs ? 0 : 1] = e.zeros(forLhs ? getLhs().getType()
                                           : getRhs().getType());
    }
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  auto L = getLhsSpec(), R = getRhsSpec(), O = getOutSpec();
  int64_t s = L.size() - 2;
  int64_t fg = getFeatureGroupCount(), bg = getBatchGroupCount();
  auto lhsShape = getLhs().getType().getShape();
  auto rhsShape = getRhs().getType().getShape();
  auto spatial = [&](ArrayRef<int64_t> spec) { return spec.drop_front(2); };
  if (forLhs) {
    Value kernel = operands[1];
    int64_t groups = fg > 1 ? fg : bg;
    if (groups > 1) {
      // The groups move from the kernel's output features to its input
      // features, which the transpose reads as its outputs.
      kernel = splitAxis(e, kernel, R[0], groups);
      kernel = mergeAxis(e, kernel, R[0], R[1]);
    }
    auto pads = vjpLhsPadding(
        take(lhsShape, spatial(L)), take(rhsShape, spatial(R)),
        getWindowStrides(), take(tensorType(g).getShape(), spatial(O)),
        getPadding(), getLhsDilation(), getRhsDilation());
    SmallVector<int64_t> rdims(spatial(R));
    Value reversed = ReverseOp::create(e.b, e.loc, kernel, rdims);
    Value x = conv(e, *this, g, reversed, getLhsDilation(), pads,
                   getWindowStrides(), getRhsDilation(), O, swapFirstTwo(R), L,
                   groups, 1);
    if (bg > 1) {
      x = splitAxis(e, x, L[1], bg);
      x = mergeAxis(e, x, L[1], L[0]);
    }
    out.push_back(x);
    out.push_back(Value());
    return success();
  }
  Value lhs = operands[0];
  int64_t tfg = bg > 1 ? bg : 1, tbg = fg > 1 ? fg : 1;
  SmallVector<int64_t> pads;
  auto in = take(lhsShape, spatial(L)), win = take(rhsShape, spatial(R)),
       outSizes = take(tensorType(g).getShape(), spatial(O));
  for (int64_t i = 0; i < s; ++i) {
    int64_t l = dilated(in[i], getLhsDilation()[i]),
            r = dilated(win[i], getRhsDilation()[i]),
            o = dilated(outSizes[i], getWindowStrides()[i]);
    int64_t lo = getPadding()[2 * i];
    pads.push_back(lo);
    pads.push_back((o - l) + (r - lo - 1));
  }
  out.push_back(Value());
  out.push_back(conv(e, *this, lhs, g, getRhsDilation(), pads,
                     getLhsDilation(), getWindowStrides(), swapFirstTwo(L),
                     swapFirstTwo(O), swapFirstTwo(R), tfg, tbg));
  return success();
}

namespace {
/// vmap of a convolution: the batch joins the lhs's batch dimension, the
/// kernel's output features, or both with one feature group per example.
LogicalResult batchConv(ConvOp op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op.getLoc());
  Value lhs = ctx.operands()[0], rhs = ctx.operands()[1];
  int64_t ld = ctx.dims()[0], rd = ctx.dims()[1], B = ctx.size();
  auto L = op.getLhsSpec(), R = op.getRhsSpec(), O = op.getOutSpec();
  int64_t fg = op.getFeatureGroupCount(), bg = op.getBatchGroupCount();
  Value out;
  int64_t outDim;
  if (ld != kNotMapped && rd != kNotMapped) {
    Value newLhs;
    if (bg > 1) {
      newLhs = mergeAxis(e, lhs, ld, L[0]);
      bg *= B;
    } else {
      newLhs = mergeAxis(e, lhs, ld, L[1]);
      fg *= B;
    }
    Value newRhs = mergeAxis(e, rhs, rd, R[0]);
    out = splitAxis(e, sameConv(e, op, newLhs, newRhs, fg, bg), O[1], B);
    outDim = O[1];
  } else if (ld != kNotMapped) {
    Value newLhs;
    if (bg == 1) {
      newLhs = mergeAxis(e, lhs, ld, L[0]);
    } else {
      // Batch groups stay outermost: split them off, put the examples
      // inside, and merge back.
      newLhs = splitAxis(e, lhs, L[0] + (ld <= L[0]), bg);
      newLhs = mergeAxis(e, newLhs, ld + (L[0] < ld), L[0] + 1);
      newLhs = mergeAxis(e, newLhs, L[0], L[0]);
    }
    out = splitAxis(e, sameConv(e, op, newLhs, rhs, fg, bg), O[0], B);
    outDim = O[0];
  } else {
    if (fg == 1 && bg == 1) {
      Value newRhs = mergeAxis(e, rhs, rd, R[0]);
      out = splitAxis(e, sameConv(e, op, lhs, newRhs, fg, bg), O[1], B);
    } else {
      int64_t groups = fg > 1 ? fg : bg;
      Value newRhs = splitAxis(e, rhs, R[0] + (rd <= R[0]), groups);
      newRhs = mergeAxis(e, newRhs, rd + (R[0] < rd), R[0] + 1);
      newRhs = mergeAxis(e, newRhs, R[0], R[0]);
      out = sameConv(e, op, lhs, newRhs, fg, bg);
      out = splitAxis(e, out, O[1], groups);
      out = splitAxis(e, out, O[1] + 1, B);
      out = mergeAxis(e, out, O[1], O[1] + 1);
    }
    outDim = O[1];
  }
  ctx.addResult(out, outDim);
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

namespace {
SmallVector<int64_t> ones(size_t n) { return SmallVector<int64_t>(n, 1); }
} // namespace

LogicalResult ReduceWindowOp::jvp(JvpContext &ctx) {
  Value t = ctx.tangents()[0];
  if (!t || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, ctx.results());
  OpBuilder &b = ctx.builder();
  if (getKind() == ReduceKind::Sum) {
    ctx.results().push_back(
        createLike(b, *this, {t}, {getType()})->getResult(0));
    return success();
  }
  // The tangent is taken at each window's maximum (or minimum): real
  // floats only (complex numbers have no order to pick it by).
  if (!llvm::isa<FloatType>(getType().getElementType()))
    return emitKindOpError(*this, ErrorKind::Type)
           << "cannot differentiate max or min pooling of "
           << getType().getElementType() << " values";
  ctx.results().push_back(SelectAndGatherAddOp::create(
      b, getLoc(), getType(), t, getOperand(), getKind() == ReduceKind::Max,
      getWindowDimensions(), getWindowStrides(), getPadding(),
      getBaseDilation(), getWindowDilation()));
  return success();
}

LogicalResult ReduceWindowOp::transpose(TransposeContext &ctx) {
  if (getKind() != ReduceKind::Sum)
    return notLinear(*this, 0);
  Value ct = ctx.cotangents()[0];
  if (!ct) {
    ctx.results().push_back(Value());
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  auto in = getOperand().getType();
  size_t r = in.getRank();
  // Pool the cotangent, spread out by the strides and padded, with the
  // window; the base dilation becomes the stride.
  auto pads = vjpLhsPadding(in.getShape(), getWindowDimensions(),
                            getWindowStrides(), tensorType(ct).getShape(),
                            getPadding(), getBaseDilation(),
                            getWindowDilation());
  SmallVector<int64_t> lo, hi, interior, shape;
  for (size_t d = 0; d < r; ++d) {
    lo.push_back(pads[2 * d]);
    hi.push_back(pads[2 * d + 1]);
    interior.push_back(getWindowStrides()[d] - 1);
    int64_t n = tensorType(ct).getDimSize(d);
    shape.push_back(lo[d] + hi[d] + (n == 0 ? 0 : n + (n - 1) * interior[d]));
  }
  Value zero = e.splat(RankedTensorType::get({}, in.getElementType()), 0);
  Value padded = PadOp::create(e.b, e.loc, in.clone(shape), ct, zero, lo, hi,
                               interior);
  ctx.results().push_back(ReduceWindowOp::create(
      e.b, e.loc, in, padded, ReduceKind::Sum, getWindowDimensions(),
      getBaseDilation(), SmallVector<int64_t>(2 * r, 0), ones(r),
      getWindowDilation()));
  return success();
}

LogicalResult SelectAndGatherAddOp::jvp(JvpContext &ctx) {
  return jvpBySameOp(*this, ctx.builder(), ctx.tangents(), ctx.results(), {0});
}

LogicalResult SelectAndGatherAddOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands();
  if (operands[0] || !operands[1])
    return notLinear(*this, 1);
  if (llvm::any_of(getWindowDilation(), [](int64_t d) { return d != 1; }))
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "VJP not implemented for select_and_gather (MaxPool) with "
              "window dilation";
  if (llvm::any_of(getPadding(), [](int64_t p) { return p < 0; }))
    return emitKindOpError(*this, ErrorKind::Type)
           << "slice start_indices must have every element be nonnegative "
              "(max/min pooling with negative padding has no VJP)";
  Value ct = ctx.cotangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct) {
    out.append({Value(), Value()});
    return success();
  }
  Emitter e(ctx.builder(), getLoc());
  Value x = operands[1];
  auto xt = tensorType(x);
  size_t r = xt.getRank();
  ArrayRef<int64_t> baseDil = getBaseDilation();
  bool dilatedBase = llvm::any_of(baseDil, [](int64_t d) { return d != 1; });
  if (dilatedBase) {
    // The holes of the dilated operand never win a window.
    SmallVector<int64_t> zeros(r, 0), interior, shape;
    for (size_t d = 0; d < r; ++d) {
      interior.push_back(baseDil[d] - 1);
      shape.push_back(dilated(xt.getDimSize(d), baseDil[d]));
    }
    auto scalar = RankedTensorType::get({}, xt.getElementType());
    double inf = std::numeric_limits<double>::infinity();
    Value fill = e.splat(scalar, getSelectMax() ? -inf : inf);
    x = PadOp::create(e.b, e.loc, xt.clone(shape), x, fill, zeros, zeros,
                      interior);
  }
  Value scattered = SelectAndScatterAddOp::create(
      e.b, e.loc, x.getType(), ct, x, getSelectMax(), getWindowDimensions(),
      getWindowStrides(), getPadding(), ones(r), ones(r));
  if (dilatedBase)
    scattered = e.slice(scattered, SmallVector<int64_t>(r, 0),
                        tensorType(scattered).getShape(), baseDil);
  out.push_back(scattered);
  out.push_back(Value());
  return success();
}

LogicalResult SelectAndScatterAddOp::jvp(JvpContext &ctx) {
  return jvpBySameOp(*this, ctx.builder(), ctx.tangents(), ctx.results(), {0});
}

LogicalResult SelectAndScatterAddOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands();
  if (operands[0] || !operands[1])
    return notLinear(*this, 1);
  Value ct = ctx.cotangents()[0];
  SmallVectorImpl<Value> &out = ctx.results();
  if (!ct) {
    out.append({Value(), Value()});
    return success();
  }
  size_t r = tensorType(operands[1]).getRank();
  out.push_back(SelectAndGatherAddOp::create(
      ctx.builder(), getLoc(), getSource().getType(), ct, operands[1],
      getSelectMax(), getWindowDimensions(), getWindowStrides(), getPadding(),
      ones(r), ones(r)));
  out.push_back(Value());
  return success();
}

namespace {
/// vmap of a pooling op: every operand mapped along a leading dimension
/// that each window spans once.
LogicalResult batchWindow(Operation *op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op->getLoc());
  SmallVector<Value> operands;
  for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims()))
    operands.push_back(materialize(e, v, d, 0, ctx.size()));
  Operation *batched = rebuildMapped(op, ctx, operands, 0);
  auto prepend = [&](StringRef name, ArrayRef<int64_t> lead) {
    auto old = llvm::cast<DenseI64ArrayAttr>(op->getAttr(name)).asArrayRef();
    SmallVector<int64_t> values(lead);
    values.append(old.begin(), old.end());
    batched->setAttr(name, e.b.getDenseI64ArrayAttr(values));
  };
  prepend("window_dimensions", {1});
  prepend("window_strides", {1});
  prepend("padding", {0, 0});
  prepend("base_dilation", {1});
  prepend("window_dilation", {1});
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

LogicalResult HostCallbackOp::jvp(JvpContext &ctx) {
  bool anyTangent = llvm::any_of(ctx.tangents(), [](Value t) { return t; });
  if (anyTangent && !getHasSideEffect())
    return emitKindOpError(*this, ErrorKind::Value)
           << "Pure callbacks do not support JVP. Please use "
              "`jax.custom_jvp` to use callbacks while taking gradients.";
  // A debug callback runs on the primals and has no results.
  return zeroJvp(*this, ctx.results());
}

namespace {
/// vmap of a callback: once per example (sequential), or once with the
/// batch as a leading dimension of every operand (expand_dims leaves
/// unmapped operands with a leading 1, broadcast_all broadcasts them).
LogicalResult batchCallback(HostCallbackOp op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op.getLoc());
  int64_t B = ctx.size();
  StringRef method = op.getVmapMethod();
  if (method == "expand_dims" || method == "broadcast_all") {
    SmallVector<Value> operands;
    for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims())) {
      if (d == kNotMapped && method == "expand_dims") {
        SmallVector<int64_t> shape(tensorType(v).getShape());
        shape.insert(shape.begin(), 1);
        operands.push_back(e.reshape(v, shape));
      } else {
        operands.push_back(materialize(e, v, d, 0, B));
      }
    }
    rebuildMapped(op, ctx, operands, 0);
    return success();
  }
  // Sequential: slice each mapped operand per example, call, and stack the
  // results along a new leading dimension.
  SmallVector<SmallVector<Value>> perExample(op.getNumResults());
  for (int64_t i = 0; i < B; ++i) {
    SmallVector<Value> args;
    for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims())) {
      if (d == kNotMapped) {
        args.push_back(v);
        continue;
      }
      auto t = tensorType(v);
      SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape()),
          strides(t.getRank(), 1);
      start[d] = i;
      limit[d] = i + 1;
      SmallVector<int64_t> shape(t.getShape());
      shape.erase(shape.begin() + d);
      args.push_back(e.reshape(e.slice(v, start, limit, strides), shape));
    }
    Operation *call =
        createLike(e.b, op, args, llvm::to_vector(op.getResultTypes()));
    for (auto [k, r] : llvm::enumerate(call->getResults())) {
      SmallVector<int64_t> shape(tensorType(r).getShape());
      shape.insert(shape.begin(), 1);
      perExample[k].push_back(e.reshape(r, shape));
    }
  }
  for (auto [k, type] : llvm::enumerate(op.getResultTypes())) {
    auto stacked = batchedType(type, 0, B);
    Value v = perExample[k].size() == 1
                  ? perExample[k][0]
                  : ConcatenateOp::create(e.b, e.loc, stacked, perExample[k],
                                          0)
                        .getResult();
    ctx.addResult(v, 0);
  }
  return success();
}
} // namespace

void batching::attachSignalBatchRules(MLIRContext *ctx) {
  attach<batchLeading, FftOp>(ctx);
  attach<typed<ConvOp, batchConv>, ConvOp>(ctx);
  attach<batchWindow, ReduceWindowOp, SelectAndGatherAddOp,
         SelectAndScatterAddOp>(ctx);
  attach<typed<HostCallbackOp, batchCallback>, HostCallbackOp>(ctx);
}
