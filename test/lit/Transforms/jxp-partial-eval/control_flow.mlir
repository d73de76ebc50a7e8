// Partial evaluation (jxp-partial-eval) of the region ops jxp.scan,
// jxp.cond, jxp.while and jxp.remat.
// RUN: jxp-opt %s --split-input-file --jxp-partial-eval | FileCheck %s

// A JVP-shaped scan (primal carry %h, tangent carry %dh). The known scan
// computes the primal carry and ys and stacks the one per-step residual,
// cos(h*x); exp(w), computed from a const alone, is hoisted out of the
// loop and passed to the linear scan as a const; the slices of the known
// xs it reads come from the xs themselves, not stacked again.
// CHECK-LABEL: func.func private @scan_jvp_primal(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>) attributes {jxp.num_residuals = 3 : i64}
// CHECK: %[[E:.*]] = jxp.exp %arg0 : tensor<f32>
// CHECK: %[[K:.*]]:3 = jxp.scan length 4 consts(%arg0) carry(%arg1) xs(%arg2) : (tensor<f32>, tensor<f32>, tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>)
// CHECK: %[[M:.*]] = jxp.mul
// CHECK: %[[S:.*]] = jxp.sin %[[M]]
// CHECK: %[[C:.*]] = jxp.cos %[[M]]
// CHECK: jxp.yield %[[S]], %[[M]], %[[C]]
// CHECK: return %[[K]]#0, %[[K]]#1, %[[E]], %arg2, %[[K]]#2
// CHECK-LABEL: func.func private @scan_jvp_linear(%arg0: tensor<f32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<f32>) -> tensor<f32> attributes {jxp.linear_results = array<i64: 1>}
// CHECK: jxp.scan length 4 consts(%arg0) carry(%arg3) xs(%arg1, %arg2) : (tensor<f32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<f32>)
// CHECK-NEXT: ^bb0(%[[EXP:.*]]: tensor<f32>, %[[DH:.*]]: tensor<f32>, %[[X:.*]]: tensor<f32>, %[[COS:.*]]: tensor<f32>):
// CHECK-NEXT: %[[T1:.*]] = jxp.mul %[[DH]], %[[X]]
// CHECK-NEXT: %[[T2:.*]] = jxp.mul %[[T1]], %[[COS]]
// CHECK-NEXT: %[[T3:.*]] = jxp.mul %[[T2]], %[[EXP]]
// CHECK-NEXT: jxp.yield %[[T3]]
func.func @scan_jvp(%w: tensor<f32>, %h: tensor<f32>, %xs: tensor<4xf32>, %dh: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>) attributes {jxp.linear_args = array<i64: 3>} {
  %r:3 = jxp.scan length 4 consts(%w) carry(%h, %dh) xs(%xs) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>) {
  ^bb0(%c: tensor<f32>, %hh: tensor<f32>, %dhh: tensor<f32>, %x: tensor<f32>):
    %e = jxp.exp %c : tensor<f32>
    %m = jxp.mul %hh, %x : tensor<f32>
    %s = jxp.sin %m : tensor<f32>
    %co = jxp.cos %m : tensor<f32>
    %t1 = jxp.mul %dhh, %x : tensor<f32>
    %t2 = jxp.mul %t1, %co : tensor<f32>
    %t3 = jxp.mul %t2, %e : tensor<f32>
    jxp.yield %s, %t3, %m : tensor<f32>, tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<f32>, tensor<4xf32>
}

// -----

// A JVP-shaped cond: each branch's residuals go to slots shared by type
// (an f32 slot: cos in one branch, exp in the other; an i1 slot only the
// second branch fills, the first yields false); the index is a residual
// too.
// CHECK-LABEL: func.func private @cond_jvp_primal(%arg0: tensor<i32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<i1>, tensor<i32>) attributes {jxp.num_residuals = 3 : i64}
// CHECK: jxp.cond %arg0 (%arg1) : (tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<i1>)
// CHECK: %[[S:.*]] = jxp.sin
// CHECK: %[[C:.*]] = jxp.cos
// CHECK: %[[F:.*]] = jxp.constant dense<false> : tensor<i1>
// CHECK: jxp.yield %[[S]], %[[C]], %[[F]]
// CHECK: %[[E:.*]] = jxp.exp
// CHECK: %[[G:.*]] = jxp.compare GT
// CHECK: jxp.yield %[[E]], %[[E]], %[[G]]
// CHECK-LABEL: func.func private @cond_jvp_linear(%arg0: tensor<f32>, %arg1: tensor<i1>, %arg2: tensor<i32>, %arg3: tensor<f32>) -> tensor<f32>
// CHECK: jxp.cond %arg2 (%arg0, %arg1, %arg3) : (tensor<f32>, tensor<i1>, tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT: ^bb0(%[[R0:.*]]: tensor<f32>, %{{.*}}: tensor<i1>, %[[T0:.*]]: tensor<f32>):
// CHECK-NEXT: jxp.mul %[[T0]], %[[R0]]
// CHECK: ^bb0(%[[R1:.*]]: tensor<f32>, %[[P1:.*]]: tensor<i1>, %[[T1:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[T1]], %[[R1]]
// CHECK: jxp.select %[[P1]], %[[M]]
func.func @cond_jvp(%i: tensor<i32>, %x: tensor<f32>, %dx: tensor<f32>) -> (tensor<f32>, tensor<f32>) attributes {jxp.linear_args = array<i64: 2>} {
  %r:2 = jxp.cond %i (%x, %dx) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  ^bb0(%a: tensor<f32>, %da: tensor<f32>):
    %s = jxp.sin %a : tensor<f32>
    %c = jxp.cos %a : tensor<f32>
    %t = jxp.mul %da, %c : tensor<f32>
    jxp.yield %s, %t : tensor<f32>, tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %da: tensor<f32>):
    %e = jxp.exp %a : tensor<f32>
    %t = jxp.mul %da, %e : tensor<f32>
    %c = jxp.compare GT, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %z = jxp.constant dense<0.0> : tensor<f32>
    %u = jxp.select %c, %t, %z : tensor<i1>, tensor<f32>
    jxp.yield %e, %u : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// -----

