//===- VmaInference.cpp - varying manual axes of shard_maps -----*- C++ -*-===//
//
// See VmaInference.h. Masks only grow while a loop's carries reach their
// fixed point, so each loop needs at most one round per axis and carry.
//
//===----------------------------------------------------------------------===//

#include "Dialect/VmaInference.h"
#include "Dialect/Diagnostics.h"


using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::vma;

namespace {
/// Calls analysed inside calls: deeper means recursion, which XLA refuses.
constexpr unsigned kMaxCallDepth = 256;

Mask unionOf(ArrayRef<Mask> masks) {
  Mask m = 0;
  for (Mask x : masks)
    m |= x;
  return m;
}

} // namespace

Inference::Inference(ArrayRef<StringRef> manualAxes)
    : manual(manualAxes.begin(), manualAxes.end()) {}

Mask Inference::maskOf(ArrayRef<StringRef> axes) const {
  Mask m = 0;
  for (StringRef a : axes)
    for (auto [i, n] : llvm::enumerate(manual))
      if (n == a)
        m |= Mask(1) << i;
  return m;
}

Mask Inference::maskOf(ArrayAttr axes) const {
  SmallVector<StringRef> names;
  for (Attribute a : axes)
    names.push_back(llvm::cast<StringAttr>(a).getValue());
  return maskOf(names);
}

Mask Inference::specMask(Attribute spec) const {
  Mask m = 0;
  for (Attribute entry : llvm::cast<ArrayAttr>(spec))
    m |= maskOf(llvm::cast<ArrayAttr>(entry));
  return m;
}

ArrayAttr Inference::namesAttr(MLIRContext *ctx, Mask m) const {
  SmallVector<Attribute> names;
  for (StringRef n : namesOf(m))
    names.push_back(StringAttr::get(ctx, n));
  return ArrayAttr::get(ctx, names);
}

