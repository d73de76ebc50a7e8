// Derivatives and batching of jxp.shard_map and of the collectives over
// mesh axes. The body is first made explicit about VMA (the casts
// jxp-infer-vma would insert, types left without encoding), so that the
// rules respect JAX's duality: the transpose of a pvary is a psum (marked
// invariant) and the transpose of an invariant psum is a pvary; a psum
// without `invariant` (a vmap's) transposes to a psum. Forward mode appends
// the tangents with their primals' specs; partial evaluation passes each
// residual with a new leading dimension split along every manual axis;
// batching puts the batch dimension first, unsplit.
// RUN: jxp-opt %s --split-input-file --jxp-jvp | FileCheck %s --check-prefix=JVP
// RUN: jxp-opt %s --split-input-file --jxp-ad | FileCheck %s --check-prefix=VJP
// RUN: jxp-opt %s --split-input-file --jxp-transpose | FileCheck %s --check-prefix=TR
// RUN: jxp-opt %s --split-input-file --jxp-partial-eval | FileCheck %s --check-prefix=PE
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s --check-prefix=BATCH
// Every derived program is valid input to the lowering, VMA check included.
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce --jxp-infer-vma --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO

//===----------------------------------------------------------------------===//
// Forward mode
//===----------------------------------------------------------------------===//

// Both inputs have tangents: the derived shard_map takes them after the
// primals, each with its primal's in_spec, and returns the result's
// tangent with the result's out_spec. The cast of the replicated %c is
// made explicit, and so is its tangent's; the tangent of the psum is the
// psum of the tangent (invariant too).
// JVP-LABEL: func.func private @f_jvp(
// JVP-SAME: %arg0: tensor<8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<8xf32>, %arg3: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
// JVP-NEXT: %[[R:.*]]:2 = jxp.shard_map(%arg0, %arg1, %arg2, %arg3) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], [], {{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}[], []]} : (tensor<8xf32>, tensor<2xf32>, tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
// JVP-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xf32>, %[[TX:.*]]: tensor<2xf32>, %[[TC:.*]]: tensor<2xf32>):
// JVP-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// JVP-NEXT: %[[TCV:.*]] = jxp.pvary %[[TC]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// JVP-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CV]]
// JVP-NEXT: %[[T1:.*]] = jxp.mul %[[TX]], %[[CV]]
// JVP-NEXT: %[[T2:.*]] = jxp.mul %[[X]], %[[TCV]]
// JVP-NEXT: %[[TM:.*]] = jxp.add %[[T1]], %[[T2]]
// JVP-NEXT: %[[S:.*]] = jxp.sin %[[M]]
// JVP-NEXT: %[[CS:.*]] = jxp.cos %[[M]]
// JVP-NEXT: %[[TS:.*]] = jxp.mul %[[TM]], %[[CS]]
// JVP-NEXT: %[[P:.*]] = jxp.all_reduce sum %[[S]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// JVP-NEXT: %[[TP:.*]] = jxp.all_reduce sum %[[TS]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// JVP-NEXT: jxp.yield %[[P]], %[[TP]] : tensor<2xf32>, tensor<2xf32>
// JVP-NEXT: }
// JVP-NEXT: return %[[R]]#0, %[[R]]#1
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

