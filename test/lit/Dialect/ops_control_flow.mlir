// Round trip of the region ops jxp.cond, jxp.while, jxp.scan, jxp.remat and
// jxp.linear_loop, in the custom and the generic form. Their
// canonicalization, forward mode and lowering are in
// Transforms/canonicalize, Transforms/jxp-jvp and
// Conversion/convert-jxp-to-stablehlo (control_flow.mlir each).
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func @cond_two
// CHECK: %[[R:.*]]:2 = jxp.cond %{{.*}} (%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
// CHECK: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<3xf32>):
// CHECK-NEXT: jxp.yield %[[X]], %[[Y]] : tensor<f32>, tensor<3xf32>
// CHECK: }, {
// CHECK: jxp.sin
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
// CHECK: jxp.while (%{{.*}}, %{{.*}}) : tensor<f32>, tensor<i32> cond {
// CHECK: jxp.yield %{{.*}} : tensor<i1>
// CHECK: } do {
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

// CHECK-LABEL: func @scan_cumsum
// CHECK: jxp.scan length 5 reverse unroll 2 consts(%{{.*}}) carry(%{{.*}}) xs(%{{.*}}) : (tensor<f32>, tensor<f32>, tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>) {
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// The loop counts i up to 4 (two steps an iteration); the fifth step follows
// it. Reversed, step i reads and writes slice 4 - i.
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
// CHECK: %[[R:.*]] = jxp.remat "dots_saveable" (%arg0) : (tensor<3xf32>) -> (tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[S:.*]] = jxp.sin %[[X]]
// CHECK-NEXT: jxp.yield %[[S]]
// CHECK-NEXT: } {prevent_cse}
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

// linear_loop round-trips in both directions. Lowered: not transposed,
// one loop from snapshot slot 0; transposed, a loop over the segments
// (from the last) holding a loop that refills the second buffer from the
// segment's snapshot and a loop over the segment's steps (from the last),
// each recomputing its primal carry from that buffer.
// CHECK-LABEL: func @linear_loops
// CHECK: jxp.linear_loop %arg0, %arg1 snapshots(%arg2) carry(%arg3) : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
// CHECK: } linear {
// CHECK: jxp.linear_loop %arg0, %arg1 snapshots(%arg2) carry(%arg3) transposed : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
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
