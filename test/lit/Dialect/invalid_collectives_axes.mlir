// A collective inside a shard_map names manual axes of that shard_map:
// an axis that is not manual there (JAX's NameError for an unbound axis
// name), or not in the mesh at all, is a diagnostic on the collective
// (the lowering used to index the mesh with such a name).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-infer-vma --convert-jxp-to-stablehlo

func.func @axis_not_manual(%a: tensor<8xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[["y"]]], out_specs = [[["y"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<4xf32>):
    // expected-error @+1 {{'jxp.all_reduce' op}}
    %p = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<4xf32> -> tensor<4xf32>
    jxp.yield %p : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @axis_not_in_mesh(%a: tensor<8xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    // expected-error @+1 {{names axis "z", which is not a manual axis of its shard_map}}
    %p = jxp.all_reduce sum %x axes ["z"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
