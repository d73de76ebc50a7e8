//===- Driver.h - jxp's compiler entry points -------------------*- C++ -*-===//
//
// The API the Python extension calls. It speaks only std::string so that the
// extension (built with RTTI for nanobind) never touches MLIR's classes
// (built without).
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DRIVER_DRIVER_H
#define JXP_DRIVER_DRIVER_H

#include <string>

namespace mlir {
class DialectRegistry;
}

namespace jxp {

/// Registers the dialects jxp programs use: jxp and func (inlinable).
void registerDialects(mlir::DialectRegistry &registry);

/// Registers jxp's passes and the upstream ones its pipelines use
/// (canonicalize, cse, inline, symbol-dce, ...).
void registerPasses();

struct PipelineResult {
  bool ok = false;
  std::string output;      // the module after the pipeline, if ok
  std::string diagnostics; // "file:line:col: error: message" lines
};

/// Parses `moduleText` (any MLIR textual form), runs `pipeline` (a pass
/// list such as "canonicalize,convert-jxp-to-stablehlo", optionally wrapped
/// in "builtin.module(...)") and prints the result. Never aborts: every
/// failure comes back as diagnostics.
PipelineResult runPipeline(const std::string &moduleText,
                           const std::string &pipeline, bool genericForm,
                           bool debugInfo);

} // namespace jxp

#endif // JXP_DRIVER_DRIVER_H
