// Reverse mode through the region ops: partial evaluation (jxp-partial-eval)
// and transposition (jxp-transpose) of jxp.scan, jxp.cond, jxp.while and
// jxp.remat.
// RUN: jxp-opt %s --split-input-file --jxp-partial-eval | FileCheck %s --check-prefix=PE
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-transpose | FileCheck %s --check-prefix=TR

// A JVP-shaped scan (primal carry %h, tangent carry %dh). The known scan
// computes the primal carry and ys and stacks the one per-step residual,
// cos(h*x); exp(w), computed from a const alone, is hoisted out of the
// loop and passed to the linear scan as a const; the slices of the known
// xs it reads come from the xs themselves, not stacked again.
// PE-LABEL: func.func private @scan_jvp_primal(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>) attributes {jxp.num_residuals = 3 : i64}
// PE: %[[E:.*]] = jxp.exp %arg0 : tensor<f32>
// PE: %[[K:.*]]:3 = jxp.scan length 4 consts(%arg0) carry(%arg1) xs(%arg2) : (tensor<f32>, tensor<f32>, tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>)
// PE: %[[M:.*]] = jxp.mul
// PE: %[[S:.*]] = jxp.sin %[[M]]
// PE: %[[C:.*]] = jxp.cos %[[M]]
// PE: jxp.yield %[[S]], %[[M]], %[[C]]
// PE: return %[[K]]#0, %[[K]]#1, %[[E]], %arg2, %[[K]]#2
// PE-LABEL: func.func private @scan_jvp_linear(%arg0: tensor<f32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<f32>) -> tensor<f32> attributes {jxp.linear_results = array<i64: 1>}
// PE: jxp.scan length 4 consts(%arg0) carry(%arg3) xs(%arg1, %arg2) : (tensor<f32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<f32>)
// PE-NEXT: ^bb0(%[[EXP:.*]]: tensor<f32>, %[[DH:.*]]: tensor<f32>, %[[X:.*]]: tensor<f32>, %[[COS:.*]]: tensor<f32>):
// PE-NEXT: %[[T1:.*]] = jxp.mul %[[DH]], %[[X]]
// PE-NEXT: %[[T2:.*]] = jxp.mul %[[T1]], %[[COS]]
// PE-NEXT: %[[T3:.*]] = jxp.mul %[[T2]], %[[EXP]]
// PE-NEXT: jxp.yield %[[T3]]
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
// PE-LABEL: func.func private @cond_jvp_primal(%arg0: tensor<i32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<i1>, tensor<i32>) attributes {jxp.num_residuals = 3 : i64}
// PE: jxp.cond %arg0 (%arg1) : (tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<i1>)
// PE: %[[S:.*]] = jxp.sin
// PE: %[[C:.*]] = jxp.cos
// PE: %[[F:.*]] = jxp.constant dense<false> : tensor<i1>
// PE: jxp.yield %[[S]], %[[C]], %[[F]]
// PE: %[[E:.*]] = jxp.exp
// PE: %[[G:.*]] = jxp.compare GT
// PE: jxp.yield %[[E]], %[[E]], %[[G]]
// PE-LABEL: func.func private @cond_jvp_linear(%arg0: tensor<f32>, %arg1: tensor<i1>, %arg2: tensor<i32>, %arg3: tensor<f32>) -> tensor<f32>
// PE: jxp.cond %arg2 (%arg0, %arg1, %arg3) : (tensor<f32>, tensor<i1>, tensor<f32>) -> (tensor<f32>)
// PE-NEXT: ^bb0(%[[R0:.*]]: tensor<f32>, %{{.*}}: tensor<i1>, %[[T0:.*]]: tensor<f32>):
// PE-NEXT: jxp.mul %[[T0]], %[[R0]]
// PE: ^bb0(%[[R1:.*]]: tensor<f32>, %[[P1:.*]]: tensor<i1>, %[[T1:.*]]: tensor<f32>):
// PE-NEXT: %[[M:.*]] = jxp.mul %[[T1]], %[[R1]]
// PE: jxp.select %[[P1]], %[[M]]
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
// PE-LABEL: func.func private @while_jvp_primal(%arg0: tensor<f32>) -> (tensor<f32>, tensor<65xf32>, tensor<i64>, tensor<i64>)
// PE: %[[ZERO:.*]] = jxp.constant dense<0> : tensor<i64>
// PE: %[[COUNT:.*]]:2 = jxp.while (%arg0, %[[ZERO]]) : tensor<f32>, tensor<i64> cond
// PE: jxp.add %{{.*}}, %{{.*}} : tensor<i64>
// PE: %[[SLOTS:.*]] = jxp.constant dense<64> : tensor<i64>
// PE: %[[S:.*]] = jxp.max
// PE: %[[SNAP:.*]]:5 = jxp.while (%[[ZERO]], %[[COUNT]]#1, %[[S]], %arg0, %{{.*}}) : tensor<i64>, tensor<i64>, tensor<i64>, tensor<f32>, tensor<65xf32> cond
// PE: jxp.rem
// PE: jxp.select
// PE: jxp.dynamic_update_slice
// PE: return %[[COUNT]]#0, %[[SNAP]]#4, %[[S]], %[[COUNT]]#1
// PE-LABEL: func.func private @while_jvp_linear(%arg0: tensor<65xf32>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<f32>) -> tensor<f32>
// PE: jxp.linear_loop %arg2, %arg1 snapshots(%arg0) carry(%arg3) : (tensor<65xf32>, tensor<f32>) -> (tensor<f32>) step {
// PE: jxp.mul
// PE: } linear {
// PE-NEXT: ^bb0(%{{.*}}: tensor<f32>, %[[T:.*]]: tensor<f32>):
// PE: jxp.mul %[[T]]
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

