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
#include <functional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
}

namespace jxp {

/// Registers the dialects jxp programs use: jxp and func (inlinable).
void registerDialects(mlir::DialectRegistry &registry);

/// Registers jxp's passes, the upstream ones its pipelines use
/// (canonicalize, cse, inline, symbol-dce, ...) and the named pipelines
/// (Pipelines.cpp).
void registerPasses();

/// Registers the named pipelines (jxp-cleanup, jxp-optimize, jxp-lower,
/// jxp-compile); called by registerPasses.
void registerPipelines();

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

/// What a compile gives besides the program: read from the module by the
/// compiler, so that no client searches or parses the text again.
struct HostCallbackInfo {
  int64_t id = 0; // the Python callable's id in the traced op
  std::vector<std::vector<int64_t>> resultShapes;
  std::vector<std::string> resultTypes; // element types: "f32", "i32", ...
};
/// A tensor of @main's signature.
struct TensorInfo {
  std::vector<int64_t> shape;
  std::string elementType;
  bool sharded = false; // an input with an sdy.sharding already
};
/// An `sdy.mesh` symbol of the module.
struct MeshInfo {
  std::string name;
  std::vector<std::string> axes;
  std::vector<int64_t> sizes;
  std::vector<int64_t> deviceIds; // empty: 0..n-1
};
struct CompileResult : PipelineResult {
  /// mhlo.num_partitions, 0 when the module has none (one device).
  int64_t numPartitions = 0;
  /// The devices of the program's mesh, in mesh order (shard_map's).
  std::vector<int64_t> deviceIds;
  /// Every custom_call target, once each, in order of first use.
  std::vector<std::string> customCallTargets;
  /// Host callbacks, in the order of the `index` the compiler gave their
  /// calls: the list of callables to compile the program with.
  std::vector<HostCallbackInfo> callbacks;
  /// @main's inputs and results.
  std::vector<TensorInfo> inputs, outputs;
  std::vector<MeshInfo> meshes;
  /// Every top-level symbol (functions, meshes): new symbols avoid them.
  std::vector<std::string> symbols;
  /// A SHA-256 of the module as printed without locations: the same
  /// program from another line or file has the same fingerprint.
  std::string fingerprint;
};

/// How an SPMD program is laid out on its devices: what the runtime
/// decides from where the arguments live, and the compiler writes into the
/// module as Shardy annotations.
struct SpmdPlan {
  int64_t numDevices = 0;
  /// Meshes to add (device ids are positions in the program's devices).
  std::vector<MeshInfo> newMeshes;
  /// Per input of @main: the mesh and, per dimension, its axes; inputs
  /// without a `mesh` keep their annotation.
  struct Arg {
    std::string mesh;
    std::vector<std::vector<std::string>> dims;
  };
  std::vector<Arg> args;
};

/// Asked once the program is StableHLO, with its facts: fills `plan` and
/// returns true for a program to lay out over several devices, false for
/// one device; a non-empty `error` fails the compile.
using SpmdPlanner = std::function<bool(const CompileResult &facts,
                                       SpmdPlan &plan, std::string &error)>;

struct CompileOptions {
  /// A pass pipeline, by name or spelled out ("" for none).
  std::string pipeline = "jxp-compile";
  /// @main's last `numCaptured` inputs (closed-over arrays) become its
  /// first, where jaxlib's fast path passes them.
  unsigned numCaptured = 0;
  /// For each input of @main as the caller sees it (captured first), the
  /// output whose buffer it may become (donation), or -1.
  std::vector<int64_t> aliases;
  /// Print the result with locations (XLA keeps them as op metadata), in
  /// generic form (what jaxlib parses) or pretty (for people).
  bool debugInfo = true;
  bool genericForm = true;
};

/// Parses a traced jxp module, rewrites its entry (captured inputs first,
/// donation aliases), runs the pipeline, numbers host callbacks and prints
/// the StableHLO module with what the runtime needs to know of it. The
/// rules the pipeline asks for are traced by `traceRule` into the parsed
/// module, which the pipeline then runs on again: the module is parsed
/// once. Never aborts: failures come back as diagnostics.
/// Asked for the rule of a custom_jvp call (its callee symbol) for a
/// pattern of zero tangents ("1" zero, "0" not, per differentiable primal)
/// when the pipeline needs one (symbolic zeros): fills `functions` with
/// the text of a module of the functions the trace made and `symbol` with
/// the rule's. A non-empty `error` fails the compile.
struct TracedRule {
  std::string functions, symbol;
};
using RuleTracer =
    std::function<void(const std::string &callee, const std::string &pattern,
                       TracedRule &rule, std::string &error)>;

/// Rounds of rule requests a compile answers before it gives up: each
/// round traces at least one new rule.
constexpr unsigned kMaxRuleRounds = 32;

CompileResult compileProgram(const std::string &moduleText,
                             const CompileOptions &options,
                             const SpmdPlanner &planner = {},
                             const RuleTracer &traceRule = {});

/// The Shardy annotation of a StableHLO module given as text, by
/// `planner`: parsed once, printed once.
CompileResult placeStableHLO(const std::string &moduleText,
                             const SpmdPlanner &planner);

/// The same facts of a StableHLO module given as text (a program compiled
/// from text, not traced): parsed once, nothing run; printed again only
/// if it has host callbacks to number.
CompileResult inspectStableHLO(const std::string &moduleText);

/// How many modules the compiler has parsed and printed (as text; the
/// fingerprint's hashing print is not counted) since the process started:
/// what tests read to check that a compile parses and prints once.
struct TextCounters {
  uint64_t parses = 0, prints = 0;
};
TextCounters textCounters();

/// The programs of an eager linearize / vjp, from a module whose public
/// @main is a JVP: (primals..., tangents..., closed-over values...) ->
/// (outputs...), the `numLinear` tangents starting at input `firstLinear`.
/// After the optimizing pipeline (`optimize`, tracing the custom rules it
/// asks for with `traceRule` as compileProgram does), @main is split by partial evaluation and each part
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
  CompileResult primal, linear, transposed;
  std::vector<int64_t> linearResults;
  int64_t numResiduals = 0;
};
SplitResult splitLinear(const std::string &moduleText,
                        const std::string &optimize, unsigned firstLinear,
                        unsigned numLinear, const RuleTracer &traceRule = {});

} // namespace jxp

#endif // JXP_DRIVER_DRIVER_H
