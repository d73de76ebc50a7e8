// Region ops jxp.cond, jxp.while, jxp.scan, jxp.remat and jxp.linear_loop:
// round trip (custom and generic form), canonicalization, forward mode and lowering.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s
// RUN: jxp-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: jxp-opt %s --split-input-file --jxp-jvp | FileCheck %s --check-prefix=JVP
// RUN: jxp-opt %s --split-input-file --jxp-ad --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO

// CHECK-LABEL: func @cond_two
// CHECK: %[[R:.*]]:2 = jxp.cond %{{.*}} (%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
// CHECK: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<3xf32>):
// CHECK-NEXT: jxp.yield %[[X]], %[[Y]] : tensor<f32>, tensor<3xf32>
// CHECK: }, {
// CHECK: jxp.sin
// HLO-LABEL: func @cond_two
// HLO: %[[C:.*]]:2 = "stablehlo.case"(%arg0) ({
// HLO-NEXT: "stablehlo.return"(%arg1, %arg2)
// HLO-NEXT: }, {
// HLO-NEXT: "stablehlo.sine"(%arg1)
// HLO-NEXT: "stablehlo.cosine"(%arg2)
// HLO: return %[[C]]#0, %[[C]]#1
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

// A constant index picks its branch; one out of range picks the last.
// CANON-LABEL: func @cond_constant_index
// CANON-NEXT: %[[S:.*]] = jxp.sin %arg0
// CANON-NEXT: %[[N:.*]] = jxp.neg %arg0
// CANON-NEXT: return %[[S]], %[[N]]
func.func @cond_constant_index(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %one = jxp.constant dense<1> : tensor<i32>
  %big = jxp.constant dense<7> : tensor<i32>
  %r = jxp.cond %one (%a) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    %s = jxp.sin %x : tensor<f32>
    jxp.yield %s : tensor<f32>
  }
  %q = jxp.cond %big (%a) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    %n = jxp.neg %x : tensor<f32>
    jxp.yield %n : tensor<f32>
  }
  return %r, %q : tensor<f32>, tensor<f32>
}

// -----

// JVP of cond: every branch yields the tangent of result 0 (nonzero in
// branch 1 only); result 1's tangent is zero in every branch and stays
// symbolic (no tangent result).
// JVP-LABEL: func private @f_jvp
// JVP: jxp.cond %arg0 (%arg1, %arg2, %arg3) : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>, tensor<3xf32>, tensor<f32>) {
// JVP: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<3xf32>, %[[T:.*]]: tensor<f32>):
// JVP-NEXT: %[[C2:.*]] = jxp.constant dense<2.000000e+00> : tensor<f32>
// JVP-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// JVP-NEXT: jxp.yield %[[C2]], %[[Y]], %[[Z]]
// JVP: }, {
// JVP: %[[C:.*]] = jxp.cos
// JVP: %[[D:.*]] = jxp.mul %{{.*}}, %[[C]]
// JVP: jxp.yield %{{.*}}, %{{.*}}, %[[D]]
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

// CHECK-LABEL: func @while_count
// CHECK: jxp.while (%{{.*}}, %{{.*}}) : tensor<f32>, tensor<i32> cond {
// CHECK: jxp.yield %{{.*}} : tensor<i1>
// CHECK: } do {
// HLO-LABEL: func @while_count
// HLO: "stablehlo.while"(%arg0, %arg1) ({
// HLO: "stablehlo.compare"
// HLO: "stablehlo.return"
// HLO: }, {
// HLO: "stablehlo.multiply"
// HLO: "stablehlo.return"
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

// JVP of while: b has no tangent on entry but gets one from a after a
// step (the carry fixed point), so both are tangent carries; the cond
// region takes the whole carry and reads the primal one only.
// JVP-LABEL: func private @g_jvp
// JVP: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// JVP: jxp.while (%arg0, %arg1, %arg2, %arg3, %[[Z]]) : tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>, tensor<f32> cond {
// JVP: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %[[K:.*]]: tensor<i32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// JVP: jxp.compare LT, %[[K]]
// JVP: } do {
// JVP: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %[[TX:.*]]: tensor<f32>, %[[TY:.*]]: tensor<f32>):
// JVP: jxp.cos %[[Y]]
// JVP: jxp.yield
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