// Only the replicated input has a tangent, on a 2-D mesh with "y" manual
// alone: one tangent operand (spec P()), and one tangent result, with the
// out_spec of the result that depends on it; the other result's tangent
// is zero and stays outside the shard_map (a global zero).
// JVP-LABEL: func.func private @g_jvp(
// JVP-SAME: %arg0: tensor<8x4xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x4xf32>, tensor<8x2xf32>)
// JVP-NEXT: %[[R:.*]]:3 = jxp.shard_map(%arg0, %arg1, %arg2) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>, device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, in_specs = {{\[}}{{\[}}[], ["y"]], [], []], manual_axes = ["y"], out_specs = {{\[}}{{\[}}[], ["y"]], [], {{\[}}[], ["y"]]]} : (tensor<8x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x4xf32>) {
// JVP-NEXT: ^bb0(%[[X:.*]]: tensor<8x2xf32>, %[[C:.*]]: tensor<f32>, %[[TC:.*]]: tensor<f32>):
// The casts come before the broadcasts (their transposes then sum scalars).
// JVP-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["y"] : tensor<f32> -> tensor<f32>
// JVP-NEXT: %[[TV:.*]] = jxp.pvary %[[TC]] axes ["y"] : tensor<f32> -> tensor<f32>
// JVP-NEXT: %[[CBV:.*]] = jxp.broadcast_in_dim %[[CV]], dims = [] : (tensor<f32>) -> tensor<8x2xf32>
// JVP-NEXT: %[[TBV:.*]] = jxp.broadcast_in_dim %[[TV]], dims = [] : (tensor<f32>) -> tensor<8x2xf32>
// JVP-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CBV]]
// JVP-NEXT: %[[TM:.*]] = jxp.mul %[[X]], %[[TBV]]
// JVP-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[X]] axes ["y"] {invariant}
// JVP-NEXT: jxp.yield %[[M]], %[[S]], %[[TM]] : tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>
// JVP-NEXT: }
// JVP-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<8x2xf32>
// JVP-NEXT: return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[Z]]
func.func private @g(%a: tensor<8x4xf32>, %b: tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[[], ["y"]], []], out_specs = [[[], ["y"]], []]}
      : (tensor<8x4xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>) {
  ^bb0(%x: tensor<8x2xf32>, %c: tensor<f32>):
    %cb = jxp.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x2xf32>
    %m = jxp.mul %x, %cb : tensor<8x2xf32>
    %s = jxp.all_reduce sum %x axes ["y"] {invariant} : tensor<8x2xf32> -> tensor<8x2xf32>
    jxp.yield %m, %s : tensor<8x2xf32>, tensor<8x2xf32>
  }
  return %r#0, %r#1 : tensor<8x4xf32>, tensor<8x2xf32>
}
func.func @jvp_one_tangent(%a: tensor<8x4xf32>, %b: tensor<f32>, %tb: tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>) {
  %y:2, %t:2 = jxp.jvp @g(%a, %b, %tb) wrt [1] : (tensor<8x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x2xf32>, tensor<8x4xf32>, tensor<8x2xf32>)
  return %t#0, %t#1 : tensor<8x4xf32>, tensor<8x2xf32>
}

//===----------------------------------------------------------------------===//
// Reverse mode
//===----------------------------------------------------------------------===//

// -----

