//===- PartialEval.cpp - splitting a function by linear inputs --*- C++ -*-===//
//
// Values that depend on a linear input are linear; the ops computing them
// form the linear function, the rest the primal one. The primal values the
// linear ops read become residuals: results of the primal function and
// inputs of the linear one. Ops without operands (constants, iota) are
// cloned where needed rather than passed.
//
//===----------------------------------------------------------------------===//

#include "Transforms/AD.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

FailureOr<ad::SplitFunction>
ad::partialEval(func::FuncOp fn, ArrayRef<int64_t> linear, StringRef name,
                SymbolTable &symbols) {
  if (!fn.getBody().hasOneBlock())
    return fn.emitOpError("partial evaluation needs a single-block body");
  Block &body = fn.getBody().front();
  auto ret = llvm::cast<func::ReturnOp>(body.getTerminator());

  // Which values are linear, and which ops compute them.
  DenseSet<Value> isLinear;
  for (int64_t i : linear)
    isLinear.insert(body.getArgument(i));
  SmallVector<Operation *> primalOps, linearOps;
  for (Operation &op : body.without_terminator()) {
    bool lin = llvm::any_of(op.getOperands(),
                            [&](Value v) { return isLinear.contains(v); });
    if (lin) {
      if (op.getNumRegions())
        return op.emitOpError("partial evaluation of ops with regions is not "
                              "supported yet");
      linearOps.push_back(&op);
      for (Value r : op.getResults())
        isLinear.insert(r);
    } else {
      primalOps.push_back(&op);
    }
  }

  // Residuals: primal values read by linear ops, except operand-free ops'
  // results, which the linear function recomputes.
  SmallVector<Value> residuals;
  DenseSet<Value> seen;
  SmallVector<Operation *> rematerialized;
  DenseSet<Operation *> rematSeen;
  for (Operation *op : linearOps)
    for (Value v : op->getOperands()) {
      if (isLinear.contains(v))
        continue;
      Operation *def = v.getDefiningOp();
      if (def && def->getNumOperands() == 0 && def->getNumRegions() == 0) {
        if (rematSeen.insert(def).second)
          rematerialized.push_back(def);
      } else if (seen.insert(v).second) {
        residuals.push_back(v);
      }
    }

  SplitFunction split;
  SmallVector<Value> primalOuts, linearOuts;
  for (Value v : ret.getOperands()) {
    bool lin = isLinear.contains(v);
    split.linearResults.push_back(lin);
    (lin ? linearOuts : primalOuts).push_back(v);
  }
  split.numResiduals = residuals.size();

  MLIRContext *ctx = fn.getContext();
  OpBuilder b(ctx);
  auto typesOf = [](ArrayRef<Value> vs) {
    SmallVector<Type> ts;
    for (Value v : vs)
      ts.push_back(v.getType());
    return ts;
  };

  // primal: (non-linear inputs) -> (non-linear results, residuals)
  SmallVector<Value> primalIns, linearIns(residuals);
  for (BlockArgument a : body.getArguments())
    (llvm::is_contained(linear, (int64_t)a.getArgNumber()) ? linearIns
                                                           : primalIns)
        .push_back(a);
  SmallVector<Value> primalResults(primalOuts);
  primalResults.append(residuals);
  split.primal = newFunction(symbols, fn, (name + "_primal").str(),
                             b.getFunctionType(typesOf(primalIns),
                                               typesOf(primalResults)),
                             fn.getLoc());
  {
    Block *entry = &split.primal.getBody().front();
    b.setInsertionPointToStart(entry);
    IRMapping map;
    map.map(primalIns, entry->getArguments());
    for (Operation *op : primalOps)
      b.clone(*op, map);
    SmallVector<Value> outs;
    for (Value v : primalResults)
      outs.push_back(map.lookupOrDefault(v));
    func::ReturnOp::create(b, ret.getLoc(), outs);
  }

  // linear: (residuals, linear inputs) -> (linear results)
  split.linear = newFunction(symbols, split.primal, (name + "_linear").str(),
                             b.getFunctionType(typesOf(linearIns),
                                               typesOf(linearOuts)),
                             fn.getLoc());
  {
    Block *entry = &split.linear.getBody().front();
    b.setInsertionPointToStart(entry);
    IRMapping map;
    map.map(linearIns, entry->getArguments());
    for (Operation *op : rematerialized)
      b.clone(*op, map);
    for (Operation *op : linearOps)
      b.clone(*op, map);
    SmallVector<Value> outs;
    for (Value v : linearOuts)
      outs.push_back(map.lookupOrDefault(v));
    func::ReturnOp::create(b, ret.getLoc(), outs);
  }
  return split;
}
