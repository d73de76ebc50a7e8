//===- RuleBuilder.h - building jxp ops in AD rules -------------*- C++ -*-===//
//
// AD rules are written as jxp ops; this emitter keeps them short and reads
// like the math (autodidax's rules in C++). A null Value stands for a
// symbolic zero where documented.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_RULES_RULEBUILDER_H
#define JXP_RULES_RULEBUILDER_H

#include "Dialect/Diagnostics.h"
#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

#include "mlir/IR/TypeUtilities.h"

namespace mlir::jxp {

class Emitter {
public:
  Emitter(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  OpBuilder &b;
  Location loc;

  /// `v`'s tensor type (jxp::tensorType, as rules spell it).
  static RankedTensorType typeOf(Value v) { return tensorType(v); }
  /// Whether values of `t` carry tangents (floats and complex numbers).
  static bool isDifferentiable(Type t);

  /// A constant of `type` whose elements are all `value`.
  Value splat(Type type, double value);
  Value zeros(Type type) { return splat(type, 0); }
  Value zerosLike(Value v) { return zeros(v.getType()); }
  /// `v`, or zeros of `type` if `v` is a symbolic zero.
  Value orZeros(Value v, Type type) { return v ? v : zeros(type); }

  Value neg(Value x);
  Value add(Value x, Value y);
  Value sub(Value x, Value y);
  Value mul(Value x, Value y);
  Value div(Value x, Value y);
  Value rem(Value x, Value y);
  Value max(Value x, Value y);
  Value pow(Value x, Value y);
  Value exp(Value x);
  Value log(Value x);
  Value sin(Value x);
  Value cos(Value x);
  Value sign(Value x);
  Value floor(Value x);
  Value abs(Value x);
  Value andOp(Value x, Value y);
  Value select(Value pred, Value onTrue, Value onFalse);
  Value compare(Value x, Value y, ComparisonDirection dir);
  Value convert(Value x, Type elementType);
  Value real(Value z);
  Value imag(Value z);
  Value complex(Value re, Value im);
  Value iota(RankedTensorType type, int64_t dim);
  Value broadcastInDim(Value x, RankedTensorType to, ArrayRef<int64_t> dims);
  Value reshape(Value x, ArrayRef<int64_t> shape);
  Value transpose(Value x, ArrayRef<int64_t> perm);
  Value reduceSum(Value x, ArrayRef<int64_t> dims);
  Value slice(Value x, ArrayRef<int64_t> start, ArrayRef<int64_t> limit,
              ArrayRef<int64_t> strides);

  /// Symbolic-zero-aware arithmetic on tangents (null is zero).
  Value addT(Value x, Value y) { return !x ? y : !y ? x : add(x, y); }
  Value negT(Value x) { return x ? neg(x) : x; }
  Value mulT(Value t, Value factor) { return t ? mul(t, factor) : t; }
  Value divT(Value t, Value d) { return t ? div(t, d) : t; }
};

/// The JVP rule of an op linear in all the operands it differentiates
/// through: the same op applied to the tangents (zeros materialized for the
/// differentiable operands whose tangent is zero; `keep` operands, such as
/// indices, stay as they are). Returns null tangents if all are zero.
LogicalResult jvpBySameOp(Operation *op, OpBuilder &b, ArrayRef<Value> tangents,
                          SmallVectorImpl<Value> &resultTangents,
                          ArrayRef<unsigned> linearOperands);

/// A JVP rule for ops whose results never carry tangents.
inline LogicalResult zeroJvp(Operation *op,
                             SmallVectorImpl<Value> &resultTangents) {
  resultTangents.append(op->getNumResults(), Value());
  return success();
}

/// The dimensions 0..rank-1 not in `dims` (those a reduction over `dims`
/// keeps).
SmallVector<int64_t> keptDims(int64_t rank, ArrayRef<int64_t> dims);

/// A new op like `op` (its name, properties and attributes) over
/// `operands`, with result types `types` and its regions empty.
Operation *createLike(OpBuilder &b, Operation *op, ValueRange operands,
                      TypeRange types);

/// Fails with "not linear in operand #i" diagnostics.
LogicalResult notLinear(Operation *op, unsigned operand);

/// The share of the tangent of z = max(x, y) (or min) that x's tangent
/// gets: 1 where x alone attains z, 1/2 where y does too (ties split
/// evenly, as JAX's _balanced_eq), else 0.
Value balancedEq(Emitter &e, Value x, Value z, Value y);

} // namespace mlir::jxp

#endif // JXP_RULES_RULEBUILDER_H
