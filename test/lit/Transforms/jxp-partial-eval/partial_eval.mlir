// The jxp-partial-eval pass alone: functions marked jxp.linear_args split
// into a primal and a linear function.
// RUN: jxp-opt %s --split-input-file --jxp-partial-eval | FileCheck %s

// Partial evaluation of a JVP function. The primal function returns sin(x) and the
// residual cos(x); the linear function recomputes the constant instead of
// taking it as a residual.
// CHECK-LABEL: func.func private @h_jvp_primal(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) attributes {jxp.num_residuals = 1 : i64}
// CHECK: %[[S:.*]] = jxp.sin %arg0
// CHECK: %[[C:.*]] = jxp.cos %arg0
// CHECK: return %[[S]], %[[C]]
// CHECK-LABEL: func.func private @h_jvp_linear(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_results = array<i64: 1>}
// CHECK-DAG: %[[TWO:.*]] = jxp.constant dense<2.000000e+00>
// CHECK-DAG: %[[M:.*]] = jxp.mul %arg1, %arg0
// CHECK: %[[R:.*]] = jxp.mul %[[M]], %[[TWO]]
// CHECK: return %[[R]]
// CHECK-NOT: jxp.linear_args
func.func @h_jvp(%x: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) attributes {jxp.linear_args = array<i64: 1>} {
  %s = jxp.sin %x : tensor<3xf32>
  %c = jxp.cos %x : tensor<3xf32>
  %two = jxp.constant dense<2.0> : tensor<3xf32>
  %dt = jxp.mul %t, %c : tensor<3xf32>
  %dt2 = jxp.mul %dt, %two : tensor<3xf32>
  return %s, %dt2 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A linear result that reads a known value twice: one residual, passed once;
// a known result returned as is.
// CHECK-LABEL: func.func private @k_primal(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) attributes {jxp.num_residuals = 1 : i64}
// CHECK: %[[E:.*]] = jxp.exp %arg0
// CHECK: return %arg0, %[[E]]
// CHECK-LABEL: func.func private @k_linear(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> attributes {jxp.linear_results = array<i64: 1>}
// CHECK: %[[A:.*]] = jxp.mul %arg1, %arg0
// CHECK: %[[B:.*]] = jxp.mul %[[A]], %arg0
// CHECK: return %[[B]]
func.func @k(%x: tensor<2xf32>, %t: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) attributes {jxp.linear_args = array<i64: 1>} {
  %e = jxp.exp %x : tensor<2xf32>
  %a = jxp.mul %t, %e : tensor<2xf32>
  %b = jxp.mul %a, %e : tensor<2xf32>
  return %x, %b : tensor<2xf32>, tensor<2xf32>
}
