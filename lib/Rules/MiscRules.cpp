//===- MiscRules.cpp - AD rules of constants, random bits and the
//                     custom-derivative ops                    -*- C++ -*-===//

#include "Rules/BatchRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::jxp;





LogicalResult StopGradientOp::lowerToStableHLO(OpBuilder &,
                                               SmallVectorImpl<Value> &results) {
  results.push_back(getOperand());
  return success();
}

//===----------------------------------------------------------------------===//
// Custom derivatives
//===----------------------------------------------------------------------===//

namespace {
func::FuncOp lookup(Operation *op, FlatSymbolRefAttr name) {
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
}
} // namespace

LogicalResult CustomJvpCallOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  ArrayRef<int64_t> diff = getDiff();
  if (llvm::none_of(diff, [&](int64_t i) { return (bool)t[i]; }))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  unsigned numPrimals = getNumPrimals();
  ValueRange args = getArgs();
  SmallVector<Value> operands(args.take_front(numPrimals));
  FlatSymbolRefAttr rule = getJvpAttr();
  if (!getSymbolicZeros()) {
    // One tangent per primal, zeros made (always zero for the
    // non-differentiable ones).
    for (unsigned i = 0; i < numPrimals; ++i) {
      bool isDiff = llvm::is_contained(diff, (int64_t)i);
      operands.push_back(isDiff ? e.orZeros(t[i], args[i].getType())
                                : e.zerosLike(args[i]));
    }
  } else {
    // The rule traced for exactly these zero tangents, which takes only the
    // nonzero ones; if the tracer has not traced it yet, ask for it.
    SmallVector<bool> zeros(numPrimals, false);
    for (int64_t i : diff)
      zeros[i] = !t[i];
    rule = nullptr;
    if (auto rules = getRules())
      for (auto [r, pattern] : llvm::zip(*rules, *getRuleZeros()))
        if (llvm::cast<DenseBoolArrayAttr>(pattern).asArrayRef() ==
            ArrayRef<bool>(zeros))
          rule = llvm::cast<FlatSymbolRefAttr>(r);
    if (!rule) {
      std::string request = getCallee().str() + " ";
      for (bool z : zeros)
        request += z ? '1' : '0';
      ctx.requestRule(*this, request);
      return zeroJvp(*this, out);
    }
    for (int64_t i : diff)
      if (t[i])
        operands.push_back(t[i]);
  }
  operands.append(args.begin() + numPrimals, args.end());
  func::FuncOp fn = lookup(*this, rule);
  if (!fn)
    return emitOpError("custom JVP rule ") << rule << " not found";
  auto call = func::CallOp::create(b, getLoc(), fn, operands);
  // The rule's tangents are ours; the primal stays the custom call, so that
  // higher orders use the rule again (rules typically call the function:
  // `ans = f(x)`, which JAX also differentiates with the rule).
  for (unsigned i = 0; i < getNumResults(); ++i)
    out.push_back(call.getResult(getNumResults() + i));
  return success();
}

LogicalResult CustomVjpCallOp::jvp(JvpContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> t = ctx.tangents();
  SmallVectorImpl<Value> &out = ctx.results();
  ArrayRef<int64_t> wrt = getWrt();
  if (llvm::none_of(wrt, [&](int64_t i) { return (bool)t[i]; }))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  func::FuncOp fwd = lookup(*this, getFwdAttr());
  if (!fwd)
    return emitOpError("custom VJP forward rule ") << getFwdAttr()
                                                   << " not found";
  auto call = func::CallOp::create(b, getLoc(), fwd, getArgs());
  unsigned numResults = getNumResults();
  ValueRange closure = getArgs().drop_front(getNumPrimals());
  SmallVector<Value> linArgs(call.getResults().drop_front(numResults));
  linArgs.append(closure.begin(), closure.end());
  for (int64_t i : wrt)
    linArgs.push_back(e.orZeros(t[i], getArgs()[i].getType()));
  auto lin = CustomLinOp::create(
      b, getLoc(), getResultTypes(), getBwdAttr(), getNumResidualsAttr(),
      b.getI64IntegerAttr(closure.size()), linArgs);
  // The primal results are fwd's, as in JAX.
  for (Value r : call.getResults().take_front(numResults))
    out.push_back(r);
  for (Value r : lin.getResults())
    out.push_back(Emitter::isDifferentiable(r.getType()) ? r : Value());
  return success();
}

LogicalResult CustomLinOp::jvp(JvpContext &) {
  return emitKindOpError(*this, ErrorKind::Type) << ("can't apply forward-mode autodiff (jvp) to a "
                     "custom_vjp function");
}

// Reached only if forward mode went through a custom_vjp function and the
// result is used.
LogicalResult CustomLinOp::lowerToStableHLO(OpBuilder &,
                                            SmallVectorImpl<Value> &) {
  return emitKindOpError(*this, ErrorKind::Type)
         << "can't apply forward-mode autodiff (jvp) to a custom_vjp function";
}

LogicalResult CustomLinOp::transpose(TransposeContext &ctx) {
  OpBuilder &b = ctx.builder();
  ArrayRef<Value> operands = ctx.operands();
  ArrayRef<Value> ct = ctx.cotangents();
  SmallVectorImpl<Value> &out = ctx.results();
  unsigned numRes = getNumResiduals(), numClosure = getNumClosure();
  for (unsigned i = 0; i < numRes + numClosure; ++i)
    if (!operands[i])
      return notLinear(*this, i);
  Emitter e(b, getLoc());
  func::FuncOp bwd = lookup(*this, getBwdAttr());
  if (!bwd)
    return emitOpError("custom VJP backward rule ") << getBwdAttr()
                                                    << " not found";
  // bwd(residuals, cotangents, closed-over values)
  SmallVector<Value> args(operands.take_front(numRes));
  for (auto [c, r] : llvm::zip(ct, getResults()))
    args.push_back(e.orZeros(c, r.getType()));
  args.append(operands.begin() + numRes, operands.begin() + numRes + numClosure);
  auto call = func::CallOp::create(b, getLoc(), bwd, args);
  out.append(numRes + numClosure, Value());
  for (Value v : call.getResults())
    out.push_back(v);
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

void batching::attachMiscBatchRules(MLIRContext *ctx) {
  attach<batchElementwise, StopGradientOp, Threefry2x32Op>(ctx);
}