// Transpose of a linear scan: a scan in the other direction. Its carry is
// an accumulator for the linear const's cotangent (starting at zero) and
// the carry's cotangent; the non-linear xs are read as they are, the ys'
// cotangents are xs, and the linear xs' cotangents are ys.
// TR-LABEL: func.func private @scan_lin_transpose(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>)
// TR: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// TR: %[[R:.*]]:3 = jxp.scan length 4 reverse consts() carry(%[[Z]], %arg1) xs(%arg0, %arg2)
// TR-NEXT: ^bb0(%[[ACC:.*]]: tensor<f32>, %[[CTP:.*]]: tensor<f32>, %[[A:.*]]: tensor<f32>, %[[CTY:.*]]: tensor<f32>):
// TR-NEXT: %[[CTN:.*]] = jxp.add %[[CTY]], %[[CTP]]
// TR-NEXT: %[[CTC:.*]] = jxp.mul %[[CTP]], %[[A]]
// TR-NEXT: %[[CTH:.*]] = jxp.mul %[[CTN]], %[[A]]
// TR-NEXT: %[[ACC1:.*]] = jxp.add %[[ACC]], %[[CTC]]
// TR-NEXT: jxp.yield %[[ACC1]], %[[CTH]], %[[CTN]]
// TR: return %[[R]]#0, %[[R]]#1, %[[R]]#2
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
// TR-LABEL: func.func private @cond_lin_transpose(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32>
// TR: %[[R:.*]] = jxp.cond %arg0 (%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// TR-NEXT: ^bb0(%[[C:.*]]: tensor<f32>, %[[CT:.*]]: tensor<f32>):
// TR-NEXT: %[[M:.*]] = jxp.mul %[[CT]], %[[C]]
// TR-NEXT: jxp.yield %[[M]]
// TR: ^bb0(%{{.*}}: tensor<f32>, %[[CT2:.*]]: tensor<f32>):
// TR-NEXT: %[[N:.*]] = jxp.neg %[[CT2]]
// TR-NEXT: jxp.yield %[[N]]
// TR: return %[[R]]
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
// TR-LABEL: func.func private @loop_lin_transpose(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<5xf32>, %arg3: tensor<f32>) -> tensor<f32>
// TR: jxp.linear_loop %arg0, %arg1 snapshots(%arg2) carry(%arg3) transposed : (tensor<5xf32>, tensor<f32>) -> (tensor<f32>) step {
// TR: jxp.sin
// TR: } linear {
// TR-NEXT: ^bb0(%[[P:.*]]: tensor<f32>, %[[CT:.*]]: tensor<f32>):
// TR-NEXT: %[[C:.*]] = jxp.cos %[[P]]
// TR-NEXT: %[[M:.*]] = jxp.mul %[[CT]], %[[C]]
// TR-NEXT: jxp.yield %[[M]]
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

