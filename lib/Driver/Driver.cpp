//===- Driver.cpp - jxp's compiler entry points -----------------*- C++ -*-===//

#include "Driver/Driver.h"

#include "Conversion/Passes.h"
#include "Driver/InputChecks.h"
#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <memory>
#include <mutex>
#include <vector>

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

/// Contexts for compiles. A context keeps every type, attribute, symbol
/// name and location it has seen, so each is dropped after a bounded number
/// of compiles; idle ones wait in a pool, so compiles on different threads
/// each get their own and run at the same time.
class ContextPool {
public:
  /// Compiles one context serves before it is dropped.
  static constexpr unsigned kCompilesPerContext = 64;

  struct Lease {
    std::unique_ptr<MLIRContext> context;
    unsigned uses = 0;
  };

  Lease acquire() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idle.empty()) {
        Lease lease = std::move(idle.back());
        idle.pop_back();
        return lease;
      }
    }
    DialectRegistry registry;
    ::jxp::registerDialects(registry);
    Lease lease;
    lease.context = std::make_unique<MLIRContext>(
        registry, MLIRContext::Threading::DISABLED);
    // StableHLO is not registered on this side (design.md section 1): the
    // conversion's output holds its ops by name.
    lease.context->allowUnregisteredDialects(true);
    lease.context->loadAllAvailableDialects();
    return lease;
  }

  void release(Lease lease) {
    if (++lease.uses >= kCompilesPerContext)
      return; // dropped: its memory goes with it
    std::lock_guard<std::mutex> lock(mutex);
    idle.push_back(std::move(lease));
  }

private:
  std::mutex mutex;
  std::vector<Lease> idle;
};

ContextPool &contextPool() {
  static ContextPool *pool = new ContextPool();
  return *pool;
}

/// Returns its context to the pool when the compile ends, however it ends.
struct ScopedLease {
  ContextPool::Lease lease;
  ScopedLease() : lease(contextPool().acquire()) {}
  ~ScopedLease() { contextPool().release(std::move(lease)); }
  MLIRContext &context() { return *lease.context; }
};
} // namespace

::jxp::PipelineResult (::jxp::runPipeline)(const std::string &moduleText,
                                     const std::string &pipeline,
                                     bool genericForm, bool debugInfo) {
  registerPasses();
  ScopedLease lease;
  MLIRContext &ctx = lease.context();
  PipelineResult result;
  llvm::raw_string_ostream diags(result.diagnostics);
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    printDiagnostic(diags, diag);
    return success();
  });

  if (auto hazard = findParserHazard(moduleText)) {
    StringRef before = StringRef(moduleText).take_front(hazard->offset);
    size_t lineStart = before.rfind('\n') + 1; // npos + 1 == 0
    diags << "error: line " << before.count('\n') + 1 << ", column "
          << hazard->offset - lineStart + 1 << ": " << hazard->message << "\n";
    return result;
  }
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(moduleText, ParserConfig(&ctx));
  // StableHLO being unregistered here, the context takes any op: those of
  // other dialects are refused before a pass meets them.
  if (!module || failed(verifyRegisteredOps(*module)))
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
