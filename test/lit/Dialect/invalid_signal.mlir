// Every verifier rule of the FFT, convolution, window and host-callback
// ops (lib/Dialect/SignalOps.cpp), one rejected op per case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// FFT
//===----------------------------------------------------------------------===//

func.func @fft_too_many_dims(%x: tensor<2x2x2x2xcomplex<f32>>) {
  // expected-error @+1 {{transforms 1 to 3 trailing dimensions of an array of at least that rank, got fft_length of 4 for rank 4}}
  %y = jxp.fft %x, FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return
}

// -----

func.func @fft_length_above_rank(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{got fft_length of 2 for rank 1}}
  %y = jxp.fft %x, FFT, length = [4, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_empty_length(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{got fft_length of 0 for rank 1}}
  %y = jxp.fft %x, FFT, length = [] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_real_input(%x: tensor<4xf32>) {
  // expected-error @+1 {{a FFT maps complex to complex elements, got 'tensor<4xf32>' -> 'tensor<4xcomplex<f32>>'}}
  %y = jxp.fft %x, FFT, length = [4] : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @rfft_complex_input(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{a RFFT maps real to complex elements}}
  %y = jxp.fft %x, RFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @irfft_complex_output(%x: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{a IRFFT maps complex to real elements}}
  %y = jxp.fft %x, IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_precision_mismatch(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{operand and result must share a float32 or float64 element precision}}
  %y = jxp.fft %x, FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return
}

// -----

// XLA's FFT takes no half precision (complex<f16> is not even a type of it).
func.func @fft_f16(%x: tensor<4xf16>) {
  // expected-error @+1 {{operand and result must share a float32 or float64 element precision, got 'tensor<4xf16>' -> 'tensor<3xcomplex<f32>>'}}
  %y = jxp.fft %x, RFFT, length = [4] : (tensor<4xf16>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @fft_length_mismatch(%x: tensor<2x8xcomplex<f32>>) {
  // expected-error @+1 {{operand's trailing dimensions must match fft_length, got 'tensor<2x8xcomplex<f32>>'}}
  %y = jxp.fft %x, FFT, length = [4] : (tensor<2x8xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return
}

// -----

// IRFFT's operand holds n/2 + 1 frequencies of an n-point signal.
func.func @irfft_operand_length(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{operand's trailing dimensions must match fft_length}}
  %y = jxp.fft %x, IRFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  return
}

// -----

func.func @rfft_result_length(%x: tensor<8xf32>) {
  // expected-error @+1 {{result must have shape [5], got 'tensor<8xcomplex<f32>>'}}
  %y = jxp.fft %x, RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

func.func @conv_rank_mismatch(%x: tensor<1x2x8xf32>, %k: tensor<3x2xf32>) {
  // expected-error @+1 {{lhs, rhs and result must have one rank of at least 2}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_element_types(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf64>) {
  // expected-error @+1 {{lhs, rhs and result must have one element type}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf64>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_spec_not_permutation(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{rhs_spec must be a permutation of the 3 dimensions}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 1>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_spec_short(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{lhs_spec must name all 3 dimensions}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_out_spec_out_of_range(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{out_spec must be a permutation of the 3 dimensions}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 3>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_strides_count(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{window_strides must have 1 entries, got 2}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1, 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_zero_dilation(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{rhs_dilation entries must be at least 1}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 0>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_padding_size(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{padding must hold a (low, high) pair per spatial dimension}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_both_groups(%x: tensor<2x2x8xf32>, %k: tensor<2x1x3xf32>) {
  // expected-error @+1 {{feature_group_count and batch_group_count must be positive and not both above 1}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 2 : i64,
      batch_group_count = 2 : i64} : (tensor<2x2x8xf32>, tensor<2x1x3xf32>) -> tensor<1x2x6xf32>
  return
}

// -----

func.func @conv_zero_groups(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{feature_group_count and batch_group_count must be positive}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 0 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

// 4 input features in 2 groups need a kernel with 2 input features, not 4.
func.func @conv_feature_group_mismatch(%x: tensor<1x4x8xf32>, %k: tensor<2x4x3xf32>) {
  // expected-error @+1 {{lhs feature dimension (4) must equal the kernel's input features (4) times feature_group_count (2)}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 2 : i64,
      batch_group_count = 1 : i64} : (tensor<1x4x8xf32>, tensor<2x4x3xf32>) -> tensor<1x2x6xf32>
  return
}

// -----

func.func @conv_out_features_not_multiple(%x: tensor<1x4x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{the kernel's output features (3) must be a multiple of feature_group_count and batch_group_count, and the batch (1) a multiple of batch_group_count}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 2 : i64,
      batch_group_count = 1 : i64} : (tensor<1x4x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

func.func @conv_batch_not_multiple(%x: tensor<3x2x8xf32>, %k: tensor<2x2x3xf32>) {
  // expected-error @+1 {{and the batch (3) a multiple of batch_group_count}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 2 : i64} : (tensor<3x2x8xf32>, tensor<2x2x3xf32>) -> tensor<1x2x6xf32>
  return
}

// -----

// Stride 2 over 8 - 3 + 1 = 6 positions gives 3 outputs.
func.func @conv_result_shape(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{result must have shape [1, 3, 3], got 'tensor<1x3x6xf32>'}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 2>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

// The result's dimensions are placed by out_spec (NWC here).
func.func @conv_result_layout(%x: tensor<1x2x8xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{result must have shape [1, 6, 3], got 'tensor<1x3x6xf32>'}}
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 2, 1>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 1 : i64} : (tensor<1x2x8xf32>, tensor<3x2x3xf32>) -> tensor<1x3x6xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

func.func @reduce_window_prod(%x: tensor<8xf32>) {
  // expected-error @+1 {{reduces windows with sum, max or min, got}}
  %y = jxp.reduce_window prod %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_window_element_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{operand and result must have one element type}}
  %y = jxp.reduce_window sum %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @reduce_window_dims_count(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{window_dimensions must have 2 entries, got 1}}
  %y = jxp.reduce_window sum %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1, 2>, padding = array<i64: 0, 0, 0, 0>,
      base_dilation = array<i64: 1, 1>, window_dilation = array<i64: 1, 1>}
      : (tensor<2x8xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_window_zero_stride(%x: tensor<8xf32>) {
  // expected-error @+1 {{window_strides entries must be at least 1}}
  %y = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 0>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_window_base_dilation(%x: tensor<8xf32>) {
  // expected-error @+1 {{base_dilation must have 1 entries, got 0}}
  %y = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_window_window_dilation(%x: tensor<8xf32>) {
  // expected-error @+1 {{window_dilation entries must be at least 1}}
  %y = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 0>}
      : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_window_padding_size(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{padding must hold a (low, high) pair per dimension, got 2 entries for rank 2}}
  %y = jxp.reduce_window sum %x {window_dimensions = array<i64: 1, 2>,
      window_strides = array<i64: 1, 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1, 1>, window_dilation = array<i64: 1, 1>}
      : (tensor<2x8xf32>) -> tensor<2x4xf32>
  return
}

// -----

// Padding (1, 1) and window 3, stride 1 keep 8 elements.
func.func @reduce_window_result_shape(%x: tensor<8xf32>) {
  // expected-error @+1 {{result must have shape [8], got 'tensor<6xf32>'}}
  %y = jxp.reduce_window sum %x {window_dimensions = array<i64: 3>,
      window_strides = array<i64: 1>, padding = array<i64: 1, 1>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @gather_add_types(%t: tensor<8xf32>, %x: tensor<8xf64>) {
  // expected-error @+1 {{tangent and operand must have one type, got 'tensor<8xf32>' and 'tensor<8xf64>'}}
  %y = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @gather_add_result(%t: tensor<8xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{result must have the windowed shape [4], got 'tensor<8xf32>'}}
  %y = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @gather_add_padding(%t: tensor<8xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{padding must hold a (low, high) pair per dimension, got 1 entries for rank 1}}
  %y = jxp.select_and_gather_add %t, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scatter_add_result(%s: tensor<4xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{result must have the operand's type 'tensor<8xf32>'}}
  %y = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scatter_add_base_dilation(%s: tensor<8xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{takes no base dilation}}
  %y = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 2>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @scatter_add_window_dilation(%s: tensor<3xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{takes no window dilation}}
  %y = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 2>}
      : (tensor<3xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @scatter_add_source_shape(%s: tensor<8xf32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{source must have the windowed shape [4], got 'tensor<8xf32>'}}
  %y = jxp.select_and_scatter_add %s, %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Host callbacks
//===----------------------------------------------------------------------===//

func.func @callback_vmap_method(%x: tensor<2xf32>) {
  // expected-error @+1 {{vmap_method must be sequential, sequential_unrolled, expand_dims or broadcast_all, got 'legacy_vectorized'}}
  %y = jxp.host_callback(%x) {callback_id = 1 : i64, vmap_method = "legacy_vectorized"} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @callback_side_effect_with_results(%x: tensor<2xf32>) {
  // expected-error @+1 {{a callback with side effects returns nothing}}
  %y = jxp.host_callback(%x) {callback_id = 1 : i64, has_side_effect} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @callback_negative_id(%x: tensor<2xf32>) {
  // expected-error @+1 {{callback_id must be non-negative}}
  %y = jxp.host_callback(%x) {callback_id = -1 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_and_scatter_add_negative_padding(%s: tensor<3xf32>, %x: tensor<7xf32>) {
  // expected-error @+1 {{takes no negative padding}}
  %y = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = array<i64: -1, 0>, base_dilation = array<i64: 1>, window_dilation = array<i64: 1>} : (tensor<3xf32>, tensor<7xf32>) -> tensor<7xf32>
  return
}
