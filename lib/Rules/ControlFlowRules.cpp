//===- ControlFlowRules.cpp - AD rules of cond, while and scan --*- C++ -*-===//
//
// Forward mode differentiates the regions with the pass's own machinery
// (JvpContext::differentiateRegion). Symbolic zeros stay symbolic through
// the regions: a cond's result has a tangent if any branch gives it one,
// and a loop carry gets a tangent only once the carry fixed point says
// some step can make it nonzero, as in JAX's _cond_jvp and
// _while_loop_jvp / _scan_jvp.
//
// Reverse mode through these ops is not implemented yet: their partial
// evaluation rule says so with a `not-implemented` diagnostic instead of
// splitting them wrongly.
//
//===----------------------------------------------------------------------===//

#include "Rules/RuleBuilder.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;

namespace {

SmallVector<bool> flagsOf(ArrayRef<Value> tangents) {
  SmallVector<bool> flags;
  for (Value t : tangents)
    flags.push_back((bool)t);
  return flags;
}

/// Appends `values[i]` for each flagged `i` (zeros where it is a symbolic
/// zero and `zerosFor` gives the type).
void appendFlagged(Emitter &e, SmallVectorImpl<Value> &out,
                   ArrayRef<Value> values, ValueRange like,
                   ArrayRef<bool> flags) {
  for (auto [v, l, f] : llvm::zip(values, like, flags))
    if (f)
      out.push_back(e.orZeros(v, l.getType()));
}

void appendFlaggedTypes(SmallVectorImpl<Type> &out, TypeRange types,
                        ArrayRef<bool> flags) {
  for (auto [t, f] : llvm::zip(types, flags))
    if (f)
      out.push_back(t);
}

/// Appends, per value of `primal`, its tangent in `tangents` (taken in
/// order for the flagged ones) or null.
void appendTangents(SmallVectorImpl<Value> &out, ArrayRef<bool> flags,
                    ValueRange &tangents) {
  for (bool f : flags) {
    if (f) {
      out.push_back(tangents.front());
      tangents = tangents.drop_front();
    } else {
      out.push_back(Value());
    }
  }
}

/// Reorders the arguments of `block` to `order` (old indices).
void permuteArguments(Block &block, ArrayRef<unsigned> order) {
  unsigned n = block.getNumArguments();
  SmallVector<BlockArgument> old(block.getArguments());
  for (unsigned k : order)
    block.addArgument(old[k].getType(), old[k].getLoc());
  for (auto [i, k] : llvm::enumerate(order))
    old[k].replaceAllUsesWith(block.getArgument(n + i));
  block.eraseArguments(0, n);
}

/// The indices 0..n-1 of groups of sizes `sizes`, concatenated in the
/// group order `groups`.
SmallVector<unsigned> groupOrder(ArrayRef<unsigned> sizes,
                                 ArrayRef<unsigned> groups) {
  SmallVector<unsigned> start{0};
  for (unsigned s : sizes)
    start.push_back(start.back() + s);
  SmallVector<unsigned> order;
  for (unsigned g : groups)
    for (unsigned i = start[g]; i < start[g + 1]; ++i)
      order.push_back(i);
  return order;
}

unsigned count(ArrayRef<bool> flags) { return llvm::count(flags, true); }

/// A region op's partial evaluation: all on the known side when no operand
/// is unknown; otherwise reverse mode would need the op's own rule.
LogicalResult splitUnlessUnknown(Operation *op, PartialEvalContext &ctx) {
  if (llvm::any_of(op->getOperands(),
                   [&](Value v) { return ctx.isUnknown(v); }))
    return emitKindOpError(op, ErrorKind::NotImplemented)
           << "reverse-mode differentiation through " << op->getName()
           << " is not implemented yet (forward mode is)";
  return ctx.defaultSplit(op);
}

} // namespace

//===----------------------------------------------------------------------===//
// cond
//===----------------------------------------------------------------------===//

