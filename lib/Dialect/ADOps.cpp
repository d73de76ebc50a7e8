//===- ADOps.cpp - the transform and custom-derivative ops ------*- C++ -*-===//
//
// The ad family: the transform ops (jvp, vjp, linear_transpose, vmap) and
// the custom-derivative ops (custom_jvp_call, custom_vjp_call, custom_lin).
// Each names functions whose signatures must fit its operands
// and results; these checks run with the symbol table at hand. The `jxp.*`
// attributes the autodiff passes read on functions are checked here too:
// they index arguments and results, so an entry out of range would make a
// pass read past them. Tests: test/lit/Dialect/invalid_ad.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

#include "mlir/IR/TypeUtilities.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {
FailureOr<FunctionType> lookupFunction(Operation *op,
                                       SymbolTableCollection &symbols,
                                       FlatSymbolRefAttr name,
                                       StringRef role) {
  auto fn = symbols.lookupNearestSymbolFrom<func::FuncOp>(op, name);
  if (!fn)
    return op->emitOpError(role) << " " << name
                                 << " does not name a func.func";
  return fn.getFunctionType();
}

std::string typeList(ArrayRef<Type> types) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "(";
  llvm::interleaveComma(types, os);
  os << ")";
  return s;
}

LogicalResult expectTypes(Operation *op, StringRef what, TypeRange got,
                          ArrayRef<Type> want) {
  if (llvm::equal(got, want))
    return success();
  return op->emitOpError(what) << " must be " << typeList(want) << ", got "
                               << typeList(SmallVector<Type>(got));
}

/// `wrt` lists distinct input positions in increasing order.
LogicalResult checkWrt(Operation *op, ArrayRef<int64_t> wrt, size_t numInputs,
                       ArrayRef<Type> inputs, bool needDifferentiable) {
  for (auto [k, i] : llvm::enumerate(wrt)) {
    if (i < 0 || (size_t)i >= numInputs || (k && wrt[k - 1] >= i))
      return op->emitOpError("wrt must list distinct input positions in "
                             "increasing order, below ")
             << numInputs;
    Type elt = getElementTypeOrSelf(inputs[i]);
    if (needDifferentiable && !llvm::isa<FloatType, ComplexType>(elt))
      return op->emitOpError("input #")
             << i << " of type " << inputs[i]
             << " has no tangent: only floating-point and complex inputs "
                "can be differentiated";
  }
  return success();
}

SmallVector<Type> pick(ArrayRef<Type> types, ArrayRef<int64_t> positions,
                       bool keep) {
  SmallVector<Type> r;
  for (auto [i, t] : llvm::enumerate(types))
    if (llvm::is_contained(positions, (int64_t)i) == keep)
      r.push_back(t);
  return r;
}
/// The transform ops' common check: the callee exists, `wrt` lists its
/// differentiable inputs, and the operands and results have the types
/// `expected` gives for the callee's inputs and results.
LogicalResult verifyTransform(
    Operation *op, SymbolTableCollection &symbols, FlatSymbolRefAttr callee,
    ArrayRef<int64_t> wrt,
    llvm::function_ref<std::pair<SmallVector<Type>, SmallVector<Type>>(
        ArrayRef<Type> ins, ArrayRef<Type> outs)>
        expected) {
  auto fn = lookupFunction(op, symbols, callee, "callee");
  if (failed(fn))
    return failure();
  ArrayRef<Type> ins = fn->getInputs(), outs = fn->getResults();
  if (failed(checkWrt(op, wrt, ins.size(), ins, true)))
    return failure();
  auto [operands, results] = expected(ins, outs);
  if (failed(expectTypes(op, "operands", op->getOperandTypes(), operands)) ||
      failed(expectTypes(op, "results", op->getResultTypes(), results)))
    return failure();
  return success();
}
} // namespace

