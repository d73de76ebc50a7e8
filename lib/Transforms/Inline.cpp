//===- Inline.cpp - inlining calls before differentiation -------*- C++ -*-===//
//
// AD works on straight-line bodies: every call in a function to be
// differentiated is replaced by its callee's body first. (Derived functions
// are cached by the driver, so nested jit functions are differentiated once
// per use, never re-traced.)
//
//===----------------------------------------------------------------------===//

#include "Transforms/AD.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult ad::inlineCalls(Operation *fn) {
  // A bound on nesting, so that recursion fails instead of looping.
  for (int round = 0; round < 1000; ++round) {
    SmallVector<func::CallOp> calls;
    fn->walk([&](func::CallOp call) { calls.push_back(call); });
    if (calls.empty())
      return success();
    for (func::CallOp call : calls) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || callee.isExternal())
        return call.emitOpError("cannot be differentiated: its callee has no "
                                "body");
      if (!callee.getBody().hasOneBlock())
        return call.emitOpError("cannot be differentiated: its callee has "
                                "more than one block");
      OpBuilder b(call);
      IRMapping map;
      Block &body = callee.getBody().front();
      map.map(body.getArguments(), call.getOperands());
      for (Operation &op : body.without_terminator())
        b.clone(op, map);
      auto ret = llvm::cast<func::ReturnOp>(body.getTerminator());
      for (auto [res, v] : llvm::zip(call.getResults(), ret.getOperands()))
        res.replaceAllUsesWith(map.lookupOrDefault(v));
      call.erase();
    }
  }
  return fn->emitOpError("calls nest too deeply to differentiate (recursion?)");
}

FailureOr<func::FuncOp> ad::cloneInlined(func::FuncOp fn, StringRef name,
                                         SymbolTable &symbols) {
  func::FuncOp copy = fn.clone();
  copy.setSymName(name);
  copy.setPrivate();
  symbols.insert(copy, std::next(Block::iterator(fn)));
  if (failed(inlineCalls(copy))) {
    symbols.erase(copy);
    return failure();
  }
  return copy;
}

func::FuncOp ad::newFunction(SymbolTable &symbols, Operation *after,
                             StringRef name, FunctionType type, Location loc) {
  OpBuilder detached(after->getContext());
  auto fn = func::FuncOp::create(detached, loc, name, type);
  fn.setPrivate();
  symbols.insert(fn, std::next(Block::iterator(after)));
  fn.addEntryBlock();
  return fn;
}
