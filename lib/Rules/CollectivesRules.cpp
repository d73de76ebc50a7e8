//===- CollectivesRules.cpp - rules of the collective ops and shard_map ---===//
//
// Collectives over a vmap's axis become array ops along the batch
// dimension (JAX's batching rules for psum, pmax, all_gather, ppermute,
// axis_index): a reduction over it gives a value every member shares, so
// not mapped; a gather moves the batch dimension into the value; a
// permutation reorders the batch. Over other axes they stay collectives,
// applied to each member's batch. Their derivatives are JAX's: psum and
// ppermute are linear (ppermute transposes to the inverse permutation),
// all_gather transposes to a sum over the axes of each member's part.
//
// shard_map is a region op: its rules build on the region helpers of
// Rules/ControlFlow/ControlFlowRules.h. Tests: test/lit/Transforms/jxp-*/
// shard_map.mlir, jxp-transpose/collectives.mlir,
// jxp-batch/mesh_collectives.mlir.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"
#include "Rules/ControlFlow/ControlFlowRules.h"
#include "Dialect/VmaInference.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;
using namespace mlir::jxp::controlflow;

namespace {

/// `axes` without `name`.
ArrayAttr without(ArrayAttr axes, StringAttr name) {
  SmallVector<Attribute> rest;
  for (Attribute a : axes)
    if (a != name)
      rest.push_back(a);
  return ArrayAttr::get(axes.getContext(), rest);
}

bool names(ArrayAttr axes, StringAttr name) {
  return name && llvm::is_contained(axes.getValue(), name);
}

/// A collective over other axes: the same op on each member's batch,
/// which leaves the batch dimension where it is.
LogicalResult sameOpPerMember(Operation *op, BatchContext &ctx) {
  rebuildMapped(op, ctx, ctx.operands(),
                ctx.dims().empty() ? kNotMapped : ctx.dims()[0]);
  return success();
}

LogicalResult batchAllReduce(AllReduceOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  Emitter e(ctx.builder(), op.getLoc());
  Value x = ctx.operands()[0];
  int64_t d = ctx.dims()[0];
  Value r;
  if (d != kNotMapped) {
    r = ReduceOp::create(ctx.builder(), op.getLoc(), op.getType(), x,
                         op.getKind(), ArrayRef<int64_t>{d});
  } else if (op.getKind() == ReduceKind::Sum) {
    r = e.mul(x, e.splat(x.getType(), (double)ctx.size()));
  } else {
    r = x; // the max or min of equal values
  }
  ArrayAttr rest = without(op.getAxes(), ctx.axisName());
  if (!rest.empty())
    r = AllReduceOp::create(ctx.builder(), op.getLoc(), op.getType(), r,
                            op.getKind(), rest, op.getInvariant());
  ctx.addResult(r, kNotMapped);
  return success();
}

LogicalResult batchAllGather(AllGatherOp op, BatchContext &ctx) {
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  Value x = ctx.operands()[0];
  int64_t d = ctx.dims()[0];
  if (!names(op.getAxes(), ctx.axisName())) {
    // Per member, with the batch first and the gathered axis after it.
    Value front = moveDim(e, x, d, 0);
    auto gathered = AllGatherOp::create(
        b, op.getLoc(), batchedType(op.getType(), 0, ctx.size()), front,
        op.getAxes(), op.getAxis() + 1, op.getTiled());
    ctx.addResult(gathered, 0);
    return success();
  }
  if (op.getAxes().size() != 1)
    return op.emitOpError("gathers over the vmap axis '")
           << ctx.axisName().getValue()
           << "' together with other axes, which batching does not support";
  // Every member gets the whole batch: the batch dimension, at `axis`.
  int64_t axis = op.getAxis();
  if (op.getTiled()) {
    int64_t want = ctx.size() * op.getOperand().getType().getDimSize(axis);
    if (op.getType().getDimSize(axis) != want)
      return op.emitOpError("tiled result dimension ")
             << axis << " must be " << want << " for an axis of size "
             << ctx.size() << ", got " << op.getType().getDimSize(axis);
  }
  Value stacked = materialize(e, x, d, axis, ctx.size());
  if (op.getTiled())
    stacked = e.reshape(stacked, op.getType().getShape());
  ctx.addResult(stacked, kNotMapped);
  return success();
}

LogicalResult batchPpermute(PpermuteOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  if (op.getAxes().size() != 1)
    return op.emitOpError("permutes over the vmap axis '")
           << ctx.axisName().getValue()
           << "' together with other axes, which batching does not support";
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  int64_t n = ctx.size();
  Value x = materialize(e, ctx.operands()[0], ctx.dims()[0], 0, n);
  ArrayRef<int64_t> perm = op.getPerm();
  SmallVector<int64_t> source(n, -1);
  for (size_t i = 0; i < perm.size(); i += 2) {
    if (perm[i] >= n || perm[i + 1] >= n)
      return op.emitOpError("permutes index ")
             << std::max(perm[i], perm[i + 1]) << " of an axis of size " << n;
    source[perm[i + 1]] = perm[i];
  }
  // Member j's value is member source[j]'s (zeros if none sends to j).
  auto type = Emitter::typeOf(x);
  SmallVector<int64_t> one(type.getShape());
  if (n == 0) {
    ctx.addResult(x, 0);
    return success();
  }
  one[0] = 1;
  SmallVector<Value> pieces;
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      strides(type.getRank(), 1);
  for (int64_t j = 0; j < n; ++j) {
    if (source[j] < 0) {
      pieces.push_back(e.zeros(type.clone(one)));
      continue;
    }
    start[0] = source[j];
    limit[0] = source[j] + 1;
    pieces.push_back(e.slice(x, start, limit, strides));
  }
  Value y = pieces.size() == 1
                ? pieces[0]
                : (Value)ConcatenateOp::create(b, op.getLoc(), type, pieces, 0);
  ctx.addResult(y, 0);
  return success();
}

LogicalResult batchAxisIndex(AxisIndexOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  if (op.getAxes().size() != 1)
    return op.emitOpError("indexes the vmap axis '")
           << ctx.axisName().getValue()
           << "' together with other axes, which batching does not support";
  Emitter e(ctx.builder(), op.getLoc());
  ctx.addResult(e.iota(batchedType(op.getType(), 0, ctx.size()), 0), 0);
  return success();
}

/// pvary over the vmap's axis: every member's value is its own already.
LogicalResult batchPvary(PvaryOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return sameOpPerMember(op, ctx);
  ArrayAttr rest = without(op.getAxes(), ctx.axisName());
  Value x = ctx.operands()[0];
  if (!rest.empty())
    x = PvaryOp::create(ctx.builder(), op.getLoc(), x.getType(), x, rest);
  ctx.addResult(x, ctx.dims()[0]);
  return success();
}

/// psum_scatter and all_to_all over other axes: the same op on each
/// member's batch, the batch first, their dimensions after it.
template <typename Op>
LogicalResult batchBlockCollectivePerMember(Op op, BatchContext &ctx) {
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  Value front = moveDim(e, ctx.operands()[0], ctx.dims()[0], 0);
  auto type = batchedType(op.getType(), 0, ctx.size());
  Value r;
  if constexpr (std::is_same_v<Op, PsumScatterOp>)
    r = PsumScatterOp::create(b, op.getLoc(), type, front, op.getAxes(),
                              op.getDimension() + 1);
  else
    r = AllToAllOp::create(b, op.getLoc(), type, front, op.getAxes(),
                           op.getSplitAxis() + 1, op.getConcatAxis() + 1);
  ctx.addResult(r, 0);
  return success();
}

template <typename Op>
LogicalResult onlyTheVmapAxis(Op op, BatchContext &ctx, StringRef what) {
  if (op.getAxes().size() == 1)
    return success();
  return op.emitOpError(what)
         << " over the vmap axis '" << ctx.axisName().getValue()
         << "' together with other axes, which batching does not support";
}

/// psum_scatter over the vmap's axis: the sum over the batch, whose
/// scattered dimension splits into (member, block), the member becoming
/// the batch dimension.
LogicalResult batchPsumScatter(PsumScatterOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return batchBlockCollectivePerMember(op, ctx);
  if (failed(onlyTheVmapAxis(op, ctx, "scatters")))
    return failure();
  Emitter e(ctx.builder(), op.getLoc());
  Value x = ctx.operands()[0];
  int64_t d = ctx.dims()[0], n = ctx.size(), dim = op.getDimension();
  Value sum = d == kNotMapped ? e.mul(x, e.splat(x.getType(), (double)n))
                              : e.reduceSum(x, {d});
  auto in = Emitter::typeOf(sum);
  SmallVector<int64_t> shape(in.getShape().take_front(dim));
  shape.push_back(n);
  shape.push_back(n ? in.getDimSize(dim) / n : 0);
  llvm::append_range(shape, in.getShape().drop_front(dim + 1));
  ctx.addResult(e.reshape(sum, shape), dim);
  return success();
}

/// all_to_all over the vmap's axis: with the batch (the sending member j)
/// first and the split dimension split into (receiving member k, block),
/// k becomes the batch and j goes in front of the concat dimension.
LogicalResult batchAllToAll(AllToAllOp op, BatchContext &ctx) {
  if (!names(op.getAxes(), ctx.axisName()))
    return batchBlockCollectivePerMember(op, ctx);
  if (failed(onlyTheVmapAxis(op, ctx, "exchanges blocks")))
    return failure();
  Emitter e(ctx.builder(), op.getLoc());
  int64_t n = ctx.size(), s = op.getSplitAxis(), c = op.getConcatAxis();
  Value x = materialize(e, ctx.operands()[0], ctx.dims()[0], 0, n);
  ArrayRef<int64_t> p = Emitter::typeOf(x).getShape().drop_front();
  int64_t rank = p.size(), blk = n ? p[s] / n : 0;
  // A = [j] + p[:s] + [k, blk] + p[s+1:]
  SmallVector<int64_t> a{n};
  llvm::append_range(a, p.take_front(s));
  a.push_back(n);
  a.push_back(blk);
  llvm::append_range(a, p.drop_front(s + 1));
  Value split = e.reshape(x, a);
  auto pos = [&](int64_t t) { return t < s ? 1 + t : t + 2; };
  SmallVector<int64_t> perm{1 + s}, shape{n};
  for (int64_t t = 0; t < rank; ++t) {
    if (t == s && t == c) {
      perm.append({0, 2 + s});
      shape.push_back(n * blk);
    } else if (t == s) {
      perm.push_back(2 + s);
      shape.push_back(blk);
    } else if (t == c) {
      perm.append({0, pos(t)});
      shape.push_back(n * p[t]);
    } else {
      perm.push_back(pos(t));
      shape.push_back(p[t]);
    }
  }
  ctx.addResult(e.reshape(e.transpose(split, perm), shape), 0);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Derivatives
//===----------------------------------------------------------------------===//

LogicalResult AllReduceOp::jvp(JvpContext &ctx) {
  Value t = ctx.tangents()[0];
  if (!t || !Emitter::isDifferentiable(getType()))
    return zeroJvp(*this, ctx.results());
  if (getKind() != ReduceKind::Sum)
    return emitKindOpError(*this, ErrorKind::NotImplemented)
           << "Differentiation rule for 'p"
           << stringifyReduceKind(getKind()) << "' not implemented";
  ctx.results().push_back(AllReduceOp::create(ctx.builder(), getLoc(),
                                              getType(), t, getKind(),
                                              getAxes(), getInvariant()));
  return success();
}

LogicalResult AllReduceOp::transpose(TransposeContext &ctx) {
  if (getKind() != ReduceKind::Sum)
    return notLinear(*this, 0);
  Value ct = ctx.cotangents()[0];
  if (!ct) {
    ctx.results().push_back(Value());
    return success();
  }
  // Over mesh axes the result is one value for the group: its cotangent
  // reaches every member as is (a pvary). Over a vmap's axes each member's
  // copy of the sum counts, so the cotangents are summed.
  OpBuilder &b = ctx.builder();
  Type type = withoutVma(getOperand().getType());
  ctx.results().push_back(
      getInvariant()
          ? (Value)PvaryOp::create(b, getLoc(), type, ct, getAxes())
          : (Value)AllReduceOp::create(b, getLoc(), type, ct,
                                       ReduceKind::Sum, getAxes()));
  return success();
}

LogicalResult PvaryOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? (Value)AllReduceOp::create(ctx.builder(), getLoc(),
                                      withoutVma(getOperand().getType()), ct,
                                      ReduceKind::Sum, getAxes(),
                                      /*invariant=*/true)
         : Value());
  return success();
}