// jvp: (inputs, tangents of wrt) -> (results, tangents of results)
LogicalResult JvpOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyTransform(*this, symbols, getCalleeAttr(), getWrt(),
                         [&](ArrayRef<Type> ins, ArrayRef<Type> outs) {
                           return std::pair(concat(ins, pick(ins, getWrt(), true)),
                                            concat(outs, outs));
                         });
}

// vjp: (inputs, cotangents of results) -> (results, cotangents of wrt)
LogicalResult VjpOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyTransform(*this, symbols, getCalleeAttr(), getWrt(),
                         [&](ArrayRef<Type> ins, ArrayRef<Type> outs) {
                           return std::pair(concat(ins, outs),
                                            concat(outs, pick(ins, getWrt(), true)));
                         });
}

// linear_transpose: (other inputs, cotangents of results) -> cotangents of wrt
LogicalResult
LinearTransposeOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyTransform(*this, symbols, getCalleeAttr(), getWrt(),
                         [&](ArrayRef<Type> ins, ArrayRef<Type> outs) {
                           return std::pair(concat(pick(ins, getWrt(), false), outs),
                                            pick(ins, getWrt(), true));
                         });
}

LogicalResult CustomJvpCallOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn = lookupFunction(*this, symbols, getCalleeAttr(), "callee");
  if (failed(fn))
    return failure();
  ArrayRef<Type> ins = fn->getInputs(), outs = fn->getResults();
  if (failed(expectTypes(*this, "operands", getArgs().getTypes(), ins)) ||
      failed(expectTypes(*this, "results", getResultTypes(), outs)))
    return failure();
  int64_t numPrimals = getNumPrimals();
  if (numPrimals < 0 || numPrimals > (int64_t)ins.size())
    return emitOpError("num_primals must be at most the operand count");
  ArrayRef<Type> primals = ins.take_front(numPrimals),
                 closure = ins.drop_front(numPrimals);
  if (failed(checkWrt(*this, getDiff(), numPrimals, ins, false)))
    return failure();
  if (!getSymbolicZeros()) {
    if (!getJvpAttr())
      return emitOpError("needs a jvp rule, or symbolic_zeros");
    if (getRules() || getRuleZeros())
      return emitOpError("rules and rule_zeros need symbolic_zeros");
    auto rule = lookupFunction(*this, symbols, getJvpAttr(), "jvp rule");
    if (failed(rule) ||
        failed(expectTypes(*this, "jvp rule inputs", rule->getInputs(),
                           concat(concat(primals, primals), closure))) ||
        failed(expectTypes(*this, "jvp rule results", rule->getResults(),
                           concat(outs, outs))))
      return failure();
    return success();
  }
  if (getJvpAttr())
    return emitOpError("with symbolic_zeros the rules are per zero pattern: "
                       "use rules and rule_zeros, not jvp");
  auto rules = getRules();
  auto patterns = getRuleZeros();
  if ((bool)rules != (bool)patterns ||
      (rules && rules->size() != patterns->size()))
    return emitOpError("rules and rule_zeros go together, one pattern per "
                       "rule");
  if (!rules)
    return success();
  // A pattern marks the zero tangents among the primals; only
  // differentiable primals may be marked, and each pattern has one rule.
  SmallVector<ArrayRef<bool>> seen;
  for (auto [ruleRef, patternAttr] : llvm::zip(*rules, *patterns)) {
    ArrayRef<bool> pattern =
        llvm::cast<DenseBoolArrayAttr>(patternAttr).asArrayRef();
    if ((int64_t)pattern.size() != numPrimals)
      return emitOpError("rule_zeros patterns have one entry per primal");
    for (auto [i, zero] : llvm::enumerate(pattern))
      if (zero && !llvm::is_contained(getDiff(), (int64_t)i))
        return emitOpError("rule_zeros marks primal #")
               << i << ", which is not differentiable";
    if (llvm::is_contained(seen, pattern))
      return emitOpError("rule_zeros holds a pattern twice");
    seen.push_back(pattern);
    auto fn = lookupFunction(*this, symbols,
                             llvm::cast<FlatSymbolRefAttr>(ruleRef),
                             "jvp rule");
    if (failed(fn))
      return failure();
    SmallVector<Type> want(primals);
    for (int64_t i : getDiff())
      if (!pattern[i])
        want.push_back(primals[i]);
    want.append(closure.begin(), closure.end());
    if (failed(expectTypes(*this, "jvp rule inputs", fn->getInputs(), want)) ||
        failed(expectTypes(*this, "jvp rule results", fn->getResults(),
                           concat(outs, outs))))
      return failure();
  }
  return success();
}

