// The rules of RngBitGeneratorOp and RngUniformOp (lib/Dialect/JxpVerifiers.cpp).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

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
