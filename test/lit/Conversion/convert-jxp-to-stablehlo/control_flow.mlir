// Lowering of the region ops jxp.cond, jxp.while, jxp.scan, jxp.remat and
// jxp.linear_loop (after the autodiff driver, for the JVP of a remat).
// RUN: jxp-opt %s --split-input-file --jxp-ad --convert-jxp-to-stablehlo | FileCheck %s

// CHECK-LABEL: func @cond_two
// CHECK: %[[C:.*]]:2 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT: "stablehlo.return"(%arg1, %arg2)
// CHECK-NEXT: }, {
// CHECK-NEXT: "stablehlo.sine"(%arg1)
// CHECK-NEXT: "stablehlo.cosine"(%arg2)
// CHECK: return %[[C]]#0, %[[C]]#1
func.func @cond_two(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
  %r:2 = jxp.cond %i (%a, %b) : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
  ^bb0(%x: tensor<f32>, %y: tensor<3xf32>):
    jxp.yield %x, %y : tensor<f32>, tensor<3xf32>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<3xf32>):
    %n = jxp.sin %x : tensor<f32>
    %m = jxp.cos %y : tensor<3xf32>
    jxp.yield %n, %m : tensor<f32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func @while_count
// CHECK: "stablehlo.while"(%arg0, %arg1) ({
// CHECK: "stablehlo.compare"
// CHECK: "stablehlo.return"
// CHECK: }, {
// CHECK: "stablehlo.multiply"
// CHECK: "stablehlo.return"
func.func @while_count(%a: tensor<f32>, %n: tensor<i32>) -> tensor<f32> {
  %r:2 = jxp.while (%a, %n) : tensor<f32>, tensor<i32> cond {
  ^bb0(%x: tensor<f32>, %k: tensor<i32>):
    %z = jxp.constant dense<0> : tensor<i32>
    %p = jxp.compare GT, %k, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<f32>, %k: tensor<i32>):
    %y = jxp.mul %x, %x : tensor<f32>
    %one = jxp.constant dense<1> : tensor<i32>
    %k1 = jxp.sub %k, %one : tensor<i32>
    jxp.yield %y, %k1 : tensor<f32>, tensor<i32>
  }
  return %r#0 : tensor<f32>
}

// -----

// The loop counts i up to 4 (two steps an iteration); the fifth step follows
// it. Reversed, step i reads and writes slice 4 - i.
// CHECK-LABEL: func @scan_cumsum
// CHECK: "stablehlo.while"
// CHECK: dense<4> : tensor<i64>
// CHECK: "stablehlo.compare"
// CHECK: }, {
// CHECK: %[[IDX:.*]] = "stablehlo.subtract"
// CHECK: "stablehlo.dynamic_slice"(%{{.*}}, %[[IDX]]) {slice_sizes = array<i64: 1>}
// CHECK: "stablehlo.dynamic_update_slice"(%{{.*}}, %{{.*}}, %[[IDX]])
// CHECK: "stablehlo.subtract"
// CHECK: "stablehlo.dynamic_slice"
// CHECK: "stablehlo.dynamic_update_slice"
// CHECK: "stablehlo.return"
// CHECK: })
// CHECK: "stablehlo.dynamic_slice"
// CHECK: "stablehlo.dynamic_update_slice"
// CHECK: return
func.func @scan_cumsum(%w: tensor<f32>, %a: tensor<f32>, %xs: tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>) {
  %r:2 = jxp.scan length 5 reverse unroll 2 consts(%w) carry(%a) xs(%xs) : (tensor<f32>, tensor<f32>, tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>) {
  ^bb0(%c: tensor<f32>, %acc: tensor<f32>, %x: tensor<f32>):
    %m = jxp.mul %c, %x : tensor<f32>
    %s = jxp.add %acc, %m : tensor<f32>
    jxp.yield %s, %s : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<5xf32>
}

// -----

// remat (jax.checkpoint): its policy and flags round-trip; forward mode
// differentiates the body into a remat of the same policy; the lowering
// runs the body inline (no barrier: not a backward-pass recomputation).
// CHECK-LABEL: func @remat_sin
// CHECK-NEXT: %[[S:.*]] = "stablehlo.sine"(%arg0)
// CHECK-NEXT: return %[[S]]
func.func @remat_sin(%a: tensor<3xf32>) -> tensor<3xf32> {
  %r = jxp.remat "dots_saveable" (%a) : (tensor<3xf32>) -> (tensor<3xf32>) {
  ^bb0(%x: tensor<3xf32>):
    %s = jxp.sin %x : tensor<3xf32>
    jxp.yield %s : tensor<3xf32>
  } {prevent_cse}
  return %r : tensor<3xf32>
}
func.func @remat_sin_main(%a: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.jvp @remat_sin(%a, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A backward-pass recomputation reads its operands through an
// optimization barrier (prevent_cse), so that XLA cannot reuse the
// forward pass's values.
// CHECK-LABEL: func @remat_recompute
// CHECK-NEXT: %[[B:.*]] = "stablehlo.optimization_barrier"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[S:.*]] = "stablehlo.sine"(%[[B]])
// CHECK-NEXT: return %[[S]]
func.func @remat_recompute(%a: tensor<3xf32>) -> tensor<3xf32> {
  %r = jxp.remat "nothing_saveable" (%a) : (tensor<3xf32>) -> (tensor<3xf32>) {
  ^bb0(%x: tensor<3xf32>):
    %s = jxp.sin %x : tensor<3xf32>
    jxp.yield %s : tensor<3xf32>
  } {prevent_cse, recompute}
  return %r : tensor<3xf32>
}

// -----

// linear_loop round-trips in both directions. Lowered: not transposed,
// one loop from snapshot slot 0; transposed, a loop over the segments
// (from the last) holding a loop that refills the second buffer from the
// segment's snapshot and a loop over the segment's steps (from the last),
// each recomputing its primal carry from that buffer.
// CHECK-LABEL: func @linear_loops
// CHECK: "stablehlo.dynamic_slice"(%arg2
// CHECK: "stablehlo.while"
// CHECK: "stablehlo.sine"
// CHECK: "stablehlo.cosine"
// CHECK: %[[SEG:.*]]:3 = "stablehlo.while"
// CHECK: "stablehlo.while"
// CHECK: "stablehlo.dynamic_update_slice"
// CHECK: "stablehlo.while"
// CHECK: "stablehlo.while"
// CHECK: "stablehlo.sine"
// CHECK: "stablehlo.cosine"
func.func @linear_loops(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5x2xf32>, %t: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = jxp.linear_loop %n, %s snapshots(%buf) carry(%t) : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
  ^bb0(%p: tensor<2xf32>):
    %q = jxp.sin %p : tensor<2xf32>
    jxp.yield %q : tensor<2xf32>
  } linear {
  ^bb0(%p: tensor<2xf32>, %u: tensor<2xf32>):
    %c = jxp.cos %p : tensor<2xf32>
    %v = jxp.mul %u, %c : tensor<2xf32>
    jxp.yield %v : tensor<2xf32>
  }
  %1 = jxp.linear_loop %n, %s snapshots(%buf) carry(%t) transposed : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
  ^bb0(%p: tensor<2xf32>):
    %q = jxp.sin %p : tensor<2xf32>
    jxp.yield %q : tensor<2xf32>
  } linear {
  ^bb0(%p: tensor<2xf32>, %u: tensor<2xf32>):
    %c = jxp.cos %p : tensor<2xf32>
    %v = jxp.mul %u, %c : tensor<2xf32>
    jxp.yield %v : tensor<2xf32>
  }
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
