// Batching rules of dot_general, gather, scatter and sort, run alone with
// the `jxp-batch` pass: for each op, operands mapped along dimension 0 and
// along another one, and each combination of mapped and unmapped operands.
// The batch dimension stays where the operands have it wherever the op's
// dimension numbers can name it there; the second RUN line checks that
// the batched ops lower to StableHLO. test/python/test_batch_rules_indexing.py
// checks their numbers against jax.vmap.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --inline --canonicalize --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// Both mapped along 0: a new batching pair, the result's dimension 0.
// CHECK-LABEL: func.func private @dot_both_0_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<5x2x3xf32>, %[[B:[^:]*]]: tensor<5x3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @dot_both_0_main(
// HLO: stablehlo.dot_general{{.*}}lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]{{.*}} -> tensor<5x2x4xf32>
func.func private @dot_both_0(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @dot_both_0_main(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.vmap @dot_both_0(%a, %b) in_axes [0, 0] out_axes [0] size 5 : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Both mapped, along 1 and 2: no transpose of the operands; the pair goes
// first among the existing batching pairs, so the result is mapped along
// 0 (moved to out_axes 1 at the end).
// CHECK-LABEL: func.func private @dot_both_not0_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<6x2x5x3xf32>, %[[B:[^:]*]]: tensor<6x3x4x5xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [2, 0] x [3, 0], contracting_dims = [3] x [1] : (tensor<6x2x5x3xf32>, tensor<6x3x4x5xf32>) -> tensor<5x6x2x4xf32>
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[R]], permutation = [1, 0, 2, 3]
// CHECK-NEXT: return %[[T]]
// HLO-LABEL: func.func @dot_both_not0_main(
// HLO: stablehlo.dot_general{{.*}}lhs_batching_dimensions = [2, 0], rhs_batching_dimensions = [3, 0]{{.*}} -> tensor<5x6x2x4xf32>
func.func private @dot_both_not0(%a: tensor<6x2x3xf32>, %b: tensor<6x3x4xf32>) -> tensor<6x2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x2x3xf32>, tensor<6x3x4xf32>) -> tensor<6x2x4xf32>
  return %0 : tensor<6x2x4xf32>
}
func.func @dot_both_not0_main(%a: tensor<6x2x5x3xf32>, %b: tensor<6x3x4x5xf32>) -> tensor<6x5x2x4xf32> {
  %0 = jxp.vmap @dot_both_not0(%a, %b) in_axes [2, 3] out_axes [1] size 5 : (tensor<6x2x5x3xf32>, tensor<6x3x4x5xf32>) -> tensor<6x5x2x4xf32>
  return %0 : tensor<6x5x2x4xf32>
}

// -----

