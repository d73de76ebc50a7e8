// The rules of Threefry2x32Op, RngBitGeneratorOp and RngUniformOp
// (lib/Dialect/RandomOps.cpp), one rejected op per case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

func.func @threefry2x32_key_shape(%k: tensor<3xui32>, %x: tensor<8xui32>) -> tensor<8xui32> {
  // expected-error @+1 {{'jxp.threefry2x32' op keys must be scalars or have the counters' shape [8]}}
  %y0, %y1 = jxp.threefry2x32 %k, %k, %x, %x : tensor<3xui32>, tensor<8xui32>
  return %y0 : tensor<8xui32>
}

// -----

func.func @threefry2x32_signed(%k: tensor<i32>, %x: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{'jxp.threefry2x32' op operand #0 must be ranked tensor of 32-bit unsigned integer values}}
  %y0, %y1 = jxp.threefry2x32 %k, %k, %x, %x : tensor<i32>, tensor<8xi32>
  return %y0 : tensor<8xi32>
}

// -----

func.func @short_state(%k: tensor<2xui32>) {
  // expected-error @+1 {{state must be tensor<4xui32> or tensor<2xui64>, got 'tensor<2xui32>'}}
  %n, %b = jxp.rng_bit_generator %k {algorithm = 0 : i32} : (tensor<2xui32>) -> (tensor<2xui32>, tensor<3xui32>)
  return
}

// -----

func.func @signed_bits(%k: tensor<4xui32>) {
  // expected-error @+1 {{result #1 must be ranked tensor of}}
  %n, %b = jxp.rng_bit_generator %k {algorithm = 0 : i32} : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3xi32>)
  return
}

// -----

func.func @bad_algorithm(%k: tensor<4xui32>) {
  // expected-error @+1 {{attribute 'algorithm' failed to satisfy constraint}}
  %n, %b = jxp.rng_bit_generator %k {algorithm = 3 : i32} : (tensor<4xui32>) -> (tensor<4xui32>, tensor<3xui32>)
  return
}

// -----

func.func @array_bounds(%lo: tensor<2xf32>) {
  // expected-error @+1 {{low and high must be scalars, got 'tensor<2xf32>'}}
  %u = jxp.rng_uniform %lo, %lo : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @result_type(%lo: tensor<f32>) {
  // expected-error @+1 {{result element type 'f64' differs from the bounds' 'f32'}}
  %u = jxp.rng_uniform %lo, %lo : (tensor<f32>, tensor<f32>) -> tensor<2xf64>
  return
}
