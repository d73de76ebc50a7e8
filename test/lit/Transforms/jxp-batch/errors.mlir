// Errors of the jxp-batch pass, and batching that is valid but cannot be
// lowered alone (a collective over an axis only a shard_map could bind).
// The verifiers of the vmap op and of the collectives are in
// Dialect/invalid_ad.mlir and Dialect/invalid_collectives.mlir.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-batch | FileCheck %s

// Over another axis the collective stays, applied to the batch.
// CHECK-LABEL: func.func private @other_axis_batched(%arg0: tensor<3x4xf32>)
// CHECK-NEXT:    jxp.all_reduce sum %arg0 axes ["j"] : tensor<3x4xf32> -> tensor<3x4xf32>
func.func private @other_axis(%x: tensor<3xf32>) -> tensor<3xf32> {
  %o = jxp.all_reduce sum %x axes ["j"] : tensor<3xf32> -> tensor<3xf32>
  return %o : tensor<3xf32>
}
func.func @other_axis_main(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = jxp.vmap @other_axis(%x) in_axes [1] out_axes [1] size 4 {axis_name = "i"} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// out_axes says -1 (None) for a result that depends on the mapped input:
// JAX's ValueError.
func.func private @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sin %x : tensor<3xf32>
  // expected-error @below {{at vmap out_axes, got axis spec None but output was batched on axis 0}}
  return %y : tensor<3xf32>
}
func.func @main(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  %r = jxp.vmap @f(%x) in_axes [0] out_axes [-1] size 4 : (tensor<4x3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// jxp-batch alone does not materialize other transforms first.
func.func private @g(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sin %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func private @f(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // expected-error @below {{cannot be batched before it is materialized}}
  %y, %t = jxp.jvp @g(%x, %x) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %y, %t : tensor<3xf32>, tensor<3xf32>
}
func.func @main(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r:2 = jxp.vmap @f(%x) in_axes [0] out_axes [0, 0] size 4 : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// A collective over the vmap's axis with another axis: batching supports
// the vmap's axis alone.
func.func private @f(%x: tensor<3xf32>) -> tensor<12x3xf32> {
  // expected-error @below {{gathers over the vmap axis 'i' together with other axes}}
  %g = jxp.all_gather %x axes ["i", "j"] axis 0 : (tensor<3xf32>) -> tensor<12x3xf32>
  return %g : tensor<12x3xf32>
}
func.func @main(%x: tensor<4x3xf32>) -> tensor<12x3xf32> {
  %r = jxp.vmap @f(%x) in_axes [0] out_axes [-1] size 4 {axis_name = "i"} : (tensor<4x3xf32>) -> tensor<12x3xf32>
  return %r : tensor<12x3xf32>
}

// -----

// rng_uniform has no batching rule in JAX either; unmapped bounds (the usual
// case) are not batched at all.
func.func private @uniform(%lo: tensor<f32>) -> tensor<2xf32> {
  // expected-error @below {{Batching rule for 'rng_uniform' not implemented}}
  %u = jxp.rng_uniform %lo, %lo : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return %u : tensor<2xf32>
}
func.func @main(%lo: tensor<3xf32>) -> tensor<3x2xf32> {
  %r = jxp.vmap @uniform(%lo) in_axes [0] out_axes [0] size 3 : (tensor<3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// A tiled all_gather over the vmap axis whose result does not hold every
// member's piece: a diagnostic, not an invalid reshape (found by fuzzing).
func.func private @gather(%x: tensor<3xf32>) -> tensor<6xf32> {
  // expected-error @below {{tiled result dimension 0 must be 12 for an axis of size 4, got 6}}
  %g = jxp.all_gather %x axes ["i"] axis 0 tiled : (tensor<3xf32>) -> tensor<6xf32>
  return %g : tensor<6xf32>
}
func.func @main(%x: tensor<3x4xf32>) -> tensor<6xf32> {
  %r = jxp.vmap @gather(%x) in_axes [1] out_axes [-1] size 4 {axis_name = "i"} : (tensor<3x4xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}
