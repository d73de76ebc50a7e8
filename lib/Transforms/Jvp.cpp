//===- Jvp.cpp - forward-mode differentiation -------------------*- C++ -*-===//
//
// Walks a block once, cloning each op and asking its JVP rule (JvpRule
// interface) for the tangents of its results. Tangents are tracked per value
// of the function being built; a missing entry is a symbolic zero, so ops
// none of whose operands carry a tangent cost nothing beyond their primal
// clone. A function body and the body of a region op are differentiated by
// the same code: rules of region ops recurse through differentiateRegion.
//
//===----------------------------------------------------------------------===//

#include "Rules/RuleBuilder.h"
#include "Transforms/AD.h"
#include "Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {

class Differentiator {
public:
  explicit Differentiator(RuleRequests &requests) : requests(requests) {}

  /// Clones `src`'s ops (not its terminator) at `b`, `primal` mapping src
  /// values to their clones, and records the clones' tangents.
  LogicalResult differentiateOps(Block &src, OpBuilder &b, IRMapping &primal);

  LogicalResult differentiateRegion(Region &src, Region &dst,
                                    ArrayRef<bool> argTangents,
                                    ArrayRef<bool> resultTangents,
                                    SmallVectorImpl<bool> &nonzero);

  SmallVector<bool> nonzeroTangents(Region &src, ArrayRef<bool> argTangents);

  /// Tangents, keyed by values of the function being built.
  DenseMap<Value, Value> tangent;
  RuleRequests &requests;
};

/// The context one rule application sees.
class OpJvpContext final : public JvpContext {
public:
  OpJvpContext(Differentiator &d, OpBuilder &b, ArrayRef<Value> tangents)
      : JvpContext(b, tangents), d(d) {}

  Value tangentOf(Value v) override { return d.tangent.lookup(v); }
  LogicalResult differentiateRegion(Region &src, Region &dst,
                                    ArrayRef<bool> argTangents,
                                    ArrayRef<bool> resultTangents,
                                    SmallVectorImpl<bool> &nonzero) override {
    return d.differentiateRegion(src, dst, argTangents, resultTangents,
                                 nonzero);
  }
  SmallVector<bool> nonzeroTangents(Region &src,
                                    ArrayRef<bool> argTangents) override {
    return d.nonzeroTangents(src, argTangents);
  }
  void requestRule(Operation *op, StringRef request) override {
    d.requests.push_back({op->getLoc(), request.str()});
  }

private:
  Differentiator &d;
};

/// Whether an op inside a region reads a value defined above it that has a
/// tangent: region ops differentiate through their captures too.
bool capturesTangent(Operation *op, const DenseMap<Value, Value> &tangent) {
  if (op->getNumRegions() == 0)
    return false;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  return llvm::any_of(captured, [&](Value v) { return tangent.count(v); });
}

} // namespace

LogicalResult Differentiator::differentiateOps(Block &src, OpBuilder &b,
                                               IRMapping &primal) {
  for (Operation &op : src.without_terminator()) {
    Operation *clone = b.clone(op, primal);
    SmallVector<Value> operandTangents;
    for (Value v : clone->getOperands())
      operandTangents.push_back(tangent.lookup(v));
    if (llvm::none_of(operandTangents, [](Value v) { return (bool)v; }) &&
        !capturesTangent(clone, tangent))
      continue; // all zero: so are the results' tangents
    auto rule = llvm::dyn_cast<JvpRule>(clone);
    if (!rule && llvm::isa<TransformOp>(clone))
      return op.emitOpError("cannot be differentiated before it is "
                            "materialized (the jxp-ad pass materializes "
                            "every kind of transform, callee first)");
    if (!rule)
      return op.emitOpError("cannot be differentiated: it has no JVP rule");
    OpJvpContext ctx(*this, b, operandTangents);
    if (failed(rule.jvp(ctx)))
      return failure();
    SmallVectorImpl<Value> &results = ctx.results();
    unsigned n = op.getNumResults();
    if (n > 0 && results.size() == 2 * n) {
      // The rule's own primal results replace the clone's.
      for (unsigned i = 0; i < n; ++i)
        primal.map(op.getResult(i), results[i]);
      results.erase(results.begin(), results.begin() + n);
      if (clone->use_empty())
        clone->erase();
    } else if (results.size() != n) {
      return op.emitOpError("JVP rule gave ")
             << results.size() << " values for " << n
             << " results (one tangent per result, optionally after the "
                "primal results)";
    }
    for (auto [r, t] : llvm::zip(op.getResults(), results)) {
      if (t && t.getType() != r.getType())
        return op.emitOpError("JVP rule gave a tangent of type ")
               << t.getType() << " for a result of type " << r.getType();
      if (t && Emitter::isDifferentiable(r.getType()))
        tangent[primal.lookup(r)] = t;
    }
  }
  return success();
}

