//===- Pipelines.cpp - jxp's named pass pipelines ---------------*- C++ -*-===//
//
// The pipelines every client runs by name: Python's compile, jxp-opt
// (`--pass-pipeline='builtin.module(jxp-compile)'` or `-jxp-compile`) and
// the lit tests. They are spelled here once, as StableHLO's
// PassPipelines.cpp spells its own.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
struct NamedPipeline {
  const char *name, *summary, *passes;
};

// Each pipeline may name the ones above it.
constexpr NamedPipeline kPipelines[] = {
    {"jxp-cleanup", "Folds, deduplicates and drops dead code and symbols",
     "canonicalize,cse,symbol-dce"},
    {"jxp-optimize",
     "Materializes every transform op (autodiff, vmap), drops custom rules, "
     "inlines calls and cleans up: the optimized jxp program",
     "jxp-ad,jxp-lower-custom-calls,inline,jxp-cleanup"},
    {"jxp-lower",
     "Types shard_map bodies with their varying axes and converts jxp to "
     "StableHLO",
     "jxp-infer-vma,convert-jxp-to-stablehlo"},
    {"jxp-compile", "A traced jxp program to StableHLO: jxp-optimize, then "
                    "jxp-lower",
     "jxp-optimize,jxp-lower"},
};
} // namespace

void ::jxp::registerPipelines() {
  for (const NamedPipeline &p : kPipelines) {
    const char *passes = p.passes;
    PassPipelineRegistration<>(
        p.name, p.summary, [passes](OpPassManager &pm) {
          std::string errors;
          llvm::raw_string_ostream os(errors);
          // The texts above are fixed and tested; a failure is a bug here.
          if (failed(parsePassPipeline(passes, pm, os)))
            llvm::report_fatal_error(llvm::Twine("jxp pipeline '") + passes +
                                     "' does not parse: " + errors);
        });
  }
}
