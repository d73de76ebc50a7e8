//===- Driver.h - jxp's compiler entry points -------------------*- C++ -*-===//
//
// The API the Python extension calls. It speaks only std:: types so that the
// extension (built with RTTI for nanobind) never touches MLIR's classes
// (built without).
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DRIVER_DRIVER_H
#define JXP_DRIVER_DRIVER_H

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
}

namespace jxp {

/// Registers the dialects jxp programs use: jxp and func (inlinable).
void registerDialects(mlir::DialectRegistry &registry);

/// Registers jxp's passes and the upstream ones its pipelines use
/// (canonicalize, cse, inline, symbol-dce, ...).
void registerPasses();

/// One error, as Python sees it: `kind` is "error" or the kind a pass gave
/// (lib/Dialect/Diagnostics.h: "not-implemented", "type", "missing-rule"),
/// `data` what that kind carries (a missing rule's request).
struct ErrorInfo {
  std::string kind, message, file, data;
  unsigned line = 0, column = 0;
};

struct PipelineResult {
  bool ok = false;
  std::string output;           // the module after the pipeline, if ok
  std::string diagnostics;      // "file:line:col: error: message" lines
  std::vector<ErrorInfo> errors; // the same errors, structured
};

/// Parses `moduleText` (any MLIR textual form), runs `pipeline` (a pass
/// list such as "canonicalize,convert-jxp-to-stablehlo", optionally wrapped
/// in "builtin.module(...)") and prints the result. Never aborts: every
/// failure comes back as diagnostics.
PipelineResult runPipeline(const std::string &moduleText,
                           const std::string &pipeline, bool genericForm,
                           bool debugInfo);

/// The programs of an eager linearize / vjp, from a module whose public
/// @main is a JVP: (primals..., tangents..., closed-over values...) ->
/// (outputs...), the `numLinear` tangents starting at input `firstLinear`. After the optimizing pipeline
/// (`optimize`), @main is split by partial evaluation and each part
/// becomes a StableHLO module of its own @main:
///   primal:     (primals..., closed-over values...) ->
///               (non-linear outputs..., residuals...)
///   linear:     (residuals..., tangents...) -> (linear outputs...)
///   transposed: (residuals..., cotangents of the linear outputs...) ->
///               (cotangents of the tangent inputs...)
/// `linearResults` lists @main's outputs that are linear. The transposed
/// program may fail on its own (a function that is not transposable can
/// still be linearized): then `transposed.ok` is false.
struct SplitResult {
  PipelineResult primal, linear, transposed;
  std::vector<int64_t> linearResults;
  int64_t numResiduals = 0;
};
SplitResult splitLinear(const std::string &moduleText,
                        const std::string &optimize, unsigned firstLinear,
                        unsigned numLinear);

} // namespace jxp

#endif // JXP_DRIVER_DRIVER_H
