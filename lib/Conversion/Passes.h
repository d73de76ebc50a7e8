//===- Passes.h - jxp conversion pass declarations --------------*- C++ -*-===//
//
// The convert-jxp-to-stablehlo pass (dialects/JxpConversionPasses.td,
// lib/Conversion/ConvertJxpToStableHLO.cpp), declared and registered.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_CONVERSION_PASSES_H
#define JXP_CONVERSION_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::jxp {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "JxpConversionPasses.h.inc"
} // namespace mlir::jxp

#endif // JXP_CONVERSION_PASSES_H
