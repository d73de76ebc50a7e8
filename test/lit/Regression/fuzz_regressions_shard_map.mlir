// Regressions found by test/fuzz/fuzz_jxp_opt.py in programs with a
// shard_map: the conversion alone (without jxp-infer-vma or the inliner
// before it) keeps a call inside a body valid by inlining it, since the
// body becomes the region of sdy.manual_computation, an op this side does
// not register, from which the call could not find its callee.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK:         "sdy.manual_computation"
// CHECK-NOT:     call
// CHECK:         "stablehlo.exponential"
// CHECK:         "stablehlo.add"
// CHECK:         "sdy.return"
func.func private @helper(%u: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %s = jxp.add %u, %v : tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func private @outer(%u: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %e = jxp.exp %u : tensor<2xf32>
  %s = func.call @helper(%e, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func @main(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %o = func.call @outer(%c, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    jxp.yield %o : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
