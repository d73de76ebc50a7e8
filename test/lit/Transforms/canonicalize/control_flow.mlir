// Canonicalization of the region ops: a cond with a constant index, a scan
// of length 0, dead carries, loop-invariant code motion out of scan and
// while.
// RUN: jxp-opt %s --split-input-file --canonicalize | FileCheck %s
// The inputs lower to StableHLO (as checked in
// Conversion/convert-jxp-to-stablehlo/control_flow.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-ad --convert-jxp-to-stablehlo -o /dev/null

// A constant index picks its branch; one out of range picks the last.
// CHECK-LABEL: func @cond_constant_index
// CHECK-NEXT: %[[S:.*]] = jxp.sin %arg0
// CHECK-NEXT: %[[N:.*]] = jxp.neg %arg0
// CHECK-NEXT: return %[[S]], %[[N]]
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

// A scan of length 0 is its initial carry and empty ys.
// CHECK-LABEL: func @scan_empty
// CHECK-NEXT: %[[E:.*]] = jxp.constant dense<> : tensor<0x2xf32>
// CHECK-NEXT: return %arg0, %[[E]]
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
// CHECK-LABEL: func @scan_dead_carry
// CHECK-NEXT: %[[R:.*]] = jxp.scan length 3 consts() carry(%arg0) xs(%arg2) : (tensor<f32>, tensor<3xf32>) -> (tensor<f32>) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[X:.*]]: tensor<f32>):
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[A]], %[[X]]
// CHECK-NEXT: jxp.yield %[[S]] : tensor<f32>
// CHECK: return %[[R]]
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

// Loop-invariant code motion: what a scan's step computes from its consts
// alone (exp(w) * 2, with its constant) runs once before the scan and
// becomes a const; the step keeps what reads the carry.
// CHECK-LABEL: func @scan_invariant
// CHECK: %[[TWO:.*]] = jxp.constant dense<2.000000e+00>
// CHECK: %[[E:.*]] = jxp.exp %arg0
// CHECK: %[[M:.*]] = jxp.mul %[[E]], %[[TWO]]
// CHECK: jxp.scan length 4 consts(%[[M]]) carry(%arg1) xs() : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
// CHECK-NEXT: ^bb0(%[[C:.*]]: tensor<3xf32>, %[[H:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[N:.*]] = jxp.mul %[[H]], %[[C]]
// CHECK-NEXT: jxp.yield %[[N]]
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
// CHECK-LABEL: func @while_invariant
// CHECK: %[[E:.*]] = jxp.exp %arg1
// CHECK: %[[R:.*]]:3 = jxp.while (%arg0, %arg1, %[[E]]) : tensor<f32>, tensor<f32>, tensor<f32> cond
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %[[EB:.*]]: tensor<f32>):
// CHECK-NEXT: %[[Y:.*]] = jxp.add %[[X]], %[[EB]]
// CHECK-NEXT: jxp.yield %[[Y]], %[[B]], %[[EB]]
// CHECK: return %[[R]]#0
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