SmallVector<StringRef> Inference::namesOf(Mask m) const {
  SmallVector<StringRef> out;
  for (auto [i, n] : llvm::enumerate(manual))
    if (m & (Mask(1) << i))
      out.push_back(n);
  return out;
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

LogicalResult Inference::analyze(Region &region, ArrayRef<Mask> args,
                                 SmallVectorImpl<Mask> &yields) {
  return analyzeBlock(region.front(), args, yields, 0);
}

LogicalResult Inference::analyzeBlock(Block &block, ArrayRef<Mask> args,
                                      SmallVectorImpl<Mask> &yields,
                                      unsigned depth) {
  for (auto [a, m] : llvm::zip(block.getArguments(), args))
    masks[a] = m;
  for (Operation &op : block.without_terminator())
    if (failed(analyzeOp(&op, depth)))
      return failure();
  yields.clear();
  for (Value v : block.getTerminator()->getOperands())
    yields.push_back(maskOf(v));
  return success();
}

LogicalResult Inference::analyzeOp(Operation *op, unsigned depth) {
  SmallVector<Mask> in;
  for (Value v : op->getOperands())
    in.push_back(maskOf(v));
  auto setAll = [&](Mask m) {
    for (Value r : op->getResults())
      masks[r] = m;
    return success();
  };
  if (llvm::isa<ShardMapOp>(op))
    return emitKindOpError(op, ErrorKind::NotImplemented)
           << "nested shard_map is not supported";
  if (auto p = llvm::dyn_cast<PvaryOp>(op))
    return setAll(in[0] | maskOf(p.getAxes()));
  if (auto r = llvm::dyn_cast<AllReduceOp>(op))
    return setAll(in[0] & ~maskOf(r.getAxes()));
  if (auto i = llvm::dyn_cast<AxisIndexOp>(op))
    return setAll(maskOf(i.getAxes()));
  if (llvm::isa<AllGatherOp, PpermuteOp, PsumScatterOp, AllToAllOp>(op)) {
    auto axes = op->getAttrOfType<ArrayAttr>("axes");
    return setAll(in[0] | maskOf(axes));
  }
  if (auto call = llvm::dyn_cast<func::CallOp>(op)) {
    if (depth >= kMaxCallDepth)
      return op->emitOpError("calls nest too deeply (recursion?)");
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return op->emitOpError("calls a function without a body");
    SmallVector<Mask> out;
    if (failed(analyzeBlock(callee.getBody().front(), in, out, depth + 1)))
      return failure();
    for (auto [r, m] : llvm::zip(op->getResults(), out))
      masks[r] = m;
    return success();
  }
  if (op->getNumRegions() == 0)
    return setAll(unionOf(in)); // any other op, transform ops included

  SmallVector<Mask> ys;
  if (auto c = llvm::dyn_cast<CondOp>(op)) {
    Mask index = in[0];
    SmallVector<Mask> out(op->getNumResults(), index);
    for (Region &r : c.getBranches()) {
      if (failed(analyzeBlock(r.front(), ArrayRef<Mask>(in).drop_front(), ys,
                              depth)))
        return failure();
      for (auto [o, y] : llvm::zip(out, ys))
        o |= y;
    }
    for (auto [r, m] : llvm::zip(op->getResults(), out))
      masks[r] = m;
    return success();
  }
  if (auto w = llvm::dyn_cast<WhileOp>(op)) {
    SmallVector<Mask> carry(in);
    for (unsigned round = 0;; ++round) {
      if (round > 64 * carry.size() + 1)
        return op->emitOpError("VMA of the carry reaches no fixed point");
      SmallVector<Mask> pred;
      if (failed(analyzeBlock(w.getCond().front(), carry, pred, depth)) ||
          failed(analyzeBlock(w.getBody().front(), carry, ys, depth)))
        return failure();
      // A predicate that varies ends the loop at different steps on
      // different devices: every carry varies along its axes.
      bool changed = false;
      for (auto [c, y] : llvm::zip(carry, ys)) {
        Mask next = c | y | pred[0];
        changed |= next != c;
        c = next;
      }
      if (!changed)
        break;
    }
    for (auto [r, m] : llvm::zip(op->getResults(), carry))
      masks[r] = m;
    return success();
  }
  if (auto s = llvm::dyn_cast<ScanOp>(op)) {
    unsigned nc = s.getNumConsts(), nk = s.getNumCarry();
    SmallVector<Mask> args(in);
    for (unsigned round = 0;; ++round) {
      if (round > 64 * nk + 1)
        return op->emitOpError("VMA of the carry reaches no fixed point");
      if (failed(analyzeBlock(s.getBody().front(), args, ys, depth)))
        return failure();
      bool changed = false;
      for (unsigned k = 0; k < nk; ++k) {
        Mask next = args[nc + k] | ys[k];
        changed |= next != args[nc + k];
        args[nc + k] = next;
      }
      if (!changed)
        break;
    }
    for (unsigned k = 0; k < nk; ++k)
      masks[op->getResult(k)] = args[nc + k];
    for (unsigned k = nk; k < op->getNumResults(); ++k)
      masks[op->getResult(k)] = ys[k];
    return success();
  }
  if (auto r = llvm::dyn_cast<RematOp>(op)) {
    // A function: its arguments are the operands, its results what it
    // yields.
    if (failed(analyzeBlock(r.getBody().front(), in, ys, depth)))
      return failure();
    for (auto [res, m] : llvm::zip(op->getResults(), ys))
      masks[res] = m;
    return success();
  }
  // Uniform: one mask for everything the op and its regions carry.
  Mask u = unionOf(in);
  for (unsigned round = 0;; ++round) {
    if (round > 65)
      return op->emitOpError("VMA reaches no fixed point");
    Mask next = u;
    for (Region &r : op->getRegions()) {
      SmallVector<Mask> args(r.front().getNumArguments(), u);
      if (failed(analyzeBlock(r.front(), args, ys, depth)))
        return failure();
      next |= unionOf(ys);
    }
    if (next == u)
      break;
    u = next;
  }
  return setAll(u);
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

Value Inference::castTo(OpBuilder &b, Value v, Mask target, bool setTypes) {
  Mask have = maskOf(v);
  if ((have | target) == have)
    return v;
  // A broadcast value is cast before its broadcast (as JAX orders the cast
  // and the implicit broadcasting): the cast's transpose, a psum, then sums
  // the small operand, not the broadcast array.
  if (auto bc = v.getDefiningOp<BroadcastInDimOp>()) {
    Value src = bc.getOperand();
    auto srcType = llvm::cast<RankedTensorType>(src.getType());
    auto dstType = llvm::cast<RankedTensorType>(v.getType());
    if (maskOf(src) == have &&
        srcType.getNumElements() < dstType.getNumElements()) {
      OpBuilder before(bc);
      Value castSrc = castTo(before, src, target, setTypes);
      Type type = setTypes ? withVma(v.getType(), namesOf(have | target))
                           : withoutVma(v.getType());
      Value out = BroadcastInDimOp::create(b, bc.getLoc(), type, castSrc,
                                           bc.getBroadcastDimensionsAttr());
      masks[out] = have | target;
      return out;
    }
  }
  Type type = setTypes ? withVma(v.getType(), namesOf(have | target))
                       : withoutVma(v.getType());
  Value cast = PvaryOp::create(b, v.getLoc(), type, v,
                               namesAttr(b.getContext(), target & ~have));
  masks[cast] = have | target;
  return cast;
}

void Inference::castOperand(Operation *op, unsigned i, Mask target,
                            bool setTypes) {
  OpBuilder b(op);
  Value old = op->getOperand(i);
  op->setOperand(i, castTo(b, old, target, setTypes));
  // A broadcast re-made after its cast operand may be left unused.
  if (auto bc = old.getDefiningOp<BroadcastInDimOp>(); bc && old.use_empty()) {
    masks.erase(old);
    bc.erase();
  }
}

void Inference::castYields(Block &block, ArrayRef<Mask> targets,
                           bool setTypes, unsigned from) {
  Operation *term = block.getTerminator();
  for (auto [k, m] : llvm::enumerate(targets))
    castOperand(term, from + k, m, setTypes);
}

LogicalResult Inference::rewrite(Region &region, bool setTypes) {
  SmallVector<Operation *> ops;
  for (Operation &op : region.front().without_terminator())
    ops.push_back(&op);
  for (Operation *op : ops)
    if (failed(rewriteOp(op, setTypes)))
      return failure();
  if (setTypes)
    for (BlockArgument a : region.front().getArguments())
      a.setType(withVma(a.getType(), namesOf(maskOf(a))));
  return success();
}

LogicalResult Inference::rewriteOp(Operation *op, bool setTypes) {
  auto finish = [&]() {
    if (setTypes)
      for (Value r : op->getResults())
        r.setType(withVma(r.getType(), namesOf(maskOf(r))));
    return success();
  };
  if (llvm::isa<func::CallOp>(op))
    return op->emitOpError("must be inlined before VMA inference");
  if (auto p = llvm::dyn_cast<PvaryOp>(op)) {
    // A carry widened by the fixed point may already vary along some of
    // the axes: cast along the others only (or not at all).
    Mask have = maskOf(p.getOperand()), want = maskOf(p.getAxes());
    if ((have & want) == want) {
      p.getResult().replaceAllUsesWith(p.getOperand());
      p.erase();
      return success();
    }
    p.setAxesAttr(namesAttr(op->getContext(), want & ~have));
    return finish();
  }
  if (llvm::isa<AllReduceOp, AllGatherOp, PpermuteOp, PsumScatterOp,
                AllToAllOp>(op)) {
    // JAX's collectives cast their operand to vary along their axes.
    auto axes = op->getAttrOfType<ArrayAttr>("axes");
    castOperand(op, 0, maskOf(op->getOperand(0)) | maskOf(axes), setTypes);
    return finish();
  }
  if (op->getNumRegions() == 0) {
    Mask target = 0;
    for (Value r : op->getResults())
      target |= maskOf(r);
    if (op->getNumResults() == 0)
      for (Value v : op->getOperands())
        target |= maskOf(v);
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      castOperand(op, i, target, setTypes);
    return finish();
  }
  if (auto c = llvm::dyn_cast<CondOp>(op)) {
    SmallVector<Mask> out;
    for (Value r : op->getResults())
      out.push_back(maskOf(r));
    for (Region &r : c.getBranches()) {
      if (failed(rewrite(r, setTypes)))
        return failure();
      castYields(r.front(), out, setTypes);
    }
    return finish();
  }
  if (auto w = llvm::dyn_cast<WhileOp>(op)) {
    SmallVector<Mask> carry;
    for (Value r : op->getResults())
      carry.push_back(maskOf(r));
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      castOperand(op, i, carry[i], setTypes);
    if (failed(rewrite(w.getCond(), setTypes)) ||
        failed(rewrite(w.getBody(), setTypes)))
      return failure();
    castYields(w.getBody().front(), carry, setTypes);
    return finish();
  }
  if (auto s = llvm::dyn_cast<ScanOp>(op)) {
    unsigned nc = s.getNumConsts(), nk = s.getNumCarry();
    SmallVector<Mask> carry, ys;
    for (unsigned k = 0; k < op->getNumResults(); ++k)
      (k < nk ? carry : ys).push_back(maskOf(op->getResult(k)));
    for (unsigned k = 0; k < nk; ++k)
      castOperand(op, nc + k, carry[k], setTypes);
    if (failed(rewrite(s.getBody(), setTypes)))
      return failure();
    castYields(s.getBody().front(), carry, setTypes);
    castYields(s.getBody().front(), ys, setTypes, nk);
    return finish();
  }
  if (auto r = llvm::dyn_cast<RematOp>(op)) {
    if (failed(rewrite(r.getBody(), setTypes)))
      return failure();
    return finish();
  }
  // Uniform.
  Mask u = op->getNumResults() ? maskOf(op->getResult(0)) : 0;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    castOperand(op, i, u, setTypes);
  for (Region &r : op->getRegions()) {
    if (failed(rewrite(r, setTypes)))
      return failure();
    Operation *term = r.front().getTerminator();
    for (unsigned i = 0; i < term->getNumOperands(); ++i)
      castOperand(term, i, u, setTypes);
  }
  return finish();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

SmallVector<StringRef> vma::manualAxes(ShardMapOp op) {
  // Mesh order, whatever order manual_axes lists them in.
  SmallVector<StringRef> out;
  for (Attribute a : op.getAxisNames())
    if (llvm::is_contained(op.getManualAxes().getValue(), a))
      out.push_back(llvm::cast<StringAttr>(a).getValue());
  return out;
}

namespace {
std::string specText(ArrayAttr spec) {
  std::string s = "P(";
  for (auto [d, entry] : llvm::enumerate(spec)) {
    auto axes = llvm::cast<ArrayAttr>(entry);
    s += d ? ", " : "";
    if (axes.empty()) {
      s += "None";
    } else if (axes.size() == 1) {
      s += "'" + llvm::cast<StringAttr>(axes[0]).getValue().str() + "'";
    } else {
      s += "(";
      for (auto [i, a] : llvm::enumerate(axes))
        s += (i ? ", '" : "'") + llvm::cast<StringAttr>(a).getValue().str() +
             "'";
      s += ")";
    }
  }
  return s + ")";
}

SmallVector<Mask> argMasks(Inference &inf, ShardMapOp op) {
  SmallVector<Mask> args;
  for (Attribute spec : op.getInSpecs())
    args.push_back(inf.specMask(spec));
  return args;
}
} // namespace

LogicalResult vma::inferShardMap(ShardMapOp op, bool setTypes,
                                SmallVectorImpl<Mask> *yields) {
  Inference inf(manualAxes(op));
  if (inf.axes().size() > 64)
    return op.emitOpError("has more than 64 manual axes");
  SmallVector<Mask> ys;
  Region &body = op.getBody();
  bool check = op.getCheckVma();
  // Unchecked, values are untyped for autodiff as in JAX (no casts, whose
  // transposes would sum); only the final typing casts, which move no data.
  if (!check && !setTypes)
    return success();
  Mask all = inf.maskOf(inf.axes());
  // Without the check, every value counts as varying along every manual
  // axis (JAX's check_vma=False: no replication is assumed or checked).
  SmallVector<Mask> args = check ? argMasks(inf, op)
                                 : SmallVector<Mask>(op.getArgs().size(), all);
  if (failed(inf.analyze(body, args, ys)) ||
      failed(inf.rewrite(body, setTypes)))
    return failure();
  if (yields)
    yields->assign(ys.begin(), ys.end());
  Operation *term = body.front().getTerminator();
  for (auto [i, spec, y] : llvm::enumerate(op.getOutSpecs(), ys)) {
    auto specArr = llvm::cast<ArrayAttr>(spec);
    Mask extra = y & ~inf.specMask(spec);
    if (check && extra) {
      StringRef axis = inf.namesOf(extra).front();
      Value v = term->getOperand(i);
      Location loc = v.getDefiningOp() ? v.getDefiningOp()->getLoc()
                                       : op.getLoc();
      return emitKindError(loc, ErrorKind::Value)
             << "shard_map out_specs[" << i << "] is " << specText(specArr)
             << " which implies that the corresponding output value is "
                "replicated across mesh axis '"
             << axis << "', but it varies along '" << axis
             << "'. If it is meant to be replicated, make it so (for "
                "example with psum), or pass check_vma=False";
    }
  }
  return success();
}

FailureOr<SmallVector<SmallVector<StringRef>>>
vma::operandVmas(ShardMapOp op, Operation *inner) {
  Inference inf(manualAxes(op));
  SmallVector<Mask> ys;
  if (failed(inf.analyze(op.getBody(), argMasks(inf, op), ys)))
    return failure();
  SmallVector<SmallVector<StringRef>> out;
  for (Value v : inner->getOperands())
    out.push_back(inf.namesOf(inf.maskOf(v)));
  return out;
}

LogicalResult vma::insertCasts(func::FuncOp fn, ArrayRef<StringRef> manualAxes,
                               ArrayRef<SmallVector<StringRef>> argAxes) {
  Inference inf(manualAxes);
  SmallVector<Mask> args, ys;
  for (const SmallVector<StringRef> &a : argAxes)
    args.push_back(inf.maskOf(a));
  if (failed(inf.analyze(fn.getBody(), args, ys)))
    return failure();
  return inf.rewrite(fn.getBody(), /*setTypes=*/false);
}