LogicalResult Differentiator::differentiateRegion(
    Region &src, Region &dst, ArrayRef<bool> argTangents,
    ArrayRef<bool> resultTangents, SmallVectorImpl<bool> &nonzero) {
  Location loc = src.getLoc();
  if (!src.hasOneBlock())
    return emitError(loc, "JVP of a region needs a single block");
  if (!dst.empty())
    return emitError(loc, "JVP of a region needs an empty destination");
  Block &from = src.front();
  if (argTangents.size() != from.getNumArguments())
    return emitError(loc, "JVP of a region: one flag per argument needed");
  Block *to = new Block();
  dst.push_back(to);
  IRMapping primal;
  for (BlockArgument a : from.getArguments())
    primal.map(a, to->addArgument(a.getType(), a.getLoc()));
  for (BlockArgument a : from.getArguments())
    if (argTangents[a.getArgNumber()])
      tangent[primal.lookup(a)] = to->addArgument(a.getType(), a.getLoc());

  OpBuilder b = OpBuilder::atBlockEnd(to);
  if (failed(differentiateOps(from, b, primal)))
    return failure();

  Operation *term = from.getTerminator();
  if (resultTangents.size() != term->getNumOperands())
    return term->emitOpError("JVP of a region: one flag per yielded value "
                             "needed");
  SmallVector<Value> outs;
  for (Value v : term->getOperands())
    outs.push_back(primal.lookupOrDefault(v));
  nonzero.clear();
  Emitter e(b, term->getLoc());
  for (auto [i, v] : llvm::enumerate(term->getOperands())) {
    Value t = tangent.lookup(primal.lookupOrDefault(v));
    nonzero.push_back((bool)t);
    if (resultTangents[i])
      outs.push_back(e.orZeros(t, v.getType()));
  }
  OperationState state(term->getLoc(), term->getName());
  state.addOperands(outs);
  state.addAttributes(term->getAttrs());
  b.create(state);
  // Forget the region's values: nothing outside reads their tangents (the
  // region is isolated), and the rule that asked for it may still rewrite
  // it (ScanOp::jvp permutes its arguments), freeing values whose
  // addresses a later region's values may reuse.
  for (BlockArgument a : to->getArguments())
    tangent.erase(a);
  for (Operation &op : *to)
    for (Value r : op.getResults())
      tangent.erase(r);
  return success();
}

SmallVector<bool> Differentiator::nonzeroTangents(Region &src,
                                                  ArrayRef<bool> argTangents) {
  // Forward dataflow, as the walk above but without building: a result may
  // carry a tangent if its op reads one and is differentiable.
  DenseSet<Value> live;
  for (auto [v, t] : tangent)
    live.insert(v);
  Block &from = src.front();
  for (BlockArgument a : from.getArguments())
    if (a.getArgNumber() < argTangents.size() && argTangents[a.getArgNumber()])
      live.insert(a);
  for (Operation &op : from.without_terminator()) {
    bool reads = llvm::any_of(op.getOperands(),
                              [&](Value v) { return live.contains(v); });
    if (!reads && op.getNumRegions()) {
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(op.getRegions(), captured);
      reads = llvm::any_of(captured, [&](Value v) { return live.contains(v); });
    }
    if (!reads || op.hasTrait<NonDifferentiable>())
      continue;
    for (Value r : op.getResults())
      if (Emitter::isDifferentiable(r.getType()))
        live.insert(r);
  }
  SmallVector<bool> out;
  for (Value v : from.getTerminator()->getOperands())
    out.push_back(live.contains(v));
  return out;
}

FailureOr<func::FuncOp> ad::buildJvp(func::FuncOp fn, ArrayRef<int64_t> wrt,
                                     StringRef name, SymbolTable &symbols,
                                     RuleRequests &requests) {
  FunctionType type = fn.getFunctionType();
  SmallVector<Type> inputs(type.getInputs()), results(type.getResults());
  SmallVector<bool> argTangents(type.getNumInputs(), false);
  for (int64_t i : wrt) {
    inputs.push_back(type.getInput(i));
    argTangents[i] = true;
  }
  results.append(type.getResults().begin(), type.getResults().end());
  // (wrt is increasing, so the tangent arguments come in wrt's order.)
  Builder b(fn.getContext());
  func::FuncOp jvp = newFunction(symbols, fn, name,
                                 b.getFunctionType(inputs, results), fn.getLoc());
  jvp.getBody().getBlocks().clear();
  Differentiator d(requests);
  SmallVector<bool> wanted(type.getNumResults(), true), nonzero;
  if (failed(d.differentiateRegion(fn.getBody(), jvp.getBody(), argTangents,
                                   wanted, nonzero))) {
    symbols.erase(jvp);
    return failure();
  }
  return jvp;
}

//===----------------------------------------------------------------------===//
// jxp-jvp: forward mode alone
//===----------------------------------------------------------------------===//

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPJVPPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

namespace {
struct JxpJvpPass : jxp::impl::JxpJvpPassBase<JxpJvpPass> {
  void runOnOperation() override {
    if (failed(ad::materializeTransforms(
            getOperation(), [](Operation *op) { return llvm::isa<JvpOp>(op); })))
      signalPassFailure();
  }
};
} // namespace
