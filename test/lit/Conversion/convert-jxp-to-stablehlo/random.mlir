// XLA's random-bit ops (lib/Conversion/LowerRandom.cpp): rng_bit_generator
// views a 4 x ui32 state as XLA's 2 x ui64 and back; rng_uniform passes its
// shape as a constant; rng_uniform writes XLA's state, so canonicalization
// neither merges two of them nor drops an unused one.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file | FileCheck %s
// RUN: jxp-opt %s --canonicalize --cse --split-input-file | FileCheck %s --check-prefix=CSE

// CHECK-LABEL: func.func @bits32(
// CHECK:         %[[P:.*]] = "stablehlo.reshape"(%arg0) : (tensor<4xui32>) -> tensor<2x2xui32>
// CHECK-NEXT:    %[[K:.*]] = "stablehlo.bitcast_convert"(%[[P]]) : (tensor<2x2xui32>) -> tensor<2xui64>
// CHECK-NEXT:    %[[N:.*]]:2 = "stablehlo.rng_bit_generator"(%[[K]]) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui8>)
// CHECK-NEXT:    %[[Q:.*]] = "stablehlo.bitcast_convert"(%[[N]]#0) : (tensor<2xui64>) -> tensor<2x2xui32>
// CHECK-NEXT:    %[[S:.*]] = "stablehlo.reshape"(%[[Q]]) : (tensor<2x2xui32>) -> tensor<4xui32>
// CHECK-NEXT:    return %[[S]], %[[N]]#1
func.func @bits32(%k: tensor<4xui32>) -> (tensor<4xui32>, tensor<2x3xui8>) {
  %n, %b = jxp.rng_bit_generator %k {algorithm = 1 : i32} : (tensor<4xui32>) -> (tensor<4xui32>, tensor<2x3xui8>)
  return %n, %b : tensor<4xui32>, tensor<2x3xui8>
}

// -----

// CHECK-LABEL: func.func @bits64(
// CHECK-NEXT:    %[[N:.*]]:2 = "stablehlo.rng_bit_generator"(%arg0) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
// CHECK-NEXT:    return %[[N]]#0, %[[N]]#1
func.func @bits64(%k: tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>) {
  %n, %b = jxp.rng_bit_generator %k {algorithm = 2 : i32} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
  return %n, %b : tensor<2xui64>, tensor<5xui64>
}

// -----

// CHECK-LABEL: func.func @uniform(
// CHECK-NEXT:    %[[S:.*]] = "stablehlo.constant"() {value = dense<[2, 3]> : tensor<2xi64>}
// CHECK-NEXT:    "stablehlo.rng"(%arg0, %arg1, %[[S]]) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
// CSE-LABEL: func.func @uniform(
// CSE-COUNT-3: jxp.rng_uniform
func.func @uniform(%lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %b = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %unused = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}
