//===- RuleContext.h - what transformation rules are handed -----*- C++ -*-===//
//
// Each op states its derivative rules (lib/Rules) against these contexts;
// the passes (lib/Transforms) implement them. A context carries the builder
// and the values at hand, and the pass's services a rule may need: the
// tangent of any value in scope, differentiating or transposing a nested
// region, asking the tracer for a rule it has not provided. Region ops
// (control flow) state their rules with the same interfaces as every other
// op.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DIALECT_RULECONTEXT_H
#define JXP_DIALECT_RULECONTEXT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace jxp {

/// Ops without derivatives (comparisons, integer ops, random bits, ...):
/// their results never carry tangents.
template <typename ConcreteType>
class NonDifferentiable
    : public OpTrait::TraitBase<ConcreteType, NonDifferentiable> {};

/// Ops linear in their differentiable operands (reshape, slice, pad, ...):
/// the JVP is the op applied to the tangents, other operands unchanged.
template <typename ConcreteType>
class LinearJvp : public OpTrait::TraitBase<ConcreteType, LinearJvp> {};

/// A rule the tracer has not provided yet (see JvpContext::requestRule):
/// where it was needed and the request to hand back to the tracer.
struct RuleRequest {
  Location loc;
  std::string request;
};
using RuleRequests = SmallVector<RuleRequest>;

/// What a JVP rule is handed. A null Value is a symbolic zero.
class JvpContext {
public:
  JvpContext(OpBuilder &b, ArrayRef<Value> tangents)
      : b(b), operandTangents(tangents) {}
  virtual ~JvpContext() = default;

  /// Inserts after the op being differentiated.
  OpBuilder &builder() { return b; }
  /// One tangent per operand of the op.
  ArrayRef<Value> tangents() const { return operandTangents; }
  /// Where the rule appends its result tangents (see JvpRule).
  SmallVectorImpl<Value> &results() { return resultTangents; }

  /// The tangent of any value in scope at the op: region rules read those
  /// of the values their regions capture.
  virtual Value tangentOf(Value v) = 0;

  /// Builds the JVP of the single-block region `src` into the empty region
  /// `dst`. Its block takes src's arguments, then a tangent for each
  /// argument flagged in `argTangents`; its terminator (src's, re-created)
  /// yields src's values, then a tangent for each flagged in
  /// `resultTangents` (zeros materialized where the tangent is zero).
  /// `nonzero` receives, per yielded value, whether its tangent is nonzero.
  virtual LogicalResult differentiateRegion(Region &src, Region &dst,
                                            ArrayRef<bool> argTangents,
                                            ArrayRef<bool> resultTangents,
                                            SmallVectorImpl<bool> &nonzero) = 0;

  /// Per value yielded by `src`'s terminator, whether it may carry a
  /// nonzero tangent when the arguments flagged in `argTangents` (and the
  /// captured values with tangents) do. Builds nothing: the step of a
  /// carry fixed point (see carryFixedPoint).
  virtual SmallVector<bool> nonzeroTangents(Region &src,
                                            ArrayRef<bool> argTangents) = 0;

  /// Asks the tracer for a rule it has not provided yet (a custom_jvp rule
  /// for a pattern of symbolic zeros). The rule then gives zero tangents
  /// so that the pass can collect every request; the pass fails at its end
  /// with one `missing-rule` diagnostic per request, carrying `request`.
  virtual void requestRule(Operation *op, StringRef request) = 0;

protected:
  OpBuilder &b;
  ArrayRef<Value> operandTangents;
  SmallVector<Value> resultTangents;
};

/// What a transpose rule is handed. A null Value is a zero cotangent (or,
/// among operands, a linear one).
class TransposeContext {
public:
  TransposeContext(OpBuilder &b, ArrayRef<Value> operands,
                   ArrayRef<Value> cotangents)
      : b(b), nonLinearOperands(operands), resultCotangents(cotangents) {}
  virtual ~TransposeContext() = default;

  OpBuilder &builder() { return b; }
  /// Per operand: its value in the transposed function if it is not
  /// linear, else null.
  ArrayRef<Value> operands() const { return nonLinearOperands; }
  /// One cotangent per result of the op.
  ArrayRef<Value> cotangents() const { return resultCotangents; }
  /// Where the rule appends one cotangent per operand.
  SmallVectorImpl<Value> &results() { return operandCotangents; }

