// Lowering of the FFT, convolution, window and host-callback ops to
// (generic-form) StableHLO, as JAX emits them on CPU: XLA's
// fft/convolution/reduce_window/select_and_scatter, jaxlib's Python
// callback.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.

//===----------------------------------------------------------------------===//
// FFT, convolution
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fft
// CHECK-NEXT: %[[R:.*]] = "stablehlo.fft"(%arg0) {fft_length = array<i64: 8>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
// CHECK-NEXT: %[[I:.*]] = "stablehlo.fft"(%arg1) {fft_length = array<i64: 2, 4>, fft_type = #stablehlo<fft_type IFFT>} : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
// CHECK-NEXT: %[[B:.*]] = "stablehlo.fft"(%[[R]]) {fft_length = array<i64: 8>, fft_type = #stablehlo<fft_type IRFFT>} : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
// CHECK-NEXT: %[[F:.*]] = "stablehlo.fft"(%[[I]]) {fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type FFT>} : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
// CHECK-NEXT: return %[[R]], %[[F]], %[[B]]
func.func @fft(%x: tensor<3x8xf32>, %c: tensor<2x4xcomplex<f64>>) -> (tensor<3x5xcomplex<f32>>, tensor<2x4xcomplex<f64>>, tensor<3x8xf32>) {
  %y = jxp.fft %x, RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  %z = jxp.fft %c, IFFT, length = [2, 4] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  %w = jxp.fft %y, IRFFT, length = [8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
  %v = jxp.fft %z, FFT, length = [4] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  return %y, %v, %w : tensor<3x5xcomplex<f32>>, tensor<2x4xcomplex<f64>>, tensor<3x8xf32>
}

// -----

// The specs become XLA's dimension numbers: NHWC input, HWIO kernel
// (rhs_spec = [O, I, H, W] = [3, 2, 0, 1]), NHWC output.
// CHECK-LABEL: func.func @conv_nhwc
// CHECK-NEXT: %[[Y:.*]] = "stablehlo.convolution"(%arg0, %arg1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 2, 1>, padding = dense<{{\[\[}}1, 2], [0, 0]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<2x5x6x4xf32>, tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32>
// CHECK-NEXT: return %[[Y]]
func.func @conv_nhwc(%x: tensor<2x5x6x4xf32>, %k: tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 3, 1, 2>, rhs_spec = array<i64: 3, 2, 0, 1>,
      out_spec = array<i64: 0, 3, 1, 2>, window_strides = array<i64: 2, 1>,
      padding = array<i64: 1, 2, 0, 0>, lhs_dilation = array<i64: 2, 1>,
      rhs_dilation = array<i64: 2, 1>, feature_group_count = 2 : i64,
      batch_group_count = 1 : i64}
      : (tensor<2x5x6x4xf32>, tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32>
  return %y : tensor<2x5x5x6xf32>
}

// -----

// CHECK-LABEL: func.func @conv_batch_groups
// CHECK-NEXT: "stablehlo.convolution"(%arg0, %arg1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1>} : (tensor<4x2x8xf32>, tensor<6x2x3xf32>) -> tensor<2x6x6xf32>
func.func @conv_batch_groups(%x: tensor<4x2x8xf32>, %k: tensor<6x2x3xf32>) -> tensor<2x6x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 2 : i64}
      : (tensor<4x2x8xf32>, tensor<6x2x3xf32>) -> tensor<2x6x6xf32>
  return %y : tensor<2x6x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

