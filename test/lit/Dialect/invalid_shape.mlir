// Every verifier rule of the shape ops (constant, iota, broadcast_in_dim,
// reshape, transpose, reverse, slices, concatenate, pad;
// lib/Dialect/ShapeOps.cpp), one rejected op per case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// constant, iota
//===----------------------------------------------------------------------===//

func.func @constant_type_differs() -> tensor<2xf64> {
  // expected-error @+1 {{'jxp.constant' op value type 'tensor<2xf32>' differs from result type 'tensor<2xf64>'}}
  %c = "jxp.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf64>
  return %c : tensor<2xf64>
}

// -----

func.func @constant_unsupported_element_type() -> tensor<2xi4> {
  // expected-error @+1 {{'jxp.constant' op result #0 must be ranked tensor of}}
  %c = jxp.constant dense<1> : tensor<2xi4>
  return %c : tensor<2xi4>
}

// -----

func.func @iota_dim_out_of_range() -> tensor<4x2xi32> {
  // expected-error @+1 {{'jxp.iota' op iota dimension 2 is out of range for rank 2}}
  %i = jxp.iota dim = 2 : tensor<4x2xi32>
  return %i : tensor<4x2xi32>
}

// -----

func.func @iota_negative_dim() -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.iota' op iota dimension -1 is out of range for rank 1}}
  %i = jxp.iota dim = -1 : tensor<4xf32>
  return %i : tensor<4xf32>
}

// -----

func.func @iota_bool() -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.iota' op result #0 must be ranked tensor of}}
  %i = jxp.iota dim = 0 : tensor<4xi1>
  return %i : tensor<4xi1>
}

// -----

// Used to be accepted: the element count overflowed to 0.
func.func @reshape_count_overflow(%x: tensor<4611686018427387904x4xi8>) -> tensor<0xi8> {
  // expected-error @+1 {{'jxp.reshape' op operand #0 of type 'tensor<4611686018427387904x4xi8>' would hold 2^63 bytes or more, more than XLA can address}}
  %0 = jxp.reshape %x : (tensor<4611686018427387904x4xi8>) -> tensor<0xi8>
  return %0 : tensor<0xi8>
}

// -----

//===----------------------------------------------------------------------===//
// broadcast_in_dim, reshape, transpose
//===----------------------------------------------------------------------===//

func.func @broadcast_element_type(%x: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op result element type 'f64' should be 'f32'}}
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @broadcast_dims_count(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op needs one broadcast dimension per operand dimension (1), got 2}}
  %0 = jxp.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dim_out_of_range(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op broadcast dimension 2 is out of range for rank 2}}
  %0 = jxp.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dim_twice(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op broadcast dimension 1 appears twice}}
  %0 = jxp.broadcast_in_dim %x, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_size_mismatch(%x: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op operand dimension 0 of size 3 cannot broadcast to result dimension 1 of size 2}}
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_element_type(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{'jxp.reshape' op result element type 'i32' should be 'f32'}}
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.reshape' op cannot reshape [2, 3] (6 elements) into [5] (5 elements)}}
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @transpose_element_type(%x: tensor<2x3xf32>) -> tensor<3x2xf16> {
  // expected-error @+1 {{'jxp.transpose' op result element type 'f16' should be 'f32'}}
  %0 = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

func.func @transpose_perm_size(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op permutation has 1 entries for rank 2}}
  %0 = jxp.transpose %x, permutation = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_perm_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op permutation entry 2 is out of range for rank 2}}
  %0 = jxp.transpose %x, permutation = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_perm_twice(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op permutation entry 1 appears twice}}
  %0 = jxp.transpose %x, permutation = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @transpose_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op result shape [2, 3] should be [3, 2]}}
  %0 = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// slice, dynamic_slice, dynamic_update_slice
//===----------------------------------------------------------------------===//

func.func @slice_element_type(%x: tensor<6xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'jxp.slice' op result element type 'f64' should be 'f32'}}
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @slice_entry_count(%x: tensor<6xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.slice' op start, limit and strides need one entry per operand dimension (1)}}
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2, 1] : (tensor<6xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_limit_too_big(%x: tensor<6xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [0:7:1] is invalid for dimension 0 of size 6}}
  %0 = jxp.slice %x, start = [0], limit = [7], strides = [1] : (tensor<6xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @slice_start_after_limit(%x: tensor<2x6xf32>) -> tensor<2x0xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [4:2:1] is invalid for dimension 1 of size 6}}
  %0 = jxp.slice %x, start = [0, 4], limit = [2, 2], strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

