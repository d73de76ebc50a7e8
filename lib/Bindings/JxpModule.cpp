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

#include <memory>
#include <optional>

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

/// A compile's result as a dict: the program text and its facts.
nb::dict programDict(const jxp::CompileResult &r) {
  nb::dict out;
  out["text"] = nb::str(r.output.c_str(), r.output.size());
  out["num_partitions"] = r.numPartitions;
  out["device_ids"] = nb::tuple(nb::cast(r.deviceIds));
  out["custom_call_targets"] = nb::tuple(nb::cast(r.customCallTargets));
  nb::list callbacks;
  for (const jxp::HostCallbackInfo &c : r.callbacks) {
    nb::list results;
    for (size_t i = 0; i < c.resultShapes.size(); ++i)
      results.append(nb::make_tuple(nb::tuple(nb::cast(c.resultShapes[i])),
                                    c.resultTypes[i]));
    callbacks.append(nb::make_tuple(c.id, nb::tuple(results)));
  }
  out["callbacks"] = nb::tuple(callbacks);
  auto tensors = [](const std::vector<jxp::TensorInfo> &ts) {
    nb::list out;
    for (const jxp::TensorInfo &t : ts)
      out.append(
          nb::make_tuple(nb::tuple(nb::cast(t.shape)), t.elementType, t.sharded));
    return nb::tuple(out);
  };
  out["inputs"] = tensors(r.inputs);
  out["outputs"] = tensors(r.outputs);
  nb::list meshes;
  for (const jxp::MeshInfo &mesh : r.meshes) {
    nb::list axes;
    for (size_t i = 0; i < mesh.axes.size(); ++i)
      axes.append(nb::make_tuple(mesh.axes[i], mesh.sizes[i]));
    meshes.append(nb::make_tuple(mesh.name, nb::tuple(axes),
                                 nb::tuple(nb::cast(mesh.deviceIds))));
  }
  out["meshes"] = nb::tuple(meshes);
  out["symbols"] = nb::tuple(nb::cast(r.symbols));
  out["fingerprint"] = r.fingerprint;
  return out;
}

/// A planner calling a Python function `plan(facts) -> None | (number of
/// devices, ((mesh, ((axis, size), ...), device positions), ...), (None |
/// (mesh, ((axis, ...) per dimension)), ...) per input)`. An exception it
/// raises is kept in `raised` and re-raised once the compile is over.
jxp::SpmdPlanner pythonPlanner(
    nb::object fn, std::shared_ptr<std::optional<nb::python_error>> raised) {
  return [fn, raised](const jxp::CompileResult &facts, jxp::SpmdPlan &plan,
                      std::string &error) -> bool {
    nb::gil_scoped_acquire gil;
    try {
      nb::object out = fn(programDict(facts));
      if (out.is_none())
        return false;
      auto t = nb::cast<nb::tuple>(out);
      plan.numDevices = nb::cast<int64_t>(t[0]);
      for (nb::handle m : t[1]) {
        auto mt = nb::cast<nb::tuple>(m);
        jxp::MeshInfo mesh;
        mesh.name = nb::cast<std::string>(mt[0]);
        for (nb::handle a : mt[1]) {
          auto axis = nb::cast<nb::tuple>(a);
          mesh.axes.push_back(nb::cast<std::string>(axis[0]));
          mesh.sizes.push_back(nb::cast<int64_t>(axis[1]));
        }
        mesh.deviceIds = nb::cast<std::vector<int64_t>>(mt[2]);
        plan.newMeshes.push_back(std::move(mesh));
      }
      for (nb::handle a : t[2]) {
        jxp::SpmdPlan::Arg arg;
        if (!a.is_none()) {
          auto at = nb::cast<nb::tuple>(a);
          arg.mesh = nb::cast<std::string>(at[0]);
          arg.dims = nb::cast<std::vector<std::vector<std::string>>>(at[1]);
        }
        plan.args.push_back(std::move(arg));
      }
      return true;
    } catch (nb::python_error &e) {
      raised->emplace(std::move(e));
    } catch (const std::exception &e) {
      error = std::string("bad SPMD plan: ") + e.what();
      return false;
    }
    error = "the SPMD planner raised an exception";
    return false;
  };
}

/// A rule tracer calling a Python function `trace(callee, pattern) ->
/// (functions text, rule symbol)`; an exception it raises is kept in
/// `raised`.
jxp::RuleTracer pythonRuleTracer(
    nb::object fn, std::shared_ptr<std::optional<nb::python_error>> raised) {
  return [fn, raised](const std::string &callee, const std::string &pattern,
                      jxp::TracedRule &rule, std::string &error) {
    nb::gil_scoped_acquire gil;
    try {
      auto out = nb::cast<nb::tuple>(fn(callee, pattern));
      rule.functions = nb::cast<std::string>(out[0]);
      rule.symbol = nb::cast<std::string>(out[1]);
      return;
    } catch (nb::python_error &e) {
      raised->emplace(std::move(e));
      error = "tracing a custom rule raised an exception";
    } catch (const std::exception &e) {
      error = std::string("bad traced rule: ") + e.what();
    }
  };
}