// VJP of sum_devices(sin(x * c)) on a 1-D mesh of 4. The known shard_map
// computes the primal and yields the residuals (the cast %c, the shard of
// x, cos(x * c)), each reshaped to a leading dimension of one and
// returned with spec [["x"], []] (4 x 2 overall). The linear shard_map
// takes the residuals with that spec and the result's cotangent with the
// result's out_spec P(): the transpose of the invariant psum is a pvary
// of the cotangent; the transpose of the (inserted) pvary of %c is a psum
// over "x", marked invariant, so %c's cotangent is replicated (out_spec
// P()) while %x's keeps the spec P("x").
// VJP-LABEL: func.func private @h_vjp(
// VJP-SAME: %arg0: tensor<8xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>, tensor<2xf32>)
// VJP-NEXT: %[[K:.*]]:4 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}[], {{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []]]} : (tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
// VJP-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xf32>):
// VJP-NEXT: %[[CV:.*]] = jxp.pvary %[[C]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// VJP-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CV]]
// VJP-NEXT: %[[S:.*]] = jxp.sin %[[M]]
// VJP-NEXT: %[[CS:.*]] = jxp.cos %[[M]]
// VJP-NEXT: %[[P:.*]] = jxp.all_reduce sum %[[S]] axes ["x"] {invariant}
// VJP-NEXT: %[[R0:.*]] = jxp.reshape %[[CV]] : (tensor<2xf32>) -> tensor<1x2xf32>
// VJP-NEXT: %[[R1:.*]] = jxp.reshape %[[X]] : (tensor<2xf32>) -> tensor<1x2xf32>
// VJP-NEXT: %[[R2:.*]] = jxp.reshape %[[CS]] : (tensor<2xf32>) -> tensor<1x2xf32>
// VJP-NEXT: jxp.yield %[[P]], %[[R0]], %[[R1]], %[[R2]] : tensor<2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
// VJP-NEXT: }
// VJP-NEXT: %[[L:.*]]:2 = jxp.shard_map(%[[K]]#1, %[[K]]#2, %[[K]]#3, %arg2) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]], []]} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<2xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
// VJP-NEXT: ^bb0(%[[Q0:.*]]: tensor<1x2xf32>, %[[Q1:.*]]: tensor<1x2xf32>, %[[Q2:.*]]: tensor<1x2xf32>, %[[CT:.*]]: tensor<2xf32>):
// VJP-NEXT: %[[CVR:.*]] = jxp.reshape %[[Q0]] : (tensor<1x2xf32>) -> tensor<2xf32>
// VJP-NEXT: %[[XR:.*]] = jxp.reshape %[[Q1]] : (tensor<1x2xf32>) -> tensor<2xf32>
// VJP-NEXT: %[[CSR:.*]] = jxp.reshape %[[Q2]] : (tensor<1x2xf32>) -> tensor<2xf32>
// VJP-NEXT: %[[CTV:.*]] = jxp.pvary %[[CT]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// VJP-NEXT: %[[D:.*]] = jxp.mul %[[CTV]], %[[CSR]]
// VJP-NEXT: %[[DC:.*]] = jxp.mul %[[D]], %[[XR]]
// VJP-NEXT: %[[DX:.*]] = jxp.mul %[[D]], %[[CVR]]
// VJP-NEXT: %[[GC:.*]] = jxp.all_reduce sum %[[DC]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// VJP-NEXT: jxp.yield %[[DX]], %[[GC]] : tensor<2xf32>, tensor<2xf32>
// VJP-NEXT: }
// VJP-NEXT: return %[[K]]#0, %[[L]]#0, %[[L]]#1
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
// VJP-LABEL: func.func private @k_vjp(
// VJP-NEXT: %[[K:.*]]:5 = jxp.shard_map(%arg0, %arg1) {{.*}} manual_axes = ["y", "x"], out_specs = {{\[}}{{\[}}["y"]], {{\[}}["y", "x"]], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], []]]} : (tensor<8x4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<8x2x2xf32>, tensor<8x2x2xf32>, tensor<8x2xf32>) {
// VJP: %[[E:.*]] = jxp.exp %{{.*}} : tensor<f32>
// VJP: %[[RE:.*]] = jxp.reshape %[[E]] : (tensor<f32>) -> tensor<1xf32>
// VJP: %[[L:.*]]:2 = jxp.shard_map(%[[K]]#1, %[[K]]#2, %[[K]]#3, %[[K]]#4, %arg2) {{.*}} in_specs = {{\[}}{{\[}}["y", "x"]], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], [], []], {{\[}}["y", "x"], []], {{\[}}["y"]]], manual_axes = ["y", "x"], out_specs = {{\[}}{{\[}}["x"], ["y"]], []]} : (tensor<8xf32>, tensor<8x2x2xf32>, tensor<8x2x2xf32>, tensor<8x2xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<f32>) {
// VJP-NEXT: ^bb0(%[[Q0:.*]]: tensor<1xf32>, %{{.*}}: tensor<1x2x2xf32>, %{{.*}}: tensor<1x2x2xf32>, %{{.*}}: tensor<1x2xf32>, %[[CT:.*]]: tensor<2xf32>):
// VJP: %[[CTV:.*]] = jxp.pvary %[[CT]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// VJP: %[[G:.*]] = jxp.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<2xf32>) -> tensor<8x2xf32>
// VJP-NEXT: %[[GS:.*]] = jxp.all_reduce sum %[[G]] axes ["x"] : tensor<8x2xf32> -> tensor<8x2xf32>
// VJP-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32>
// VJP-NEXT: %[[Z:.*]] = jxp.constant dense<0> : tensor<i32>
// VJP-NEXT: %[[TWO:.*]] = jxp.constant dense<2> : tensor<i32>
// VJP-NEXT: %[[START:.*]] = jxp.mul %[[I]], %[[TWO]] : tensor<i32>
// VJP-NEXT: %[[BLK:.*]] = jxp.dynamic_slice %[[GS]][%[[START]], %[[Z]]], sizes = [2, 2] : (tensor<8x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
// VJP: %[[GC:.*]] = jxp.all_reduce sum %{{.*}} axes ["x", "y"] {invariant} : tensor<f32> -> tensor<f32>
// VJP-NEXT: jxp.yield %{{.*}}, %[[GC]] : tensor<2x2xf32>, tensor<f32>
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
// VJP-LABEL: func.func private @s_vjp(
// VJP: jxp.shard_map(%arg0, %arg1) {{.*}} out_specs = {{\[}}[], {{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []]]} : (tensor<8xf32>, tensor<f32>) -> (tensor<f32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
// VJP: %[[CV:.*]] = jxp.pvary %{{.*}} axes ["x"] : tensor<f32> -> tensor<f32>
// VJP-NEXT: jxp.scan length 2 consts() carry(%[[CV]])
// VJP: jxp.shard_map({{.*}}, %arg2) {{.*}} out_specs = {{\[}}{{\[}}["x"]], []]} : (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<f32>) -> (tensor<8xf32>, tensor<f32>) {
// VJP: %[[CTV:.*]] = jxp.pvary %{{.*}} axes ["x"] : tensor<f32> -> tensor<f32>
// VJP-NEXT: %[[T:.*]]:2 = jxp.scan length 2 reverse consts() carry(%[[CTV]])
// VJP: %[[GC:.*]] = jxp.all_reduce sum %[[T]]#0 axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
// VJP-NEXT: jxp.yield %[[T]]#1, %[[GC]] : tensor<2xf32>, tensor<f32>
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

