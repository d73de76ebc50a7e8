//===- ShapeRules.cpp - AD rules of shape ops ------------------*- C++ -*-===//

#include "Rules/RuleBuilder.h"

using namespace mlir;
using namespace mlir::jxp;

LogicalResult BroadcastInDimOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult BroadcastInDimOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult ReshapeOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult ReshapeOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult TransposeOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult TransposeOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult ReverseOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult ReverseOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult SliceOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult SliceOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult DynamicSliceOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult DynamicSliceOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult DynamicUpdateSliceOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult DynamicUpdateSliceOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult ConcatenateOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult ConcatenateOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
LogicalResult PadOp::jvp(OpBuilder &, ArrayRef<Value>,
                          SmallVectorImpl<Value> &) {
  return emitOpError("JVP rule pending");
}
LogicalResult PadOp::transpose(OpBuilder &, ArrayRef<Value>,
                                ArrayRef<Value>, SmallVectorImpl<Value> &) {
  return emitOpError("transpose rule pending");
}
