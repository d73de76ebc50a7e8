// shard_map and the collectives lowered to StableHLO after VMA inference,
// as the program pipeline runs them (jxp-infer-vma,convert-jxp-to-stablehlo):
// Shardy's sdy.manual_computation over an sdy.mesh symbol; the module's
// partition count and devices; replica groups that list, per combination
// of the other mesh axes, the partitions along the named axes, row-major
// in the order the op names them (partition p is the mesh position p, the
// device device_ids[p]); a fresh channel per collective; axis_index from
// partition_id; jxp.pvary gone. Errors are in collectives_errors.mlir.
// RUN: jxp-opt %s --split-input-file --jxp-infer-vma --convert-jxp-to-stablehlo | FileCheck %s --implicit-check-not='= jxp.' --implicit-check-not='jxp.yield'

// 1-D mesh of 8: one group of all partitions. The psum of the replicated
// operand sums the 8 equal copies (the pvary inserted before it moves no
// data); the stacking all_gather gathers a new leading dimension of one.
// CHECK-LABEL: module attributes {jxp.device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: "sdy.mesh"() {mesh = #sdy.mesh<["i"=8]>, sym_name = "mesh"} : () -> ()
// CHECK-LABEL: func.func @one_d(
// CHECK-NEXT: %[[R:.*]]:5 = "sdy.manual_computation"(%arg0, %arg1) ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[MX:.*]] = "stablehlo.all_reduce"(%[[X]]) ({
// CHECK-NEXT: ^bb0(%[[L:.*]]: tensor<f32>, %[[RR:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = "stablehlo.maximum"(%[[L]], %[[RR]])
// CHECK-NEXT: "stablehlo.return"(%[[M]])
// CHECK-NEXT: }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[ADD:.*]] = "stablehlo.add"(%[[MX]], %[[X]])
// CHECK-NEXT: %[[SC:.*]] = "stablehlo.all_reduce"(%[[C]]) ({
// CHECK: "stablehlo.add"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[P:.*]] = "stablehlo.collective_permute"(%[[X]]) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [7, 0]]> : tensor<3x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[X1:.*]] = "stablehlo.reshape"(%[[X]]) : (tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[G:.*]] = "stablehlo.all_gather"(%[[X1]]) {all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids} : (tensor<1x2xf32>) -> tensor<8x2xf32>
// CHECK-NEXT: %[[GR:.*]] = "stablehlo.reshape"(%[[G]]) : (tensor<8x2xf32>) -> tensor<16xf32>
// The index along "i": partition / 1 % 8 (0 * 8 + it).
// CHECK-NEXT: %[[PID:.*]] = "stablehlo.partition_id"() : () -> tensor<ui32>
// CHECK-NEXT: %[[PIDI:.*]] = "stablehlo.convert"(%[[PID]]) : (tensor<ui32>) -> tensor<i32>
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK-NEXT: %[[STRIDE:.*]] = "stablehlo.constant"() {value = dense<1> : tensor<i32>}
// CHECK-NEXT: %[[Q:.*]] = "stablehlo.divide"(%[[PIDI]], %[[STRIDE]])
// CHECK-NEXT: %[[SIZE:.*]] = "stablehlo.constant"() {value = dense<8> : tensor<i32>}
// CHECK-NEXT: %[[COORD:.*]] = "stablehlo.remainder"(%[[Q]], %[[SIZE]])
// CHECK-NEXT: %[[SIZE2:.*]] = "stablehlo.constant"() {value = dense<8> : tensor<i32>}
// CHECK-NEXT: %[[SCALED:.*]] = "stablehlo.multiply"(%[[ZERO]], %[[SIZE2]])
// CHECK-NEXT: %[[IDX:.*]] = "stablehlo.add"(%[[SCALED]], %[[COORD]])
// CHECK-NEXT: %[[IB:.*]] = "stablehlo.broadcast_in_dim"(%[[IDX]])
// CHECK-NEXT: "sdy.return"(%[[ADD]], %[[SC]], %[[P]], %[[GR]], %[[IB]]) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<1xi32>) -> ()
// CHECK-NEXT: }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{"i"}]>, <@mesh, [{}]>]>, manual_axes = #sdy<manual_axes{"i"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"i"}]>, <@mesh, [{}]>, <@mesh, [{"i"}]>, <@mesh, [{"i"}]>, <@mesh, [{"i"}]>]>} : (tensor<16xf32>, tensor<2xf32>) -> (tensor<16xf32>, tensor<2xf32>, tensor<16xf32>, tensor<128xf32>, tensor<8xi32>)
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3, %[[R]]#4
func.func @one_d(%a: tensor<16xf32>, %b: tensor<2xf32>) -> (tensor<16xf32>, tensor<2xf32>, tensor<16xf32>, tensor<128xf32>, tensor<8xi32>) {
  %r:5 = jxp.shard_map (%a, %b) {axis_names = ["i"], axis_sizes = array<i64: 8>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["i"],
      in_specs = [[["i"]], []], out_specs = [[["i"]], [], [["i"]], [["i"]], [["i"]]]}
      : (tensor<16xf32>, tensor<2xf32>) -> (tensor<16xf32>, tensor<2xf32>, tensor<16xf32>, tensor<128xf32>, tensor<8xi32>) {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %mx = jxp.all_reduce max %x axes ["i"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    %add = jxp.add %mx, %x : tensor<2xf32>
    %sc = jxp.all_reduce sum %c axes ["i"] {invariant} : tensor<2xf32> -> tensor<2xf32>
    %p = jxp.ppermute %x axes ["i"] perm [0, 1, 1, 2, 7, 0] : tensor<2xf32>
    %g = jxp.all_gather %x axes ["i"] axis 0 : (tensor<2xf32>) -> tensor<8x2xf32>
    %gr = jxp.reshape %g : (tensor<8x2xf32>) -> tensor<16xf32>
    %i = jxp.axis_index axes ["i"] : tensor<i32>
    %ib = jxp.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<1xi32>
    jxp.yield %add, %sc, %p, %gr, %ib : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<1xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<16xf32>, tensor<2xf32>, tensor<16xf32>, tensor<128xf32>, tensor<8xi32>
}

// -----

// 2-D mesh x=4, y=2 (partition = 2 * x + y). Over "y": [[0,1],[2,3],[4,5],
// [6,7]]; over "x": [[0,2,4,6],[1,3,5,7]]; over both, one group, in the
// order the op names the axes ("y" major: [0,2,4,6,1,3,5,7]). reduce_scatter
// and all_to_all take the same groups (split_count is a group's size);
// collective_permute pairs each group's indices (for ["y", "x"], index 1 is
// y=0 x=1, partition 2; index 4 is y=1 x=0, partition 1).
// CHECK-LABEL: module attributes {jxp.device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: "sdy.mesh"() {mesh = #sdy.mesh<["x"=4, "y"=2]>, sym_name = "mesh"} : () -> ()
// CHECK-LABEL: func.func @two_d(
// CHECK: "stablehlo.all_reduce"
// CHECK: "stablehlo.add"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[}}[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, use_global_device_ids}
// CHECK: "stablehlo.all_reduce"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[}}[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, use_global_device_ids}
// CHECK: "stablehlo.all_reduce"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<{{\[}}[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}
// CHECK: "stablehlo.all_reduce"
// CHECK: "stablehlo.minimum"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<{{\[}}[0, 2, 4, 6, 1, 3, 5, 7]]> : tensor<1x8xi64>, use_global_device_ids}
// CHECK: %[[RS:.*]] = "stablehlo.reduce_scatter"(%{{.*}}) ({
// CHECK: "stablehlo.add"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, replica_groups = dense<{{\[}}[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids} : (tensor<4x2xf32>) -> tensor<1x2xf32>
// CHECK: "stablehlo.all_to_all"(%{{.*}}) {channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<{{\[}}[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64, use_global_device_ids} : (tensor<4x2xf32>) -> tensor<1x8xf32>
// CHECK: "stablehlo.all_to_all"(%{{.*}}) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[}}[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64, use_global_device_ids} : (tensor<4x2xf32>) -> tensor<8x1xf32>
// CHECK: "stablehlo.collective_permute"(%{{.*}}) {channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, source_target_pairs = dense<{{\[}}[0, 2], [6, 4], [1, 3], [7, 5]]> : tensor<4x2xi64>}
// CHECK: "stablehlo.collective_permute"(%{{.*}}) {channel_handle = #stablehlo.channel_handle<handle = 9, type = 1>, source_target_pairs = dense<{{\[}}[0, 2], [2, 1]]> : tensor<2x2xi64>}
// CHECK: "sdy.return"
// CHECK-NEXT: }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, manual_axes = #sdy<manual_axes{"x", "y"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {"y"}]>, <@mesh, [{}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>]>}
func.func @two_d(%a: tensor<16x4xf32>) -> (tensor<16x2xf32>, tensor<4x4xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) {
  %r:9 = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"]], [[], ["y"]], [], [], [["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]], [["x"], ["y"]]]}
      : (tensor<16x4xf32>) -> (tensor<16x2xf32>, tensor<4x4xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>) {
  ^bb0(%x: tensor<4x2xf32>):
    %sy = jxp.all_reduce sum %x axes ["y"] {invariant} : tensor<4x2xf32> -> tensor<4x2xf32>
    %sx = jxp.all_reduce sum %x axes ["x"] {invariant} : tensor<4x2xf32> -> tensor<4x2xf32>
    %sxy = jxp.all_reduce sum %x axes ["x", "y"] {invariant} : tensor<4x2xf32> -> tensor<4x2xf32>
    %syx = jxp.all_reduce min %x axes ["y", "x"] {invariant} : tensor<4x2xf32> -> tensor<4x2xf32>
    %ps = jxp.psum_scatter %x axes ["x"] dimension 0 : (tensor<4x2xf32>) -> tensor<1x2xf32>
    %psb = jxp.concatenate dim = 0, %ps, %ps, %ps, %ps : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
    %aa = jxp.all_to_all %x axes ["x"] split 0 concat 1 : (tensor<4x2xf32>) -> tensor<1x8xf32>
    %aar = jxp.reshape %aa : (tensor<1x8xf32>) -> tensor<4x2xf32>
    %ab = jxp.all_to_all %x axes ["y"] split 1 concat 0 : (tensor<4x2xf32>) -> tensor<8x1xf32>
    %abr = jxp.reshape %ab : (tensor<8x1xf32>) -> tensor<4x2xf32>
    %px = jxp.ppermute %x axes ["x"] perm [0, 1, 3, 2] : tensor<4x2xf32>
    %pyx = jxp.ppermute %x axes ["y", "x"] perm [0, 1, 1, 4] : tensor<4x2xf32>
    jxp.yield %sy, %sx, %sxy, %syx, %psb, %aar, %abr, %px, %pyx : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8 : tensor<16x2xf32>, tensor<4x4xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>
}

