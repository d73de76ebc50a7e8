// Batching of jxp.shard_map: the batch dimension goes first, unsplit.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// Every derived program is valid input to the lowering, VMA check included
// (the lowerings are checked in ../jxp-ad/shard_map.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --jxp-infer-vma --convert-jxp-to-stablehlo -o /dev/null

// vmap over a function with a shard_map: the mapped operand's batch
// dimension goes first and is not split (its in_spec gets a leading []),
// the unmapped one keeps its spec; every result is mapped at 0, its
// out_spec gets a leading [] (P() becomes [[]]). The body is batched with
// the collectives of the mesh kept.
// CHECK-LABEL: func.func private @v_batched(
// CHECK-SAME: %arg0: tensor<8x3xf32>, %arg1: tensor<2xf32>) -> (tensor<3x8xf32>, tensor<2x3xf32>)
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// CHECK-NEXT: %[[R:.*]]:2 = jxp.shard_map(%[[T]], %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}[], ["x"]], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}[], ["x"]], {{\[}}[]]]} : (tensor<3x8xf32>, tensor<2xf32>) -> (tensor<3x8xf32>, tensor<3x2xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<3x2xf32>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[CB:.*]] = jxp.broadcast_in_dim %[[C]], dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CB]] : tensor<3x2xf32>
// CHECK-NEXT: %[[P:.*]] = jxp.all_reduce sum %[[M]] axes ["x"] {invariant} : tensor<3x2xf32> -> tensor<3x2xf32>
// CHECK-NEXT: jxp.yield %[[M]], %[[P]] : tensor<3x2xf32>, tensor<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[PT:.*]] = jxp.transpose %[[R]]#1, permutation = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]#0, %[[PT]]
func.func private @v(%a: tensor<8xf32>, %b: tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]], []]}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %m = jxp.mul %x, %c : tensor<2xf32>
    %p = jxp.all_reduce sum %m axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %m, %p : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<2xf32>
}
func.func @vmap_main(%a: tensor<8x3xf32>, %b: tensor<2xf32>) -> (tensor<3x8xf32>, tensor<2x3xf32>) {
  %r:2 = jxp.vmap @v(%a, %b) in_axes [1, -1] out_axes [0, 1] size 3 : (tensor<8x3xf32>, tensor<2xf32>) -> (tensor<3x8xf32>, tensor<2x3xf32>)
  return %r#0, %r#1 : tensor<3x8xf32>, tensor<2x3xf32>
}

// -----

// Both operands mapped on a 2-D mesh, the body's collectives over the
// mesh axes: each spec gets its leading []; the batched psum_scatter
// scatters the dimension after the batch.
// CHECK-LABEL: func.func private @w_batched(
// CHECK: jxp.shard_map(%{{.*}}, %{{.*}}) {{.*}} in_specs = {{\[}}{{\[}}[], ["x"], ["y"]], {{\[}}[]]], manual_axes = ["x", "y"], out_specs = {{\[}}{{\[}}[], ["x"], ["y"]]]} : (tensor<5x8x4xf32>, tensor<5xf32>) -> tensor<5x8x4xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<5x4x2xf32>, %[[C:.*]]: tensor<5xf32>):
// CHECK: jxp.psum_scatter %{{.*}} axes ["x"] dimension 1 : (tensor<5x4x2xf32>) -> tensor<5x2x2xf32>
func.func private @w(%a: tensor<8x4xf32>, %b: tensor<f32>) -> tensor<8x4xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]], []], out_specs = [[["x"], ["y"]]]}
      : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32> {
  ^bb0(%x: tensor<4x2xf32>, %c: tensor<f32>):
    %cb = jxp.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
    %m = jxp.mul %x, %cb : tensor<4x2xf32>
    %ps = jxp.psum_scatter %m axes ["x"] dimension 0 : (tensor<4x2xf32>) -> tensor<2x2xf32>
    %cat = jxp.concatenate dim = 0, %ps, %ps : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
    jxp.yield %cat : tensor<4x2xf32>
  }
  return %r : tensor<8x4xf32>
}
func.func @vmap_2d(%a: tensor<5x8x4xf32>, %b: tensor<5xf32>) -> tensor<5x8x4xf32> {
  %r = jxp.vmap @w(%a, %b) in_axes [0, 0] out_axes [0] size 5 : (tensor<5x8x4xf32>, tensor<5xf32>) -> tensor<5x8x4xf32>
  return %r : tensor<5x8x4xf32>
}
