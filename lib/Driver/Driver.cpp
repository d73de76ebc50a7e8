//===- Driver.cpp - jxp's compiler entry points -----------------*- C++ -*-===//

#include "Driver/Driver.h"
#include "Driver/Session.h"

#include "Conversion/Passes.h"
#include "Dialect/Diagnostics.h"
#include "Transforms/Passes.h"
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

#include <atomic>
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
    mlir::jxp::registerJxpConversionPasses();
    registerPipelines();
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

/// The kind a diagnostic's location carries (lib/Dialect/Diagnostics.h),
/// if any.
bool findKind(Location loc, std::string &kind, std::string &data) {
  bool found = false;
  loc->walk([&](Location l) {
    auto name = llvm::dyn_cast<NameLoc>(l);
    if (!name)
      return WalkResult::advance();
    StringRef rest = name.getName().getValue();
    if (!rest.consume_front(mlir::jxp::kKindNoteMarker))
      return WalkResult::advance();
    auto [k, d] = rest.split(' ');
    kind = k.str();
    data = d.str();
    found = true;
    return WalkResult::interrupt();
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
    // StableHLO is not registered on this side (docs/design.md §1): the
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

std::atomic<uint64_t> numParses{0}, numPrints{0};

} // namespace

namespace jxp {
struct Session::Impl {
  ContextPool::Lease lease = contextPool().acquire();
  std::string text;
  llvm::raw_string_ostream textStream{text};
  std::vector<ErrorInfo> errors;
  std::unique_ptr<ScopedDiagnosticHandler> handler;

  ~Impl() {
    handler.reset();
    contextPool().release(std::move(lease));
  }
  void record(Diagnostic &diag) {
    printDiagnostic(textStream, diag);
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return;
    ErrorInfo info;
    info.kind = "error";
    findKind(diag.getLocation(), info.kind, info.data);
    info.message = diag.str();
    if (FileLineColLoc f = findFileLoc(diag.getLocation())) {
      info.file = f.getFilename().str();
      info.line = f.getLine();
      info.column = f.getColumn();
    }
    errors.push_back(std::move(info));
  }
};
} // namespace jxp

::jxp::Session::Session() : impl(std::make_unique<Impl>()) {
  registerPasses();
  impl->handler = std::make_unique<ScopedDiagnosticHandler>(
      impl->lease.context.get(), [this](Diagnostic &diag) {
        impl->record(diag);
        return success();
      });
}

::jxp::Session::~Session() = default;

MLIRContext &::jxp::Session::context() { return *impl->lease.context; }

void ::jxp::Session::takeDiagnostics(PipelineResult &result) {
  result.diagnostics += impl->text;
  impl->text.clear();
  for (ErrorInfo &e : impl->errors)
    result.errors.push_back(std::move(e));
  impl->errors.clear();
}

/// An error the driver reports itself, not at any op.
static void reportError(MLIRContext &ctx, const llvm::Twine &message) {
  emitError(UnknownLoc::get(&ctx), message);
}

OwningOpRef<ModuleOp> (::jxp::Session::parse)(const std::string &text,
                                               bool anyOps, bool verify) {
  MLIRContext &ctx = context();
  if (auto hazard = findParserHazard(text)) {
    StringRef before = StringRef(text).take_front(hazard->offset);
    size_t lineStart = before.rfind('\n') + 1; // npos + 1 == 0
    reportError(ctx, "line " + llvm::Twine(before.count('\n') + 1) +
                         ", column " +
                         llvm::Twine(hazard->offset - lineStart + 1) + ": " +
                         hazard->message);
    return nullptr;
  }
  ++numParses;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&ctx, verify));
  // StableHLO being unregistered here, the context takes any op: those of
  // other dialects are refused before a pass meets them.
  if (!module || (!anyOps && failed(verifyRegisteredOps(*module))))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp>(::jxp::Session::parseFragment)(const std::string &text) {
  return parse(text, /*anyOps=*/false, /*verify=*/false);
}

LogicalResult (::jxp::Session::run)(ModuleOp module, StringRef pipeline) {
  StringRef passes = pipeline;
  if (passes.consume_front("builtin.module(") && !passes.consume_back(")")) {
    reportError(context(), "unbalanced pipeline '" + pipeline + "'");
    return failure();
  }
  PassManager pm(&context(), ModuleOp::getOperationName());
  std::string pipelineErrors;
  llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
  if (failed(parsePassPipeline(passes, pm, pipelineErrorStream))) {
    reportError(context(),
                "invalid pipeline '" + pipeline + "': " + pipelineErrors);
    return failure();
  }
  return pm.run(module);
}

std::string (::jxp::Session::print)(ModuleOp module, bool genericForm,
                                   bool debugInfo) {
  OpPrintingFlags flags;
  if (genericForm)
    flags.printGenericOpForm();
  if (debugInfo)
    flags.enableDebugInfo();
  std::string out;
  llvm::raw_string_ostream os(out);
  ++numPrints;
  module->print(os, flags);
  return out;
}

::jxp::TextCounters(::jxp::textCounters)() {
  return {numParses.load(), numPrints.load()};
}

::jxp::PipelineResult (::jxp::runPipeline)(const std::string &moduleText,
                                           const std::string &pipeline,
                                           bool genericForm, bool debugInfo) {
  Session session;
  PipelineResult result;
  OwningOpRef<ModuleOp> module = session.parse(moduleText);
  if (module && succeeded(session.run(*module, pipeline))) {
    result.output = session.print(*module, genericForm, debugInfo);
    result.ok = true;
  }
  session.takeDiagnostics(result);
  return result;
}
