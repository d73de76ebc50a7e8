//===- JxpDialect.h - jxp dialect declarations ------------------*- C++ -*-===//
//
// Everything a user of the jxp dialect includes: the dialect, its enums, its
// interfaces and its ops, all generated from dialects/*.td.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DIALECT_JXPDIALECT_H
#define JXP_DIALECT_JXPDIALECT_H

#include "Dialect/RuleContext.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "JxpDialect.h.inc"
#include "JxpEnums.h.inc"
#include "JxpInterfaces.h.inc"

namespace mlir::jxp {
/// The StableHLO rule shared by ops whose StableHLO counterpart has the same
/// operands and attributes: re-creates `op` under the name `hloName`.
llvm::LogicalResult lowerByName(Operation *op, llvm::StringRef hloName,
                                OpBuilder &b,
                                llvm::SmallVectorImpl<Value> &results);

/// Checks that a ranked tensor type is an array XLA can hold: a static shape
/// and fewer than 2^63 bytes (XLA aborts the process on a larger one).
/// `emitError` starts the diagnostic with the value's name ("operand #0").
/// Other types pass: type constraints report them.
llvm::LogicalResult
verifyArrayType(Type type, llvm::function_ref<InFlightDiagnostic()> emitError);

/// Varying manual axes (dialects/JxpCollectiveOps.td): inside a shard_map,
/// after `jxp-infer-vma`, a tensor's encoding lists the manual mesh axes
/// its value varies along (an array of names, in mesh order); no encoding
/// means invariant. The names of `type`'s VMA (empty if none).
llvm::SmallVector<llvm::StringRef> vmaOf(Type type);
/// `type` with VMA `axes` (no encoding for none); other types unchanged.
Type withVma(Type type, llvm::ArrayRef<llvm::StringRef> axes);
inline Type withoutVma(Type type) { return withVma(type, {}); }

/// The result shape of jxp.conv over operands of shapes `lhs` and `rhs`
/// with the attributes of the op (its shape rule, shared by the verifier
/// and the rules that build convolutions).
llvm::SmallVector<int64_t> convResultShape(
    llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs,
    llvm::ArrayRef<int64_t> windowStrides, llvm::ArrayRef<int64_t> padding,
    llvm::ArrayRef<int64_t> lhsDilation, llvm::ArrayRef<int64_t> rhsDilation,
    llvm::ArrayRef<int64_t> lhsSpec, llvm::ArrayRef<int64_t> rhsSpec,
    llvm::ArrayRef<int64_t> outSpec, int64_t batchGroupCount);

/// Every operand and result of a jxp op is such an array (ArrayTypes trait).
template <typename ConcreteType>
class ArrayTypes : public OpTrait::TraitBase<ConcreteType, ArrayTypes> {
public:
  static llvm::LogicalResult verifyTrait(Operation *op);
};
llvm::LogicalResult verifyArrayTypes(Operation *op);
template <typename ConcreteType>
llvm::LogicalResult ArrayTypes<ConcreteType>::verifyTrait(Operation *op) {
  return verifyArrayTypes(op);
}
} // namespace mlir::jxp

#define GET_OP_CLASSES
#include "JxpOps.h.inc"

#endif // JXP_DIALECT_JXPDIALECT_H