  /// Whether `v` (of the function being transposed) is linear.
  virtual bool isLinear(Value v) = 0;

  /// Builds the transpose of the single-block region `src`, linear in the
  /// arguments flagged in `linearArgs`, into the empty region `dst`. Its
  /// block takes src's other arguments, then one cotangent per value src
  /// yields (read as zero where flagged in `zeroCotangents`); it
  /// yields one cotangent per linear argument. Linear values the region
  /// captures must be passed as arguments instead.
  virtual LogicalResult transposeRegion(Region &src, Region &dst,
                                        ArrayRef<bool> linearArgs,
                                        ArrayRef<bool> zeroCotangents) = 0;

protected:
  OpBuilder &b;
  ArrayRef<Value> nonLinearOperands, resultCotangents;
  SmallVector<Value> operandCotangents;
};

/// What a partial-evaluation rule is handed: the known (primal) function
/// and the unknown (linear) one under construction.
class PartialEvalContext {
public:
  virtual ~PartialEvalContext() = default;
  virtual OpBuilder &knownBuilder() = 0;
  virtual OpBuilder &unknownBuilder() = 0;
  /// Whether `v` (of the function being split) depends on an unknown input.
  virtual bool isUnknown(Value v) = 0;
  /// `v`'s counterpart in the known function (v must be known).
  virtual Value known(Value v) = 0;
  /// `v`'s counterpart in the unknown function; a known value becomes a
  /// residual (or is recomputed there if it is operand-free, a constant).
  virtual Value unknown(Value v) = 0;
  virtual void setKnown(Value result, Value inKnown) = 0;
  virtual void setUnknown(Value result, Value inUnknown) = 0;
  /// Today's split, the default rule: the whole op goes to the unknown side
  /// if any operand is unknown, else to the known side.
  virtual LogicalResult defaultSplit(Operation *op) = 0;

  /// `inKnown`, a value of the known function, made a residual: its
  /// counterpart in the unknown function (one per value, however often
  /// asked).
  virtual Value residual(Value inKnown) = 0;

  /// How splitRegion split a region.
  struct RegionSplit {
    /// Per yielded value, whether it went to the unknown side.
    SmallVector<bool> unknownResults;
    unsigned numResiduals = 0;
  };
  /// Splits the single-block region `src` as a function is split, into the
  /// empty regions `known` and `unknown` (which may belong to no op yet):
  ///   known block:   (src's known arguments...) ->
  ///                  (src's known yielded values..., residuals...)
  ///   unknown block: (residuals..., src's unknown arguments...) ->
  ///                  (src's unknown yielded values...)
  /// Arguments flagged in `unknownArgs` are unknown. A yielded value is
  /// unknown if it depends on one or if flagged in `forceUnknown` (a known
  /// value is then a residual). Both terminators are src's, re-created.
  virtual FailureOr<RegionSplit> splitRegion(Region &src, Region &known,
                                             Region &unknown,
                                             ArrayRef<bool> unknownArgs,
                                             ArrayRef<bool> forceUnknown) = 0;
};

/// What a transform op's `derive` is handed: the module's symbols and the
/// driver's cache of derived functions.
class TransformContext {
public:
  virtual ~TransformContext() = default;
  virtual SymbolTable &symbols() = 0;
  /// Where derivations record the rules they asked the tracer for.
  virtual RuleRequests &ruleRequests() = 0;
  /// The function cached under `key`, or `build()`'s result, cached.
  virtual FailureOr<func::FuncOp>
  cached(StringRef key, llvm::function_ref<FailureOr<func::FuncOp>()> build) = 0;
};

/// The batch dimension of a value that is not mapped (vmap's None).
inline constexpr int64_t kNotMapped = -1;
/// Where a batched function returns a value summed over the batch (the
/// cotangent of an input that is not mapped).
inline constexpr int64_t kSummed = -2;

