//===- VmaInference.h - varying manual axes of shard_maps -------*- C++ -*-===//
//
// Inside a shard_map, every value varies along some of the manual mesh axes
// (its VMA, dialects/JxpCollectiveOps.td). The VMA of a body argument is
// the axes its in_spec splits along; an op's result varies along the axes
// any of its operands does, except that collectives change it (psum drops
// its axes, pvary and axis_index add theirs, all_gather/ppermute/
// psum_scatter/all_to_all need their operand varying along their axes).
// Loop carries are widened until a fixed point: a carry that a step makes
// varying is varying from the start (seed 001).
//
// `analyze` computes this; `rewrite` then makes it explicit: it inserts a
// jxp.pvary wherever an operand varies along fewer axes than its op needs
// (JAX's automatic cast) and, if asked, writes each value's VMA into its
// type.
//
// Why this is in lib/Dialect and not next to its pass (lib/Transforms/
// InferVma.cpp, a thin driver): the analysis is needed below lib/Transforms
// too. shard_map's AD rules (lib/Rules/CollectivesRules.cpp) make a body's
// VMA explicit before differentiating, splitting or transposing it, and
// lib/Rules sits below lib/Transforms (dialect -> rules -> transforms ->
// conversion), so it cannot include a header of lib/Transforms. The
// verifiers do not use it: they read VMA types (vmaOf, CollectivesOps.cpp).
// The autodiff driver (lib/Transforms/AD.cpp) uses it as well.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DIALECT_VMAINFERENCE_H
#define JXP_DIALECT_VMAINFERENCE_H

#include "Dialect/JxpDialect.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::jxp::vma {

/// A set of manual axes: bit i is the i-th manual axis in mesh order.
using Mask = uint64_t;

class Inference {
public:
  /// `manualAxes`: the manual axes, in mesh order (at most 64).
  explicit Inference(ArrayRef<StringRef> manualAxes);

  /// Infers the VMA of every value of `region` (and the regions nested in
  /// it) from those of its arguments; `yields` gets the VMA of what its
  /// terminator returns. A call is analysed in its callee.
  LogicalResult analyze(Region &region, ArrayRef<Mask> args,
                        SmallVectorImpl<Mask> &yields);

  /// After `analyze`: inserts the casts `region` needs (it must hold no
  /// calls) and, with `setTypes`, gives every value its VMA as encoding.
  LogicalResult rewrite(Region &region, bool setTypes);

  Mask maskOf(Value v) const { return masks.lookup(v); }
  Mask maskOf(ArrayAttr axes) const;
  Mask maskOf(ArrayRef<StringRef> axes) const;
  /// The axes a shard_map spec (per dimension, its axes) splits along.
  Mask specMask(Attribute spec) const;
  SmallVector<StringRef> namesOf(Mask m) const;
  /// The axes of `m` as an attribute (`axes` of a collective).
  ArrayAttr namesAttr(MLIRContext *ctx, Mask m) const;
  /// The manual axes this inference knows (mesh order).
  ArrayRef<StringRef> axes() const { return manual; }

private:
  LogicalResult analyzeOp(Operation *op, unsigned depth);
  LogicalResult analyzeBlock(Block &block, ArrayRef<Mask> args,
                             SmallVectorImpl<Mask> &yields, unsigned depth);
  LogicalResult rewriteOp(Operation *op, bool setTypes);
  Value castTo(OpBuilder &b, Value v, Mask target, bool setTypes);
  void castOperand(Operation *op, unsigned i, Mask target, bool setTypes);
  void castYields(Block &block, ArrayRef<Mask> targets, bool setTypes,
                  unsigned from = 0);

  SmallVector<StringRef> manual;
  llvm::DenseMap<Value, Mask> masks;
};

/// The manual axes of `op`, in mesh order.
SmallVector<StringRef> manualAxes(ShardMapOp op);

/// Infers the VMA of `op`'s body, inserts the casts it needs and checks
/// its out_specs (unless check_vma is false); with `setTypes` also writes
/// the VMA into the body's types. The body must hold no calls. With
/// `yields` (and check_vma), gives the VMA of each value the body yields.
LogicalResult inferShardMap(ShardMapOp op, bool setTypes,
                            SmallVectorImpl<Mask> *yields = nullptr);

/// The VMA of the operands of `inner` (an op inside `op`'s body), by an
/// analysis of the body (calls analysed in their callees).
FailureOr<SmallVector<SmallVector<StringRef>>>
operandVmas(ShardMapOp op, Operation *inner);

/// Inserts into `fn` (which must hold no calls) the casts its body needs
/// when its arguments vary along `argAxes` (each a list of manual axes of
/// the mesh `manualAxes`). Types are left without VMA.
LogicalResult insertCasts(func::FuncOp fn, ArrayRef<StringRef> manualAxes,
                          ArrayRef<SmallVector<StringRef>> argAxes);

} // namespace mlir::jxp::vma

#endif // JXP_DIALECT_VMAINFERENCE_H