//===----------------------------------------------------------------------===//
// Transposition alone
//===----------------------------------------------------------------------===//

// -----

// The duality in a linear shard_map: the transpose of the invariant psum
// is a pvary of its cotangent (the out_spec P() becomes the in_spec), the
// transpose of the cast of %c a psum marked invariant; the cotangents of
// the operands take the operands' specs as out_specs.
// TR-LABEL: func.func private @lin_transpose(
// TR-SAME: %arg0: tensor<2xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>)
// TR-NEXT: %[[R:.*]]:2 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}[], {{\[}}["x"]]], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]], []]} : (tensor<2xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
// TR-NEXT: ^bb0(%[[CS:.*]]: tensor<2xf32>, %[[CT:.*]]: tensor<2xf32>):
// TR-NEXT: %[[GC:.*]] = jxp.all_reduce sum %[[CT]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// TR-NEXT: %[[CSV:.*]] = jxp.pvary %[[CS]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// TR-NEXT: %[[GX:.*]] = jxp.add %[[CT]], %[[CSV]]
// TR-NEXT: jxp.yield %[[GX]], %[[GC]] : tensor<2xf32>, tensor<2xf32>
func.func private @lin(%a: tensor<8xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>) {
  %r:2 = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[], [["x"]]]}
      : (tensor<8xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %s = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    %t = jxp.add %x, %c : tensor<2xf32>
    jxp.yield %s, %t : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<8xf32>
}
func.func @tr_duality(%c0: tensor<2xf32>, %c1: tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>) {
  %r:2 = jxp.linear_transpose @lin(%c0, %c1) wrt [0, 1] : (tensor<2xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<2xf32>
}

// -----

// A replicated value put out with a spec that splits it along "x" (each
// device's block is the same): its cotangent comes in varying along "x"
// and is summed over "x" first (the transpose of that implicit cast).
// TR-LABEL: func.func private @bcast_transpose(
// TR-NEXT: jxp.shard_map(%arg0) {{.*}} in_specs = {{\[}}{{\[}}["x"]]], manual_axes = ["x"], out_specs = {{\[}}[]]} : (tensor<8xf32>) -> tensor<2xf32> {
// TR-NEXT: ^bb0(%[[CT:.*]]: tensor<2xf32>):
// TR-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[CT]] axes ["x"] {invariant} : tensor<2xf32> -> tensor<2xf32>
// TR-NEXT: %[[N:.*]] = jxp.neg %[[S]]
// TR-NEXT: jxp.yield %[[N]] : tensor<2xf32>
func.func private @bcast(%b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[]], out_specs = [[["x"]]]}
      : (tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%c: tensor<2xf32>):
    %n = jxp.neg %c : tensor<2xf32>
    jxp.yield %n : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
