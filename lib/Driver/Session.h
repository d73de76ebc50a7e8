//===- Session.h - one compile: a context and its diagnostics ---*- C++ -*-===//
//
// Shared by the driver's entry points (Driver.cpp, EntryPoints.cpp): a
// context leased from the pool for the duration of one compile, a handler
// that records every diagnostic (as text and structured), and the steps
// every entry point takes: parse with the input checks, run a pipeline,
// print.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DRIVER_SESSION_H
#define JXP_DRIVER_SESSION_H

#include "Driver/Driver.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace jxp {

class Session {
public:
  Session();
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  mlir::MLIRContext &context();

  /// The module, or null after reporting why not. A jxp program holds only
  /// registered (jxp, func, builtin) ops; with `anyOps` the module may hold
  /// others (StableHLO's, parsed to be inspected, never transformed).
  mlir::OwningOpRef<mlir::ModuleOp> parse(const std::string &text,
                                          bool anyOps = false,
                                          bool verify = true);
  /// Parses functions to add to a module: not verified on their own (they
  /// call the module's functions); verify the module once they are in.
  mlir::OwningOpRef<mlir::ModuleOp> parseFragment(const std::string &text);
  /// Runs a textual pass pipeline on `module`.
  mlir::LogicalResult run(mlir::ModuleOp module, llvm::StringRef pipeline);
  std::string print(mlir::ModuleOp module, bool genericForm, bool debugInfo);

  /// Moves the diagnostics recorded so far into `result` (and clears them).
  void takeDiagnostics(PipelineResult &result);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Fills `result`'s facts of a StableHLO module (Compile.cpp): partitions,
/// devices, custom-call targets, host callbacks (numbered in the module by
/// position) and the location-free fingerprint.
void describeProgram(mlir::ModuleOp module, CompileResult &result);

/// Runs `step` on `source` and, while it fails only because the pipeline
/// asks for custom rules (symbolic zeros), traces them into `source` with
/// `traceRule` and runs it again, at most kMaxRuleRounds times
/// (Compile.cpp). With a tracer, `step` runs on a copy of `source` each
/// round. Returns the module `step` succeeded on, or null with the errors
/// in `failure`: one parse for every round, and no print.
mlir::OwningOpRef<mlir::ModuleOp>
runWithRules(Session &session, mlir::OwningOpRef<mlir::ModuleOp> source,
             llvm::function_ref<mlir::LogicalResult(mlir::ModuleOp)> step,
             const RuleTracer &traceRule, PipelineResult &failure);

} // namespace jxp

#endif // JXP_DRIVER_SESSION_H
