//===- MiscRules.cpp - AD rules of constants, random bits, linalg and the
//                     custom-derivative ops                    -*- C++ -*-===//

#include "Rules/RuleBuilder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult ConstantOp::jvp(OpBuilder &, ArrayRef<Value>,
                              SmallVectorImpl<Value> &out) {
  return zeroJvp(*this, out);
}
LogicalResult IotaOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &out) {
  return zeroJvp(*this, out);
}
LogicalResult Threefry2x32Op::jvp(OpBuilder &, ArrayRef<Value>,
                                  SmallVectorImpl<Value> &out) {
  return zeroJvp(*this, out);
}
LogicalResult StopGradientOp::jvp(OpBuilder &, ArrayRef<Value>,
                                  SmallVectorImpl<Value> &out) {
  return zeroJvp(*this, out);
}

LogicalResult StopGradientOp::lowerToStableHLO(OpBuilder &,
                                               SmallVectorImpl<Value> &results) {
  results.push_back(getOperand());
  return success();
}

LogicalResult CholeskyOp::jvp(OpBuilder &, ArrayRef<Value> t,
                              SmallVectorImpl<Value> &out) {
  if (!t[0])
    return zeroJvp(*this, out);
  // Needs a triangular solve, which the dialect does not have yet.
  return emitOpError("differentiation of cholesky is not supported yet");
}

//===----------------------------------------------------------------------===//
// Custom derivatives
//===----------------------------------------------------------------------===//

namespace {
func::FuncOp lookup(Operation *op, FlatSymbolRefAttr name) {
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
}
} // namespace

LogicalResult CustomJvpCallOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                                   SmallVectorImpl<Value> &out) {
  if (llvm::none_of(t, [](Value v) { return (bool)v; }))
    return zeroJvp(*this, out);
  Emitter e(b, getLoc());
  unsigned n = getArgs().size();
  // With symbolic zeros, the variant traced for exactly these zero tangents
  // takes only the nonzero ones; otherwise the rule gets all, zeros made.
  FlatSymbolRefAttr rule = getJvpAttr();
  uint64_t zeroMask = 0;
  for (unsigned i = 0; i < n; ++i)
    if (!t[i])
      zeroMask |= uint64_t(1) << i;
  bool symbolic = false;
  if (auto variants = getZeroVariants()) {
    ArrayRef<int64_t> masks = *getZeroMasks();
    for (auto [mask, variant] : llvm::zip(masks, *variants))
      if ((uint64_t)mask == zeroMask) {
        rule = llvm::cast<FlatSymbolRefAttr>(variant);
        symbolic = true;
      }
  }
  SmallVector<Value> operands(getArgs());
  for (unsigned i = 0; i < n; ++i) {
    if (symbolic && !t[i])
      continue;
    operands.push_back(e.orZeros(t[i], getArgs()[i].getType()));
  }
  func::FuncOp fn = lookup(*this, rule);
  if (!fn)
    return emitOpError("custom JVP rule ") << rule << " not found";
  auto call = func::CallOp::create(b, getLoc(), fn, operands);
  // The rule's primal results equal the callee's; its tangents are ours.
  for (unsigned i = 0; i < getNumResults(); ++i)
    out.push_back(call.getResult(getNumResults() + i));
  return success();
}

LogicalResult CustomVjpCallOp::jvp(OpBuilder &b, ArrayRef<Value> t,
                                   SmallVectorImpl<Value> &out) {
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
  SmallVector<Value> linArgs(call.getResults().drop_front(numResults));
  for (int64_t i : wrt)
    linArgs.push_back(e.orZeros(t[i], getArgs()[i].getType()));
  auto lin = CustomLinOp::create(b, getLoc(), getResultTypes(), getBwdAttr(),
                                 getNumResidualsAttr(), linArgs);
  for (Value r : lin.getResults())
    out.push_back(Emitter::isDifferentiable(r.getType()) ? r : Value());
  return success();
}

LogicalResult CustomLinOp::jvp(OpBuilder &, ArrayRef<Value>,
                               SmallVectorImpl<Value> &) {
  return emitOpError("can't apply forward-mode autodiff (jvp) to a "
                     "custom_vjp function");
}

LogicalResult CustomLinOp::transpose(OpBuilder &b, ArrayRef<Value> operands,
                                     ArrayRef<Value> ct,
                                     SmallVectorImpl<Value> &out) {
  unsigned numRes = getNumResiduals();
  for (unsigned i = 0; i < numRes; ++i)
    if (!operands[i])
      return notLinear(*this, i);
  Emitter e(b, getLoc());
  func::FuncOp bwd = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      *this, getBwdAttr());
  if (!bwd)
    return emitOpError("custom VJP backward rule ") << getBwdAttr()
                                                    << " not found";
  SmallVector<Value> args(operands.take_front(numRes));
  for (auto [c, r] : llvm::zip(ct, getResults()))
    args.push_back(e.orZeros(c, r.getType()));
  auto call = func::CallOp::create(b, getLoc(), bwd, args);
  out.append(numRes, Value());
  for (Value v : call.getResults())
    out.push_back(v);
  return success();
}