func.func @tr_bcast(%ct: tensor<8xf32>) -> tensor<2xf32> {
  %r = jxp.linear_transpose @bcast(%ct) wrt [0] : (tensor<8xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// The block collectives on a 2-D mesh: psum_scatter transposes to a tiled
// all_gather along its dimension; all_to_all to an all_to_all with split
// and concat swapped; ppermute to the inverse permutation; a tiled
// all_gather to a psum over its axes (not marked invariant: the gathered
// value varies) and the member's block (axis_index times the block size).
// TR-LABEL: func.func private @blocks_transpose(
// TR-NEXT: jxp.shard_map(%arg0, %arg1, %arg2, %arg3) {{.*}} in_specs = {{\[}}{{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]], {{\[}}["x"], ["y"]]], manual_axes = ["x", "y"], out_specs = {{\[}}{{\[}}["x"], ["y"]]]} : (tensor<4x4xf32>, tensor<64x4xf32>, tensor<16x4xf32>, tensor<8x8xf32>) -> tensor<16x4xf32> {
// TR-NEXT: ^bb0(%[[C0:.*]]: tensor<1x2xf32>, %[[C1:.*]]: tensor<16x2xf32>, %[[C2:.*]]: tensor<4x2xf32>, %[[C3:.*]]: tensor<2x4xf32>):
// TR-NEXT: %[[AA:.*]] = jxp.all_to_all %[[C3]] axes ["y"] split 1 concat 0 : (tensor<2x4xf32>) -> tensor<4x2xf32>
// TR-NEXT: %[[PP:.*]] = jxp.ppermute %[[C2]] axes ["y", "x"] perm [1, 0, 4, 1, 0, 4] : tensor<4x2xf32>
// TR-NEXT: %[[A1:.*]] = jxp.add %[[AA]], %[[PP]]
// TR-NEXT: %[[SUM:.*]] = jxp.all_reduce sum %[[C1]] axes ["x"] : tensor<16x2xf32> -> tensor<16x2xf32>
// TR-NEXT: %[[I:.*]] = jxp.axis_index axes ["x"] : tensor<i32>
// TR-NEXT: %[[Z:.*]] = jxp.constant dense<0> : tensor<i32>
// TR-NEXT: %[[FOUR:.*]] = jxp.constant dense<4> : tensor<i32>
// TR-NEXT: %[[ST:.*]] = jxp.mul %[[I]], %[[FOUR]] : tensor<i32>
// TR-NEXT: %[[BLK:.*]] = jxp.dynamic_slice %[[SUM]][%[[ST]], %[[Z]]], sizes = [4, 2] : (tensor<16x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
// TR-NEXT: %[[A2:.*]] = jxp.add %[[A1]], %[[BLK]]
// TR-NEXT: %[[AG:.*]] = jxp.all_gather %[[C0]] axes ["x"] axis 0 tiled : (tensor<1x2xf32>) -> tensor<4x2xf32>
// TR-NEXT: %[[A3:.*]] = jxp.add %[[A2]], %[[AG]]
// TR-NEXT: jxp.yield %[[A3]] : tensor<4x2xf32>
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

// check_vma = false (JAX's unchecked shard_map, whose psum is the untyped
// one, no `invariant`): the cotangent of a result replicated along "x" (its
// out_spec P()) reaches each of the 4 devices as its share, divided by 4,
// and the psum transposes to a psum, which sums the shares back.
// TR-LABEL: func.func private @unchecked_transpose(
// TR-NEXT: jxp.shard_map(%arg0) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}[]], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]]]} : (tensor<2xf32>) -> tensor<8xf32> {
// TR-NEXT: ^bb0(%[[CT:.*]]: tensor<2xf32>):
// TR-NEXT: %[[N:.*]] = jxp.constant dense<4.000000e+00> : tensor<2xf32>
// TR-NEXT: %[[SHARE:.*]] = jxp.div %[[CT]], %[[N]]
// TR-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[SHARE]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// TR-NEXT: jxp.yield %[[S]] : tensor<2xf32>
func.func private @unchecked(%a: tensor<8xf32>) -> tensor<2xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]]], out_specs = [[]], check_vma = false}
      : (tensor<8xf32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<2xf32>):
    %s = jxp.all_reduce sum %x axes ["x"] : tensor<2xf32> -> tensor<2xf32>
    jxp.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func @tr_unchecked(%ct: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.linear_transpose @unchecked(%ct) wrt [0] : (tensor<2xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// VJP of an unchecked shard_map (check_vma = false; JAX's untyped psum, no
// `invariant`): nothing is cast before differentiation (no pvary); the
// cotangent of the replicated result reaches each device as its share
// (divided by 4), the psum transposes to a psum, and the cotangent of the
// replicated operand %c, computed per device, is summed over "x" before
// it leaves with spec P() (JAX's unchecked transpose).
// VJP-LABEL: func.func private @u_vjp(
// VJP-NEXT: %[[K:.*]]:4 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false, {{.*}} out_specs = {{\[}}[], {{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []]]}
// VJP-NOT: jxp.pvary
// VJP: %[[L:.*]]:2 = jxp.shard_map(%[[K]]#1, %[[K]]#2, %[[K]]#3, %arg2) {axis_names = ["x"], axis_sizes = array<i64: 4>, check_vma = false, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"], []], {{\[}}["x"], []], {{\[}}["x"], []], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}["x"]], []]}
// VJP-NEXT: ^bb0(%[[Q0:.*]]: tensor<1x2xf32>, %[[Q1:.*]]: tensor<1x2xf32>, %[[Q2:.*]]: tensor<1x2xf32>, %[[CT:.*]]: tensor<2xf32>):
// VJP-NEXT: %[[FOUR:.*]] = jxp.constant dense<4.000000e+00> : tensor<2xf32>
// VJP-NEXT: %[[SHARE:.*]] = jxp.div %[[CT]], %[[FOUR]]
// VJP-NOT: jxp.pvary
// VJP: %[[SUM:.*]] = jxp.all_reduce sum %[[SHARE]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// VJP-NEXT: %[[D:.*]] = jxp.mul %[[SUM]], %{{.*}}
// VJP-NEXT: %[[DC:.*]] = jxp.mul %[[D]], %{{.*}}
// VJP-NEXT: %[[DX:.*]] = jxp.mul %[[D]], %{{.*}}
// VJP-NEXT: %[[GC:.*]] = jxp.all_reduce sum %[[DC]] axes ["x"] : tensor<2xf32> -> tensor<2xf32>
// VJP-NEXT: jxp.yield %[[DX]], %[[GC]] : tensor<2xf32>, tensor<2xf32>
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

//===----------------------------------------------------------------------===//
// Partial evaluation alone
//===----------------------------------------------------------------------===//

// -----

// A JVP function whose tangent is linear: the primal shard_map yields the
// known result and the residuals (the cast %c and cos(...)), each as
// tensor<1xf32> per device, 4 overall with spec [["x"]]; the linear
// shard_map takes the residuals first (the same spec), reshapes them back
// to scalars, then the tangent with its spec.
// PE-LABEL: func.func private @p_jvp_primal(
// PE-SAME: %arg0: tensor<8xf32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>) attributes {jxp.num_residuals = 2 : i64}
// PE-NEXT: %[[K:.*]]:3 = jxp.shard_map(%arg0, %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], []], manual_axes = ["x"], out_specs = {{\[}}[], {{\[}}["x"]], {{\[}}["x"]]]} : (tensor<8xf32>, tensor<f32>) -> (tensor<f32>, tensor<4xf32>, tensor<4xf32>) {
// PE: %[[COS:.*]] = jxp.cos
// PE: %[[P:.*]] = jxp.all_reduce sum %{{.*}} axes ["x"] {invariant}
// PE: %[[CV:.*]] = jxp.pvary %{{.*}} axes ["x"] : tensor<f32> -> tensor<f32>
// PE-NEXT: %[[R0:.*]] = jxp.reshape %[[CV]] : (tensor<f32>) -> tensor<1xf32>
// PE-NEXT: %[[R1:.*]] = jxp.reshape %[[COS]] : (tensor<f32>) -> tensor<1xf32>
// PE-NEXT: jxp.yield %[[P]], %[[R0]], %[[R1]] : tensor<f32>, tensor<1xf32>, tensor<1xf32>
// PE-LABEL: func.func private @p_jvp_linear(
// PE-SAME: %arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<8xf32>) -> tensor<f32> attributes {jxp.linear_results = array<i64: 1>}
// PE-NEXT: jxp.shard_map(%arg0, %arg1, %arg2) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}["x"]], {{\[}}["x"]], {{\[}}["x"]]], manual_axes = ["x"], out_specs = {{\[}}[]]} : (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) -> tensor<f32> {
// PE-NEXT: ^bb0(%[[Q0:.*]]: tensor<1xf32>, %[[Q1:.*]]: tensor<1xf32>, %[[T:.*]]: tensor<2xf32>):
// PE-NEXT: %[[CVR:.*]] = jxp.reshape %[[Q0]] : (tensor<1xf32>) -> tensor<f32>
// PE-NEXT: %[[COSR:.*]] = jxp.reshape %[[Q1]] : (tensor<1xf32>) -> tensor<f32>
// PE-NEXT: %[[TS:.*]] = jxp.reduce sum %[[T]], dims = [0]
// PE-NEXT: %[[A:.*]] = jxp.mul %[[TS]], %[[CVR]]
// PE-NEXT: %[[B:.*]] = jxp.mul %[[A]], %[[COSR]]
// PE-NEXT: %[[S:.*]] = jxp.all_reduce sum %[[B]] axes ["x"] {invariant}
// PE-NEXT: jxp.yield %[[S]] : tensor<f32>
func.func @p_jvp(%a: tensor<8xf32>, %b: tensor<f32>, %ta: tensor<8xf32>) -> (tensor<f32>, tensor<f32>) attributes {jxp.linear_args = array<i64: 2>} {
  %r:2 = jxp.shard_map (%a, %b, %ta) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], [], [["x"]]], out_specs = [[], []]}
      : (tensor<8xf32>, tensor<f32>, tensor<8xf32>) -> (tensor<f32>, tensor<f32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<f32>, %t: tensor<2xf32>):
    %s = jxp.reduce sum %x, dims = [0] : (tensor<2xf32>) -> tensor<f32>
    %m = jxp.mul %s, %c : tensor<f32>
    %e = jxp.sin %m : tensor<f32>
    %k = jxp.cos %m : tensor<f32>
    %p = jxp.all_reduce sum %e axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
    %ts = jxp.reduce sum %t, dims = [0] : (tensor<2xf32>) -> tensor<f32>
    %tc = jxp.mul %ts, %c : tensor<f32>
    %tk = jxp.mul %tc, %k : tensor<f32>
    %tp = jxp.all_reduce sum %tk axes ["x"] {invariant} : tensor<f32> -> tensor<f32>
    jxp.yield %p, %tp : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// -----