// Only the lhs mapped, along 1: one more free dimension of the lhs, after
// its free dimension 0, so the result is mapped along 1 (no transpose for
// out_axes 1).
// CHECK-LABEL: func.func private @dot_lhs_1_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x5x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [2] x [0] : (tensor<2x5x3xf32>, tensor<3x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @dot_lhs_1_main(
// HLO: stablehlo.dot_general{{.*}}lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]{{.*}} -> tensor<2x5x4xf32>
func.func private @dot_lhs_1(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @dot_lhs_1_main(%a: tensor<2x5x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5x4xf32> {
  %0 = jxp.vmap @dot_lhs_1(%a, %b) in_axes [1, -1] out_axes [1] size 5 : (tensor<2x5x3xf32>, tensor<3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// Only the lhs mapped, along 0, with a batching pair: the result keeps the
// batching dimension first, then the lhs's free dimensions: the mapped one
// (1), then 2.
// CHECK-LABEL: func.func private @dot_lhs_0_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<5x6x2x3xf32>, %[[B:[^:]*]]: tensor<6x3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [1] x [0], contracting_dims = [3] x [1] : (tensor<5x6x2x3xf32>, tensor<6x3x4xf32>) -> tensor<6x5x2x4xf32>
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[R]], permutation = [1, 0, 2, 3]
// CHECK-NEXT: return %[[T]]
func.func private @dot_lhs_0(%a: tensor<6x2x3xf32>, %b: tensor<6x3x4xf32>) -> tensor<6x2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x2x3xf32>, tensor<6x3x4xf32>) -> tensor<6x2x4xf32>
  return %0 : tensor<6x2x4xf32>
}
func.func @dot_lhs_0_main(%a: tensor<5x6x2x3xf32>, %b: tensor<6x3x4xf32>) -> tensor<5x6x2x4xf32> {
  %0 = jxp.vmap @dot_lhs_0(%a, %b) in_axes [0, -1] out_axes [0] size 5 : (tensor<5x6x2x3xf32>, tensor<6x3x4xf32>) -> tensor<5x6x2x4xf32>
  return %0 : tensor<5x6x2x4xf32>
}

// -----

// Only the rhs mapped, along 0: a free dimension of the rhs, which the
// result puts after the lhs's free dimensions (1).
// CHECK-LABEL: func.func private @dot_rhs_0_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<5x3x4xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[R]], permutation = [1, 0, 2]
// CHECK-NEXT: return %[[T]]
// HLO-LABEL: func.func @dot_rhs_0_main(
// HLO: stablehlo.dot_general{{.*}}rhs_contracting_dimensions = [1]{{.*}} -> tensor<2x5x4xf32>
// HLO: stablehlo.transpose
func.func private @dot_rhs_0(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @dot_rhs_0_main(%a: tensor<2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.vmap @dot_rhs_0(%a, %b) in_axes [-1, 0] out_axes [0] size 5 : (tensor<2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Only the rhs mapped, along its last dimension (2), after its free
// dimension 1: the result's last dimension.
// CHECK-LABEL: func.func private @dot_rhs_2_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4x5xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: return %[[R]]
func.func private @dot_rhs_2(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @dot_rhs_2_main(%a: tensor<2x3xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x4x5xf32> {
  %0 = jxp.vmap @dot_rhs_2(%a, %b) in_axes [-1, 2] out_axes [2] size 5 : (tensor<2x3xf32>, tensor<3x4x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// A vector dot (no free dimensions) with the rhs mapped: the result is the
// mapped dimension alone.
// CHECK-LABEL: func.func private @dot_vector_rhs_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3xf32>, %[[B:[^:]*]]: tensor<3x5xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3x5xf32>) -> tensor<5xf32>
// CHECK-NEXT: return %[[R]]
func.func private @dot_vector_rhs(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<f32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @dot_vector_rhs_main(%a: tensor<3xf32>, %b: tensor<3x5xf32>) -> tensor<5xf32> {
  %0 = jxp.vmap @dot_vector_rhs(%a, %b) in_axes [-1, 1] out_axes [0] size 5 : (tensor<3xf32>, tensor<3x5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// Only the operand mapped, along 0: a window of the whole batch dimension
// (slice size 5), the result's first offset dimension.
// CHECK-LABEL: func.func private @gather_operand_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 1>, index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 0 : i32, offset_dims = array<i64: 0, 2>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 5, 1, 4>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64>} : (tensor<5x3x4xf32>, tensor<2x1xi32>) -> tensor<5x2x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @gather_operand_0_main(
// HLO: stablehlo.gather{{.*}}offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1{{.*}}slice_sizes = array<i64: 5, 1, 4>{{.*}} -> tensor<5x2x4xf32>
func.func private @gather_operand_0(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_operand_0_main(%x: tensor<5x3x4xf32>, %i: tensor<2x1xi32>) -> tensor<5x2x4xf32> {
  %0 = jxp.vmap @gather_operand_0(%x, %i) in_axes [0, -1] out_axes [0] size 5 : (tensor<5x3x4xf32>, tensor<2x1xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Only the operand mapped, along its last dimension, after its window
// dimension 1: the result's offset dimension after that one's (2).
// fill_or_drop keeps its fill value: the new window is always in bounds.
// CHECK-LABEL: func.func private @gather_operand_2_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4x5xf32>, %[[I:[^:]*]]: tensor<2x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 0>, fill_value = 7.000000e+00 : f32, index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1, 2>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4, 5>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4x5xf32>, tensor<2x1xi32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @gather_operand_2_main(
// HLO: stablehlo.gather{{.*}}offset_dims = [1, 2]{{.*}}slice_sizes = array<i64: 1, 4, 5>{{.*}} -> tensor<2x4x5xf32>
// HLO: "stablehlo.constant"() {value = dense<7.000000e+00>
// HLO: stablehlo.select
func.func private @gather_operand_2(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, fill_value = 7.0 : f32, index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_operand_2_main(%x: tensor<3x4x5xf32>, %i: tensor<2x1xi32>) -> tensor<2x4x5xf32> {
  %0 = jxp.vmap @gather_operand_2(%x, %i) in_axes [2, -1] out_axes [2] size 5 : (tensor<3x4x5xf32>, tensor<2x1xi32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// Only the indices mapped, along 0: one more batch dimension of the
// indices (index_vector_dim shifts to 2), the result's first; indices of
// several members need not be sorted together.
// CHECK-LABEL: func.func private @gather_indices_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<5x2x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 2 : i64, mode = 0 : i32, offset_dims = array<i64: 2>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<5x2x1xi32>) -> tensor<5x2x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @gather_indices_0_main(
// HLO: stablehlo.gather{{.*}}offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2{{.*}}indices_are_sorted = false{{.*}} -> tensor<5x2x4xf32>
func.func private @gather_indices_0(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_indices_0_main(%x: tensor<3x4xf32>, %i: tensor<5x2x1xi32>) -> tensor<5x2x4xf32> {
  %0 = jxp.vmap @gather_indices_0(%x, %i) in_axes [-1, 0] out_axes [0] size 5 : (tensor<3x4xf32>, tensor<5x2x1xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Only the indices mapped, along 1, after their batch dimension 0 and
// before index_vector_dim: the result's second batch dimension (1), and
// the offset dimension moves to 2.
// CHECK-LABEL: func.func private @gather_indices_1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x5x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 2 : i64, mode = 2 : i32, offset_dims = array<i64: 2>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x5x1xi32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: return %[[R]]
func.func private @gather_indices_1(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_indices_1_main(%x: tensor<3x4xf32>, %i: tensor<2x5x1xi32>) -> tensor<2x5x4xf32> {
  %0 = jxp.vmap @gather_indices_1(%x, %i) in_axes [-1, 1] out_axes [1] size 5 : (tensor<3x4xf32>, tensor<2x5x1xi32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// Indices with an implicit index vector (index_vector_dim = rank) mapped
// along their last dimension: index_vector_dim stays the implicit one (2).
// CHECK-LABEL: func.func private @gather_indices_implicit_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x5xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 2 : i64, mode = 0 : i32, offset_dims = array<i64: 2>, {{.*}}} : (tensor<3x4xf32>, tensor<2x5xi32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @gather_indices_implicit_main(
// HLO: stablehlo.gather{{.*}}index_vector_dim = 2{{.*}} -> tensor<2x5x4xf32>
func.func private @gather_indices_implicit(%x: tensor<3x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_indices_implicit_main(%x: tensor<3x4xf32>, %i: tensor<2x5xi32>) -> tensor<2x5x4xf32> {
  %0 = jxp.vmap @gather_indices_implicit(%x, %i) in_axes [-1, 1] out_axes [1] size 5 : (tensor<3x4xf32>, tensor<2x5xi32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// Both mapped, the operand along 1 and the indices along 0: a new pair of
// batching dimensions (slice size 1), no transpose; the result is mapped
// along the indices' batch dimension's place (0).
// CHECK-LABEL: func.func private @gather_both_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4xf32>, %[[I:[^:]*]]: tensor<5x2x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 2 : i64, indices_are_sorted = true, mode = 1 : i32, offset_dims = array<i64: 2>, operand_batching_dims = array<i64: 1>, slice_sizes = array<i64: 1, 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64: 0>} : (tensor<3x5x4xf32>, tensor<5x2x1xi32>) -> tensor<5x2x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @gather_both_main(
// HLO: stablehlo.gather{{.*}}offset_dims = [2], collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 2{{.*}}slice_sizes = array<i64: 1, 1, 4>{{.*}} -> tensor<5x2x4xf32>
func.func private @gather_both(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 1 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_both_main(%x: tensor<3x5x4xf32>, %i: tensor<5x2x1xi32>) -> tensor<5x2x4xf32> {
  %0 = jxp.vmap @gather_both(%x, %i) in_axes [1, 0] out_axes [0] size 5 : (tensor<3x5x4xf32>, tensor<5x2x1xi32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// Both mapped along 0 into a gather that already has a batching pair (as
// take_along_axis's): the new pair goes before it in the operand's sorted
// list, the indices' list follows the same order.
// CHECK-LABEL: func.func private @gather_both_batching_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>, %[[I:[^:]*]]: tensor<5x3x2x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 2>, index_vector_dim = 3 : i64, mode = 2 : i32, offset_dims = array<i64>, operand_batching_dims = array<i64: 0, 1>, slice_sizes = array<i64: 1, 1, 1>, start_index_map = array<i64: 2>, start_indices_batching_dims = array<i64: 0, 1>} : (tensor<5x3x4xf32>, tensor<5x3x2x1xi32>) -> tensor<5x3x2xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @gather_both_batching_main(
// HLO: stablehlo.gather{{.*}}operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1]{{.*}} -> tensor<5x3x2xf32>
func.func private @gather_both_batching(%x: tensor<3x4xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 1>, index_vector_dim = 2 : i64, mode = 2 : i32, offset_dims = array<i64>, operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>} : (tensor<3x4xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
func.func @gather_both_batching_main(%x: tensor<5x3x4xf32>, %i: tensor<5x3x2x1xi32>) -> tensor<5x3x2xf32> {
  %0 = jxp.vmap @gather_both_batching(%x, %i) in_axes [0, 0] out_axes [0] size 5 : (tensor<5x3x4xf32>, tensor<5x3x2x1xi32>) -> tensor<5x3x2xf32>
  return %0 : tensor<5x3x2xf32>
}

// -----

// Both mapped, the operand along its last dimension (after its batching
// dimension 0) and the indices along 1: the operand's batching list stays
// sorted ([0, 2]) and the indices' is paired with it ([0, 1]).
// CHECK-LABEL: func.func private @gather_both_batching_last_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4x5xf32>, %[[I:[^:]*]]: tensor<3x5x2x1xi32>)
// CHECK-NEXT: %[[R:.*]] = jxp.gather %[[X]], %[[I]] {collapsed_slice_dims = array<i64: 1>, index_vector_dim = 3 : i64, mode = 2 : i32, offset_dims = array<i64>, operand_batching_dims = array<i64: 0, 2>, slice_sizes = array<i64: 1, 1, 1>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0, 1>} : (tensor<3x4x5xf32>, tensor<3x5x2x1xi32>) -> tensor<3x5x2xf32>
// CHECK-NEXT: return %[[R]]
func.func private @gather_both_batching_last(%x: tensor<3x4xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 1>, index_vector_dim = 2 : i64, mode = 2 : i32, offset_dims = array<i64>, operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>} : (tensor<3x4xf32>, tensor<3x2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
func.func @gather_both_batching_last_main(%x: tensor<3x4x5xf32>, %i: tensor<3x5x2x1xi32>) -> tensor<3x5x2xf32> {
  %0 = jxp.vmap @gather_both_batching_last(%x, %i) in_axes [2, 1] out_axes [1] size 5 : (tensor<3x4x5xf32>, tensor<3x5x2x1xi32>) -> tensor<3x5x2xf32>
  return %0 : tensor<3x5x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

// Only the operand mapped, along 0: one more window dimension; the updates
// are broadcast along the matching window place (0).
// CHECK-LABEL: func.func private @scatter_operand_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[U:[^:]*]]: tensor<2x4xf32>)
// CHECK-NEXT: %[[UB:.*]] = jxp.broadcast_in_dim %[[U]], dims = [1, 2] : (tensor<2x4xf32>) -> tensor<5x2x4xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter add %[[X]], %[[I]], %[[UB]] {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 1>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 1>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 0, 2>} : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<5x2x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scatter_operand_0_main(
// HLO: stablehlo.scatter{{.*}}update_window_dims = [0, 2], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1{{.*}}unique_indices = true{{.*}} -> tensor<5x3x4xf32>
func.func private @scatter_operand_0(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_operand_0_main(%x: tensor<5x3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<5x3x4xf32> {
  %0 = jxp.vmap @scatter_operand_0(%x, %i, %u) in_axes [0, -1, -1] out_axes [0] size 5 : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

// Operand and updates mapped along 0: they already match, nothing moves.
// CHECK-LABEL: func.func private @scatter_operand_updates_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[U:[^:]*]]: tensor<5x2x4xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.scatter set %[[X]], %[[I]], %[[U]] {{{.*}}inserted_window_dims = array<i64: 1>, {{.*}}scatter_dims_to_operand_dims = array<i64: 1>, {{.*}}update_window_dims = array<i64: 0, 2>} : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<5x2x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
func.func private @scatter_operand_updates_0(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter set %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_operand_updates_0_main(%x: tensor<5x3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<5x2x4xf32>) -> tensor<5x3x4xf32> {
  %0 = jxp.vmap @scatter_operand_updates_0(%x, %i, %u) in_axes [0, -1, 0] out_axes [0] size 5 : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<5x2x4xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

// The operand mapped along its last dimension (a window dimension after
// window dimension 1), the updates along 0: the updates move to the
// matching place (after their window dimension 1, so 2).
// CHECK-LABEL: func.func private @scatter_operand_2_updates_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4x5xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[U:[^:]*]]: tensor<5x2x4xf32>)
// CHECK-NEXT: %[[UT:.*]] = jxp.transpose %[[U]], permutation = [1, 2, 0] : (tensor<5x2x4xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter max %[[X]], %[[I]], %[[UT]] {{{.*}}inserted_window_dims = array<i64: 0>, {{.*}}scatter_dims_to_operand_dims = array<i64: 0>, {{.*}}update_window_dims = array<i64: 1, 2>} : (tensor<3x4x5xf32>, tensor<2x1xi32>, tensor<2x4x5xf32>) -> tensor<3x4x5xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scatter_operand_2_updates_0_main(
// HLO: stablehlo.scatter{{.*}}update_window_dims = [1, 2], inserted_window_dims = [0]{{.*}} -> tensor<3x4x5xf32>
func.func private @scatter_operand_2_updates_0(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter max %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_operand_2_updates_0_main(%x: tensor<3x4x5xf32>, %i: tensor<2x1xi32>, %u: tensor<5x2x4xf32>) -> tensor<3x4x5xf32> {
  %0 = jxp.vmap @scatter_operand_2_updates_0(%x, %i, %u) in_axes [2, -1, 0] out_axes [2] size 5 : (tensor<3x4x5xf32>, tensor<2x1xi32>, tensor<5x2x4xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// Only the updates mapped, along 1 (after their scatter dimension 0,
// before their window dimension): the operand is broadcast along the
// first place before its window dimension (0) and the updates stay.
// CHECK-LABEL: func.func private @scatter_updates_1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x1xi32>, %[[U:[^:]*]]: tensor<2x5x4xf32>)
// CHECK-NEXT: %[[XB:.*]] = jxp.broadcast_in_dim %[[X]], dims = [1, 2] : (tensor<3x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter mul %[[XB]], %[[I]], %[[U]] {{{.*}}inserted_window_dims = array<i64: 1>, {{.*}}scatter_dims_to_operand_dims = array<i64: 1>, {{.*}}update_window_dims = array<i64: 1, 2>} : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<2x5x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scatter_updates_1_main(
// HLO: stablehlo.scatter{{.*}}update_window_dims = [1, 2], inserted_window_dims = [1]{{.*}} -> tensor<5x3x4xf32>
func.func private @scatter_updates_1(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter mul %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_updates_1_main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5x4xf32>) -> tensor<5x3x4xf32> {
  %0 = jxp.vmap @scatter_updates_1(%x, %i, %u) in_axes [-1, -1, 1] out_axes [0] size 5 : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x5x4xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

// Only the indices mapped, along 0: a new pair of batching dimensions; the
// operand and the updates are broadcast along 0 (the updates' batch
// dimension is a scatter dimension, the first as the indices').
// CHECK-LABEL: func.func private @scatter_indices_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<5x2x1xi32>, %[[U:[^:]*]]: tensor<2x4xf32>)
// CHECK-DAG: %[[UB:.*]] = jxp.broadcast_in_dim %[[U]], dims = [1, 2] : (tensor<2x4xf32>) -> tensor<5x2x4xf32>
// CHECK-DAG: %[[XB:.*]] = jxp.broadcast_in_dim %[[X]], dims = [1, 2] : (tensor<3x4xf32>) -> tensor<5x3x4xf32>
// CHECK: %[[R:.*]] = jxp.scatter set %[[XB]], %[[I]], %[[UB]] {index_vector_dim = 2 : i64, inserted_window_dims = array<i64: 1>, mode = 0 : i32, operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>, scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64: 2>} : (tensor<5x3x4xf32>, tensor<5x2x1xi32>, tensor<5x2x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scatter_indices_0_main(
// HLO: stablehlo.scatter{{.*}}update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2{{.*}} -> tensor<5x3x4xf32>
func.func private @scatter_indices_0(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter set %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 0 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_indices_0_main(%x: tensor<3x4xf32>, %i: tensor<5x2x1xi32>, %u: tensor<2x4xf32>) -> tensor<5x3x4xf32> {
  %0 = jxp.vmap @scatter_indices_0(%x, %i, %u) in_axes [-1, 0, -1] out_axes [0] size 5 : (tensor<3x4xf32>, tensor<5x2x1xi32>, tensor<2x4xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

// Indices and updates mapped along 1 (each after its first scatter
// dimension): they match, nothing moves; the operand is broadcast along 0.
// CHECK-LABEL: func.func private @scatter_indices_updates_1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x5x1xi32>, %[[U:[^:]*]]: tensor<2x5x4xf32>)
// CHECK-NEXT: %[[XB:.*]] = jxp.broadcast_in_dim %[[X]], dims = [1, 2] : (tensor<3x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter add %[[XB]], %[[I]], %[[U]] {index_vector_dim = 2 : i64, inserted_window_dims = array<i64: 1>, mode = 1 : i32, operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>, scatter_indices_batching_dims = array<i64: 1>, update_window_dims = array<i64: 2>} : (tensor<5x3x4xf32>, tensor<2x5x1xi32>, tensor<2x5x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
func.func private @scatter_indices_updates_1(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_indices_updates_1_main(%x: tensor<3x4xf32>, %i: tensor<2x5x1xi32>, %u: tensor<2x5x4xf32>) -> tensor<5x3x4xf32> {
  %0 = jxp.vmap @scatter_indices_updates_1(%x, %i, %u) in_axes [-1, 1, 1] out_axes [0] size 5 : (tensor<3x4xf32>, tensor<2x5x1xi32>, tensor<2x5x4xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

// All mapped, at places that do not match: the operand stays (along 1),
// the indices move to match the updates' scatter dimension (0), and the
// new batching pair is (1, 0).
// CHECK-LABEL: func.func private @scatter_all_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4xf32>, %[[I:[^:]*]]: tensor<2x5x1xi32>, %[[U:[^:]*]]: tensor<5x2x4xf32>)
// CHECK-NEXT: %[[IT:.*]] = jxp.transpose %[[I]], permutation = [1, 0, 2] : (tensor<2x5x1xi32>) -> tensor<5x2x1xi32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter min %[[X]], %[[IT]], %[[U]] {index_vector_dim = 2 : i64, inserted_window_dims = array<i64: 0>, mode = 2 : i32, operand_batching_dims = array<i64: 1>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64: 2>} : (tensor<3x5x4xf32>, tensor<5x2x1xi32>, tensor<5x2x4xf32>) -> tensor<3x5x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scatter_all_main(
// HLO: stablehlo.scatter{{.*}}update_window_dims = [2], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2{{.*}} -> tensor<3x5x4xf32>
func.func private @scatter_all(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter min %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 2 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_all_main(%x: tensor<3x5x4xf32>, %i: tensor<2x5x1xi32>, %u: tensor<5x2x4xf32>) -> tensor<3x5x4xf32> {
  %0 = jxp.vmap @scatter_all(%x, %i, %u) in_axes [1, 1, 0] out_axes [1] size 5 : (tensor<3x5x4xf32>, tensor<2x5x1xi32>, tensor<5x2x4xf32>) -> tensor<3x5x4xf32>
  return %0 : tensor<3x5x4xf32>
}

// -----

// Operand and indices mapped (the operand along 0, the indices along 1),
// the updates not: the updates are broadcast as the indices' second
// scatter dimension (1); the operand already has a batching pair, which
// the new one precedes.
// CHECK-LABEL: func.func private @scatter_operand_indices_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>, %[[I:[^:]*]]: tensor<3x5x2x1xi32>, %[[U:[^:]*]]: tensor<3x2xf32>)
// CHECK-NEXT: %[[UB:.*]] = jxp.broadcast_in_dim %[[U]], dims = [0, 2] : (tensor<3x2xf32>) -> tensor<3x5x2xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter add %[[X]], %[[I]], %[[UB]] {index_vector_dim = 3 : i64, inserted_window_dims = array<i64: 2>, mode = 1 : i32, operand_batching_dims = array<i64: 0, 1>, scatter_dims_to_operand_dims = array<i64: 2>, scatter_indices_batching_dims = array<i64: 1, 0>, update_window_dims = array<i64>} : (tensor<5x3x4xf32>, tensor<3x5x2x1xi32>, tensor<3x5x2xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scatter_operand_indices_main(
// HLO: stablehlo.scatter{{.*}}input_batching_dims = [0, 1], scatter_indices_batching_dims = [1, 0]{{.*}} -> tensor<5x3x4xf32>
func.func private @scatter_operand_indices(%x: tensor<3x4xf32>, %i: tensor<3x2x1xi32>, %u: tensor<3x2xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %i, %u {index_vector_dim = 2 : i64, inserted_window_dims = array<i64: 1>, mode = 1 : i32, operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>, scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64>} : (tensor<3x4xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_operand_indices_main(%x: tensor<5x3x4xf32>, %i: tensor<3x5x2x1xi32>, %u: tensor<3x2xf32>) -> tensor<5x3x4xf32> {
  %0 = jxp.vmap @scatter_operand_indices(%x, %i, %u) in_axes [0, 1, -1] out_axes [0] size 5 : (tensor<5x3x4xf32>, tensor<3x5x2x1xi32>, tensor<3x2xf32>) -> tensor<5x3x4xf32>
  return %0 : tensor<5x3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

// One input mapped along 0: the sort dimension shifts to 1.
// CHECK-LABEL: func.func private @sort_0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x4xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.sort(%[[X]]), dim = 1, num_keys = 1 stable : (tensor<5x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @sort_0_main(
// HLO: "stablehlo.sort"
// HLO: {dimension = 1 : i64{{.*}} -> tensor<5x4xf32>
func.func private @sort_0(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 stable : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @sort_0_main(%x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %0 = jxp.vmap @sort_0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// One input mapped after the sort dimension (along 1): the sort dimension
// stays 0.
// CHECK-LABEL: func.func private @sort_1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.sort(%[[X]]), dim = 0, num_keys = 1 : (tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %[[R]]
func.func private @sort_1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @sort_1_main(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = jxp.vmap @sort_1(%x) in_axes [1] out_axes [1] size 5 : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Keys mapped along 1, values not: the values are broadcast along 1; the
// sort dimension (1) shifts to 2.
// CHECK-LABEL: func.func private @sort_keys_mapped_batched(
// CHECK-SAME: %[[K:[^:]*]]: tensor<3x5x4xf32>, %[[V:[^:]*]]: tensor<3x4xi32>)
// CHECK-NEXT: %[[VB:.*]] = jxp.broadcast_in_dim %[[V]], dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x5x4xi32>
// CHECK-NEXT: %[[R:.*]]:2 = jxp.sort(%[[K]], %[[VB]]), dim = 2, num_keys = 1 stable : (tensor<3x5x4xf32>, tensor<3x5x4xi32>) -> (tensor<3x5x4xf32>, tensor<3x5x4xi32>)
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
// HLO-LABEL: func.func @sort_keys_mapped_main(
// HLO: "stablehlo.sort"
// HLO: {dimension = 2 : i64{{.*}} -> (tensor<3x5x4xf32>, tensor<3x5x4xi32>)
func.func private @sort_keys_mapped(%k: tensor<3x4xf32>, %v: tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %0:2 = jxp.sort(%k, %v), dim = 1, num_keys = 1 stable : (tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}
func.func @sort_keys_mapped_main(%k: tensor<3x5x4xf32>, %v: tensor<3x4xi32>) -> (tensor<3x5x4xf32>, tensor<3x5x4xi32>) {
  %0:2 = jxp.vmap @sort_keys_mapped(%k, %v) in_axes [1, -1] out_axes [1, 1] size 5 : (tensor<3x5x4xf32>, tensor<3x4xi32>) -> (tensor<3x5x4xf32>, tensor<3x5x4xi32>)
  return %0#0, %0#1 : tensor<3x5x4xf32>, tensor<3x5x4xi32>
}

// -----

// Keys not mapped, values mapped along 0: the keys are broadcast along 0.
// CHECK-LABEL: func.func private @sort_values_mapped_batched(
// CHECK-SAME: %[[K:[^:]*]]: tensor<4xf32>, %[[V:[^:]*]]: tensor<5x4xi32>)
// CHECK-NEXT: %[[KB:.*]] = jxp.broadcast_in_dim %[[K]], dims = [1] : (tensor<4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %[[R:.*]]:2 = jxp.sort(%[[KB]], %[[V]]), dim = 1, num_keys = 1 stable : (tensor<5x4xf32>, tensor<5x4xi32>) -> (tensor<5x4xf32>, tensor<5x4xi32>)
func.func private @sort_values_mapped(%k: tensor<4xf32>, %v: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = jxp.sort(%k, %v), dim = 0, num_keys = 1 stable : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}
func.func @sort_values_mapped_main(%k: tensor<4xf32>, %v: tensor<5x4xi32>) -> (tensor<5x4xf32>, tensor<5x4xi32>) {
  %0:2 = jxp.vmap @sort_values_mapped(%k, %v) in_axes [-1, 0] out_axes [0, 0] size 5 : (tensor<4xf32>, tensor<5x4xi32>) -> (tensor<5x4xf32>, tensor<5x4xi32>)
  return %0#0, %0#1 : tensor<5x4xf32>, tensor<5x4xi32>
}

// -----

// Two keys mapped along different dimensions (0 and 1): the second moves
// to the first's (0).
// CHECK-LABEL: func.func private @sort_two_keys_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<5x4xf32>, %[[B:[^:]*]]: tensor<4x5xf32>)
// CHECK-NEXT: %[[BT:.*]] = jxp.transpose %[[B]], permutation = [1, 0] : (tensor<4x5xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %[[R:.*]]:2 = jxp.sort(%[[A]], %[[BT]]), dim = 1, num_keys = 2 : (tensor<5x4xf32>, tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
func.func private @sort_two_keys(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = jxp.sort(%a, %b), dim = 0, num_keys = 2 : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
func.func @sort_two_keys_main(%a: tensor<5x4xf32>, %b: tensor<4x5xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>) {
  %0:2 = jxp.vmap @sort_two_keys(%a, %b) in_axes [0, 1] out_axes [0, 0] size 5 : (tensor<5x4xf32>, tensor<4x5xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
  return %0#0, %0#1 : tensor<5x4xf32>, tensor<5x4xf32>
}
