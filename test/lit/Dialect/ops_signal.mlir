// Round trip of the FFT, convolution, window and host-callback ops:
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, unit attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// FFT
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fft_types
// CHECK-NEXT: %[[F:.*]] = jxp.fft %arg0, FFT, length = [8] : (tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
// CHECK-NEXT: jxp.fft %[[F]], IFFT, length = [2, 8] : (tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
// CHECK-NEXT: %[[R:.*]] = jxp.fft %arg1, RFFT, length = [4, 6] : (tensor<3x4x6xf64>) -> tensor<3x4x4xcomplex<f64>>
// CHECK-NEXT: jxp.fft %[[R]], IRFFT, length = [4, 6] : (tensor<3x4x4xcomplex<f64>>) -> tensor<3x4x6xf64>
func.func @fft_types(%c: tensor<2x8xcomplex<f32>>, %x: tensor<3x4x6xf64>) -> (tensor<2x8xcomplex<f32>>, tensor<3x4x6xf64>) {
  %0 = jxp.fft %c, FFT, length = [8] : (tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
  %1 = jxp.fft %0, IFFT, length = [2, 8] : (tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
  %2 = jxp.fft %x, RFFT, length = [4, 6] : (tensor<3x4x6xf64>) -> tensor<3x4x4xcomplex<f64>>
  %3 = jxp.fft %2, IRFFT, length = [4, 6] : (tensor<3x4x4xcomplex<f64>>) -> tensor<3x4x6xf64>
  return %1, %3 : tensor<2x8xcomplex<f32>>, tensor<3x4x6xf64>
}

// -----

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @conv_1d
// CHECK-NEXT: jxp.conv %arg0, %arg1 {batch_group_count = 1 : i64, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, lhs_spec = array<i64: 0, 1, 2>, out_spec = array<i64: 0, 1, 2>, padding = array<i64: 0, 0>, rhs_dilation = array<i64: 1>, rhs_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
func.func @conv_1d(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64}
      : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return %y : tensor<1x3x6xf32>
}

// -----

// NHWC / HWIO / NHWC with strides, padding, dilations and feature groups:
// out spatial = ((5-1)*2+1 + 1+2 - ((2-1)*2+1)) / 2 + 1 = 5 and
// (6 + 0 - 2) / 1 + 1 = 5; 4 input features in 2 groups of 2.
// CHECK-LABEL: func.func @conv_2d_nhwc
// CHECK-NEXT: jxp.conv %arg0, %arg1 {batch_group_count = 1 : i64, feature_group_count = 2 : i64, lhs_dilation = array<i64: 2, 1>, lhs_spec = array<i64: 0, 3, 1, 2>, out_spec = array<i64: 0, 3, 1, 2>, padding = array<i64: 1, 2, 0, 0>, rhs_dilation = array<i64: 2, 1>, rhs_spec = array<i64: 3, 2, 0, 1>, window_strides = array<i64: 2, 1>} : (tensor<2x5x6x4xf32>, tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32>
func.func @conv_2d_nhwc(%x: tensor<2x5x6x4xf32>, %k: tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 3, 1, 2>, rhs_spec = array<i64: 3, 2, 0, 1>,
      out_spec = array<i64: 0, 3, 1, 2>, window_strides = array<i64: 2, 1>,
      padding = array<i64: 1, 2, 0, 0>, lhs_dilation = array<i64: 2, 1>,
      rhs_dilation = array<i64: 2, 1>, feature_group_count = 2 : i64,
      batch_group_count = 1 : i64}
      : (tensor<2x5x6x4xf32>, tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32>
  return %y : tensor<2x5x5x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reduce_window_kinds
// CHECK-NEXT: jxp.reduce_window max %arg0 {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: jxp.reduce_window sum %arg0 {base_dilation = array<i64: 1>, padding = array<i64: 1, 1>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: jxp.reduce_window min %arg1 {base_dilation = array<i64: 1, 2>, padding = array<i64: 0, 0, 0, 1>, window_dilation = array<i64: 1, 2>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>} : (tensor<2x3xi32>) -> tensor<2x4xi32>
func.func @reduce_window_kinds(%x: tensor<8xf32>, %i: tensor<2x3xi32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<2x4xi32>) {
  %0 = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  %1 = jxp.reduce_window sum %x {window_dimensions = array<i64: 3>,
      window_strides = array<i64: 1>, padding = array<i64: 1, 1>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<8xf32>
  %2 = jxp.reduce_window min %i {window_dimensions = array<i64: 1, 2>,
      window_strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 1>,
      base_dilation = array<i64: 1, 2>, window_dilation = array<i64: 1, 2>}
      : (tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<8xf32>, tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @select_ops
// CHECK-SAME: (%[[T:[^:]*]]: tensor<8xf32>, %[[X:[^:]*]]: tensor<8xf32>, %[[S:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT: jxp.select_and_gather_add %[[T]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, select_max, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: jxp.select_and_gather_add %[[T]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: jxp.select_and_scatter_add %[[S]], %[[X]] {base_dilation = array<i64: 1>, padding = array<i64: 0, 0>, select_max, window_dilation = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
func.func @select_ops(%t: tensor<8xf32>, %x: tensor<8xf32>, %s: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) {
  %0 = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  %1 = jxp.select_and_gather_add %t, %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  %2 = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

// vmap_method "sequential" is the default and is not printed.
// CHECK-LABEL: func.func @host_callback
// CHECK-NEXT: %[[P:.*]]:2 = jxp.host_callback(%arg0, %arg1) {callback_id = 3 : i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
// CHECK-NEXT: jxp.host_callback(%arg0) {callback_id = 0 : i64, vmap_method = "expand_dims"} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: jxp.host_callback(%[[P]]#0) {callback_id = 7 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// CHECK-NEXT: jxp.host_callback() {callback_id = 8 : i64, has_side_effect, vmap_method = "broadcast_all"} : () -> ()
func.func @host_callback(%x: tensor<2xf32>, %n: tensor<i32>) -> (tensor<3xi32>, tensor<2xf32>) {
  %r:2 = jxp.host_callback(%x, %n) {callback_id = 3 : i64, vmap_method = "sequential"} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
  %e = jxp.host_callback(%x) {callback_id = 0 : i64, vmap_method = "expand_dims"} : (tensor<2xf32>) -> tensor<2xf32>
  jxp.host_callback(%r#0) {callback_id = 7 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  jxp.host_callback() {callback_id = 8 : i64, has_side_effect, vmap_method = "broadcast_all"} : () -> ()
  return %r#1, %e : tensor<3xi32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @callback_effects
// CHECK: callback_id = 8 : i64
func.func @callback_effects(%x: tensor<2xf32>) -> tensor<2xf32> {
  jxp.host_callback(%x) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  jxp.host_callback(%x) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  %a = jxp.host_callback(%x) {callback_id = 7 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %b = jxp.host_callback(%x) {callback_id = 7 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %unused = jxp.host_callback(%x) {callback_id = 8 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %s = jxp.add %a, %b : tensor<2xf32>
  return %s : tensor<2xf32>
}
