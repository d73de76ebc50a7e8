// The batching rules of the collectives that exist over mesh axes
// (CollectiveRules.cpp): pvary, psum_scatter and all_to_all inside a vmap
// whose axis they do not name, as in a vmap of a function a shard_map
// body calls. (Not lowered here: outside a shard_map nothing binds "x".)
// RUN: jxp-opt %s --jxp-batch | FileCheck %s

// pvary over the vmap's axis is the value itself (every member's value is
// its own); over other axes, and psum_scatter / all_to_all over other
// axes, the same op on each member's batch, the batch first.
// CHECK-LABEL: func.func private @mesh_coll_batched(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[V:.*]] = jxp.pvary %[[X]] axes ["x"] : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[S:.*]] = jxp.psum_scatter %[[V]] axes ["x"] dimension 1 : (tensor<4x8xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.reshape %[[V]] : (tensor<4x8xf32>) -> tensor<4x4x2xf32>
// CHECK-NEXT:    %[[A:.*]] = jxp.all_to_all %[[R]] axes ["x"] split 1 concat 2 : (tensor<4x4x2xf32>) -> tensor<4x1x8xf32>
// CHECK-NEXT:    return %[[S]], %[[A]]

func.func private @mesh_coll(%x: tensor<8xf32>) -> (tensor<2xf32>, tensor<1x8xf32>) {
  %v = jxp.pvary %x axes ["i", "x"] : tensor<8xf32> -> tensor<8xf32>
  %s = jxp.psum_scatter %v axes ["x"] dimension 0 : (tensor<8xf32>) -> tensor<2xf32>
  %r = jxp.reshape %v : (tensor<8xf32>) -> tensor<4x2xf32>
  %a = jxp.all_to_all %r axes ["x"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xf32>
  return %s, %a : tensor<2xf32>, tensor<1x8xf32>
}
func.func @mesh_coll_main(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x1x8xf32>) {
  %r:2 = jxp.vmap @mesh_coll(%x) in_axes [0] out_axes [0, 0] size 4 {axis_name = "i"} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x1x8xf32>)
  return %r#0, %r#1 : tensor<4x2xf32>, tensor<4x1x8xf32>
}