LogicalResult CustomVjpCallOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn = lookupFunction(*this, symbols, getCalleeAttr(), "callee");
  if (failed(fn))
    return failure();
  ArrayRef<Type> ins = fn->getInputs(), outs = fn->getResults();
  int64_t numPrimals = getNumPrimals();
  if (failed(expectTypes(*this, "operands", getArgs().getTypes(), ins)) ||
      failed(expectTypes(*this, "results", getResultTypes(), outs)))
    return failure();
  if (numPrimals < 0 || numPrimals > (int64_t)ins.size())
    return emitOpError("num_primals must be at most the operand count");
  if (failed(checkWrt(*this, getWrt(), numPrimals, ins, false)))
    return failure();
  auto fwd = lookupFunction(*this, symbols, getFwdAttr(), "forward rule");
  auto bwd = lookupFunction(*this, symbols, getBwdAttr(), "backward rule");
  if (failed(fwd) || failed(bwd))
    return failure();
  int64_t numRes = getNumResiduals();
  if (numRes < 0)
    return emitOpError("num_residuals must be non-negative, got ") << numRes;
  ArrayRef<Type> fwdOuts = fwd->getResults();
  if ((int64_t)fwdOuts.size() != (int64_t)outs.size() + numRes)
    return emitOpError("forward rule must return the results, then ")
           << numRes << " residuals";
  ArrayRef<Type> residuals = fwdOuts.drop_front(outs.size());
  if (failed(expectTypes(*this, "forward rule inputs", fwd->getInputs(),
                         ins)) ||
      failed(expectTypes(*this, "forward rule results",
                         fwdOuts.take_front(outs.size()), outs)) ||
      failed(expectTypes(*this, "backward rule inputs", bwd->getInputs(),
                         concat(concat(residuals, outs),
                                ins.drop_front(numPrimals)))) ||
      failed(expectTypes(*this, "backward rule results", bwd->getResults(),
                         pick(ins, getWrt(), true))))
    return failure();
  return success();
}

LogicalResult CustomLinOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto bwd = lookupFunction(*this, symbols, getBwdAttr(), "backward rule");
  if (failed(bwd))
    return failure();
  int64_t numRes = getNumResiduals(), numClosure = getNumClosure();
  if (numRes < 0 || numClosure < 0 ||
      numRes + numClosure > (int64_t)getArgs().size())
    return emitOpError("has ") << getArgs().size() << " operands, fewer than "
                               << numRes << " residuals and " << numClosure
                               << " closed-over values";
  SmallVector<Type> argTypes(getArgs().getTypes());
  ArrayRef<Type> args(argTypes);
  SmallVector<Type> want(args.take_front(numRes));
  want.append(getResultTypes().begin(), getResultTypes().end());
  ArrayRef<Type> closure = args.slice(numRes, numClosure);
  want.append(closure.begin(), closure.end());
  if (failed(expectTypes(*this, "backward rule inputs", bwd->getInputs(),
                         want)) ||
      failed(expectTypes(*this, "backward rule results", bwd->getResults(),
                         args.drop_front(numRes + numClosure))))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Function attributes of the autodiff passes
//===----------------------------------------------------------------------===//

