//===- PartialEval.cpp - splitting a function by linear inputs --*- C++ -*-===//
//
// Values that depend on a linear (unknown) input are unknown; each op's
// PartialEvalRule decides how it splits between the known (primal)
// function and the unknown (linear) one. By default an op goes wholly to
// the unknown side if it reads an unknown value; the known values it reads
// become residuals, results of the primal function and inputs of the
// linear one, found as the walk meets them. Operand-free ops (constants,
// iota) are recomputed on the unknown side rather than passed.
//
//===----------------------------------------------------------------------===//

#include "Transforms/AD.h"
#include "Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {

using RegionSplit = PartialEvalContext::RegionSplit;

FailureOr<RegionSplit> splitBlock(Block &body, Block *knownBlock,
                                  Block *unknownBlock,
                                  ArrayRef<bool> unknownArgs,
                                  ArrayRef<bool> forceUnknown);

class Splitter final : public PartialEvalContext {
public:
  Splitter(Block *knownBlock, Block *unknownBlock, unsigned numLinearInputs)
      : kb(OpBuilder::atBlockEnd(knownBlock)),
        ub(OpBuilder::atBlockEnd(unknownBlock)),
        constants(OpBuilder::atBlockBegin(unknownBlock)),
        unknownBlock(unknownBlock), numLinearInputs(numLinearInputs) {}

  OpBuilder &knownBuilder() override { return kb; }
  OpBuilder &unknownBuilder() override { return ub; }
  bool isUnknown(Value v) override { return unknownValues.contains(v); }
  Value known(Value v) override { return knownMap.lookupOrDefault(v); }

  Value unknown(Value v) override {
    if (Value m = unknownMap.lookupOrNull(v))
      return m;
    Operation *def = v.getDefiningOp();
    if (def && def->getNumOperands() == 0 && def->getNumRegions() == 0) {
      // At the top of the function, whatever region ub builds in now: the
      // clone serves every later use.
      constants.clone(*def, unknownMap);
      return unknownMap.lookup(v);
    }
    Value arg = residual(known(v));
    unknownMap.map(v, arg);
    return arg;
  }

  Value residual(Value inKnown) override {
    Value &arg = residualArgs[inKnown];
    if (!arg) {
      // The next input before the linear ones.
      unsigned pos = unknownBlock->getNumArguments() - numLinearInputs;
      arg = unknownBlock->insertArgument(pos, inKnown.getType(),
                                         inKnown.getLoc());
      residuals.push_back(inKnown);
    }
    return arg;
  }

  void setKnown(Value result, Value inKnown) override {
    knownMap.map(result, inKnown);
  }
  void setUnknown(Value result, Value inUnknown) override {
    unknownMap.map(result, inUnknown);
    unknownValues.insert(result);
  }

  LogicalResult defaultSplit(Operation *op) override {
    llvm::SetVector<Value> reads(op->getOperands().begin(),
                                 op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), reads);
    if (llvm::none_of(reads, [&](Value v) { return isUnknown(v); })) {
      kb.clone(*op, knownMap);
      return success();
    }
    for (Value v : reads)
      (void)unknown(v); // residuals and recomputed constants first
    Operation *clone = ub.clone(*op, unknownMap);
    for (auto [r, c] : llvm::zip(op->getResults(), clone->getResults()))
      setUnknown(r, c);
    return success();
  }

  FailureOr<RegionSplit> splitRegion(Region &src, Region &known,
                                     Region &unknown,
                                     ArrayRef<bool> unknownArgs,
                                     ArrayRef<bool> forceUnknown) override {
    Location loc = src.getLoc();
    if (!src.hasOneBlock() || !known.empty() || !unknown.empty())
      return emitError(loc, "partial evaluation splits a single-block region "
                            "into empty ones");
    Block *k = new Block(), *u = new Block();
    known.push_back(k);
    unknown.push_back(u);
    return splitBlock(src.front(), k, u, unknownArgs, forceUnknown);
  }

  OpBuilder kb, ub, constants;
  Block *unknownBlock;
  unsigned numLinearInputs;
  DenseSet<Value> unknownValues;
  IRMapping knownMap, unknownMap;
  /// Known-side values passed to the unknown side, in argument order.
  SmallVector<Value> residuals;
  DenseMap<Value, Value> residualArgs;
};

