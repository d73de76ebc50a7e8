//===- ControlFlowRules.h - what the region ops' rules share ----*- C++ -*-===//
//
// The rules of the control-flow ops, one file per op in this folder
// (CondRules.cpp, WhileRules.cpp, LinearLoopRules.cpp, ScanRules.cpp,
// RematRules.cpp), and of shard_map (lib/Rules/CollectivesRules.cpp), build
// on the helpers declared here (defined in ControlFlowRules.cpp).
//
// Forward mode differentiates the regions with the pass's own machinery
// (JvpContext::differentiateRegion). Symbolic zeros stay symbolic through
// the regions: a cond's result has a tangent if any branch gives it one,
// and a loop carry gets a tangent only once the carry fixed point says
// some step can make it nonzero, as in JAX's _cond_jvp and
// _while_loop_jvp / _scan_jvp.
//
// Reverse mode, as JAX's: partial evaluation splits each region with the
// pass's own machinery (PartialEvalContext::splitRegion) into a known op
// and an unknown one joined by residuals. A scan's residuals are stacked
// along the scan axis, except those the step reads unchanged (consts,
// values computed from consts alone, slices of known xs), which are passed
// as they are; a cond's are joined into slots shared by type across
// branches. The transpose of a scan is a scan in the other direction
// whose carry is the carry's cotangent plus accumulators for the linear
// consts; that of a cond is a cond of the transposed branches.
//
// remat (jax.checkpoint) is split as JAX's remat partial eval: the known
// part inline, the unknown part a remat that first recomputes what its
// policy does not let partial evaluation save.
//
// A while loop's trip count is known only at run time, so its residuals
// cannot be stacked: the known side counts the steps and keeps snapshots
// of the primal carry, and the unknown side is a linear_loop that
// recomputes the primal carries from them (beyond JAX, which cannot
// differentiate a while loop in reverse mode).
//
// Batching (vmap): the regions are batched with the pass's own machinery
// (BatchContext::batchRegion), as JAX batches the closed jaxprs of its
// control-flow primitives. A branch or a remat body runs once: its
// arguments are mapped where their operands are. A loop body runs many
// times: every mapped value enters it along dimension 0 (a stacked operand,
// a scan's xs or a snapshot buffer, along 1, its slices along 0), so that
// the body's ops agree on the batch dimension and no step transposes what
// one transpose before the loop can. A loop carry is mapped if it is on
// entry or some step makes it so (the least fixed point over mappedYields,
// as in JAX's _scan_batching_rule and _while_loop_batching_rule).
//
// A mapped value cannot choose a branch or end a loop for the whole batch:
// a cond with a mapped index runs every branch and each member selects the
// results of its own (JAX's select_n), and a while with a mapped predicate
// runs while any member's holds, each member keeping its carry once its
// own predicate fails.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_RULES_CONTROLFLOW_CONTROLFLOWRULES_H
#define JXP_RULES_CONTROLFLOW_CONTROLFLOWRULES_H

#include "Rules/BatchRules.h"

#include "mlir/IR/IRMapping.h"

