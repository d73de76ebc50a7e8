// A cond whose index varies along manual axes prints the index's type
// (`jxp.cond %i : tensor<i32, ["x"]> (...)`), so the custom form of
// jxp-infer-vma's output parses back.
// RUN: jxp-opt %s --jxp-infer-vma | jxp-opt --mlir-print-op-generic | FileCheck %s

// CHECK-LABEL: sym_name = "cond_varying_index"
// CHECK: %[[I:.*]] = "jxp.axis_index"() <{axes = ["x"]}> : () -> tensor<i32, ["x"]>
// CHECK-NEXT: %{{.*}} = "jxp.cond"(%[[I]], %{{.*}}) ({
// CHECK: }) : (tensor<i32, ["x"]>, tensor<2xf32>) -> tensor<2xf32, ["x"]>
func.func @cond_varying_index(%b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[]], out_specs = [[["x"]]]}
      : (tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%c: tensor<2xf32>):
    %i = jxp.axis_index axes ["x"] : tensor<i32>
    %o = jxp.cond %i (%c) : (tensor<2xf32>) -> (tensor<2xf32>) {
    ^bb0(%v: tensor<2xf32>):
      jxp.yield %v : tensor<2xf32>
    }, {
    ^bb0(%v: tensor<2xf32>):
      %n = jxp.neg %v : tensor<2xf32>
      jxp.yield %n : tensor<2xf32>
    }
    jxp.yield %o : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
