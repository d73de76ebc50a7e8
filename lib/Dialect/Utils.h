//===- Utils.h - small helpers shared by every layer ------------*- C++ -*-===//
//
// One definition of each small helper the verifiers, the rules and the
// lowerings all need: the tensor type of a value, the real and complex
// types of an element's precision, index-list arithmetic, and the checks
// the family verifiers (lib/Dialect/<Family>Ops.cpp) share. Everything here
// is inline and reads only builtin types, so any file of lib/ may include
// it.
//
//===----------------------------------------------------------------------===//

#ifndef JXP_DIALECT_UTILS_H
#define JXP_DIALECT_UTILS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::jxp {

//===----------------------------------------------------------------------===//
// Types and index lists
//===----------------------------------------------------------------------===//

/// The type of `v`, a ranked tensor (every jxp value is one).
inline RankedTensorType tensorType(Value v) {
  return llvm::cast<RankedTensorType>(v.getType());
}

/// The real type of `elt`'s precision (elt itself if real).
inline Type realOf(Type elt) {
  auto c = llvm::dyn_cast<ComplexType>(elt);
  return c ? c.getElementType() : elt;
}

/// The complex type of `elt`'s precision (elt itself if complex).
inline Type complexOf(Type elt) {
  return llvm::isa<ComplexType>(elt) ? elt : ComplexType::get(elt);
}

/// Whether `perm` is the identity permutation.
inline bool isIdentity(ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if (p != (int64_t)i)
      return false;
  return true;
}

/// `a` followed by `b`.
inline SmallVector<int64_t> concat(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  SmallVector<int64_t> r(a);
  r.append(b.begin(), b.end());
  return r;
}
inline SmallVector<Type> concat(ArrayRef<Type> a, ArrayRef<Type> b) {
  SmallVector<Type> r(a);
  r.append(b.begin(), b.end());
  return r;
}

/// The shape left after removing `dims` from `shape`.
inline SmallVector<int64_t> dropDims(ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t> dims) {
  SmallVector<int64_t> out;
  for (auto [i, d] : llvm::enumerate(shape))
    if (!llvm::is_contained(dims, (int64_t)i))
      out.push_back(d);
  return out;
}

/// `shape` as the verifiers print it: `[2, 3]`.
inline std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

//===----------------------------------------------------------------------===//
// Verifier checks
//===----------------------------------------------------------------------===//

/// Checks that `dims` are distinct dimensions of an array of rank `rank`.
inline LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims,
                               int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError() << what << " " << d
                               << " is out of range for rank " << rank;
    if (!seen.insert(d).second)
      return op->emitOpError() << what << " " << d << " appears twice";
  }
  return success();
}

/// Checks that `op`'s first result has shape `expected`.
inline LogicalResult expectShape(Operation *op, ArrayRef<int64_t> expected) {
  auto actual = tensorType(op->getResult(0)).getShape();
  if (actual != expected)
    return op->emitOpError() << "result shape " << shapeStr(actual)
                             << " should be " << shapeStr(expected);
  return success();
}

/// Checks that `v`'s element type is `expected`.
inline LogicalResult expectElementType(Operation *op, Value v, Type expected,
                                       StringRef what) {
  Type actual = tensorType(v).getElementType();
  if (actual != expected)
    return op->emitOpError() << what << " element type " << actual
                             << " should be " << expected;
  return success();
}

/// The lower-rank operand (min/max of clamp, pred of select) has the
/// operand's shape or is a scalar.
inline LogicalResult checkScalarOrSameShape(Operation *op, Value v, Value like,
                                            StringRef what) {
  auto t = tensorType(v);
  if (t.getRank() != 0 && t.getShape() != tensorType(like).getShape())
    return op->emitOpError() << what << " must be a scalar or have shape "
                             << shapeStr(tensorType(like).getShape());
  return success();
}

} // namespace mlir::jxp

#endif // JXP_DIALECT_UTILS_H
