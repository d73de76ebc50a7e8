// The jxp-infer-vma pass: every value of a shard_map body gets the manual
// axes it varies along as its type's encoding; a jxp.pvary is inserted
// where an invariant value meets a varying one (JAX's automatic cast);
// collectives change the VMA (psum drops its axes, axis_index adds its
// own, all_gather / ppermute / psum_scatter / all_to_all cast their operand
// to vary along theirs); loop carries are widened to a fixed point; calls
// in the body are inlined first. The out_specs check is in errors.mlir.
// RUN: jxp-opt %s --split-input-file --jxp-infer-vma | FileCheck %s
// The typed output is valid input again, and the pass leaves it as it is
// (generic form in between: jxp.cond's custom form drops the VMA of its
// index, see KNOWN_BUG_cond_index_vma.mlir).
// RUN: jxp-opt %s --split-input-file --jxp-infer-vma --mlir-print-op-generic | jxp-opt --split-input-file --jxp-infer-vma | FileCheck %s

// An invariant value (computed from the replicated operand, or a constant)
// meeting a varying one is cast right before its use; the values that stay
// invariant keep a type without encoding. Outside the body nothing changes.
// CHECK-LABEL: func.func @cast_binary(
// CHECK-SAME: %arg0: tensor<8xf32>, %arg1: tensor<2xf32>) -> tensor<8xf32>
// CHECK-NEXT: jxp.shard_map(%arg0, %arg1)
// CHECK-SAME: : (tensor<8xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32, ["x"]>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[E:.*]] = jxp.exp %[[C]] : tensor<2xf32>
// CHECK-NEXT: %[[EV:.*]] = jxp.pvary %[[E]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[EV]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[K:.*]] = jxp.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[KV:.*]] = jxp.pvary %[[K]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[KV]], %[[M]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[E]] : tensor<2xf32>
// CHECK-NEXT: jxp.yield %[[S]], %[[N]] : tensor<2xf32, ["x"]>, tensor<2xf32>
func.func @cast_binary(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]], []]}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %e = jxp.exp %c : tensor<2xf32>
    %m = jxp.mul %x, %e : tensor<2xf32>
    %k = jxp.constant dense<1.0> : tensor<2xf32>
    %s = jxp.add %k, %m : tensor<2xf32>
    %n = jxp.neg %e : tensor<2xf32>
    jxp.yield %s, %n : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0 : tensor<8xf32>
}

// -----

// A 2-D mesh, both axes manual: psum drops the axes it reduces over (all
// of them, in any order, leave an invariant value), and its result is cast
// back along those axes where it meets the operand again. Encodings list
// the axes in mesh order.
// CHECK-LABEL: func.func @psum_2d(
// CHECK: ^bb0(%[[X:.*]]: tensor<2x2xf32, ["x", "y"]>):
// CHECK-NEXT: %[[SX:.*]] = jxp.all_reduce sum %[[X]] axes ["x"] {invariant} : tensor<2x2xf32, ["x", "y"]> -> tensor<2x2xf32, ["y"]>
// CHECK-NEXT: %[[SYX:.*]] = jxp.all_reduce sum %[[X]] axes ["y", "x"] {invariant} : tensor<2x2xf32, ["x", "y"]> -> tensor<2x2xf32>
// CHECK-NEXT: %[[SXV:.*]] = jxp.pvary %[[SX]] axes ["x"] : tensor<2x2xf32, ["y"]> -> tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[SXV]], %[[X]] : tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: jxp.yield %[[M]], %[[SX]], %[[SYX]] : tensor<2x2xf32, ["x", "y"]>, tensor<2x2xf32, ["y"]>, tensor<2x2xf32>
func.func @psum_2d(%a: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>) {
  %r:3 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"], ["y"]], [[], ["y"]], []]}
      : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>) {
  ^bb0(%x: tensor<2x2xf32>):
    %sx = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<2x2xf32> -> tensor<2x2xf32>
    %syx = jxp.all_reduce sum %x axes ["y", "x"] {invariant} : tensor<2x2xf32> -> tensor<2x2xf32>
    %m = jxp.mul %sx, %x : tensor<2x2xf32>
    jxp.yield %m, %sx, %syx : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<8x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>
}

