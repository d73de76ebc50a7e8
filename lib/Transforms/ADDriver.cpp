//===- ADDriver.cpp - materializing autodiff ops ----------------*- C++ -*-===//
//
// The passes around the transformations of AD.h: the `jxp-ad` driver and
// the single-step passes used to test each transformation with jxp-opt.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Transforms/AD.h"

#include "mlir/IR/IRMapping.h"

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPADPASS
#define GEN_PASS_DEF_JXPJVPPASS
#define GEN_PASS_DEF_JXPPARTIALEVALPASS
#define GEN_PASS_DEF_JXPTRANSPOSEPASS
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

class Materializer {
public:
  Materializer(ModuleOp module) : module(module), symbols(module) {}

  /// Materializes the transform ops accepted by `select`, innermost first.
  LogicalResult run(llvm::function_ref<bool(Operation *)> select) {
    while (true) {
      SmallVector<Operation *> pending;
      module.walk([&](Operation *op) {
        if (isTransform(op) && select(op))
          pending.push_back(op);
      });
      if (pending.empty())
        return success();
      bool progress = false;
      for (Operation *op : pending) {
        auto callee = symbols.lookup<func::FuncOp>(calleeOf(op));
        if (!callee)
          return op->emitOpError("callee not found");
        if (reachesTransform(callee))
          continue;
        if (failed(materialize(op, callee)))
          return failure();
        progress = true;
      }
      if (!progress)
        return pending.front()->emitOpError(
            "cannot be materialized: its callee reaches itself through "
            "transforms");
    }
  }

private:
  static bool isTransform(Operation *op) {
    return llvm::isa<JvpOp, VjpOp, LinearTransposeOp>(op);
  }
  static StringRef calleeOf(Operation *op) {
    return op->getAttrOfType<FlatSymbolRefAttr>("callee").getValue();
  }

  /// Whether `fn`, or a function it names (calls, custom rules), holds a
  /// transform op.
  bool reachesTransform(func::FuncOp fn) {
    DenseSet<Operation *> visited;
    SmallVector<func::FuncOp> work = {fn};
    while (!work.empty()) {
      func::FuncOp f = work.pop_back_val();
      if (!visited.insert(f).second)
        continue;
      bool found = false;
      f.walk([&](Operation *op) {
        if (isTransform(op)) {
          found = true;
          return WalkResult::interrupt();
        }
        for (NamedAttribute attr : op->getAttrs())
          attr.getValue().walk([&](FlatSymbolRefAttr ref) {
            if (auto g = symbols.lookup<func::FuncOp>(ref.getValue()))
              work.push_back(g);
          });
        return WalkResult::advance();
      });
      if (found)
        return true;
    }
    return false;
  }

  LogicalResult materialize(Operation *op, func::FuncOp callee) {
    OpBuilder b(op);
    SmallVector<Value> args;
    FailureOr<func::FuncOp> derived;
    unsigned numInputs = callee.getNumArguments();
    if (auto jvp = llvm::dyn_cast<JvpOp>(op)) {
      // Zero tangents: differentiate w.r.t. fewer inputs.
      SmallVector<int64_t> wrt;
      args.append(jvp.getArgs().begin(), jvp.getArgs().begin() + numInputs);
      for (auto [k, i] : llvm::enumerate(jvp.getWrt())) {
        Value t = jvp.getArgs()[numInputs + k];
        if (isZeroConstant(t))
          continue;
        wrt.push_back(i);
        args.push_back(t);
      }
      derived = cached(key("jvp", callee.getSymName(), wrt),
                       [&]() { return jvpOf(callee, wrt); });
    } else if (auto vjp = llvm::dyn_cast<VjpOp>(op)) {
      SmallVector<int64_t> zeroCts;
      for (unsigned i = 0; i < callee.getNumResults(); ++i)
        if (isZeroConstant(vjp.getArgs()[numInputs + i]))
          zeroCts.push_back(i);
      args.append(vjp.getArgs().begin(), vjp.getArgs().end());
      derived = cached(key("vjp", callee.getSymName(), vjp.getWrt(), zeroCts),
                       [&]() { return vjpOf(callee, vjp.getWrt(), zeroCts); });
    } else {
      auto tr = llvm::cast<LinearTransposeOp>(op);
      SmallVector<int64_t> zeroCts;
      unsigned numOther = numInputs - tr.getWrt().size();
      for (unsigned i = 0; i < callee.getNumResults(); ++i)
        if (isZeroConstant(tr.getArgs()[numOther + i]))
          zeroCts.push_back(i);
      args.append(tr.getArgs().begin(), tr.getArgs().end());
      derived = cached(
          key("transpose", callee.getSymName(), tr.getWrt(), zeroCts),
          [&]() -> FailureOr<func::FuncOp> {
            auto body = ad::cloneInlined(callee, callee.getSymName(), symbols);
            if (failed(body))
              return failure();
            auto t = ad::buildTranspose(*body, tr.getWrt(), zeroCts,
                                        (callee.getSymName() + "_transpose").str(),
                                        symbols);
            body->erase();
            return t;
          });
    }
    if (failed(derived))
      return failure();
    auto call = func::CallOp::create(b, op->getLoc(), *derived, args);
    op->replaceAllUsesWith(call.getResults());
    op->erase();
    return success();
  }

