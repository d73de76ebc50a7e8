// Round trip of the reductions and scans (reduce, argmax/argmin, cumsum,
// cumprod, cummax, cummin):
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reduce_kinds
// CHECK: jxp.reduce sum %{{.*}}, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
// CHECK: jxp.reduce prod %{{.*}}, dims = [1] : (tensor<4x2xf32>) -> tensor<4xf32>
// CHECK: jxp.reduce max %{{.*}}, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<f32>
// CHECK: jxp.reduce min %{{.*}}, dims = [] : (tensor<4x2xf32>) -> tensor<4x2xf32>
func.func @reduce_kinds(%x: tensor<4x2xf32>) -> (tensor<2xf32>, tensor<4xf32>, tensor<f32>, tensor<4x2xf32>) {
  %0 = jxp.reduce sum %x, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
  %1 = jxp.reduce prod %x, dims = [1] : (tensor<4x2xf32>) -> tensor<4xf32>
  %2 = jxp.reduce max %x, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<f32>
  %3 = jxp.reduce min %x, dims = [] : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<4xf32>, tensor<f32>, tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_logical
// CHECK: jxp.reduce and %{{.*}}, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
// CHECK: jxp.reduce or %{{.*}}, dims = [0] : (tensor<2x3xui8>) -> tensor<3xui8>
func.func @reduce_logical(%b: tensor<2x3xi1>, %u: tensor<2x3xui8>) -> (tensor<2xi1>, tensor<3xui8>) {
  %0 = jxp.reduce and %b, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
  %1 = jxp.reduce or %u, dims = [0] : (tensor<2x3xui8>) -> tensor<3xui8>
  return %0, %1 : tensor<2xi1>, tensor<3xui8>
}

// -----

// CHECK-LABEL: func.func @argmax_axis1
// CHECK: jxp.argmax %{{.*}}, axis = 1 : (tensor<4x3xf32>) -> tensor<4xi32>
func.func @argmax_axis1(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  %0 = jxp.argmax %x, axis = 1 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @argmin_axis0
// CHECK: jxp.argmin %{{.*}}, axis = 0 : (tensor<4x3xi8>) -> tensor<3xi64>
func.func @argmin_axis0(%x: tensor<4x3xi8>) -> tensor<3xi64> {
  %0 = jxp.argmin %x, axis = 0 : (tensor<4x3xi8>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func.func @cumsum_forward
// CHECK: jxp.cumsum %{{.*}}, axis = 0 : tensor<4xf32>
// CHECK-NOT: reverse
func.func @cumsum_forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cumsum %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cumsum_reverse
// CHECK: jxp.cumsum %{{.*}}, axis = 1 reverse : tensor<2x4xi32>
func.func @cumsum_reverse(%x: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = jxp.cumsum %x, axis = 1 reverse : tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @cumulative_others
// CHECK: jxp.cumprod %{{.*}}, axis = 0 : tensor<3x2xf32>
// CHECK: jxp.cummax %{{.*}}, axis = 1 reverse : tensor<3x2xf32>
// CHECK: jxp.cummin %{{.*}}, axis = 0 reverse : tensor<3x2xf32>
func.func @cumulative_others(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.cumprod %x, axis = 0 : tensor<3x2xf32>
  %1 = jxp.cummax %0, axis = 1 reverse : tensor<3x2xf32>
  %2 = jxp.cummin %1, axis = 0 reverse : tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}
