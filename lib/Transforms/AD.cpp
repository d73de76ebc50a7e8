//===- AD.cpp - the transform driver (`jxp-ad`) -----------------*- C++ -*-===//
//
// Materializes transform ops (TransformOp interface). Functions are visited
// callee-first in call-graph order, each once, so every transform finds its
// callee (and everything the callee names) already free of transforms: one
// pass over the module, however deep `grad(jit(grad(f)))` nests. Derived
// functions are cached by a key each transform op gives. The derivations of
// jxp.jvp, jxp.vjp and jxp.linear_transpose live here too.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Diagnostics.h"
#include "Transforms/AD.h"
#include "Dialect/VmaInference.h"
#include "Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPADPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

using namespace mlir;
using namespace mlir::jxp;

namespace {

/// Whether `v` is a constant zero: such tangents and cotangents are
/// symbolic zeros, so the derived function need not take them.
bool isZeroConstant(Value v) {
  auto c = v.getDefiningOp<ConstantOp>();
  if (!c)
    return false;
  auto dense = llvm::dyn_cast<DenseElementsAttr>(c.getValue());
  if (!dense || !dense.isSplat())
    return false;
  Type elt = dense.getElementType();
  if (llvm::isa<FloatType>(elt))
    return dense.getSplatValue<APFloat>().isZero();
  if (llvm::isa<ComplexType>(elt)) {
    auto z = dense.getSplatValue<std::complex<APFloat>>();
    return z.real().isZero() && z.imag().isZero();
  }
  return dense.getSplatValue<APInt>().isZero();
}

std::string key(StringRef kind, StringRef callee, ArrayRef<int64_t> a,
                ArrayRef<int64_t> b = {}) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << kind << "|" << callee << "|";
  llvm::interleaveComma(a, os);
  os << "|";
  llvm::interleaveComma(b, os);
  return s;
}

class Driver final : public TransformContext {
public:
  explicit Driver(ModuleOp module) : module(module), symbolTable(module) {}

  SymbolTable &symbols() override { return symbolTable; }
  RuleRequests &ruleRequests() override { return requests; }
  FailureOr<func::FuncOp>
  cached(StringRef k,
         llvm::function_ref<FailureOr<func::FuncOp>()> build) override {
    auto it = cache.find(k);
    if (it != cache.end())
      return it->second;
    // A derivation that needs itself (a rule function naming itself) would
    // recurse without end.
    if (!building.insert(k).second) {
      // (Keys are "kind|callee|...": the error points at the callee.)
      Operation *callee = symbolTable.lookup(k.split('|').second.split('|').first);
      emitError(callee ? callee->getLoc() : module.getLoc())
          << "a transformed function needs its own transform (" << k
          << "): recursive functions cannot be transformed";
      return failure();
    }
    FailureOr<func::FuncOp> fn = build();
    building.erase(k);
    if (succeeded(fn))
      cache[k] = *fn;
    return fn;
  }

  LogicalResult run(llvm::function_ref<bool(Operation *)> select);

private:
  /// The functions `fn` names anywhere in its body (calls, transform
  /// callees, custom rules): its successors in the call graph.
  SmallVector<func::FuncOp> namedFunctions(func::FuncOp fn);
  LogicalResult materializeIn(func::FuncOp fn,
                              llvm::function_ref<bool(Operation *)> select);
  LogicalResult specializeForVma(TransformOp op);

  ModuleOp module;
  SymbolTable symbolTable;
  llvm::StringMap<func::FuncOp> cache;
  llvm::StringSet<> building; // keys whose derivation is under way
  RuleRequests requests;
};

SmallVector<func::FuncOp> Driver::namedFunctions(func::FuncOp fn) {
  SmallVector<func::FuncOp> out;
  DenseSet<Operation *> seen;
  fn.walk([&](Operation *op) {
    for (NamedAttribute attr : op->getAttrs())
      attr.getValue().walk([&](FlatSymbolRefAttr ref) {
        auto g = symbolTable.lookup<func::FuncOp>(ref.getValue());
        if (g && seen.insert(g).second)
          out.push_back(g);
      });
  });
  return out;
}

