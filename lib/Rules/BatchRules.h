//===- BatchRules.h - helpers of the batching (vmap) rules ------*- C++ -*-===//
//
// Batching rules are attached to ops as external models of the BatchRule
// interface, one family per rules file (attach*BatchRules below, all
// called by attachBatchRules). A rule reads its op's attributes, takes the
// batched operands from the context and adds each result with the
// dimension it is mapped along. These helpers state the common moves:
// where a per-example dimension sits in a batched value, moving or
// broadcasting a batch dimension, re-creating an op with new operands.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_RULES_BATCHRULES_H
#define JXP_RULES_BATCHRULES_H

#include "Rules/RuleBuilder.h"

namespace mlir::jxp::batching {

/// `t` with a dimension of `size` inserted at `dim` (`t` for kNotMapped).
RankedTensorType batchedType(Type t, int64_t dim, int64_t size);

/// Where per-example dimension `d` sits in a value mapped along `bdim`.
inline int64_t at(int64_t d, int64_t bdim) {
  return bdim != kNotMapped && d >= bdim ? d + 1 : d;
}

/// Per-example dimensions `dims` as a value mapped along `bdim` numbers
/// them.
SmallVector<int64_t> shifted(ArrayRef<int64_t> dims, int64_t bdim);

/// `list` with `value` inserted at position `pos`.
SmallVector<int64_t> insertAt(ArrayRef<int64_t> list, int64_t pos,
                              int64_t value);

/// The first mapped dimension of `dims`, or kNotMapped.
int64_t firstMapped(ArrayRef<int64_t> dims);

/// `v`, mapped along `from`, with its batch dimension moved to `to`.
Value moveDim(Emitter &e, Value v, int64_t from, int64_t to);

/// `v` mapped along `to`: its batch dimension moved there, or, if it is
/// not mapped (`from` is kNotMapped), broadcast along a new one.
Value materialize(Emitter &e, Value v, int64_t from, int64_t to,
                  int64_t size);

/// Sums `v`, mapped along `from`, over its batch dimension (a value that
/// is not mapped is returned as it is).
Value sumOut(Emitter &e, Value v, int64_t from);

/// `op` re-created over `operands` with every result mapped along `dim`
/// (added to `ctx` as the op's results).
Operation *rebuildMapped(Operation *op, BatchContext &ctx, ValueRange operands,
                         int64_t dim);

/// The rule of ops mapped element by element: unary and binary ops,
/// compare, select, clamp, convert, the random-bit cipher. Mapped operands
/// meet at the first one's batch dimension; operands that are not mapped
/// are broadcast, except scalars the op takes as scalars (select's
/// predicate, clamp's bounds, the cipher's key), which stay.
LogicalResult batchElementwise(Operation *op, BatchContext &ctx);

/// The rule of ops that apply to a batch of leading dimensions (linear
/// algebra): every operand mapped along dimension 0 (broadcast if need
/// be), the op re-created, its results mapped along 0.
LogicalResult batchLeading(Operation *op, BatchContext &ctx);

using BatchFn = LogicalResult (*)(Operation *, BatchContext &);

/// The external model running `F` as the batching rule of `OpT`.
template <BatchFn F, typename OpT>
struct FnModel : BatchRule::ExternalModel<FnModel<F, OpT>, OpT> {
  LogicalResult batch(Operation *op, BatchContext &ctx) const {
    return F(op, ctx);
  }
};

/// Attaches `F` as the batching rule of each of `Ops`.
template <BatchFn F, typename... Ops> void attach(MLIRContext *ctx) {
  (Ops::template attachInterface<FnModel<F, Ops>>(*ctx), ...);
}

/// An op's own rule as a BatchFn: `static LogicalResult rule(OpT, ctx)`.
template <typename OpT, LogicalResult (*Rule)(OpT, BatchContext &)>
LogicalResult typed(Operation *op, BatchContext &ctx) {
  return Rule(llvm::cast<OpT>(op), ctx);
}

// One per op family (lib/Rules/<Family>Rules.cpp; control flow's in
// lib/Rules/ControlFlow/ControlFlowRules.cpp).
void attachElementwiseBatchRules(MLIRContext *ctx);
void attachShapeBatchRules(MLIRContext *ctx);
void attachIndexingBatchRules(MLIRContext *ctx);
void attachReductionBatchRules(MLIRContext *ctx);
void attachLinalgBatchRules(MLIRContext *ctx);
void attachSignalBatchRules(MLIRContext *ctx);
void attachRandomBatchRules(MLIRContext *ctx);
void attachControlFlowBatchRules(MLIRContext *ctx);
void attachCollectivesBatchRules(MLIRContext *ctx);
void attachADBatchRules(MLIRContext *ctx);

} // namespace mlir::jxp::batching

#endif // JXP_RULES_BATCHRULES_H
