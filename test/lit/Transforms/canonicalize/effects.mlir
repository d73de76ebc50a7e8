// Memory effects: a callback with side effects is never dropped or merged,
// a pure one is like any pure op; rng_uniform writes XLA's state, so
// canonicalization neither merges two of them nor drops an unused one.
// RUN: jxp-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @callback_effects
// CHECK-NEXT: jxp.host_callback(%arg0) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// CHECK-NEXT: jxp.host_callback(%arg0) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
// CHECK-NEXT: %[[A:.*]] = jxp.host_callback(%arg0) {callback_id = 7 : i64} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[A]], %[[A]]
// CHECK-NEXT: return %[[S]]
func.func @callback_effects(%x: tensor<2xf32>) -> tensor<2xf32> {
  jxp.host_callback(%x) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  jxp.host_callback(%x) {callback_id = 6 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  %a = jxp.host_callback(%x) {callback_id = 7 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %b = jxp.host_callback(%x) {callback_id = 7 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %unused = jxp.host_callback(%x) {callback_id = 8 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %s = jxp.add %a, %b : tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @uniform(
// CHECK-COUNT-3: jxp.rng_uniform
func.func @uniform(%lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %b = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %unused = jxp.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}