LogicalResult PsumScatterOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? (Value)AllGatherOp::create(ctx.builder(), getLoc(),
                                      withoutVma(getOperand().getType()), ct,
                                      getAxes(), getDimension(),
                                      /*tiled=*/true)
         : Value());
  return success();
}

LogicalResult AllToAllOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  ctx.results().push_back(
      ct ? (Value)AllToAllOp::create(ctx.builder(), getLoc(),
                                     withoutVma(getOperand().getType()), ct,
                                     getAxes(), getConcatAxis(),
                                     getSplitAxis())
         : Value());
  return success();
}

LogicalResult PpermuteOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  SmallVector<int64_t> inverse;
  ArrayRef<int64_t> perm = getPerm();
  for (size_t i = 0; i < perm.size(); i += 2) {
    inverse.push_back(perm[i + 1]);
    inverse.push_back(perm[i]);
  }
  ctx.results().push_back(ct ? (Value)PpermuteOp::create(ctx.builder(),
                                                         getLoc(), getType(),
                                                         ct, getAxes(), inverse)
                             : Value());
  return success();
}

/// Each member's part of the summed cotangent of the gathered value.
LogicalResult AllGatherOp::transpose(TransposeContext &ctx) {
  Value ct = ctx.cotangents()[0];
  if (!ct) {
    ctx.results().push_back(Value());
    return success();
  }
  OpBuilder &b = ctx.builder();
  Emitter e(b, getLoc());
  auto in = getOperand().getType();
  Value sum = AllReduceOp::create(b, getLoc(), getType(), ct, ReduceKind::Sum,
                                  getAxes(), /*invariant=*/false);
  Value index = AxisIndexOp::create(
      b, getLoc(), RankedTensorType::get({}, b.getI32Type()), getAxes());
  int64_t axis = getAxis();
  int64_t chunk = getTiled() ? in.getDimSize(axis) : 1;
  Value zero = e.splat(index.getType(), 0);
  SmallVector<Value> starts(getType().getRank(), zero);
  starts[axis] = e.mul(index, e.splat(index.getType(), (double)chunk));
  SmallVector<int64_t> sizes(getType().getShape());
  sizes[axis] = chunk;
  Value part = DynamicSliceOp::create(b, getLoc(), getType().clone(sizes), sum,
                                      starts, sizes);
  ctx.results().push_back(e.reshape(part, in.getShape()));
  return success();
}

