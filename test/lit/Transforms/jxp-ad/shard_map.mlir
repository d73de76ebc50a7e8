// Reverse mode (the jxp-ad driver) of jxp.shard_map and of the collectives
// over mesh axes. The body is first made explicit about VMA (the casts
// jxp-infer-vma would insert, types left without encoding), so that the
// rules respect JAX's duality: the transpose of a pvary is a psum (marked
// invariant) and the transpose of an invariant psum is a pvary. Forward
// mode, transposition, partial evaluation and batching alone are in
// ../jxp-jvp, ../jxp-transpose, ../jxp-partial-eval and ../jxp-batch
// (shard_map.mlir each).
// RUN: jxp-opt %s --split-input-file --jxp-ad | FileCheck %s
// Every derived program is valid input to the lowering, VMA check included.
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --jxp-infer-vma --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO

// A JVP (checked in ../jxp-jvp/shard_map.mlir), lowered.
// HLO-LABEL: func.func @jvp_main(
// HLO: "sdy.manual_computation"(%arg0, %arg1, %arg2, %arg3)
// HLO: "stablehlo.all_reduce"
// HLO: "stablehlo.all_reduce"
// HLO: in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{}]>, <@mesh, [{"x"}]>, <@mesh, [{}]>]>, manual_axes = #sdy<manual_axes{"x"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>
func.func private @f(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %m = jxp.mul %x, %c : tensor<2xf32>
    %s = jxp.sin %m : tensor<2xf32>
    %p = jxp.all_reduce sum %s axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @jvp_main(%a: tensor<8xf32>, %b: tensor<2xf32>, %ta: tensor<8xf32>, %tb: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %y, %t = jxp.jvp @f(%a, %b, %ta, %tb) wrt [0, 1] : (tensor<8xf32>, tensor<2xf32>, tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %y, %t : tensor<2xf32>, tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Reverse mode
//===----------------------------------------------------------------------===//

// VJP of sum_devices(sin(x * c)) on a 1-D mesh of 4. The known shard_map
// computes the primal and yields the residuals (the cast %c, the shard of
// x, cos(x * c)), each reshaped to a leading dimension of one and
// returned with spec [["x"], []] (4 x 2 overall). The linear shard_map
// takes the residuals with that spec and the result's cotangent with the
// result's out_spec P(): the transpose of the invariant psum is a pvary
// of the cotangent; the transpose of the (inserted) pvary of %c is a psum
// over "x", marked invariant, so %c's cotangent is replicated (out_spec
// P()) while %x's keeps the spec P("x").
// CHECK-LABEL: func.func private @h_vjp(
// CHECK-SAME: %arg0: tensor<8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<2xf32>)
// CHECK-NEXT: %[[K:.*]]:4 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}[], {{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []]]} : (tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CV]]
// CHECK-NEXT: %[[S:.*]] = jxp.sin %[[M]]
// CHECK-NEXT: %[[CS:.*]] = jxp.cos %[[M]]
// CHECK-NEXT: %[[P:.*]] = jxp.all_reduce sum %[[S]] axes ["x"] {invariant}
// CHECK-NEXT: %[[R0:.*]] = jxp.reshape %[[CV]] : (tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[R1:.*]] = jxp.reshape %[[X]] : (tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[R2:.*]] = jxp.reshape %[[CS]] : (tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: jxp.yield %[[P]], %[[R0]], %[[R1]], %[[R2]] : tensor<2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[L:.*]]:2 = jxp.shard_map(%[[K]]#1, %[[K]]#2, %[[K]]#3, %arg2) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]], []]} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[Q0:.*]]: tensor<1x2xf32>, %[[Q1:.*]]: tensor<1x2xf32>, %[[Q2:.*]]: tensor<1x2xf32>, %[[CT:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[CVR:.*]] = jxp.reshape %[[Q0]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[XR:.*]] = jxp.reshape %[[Q1]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[CSR:.*]] = jxp.reshape %[[Q2]] : (tensor<1x2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[CTV:.*]] = jxp.pvary %[[CT]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[D:.*]] = jxp.mul %[[CTV]], %[[CSR]]
// CHECK-NEXT: %[[DC:.*]] = jxp.mul %[[D]], %[[XR]]
// CHECK-NEXT: %[[DX:.*]] = jxp.mul %[[D]], %[[CVR]]
// CHECK-NEXT: %[[GC:.*]] = jxp.all_reduce sum %[[DC]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: jxp.yield %[[DX]], %[[GC]] : tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[K]]#0, %[[L]]#0, %[[L]]#1
// HLO-LABEL: func.func @vjp_main(
// HLO: "sdy.manual_computation"(%arg0, %arg1)
// HLO: out_shardings = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>]>} : (tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>)
// HLO: "sdy.manual_computation"(
// HLO: "stablehlo.all_reduce"
// HLO: replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>
// HLO: in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{}]>]>, manual_axes = #sdy<manual_axes{"x"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{}]>]>
func.func private @h(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %m = jxp.mul %x, %c : tensor<2xf32>
    %s = jxp.sin %m : tensor<2xf32>
    %p = jxp.all_reduce sum %s axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @vjp_main(%a: tensor<8xf32>, %b: tensor<2xf32>, %ct: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<2xf32>) {
  %y, %ga, %gb = jxp.vjp @h(%a, %b, %ct) wrt [0, 1] : (tensor<8xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<2xf32>)
  return %y, %ga, %gb : tensor<2xf32>, tensor<8xf32>, tensor<2xf32>
}

// -----

// 2-D mesh, manual axes listed "y" first: a residual's leading dimension
// is split along both (in that order), 8 overall, whatever the residual
// varies along (the scalar exp(c) is replicated, yet kept per device). The
// all_gather over "x" transposes to a psum of the cotangent over "x" (not
// marked invariant: the gathered value varies) and each member's block of
// it, at axis_index * 2; the replicated scalar's cotangent is summed over
// both axes.
// CHECK-LABEL: func.func private @k_vjp(
// CHECK-NEXT: %[[K:.*]]:5 = jxp.shard_map(%arg0, %arg1) {{.*}} manual_axes = ["y", "x"], out_specs = {{\[}}{{\[}}["y"]], {{\[}}["y", "x"]], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], []]]} : (tensor<8x4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<8x2x2xf32>, tensor<8x2x2xf32>, tensor<8x2xf32>) {
// CHECK: %[[E:.*]] = jxp.exp %{{.*}} : tensor<f32>
// CHECK: %[[RE:.*]] = jxp.reshape %[[E]] : (tensor<f32>) -> tensor<1xf32>
// CHECK: %[[L:.*]]:2 = jxp.shard_map(%[[K]]#1, %[[K]]#2, %[[K]]#3, %[[K]]#4, %arg2) {{.*}} in_specs = {{\[}}{{\[}}["y", "x"]], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], []], {{\[}}["y"]]], manual_axes = ["y", "x"], out_specs = {{\[}}{{\[}}["x"], ["y"]], []]} : (tensor<8xf32>, tensor<8x2x2xf32>, tensor<8x2x2xf32>, tensor<8x2xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<f32>) {
// CHECK-NEXT: ^bb0(%[[Q0:.*]]: tensor<1xf32>, %{{.*}}: tensor<1x2x2xf32>, %{{.*}}: tensor<1x2x2xf32>, %{{.*}}: tensor<1x2xf32>, %[[CT:.*]]: tensor<2xf32>):
// CHECK: %[[CTV:.*]] = jxp.pvary %[[CT]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK: %[[G:.*]] = jxp.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<2xf32>) -> tensor<8x2xf32>
// CHECK-NEXT: %[[GS:.*]] = jxp.all_reduce sum %[[G]] axes ["x"] : tensor<8x2xf32> -> tensor<8x2xf32>
// CHECK-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[TWO:.*]] = jxp.constant dense<2> : tensor<i32>
// CHECK-NEXT: %[[START:.*]] = jxp.mul %[[I]], %[[TWO]] : tensor<i32>
// CHECK-NEXT: %[[BLK:.*]] = jxp.dynamic_slice %[[GS]][%[[START]], %[[Z]]], sizes = [2, 2] : (tensor<8x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
// CHECK: %[[GC:.*]] = jxp.all_reduce sum %{{.*}} axes ["x", "y"] {invariant} : tensor<f32> -> tensor<f32>
// CHECK-NEXT: jxp.yield %{{.*}}, %[[GC]] : tensor<2x2xf32>, tensor<f32>
// HLO-LABEL: func.func @vjp_2d(
// HLO: "sdy.manual_computation"(%arg0, %arg1)
// HLO: out_shardings = #sdy.sharding_per_value<[<@mesh, [{"y"}]>, <@mesh, [{"y", "x"}]>, <@mesh, [{"y", "x"}, {}, {}]>, <@mesh, [{"y", "x"}, {}, {}]>, <@mesh, [{"y", "x"}, {}]>]>
// HLO: "sdy.manual_computation"(
// HLO: replica_groups = dense<{{\[}}[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
// HLO: replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>
func.func private @k(%a: tensor<8x4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y", "x"],
      in_specs = [[["x"], ["y"]], []], out_specs = [[["y"]]]}
      : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<2x2xf32>, %c: tensor<f32>):
    %e = jxp.exp %c : tensor<f32>
    %eb = jxp.broadcast_in_dim %e, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %m = jxp.mul %x, %eb : tensor<2x2xf32>
    %g = jxp.all_gather %m axes ["x"] axis 0 tiled : (tensor<2x2xf32>) -> tensor<8x2xf32>
    %s = jxp.reduce sum %g, dims = [0] : (tensor<8x2xf32>) -> tensor<2xf32>
    %sq = jxp.mul %s, %s : tensor<2xf32>
    %p = jxp.all_reduce sum %sq axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<4xf32>
}
func.func @vjp_2d(%a: tensor<8x4xf32>, %b: tensor<f32>, %ct: tensor<4xf32>) -> (tensor<4xf32>, tensor<8x4xf32>, tensor<f32>) {
  %y, %ga, %gb = jxp.vjp @k(%a, %b, %ct) wrt [0, 1] : (tensor<8x4xf32>, tensor<f32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<8x4xf32>, tensor<f32>)
  return %y, %ga, %gb : tensor<4xf32>, tensor<8x4xf32>, tensor<f32>
}

// -----

// A scan in the body: its carry (the replicated %c) is cast before the
// loop; the reverse scan of the linear shard_map starts from the pvary of
// the cotangent, and the carry's cotangent leaves through a psum.
// CHECK-LABEL: func.func private @s_vjp(
// CHECK: jxp.shard_map(%arg0, %arg1) {{.*}} out_specs = {{\[}}[], {{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []]]} : (tensor<8xf32>, tensor<f32>) -> (tensor<f32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
// CHECK: %[[CV:.*]] = jxp.pvary %{{.*}} axes ["x"] : tensor<f32> -> tensor<f32>
// CHECK-NEXT: jxp.scan length 2 consts() carry(%[[CV]])
// CHECK: jxp.shard_map({{.*}}, %arg2) {{.*}} out_specs = {{\[}}{{\[}}["x"]], []]} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<f32>) -> (tensor<8xf32>, tensor<f32>) {
// CHECK: %[[CTV:.*]] = jxp.pvary %{{.*}} axes ["x"] : tensor<f32> -> tensor<f32>
// CHECK-NEXT: %[[T:.*]]:2 = jxp.scan length 2 reverse consts() carry(%[[CTV]])
// CHECK: %[[GC:.*]] = jxp.all_reduce sum %[[T]]#0 axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
// CHECK-NEXT: jxp.yield %[[T]]#1, %[[GC]] : tensor<2xf32>, tensor<f32>
// HLO-LABEL: func.func @vjp_scan(
// HLO-COUNT-2: "sdy.manual_computation"
func.func private @s(%a: tensor<8xf32>, %b: tensor<f32>) -> tensor<f32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]]}
      : (tensor<8xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<f32>):
    %o:2 = jxp.scan length 2 consts() carry(%c) xs(%x) : (tensor<f32>, tensor<2xf32>) -> (tensor<f32>, tensor<2xf32>) {
    ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
      %m = jxp.mul %acc, %e : tensor<f32>
      %s = jxp.sin %m : tensor<f32>
      jxp.yield %s, %m : tensor<f32>, tensor<f32>
    }
    %p = jxp.all_reduce sum %o#0 axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
    jxp.yield %p : tensor<f32>
  }
  return %r : tensor<f32>
}
func.func @vjp_scan(%a: tensor<8xf32>, %b: tensor<f32>, %ct: tensor<f32>) -> (tensor<f32>, tensor<8xf32>, tensor<f32>) {
  %y, %ga, %gb = jxp.vjp @s(%a, %b, %ct) wrt [0, 1] : (tensor<8xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<8xf32>, tensor<f32>)
  return %y, %ga, %gb : tensor<f32>, tensor<8xf32>, tensor<f32>
}

