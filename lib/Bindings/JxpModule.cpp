//===- JxpModule.cpp - the jxp._jxp Python extension ------------*- C++ -*-===//
//
// Exposes the compiler driver to Python. Failures raise jxp's CompileError
// carrying MLIR's diagnostics; nothing here can abort the interpreter.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

namespace nb = nanobind;

namespace {
/// A pipeline failure; becomes jxp.CompileError (a ValueError) in Python.
struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
} // namespace

NB_MODULE(_jxp, m) {
  m.doc() = "jxp's MLIR compiler: the jxp dialect, its passes and the "
            "conversion to StableHLO";
  nb::exception<CompileError>(m, "CompileError", PyExc_ValueError);

  m.def(
      "run_pipeline",
      [](const std::string &text, const std::string &pipeline, bool generic,
         bool debugInfo) {
        jxp::PipelineResult r;
        {
          nb::gil_scoped_release release;
          r = jxp::runPipeline(text, pipeline, generic, debugInfo);
        }
        if (!r.ok)
          throw CompileError(r.diagnostics.empty()
                                       ? "compilation failed"
                                       : r.diagnostics);
        return r.output;
      },
      nb::arg("text"), nb::arg("pipeline") = "", nb::arg("generic") = true,
      nb::arg("debug_info") = true,
      "Parses a module, runs a pass pipeline on it and prints the result.");
}
