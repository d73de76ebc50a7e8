// Transposition (jxp-transpose) of the region ops jxp.scan, jxp.cond,
// jxp.linear_loop and jxp.remat; a jxp.while is diagnosed (reverse mode
// splits it first).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-transpose | FileCheck %s

// Transpose of a linear scan: a scan in the other direction. Its carry is
// an accumulator for the linear const's cotangent (starting at zero) and
// the carry's cotangent; the non-linear xs are read as they are, the ys'
// cotangents are xs, and the linear xs' cotangents are ys.
// CHECK-LABEL: func.func private @scan_lin_transpose(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[R:.*]]:3 = jxp.scan length 4 reverse consts() carry(%[[Z]], %arg1) xs(%arg0, %arg2)
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: tensor<f32>, %[[CTP:.*]]: tensor<f32>, %[[A:.*]]: tensor<f32>, %[[CTY:.*]]: tensor<f32>):
// CHECK-NEXT: %[[CTN:.*]] = jxp.add %[[CTY]], %[[CTP]]
// CHECK-NEXT: %[[CTC:.*]] = jxp.mul %[[CTP]], %[[A]]
// CHECK-NEXT: %[[CTH:.*]] = jxp.mul %[[CTN]], %[[A]]
// CHECK-NEXT: %[[ACC1:.*]] = jxp.add %[[ACC]], %[[CTC]]
// CHECK-NEXT: jxp.yield %[[ACC1]], %[[CTH]], %[[CTN]]
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func private @scan_lin(%a: tensor<4xf32>, %dw: tensor<f32>, %dh: tensor<f32>, %dx: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %r:2 = jxp.scan length 4 consts(%dw) carry(%dh) xs(%a, %dx) : (tensor<f32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  ^bb0(%c: tensor<f32>, %h: tensor<f32>, %ai: tensor<f32>, %xi: tensor<f32>):
    %m = jxp.mul %h, %ai : tensor<f32>
    %n = jxp.add %m, %xi : tensor<f32>
    %o = jxp.mul %c, %ai : tensor<f32>
    %p = jxp.add %n, %o : tensor<f32>
    jxp.yield %p, %n : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<4xf32>
}
func.func @scan_main(%a: tensor<4xf32>, %ct0: tensor<f32>, %ct1: tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>) {
  %r:3 = jxp.linear_transpose @scan_lin(%a, %ct0, %ct1) wrt [1, 2, 3] : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>)
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<f32>, tensor<4xf32>
}

// -----

// Transpose of a linear cond: a cond of the transposed branches, taking
// the non-linear operands and the results' cotangents.
// CHECK-LABEL: func.func private @cond_lin_transpose(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32>
// CHECK: %[[R:.*]] = jxp.cond %arg0 (%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT: ^bb0(%[[C:.*]]: tensor<f32>, %[[CT:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[CT]], %[[C]]
// CHECK-NEXT: jxp.yield %[[M]]
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %[[CT2:.*]]: tensor<f32>):
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[CT2]]
// CHECK-NEXT: jxp.yield %[[N]]
// CHECK: return %[[R]]
func.func private @cond_lin(%i: tensor<i32>, %r: tensor<f32>, %dx: tensor<f32>) -> tensor<f32> {
  %0 = jxp.cond %i (%r, %dx) : (tensor<f32>, tensor<f32>) -> (tensor<f32>) {
  ^bb0(%c: tensor<f32>, %d: tensor<f32>):
    %m = jxp.mul %d, %c : tensor<f32>
    jxp.yield %m : tensor<f32>
  }, {
  ^bb0(%c: tensor<f32>, %d: tensor<f32>):
    %n = jxp.neg %d : tensor<f32>
    jxp.yield %n : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func @cond_main(%i: tensor<i32>, %r: tensor<f32>, %ct: tensor<f32>) -> tensor<f32> {
  %0 = jxp.linear_transpose @cond_lin(%i, %r, %ct) wrt [2] : (tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Transpose of a linear_loop: the same loop, transposed, over the same
// snapshots, whose linear step is the transposed step; the primal step
// is kept to recompute the carries.
// CHECK-LABEL: func.func private @loop_lin_transpose(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<5xf32>, %arg3: tensor<f32>) -> tensor<f32>
// CHECK: jxp.linear_loop %arg0, %arg1 snapshots(%arg2) carry(%arg3) transposed : (tensor<5xf32>, tensor<f32>) -> (tensor<f32>) step {
// CHECK: jxp.sin
// CHECK: } linear {
// CHECK-NEXT: ^bb0(%[[P:.*]]: tensor<f32>, %[[CT:.*]]: tensor<f32>):
// CHECK-NEXT: %[[C:.*]] = jxp.cos %[[P]]
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[CT]], %[[C]]
// CHECK-NEXT: jxp.yield %[[M]]
func.func private @loop_lin(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5xf32>, %t: tensor<f32>) -> tensor<f32> {
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
func.func @loop_main(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5xf32>, %ct: tensor<f32>) -> tensor<f32> {
  %0 = jxp.linear_transpose @loop_lin(%n, %s, %buf, %ct) wrt [3] : (tensor<i64>, tensor<i64>, tensor<5xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A jxp.while itself is never transposed: reverse mode splits it first.
func.func private @while_lin(%dx: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{jxp.while cannot be transposed: reverse mode splits it first (partial evaluation makes its linear part a jxp.linear_loop)}}
  %r = jxp.while (%dx) : tensor<f32> cond {
  ^bb0(%a: tensor<f32>):
    %t = jxp.constant dense<true> : tensor<i1>
    jxp.yield %t : tensor<i1>
  } do {
  ^bb0(%a: tensor<f32>):
    %n = jxp.neg %a : tensor<f32>
    jxp.yield %n : tensor<f32>
  }
  return %r : tensor<f32>
}
func.func @while_main(%ct: tensor<f32>) -> tensor<f32> {
  %0 = jxp.linear_transpose @while_lin(%ct) wrt [0] : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Transpose of a linear remat: a remat (same policy and flags) of the
// transposed body, whose non-linear part (the recomputation) runs first.
// CHECK-LABEL: func.func private @remat_lin_transpose(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32>
// CHECK: jxp.remat "nothing_saveable" (%arg0, %arg1)
// CHECK-NEXT: ^bb0(%[[R:.*]]: tensor<3xf32>, %[[CT:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[C:.*]] = jxp.cos %[[R]]
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[CT]], %[[C]]
// CHECK-NEXT: jxp.yield %[[M]]
// CHECK-NEXT: } {prevent_cse, recompute}
func.func private @remat_lin(%r: tensor<3xf32>, %dx: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.remat "nothing_saveable" (%r, %dx) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>) {
  ^bb0(%a: tensor<3xf32>, %d: tensor<3xf32>):
    %c = jxp.cos %a : tensor<3xf32>
    %m = jxp.mul %d, %c : tensor<3xf32>
    jxp.yield %m : tensor<3xf32>
  } {prevent_cse, recompute}
  return %0 : tensor<3xf32>
}
func.func @remat_main(%r: tensor<3xf32>, %ct: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.linear_transpose @remat_lin(%r, %ct) wrt [1] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
