//===- JxpFolds.cpp - cheap folds of jxp ops --------------------*- C++ -*-===//
//
// Only folds that are exact in IEEE arithmetic and cost nothing to check:
// identities (x + -0.0, x - 0, x * 1, no-op reshapes ...) and integer or
// float constant arithmetic. Dead code needs no fold: every jxp op is Pure.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
/// True if `attr` is a splat constant whose every element is `value`; for
/// floats, `value` must match bit for bit (so -0.0 and 0.0 differ).
bool isSplatOf(Attribute attr, double value) {
  auto splat = llvm::dyn_cast_if_present<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  Type elt = splat.getElementType();
  if (auto ft = llvm::dyn_cast<FloatType>(elt)) {
    APFloat v(value);
    bool lost;
    v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return splat.getSplatValue<APFloat>().bitwiseIsEqual(v);
  }
  if (elt.isInteger() && !elt.isInteger(1))
    return splat.getSplatValue<APInt>().getSExtValue() == (int64_t)value;
  return false;
}

template <typename IntFn, typename FloatFn>
Attribute foldArith(ArrayRef<Attribute> operands, Type type, IntFn intFn,
                    FloatFn floatFn) {
  Type elt = getElementTypeOrSelf(type);
  if (llvm::isa<FloatType>(elt))
    return constFoldBinaryOp<FloatAttr>(operands, type, floatFn);
  if (elt.isInteger() && !elt.isInteger(1))
    return constFoldBinaryOp<IntegerAttr>(operands, type, intFn);
  return {};
}
} // namespace

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 is x for integers; for floats only x + -0.0 is (0.0 + -0.0 = 0.0).
  bool isFloat = llvm::isa<FloatType>(getType().getElementType());
  if (isSplatOf(adaptor.getRhs(), isFloat ? -0.0 : 0.0))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), isFloat ? -0.0 : 0.0))
    return getRhs();
  return foldArith(
      adaptor.getOperands(), getType(),
      [](const APInt &a, const APInt &b) { return a + b; },
      [](const APFloat &a, const APFloat &b) { return a + b; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0.0))
    return getLhs();
  return foldArith(
      adaptor.getOperands(), getType(),
      [](const APInt &a, const APInt &b) { return a - b; },
      [](const APFloat &a, const APFloat &b) { return a - b; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1.0))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), 1.0))
    return getRhs();
  return foldArith(
      adaptor.getOperands(), getType(),
      [](const APInt &a, const APInt &b) { return a * b; },
      [](const APFloat &a, const APFloat &b) { return a * b; });
}

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getOperand().getDefiningOp<NegOp>())
    return inner.getOperand();
  return {};
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse())
    return getOnTrue();
  if (auto pred = llvm::dyn_cast_if_present<SplatElementsAttr>(adaptor.getPred()))
    return pred.getSplatValue<bool>() ? getOnTrue() : getOnFalse();
  return {};
}

OpFoldResult ConvertOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return {};
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType() &&
      llvm::equal(getBroadcastDimensions(),
                  llvm::seq<int64_t>(0, getType().getRank())))
    return getOperand();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  if (auto inner = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(inner.getOperand());
    return getResult();
  }
  if (auto dense = llvm::dyn_cast_if_present<DenseElementsAttr>(adaptor.getOperand()))
    return dense.reshape(getType());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  if (llvm::equal(getPermutation(), llvm::seq<int64_t>(0, getType().getRank())))
    return getOperand();
  return {};
}

OpFoldResult ReverseOp::fold(FoldAdaptor) {
  // Reversing nothing, or only dimensions of size 1, changes nothing.
  if (llvm::all_of(getDimensions(),
                   [&](int64_t d) { return getType().getDimSize(d) == 1; }))
    return getOperand();
  if (auto inner = getOperand().getDefiningOp<ReverseOp>())
    if (inner.getDimensions() == getDimensions())
      return inner.getOperand();
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return {};
}

// A sort whose inputs are the leading inputs of a later sort with the same
// keys and order (as the JVP of sort builds: the same sort plus an iota to
// learn the permutation) is that sort's leading results, when all its
// uses come after it: one sort instead of two.
LogicalResult SortOp::canonicalize(SortOp op, PatternRewriter &rewriter) {
  if (op.getInputs().empty())
    return failure();
  for (Operation *user : op.getInputs().front().getUsers()) {
    auto other = llvm::dyn_cast<SortOp>(user);
    if (!other || other == op || other->getBlock() != op->getBlock() ||
        !op->isBeforeInBlock(other) ||
        other.getDimension() != op.getDimension() ||
        other.getNumKeys() != op.getNumKeys() ||
        other.getIsStable() != op.getIsStable() ||
        other.getInputs().size() <= op.getInputs().size() ||
        !llvm::equal(op.getInputs(),
                     other.getInputs().take_front(op.getInputs().size())))
      continue;
    bool usesAfter = llvm::all_of(op->getUsers(), [&](Operation *u) {
      return u->getBlock() == other->getBlock() && other->isBeforeInBlock(u);
    });
    if (!usesAfter)
      continue;
    rewriter.replaceOp(op, other.getResults().take_front(op.getNumResults()));
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Empty results
//===----------------------------------------------------------------------===//

namespace {
/// A side-effect-free jxp op whose results all have no elements computes
/// nothing: its results are empty constants. Beyond saving work, this keeps
/// XLA from seeing loops and windows over huge empty dimensions
/// (tensor<2147483647x0xi32>), which it compiles for minutes or aborts on.
struct EmptyResultsToConstants : RewritePattern {
  EmptyResultsToConstants(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() == 0 || isa<ConstantOp>(op) ||
        !llvm::isa_and_present<JxpDialect>(op->getDialect()) ||
        !isMemoryEffectFree(op))
      return failure();
    SmallVector<Value> empties;
    for (Value result : op->getResults()) {
      auto type = llvm::dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape() || type.getNumElements() != 0)
        return failure();
      empties.push_back(ConstantOp::create(
          rewriter, op->getLoc(), type,
          DenseElementsAttr::get(type, ArrayRef<Attribute>())));
    }
    rewriter.replaceOp(op, empties);
    return success();
  }
};
} // namespace

void JxpDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.add<EmptyResultsToConstants>(getContext());
}