// -----

// The collectives cast an invariant operand to vary along their axes
// first (one cast per use): so does psum (its result is then invariant
// again). axis_index varies along its axes, and so does what is computed
// from it.
// CHECK-LABEL: func.func @collective_operands(
// CHECK: ^bb0(%[[C:.*]]: tensor<3xf32>):
// CHECK-NEXT: %[[V1:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<3xf32> -> tensor<3xf32, ["x"]>
// CHECK-NEXT: %[[P:.*]] = jxp.ppermute %[[V1]] axes ["x"] perm [0, 1, 1, 2, 2, 3, 3, 0] : tensor<3xf32, ["x"]>
// CHECK-NEXT: %[[V2:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<3xf32> -> tensor<3xf32, ["x"]>
// CHECK-NEXT: %[[G:.*]] = jxp.all_gather %[[V2]] axes ["x"] axis 0 : (tensor<3xf32, ["x"]>) -> tensor<4x3xf32, ["x"]>
// CHECK-NEXT: %[[V3:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<3xf32> -> tensor<3xf32, ["x"]>
// CHECK-NEXT: %[[T:.*]] = jxp.all_gather %[[V3]] axes ["x"] axis 0 tiled : (tensor<3xf32, ["x"]>) -> tensor<12xf32, ["x"]>
// CHECK-NEXT: %[[V4:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<3xf32> -> tensor<3xf32, ["x"]>
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[V4]] axes ["x"] {invariant} : tensor<3xf32, ["x"]> -> tensor<3xf32>
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32, ["x"]>
// CHECK-NEXT: %[[IB:.*]] = jxp.broadcast_in_dim %[[I]], dims = [] : (tensor<i32, ["x"]>) -> tensor<1xi32, ["x"]>
// CHECK-NEXT: jxp.yield %[[P]], %[[G]], %[[T]], %[[S]], %[[IB]] : tensor<3xf32, ["x"]>, tensor<4x3xf32, ["x"]>, tensor<12xf32, ["x"]>, tensor<3xf32>, tensor<1xi32, ["x"]>
func.func @collective_operands(%a: tensor<3xf32>) -> (tensor<12xf32>, tensor<16x3xf32>, tensor<48xf32>, tensor<3xf32>, tensor<4xi32>) {
  %r:5 = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[]], out_specs = [[["x"]], [["x"]], [["x"]], [], [["x"]]]}
      : (tensor<3xf32>) -> (tensor<12xf32>, tensor<16x3xf32>, tensor<48xf32>, tensor<3xf32>, tensor<4xi32>) {
  ^bb0(%c: tensor<3xf32>):
    %p = jxp.ppermute %c axes ["x"] perm [0, 1, 1, 2, 2, 3, 3, 0] : tensor<3xf32>
    %g = jxp.all_gather %c axes ["x"] axis 0 : (tensor<3xf32>) -> tensor<4x3xf32>
    %t = jxp.all_gather %c axes ["x"] axis 0 tiled : (tensor<3xf32>) -> tensor<12xf32>
    %s = jxp.all_reduce sum %c axes ["x"] {invariant} : tensor<3xf32> -> tensor<3xf32>
    %i = jxp.axis_index axes ["x"] : tensor<i32>
    %ib = jxp.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<1xi32>
    jxp.yield %p, %g, %t, %s, %ib : tensor<3xf32>, tensor<4x3xf32>, tensor<12xf32>, tensor<3xf32>, tensor<1xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<12xf32>, tensor<16x3xf32>, tensor<48xf32>, tensor<3xf32>, tensor<4xi32>
}

// -----

