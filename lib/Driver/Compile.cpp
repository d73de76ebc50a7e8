//===- Compile.cpp - a traced program to a runnable StableHLO module -*- C++ -*-//
//
// The one compile entry point of the runtime: parse the traced jxp module,
// rewrite its entry as the runtime calls it, run a named pipeline, number
// host callbacks, and report what the runtime must know of the result (the
// partitioning, custom-call targets, callbacks, a location-free
// fingerprint for the executable cache), so that the runtime never reads
// the IR text itself.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"
#include "Driver/Session.h"

#include "Dialect/JxpDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/AsmParser/AsmParser.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kCallbackTarget = "xla_ffi_python_cpu_callback";

/// Moves @main's last `numCaptured` inputs first: @main becomes a private
/// @main_body, called by a new public @main that takes them in front.
LogicalResult capturedFirst(ModuleOp module, unsigned numCaptured) {
  SymbolTable symbols(module);
  auto body = symbols.lookup<func::FuncOp>("main");
  if (!body)
    return emitError(module.getLoc(), "the program has no @main");
  FunctionType type = body.getFunctionType();
  unsigned n = type.getNumInputs();
  if (numCaptured > n)
    return emitError(body.getLoc(), "@main has ")
           << n << " inputs, fewer than its " << numCaptured
           << " closed-over values";
  if (numCaptured == 0)
    return success();
  unsigned k = n - numCaptured;
  SmallVector<Type> inputs(type.getInputs().drop_front(k));
  llvm::append_range(inputs, type.getInputs().take_front(k));
  if (failed(symbols.rename(body, "main_body")))
    return failure();
  body.setPrivate();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Location loc = UnknownLoc::get(module.getContext());
  auto main = func::FuncOp::create(
      b, loc, "main", b.getFunctionType(inputs, type.getResults()));
  Block *entry = main.addEntryBlock();
  b.setInsertionPointToStart(entry);
  SmallVector<Value> args(entry->getArguments().drop_front(numCaptured));
  llvm::append_range(args, entry->getArguments().take_front(numCaptured));
  auto call = func::CallOp::create(b, loc, body, args);
  func::ReturnOp::create(b, loc, call.getResults());
  symbols.insert(main);
  return success();
}

/// Marks @main's inputs whose buffers may become outputs (donation).
LogicalResult setAliases(ModuleOp module, ArrayRef<int64_t> aliases) {
  if (llvm::all_of(aliases, [](int64_t a) { return a < 0; }))
    return success();
  auto main = SymbolTable(module).lookup<func::FuncOp>("main");
  if (aliases.size() != main.getNumArguments())
    return emitError(main.getLoc(), "donation names ")
           << aliases.size() << " inputs for a @main of "
           << main.getNumArguments();
  OpBuilder b(module.getContext());
  for (auto [i, out] : llvm::enumerate(aliases)) {
    if (out < 0)
      continue;
    if (out >= main.getNumResults())
      return emitError(main.getLoc(), "input ")
             << i << " is donated to output " << out << " of "
             << main.getNumResults();
    main.setArgAttr(i, "tf.aliasing_output", b.getI32IntegerAttr(out));
  }
  return success();
}

std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// The axes and devices of an `sdy.mesh` op. Shardy is not registered
/// here: its mesh attribute is read from its textual form,
/// `#sdy.mesh<["x"=4, "y"=2], device_ids=[...]>`.
std::optional<::jxp::MeshInfo> meshInfo(Operation &op) {
  auto name = op.getAttrOfType<StringAttr>("sym_name");
  Attribute attr = op.getAttr("mesh");
  if (!name || !attr)
    return std::nullopt;
  ::jxp::MeshInfo mesh;
  mesh.name = name.getValue().str();
  std::string text;
  llvm::raw_string_ostream(text) << attr;
  StringRef rest(text);
  if (!rest.consume_front("#sdy.mesh<[") && !rest.consume_front("#sdy<mesh<["))
    return std::nullopt;
  while (rest.consume_front("\"")) {
    auto [axis, after] = rest.split('"');
    int64_t size = 0;
    if (!after.consume_front("=") || after.consumeInteger(10, size))
      return std::nullopt;
    mesh.axes.push_back(axis.str());
    mesh.sizes.push_back(size);
    rest = after.ltrim();
    rest.consume_front(",");
    rest = rest.ltrim();
  }
  if (!rest.consume_front("]"))
    return std::nullopt;
  rest = rest.ltrim();
  if (rest.consume_front(",")) {
    rest = rest.ltrim();
    if (!rest.consume_front("device_ids=["))
      return std::nullopt;
    while (!rest.consume_front("]")) {
      int64_t id = 0;
      rest = rest.ltrim();
      if (rest.consumeInteger(10, id))
        return std::nullopt;
      mesh.deviceIds.push_back(id);
      rest = rest.ltrim();
      rest.consume_front(",");
    }
  }
  return mesh;
}

