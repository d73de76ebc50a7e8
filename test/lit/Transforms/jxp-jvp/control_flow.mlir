// Forward mode through the region ops jxp.cond, jxp.while, jxp.scan,
// jxp.remat and jxp.linear_loop.
// RUN: jxp-opt %s --split-input-file --jxp-jvp | FileCheck %s
// The derived functions lower to StableHLO (as checked in
// Conversion/convert-jxp-to-stablehlo/control_flow.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-ad --convert-jxp-to-stablehlo -o /dev/null

// JVP of cond: every branch yields the tangent of result 0 (nonzero in
// branch 1 only); result 1's tangent is zero in every branch and stays
// symbolic (no tangent result).
// CHECK-LABEL: func private @f_jvp
// CHECK: jxp.cond %arg0 (%arg1, %arg2, %arg3) : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>, tensor<3xf32>, tensor<f32>) {
// CHECK: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<3xf32>, %[[T:.*]]: tensor<f32>):
// CHECK-NEXT: %[[C2:.*]] = jxp.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: jxp.yield %[[C2]], %[[Y]], %[[Z]]
// CHECK: }, {
// CHECK: %[[C:.*]] = jxp.cos
// CHECK: %[[D:.*]] = jxp.mul %{{.*}}, %[[C]]
// CHECK: jxp.yield %{{.*}}, %{{.*}}, %[[D]]
func.func private @f(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
  %r:2 = jxp.cond %i (%a, %b) : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
  ^bb0(%x: tensor<f32>, %y: tensor<3xf32>):
    %c = jxp.constant dense<2.0> : tensor<f32>
    jxp.yield %c, %y : tensor<f32>, tensor<3xf32>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<3xf32>):
    %n = jxp.sin %x : tensor<f32>
    jxp.yield %n, %y : tensor<f32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<3xf32>
}
func.func @cond_jvp(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<3xf32>, %t: tensor<f32>) -> (tensor<f32>, tensor<3xf32>) {
  %r:4 = jxp.jvp @f(%i, %a, %b, %t) wrt [1] : (tensor<i32>, tensor<f32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>, tensor<3xf32>, tensor<f32>, tensor<3xf32>)
  return %r#2, %r#3 : tensor<f32>, tensor<3xf32>
}

// -----

// JVP of while: b has no tangent on entry but gets one from a after a
// step (the carry fixed point), so both are tangent carries; the cond
// region takes the whole carry and reads the primal one only.
// CHECK-LABEL: func private @g_jvp
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK: jxp.while (%arg0, %arg1, %arg2, %arg3, %[[Z]]) : tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>, tensor<f32> cond {
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %[[K:.*]]: tensor<i32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// CHECK: jxp.compare LT, %[[K]]
// CHECK: } do {
// CHECK: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %[[TX:.*]]: tensor<f32>, %[[TY:.*]]: tensor<f32>):
// CHECK: jxp.cos %[[Y]]
// CHECK: jxp.yield
func.func private @g(%a: tensor<f32>, %b: tensor<f32>, %n: tensor<i32>) -> (tensor<f32>, tensor<f32>) {
  %r:3 = jxp.while (%a, %b, %n) : tensor<f32>, tensor<f32>, tensor<i32> cond {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %k: tensor<i32>):
    %c = jxp.constant dense<3> : tensor<i32>
    %p = jxp.compare LT, %k, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %k: tensor<i32>):
    %s = jxp.sin %y : tensor<f32>
    %m = jxp.mul %x, %x : tensor<f32>
    %one = jxp.constant dense<1> : tensor<i32>
    %k1 = jxp.add %k, %one : tensor<i32>
    jxp.yield %s, %m, %k1 : tensor<f32>, tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}
func.func @while_jvp(%a: tensor<f32>, %b: tensor<f32>, %n: tensor<i32>, %t: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %r:4 = jxp.jvp @g(%a, %b, %n, %t) wrt [0] : (tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>)
  return %r#2, %r#3 : tensor<f32>, tensor<f32>
}

// -----

