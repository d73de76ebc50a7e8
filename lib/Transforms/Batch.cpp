//===- Batch.cpp - batching (vmap) ------------------------------*- C++ -*-===//
//
// Walks a block once, asking each op that reads a mapped value for its
// batched form (BatchRule interface). As in JAX, each value of the batched
// function is either not mapped or mapped along one dimension, tracked
// per value: ops that read no mapped value are copied unchanged, and rules
// keep a batch dimension where it is when they can. A function body and
// the body of a region op are batched by the same code: rules of region
// ops recurse through batchRegion.
//
//===----------------------------------------------------------------------===//

#include "Rules/BatchRules.h"
#include "Transforms/AD.h"
#include "Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::jxp;
using namespace mlir::jxp::batching;

namespace mlir::jxp {
#define GEN_PASS_DEF_JXPBATCHPASS
#include "JxpPasses.h.inc"
} // namespace mlir::jxp

namespace {

/// The axes a collective names (null for other ops).
ArrayAttr collectiveAxes(Operation *op) {
  if (!llvm::isa<AllReduceOp, AllGatherOp, PpermuteOp, AxisIndexOp, PvaryOp,
                 PsumScatterOp, AllToAllOp>(op))
    return nullptr;
  return op->getAttrOfType<ArrayAttr>("axes");
}

class Batcher {
public:
  Batcher(int64_t size, StringAttr name, TransformContext &tctx)
      : size(size), name(name), tctx(tctx) {}

  LogicalResult batchOps(Block &src, OpBuilder &b, IRMapping &map);
  LogicalResult batchRegion(Region &src, Region &dst,
                            ArrayRef<int64_t> argDims,
                            ArrayRef<int64_t> yieldDims,
                            SmallVectorImpl<int64_t> &yielded);
  FailureOr<SmallVector<bool>> mappedYields(Region &src,
                                            ArrayRef<bool> argMapped);

  int64_t dimOf(Value v) const {
    auto it = dim.find(v);
    return it == dim.end() ? kNotMapped : it->second;
  }
  /// Whether `op` (or an op in its regions) is a collective over the
  /// mapped axis: it is batched even if it reads no mapped value.
  bool readsAxis(Operation *op) const {
    if (!name)
      return false;
    bool found = false;
    op->walk([&](Operation *inner) {
      if (ArrayAttr axes = collectiveAxes(inner))
        found |= llvm::is_contained(axes.getValue(), name);
    });
    return found;
  }

  int64_t size;
  StringAttr name;
  TransformContext &tctx;
  /// Batch dimensions, keyed by values of the function being batched (a
  /// value's batched counterpart may be another's too, mapped otherwise:
  /// a rule may return an operand as a result). A region batched again
  /// (a fixed point's trial, then the real one) overwrites its entries.
  DenseMap<Value, int64_t> dim;
};

class OpBatchContext final : public BatchContext {
public:
  OpBatchContext(Batcher &batcher, OpBuilder &b, ArrayRef<Value> operands,
                 ArrayRef<int64_t> dims)
      : BatchContext(b, operands, dims, batcher.size, batcher.name),
        batcher(batcher) {}

  LogicalResult batchRegion(Region &src, Region &dst,
                            ArrayRef<int64_t> argDims,
                            ArrayRef<int64_t> yieldDims,
                            SmallVectorImpl<int64_t> &yielded) override {
    return batcher.batchRegion(src, dst, argDims, yieldDims, yielded);
  }
  FailureOr<SmallVector<bool>>
  mappedYields(Region &src, ArrayRef<bool> argMapped) override {
    return batcher.mappedYields(src, argMapped);
  }
  FailureOr<FlatSymbolRefAttr>
  batchFunction(Operation *user, FlatSymbolRefAttr fn, ArrayRef<int64_t> inDims,
                ArrayRef<int64_t> outDims) override {
    auto callee = batcher.tctx.symbols().lookup<func::FuncOp>(fn.getValue());
    if (!callee)
      return user->emitOpError("names ") << fn << ", which is not a function";
    auto batched = ad::buildBatched(callee, inDims, outDims, batcher.size,
                                    batcher.name, batcher.tctx);
    if (failed(batched))
      return failure();
    return FlatSymbolRefAttr::get(batched->getSymNameAttr());
  }

private:
  Batcher &batcher;
};

} // namespace