// Each kind's body and identity: -inf for max, 0 for sum, the largest
// integer for min of i32.
// CHECK-LABEL: func.func @reduce_window
// CHECK-NEXT: %[[NINF:.*]] = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK-NEXT: %[[MAX:.*]] = "stablehlo.reduce_window"(%arg0, %[[NINF]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = "stablehlo.maximum"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[M]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK-NEXT: %[[SUM:.*]] = "stablehlo.reduce_window"(%arg0, %[[ZERO]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[S:.*]] = "stablehlo.add"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[S]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1>, padding = dense<1> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>} : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[IMAX:.*]] = "stablehlo.constant"() {value = dense<2147483647> : tensor<i32>}
// CHECK-NEXT: %[[MIN:.*]] = "stablehlo.reduce_window"(%arg1, %[[IMAX]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>):
// CHECK-NEXT: %[[N:.*]] = "stablehlo.minimum"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[N]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1, 2>, padding = dense<{{\[\[}}0, 0], [0, 1]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x4xi32>
// CHECK-NEXT: return %[[MAX]], %[[SUM]], %[[MIN]]
func.func @reduce_window(%x: tensor<8xf32>, %i: tensor<2x3xi32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<2x4xi32>) {
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

// The padding is made explicit: the operand padded with -inf (never
// selected by max), select_and_scatter (GE: the first maximum) without
// padding, and the padded result sliced back.
// CHECK-LABEL: func.func @select_and_scatter_add
// CHECK-NEXT: %[[NINF:.*]] = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK-NEXT: %[[P:.*]] = "stablehlo.pad"(%arg1, %[[NINF]]) {edge_padding_high = array<i64: 1>, edge_padding_low = array<i64: 0>, interior_padding = array<i64: 0>} : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK-NEXT: %[[SS:.*]] = "stablehlo.select_and_scatter"(%[[P]], %arg0, %[[ZERO]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[GE:.*]] = "stablehlo.compare"(%[[A]], %[[B]]) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}
// CHECK-NEXT: "stablehlo.return"(%[[GE]])
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[S:.*]] = "stablehlo.add"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[S]])
// CHECK-NEXT: }) {padding = dense<0> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[R:.*]] = "stablehlo.slice"(%[[SS]]) {limit_indices = array<i64: 7>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<8xf32>) -> tensor<7xf32>
// CHECK-NEXT: return %[[R]]
func.func @select_and_scatter_add(%s: tensor<4xf32>, %x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 1>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<4xf32>, tensor<7xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// Min: padded with +inf, selected with LE.
// CHECK-LABEL: func.func @select_and_scatter_add_min
// CHECK-NEXT: %[[INF:.*]] = "stablehlo.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK-NEXT: %[[P:.*]] = "stablehlo.pad"(%arg1, %[[INF]]) {edge_padding_high = array<i64: 0>, edge_padding_low = array<i64: 1>, interior_padding = array<i64: 0>}
// CHECK: comparison_direction = #stablehlo<comparison_direction LE>
// CHECK: "stablehlo.slice"(%{{.*}}) {limit_indices = array<i64: 7>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<7xf32>) -> tensor<6xf32>
func.func @select_and_scatter_add_min(%s: tensor<3xf32>, %x: tensor<6xf32>) -> tensor<6xf32> {
  %0 = jxp.select_and_scatter_add %s, %x {window_dimensions = array<i64: 3>,
      window_strides = array<i64: 2>, padding = array<i64: 1, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<3xf32>, tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// select_and_gather_add: a two-operand reduce_window carrying (operand,
// tangent) pairs, keeping the pair whose operand is least (LE) for min.
// CHECK-LABEL: func.func @select_and_gather_add
// CHECK-NEXT: %[[INF:.*]] = "stablehlo.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.reduce_window"(%arg1, %arg0, %[[INF]], %[[ZERO]]) ({
// CHECK-NEXT: ^bb0(%[[X1:.*]]: tensor<f32>, %[[T1:.*]]: tensor<f32>, %[[X2:.*]]: tensor<f32>, %[[T2:.*]]: tensor<f32>):
// CHECK-NEXT: %[[C:.*]] = "stablehlo.compare"(%[[X1]], %[[X2]]) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LE>}
// CHECK-NEXT: %[[X:.*]] = "stablehlo.select"(%[[C]], %[[X1]], %[[X2]])
// CHECK-NEXT: %[[T:.*]] = "stablehlo.select"(%[[C]], %[[T1]], %[[T2]])
// CHECK-NEXT: "stablehlo.return"(%[[X]], %[[T]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}
// CHECK-NEXT: return %[[R]]#1 : tensor<4xf32>
func.func @select_and_gather_add(%t: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<4xf32> {
  %0 = jxp.select_and_gather_add %t, %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Host callbacks: jaxlib's CPU callback custom call, the callable's index
// in the backend config.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @host_callback
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.custom_call"(%arg0, %arg1) {api_version = 4 : i32, backend_config = {index = 3 : ui64}, call_target_name = "xla_ffi_python_cpu_callback"} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
// CHECK-NEXT: "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {index = 7 : ui64}, call_target_name = "xla_ffi_python_cpu_callback", has_side_effect = true} : (tensor<2xf32>) -> ()
// CHECK-NEXT: return %[[R]]#1
func.func @host_callback(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<3xi32> {
  %r:2 = jxp.host_callback(%x, %n) {callback_id = 3 : i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
  jxp.host_callback(%x) {callback_id = 7 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  return %r#1 : tensor<3xi32>
}