// -----

// axis_index on the 2-D mesh: along "x", partition / 2 % 4; along "y",
// partition / 1 % 2; along ["y", "x"], (y) * 4 + x, reusing one
// partition id.
// CHECK-LABEL: func.func @axis_index_2d(
// CHECK: %[[P0:.*]] = "stablehlo.partition_id"()
// CHECK-NEXT: %[[I0:.*]] = "stablehlo.convert"(%[[P0]])
// CHECK-NEXT: %[[Z0:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK-NEXT: %[[S0:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<i32>}
// CHECK-NEXT: %[[D0:.*]] = "stablehlo.divide"(%[[I0]], %[[S0]])
// CHECK-NEXT: %[[N0:.*]] = "stablehlo.constant"() {value = dense<4> : tensor<i32>}
// CHECK-NEXT: %[[X:.*]] = "stablehlo.remainder"(%[[D0]], %[[N0]])
// CHECK-NEXT: %[[M0:.*]] = "stablehlo.constant"() {value = dense<4> : tensor<i32>}
// CHECK-NEXT: %[[T0:.*]] = "stablehlo.multiply"(%[[Z0]], %[[M0]])
// CHECK-NEXT: %[[IX:.*]] = "stablehlo.add"(%[[T0]], %[[X]])
// CHECK-NEXT: %[[P1:.*]] = "stablehlo.partition_id"()
// CHECK-NEXT: %[[I1:.*]] = "stablehlo.convert"(%[[P1]])
// CHECK-NEXT: %[[Z1:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK-NEXT: %[[S1:.*]] = "stablehlo.constant"() {value = dense<1> : tensor<i32>}
// CHECK-NEXT: %[[D1:.*]] = "stablehlo.divide"(%[[I1]], %[[S1]])
// CHECK-NEXT: %[[N1:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<i32>}
// CHECK-NEXT: %[[Y:.*]] = "stablehlo.remainder"(%[[D1]], %[[N1]])
// CHECK-NEXT: %[[M1:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<i32>}
// CHECK-NEXT: %[[T1:.*]] = "stablehlo.multiply"(%[[Z1]], %[[M1]])
// CHECK-NEXT: %[[IY:.*]] = "stablehlo.add"(%[[T1]], %[[Y]])
// CHECK-NEXT: %[[P2:.*]] = "stablehlo.partition_id"()
// CHECK-NEXT: %[[I2:.*]] = "stablehlo.convert"(%[[P2]])
// CHECK-NEXT: %[[Z2:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK-NEXT: %[[S2:.*]] = "stablehlo.constant"() {value = dense<1> : tensor<i32>}
// CHECK-NEXT: %[[D2:.*]] = "stablehlo.divide"(%[[I2]], %[[S2]])
// CHECK-NEXT: %[[N2:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<i32>}
// CHECK-NEXT: %[[Y2:.*]] = "stablehlo.remainder"(%[[D2]], %[[N2]])
// CHECK-NEXT: %[[M2:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<i32>}
// CHECK-NEXT: %[[T2:.*]] = "stablehlo.multiply"(%[[Z2]], %[[M2]])
// CHECK-NEXT: %[[A2:.*]] = "stablehlo.add"(%[[T2]], %[[Y2]])
// CHECK-NEXT: %[[S3:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<i32>}
// CHECK-NEXT: %[[D3:.*]] = "stablehlo.divide"(%[[I2]], %[[S3]])
// CHECK-NEXT: %[[N3:.*]] = "stablehlo.constant"() {value = dense<4> : tensor<i32>}
// CHECK-NEXT: %[[X3:.*]] = "stablehlo.remainder"(%[[D3]], %[[N3]])
// CHECK-NEXT: %[[M3:.*]] = "stablehlo.constant"() {value = dense<4> : tensor<i32>}
// CHECK-NEXT: %[[T3:.*]] = "stablehlo.multiply"(%[[A2]], %[[M3]])
// CHECK-NEXT: %[[IYX:.*]] = "stablehlo.add"(%[[T3]], %[[X3]])
// CHECK-NEXT: %[[BX:.*]] = "stablehlo.broadcast_in_dim"(%[[IX]])
// CHECK-NEXT: %[[BY:.*]] = "stablehlo.broadcast_in_dim"(%[[IY]])
// CHECK-NEXT: %[[BYX:.*]] = "stablehlo.broadcast_in_dim"(%[[IYX]])
// CHECK-NEXT: "sdy.return"(%[[BX]], %[[BY]], %[[BYX]])
// CHECK-NEXT: }) {in_shardings = #sdy.sharding_per_value<[]>, manual_axes = #sdy<manual_axes{"x", "y"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}]>, <@mesh, [{"x", "y"}]>, <@mesh, [{"x", "y"}]>]>} : () -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>)
func.func @axis_index_2d() -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
  %r:3 = jxp.shard_map () {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["x", "y"],
      in_specs = [], out_specs = [[["x", "y"]], [["x", "y"]], [["x", "y"]]]}
      : () -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
    %ix = jxp.axis_index axes ["x"] : tensor<i32>
    %iy = jxp.axis_index axes ["y"] : tensor<i32>
    %iyx = jxp.axis_index axes ["y", "x"] : tensor<i32>
    %bx = jxp.broadcast_in_dim %ix, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %by = jxp.broadcast_in_dim %iy, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %byx = jxp.broadcast_in_dim %iyx, dims = [] : (tensor<i32>) -> tensor<1xi32>
    jxp.yield %bx, %by, %byx : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>
  }
  return %r#0, %r#1, %r#2 : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
}

