//===- Transpose.cpp - transposing linear code ------------------*- C++ -*-===//
//
// Non-linear ops (those reading no linear value) are cloned forward; then
// the linear ops are visited in reverse, each turning the cotangents of its
// results into cotangents of its linear operands through its transpose rule
// (TransposeRule interface). Cotangents accumulate by addition; a value
// without one has a zero cotangent, and an op all of whose results have
// zero cotangents emits nothing. A function body and the body of a region
// op are transposed by the same code: rules of region ops recurse through
// transposeRegion.
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

class Transposer {
public:
  LogicalResult transposeRegion(Region &src, Region &dst,
                                ArrayRef<bool> linearArgs,
                                ArrayRef<bool> zeroCotangents);

  /// Values of the code being transposed that depend on a linear input.
  DenseSet<Value> isLinear;
  /// Non-linear values, to their forward clones.
  IRMapping forward;
  /// Cotangents of linear values, in the code being built.
  DenseMap<Value, Value> ct;

private:
  bool readsLinear(Operation &op);
  void accumulate(OpBuilder &b, Value v, Value c, Location loc) {
    if (!c)
      return;
    Value &slot = ct[v];
    slot = slot ? Emitter(b, loc).add(slot, c) : c;
  }
};

class OpTransposeContext final : public TransposeContext {
public:
  OpTransposeContext(Transposer &t, OpBuilder &b, ArrayRef<Value> operands,
                     ArrayRef<Value> cotangents)
      : TransposeContext(b, operands, cotangents), t(t) {}
  bool isLinear(Value v) override { return t.isLinear.contains(v); }
  LogicalResult transposeRegion(Region &src, Region &dst,
                                ArrayRef<bool> linearArgs,
                                ArrayRef<bool> zeroCotangents) override {
    return t.transposeRegion(src, dst, linearArgs, zeroCotangents);
  }

private:
  Transposer &t;
};

} // namespace

bool Transposer::readsLinear(Operation &op) {
  if (llvm::any_of(op.getOperands(),
                   [&](Value v) { return isLinear.contains(v); }))
    return true;
  if (op.getNumRegions() == 0)
    return false;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op.getRegions(), captured);
  return llvm::any_of(captured, [&](Value v) { return isLinear.contains(v); });
}

