// Errors of the jxp-infer-vma pass: a result varying along a manual axis
// its out_spec does not split (JAX's ValueError text, the spec written as
// a PartitionSpec, at the op that computed the yielded value or at the
// shard_map when the body yields an argument), and nested shard_maps.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-infer-vma

func.func @replicated_spec(%a: tensor<8xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[]]} : (tensor<8xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>):
    // expected-error @+1 {{shard_map out_specs[0] is P() which implies that the corresponding output value is replicated across mesh axis 'x', but it varies along 'x'. If it is meant to be replicated, make it so (for example with psum), or pass check_vma=False}}
    %n = jxp.sin %x : tensor<2xf32>
    jxp.yield %n : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// The second result is the one that varies; the spec names a dimension
// split along another axis and one not split.
func.func @second_result(%a: tensor<8x4xf32>) -> (tensor<2x2xf32>, tensor<8x2xf32>) {
  %r:2 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[], [["x"], []]]} : (tensor<8x4xf32>) -> (tensor<2x2xf32>, tensor<8x2xf32>) {
  ^bb0(%x: tensor<2x2xf32>):
    %s = jxp.all_reduce sum %x axes ["x", "y"] {invariant} : tensor<2x2xf32> -> tensor<2x2xf32>
    %t = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<2x2xf32> -> tensor<2x2xf32>
    // expected-error @+1 {{shard_map out_specs[1] is P('x', None) which implies that the corresponding output value is replicated across mesh axis 'y', but it varies along 'y'.}}
    %p = jxp.pvary %t axes ["x"] : tensor<2x2xf32> -> tensor<2x2xf32>
    jxp.yield %s, %p : tensor<2x2xf32>, tensor<2x2xf32>
  }
  return %r#0, %r#1 : tensor<2x2xf32>, tensor<8x2xf32>
}

// -----

// A body argument yielded as it is: the error is at the shard_map. A
// dimension split along two axes prints as a tuple.
func.func @yield_argument(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<16xf32>) {
  // expected-error @+1 {{shard_map out_specs[1] is P(('x', 'y')) which implies that the corresponding output value is replicated across mesh axis 'z', but it varies along 'z'.}}
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x", "y", "z"], axis_sizes = array<i64: 2, 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y", "z"],
      in_specs = [[["x", "y"]], [["z"]]], out_specs = [[["x", "y"]], [["x", "y"]]]} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<16xf32>) {
  ^bb0(%x: tensor<2xf32>, %z: tensor<4xf32>):
    jxp.yield %x, %z : tensor<2xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<16xf32>
}

// -----

// A loop carry widened by the fixed point makes the result vary: the
// check sees the widened VMA.
func.func @widened_carry(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]]} : (tensor<8xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %n = jxp.constant dense<3> : tensor<i32>
    // expected-error @+1 {{shard_map out_specs[0] is P() which implies that the corresponding output value is replicated across mesh axis 'x', but it varies along 'x'.}}
    %w:3 = jxp.while (%c, %x, %n) : tensor<2xf32>, tensor<2xf32>, tensor<i32> cond {
    ^bb0(%acc: tensor<2xf32>, %y: tensor<2xf32>, %k: tensor<i32>):
      %z = jxp.constant dense<0> : tensor<i32>
      %p = jxp.compare GT, %k, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      jxp.yield %p : tensor<i1>
    } do {
    ^bb0(%acc: tensor<2xf32>, %y: tensor<2xf32>, %k: tensor<i32>):
      %s = jxp.add %acc, %y : tensor<2xf32>
      %one = jxp.constant dense<1> : tensor<i32>
      %k1 = jxp.sub %k, %one : tensor<i32>
      jxp.yield %s, %y, %k1 : tensor<2xf32>, tensor<2xf32>, tensor<i32>
    }
    jxp.yield %w#0 : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

func.func @nested(%a: tensor<8xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[["y"]]], out_specs = [[["y"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<4xf32>):
    // expected-error @+1 {{'jxp.shard_map' op nested shard_map is not supported}}
    %q = jxp.shard_map (%x) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
        device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x"],
        in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%z: tensor<1xf32>):
      jxp.yield %z : tensor<1xf32>
    }
    jxp.yield %q : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}
