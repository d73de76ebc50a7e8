// Forward mode of jxp.shard_map and of the collectives over mesh axes. The
// body is first made explicit about VMA (the casts jxp-infer-vma would
// insert, types left without encoding); the tangents are appended with
// their primals' specs.
// RUN: jxp-opt %s --split-input-file --jxp-jvp | FileCheck %s
// Every derived program is valid input to the lowering, VMA check included
// (the lowerings are checked in ../jxp-ad/shard_map.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --jxp-infer-vma --convert-jxp-to-stablehlo -o /dev/null

//===----------------------------------------------------------------------===//
// Forward mode
//===----------------------------------------------------------------------===//

// Both inputs have tangents: the derived shard_map takes them after the
// primals, each with its primal's in_spec, and returns the result's
// tangent with the result's out_spec. The cast of the replicated %c is
// made explicit, and so is its tangent's; the tangent of the psum is the
// psum of the tangent (invariant too).
// CHECK-LABEL: func.func private @f_jvp(
// CHECK-SAME: %arg0: tensor<8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<8xf32>, %arg3: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = jxp.shard_map(%arg0, %arg1, %arg2, %arg3) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], [], {{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}[], []]} : (tensor<8xf32>, tensor<2xf32>, tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xf32>, %[[TX:.*]]: tensor<2xf32>, %[[TC:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[TCV:.*]] = jxp.pvary %[[TC]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CV]]
// CHECK-NEXT: %[[T1:.*]] = jxp.mul %[[TX]], %[[CV]]
// CHECK-NEXT: %[[T2:.*]] = jxp.mul %[[X]], %[[TCV]]
// CHECK-NEXT: %[[TM:.*]] = jxp.add %[[T1]], %[[T2]]
// CHECK-NEXT: %[[S:.*]] = jxp.sin %[[M]]
// CHECK-NEXT: %[[CS:.*]] = jxp.cos %[[M]]
// CHECK-NEXT: %[[TS:.*]] = jxp.mul %[[TM]], %[[CS]]
// CHECK-NEXT: %[[P:.*]] = jxp.all_reduce sum %[[S]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[TP:.*]] = jxp.all_reduce sum %[[TS]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: jxp.yield %[[P]], %[[TP]] : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func private @f(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %m = jxp.mul %x, %c : tensor<2xf32>
    %s = jxp.sin %m : tensor<2xf32>
    %p = jxp.all_reduce sum %s axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @jvp_main(%a: tensor<8xf32>, %b: tensor<2xf32>, %ta: tensor<8xf32>, %tb: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %y, %t = jxp.jvp @f(%a, %b, %ta, %tb) wrt [0, 1] : (tensor<8xf32>, tensor<2xf32>, tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %y, %t : tensor<2xf32>, tensor<2xf32>
}

// -----

// Only the replicated input has a tangent, on a 2-D mesh with "y" manual
// alone: one tangent operand (spec P()), and one tangent result, with the
// out_spec of the result that depends on it; the other result's tangent
// is zero and stays outside the shard_map (a global zero).
// CHECK-LABEL: func.func private @g_jvp(
// CHECK-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x4xf32>, tensor<8x2xf32>)
// CHECK-NEXT: %[[R:.*]]:3 = jxp.shard_map(%arg0, %arg1, %arg2) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>, device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, in_specs = {{\[}}{{\[}}[], ["y"]], [], []], manual_axes = ["y"], out_specs = {{\[}}{{\[}}[], ["y"]], [], {{\[}}[], ["y"]]]} : (tensor<8x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x4xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<8x2xf32>, %[[C:.*]]: tensor<f32>, %[[TC:.*]]: tensor<f32>):
// The casts come before the broadcasts (their transposes then sum scalars).
// CHECK-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["y"] : tensor<f32> -> tensor<f32>
// CHECK-NEXT: %[[TV:.*]] = jxp.pvary %[[TC]] axes ["y"] : tensor<f32> -> tensor<f32>
// CHECK-NEXT: %[[CBV:.*]] = jxp.broadcast_in_dim %[[CV]], dims = [] : (tensor<f32>) -> tensor<8x2xf32>
// CHECK-NEXT: %[[TBV:.*]] = jxp.broadcast_in_dim %[[TV]], dims = [] : (tensor<f32>) -> tensor<8x2xf32>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CBV]]
// CHECK-NEXT: %[[TM:.*]] = jxp.mul %[[X]], %[[TBV]]
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[X]] axes ["y"] {invariant}
// CHECK-NEXT: jxp.yield %[[M]], %[[S]], %[[TM]] : tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<8x2xf32>
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[Z]]
func.func private @g(%a: tensor<8x4xf32>, %b: tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[[], ["y"]], []], out_specs = [[[], ["y"]], []]}
      : (tensor<8x4xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>) {
  ^bb0(%x: tensor<8x2xf32>, %c: tensor<f32>):
    %cb = jxp.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x2xf32>
    %m = jxp.mul %x, %cb : tensor<8x2xf32>
    %s = jxp.all_reduce sum %x axes ["y"] {invariant} : tensor<8x2xf32> -> tensor<8x2xf32>
    jxp.yield %m, %s : tensor<8x2xf32>, tensor<8x2xf32>
  }
  return %r#0, %r#1 : tensor<8x4xf32>, tensor<8x2xf32>
}
func.func @jvp_one_tangent(%a: tensor<8x4xf32>, %b: tensor<f32>, %tb: tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>) {
  %y:2, %t:2 = jxp.jvp @g(%a, %b, %tb) wrt [1] : (tensor<8x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x4xf32>, tensor<8x2xf32>)
  return %t#0, %t#1 : tensor<8x4xf32>, tensor<8x2xf32>
}
