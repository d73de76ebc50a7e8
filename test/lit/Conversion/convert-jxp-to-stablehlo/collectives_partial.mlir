// axis_index inside a partially manual shard_map (only "y" manual): XLA's
// SPMD partitioner refuses partition_id there, so the device's coordinate
// along "y" comes in as an extra operand of the manual computation, an iota
// of the axis's size split along "y" (found by the fuzzer: the program
// compiled, then XLA failed).
// RUN: jxp-opt %s --jxp-infer-vma --convert-jxp-to-stablehlo | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK:         %[[IOTA:.*]] = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<2xi32>
// CHECK-NEXT:    "sdy.manual_computation"(%arg0, %[[IOTA]])
// CHECK-NEXT:    ^bb0(%{{.*}}: tensor<3x2xf32>, %[[C:.*]]: tensor<1xi32>):
// CHECK-NOT:     partition_id
// CHECK:         "stablehlo.reshape"(%[[C]]) : (tensor<1xi32>) -> tensor<i32>
// CHECK:         in_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>, <@mesh, [{"y"}]>]>, manual_axes = #sdy<manual_axes{"y"}>
func.func @main(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = jxp.shard_map (%a) {axis_names = ["x", "y"], axis_sizes = array<i64: 4, 2>,
      device_ids = array<i64: 0, 1, 2, 3, 4, 5, 6, 7>, manual_axes = ["y"],
      in_specs = [[[], ["y"]]], out_specs = [[[], ["y"]]]}
      : (tensor<3x4xf32>) -> tensor<3x4xf32> {
  ^bb0(%x: tensor<3x2xf32>):
    %i = jxp.axis_index axes ["y"] : tensor<i32>
    %f = jxp.convert %i : (tensor<i32>) -> tensor<f32>
    %b = jxp.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<3x2xf32>
    %m = jxp.mul %x, %b : tensor<3x2xf32>
    jxp.yield %m : tensor<3x2xf32>
  }
  return %r : tensor<3x4xf32>
}
