// Batching rules of shape ops (lib/Rules/ShapeRules.cpp), run alone with the
// `jxp-batch` pass: per op, an operand mapped along dimension 0, one mapped
// along another dimension (the batch dimension stays there) and, where the
// op has several operands, mapped and unmapped ones mixed. The second RUN
// line checks that each batched function lowers to StableHLO.
// test/python/test_batch_rules_shape.py checks their numbers against JAX.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --inline --canonicalize --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO

// constant and iota read no operand: they stay unmapped, and only the add
// that meets a mapped value broadcasts their sum.
// CHECK-LABEL: func.func private @constant_iota_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3xf32>)
// CHECK-NEXT: %[[C:.*]] = jxp.constant dense<2.000000e+00> : tensor<3xf32>
// CHECK-NEXT: %[[I:.*]] = jxp.iota dim = 0 : tensor<3xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[C]], %[[I]] : tensor<3xf32>
// CHECK-NEXT: %[[B:.*]] = jxp.broadcast_in_dim %[[S]], dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: %[[Y:.*]] = jxp.add %[[X]], %[[B]] : tensor<5x3xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @constant_iota_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @constant_iota(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = jxp.constant dense<2.0> : tensor<3xf32>
  %i = jxp.iota dim = 0 : tensor<3xf32>
  %s = jxp.add %c, %i : tensor<3xf32>
  %y = jxp.add %x, %s : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @constant_iota_main(%x: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %r = jxp.vmap @constant_iota(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// The batch dimension leads the result too: operand dimension 0 (the
// batch) goes to 0, the example's dimension 0 to 1 + 1.
// CHECK-LABEL: func.func private @broadcast_in_dim_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.broadcast_in_dim %[[X]], dims = [0, 2] : (tensor<5x3xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @broadcast_in_dim_bdim0_main(
// HLO-NEXT: stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 0, 2>}
// HLO-NEXT: return
func.func private @broadcast_in_dim_bdim0(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %y = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @broadcast_in_dim_bdim0_main(%x: tensor<5x3xf32>) -> tensor<5x2x3xf32> {
  %r = jxp.vmap @broadcast_in_dim_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x3xf32>) -> tensor<5x2x3xf32>
  return %r : tensor<5x2x3xf32>
}

// -----

// Batch at operand dimension 1: in the result it goes right after where
// operand dimension 0 goes (1), the dimension map stays increasing.
// CHECK-LABEL: func.func private @broadcast_in_dim_bdim1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.broadcast_in_dim %[[X]], dims = [0, 1, 3] : (tensor<3x5x4xf32>) -> tensor<3x5x2x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @broadcast_in_dim_bdim1_main(
// HLO-NEXT: stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 0, 1, 3>}
// HLO-NEXT: return
func.func private @broadcast_in_dim_bdim1(%x: tensor<3x4xf32>) -> tensor<3x2x4xf32> {
  %y = jxp.broadcast_in_dim %x, dims = [0, 2] : (tensor<3x4xf32>) -> tensor<3x2x4xf32>
  return %y : tensor<3x2x4xf32>
}
func.func @broadcast_in_dim_bdim1_main(%x: tensor<3x5x4xf32>) -> tensor<3x5x2x4xf32> {
  %r = jxp.vmap @broadcast_in_dim_bdim1(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5x4xf32>) -> tensor<3x5x2x4xf32>
  return %r : tensor<3x5x2x4xf32>
}

// -----

// A mapped scalar: the batch becomes the result's dimension 0; out_axes
// [2] then moves it.
// CHECK-LABEL: func.func private @broadcast_in_dim_scalar_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.broadcast_in_dim %[[X]], dims = [0] : (tensor<5xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[Y]], permutation = [1, 2, 0] : (tensor<5x2x3xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: return %[[T]]
// HLO-LABEL: func.func @broadcast_in_dim_scalar_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @broadcast_in_dim_scalar(%x: tensor<f32>) -> tensor<2x3xf32> {
  %y = jxp.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @broadcast_in_dim_scalar_main(%x: tensor<5xf32>) -> tensor<2x3x5xf32> {
  %r = jxp.vmap @broadcast_in_dim_scalar(%x) in_axes [0] out_axes [2] size 5 : (tensor<5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @reshape_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x2x3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reshape %[[X]] : (tensor<5x2x3xf32>) -> tensor<5x6xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reshape_bdim0_main(
// HLO-NEXT: stablehlo.reshape"(%arg0) : (tensor<5x2x3xf32>) -> tensor<5x6xf32>
// HLO-NEXT: return
func.func private @reshape_bdim0(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %y = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}
func.func @reshape_bdim0_main(%x: tensor<5x2x3xf32>) -> tensor<5x6xf32> {
  %r = jxp.vmap @reshape_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x2x3xf32>) -> tensor<5x6xf32>
  return %r : tensor<5x6xf32>
}

// -----

// The 2 elements before the batch are the new shape's first dimension:
// the reshape keeps the batch at 1, no transpose.
// CHECK-LABEL: func.func private @reshape_kept_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x5x3x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reshape %[[X]] : (tensor<2x5x3x4xf32>) -> tensor<2x5x12xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reshape_kept_main(
// HLO-NEXT: stablehlo.reshape"(%arg0) : (tensor<2x5x3x4xf32>) -> tensor<2x5x12xf32>
// HLO-NEXT: return
func.func private @reshape_kept(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %y = jxp.reshape %x : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %y : tensor<2x12xf32>
}
func.func @reshape_kept_main(%x: tensor<2x5x3x4xf32>) -> tensor<2x5x12xf32> {
  %r = jxp.vmap @reshape_kept(%x) in_axes [1] out_axes [1] size 5 : (tensor<2x5x3x4xf32>) -> tensor<2x5x12xf32>
  return %r : tensor<2x5x12xf32>
}

// -----

// A trailing batch stays trailing.
// CHECK-LABEL: func.func private @reshape_last_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x5xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reshape %[[X]] : (tensor<2x3x5xf32>) -> tensor<6x5xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reshape_last_main(
// HLO-NEXT: stablehlo.reshape"(%arg0) : (tensor<2x3x5xf32>) -> tensor<6x5xf32>
// HLO-NEXT: return
func.func private @reshape_last(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %y = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}
func.func @reshape_last_main(%x: tensor<2x3x5xf32>) -> tensor<6x5xf32> {
  %r = jxp.vmap @reshape_last(%x) in_axes [2] out_axes [1] size 5 : (tensor<2x3x5xf32>) -> tensor<6x5xf32>
  return %r : tensor<6x5xf32>
}

// -----

// 2 elements before the batch, but no prefix of [3, 2] holds 2: the batch
// moves to the front first.
// CHECK-LABEL: func.func private @reshape_moved_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x5x3xf32>)
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[X]], permutation = [1, 0, 2] : (tensor<2x5x3xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: %[[Y:.*]] = jxp.reshape %[[T]] : (tensor<5x2x3xf32>) -> tensor<5x3x2xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reshape_moved_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @reshape_moved(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %y = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
func.func @reshape_moved_main(%x: tensor<2x5x3xf32>) -> tensor<5x3x2xf32> {
  %r = jxp.vmap @reshape_moved(%x) in_axes [1] out_axes [0] size 5 : (tensor<2x5x3xf32>) -> tensor<5x3x2xf32>
  return %r : tensor<5x3x2xf32>
}

// -----

// CHECK-LABEL: func.func private @transpose_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x2x3xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.transpose %[[X]], permutation = [0, 2, 1] : (tensor<5x2x3xf32>) -> tensor<5x3x2xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @transpose_bdim0_main(
// HLO-NEXT: stablehlo.transpose"(%arg0) {permutation = array<i64: 0, 2, 1>}
// HLO-NEXT: return
func.func private @transpose_bdim0(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %y = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
func.func @transpose_bdim0_main(%x: tensor<5x2x3xf32>) -> tensor<5x3x2xf32> {
  %r = jxp.vmap @transpose_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x2x3xf32>) -> tensor<5x3x2xf32>
  return %r : tensor<5x3x2xf32>
}

// -----

// The permutation fixes the batch at 1 and renumbers the rest around it.
// CHECK-LABEL: func.func private @transpose_bdim1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x5x3x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.transpose %[[X]], permutation = [3, 1, 0, 2] : (tensor<2x5x3x4xf32>) -> tensor<4x5x2x3xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @transpose_bdim1_main(
// HLO-NEXT: stablehlo.transpose"(%arg0) {permutation = array<i64: 3, 1, 0, 2>}
// HLO-NEXT: return
func.func private @transpose_bdim1(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %y = jxp.transpose %x, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %y : tensor<4x2x3xf32>
}
func.func @transpose_bdim1_main(%x: tensor<2x5x3x4xf32>) -> tensor<4x5x2x3xf32> {
  %r = jxp.vmap @transpose_bdim1(%x) in_axes [1] out_axes [1] size 5 : (tensor<2x5x3x4xf32>) -> tensor<4x5x2x3xf32>
  return %r : tensor<4x5x2x3xf32>
}

// -----

// CHECK-LABEL: func.func private @reverse_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reverse %[[X]], dims = [1] : tensor<5x3x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reverse_bdim0_main(
// HLO-NEXT: stablehlo.reverse"(%arg0) {dimensions = array<i64: 1>}
// HLO-NEXT: return
func.func private @reverse_bdim0(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %y = jxp.reverse %x, dims = [0] : tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
func.func @reverse_bdim0_main(%x: tensor<5x3x4xf32>) -> tensor<5x3x4xf32> {
  %r = jxp.vmap @reverse_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x3x4xf32>) -> tensor<5x3x4xf32>
  return %r : tensor<5x3x4xf32>
}

// -----

// CHECK-LABEL: func.func private @reverse_bdim1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reverse %[[X]], dims = [0, 2] : tensor<3x5x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reverse_bdim1_main(
// HLO-NEXT: stablehlo.reverse"(%arg0) {dimensions = array<i64: 0, 2>}
// HLO-NEXT: return
func.func private @reverse_bdim1(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %y = jxp.reverse %x, dims = [0, 1] : tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
func.func @reverse_bdim1_main(%x: tensor<3x5x4xf32>) -> tensor<3x5x4xf32> {
  %r = jxp.vmap @reverse_bdim1(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
  return %r : tensor<3x5x4xf32>
}

// -----

// The whole batch, at stride 1.
// CHECK-LABEL: func.func private @slice_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x6x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.slice %[[X]], start = [0, 1, 0], limit = [5, 5, 3], strides = [1, 2, 1] : (tensor<5x6x4xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @slice_bdim0_main(
// HLO-NEXT: stablehlo.slice"(%arg0) {limit_indices = array<i64: 5, 5, 3>, start_indices = array<i64: 0, 1, 0>, strides = array<i64: 1, 2, 1>}
// HLO-NEXT: return
func.func private @slice_bdim0(%x: tensor<6x4xf32>) -> tensor<2x3xf32> {
  %y = jxp.slice %x, start = [1, 0], limit = [5, 3], strides = [2, 1] : (tensor<6x4xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @slice_bdim0_main(%x: tensor<5x6x4xf32>) -> tensor<5x2x3xf32> {
  %r = jxp.vmap @slice_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x6x4xf32>) -> tensor<5x2x3xf32>
  return %r : tensor<5x2x3xf32>
}

// -----

// CHECK-LABEL: func.func private @slice_last_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<6x4x5xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.slice %[[X]], start = [1, 0, 0], limit = [5, 3, 5], strides = [2, 1, 1] : (tensor<6x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @slice_last_main(
// HLO-NEXT: stablehlo.slice"(%arg0) {limit_indices = array<i64: 5, 3, 5>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 2, 1, 1>}
// HLO-NEXT: return
func.func private @slice_last(%x: tensor<6x4xf32>) -> tensor<2x3xf32> {
  %y = jxp.slice %x, start = [1, 0], limit = [5, 3], strides = [2, 1] : (tensor<6x4xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @slice_last_main(%x: tensor<6x4x5xf32>) -> tensor<2x3x5xf32> {
  %r = jxp.vmap @slice_last(%x) in_axes [2] out_axes [2] size 5 : (tensor<6x4x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @concatenate_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x2x3xf32>, %[[Y:[^:]*]]: tensor<5x1x3xf32>)
// CHECK-NEXT: %[[Z:.*]] = jxp.concatenate dim = 1, %[[X]], %[[Y]] : (tensor<5x2x3xf32>, tensor<5x1x3xf32>) -> tensor<5x3x3xf32>
// CHECK-NEXT: return %[[Z]]
// HLO-LABEL: func.func @concatenate_bdim0_main(
// HLO-NEXT: stablehlo.concatenate"(%arg0, %arg1) {dimension = 1 : i64}
// HLO-NEXT: return
func.func private @concatenate_bdim0(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>) -> tensor<3x3xf32> {
  %z = jxp.concatenate dim = 0, %x, %y : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  return %z : tensor<3x3xf32>
}
func.func @concatenate_bdim0_main(%x: tensor<5x2x3xf32>, %y: tensor<5x1x3xf32>) -> tensor<5x3x3xf32> {
  %r = jxp.vmap @concatenate_bdim0(%x, %y) in_axes [0, 0] out_axes [0] size 5 : (tensor<5x2x3xf32>, tensor<5x1x3xf32>) -> tensor<5x3x3xf32>
  return %r : tensor<5x3x3xf32>
}

// -----

// The inputs meet at the first one's batch dimension (2): the unmapped
// one is broadcast there, the one mapped along 0 moved there.
// CHECK-LABEL: func.func private @concatenate_mixed_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xf32>, %[[Y:[^:]*]]: tensor<1x3xf32>, %[[W:[^:]*]]: tensor<4x2x3xf32>)
// CHECK-NEXT: %[[YB:.*]] = jxp.broadcast_in_dim %[[Y]], dims = [0, 1] : (tensor<1x3xf32>) -> tensor<1x3x4xf32>
// CHECK-NEXT: %[[WT:.*]] = jxp.transpose %[[W]], permutation = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[Z:.*]] = jxp.concatenate dim = 0, %[[X]], %[[YB]], %[[WT]] : (tensor<2x3x4xf32>, tensor<1x3x4xf32>, tensor<2x3x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[Z]]
// HLO-LABEL: func.func @concatenate_mixed_main(
// HLO-NOT: jxp.
// HLO: stablehlo.concatenate"(%arg0, %{{.*}}, %{{.*}}) {dimension = 0 : i64}
// HLO-NEXT: return
func.func private @concatenate_mixed(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>, %w: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %z = jxp.concatenate dim = 0, %x, %y, %w : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %z : tensor<5x3xf32>
}
func.func @concatenate_mixed_main(%x: tensor<2x3x4xf32>, %y: tensor<1x3xf32>, %w: tensor<4x2x3xf32>) -> tensor<5x3x4xf32> {
  %r = jxp.vmap @concatenate_mixed(%x, %y, %w) in_axes [2, -1, 0] out_axes [2] size 4 : (tensor<2x3x4xf32>, tensor<1x3xf32>, tensor<4x2x3xf32>) -> tensor<5x3x4xf32>
  return %r : tensor<5x3x4xf32>
}

// -----

// An unmapped padding value stays pad's scalar; no padding on the batch.
// CHECK-LABEL: func.func private @pad_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3xf32>, %[[P:[^:]*]]: tensor<f32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.pad %[[X]], %[[P]], low = [0, 2], high = [0, -1], interior = [0, 1] : (tensor<5x3xf32>, tensor<f32>) -> tensor<5x6xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @pad_bdim0_main(
// HLO-NEXT: stablehlo.pad"(%arg0, %arg1) {edge_padding_high = array<i64: 0, -1>, edge_padding_low = array<i64: 0, 2>, interior_padding = array<i64: 0, 1>}
// HLO-NEXT: return
func.func private @pad_bdim0(%x: tensor<3xf32>, %p: tensor<f32>) -> tensor<6xf32> {
  %y = jxp.pad %x, %p, low = [2], high = [-1], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}
func.func @pad_bdim0_main(%x: tensor<5x3xf32>, %p: tensor<f32>) -> tensor<5x6xf32> {
  %r = jxp.vmap @pad_bdim0(%x, %p) in_axes [0, -1] out_axes [0] size 5 : (tensor<5x3xf32>, tensor<f32>) -> tensor<5x6xf32>
  return %r : tensor<5x6xf32>
}

// -----

// A mapped padding value: pad with zeros, pad a mask of trues with false,
// and select each example's value where the mask is false.
// CHECK-LABEL: func.func private @pad_mapped_value_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x2xf32>, %[[P:[^:]*]]: tensor<5xf32>)
// CHECK-NEXT: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[XP:.*]] = jxp.pad %[[X]], %[[ZERO]], low = [1, 0, 0], high = [0, 0, 0], interior = [0, 0, 0] : (tensor<3x5x2xf32>, tensor<f32>) -> tensor<4x5x2xf32>
// CHECK-NEXT: %[[FALSE:.*]] = jxp.constant dense<false> : tensor<i1>
// CHECK-NEXT: %[[TRUE:.*]] = jxp.constant dense<true> : tensor<3x5x2xi1>
// CHECK-NEXT: %[[MASK:.*]] = jxp.pad %[[TRUE]], %[[FALSE]], low = [1, 0, 0], high = [0, 0, 0], interior = [0, 0, 0] : (tensor<3x5x2xi1>, tensor<i1>) -> tensor<4x5x2xi1>
// CHECK-NEXT: %[[FILL:.*]] = jxp.broadcast_in_dim %[[P]], dims = [1] : (tensor<5xf32>) -> tensor<4x5x2xf32>
// CHECK-NEXT: %[[Y:.*]] = jxp.select %[[MASK]], %[[XP]], %[[FILL]] : tensor<4x5x2xi1>, tensor<4x5x2xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @pad_mapped_value_main(
// HLO-NOT: jxp.
// HLO: stablehlo.select"
// HLO-NEXT: return
func.func private @pad_mapped_value(%x: tensor<3x2xf32>, %p: tensor<f32>) -> tensor<4x2xf32> {
  %y = jxp.pad %x, %p, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<3x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}
func.func @pad_mapped_value_main(%x: tensor<3x5x2xf32>, %p: tensor<5xf32>) -> tensor<4x5x2xf32> {
  %r = jxp.vmap @pad_mapped_value(%x, %p) in_axes [1, 0] out_axes [1] size 5 : (tensor<3x5x2xf32>, tensor<5xf32>) -> tensor<4x5x2xf32>
  return %r : tensor<4x5x2xf32>
}

// -----

// Only the padding value mapped: the operand is broadcast along 0 (every
// example's result differs), then as above.
// CHECK-LABEL: func.func private @pad_value_only_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[P:[^:]*]]: tensor<5xf32>)
// CHECK-NEXT: %[[XB:.*]] = jxp.broadcast_in_dim %[[X]], dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[XP:.*]] = jxp.pad %[[XB]], %[[ZERO]], low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<5x3xf32>, tensor<f32>) -> tensor<5x4xf32>
// CHECK-NEXT: %[[FALSE:.*]] = jxp.constant dense<false> : tensor<i1>
// CHECK-NEXT: %[[TRUE:.*]] = jxp.constant dense<true> : tensor<5x3xi1>
// CHECK-NEXT: %[[MASK:.*]] = jxp.pad %[[TRUE]], %[[FALSE]], low = [0, 0], high = [0, 1], interior = [0, 0] : (tensor<5x3xi1>, tensor<i1>) -> tensor<5x4xi1>
// CHECK-NEXT: %[[FILL:.*]] = jxp.broadcast_in_dim %[[P]], dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %[[Y:.*]] = jxp.select %[[MASK]], %[[XP]], %[[FILL]] : tensor<5x4xi1>, tensor<5x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @pad_value_only_main(
// HLO-NOT: jxp.
// HLO: stablehlo.select"
// HLO-NEXT: return
func.func private @pad_value_only(%x: tensor<3xf32>, %p: tensor<f32>) -> tensor<4xf32> {
  %y = jxp.pad %x, %p, low = [0], high = [1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @pad_value_only_main(%x: tensor<3xf32>, %p: tensor<5xf32>) -> tensor<5x4xf32> {
  %r = jxp.vmap @pad_value_only(%x, %p) in_axes [-1, 0] out_axes [0] size 5 : (tensor<3xf32>, tensor<5xf32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

// Unmapped starts: the same op, slicing the whole batch from a zero start.
// CHECK-LABEL: func.func private @dynamic_slice_operand_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<6x5x4xf32>, %[[I:[^:]*]]: tensor<i32>)
// CHECK-NEXT: %[[ZERO:.*]] = jxp.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[Y:.*]] = jxp.dynamic_slice %[[X]][%[[I]], %[[ZERO]], %[[I]]], sizes = [2, 5, 4] : (tensor<6x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_slice_operand_main(
// HLO-NOT: jxp.
// HLO: stablehlo.dynamic_slice"(%arg0, %arg1, %{{.*}}, %arg1) {slice_sizes = array<i64: 2, 5, 4>}
// HLO-NEXT: return
func.func private @dynamic_slice_operand(%x: tensor<6x4xf32>, %i: tensor<i32>) -> tensor<2x4xf32> {
  %y = jxp.dynamic_slice %x[%i, %i], sizes = [2, 4] : (tensor<6x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
func.func @dynamic_slice_operand_main(%x: tensor<6x5x4xf32>, %i: tensor<i32>) -> tensor<2x5x4xf32> {
  %r = jxp.vmap @dynamic_slice_operand(%x, %i) in_axes [1, -1] out_axes [1] size 5 : (tensor<6x5x4xf32>, tensor<i32>) -> tensor<2x5x4xf32>
  return %r : tensor<2x5x4xf32>
}

// -----

// Mapped starts: a gather of one window per example, the batch as the
// operand's batching dimension, clamping (clip) as dynamic_slice does.
// CHECK-LABEL: func.func private @dynamic_slice_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x6xf32>, %[[I:[^:]*]]: tensor<5xi32>)
// CHECK-NEXT: %[[IDX:.*]] = jxp.reshape %[[I]] : (tensor<5xi32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[Y:.*]] = jxp.gather %[[X]], %[[IDX]] {collapsed_slice_dims = array<i64>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 2>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>} : (tensor<5x6xf32>, tensor<5x1xi32>) -> tensor<5x2xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_slice_bdim0_main(
// HLO-NOT: jxp.
// HLO: stablehlo.gather"(%arg0, %{{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}
// HLO-NEXT: return
func.func private @dynamic_slice_bdim0(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %y = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @dynamic_slice_bdim0_main(%x: tensor<5x6xf32>, %i: tensor<5xi32>) -> tensor<5x2xf32> {
  %r = jxp.vmap @dynamic_slice_bdim0(%x, %i) in_axes [0, 0] out_axes [0] size 5 : (tensor<5x6xf32>, tensor<5xi32>) -> tensor<5x2xf32>
  return %r : tensor<5x2xf32>
}

// -----

// One start mapped, one not (broadcast into the start vectors); the
// operand's batch at 1 stays there, between the window's offset dims.
// CHECK-LABEL: func.func private @dynamic_slice_mixed_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<6x5x4xf32>, %[[I:[^:]*]]: tensor<5xi32>, %[[J:[^:]*]]: tensor<i32>)
// CHECK-NEXT: %[[IC:.*]] = jxp.reshape %[[I]] : (tensor<5xi32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[JC:.*]] = jxp.broadcast_in_dim %[[J]], dims = [] : (tensor<i32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[IDX:.*]] = jxp.concatenate dim = 1, %[[IC]], %[[JC]] : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
// CHECK-NEXT: %[[Y:.*]] = jxp.gather %[[X]], %[[IDX]] {collapsed_slice_dims = array<i64>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 0, 2>, operand_batching_dims = array<i64: 1>, slice_sizes = array<i64: 2, 1, 3>, start_index_map = array<i64: 0, 2>, start_indices_batching_dims = array<i64: 0>} : (tensor<6x5x4xf32>, tensor<5x2xi32>) -> tensor<2x5x3xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_slice_mixed_main(
// HLO-NOT: jxp.
// HLO: stablehlo.gather"(%arg0, %{{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 3>}
// HLO-NEXT: return
func.func private @dynamic_slice_mixed(%x: tensor<6x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf32> {
  %y = jxp.dynamic_slice %x[%i, %j], sizes = [2, 3] : (tensor<6x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @dynamic_slice_mixed_main(%x: tensor<6x5x4xf32>, %i: tensor<5xi32>, %j: tensor<i32>) -> tensor<2x5x3xf32> {
  %r = jxp.vmap @dynamic_slice_mixed(%x, %i, %j) in_axes [1, 0, -1] out_axes [1] size 5 : (tensor<6x5x4xf32>, tensor<5xi32>, tensor<i32>) -> tensor<2x5x3xf32>
  return %r : tensor<2x5x3xf32>
}

// -----

// An unmapped operand is shared: a gather without batching dimensions,
// and no broadcast of the operand.
// CHECK-LABEL: func.func private @dynamic_slice_shared_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<6x4xf32>, %[[I:[^:]*]]: tensor<5xi32>, %[[J:[^:]*]]: tensor<5xi32>)
// CHECK-NEXT: %[[IC:.*]] = jxp.reshape %[[I]] : (tensor<5xi32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[JC:.*]] = jxp.reshape %[[J]] : (tensor<5xi32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[IDX:.*]] = jxp.concatenate dim = 1, %[[IC]], %[[JC]] : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
// CHECK-NEXT: %[[Y:.*]] = jxp.gather %[[X]], %[[IDX]] {collapsed_slice_dims = array<i64>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1, 2>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 2, 3>, start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>} : (tensor<6x4xf32>, tensor<5x2xi32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_slice_shared_main(
// HLO-NOT: jxp.
// HLO: stablehlo.gather"(%arg0, %{{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 3>}
// HLO-NEXT: return
func.func private @dynamic_slice_shared(%x: tensor<6x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf32> {
  %y = jxp.dynamic_slice %x[%i, %j], sizes = [2, 3] : (tensor<6x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
func.func @dynamic_slice_shared_main(%x: tensor<6x4xf32>, %i: tensor<5xi32>, %j: tensor<5xi32>) -> tensor<5x2x3xf32> {
  %r = jxp.vmap @dynamic_slice_shared(%x, %i, %j) in_axes [-1, 0, 0] out_axes [0] size 5 : (tensor<6x4xf32>, tensor<5xi32>, tensor<5xi32>) -> tensor<5x2x3xf32>
  return %r : tensor<5x2x3xf32>
}

// -----

// Unmapped update and starts: the update is broadcast to the operand's
// batch dimension (the op needs one per example), the whole batch written
// from a zero start.
// CHECK-LABEL: func.func private @dynamic_update_slice_operand_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<6x5x4xf32>, %[[U:[^:]*]]: tensor<2x4xf32>, %[[I:[^:]*]]: tensor<i32>)
// CHECK-NEXT: %[[UB:.*]] = jxp.broadcast_in_dim %[[U]], dims = [0, 2] : (tensor<2x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: %[[ZERO:.*]] = jxp.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[Y:.*]] = jxp.dynamic_update_slice %[[X]][%[[I]], %[[ZERO]], %[[I]]], %[[UB]] : (tensor<6x5x4xf32>, tensor<2x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<6x5x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_update_slice_operand_main(
// HLO-NOT: jxp.
// HLO: stablehlo.dynamic_update_slice"(%arg0,
// HLO-NEXT: return
func.func private @dynamic_update_slice_operand(%x: tensor<6x4xf32>, %u: tensor<2x4xf32>, %i: tensor<i32>) -> tensor<6x4xf32> {
  %y = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<6x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}
func.func @dynamic_update_slice_operand_main(%x: tensor<6x5x4xf32>, %u: tensor<2x4xf32>, %i: tensor<i32>) -> tensor<6x5x4xf32> {
  %r = jxp.vmap @dynamic_update_slice_operand(%x, %u, %i) in_axes [1, -1, -1] out_axes [1] size 5 : (tensor<6x5x4xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<6x5x4xf32>
  return %r : tensor<6x5x4xf32>
}

// -----

// Only the update mapped: the operand is broadcast along the update's
// batch dimension.
// CHECK-LABEL: func.func private @dynamic_update_slice_update_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<6xf32>, %[[U:[^:]*]]: tensor<5x2xf32>, %[[I:[^:]*]]: tensor<i32>)
// CHECK-NEXT: %[[XB:.*]] = jxp.broadcast_in_dim %[[X]], dims = [1] : (tensor<6xf32>) -> tensor<5x6xf32>
// CHECK-NEXT: %[[ZERO:.*]] = jxp.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[Y:.*]] = jxp.dynamic_update_slice %[[XB]][%[[ZERO]], %[[I]]], %[[U]] : (tensor<5x6xf32>, tensor<5x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_update_slice_update_main(
// HLO-NOT: jxp.
// HLO: stablehlo.dynamic_update_slice"
// HLO-NEXT: return
func.func private @dynamic_update_slice_update(%x: tensor<6xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<6xf32> {
  %y = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}
func.func @dynamic_update_slice_update_main(%x: tensor<6xf32>, %u: tensor<5x2xf32>, %i: tensor<i32>) -> tensor<5x6xf32> {
  %r = jxp.vmap @dynamic_update_slice_update(%x, %u, %i) in_axes [-1, 0, -1] out_axes [0] size 5 : (tensor<6xf32>, tensor<5x2xf32>, tensor<i32>) -> tensor<5x6xf32>
  return %r : tensor<5x6xf32>
}

// -----

// A mapped start: a scatter (set) of one window per example, the batch as
// the operand's batching dimension; the update, mapped along 1, moves to
// the operand's batch dimension 0. The lowering clamps the starts (clip).
// CHECK-LABEL: func.func private @dynamic_update_slice_starts_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x6x4xf32>, %[[U:[^:]*]]: tensor<2x5x3xf32>, %[[I:[^:]*]]: tensor<i32>, %[[J:[^:]*]]: tensor<5xi32>)
// CHECK-NEXT: %[[UT:.*]] = jxp.transpose %[[U]], permutation = [1, 0, 2] : (tensor<2x5x3xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT: %[[IC:.*]] = jxp.broadcast_in_dim %[[I]], dims = [] : (tensor<i32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[JC:.*]] = jxp.reshape %[[J]] : (tensor<5xi32>) -> tensor<5x1xi32>
// CHECK-NEXT: %[[IDX:.*]] = jxp.concatenate dim = 1, %[[IC]], %[[JC]] : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
// CHECK-NEXT: %[[Y:.*]] = jxp.scatter set %[[X]], %[[IDX]], %[[UT]] {index_vector_dim = 1 : i64, inserted_window_dims = array<i64>, mode = 0 : i32, operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 2>, scatter_indices_batching_dims = array<i64: 0>, unique_indices = true, update_window_dims = array<i64: 1, 2>} : (tensor<5x6x4xf32>, tensor<5x2xi32>, tensor<5x2x3xf32>) -> tensor<5x6x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @dynamic_update_slice_starts_main(
// HLO-NOT: jxp.
// HLO: stablehlo.clamp"
// HLO: stablehlo.scatter"(%arg0,
// HLO: scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>, unique_indices = true}
// HLO-NEXT: return
func.func private @dynamic_update_slice_starts(%x: tensor<6x4xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<6x4xf32> {
  %y = jxp.dynamic_update_slice %x[%i, %j], %u : (tensor<6x4xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}
func.func @dynamic_update_slice_starts_main(%x: tensor<5x6x4xf32>, %u: tensor<2x5x3xf32>, %i: tensor<i32>, %j: tensor<5xi32>) -> tensor<5x6x4xf32> {
  %r = jxp.vmap @dynamic_update_slice_starts(%x, %u, %i, %j) in_axes [0, 1, -1, 0] out_axes [0] size 5 : (tensor<5x6x4xf32>, tensor<2x5x3xf32>, tensor<i32>, tensor<5xi32>) -> tensor<5x6x4xf32>
  return %r : tensor<5x6x4xf32>
}
