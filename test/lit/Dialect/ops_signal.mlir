// Round trip of the special-function, factorization, FFT, convolution,
// window and host-callback ops: parse, print, parse the printed form again
// and check that the second print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, unit attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s
// Memory effects: a callback with side effects is never dropped or merged,
// a pure one is like any pure op.
// RUN: jxp-opt %s --split-input-file --canonicalize --cse | FileCheck %s --check-prefix=EFFECTS

//===----------------------------------------------------------------------===//
// Special functions and bit counts
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary_special
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<2x3xf64>)
// CHECK-NEXT: jxp.erfc %[[X]] : tensor<4xf32>
// CHECK-NEXT: jxp.lgamma %[[X]] : tensor<4xf32>
// CHECK-NEXT: jxp.digamma %[[D]] : tensor<2x3xf64>
// CHECK-NEXT: jxp.bessel_i0e %[[X]] : tensor<4xf32>
// CHECK-NEXT: jxp.bessel_i1e %[[D]] : tensor<2x3xf64>
func.func @unary_special(%x: tensor<4xf32>, %d: tensor<2x3xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x3xf64>, tensor<4xf32>, tensor<2x3xf64>) {
  %0 = jxp.erfc %x : tensor<4xf32>
  %1 = jxp.lgamma %x : tensor<4xf32>
  %2 = jxp.digamma %d : tensor<2x3xf64>
  %3 = jxp.bessel_i0e %x : tensor<4xf32>
  %4 = jxp.bessel_i1e %d : tensor<2x3xf64>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<2x3xf64>, tensor<4xf32>, tensor<2x3xf64>
}

// -----

// CHECK-LABEL: func.func @bit_counts
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32>, %[[U:.*]]: tensor<ui8>)
// CHECK-NEXT: jxp.population_count %[[I]] : tensor<4xi32>
// CHECK-NEXT: jxp.clz %[[U]] : tensor<ui8>
func.func @bit_counts(%i: tensor<4xi32>, %u: tensor<ui8>) -> (tensor<4xi32>, tensor<ui8>) {
  %0 = jxp.population_count %i : tensor<4xi32>
  %1 = jxp.clz %u : tensor<ui8>
  return %0, %1 : tensor<4xi32>, tensor<ui8>
}

// -----

// Operand order matters: polygamma takes the order first, zeta is zeta(x, q),
// nextafter moves its first operand towards its second.
// CHECK-LABEL: func.func @binary_special
// CHECK-SAME: (%[[A:[^:]*]]: tensor<4xf32>, %[[B:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT: jxp.polygamma %[[A]], %[[B]] : tensor<4xf32>
// CHECK-NEXT: jxp.zeta %[[B]], %[[A]] : tensor<4xf32>
// CHECK-NEXT: jxp.nextafter %[[A]], %[[B]] : tensor<4xf32>
func.func @binary_special(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = jxp.polygamma %a, %b : tensor<4xf32>
  %1 = jxp.zeta %b, %a : tensor<4xf32>
  %2 = jxp.nextafter %a, %b : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_precision
// CHECK-NEXT: jxp.reduce_precision %arg0, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
// CHECK-NEXT: jxp.reduce_precision %arg1, exponent_bits = 8, mantissa_bits = 0 : tensor<2x2xf64>
func.func @reduce_precision(%x: tensor<4xf32>, %d: tensor<2x2xf64>) -> (tensor<4xf32>, tensor<2x2xf64>) {
  %0 = jxp.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
  %1 = jxp.reduce_precision %d, exponent_bits = 8, mantissa_bits = 0 : tensor<2x2xf64>
  return %0, %1 : tensor<4xf32>, tensor<2x2xf64>
}

// -----

//===----------------------------------------------------------------------===//
// Factorizations
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @lu
// CHECK-NEXT: %lu, %pivots, %permutation = jxp.lu %arg0 : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
// CHECK-NEXT: %lu_0, %pivots_1, %permutation_2 = jxp.lu %arg1 : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>)
func.func @lu(%a: tensor<3x3xf32>, %b: tensor<2x4x3xf64>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<2x4xi32>) {
  %lu, %piv, %perm = jxp.lu %a : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
  %lu2, %piv2, %perm2 = jxp.lu %b : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>)
  return %lu, %piv, %perm2 : tensor<3x3xf32>, tensor<3xi32>, tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @qr
// CHECK-NEXT: %q, %r = jxp.qr %arg0 : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>)
// CHECK-NEXT: %q_0, %r_1 = jxp.qr %arg0 {full_matrices} : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<4x3xf32>)
func.func @qr(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x4xf32>) {
  %q, %r = jxp.qr %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>)
  %qf, %rf = jxp.qr %a {full_matrices} : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<4x3xf32>)
  return %q, %qf : tensor<4x3xf32>, tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @eigh
