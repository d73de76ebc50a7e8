//===- SignalOps.cpp - FFT, convolutions, windows, callbacks ----*- C++ -*-===//
//
// The shape rules of lax.fft, conv_general_dilated and the pooling ops
// (reduce_window, select_and_gather_add, select_and_scatter_add), stated as
// in JAX, and the checks and side effects of host callbacks. Tests:
// test/lit/Dialect/{ops,invalid}_signal.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// One entry per dimension of rank `rank`, each at least `min`.
LogicalResult perDim(Operation *op, ArrayRef<int64_t> values, size_t count,
                     StringRef what, int64_t min) {
  if (values.size() != count)
    return op->emitOpError() << what << " must have " << count
                             << " entries, got " << values.size();
  for (int64_t v : values)
    if (v < min)
      return op->emitOpError() << what << " entries must be at least " << min;
  return success();
}

/// The size of a padded, dilated dimension of `in` elements seen through a
/// window of `win` elements, dilated and strided.
int64_t windowedSize(int64_t in, int64_t lo, int64_t hi, int64_t baseDil,
                     int64_t win, int64_t winDil, int64_t stride) {
  int64_t padded = (in == 0 ? 0 : (in - 1) * baseDil + 1) + lo + hi;
  int64_t span = (win - 1) * winDil + 1;
  return padded < span ? 0 : (padded - span) / stride + 1;
}

/// Checks the window parameters of the pooling ops against `in`'s rank and
/// returns the windowed shape.
FailureOr<SmallVector<int64_t>>
windowShape(Operation *op, RankedTensorType in, ArrayRef<int64_t> dims,
            ArrayRef<int64_t> strides, ArrayRef<int64_t> padding,
            ArrayRef<int64_t> baseDil, ArrayRef<int64_t> winDil) {
  size_t r = in.getRank();
  if (failed(perDim(op, dims, r, "window_dimensions", 1)) ||
      failed(perDim(op, strides, r, "window_strides", 1)) ||
      failed(perDim(op, baseDil, r, "base_dilation", 1)) ||
      failed(perDim(op, winDil, r, "window_dilation", 1)))
    return failure();
  if (padding.size() != 2 * r)
    return op->emitOpError("padding must hold a (low, high) pair per "
                           "dimension, got ")
           << padding.size() << " entries for rank " << r;
  SmallVector<int64_t> out;
  for (size_t d = 0; d < r; ++d)
    out.push_back(windowedSize(in.getDimSize(d), padding[2 * d],
                               padding[2 * d + 1], baseDil[d], dims[d],
                               winDil[d], strides[d]));
  return out;
}

template <typename OpT>
FailureOr<SmallVector<int64_t>> windowShapeOf(OpT op, RankedTensorType in) {
  return windowShape(op, in, op.getWindowDimensions(), op.getWindowStrides(),
                     op.getPadding(), op.getBaseDilation(),
                     op.getWindowDilation());
}

