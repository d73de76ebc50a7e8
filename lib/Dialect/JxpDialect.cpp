//===- JxpDialect.cpp - jxp dialect registration ----------------*- C++ -*-===//
//
// Registers the ops, makes them inlinable, and holds the generated op
// definitions plus the one hand-written assembly format (constant).
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

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
