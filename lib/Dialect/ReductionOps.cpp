//===- ReductionOps.cpp - the reductions and scans --------------*- C++ -*-===//
//
// reduce (a monoid over dimensions), argmax/argmin and the cumulative
// ops: their verifiers. Tests: test/lit/Dialect/{ops,invalid}_reduction.mlir.
//
//===----------------------------------------------------------------------===//

#include "Dialect/JxpDialect.h"
#include "Dialect/Utils.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult ReduceOp::verify() {
  auto in = getOperand().getType();
  if (failed(checkDims(*this, getDimensions(), in.getRank(), "dimension")) ||
      failed(expectElementType(*this, getResult(), in.getElementType(),
                               "result")))
    return failure();
  bool logical = getKind() == ReduceKind::And || getKind() == ReduceKind::Or;
  if (logical && !in.getElementType().isInteger())
    return emitOpError("'") << stringifyReduceKind(getKind())
                            << "' needs integer or boolean elements";
  return expectShape(*this, dropDims(in.getShape(), getDimensions()));
}

template <typename Op>
static LogicalResult verifyArgReduce(Op op) {
  auto in = op.getOperand().getType();
  int64_t axis = op.getAxis();
  // As in JAX; XLA's constant folder aborts on the comparison the lowering
  // would make.
  if (llvm::isa<ComplexType>(in.getElementType()))
    return op.emitOpError("complex numbers have no order to find an extreme "
                          "of");
  if (axis < 0 || axis >= in.getRank())
    return op.emitOpError("axis ")
           << axis << " is out of range for rank " << in.getRank();
  return expectShape(op, dropDims(in.getShape(), {axis}));
}
LogicalResult ArgMaxOp::verify() { return verifyArgReduce(*this); }
LogicalResult ArgMinOp::verify() { return verifyArgReduce(*this); }

template <typename Op>
static LogicalResult verifyCumulative(Op op) {
  int64_t rank = op.getType().getRank(), axis = op.getAxis();
  if (axis < 0 || axis >= rank)
    return op.emitOpError("axis ") << axis << " is out of range for rank "
                                   << rank;
  // The scan is a reduce_window over the axis padded with n - 1 elements
  // (as JAX lowers it): 2n - 1 must fit in int64, and the padded array be
  // one XLA can compile.
  int64_t n = op.getType().getDimSize(axis);
  if (n > (int64_t(1) << 62))
    return op.emitOpError("axis ")
           << axis << " of size " << n
           << " is too long to scan: padded to 2n - 1 it overflows int64";
  SmallVector<int64_t> padded(op.getType().getShape());
  padded[axis] = std::max<int64_t>(2 * n - 1, 0);
  return verifyArrayType(op.getType().clone(padded), [&] {
    return op.emitOpError("axis ")
           << axis << " of size " << n
           << " is too long to scan: padded to 2n - 1, the array ";
  });
}
LogicalResult CumsumOp::verify() { return verifyCumulative(*this); }
LogicalResult CumprodOp::verify() { return verifyCumulative(*this); }
LogicalResult CummaxOp::verify() { return verifyCumulative(*this); }
LogicalResult CumminOp::verify() { return verifyCumulative(*this); }