// psum_scatter and all_to_all over "y" of an operand varying along "x"
// only: the operand is cast along "y" (not "x" again); the results vary
// along both.
// CHECK-LABEL: func.func @block_collectives(
// CHECK: ^bb0(%[[X:.*]]: tensor<2x4xf32, ["x"]>):
// CHECK-NEXT: %[[V1:.*]] = jxp.pvary %[[X]] axes ["y"] : tensor<2x4xf32, ["x"]> -> tensor<2x4xf32, ["x", "y"]>
// CHECK-NEXT: %[[PS:.*]] = jxp.psum_scatter %[[V1]] axes ["y"] dimension 1 : (tensor<2x4xf32, ["x", "y"]>) -> tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[V2:.*]] = jxp.pvary %[[X]] axes ["y"] : tensor<2x4xf32, ["x"]> -> tensor<2x4xf32, ["x", "y"]>
// CHECK-NEXT: %[[AA:.*]] = jxp.all_to_all %[[V2]] axes ["y"] split 1 concat 0 : (tensor<2x4xf32, ["x", "y"]>) -> tensor<4x2xf32, ["x", "y"]>
// CHECK-NEXT: jxp.yield %[[PS]], %[[AA]] : tensor<2x2xf32, ["x", "y"]>, tensor<4x2xf32, ["x", "y"]>
func.func @block_collectives(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>) {
  %r:2 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "y"],
      in_specs = [[["x"]]], out_specs = [[["x"], ["y"]], [["x"], ["y"]]]}
      : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>) {
  ^bb0(%x: tensor<2x4xf32>):
    %ps = jxp.psum_scatter %x axes ["y"] dimension 1 : (tensor<2x4xf32>) -> tensor<2x2xf32>
    %aa = jxp.all_to_all %x axes ["y"] split 1 concat 0 : (tensor<2x4xf32>) -> tensor<4x2xf32>
    jxp.yield %ps, %aa : tensor<2x2xf32>, tensor<4x2xf32>
  }
  return %r#0, %r#1 : tensor<4x4xf32>, tensor<8x4xf32>
}

// -----

// A pvary already in the body (written by the program) casts along the
// axes its operand does not vary along yet; one whose operand already
// varies along all of them is dropped.
// CHECK-LABEL: func.func @written_pvary(
// CHECK: ^bb0(%[[X:.*]]: tensor<2x2xf32, ["x"]>, %[[C:.*]]: tensor<2x2xf32>):
// CHECK-NEXT: %[[V:.*]] = jxp.pvary %[[X]] axes ["y"] : tensor<2x2xf32, ["x"]> -> tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[W:.*]] = jxp.pvary %[[C]] axes ["x", "y"] : tensor<2x2xf32> -> tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[V]], %[[W]] : tensor<2x2xf32, ["x", "y"]>
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[X]] : tensor<2x2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %[[M]], %[[N]] :
func.func @written_pvary(%a: tensor<4x2xf32>, %b: tensor<2x2xf32>) -> (tensor<4x4xf32>, tensor<4x2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "y"],
      in_specs = [[["x"]], []], out_specs = [[["x"], ["y"]], [["x"]]]}
      : (tensor<4x2xf32>, tensor<2x2xf32>) -> (tensor<4x4xf32>, tensor<4x2xf32>) {
  ^bb0(%x: tensor<2x2xf32>, %c: tensor<2x2xf32>):
    %v = jxp.pvary %x axes ["x", "y"] : tensor<2x2xf32> -> tensor<2x2xf32>
    %w = jxp.pvary %c axes ["y", "x"] : tensor<2x2xf32> -> tensor<2x2xf32>
    %m = jxp.mul %v, %w : tensor<2x2xf32>
    %d = jxp.pvary %x axes ["x"] : tensor<2x2xf32> -> tensor<2x2xf32>
    %n = jxp.neg %d : tensor<2x2xf32>
    jxp.yield %m, %n : tensor<2x2xf32>, tensor<2x2xf32>
  }
  return %r#0, %r#1 : tensor<4x4xf32>, tensor<4x2xf32>
}

// -----

