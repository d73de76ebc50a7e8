// Verifier errors of jxp.shard_map, the collectives over mesh axes and the
// VMA encoding of tensors (every diagnostic these verifiers emit). A
// collective inside a shard_map names manual axes of that shard_map: an
// axis that is not manual there (JAX's NameError for an unbound axis
// name), or not in the mesh at all, is a diagnostic on the collective
// (the lowering used to index the mesh with such a name).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// shard_map: the mesh
//===----------------------------------------------------------------------===//

func.func @sizes_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op needs one size per mesh axis}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @axis_twice(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op mesh axis names must be distinct and non-empty}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "x"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<4xf32>):
    jxp.yield %x : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @axis_empty_name(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op mesh axis names must be distinct and non-empty}}
  %r = jxp.shard_map (%a) {axis_names = [""], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = [],
      in_specs = [[]], out_specs = [[]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<8xf32>):
    jxp.yield %x : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @axis_size_zero(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op mesh axis 'y' has size 0}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 0>,
      device_ids = array<i64>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @device_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op the mesh has 8 devices, but device_ids lists 4}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @device_twice(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op device ids must be distinct and non-negative}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 1, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @device_negative(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op device ids must be distinct and non-negative}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, -2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @manual_not_mesh(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op manual axis 'z' must be a mesh axis, named once}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "z"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @manual_twice(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op manual axis 'x' must be a mesh axis, named once}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// shard_map: operands, in_specs and body arguments
//===----------------------------------------------------------------------===//

func.func @in_specs_count(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op needs one in_spec and one body argument per operand}}
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @body_args_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op needs one in_spec and one body argument per operand}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @spec_not_array(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op in_specs[0] must be an array of dimensions}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = ["x"], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @spec_too_long(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op in_specs[0] has 2 dimensions, more than the rank 1}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"], []]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @spec_entry_not_array(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op in_specs[0] must list axis names per dimension}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [["x"]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// "y" is a mesh axis, but not a manual one: a spec may not split along it.
func.func @spec_not_manual(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op in_specs[0] names "y", which is not a manual axis}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["y"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<4xf32>):
    jxp.yield %x : tensor<4xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @spec_not_string(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op in_specs[0] names 1 : i64, which is not a manual axis}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[[1]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @spec_axis_twice(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op in_specs[0] names axis "x" twice}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 2>,
      device_ids = array<i64: 0, 1>, manual_axes = ["x"],
      in_specs = [[["x"], ["x"]]], out_specs = [[["x"]]]} : (tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%x: tensor<4x4xf32>):
    jxp.yield %x : tensor<4x4xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

func.func @not_divisible(%a: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.shard_map' op operand #0 dimension 0 of size 6 is not divisible by 4, the number of its shards}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "y"],
      in_specs = [[["x", "y"]]], out_specs = [[]]} : (tensor<6xf32>) -> tensor<6xf32> {
  ^bb0(%x: tensor<1xf32>):
    %z = jxp.constant dense<0.0> : tensor<6xf32>
    jxp.yield %z : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

// -----

func.func @wrong_shard(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op body argument #0 must be the shard 'tensor<2xf32>', got 'tensor<4xf32>'}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<4xf32>):
    %s = jxp.slice %x, start = [0], limit = [2], strides = [1] : (tensor<4xf32>) -> tensor<2xf32>
    jxp.yield %s : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @wrong_shard_element(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op body argument #0 must be the shard 'tensor<2xf32>', got 'tensor<2xf64>'}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf64>):
    %c = jxp.convert %x : (tensor<2xf64>) -> tensor<2xf32>
    jxp.yield %c : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// Typed (after jxp-infer-vma), a body argument varies along exactly the
// axes its in_spec splits along.
func.func @arg_vma_missing_axis(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'jxp.shard_map' op body argument #0 must vary along exactly the axes of its in_spec}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"], ["y"]]]} : (tensor<8x4xf32>) -> tensor<8x4xf32> {
  ^bb0(%x: tensor<2x2xf32, ["x"]>):
    jxp.yield %x : tensor<2x2xf32, ["x"]>
  }
  return %r : tensor<8x4xf32>
}

// -----

func.func @arg_vma_replicated(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op body argument #1 must vary along exactly the axes of its in_spec}}
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]]]} : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32, ["x"]>, %c: tensor<2xf32, ["x"]>):
    jxp.yield %x : tensor<2xf32, ["x"]>
  }
  return %r : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// shard_map: results and out_specs