/// Runs `compile` (with the GIL released) and raises what it gives: the
/// exception a Python callback raised first, else the compile's errors.
template <typename Compile>
nb::dict runCompile(nb::handle m, nb::object planner, Compile compile,
                    nb::object ruleTracer = nb::none()) {
  auto raised = std::make_shared<std::optional<nb::python_error>>();
  jxp::SpmdPlanner plan;
  if (!planner.is_none())
    plan = pythonPlanner(planner, raised);
  jxp::RuleTracer trace;
  if (!ruleTracer.is_none())
    trace = pythonRuleTracer(ruleTracer, raised);
  jxp::CompileResult r;
  {
    nb::gil_scoped_release release;
    r = compile(plan, trace);
  }
  if (raised->has_value()) {
    nb::python_error e = std::move(**raised);
    raised->reset();
    throw e;
  }
  if (!r.ok)
    raise(m, r);
  return programDict(r);
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
      "compile",
      [m](const std::string &text, const std::string &pipeline,
          unsigned numCaptured, const std::vector<int64_t> &aliases,
          bool debugInfo, bool generic, nb::object planner,
          nb::object ruleTracer) {
        jxp::CompileOptions options;
        options.genericForm = generic;
        options.pipeline = pipeline;
        options.numCaptured = numCaptured;
        options.aliases = aliases;
        options.debugInfo = debugInfo;
        return runCompile(
            m, planner,
            [&](const jxp::SpmdPlanner &plan, const jxp::RuleTracer &trace) {
              return jxp::compileProgram(text, options, plan, trace);
            },
            ruleTracer);
      },
      nb::arg("text"), nb::arg("pipeline") = "jxp-compile",
      nb::arg("num_captured") = 0,
      nb::arg("aliases") = std::vector<int64_t>(),
      nb::arg("debug_info") = true, nb::arg("generic") = true,
      nb::arg("planner") = nb::none(), nb::arg("rule_tracer") = nb::none(),
      "Compiles a traced jxp module to StableHLO: returns a dict of the "
      "program text (`text`) and what the runtime needs of it "
      "(num_partitions, device_ids, custom_call_targets, callbacks as "
      "(id, ((shape, element type), ...)) in the order of their `index`, "
      "@main's inputs and outputs as (shape, element type, sharded), the "
      "sdy meshes as (name, ((axis, size), ...), device ids), and a "
      "location-free `fingerprint`). `planner(facts)`, if given, is asked "
      "how to lay the StableHLO program out over several devices (see "
      "place_stablehlo). `rule_tracer(callee, pattern)`, if given, traces "
      "a custom_jvp rule the pipeline asks for (symbolic zeros) and "
      "returns (text of a module of the new functions, the rule's "
      "symbol); the compiler adds them to the module it parsed and runs "
      "the pipeline again.");

  m.def(
      "place_stablehlo",
      [m](const std::string &text, nb::object planner) {
        return runCompile(
            m, planner,
            [&](const jxp::SpmdPlanner &plan, const jxp::RuleTracer &) {
              return jxp::placeStableHLO(text, plan);
            });
      },
      nb::arg("text"), nb::arg("planner"),
      "Annotates a StableHLO module for SPMD as `planner(facts)` says: None "
      "for one device, else (number of devices, new meshes as (name, "
      "((axis, size), ...), device positions), per input None or (mesh, "
      "per dimension a tuple of axes)). Returns the facts dict of the "
      "annotated module.");

  m.def(
      "inspect_stablehlo",
      [m](const std::string &text) {
        jxp::CompileResult r;
        {
          nb::gil_scoped_release release;
          r = jxp::inspectStableHLO(text);
        }
        if (!r.ok)
          raise(m, r);
        return programDict(r);
      },
      nb::arg("text"),
      "The facts `compile` reports, of a StableHLO module given as text; "
      "`text` is empty unless host callbacks were renumbered (then it is "
      "the renumbered module).");

  m.def(
      "text_counters",
      []() {
        jxp::TextCounters c = jxp::textCounters();
        return nb::make_tuple(c.parses, c.prints);
      },
      "(parses, prints): how many modules the compiler has parsed from "
      "text and printed as text in this process.");

  m.def(
      "split_linear",
      [m](const std::string &text, const std::string &optimize,
          unsigned firstLinear, unsigned numLinear, nb::object ruleTracer) {
        auto raised = std::make_shared<std::optional<nb::python_error>>();
        jxp::RuleTracer trace;
        if (!ruleTracer.is_none())
          trace = pythonRuleTracer(ruleTracer, raised);
        jxp::SplitResult r;
        {
          nb::gil_scoped_release release;
          r = jxp::splitLinear(text, optimize, firstLinear, numLinear, trace);
        }
        if (raised->has_value()) {
          nb::python_error e = std::move(**raised);
          raised->reset();
          throw e;
        }
        if (!r.primal.ok)
          raise(m, r.primal);
        // The linear program of a custom_vjp function cannot run (forward
        // mode), nor a function that is not transposable be transposed,
        // yet the other program may serve: each error is raised when its
        // program is used.
        auto programOrError = [&](const jxp::CompileResult &p) {
          return p.ok ? nb::object(programDict(p)) : compileError(m, p);
        };
        nb::dict out;
        out["primal"] = programDict(r.primal);
        out["linear"] = programOrError(r.linear);
        out["transposed"] = programOrError(r.transposed);
        out["linear_results"] = r.linearResults;
        out["num_residuals"] = r.numResiduals;
        return out;
      },
      nb::arg("text"), nb::arg("optimize"), nb::arg("first_linear"),
      nb::arg("num_linear"), nb::arg("rule_tracer") = nb::none(),
      "Splits a JVP module's @main by its num_linear inputs from "
      "first_linear on into primal, linear and transposed StableHLO "
      "programs (each a dict as `compile` returns, or the CompileError "
      "of a program that cannot be derived). `rule_tracer` as "
      "`compile`'s: custom rules the optimizing pipeline asks for are "
      "traced into the module parsed once.");
}