// while: the carry %p0 starts invariant and the body adds %p1 to it; %p1
// starts invariant too but the body sets it to the varying %p2. The fixed
// point takes two rounds (%p1 widens first, then %p0): both initial values
// are cast before the loop, and every carry, in both regions, varies along
// "x". The counter stays invariant. A psum makes the result replicated.
// CHECK-LABEL: func.func @while_fixed_point(
// CHECK: ^bb0(%[[X:.*]]: tensor<2xf32, ["x"]>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[N:.*]] = jxp.constant dense<3> : tensor<i32>
// CHECK-NEXT: %[[C0:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[C1:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[W:.*]]:4 = jxp.while (%[[C0]], %[[C1]], %[[X]], %[[N]]) : tensor<2xf32, ["x"]>, tensor<2xf32, ["x"]>, tensor<2xf32, ["x"]>, tensor<i32> cond {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<2xf32, ["x"]>, %{{.*}}: tensor<2xf32, ["x"]>, %{{.*}}: tensor<2xf32, ["x"]>, %[[K:.*]]: tensor<i32>):
// CHECK: %[[PRED:.*]] = jxp.compare GT, %[[K]], %{{.*}}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: jxp.yield %[[PRED]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P0:.*]]: tensor<2xf32, ["x"]>, %[[P1:.*]]: tensor<2xf32, ["x"]>, %[[P2:.*]]: tensor<2xf32, ["x"]>, %[[K2:.*]]: tensor<i32>):
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[P0]], %[[P1]] : tensor<2xf32, ["x"]>
// CHECK: %[[K3:.*]] = jxp.sub %[[K2]], %{{.*}} : tensor<i32>
// CHECK-NEXT: jxp.yield %[[S]], %[[P2]], %[[P2]], %[[K3]] : tensor<2xf32, ["x"]>, tensor<2xf32, ["x"]>, tensor<2xf32, ["x"]>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[T:.*]] = jxp.all_reduce sum %[[W]]#0 axes ["x"] {invariant} : tensor<2xf32, ["x"]> -> tensor<2xf32>
// CHECK-NEXT: jxp.yield %[[T]] : tensor<2xf32>
func.func @while_fixed_point(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %n = jxp.constant dense<3> : tensor<i32>
    %w:4 = jxp.while (%c, %c, %x, %n) : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<i32> cond {
    ^bb0(%p0: tensor<2xf32>, %p1: tensor<2xf32>, %p2: tensor<2xf32>, %k: tensor<i32>):
      %z = jxp.constant dense<0> : tensor<i32>
      %p = jxp.compare GT, %k, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      jxp.yield %p : tensor<i1>
    } do {
    ^bb0(%p0: tensor<2xf32>, %p1: tensor<2xf32>, %p2: tensor<2xf32>, %k: tensor<i32>):
      %s = jxp.add %p0, %p1 : tensor<2xf32>
      %one = jxp.constant dense<1> : tensor<i32>
      %k1 = jxp.sub %k, %one : tensor<i32>
      jxp.yield %s, %p2, %p2, %k1 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<i32>
    }
    %t = jxp.all_reduce sum %w#0 axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %t : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// A predicate that varies (it reads axis_index) ends the loop at different
// steps on different devices: every carry varies, the counter too, and the
// invariant constant added to it in the body is cast.
// CHECK-LABEL: func.func @while_varying_predicate(
// CHECK: ^bb0(%[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[ZV:.*]] = jxp.pvary %[[Z]] axes ["x"] : tensor<i32> -> tensor<i32, ["x"]>
// CHECK-NEXT: jxp.while (%[[CV]], %[[ZV]]) : tensor<2xf32, ["x"]>, tensor<i32, ["x"]> cond {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<2xf32, ["x"]>, %[[K:.*]]: tensor<i32, ["x"]>):
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32, ["x"]>
// CHECK-NEXT: %[[P:.*]] = jxp.compare LT, %[[K]], %[[I]], SIGNED : (tensor<i32, ["x"]>, tensor<i32, ["x"]>) -> tensor<i1, ["x"]>
// CHECK-NEXT: jxp.yield %[[P]] : tensor<i1, ["x"]>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: tensor<2xf32, ["x"]>, %[[K2:.*]]: tensor<i32, ["x"]>):
// CHECK-NEXT: %[[D:.*]] = jxp.add %[[ACC]], %[[ACC]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[ONE:.*]] = jxp.constant dense<1> : tensor<i32>
// CHECK-NEXT: %[[ONEV:.*]] = jxp.pvary %[[ONE]] axes ["x"] : tensor<i32> -> tensor<i32, ["x"]>
// CHECK-NEXT: %[[K3:.*]] = jxp.add %[[K2]], %[[ONEV]] : tensor<i32, ["x"]>
// CHECK-NEXT: jxp.yield %[[D]], %[[K3]] : tensor<2xf32, ["x"]>, tensor<i32, ["x"]>
func.func @while_varying_predicate(%b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[]], out_specs = [[["x"]]]}
      : (tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%c: tensor<2xf32>):
    %z = jxp.constant dense<0> : tensor<i32>
    %w:2 = jxp.while (%c, %z) : tensor<2xf32>, tensor<i32> cond {
    ^bb0(%acc: tensor<2xf32>, %k: tensor<i32>):
      %i = jxp.axis_index axes ["x"] : tensor<i32>
      %p = jxp.compare LT, %k, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      jxp.yield %p : tensor<i1>
    } do {
    ^bb0(%acc: tensor<2xf32>, %k: tensor<i32>):
      %d = jxp.add %acc, %acc : tensor<2xf32>
      %one = jxp.constant dense<1> : tensor<i32>
      %k1 = jxp.add %k, %one : tensor<i32>
      jxp.yield %d, %k1 : tensor<2xf32>, tensor<i32>
    }
    jxp.yield %w#0 : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// scan: the carry starts invariant, the body multiplies it by a varying
