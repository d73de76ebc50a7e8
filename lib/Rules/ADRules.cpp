//===- ADRules.cpp - rules of the custom-derivative ops ---------*- C++ -*-===//
//
// The ad family's rules: custom_jvp_call differentiates with its JVP rule
// (asking the tracer for one it has not traced yet, for a pattern of
// symbolic zeros), custom_vjp_call with its forward function, custom_lin
// transposes with the backward rule; and each batches its functions over
// the same dimensions, as JAX's custom_jvp/custom_vjp batching rules.
// stop_gradient batches elementwise. The transform ops (jvp, vjp, vmap,
// linear_transpose) have no rules: the jxp-ad driver materializes them.
// Tests: test/lit/Transforms/jxp-ad, jxp-batch/custom_lin.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"
#include "Dialect/Utils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

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
      // (A batched call asks for a rule of the function the tracer knows.)
      auto origin = (*this)->getAttrOfType<StringAttr>("jxp.rules_of");
      std::string request =
          (origin ? origin.getValue() : getCallee()).str() + " ";
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

namespace {

/// The operands of a custom-rule call, each mapped one mapped along 0,
/// and per operand its dimension (0 or kNotMapped): custom calls batch
/// their functions with every mapped input, and every output, along 0.
SmallVector<Value> leadingOperands(Operation *op, BatchContext &ctx,
                                   SmallVectorImpl<int64_t> &dims) {
  Emitter e(ctx.builder(), op->getLoc());
  SmallVector<Value> operands;
  for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims())) {
    operands.push_back(d == kNotMapped ? v : moveDim(e, v, d, 0));
    dims.push_back(d == kNotMapped ? kNotMapped : 0);
  }
  return operands;
}

/// The call batched: its primal function and each rule batched over the
/// same dimensions (tangents mapped like their primals), as JAX's
/// custom_jvp batching rule.
LogicalResult batchCustomJvp(CustomJvpCallOp op, BatchContext &ctx) {
  SmallVector<int64_t> dims;
  SmallVector<Value> operands = leadingOperands(op, ctx, dims);
  unsigned numPrimals = op.getNumPrimals(), numResults = op.getNumResults();
  ArrayRef<int64_t> primals = ArrayRef<int64_t>(dims).take_front(numPrimals);
  ArrayRef<int64_t> closure = ArrayRef<int64_t>(dims).drop_front(numPrimals);
  auto callee = ctx.batchFunction(op, op.getCalleeAttr(), dims,
                                  SmallVector<int64_t>(numResults, 0));
  if (failed(callee))
    return failure();
  SmallVector<int64_t> ruleOuts(2 * numResults, 0);
  FlatSymbolRefAttr jvp;
  if (op.getJvpAttr()) {
    auto rule = ctx.batchFunction(
        op, op.getJvpAttr(), concat(concat(primals, primals), closure),
        ruleOuts);
    if (failed(rule))
      return failure();
    jvp = *rule;
  }
  SmallVector<Attribute> rules;
  if (auto patterns = op.getRuleZeros()) {
    for (auto [r, pattern] : llvm::zip(*op.getRules(), *patterns)) {
      SmallVector<int64_t> ins(primals);
      ArrayRef<bool> zeros = llvm::cast<DenseBoolArrayAttr>(pattern);
      for (int64_t i : op.getDiff())
        if (!zeros[i])
          ins.push_back(primals[i]);
      auto rule = ctx.batchFunction(op, llvm::cast<FlatSymbolRefAttr>(r),
                                    concat(ins, closure), ruleOuts);
      if (failed(rule))
        return failure();
      rules.push_back(*rule);
    }
  }
  Operation *batched = rebuildMapped(op, ctx, operands, 0);
  auto call = llvm::cast<CustomJvpCallOp>(batched);
  call.setCalleeAttr(*callee);
  if (jvp)
    call.setJvpAttr(jvp);
  if (op.getRules())
    call.setRulesAttr(ArrayAttr::get(op.getContext(), rules));
  if (!op->hasAttr("jxp.rules_of"))
    call->setAttr("jxp.rules_of", op.getCalleeAttr().getAttr());
  return success();
}

/// As JAX's custom_vjp batching rule: fwd batched like the primal, bwd
/// over the batched residuals and cotangents; the cotangent of a primal
/// that is not mapped is summed over the batch.
LogicalResult batchCustomVjp(CustomVjpCallOp op, BatchContext &ctx) {
  SmallVector<int64_t> dims;
  SmallVector<Value> operands = leadingOperands(op, ctx, dims);
  unsigned numPrimals = op.getNumPrimals(), numResults = op.getNumResults();
  unsigned numRes = op.getNumResiduals();
  ArrayRef<int64_t> closure = ArrayRef<int64_t>(dims).drop_front(numPrimals);
  auto callee = ctx.batchFunction(op, op.getCalleeAttr(), dims,
                                  SmallVector<int64_t>(numResults, 0));
  auto fwd = ctx.batchFunction(op, op.getFwdAttr(), dims,
                               SmallVector<int64_t>(numResults + numRes, 0));
  if (failed(callee) || failed(fwd))
    return failure();
  SmallVector<int64_t> bwdOuts;
  for (int64_t i : op.getWrt())
    bwdOuts.push_back(dims[i] == kNotMapped ? kSummed : 0);
  auto bwd = ctx.batchFunction(
      op, op.getBwdAttr(),
      concat(SmallVector<int64_t>(numRes + numResults, 0), closure), bwdOuts);
  if (failed(bwd))
    return failure();
  auto call = llvm::cast<CustomVjpCallOp>(rebuildMapped(op, ctx, operands, 0));
  call.setCalleeAttr(*callee);
  call.setFwdAttr(*fwd);
  call.setBwdAttr(*bwd);
  return success();
}

/// Every operand mapped along 0: bwd then maps each cotangent like the
/// tangent it transposes to.
LogicalResult batchCustomLin(CustomLinOp op, BatchContext &ctx) {
  Emitter e(ctx.builder(), op.getLoc());
  SmallVector<Value> operands;
  for (auto [v, d] : llvm::zip(ctx.operands(), ctx.dims()))
    operands.push_back(materialize(e, v, d, 0, ctx.size()));
  unsigned numRes = op.getNumResiduals(), numClosure = op.getNumClosure();
  unsigned numTangents = op.getArgs().size() - numRes - numClosure;
  SmallVector<int64_t> ins(numRes + op.getNumResults() + numClosure, 0);
  auto bwd = ctx.batchFunction(op, op.getBwdAttr(), ins,
                               SmallVector<int64_t>(numTangents, 0));
  if (failed(bwd))
    return failure();
  llvm::cast<CustomLinOp>(rebuildMapped(op, ctx, operands, 0)).setBwdAttr(*bwd);
  return success();
}

} // namespace

void batching::attachADBatchRules(MLIRContext *ctx) {
  attach<batchElementwise, StopGradientOp>(ctx);
  attach<typed<CustomJvpCallOp, batchCustomJvp>, CustomJvpCallOp>(ctx);
  attach<typed<CustomVjpCallOp, batchCustomVjp>, CustomVjpCallOp>(ctx);
  attach<typed<CustomLinOp, batchCustomLin>, CustomLinOp>(ctx);
}