// remat with dots_saveable: the known part runs inline; of what the linear
// part needs (cos of the dot), the dot is saved and the cosine recomputed
// in a remat marked `recompute`, which also reads the weight it needs.
// PE-LABEL: func.func private @remat_dots_primal(%arg0: tensor<3xf32>, %arg1: tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x3xf32>)
// PE: %[[D:.*]] = jxp.dot_general %arg1, %arg0
// PE: %[[S:.*]] = jxp.sin %[[D]]
// PE: return %[[S]], %[[D]], %arg1
// PE-LABEL: func.func private @remat_dots_linear(%arg0: tensor<3xf32>, %arg1: tensor<3x3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32>
// PE: jxp.remat "dots_saveable" (%arg0, %arg1, %arg2)
// PE-NEXT: ^bb0(%[[SD:.*]]: tensor<3xf32>, %[[W:.*]]: tensor<3x3xf32>, %[[T:.*]]: tensor<3xf32>):
// PE-NEXT: %[[C:.*]] = jxp.cos %[[SD]]
// PE-NEXT: %[[DT:.*]] = jxp.dot_general %[[W]], %[[T]]
// PE-NEXT: jxp.mul %[[DT]], %[[C]]
// PE: } {prevent_cse, recompute}
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
// PE-LABEL: func.func private @remat_nothing_primal(%arg0: tensor<3xf32>, %arg1: tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3x3xf32>, tensor<3xf32>)
// PE: return %{{.*}}, %arg1, %arg0
// PE-LABEL: func.func private @remat_nothing_linear(%arg0: tensor<3x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32>
// PE: jxp.remat "nothing_saveable" (%arg0, %arg1, %arg2)
// PE-NEXT: ^bb0(%[[W:.*]]: tensor<3x3xf32>, %[[X:.*]]: tensor<3xf32>, %[[T:.*]]: tensor<3xf32>):
// PE-NEXT: %[[D:.*]] = jxp.dot_general %[[W]], %[[X]]
// PE-NEXT: %[[C:.*]] = jxp.cos %[[D]]
// PE-NEXT: %[[DT:.*]] = jxp.dot_general %[[W]], %[[T]]
// PE-NEXT: jxp.mul %[[DT]], %[[C]]
// PE: } {prevent_cse, recompute}
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

// Transpose of a linear remat: a remat (same policy and flags) of the
// transposed body, whose non-linear part (the recomputation) runs first.
// TR-LABEL: func.func private @remat_lin_transpose(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32>
// TR: jxp.remat "nothing_saveable" (%arg0, %arg1)
// TR-NEXT: ^bb0(%[[R:.*]]: tensor<3xf32>, %[[CT:.*]]: tensor<3xf32>):
// TR-NEXT: %[[C:.*]] = jxp.cos %[[R]]
// TR-NEXT: %[[M:.*]] = jxp.mul %[[CT]], %[[C]]
// TR-NEXT: jxp.yield %[[M]]
// TR-NEXT: } {prevent_cse, recompute}
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

// -----

// A known carry the body passes through unchanged (a closed-over weight)
// is an invariant of the linear_loop, kept once: only the varying carry
// has a snapshot buffer.
// PE-LABEL: func.func private @while_inv_jvp_primal(%arg0: tensor<f32>, %arg1: tensor<3xf32>)
// PE: jxp.while (%{{.*}}, %{{.*}}, %{{.*}}, %arg0, %arg1, %{{.*}}) : tensor<i64>, tensor<i64>, tensor<i64>, tensor<f32>, tensor<3xf32>, tensor<65xf32> cond
// PE-LABEL: func.func private @while_inv_jvp_linear(
// PE: jxp.linear_loop %{{.*}}, %{{.*}} snapshots(%{{.*}}) invariants(%{{.*}}) carry(%{{.*}}) : (tensor<65xf32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>) step {
// PE-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<3xf32>):
// PE: } linear {
// PE-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<3xf32>, %{{.*}}: tensor<f32>):
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