// const: it is cast before the loop and varies in the body. The scanned
// slice stays invariant (cast at its use), and so do the stacked outputs
// computed from it alone.
// CHECK-LABEL: func.func @scan_carry(
// CHECK: ^bb0(%[[X:.*]]: tensor<2xf32, ["x"]>, %[[C:.*]]: tensor<f32>, %[[XS:.*]]: tensor<5xf32>):
// CHECK-NEXT: %[[W:.*]] = jxp.reduce sum %[[X]], dims = [0] : (tensor<2xf32, ["x"]>) -> tensor<f32, ["x"]>
// CHECK-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<f32> -> tensor<f32, ["x"]>
// CHECK-NEXT: %[[O:.*]]:2 = jxp.scan length 5 consts(%[[W]]) carry(%[[CV]]) xs(%[[XS]]) : (tensor<f32, ["x"]>, tensor<f32, ["x"]>, tensor<5xf32>) -> (tensor<f32, ["x"]>, tensor<5xf32>) {
// CHECK-NEXT: ^bb0(%[[K:.*]]: tensor<f32, ["x"]>, %[[ACC:.*]]: tensor<f32, ["x"]>, %[[E:.*]]: tensor<f32>):
// CHECK-NEXT: %[[EV:.*]] = jxp.pvary %[[E]] axes ["x"] : tensor<f32> -> tensor<f32, ["x"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[ACC]], %[[EV]] : tensor<f32, ["x"]>
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[M]], %[[K]] : tensor<f32, ["x"]>
// CHECK-NEXT: %[[E2:.*]] = jxp.neg %[[E]] : tensor<f32>
// CHECK-NEXT: jxp.yield %[[S]], %[[E2]] : tensor<f32, ["x"]>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: jxp.broadcast_in_dim %[[O]]#0, dims = [] : (tensor<f32, ["x"]>) -> tensor<2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %{{.*}}, %[[O]]#1 : tensor<2xf32, ["x"]>, tensor<5xf32>
func.func @scan_carry(%a: tensor<8xf32>, %b: tensor<f32>, %xs: tensor<5xf32>) -> (tensor<8xf32>, tensor<5xf32>) {
  %r:2 = jxp.shard_map (%a, %b, %xs) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], [], []], out_specs = [[["x"]], []]}
      : (tensor<8xf32>, tensor<f32>, tensor<5xf32>) -> (tensor<8xf32>, tensor<5xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<f32>, %s: tensor<5xf32>):
    %w = jxp.reduce sum %x, dims = [0] : (tensor<2xf32>) -> tensor<f32>
    %o:2 = jxp.scan length 5 consts(%w) carry(%c) xs(%s) : (tensor<f32>, tensor<f32>, tensor<5xf32>) -> (tensor<f32>, tensor<5xf32>) {
    ^bb0(%k: tensor<f32>, %acc: tensor<f32>, %e: tensor<f32>):
      %m = jxp.mul %acc, %e : tensor<f32>
      %s2 = jxp.add %m, %k : tensor<f32>
      %e2 = jxp.neg %e : tensor<f32>
      jxp.yield %s2, %e2 : tensor<f32>, tensor<f32>
    }
    %ob = jxp.broadcast_in_dim %o#0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    jxp.yield %ob, %o#1 : tensor<2xf32>, tensor<5xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<5xf32>
}

