//===- EntryPoints.cpp - derived programs for eager autodiff ----*- C++ -*-===//
//
// An eager `linearize` or `vjp` runs three programs derived from one traced
// JVP: its primal half now, its linear half or the transpose of it later.
// The compiler derives them and hands each back as a StableHLO module of
// its own @main, so Python never edits IR.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"
#include "Driver/Session.h"

#include "Dialect/JxpDialect.h"
#include "Transforms/AD.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {
// (Partial evaluation leaves dead code behind: cleaned before lowering.)
constexpr llvm::StringLiteral kToStableHLO = "jxp-cleanup,jxp-lower";

/// A copy of `module` whose public @main is its function `entry` (the old
/// @main gone), or whose @main `build` makes in the copy.
OwningOpRef<ModuleOp>
withEntry(ModuleOp module, StringRef entry,
          llvm::function_ref<FailureOr<func::FuncOp>(ModuleOp)> build = {}) {
  OwningOpRef<ModuleOp> copy = module.clone();
  SymbolTable symbols(*copy);
  func::FuncOp fn;
  if (build) {
    FailureOr<func::FuncOp> built = build(*copy);
    if (failed(built))
      return nullptr;
    fn = *built;
  } else {
    fn = symbols.lookup<func::FuncOp>(entry);
  }
  if (auto main = symbols.lookup<func::FuncOp>("main"))
    main.erase();
  fn.setSymName("main");
  fn.setPublic();
  return copy;
}

/// Lowers `module` (an entry made by withEntry) into `result`.
void lower(::jxp::Session &session, OwningOpRef<ModuleOp> module,
           ::jxp::CompileResult &result) {
  if (module && succeeded(session.run(*module, kToStableHLO))) {
    ::jxp::describeProgram(*module, result);
    result.output = session.print(*module, /*genericForm=*/true,
                                  /*debugInfo=*/false);
    result.ok = true;
  }
  session.takeDiagnostics(result);
}
} // namespace

::jxp::SplitResult (::jxp::splitLinear)(const std::string &moduleText,
                                       const std::string &optimize,
                                       unsigned firstLinear,
                                       unsigned numLinear,
                                       const RuleTracer &traceRule) {
  Session session;
  SplitResult split;
  OwningOpRef<ModuleOp> module = runWithRules(
      session, session.parse(moduleText),
      [&](ModuleOp m) { return session.run(m, optimize); }, traceRule,
      split.primal);
  if (!module) {
    session.takeDiagnostics(split.primal);
    return split;
  }
  SymbolTable symbols(*module);
  auto main = symbols.lookup<func::FuncOp>("main");
  if (!main || main.getNumArguments() < firstLinear + numLinear) {
    emitError(module->getLoc(), "splitLinear needs a @main with at least ")
        << firstLinear + numLinear << " inputs";
    session.takeDiagnostics(split.primal);
    return split;
  }
  SmallVector<int64_t> linear;
  for (unsigned i = firstLinear; i < firstLinear + numLinear; ++i)
    linear.push_back(i);
  auto parts = mlir::jxp::ad::partialEval(main, linear, "main", symbols);
  if (failed(parts)) {
    session.takeDiagnostics(split.primal);
    return split;
  }
  for (auto [i, isLinear] : llvm::enumerate(parts->linearResults))
    if (isLinear)
      split.linearResults.push_back(i);
  split.numResiduals = parts->numResiduals;
  StringRef primalName = parts->primal.getSymName();
  StringRef linearName = parts->linear.getSymName();

  lower(session, withEntry(*module, primalName), split.primal);
  lower(session, withEntry(*module, linearName), split.linear);
  unsigned numResiduals = parts->numResiduals;
  lower(session,
        withEntry(*module, "",
                  [&](ModuleOp copy) -> FailureOr<func::FuncOp> {
                    SymbolTable copySymbols(copy);
                    auto lin = copySymbols.lookup<func::FuncOp>(linearName);
                    SmallVector<int64_t> inputs;
                    for (unsigned k = 0; k < numLinear; ++k)
                      inputs.push_back(numResiduals + k);
                    return mlir::jxp::ad::buildTranspose(
                        lin, inputs, {}, "main_transposed", copySymbols);
                  }),
        split.transposed);
  return split;
}
