//===- Passes.h - jxp transformation pass declarations ----------*- C++ -*-===//
//
// The jxp-* passes (dialects/JxpPasses.td), declared and registered: each
// pass JxpFooPass has the flag jxp-foo, lives in lib/Transforms/Foo.cpp and
// is tested under test/lit/Transforms/jxp-foo/.
//
//===----------------------------------------------------------------------===//

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