LogicalResult CondOp::jvp(JvpContext &ctx) {
  SmallVectorImpl<Value> &out = ctx.results();
  ArrayRef<Value> argTangents = ctx.tangents().drop_front(); // not the index
  SmallVector<bool> argFlags = flagsOf(argTangents);
  // A result has a tangent if any branch gives it one: then every branch
  // yields one, zeros where it has none.
  SmallVector<bool> resultFlags(getNumResults(), false);
  for (Region &branch : getBranches())
    for (auto [f, nz] :
         llvm::zip(resultFlags, ctx.nonzeroTangents(branch, argFlags)))
      f = f || nz;
  if (!llvm::is_contained(resultFlags, true))
    return zeroJvp(*this, out);

  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  SmallVector<Value> operands{getIndex()};
  llvm::append_range(operands, getArgs());
  appendFlagged(e, operands, argTangents, getArgs(), argFlags);
  SmallVector<Type> types(getResultTypes());
  appendFlaggedTypes(types, getResultTypes(), resultFlags);
  OperationState state(getLoc(), getOperationName());
  state.addOperands(operands);
  state.addTypes(types);
  state.addAttributes(llvm::to_vector((*this)->getDiscardableAttrs()));
  for (size_t k = 0; k < getBranches().size(); ++k)
    state.addRegion();
  Operation *jvp = b.create(state);
  SmallVector<bool> nonzero;
  for (auto [src, dst] : llvm::zip(getBranches(), jvp->getRegions()))
    if (failed(ctx.differentiateRegion(src, dst, argFlags, resultFlags,
                                       nonzero)))
      return failure();
  ValueRange results = jvp->getResults();
  llvm::append_range(out, results.take_front(getNumResults()));
  ValueRange tangents = results.drop_front(getNumResults());
  appendTangents(out, resultFlags, tangents);
  return success();
}

LogicalResult CondOp::partialEval(PartialEvalContext &ctx) {
  return splitUnlessUnknown(*this, ctx);
}

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::jvp(JvpContext &ctx) {
  SmallVectorImpl<Value> &out = ctx.results();
  ArrayRef<Value> initTangents = ctx.tangents();
  // A carry has a tangent if it has one on entry or some iteration gives
  // it one: the least fixed point of one step of the body.
  FailureOr<SmallVector<bool>> flags = carryFixedPoint(
      flagsOf(initTangents),
      [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        return ctx.nonzeroTangents(getBody(), in);
      });
  if (failed(flags))
    return emitOpError("JVP: the carry analysis failed");
  if (!llvm::is_contained(*flags, true))
    return zeroJvp(*this, out);

  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  SmallVector<Value> operands(getInit());
  appendFlagged(e, operands, initTangents, getInit(), *flags);
  SmallVector<Type> types(getResultTypes());
  appendFlaggedTypes(types, getResultTypes(), *flags);
  auto jvp = WhileOp::create(b, getLoc(), types, operands);
  jvp->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());

  // The condition reads the primal carry only; its block takes the whole
  // new carry, as stablehlo.while's does.
  {
    OpBuilder::InsertionGuard guard(b);
    Block &src = getCond().front();
    Block *dst = b.createBlock(&jvp.getCond());
    IRMapping map;
    for (BlockArgument a : src.getArguments())
      map.map(a, dst->addArgument(a.getType(), a.getLoc()));
    for (Type t : ArrayRef<Type>(types).drop_front(getNumResults()))
      dst->addArgument(t, getLoc());
    for (Operation &op : src)
      b.clone(op, map);
  }
  SmallVector<bool> nonzero;
  if (failed(ctx.differentiateRegion(getBody(), jvp.getBody(), *flags, *flags,
                                     nonzero)))
    return failure();
  ValueRange results = jvp->getResults();
  llvm::append_range(out, results.take_front(getNumResults()));
  ValueRange tangents = results.drop_front(getNumResults());
  appendTangents(out, *flags, tangents);
  return success();
}

