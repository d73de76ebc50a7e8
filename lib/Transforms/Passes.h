//===- Passes.h - jxp transformation pass declarations ----------*- C++ -*-===//

#ifndef JXP_TRANSFORMS_PASSES_H
#define JXP_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::jxp {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

#endif // JXP_TRANSFORMS_PASSES_H