LogicalResult Batcher::batchOps(Block &src, OpBuilder &b, IRMapping &map) {
  for (Operation &op : src.without_terminator()) {
    SmallVector<Value> operands;
    SmallVector<int64_t> dims;
    bool anyMapped = false;
    for (Value v : op.getOperands()) {
      operands.push_back(map.lookupOrDefault(v));
      dims.push_back(dimOf(v));
      anyMapped |= dims.back() != kNotMapped;
    }
    if (!anyMapped && !readsAxis(&op)) {
      b.clone(op, map);
      for (Value r : op.getResults())
        dim[r] = kNotMapped;
      continue;
    }
    auto rule = llvm::dyn_cast<BatchRule>(&op);
    if (!rule && llvm::isa<TransformOp>(&op))
      return op.emitOpError("cannot be batched before it is materialized "
                            "(the jxp-ad pass materializes every kind of "
                            "transform, callee first)");
    if (!rule)
      return op.emitOpError("cannot be batched: it has no batching rule");
    OpBatchContext ctx(*this, b, operands, dims);
    if (failed(rule.batch(ctx)))
      return failure();
    if (ctx.results().size() != op.getNumResults())
      return op.emitOpError("batching rule gave ")
             << ctx.results().size() << " values for " << op.getNumResults()
             << " results";
    for (auto [r, v, d] :
         llvm::zip(op.getResults(), ctx.results(), ctx.dimsOfResults())) {
      auto type = llvm::cast<RankedTensorType>(r.getType());
      if (d != kNotMapped && (d < 0 || d > type.getRank()))
        return op.emitOpError("batching rule mapped a result along dimension ")
               << d << ", out of range for " << type;
      if (v.getType() != batchedType(type, d, size))
        return op.emitOpError("batching rule gave a value of type ")
               << v.getType() << " for a result of type " << type
               << " mapped along " << d;
      map.map(r, v);
      dim[r] = d;
    }
  }
  return success();
}

LogicalResult Batcher::batchRegion(Region &src, Region &dst,
                                   ArrayRef<int64_t> argDims,
                                   ArrayRef<int64_t> yieldDims,
                                   SmallVectorImpl<int64_t> &yielded) {
  Location loc = src.getLoc();
  if (!src.hasOneBlock())
    return emitError(loc, "batching a region needs a single block");
  if (!dst.empty())
    return emitError(loc, "batching a region needs an empty destination");
  Block &from = src.front();
  if (argDims.size() != from.getNumArguments())
    return emitError(loc, "batching a region: one dimension per argument "
                          "needed");
  Block *to = new Block();
  dst.push_back(to);
  IRMapping map;
  for (auto [a, d] : llvm::zip(from.getArguments(), argDims)) {
    Value na = to->addArgument(batchedType(a.getType(), d, size), a.getLoc());
    map.map(a, na);
    dim[a] = d;
  }
  OpBuilder b = OpBuilder::atBlockEnd(to);
  if (failed(batchOps(from, b, map)))
    return failure();
  Operation *term = from.getTerminator();
  if (!yieldDims.empty() && yieldDims.size() != term->getNumOperands())
    return term->emitOpError("batching a region: one dimension per yielded "
                             "value needed");
  Emitter e(b, term->getLoc());
  SmallVector<Value> outs;
  yielded.clear();
  for (auto [i, v] : llvm::enumerate(term->getOperands())) {
    Value nv = map.lookupOrDefault(v);
    int64_t d = dimOf(v);
    if (yieldDims.empty()) {
      outs.push_back(nv);
      yielded.push_back(d);
      continue;
    }
    int64_t want = yieldDims[i];
    if (want == kNotMapped && d != kNotMapped) {
      // (JAX's words; it names the leaf by its place in out_axes.)
      InFlightDiagnostic diag = emitKindError(term->getLoc(), ErrorKind::Value)
                                << "at vmap out_axes";
      if (term->getNumOperands() > 1)
        diag << "[" << i << "]";
      return diag << ", got axis spec None but output was batched on axis "
                  << d;
    }
    if (want == kSummed) {
      outs.push_back(d == kNotMapped
                         ? e.mul(nv, e.splat(nv.getType(), (double)size))
                         : sumOut(e, nv, d));
      yielded.push_back(kNotMapped);
      continue;
    }
    outs.push_back(want == kNotMapped ? nv
                                      : materialize(e, nv, d, want, size));
    yielded.push_back(want);
  }
  OperationState state(term->getLoc(), term->getName());
  state.addOperands(outs);
  state.addAttributes(term->getAttrs());
  b.create(state);
  return success();
}

