//===- IndexingRules.cpp - AD rules of dot_general, gather, scatter, sort -===//

#include "Rules/RuleBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult DotGeneralOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult DotGeneralOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult GatherOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult GatherOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult ScatterOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult ScatterOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult SortOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult SortOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
