//===- Jvp.cpp - forward-mode differentiation of a function -----*- C++ -*-===//
//
// Walks the body once, cloning each op and asking its JVP rule (JvpRule
// interface) for the tangents of its results. Tangents are tracked per
// value; a missing entry is a symbolic zero, so ops none of whose operands
// carry a tangent cost nothing beyond their primal clone.
//
//===----------------------------------------------------------------------===//

#include "Rules/RuleBuilder.h"
#include "Transforms/AD.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

FailureOr<func::FuncOp> ad::buildJvp(func::FuncOp fn, ArrayRef<int64_t> wrt,
                                     StringRef name, SymbolTable &symbols) {
  if (!fn.getBody().hasOneBlock())
    return fn.emitOpError("JVP needs a single-block body");
  FunctionType type = fn.getFunctionType();
  SmallVector<Type> inputs(type.getInputs()), results(type.getResults());
  for (int64_t i : wrt)
    inputs.push_back(type.getInput(i));
  results.append(type.getResults().begin(), type.getResults().end());

  OpBuilder b(fn.getContext());
  func::FuncOp jvp = newFunction(symbols, fn, name,
                                 b.getFunctionType(inputs, results), fn.getLoc());
  Block *entry = &jvp.getBody().front();
  b.setInsertionPointToStart(entry);

  Block &body = fn.getBody().front();
  IRMapping primal;
  DenseMap<Value, Value> tangent;
  unsigned numInputs = type.getNumInputs();
  primal.map(body.getArguments(), entry->getArguments().take_front(numInputs));
  for (auto [k, i] : llvm::enumerate(wrt))
    tangent[body.getArgument(i)] = entry->getArgument(numInputs + k);

  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions())
      return op.emitOpError("cannot be differentiated: ops with regions are "
                            "not supported by the JVP pass yet");
    Operation *clone = b.clone(op, primal);
    SmallVector<Value> operandTangents;
    for (Value v : op.getOperands())
      operandTangents.push_back(tangent.lookup(v));
    if (llvm::none_of(operandTangents, [](Value v) { return (bool)v; }))
      continue; // all zero: so are the results' tangents
    auto rule = llvm::dyn_cast<JvpRule>(clone);
    if (!rule)
      return op.emitOpError("has no JVP rule");
    SmallVector<Value> resultTangents;
    if (failed(rule.jvp(b, operandTangents, resultTangents)))
      return failure();
    unsigned n = op.getNumResults();
    if (resultTangents.size() == 2 * n) {
      // The rule's own primal results replace the clone's.
      for (unsigned i = 0; i < n; ++i)
        primal.map(op.getResult(i), resultTangents[i]);
      resultTangents.erase(resultTangents.begin(), resultTangents.begin() + n);
      if (clone->use_empty())
        clone->erase();
    }
    assert(resultTangents.size() == n &&
           "JVP rule must give one tangent per result");
    for (auto [r, t] : llvm::zip(op.getResults(), resultTangents))
      if (t && Emitter::isDifferentiable(r.getType()))
        tangent[r] = t;
  }

  auto ret = llvm::cast<func::ReturnOp>(body.getTerminator());
  SmallVector<Value> outs;
  for (Value v : ret.getOperands())
    outs.push_back(primal.lookupOrDefault(v));
  Emitter e(b, ret.getLoc());
  for (Value v : ret.getOperands())
    outs.push_back(e.orZeros(tangent.lookup(v), v.getType()));
  func::ReturnOp::create(b, ret.getLoc(), outs);
  return jvp;
}
