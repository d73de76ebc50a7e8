// Transposition of jxp.shard_map and of the collectives over mesh axes:
// the transpose of a pvary is a psum (marked invariant) and the transpose
// of an invariant psum is a pvary; a psum without `invariant` (a vmap's)
// transposes to a psum.
// RUN: jxp-opt %s --split-input-file --jxp-transpose | FileCheck %s
// Every derived program is valid input to the lowering, VMA check included
// (the lowerings are checked in ../jxp-ad/shard_map.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --jxp-infer-vma --convert-jxp-to-stablehlo -o /dev/null

// The duality in a linear shard_map: the transpose of the invariant psum
// is a pvary of its cotangent (the out_spec P() becomes the in_spec), the
// transpose of the cast of %c a psum marked invariant; the cotangents of
// the operands take the operands' specs as out_specs.
// CHECK-LABEL: func.func private @lin_transpose(
// CHECK-SAME: %arg0: tensor<2xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}[], {{\[}}["x"]]], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]], []]} : (tensor<2xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[CS:.*]]: tensor<2xf32>, %[[CT:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[GC:.*]] = jxp.all_reduce sum %[[CT]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[CSV:.*]] = jxp.pvary %[[CS]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[GX:.*]] = jxp.add %[[CT]], %[[CSV]]
// CHECK-NEXT: jxp.yield %[[GX]], %[[GC]] : tensor<2xf32>, tensor<2xf32>
func.func private @lin(%a: tensor<8xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[], [["x"]]]}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %s = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    %t = jxp.add %x, %c : tensor<2xf32>
    jxp.yield %s, %t : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<8xf32>
}
func.func @tr_duality(%c0: tensor<2xf32>, %c1: tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  %r:2 = jxp.linear_transpose @lin(%c0, %c1) wrt [0, 1] : (tensor<2xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<2xf32>
}

// -----

// A replicated value put out with a spec that splits it along "x" (each
// device's block is the same): its cotangent comes in varying along "x"
// and is summed over "x" first (the transpose of that implicit cast).
// CHECK-LABEL: func.func private @bcast_transpose(
// CHECK-NEXT: jxp.shard_map(%arg0) {{.*}} in_specs = {{\[}}{{\[}}["x"]]], manual_axes = ["x"], out_specs = {{\[}}[]]} : (tensor<8xf32>) -> tensor<2xf32> {
// CHECK-NEXT: ^bb0(%[[CT:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[CT]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[S]]
// CHECK-NEXT: jxp.yield %[[N]] : tensor<2xf32>
func.func private @bcast(%b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[]], out_specs = [[["x"]]]}
      : (tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%c: tensor<2xf32>):
    %n = jxp.neg %c : tensor<2xf32>
    jxp.yield %n : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
func.func @tr_bcast(%ct: tensor<8xf32>) -> tensor<2xf32> {
  %r = jxp.linear_transpose @bcast(%ct) wrt [0] : (tensor<8xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// The block collectives on a 2-D mesh: psum_scatter transposes to a tiled
// all_gather along its dimension; all_to_all to an all_to_all with split
// and concat swapped; ppermute to the inverse permutation; a tiled
// all_gather to a psum over its axes (not marked invariant: the gathered
// value varies) and the member's block (axis_index times the block size).
// CHECK-LABEL: func.func private @blocks_transpose(
// CHECK-NEXT: jxp.shard_map(%arg0, %arg1, %arg2, %arg3) {{.*}} in_specs = {{\[}}{{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]]], manual_axes = ["x", "y"], out_specs = {{\[}}{{\[}}["x"], ["y"]]]} : (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) -> tensor<16x4xf32> {
// CHECK-NEXT: ^bb0(%[[C0:.*]]: tensor<1x2xf32>, %[[C1:.*]]: tensor<16x2xf32>, %[[C2:.*]]: tensor<4x2xf32>, %[[C3:.*]]: tensor<2x4xf32>):
// CHECK-NEXT: %[[AA:.*]] = jxp.all_to_all %[[C3]] axes ["y"] split 1 concat 0 : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[PP:.*]] = jxp.ppermute %[[C2]] axes ["y", "x"] perm [1, 0, 4, 1, 0, 4] : tensor<4x2xf32>
// CHECK-NEXT: %[[A1:.*]] = jxp.add %[[AA]], %[[PP]]
// CHECK-NEXT: %[[SUM:.*]] = jxp.all_reduce sum %[[C1]] axes ["x"] : tensor<16x2xf32> -> tensor<16x2xf32>
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[FOUR:.*]] = jxp.constant dense<4> : tensor<i32>
// CHECK-NEXT: %[[ST:.*]] = jxp.mul %[[I]], %[[FOUR]] : tensor<i32>
// CHECK-NEXT: %[[BLK:.*]] = jxp.dynamic_slice %[[SUM]][%[[ST]], %[[Z]]], sizes = [4, 2] : (tensor<16x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[A2:.*]] = jxp.add %[[A1]], %[[BLK]]
// CHECK-NEXT: %[[AG:.*]] = jxp.all_gather %[[C0]] axes ["x"] axis 0 tiled : (tensor<1x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[A3:.*]] = jxp.add %[[A2]], %[[AG]]
// CHECK-NEXT: jxp.yield %[[A3]] : tensor<4x2xf32>
func.func private @blocks(%a: tensor<16x4xf32>) -> (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) {
  %r:4 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]]]}
      : (tensor<16x4xf32>) -> (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) {
  ^bb0(%x: tensor<4x2xf32>):
    %ps = jxp.psum_scatter %x axes ["x"] dimension 0 : (tensor<4x2xf32>) -> tensor<1x2xf32>
    %g = jxp.all_gather %x axes ["x"] axis 0 tiled : (tensor<4x2xf32>) -> tensor<16x2xf32>
    %p = jxp.ppermute %x axes ["y", "x"] perm [0, 1, 1, 4, 4, 0] : tensor<4x2xf32>
    %aa = jxp.all_to_all %x axes ["y"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<2x4xf32>
    jxp.yield %ps, %g, %p, %aa : tensor<1x2xf32>, tensor<16x2xf32>, tensor<4x2xf32>, tensor<2x4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>
}
func.func @tr_blocks(%c0: tensor<4x4xf32>, %c1: tensor<64x4xf32>, %c2: tensor<16x4xf32>, %c3: tensor<8x8xf32>) -> tensor<16x4xf32> {
  %r = jxp.linear_transpose @blocks(%c0, %c1, %c2, %c3) wrt [0] : (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) -> tensor<16x4xf32>
  return %r : tensor<16x4xf32>
}

// -----

// check_vma = false (JAX's unchecked shard_map, whose psum is the untyped
// one, no `invariant`): the cotangent of a result replicated along "x" (its
// out_spec P()) reaches each of the 4 devices as its share, divided by 4,
// and the psum transposes to a psum, which sums the shares back.
// CHECK-LABEL: func.func private @unchecked_transpose(
// CHECK-NEXT: jxp.shard_map(%arg0) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}[]], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]]]} : (tensor<2xf32>) -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[CT:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[N:.*]] = jxp.constant dense<4.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[SHARE:.*]] = jxp.div %[[CT]], %[[N]]
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[SHARE]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: jxp.yield %[[S]] : tensor<2xf32>
func.func private @unchecked(%a: tensor<8xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[]], check_vma = false}
      : (tensor<8xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>):
    %s = jxp.all_reduce sum %x axes ["x"] : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @tr_unchecked(%ct: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.linear_transpose @unchecked(%ct) wrt [0] : (tensor<2xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