/// Checks that `dims` is a permutation of 0..rank-1.
LogicalResult isPermutation(Operation *op, ArrayRef<int64_t> dims,
                            int64_t rank, StringRef what) {
  SmallVector<bool> seen(rank, false);
  if (static_cast<int64_t>(dims.size()) != rank)
    return op->emitOpError() << what << " must name all " << rank
                             << " dimensions";
  for (int64_t d : dims) {
    if (d < 0 || d >= rank || seen[d])
      return op->emitOpError() << what << " must be a permutation of the "
                               << rank << " dimensions";
    seen[d] = true;
  }
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// FFT
//===----------------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  auto in = tensorType(getOperand()), out = tensorType(getResult());
  ArrayRef<int64_t> len = getFftLength();
  int64_t k = len.size(), r = in.getRank();
  if (k < 1 || k > 3 || k > r)
    return emitOpError("transforms 1 to 3 trailing dimensions of an array of "
                       "at least that rank, got fft_length of ")
           << k << " for rank " << r;
  bool realIn = getFftType() == FftType::RFFT;
  bool realOut = getFftType() == FftType::IRFFT;
  Type inElt = in.getElementType(), outElt = out.getElementType();
  auto complexIn = llvm::dyn_cast<ComplexType>(inElt);
  auto complexOut = llvm::dyn_cast<ComplexType>(outElt);
  if (realIn == bool(complexIn) || realOut == bool(complexOut))
    return emitOpError("a ") << stringifyFftType(getFftType())
                             << " maps " << (realIn ? "real" : "complex")
                             << " to " << (realOut ? "real" : "complex")
                             << " elements, got " << in << " -> " << out;
  Type inReal = complexIn ? complexIn.getElementType() : inElt;
  Type outReal = complexOut ? complexOut.getElementType() : outElt;
  if (inReal != outReal || !(inReal.isF32() || inReal.isF64()))
    return emitOpError("operand and result must share a float32 or float64 "
                       "element precision, got ")
           << in << " -> " << out;
  SmallVector<int64_t> inShape(in.getShape()), outShape(in.getShape());
  for (int64_t i = 0; i < k; ++i)
    outShape[r - k + i] = len[i];
  SmallVector<int64_t> wantIn(outShape);
  if (realIn)
    outShape[r - 1] = len[k - 1] / 2 + 1;
  if (realOut)
    wantIn[r - 1] = len[k - 1] / 2 + 1;
  if (ArrayRef(inShape) != ArrayRef(wantIn))
    return emitOpError("operand's trailing dimensions must match fft_length, "
                       "got ")
           << in;
  if (out.getShape() != ArrayRef(outShape))
    return emitOpError("result must have shape [")
           << llvm::make_range(outShape.begin(), outShape.end())
           << "], got " << out;
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

SmallVector<int64_t> mlir::jxp::convResultShape(
    ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> padding, ArrayRef<int64_t> lhsDil,
    ArrayRef<int64_t> rhsDil, ArrayRef<int64_t> L, ArrayRef<int64_t> R,
    ArrayRef<int64_t> O, int64_t batchGroupCount) {
  SmallVector<int64_t> out(lhs.size());
  out[O[0]] = lhs[L[0]] / batchGroupCount;
  out[O[1]] = rhs[R[0]];
  for (size_t i = 0; i + 2 < lhs.size(); ++i)
    out[O[2 + i]] = windowedSize(lhs[L[2 + i]], padding[2 * i],
                                 padding[2 * i + 1], lhsDil[i], rhs[R[2 + i]],
                                 rhsDil[i], strides[i]);
  return out;
}

LogicalResult ConvOp::verify() {
  auto lhs = tensorType(getLhs()), rhs = tensorType(getRhs()),
       out = tensorType(getResult());
  int64_t r = lhs.getRank(), s = r - 2;
  if (r < 2 || rhs.getRank() != r || out.getRank() != r)
    return emitOpError("lhs, rhs and result must have one rank of at least "
                       "2, got ")
           << lhs << ", " << rhs << " and " << out;
  if (lhs.getElementType() != rhs.getElementType() ||
      lhs.getElementType() != out.getElementType())
    return emitOpError("lhs, rhs and result must have one element type");
  if (failed(isPermutation(*this, getLhsSpec(), r, "lhs_spec")) ||
      failed(isPermutation(*this, getRhsSpec(), r, "rhs_spec")) ||
      failed(isPermutation(*this, getOutSpec(), r, "out_spec")) ||
      failed(perDim(*this, getWindowStrides(), s, "window_strides", 1)) ||
      failed(perDim(*this, getLhsDilation(), s, "lhs_dilation", 1)) ||
      failed(perDim(*this, getRhsDilation(), s, "rhs_dilation", 1)))
    return failure();
  if (getPadding().size() != size_t(2 * s))
    return emitOpError("padding must hold a (low, high) pair per spatial "
                       "dimension");
  int64_t fg = getFeatureGroupCount(), bg = getBatchGroupCount();
  if (fg < 1 || bg < 1 || (fg > 1 && bg > 1))
    return emitOpError("feature_group_count and batch_group_count must be "
                       "positive and not both above 1");
  auto L = getLhsSpec(), R = getRhsSpec(), O = getOutSpec();
  int64_t batch = lhs.getDimSize(L[0]), inFeat = lhs.getDimSize(L[1]);
  int64_t outFeat = rhs.getDimSize(R[0]), kerIn = rhs.getDimSize(R[1]);
  if (inFeat != kerIn * fg)
    return emitOpError("lhs feature dimension (")
           << inFeat << ") must equal the kernel's input features (" << kerIn
           << ") times feature_group_count (" << fg << ")";
  if (outFeat % fg || outFeat % bg || batch % bg)
    return emitOpError("the kernel's output features (")
           << outFeat << ") must be a multiple of feature_group_count and "
           << "batch_group_count, and the batch (" << batch
           << ") a multiple of batch_group_count";
  SmallVector<int64_t> want = convResultShape(
      lhs.getShape(), rhs.getShape(), getWindowStrides(), getPadding(),
      getLhsDilation(), getRhsDilation(), L, R, O, bg);
  if (out.getShape() != ArrayRef(want))
    return emitOpError("result must have shape [")
           << llvm::make_range(want.begin(), want.end()) << "], got " << out;
  return success();
}

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  auto in = tensorType(getOperand()), out = tensorType(getResult());
  ReduceKind k = getKind();
  if (k != ReduceKind::Sum && k != ReduceKind::Max && k != ReduceKind::Min)
    return emitOpError("reduces windows with sum, max or min, got ")
           << stringifyReduceKind(k);
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result must have one element type");
  auto shape = windowShapeOf(*this, in);
  if (failed(shape))
    return failure();
  if (out.getShape() != ArrayRef(*shape))
    return emitOpError("result must have shape [")
           << llvm::make_range(shape->begin(), shape->end()) << "], got "
           << out;
  return success();
}

