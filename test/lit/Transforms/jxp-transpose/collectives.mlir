// Transpose rules of the collectives alone (outside a shard_map, so that
// no shard_map rule adjusts them): a psum without `invariant` (over a
// vmap's axis: every member's copy of the sum counts) transposes to a
// psum, not to a pvary; a pvary (JAX's pcast to varying) transposes to a
// psum marked invariant, and an invariant psum (over mesh axes: one value
// for the whole group) to a pvary. The rules inside shard_maps, and of the
// other collectives, are in shard_map.mlir.
// RUN: jxp-opt %s --jxp-transpose | FileCheck %s

// CHECK-LABEL: func.func private @vmap_psum_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[CT]] axes ["i"] : tensor<3xf32> -> tensor<3xf32>
// CHECK-NEXT: return %[[S]]
// CHECK-LABEL: func.func private @pvary_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[CT]] axes ["i", "j"] {invariant} : tensor<3xf32> -> tensor<3xf32>
// CHECK-NEXT: return %[[S]]
// CHECK-LABEL: func.func private @mesh_psum_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[V:.*]] = jxp.pvary %[[CT]] axes ["i", "j"] : tensor<3xf32> -> tensor<3xf32>
// CHECK-NEXT: return %[[V]]
func.func private @vmap_psum(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = jxp.all_reduce sum %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}
func.func private @pvary(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = jxp.pvary %x axes ["i", "j"] : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}
func.func private @mesh_psum(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = jxp.all_reduce sum %x axes ["i", "j"] {invariant} : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}
func.func @tr_psums(%ct: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = jxp.linear_transpose @vmap_psum(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  %b = jxp.linear_transpose @pvary(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  %c = jxp.linear_transpose @mesh_psum(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  return %a, %b, %c : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
