// Partial evaluation of jxp.shard_map: each residual passes with a new
// leading dimension split along every manual axis.
// RUN: jxp-opt %s --split-input-file --jxp-partial-eval | FileCheck %s
// Every derived program is valid input to the lowering, VMA check included
// (the lowerings are checked in ../jxp-ad/shard_map.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --jxp-infer-vma --convert-jxp-to-stablehlo -o /dev/null

// A JVP function whose tangent is linear: the primal shard_map yields the
// known result and the residuals (the cast %c and cos(...)), each as
// tensor<1xf32> per device, 4 overall with spec [["x"]]; the linear
// shard_map takes the residuals first (the same spec), reshapes them back
// to scalars, then the tangent with its spec.
// CHECK-LABEL: func.func private @p_jvp_primal(
// CHECK-SAME: %arg0: tensor<8xf32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>) attributes {jxp.num_residuals = 2 : i64}
// CHECK-NEXT: %[[K:.*]]:3 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}[], {{\[}}["x"]], {{\[}}["x"]]]} : (tensor<8xf32>, tensor<f32>) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK: %[[COS:.*]] = jxp.cos
// CHECK: %[[P:.*]] = jxp.all_reduce sum %{{.*}} axes ["x"] {invariant}
// CHECK: %[[CV:.*]] = jxp.pvary %{{.*}} axes ["x"] : tensor<f32> -> tensor<f32>
// CHECK-NEXT: %[[R0:.*]] = jxp.reshape %[[CV]] : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: %[[R1:.*]] = jxp.reshape %[[COS]] : (tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: jxp.yield %[[P]], %[[R0]], %[[R1]] : tensor<f32>, tensor<1xf32>, tensor<1xf32>
// CHECK-LABEL: func.func private @p_jvp_linear(
// CHECK-SAME: %arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<8xf32>) -> tensor<f32> attributes {jxp.linear_results = array<i64: 1>}
// CHECK-NEXT: jxp.shard_map(%arg0, %arg1, %arg2) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], {{\[}}["x"]], {{\[}}["x"]]], manual_axes = ["x"], out_specs = {{\[}}[]]} : (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) -> tensor<f32> {
// CHECK-NEXT: ^bb0(%[[Q0:.*]]: tensor<1xf32>, %[[Q1:.*]]: tensor<1xf32>, %[[T:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[CVR:.*]] = jxp.reshape %[[Q0]] : (tensor<1xf32>) -> tensor<f32>
// CHECK-NEXT: %[[COSR:.*]] = jxp.reshape %[[Q1]] : (tensor<1xf32>) -> tensor<f32>
// CHECK-NEXT: %[[TS:.*]] = jxp.reduce sum %[[T]], dims = [0]
// CHECK-NEXT: %[[A:.*]] = jxp.mul %[[TS]], %[[CVR]]
// CHECK-NEXT: %[[B:.*]] = jxp.mul %[[A]], %[[COSR]]
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[B]] axes ["x"] {invariant}
// CHECK-NEXT: jxp.yield %[[S]] : tensor<f32>
func.func @p_jvp(%a: tensor<8xf32>, %b: tensor<f32>, %ta: tensor<8xf32>) -> (tensor<f32>, tensor<f32>) attributes {jxp.linear_args = array<i64: 2>} {
  %r:2 = jxp.shard_map (%a, %b, %ta) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], [], [["x"]]], out_specs = [[], []]}
      : (tensor<8xf32>, tensor<f32>, tensor<8xf32>) -> (tensor<f32>, tensor<f32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<f32>, %t: tensor<2xf32>):
    %s = jxp.reduce sum %x, dims = [0] : (tensor<2xf32>) -> tensor<f32>
    %m = jxp.mul %s, %c : tensor<f32>
    %e = jxp.sin %m : tensor<f32>
    %k = jxp.cos %m : tensor<f32>
    %p = jxp.all_reduce sum %e axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
    %ts = jxp.reduce sum %t, dims = [0] : (tensor<2xf32>) -> tensor<f32>
    %tc = jxp.mul %ts, %c : tensor<f32>
    %tk = jxp.mul %tc, %k : tensor<f32>
    %tp = jxp.all_reduce sum %tk axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
    jxp.yield %p, %tp : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// -----

// With "y" the only manual axis of a 4x2 mesh, a residual's leading
// dimension is split along "y" alone: 2 overall.
// CHECK-LABEL: func.func private @q_jvp_primal(
// CHECK-SAME: -> (tensor<8x4xf32>, tensor<2x8x2xf32>) attributes {jxp.num_residuals = 1 : i64}
// CHECK-NEXT: jxp.shard_map(%arg0) {{.*}} manual_axes = ["y"], out_specs = {{\[}}{{\[}}[], ["y"]], {{\[}}["y"], [], []]]} : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<2x8x2xf32>) {
// CHECK: jxp.reshape %{{.*}} : (tensor<8x2xf32>) -> tensor<1x8x2xf32>
// CHECK-LABEL: func.func private @q_jvp_linear(
// CHECK-NEXT: jxp.shard_map(%arg0, %arg1) {{.*}} in_specs = {{\[}}{{\[}}["y"], [], []], {{\[}}[], ["y"]]], manual_axes = ["y"], out_specs = {{\[}}{{\[}}[], ["y"]]]} : (tensor<2x8x2xf32>, tensor<8x4xf32>) -> tensor<8x4xf32> {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<1x8x2xf32>, %{{.*}}: tensor<8x2xf32>):
func.func @q_jvp(%a: tensor<8x4xf32>, %ta: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) attributes {jxp.linear_args = array<i64: 1>} {
  %r:2 = jxp.shard_map (%a, %ta) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[[], ["y"]], [[], ["y"]]], out_specs = [[[], ["y"]], [[], ["y"]]]}
      : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  ^bb0(%x: tensor<8x2xf32>, %t: tensor<8x2xf32>):
    %s = jxp.sin %x : tensor<8x2xf32>
    %c = jxp.cos %x : tensor<8x2xf32>
    %tc = jxp.mul %t, %c : tensor<8x2xf32>
    jxp.yield %s, %tc : tensor<8x2xf32>, tensor<8x2xf32>
  }
  return %r#0, %r#1 : tensor<8x4xf32>, tensor<8x4xf32>
}
