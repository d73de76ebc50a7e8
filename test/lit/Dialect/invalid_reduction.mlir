// Every verifier rule of the reductions and scans (reduce, argmax/argmin,
// the cumulative ops; lib/Dialect/ReductionOps.cpp), one rejected op per
// case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// reduce, argmax, argmin, cumulative ops
//===----------------------------------------------------------------------===//

func.func @reduce_dim_out_of_range(%x: tensor<4x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.reduce' op dimension 2 is out of range for rank 2}}
  %0 = jxp.reduce sum %x, dims = [2] : (tensor<4x2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_twice(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.reduce' op dimension 0 appears twice}}
  %0 = jxp.reduce sum %x, dims = [0, 0] : (tensor<4x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_result_element_type(%x: tensor<4x2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'jxp.reduce' op result element type 'i64' should be 'i32'}}
  %0 = jxp.reduce sum %x, dims = [0] : (tensor<4x2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @reduce_and_of_float(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.reduce' op 'and' needs integer or boolean elements}}
  %0 = jxp.reduce and %x, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_or_of_complex(%x: tensor<4xcomplex<f32>>) -> tensor<complex<f32>> {
  // expected-error @+1 {{'jxp.reduce' op 'or' needs integer or boolean elements}}
  %0 = jxp.reduce or %x, dims = [0] : (tensor<4xcomplex<f32>>) -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

func.func @reduce_shape(%x: tensor<4x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.reduce' op result shape [4] should be [2]}}
  %0 = jxp.reduce max %x, dims = [0] : (tensor<4x2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_bad_kind(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [sum, prod, max, min, and, or]}}
  %0 = jxp.reduce mean %x, dims = [0] : (tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @argmax_axis_out_of_range(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.argmax' op axis 2 is out of range for rank 2}}
  %0 = jxp.argmax %x, axis = 2 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @argmin_negative_axis(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.argmin' op axis -1 is out of range for rank 2}}
  %0 = jxp.argmin %x, axis = -1 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @argmax_shape(%x: tensor<4x3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'jxp.argmax' op result shape [3] should be [4]}}
  %0 = jxp.argmax %x, axis = 1 : (tensor<4x3xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @argmin_float_result(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.argmin' op result #0 must be ranked tensor of}}
  %0 = jxp.argmin %x, axis = 1 : (tensor<4x3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cumsum_axis_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.cumsum' op axis 1 is out of range for rank 1}}
  %0 = jxp.cumsum %x, axis = 1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cumprod_axis_out_of_range(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.cumprod' op axis 2 is out of range for rank 2}}
  %0 = jxp.cumprod %x, axis = 2 reverse : tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @cummax_negative_axis(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.cummax' op axis -1 is out of range for rank 1}}
  %0 = jxp.cummax %x, axis = -1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @cummin_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'jxp.cummin' op axis 0 is out of range for rank 0}}
  %0 = jxp.cummin %x, axis = 0 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @cumsum_result_type(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'jxp.cumsum' op requires the same type for all operands and results}}
  %0 = "jxp.cumsum"(%x) <{axis = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// The lowering pads the axis to 2n - 1 elements (more than 2^62 here: XLA
// aborts on such an array; an axis of more than 2^62 is refused by the
// array check before).
func.func @cumsum_too_long(%x: tensor<4611686018427387904xi8>) -> tensor<4611686018427387904xi8> {
  // expected-error @+1 {{'jxp.cumsum' op axis 0 of size 4611686018427387904 is too long to scan: padded to 2n - 1, the array of type 'tensor<9223372036854775807xi8>' would hold more than 2^62 elements, more than XLA can compile}}
  %0 = jxp.cumsum %x, axis = 0 : tensor<4611686018427387904xi8>
  return %0 : tensor<4611686018427387904xi8>
}

// -----

// Used to be accepted: JAX rejects it, and XLA's constant folder aborts on
// the comparison the lowering makes.
func.func @argmax_complex(%x: tensor<4xcomplex<f32>>) -> tensor<i32> {
  // expected-error @+1 {{'jxp.argmax' op complex numbers have no order to find an extreme of}}
  %0 = jxp.argmax %x, axis = 0 : (tensor<4xcomplex<f32>>) -> tensor<i32>
  return %0 : tensor<i32>
}