// -----

// The transpose of the block collectives (checked in
// ../jxp-transpose/shard_map.mlir), lowered.
// HLO-LABEL: func.func @tr_blocks(
// HLO: "stablehlo.all_to_all"(%{{.*}}) {{.*}} concat_dimension = 0 : i64, replica_groups = dense<{{\[}}[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64
// HLO: "stablehlo.collective_permute"(%{{.*}}) {{.*}} source_target_pairs = dense<{{\[}}[2, 0], [1, 2], [0, 1]]> : tensor<3x2xi64>
// HLO: "stablehlo.all_gather"(%{{.*}}) {all_gather_dim = 0 : i64, {{.*}} replica_groups = dense<{{\[}}[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, use_global_device_ids} : (tensor<1x2xf32>) -> tensor<4x2xf32>
func.func private @blocks(%a: tensor<16x4xf32>) -> (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) {
  %r:4 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]]]}
      : (tensor<16x4xf32>) -> (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) {
  ^bb0(%x: tensor<4x2xf32>):
    %ps = jxp.psum_scatter %x axes ["x"] dimension 0 : (tensor<4x2xf32>) -> tensor<1x2xf32>
    %g = jxp.all_gather %x axes ["x"] axis 0 tiled : (tensor<4x2xf32>) -> tensor<16x2xf32>
    %p = jxp.ppermute %x axes ["y", "x"] perm [0, 1, 1, 4, 4, 0] : tensor<4x2xf32>
    %aa = jxp.all_to_all %x axes ["y"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<2x4xf32>
    jxp.yield %ps, %g, %p, %aa : tensor<1x2xf32>, tensor<16x2xf32>, tensor<4x2xf32>, tensor<2x4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>
}
func.func @tr_blocks(%c0: tensor<4x4xf32>, %c1: tensor<64x4xf32>, %c2: tensor<16x4xf32>, %c3: tensor<8x8xf32>) -> tensor<16x4xf32> {
  %r = jxp.linear_transpose @blocks(%c0, %c1, %c2, %c3) wrt [0] : (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) -> tensor<16x4xf32>
  return %r : tensor<16x4xf32>
}

// -----

// VJP of an unchecked shard_map (check_vma = false; JAX's untyped psum, no
// `invariant`): nothing is cast before differentiation (no pvary); the
// cotangent of the replicated result reaches each device as its share
// (divided by 4), the psum transposes to a psum, and the cotangent of the
// replicated operand %c, computed per device, is summed over "x" before
// it leaves with spec P() (JAX's unchecked transpose).
// CHECK-LABEL: func.func private @u_vjp(
// CHECK-NEXT: %[[K:.*]]:4 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false, {{.*}} out_specs = {{\[}}[], {{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []]]}
// CHECK-NOT: jxp.pvary
// CHECK: %[[L:.*]]:2 = jxp.shard_map(%[[K]]#1, %[[K]]#2, %[[K]]#3, %arg2) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]], []]}
// CHECK-NEXT: ^bb0(%[[Q0:.*]]: tensor<1x2xf32>, %[[Q1:.*]]: tensor<1x2xf32>, %[[Q2:.*]]: tensor<1x2xf32>, %[[CT:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[FOUR:.*]] = jxp.constant dense<4.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[SHARE:.*]] = jxp.div %[[CT]], %[[FOUR]]
// CHECK-NOT: jxp.pvary
// CHECK: %[[SUM:.*]] = jxp.all_reduce sum %[[SHARE]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[D:.*]] = jxp.mul %[[SUM]], %{{.*}}
// CHECK-NEXT: %[[DC:.*]] = jxp.mul %[[D]], %{{.*}}
// CHECK-NEXT: %[[DX:.*]] = jxp.mul %[[D]], %{{.*}}
// CHECK-NEXT: %[[GC:.*]] = jxp.all_reduce sum %[[DC]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: jxp.yield %[[DX]], %[[GC]] : tensor<2xf32>, tensor<2xf32>
func.func private @u(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[]], check_vma = false}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %m = jxp.mul %x, %c : tensor<2xf32>
    %s = jxp.sin %m : tensor<2xf32>
    %p = jxp.all_reduce sum %s axes ["x"] : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @vjp_unchecked(%a: tensor<8xf32>, %b: tensor<2xf32>, %ct: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<2xf32>) {
  %y, %ga, %gb = jxp.vjp @u(%a, %b, %ct) wrt [0, 1] : (tensor<8xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<2xf32>)
  return %y, %ga, %gb : tensor<2xf32>, tensor<8xf32>, tensor<2xf32>
}

// -----

// A vmap of a function with a shard_map (checked in
// ../jxp-batch/shard_map.mlir), lowered.
// HLO-LABEL: func.func @vmap_main(
// HLO: "sdy.manual_computation"(%{{.*}}, %arg1)
// HLO: in_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>, <@mesh, [{}]>]>, manual_axes = #sdy<manual_axes{"x"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>, <@mesh, [{}, {}]>]>
func.func private @v(%a: tensor<8xf32>, %b: tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]], []]}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %m = jxp.mul %x, %c : tensor<2xf32>
    %p = jxp.all_reduce sum %m axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %m, %p : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<2xf32>
}
func.func @vmap_main(%a: tensor<8x3xf32>, %b: tensor<2xf32>) -> (tensor<3x8xf32>, tensor<2x3xf32>) {
  %r:2 = jxp.vmap @v(%a, %b) in_axes [1, -1] out_axes [0, 1] size 3 : (tensor<8x3xf32>, tensor<2xf32>) -> (tensor<3x8xf32>, tensor<2x3xf32>)
  return %r#0, %r#1 : tensor<3x8xf32>, tensor<2x3xf32>
}
