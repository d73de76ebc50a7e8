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
/// Every jxp op is pure and region-free, so any call of a function made of
/// them may be inlined.
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

void JxpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "JxpOps.cpp.inc"
      >();
  addInterfaces<JxpInlinerInterface>();
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