// A JVP-shaped while: the known side counts the steps (first loop) and
// keeps snapshots of the primal carry, one every s = max(1, ceil(n / 64))
// steps, in 64 slots and a scratch slot written when none is due (second
// loop); the tangent carry becomes a jxp.linear_loop over the snapshots,
// whose linear step recomputes what it needs from the primal carry.
// CHECK-LABEL: func.func private @while_jvp_primal(%arg0: tensor<f32>) -> (tensor<f32>, tensor<65xf32>, tensor<i64>, tensor<i64>)
// CHECK: %[[ZERO:.*]] = jxp.constant dense<0> : tensor<i64>
// CHECK: %[[COUNT:.*]]:2 = jxp.while (%arg0, %[[ZERO]]) : tensor<f32>, tensor<i64> cond
// CHECK: jxp.add %{{.*}}, %{{.*}} : tensor<i64>
// CHECK: %[[SLOTS:.*]] = jxp.constant dense<64> : tensor<i64>
// CHECK: %[[S:.*]] = jxp.max
// CHECK: %[[SNAP:.*]]:5 = jxp.while (%[[ZERO]], %[[COUNT]]#1, %[[S]], %arg0, %{{.*}}) : tensor<i64>, tensor<i64>, tensor<i64>, tensor<f32>, tensor<65xf32> cond
// CHECK: jxp.rem
// CHECK: jxp.select
// CHECK: jxp.dynamic_update_slice
// CHECK: return %[[COUNT]]#0, %[[SNAP]]#4, %[[S]], %[[COUNT]]#1
// CHECK-LABEL: func.func private @while_jvp_linear(%arg0: tensor<65xf32>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<f32>) -> tensor<f32>
// CHECK: jxp.linear_loop %arg2, %arg1 snapshots(%arg0) carry(%arg3) : (tensor<65xf32>, tensor<f32>) -> (tensor<f32>) step {
// CHECK: jxp.mul
// CHECK: } linear {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %[[T:.*]]: tensor<f32>):
// CHECK: jxp.mul %[[T]]
func.func @while_jvp(%x: tensor<f32>, %dx: tensor<f32>) -> (tensor<f32>, tensor<f32>) attributes {jxp.linear_args = array<i64: 1>} {
  %r:2 = jxp.while (%x, %dx) : tensor<f32>, tensor<f32> cond {
  ^bb0(%a: tensor<f32>, %da: tensor<f32>):
    %ten = jxp.constant dense<10.0> : tensor<f32>
    %p = jxp.compare LT, %a, %ten : (tensor<f32>, tensor<f32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<f32>, %da: tensor<f32>):
    %two = jxp.constant dense<2.0> : tensor<f32>
    %b = jxp.mul %a, %two : tensor<f32>
    %db = jxp.mul %da, %two : tensor<f32>
    jxp.yield %b, %db : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// -----

// remat with dots_saveable: the known part runs inline; of what the linear
// part needs (cos of the dot), the dot is saved and the cosine recomputed
// in a remat marked `recompute`, which also reads the weight it needs.
// CHECK-LABEL: func.func private @remat_dots_primal(%arg0: tensor<3xf32>, %arg1: tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x3xf32>)
// CHECK: %[[D:.*]] = jxp.dot_general %arg1, %arg0
// CHECK: %[[S:.*]] = jxp.sin %[[D]]
// CHECK: return %[[S]], %[[D]], %arg1
// CHECK-LABEL: func.func private @remat_dots_linear(%arg0: tensor<3xf32>, %arg1: tensor<3x3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32>
// CHECK: jxp.remat "dots_saveable" (%arg0, %arg1, %arg2)
// CHECK-NEXT: ^bb0(%[[SD:.*]]: tensor<3xf32>, %[[W:.*]]: tensor<3x3xf32>, %[[T:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[C:.*]] = jxp.cos %[[SD]]
// CHECK-NEXT: %[[DT:.*]] = jxp.dot_general %[[W]], %[[T]]
// CHECK-NEXT: jxp.mul %[[DT]], %[[C]]
// CHECK: } {prevent_cse, recompute}
func.func @remat_dots(%x: tensor<3xf32>, %w: tensor<3x3xf32>, %dx: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) attributes {jxp.linear_args = array<i64: 2>} {
  %r:2 = jxp.remat "dots_saveable" (%x, %w, %dx) : (tensor<3xf32>, tensor<3x3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%a: tensor<3xf32>, %m: tensor<3x3xf32>, %da: tensor<3xf32>):
    %d = jxp.dot_general %m, %a, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %s = jxp.sin %d : tensor<3xf32>
    %c = jxp.cos %d : tensor<3xf32>
    %dd = jxp.dot_general %m, %da, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %t = jxp.mul %dd, %c : tensor<3xf32>
    jxp.yield %s, %t : tensor<3xf32>, tensor<3xf32>
  } {prevent_cse}
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// remat with nothing_saveable: only the operands are passed; the dot and
// its cosine are recomputed.
// CHECK-LABEL: func.func private @remat_nothing_primal(%arg0: tensor<3xf32>, %arg1: tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3x3xf32>, tensor<3xf32>)
// CHECK: return %{{.*}}, %arg1, %arg0
// CHECK-LABEL: func.func private @remat_nothing_linear(%arg0: tensor<3x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32>
// CHECK: jxp.remat "nothing_saveable" (%arg0, %arg1, %arg2)
// CHECK-NEXT: ^bb0(%[[W:.*]]: tensor<3x3xf32>, %[[X:.*]]: tensor<3xf32>, %[[T:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[D:.*]] = jxp.dot_general %[[W]], %[[X]]
// CHECK-NEXT: %[[C:.*]] = jxp.cos %[[D]]
// CHECK-NEXT: %[[DT:.*]] = jxp.dot_general %[[W]], %[[T]]
// CHECK-NEXT: jxp.mul %[[DT]], %[[C]]
// CHECK: } {prevent_cse, recompute}
func.func @remat_nothing(%x: tensor<3xf32>, %w: tensor<3x3xf32>, %dx: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) attributes {jxp.linear_args = array<i64: 2>} {
  %r:2 = jxp.remat "nothing_saveable" (%x, %w, %dx) : (tensor<3xf32>, tensor<3x3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%a: tensor<3xf32>, %m: tensor<3x3xf32>, %da: tensor<3xf32>):
    %d = jxp.dot_general %m, %a, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %s = jxp.sin %d : tensor<3xf32>
    %c = jxp.cos %d : tensor<3xf32>
    %dd = jxp.dot_general %m, %da, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %t = jxp.mul %dd, %c : tensor<3xf32>
    jxp.yield %s, %t : tensor<3xf32>, tensor<3xf32>
  } {prevent_cse}
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A known carry the body passes through unchanged (a closed-over weight)
// is an invariant of the linear_loop, kept once: only the varying carry
// has a snapshot buffer.
// CHECK-LABEL: func.func private @while_inv_jvp_primal(%arg0: tensor<f32>, %arg1: tensor<3xf32>)
// CHECK: jxp.while (%{{.*}}, %{{.*}}, %{{.*}}, %arg0, %arg1, %{{.*}}) : tensor<i64>, tensor<i64>, tensor<i64>, tensor<f32>, tensor<3xf32>, tensor<65xf32> cond
// CHECK-LABEL: func.func private @while_inv_jvp_linear(
// CHECK: jxp.linear_loop %{{.*}}, %{{.*}} snapshots(%{{.*}}) invariants(%{{.*}}) carry(%{{.*}}) : (tensor<65xf32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>) step {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<3xf32>):
// CHECK: } linear {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<3xf32>, %{{.*}}: tensor<f32>):
func.func @while_inv_jvp(%x: tensor<f32>, %w: tensor<3xf32>, %dx: tensor<f32>) -> (tensor<f32>, tensor<3xf32>, tensor<f32>) attributes {jxp.linear_args = array<i64: 2>} {
  %r:3 = jxp.while (%x, %w, %dx) : tensor<f32>, tensor<3xf32>, tensor<f32> cond {
  ^bb0(%a: tensor<f32>, %v: tensor<3xf32>, %da: tensor<f32>):
    %ten = jxp.constant dense<10.0> : tensor<f32>
    %p = jxp.compare LT, %a, %ten : (tensor<f32>, tensor<f32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<f32>, %v: tensor<3xf32>, %da: tensor<f32>):
    %s = jxp.reduce sum %v, dims = [0] : (tensor<3xf32>) -> tensor<f32>
    %b = jxp.mul %a, %s : tensor<f32>
    %db = jxp.mul %da, %s : tensor<f32>
    jxp.yield %b, %v, %db : tensor<f32>, tensor<3xf32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<3xf32>, tensor<f32>
}