LogicalResult SelectAndGatherAddOp::verify() {
  auto t = tensorType(getTangent()), x = tensorType(getOperand()),
       out = tensorType(getResult());
  if (t != x)
    return emitOpError("tangent and operand must have one type, got ")
           << t << " and " << x;
  auto shape = windowShapeOf(*this, x);
  if (failed(shape))
    return failure();
  if (out.getElementType() != x.getElementType() ||
      out.getShape() != ArrayRef(*shape))
    return emitOpError("result must have the windowed shape [")
           << llvm::make_range(shape->begin(), shape->end()) << "], got "
           << out;
  return success();
}

LogicalResult SelectAndScatterAddOp::verify() {
  auto src = tensorType(getSource()), x = tensorType(getOperand()),
       out = tensorType(getResult());
  if (out != x)
    return emitOpError("result must have the operand's type ") << x;
  for (int64_t d : getBaseDilation())
    if (d != 1)
      return emitOpError("takes no base dilation");
  for (int64_t d : getWindowDilation())
    if (d != 1)
      return emitOpError("takes no window dilation");
  for (int64_t p : getPadding())
    if (p < 0)
      return emitOpError("takes no negative padding");
  auto shape = windowShapeOf(*this, x);
  if (failed(shape))
    return failure();
  if (src.getElementType() != x.getElementType() ||
      src.getShape() != ArrayRef(*shape))
    return emitOpError("source must have the windowed shape [")
           << llvm::make_range(shape->begin(), shape->end()) << "], got "
           << src;
  return success();
}

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

LogicalResult HostCallbackOp::verify() {
  if (getCallbackIdAttr().getInt() < 0)
    return emitOpError("callback_id must be non-negative");
  StringRef m = getVmapMethod();
  if (m != "sequential" && m != "expand_dims" && m != "broadcast_all" &&
      m != "sequential_unrolled")
    return emitOpError("vmap_method must be sequential, sequential_unrolled, "
                       "expand_dims or broadcast_all, got '")
           << m << "'";
  if (getHasSideEffect() && !getResults().empty())
    return emitOpError("a callback with side effects returns nothing");
  return success();
}

void HostCallbackOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A debug callback must run even though nothing uses it, and two of them
  // must not merge; a pure one is as free to move or drop as any op.
  if (getHasSideEffect())
    effects.emplace_back(MemoryEffects::Write::get());
}