/// Writes `plan` into `module`: the new meshes, the inputs' shardings, the
/// number of partitions. Donation aliases go: XLA's SPMD aliasing refuses a
/// donated input laid out unlike its output, so in an SPMD program donated
/// buffers are given up without being reused.
LogicalResult annotate(ModuleOp module, const ::jxp::SpmdPlan &plan) {
  MLIRContext *ctx = module.getContext();
  auto main = SymbolTable(module).lookup<func::FuncOp>("main");
  if (!main)
    return emitError(module.getLoc(), "the program has no @main");
  if (plan.args.size() != main.getNumArguments())
    return emitError(main.getLoc(), "an SPMD plan for ")
           << plan.args.size() << " inputs of a @main of "
           << main.getNumArguments();
  auto parse = [&](const std::string &text) -> Attribute {
    Attribute attr = parseAttribute(text, ctx);
    if (!attr)
      emitError(main.getLoc(), "jxp made an invalid Shardy attribute: ")
          << text;
    return attr;
  };
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  for (const ::jxp::MeshInfo &mesh : plan.newMeshes) {
    std::string text = "#sdy.mesh<[";
    for (auto [i, axis, size] : llvm::enumerate(mesh.axes, mesh.sizes))
      text += (i ? ", \"" : "\"") + axis + "\"=" + std::to_string(size);
    text += "]";
    if (!mesh.deviceIds.empty()) {
      text += ", device_ids=[";
      for (auto [i, id] : llvm::enumerate(mesh.deviceIds))
        text += (i ? ", " : "") + std::to_string(id);
      text += "]";
    }
    text += ">";
    Attribute attr = parse(text);
    if (!attr)
      return failure();
    OperationState state(UnknownLoc::get(ctx), "sdy.mesh");
    state.addAttribute("mesh", attr);
    state.addAttribute("sym_name", b.getStringAttr(mesh.name));
    b.create(state);
  }
  for (auto [i, arg] : llvm::enumerate(plan.args)) {
    main.removeArgAttr(i, "tf.aliasing_output");
    if (arg.mesh.empty())
      continue;
    std::string text = "#sdy.sharding<@" + arg.mesh + ", [";
    for (auto [d, axes] : llvm::enumerate(arg.dims)) {
      text += d ? ", {" : "{";
      for (auto [k, axis] : llvm::enumerate(axes))
        text += (k ? ", \"" : "\"") + axis + "\"";
      text += "}";
    }
    text += "]>";
    Attribute attr = parse(text);
    if (!attr)
      return failure();
    main.setArgAttr(i, "sdy.sharding", attr);
  }
  module->setAttr("mhlo.num_partitions",
                  b.getI32IntegerAttr(plan.numDevices));
  module->setAttr("mhlo.num_replicas", b.getI32IntegerAttr(1));
  module->removeAttr("jxp.device_ids");
  return success();
}

/// Asks `planner` how to lay the program out and writes its answer in.
LogicalResult place(ModuleOp module, const ::jxp::SpmdPlanner &planner,
                    ::jxp::CompileResult &result) {
  ::jxp::SpmdPlan plan;
  std::string error;
  bool spmd = planner(result, plan, error);
  if (!error.empty())
    return emitError(module.getLoc(), error);
  if (!spmd)
    return success();
  if (failed(annotate(module, plan)))
    return failure();
  result.numPartitions = plan.numDevices;
  result.deviceIds.clear();
  llvm::append_range(result.meshes, plan.newMeshes);
  for (const ::jxp::MeshInfo &mesh : plan.newMeshes)
    result.symbols.push_back(mesh.name);
  for (auto [info, arg] : llvm::zip(result.inputs, plan.args))
    info.sharded |= !arg.mesh.empty();
  return success();
}