// CHECK-NEXT: %vectors, %values = jxp.eigh %arg0 {lower} : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
// CHECK-NEXT: %vectors_0, %values_1 = jxp.eigh %arg0 : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
func.func @eigh(%a: tensor<5x3x3xf64>) -> (tensor<5x3xf64>, tensor<5x3xf64>) {
  %v, %w = jxp.eigh %a {lower} : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
  %v2, %w2 = jxp.eigh %a : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
  return %w, %w2 : tensor<5x3xf64>, tensor<5x3xf64>
}

// -----

// svd has one result without compute_uv, three with it.
// CHECK-LABEL: func.func @svd
// CHECK-NEXT: %[[S:.*]] = jxp.svd %arg0 : (tensor<4x3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %{{.*}}:3 = jxp.svd %arg0 {compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
// CHECK-NEXT: %{{.*}}:3 = jxp.svd %arg0 {compute_uv, full_matrices} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x4xf32>, tensor<3x3xf32>)
func.func @svd(%a: tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<4x4xf32>) {
  %s = jxp.svd %a : (tensor<4x3xf32>) -> tensor<3xf32>
  %r:3 = jxp.svd %a {compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  %f:3 = jxp.svd %a {full_matrices, compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x4xf32>, tensor<3x3xf32>)
  return %s, %r#1, %f#1 : tensor<3xf32>, tensor<4x3xf32>, tensor<4x4xf32>
}

// -----

// eig: complex eigenvalues, then left, then right eigenvectors as asked.
// CHECK-LABEL: func.func @eig
// CHECK-NEXT: jxp.eig %arg0 : (tensor<3x3xf32>) -> tensor<3xcomplex<f32>>
// CHECK-NEXT: %{{.*}}:2 = jxp.eig %arg0 {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
// CHECK-NEXT: %{{.*}}:3 = jxp.eig %arg1 {compute_left, compute_right} : (tensor<2x3x3xf64>) -> (tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>)
func.func @eig(%a: tensor<3x3xf32>, %b: tensor<2x3x3xf64>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<2x3x3xcomplex<f64>>) {
  %w = jxp.eig %a : (tensor<3x3xf32>) -> tensor<3xcomplex<f32>>
  %r:2 = jxp.eig %a {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  %l:3 = jxp.eig %b {compute_left, compute_right} : (tensor<2x3x3xf64>) -> (tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>)
  return %w, %r#1, %l#1 : tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<2x3x3xcomplex<f64>>
}

// -----

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

// EFFECTS-LABEL: func.func @callback_effects
// EFFECTS-NEXT: jxp.host_callback(%arg0) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// EFFECTS-NEXT: jxp.host_callback(%arg0) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// EFFECTS-NEXT: %[[A:.*]] = jxp.host_callback(%arg0) {callback_id = 7 : i64} : (tensor<2xf32>) -> tensor<2xf32>
// EFFECTS-NEXT: %[[S:.*]] = jxp.add %[[A]], %[[A]]
// EFFECTS-NEXT: return %[[S]]
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