FailureOr<SmallVector<bool>> Batcher::mappedYields(Region &src,
                                                   ArrayRef<bool> argMapped) {
  OperationState state(src.getLoc(), "jxp.region_holder");
  state.addRegion();
  OwningOpRef<Operation *> holder = Operation::create(state);
  SmallVector<int64_t> argDims, yielded;
  for (bool m : argMapped)
    argDims.push_back(m ? 0 : kNotMapped);
  LogicalResult built =
      batchRegion(src, (*holder)->getRegion(0), argDims, {}, yielded);
  if (failed(built))
    return failure();
  SmallVector<bool> mapped;
  for (int64_t d : yielded)
    mapped.push_back(d != kNotMapped);
  return mapped;
}

FailureOr<func::FuncOp> ad::buildBatched(func::FuncOp fn,
                                         ArrayRef<int64_t> inDims,
                                         ArrayRef<int64_t> outDims,
                                         int64_t size, StringAttr axisName,
                                         TransformContext &ctx) {
  std::string k;
  llvm::raw_string_ostream os(k);
  os << "vmap|" << fn.getSymName() << "|";
  llvm::interleaveComma(inDims, os);
  os << "|";
  llvm::interleaveComma(outDims, os);
  os << "|" << size << "|" << (axisName ? axisName.getValue() : "");
  return ctx.cached(k, [&]() -> FailureOr<func::FuncOp> {
    FunctionType type = fn.getFunctionType();
    if (inDims.size() != type.getNumInputs() ||
        outDims.size() != type.getNumResults())
      return fn.emitOpError("batching needs one dimension per input and "
                            "per result");
    SmallVector<Type> inputs, results;
    for (auto [t, d] : llvm::zip(type.getInputs(), inDims))
      inputs.push_back(batchedType(t, d, size));
    for (auto [t, d] : llvm::zip(type.getResults(), outDims))
      results.push_back(batchedType(t, d == kSummed ? kNotMapped : d, size));
    auto body = cloneInlined(fn, fn.getSymName(), ctx.symbols());
    if (failed(body))
      return failure();
    Builder b(fn.getContext());
    func::FuncOp batched =
        newFunction(ctx.symbols(), fn, (fn.getSymName() + "_batched").str(),
                    b.getFunctionType(inputs, results), fn.getLoc());
    batched.getBody().getBlocks().clear();
    Batcher batcher(size, axisName, ctx);
    SmallVector<int64_t> yielded;
    LogicalResult built = batcher.batchRegion(body->getBody(),
                                              batched.getBody(), inDims,
                                              outDims, yielded);
    ctx.symbols().erase(*body);
    if (failed(built)) {
      ctx.symbols().erase(batched);
      return failure();
    }
    return batched;
  });
}

//===----------------------------------------------------------------------===//
// jxp.vmap
//===----------------------------------------------------------------------===//

FailureOr<func::FuncOp> VmapOp::derive(TransformContext &ctx,
                                       SmallVectorImpl<Value> &callOperands) {
  auto callee = ctx.symbols().lookup<func::FuncOp>(getCallee());
  if (!callee)
    return emitOpError("callee ") << getCalleeAttr() << " not found";
  callOperands.append(getArgs().begin(), getArgs().end());
  return ad::buildBatched(callee, getInAxes(), getOutAxes(), getAxisSize(),
                          getAxisNameAttr(), ctx);
}

namespace {
struct JxpBatchPass : jxp::impl::JxpBatchPassBase<JxpBatchPass> {
  void runOnOperation() override {
    if (failed(ad::materializeTransforms(getOperation(), [](Operation *op) {
          return llvm::isa<VmapOp>(op);
        })))
      signalPassFailure();
  }
};
} // namespace