// CHECK-LABEL: func @scan_cumsum
// CHECK: jxp.scan length 5 reverse unroll 2 consts(%{{.*}}) carry(%{{.*}}) xs(%{{.*}}) : (tensor<f32>, tensor<f32>, tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>) {
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// The loop counts i up to 4 (two steps an iteration); the fifth step follows
// it. Reversed, step i reads and writes slice 4 - i.
// HLO-LABEL: func @scan_cumsum
// HLO: "stablehlo.while"
// HLO: dense<4> : tensor<i64>
// HLO: "stablehlo.compare"
// HLO: }, {
// HLO: %[[IDX:.*]] = "stablehlo.subtract"
// HLO: "stablehlo.dynamic_slice"(%{{.*}}, %[[IDX]]) {slice_sizes = array<i64: 1>}
// HLO: "stablehlo.dynamic_update_slice"(%{{.*}}, %{{.*}}, %[[IDX]])
// HLO: "stablehlo.subtract"
// HLO: "stablehlo.dynamic_slice"
// HLO: "stablehlo.dynamic_update_slice"
// HLO: "stablehlo.return"
// HLO: })
// HLO: "stablehlo.dynamic_slice"
// HLO: "stablehlo.dynamic_update_slice"
// HLO: return
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

// A scan of length 0 is its initial carry and empty ys.
// CANON-LABEL: func @scan_empty
// CANON-NEXT: %[[E:.*]] = jxp.constant dense<> : tensor<0x2xf32>
// CANON-NEXT: return %arg0, %[[E]]
func.func @scan_empty(%a: tensor<f32>, %xs: tensor<0xf32>) -> (tensor<f32>, tensor<0x2xf32>) {
  %r:2 = jxp.scan length 0 consts() carry(%a) xs(%xs) : (tensor<f32>, tensor<0xf32>) -> (tensor<f32>, tensor<0x2xf32>) {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %s = jxp.add %acc, %x : tensor<f32>
    %b = jxp.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2xf32>
    jxp.yield %s, %b : tensor<f32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<0x2xf32>
}

// -----

// Dead carries: %z is read by nothing live (its result is unused and it
// feeds only itself), the ys are unused; %acc survives. Then the consts
// and xs nothing reads go.
// CANON-LABEL: func @scan_dead_carry
// CANON-NEXT: %[[R:.*]] = jxp.scan length 3 consts() carry(%arg0) xs(%arg2) : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>) {
// CANON-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[X:.*]]: tensor<f32>):
// CANON-NEXT: %[[S:.*]] = jxp.add %[[A]], %[[X]]
// CANON-NEXT: jxp.yield %[[S]] : tensor<f32>
// CANON: return %[[R]]
// JVP-LABEL: func private @h_jvp
// The JVP scan groups operands: consts, carry and xs each followed by
// their tangents (the const %w has one, so %acc and the ys get one).
// JVP: jxp.scan length 3 consts(%arg3, %arg4) carry(%arg0, %arg1, %{{.*}}) xs(%arg2) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<3xf32>, tensor<3xf32>)
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
// CHECK-LABEL: func @remat_sin
// CHECK: %[[R:.*]] = jxp.remat "dots_saveable" (%arg0) : (tensor<3xf32>) -> (tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[S:.*]] = jxp.sin %[[X]]
// CHECK-NEXT: jxp.yield %[[S]]
// CHECK-NEXT: } {prevent_cse}
// JVP-LABEL: func.func private @remat_sin_jvp
// JVP: jxp.remat "dots_saveable" (%arg0, %arg1) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
// JVP: jxp.cos
// JVP: jxp.mul
// JVP: } {prevent_cse}
// HLO-LABEL: func @remat_sin
// HLO-NEXT: %[[S:.*]] = "stablehlo.sine"(%arg0)
// HLO-NEXT: return %[[S]]
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
// HLO-LABEL: func @remat_recompute
// HLO-NEXT: %[[B:.*]] = "stablehlo.optimization_barrier"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
// HLO-NEXT: %[[S:.*]] = "stablehlo.sine"(%[[B]])
// HLO-NEXT: return %[[S]]
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
// CHECK: jxp.linear_loop %arg0, %arg1 snapshots(%arg2) carry(%arg3) : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
// CHECK: } linear {
// CHECK: jxp.linear_loop %arg0, %arg1 snapshots(%arg2) carry(%arg3) transposed : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
// HLO-LABEL: func @linear_loops
// HLO: "stablehlo.dynamic_slice"(%arg2
// HLO: "stablehlo.while"
// HLO: "stablehlo.sine"
// HLO: "stablehlo.cosine"
// HLO: %[[SEG:.*]]:3 = "stablehlo.while"
// HLO: "stablehlo.while"
// HLO: "stablehlo.dynamic_update_slice"
// HLO: "stablehlo.while"
// HLO: "stablehlo.while"
// HLO: "stablehlo.sine"
// HLO: "stablehlo.cosine"
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

// -----

// Loop-invariant code motion: what a scan's step computes from its consts
// alone (exp(w) * 2, with its constant) runs once before the scan and
// becomes a const; the step keeps what reads the carry.
// CANON-LABEL: func @scan_invariant
// CANON: %[[TWO:.*]] = jxp.constant dense<2.000000e+00>
// CANON: %[[E:.*]] = jxp.exp %arg0
// CANON: %[[M:.*]] = jxp.mul %[[E]], %[[TWO]]
// CANON: jxp.scan length 4 consts(%[[M]]) carry(%arg1) xs() : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
// CANON-NEXT: ^bb0(%[[C:.*]]: tensor<3xf32>, %[[H:.*]]: tensor<3xf32>):
// CANON-NEXT: %[[N:.*]] = jxp.mul %[[H]], %[[C]]
// CANON-NEXT: jxp.yield %[[N]]
func.func @scan_invariant(%w: tensor<3xf32>, %h: tensor<3xf32>) -> tensor<3xf32> {
  %r = jxp.scan length 4 consts(%w) carry(%h) xs() : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>) {
  ^bb0(%c: tensor<3xf32>, %hh: tensor<3xf32>):
    %two = jxp.constant dense<2.0> : tensor<3xf32>
    %e = jxp.exp %c : tensor<3xf32>
    %m = jxp.mul %e, %two : tensor<3xf32>
    %n = jxp.mul %hh, %m : tensor<3xf32>
    jxp.yield %n : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// -----

// In a while loop, what the body computes from carries it passes through
// unchanged runs once before the loop and rides along as a new carry.
// CANON-LABEL: func @while_invariant
// CANON: %[[E:.*]] = jxp.exp %arg1
// CANON: %[[R:.*]]:3 = jxp.while (%arg0, %arg1, %[[E]]) : tensor<f32>, tensor<f32>, tensor<f32> cond
// CANON: } do {
// CANON-NEXT: ^bb0(%[[X:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %[[EB:.*]]: tensor<f32>):
// CANON-NEXT: %[[Y:.*]] = jxp.add %[[X]], %[[EB]]
// CANON-NEXT: jxp.yield %[[Y]], %[[B]], %[[EB]]
// CANON: return %[[R]]#0
func.func @while_invariant(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r:2 = jxp.while (%a, %b) : tensor<f32>, tensor<f32> cond {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %ten = jxp.constant dense<10.0> : tensor<f32>
    %p = jxp.compare LT, %x, %ten : (tensor<f32>, tensor<f32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %e = jxp.exp %y : tensor<f32>
    %z = jxp.add %x, %e : tensor<f32>
    jxp.yield %z, %y : tensor<f32>, tensor<f32>
  }
  return %r#0 : tensor<f32>
}

// -----

// Forward mode through a linear_loop: the same loop over the primal carry
// and its tangent (snapshots of both, the step's JVP) and the linear carry
// and its tangent (the linear step's JVP, arguments (p, dp, t, dt)).
// JVP-LABEL: func.func private @loop_fwd_jvp
// JVP: jxp.linear_loop %arg0, %arg1 snapshots(%arg2, %arg4) carry(%arg3, %arg5) : (tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) step {
// JVP: } linear {
// JVP-NEXT: ^bb0(%[[P:.*]]: tensor<f32>, %[[DP:.*]]: tensor<f32>, %[[T:.*]]: tensor<f32>, %[[DT:.*]]: tensor<f32>):
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