// With "y" the only manual axis of a 4x2 mesh, a residual's leading
// dimension is split along "y" alone: 2 overall.
// PE-LABEL: func.func private @q_jvp_primal(
// PE-SAME: -> (tensor<8x4xf32>, tensor<2x8x2xf32>) attributes {jxp.num_residuals = 1 : i64}
// PE-NEXT: jxp.shard_map(%arg0) {{.*}} manual_axes = ["y"], out_specs = {{\[}}{{\[}}[], ["y"]], {{\[}}["y"], [], []]]} : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<2x8x2xf32>) {
// PE: jxp.reshape %{{.*}} : (tensor<8x2xf32>) -> tensor<1x8x2xf32>
// PE-LABEL: func.func private @q_jvp_linear(
// PE-NEXT: jxp.shard_map(%arg0, %arg1) {{.*}} in_specs = {{\[}}{{\[}}["y"], [], []], {{\[}}[], ["y"]]], manual_axes = ["y"], out_specs = {{\[}}{{\[}}[], ["y"]]]} : (tensor<2x8x2xf32>, tensor<8x4xf32>) -> tensor<8x4xf32> {
// PE-NEXT: ^bb0(%{{.*}}: tensor<1x8x2xf32>, %{{.*}}: tensor<8x2xf32>):
func.func @q_jvp(%a: tensor<8x4xf32>, %ta: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) attributes {jxp.linear_args = array<i64: 1>} {
  %r:2 = jxp.shard_map (%a, %ta) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[[], ["y"]], [[], ["y"]]], out_specs = [[[], ["y"]], [[], ["y"]]]}
      : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  ^bb0(%x: tensor<8x2xf32>, %t: tensor<8x2xf32>):
    %s = jxp.sin %x : tensor<8x2xf32>
    %c = jxp.cos %x : tensor<8x2xf32>
    %tc = jxp.mul %t, %c : tensor<8x2xf32>
    jxp.yield %s, %tc : tensor<8x2xf32>, tensor<8x2xf32>
  }
  return %r#0, %r#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