//===----------------------------------------------------------------------===//
// shard_map
//===----------------------------------------------------------------------===//

// The body is made explicit about VMA first (vma::inferShardMap inserts
// the invariant-to-varying casts), so that differentiating it op by op
// respects the duality JAX's typed avals give: the transpose of a pvary is
// a psum and that of a psum a pvary. A tangent or cotangent has its
// primal's spec.

namespace {
ArrayAttr specsOf(MLIRContext *ctx, ArrayRef<Attribute> specs) {
  return ArrayAttr::get(ctx, specs);
}

/// The spec of a residual: a new leading dimension split along every
/// manual axis, so that each device's value is kept whatever it varies
/// along.
Attribute residualSpec(ShardMapOp op, int64_t rank) {
  MLIRContext *ctx = op.getContext();
  SmallVector<Attribute> dims{op.getManualAxes()};
  for (int64_t i = 0; i < rank; ++i)
    dims.push_back(ArrayAttr::get(ctx, {}));
  return ArrayAttr::get(ctx, dims);
}

int64_t manualDevices(ShardMapOp op) {
  int64_t n = 1;
  for (Attribute a : op.getManualAxes())
    n *= op.axisSize(llvm::cast<StringAttr>(a).getValue());
  return n;
}

/// The operand specs and result specs of `op` with those of the values
/// flagged appended (tangents of operands, then of results).
void setSpecs(Operation *newOp, ArrayRef<Attribute> in,
              ArrayRef<Attribute> out) {
  auto sm = llvm::cast<ShardMapOp>(newOp);
  sm.setInSpecsAttr(specsOf(newOp->getContext(), in));
  sm.setOutSpecsAttr(specsOf(newOp->getContext(), out));
}
} // namespace