/// The split of `body` into the empty blocks `knownBlock` and
/// `unknownBlock` (see PartialEvalContext::splitRegion), each ending with
/// a copy of body's terminator.
FailureOr<RegionSplit> splitBlock(Block &body, Block *knownBlock,
                                  Block *unknownBlock,
                                  ArrayRef<bool> unknownArgs,
                                  ArrayRef<bool> forceUnknown) {
  Operation *term = body.getTerminator();
  if (unknownArgs.size() != body.getNumArguments() ||
      forceUnknown.size() != term->getNumOperands())
    return term->emitOpError("partial evaluation: one flag per argument and "
                             "per returned value needed");
  Splitter s(knownBlock, unknownBlock, llvm::count(unknownArgs, true));
  for (BlockArgument a : body.getArguments()) {
    if (unknownArgs[a.getArgNumber()])
      s.setUnknown(a, unknownBlock->addArgument(a.getType(), a.getLoc()));
    else
      s.setKnown(a, knownBlock->addArgument(a.getType(), a.getLoc()));
  }
  for (Operation &op : body.without_terminator()) {
    auto rule = llvm::dyn_cast<PartialEvalRule>(&op);
    if (failed(rule ? rule.partialEval(s) : s.defaultSplit(&op)))
      return failure();
    for (Value r : op.getResults())
      if (!s.isUnknown(r) && !s.knownMap.contains(r))
        return op.emitOpError("partial evaluation rule left a result on "
                              "neither side");
  }

  RegionSplit split;
  SmallVector<Value> knownOuts, unknownOuts;
  for (auto [v, force] : llvm::zip(term->getOperands(), forceUnknown)) {
    bool unknown = force || s.isUnknown(v);
    split.unknownResults.push_back(unknown);
    if (unknown)
      unknownOuts.push_back(s.unknown(v));
  }
  // Residuals are complete only now: the unknown results may add some.
  for (auto [v, unknown] : llvm::zip(term->getOperands(), split.unknownResults))
    if (!unknown)
      knownOuts.push_back(s.known(v));
  split.numResiduals = s.residuals.size();
  llvm::append_range(knownOuts, s.residuals);
  for (auto [b, outs] : {std::pair(&s.kb, &knownOuts),
                         std::pair(&s.ub, &unknownOuts)}) {
    OperationState state(term->getLoc(), term->getName());
    state.addOperands(*outs);
    state.addAttributes(term->getAttrs());
    b->create(state);
  }
  return split;
}

} // namespace

FailureOr<ad::SplitFunction>
ad::partialEval(func::FuncOp fn, ArrayRef<int64_t> linear, StringRef name,
                SymbolTable &symbols) {
  if (!fn.getBody().hasOneBlock())
    return fn.emitOpError("partial evaluation needs a single-block body");
  Block &body = fn.getBody().front();
  Builder b(fn.getContext());

  SplitFunction split;
  split.primal = newFunction(symbols, fn, (name + "_primal").str(),
                             b.getFunctionType({}, {}), fn.getLoc());
  split.linear = newFunction(symbols, split.primal, (name + "_linear").str(),
                             b.getFunctionType({}, {}), fn.getLoc());
  SmallVector<bool> unknownArgs(body.getNumArguments(), false);
  for (int64_t i : linear)
    unknownArgs[i] = true;
  SmallVector<bool> force(body.getTerminator()->getNumOperands(), false);
  auto halves = splitBlock(body, &split.primal.getBody().front(),
                           &split.linear.getBody().front(), unknownArgs, force);
  if (failed(halves)) {
    symbols.erase(split.primal);
    symbols.erase(split.linear);
    return failure();
  }
  split.linearResults = halves->unknownResults;
  split.numResiduals = halves->numResiduals;
  for (func::FuncOp f : {split.primal, split.linear}) {
    Block &entry = f.getBody().front();
    f.setFunctionType(b.getFunctionType(
        entry.getArgumentTypes(),
        entry.getTerminator()->getOperandTypes()));
  }
  return split;
}

//===----------------------------------------------------------------------===//
// jxp-partial-eval: the split alone, of functions marked jxp.linear_args
//===----------------------------------------------------------------------===//

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPPARTIALEVALPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

namespace {
struct JxpPartialEvalPass
    : jxp::impl::JxpPartialEvalPassBase<JxpPartialEvalPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Functions of this module only: the symbol table is this module's.
    SmallVector<func::FuncOp> marked;
    for (func::FuncOp fn : module.getOps<func::FuncOp>())
      if (fn->hasAttr("jxp.linear_args"))
        marked.push_back(fn);
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