/// Reads what the runtime needs of a StableHLO module into `result`, and
/// numbers host callbacks by their position in `result.callbacks`: one per
/// callback and result types (vmap makes calls of one callback with
/// several types).
void inspect(ModuleOp module, ::jxp::CompileResult &result) {
  if (auto n = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
    result.numPartitions = n.getInt();
  if (auto ids = module->getAttrOfType<DenseI64ArrayAttr>("jxp.device_ids"))
    llvm::append_range(result.deviceIds, ids.asArrayRef());
  if (auto main = SymbolTable(module).lookup<func::FuncOp>("main")) {
    auto info = [](Type t) {
      ::jxp::TensorInfo info;
      if (auto tensor = llvm::dyn_cast<RankedTensorType>(t)) {
        info.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
        info.elementType = typeName(tensor.getElementType());
      } else {
        info.elementType = typeName(t);
      }
      return info;
    };
    for (auto [i, t] : llvm::enumerate(main.getArgumentTypes())) {
      result.inputs.push_back(info(t));
      result.inputs.back().sharded =
          static_cast<bool>(main.getArgAttr(i, "sdy.sharding"));
    }
    for (Type t : main.getResultTypes())
      result.outputs.push_back(info(t));
  }
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto name = op.getAttrOfType<StringAttr>("sym_name"))
      result.symbols.push_back(name.getValue().str());
    if (op.getName().getStringRef() == "sdy.mesh")
      if (auto mesh = meshInfo(op))
        result.meshes.push_back(std::move(*mesh));
  }
  llvm::StringSet<> targets;
  std::map<std::pair<int64_t, std::string>, int64_t> positions;
  MLIRContext *ctx = module.getContext();
  auto u64 = IntegerType::get(ctx, 64, IntegerType::Unsigned);
  module.walk([&](Operation *op) {
    if (op->getName().getStringRef() != "stablehlo.custom_call")
      return;
    auto target = op->getAttrOfType<StringAttr>("call_target_name");
    if (!target)
      return;
    if (targets.insert(target.getValue()).second)
      result.customCallTargets.push_back(target.getValue().str());
    if (target.getValue() != kCallbackTarget)
      return;
    auto config = op->getAttrOfType<DictionaryAttr>("backend_config");
    auto index = config ? config.getAs<IntegerAttr>("index") : IntegerAttr();
    if (!index)
      return; // the runtime refuses it (no callable stands behind it)
    ::jxp::HostCallbackInfo info;
    info.id = index.getValue().getZExtValue();
    std::string signature;
    for (Type t : op->getResultTypes()) {
      auto tensor = llvm::cast<RankedTensorType>(t);
      info.resultShapes.emplace_back(tensor.getShape());
      info.resultTypes.push_back(typeName(tensor.getElementType()));
      signature += typeName(t) + ";";
    }
    int64_t pos = result.callbacks.size();
    auto [it, isNew] = positions.try_emplace({info.id, signature}, pos);
    if (isNew)
      result.callbacks.push_back(std::move(info));
    op->setAttr("backend_config",
                  DictionaryAttr::get(
                      ctx, {NamedAttribute(StringAttr::get(ctx, "index"),
                                           IntegerAttr::get(u64, it->second))}));
  });
}

/// Traces each requested rule into `source`: its functions parsed and
/// moved in, the rule named by the custom_jvp calls of its callee.
LogicalResult
addRules(::jxp::Session &session, ModuleOp source,
         ArrayRef<std::pair<std::string, std::string>> requests,
         const ::jxp::RuleTracer &traceRule) {
  MLIRContext *ctx = source.getContext();
  for (const auto &[callee, pattern] : requests) {
    ::jxp::TracedRule rule;
    std::string error;
    traceRule(callee, pattern, rule, error);
    if (!error.empty())
      return emitError(source.getLoc(), error);
    OwningOpRef<ModuleOp> functions = session.parseFragment(rule.functions);
    if (!functions)
      return failure();
    Block *body = source.getBody();
    for (Operation &op : llvm::make_early_inc_range(*functions->getBody()))
      op.moveBefore(body, body->end());
    SmallVector<bool> zeros;
    for (char c : pattern)
      zeros.push_back(c == '1');
    auto ruleRef = FlatSymbolRefAttr::get(ctx, rule.symbol);
    auto zerosAttr = DenseBoolArrayAttr::get(ctx, zeros);
    source.walk([&](mlir::jxp::CustomJvpCallOp call) {
      if (call.getCallee() != callee)
        return;
      SmallVector<Attribute> rules, patterns;
      if (ArrayAttr old = call.getRulesAttr())
        llvm::append_range(rules, old.getValue());
      if (ArrayAttr old = call.getRuleZerosAttr())
        llvm::append_range(patterns, old.getValue());
      rules.push_back(ruleRef);
      patterns.push_back(zerosAttr);
      call.setRulesAttr(ArrayAttr::get(ctx, rules));
      call.setRuleZerosAttr(ArrayAttr::get(ctx, patterns));
    });
  }
  return verify(source);
}

/// An ostream that hashes what is written to it.
class HashStream : public llvm::raw_ostream {
public:
  HashStream() { SetUnbuffered(); }
  std::string digest() {
    flush();
    std::array<uint8_t, 32> d = hasher.final();
    return llvm::toHex(d, /*LowerCase=*/true);
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    hasher.update(llvm::StringRef(ptr, size));
    pos += size;
  }
  uint64_t current_pos() const override { return pos; }
  llvm::SHA256 hasher;
  uint64_t pos = 0;
};