func.func @slice_negative_start(%x: tensor<6xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [-1:2:1] is invalid for dimension 0 of size 6}}
  %0 = jxp.slice %x, start = [-1], limit = [2], strides = [1] : (tensor<6xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_zero_stride(%x: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [0:6:0] is invalid for dimension 0 of size 6}}
  %0 = jxp.slice %x, start = [0], limit = [6], strides = [0] : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @slice_shape(%x: tensor<6xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.slice' op result shape [3] should be [2]}}
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Used to be accepted: ceil(5 / stride) overflowed to 0 at the largest
// stride.
func.func @slice_huge_stride(%x: tensor<5xf32>) -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.slice' op result shape [0] should be [1]}}
  %0 = jxp.slice %x, start = [0], limit = [5], strides = [9223372036854775807] : (tensor<5xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @dynamic_slice_element_type(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<2xi32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op result element type 'i32' should be 'f32'}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @dynamic_slice_index_count(%x: tensor<6x2xf32>, %i: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op needs one start index and one slice size per operand dimension (2)}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2, 2] : (tensor<6x2xf32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_size_count(%x: tensor<6x2xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op needs one start index and one slice size per operand dimension (2)}}
  %0 = jxp.dynamic_slice %x[%i, %i], sizes = [2] : (tensor<6x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Used to be accepted; StableHLO rejects mixed index types.
func.func @dynamic_slice_mixed_index_types(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op start indices must have one type, got 'tensor<i32>' and 'tensor<i64>'}}
  %0 = jxp.dynamic_slice %x[%i, %j], sizes = [2, 2] : (tensor<4x5xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_size_too_big(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<7xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op slice size 7 does not fit dimension 0 of size 6}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [7] : (tensor<6xf32>, tensor<i32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @dynamic_slice_shape(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op result shape [3] should be [2]}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dynamic_slice_vector_index(%x: tensor<6xf32>, %i: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_float_index(%x: tensor<6xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_update_slice_element_type(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2xf64>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update element type 'f64' should be 'f32'}}
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf64>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @dynamic_update_slice_update_rank(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2x1xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update and start indices must match the operand's rank 1}}
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @dynamic_update_slice_index_count(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update and start indices must match the operand's rank 1}}
  %0 = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @dynamic_update_slice_mixed_index_types(%x: tensor<2x6xf32>, %i: tensor<ui32>, %j: tensor<i32>, %u: tensor<1x2xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op start indices must have one type, got 'tensor<ui32>' and 'tensor<i32>'}}
  %0 = jxp.dynamic_update_slice %x[%i, %j], %u : (tensor<2x6xf32>, tensor<1x2xf32>, tensor<ui32>, tensor<i32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @dynamic_update_slice_too_big(%x: tensor<2x6xf32>, %i: tensor<i32>, %u: tensor<2x7xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update dimension 1 of size 7 exceeds the operand's 6}}
  %0 = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<2x6xf32>, tensor<2x7xf32>, tensor<i32>, tensor<i32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @dynamic_update_slice_result_type(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op failed to verify that all of {operand, result} have same type}}
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// concatenate, pad
//===----------------------------------------------------------------------===//

func.func @concatenate_no_input() -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.concatenate' op needs at least one input}}
  %0 = jxp.concatenate dim = 0, : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @concatenate_dim_out_of_range(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.concatenate' op dimension 1 is out of range for rank 1}}
  %0 = jxp.concatenate dim = 1, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_input_element_type(%x: tensor<2xf32>, %y: tensor<3xf64>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.concatenate' op input element type 'f64' should be 'f32'}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @concatenate_ranks(%x: tensor<2xf32>, %y: tensor<3x1xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.concatenate' op inputs must have one rank}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3x1xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @concatenate_other_dim_differs(%x: tensor<2x2xf32>, %y: tensor<2x3xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.concatenate' op inputs differ in dimension 1 (2 vs 3)}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @concatenate_result_element_type(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<5xi32> {
  // expected-error @+1 {{'jxp.concatenate' op result element type 'i32' should be 'f32'}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @concatenate_shape(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.concatenate' op result shape [4] should be [5]}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @pad_value_element_type(%x: tensor<3xf32>, %v: tensor<f64>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.pad' op padding value element type 'f64' should be 'f32'}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f64>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_value_not_scalar(%x: tensor<3xf32>, %v: tensor<1xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.pad' op operand #1 must be 0D tensor of}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<1xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_result_element_type(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf16> {
  // expected-error @+1 {{'jxp.pad' op result element type 'f16' should be 'f32'}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

// -----

func.func @pad_entry_count(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.pad' op needs low, high and interior padding per operand dimension (1)}}
  %0 = jxp.pad %x, %v, low = [1], high = [0, 0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_negative_interior(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.pad' op interior padding must be non-negative}}
  %0 = jxp.pad %x, %v, low = [1], high = [1], interior = [-1] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_negative_size(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.pad' op padding makes dimension 0 negative}}
  %0 = jxp.pad %x, %v, low = [-3], high = [-1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @pad_shape(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.pad' op result shape [5] should be [6]}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Used to be accepted: the result size wrapped around.
func.func @pad_overflow(%x: tensor<3xi8>, %p: tensor<i8>) -> tensor<1xi8> {
  // expected-error @+1 {{'jxp.pad' op padding overflows the size of dimension 0}}
  %0 = jxp.pad %x, %p, low = [4611686018427387904], high = [4611686018427387904], interior = [0] : (tensor<3xi8>, tensor<i8>) -> tensor<1xi8>
  return %0 : tensor<1xi8>
}

// -----

func.func @pad_interior_overflow(%x: tensor<3xi8>, %p: tensor<i8>) -> tensor<2xi8> {
  // expected-error @+1 {{'jxp.pad' op padding overflows the size of dimension 0}}
  %0 = jxp.pad %x, %p, low = [0], high = [0], interior = [9223372036854775807] : (tensor<3xi8>, tensor<i8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// Used to be accepted: the joined size wrapped around.
func.func @concatenate_overflow(%x: tensor<4611686018427387904xi8>) -> tensor<0xi8> {
  // expected-error @+1 {{'jxp.concatenate' op the joined dimension 0 overflows int64}}
  %0 = jxp.concatenate dim = 0, %x, %x : (tensor<4611686018427387904xi8>, tensor<4611686018427387904xi8>) -> tensor<0xi8>
  return %0 : tensor<0xi8>
}

// -----

func.func @reverse_dim_out_of_range(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.reverse' op dimension 2 is out of range for rank 2}}
  %0 = jxp.reverse %x, dims = [2] : tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reverse_dim_twice(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.reverse' op dimension 0 appears twice}}
  %0 = jxp.reverse %x, dims = [0, 0] : tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