// -----

// cond with a varying index: each device may take another branch, so the
// results vary even where every branch yields an invariant value; each
// branch casts what it yields.
// CHECK-LABEL: func.func @cond_varying_index(
// CHECK: ^bb0(%[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32, ["x"]>
// CHECK-NEXT: %[[O:.*]] = jxp.cond %[[I]] : tensor<i32, {{\[}}"x"]> (%[[C]]) : (tensor<2xf32>) -> (tensor<2xf32, ["x"]>) {
// CHECK-NEXT: ^bb0(%[[V:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[VV:.*]] = jxp.pvary %[[V]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %[[VV]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%[[V2:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[V2]] : tensor<2xf32>
// CHECK-NEXT: %[[NV:.*]] = jxp.pvary %[[N]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %[[NV]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: }
// CHECK-NEXT: jxp.yield %[[O]] : tensor<2xf32, ["x"]>
func.func @cond_varying_index(%b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[]], out_specs = [[["x"]]]}
      : (tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%c: tensor<2xf32>):
    %i = jxp.axis_index axes ["x"] : tensor<i32>
    %o = jxp.cond %i (%c) : (tensor<2xf32>) -> (tensor<2xf32>) {
    ^bb0(%v: tensor<2xf32>):
      jxp.yield %v : tensor<2xf32>
    }, {
    ^bb0(%v: tensor<2xf32>):
      %n = jxp.neg %v : tensor<2xf32>
      jxp.yield %n : tensor<2xf32>
    }
    jxp.yield %o : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// check_vma = false: every value counts as varying along every manual
// axis, the replicated operand and the result with spec P() included (no
// out_specs check); only values the body creates (constants) are cast.
// CHECK-LABEL: func.func @unchecked(
// CHECK: jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false,
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32, ["x"]>, %[[C:.*]]: tensor<2xf32, ["x"]>):
// CHECK-NEXT: %[[K:.*]] = jxp.constant dense<2.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[KV:.*]] = jxp.pvary %[[K]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[KV]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[C]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %[[M]], %[[N]] : tensor<2xf32, ["x"]>, tensor<2xf32, ["x"]>
func.func @unchecked(%a: tensor<8xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[], []], check_vma = false}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %k = jxp.constant dense<2.0> : tensor<2xf32>
    %m = jxp.mul %x, %k : tensor<2xf32>
    %n = jxp.neg %c : tensor<2xf32>
    jxp.yield %m, %n : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// A 2-D mesh with only "y" manual: the VMA names "y" alone (a spec cannot