/// The module without locations, and the callables its callbacks name
/// (numbered by position in the module, so two programs calling different
/// functions would otherwise look the same).
std::string fingerprint(ModuleOp module,
                        ArrayRef<::jxp::HostCallbackInfo> callbacks) {
  HashStream os;
  OpPrintingFlags flags;
  flags.printGenericOpForm();
  module->print(os, flags);
  for (const ::jxp::HostCallbackInfo &c : callbacks)
    os << "\ncallback " << c.id;
  return os.digest();
}
} // namespace

void ::jxp::describeProgram(ModuleOp module, CompileResult &result) {
  inspect(module, result);
  result.fingerprint = fingerprint(module, result.callbacks);
}

::jxp::CompileResult(::jxp::placeStableHLO)(const std::string &moduleText,
                                            const SpmdPlanner &planner) {
  Session session;
  CompileResult result;
  if (OwningOpRef<ModuleOp> module =
          session.parse(moduleText, /*anyOps=*/true)) {
    inspect(*module, result);
    if (succeeded(place(*module, planner, result))) {
      result.fingerprint = fingerprint(*module, result.callbacks);
      result.output = session.print(*module, /*genericForm=*/true,
                                    /*debugInfo=*/true);
      result.ok = true;
    }
  }
  session.takeDiagnostics(result);
  return result;
}

OwningOpRef<ModuleOp>(::jxp::runWithRules)(
    Session &session, OwningOpRef<ModuleOp> source,
    llvm::function_ref<LogicalResult(ModuleOp)> step,
    const RuleTracer &traceRule, PipelineResult &failure) {
  for (unsigned round = 0; source; ++round) {
    // The step changes what it runs on: with rules to trace on demand, it
    // runs on a copy, and the source takes the rules for the next round.
    OwningOpRef<ModuleOp> module =
        traceRule ? OwningOpRef<ModuleOp>(source->clone()) : std::move(source);
    if (succeeded(step(*module)))
      return module;
    PipelineResult asked;
    session.takeDiagnostics(asked);
    // Only rules missing: trace them (once per callee and pattern).
    std::vector<std::pair<std::string, std::string>> requests;
    bool otherErrors = !traceRule;
    for (const ErrorInfo &e : asked.errors) {
      auto [callee, pattern] = llvm::StringRef(e.data).split(' ');
      auto request = std::make_pair(callee.str(), pattern.str());
      if (e.kind != "missing-rule")
        otherErrors = true;
      else if (!llvm::is_contained(requests, request))
        requests.push_back(std::move(request));
    }
    if (otherErrors || requests.empty() || round + 1 == kMaxRuleRounds) {
      failure.diagnostics = std::move(asked.diagnostics);
      failure.errors = std::move(asked.errors);
      if (!otherErrors && !requests.empty()) {
        emitError(source->getLoc(), "custom rules still missing after ")
            << kMaxRuleRounds << " rounds of tracing them";
        session.takeDiagnostics(failure);
      }
      return nullptr;
    }
    if (failed(addRules(session, *source, requests, traceRule)))
      break;
  }
  session.takeDiagnostics(failure);
  return nullptr;
}

::jxp::CompileResult(::jxp::compileProgram)(const std::string &moduleText,
                                            const CompileOptions &options,
                                            const SpmdPlanner &planner,
                                            const RuleTracer &traceRule) {
  Session session;
  CompileResult result;
  OwningOpRef<ModuleOp> module = runWithRules(
      session, session.parse(moduleText),
      [&](ModuleOp m) {
        return success(succeeded(capturedFirst(m, options.numCaptured)) &&
                       succeeded(setAliases(m, options.aliases)) &&
                       succeeded(session.run(m, options.pipeline)));
      },
      traceRule, result);
  if (module) {
    inspect(*module, result);
    if (!planner || succeeded(place(*module, planner, result))) {
      result.fingerprint = fingerprint(*module, result.callbacks);
      result.output =
          session.print(*module, options.genericForm, options.debugInfo);
      result.ok = true;
    }
  }
  session.takeDiagnostics(result);
  return result;
}

::jxp::CompileResult(::jxp::inspectStableHLO)(const std::string &moduleText) {
  Session session;
  CompileResult result;
  if (OwningOpRef<ModuleOp> module =
          session.parse(moduleText, /*anyOps=*/true)) {
    describeProgram(*module, result);
    // Only a program with host callbacks changes (their numbering).
    if (!result.callbacks.empty())
      result.output = session.print(*module, /*genericForm=*/true,
                                    /*debugInfo=*/true);
    result.ok = true;
  }
  session.takeDiagnostics(result);
  return result;
}