LogicalResult ShardMapOp::jvp(JvpContext &ctx) {
  if (failed(vma::inferShardMap(*this, /*setTypes=*/false)))
    return failure();
  if (failed(jvpOfBranches(*this, ctx, /*numPrefix=*/0)))
    return failure();
  SmallVectorImpl<Value> &out = ctx.results();
  Operation *jvp = nullptr;
  for (Value v : out)
    if (v && v.getDefiningOp() && v.getDefiningOp() != getOperation() &&
        llvm::isa<ShardMapOp>(v.getDefiningOp()))
      jvp = v.getDefiningOp();
  if (!jvp)
    return success(); // all tangents zero: the op itself stays
  SmallVector<Attribute> in(getInSpecs().getValue()),
      outSpecs(getOutSpecs().getValue());
  ArrayRef<Value> argTangents = ctx.tangents();
  for (auto [t, spec] : llvm::zip(argTangents, getInSpecs()))
    if (t)
      in.push_back(spec);
  for (auto [i, spec] : llvm::enumerate(getOutSpecs()))
    if (out[getNumResults() + i])
      outSpecs.push_back(spec);
  setSpecs(jvp, in, outSpecs);
  return success();
}

LogicalResult ShardMapOp::transpose(TransposeContext &ctx) {
  ArrayRef<Value> operands = ctx.operands(), cts = ctx.cotangents();
  // What each result varies along in the linear body: a cotangent that
  // comes in varying along more (its out_spec splits along axes the result
  // does not vary along) is first summed over those, as JAX's transpose
  // of the implicit cast.
  SmallVector<vma::Mask> yieldMasks;
  if (failed(vma::inferShardMap(*this, /*setTypes=*/false, &yieldMasks)))
    return failure();
  vma::Inference inf(vma::manualAxes(*this));
  if (failed(transposeBranches(*this, ctx, /*numPrefix=*/0)))
    return failure();
  Operation *t = nullptr;
  for (Value v : ctx.results())
    if (v)
      t = v.getDefiningOp();
  if (!t)
    return success();
  SmallVector<Attribute> in, out;
  for (auto [v, spec] : llvm::zip(operands, getInSpecs()))
    if (v)
      in.push_back(spec);
    else
      out.push_back(spec);
  MLIRContext *mctx = getContext();
  Block &body = t->getRegion(0).front();
  unsigned nonLinear = in.size();
  unsigned k = 0;
  OpBuilder b = OpBuilder::atBlockBegin(&body);
  for (auto [i, c] : llvm::enumerate(cts)) {
    if (!c)
      continue;
    Attribute spec = getOutSpecs()[i];
    in.push_back(spec);
    vma::Mask split = inf.specMask(spec);
    BlockArgument arg = body.getArgument(nonLinear + k++);
    if (!getCheckVma()) {
      // Unchecked, every device's cotangent counts and the transposed
      // collectives sum them again: an output replicated along some axes
      // (its spec omits them) passes each device its share, as JAX does.
      int64_t n = 1;
      for (StringRef a : inf.namesOf(inf.maskOf(inf.axes()) & ~split))
        n *= axisSize(a);
      if (n > 1) {
        Emitter e(b, getLoc());
        Value share = e.div(arg, e.splat(arg.getType(), (double)n));
        arg.replaceAllUsesExcept(share, share.getDefiningOp());
      }
      continue;
    }
    vma::Mask extra = split & ~yieldMasks[i];
    if (!extra)
      continue;
    auto sum = AllReduceOp::create(b, getLoc(), arg.getType(), arg,
                                   ReduceKind::Sum, inf.namesAttr(mctx, extra),
                                   /*invariant=*/true);
    arg.replaceAllUsesExcept(sum, sum);
  }
  if (!getCheckVma()) {
    // Unchecked, nothing cast a replicated operand to varying, so nothing
    // summed its cotangent: the device's shares are summed here, over the
    // manual axes its spec omits (JAX's unchecked transpose).
    Operation *yield = body.getTerminator();
    OpBuilder yb(yield);
    for (auto [k, spec] : llvm::enumerate(out)) {
      vma::Mask omitted = inf.maskOf(inf.axes()) & ~inf.specMask(spec);
      if (!omitted)
        continue;
      Value v = yield->getOperand(k);
      yield->setOperand(k, AllReduceOp::create(yb, getLoc(), v.getType(), v,
                                               ReduceKind::Sum,
                                               inf.namesAttr(mctx, omitted),
                                               /*invariant=*/false));
    }
  }
  setSpecs(t, in, out);
  return success();
}