LogicalResult Driver::run(llvm::function_ref<bool(Operation *)> select) {
  // Post-order over the call graph, iteratively (programs nest deeply).
  // A function reached again while on the stack closes a cycle: fine for
  // plain calls (inlining reports recursion), an error for a transform,
  // whose callee could never be finished first.
  enum class State { OnStack, Done };
  DenseMap<Operation *, State> state;
  SmallVector<func::FuncOp> order;
  DenseSet<Operation *> inCycle;
  for (func::FuncOp root : module.getOps<func::FuncOp>()) {
    if (state.count(root))
      continue;
    SmallVector<std::pair<func::FuncOp, SmallVector<func::FuncOp>>> stack;
    stack.push_back({root, namedFunctions(root)});
    state[root] = State::OnStack;
    while (!stack.empty()) {
      auto &[fn, next] = stack.back();
      if (next.empty()) {
        state[fn] = State::Done;
        order.push_back(fn);
        stack.pop_back();
        continue;
      }
      func::FuncOp g = next.pop_back_val();
      auto it = state.find(g);
      if (it == state.end()) {
        state[g] = State::OnStack;
        stack.push_back({g, namedFunctions(g)});
      } else if (it->second == State::OnStack) {
        for (auto &frame : llvm::reverse(stack)) {
          inCycle.insert(frame.first);
          if (frame.first == g)
            break;
        }
      }
    }
  }
  for (func::FuncOp fn : order) {
    // In a cycle, a transform whose callee is in a cycle too could never
    // see its callee finished first (jxp never traces recursion).
    WalkResult r = fn.walk([&](TransformOp op) {
      if (!select(op) || !inCycle.contains(fn))
        return WalkResult::advance();
      auto callee = symbolTable.lookup<func::FuncOp>(
          op.getCalleeRef().getValue());
      if (!callee || !inCycle.contains(callee))
        return WalkResult::advance();
      op->emitOpError("cannot be materialized: its callee reaches itself "
                      "through transforms");
      return WalkResult::interrupt();
    });
    if (r.wasInterrupted() || failed(materializeIn(fn, select)))
      return failure();
  }
  for (const RuleRequest &r : requests)
    emitKindError(r.loc, ErrorKind::MissingRule, r.request)
        << "custom_jvp rule needed for a pattern of symbolic zeros not traced "
           "yet: "
        << r.request;
  return failure(!requests.empty());
}

LogicalResult
Driver::materializeIn(func::FuncOp fn,
                      llvm::function_ref<bool(Operation *)> select) {
  SmallVector<TransformOp> ops;
  fn.walk([&](TransformOp op) {
    if (select(op))
      ops.push_back(op);
  });
  for (TransformOp op : ops) {
    if (failed(specializeForVma(op)))
      return failure();
    SmallVector<Value> operands;
    FailureOr<func::FuncOp> derived = op.derive(*this, operands);
    if (failed(derived))
      return failure();
    OpBuilder b(op);
    auto call = func::CallOp::create(b, op->getLoc(), *derived, operands);
    op->replaceAllUsesWith(call.getResults());
    op->erase();
  }
  return success();
}

/// A JVP or VJP taken inside a shard_map body differentiates its callee
/// as its operands vary: the callee is specialized (copied, calls inlined,
/// casts inserted where invariant values meet varying ones, as JAX's typed
/// tracing does), so that reverse mode sums the cotangents of invariant
/// values over the devices (the transpose of each cast).
LogicalResult Driver::specializeForVma(TransformOp op) {
  if (!llvm::isa<JvpOp, VjpOp>(op.getOperation()))
    return success();
  auto sm = op->getParentOfType<ShardMapOp>();
  if (!sm || !sm.getCheckVma())
    return success(); // unchecked: untyped, as JAX's check_vma=False
  auto callee =
      symbolTable.lookup<func::FuncOp>(op.getCalleeRef().getValue());
  if (!callee)
    return success(); // derive reports it
  FailureOr<SmallVector<SmallVector<StringRef>>> vmas =
      vma::operandVmas(sm, op);
  if (failed(vmas))
    return failure();
  unsigned n = callee.getNumArguments();
  if (vmas->size() < n)
    return success();
  SmallVector<SmallVector<StringRef>> args(vmas->begin(), vmas->begin() + n);
  SmallVector<StringRef> manual = vma::manualAxes(sm);
  std::string name = callee.getSymName().str() + "_vma";
  for (auto &a : args) {
    name += "_";
    for (StringRef x : a)
      name += x.str() + ".";
  }
  auto it = cache.find("vma|" + name);
  func::FuncOp special;
  if (it != cache.end()) {
    special = it->second;
  } else {
    FailureOr<func::FuncOp> copy =
        ad::cloneInlined(callee, name, symbolTable);
    if (failed(copy) || failed(vma::insertCasts(*copy, manual, args)))
      return failure();
    special = *copy;
    cache["vma|" + name] = special;
  }
  op->setAttr("callee", FlatSymbolRefAttr::get(special.getSymNameAttr()));
  return success();
}