//===----------------------------------------------------------------------===//
// Batching
//===----------------------------------------------------------------------===//

// -----

// vmap over a function with a shard_map: the mapped operand's batch
// dimension goes first and is not split (its in_spec gets a leading []),
// the unmapped one keeps its spec; every result is mapped at 0, its
// out_spec gets a leading [] (P() becomes [[]]). The body is batched with
// the collectives of the mesh kept.
// BATCH-LABEL: func.func private @v_batched(
// BATCH-SAME: %arg0: tensor<8x3xf32>, %arg1: tensor<2xf32>) -> (tensor<3x8xf32>, tensor<2x3xf32>)
// BATCH-NEXT: %[[T:.*]] = jxp.transpose %arg0, permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// BATCH-NEXT: %[[R:.*]]:2 = jxp.shard_map(%[[T]], %arg1) {axis_names = ["x"], axis_sizes = array<i64: 4>, device_ids = array<i64: 0, 1, 2, 3>, in_specs = {{\[}}{{\[}}[], ["x"]], []], manual_axes = ["x"], out_specs = {{\[}}{{\[}}[], ["x"]], {{\[}}[]]]} : (tensor<3x8xf32>, tensor<2xf32>) -> (tensor<3x8xf32>, tensor<3x2xf32>) {
// BATCH-NEXT: ^bb0(%[[X:.*]]: tensor<3x2xf32>, %[[C:.*]]: tensor<2xf32>):
// BATCH-NEXT: %[[CB:.*]] = jxp.broadcast_in_dim %[[C]], dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// BATCH-NEXT: %[[M:.*]] = jxp.mul %[[X]], %[[CB]] : tensor<3x2xf32>
// BATCH-NEXT: %[[P:.*]] = jxp.all_reduce sum %[[M]] axes ["x"] {invariant} : tensor<3x2xf32> -> tensor<3x2xf32>
// BATCH-NEXT: jxp.yield %[[M]], %[[P]] : tensor<3x2xf32>, tensor<3x2xf32>
// BATCH-NEXT: }
// BATCH-NEXT: %[[PT:.*]] = jxp.transpose %[[R]]#1, permutation = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
// BATCH-NEXT: return %[[R]]#0, %[[PT]]
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

