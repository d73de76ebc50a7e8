// Batching rules of the region ops (cond, while, scan, remat, linear_loop),
// run alone with the `jxp-batch` pass: mapped and unmapped operands, a
// mapped cond index and while predicate (every branch runs and each member
// selects; the loop runs while any member's predicate holds), and carries
// that become mapped only through the body (the carry fixed point). The
// second RUN line checks that the batched ops lower to StableHLO.
// test/python/test_batch_control_flow.py checks their numbers against
// jax.vmap.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --inline --canonicalize --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO --implicit-check-not=jxp.

//===----------------------------------------------------------------------===//
// cond
//===----------------------------------------------------------------------===//

// Index not mapped: a cond of the batched branches. Result 0 is mapped
// (along 1, where branch 0 has it), so branch 1 broadcasts its own; result 1
// is mapped in no branch and stays so.
// CHECK-LABEL: func.func private @cond_unmapped_index_batched(
// CHECK-SAME: %[[I:[^:]*]]: tensor<i32>, %[[A:[^:]*]]: tensor<3x5xf32>, %[[B:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = jxp.cond %[[I]] (%[[A]], %[[B]]) : (tensor<3x5xf32>, tensor<3xf32>) -> (tensor<3x5xf32>, tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[X:[^:]*]]: tensor<3x5xf32>, %[[Y:[^:]*]]: tensor<3xf32>):
// CHECK-NEXT: jxp.yield %[[X]], %[[Y]] : tensor<3x5xf32>, tensor<3xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%[[X:[^:]*]]: tensor<3x5xf32>, %[[Y:[^:]*]]: tensor<3xf32>):
// CHECK-NEXT: %[[S:.*]] = jxp.sin %[[Y]] : tensor<3xf32>
// CHECK-NEXT: %[[SB:.*]] = jxp.broadcast_in_dim %[[S]], dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: jxp.yield %[[SB]], %[[Y]] : tensor<3x5xf32>, tensor<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
// HLO-LABEL: func.func @cond_unmapped_index_main(
// HLO: "stablehlo.case"(%arg0)
// HLO: "stablehlo.sine"
// HLO: "stablehlo.broadcast_in_dim"{{.*}}array<i64: 0>{{.*}} -> tensor<3x5xf32>
func.func private @cond_unmapped_index(%i: tensor<i32>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.cond %i (%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    jxp.yield %x, %y : tensor<3xf32>, tensor<3xf32>
  }, {
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %s = jxp.sin %y : tensor<3xf32>
    jxp.yield %s, %y : tensor<3xf32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}
func.func @cond_unmapped_index_main(%i: tensor<i32>, %a: tensor<3x5xf32>, %b: tensor<3xf32>) -> (tensor<3x5xf32>, tensor<3xf32>) {
  %0:2 = jxp.vmap @cond_unmapped_index(%i, %a, %b) in_axes [-1, 1, -1] out_axes [1, -1] size 5 : (tensor<i32>, tensor<3x5xf32>, tensor<3xf32>) -> (tensor<3x5xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3xf32>
}

// -----

// Index mapped, three branches (JAX's rule): every branch runs on the
// batch, inline, and each member selects its own results: branch 0 where
// its index is 0, 1 where 1, else the last (the index clamped as the op
// does). Each branch reads its operands where it is the member's and
// their stop_gradient elsewhere, so that reverse mode differentiates only
// the branch taken. The results are mapped along 1, where branch 0 yields
// them; the last branch's constant is broadcast.
// CHECK-LABEL: func.func private @switch_mapped_index_batched(
// CHECK-SAME: %[[I:[^:]*]]: tensor<4xi32>, %[[A:[^:]*]]: tensor<2x4xf32>)
// CHECK-NOT: jxp.cond
// CHECK: %[[LT:.*]] = jxp.compare LT, %[[I]], %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK: %[[GE:.*]] = jxp.compare GE, %[[I]], %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: %[[IN:.*]] = jxp.and %[[GE]], %[[LT]] : tensor<4xi1>
// CHECK: %[[K:.*]] = jxp.select %[[IN]], %[[I]], %{{.*}} : tensor<4xi1>, tensor<4xi32>
// CHECK: %[[T0:.*]] = jxp.compare EQ, %[[K]], %{{.*}}
// CHECK-NEXT: %[[SG0:.*]] = jxp.stop_gradient %[[A]] : tensor<2x4xf32>
// CHECK-NEXT: %[[P0:.*]] = jxp.broadcast_in_dim %[[T0]], dims = [1] : (tensor<4xi1>) -> tensor<2x4xi1>
// CHECK-NEXT: %[[A0:.*]] = jxp.select %[[P0]], %[[A]], %[[SG0]] : tensor<2x4xi1>, tensor<2x4xf32>
// CHECK: %[[T1:.*]] = jxp.compare EQ, %[[K]], %{{.*}}
// CHECK-NEXT: %[[SG1:.*]] = jxp.stop_gradient %[[A]] : tensor<2x4xf32>
// CHECK-NEXT: %[[P1:.*]] = jxp.broadcast_in_dim %[[T1]], dims = [1] : (tensor<4xi1>) -> tensor<2x4xi1>
// CHECK-NEXT: %[[A1:.*]] = jxp.select %[[P1]], %[[A]], %[[SG1]] : tensor<2x4xi1>, tensor<2x4xf32>
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[A1]] : tensor<2x4xf32>
// CHECK: %[[C:.*]] = jxp.constant dense<7.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[Q1:.*]] = jxp.broadcast_in_dim %[[T1]], dims = [1] : (tensor<4xi1>) -> tensor<2x4xi1>
// CHECK-NEXT: %[[CB:.*]] = jxp.broadcast_in_dim %[[C]], dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[S1:.*]] = jxp.select %[[Q1]], %[[N]], %[[CB]]
// CHECK-NEXT: %[[Q0:.*]] = jxp.broadcast_in_dim %[[T0]], dims = [1] : (tensor<4xi1>) -> tensor<2x4xi1>
// CHECK-NEXT: %[[S0:.*]] = jxp.select %[[Q0]], %[[A0]], %[[S1]]
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[S0]], permutation = [1, 0]
// CHECK-NEXT: return %[[T]]
// HLO-LABEL: func.func @switch_mapped_index_main(
// HLO-NOT: stablehlo.case
// HLO: "stablehlo.negate"
// HLO: "stablehlo.select"
// HLO: "stablehlo.select"
// HLO: "stablehlo.transpose"
func.func private @switch_mapped_index(%i: tensor<i32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.cond %i (%a) : (tensor<2xf32>) -> (tensor<2xf32>) {
  ^bb0(%x: tensor<2xf32>):
    jxp.yield %x : tensor<2xf32>
  }, {
  ^bb0(%x: tensor<2xf32>):
    %n = jxp.neg %x : tensor<2xf32>
    jxp.yield %n : tensor<2xf32>
  }, {
  ^bb0(%x: tensor<2xf32>):
    %c = jxp.constant dense<7.0> : tensor<2xf32>
    jxp.yield %c : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @switch_mapped_index_main(%i: tensor<4xi32>, %a: tensor<2x4xf32>) -> tensor<4x2xf32> {
  %0 = jxp.vmap @switch_mapped_index(%i, %a) in_axes [0, 1] out_axes [0] size 4 : (tensor<4xi32>, tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Only the index mapped: the operand is broadcast (as JAX's rule does:
// each member's branches read it guarded by their own index).
// CHECK-LABEL: func.func private @cond_only_index_mapped_batched(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3xi32>, %[[A:[^:]*]]: tensor<f32>)
// CHECK-NOT: jxp.cond
// CHECK: %[[T0:.*]] = jxp.compare EQ, %{{.*}}, %{{.*}} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
// CHECK: %[[A0:.*]] = jxp.select %[[T0]], %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xf32>
// CHECK: %[[A1:.*]] = jxp.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xf32>
// CHECK-NEXT: %[[E:.*]] = jxp.exp %[[A1]] : tensor<3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.select %[[T0]], %[[A0]], %[[E]] : tensor<3xi1>, tensor<3xf32>
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @cond_only_index_mapped_main(
// HLO-NOT: stablehlo.case
// HLO: "stablehlo.exponential"
// HLO: "stablehlo.select"
func.func private @cond_only_index_mapped(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  %r = jxp.cond %i (%a) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    %e = jxp.exp %x : tensor<f32>
    jxp.yield %e : tensor<f32>
  }
  return %r : tensor<f32>
}
func.func @cond_only_index_mapped_main(%i: tensor<3xi32>, %a: tensor<f32>) -> tensor<3xf32> {
  %0 = jxp.vmap @cond_only_index_mapped(%i, %a) in_axes [0, -1] out_axes [0] size 3 : (tensor<3xi32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

// Predicate not mapped (it reads the unmapped counter): a while of the
// batched regions; the mapped carry enters along 0.
// CHECK-LABEL: func.func private @while_unmapped_pred_batched(
// CHECK-SAME: %[[N:[^:]*]]: tensor<i32>, %[[A:[^:]*]]: tensor<3x6xf32>)
// CHECK-NEXT: %[[AT:.*]] = jxp.transpose %[[A]], permutation = [1, 0] : (tensor<3x6xf32>) -> tensor<6x3xf32>
// CHECK-NEXT: %[[R:.*]]:2 = jxp.while (%[[N]], %[[AT]]) : tensor<i32>, tensor<6x3xf32> cond {
// CHECK: jxp.compare LT, %{{.*}}, %{{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: } do {
// CHECK: jxp.mul %{{.*}}, %{{.*}} : tensor<6x3xf32>
// CHECK: %[[RT:.*]] = jxp.transpose %[[R]]#1, permutation = [1, 0]
// CHECK-NEXT: return %[[R]]#0, %[[RT]] : tensor<i32>, tensor<3x6xf32>
// HLO-LABEL: func.func @while_unmapped_pred_main(
// HLO: "stablehlo.while"
// HLO: "stablehlo.multiply"{{.*}}tensor<6x3xf32>
func.func private @while_unmapped_pred(%n: tensor<i32>, %a: tensor<3xf32>) -> (tensor<i32>, tensor<3xf32>) {
  %r:2 = jxp.while (%n, %a) : tensor<i32>, tensor<3xf32> cond {
  ^bb0(%i: tensor<i32>, %x: tensor<3xf32>):
    %ten = jxp.constant dense<10> : tensor<i32>
    %p = jxp.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %x: tensor<3xf32>):
    %one = jxp.constant dense<1> : tensor<i32>
    %j = jxp.add %i, %one : tensor<i32>
    %y = jxp.mul %x, %x : tensor<3xf32>
    jxp.yield %j, %y : tensor<i32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<3xf32>
}
func.func @while_unmapped_pred_main(%n: tensor<i32>, %a: tensor<3x6xf32>) -> (tensor<i32>, tensor<3x6xf32>) {
  %0:2 = jxp.vmap @while_unmapped_pred(%n, %a) in_axes [-1, 1] out_axes [-1, 1] size 6 : (tensor<i32>, tensor<3x6xf32>) -> (tensor<i32>, tensor<3x6xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<3x6xf32>
}

// -----

// Predicate mapped (it reads the mapped limit): the loop runs while any
// member's predicate holds; each step computes every member's predicate,
// reads the mapped carries guarded by it (their stop_gradient where it
// fails) and keeps the old carry where it fails. The counter, unmapped on
// entry, becomes mapped; the unmapped step and the limit, passed through
// unchanged, keep their batch dimensions (none, 0).
// CHECK-LABEL: func.func private @while_mapped_pred_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<f32>, %[[L:[^:]*]]: tensor<5xf32>, %[[S:[^:]*]]: tensor<f32>, %[[N:[^:]*]]: tensor<i32>)
// CHECK-NEXT: %[[XB:.*]] = jxp.broadcast_in_dim %[[X]], dims = [] : (tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT: %[[NB:.*]] = jxp.broadcast_in_dim %[[N]], dims = [] : (tensor<i32>) -> tensor<5xi32>
// CHECK-NEXT: %[[R:.*]]:4 = jxp.while (%[[XB]], %[[L]], %[[S]], %[[NB]]) : tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<5xi32> cond {
// CHECK-NEXT: ^bb0(%[[CX:[^:]*]]: tensor<5xf32>, %[[CL:[^:]*]]: tensor<5xf32>, %{{[^:]*}}: tensor<f32>, %{{[^:]*}}: tensor<5xi32>):
// CHECK-NEXT: %[[P:.*]] = jxp.compare LT, %[[CX]], %[[CL]] : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
// CHECK-NEXT: %[[ANY:.*]] = jxp.reduce or %[[P]], dims = [0] : (tensor<5xi1>) -> tensor<i1>
// CHECK-NEXT: jxp.yield %[[ANY]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[BX:[^:]*]]: tensor<5xf32>, %[[BL:[^:]*]]: tensor<5xf32>, %[[BS:[^:]*]]: tensor<f32>, %[[BN:[^:]*]]: tensor<5xi32>):
// CHECK-NEXT: %[[LIVE:.*]] = jxp.compare LT, %[[BX]], %[[BL]] : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
// CHECK-NEXT: %[[SG:.*]] = jxp.stop_gradient %[[BX]] : tensor<5xf32>
// CHECK-NEXT: %[[GX:.*]] = jxp.select %[[LIVE]], %[[BX]], %[[SG]] : tensor<5xi1>, tensor<5xf32>
// CHECK: %[[Y:.*]] = jxp.add %[[GX]], %{{.*}} : tensor<5xf32>
// CHECK: %[[M:.*]] = jxp.add %[[BN]], %{{.*}} : tensor<5xi32>
// CHECK-NEXT: %[[Y2:.*]] = jxp.select %[[LIVE]], %[[Y]], %[[BX]] : tensor<5xi1>, tensor<5xf32>
// CHECK-NEXT: %[[M2:.*]] = jxp.select %[[LIVE]], %[[M]], %[[BN]] : tensor<5xi1>, tensor<5xi32>
// CHECK-NEXT: jxp.yield %[[Y2]], %[[BL]], %[[BS]], %[[M2]] : tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<5xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#3
// HLO-LABEL: func.func @while_mapped_pred_main(
// HLO: "stablehlo.while"
// HLO: "stablehlo.reduce"
// HLO: "stablehlo.or"
// HLO: "stablehlo.select"
// HLO: "stablehlo.select"
func.func private @while_mapped_pred(%x0: tensor<f32>, %lim: tensor<f32>, %step: tensor<f32>, %n0: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:4 = jxp.while (%x0, %lim, %step, %n0) : tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32> cond {
  ^bb0(%x: tensor<f32>, %l: tensor<f32>, %s: tensor<f32>, %n: tensor<i32>):
    %p = jxp.compare LT, %x, %l : (tensor<f32>, tensor<f32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<f32>, %l: tensor<f32>, %s: tensor<f32>, %n: tensor<i32>):
    %y = jxp.add %x, %s : tensor<f32>
    %one = jxp.constant dense<1> : tensor<i32>
    %m = jxp.add %n, %one : tensor<i32>
    jxp.yield %y, %l, %s, %m : tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>
  }
  return %r#0, %r#3 : tensor<f32>, tensor<i32>
}
func.func @while_mapped_pred_main(%x: tensor<f32>, %lim: tensor<5xf32>, %step: tensor<f32>, %n: tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0:2 = jxp.vmap @while_mapped_pred(%x, %lim, %step, %n) in_axes [-1, 0, -1, -1] out_axes [0, 0] size 5 : (tensor<f32>, tensor<5xf32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// The second carry is not mapped on entry, but the body gives it the third
// (mapped along 1): the carry fixed point maps both, along 0, so the loop
// body transposes nothing.
// CHECK-LABEL: func.func private @while_mapped_through_body_batched(
// CHECK-SAME: %[[N:[^:]*]]: tensor<i32>, %[[A:[^:]*]]: tensor<2xf32>, %[[B:[^:]*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[AB:.*]] = jxp.broadcast_in_dim %[[A]], dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[BT:.*]] = jxp.transpose %[[B]], permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[R:.*]]:3 = jxp.while (%[[N]], %[[AB]], %[[BT]]) : tensor<i32>, tensor<3x2xf32>, tensor<3x2xf32> cond {
// CHECK: } do {
// CHECK-NEXT: ^bb0(%{{[^:]*}}: tensor<i32>, %[[X:[^:]*]]: tensor<3x2xf32>, %[[Y:[^:]*]]: tensor<3x2xf32>):
// CHECK-NOT: jxp.transpose
// CHECK: %[[Z:.*]] = jxp.add %[[X]], %[[Y]] : tensor<3x2xf32>
// CHECK-NEXT: jxp.yield %{{.*}}, %[[Y]], %[[Z]] : tensor<i32>, tensor<3x2xf32>, tensor<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#1, %[[R]]#2
// HLO-LABEL: func.func @while_mapped_through_body_main(
// HLO: "stablehlo.while"
func.func private @while_mapped_through_body(%n: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:3 = jxp.while (%n, %a, %b) : tensor<i32>, tensor<2xf32>, tensor<2xf32> cond {
  ^bb0(%i: tensor<i32>, %x: tensor<2xf32>, %y: tensor<2xf32>):
    %three = jxp.constant dense<3> : tensor<i32>
    %p = jxp.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %x: tensor<2xf32>, %y: tensor<2xf32>):
    %one = jxp.constant dense<1> : tensor<i32>
    %j = jxp.add %i, %one : tensor<i32>
    %z = jxp.add %x, %y : tensor<2xf32>
    jxp.yield %j, %y, %z : tensor<i32>, tensor<2xf32>, tensor<2xf32>
  }
  return %r#1, %r#2 : tensor<2xf32>, tensor<2xf32>
}
func.func @while_mapped_through_body_main(%n: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %0:2 = jxp.vmap @while_mapped_through_body(%n, %a, %b) in_axes [-1, -1, 1] out_axes [0, 0] size 3 : (tensor<i32>, tensor<2xf32>, tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

// consts, carry and xs mixed: the mapped const stays along 0, the carry
// (unmapped on entry) becomes mapped through the const, the mapped xs move
// their batch dimension to 1 (the scan axis stays 0) and the unmapped xs
// and ys stay so; the mapped ys come out along 1.
// CHECK-LABEL: func.func private @scan_mixed_batched(
// CHECK-SAME: %[[W:[^:]*]]: tensor<4x2xf32>, %[[C:[^:]*]]: tensor<2xf32>, %[[XS:[^:]*]]: tensor<4x3x2xf32>, %[[ZS:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[CB:.*]] = jxp.broadcast_in_dim %[[C]], dims = [1] : (tensor<2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[XT:.*]] = jxp.transpose %[[XS]], permutation = [1, 0, 2] : (tensor<4x3x2xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT: %[[R:.*]]:3 = jxp.scan length 3 consts(%[[W]]) carry(%[[CB]]) xs(%[[XT]], %[[ZS]]) : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<3x4x2xf32>, tensor<3xf32>) -> (tensor<4x2xf32>, tensor<3x4x2xf32>, tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[WI:[^:]*]]: tensor<4x2xf32>, %[[CI:[^:]*]]: tensor<4x2xf32>, %[[X:[^:]*]]: tensor<4x2xf32>, %[[Z:[^:]*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[CI]], %[[WI]] : tensor<4x2xf32>
// CHECK-NEXT: %[[N:.*]] = jxp.add %[[M]], %[[X]] : tensor<4x2xf32>
// CHECK-NEXT: %[[ZZ:.*]] = jxp.add %[[Z]], %[[Z]] : tensor<f32>
// CHECK-NEXT: jxp.yield %[[N]], %[[N]], %[[ZZ]] : tensor<4x2xf32>, tensor<4x2xf32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1, %[[R]]#2
// HLO-LABEL: func.func @scan_mixed_main(
// HLO: "stablehlo.transpose"(%arg2) {permutation = array<i64: 1, 0, 2>}
// HLO: "stablehlo.while"
// HLO: "stablehlo.dynamic_update_slice"{{.*}}tensor<3x4x2xf32>
func.func private @scan_mixed(%w: tensor<2xf32>, %c: tensor<2xf32>, %xs: tensor<3x2xf32>, %zs: tensor<3xf32>) -> (tensor<2xf32>, tensor<3x2xf32>, tensor<3xf32>) {
  %r:3 = jxp.scan length 3 consts(%w) carry(%c) xs(%xs, %zs) : (tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3x2xf32>, tensor<3xf32>) {
  ^bb0(%wi: tensor<2xf32>, %ci: tensor<2xf32>, %x: tensor<2xf32>, %z: tensor<f32>):
    %m = jxp.mul %ci, %wi : tensor<2xf32>
    %n = jxp.add %m, %x : tensor<2xf32>
    %zz = jxp.add %z, %z : tensor<f32>
    jxp.yield %n, %n, %zz : tensor<2xf32>, tensor<2xf32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<2xf32>, tensor<3x2xf32>, tensor<3xf32>
}
func.func @scan_mixed_main(%w: tensor<4x2xf32>, %c: tensor<2xf32>, %xs: tensor<4x3x2xf32>, %zs: tensor<3xf32>) -> (tensor<4x2xf32>, tensor<3x4x2xf32>, tensor<3xf32>) {
  %0:3 = jxp.vmap @scan_mixed(%w, %c, %xs, %zs) in_axes [0, -1, 0, -1] out_axes [0, 1, -1] size 4 : (tensor<4x2xf32>, tensor<2xf32>, tensor<4x3x2xf32>, tensor<3xf32>) -> (tensor<4x2xf32>, tensor<3x4x2xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<4x2xf32>, tensor<3x4x2xf32>, tensor<3xf32>
}

// -----

// Mapped xs along 2 (a reverse scan): moved to 1, so each slice is mapped
// along 0; the unmapped carry becomes mapped through the xs; the ys come
// out along 1, moved to out_axes 2.
// CHECK-LABEL: func.func private @scan_xs_inner_batched(
// CHECK-SAME: %[[C:[^:]*]]: tensor<f32>, %[[XS:[^:]*]]: tensor<3x2x4xf32>)
// CHECK-NEXT: %[[CB:.*]] = jxp.broadcast_in_dim %[[C]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[XT:.*]] = jxp.transpose %[[XS]], permutation = [0, 2, 1] : (tensor<3x2x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT: %[[R:.*]]:2 = jxp.scan length 3 reverse consts() carry(%[[CB]]) xs(%[[XT]]) : (tensor<4xf32>, tensor<3x4x2xf32>) -> (tensor<4xf32>, tensor<3x4x2xf32>) {
// CHECK-NEXT: ^bb0(%[[CI:[^:]*]]: tensor<4xf32>, %[[X:[^:]*]]: tensor<4x2xf32>):
// CHECK: jxp.yield %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4x2xf32>
// CHECK: %[[YT:.*]] = jxp.transpose %[[R]]#1, permutation = [0, 2, 1] : (tensor<3x4x2xf32>) -> tensor<3x2x4xf32>
// CHECK-NEXT: return %[[R]]#0, %[[YT]]
// HLO-LABEL: func.func @scan_xs_inner_main(
// HLO: "stablehlo.while"
func.func private @scan_xs_inner(%c: tensor<f32>, %xs: tensor<3x2xf32>) -> (tensor<f32>, tensor<3x2xf32>) {
  %r:2 = jxp.scan length 3 reverse consts() carry(%c) xs(%xs) : (tensor<f32>, tensor<3x2xf32>) -> (tensor<f32>, tensor<3x2xf32>) {
  ^bb0(%ci: tensor<f32>, %x: tensor<2xf32>):
    %s = jxp.reduce sum %x, dims = [0] : (tensor<2xf32>) -> tensor<f32>
    %n = jxp.add %ci, %s : tensor<f32>
    %y = jxp.sin %x : tensor<2xf32>
    jxp.yield %n, %y : tensor<f32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<3x2xf32>
}
func.func @scan_xs_inner_main(%c: tensor<f32>, %xs: tensor<3x2x4xf32>) -> (tensor<4xf32>, tensor<3x2x4xf32>) {
  %0:2 = jxp.vmap @scan_xs_inner(%c, %xs) in_axes [-1, 2] out_axes [0, 2] size 4 : (tensor<f32>, tensor<3x2x4xf32>) -> (tensor<4xf32>, tensor<3x2x4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<3x2x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// remat
//===----------------------------------------------------------------------===//

// remat: the batched body, with the op's policy and attributes; results
// mapped where the body yields them (along 1, and not mapped).
// CHECK-LABEL: func.func private @remat_mixed_batched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x2xf32>, %[[B:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = jxp.remat "nothing_saveable" (%[[A]], %[[B]]) : (tensor<3x2xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[X:[^:]*]]: tensor<3x2xf32>, %[[Y:[^:]*]]: tensor<3xf32>):
// CHECK-NEXT: %[[S:.*]] = jxp.sin %[[X]] : tensor<3x2xf32>
// CHECK-NEXT: %[[YB:.*]] = jxp.broadcast_in_dim %[[Y]], dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[S]], %[[YB]] : tensor<3x2xf32>
// CHECK-NEXT: %[[C:.*]] = jxp.cos %[[Y]] : tensor<3xf32>
// CHECK-NEXT: jxp.yield %[[M]], %[[C]] : tensor<3x2xf32>, tensor<3xf32>
// CHECK-NEXT: } {prevent_cse}
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
// HLO-LABEL: func.func @remat_mixed_main(
// HLO: "stablehlo.sine"(%arg0)
// HLO: "stablehlo.cosine"(%arg1)
func.func private @remat_mixed(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.remat "nothing_saveable" (%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):
    %s = jxp.sin %x : tensor<3xf32>
    %m = jxp.mul %s, %y : tensor<3xf32>
    %c = jxp.cos %y : tensor<3xf32>
    jxp.yield %m, %c : tensor<3xf32>, tensor<3xf32>
  } {prevent_cse}
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}
func.func @remat_mixed_main(%a: tensor<3x2xf32>, %b: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>) {
  %0:2 = jxp.vmap @remat_mixed(%a, %b) in_axes [1, -1] out_axes [1, -1] size 2 : (tensor<3x2xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// linear_loop
//===----------------------------------------------------------------------===//

// linear_loop with a mapped invariant: the primal carry becomes mapped
// through the step (its snapshot buffer is broadcast along 1, its slots
// along 0), and so does the linear carry through the linear step.
// CHECK-LABEL: func.func private @linear_loop_mixed_batched(
// CHECK-SAME: %[[N:[^:]*]]: tensor<i64>, %[[S:[^:]*]]: tensor<i64>, %[[BUF:[^:]*]]: tensor<5x2xf32>, %[[W:[^:]*]]: tensor<3x2xf32>, %[[T:[^:]*]]: tensor<2xf32>)
// CHECK-NEXT: %[[BB:.*]] = jxp.broadcast_in_dim %[[BUF]], dims = [0, 2] : (tensor<5x2xf32>) -> tensor<5x3x2xf32>
// CHECK-NEXT: %[[TB:.*]] = jxp.broadcast_in_dim %[[T]], dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.linear_loop %[[N]], %[[S]] snapshots(%[[BB]]) invariants(%[[W]]) carry(%[[TB]]) : (tensor<5x3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>) step {
// CHECK-NEXT: ^bb0(%[[P:[^:]*]]: tensor<3x2xf32>, %[[V:[^:]*]]: tensor<3x2xf32>):
// CHECK-NEXT: %[[Q:.*]] = jxp.mul %[[P]], %[[V]] : tensor<3x2xf32>
// CHECK-NEXT: jxp.yield %[[Q]] : tensor<3x2xf32>
// CHECK-NEXT: } linear {
// CHECK-NEXT: ^bb0(%[[P:[^:]*]]: tensor<3x2xf32>, %{{[^:]*}}: tensor<3x2xf32>, %[[U:[^:]*]]: tensor<3x2xf32>):
// CHECK-NEXT: %[[C:.*]] = jxp.cos %[[P]] : tensor<3x2xf32>
// CHECK-NEXT: %[[L:.*]] = jxp.mul %[[U]], %[[C]] : tensor<3x2xf32>
// CHECK-NEXT: jxp.yield %[[L]] : tensor<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @linear_loop_mixed_main(
// HLO: "stablehlo.while"
// HLO: "stablehlo.cosine"{{.*}}tensor<3x2xf32>
func.func private @linear_loop_mixed(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5x2xf32>, %w: tensor<2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
  %0 = jxp.linear_loop %n, %s snapshots(%buf) invariants(%w) carry(%t) : (tensor<5x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
  ^bb0(%p: tensor<2xf32>, %v: tensor<2xf32>):
    %q = jxp.mul %p, %v : tensor<2xf32>
    jxp.yield %q : tensor<2xf32>
  } linear {
  ^bb0(%p: tensor<2xf32>, %v: tensor<2xf32>, %u: tensor<2xf32>):
    %c = jxp.cos %p : tensor<2xf32>
    %r = jxp.mul %u, %c : tensor<2xf32>
    jxp.yield %r : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}
func.func @linear_loop_mixed_main(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5x2xf32>, %w: tensor<3x2xf32>, %t: tensor<2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.vmap @linear_loop_mixed(%n, %s, %buf, %w, %t) in_axes [-1, -1, -1, 0, -1] out_axes [0] size 3 : (tensor<i64>, tensor<i64>, tensor<5x2xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A collective over the vmap's axis inside a scan whose operands are all
// unmapped: the pass still batches the scan, and the carry becomes mapped
// through axis_index alone.
// CHECK-LABEL: func.func private @scan_axis_index_batched(
// CHECK-SAME: %[[C:[^:]*]]: tensor<f32>)
// CHECK-NEXT: %[[CB:.*]] = jxp.broadcast_in_dim %[[C]], dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scan length 2 consts() carry(%[[CB]]) xs() : (tensor<3xf32>) -> (tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[CI:[^:]*]]: tensor<3xf32>):
// CHECK-NEXT: %[[I:.*]] = jxp.iota dim = 0 : tensor<3xi32>
// CHECK-NEXT: %[[F:.*]] = jxp.convert %[[I]] : (tensor<3xi32>) -> tensor<3xf32>
// CHECK-NEXT: %[[N:.*]] = jxp.add %[[CI]], %[[F]] : tensor<3xf32>
// CHECK-NEXT: jxp.yield %[[N]] : tensor<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
// HLO-LABEL: func.func @scan_axis_index_main(
// HLO: "stablehlo.iota"
func.func private @scan_axis_index(%c: tensor<f32>) -> tensor<f32> {
  %r = jxp.scan length 2 consts() carry(%c) xs() : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%ci: tensor<f32>):
    %i = jxp.axis_index axes ["i"] : tensor<i32>
    %f = jxp.convert %i : (tensor<i32>) -> tensor<f32>
    %n = jxp.add %ci, %f : tensor<f32>
    jxp.yield %n : tensor<f32>
  }
  return %r : tensor<f32>
}
func.func @scan_axis_index_main(%c: tensor<f32>) -> tensor<3xf32> {
  %0 = jxp.vmap @scan_axis_index(%c) in_axes [-1] out_axes [0] size 3 {axis_name = "i"} : (tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