func::FuncOp lookupCallee(Operation *op, TransformContext &ctx) {
  auto ref = llvm::cast<TransformOp>(op).getCalleeRef();
  auto fn = ctx.symbols().lookup<func::FuncOp>(ref.getValue());
  if (!fn)
    op->emitOpError("callee ") << ref << " not found";
  return fn;
}

/// The JVP, with the custom rules it calls inlined so that partial
/// evaluation can split them.
FailureOr<func::FuncOp> jvpOf(func::FuncOp callee, ArrayRef<int64_t> wrt,
                              TransformContext &ctx) {
  auto body = ad::cloneInlined(callee, callee.getSymName(), ctx.symbols());
  if (failed(body))
    return failure();
  auto jvp = ad::buildJvp(*body, wrt, (callee.getSymName() + "_jvp").str(),
                          ctx.symbols(), ctx.ruleRequests());
  ctx.symbols().erase(*body);
  if (failed(jvp) || failed(ad::inlineCalls(*jvp)))
    return failure();
  return jvp;
}

} // namespace

FailureOr<ad::VjpParts> ad::buildVjpParts(func::FuncOp callee,
                                          ArrayRef<int64_t> wrt,
                                          ArrayRef<int64_t> zeroCts,
                                          TransformContext &ctx) {
  unsigned numInputs = callee.getNumArguments();
  unsigned numResults = callee.getNumResults();
  auto jvp = jvpOf(callee, wrt, ctx);
  if (failed(jvp))
    return failure();
  SmallVector<int64_t> tangents;
  for (unsigned k = 0; k < wrt.size(); ++k)
    tangents.push_back(numInputs + k);
  std::string base = callee.getSymName().str();
  auto split = ad::partialEval(*jvp, tangents, base, ctx.symbols());
  ctx.symbols().erase(*jvp);
  if (failed(split))
    return failure();
  auto dropSplit = [&] {
    ctx.symbols().erase(split->primal);
    ctx.symbols().erase(split->linear);
  };
  // The linear function's results are the JVP's linear results: a subset
  // of the result tangents. Zero cotangents among them stay symbolic.
  VjpParts parts;
  parts.primal = split->primal;
  parts.linear = split->linear;
  parts.numResiduals = split->numResiduals;
  SmallVector<int64_t> linearCtZero;
  for (unsigned i = 0, j = 0; i < 2 * numResults; ++i) {
    if (!split->linearResults[i])
      continue;
    if (i < numResults) {
      dropSplit();
      return callee.emitOpError("primal result depends on a tangent");
    }
    if (llvm::is_contained(zeroCts, (int64_t)(i - numResults)))
      linearCtZero.push_back(j);
    parts.linearResults.push_back(i - numResults);
    ++j;
  }
  SmallVector<int64_t> linearInputs;
  for (unsigned k = 0; k < wrt.size(); ++k)
    linearInputs.push_back(split->numResiduals + k);
  auto transposed = ad::buildTranspose(split->linear, linearInputs,
                                       linearCtZero, base + "_lin_t",
                                       ctx.symbols());
  if (failed(transposed)) {
    dropSplit();
    return failure();
  }
  parts.transposed = *transposed;
  return parts;
}

//===----------------------------------------------------------------------===//
// The transform ops' derivations
//===----------------------------------------------------------------------===//

FailureOr<func::FuncOp> JvpOp::derive(TransformContext &ctx,
                                      SmallVectorImpl<Value> &callOperands) {
  func::FuncOp callee = lookupCallee(*this, ctx);
  if (!callee)
    return failure();
  // Zero tangents: differentiate w.r.t. fewer inputs.
  unsigned numInputs = callee.getNumArguments();
  SmallVector<int64_t> wrt;
  callOperands.append(getArgs().begin(), getArgs().begin() + numInputs);
  for (auto [k, i] : llvm::enumerate(getWrt())) {
    Value t = getArgs()[numInputs + k];
    if (isZeroConstant(t))
      continue;
    wrt.push_back(i);
    callOperands.push_back(t);
  }
  return ctx.cached(key("jvp", callee.getSymName(), wrt),
                    [&]() { return jvpOf(callee, wrt, ctx); });
}

