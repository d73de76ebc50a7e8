// Lowering of the shape ops to (unregistered, generic-form) StableHLO.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.

//===----------------------------------------------------------------------===//
// Ops lowered by name: same operands, same attributes.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant
// CHECK: %[[C:.*]] = "stablehlo.constant"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: return %[[C]]
func.func @constant() -> tensor<2xf32> {
  %c = jxp.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK: "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x3xi32>
func.func @iota() -> tensor<4x3xi32> {
  %i = jxp.iota dim = 1 : tensor<4x3xi32>
  return %i : tensor<4x3xi32>
}

// -----

// CHECK-LABEL: func.func @shape_ops
// CHECK: %[[B:.*]] = "stablehlo.broadcast_in_dim"(%{{.*}}) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[T:.*]] = "stablehlo.transpose"(%[[B]]) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %[[R:.*]] = "stablehlo.reshape"(%[[T]]) : (tensor<3x2xf32>) -> tensor<6xf32>
// CHECK: "stablehlo.slice"(%[[R]]) {limit_indices = array<i64: 5>, start_indices = array<i64: 1>, strides = array<i64: 2>} : (tensor<6xf32>) -> tensor<2xf32>
func.func @shape_ops(%x: tensor<3xf32>) -> tensor<2xf32> {
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = jxp.transpose %0, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = jxp.reshape %1 : (tensor<3x2xf32>) -> tensor<6xf32>
  %3 = jxp.slice %2, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
  return %3 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slices
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>)
// CHECK: %[[S:.*]] = "stablehlo.dynamic_slice"(%[[X]], %[[I]], %[[J]]) {slice_sizes = array<i64: 2, 5>} : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
// CHECK: "stablehlo.dynamic_update_slice"(%[[X]], %[[S]], %[[J]], %[[I]]) : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
func.func @dynamic_slices(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x5xf32> {
  %0 = jxp.dynamic_slice %x[%i, %j], sizes = [2, 5] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
  %1 = jxp.dynamic_update_slice %x[%j, %i], %0 : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK: "stablehlo.concatenate"(%{{.*}}, %{{.*}}) {dimension = 1 : i64} : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
func.func @concatenate(%x: tensor<2x1xi32>, %y: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %0 = jxp.concatenate dim = 1, %x, %y : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK: "stablehlo.pad"(%{{.*}}, %{{.*}}) {edge_padding_high = array<i64: -2, 0>, edge_padding_low = array<i64: -1, 2>, interior_padding = array<i64: 0, 2>} : (tensor<5x2xf32>, tensor<f32>) -> tensor<2x6xf32>
func.func @pad(%x: tensor<5x2xf32>, %v: tensor<f32>) -> tensor<2x6xf32> {
  %0 = jxp.pad %x, %v, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<5x2xf32>, tensor<f32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @reverse_and_cbrt
// CHECK: %[[R:.*]] = "stablehlo.reverse"(%{{.*}}) {dimensions = array<i64: 1>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: "stablehlo.cbrt"(%[[R]]) : (tensor<3x2xf32>) -> tensor<3x2xf32>
func.func @reverse_and_cbrt(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.reverse %x, dims = [1] : tensor<3x2xf32>
  %1 = jxp.cbrt %0 : tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}