namespace {
/// `positions` are distinct, increasing and within [0, bound).
LogicalResult checkPositions(Operation *op, StringRef name,
                             ArrayRef<int64_t> positions, int64_t bound,
                             StringRef of) {
  for (auto [k, i] : llvm::enumerate(positions))
    if (i < 0 || i >= bound || (k && positions[k - 1] >= i))
      return op->emitOpError("'")
             << name << "' must list distinct " << of
             << " positions in increasing order, below " << bound << ", got "
             << Attribute(DenseI64ArrayAttr::get(op->getContext(), positions));
  return success();
}
} // namespace

LogicalResult JxpDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  // Other `jxp.*` attributes are free-form notes passes do not read.
  StringRef name = attr.getName().strref();
  if (name != "jxp.linear_args" && name != "jxp.linear_results" &&
      name != "jxp.num_residuals")
    return success();
  auto fn = llvm::dyn_cast<func::FuncOp>(op);
  if (!fn)
    return op->emitOpError("'") << name << "' applies to a func.func only";
  int64_t numArgs = fn.getNumArguments(), numResults = fn.getNumResults();
  if (name == "jxp.num_residuals") {
    // The primal half of a split: its last num_residuals results.
    auto n = llvm::dyn_cast<IntegerAttr>(attr.getValue());
    if (!n || !n.getType().isSignlessInteger(64) || n.getInt() < 0 ||
        n.getInt() > numResults)
      return op->emitOpError("'jxp.num_residuals' must be an i64 between 0 "
                             "and the result count (")
             << numResults << ")";
    return success();
  }
  auto positions = llvm::dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!positions)
    return op->emitOpError("'") << name << "' must be an array<i64: ...>";
  if (name == "jxp.linear_args")
    return checkPositions(op, name, positions.asArrayRef(), numArgs,
                          "argument");
  // jxp.linear_results: for each result of the linear half, the position of
  // the split function's result it is.
  if ((int64_t)positions.size() != numResults)
    return op->emitOpError("'jxp.linear_results' needs one entry per result (")
           << numResults << "), got " << positions.size();
  return checkPositions(op, name, positions.asArrayRef(),
                        std::numeric_limits<int64_t>::max(), "result");
}

// vmap: operand i is callee input i with a dimension of axis_size inserted
// at in_axes[i] (-1: none); result j likewise at out_axes[j].
LogicalResult VmapOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn = lookupFunction(*this, symbols, getCalleeAttr(), "callee");
  if (failed(fn))
    return failure();
  int64_t size = getAxisSize();
  if (size < 0)
    return emitOpError("axis_size must be non-negative, got ") << size;
  auto batched = [&](ArrayRef<Type> types, ArrayRef<int64_t> axes,
                     StringRef what) -> FailureOr<SmallVector<Type>> {
    if (axes.size() != types.size())
      return emitOpError(what) << " must have one entry per callee "
                               << (what == "in_axes" ? "input" : "result")
                               << " (" << types.size() << "), got "
                               << axes.size();
    SmallVector<Type> out;
    for (auto [t, a] : llvm::zip(types, axes)) {
      auto tensor = llvm::cast<RankedTensorType>(t);
      if (a == -1) {
        out.push_back(t);
        continue;
      }
      if (a < 0 || a > tensor.getRank())
        return emitOpError(what) << " entry " << a << " is out of range for "
                                 << t << " (-1 for none)";
      SmallVector<int64_t> shape(tensor.getShape());
      shape.insert(shape.begin() + a, size);
      out.push_back(tensor.clone(shape));
    }
    return out;
  };
  auto ins = batched(fn->getInputs(), getInAxes(), "in_axes");
  if (failed(ins))
    return failure();
  auto outs = batched(fn->getResults(), getOutAxes(), "out_axes");
  if (failed(outs))
    return failure();
  if (failed(expectTypes(*this, "operands", getArgs().getTypes(), *ins)) ||
      failed(expectTypes(*this, "results", getResultTypes(), *outs)))
    return failure();
  return success();
}