/// What a batching rule is handed: the op's operands in the batched
/// function, each mapped along one dimension or not mapped, and the mapped
/// axis (its size, and its name for collectives).
class BatchContext {
public:
  BatchContext(OpBuilder &b, ArrayRef<Value> operands, ArrayRef<int64_t> dims,
               int64_t size, StringAttr axisName)
      : b(b), batchedOperands(operands), operandDims(dims), axisSize(size),
        name(axisName) {}
  virtual ~BatchContext() = default;

  OpBuilder &builder() { return b; }
  /// One value per operand of the op, of the batched function.
  ArrayRef<Value> operands() const { return batchedOperands; }
  /// One batch dimension per operand (kNotMapped: not mapped).
  ArrayRef<int64_t> dims() const { return operandDims; }
  int64_t size() const { return axisSize; }
  /// The mapped axis's name (null if it has none).
  StringAttr axisName() const { return name; }

  /// Adds the next result of the op: its value and batch dimension.
  void addResult(Value v, int64_t dim) {
    resultValues.push_back(v);
    resultDims.push_back(dim);
  }
  ArrayRef<Value> results() const { return resultValues; }
  ArrayRef<int64_t> dimsOfResults() const { return resultDims; }

  /// Builds the batched form of the single-block region `src` into the
  /// empty region `dst`: its block's argument `i` is mapped along
  /// `argDims[i]`. Per yielded value, `yieldDims[i]` says where the
  /// terminator (src's, re-created) yields it: kNotMapped (it must not be
  /// mapped; an error otherwise), kSummed (summed over the batch) or a
  /// dimension (it is moved there, or
  /// broadcast if it is not mapped). Pass `yieldDims` empty to yield each
  /// value where it is; `yielded` then receives the dimensions.
  virtual LogicalResult batchRegion(Region &src, Region &dst,
                                    ArrayRef<int64_t> argDims,
                                    ArrayRef<int64_t> yieldDims,
                                    SmallVectorImpl<int64_t> &yielded) = 0;

  /// Per value `src`'s terminator yields, whether it is mapped when the
  /// arguments flagged in `argMapped` are (mapped along dimension 0).
  /// Builds nothing that stays: the step of a carry fixed point.
  virtual FailureOr<SmallVector<bool>>
  mappedYields(Region &src, ArrayRef<bool> argMapped) = 0;

  /// The function `fn` batched with its inputs mapped along `inDims` and
  /// each result returned along `outDims` (as a vmap's in_axes/out_axes,
  /// or kSummed),
  /// built once per signature: custom-rule calls batch their rules so.
  virtual FailureOr<FlatSymbolRefAttr>
  batchFunction(Operation *user, FlatSymbolRefAttr fn,
                ArrayRef<int64_t> inDims, ArrayRef<int64_t> outDims) = 0;

protected:
  OpBuilder &b;
  ArrayRef<Value> batchedOperands;
  ArrayRef<int64_t> operandDims;
  int64_t axisSize;
  StringAttr name;
  SmallVector<Value> resultValues;
  SmallVector<int64_t> resultDims;
};

/// Attaches every op's batching rule (lib/Rules; called when the dialect
/// is loaded).
void attachBatchRules(MLIRContext *ctx);

/// The JVP rule of ops with the NonDifferentiable or LinearJvp trait.
LogicalResult defaultJvp(Operation *op, JvpContext &ctx);

/// The least fixed point of `step` over one flag per loop carry (nonzero
/// tangent, unknown, batched, varying, live...), from `init`: flags only
/// turn on (each round joins step's result into the state), so it stops
/// after at most one round per carry plus one. The one loop every
/// carry analysis shares.
inline FailureOr<SmallVector<bool>> carryFixedPoint(
    ArrayRef<bool> init,
    llvm::function_ref<FailureOr<SmallVector<bool>>(ArrayRef<bool>)> step) {
  SmallVector<bool> state(init);
  for (size_t round = 0; round <= state.size(); ++round) {
    FailureOr<SmallVector<bool>> next = step(state);
    if (failed(next) || next->size() != state.size())
      return failure();
    bool changed = false;
    for (auto [s, n] : llvm::zip(state, *next))
      if (n && !s) {
        s = true;
        changed = true;
      }
    if (!changed)
      return state;
  }
  return state; // unreachable for a step of the right size
}

} // namespace jxp
} // namespace mlir

#endif // JXP_DIALECT_RULECONTEXT_H
