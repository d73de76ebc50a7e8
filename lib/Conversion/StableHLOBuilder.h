//===- StableHLOBuilder.h - building unregistered StableHLO -----*- C++ -*-===//
//
// StableHLO is not registered in this build of MLIR (see docs/design.md §1), so
// lowering rules create its ops by name through these helpers, and its
// attributes from their textual syntax. jaxlib parses and verifies the result.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_CONVERSION_STABLEHLOBUILDER_H
#define JXP_CONVERSION_STABLEHLOBUILDER_H

#include "Dialect/JxpDialect.h"

namespace mlir::jxp::hlo {

/// Creates the StableHLO op `name` ("add" for "stablehlo.add").
Operation *create(OpBuilder &b, Location loc, StringRef name,
                  ValueRange operands, TypeRange results,
                  ArrayRef<NamedAttribute> attrs = {}, unsigned numRegions = 0);

/// The single result of a new StableHLO op.
Value op(OpBuilder &b, Location loc, StringRef name, ValueRange operands,
         Type result, ArrayRef<NamedAttribute> attrs = {});

/// Parses StableHLO attribute syntax, e.g. "#stablehlo<comparison_direction LT>".
Attribute attr(MLIRContext *ctx, StringRef text);

/// "[1, 2]" — the list syntax inside #stablehlo.dot<...> and friends.
std::string list(ArrayRef<int64_t> values);

/// A 0-d tensor type of `elt`.
RankedTensorType scalarType(Type elt);

/// Element constants of type `elt`: a value, or the lowest/highest value
/// (-inf/+inf for floats).
Attribute scalarAttr(Type elt, double value);
Attribute lowestAttr(Type elt);
Attribute highestAttr(Type elt);

Value constant(OpBuilder &b, Location loc, Attribute value);
Value broadcast(OpBuilder &b, Location loc, Value v, RankedTensorType to,
                ArrayRef<int64_t> dims);

/// The compare type StableHLO expects for `elt`: FLOAT, SIGNED or UNSIGNED.
StringRef compareType(Type elt);
Value compare(OpBuilder &b, Location loc, Value lhs, Value rhs, StringRef dir,
              StringRef type = "");

/// The real or imaginary part (`part` is "real" or "imag") of complex `v`.
Value complexPart(OpBuilder &b, Location loc, Value v, StringRef part);

/// `x dir y` for complex x and y, ordered by real part, then imaginary part,
/// as JAX orders them. XLA has no order on complex numbers: its constant
/// folder aborts the process on an ordered comparison of them.
Value compareComplex(OpBuilder &b, Location loc, Value x, Value y,
                     StringRef dir);

/// max(x, y) (`isMax`) or min(x, y) of any element type; complex numbers in
/// the order above (XLA's folder rejects their maximum and minimum).
Value maxOrMin(OpBuilder &b, Location loc, Value x, Value y, bool isMax);

/// Adds a block to `region` with one 0-d tensor argument per type and sets
/// the builder's insertion point into it.
Block *addScalarBody(OpBuilder &b, Region &region, TypeRange eltTypes,
                     Location loc);
void ret(OpBuilder &b, Location loc, ValueRange values);

/// The identity of the monoid `kind` over `elt` (a reduction's init).
Attribute monoidIdentity(ReduceKind kind, Type elt);
/// Fills `region` with `^bb0(%a, %b): return %a <op> %b`, the monoid
/// `kind`'s operation over `elt` (a reduction's or a scatter's body).
void buildMonoidBody(OpBuilder &b, Location loc, Region &region,
                     ReduceKind kind, Type elt);

} // namespace mlir::jxp::hlo

#endif // JXP_CONVERSION_STABLEHLOBUILDER_H
