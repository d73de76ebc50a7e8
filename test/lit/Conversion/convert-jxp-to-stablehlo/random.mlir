// Lowering of the random-bit ops: the Threefry-2x32 cipher as a loop of
// StableHLO ops; XLA's random-bit ops (lib/Conversion/LowerRandom.cpp):
// rng_bit_generator views a 4 x ui32 state as XLA's 2 x ui64 and back;
// rng_uniform passes its shape as a constant.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=THREEFRY

// Threefry-2x32: keys broadcast, the third key word is k0 ^ k1 ^ 0x1BD11BDA
// (466688986); a rolled loop over the five groups of four rounds, carrying
// the counter, the words, the key schedule and both sets of rotations (13
// first, 24 last); each iteration injects a key and swaps the rotation sets.
// CHECK-LABEL: func.func @threefry2x32
// CHECK: "stablehlo.constant"() {value = dense<466688986> : tensor<ui32>}
// CHECK: "stablehlo.constant"() {value = dense<13> : tensor<ui32>}
// CHECK: %[[L:.*]]:14 = "stablehlo.while"
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {{.*}}comparison_direction LT
// CHECK: }, {
// CHECK-COUNT-4: "stablehlo.shift_left"
// CHECK-NOT: "stablehlo.shift_left"
// CHECK: "stablehlo.return"(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[B:[^,]*]], %[[C:[^,]*]], %[[A:[^,]*]], %[[R4:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[R0:[^,]*]],
// CHECK: return %[[L]]#1, %[[L]]#2
// CHECK-NOT: jxp.threefry2x32
// THREEFRY-LABEL: func.func @threefry2x32
// THREEFRY-DAG: "stablehlo.constant"() {value = dense<24> : tensor<ui32>}
// THREEFRY-DAG: "stablehlo.constant"() {value = dense<5> : tensor<ui32>}
func.func @threefry2x32(%k0: tensor<ui32>, %k1: tensor<ui32>, %x0: tensor<8xui32>, %x1: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>) {
  %y0, %y1 = jxp.threefry2x32 %k0, %k1, %x0, %x1 : tensor<ui32>, tensor<8xui32>
  return %y0, %y1 : tensor<8xui32>, tensor<8xui32>
}

// -----

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
func.func @uniform(%lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %b = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %unused = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}
