// Every verifier rule of dot_general, gather, scatter and sort
// (lib/Dialect/IndexingOps.cpp), one rejected op per case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

func.func @dot_element_types(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op operand element types differ: 'f32' vs 'f64'}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_batching_count(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs and rhs need as many batching dimensions}}
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [2] x [1]
      : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_contracting_count(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs and rhs need as many contracting dimensions}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0, 1]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_lhs_dim_out_of_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs dimension 2 is out of range for rank 2}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [2] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_lhs_dim_twice(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs dimension 0 appears twice}}
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1]
      : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dot_rhs_dim_out_of_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op rhs dimension 5 is out of range for rank 2}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [5]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_batching_sizes(%a: tensor<5x2x3xf32>, %b: tensor<4x3x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op batching dimensions 0 x 0 differ in size (5 vs 4)}}
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<5x2x3xf32>, tensor<4x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_contracting_sizes(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op contracting dimensions 1 x 0 differ in size (3 vs 4)}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_shape(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.dot_general' op result shape [4, 2] should be [2, 4]}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

func.func @gather_result_element_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf64> {
  // expected-error @+1 {{'jxp.gather' op result element type 'f64' should be 'f32'}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----

// Used to be accepted and lowered to a reinterpreted fill value.
func.func @gather_fill_value_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op fill_value 1 : i32 should be a scalar of type 'f32'}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = 1 : i32,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_fill_value_not_scalar(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op fill_value dense<1.000000e+00> : tensor<f32> should be a scalar of type 'f32'}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = dense<1.0> : tensor<f32>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_index_vector_dim(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op index_vector_dim 3 is out of range}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 3 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_batching_count(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.gather' op operand and indices need as many batching dimensions}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64>}
      : (tensor<2x5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_start_index_map_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op start_index_map has 2 entries for index vectors of size 1}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_slice_sizes_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op needs one slice size per operand dimension (2)}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_start_index_map_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op start_index_map entry 2 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 2>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed_slice_dims or operand_batching_dims entry 5 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 5>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed_and_batching(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed_slice_dims or operand_batching_dims entry 0 appears twice}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_slice_size_too_big(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'jxp.gather' op slice size 5 does not fit dimension 1 of size 4}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 5>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_collapsed_size(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed or batching dimension 0 has slice size 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 2, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dims_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op offset_dims has 2 entries but slices keep 1 dimensions}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 0, 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dim_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op offset dimension 2 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 2>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_shape(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.gather' op result shape [4, 2] should be [2, 4]}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @gather_bad_mode(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op attribute 'mode' failed to satisfy constraint}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 3 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_float_indices(%x: tensor<3x4xf32>, %idx: tensor<2x1xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op operand #1 must be ranked tensor of}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dims_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2x5x4xf32> {
  // expected-error @+1 {{'jxp.gather' op offset_dims must be sorted, got [2, 1]}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 2, 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4, 5>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4x5xf32>, tensor<2x1xi32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

func.func @gather_collapsed_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x2xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed_slice_dims must be sorted, got [1, 0]}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1, 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 1, 5>,
      start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Used to be accepted (unchecked), then rejected by jaxlib or fatal in XLA.
func.func @gather_indices_batching_out_of_range(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op indices batching dimension 7 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 7>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_index_vector_dim_batching(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op index_vector_dim 1 cannot be an indices batching dimension}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 1>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_batching_sizes_differ(%x: tensor<3x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op operand batching dimension 0 (size 3) and indices batching dimension 0 (size 2) differ in size}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<3x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_index_map_batching(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op start_index_map entry 0 is an operand batching dimension}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Batching dimensions that fit (no diagnostic expected).
func.func @gather_batching_ok(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

func.func @scatter_updates_element_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf64>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op updates element type 'f64' should be 'f32'}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_index_vector_dim(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op index_vector_dim -1 is out of range}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = -1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_batching_count(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{'jxp.scatter' op operand and indices need as many batching dimensions}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<2x5x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

func.func @scatter_dims_to_operand_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op scatter_dims_to_operand_dims has 2 entries for index vectors of size 1}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0, 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_updates_rank(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4x1xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op updates have rank 3 but indices and window need 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4x1xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_cover_rank(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op window, inserted and batching dimensions must cover the operand's rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_window_dim_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op update window dimension 2 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 2>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_window_dim_twice(%x: tensor<3x4xf32>, %idx: tensor<i32>, %u: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op update window dimension 1 appears twice}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 0 : i64,
      inserted_window_dims = array<i64>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1, 1>}
      : (tensor<3x4xf32>, tensor<i32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Used to crash the clip lowering (out-of-bounds read of the operand shape).
func.func @scatter_inserted_dim_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op inserted_window_dims or operand_batching_dims entry 7 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 7>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_inserted_is_batching(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{'jxp.scatter' op inserted_window_dims or operand_batching_dims entry 0 appears twice}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64: 1>}
      : (tensor<2x5x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

func.func @scatter_dims_to_operand_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op scatter_dims_to_operand_dims entry 9 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 9>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_window_too_big(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op update window dimension 1 of size 5 exceeds operand dimension 1 of size 4}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_result_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf64> {
  // expected-error @+1 {{'jxp.scatter' op failed to verify that all of {operand, result} have same type}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// -----

func.func @scatter_window_dims_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x5x4xf32>) -> tensor<3x4x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op update_window_dims must be sorted, got [2, 1]}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 2, 1>}
      : (tensor<3x4x5xf32>, tensor<2x1xi32>, tensor<2x5x4xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

func.func @scatter_inserted_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x2xi32>, %u: tensor<2x5xf32>) -> tensor<3x4x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op inserted_window_dims must be sorted, got [1, 0]}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1, 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0, 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4x5xf32>, tensor<2x2xi32>, tensor<2x5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// Used to be accepted (unchecked), then rejected by jaxlib or fatal in XLA.
func.func @scatter_indices_batching_out_of_range(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op indices batching dimension 1000000 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 1000000>, update_window_dims = array<i64>}
      : (tensor<2x5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @scatter_batching_sizes_differ(%x: tensor<3x5xf32>, %idx: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op operand batching dimension 0 (size 3) and indices batching dimension 0 (size 2) differ in size}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64>}
      : (tensor<3x5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Used to be accepted: the updates' scatter dimensions were not checked.
func.func @scatter_updates_scatter_dims(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<7x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op updates dimension 0 of size 7 should match the indices' scatter dimension of size 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<7x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

func.func @sort_no_input() {
  // expected-error @+1 {{'jxp.sort' op needs at least one input}}
  jxp.sort(), dim = 0, num_keys = 1 : () -> ()
  return
}

// -----

// Used to be accepted (and read past the end of the results).
func.func @sort_result_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op needs one result per input (1), got 2}}
  %r:2 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0 : tensor<4xf32>
}

// -----

func.func @sort_shapes_differ(%x: tensor<4xf32>, %y: tensor<3xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op inputs must have one shape}}
  %r:2 = jxp.sort(%x, %y), dim = 0, num_keys = 1 : (tensor<4xf32>, tensor<3xi32>) -> (tensor<4xf32>, tensor<3xi32>)
  return %r#0 : tensor<4xf32>
}

// -----

func.func @sort_result_types(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op result types must match the input types}}
  %r:2 = jxp.sort(%x, %y), dim = 0, num_keys = 1 : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi64>)
  return %r#0 : tensor<4xf32>
}

// -----

func.func @sort_dimension(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op dimension 1 is out of range for rank 1}}
  %r = jxp.sort(%x), dim = 1, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @sort_zero_keys(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op num_keys must be between 1 and the number of inputs}}
  %r = jxp.sort(%x), dim = 0, num_keys = 0 : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @sort_too_many_keys(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op num_keys must be between 1 and the number of inputs}}
  %r:2 = jxp.sort(%x, %y), dim = 0, num_keys = 3 : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0 : tensor<4xf32>
}