// -----

// Both operands mapped on a 2-D mesh, the body's collectives over the
// mesh axes: each spec gets its leading []; the batched psum_scatter
// scatters the dimension after the batch.
// BATCH-LABEL: func.func private @w_batched(
// BATCH: jxp.shard_map(%{{.*}}, %{{.*}}) {{.*}} in_specs = {{\[}}{{\[}}[], ["x"], ["y"]], {{\[}}[]]], manual_axes = ["x", "y"], out_specs = {{\[}}{{\[}}[], ["x"], ["y"]]]} : (tensor<5x8x4xf32>, tensor<5xf32>) -> tensor<5x8x4xf32> {
// BATCH-NEXT: ^bb0(%[[X:.*]]: tensor<5x4x2xf32>, %[[C:.*]]: tensor<5xf32>):
// BATCH: jxp.psum_scatter %{{.*}} axes ["x"] dimension 1 : (tensor<5x4x2xf32>) -> tensor<5x2x2xf32>
func.func private @w(%a: tensor<8x4xf32>, %b: tensor<f32>) -> tensor<8x4xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]], []], out_specs = [[["x"], ["y"]]]}
      : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32> {
  ^bb0(%x: tensor<4x2xf32>, %c: tensor<f32>):
    %cb = jxp.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
    %m = jxp.mul %x, %cb : tensor<4x2xf32>
    %ps = jxp.psum_scatter %m axes ["x"] dimension 0 : (tensor<4x2xf32>) -> tensor<2x2xf32>
    %cat = jxp.concatenate dim = 0, %ps, %ps : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
    jxp.yield %cat : tensor<4x2xf32>
  }
  return %r : tensor<8x4xf32>
}
func.func @vmap_2d(%a: tensor<5x8x4xf32>, %b: tensor<5xf32>) -> tensor<5x8x4xf32> {
  %r = jxp.vmap @w(%a, %b) in_axes [0, 0] out_axes [0] size 5 : (tensor<5x8x4xf32>, tensor<5xf32>) -> tensor<5x8x4xf32>
  return %r : tensor<5x8x4xf32>
}
