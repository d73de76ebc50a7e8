// Batching of custom_lin (lib/Rules/ADRules.cpp), the linear part of a
// custom_vjp call, met only when a function holding one is batched before
// it is transposed: every operand mapped along 0, and bwd batched so that
// each cotangent is mapped like its tangent. (It cannot be evaluated, so
// there is no lowering to check.)
// RUN: jxp-opt %s --jxp-batch | FileCheck %s

// CHECK-LABEL: func.func private @bwd_batched(%arg0: tensor<4x3xf32>, %arg1: tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    jxp.mul %arg0, %arg1 : tensor<4x3xf32>
// CHECK-LABEL: func.func private @lin_batched(%arg0: tensor<3xf32>, %arg1: tensor<3x4xf32>)
// CHECK-NEXT:    %[[R:.*]] = jxp.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %[[T:.*]] = jxp.transpose %arg1, permutation = [1, 0]
// CHECK-NEXT:    jxp.custom_lin @bwd_batched(%[[R]], %[[T]]) residuals 1 closure 0 : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
func.func private @bwd(%r: tensor<3xf32>, %ct: tensor<3xf32>) -> tensor<3xf32> {
  %g = jxp.mul %r, %ct : tensor<3xf32>
  return %g : tensor<3xf32>
}
func.func private @lin(%r: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.custom_lin @bwd(%r, %t) residuals 1 closure 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @main(%r: tensor<3xf32>, %t: tensor<3x4xf32>) -> tensor<4x3xf32> {
  %y = jxp.vmap @lin(%r, %t) in_axes [-1, 1] out_axes [0] size 4 : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}