  FailureOr<func::FuncOp>
  cached(const std::string &k,
         llvm::function_ref<FailureOr<func::FuncOp>()> build) {
    auto it = cache.find(k);
    if (it != cache.end())
      return it->second;
    FailureOr<func::FuncOp> fn = build();
    if (succeeded(fn))
      cache[k] = *fn;
    return fn;
  }

  /// The JVP, with the custom rules it calls inlined so that partial
  /// evaluation can split them.
  FailureOr<func::FuncOp> jvpOf(func::FuncOp callee, ArrayRef<int64_t> wrt) {
    auto body = ad::cloneInlined(callee, callee.getSymName(), symbols);
    if (failed(body))
      return failure();
    auto jvp = ad::buildJvp(*body, wrt, (callee.getSymName() + "_jvp").str(),
                            symbols);
    body->erase();
    if (failed(jvp) || failed(ad::inlineCalls(*jvp)))
      return failure();
    return jvp;
  }

  /// (inputs, cotangents) -> (results, cotangents of the wrt inputs):
  /// the JVP's primal part, then the transpose of its linear part.
  FailureOr<func::FuncOp> vjpOf(func::FuncOp callee, ArrayRef<int64_t> wrt,
                                ArrayRef<int64_t> zeroCts) {
    unsigned numInputs = callee.getNumArguments();
    unsigned numResults = callee.getNumResults();
    auto jvp = jvpOf(callee, wrt);
    if (failed(jvp))
      return failure();
    SmallVector<int64_t> tangents;
    for (unsigned k = 0; k < wrt.size(); ++k)
      tangents.push_back(numInputs + k);
    std::string base = callee.getSymName().str();
    auto split = ad::partialEval(*jvp, tangents, base, symbols);
    // The linear function's results are the JVP's linear results: a subset
    // of the result tangents. Zero cotangents among them stay symbolic.
    if (failed(split))
      return failure();
    SmallVector<int64_t> linearCtZero, linearOf;
    for (unsigned i = 0, j = 0; i < 2 * numResults; ++i) {
      if (!split->linearResults[i])
        continue;
      if (i < numResults)
        return jvp->emitOpError("primal result depends on a tangent");
      if (llvm::is_contained(zeroCts, (int64_t)(i - numResults)))
        linearCtZero.push_back(j);
      linearOf.push_back(i - numResults);
      ++j;
    }
    SmallVector<int64_t> linearInputs;
    for (unsigned k = 0; k < wrt.size(); ++k)
      linearInputs.push_back(split->numResiduals + k);
    auto transposed = ad::buildTranspose(split->linear, linearInputs,
                                         linearCtZero, base + "_lin_t",
                                         symbols);
    if (failed(transposed))
      return failure();

    // vjp(inputs, cts) = (results, transpose(residuals, cts of linear results))
    OpBuilder b(callee.getContext());
    FunctionType type = callee.getFunctionType();
    SmallVector<Type> ins(type.getInputs()), outs(type.getResults());
    ins.append(type.getResults().begin(), type.getResults().end());
    for (int64_t i : wrt)
      outs.push_back(type.getInput(i));
    func::FuncOp vjp = ad::newFunction(symbols, callee, base + "_vjp",
                                       b.getFunctionType(ins, outs),
                                       callee.getLoc());
    Block *entry = &vjp.getBody().front();
    b.setInsertionPointToStart(entry);
    auto primal = func::CallOp::create(
        b, callee.getLoc(), split->primal,
        entry->getArguments().take_front(numInputs));
    // The primal function returns the JVP's non-linear results (the primal
    // results first), then the residuals.
    unsigned numNonLinear = primal.getNumResults() - split->numResiduals;
    SmallVector<Value> tArgs(primal.getResults().drop_front(numNonLinear));
    for (int64_t r : linearOf)
      tArgs.push_back(entry->getArgument(numInputs + r));
    auto cts = func::CallOp::create(b, callee.getLoc(), *transposed, tArgs);
    SmallVector<Value> results(primal.getResults().take_front(numResults));
    results.append(cts.getResults().begin(), cts.getResults().end());
    func::ReturnOp::create(b, callee.getLoc(), results);
    if (failed(ad::inlineCalls(vjp)))
      return failure();
    for (func::FuncOp f : {split->primal, split->linear, *transposed, *jvp})
      f.erase();
    return vjp;
  }

