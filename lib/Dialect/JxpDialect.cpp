//===- JxpDialect.cpp - jxp dialect registration ----------------*- C++ -*-===//
//
// Registers the ops, makes them inlinable, and holds the generated op
// definitions, what every op shares (the array-type check of the ArrayTypes
// trait, the dialect's canonicalization of ops with empty results) and the
// one hand-written assembly format (constant). Each op family's verifiers,
// folds and assembly are in lib/Dialect/<Family>Ops.cpp.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::jxp;

#include "JxpDialect.cpp.inc"
#include "JxpEnums.cpp.inc"
#include "JxpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "JxpOps.cpp.inc"

namespace {
/// jxp ops have no side effects (array primitives are Pure; region ops
/// only those of their bodies), so calls of functions made of them may be
/// inlined anywhere, into regions too, and regions may be inlined.
struct JxpInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

/// Every op states its JVP rule: its own, or a family's (the JvpRule
/// interface with the NonDifferentiable or LinearJvp trait). Transform ops
/// are materialized before differentiation and need none.
template <typename... Ops> constexpr bool everyOpHasJvpRule() {
  return ((Ops::template hasTrait<JvpRule::Trait>() ||
           Ops::template hasTrait<TransformOp::Trait>()) &&
          ...);
}
static_assert(everyOpHasJvpRule<
#define GET_OP_LIST
#include "JxpOps.cpp.inc"
                  >(),
              "every jxp op needs a JVP rule (Jxp_HasJvpRule, "
              "Jxp_NoTangents or Jxp_LinearJvpRule in dialects/JxpOps.td)");

void JxpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "JxpOps.cpp.inc"
      >();
  addInterfaces<JxpInlinerInterface>();
  attachBatchRules(getContext());
}

Operation *JxpDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = llvm::dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

/// Bytes XLA stores per element (a boolean takes one; a complex number two
/// floats); 1 for types that are no array elements (constraints reject them).
static int64_t elementBytes(Type elt) {
  if (auto complex = llvm::dyn_cast<ComplexType>(elt))
    return 2 * elementBytes(complex.getElementType());
  // XLA's CPU compiler computes f16 and bf16 arrays as f32 ones, and fails
  // on an array whose f32 form would overflow (found by the fuzzer).
  if (llvm::isa<FloatType>(elt) && elt.getIntOrFloatBitWidth() == 16)
    return 4;
  if (llvm::isa<IntegerType, FloatType>(elt))
    return (elt.getIntOrFloatBitWidth() + 7) / 8;
  return 1;
}

LogicalResult
mlir::jxp::verifyArrayType(Type type,
                           function_ref<InFlightDiagnostic()> emitError) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  if (!tensor.hasStaticShape())
    return emitError() << "has dynamic shape " << type
                       << ": jxp arrays have static shapes";
  if (Attribute enc = tensor.getEncoding()) {
    // The only encoding jxp gives a tensor: its varying manual axes.
    auto names = llvm::dyn_cast<ArrayAttr>(enc);
    llvm::StringSet<> seen;
    bool ok = names && !names.empty();
    for (Attribute a : ok ? names.getValue() : ArrayRef<Attribute>()) {
      auto name = llvm::dyn_cast<StringAttr>(a);
      ok = ok && name && !name.getValue().empty() &&
           seen.insert(name.getValue()).second;
    }
    if (!ok)
      return emitError() << "has encoding " << enc
                         << ", which is no list of varying manual axes "
                            "(distinct, non-empty names)";
  }
  // XLA multiplies the sizes in order, then by the element size, and aborts
  // on an overflow even when a later size is 0: so do we, without the abort.
  std::optional<int64_t> bytes = elementBytes(tensor.getElementType());
  std::optional<int64_t> elements = 1;
  for (int64_t d : tensor.getShape()) {
    if (bytes)
      bytes = llvm::checkedMul(*bytes, std::max<int64_t>(d, 1));
    if (elements)
      elements = llvm::checkedMul(*elements, std::max<int64_t>(d, 1));
  }
  if (!bytes)
    return emitError() << "of type " << type
                       << " would hold 2^63 bytes or more, more than XLA "
                          "can address";
  // XLA's compiler also aborts (std::bad_alloc) on an array of more than
  // 2^62 elements, even of fewer bytes (an i8 or i1 array).
  if (!elements || *elements > (int64_t(1) << 62))
    return emitError() << "of type " << type
                       << " would hold more than 2^62 elements, more than "
                          "XLA can compile";
  return success();
}

LogicalResult mlir::jxp::verifyArrayTypes(Operation *op) {
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (failed(verifyArrayType(v.getType(), [&, i = i] {
          return op->emitOpError() << "operand #" << i << " ";
        })))
      return failure();
  for (auto [i, v] : llvm::enumerate(op->getResults()))
    if (failed(verifyArrayType(v.getType(), [&, i = i] {
          return op->emitOpError() << "result #" << i << " ";
        })))
      return failure();
  return success();
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

//===----------------------------------------------------------------------===//
// ConstantOp assembly: `jxp.constant dense<...> : tensor<...>`; the result
// type is the value's type.
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  ElementsAttr value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseAttribute(value))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDict((*this)->getDiscardableAttrDictionary().getValue());
  p << ' ';
  p.printAttribute(getValue());
}