LogicalResult Transposer::transposeRegion(Region &src, Region &dst,
                                          ArrayRef<bool> linearArgs,
                                          ArrayRef<bool> zeroCotangents) {
  Location loc = src.getLoc();
  if (!src.hasOneBlock())
    return emitError(loc, "transposition of a region needs a single block");
  if (!dst.empty())
    return emitError(loc, "transposition of a region needs an empty "
                          "destination");
  Block &from = src.front();
  Operation *term = from.getTerminator();
  if (linearArgs.size() != from.getNumArguments() ||
      zeroCotangents.size() != term->getNumOperands())
    return emitError(loc, "transposition of a region: one flag per argument "
                          "and per yielded value needed");
  // Linear values a nested region captures would need their cotangents
  // carried out of it: region rules pass them as arguments instead.
  if (src.getParentOp() && !llvm::isa<func::FuncOp>(src.getParentOp())) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(src, captured);
    for (Value v : captured)
      if (isLinear.contains(v))
        return emitError(loc, "transposition of a region that captures a "
                              "linear value: pass it as an argument");
  }

  Block *to = new Block();
  dst.push_back(to);
  for (BlockArgument a : from.getArguments()) {
    if (linearArgs[a.getArgNumber()])
      isLinear.insert(a);
    else
      forward.map(a, to->addArgument(a.getType(), a.getLoc()));
  }
  SmallVector<Value> resultCts;
  for (Value v : term->getOperands())
    resultCts.push_back(to->addArgument(v.getType(), term->getLoc()));

  // Forward: the non-linear part, as is.
  OpBuilder b = OpBuilder::atBlockEnd(to);
  SmallVector<Operation *> linearOps;
  for (Operation &op : from.without_terminator()) {
    if (readsLinear(op)) {
      linearOps.push_back(&op);
      for (Value r : op.getResults())
        isLinear.insert(r);
    } else {
      b.clone(op, forward);
    }
  }

  // Backward: cotangents from the yielded values to the linear arguments.
  for (auto [i, v] : llvm::enumerate(term->getOperands()))
    if (isLinear.contains(v) && !zeroCotangents[i])
      accumulate(b, v, resultCts[i], term->getLoc());

  for (Operation *op : llvm::reverse(linearOps)) {
    SmallVector<Value> cts;
    for (Value r : op->getResults())
      cts.push_back(ct.lookup(r));
    if (llvm::none_of(cts, [](Value v) { return (bool)v; }))
      continue;
    auto rule = llvm::dyn_cast<TransposeRule>(op);
    if (!rule)
      return op->emitOpError("is not linear (it has no transpose rule), so the "
                             "function cannot be transposed");
    SmallVector<Value> operands;
    for (Value v : op->getOperands())
      operands.push_back(isLinear.contains(v) ? Value()
                                              : forward.lookupOrDefault(v));
    OpTransposeContext ctx(*this, b, operands, cts);
    if (failed(rule.transpose(ctx)))
      return failure();
    SmallVectorImpl<Value> &operandCts = ctx.results();
    if (operandCts.size() != op->getNumOperands())
      return op->emitOpError("transpose rule gave ")
             << operandCts.size() << " cotangents for "
             << op->getNumOperands() << " operands";
    for (auto [v, c] : llvm::zip(op->getOperands(), operandCts)) {
      if (!isLinear.contains(v))
        continue;
      if (c && c.getType() != v.getType())
        return op->emitOpError("transpose rule gave a cotangent of type ")
               << c.getType() << " for an operand of type " << v.getType();
      accumulate(b, v, c, op->getLoc());
    }
  }

  SmallVector<Value> outs;
  Emitter e(b, term->getLoc());
  for (BlockArgument a : from.getArguments())
    if (linearArgs[a.getArgNumber()])
      outs.push_back(e.orZeros(ct.lookup(a), a.getType()));
  OperationState state(term->getLoc(), term->getName());
  state.addOperands(outs);
  state.addAttributes(term->getAttrs());
  b.create(state);
  return success();
}

FailureOr<func::FuncOp>
ad::buildTranspose(func::FuncOp fn, ArrayRef<int64_t> linear,
                   ArrayRef<int64_t> zeroCotangents, StringRef name,
                   SymbolTable &symbols) {
  FunctionType type = fn.getFunctionType();
  SmallVector<bool> linearArgs(type.getNumInputs(), false);
  SmallVector<bool> zeroCts(type.getNumResults(), false);
  SmallVector<Type> inputs, results;
  for (int64_t i : linear)
    linearArgs[i] = true;
  for (int64_t i : zeroCotangents)
    zeroCts[i] = true;
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    (linearArgs[i] ? results : inputs).push_back(t);
  inputs.append(type.getResults().begin(), type.getResults().end());

  Builder b(fn.getContext());
  func::FuncOp tr = newFunction(symbols, fn, name,
                                b.getFunctionType(inputs, results), fn.getLoc());
  tr.getBody().getBlocks().clear();
  Transposer t;
  if (failed(t.transposeRegion(fn.getBody(), tr.getBody(), linearArgs,
                               zeroCts))) {
    symbols.erase(tr);
    return failure();
  }
  return tr;
}

//===----------------------------------------------------------------------===//
// jxp-transpose: transposition alone
//===----------------------------------------------------------------------===//

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPTRANSPOSEPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

namespace {
struct JxpTransposePass : jxp::impl::JxpTransposePassBase<JxpTransposePass> {
  void runOnOperation() override {
    if (failed(ad::materializeTransforms(getOperation(), [](Operation *op) {
          return llvm::isa<LinearTransposeOp>(op);
        })))
      signalPassFailure();
  }
};
} // namespace