//===----------------------------------------------------------------------===//

func.func @out_specs_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op needs one out_spec and one yielded value per result}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]], []]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @yield_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op needs one out_spec and one yielded value per result}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x, %x : tensor<2xf32>, tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @out_spec_not_manual(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op out_specs[0] names "q", which is not a manual axis}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["q"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @out_spec_too_long(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op out_specs[0] has 2 dimensions, more than the rank 1}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"], []]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @out_spec_axis_twice(%a: tensor<8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{'jxp.shard_map' op out_specs[0] names axis "x" twice}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"], ["x"]]]} : (tensor<8xf32>) -> tensor<16x8xf32> {
  ^bb0(%x: tensor<2xf32>):
    %b = jxp.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<4x2xf32>
    jxp.yield %b : tensor<4x2xf32>
  }
  return %r : tensor<16x8xf32>
}

// -----

// The shards put back together along the out_spec: 4 blocks of 2.
func.func @wrong_result(%a: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.shard_map' op result #0 must be 'tensor<8xf32>', the yielded shard 'tensor<2xf32>' put together}}
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// A result may not vary along a manual axis its out_spec does not split
// (the verifier's form of jxp-infer-vma's check, on typed bodies).
func.func @result_varies(%a: tensor<8x4xf32>) -> tensor<8x2xf32> {
  // expected-error @+1 {{'jxp.shard_map' op result #0 varies along manual axis 'y', which its out_spec does not split}}
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"]]]} : (tensor<8x4xf32>) -> tensor<8x2xf32> {
  ^bb0(%x: tensor<2x2xf32, ["x", "y"]>):
    jxp.yield %x : tensor<2x2xf32, ["x", "y"]>
  }
  return %r : tensor<8x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// pvary
//===----------------------------------------------------------------------===//

func.func @pvary_no_axes(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.pvary' op needs at least one axis name}}
  %v = jxp.pvary %x axes [] : tensor<3xf32> -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// -----

func.func @pvary_empty_axis(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.pvary' op axis names must not be empty}}
  %v = jxp.pvary %x axes [""] : tensor<3xf32> -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// -----

func.func @pvary_axis_twice(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.pvary' op names axis 'x' twice}}
  %v = jxp.pvary %x axes ["x", "x"] : tensor<3xf32> -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// -----

func.func @pvary_already_varying(%x: tensor<3xf32, ["x"]>) -> tensor<3xf32, ["x", "y"]> {
  // expected-error @+1 {{'jxp.pvary' op operand already varies along 'x'}}
  %v = jxp.pvary %x axes ["y", "x"] : tensor<3xf32, ["x"]> -> tensor<3xf32, ["x", "y"]>
  return %v : tensor<3xf32, ["x", "y"]>
}

// -----

// The result varies along the operand's axes and the cast's.
func.func @pvary_result_vma(%x: tensor<3xf32, ["x"]>) -> tensor<3xf32, ["y"]> {
  // expected-error @+1 {{'jxp.pvary' op result must vary along ["x", "y"]}}
  %v = jxp.pvary %x axes ["y"] : tensor<3xf32, ["x"]> -> tensor<3xf32, ["y"]>
  return %v : tensor<3xf32, ["y"]>
}

// -----

func.func @pvary_result_untyped(%x: tensor<3xf32, ["x"]>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.pvary' op result must vary along ["x", "y"]}}
  %v = jxp.pvary %x axes ["y"] : tensor<3xf32, ["x"]> -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// -----

func.func @pvary_shape(%x: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.pvary' op requires the same shape for all operands and results}}
  %v = jxp.pvary %x axes ["x"] : tensor<3xf32> -> tensor<4xf32>
  return %v : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// all_reduce: its VMA (its other checks are at the end of this file)
//===----------------------------------------------------------------------===//

// psum drops its axes from the operand's VMA.
func.func @psum_result_vma(%x: tensor<3xf32, ["x", "y"]>) -> tensor<3xf32, ["x", "y"]> {
  // expected-error @+1 {{'jxp.all_reduce' op result must vary along ["y"]}}
  %s = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<3xf32, ["x", "y"]> -> tensor<3xf32, ["x", "y"]>
  return %s : tensor<3xf32, ["x", "y"]>
}

// -----

func.func @psum_result_invariant(%x: tensor<3xf32, ["x", "y"]>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.all_reduce' op result must vary along ["y"]}}
  %s = jxp.all_reduce max %x axes ["x"] {invariant} : tensor<3xf32, ["x", "y"]> -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// psum_scatter
//===----------------------------------------------------------------------===//

func.func @psum_scatter_no_axes(%x: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op needs at least one axis name}}
  %s = jxp.psum_scatter %x axes [] dimension 0 : (tensor<8xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

func.func @psum_scatter_axis_twice(%x: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op names axis 'i' twice}}
  %s = jxp.psum_scatter %x axes ["i", "i"] dimension 0 : (tensor<8xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

func.func @psum_scatter_element(%x: tensor<8xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'jxp.psum_scatter' op result must have the operand's element type and rank}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8xf32>) -> tensor<2xf64>
  return %s : tensor<2xf64>
}

// -----

func.func @psum_scatter_rank(%x: tensor<8xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op result must have the operand's element type and rank}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8xf32>) -> tensor<2x1xf32>
  return %s : tensor<2x1xf32>
}

// -----

func.func @psum_scatter_dimension(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op dimension 1 is out of range for 'tensor<8xf32>'}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 1 : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

func.func @psum_scatter_negative_dimension(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op dimension -1 is out of range for 'tensor<8xf32>'}}
  %s = jxp.psum_scatter %x axes ["i"] dimension -1 : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// The scattered dimension must divide evenly (8 is no multiple of 3).
func.func @psum_scatter_not_divided(%x: tensor<8x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op result shape must be the operand's, dimension 0 divided by the number of members}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8x2xf32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// -----

func.func @psum_scatter_other_dimension(%x: tensor<8x2xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op result shape must be the operand's, dimension 0 divided by the number of members}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8x2xf32>) -> tensor<4x1xf32>
  return %s : tensor<4x1xf32>
}

// -----

// Each member keeps its own block: the result varies as the operand does.
func.func @psum_scatter_vma(%x: tensor<8xf32, ["i"]>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op result must vary along ["i"]}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8xf32, ["i"]>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// all_to_all
//===----------------------------------------------------------------------===//

func.func @all_to_all_no_axes(%x: tensor<4x2xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op needs at least one axis name}}
  %y = jxp.all_to_all %x axes [] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}

// -----

func.func @all_to_all_empty_axis(%x: tensor<4x2xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op axis names must not be empty}}
  %y = jxp.all_to_all %x axes ["i", ""] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}

// -----

func.func @all_to_all_element(%x: tensor<4x2xf32>) -> tensor<1x8xi32> {
  // expected-error @+1 {{'jxp.all_to_all' op result must have the operand's element type and rank}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xi32>
  return %y : tensor<1x8xi32>
}

// -----

func.func @all_to_all_rank(%x: tensor<4x2xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op result must have the operand's element type and rank}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

func.func @all_to_all_split_range(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op split and concat axes must be in [0, 2)}}
  %y = jxp.all_to_all %x axes ["i"] split 2 concat 1 : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

func.func @all_to_all_concat_range(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op split and concat axes must be in [0, 2)}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat -1 : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

// Splitting dimension 0 (size 2) into 4 blocks is impossible.
func.func @all_to_all_shape(%x: tensor<2x2xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op result shape must be the operand's with dimension 0 divided and dimension 1 multiplied by the number of members}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<2x2xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}

// -----

func.func @all_to_all_other_dimension(%x: tensor<4x2x3xf32>) -> tensor<1x8x2xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op result shape must be the operand's with dimension 0 divided and dimension 1 multiplied by the number of members}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<4x2x3xf32>) -> tensor<1x8x2xf32>
  return %y : tensor<1x8x2xf32>
}

// -----

// Split and concatenated along the same dimension, the shape stays.
func.func @all_to_all_same_axis(%x: tensor<4x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op result shape must be the operand's with dimension 1 divided and dimension 1 multiplied by the number of members}}
  %y = jxp.all_to_all %x axes ["i"] split 1 concat 1 : (tensor<4x2xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @all_to_all_vma(%x: tensor<4x2xf32, ["i", "j"]>) -> tensor<1x8xf32, ["j"]> {
  // expected-error @+1 {{'jxp.all_to_all' op result must vary along ["i", "j"]}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<4x2xf32, ["i", "j"]>) -> tensor<1x8xf32, ["j"]>
  return %y : tensor<1x8xf32, ["j"]>
}

// -----

//===----------------------------------------------------------------------===//
// all_gather: its VMA
//===----------------------------------------------------------------------===//

func.func @all_gather_vma(%x: tensor<3xf32, ["i"]>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'jxp.all_gather' op result must vary along ["i"]}}
  %g = jxp.all_gather %x axes ["i"] axis 0 : (tensor<3xf32, ["i"]>) -> tensor<4x3xf32>
  return %g : tensor<4x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// VMA encodings: a list of distinct, non-empty axis names
//===----------------------------------------------------------------------===//

func.func @encoding_not_list(%x: tensor<3xf32, "x">) -> tensor<3xf32, "x"> {
  // expected-error @+1 {{'jxp.neg' op operand #0 has encoding "x", which is no list of varying manual axes (distinct, non-empty names)}}
  %n = jxp.neg %x : tensor<3xf32, "x">
  return %n : tensor<3xf32, "x">
}

// -----

func.func @encoding_empty_list(%x: tensor<3xf32, []>) -> tensor<3xf32, []> {
  // expected-error @+1 {{'jxp.neg' op operand #0 has encoding [], which is no list of varying manual axes (distinct, non-empty names)}}
  %n = jxp.neg %x : tensor<3xf32, []>
  return %n : tensor<3xf32, []>
}

// -----

func.func @encoding_twice(%x: tensor<3xf32, ["x", "x"]>) -> tensor<3xf32, ["x", "x"]> {
  // expected-error @+1 {{'jxp.neg' op operand #0 has encoding ["x", "x"], which is no list of varying manual axes (distinct, non-empty names)}}
  %n = jxp.neg %x : tensor<3xf32, ["x", "x"]>
  return %n : tensor<3xf32, ["x", "x"]>
}

// -----

func.func @encoding_empty_name(%x: tensor<3xf32, ["x", ""]>) -> tensor<3xf32, ["x", ""]> {
  // expected-error @+1 {{'jxp.neg' op operand #0 has encoding ["x", ""], which is no list of varying manual axes (distinct, non-empty names)}}
  %n = jxp.neg %x : tensor<3xf32, ["x", ""]>
  return %n : tensor<3xf32, ["x", ""]>
}

// -----

func.func @encoding_not_string(%x: tensor<3xf32, [1]>) -> tensor<3xf32, [1]> {
  // expected-error @+1 {{'jxp.neg' op operand #0 has encoding [1], which is no list of varying manual axes (distinct, non-empty names)}}
  %n = jxp.neg %x : tensor<3xf32, [1]>
  return %n : tensor<3xf32, [1]>
}

// -----

// On a result too (here of a collective).
func.func @encoding_result(%x: tensor<3xf32>) -> tensor<3xf32, ["i", "i"]> {
  // expected-error @+1 {{'jxp.pvary' op result #0 has encoding ["i", "i"], which is no list of varying manual axes (distinct, non-empty names)}}
  %v = jxp.pvary %x axes ["i"] : tensor<3xf32> -> tensor<3xf32, ["i", "i"]>
  return %v : tensor<3xf32, ["i", "i"]>
}

// -----

// Ops other than the collectives take and give values of one VMA.
func.func @mixed_vma(%x: tensor<3xf32, ["x"]>, %y: tensor<3xf32>) -> tensor<3xf32, ["x"]> {
  // expected-error @+1 {{'jxp.add' op requires the same encoding for all operands and results}}
  %s = "jxp.add"(%x, %y) : (tensor<3xf32, ["x"]>, tensor<3xf32>) -> tensor<3xf32, ["x"]>
  return %s : tensor<3xf32, ["x"]>
}

// -----

// A tiled all_gather holds at least one member's piece (found by fuzzing).
func.func @all_gather_tiled_empty(%x: tensor<3xf32>) -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.all_gather' op tiled result dimension 0 must be a positive multiple of 3, got 0}}
  %g = jxp.all_gather %x axes ["i"] axis 0 tiled : (tensor<3xf32>) -> tensor<0xf32>
  return %g : tensor<0xf32>
}

// -----

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

// -----

func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @below {{perm has source 0 twice}}
  %p = jxp.ppermute %x axes ["i"] perm [0, 1, 0, 2] : tensor<3xf32>
  return %p : tensor<3xf32>
}

// -----

func.func @main(%x: tensor<3xf32>) -> tensor<4x2xf32> {
  // expected-error @below {{result dimension 1 must be 3, got 2}}
  %g = jxp.all_gather %x axes ["i"] axis 0 : (tensor<3xf32>) -> tensor<4x2xf32>
  return %g : tensor<4x2xf32>
}

// -----

func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @below {{names axis 'i' twice}}
  %s = jxp.all_reduce sum %x axes ["i", "i"] : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}
