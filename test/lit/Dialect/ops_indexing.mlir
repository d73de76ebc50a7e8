// Round trip of dot_general, gather, scatter and sort:
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dot_general_matmul
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK: jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_general_matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_batched
// CHECK: jxp.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
func.func @dot_general_batched(%a: tensor<5x2x3xf32>, %b: tensor<3x5x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0]
      : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_outer_widening
// CHECK: jxp.dot_general %{{.*}}, %{{.*}}, batching_dims = [] x [], contracting_dims = [] x [] : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
func.func @dot_general_outer_widening(%a: tensor<2xi8>, %b: tensor<3xi8>) -> tensor<2x3xi32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [] x []
      : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// gather, scatter, sort
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @gather_clip
// CHECK: jxp.gather %{{.*}}, %{{.*}} {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
func.func @gather_clip(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_fill_or_drop_with_fill_value
// CHECK: jxp.gather %{{.*}}, %{{.*}} {collapsed_slice_dims = array<i64: 0>, fill_value = -1 : i32, index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 1 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 2>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
func.func @gather_fill_or_drop_with_fill_value(%x: tensor<3x4xi32>, %idx: tensor<2x1xi32>) -> tensor<2x2xi32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = -1 : i32,
      index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 2>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// Batching dims and an implicit index vector dimension (index_vector_dim ==
// rank of the indices).
// CHECK-LABEL: func.func @gather_promise_in_bounds_batched
// CHECK: jxp.gather %{{.*}}, %{{.*}} {collapsed_slice_dims = array<i64: 1>, index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>} : (tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
func.func @gather_promise_in_bounds_batched(%x: tensor<2x5x3xf32>, %idx: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_add_fill_or_drop
// CHECK: jxp.scatter add %{{.*}}, %{{.*}}, %{{.*}} {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
func.func @scatter_add_fill_or_drop(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_set_clip
// CHECK: jxp.scatter set %{{.*}}, %{{.*}}, %{{.*}} {index_vector_dim = 1 : i64, indices_are_sorted = true, inserted_window_dims = array<i64: 0>, mode = 0 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>} : (tensor<3x4xi32>, tensor<2x1xi32>, tensor<2x4xi32>) -> tensor<3x4xi32>
func.func @scatter_set_clip(%x: tensor<3x4xi32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xi32>) -> tensor<3x4xi32> {
  %0 = jxp.scatter set %x, %idx, %u {index_vector_dim = 1 : i64, indices_are_sorted = true,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>}
      : (tensor<3x4xi32>, tensor<2x1xi32>, tensor<2x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// CHECK-LABEL: func.func @scatter_other_kinds_promise_in_bounds
// CHECK: jxp.scatter mul %{{.*}} mode = 2 : i32
// CHECK: jxp.scatter min %{{.*}} mode = 2 : i32
// CHECK: jxp.scatter max %{{.*}} mode = 2 : i32
func.func @scatter_other_kinds_promise_in_bounds(%x: tensor<5xf32>, %idx: tensor<2xi32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %0 = jxp.scatter mul %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %1 = jxp.scatter min %0, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %2 = jxp.scatter max %1, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  return %2 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @sort_single_unstable
// CHECK: jxp.sort(%{{.*}}), dim = 0, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: stable
func.func @sort_single_unstable(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @sort_multi_operand_stable
// CHECK-SAME: (%[[K:.*]]: tensor<4xf32>, %[[V:.*]]: tensor<4xi32>)
// CHECK: %[[R:.*]]:2 = jxp.sort(%[[K]], %[[V]]), dim = 0, num_keys = 1 stable : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sort_multi_operand_stable(%keys: tensor<4xf32>, %vals: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %k, %v = jxp.sort(%keys, %vals), dim = 0, num_keys = 1 stable
      : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %k, %v : tensor<4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @sort_two_keys
// CHECK: jxp.sort(%{{.*}}, %{{.*}}, %{{.*}}), dim = 1, num_keys = 2 : (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>) -> (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>)
func.func @sort_two_keys(%a: tensor<2x3xi32>, %b: tensor<2x3xui8>, %c: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %r:3 = jxp.sort(%a, %b, %c), dim = 1, num_keys = 2
      : (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>) -> (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>)
  return %r#2 : tensor<2x3xf64>
}
