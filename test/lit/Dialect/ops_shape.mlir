// Round trip of the shape ops (constant, iota, broadcast_in_dim, reshape,
// transpose, reverse, slices, concatenate, pad):
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// constant, iota
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant_f32
// CHECK: %[[C:.*]] = jxp.constant dense<[1.000000e+00, -2.500000e+00]> : tensor<2xf32>
// CHECK: return %[[C]]
func.func @constant_f32() -> tensor<2xf32> {
  %c = jxp.constant dense<[1.0, -2.5]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @constant_splat_i32
// CHECK: jxp.constant dense<7> : tensor<2x3xi32>
func.func @constant_splat_i32() -> tensor<2x3xi32> {
  %c = jxp.constant dense<7> : tensor<2x3xi32>
  return %c : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @constant_scalar_types
// CHECK: jxp.constant dense<true> : tensor<i1>
// CHECK: jxp.constant dense<255> : tensor<ui8>
// CHECK: jxp.constant dense<1.500000e+00> : tensor<bf16>
// CHECK: jxp.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
func.func @constant_scalar_types() -> (tensor<i1>, tensor<ui8>, tensor<bf16>, tensor<complex<f32>>) {
  %a = jxp.constant dense<true> : tensor<i1>
  %b = jxp.constant dense<255> : tensor<ui8>
  %c = jxp.constant dense<1.5> : tensor<bf16>
  %d = jxp.constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  return %a, %b, %c, %d : tensor<i1>, tensor<ui8>, tensor<bf16>, tensor<complex<f32>>
}

// -----

// CHECK-LABEL: func.func @constant_discardable_attr
// CHECK: jxp.constant {jxp.note = "x"} dense<0.000000e+00> : tensor<f64>
func.func @constant_discardable_attr() -> tensor<f64> {
  %c = jxp.constant {jxp.note = "x"} dense<0.0> : tensor<f64>
  return %c : tensor<f64>
}

// -----

// CHECK-LABEL: func.func @iota_dim0
// CHECK: jxp.iota dim = 0 : tensor<4x2xi32>
func.func @iota_dim0() -> tensor<4x2xi32> {
  %i = jxp.iota dim = 0 : tensor<4x2xi32>
  return %i : tensor<4x2xi32>
}

// -----

// CHECK-LABEL: func.func @iota_dim1_f32
// CHECK: jxp.iota dim = 1 : tensor<4x3xf32>
func.func @iota_dim1_f32() -> tensor<4x3xf32> {
  %i = jxp.iota dim = 1 : tensor<4x3xf32>
  return %i : tensor<4x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast_in_dim_rank_up
// CHECK: jxp.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
func.func @broadcast_in_dim_rank_up(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_in_dim_scalar_and_size1
// CHECK: jxp.broadcast_in_dim %{{.*}}, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
// CHECK: jxp.broadcast_in_dim %{{.*}}, dims = [2, 0] : (tensor<1x5xi32>) -> tensor<5x4x3xi32>
func.func @broadcast_in_dim_scalar_and_size1(%s: tensor<i32>, %x: tensor<1x5xi32>) -> (tensor<2x2xi32>, tensor<5x4x3xi32>) {
  %0 = jxp.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
  %1 = jxp.broadcast_in_dim %x, dims = [2, 0] : (tensor<1x5xi32>) -> tensor<5x4x3xi32>
  return %0, %1 : tensor<2x2xi32>, tensor<5x4x3xi32>
}

// -----

// CHECK-LABEL: func.func @reshape_flatten
// CHECK: jxp.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: jxp.reshape %{{.*}} : (tensor<6xf32>) -> tensor<1x6x1xf32>
func.func @reshape_flatten(%x: tensor<2x3xf32>) -> tensor<1x6x1xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = jxp.reshape %0 : (tensor<6xf32>) -> tensor<1x6x1xf32>
  return %1 : tensor<1x6x1xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_3d
// CHECK: jxp.transpose %{{.*}}, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
func.func @transpose_3d(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = jxp.transpose %x, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice_strided
// CHECK: jxp.slice %{{.*}}, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
func.func @slice_strided(%x: tensor<6xf32>) -> tensor<2xf32> {
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @slice_2d
// CHECK: jxp.slice %{{.*}}, start = [0, 2], limit = [3, 4], strides = [3, 1] : (tensor<4x4xi32>) -> tensor<1x2xi32>
func.func @slice_2d(%x: tensor<4x4xi32>) -> tensor<1x2xi32> {
  %0 = jxp.slice %x, start = [0, 2], limit = [3, 4], strides = [3, 1] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_1d
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %[[I:.*]]: tensor<i32>)
// CHECK: jxp.dynamic_slice %[[X]][%[[I]]], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
func.func @dynamic_slice_1d(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_2d
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xi32>, %[[I:.*]]: tensor<ui64>, %[[J:.*]]: tensor<ui64>)
// CHECK: jxp.dynamic_slice %[[X]][%[[I]], %[[J]]], sizes = [4, 0] : (tensor<4x5xi32>, tensor<ui64>, tensor<ui64>) -> tensor<4x0xi32>
func.func @dynamic_slice_2d(%x: tensor<4x5xi32>, %i: tensor<ui64>, %j: tensor<ui64>) -> tensor<4x0xi32> {
  %0 = jxp.dynamic_slice %x[%i, %j], sizes = [4, 0] : (tensor<4x5xi32>, tensor<ui64>, tensor<ui64>) -> tensor<4x0xi32>
  return %0 : tensor<4x0xi32>
}

// -----

// The functional type lists operands in ODS order: operand, update, then the
// start indices (not in the order they appear in the assembly).
// CHECK-LABEL: func.func @dynamic_update_slice_2d
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>, %[[U:.*]]: tensor<2x5xf32>)
// CHECK: jxp.dynamic_update_slice %[[X]][%[[I]], %[[J]]], %[[U]] : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
func.func @dynamic_update_slice_2d(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>, %u: tensor<2x5xf32>) -> tensor<4x5xf32> {
  %0 = jxp.dynamic_update_slice %x[%i, %j], %u : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate_two
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK: jxp.concatenate dim = 0, %[[X]], %[[Y]] : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
func.func @concatenate_two(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<5xf32> {
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate_three_dim1
// CHECK: jxp.concatenate dim = 1, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x1xi32>, tensor<2x0xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
func.func @concatenate_three_dim1(%x: tensor<2x1xi32>, %y: tensor<2x0xi32>, %z: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %0 = jxp.concatenate dim = 1, %x, %y, %z : (tensor<2x1xi32>, tensor<2x0xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Z:.*]]: tensor<f32>)
// CHECK: jxp.pad %[[X]], %[[Z]], low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
func.func @pad_interior(%x: tensor<3xf32>, %zero: tensor<f32>) -> tensor<6xf32> {
  %0 = jxp.pad %x, %zero, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @pad_negative
// CHECK: jxp.pad %{{.*}}, %{{.*}}, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<5x2xi32>, tensor<i32>) -> tensor<2x6xi32>
func.func @pad_negative(%x: tensor<5x2xi32>, %v: tensor<i32>) -> tensor<2x6xi32> {
  %0 = jxp.pad %x, %v, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<5x2xi32>, tensor<i32>) -> tensor<2x6xi32>
  return %0 : tensor<2x6xi32>
}

// -----

// CHECK-LABEL: func.func @reverse_and_cbrt
// CHECK: %[[R:.*]] = jxp.reverse %{{.*}}, dims = [0, 1] : tensor<3x2xf32>
// CHECK: jxp.cbrt %[[R]] : tensor<3x2xf32>
func.func @reverse_and_cbrt(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.reverse %x, dims = [0, 1] : tensor<3x2xf32>
  %1 = jxp.cbrt %0 : tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}
