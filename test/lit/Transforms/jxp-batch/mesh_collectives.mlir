// The batching rules of pvary, psum_scatter and all_to_all
// (CollectivesRules.cpp): inside a vmap whose axis they do not name, as in
// a vmap of a function a shard_map body calls (not lowered here: outside a
// shard_map nothing binds "x"), and over the vmap's own axis.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s

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

// -----

// Over the vmap's axis: psum_scatter is the sum over the batch with the
// scattered dimension split into (member, block), the member the batch;
// all_to_all splits the split dimension into (receiving member, block) and
// moves the sending member (the batch) in front of the concat dimension.
// CHECK-LABEL: func.func private @over_i_batched(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[S:.*]] = jxp.reduce sum %[[X]], dims = [0] : (tensor<4x8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %[[B:.*]] = jxp.reshape %[[S]] : (tensor<8xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %[[R:.*]] = jxp.reshape %[[X]] : (tensor<4x8xf32>) -> tensor<4x8x1xf32>
// CHECK-NEXT:    %[[K:.*]] = jxp.reshape %[[R]] : (tensor<4x8x1xf32>) -> tensor<4x4x2x1xf32>
// CHECK-NEXT:    %[[T:.*]] = jxp.transpose %[[K]], permutation = [1, 2, 0, 3] : (tensor<4x4x2x1xf32>) -> tensor<4x2x4x1xf32>
// CHECK-NEXT:    %[[A:.*]] = jxp.reshape %[[T]] : (tensor<4x2x4x1xf32>) -> tensor<4x2x4xf32>
// CHECK-NEXT:    return %[[B]], %[[A]]

func.func private @over_i(%x: tensor<8xf32>) -> (tensor<2xf32>, tensor<2x4xf32>) {
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8xf32>) -> tensor<2xf32>
  %r = jxp.reshape %x : (tensor<8xf32>) -> tensor<8x1xf32>
  %a = jxp.all_to_all %r axes ["i"] split 0 concat 1 : (tensor<8x1xf32>) -> tensor<2x4xf32>
  return %s, %a : tensor<2xf32>, tensor<2x4xf32>
}
func.func @over_i_main(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2x4xf32>) {
  %r:2 = jxp.vmap @over_i(%x) in_axes [0] out_axes [0, 0] size 4 {axis_name = "i"} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2x4xf32>)
  return %r#0, %r#1 : tensor<4x2xf32>, tensor<4x2x4xf32>
}
