//===- JxpCollectives.cpp - verifiers of the collective ops -----*- C++ -*-===//

#include "Dialect/JxpDialect.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::jxp;

/// The named axes: at least one, each named once.
static LogicalResult verifyAxes(Operation *op, ArrayAttr axes) {
  if (axes.empty())
    return op->emitOpError("needs at least one axis name");
  llvm::StringSet<> seen; // names seen so far
  for (Attribute a : axes) {
    StringRef name = llvm::cast<StringAttr>(a).getValue();
    if (name.empty())
      return op->emitOpError("axis names must not be empty");
    if (!seen.insert(name).second)
      return op->emitOpError("names axis '") << name << "' twice";
  }
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (getKind() != ReduceKind::Sum && getKind() != ReduceKind::Max &&
      getKind() != ReduceKind::Min)
    return emitOpError("reduces with sum, max or min, not ")
           << stringifyReduceKind(getKind());
  if (getKind() == ReduceKind::Sum &&
      getOperand().getType().getElementType().isInteger(1))
    return emitOpError("cannot sum booleans");
  return verifyAxes(*this, getAxes());
}

LogicalResult AllGatherOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  auto in = getOperand().getType();
  auto out = getResult().getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result element type must be the operand's, ")
           << in.getElementType();
  int64_t axis = getAxis(), rank = in.getRank();
  bool tiled = getTiled();
  if (axis < 0 || axis > rank - (tiled ? 1 : 0))
    return emitOpError("axis ") << axis << " is out of range for " << in;
  if (out.getRank() != rank + (tiled ? 0 : 1))
    return emitOpError("result must have rank ") << rank + (tiled ? 0 : 1);
  for (int64_t d = 0, r = 0; d < rank; ++d, ++r) {
    if (!tiled && r == axis)
      ++r;
    int64_t want = in.getDimSize(d), got = out.getDimSize(r);
    if (tiled && d == axis) {
      if (want ? got % want != 0 : got != 0)
        return emitOpError("tiled result dimension ")
               << axis << " must be a multiple of " << want << ", got " << got;
    } else if (want != got) {
      return emitOpError("result dimension ")
             << r << " must be " << want << ", got " << got;
    }
  }
  return success();
}

LogicalResult PpermuteOp::verify() {
  if (failed(verifyAxes(*this, getAxes())))
    return failure();
  ArrayRef<int64_t> perm = getPerm();
  if (perm.size() % 2)
    return emitOpError("perm must list (source, destination) pairs");
  llvm::SmallDenseSet<int64_t> sources, dests;
  for (size_t i = 0; i < perm.size(); i += 2) {
    if (perm[i] < 0 || perm[i + 1] < 0)
      return emitOpError("perm indices must be non-negative");
    if (!sources.insert(perm[i]).second)
      return emitOpError("perm has source ") << perm[i] << " twice";
    if (!dests.insert(perm[i + 1]).second)
      return emitOpError("perm has destination ") << perm[i + 1] << " twice";
  }
  return success();
}

LogicalResult AxisIndexOp::verify() { return verifyAxes(*this, getAxes()); }
