// jxp-infer-vma types a jxp.remat as a function: each result varies as
// what the body yields for it, so a value computed from a replicated
// operand alone (-c below) stays invariant next to a varying one, as in
// JAX's typing of jax.checkpoint inside shard_map.
// RUN: jxp-opt %s --jxp-infer-vma | FileCheck %s

// CHECK-LABEL: func.func @remat_in_body(
// CHECK: jxp.remat "nothing_saveable" ({{.*}}) : ({{.*}}) -> (tensor<2xf32, ["x"]>, tensor<2xf32>) {
// CHECK: jxp.neg %{{.*}} : tensor<2xf32>
func.func @remat_in_body(%a: tensor<8xf32>, %b: tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]], []]}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %q:2 = jxp.remat "nothing_saveable" (%x, %c) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    ^bb0(%u: tensor<2xf32>, %v: tensor<2xf32>):
      %s = jxp.mul %u, %v : tensor<2xf32>
      %n = jxp.neg %v : tensor<2xf32>
      jxp.yield %s, %n : tensor<2xf32>, tensor<2xf32>
    }
    jxp.yield %q#0, %q#1 : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<2xf32>
}