namespace mlir::jxp::controlflow {

//===----------------------------------------------------------------------===//
// Flags, arguments and regions (AD rules)
//===----------------------------------------------------------------------===//

/// Per tangent, whether it is nonzero (not null).
SmallVector<bool> flagsOf(ArrayRef<Value> tangents);

/// Appends `values[i]` for each flagged `i` (zeros where it is a symbolic
/// zero and `zerosFor` gives the type).
void appendFlagged(Emitter &e, SmallVectorImpl<Value> &out,
                   ArrayRef<Value> values, ValueRange like,
                   ArrayRef<bool> flags);

/// Appends `types[i]` for each flagged `i`.
void appendFlaggedTypes(SmallVectorImpl<Type> &out, TypeRange types,
                        ArrayRef<bool> flags);

/// Appends, per value of `primal`, its tangent in `tangents` (taken in
/// order for the flagged ones) or null.
void appendTangents(SmallVectorImpl<Value> &out, ArrayRef<bool> flags,
                    ValueRange &tangents);

/// Reorders the arguments of `block` to `order` (old indices).
void permuteArguments(Block &block, ArrayRef<unsigned> order);

/// The indices 0..n-1 of groups of sizes `sizes`, concatenated in the
/// group order `groups`.
SmallVector<unsigned> groupOrder(ArrayRef<unsigned> sizes,
                                 ArrayRef<unsigned> groups);

/// How many flags are set.
unsigned count(ArrayRef<bool> flags);

/// Per value, whether partial evaluation knows it as unknown.
SmallVector<bool> unknownFlags(PartialEvalContext &ctx, ValueRange values);

/// A detached op owning `n` regions for splits not yet given to an op
/// (builders reach the context through a region's parent op). It is never
/// inserted or verified: the regions are taken or dropped with it.
OwningOpRef<Operation *> regionHolder(Operation *like, unsigned n);

/// Which values `src` yields are unknown when the arguments flagged in
/// `unknownArgs` are (and those flagged in `force`): a split built and
/// thrown away, the step of a carry fixed point.
FailureOr<SmallVector<bool>> unknownResults(PartialEvalContext &ctx,
                                            Region &src,
                                            ArrayRef<bool> unknownArgs,
                                            ArrayRef<bool> force);

/// The values of `values` flagged (or not, if `flagged` is false).
SmallVector<Value> select(ValueRange values, ArrayRef<bool> flags,
                          bool flagged = true);

/// Each flag flipped.
SmallVector<bool> negate(ArrayRef<bool> flags);

/// Maps, in order, the results of the op being split whose flag in
/// `unknownFlags` is `unknown` to `values` (on that side).
void setResults(PartialEvalContext &ctx, ValueRange results,
                ArrayRef<bool> unknownFlags, bool unknown, ValueRange values);

/// Erases the arguments of `block` flagged in `flags`, counted from
/// `offset` (they must be unused).
void eraseFlaggedArguments(Block &block, unsigned offset,
                           ArrayRef<bool> flags);

/// The JVP of a region op whose operands after the first `numPrefix` (which
/// have no tangents) are what each region takes, and whose results are what
/// each yields (cond's branches, remat's body): the same op over those
/// operands then their nonzero tangents, giving the results then theirs. A
/// result has a tangent if any region gives it one.
LogicalResult jvpOfBranches(Operation *op, JvpContext &ctx,
                            unsigned numPrefix);

/// The transpose of such a region op (see jvpOfBranches), linear in some
/// of the operands its regions take: the same op over the first
/// `numPrefix` operands (which must not be linear), the non-linear ones
/// and the nonzero cotangents, each region transposed, giving the
/// cotangents of the linear operands.
LogicalResult transposeBranches(Operation *op, TransposeContext &ctx,
                                unsigned numPrefix);

/// Clones the ops of `block` (without its terminator) at `b`, `map`
/// giving its arguments' counterparts, and returns what it yields.
SmallVector<Value> cloneBlockAt(OpBuilder &b, Block &block, IRMapping &map);

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

/// Per batch dimension, whether it is mapped (not kNotMapped).
SmallVector<bool> mappedFlags(ArrayRef<int64_t> dims);

/// Each type with a batch dimension of `size` at `dims[i]` (kNotMapped:
/// unchanged).
SmallVector<Type> batchedTypes(TypeRange types, ArrayRef<int64_t> dims,
                               int64_t size);

/// Adds each of `results` to `ctx`, mapped along `dims[i]`.
void addResults(BatchContext &ctx, ValueRange results,
                ArrayRef<int64_t> dims);

/// A loop's operand `v`, mapped along `d` (or not), entering the loop
/// along `to` if `mapped` (the carry analysis may map it where `d` does
/// not: it is then broadcast). `dim` receives its batch dimension.
Value intoLoop(Emitter &e, Value v, int64_t d, bool mapped, int64_t to,
               int64_t size, int64_t &dim);

/// Which loop carries are mapped: the fixed point from `init` of one step
/// of `region`, which yields the carries first and whose arguments are
/// mapped as `argFlags(carries)` says.
FailureOr<SmallVector<bool>>
mappedCarries(Operation *op, BatchContext &ctx, Region &region,
              ArrayRef<bool> init,
              llvm::function_ref<SmallVector<bool>(ArrayRef<bool>)> argFlags);

/// Moves each value `region`'s terminator yields from dimension `have[i]`
/// to `want[i]` (broadcast along it if it is not mapped; kept if `want[i]`
/// is kNotMapped, which `have[i]` must be then).
LogicalResult yieldAt(Region &region, ArrayRef<int64_t> have,
                      ArrayRef<int64_t> want, int64_t size);

/// `v` where `pred` (a scalar) holds, else v's stop_gradient: `v` as it
/// is for the forward pass, but reverse mode sends it no cotangent where
/// `pred` fails (not even a NaN times zero from a branch not taken).
Value guarded(Emitter &e, Value pred, Value v);

//===----------------------------------------------------------------------===//
// Each op's batching rule, attached by attachControlFlowBatchRules
//===----------------------------------------------------------------------===//

void attachCondBatchRules(MLIRContext *ctx);
void attachWhileBatchRules(MLIRContext *ctx);
void attachLinearLoopBatchRules(MLIRContext *ctx);
void attachScanBatchRules(MLIRContext *ctx);
void attachRematBatchRules(MLIRContext *ctx);

} // namespace mlir::jxp::controlflow

#endif // JXP_RULES_CONTROLFLOW_CONTROLFLOWRULES_H