// split along "x", and an operand is whole along it); psum over "y" gives
// an invariant value, axis_index over "y" a varying one.
// CHECK-LABEL: func.func @partial_2d(
// CHECK: ^bb0(%[[X:.*]]: tensor<8x3xf32, ["y"]>, %[[C:.*]]: tensor<6xf32>):
// CHECK-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[X]] axes ["y"] {invariant} : tensor<8x3xf32, ["y"]> -> tensor<8x3xf32>
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["y"] : tensor<i32, ["y"]>
// CHECK-NEXT: %[[F:.*]] = jxp.convert %[[I]] : (tensor<i32, ["y"]>) -> tensor<f32, ["y"]>
// CHECK-NEXT: %[[FB:.*]] = jxp.broadcast_in_dim %[[F]], dims = [] : (tensor<f32, ["y"]>) -> tensor<8x3xf32, ["y"]>
// CHECK-NEXT: %[[SV:.*]] = jxp.pvary %[[S]] axes ["y"] : tensor<8x3xf32> -> tensor<8x3xf32, ["y"]>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[SV]], %[[FB]] : tensor<8x3xf32, ["y"]>
// CHECK-NEXT: %[[CS:.*]] = jxp.reduce sum %[[C]], dims = [0] : (tensor<6xf32>) -> tensor<f32>
// CHECK-NEXT: jxp.yield %[[M]], %[[CS]] : tensor<8x3xf32, ["y"]>, tensor<f32>
func.func @partial_2d(%a: tensor<8x6xf32>, %b: tensor<6xf32>) -> (tensor<8x6xf32>, tensor<f32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[[], ["y"]], []], out_specs = [[[], ["y"]], []]}
      : (tensor<8x6xf32>, tensor<6xf32>) -> (tensor<8x6xf32>, tensor<f32>) {
  ^bb0(%x: tensor<8x3xf32>, %c: tensor<6xf32>):
    %s = jxp.all_reduce sum %x axes ["y"] {invariant} : tensor<8x3xf32> -> tensor<8x3xf32>
    %i = jxp.axis_index axes ["y"] : tensor<i32>
    %f = jxp.convert %i : (tensor<i32>) -> tensor<f32>
    %fb = jxp.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %m = jxp.mul %s, %fb : tensor<8x3xf32>
    %cs = jxp.reduce sum %c, dims = [0] : (tensor<6xf32>) -> tensor<f32>
    jxp.yield %m, %cs : tensor<8x3xf32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<8x6xf32>, tensor<f32>
}

// -----

// Manual axes listed out of mesh order: encodings still follow the mesh
// ("x" before "y").
// CHECK-LABEL: func.func @manual_order(
// CHECK: ^bb0(%[[X:.*]]: tensor<2x2xf32, ["x", "y"]>):
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[X]] : tensor<2x2xf32, ["x", "y"]>
func.func @manual_order(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["y", "x"],
      in_specs = [[["y"], ["x"]]], out_specs = [[["y"], ["x"]]]}
      : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%x: tensor<2x2xf32>):
    %n = jxp.neg %x : tensor<2x2xf32>
    jxp.yield %n : tensor<2x2xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// Calls in the body are inlined first (nested calls too), so that each
// value has one VMA: the helper's add casts the invariant argument. The
// functions themselves stay untyped.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME: %arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: jxp.add %arg0, %arg1 : tensor<2xf32>
// CHECK-LABEL: func.func @calls(
// CHECK-NOT: call
// CHECK: ^bb0(%[[X:.*]]: tensor<2xf32, ["x"]>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[E:.*]] = jxp.exp %[[C]] : tensor<2xf32>
// CHECK-NEXT: %[[EV:.*]] = jxp.pvary %[[E]] axes ["x"] : tensor<2xf32> -> tensor<2xf32, ["x"]>
// CHECK-NEXT: %[[S:.*]] = jxp.add %[[EV]], %[[X]] : tensor<2xf32, ["x"]>
// CHECK-NEXT: jxp.yield %[[S]] : tensor<2xf32, ["x"]>
// CHECK-NOT: call
func.func private @helper(%u: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %s = jxp.add %u, %v : tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func private @outer(%u: tensor<2xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %e = jxp.exp %u : tensor<2xf32>
  %s = func.call @helper(%e, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func @calls(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %o = func.call @outer(%c, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    jxp.yield %o : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