LogicalResult WhileOp::partialEval(PartialEvalContext &ctx) {
  return splitUnlessUnknown(*this, ctx);
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::jvp(JvpContext &ctx) {
  SmallVectorImpl<Value> &out = ctx.results();
  unsigned nc = getNumConsts(), nk = getNumCarry();
  unsigned nx = getXs().size(), ny = getNumResults() - nk;
  ArrayRef<Value> t = ctx.tangents();
  ArrayRef<Value> constT = t.take_front(nc), initT = t.slice(nc, nk),
                  xsT = t.drop_front(nc + nk);
  SmallVector<bool> constF = flagsOf(constT), xsF = flagsOf(xsT);
  auto argFlags = [&](ArrayRef<bool> carry) {
    SmallVector<bool> flags(constF);
    llvm::append_range(flags, carry);
    llvm::append_range(flags, xsF);
    return flags;
  };
  // Tangent carries: the fixed point over one step, as for while (consts
  // and xs tangents are the same every step).
  FailureOr<SmallVector<bool>> carryF = carryFixedPoint(
      flagsOf(initT), [&](ArrayRef<bool> in) -> FailureOr<SmallVector<bool>> {
        SmallVector<bool> nz = ctx.nonzeroTangents(getBody(), argFlags(in));
        nz.truncate(nk);
        return nz;
      });
  if (failed(carryF))
    return emitOpError("JVP: the carry analysis failed");
  SmallVector<bool> argF = argFlags(*carryF);
  SmallVector<bool> ysF(
      ArrayRef<bool>(ctx.nonzeroTangents(getBody(), argF)).drop_front(nk));
  SmallVector<bool> resultF(*carryF);
  llvm::append_range(resultF, ysF);
  if (!llvm::is_contained(resultF, true))
    return zeroJvp(*this, out);

  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  // Operands by group, each followed by its tangents: consts, carry, xs.
  SmallVector<Value> operands(getConsts());
  appendFlagged(e, operands, constT, getConsts(), constF);
  llvm::append_range(operands, getInits());
  appendFlagged(e, operands, initT, getInits(), *carryF);
  llvm::append_range(operands, getXs());
  appendFlagged(e, operands, xsT, getXs(), xsF);
  TypeRange carryTypes = TypeRange(getResultTypes()).take_front(nk),
            ysTypes = TypeRange(getResultTypes()).drop_front(nk);
  SmallVector<Type> types(carryTypes);
  appendFlaggedTypes(types, carryTypes, *carryF);
  llvm::append_range(types, ysTypes);
  appendFlaggedTypes(types, ysTypes, ysF);
  unsigned ntc = count(constF), ntk = count(*carryF), ntx = count(xsF),
           nty = count(ysF);
  auto jvp = ScanOp::create(b, getLoc(), types, operands, getLength(),
                            getReverse(), nc + ntc, nk + ntk, getUnroll());
  jvp->setDiscardableAttrs((*this)->getDiscardableAttrDictionary());
  SmallVector<bool> nonzero;
  if (failed(ctx.differentiateRegion(getBody(), jvp.getBody(), argF, resultF,
                                     nonzero)))
    return failure();
  // differentiateRegion puts every tangent after every primal; the scan
  // groups them: consts, carry and xs each followed by their tangents, and
  // the yielded carry and ys likewise.
  Block &body = jvp.getBody().front();
  permuteArguments(body, groupOrder({nc, nk, nx, ntc, ntk, ntx},
                                    {0, 3, 1, 4, 2, 5}));
  Operation *yield = body.getTerminator();
  SmallVector<Value> yielded(yield->getOperands());
  SmallVector<Value> reordered;
  for (unsigned i : groupOrder({nk, ny, ntk, nty}, {0, 2, 1, 3}))
    reordered.push_back(yielded[i]);
  yield->setOperands(reordered);

  ValueRange results = jvp->getResults();
  // New results: carry, carry tangents, ys, ys tangents.
  ValueRange carryTangents = results.slice(nk, ntk);
  ValueRange ysTangents = results.drop_front(nk + ntk + ny);
  llvm::append_range(out, results.take_front(nk));
  llvm::append_range(out, results.slice(nk + ntk, ny));
  appendTangents(out, *carryF, carryTangents);
  appendTangents(out, ysF, ysTangents);
  return success();
}

LogicalResult ScanOp::partialEval(PartialEvalContext &ctx) {
  return splitUnlessUnknown(*this, ctx);
}
