//===- JxpDialect.h - jxp dialect declarations ------------------*- C++ -*-===//
//
// Everything a user of the jxp dialect includes: the dialect, its enums, its
// interfaces and its ops, all generated from dialects/*.td.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DIALECT_JXPDIALECT_H
#define JXP_DIALECT_JXPDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
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
} // namespace mlir::jxp

#define GET_OP_CLASSES
#include "JxpOps.h.inc"

#endif // JXP_DIALECT_JXPDIALECT_H
