// Lowering errors of shard_map and the collectives: a collective outside
// every shard_map names axes nothing binds (a vmap's collectives are gone
// once jxp-batch ran), a ppermute index past its axes' size, and two
// shard_maps of one program on different devices.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-infer-vma --convert-jxp-to-stablehlo

func.func @psum_outside(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.all_reduce' op names axes ["i"] that no enclosing vmap or shard_map binds}}
  %s = jxp.all_reduce sum %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

func.func @axis_index_outside() -> tensor<i32> {
  // expected-error @+1 {{'jxp.axis_index' op names axes ["i", "j"] that no enclosing vmap or shard_map binds}}
  %i = jxp.axis_index axes ["i", "j"] : tensor<i32>
  return %i : tensor<i32>
}

// -----

func.func @all_gather_outside(%x: tensor<3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'jxp.all_gather' op names axes ["i"] that no enclosing vmap or shard_map binds}}
  %g = jxp.all_gather %x axes ["i"] axis 0 : (tensor<3xf32>) -> tensor<4x3xf32>
  return %g : tensor<4x3xf32>
}

// -----

func.func @ppermute_outside(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.ppermute' op names axes ["i"] that no enclosing vmap or shard_map binds}}
  %p = jxp.ppermute %x axes ["i"] perm [0, 1] : tensor<3xf32>
  return %p : tensor<3xf32>
}

// -----

func.func @psum_scatter_outside(%x: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.psum_scatter' op names axes ["i"] that no enclosing vmap or shard_map binds}}
  %s = jxp.psum_scatter %x axes ["i"] dimension 0 : (tensor<8xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

func.func @all_to_all_outside(%x: tensor<4x2xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'jxp.all_to_all' op names axes ["i"] that no enclosing vmap or shard_map binds}}
  %y = jxp.all_to_all %x axes ["i"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}

// -----

// Outside every shard_map a pvary has nothing to cast along, and lowers to
// nothing as inside one: no error.
func.func @pvary_outside(%x: tensor<3xf32>) -> tensor<3xf32> {
  %v = jxp.pvary %x axes ["i"] : tensor<3xf32> -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// -----

func.func @ppermute_index(%a: tensor<8xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    // expected-error @+1 {{'jxp.ppermute' op permutes index 4 of an axis of size 4}}
    %p = jxp.ppermute %x axes ["x"] perm [0, 1, 4, 0] : tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

func.func @other_devices(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  // expected-error @+1 {{'jxp.shard_map' op runs on other devices than another shard_map of the program: one program runs on one set of devices}}
  %q = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 4, 5, 6, 7>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[["x"]]]} : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }
  return %r, %q : tensor<8xf32>, tensor<8xf32>
}
