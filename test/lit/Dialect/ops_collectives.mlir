// jxp.shard_map and the collectives over mesh axes (jxp.pvary,
// jxp.all_reduce with and without `invariant`, jxp.psum_scatter,
// jxp.all_to_all, jxp.all_gather, jxp.ppermute, jxp.axis_index): round trip
// through the custom and the generic form, with tensors typed by their
// varying manual axes (the encoding jxp-infer-vma writes). The verifier
// errors are in invalid_collectives.mlir.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

// A 1-D mesh: the body takes the shard of the operand split along "x" and
// the whole replicated one. check_vma = true is the default, so it is not
// printed; the attribute dictionary is printed sorted.
// CHECK-LABEL: func.func @one_d(
// CHECK-SAME: %[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<2xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.shard_map(%[[A]], %[[B]]) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]]]} : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32, ["x"]>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[V:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[V]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %[[M]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<8xf32>
func.func @one_d(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]]], check_vma = true}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32, ["x"]>, %c: tensor<2xf32>):
    %v = jxp.pvary %c axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
    %m = jxp.mul %x, %v : tensor<2xf32, ["x"]>
    jxp.yield %m : tensor<2xf32, ["x"]>
  }
  return %r : tensor<8xf32>
}

// -----

// Every collective over a 2-D mesh with both axes manual, operands varying
// along both; the results' VMA is what the verifiers require (psum drops
// its axes, the others keep the operand's). Several results, a spec of
// fewer dimensions than the rank, a dimension split along two axes.
// CHECK-LABEL: func.func @collectives_2d(
// CHECK: jxp.shard_map(%{{.*}}) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>, device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, in_specs = {{\[}}{{\[}}["x"], ["y"]]], manual_axes = ["x", "y"], out_specs = {{\[}}{{\[}}["x"]], {{\[}}["x", "y"]], {{\[}}[], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x", "y"]]]} : (tensor<16x4xf32>) -> (tensor<16x2xf32>, tensor<64xf32>, tensor<4x4xf32>, tensor<4x16xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8xi32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<4x2xf32, ["x", "y"]>):
// CHECK-NEXT: %[[SX:.*]] = jxp.all_reduce sum %[[X]] axes ["x"] {invariant} : tensor<4x2xf32, ["x", "y"]> -> tensor<4x2xf32, ["y"]>
// CHECK-NEXT: %[[SXY:.*]] = jxp.all_reduce max %[[X]] axes ["y", "x"] {invariant} : tensor<4x2xf32, ["x", "y"]> -> tensor<4x2xf32>
// CHECK-NEXT: %[[F:.*]] = jxp.reshape %[[X]] : (tensor<4x2xf32, ["x", "y"]>) -> tensor<8xf32, ["x", "y"]>
// CHECK-NEXT: %[[PS:.*]] = jxp.psum_scatter %[[X]] axes ["y"] dimension 0 : (tensor<4x2xf32, ["x", "y"]>) -> tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[PSN:.*]] = jxp.all_reduce sum %[[PS]] axes ["y"] {invariant} : tensor<2x2xf32, ["x", "y"]> -> tensor<2x2xf32, ["x"]>
// CHECK-NEXT: %[[AA:.*]] = jxp.all_to_all %[[X]] axes ["x"] split 0 concat 1 : (tensor<4x2xf32, ["x", "y"]>) -> tensor<1x8xf32, ["x", "y"]>
// CHECK-NEXT: %[[G:.*]] = jxp.all_gather %[[X]] axes ["x"] axis 0 tiled : (tensor<4x2xf32, ["x", "y"]>) -> tensor<16x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[P:.*]] = jxp.ppermute %[[X]] axes ["y", "x"] perm [0, 1, 1, 4, 4, 0] : tensor<4x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["x", "y"] : tensor<i32, ["x", "y"]>
// CHECK-NEXT: %[[IB:.*]] = jxp.broadcast_in_dim %[[I]], dims = [] : (tensor<i32, ["x", "y"]>) -> tensor<1xi32, ["x", "y"]>
// CHECK-NEXT: jxp.yield %[[SXY]], %[[F]], %[[SX]], %[[AA]], %[[G]], %[[P]], %[[IB]] :
func.func @collectives_2d(%a: tensor<16x4xf32>) -> (tensor<16x2xf32>, tensor<64xf32>, tensor<4x4xf32>, tensor<4x16xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8xi32>) {
  %r:7 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]],
      out_specs = [[["x"]], [["x", "y"]], [[], ["y"]], [["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]], [["x", "y"]]]}
      : (tensor<16x4xf32>) -> (tensor<16x2xf32>, tensor<64xf32>, tensor<4x4xf32>, tensor<4x16xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8xi32>) {
  ^bb0(%x: tensor<4x2xf32, ["x", "y"]>):
    %sx = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<4x2xf32, ["x", "y"]> -> tensor<4x2xf32, ["y"]>
    %sxy = jxp.all_reduce max %x axes ["y", "x"] {invariant} : tensor<4x2xf32, ["x", "y"]> -> tensor<4x2xf32>
    %f = jxp.reshape %x : (tensor<4x2xf32, ["x", "y"]>) -> tensor<8xf32, ["x", "y"]>
    %ps = jxp.psum_scatter %x axes ["y"] dimension 0 : (tensor<4x2xf32, ["x", "y"]>) -> tensor<2x2xf32, ["x", "y"]>
    %psn = jxp.all_reduce sum %ps axes ["y"] {invariant} : tensor<2x2xf32, ["x", "y"]> -> tensor<2x2xf32, ["x"]>
    %aa = jxp.all_to_all %x axes ["x"] split 0 concat 1 : (tensor<4x2xf32, ["x", "y"]>) -> tensor<1x8xf32, ["x", "y"]>
    %g = jxp.all_gather %x axes ["x"] axis 0 tiled : (tensor<4x2xf32, ["x", "y"]>) -> tensor<16x2xf32, ["x", "y"]>
    %p = jxp.ppermute %x axes ["y", "x"] perm [0, 1, 1, 4, 4, 0] : tensor<4x2xf32, ["x", "y"]>
    %i = jxp.axis_index axes ["x", "y"] : tensor<i32, ["x", "y"]>
    %ib = jxp.broadcast_in_dim %i, dims = [] : (tensor<i32, ["x", "y"]>) -> tensor<1xi32, ["x", "y"]>
    jxp.yield %sxy, %f, %sx, %aa, %g, %p, %ib : tensor<4x2xf32>, tensor<8xf32, ["x", "y"]>, tensor<4x2xf32, ["y"]>, tensor<1x8xf32, ["x", "y"]>, tensor<16x2xf32, ["x", "y"]>, tensor<4x2xf32, ["x", "y"]>, tensor<1xi32, ["x", "y"]>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<16x2xf32>, tensor<64xf32>, tensor<4x4xf32>, tensor<4x16xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8xi32>
}

// -----

// One manual axis of a 2-D mesh, devices in another order, check_vma off
// (printed, as it is not the default); no operands; an all_gather that
// stacks (not tiled) and a pvary over two axes at once.
// CHECK-LABEL: func.func @partial_unchecked(
// CHECK: jxp.shard_map() {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>, check_vma = false, device_ids = array<i64: 3, 1, 2, 0>, in_specs = [], manual_axes = ["y"], out_specs = {{\[}}[], {{\[}}[], ["y"]]]} : () -> (tensor<2xi32>, tensor<2x4xi32>) {
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["y"] : tensor<i32, ["y"]>
// CHECK-NEXT: %[[B:.*]] = jxp.broadcast_in_dim %[[I]], dims = [] : (tensor<i32, ["y"]>) -> tensor<2xi32, ["y"]>
// CHECK-NEXT: %[[G:.*]] = jxp.all_gather %[[B]] axes ["y"] axis 1 : (tensor<2xi32, ["y"]>) -> tensor<2x2xi32, ["y"]>
// CHECK-NEXT: jxp.yield %[[B]], %[[G]] : tensor<2xi32, ["y"]>, tensor<2x2xi32, ["y"]>
// CHECK-LABEL: func.func @pvary_two_axes(
// CHECK: jxp.pvary %{{.*}} axes ["x", "y"] : tensor<3xf32> -> tensor<3xf32, ["x", "y"]>
func.func @partial_unchecked() -> (tensor<2xi32>, tensor<2x4xi32>) {
  %r:2 = jxp.shard_map () {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 3, 1, 2, 0>, manual_axes = ["y"],
      in_specs = [], out_specs = [[], [[], ["y"]]], check_vma = false}
      : () -> (tensor<2xi32>, tensor<2x4xi32>) {
    %i = jxp.axis_index axes ["y"] : tensor<i32, ["y"]>
    %b = jxp.broadcast_in_dim %i, dims = [] : (tensor<i32, ["y"]>) -> tensor<2xi32, ["y"]>
    %g = jxp.all_gather %b axes ["y"] axis 1 : (tensor<2xi32, ["y"]>) -> tensor<2x2xi32, ["y"]>
    jxp.yield %b, %g : tensor<2xi32, ["y"]>, tensor<2x2xi32, ["y"]>
  }
  return %r#0, %r#1 : tensor<2xi32>, tensor<2x4xi32>
}
func.func @pvary_two_axes(%a: tensor<3xf32>) -> tensor<3xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "y"],
      in_specs = [[]], out_specs = [[]]} : (tensor<3xf32>) -> tensor<3xf32> {
  ^bb0(%c: tensor<3xf32>):
    %v = jxp.pvary %c axes ["x", "y"] : tensor<3xf32> -> tensor<3xf32, ["x", "y"]>
    %s = jxp.all_reduce sum %v axes ["x", "y"] {invariant} : tensor<3xf32, ["x", "y"]> -> tensor<3xf32>
    jxp.yield %s : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// -----

// Before jxp-infer-vma (and outside shard_maps, over a vmap's axes) the
// collectives take and give tensors without encoding; all_reduce without
// `invariant` is the vmap form.
// CHECK-LABEL: func.func @untyped(
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce min %arg0 axes ["i"] : tensor<4x6xf32> -> tensor<4x6xf32>
// CHECK-NEXT: %[[V:.*]] = jxp.pvary %arg0 axes ["i", "j"] : tensor<4x6xf32> -> tensor<4x6xf32>
// CHECK-NEXT: %[[PS:.*]] = jxp.psum_scatter %arg0 axes ["i"] dimension 1 : (tensor<4x6xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[AA:.*]] = jxp.all_to_all %arg0 axes ["i"] split 1 concat 1 : (tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: return %[[S]], %[[V]], %[[PS]], %[[AA]]
func.func @untyped(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x2xf32>, tensor<4x6xf32>) {
  %s = jxp.all_reduce min %x axes ["i"] : tensor<4x6xf32> -> tensor<4x6xf32>
  %v = jxp.pvary %x axes ["i", "j"] : tensor<4x6xf32> -> tensor<4x6xf32>
  %ps = jxp.psum_scatter %x axes ["i"] dimension 1 : (tensor<4x6xf32>) -> tensor<4x2xf32>
  %aa = jxp.all_to_all %x axes ["i"] split 1 concat 1 : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %s, %v, %ps, %aa : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x2xf32>, tensor<4x6xf32>
}