  ModuleOp module;
  SymbolTable symbols;
  llvm::StringMap<func::FuncOp> cache;
};

/// After AD, custom-derivative calls are plain calls of their callee. (A
/// custom_lin left over is forward mode through a custom_vjp function: an
/// error if it survives dead-code elimination, reported by its lowering.)
LogicalResult lowerCustomCalls(ModuleOp module) {
  WalkResult result = module.walk([&](Operation *op) {
    FlatSymbolRefAttr callee;
    ValueRange args;
    if (auto c = llvm::dyn_cast<CustomJvpCallOp>(op)) {
      callee = c.getCalleeAttr();
      args = c.getArgs();
    } else if (auto c = llvm::dyn_cast<CustomVjpCallOp>(op)) {
      callee = c.getCalleeAttr();
      args = c.getArgs();
    } else {
      return WalkResult::advance();
    }
    OpBuilder b(op);
    auto call = func::CallOp::create(b, op->getLoc(), callee,
                                     op->getResultTypes(), args);
    op->replaceAllUsesWith(call.getResults());
    op->erase();
    return WalkResult::skip();
  });
  return failure(result.wasInterrupted());
}

struct JxpADPass : jxp::impl::JxpADPassBase<JxpADPass> {
  void runOnOperation() override {
    Materializer m(getOperation());
    if (failed(m.run([](Operation *) { return true; })) ||
        failed(lowerCustomCalls(getOperation())))
      signalPassFailure();
  }
};

struct JxpJvpPass : jxp::impl::JxpJvpPassBase<JxpJvpPass> {
  void runOnOperation() override {
    Materializer m(getOperation());
    if (failed(m.run([](Operation *op) { return llvm::isa<JvpOp>(op); })))
      signalPassFailure();
  }
};

struct JxpTransposePass : jxp::impl::JxpTransposePassBase<JxpTransposePass> {
  void runOnOperation() override {
    Materializer m(getOperation());
    if (failed(m.run(
            [](Operation *op) { return llvm::isa<LinearTransposeOp>(op); })))
      signalPassFailure();
  }
};

struct JxpPartialEvalPass
    : jxp::impl::JxpPartialEvalPassBase<JxpPartialEvalPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> marked;
    module.walk([&](func::FuncOp fn) {
      if (fn->hasAttr("jxp.linear_args"))
        marked.push_back(fn);
    });
    for (func::FuncOp fn : marked) {
      auto linear = fn->getAttrOfType<DenseI64ArrayAttr>("jxp.linear_args");
      if (!linear) {
        fn.emitOpError("jxp.linear_args must be an array<i64: ...>");
        return signalPassFailure();
      }
      auto split = ad::partialEval(fn, linear.asArrayRef(), fn.getSymName(),
                                   symbols);
      if (failed(split))
        return signalPassFailure();
      fn->removeAttr("jxp.linear_args");
      // Record how the results were split, for callers of the two halves.
      Builder b(fn.getContext());
      SmallVector<int64_t> linearResults;
      for (auto [i, lin] : llvm::enumerate(split->linearResults))
        if (lin)
          linearResults.push_back(i);
      split->linear->setAttr("jxp.linear_results",
                             b.getDenseI64ArrayAttr(linearResults));
      split->primal->setAttr("jxp.num_residuals",
                             b.getI64IntegerAttr(split->numResiduals));
    }
  }
};
} // namespace
