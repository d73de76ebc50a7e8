// Batching rules of the linear-algebra ops (lib/Rules/LinalgRules.cpp):
// they take a batch of leading dimensions, so the batch goes first, and an
// unmapped right-hand side is broadcast to it.
// RUN: jxp-opt %s --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --jxp-batch --inline --canonicalize --cse --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO
// HLO-NOT: jxp.

// CHECK-LABEL: func.func private @chol_batched(%arg0: tensor<3x3x4xf32>, %arg1: tensor<3x2xf32>)
// CHECK-NEXT:    %[[A:.*]] = jxp.transpose %arg0, permutation = [2, 0, 1] : (tensor<3x3x4xf32>) -> tensor<4x3x3xf32>
// CHECK-NEXT:    %[[L:.*]] = jxp.cholesky %[[A]] : tensor<4x3x3xf32>
// CHECK-NEXT:    %[[B:.*]] = jxp.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT:    jxp.triangular_solve %[[L]], %[[B]] {left_side, lower} : (tensor<4x3x3xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
func.func private @chol(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> (tensor<3x3xf32>, tensor<3x2xf32>) {
  %l = jxp.cholesky %a : tensor<3x3xf32>
  %x = jxp.triangular_solve %l, %b {left_side, lower} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %l, %x : tensor<3x3xf32>, tensor<3x2xf32>
}
func.func @chol_main(%a: tensor<3x3x4xf32>, %b: tensor<3x2xf32>) -> (tensor<4x3x3xf32>, tensor<4x3x2xf32>) {
  %r:2 = jxp.vmap @chol(%a, %b) in_axes [2, -1] out_axes [0, 0] size 4 : (tensor<3x3x4xf32>, tensor<3x2xf32>) -> (tensor<4x3x3xf32>, tensor<4x3x2xf32>)
  return %r#0, %r#1 : tensor<4x3x3xf32>, tensor<4x3x2xf32>
}
