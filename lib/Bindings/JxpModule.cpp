//===- JxpModule.cpp - the jxp._jxp Python extension ------------*- C++ -*-===//
//
// Exposes the compiler driver to Python. Failures raise CompileError (a
// ValueError) carrying MLIR's diagnostics as text and, in its `errors`
// attribute, as (kind, message, file, line, column, data) tuples: Python
// picks the exception class from the kind, never from the words. Nothing
// here can abort the interpreter.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;

namespace {
struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

nb::list errorTuples(const jxp::PipelineResult &r) {
  nb::list out;
  for (const jxp::ErrorInfo &e : r.errors)
    out.append(nb::make_tuple(e.kind, e.message, e.file, e.line, e.column,
                              e.data));
  return out;
}

/// A CompileError instance for a failed result (raised or stored).
nb::object compileError(nb::handle module, const jxp::PipelineResult &r) {
  nb::object err = module.attr("CompileError")(
      r.diagnostics.empty() ? std::string("compilation failed")
                            : r.diagnostics);
  err.attr("errors") = errorTuples(r);
  return err;
}

[[noreturn]] void raise(nb::handle module, const jxp::PipelineResult &r) {
  nb::object err = compileError(module, r);
  PyErr_SetObject((PyObject *)Py_TYPE(err.ptr()), err.ptr());
  throw nb::python_error();
}
} // namespace

NB_MODULE(_jxp, m) {
  m.doc() = "jxp's MLIR compiler: the jxp dialect, its passes and the "
            "conversion to StableHLO";
  nb::exception<CompileError>(m, "CompileError", PyExc_ValueError);

  m.def(
      "run_pipeline",
      [m](const std::string &text, const std::string &pipeline, bool generic,
          bool debugInfo) {
        jxp::PipelineResult r;
        {
          nb::gil_scoped_release release;
          r = jxp::runPipeline(text, pipeline, generic, debugInfo);
        }
        if (!r.ok)
          raise(m, r);
        return r.output;
      },
      nb::arg("text"), nb::arg("pipeline") = "", nb::arg("generic") = true,
      nb::arg("debug_info") = true,
      "Parses a module, runs a pass pipeline on it and prints the result.");

  m.def(
      "split_linear",
      [m](const std::string &text, const std::string &optimize,
          unsigned firstLinear, unsigned numLinear) {
        jxp::SplitResult r;
        {
          nb::gil_scoped_release release;
          r = jxp::splitLinear(text, optimize, firstLinear, numLinear);
        }
        if (!r.primal.ok)
          raise(m, r.primal);
        // The linear program of a custom_vjp function cannot run (forward
        // mode), nor a function that is not transposable be transposed,
        // yet the other program may serve: each error is raised when its
        // program is used.
        auto textOrError = [&](const jxp::PipelineResult &p) {
          return p.ok ? nb::object(nb::str(p.output.c_str(), p.output.size()))
                      : compileError(m, p);
        };
        nb::dict out;
        out["primal"] = r.primal.output;
        out["linear"] = textOrError(r.linear);
        out["transposed"] = textOrError(r.transposed);
        out["linear_results"] = r.linearResults;
        out["num_residuals"] = r.numResiduals;
        return out;
      },
      nb::arg("text"), nb::arg("optimize"), nb::arg("first_linear"),
      nb::arg("num_linear"),
      "Splits a JVP module's @main by its num_linear inputs from "
      "first_linear on into primal, linear and transposed StableHLO "
      "programs.");
}