// CHECK-LABEL: func private @h_jvp
// The JVP scan groups operands: consts, carry and xs each followed by
// their tangents (the const %w has one, so %acc and the ys get one).
// CHECK: jxp.scan length 3 consts(%arg3, %arg4) carry(%arg0, %arg1, %{{.*}}) xs(%arg2) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>, tensor<3xf32>)
func.func private @h(%a: tensor<f32>, %z: tensor<f32>, %xs: tensor<3xf32>, %w: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<3xf32>) {
  %r:3 = jxp.scan length 3 consts(%w) carry(%a, %z) xs(%xs) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<f32>, tensor<3xf32>) {
  ^bb0(%c: tensor<f32>, %acc: tensor<f32>, %zz: tensor<f32>, %x: tensor<f32>):
    %s = jxp.add %acc, %x : tensor<f32>
    %q = jxp.mul %zz, %c : tensor<f32>
    %y = jxp.mul %s, %c : tensor<f32>
    jxp.yield %s, %q, %y : tensor<f32>, tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<f32>, tensor<3xf32>
}
func.func @scan_dead_carry(%a: tensor<f32>, %z: tensor<f32>, %xs: tensor<3xf32>, %w: tensor<f32>) -> tensor<f32> {
  %r:3 = jxp.scan length 3 consts(%w) carry(%a, %z) xs(%xs) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<f32>, tensor<3xf32>) {
  ^bb0(%c: tensor<f32>, %acc: tensor<f32>, %zz: tensor<f32>, %x: tensor<f32>):
    %s = jxp.add %acc, %x : tensor<f32>
    %q = jxp.mul %zz, %c : tensor<f32>
    %y = jxp.mul %s, %c : tensor<f32>
    jxp.yield %s, %q, %y : tensor<f32>, tensor<f32>, tensor<f32>
  }
  return %r#0 : tensor<f32>
}
func.func @scan_jvp(%a: tensor<f32>, %z: tensor<f32>, %xs: tensor<3xf32>, %w: tensor<f32>, %t: tensor<f32>) -> tensor<3xf32> {
  %r:6 = jxp.jvp @h(%a, %z, %xs, %w, %t) wrt [3] : (tensor<f32>, tensor<f32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<3xf32>, tensor<f32>, tensor<f32>, tensor<3xf32>)
  return %r#5 : tensor<3xf32>
}

// -----

// remat (jax.checkpoint): its policy and flags round-trip; forward mode
// differentiates the body into a remat of the same policy; the lowering
// runs the body inline (no barrier: not a backward-pass recomputation).
// CHECK-LABEL: func.func private @remat_sin_jvp
// CHECK: jxp.remat "dots_saveable" (%arg0, %arg1) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
// CHECK: jxp.cos
// CHECK: jxp.mul
// CHECK: } {prevent_cse}
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

// Forward mode through a linear_loop: the same loop over the primal carry
// and its tangent (snapshots of both, the step's JVP) and the linear carry
// and its tangent (the linear step's JVP, arguments (p, dp, t, dt)).
// CHECK-LABEL: func.func private @loop_fwd_jvp
// CHECK: jxp.linear_loop %arg0, %arg1 snapshots(%arg2, %arg4) carry(%arg3, %arg5) : (tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) step {
// CHECK: } linear {
// CHECK-NEXT: ^bb0(%[[P:.*]]: tensor<f32>, %[[DP:.*]]: tensor<f32>, %[[T:.*]]: tensor<f32>, %[[DT:.*]]: tensor<f32>):
func.func private @loop_fwd(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5xf32>, %t: tensor<f32>) -> tensor<f32> {
  %0 = jxp.linear_loop %n, %s snapshots(%buf) carry(%t) : (tensor<5xf32>, tensor<f32>) -> (tensor<f32>) step {
  ^bb0(%p: tensor<f32>):
    %q = jxp.sin %p : tensor<f32>
    jxp.yield %q : tensor<f32>
  } linear {
  ^bb0(%p: tensor<f32>, %u: tensor<f32>):
    %c = jxp.cos %p : tensor<f32>
    %v = jxp.mul %u, %c : tensor<f32>
    jxp.yield %v : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func @loop_fwd_main(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5xf32>, %t: tensor<f32>, %dbuf: tensor<5xf32>, %dt: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %r:2 = jxp.jvp @loop_fwd(%n, %s, %buf, %t, %dbuf, %dt) wrt [2, 3] : (tensor<i64>, tensor<i64>, tensor<5xf32>, tensor<f32>, tensor<5xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}
