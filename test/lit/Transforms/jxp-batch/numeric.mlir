// Batching rules of the special functions (lib/Rules/ElementwiseRules.cpp),
// the factorizations (lib/Rules/LinalgRules.cpp: the batch goes first) and
// the FFT, convolution, window and host-callback ops
// (lib/Rules/SignalRules.cpp). The coverage table (coverage.md) lists
// this file as these ops' test.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --inline --canonicalize --cse --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO
// HLO-NOT: jxp.

//===----------------------------------------------------------------------===//
// Elementwise: the batch dimension stays where it is; an unmapped operand is
// broadcast to it.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @unary_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xi32>)
// CHECK-NEXT:    jxp.erfc %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    jxp.lgamma %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    jxp.digamma %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    jxp.bessel_i0e %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    jxp.bessel_i1e %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    jxp.reduce_precision %arg0, exponent_bits = 5, mantissa_bits = 10 : tensor<3x5xf32>
// CHECK-NEXT:    jxp.population_count %arg1 : tensor<3x5xi32>
// CHECK-NEXT:    jxp.clz %arg1 : tensor<3x5xi32>
func.func private @unary(%x: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = jxp.erfc %x : tensor<3xf32>
  %1 = jxp.lgamma %x : tensor<3xf32>
  %2 = jxp.digamma %x : tensor<3xf32>
  %3 = jxp.bessel_i0e %x : tensor<3xf32>
  %4 = jxp.bessel_i1e %x : tensor<3xf32>
  %5 = jxp.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<3xf32>
  %6 = jxp.population_count %i : tensor<3xi32>
  %7 = jxp.clz %i : tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>
}
func.func @unary_main(%x: tensor<3x5xf32>, %i: tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi32>, tensor<3x5xi32>) {
  %r:8 = jxp.vmap @unary(%x, %i) in_axes [1, 1] out_axes [1, 1, 1, 1, 1, 1, 1, 1] size 5 : (tensor<3x5xf32>, tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi32>, tensor<3x5xi32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi32>, tensor<3x5xi32>
}

// -----

// The unmapped order of polygamma and the unmapped q of zeta are broadcast;
// both operands of nextafter are mapped and stay as they are.
// CHECK-LABEL: func.func private @binary_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3x5xf32>)
// CHECK-NEXT:    %[[N:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.polygamma %[[N]], %arg0 : tensor<3x5xf32>
// CHECK-NEXT:    %[[Q:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.zeta %arg0, %[[Q]] : tensor<3x5xf32>
// CHECK-NEXT:    jxp.nextafter %arg0, %arg2 : tensor<3x5xf32>
func.func private @binary(%x: tensor<3xf32>, %n: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = jxp.polygamma %n, %x : tensor<3xf32>
  %1 = jxp.zeta %x, %n : tensor<3xf32>
  %2 = jxp.nextafter %x, %y : tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
func.func @binary_main(%x: tensor<3x5xf32>, %n: tensor<3xf32>, %y: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %r:3 = jxp.vmap @binary(%x, %n, %y) in_axes [1, -1, 1] out_axes [1, 1, 1] size 5 : (tensor<3x5xf32>, tensor<3xf32>, tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>)
  return %r#0, %r#1, %r#2 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Factorizations: the batch is moved to the front, every result has it first.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @lu_svd_batched(%arg0: tensor<4x3x2xf32>)
// CHECK-NEXT:    %[[A:.*]] = jxp.transpose %arg0, permutation = [2, 0, 1] : (tensor<4x3x2xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %lu, %pivots, %permutation = jxp.lu %[[A]] : (tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2x4xi32>)
// CHECK-NEXT:    %[[B:.*]] = jxp.transpose %arg0, permutation = [2, 0, 1] : (tensor<4x3x2xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %[[S:.*]]:3 = jxp.svd %[[B]] {compute_uv} : (tensor<2x4x3xf32>) -> (tensor<2x3xf32>, tensor<2x4x3xf32>, tensor<2x3x3xf32>)
// CHECK-NEXT:    return %lu, %pivots, %permutation, %[[S]]#0, %[[S]]#2
func.func private @lu_svd(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>, tensor<4xi32>, tensor<3xf32>, tensor<3x3xf32>) {
  %lu, %piv, %perm = jxp.lu %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>, tensor<4xi32>)
  %s:3 = jxp.svd %a {compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  return %lu, %piv, %perm, %s#0, %s#2 : tensor<4x3xf32>, tensor<3xi32>, tensor<4xi32>, tensor<3xf32>, tensor<3x3xf32>
}
func.func @lu_svd_main(%a: tensor<4x3x2xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2x4xi32>, tensor<2x3xf32>, tensor<2x3x3xf32>) {
  %r:5 = jxp.vmap @lu_svd(%a) in_axes [2] out_axes [0, 0, 0, 0, 0] size 2 : (tensor<4x3x2xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2x4xi32>, tensor<2x3xf32>, tensor<2x3x3xf32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2x4xi32>, tensor<2x3xf32>, tensor<2x3x3xf32>
}

// -----

// Mapped along dimension 0 already: no transpose.
// CHECK-LABEL: func.func private @qr_eig_eigh_batched(%arg0: tensor<2x3x3xf32>)
// CHECK-NEXT:    %q, %r = jxp.qr %arg0 {full_matrices} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>)
// CHECK-NEXT:    %[[E:.*]]:2 = jxp.eig %arg0 {compute_right} : (tensor<2x3x3xf32>) -> (tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>)
// CHECK-NEXT:    %vectors, %values = jxp.eigh %arg0 {lower} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xf32>)
// CHECK-NEXT:    return %q, %[[E]]#1, %vectors, %values
func.func private @qr_eig_eigh(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xf32>, tensor<3xf32>) {
  %q, %r = jxp.qr %a {full_matrices} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  %w:2 = jxp.eig %a {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  %v, %e = jxp.eigh %a {lower} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>)
  return %q, %w#1, %v, %e : tensor<3x3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xf32>, tensor<3xf32>
}
func.func @qr_eig_eigh_main(%a: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xcomplex<f32>>, tensor<2x3x3xf32>, tensor<2x3xf32>) {
  %r:4 = jxp.vmap @qr_eig_eigh(%a) in_axes [0] out_axes [0, 0, 0, 0] size 2 : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xcomplex<f32>>, tensor<2x3x3xf32>, tensor<2x3xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<2x3x3xf32>, tensor<2x3x3xcomplex<f32>>, tensor<2x3x3xf32>, tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// FFT: transforms trailing dimensions, so the batch goes first.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @rfft_batched(%arg0: tensor<8x3xf32>)
// CHECK-NEXT:    %[[T:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// CHECK-NEXT:    %[[F:.*]] = jxp.fft %[[T]], RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
// CHECK-NEXT:    return %[[F]]
func.func private @rfft(%x: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  %y = jxp.fft %x, RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return %y : tensor<5xcomplex<f32>>
}
func.func @rfft_main(%x: tensor<8x3xf32>) -> tensor<3x5xcomplex<f32>> {
  %r = jxp.vmap @rfft(%x) in_axes [1] out_axes [0] size 3 : (tensor<8x3xf32>) -> tensor<3x5xcomplex<f32>>
  return %r : tensor<3x5xcomplex<f32>>
}

// -----

// A 2-D IFFT of a batch mapped along dimension 0 keeps its length.
// CHECK-LABEL: func.func private @ifft2_batched(%arg0: tensor<3x2x4xcomplex<f64>>)
// CHECK-NEXT:    %[[F:.*]] = jxp.fft %arg0, IFFT, length = [2, 4] : (tensor<3x2x4xcomplex<f64>>) -> tensor<3x2x4xcomplex<f64>>
// CHECK-NEXT:    return %[[F]]
func.func private @ifft2(%x: tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>> {
  %y = jxp.fft %x, IFFT, length = [2, 4] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  return %y : tensor<2x4xcomplex<f64>>
}
func.func @ifft2_main(%x: tensor<3x2x4xcomplex<f64>>) -> tensor<3x2x4xcomplex<f64>> {
  %r = jxp.vmap @ifft2(%x) in_axes [0] out_axes [0] size 3 : (tensor<3x2x4xcomplex<f64>>) -> tensor<3x2x4xcomplex<f64>>
  return %r : tensor<3x2x4xcomplex<f64>>
}

// -----

//===----------------------------------------------------------------------===//
// Convolution, as JAX batches it: a mapped lhs folds its batch into the
// convolution's batch, a mapped kernel into the output features, both into
// feature groups.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @conv_lhs_batched(%arg0: tensor<4x1x2x8xf32>, %arg1: tensor<3x2x3xf32>)
// CHECK-NEXT:    %[[X:.*]] = jxp.reshape %arg0 : (tensor<4x1x2x8xf32>) -> tensor<4x2x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = jxp.conv %[[X]], %arg1 {batch_group_count = 1 : i64, feature_group_count = 1 : i64, {{.*}}} : (tensor<4x2x8xf32>, tensor<3x2x3xf32>) -> tensor<4x3x6xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.reshape %[[Y]] : (tensor<4x3x6xf32>) -> tensor<4x1x3x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @conv_lhs(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return %y : tensor<1x3x6xf32>
}
func.func @conv_lhs_main(%x: tensor<4x1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<4x1x3x6xf32> {
  %r = jxp.vmap @conv_lhs(%x, %k) in_axes [0, -1] out_axes [0] size 4 : (tensor<4x1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<4x1x3x6xf32>
  return %r : tensor<4x1x3x6xf32>
}

// -----

// CHECK-LABEL: func.func private @conv_rhs_batched(%arg0: tensor<1x2x8xf32>, %arg1: tensor<4x3x2x3xf32>)
// CHECK-NEXT:    %[[K:.*]] = jxp.reshape %arg1 : (tensor<4x3x2x3xf32>) -> tensor<12x2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = jxp.conv %arg0, %[[K]] {batch_group_count = 1 : i64, feature_group_count = 1 : i64, {{.*}}} : (tensor<1x2x8xf32>, tensor<12x2x3xf32>) -> tensor<1x12x6xf32>
// CHECK-NEXT:    %[[S:.*]] = jxp.reshape %[[Y]] : (tensor<1x12x6xf32>) -> tensor<1x4x3x6xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.transpose %[[S]], permutation = [1, 0, 2, 3] : (tensor<1x4x3x6xf32>) -> tensor<4x1x3x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @conv_rhs(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return %y : tensor<1x3x6xf32>
}
func.func @conv_rhs_main(%x: tensor<1x2x8xf32>, %k: tensor<4x3x2x3xf32>) -> tensor<4x1x3x6xf32> {
  %r = jxp.vmap @conv_rhs(%x, %k) in_axes [-1, 0] out_axes [0] size 4 : (tensor<1x2x8xf32>, tensor<4x3x2x3xf32>) -> tensor<4x1x3x6xf32>
  return %r : tensor<4x1x3x6xf32>
}

// -----

// Both mapped: the batch goes next to the lhs features (4 x 2 = 8) and
// each of the 4 kernels is a feature group.
// CHECK-LABEL: func.func private @conv_both_batched(%arg0: tensor<4x1x2x8xf32>, %arg1: tensor<4x3x2x3xf32>)
// CHECK-NEXT:    %[[T:.*]] = jxp.transpose %arg0, permutation = [1, 0, 2, 3] : (tensor<4x1x2x8xf32>) -> tensor<1x4x2x8xf32>
// CHECK-NEXT:    %[[X:.*]] = jxp.reshape %[[T]] : (tensor<1x4x2x8xf32>) -> tensor<1x8x8xf32>
// CHECK-NEXT:    %[[K:.*]] = jxp.reshape %arg1 : (tensor<4x3x2x3xf32>) -> tensor<12x2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = jxp.conv %[[X]], %[[K]] {batch_group_count = 1 : i64, feature_group_count = 4 : i64, {{.*}}} : (tensor<1x8x8xf32>, tensor<12x2x3xf32>) -> tensor<1x12x6xf32>
// CHECK-NEXT:    %[[S:.*]] = jxp.reshape %[[Y]] : (tensor<1x12x6xf32>) -> tensor<1x4x3x6xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.transpose %[[S]], permutation = [1, 0, 2, 3] : (tensor<1x4x3x6xf32>) -> tensor<4x1x3x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @conv_both(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) -> tensor<1x3x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return %y : tensor<1x3x6xf32>
}
func.func @conv_both_main(%x: tensor<4x1x2x8xf32>, %k: tensor<4x3x2x3xf32>) -> tensor<4x1x3x6xf32> {
  %r = jxp.vmap @conv_both(%x, %k) in_axes [0, 0] out_axes [0] size 4 : (tensor<4x1x2x8xf32>, tensor<4x3x2x3xf32>) -> tensor<4x1x3x6xf32>
  return %r : tensor<4x1x3x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Windows: the batch goes first, with a window of 1, stride 1, no padding.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @max_pool_batched(%arg0: tensor<8x3xf32>)
// CHECK-NEXT:    %[[T:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// CHECK-NEXT:    %[[M:.*]] = jxp.reduce_window max %[[T]] {base_dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 1>, window_dilation = array<i64: 1, 1>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<3x8xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.transpose %[[M]], permutation = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @max_pool(%x: tensor<8xf32>) -> tensor<4xf32> {
  %m = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 1>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
func.func @max_pool_main(%x: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %r = jxp.vmap @max_pool(%x) in_axes [1] out_axes [1] size 3 : (tensor<8x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// Dilations get a 1 for the batch too.
// CHECK-LABEL: func.func private @sum_pool_batched(%arg0: tensor<2x6xi32>)
// CHECK-NEXT:    %[[S:.*]] = jxp.reduce_window sum %arg0 {base_dilation = array<i64: 1, 2>, padding = array<i64: 0, 0, 1, 0>, window_dilation = array<i64: 1, 2>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>} : (tensor<2x6xi32>) -> tensor<2x10xi32>
// CHECK-NEXT:    return %[[S]]
func.func private @sum_pool(%x: tensor<6xi32>) -> tensor<10xi32> {
  %m = jxp.reduce_window sum %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>, padding = array<i64: 1, 0>,
      base_dilation = array<i64: 2>, window_dilation = array<i64: 2>}
      : (tensor<6xi32>) -> tensor<10xi32>
  return %m : tensor<10xi32>
}
func.func @sum_pool_main(%x: tensor<2x6xi32>) -> tensor<2x10xi32> {
  %r = jxp.vmap @sum_pool(%x) in_axes [0] out_axes [0] size 2 : (tensor<2x6xi32>) -> tensor<2x10xi32>
  return %r : tensor<2x10xi32>
}

// -----

// A mapped tangent with an unmapped operand: the operand is broadcast.
// CHECK-LABEL: func.func private @gather_add_batched(%arg0: tensor<3x8xf32>, %arg1: tensor<8xf32>)
// CHECK-NEXT:    %[[X:.*]] = jxp.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
// CHECK-NEXT:    %[[G:.*]] = jxp.select_and_gather_add %arg0, %[[X]] {base_dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, select_max, window_dilation = array<i64: 1, 1>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[G]]
func.func private @gather_add(%t: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<4xf32> {
  %0 = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @gather_add_main(%t: tensor<3x8xf32>, %x: tensor<8xf32>) -> tensor<3x4xf32> {
  %r = jxp.vmap @gather_add(%t, %x) in_axes [0, -1] out_axes [0] size 3 : (tensor<3x8xf32>, tensor<8xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// An unmapped source with an operand mapped along dimension 1.
// CHECK-LABEL: func.func private @scatter_add_batched(%arg0: tensor<4xf32>, %arg1: tensor<8x3xf32>)
// CHECK-NEXT:    %[[S:.*]] = jxp.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[X:.*]] = jxp.transpose %arg1, permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.select_and_scatter_add %[[S]], %[[X]] {base_dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, window_dilation = array<i64: 1, 1>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>} : (tensor<3x4xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @scatter_add(%s: tensor<4xf32>, %x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = jxp.select_and_scatter_add %s, %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @scatter_add_main(%s: tensor<4xf32>, %x: tensor<8x3xf32>) -> tensor<3x8xf32> {
  %r = jxp.vmap @scatter_add(%s, %x) in_axes [-1, 1] out_axes [0] size 3 : (tensor<4xf32>, tensor<8x3xf32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

// sequential: one call per element of the batch, the results concatenated.
// CHECK-LABEL: func.func private @cb_sequential_batched(%arg0: tensor<3x2xf32>)
// CHECK-NEXT:    %[[S0:.*]] = jxp.slice %arg0, start = [0, 0], limit = [1, 2], strides = [1, 1] : (tensor<3x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:    %[[X0:.*]] = jxp.reshape %[[S0]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[C0:.*]] = jxp.host_callback(%[[X0]]) {callback_id = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[R0:.*]] = jxp.reshape %[[C0]] : (tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:    %[[S1:.*]] = jxp.slice %arg0, start = [1, 0], limit = [2, 2], strides = [1, 1]
// CHECK-NEXT:    %[[X1:.*]] = jxp.reshape %[[S1]]
// CHECK-NEXT:    %[[C1:.*]] = jxp.host_callback(%[[X1]]) {callback_id = 3 : i64}
// CHECK-NEXT:    %[[R1:.*]] = jxp.reshape %[[C1]]
// CHECK-NEXT:    %[[S2:.*]] = jxp.slice %arg0, start = [2, 0], limit = [3, 2], strides = [1, 1]
// CHECK-NEXT:    %[[X2:.*]] = jxp.reshape %[[S2]]
// CHECK-NEXT:    %[[C2:.*]] = jxp.host_callback(%[[X2]]) {callback_id = 3 : i64}
// CHECK-NEXT:    %[[R2:.*]] = jxp.reshape %[[C2]]
// CHECK-NEXT:    %[[R:.*]] = jxp.concatenate dim = 0, %[[R0]], %[[R1]], %[[R2]] : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %[[R]]
func.func private @cb_sequential(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = jxp.host_callback(%x) {callback_id = 3 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @cb_sequential_main(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %r = jxp.vmap @cb_sequential(%x) in_axes [0] out_axes [0] size 3 : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// expand_dims: one call, mapped operands with the batch first, unmapped ones
// with a leading 1.
// CHECK-LABEL: func.func private @cb_expand_dims_batched(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>)
// CHECK-NEXT:    %[[X:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %[[C:.*]] = jxp.reshape %arg1 : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT:    %[[Y:.*]] = jxp.host_callback(%[[X]], %[[C]]) {callback_id = 4 : i64, vmap_method = "expand_dims"} : (tensor<3x2xf32>, tensor<1xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %[[Y]]
// CHECK-NOT:     jxp.host_callback
// CHECK-LABEL: func.func @cb_expand_dims_main
func.func private @cb_expand_dims(%x: tensor<2xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  %y = jxp.host_callback(%x, %c) {callback_id = 4 : i64, vmap_method = "expand_dims"} : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @cb_expand_dims_main(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<3x2xf32> {
  %r = jxp.vmap @cb_expand_dims(%x, %c) in_axes [1, -1] out_axes [0] size 3 : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// broadcast_all: one call, every operand (and result) with the full batch
// in front, unmapped ones broadcast to it.
// CHECK-LABEL: func.func private @cb_broadcast_all_batched(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>)
// CHECK-NEXT:    %[[X:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %[[C:.*]] = jxp.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]]:2 = jxp.host_callback(%[[X]], %[[C]]) {callback_id = 5 : i64, vmap_method = "broadcast_all"} : (tensor<3x2xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3xi32>)
// CHECK-NEXT:    return %[[Y]]#0, %[[Y]]#1
func.func private @cb_broadcast_all(%x: tensor<2xf32>, %c: tensor<f32>) -> (tensor<2xf32>, tensor<i32>) {
  %y:2 = jxp.host_callback(%x, %c) {callback_id = 5 : i64, vmap_method = "broadcast_all"} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<i32>)
  return %y#0, %y#1 : tensor<2xf32>, tensor<i32>
}
func.func @cb_broadcast_all_main(%x: tensor<2x3xf32>, %c: tensor<f32>) -> (tensor<3x2xf32>, tensor<3xi32>) {
  %r:2 = jxp.vmap @cb_broadcast_all(%x, %c) in_axes [1, -1] out_axes [0, 0] size 3 : (tensor<2x3xf32>, tensor<f32>) -> (tensor<3x2xf32>, tensor<3xi32>)
  return %r#0, %r#1 : tensor<3x2xf32>, tensor<3xi32>
}

// -----

// A debug callback (no results) runs once per element, in order.
// CHECK-LABEL: func.func private @cb_debug_batched(%arg0: tensor<2x2xf32>)
// CHECK-NEXT:    %[[S0:.*]] = jxp.slice %arg0, start = [0, 0], limit = [1, 2], strides = [1, 1]
// CHECK-NEXT:    %[[X0:.*]] = jxp.reshape %[[S0]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    jxp.host_callback(%[[X0]]) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// CHECK-NEXT:    %[[S1:.*]] = jxp.slice %arg0, start = [1, 0], limit = [2, 2], strides = [1, 1]
// CHECK-NEXT:    %[[X1:.*]] = jxp.reshape %[[S1]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    jxp.host_callback(%[[X1]]) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// CHECK-NEXT:    return %arg0
func.func private @cb_debug(%x: tensor<2xf32>) -> tensor<2xf32> {
  jxp.host_callback(%x) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  return %x : tensor<2xf32>
}
func.func @cb_debug_main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = jxp.vmap @cb_debug(%x) in_axes [0] out_axes [0] size 2 : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// rng_bit_generator over a batch of states, as JAX's rule: all the bits
// from the first state, whose successor replaces it (lib/Rules/RandomRules.cpp).
// CHECK-LABEL: func.func private @rbg_batched(
// CHECK:         %[[F:.*]] = jxp.slice %arg0
// CHECK-SAME:      tensor<3x4xui32>) -> tensor<1x4xui32>
// CHECK:         %[[K:.*]] = jxp.reshape %[[F]]
// CHECK-NEXT:    %[[N:.*]], %[[B:.*]] = jxp.rng_bit_generator %[[K]] {algorithm = 1 : i32} : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3x2xui32>)
// CHECK:         jxp.dynamic_update_slice %arg0
// CHECK:         return {{.*}}, %[[B]]
func.func private @rbg(%k: tensor<4xui32>) -> (tensor<4xui32>, tensor<2xui32>) {
  %n, %b = jxp.rng_bit_generator %k {algorithm = 1 : i32} : (tensor<4xui32>) -> (tensor<4xui32>, tensor<2xui32>)
  return %n, %b : tensor<4xui32>, tensor<2xui32>
}
func.func @rbg_main(%k: tensor<3x4xui32>) -> (tensor<3x4xui32>, tensor<3x2xui32>) {
  %r:2 = jxp.vmap @rbg(%k) in_axes [0] out_axes [0, 0] size 3 : (tensor<3x4xui32>) -> (tensor<3x4xui32>, tensor<3x2xui32>)
  return %r#0, %r#1 : tensor<3x4xui32>, tensor<3x2xui32>
}