// -----

// Devices in another order: the module lists them (partition p runs on
// device_ids[p]); the replica groups are partitions, so they do not
// change. Three shard_maps: the two on the 4x2 mesh share one sdy.mesh
// symbol, the one on a 1-D mesh of the same devices gets another;
// channels are numbered through the module. Only "y" manual: the specs
// and manual_axes name it alone, and its groups still cover the whole
// mesh. Manual axes listed out of order are printed in mesh order; a
// tiled all_gather over ["y", "x"] gathers in that order.
// CHECK-LABEL: module attributes {jxp.device_ids = array<i64: 7, 6, 5, 4, 3, 2, 1, 0>, mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT: "sdy.mesh"() {mesh = #sdy.mesh<["d"=8]>, sym_name = "mesh_1"} : () -> ()
// CHECK-NEXT: "sdy.mesh"() {mesh = #sdy.mesh<["x"=4, "y"=2]>, sym_name = "mesh"} : () -> ()
// CHECK-LABEL: func.func @devices_and_meshes(
// CHECK: "stablehlo.all_reduce"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[}}[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, use_global_device_ids} : (tensor<8x3xf32>) -> tensor<8x3xf32>
// CHECK: }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>, manual_axes = #sdy<manual_axes{"y"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<8x6xf32>) -> tensor<8x6xf32>
// CHECK: "stablehlo.all_gather"(%{{.*}}) {all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[}}[0, 2, 4, 6, 1, 3, 5, 7]]> : tensor<1x8xi64>, use_global_device_ids} : (tensor<2x3xf32>) -> tensor<2x24xf32>
// CHECK: }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>, manual_axes = #sdy<manual_axes{"x", "y"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x6xf32>) -> tensor<8x6xf32>
// CHECK: "stablehlo.all_reduce"
// CHECK: }) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<{{\[}}[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids} : (tensor<1x6xf32>) -> tensor<1x6xf32>
// CHECK: }) {in_shardings = #sdy.sharding_per_value<[<@mesh_1, [{"d"}, {}]>]>, manual_axes = #sdy<manual_axes{"d"}>, out_shardings = #sdy.sharding_per_value<[<@mesh_1, [{"d"}, {}]>]>} : (tensor<8x6xf32>) -> tensor<8x6xf32>
func.func @devices_and_meshes(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 7, 6, 5, 4, 3, 2, 1, 0>, manual_axes = ["y"],
      in_specs = [[[], ["y"]]], out_specs = [[[], ["y"]]]}
      : (tensor<8x6xf32>) -> tensor<8x6xf32> {
  ^bb0(%x: tensor<8x3xf32>):
    %s = jxp.all_reduce sum %x axes ["y"] {invariant} : tensor<8x3xf32> -> tensor<8x3xf32>
    %m = jxp.mul %s, %x : tensor<8x3xf32>
    jxp.yield %m : tensor<8x3xf32>
  }
  %q = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 7, 6, 5, 4, 3, 2, 1, 0>, manual_axes = ["y", "x"],
      in_specs = [[["x"], ["y"]]], out_specs = [[["x"], ["y"]]]}
      : (tensor<8x6xf32>) -> tensor<8x6xf32> {
  ^bb0(%x: tensor<2x3xf32>):
    %g = jxp.all_gather %x axes ["y", "x"] axis 1 tiled : (tensor<2x3xf32>) -> tensor<2x24xf32>
    %s = jxp.slice %g, start = [0, 0], limit = [2, 3], strides = [1, 1] : (tensor<2x24xf32>) -> tensor<2x3xf32>
    jxp.yield %s : tensor<2x3xf32>
  }
  %w = jxp.shard_map (%a) {axis_names = ["d"], axis_sizes = array<i64: 8>,
      device_ids = array<i64: 7, 6, 5, 4, 3, 2, 1, 0>, manual_axes = ["d"],
      in_specs = [[["d"]]], out_specs = [[["d"]]]}
      : (tensor<8x6xf32>) -> tensor<8x6xf32> {
  ^bb0(%x: tensor<1x6xf32>):
    %s = jxp.all_reduce sum %x axes ["d"] {invariant} : tensor<1x6xf32> -> tensor<1x6xf32>
    jxp.yield %s : tensor<1x6xf32>
  }
  %t = jxp.add %r, %q : tensor<8x6xf32>
  %u = jxp.add %t, %w : tensor<8x6xf32>
  return %u : tensor<8x6xf32>
}