/// (inputs, cotangents) -> (results, cotangents of the wrt inputs): the
/// JVP's primal part, then the transpose of its linear part.
FailureOr<func::FuncOp> VjpOp::derive(TransformContext &ctx,
                                      SmallVectorImpl<Value> &callOperands) {
  func::FuncOp callee = lookupCallee(*this, ctx);
  if (!callee)
    return failure();
  unsigned numInputs = callee.getNumArguments();
  unsigned numResults = callee.getNumResults();
  SmallVector<int64_t> zeroCts;
  for (unsigned i = 0; i < numResults; ++i)
    if (isZeroConstant(getArgs()[numInputs + i]))
      zeroCts.push_back(i);
  callOperands.append(getArgs().begin(), getArgs().end());
  ArrayRef<int64_t> wrt = getWrt();
  return ctx.cached(
      key("vjp", callee.getSymName(), wrt, zeroCts),
      [&]() -> FailureOr<func::FuncOp> {
        auto parts = ad::buildVjpParts(callee, wrt, zeroCts, ctx);
        if (failed(parts))
          return failure();
        OpBuilder b(callee.getContext());
        FunctionType type = callee.getFunctionType();
        SmallVector<Type> ins(type.getInputs()), outs(type.getResults());
        ins.append(type.getResults().begin(), type.getResults().end());
        for (int64_t i : wrt)
          outs.push_back(type.getInput(i));
        std::string base = callee.getSymName().str();
        func::FuncOp vjp = ad::newFunction(ctx.symbols(), callee, base + "_vjp",
                                           b.getFunctionType(ins, outs),
                                           callee.getLoc());
        Block *entry = &vjp.getBody().front();
        b.setInsertionPointToStart(entry);
        auto primal = func::CallOp::create(
            b, callee.getLoc(), parts->primal,
            entry->getArguments().take_front(numInputs));
        // The primal function returns the JVP's non-linear results (the
        // primal results first), then the residuals.
        unsigned numNonLinear = primal.getNumResults() - parts->numResiduals;
        SmallVector<Value> tArgs(primal.getResults().drop_front(numNonLinear));
        for (int64_t r : parts->linearResults)
          tArgs.push_back(entry->getArgument(numInputs + r));
        auto cts = func::CallOp::create(b, callee.getLoc(), parts->transposed,
                                        tArgs);
        SmallVector<Value> results(primal.getResults().take_front(numResults));
        results.append(cts.getResults().begin(), cts.getResults().end());
        func::ReturnOp::create(b, callee.getLoc(), results);
        LogicalResult inlined = ad::inlineCalls(vjp);
        for (func::FuncOp f : {parts->primal, parts->linear, parts->transposed})
          ctx.symbols().erase(f);
        if (failed(inlined)) {
          ctx.symbols().erase(vjp);
          return failure();
        }
        return vjp;
      });
}

FailureOr<func::FuncOp>
LinearTransposeOp::derive(TransformContext &ctx,
                          SmallVectorImpl<Value> &callOperands) {
  func::FuncOp callee = lookupCallee(*this, ctx);
  if (!callee)
    return failure();
  SmallVector<int64_t> zeroCts;
  unsigned numOther = callee.getNumArguments() - getWrt().size();
  for (unsigned i = 0; i < callee.getNumResults(); ++i)
    if (isZeroConstant(getArgs()[numOther + i]))
      zeroCts.push_back(i);
  callOperands.append(getArgs().begin(), getArgs().end());
  ArrayRef<int64_t> wrt = getWrt();
  return ctx.cached(
      key("transpose", callee.getSymName(), wrt, zeroCts),
      [&]() -> FailureOr<func::FuncOp> {
        auto body =
            ad::cloneInlined(callee, callee.getSymName(), ctx.symbols());
        if (failed(body))
          return failure();
        auto t = ad::buildTranspose(*body, wrt, zeroCts,
                                    (callee.getSymName() + "_transpose").str(),
                                    ctx.symbols());
        ctx.symbols().erase(*body);
        return t;
      });
}

LogicalResult
ad::materializeTransforms(ModuleOp module,
                          llvm::function_ref<bool(Operation *)> select) {
  Driver driver(module);
  return driver.run(select);
}

namespace {
struct JxpADPass : jxp::impl::JxpADPassBase<JxpADPass> {
  void runOnOperation() override {
    if (failed(ad::materializeTransforms(getOperation(),
                                         [](Operation *) { return true; })))
      signalPassFailure();
  }
};
} // namespace