LogicalResult ShardMapOp::partialEval(PartialEvalContext &ctx) {
  SmallVector<bool> argU = unknownFlags(ctx, getArgs());
  if (!llvm::is_contained(argU, true))
    return ctx.defaultSplit(*this);
  if (failed(vma::inferShardMap(*this, /*setTypes=*/false)))
    return failure();
  OwningOpRef<Operation *> holder = regionHolder(*this, 2);
  SmallVector<bool> none(getNumResults(), false);
  auto split = ctx.splitRegion(getBody(), (*holder)->getRegion(0),
                               (*holder)->getRegion(1), argU, none);
  if (failed(split))
    return failure();
  unsigned nr = split->numResiduals;
  int64_t n = manualDevices(*this);
  Block &kb = (*holder)->getRegion(0).front(),
        &ub = (*holder)->getRegion(1).front();

  // Known side: the known operands; the known results, then each residual
  // with a leading dimension of one per device.
  Operation *kYield = kb.getTerminator();
  SmallVector<Attribute> kIn, kOut;
  SmallVector<Value> kArgs;
  for (auto [v, u, spec] : llvm::zip(getArgs(), argU, getInSpecs()))
    if (!u) {
      kArgs.push_back(ctx.known(v));
      kIn.push_back(spec);
    }
  SmallVector<Type> kTypes;
  for (auto [r, u, spec] :
       llvm::zip(getResults(), split->unknownResults, getOutSpecs()))
    if (!u) {
      kTypes.push_back(r.getType());
      kOut.push_back(spec);
    }
  {
    OpBuilder b = OpBuilder::atBlockTerminator(&kb);
    Emitter e(b, getLoc());
    unsigned first = kYield->getNumOperands() - nr;
    for (unsigned i = 0; i < nr; ++i) {
      Value r = kYield->getOperand(first + i);
      auto type = llvm::cast<RankedTensorType>(withoutVma(r.getType()));
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, type.getShape());
      kYield->setOperand(first + i, e.reshape(r, shape));
      SmallVector<int64_t> global{n};
      llvm::append_range(global, type.getShape());
      kTypes.push_back(RankedTensorType::get(global, type.getElementType()));
      kOut.push_back(residualSpec(*this, type.getRank()));
    }
  }
  Operation *known = createLike(ctx.knownBuilder(), *this, kArgs, kTypes);
  known->getRegion(0).takeBody((*holder)->getRegion(0));
  setSpecs(known, kIn, kOut);
  unsigned j = 0;
  for (auto [r, u] : llvm::zip(getResults(), split->unknownResults))
    if (!u)
      ctx.setKnown(r, known->getResult(j++));

  // Unknown side: the residuals, then the unknown operands.
  SmallVector<Attribute> uIn, uOut;
  SmallVector<Value> uArgs;
  for (unsigned i = 0; i < nr; ++i) {
    Value res = known->getResult(j + i);
    uArgs.push_back(ctx.residual(res));
    uIn.push_back(kOut[j + i]);
  }
  for (auto [v, u, spec] : llvm::zip(getArgs(), argU, getInSpecs()))
    if (u) {
      uArgs.push_back(ctx.unknown(v));
      uIn.push_back(spec);
    }
  SmallVector<Type> uTypes;
  for (auto [r, u, spec] :
       llvm::zip(getResults(), split->unknownResults, getOutSpecs()))
    if (u) {
      uTypes.push_back(r.getType());
      uOut.push_back(spec);
    }
  {
    // Residual arguments come in with their leading dimension of one.
    OpBuilder b = OpBuilder::atBlockBegin(&ub);
    Emitter e(b, getLoc());
    for (unsigned i = 0; i < nr; ++i) {
      BlockArgument a = ub.getArgument(i);
      auto type = llvm::cast<RankedTensorType>(a.getType());
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, type.getShape());
      a.setType(RankedTensorType::get(shape, type.getElementType()));
      Value squeezed = e.reshape(a, type.getShape());
      a.replaceAllUsesExcept(squeezed, squeezed.getDefiningOp());
    }
  }
  Operation *unknown = createLike(ctx.unknownBuilder(), *this, uArgs, uTypes);
  unknown->getRegion(0).takeBody((*holder)->getRegion(1));
  setSpecs(unknown, uIn, uOut);
  setResults(ctx, getResults(), split->unknownResults, /*unknown=*/true,
             unknown->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

namespace {
/// shard_map: the batch dimension of every mapped operand goes first and
/// is not split (its spec gets an empty entry in front); the body is
/// batched along it and every result is mapped there too.
LogicalResult batchShardMap(ShardMapOp op, BatchContext &ctx) {
  OpBuilder &b = ctx.builder();
  Emitter e(b, op.getLoc());
  MLIRContext *mctx = op.getContext();
  Attribute none = ArrayAttr::get(mctx, {});
  SmallVector<Value> operands;
  SmallVector<int64_t> argDims;
  SmallVector<Attribute> in, out;
  for (auto [v, d, spec] : llvm::zip(ctx.operands(), ctx.dims(),
                                     op.getInSpecs())) {
    if (d == kNotMapped) {
      operands.push_back(v);
      argDims.push_back(kNotMapped);
      in.push_back(spec);
      continue;
    }
    operands.push_back(batching::moveDim(e, v, d, 0));
    argDims.push_back(0);
    SmallVector<Attribute> dims{none};
    llvm::append_range(dims, llvm::cast<ArrayAttr>(spec).getValue());
    in.push_back(ArrayAttr::get(mctx, dims));
  }
  for (Attribute spec : op.getOutSpecs()) {
    SmallVector<Attribute> dims{none};
    llvm::append_range(dims, llvm::cast<ArrayAttr>(spec).getValue());
    out.push_back(ArrayAttr::get(mctx, dims));
  }
  OwningOpRef<Operation *> holder = regionHolder(op, 1);
  SmallVector<int64_t> yieldDims(op.getNumResults(), 0), yielded;
  if (failed(ctx.batchRegion(op.getBody(), (*holder)->getRegion(0), argDims,
                             yieldDims, yielded)))
    return failure();
  SmallVector<Type> types;
  for (Type t : op.getResultTypes())
    types.push_back(batchedType(t, 0, ctx.size()));
  Operation *batched = createLike(b, op, operands, types);
  batched->getRegion(0).takeBody((*holder)->getRegion(0));
  auto sm = llvm::cast<ShardMapOp>(batched);
  sm.setInSpecsAttr(ArrayAttr::get(mctx, in));
  sm.setOutSpecsAttr(ArrayAttr::get(mctx, out));
  for (Value r : batched->getResults())
    ctx.addResult(r, 0);
  return success();
}
} // namespace

void batching::attachCollectivesBatchRules(MLIRContext *ctx) {
  attach<typed<ShardMapOp, batchShardMap>, ShardMapOp>(ctx);
  attach<typed<AllReduceOp, batchAllReduce>, AllReduceOp>(ctx);
  attach<typed<AllGatherOp, batchAllGather>, AllGatherOp>(ctx);
  attach<typed<PpermuteOp, batchPpermute>, PpermuteOp>(ctx);
  attach<typed<AxisIndexOp, batchAxisIndex>, AxisIndexOp>(ctx);
  attach<typed<PvaryOp, batchPvary>, PvaryOp>(ctx);
  attach<typed<PsumScatterOp, batchPsumScatter>, PsumScatterOp>(ctx);
  attach<typed<AllToAllOp, batchAllToAll>, AllToAllOp>(ctx);
}