// -----

// A pvary lowers to nothing: its operand is used as it is. Written in the
// program or inserted by jxp-infer-vma, the same.
// CHECK-LABEL: func.func @pvary_gone(
// CHECK-NEXT: "sdy.manual_computation"(%arg0, %arg1) ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xf32>):
// CHECK-NEXT: %[[N:.*]] = "stablehlo.negate"(%[[C]])
// CHECK-NEXT: %[[M:.*]] = "stablehlo.multiply"(%[[X]], %[[N]])
// CHECK-NEXT: %[[A:.*]] = "stablehlo.add"(%[[M]], %[[C]])
// CHECK-NEXT: "sdy.return"(%[[A]])
func.func @pvary_gone(%a: tensor<8xf32>, %b: tensor<2xf32>) -> tensor<8xf32> {
  %r = jxp.shard_map (%a, %b) {axis_names = ["x"], axis_sizes = array<i64: 4>,
      device_ids = array<i64: 0, 1, 2, 3>, manual_axes = ["x"],
      in_specs = [[["x"]], []], out_specs = [[["x"]]]}
      : (tensor<8xf32>, tensor<2xf32>) -> tensor<8xf32> {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %n = jxp.neg %c : tensor<2xf32>
    %m = jxp.mul %x, %n : tensor<2xf32>
    %v = jxp.pvary %c axes ["x"] : tensor<2xf32> -> tensor<2xf32>
    %s = jxp.add %m, %v : tensor<2xf32>
    jxp.yield %s : tensor<2xf32>
  }
  return %r : tensor<8xf32>
}
