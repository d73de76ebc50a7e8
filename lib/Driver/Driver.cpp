//===- Driver.cpp - jxp's compiler entry points -----------------*- C++ -*-===//

#include "Driver/Driver.h"

#include "Conversion/Passes.h"
#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

using namespace mlir;

void ::jxp::registerDialects(DialectRegistry &registry) {
  registry.insert<mlir::jxp::JxpDialect, func::FuncDialect>();
  func::registerInlinerExtension(registry);
}

void ::jxp::registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerTransformsPasses();
    mlir::jxp::registerJxpPasses();
  });
}

namespace {
/// The first file location inside `loc` (call sites and fused locations
/// nest them).
FileLineColLoc findFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location l) {
    if (auto f = llvm::dyn_cast<FileLineColLoc>(l)) {
      found = f;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

void printDiagnostic(llvm::raw_ostream &os, Diagnostic &diag) {
  if (FileLineColLoc f = findFileLoc(diag.getLocation()))
    os << f.getFilename().getValue() << ":" << f.getLine() << ":"
       << f.getColumn() << ": ";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error: os << "error: "; break;
  case DiagnosticSeverity::Warning: os << "warning: "; break;
  case DiagnosticSeverity::Note: os << "note: "; break;
  case DiagnosticSeverity::Remark: os << "remark: "; break;
  }
  os << diag << "\n";
  for (Diagnostic &note : diag.getNotes())
    printDiagnostic(os, note);
}

/// One context for the life of the process: types and attributes stay
/// uniqued across compilations, and registration happens once.
MLIRContext &sharedContext() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    ::jxp::registerDialects(registry);
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->allowUnregisteredDialects(true);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}
} // namespace

::jxp::PipelineResult (::jxp::runPipeline)(const std::string &moduleText,
                                     const std::string &pipeline,
                                     bool genericForm, bool debugInfo) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  registerPasses();
  MLIRContext &ctx = sharedContext();
  PipelineResult result;
  llvm::raw_string_ostream diags(result.diagnostics);
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    printDiagnostic(diags, diag);
    return success();
  });

  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(moduleText, ParserConfig(&ctx));
  if (!module)
    return result;

  StringRef passes = pipeline;
  if (passes.consume_front("builtin.module(") && !passes.consume_back(")")) {
    diags << "error: unbalanced pipeline '" << pipeline << "'\n";
    return result;
  }
  PassManager pm(&ctx, ModuleOp::getOperationName());
  std::string pipelineErrors;
  llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
  if (failed(parsePassPipeline(passes, pm, pipelineErrorStream))) {
    diags << "error: invalid pipeline '" << pipeline
          << "': " << pipelineErrors << "\n";
    return result;
  }
  if (failed(pm.run(*module)))
    return result;

  OpPrintingFlags flags;
  if (genericForm)
    flags.printGenericOpForm();
  if (debugInfo)
    flags.enableDebugInfo();
  llvm::raw_string_ostream out(result.output);
  module->print(out, flags);
  result.ok = true;
  return result;
}
