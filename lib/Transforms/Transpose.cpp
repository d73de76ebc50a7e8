//===- Transpose.cpp - transposing a linear function ------------*- C++ -*-===//
//
// Non-linear ops (those not reading a linear input) are cloned forward; then
// the linear ops are visited in reverse, each turning the cotangents of its
// results into cotangents of its linear operands through its transpose rule
// (TransposeRule interface). Cotangents accumulate by addition; a value
// without one has a zero cotangent, and an op all of whose results have
// zero cotangents emits nothing.
//
//===----------------------------------------------------------------------===//

#include "Rules/RuleBuilder.h"
#include "Transforms/AD.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

FailureOr<func::FuncOp>
ad::buildTranspose(func::FuncOp fn, ArrayRef<int64_t> linear,
                   ArrayRef<int64_t> zeroCotangents, StringRef name,
                   SymbolTable &symbols) {
  if (!fn.getBody().hasOneBlock())
    return fn.emitOpError("transposition needs a single-block body");
  Block &body = fn.getBody().front();
  auto ret = llvm::cast<func::ReturnOp>(body.getTerminator());
  FunctionType type = fn.getFunctionType();

  DenseSet<Value> isLinear;
  SmallVector<Type> inputs, results;
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    if (llvm::is_contained(linear, (int64_t)i)) {
      isLinear.insert(body.getArgument(i));
      results.push_back(t);
    } else {
      inputs.push_back(t);
    }
  }
  inputs.append(type.getResults().begin(), type.getResults().end());

  OpBuilder b(fn.getContext());
  func::FuncOp tr = newFunction(symbols, fn, name,
                                b.getFunctionType(inputs, results), fn.getLoc());
  Block *entry = &tr.getBody().front();
  b.setInsertionPointToStart(entry);

  // Forward: the non-linear part, as is.
  IRMapping map;
  unsigned next = 0;
  for (BlockArgument a : body.getArguments())
    if (!isLinear.contains(a))
      map.map(a, entry->getArgument(next++));
  SmallVector<Operation *> linearOps;
  for (Operation &op : body.without_terminator()) {
    if (llvm::any_of(op.getOperands(),
                     [&](Value v) { return isLinear.contains(v); })) {
      linearOps.push_back(&op);
      for (Value r : op.getResults())
        isLinear.insert(r);
    } else {
      b.clone(op, map);
    }
  }

  // Backward: cotangents from the results to the linear inputs.
  DenseMap<Value, Value> ct;
  auto accumulate = [&](Value v, Value c, Location loc) {
    if (!c)
      return;
    Value &slot = ct[v];
    slot = slot ? Emitter(b, loc).add(slot, c) : c;
  };
  for (auto [i, v] : llvm::enumerate(ret.getOperands()))
    if (isLinear.contains(v) && !llvm::is_contained(zeroCotangents, (int64_t)i))
      accumulate(v, entry->getArgument(next + i), ret.getLoc());

  for (Operation *op : llvm::reverse(linearOps)) {
    SmallVector<Value> resultCts;
    for (Value r : op->getResults())
      resultCts.push_back(ct.lookup(r));
    if (llvm::none_of(resultCts, [](Value v) { return (bool)v; }))
      continue;
    auto rule = llvm::dyn_cast<TransposeRule>(op);
    if (!rule)
      return op->emitOpError("is not linear (it has no transpose rule), so the "
                             "function cannot be transposed");
    SmallVector<Value> operands;
    for (Value v : op->getOperands())
      operands.push_back(isLinear.contains(v) ? Value()
                                              : map.lookupOrDefault(v));
    SmallVector<Value> operandCts;
    if (failed(rule.transpose(b, operands, resultCts, operandCts)))
      return failure();
    assert(operandCts.size() == op->getNumOperands() &&
           "transpose rule must give one cotangent per operand");
    for (auto [v, c] : llvm::zip(op->getOperands(), operandCts))
      if (isLinear.contains(v))
        accumulate(v, c, op->getLoc());
  }

  SmallVector<Value> outs;
  Emitter e(b, ret.getLoc());
  for (int64_t i : linear) {
    Value a = body.getArgument(i);
    outs.push_back(e.orZeros(ct.lookup(a), a.getType()));
  }
  func::ReturnOp::create(b, ret.getLoc(), outs);
  return tr;
}
