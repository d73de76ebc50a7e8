// AD rules of the shape ops (lib/Rules/ShapeRules.cpp) and of dot_general,
// gather, scatter and sort (lib/Rules/IndexingRules.cpp): the derived
// functions hold the ops of JAX's rules. Numerical agreement with JAX is
// tested from Python.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-ad | FileCheck %s

//===----------------------------------------------------------------------===//
// broadcast_in_dim, reshape, transpose, reverse
//===----------------------------------------------------------------------===//

// The cotangent is summed over the new dimension and over the stretched
// size-1 one, then reshaped to the operand.
// CHECK-LABEL: func.func private @broadcast_in_dim_vjp(
// CHECK-SAME: %{{.*}}: tensor<3x1xf32>, %[[CT:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[S:.*]] = jxp.reduce sum %[[CT]], dims = [0, 2] : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK: %[[R:.*]] = jxp.reshape %[[S]] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK: return %{{.*}}, %[[R]]
func.func @broadcast_in_dim(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %y = jxp.broadcast_in_dim %x, dims = [1, 2] : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}
// CHECK-LABEL: func.func @broadcast_in_dim_main(
func.func @broadcast_in_dim_main(%x: tensor<3x1xf32>, %ct: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3x1xf32>) {
  %y, %g = jxp.vjp @broadcast_in_dim(%x, %ct) wrt [0] : (tensor<3x1xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3x1xf32>)
  return %y, %g : tensor<2x3x4xf32>, tensor<3x1xf32>
}

// -----

// Unsorted broadcast dimensions: the kept dimensions go back to operand order.
// CHECK-LABEL: func.func private @broadcast_in_dim_unsorted_vjp(
// CHECK: %[[S:.*]] = jxp.reduce sum %{{.*}}, dims = [1] : (tensor<4x2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[T:.*]] = jxp.transpose %[[S]], permutation = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK: return %{{.*}}, %[[T]]
func.func @broadcast_in_dim_unsorted(%x: tensor<3x4xf32>) -> tensor<4x2x3xf32> {
  %y = jxp.broadcast_in_dim %x, dims = [2, 0] : (tensor<3x4xf32>) -> tensor<4x2x3xf32>
  return %y : tensor<4x2x3xf32>
}
// CHECK-LABEL: func.func @broadcast_in_dim_unsorted_main(
func.func @broadcast_in_dim_unsorted_main(%x: tensor<3x4xf32>, %ct: tensor<4x2x3xf32>) -> (tensor<4x2x3xf32>, tensor<3x4xf32>) {
  %y, %g = jxp.vjp @broadcast_in_dim_unsorted(%x, %ct) wrt [0] : (tensor<3x4xf32>, tensor<4x2x3xf32>) -> (tensor<4x2x3xf32>, tensor<3x4xf32>)
  return %y, %g : tensor<4x2x3xf32>, tensor<3x4xf32>
}

// -----

// The JVP applies the same ops to the tangent.
// CHECK-LABEL: func.func private @shape_chain_fwd_jvp(
// CHECK-SAME: %{{.*}}: tensor<2x3x4xf32>, %[[T:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[T1:.*]] = jxp.transpose %[[T]], permutation = [2, 0, 1]
// CHECK: %[[T2:.*]] = jxp.reverse %[[T1]], dims = [0]
// CHECK: %[[T3:.*]] = jxp.reshape %[[T2]] : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
// CHECK: %[[T4:.*]] = jxp.broadcast_in_dim %[[T3]], dims = [1, 2] : (tensor<4x6xf32>) -> tensor<2x4x6xf32>
// CHECK: return %{{.*}}, %[[T4]]
func.func @shape_chain_fwd(%x: tensor<2x3x4xf32>) -> tensor<2x4x6xf32> {
  %t = jxp.transpose %x, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %r = jxp.reverse %t, dims = [0] : tensor<4x2x3xf32>
  %y = jxp.reshape %r : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  %z = jxp.broadcast_in_dim %y, dims = [1, 2] : (tensor<4x6xf32>) -> tensor<2x4x6xf32>
  return %z : tensor<2x4x6xf32>
}
// CHECK-LABEL: func.func @shape_chain_fwd_main(
func.func @shape_chain_fwd_main(%x: tensor<2x3x4xf32>, %t: tensor<2x3x4xf32>) -> (tensor<2x4x6xf32>, tensor<2x4x6xf32>) {
  %y, %ty = jxp.jvp @shape_chain_fwd(%x, %t) wrt [0] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> (tensor<2x4x6xf32>, tensor<2x4x6xf32>)
  return %y, %ty : tensor<2x4x6xf32>, tensor<2x4x6xf32>
}

// -----

// Transposed in reverse order: inverse permutation, reverse, reshape back.
// CHECK-LABEL: func.func private @shape_chain_vjp(
// CHECK-SAME: %{{.*}}: tensor<2x3x4xf32>, %[[CT:.*]]: tensor<6x4xf32>)
// CHECK: %[[A:.*]] = jxp.transpose %[[CT]], permutation = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
// CHECK: %[[B:.*]] = jxp.reshape %[[A]] : (tensor<4x6xf32>) -> tensor<4x2x3xf32>
// CHECK: %[[C:.*]] = jxp.reverse %[[B]], dims = [0] : tensor<4x2x3xf32>
// CHECK: %[[D:.*]] = jxp.transpose %[[C]], permutation = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
// CHECK: return %{{.*}}, %[[D]]
func.func @shape_chain(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %t = jxp.transpose %x, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %r = jxp.reverse %t, dims = [0] : tensor<4x2x3xf32>
  %y = jxp.reshape %r : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  %z = jxp.transpose %y, permutation = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  return %z : tensor<6x4xf32>
}
// CHECK-LABEL: func.func @shape_chain_main(
func.func @shape_chain_main(%x: tensor<2x3x4xf32>, %ct: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<2x3x4xf32>) {
  %y, %g = jxp.vjp @shape_chain(%x, %ct) wrt [0] : (tensor<2x3x4xf32>, tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<2x3x4xf32>)
  return %y, %g : tensor<6x4xf32>, tensor<2x3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// slice, dynamic_slice, dynamic_update_slice
//===----------------------------------------------------------------------===//

// A strided slice transposes to a zero pad: start before, strides - 1
// between, the rest after.
// CHECK-LABEL: func.func private @slice_strided_vjp(
// CHECK-SAME: %{{.*}}: tensor<7x5xf32>, %[[CT:.*]]: tensor<3x2xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = jxp.pad %[[CT]], %[[Z]], low = [1, 0], high = [1, 1], interior = [1, 2] : (tensor<3x2xf32>, tensor<f32>) -> tensor<7x5xf32>
// CHECK: return %{{.*}}, %[[P]]
func.func @slice_strided(%x: tensor<7x5xf32>) -> tensor<3x2xf32> {
  %y = jxp.slice %x, start = [1, 0], limit = [6, 5], strides = [2, 3] : (tensor<7x5xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
// CHECK-LABEL: func.func @slice_strided_main(
func.func @slice_strided_main(%x: tensor<7x5xf32>, %ct: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<7x5xf32>) {
  %y, %g = jxp.vjp @slice_strided(%x, %ct) wrt [0] : (tensor<7x5xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<7x5xf32>)
  return %y, %g : tensor<3x2xf32>, tensor<7x5xf32>
}

// -----

// CHECK-LABEL: func.func private @dynamic_slice_vjp(
// CHECK-SAME: %{{.*}}: tensor<7x5xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>, %[[CT:.*]]: tensor<3x2xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<7x5xf32>
// CHECK: %[[U:.*]] = jxp.dynamic_update_slice %[[Z]][%[[I]], %[[J]]], %[[CT]]
// CHECK: return %{{.*}}, %[[U]]
func.func @dynamic_slice(%x: tensor<7x5xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<3x2xf32> {
  %y = jxp.dynamic_slice %x[%i, %j], sizes = [3, 2] : (tensor<7x5xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
// CHECK-LABEL: func.func @dynamic_slice_main(
func.func @dynamic_slice_main(%x: tensor<7x5xf32>, %i: tensor<i32>, %j: tensor<i32>, %ct: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<7x5xf32>) {
  %y, %g = jxp.vjp @dynamic_slice(%x, %i, %j, %ct) wrt [0] : (tensor<7x5xf32>, tensor<i32>, tensor<i32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<7x5xf32>)
  return %y, %g : tensor<3x2xf32>, tensor<7x5xf32>
}

// -----

// The operand's cotangent has the updated window zeroed; the update's is
// that window.
// CHECK-LABEL: func.func private @dynamic_update_slice_vjp(
// CHECK-SAME: %{{.*}}: tensor<7x5xf32>, %{{.*}}: tensor<3x2xf32>, %[[I:.*]]: tensor<i32>, %[[CT:.*]]: tensor<7x5xf32>)
// CHECK-DAG: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3x2xf32>
// CHECK-DAG: %[[GX:.*]] = jxp.dynamic_update_slice %[[CT]][%[[I]], %[[I]]], %[[Z]]
// CHECK-DAG: %[[GU:.*]] = jxp.dynamic_slice %[[CT]][%[[I]], %[[I]]], sizes = [3, 2]
// CHECK: return %{{.*}}, %[[GX]], %[[GU]]
func.func @dynamic_update_slice(%x: tensor<7x5xf32>, %u: tensor<3x2xf32>, %i: tensor<i32>) -> tensor<7x5xf32> {
  %y = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<7x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<7x5xf32>
  return %y : tensor<7x5xf32>
}
// CHECK-LABEL: func.func @dynamic_update_slice_main(
func.func @dynamic_update_slice_main(%x: tensor<7x5xf32>, %u: tensor<3x2xf32>, %i: tensor<i32>, %ct: tensor<7x5xf32>) -> (tensor<7x5xf32>, tensor<7x5xf32>, tensor<3x2xf32>) {
  %y, %gx, %gu = jxp.vjp @dynamic_update_slice(%x, %u, %i, %ct) wrt [0, 1] : (tensor<7x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<7x5xf32>) -> (tensor<7x5xf32>, tensor<7x5xf32>, tensor<3x2xf32>)
  return %y, %gx, %gu : tensor<7x5xf32>, tensor<7x5xf32>, tensor<3x2xf32>
}

// -----

// Only the update has a tangent: the operand's zero tangent is built before
// the op that uses it.
// CHECK-LABEL: func.func private @dynamic_update_slice_update_fwd_jvp(
// CHECK-SAME: %{{.*}}: tensor<7x5xf32>, %{{.*}}: tensor<3x2xf32>, %[[I:.*]]: tensor<i32>, %[[T:.*]]: tensor<3x2xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<7x5xf32>
// CHECK: %[[DU:.*]] = jxp.dynamic_update_slice %[[Z]][%[[I]], %[[I]]], %[[T]]
// CHECK: return %{{.*}}, %[[DU]]
func.func @dynamic_update_slice_update_fwd(%x: tensor<7x5xf32>, %u: tensor<3x2xf32>, %i: tensor<i32>) -> tensor<7x5xf32> {
  %y = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<7x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<7x5xf32>
  return %y : tensor<7x5xf32>
}
// CHECK-LABEL: func.func @dynamic_update_slice_update_fwd_main(
func.func @dynamic_update_slice_update_fwd_main(%x: tensor<7x5xf32>, %u: tensor<3x2xf32>, %i: tensor<i32>, %t: tensor<3x2xf32>) -> (tensor<7x5xf32>, tensor<7x5xf32>) {
  %y, %ty = jxp.jvp @dynamic_update_slice_update_fwd(%x, %u, %i, %t) wrt [1] : (tensor<7x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<3x2xf32>) -> (tensor<7x5xf32>, tensor<7x5xf32>)
  return %y, %ty : tensor<7x5xf32>, tensor<7x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// concatenate, pad
//===----------------------------------------------------------------------===//

// One slice of the cotangent per differentiated input.
// CHECK-LABEL: func.func private @concatenate_vjp(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<2x8xf32>)
// CHECK-DAG: %[[GA:.*]] = jxp.slice %[[CT]], start = [0, 0], limit = [2, 3], strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x3xf32>
// CHECK-DAG: %[[GC:.*]] = jxp.slice %[[CT]], start = [0, 4], limit = [2, 8], strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x4xf32>
// CHECK: return %{{.*}}, %[[GA]], %[[GC]]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x4xf32>) -> tensor<2x8xf32> {
  %y = jxp.concatenate dim = 1, %a, %b, %c : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @concatenate_main(
func.func @concatenate_main(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x4xf32>, %ct: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x3xf32>, tensor<2x4xf32>) {
  %y, %ga, %gc = jxp.vjp @concatenate(%a, %b, %c, %ct) wrt [0, 2] : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x4xf32>, tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x3xf32>, tensor<2x4xf32>)
  return %y, %ga, %gc : tensor<2x8xf32>, tensor<2x3xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func private @concatenate_fwd_jvp(
// CHECK-SAME: %[[T:[^:]*]]: tensor<2x1xf32>)
// CHECK-DAG: %[[ZA:.*]] = jxp.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[ZC:.*]] = jxp.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK: %[[C:.*]] = jxp.concatenate dim = 1, %[[ZA]], %[[T]], %[[ZC]]
// CHECK: return %{{.*}}, %[[C]]
func.func @concatenate_fwd(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x4xf32>) -> tensor<2x8xf32> {
  %y = jxp.concatenate dim = 1, %a, %b, %c : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
// CHECK-LABEL: func.func @concatenate_fwd_main(
func.func @concatenate_fwd_main(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>, %c: tensor<2x4xf32>, %t: tensor<2x1xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %y, %ty = jxp.jvp @concatenate_fwd(%a, %b, %c, %t) wrt [1] : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x4xf32>, tensor<2x1xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>)
  return %y, %ty : tensor<2x8xf32>, tensor<2x8xf32>
}

// -----

// Pad (negative edges crop): the operand's cotangent undoes the edges (a pad
// by their negation) and strides over the interior; the padding value's is
// the total minus that.
// CHECK-LABEL: func.func private @pad_vjp(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<10x9xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[U:.*]] = jxp.pad %[[CT]], %[[Z]], low = [1, -2], high = [-1, 2], interior = [0, 0] : (tensor<10x9xf32>, tensor<f32>) -> tensor<10x9xf32>
// CHECK: %[[GX:.*]] = jxp.slice %[[U]], start = [0, 0], limit = [10, 9], strides = [3, 2] : (tensor<10x9xf32>) -> tensor<4x5xf32>
// CHECK-DAG: %[[SX:.*]] = jxp.reduce sum %[[GX]], dims = [0, 1]
// CHECK-DAG: %[[ST:.*]] = jxp.reduce sum %[[CT]], dims = [0, 1]
// CHECK: %[[GP:.*]] = jxp.sub %[[ST]], %[[SX]] : tensor<f32>
// CHECK: return %{{.*}}, %[[GX]], %[[GP]]
func.func @pad(%x: tensor<4x5xf32>, %p: tensor<f32>) -> tensor<10x9xf32> {
  %y = jxp.pad %x, %p, low = [-1, 2], high = [1, -2], interior = [2, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<10x9xf32>
  return %y : tensor<10x9xf32>
}
// CHECK-LABEL: func.func @pad_main(
func.func @pad_main(%x: tensor<4x5xf32>, %p: tensor<f32>, %ct: tensor<10x9xf32>) -> (tensor<10x9xf32>, tensor<4x5xf32>, tensor<f32>) {
  %y, %gx, %gp = jxp.vjp @pad(%x, %p, %ct) wrt [0, 1] : (tensor<4x5xf32>, tensor<f32>, tensor<10x9xf32>) -> (tensor<10x9xf32>, tensor<4x5xf32>, tensor<f32>)
  return %y, %gx, %gp : tensor<10x9xf32>, tensor<4x5xf32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func private @pad_fwd_jvp(
// CHECK-SAME: %[[T:[^:]*]]: tensor<4x5xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = jxp.pad %[[T]], %[[Z]], low = [-1, 2], high = [1, -2], interior = [2, 1]
// CHECK: return %{{.*}}, %[[P]]
func.func @pad_fwd(%x: tensor<4x5xf32>, %p: tensor<f32>) -> tensor<10x9xf32> {
  %y = jxp.pad %x, %p, low = [-1, 2], high = [1, -2], interior = [2, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<10x9xf32>
  return %y : tensor<10x9xf32>
}
// CHECK-LABEL: func.func @pad_fwd_main(
func.func @pad_fwd_main(%x: tensor<4x5xf32>, %p: tensor<f32>, %t: tensor<4x5xf32>) -> (tensor<10x9xf32>, tensor<10x9xf32>) {
  %y, %ty = jxp.jvp @pad_fwd(%x, %p, %t) wrt [0] : (tensor<4x5xf32>, tensor<f32>, tensor<4x5xf32>) -> (tensor<10x9xf32>, tensor<10x9xf32>)
  return %y, %ty : tensor<10x9xf32>, tensor<10x9xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @dot_general_fwd_jvp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>, %[[TA:[^:]*]]: tensor<2x3xf32>, %[[TB:[^:]*]]: tensor<3x4xf32>)
// CHECK: %[[D1:.*]] = jxp.dot_general %[[TA]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: %[[D2:.*]] = jxp.dot_general %[[A]], %[[TB]], batching_dims = [] x [], contracting_dims = [1] x [0]
// CHECK: %[[S:.*]] = jxp.add %[[D1]], %[[D2]] : tensor<2x4xf32>
// CHECK: return %{{.*}}, %[[S]]
func.func @dot_general_fwd(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @dot_general_fwd_main(
func.func @dot_general_fwd_main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %ta: tensor<2x3xf32>, %tb: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %y, %ty = jxp.jvp @dot_general_fwd(%a, %b, %ta, %tb) wrt [0, 1] : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return %y, %ty : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// lhs: ct . rhs^T; rhs: (ct^T . lhs) transposed back to rhs's order.
// CHECK-LABEL: func.func private @dot_general_vjp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>, %[[CT:[^:]*]]: tensor<2x4xf32>)
// CHECK-DAG: %[[GA:.*]] = jxp.dot_general %[[CT]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK-DAG: %[[P:.*]] = jxp.dot_general %[[CT]], %[[A]], batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK-DAG: %[[GB:.*]] = jxp.transpose %[[P]], permutation = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK: return %{{.*}}, %[[GA]], %[[GB]]
func.func @dot_general(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @dot_general_main(
func.func @dot_general_main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %ct: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) {
  %y, %ga, %gb = jxp.vjp @dot_general(%a, %b, %ct) wrt [0, 1] : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>)
  return %y, %ga, %gb : tensor<2x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>
}

// -----

// Batch dimensions, and contracting dimensions listed in another order on
// each side.
// CHECK-LABEL: func.func private @dot_general_batched_vjp(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3x4x5xf32>, %[[B:[^:]*]]: tensor<5x2x4x6xf32>, %[[CT:[^:]*]]: tensor<2x3x6xf32>)
// CHECK-DAG: %[[PA:.*]] = jxp.dot_general %[[CT]], %[[B]], batching_dims = [0] x [1], contracting_dims = [2] x [3] : (tensor<2x3x6xf32>, tensor<5x2x4x6xf32>) -> tensor<2x3x5x4xf32>
// CHECK-DAG: %[[GA:.*]] = jxp.transpose %[[PA]], permutation = [0, 1, 3, 2] : (tensor<2x3x5x4xf32>) -> tensor<2x3x4x5xf32>
// CHECK-DAG: %[[PB:.*]] = jxp.dot_general %[[CT]], %[[A]], batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3x6xf32>, tensor<2x3x4x5xf32>) -> tensor<2x6x4x5xf32>
// CHECK-DAG: %[[GB:.*]] = jxp.transpose %[[PB]], permutation = [3, 0, 2, 1] : (tensor<2x6x4x5xf32>) -> tensor<5x2x4x6xf32>
// CHECK: return %{{.*}}, %[[GA]], %[[GB]]
func.func @dot_general_batched(%a: tensor<2x3x4x5xf32>, %b: tensor<5x2x4x6xf32>) -> tensor<2x3x6xf32> {
  %y = jxp.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [3, 2] x [0, 2] : (tensor<2x3x4x5xf32>, tensor<5x2x4x6xf32>) -> tensor<2x3x6xf32>
  return %y : tensor<2x3x6xf32>
}
// CHECK-LABEL: func.func @dot_general_batched_main(
func.func @dot_general_batched_main(%a: tensor<2x3x4x5xf32>, %b: tensor<5x2x4x6xf32>, %ct: tensor<2x3x6xf32>) -> (tensor<2x3x6xf32>, tensor<2x3x4x5xf32>, tensor<5x2x4x6xf32>) {
  %y, %ga, %gb = jxp.vjp @dot_general_batched(%a, %b, %ct) wrt [0, 1] : (tensor<2x3x4x5xf32>, tensor<5x2x4x6xf32>, tensor<2x3x6xf32>) -> (tensor<2x3x6xf32>, tensor<2x3x4x5xf32>, tensor<5x2x4x6xf32>)
  return %y, %ga, %gb : tensor<2x3x6xf32>, tensor<2x3x4x5xf32>, tensor<5x2x4x6xf32>
}

// -----

// A preferred element type wider than the operands': the product is taken
// in it and the cotangent converted back.
// CHECK-LABEL: func.func private @dot_general_wider_result_vjp(
// CHECK-SAME: %[[B:[^:]*]]: tensor<3x4xf16>, %[[CT:[^:]*]]: tensor<2x4xf32>)
// CHECK: %[[B32:.*]] = jxp.convert %[[B]] : (tensor<3x4xf16>) -> tensor<3x4xf32>
// CHECK: %[[P:.*]] = jxp.dot_general %[[CT]], %[[B32]], batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK: %[[GA:.*]] = jxp.convert %[[P]] : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK: return %{{.*}}, %[[GA]]
func.func @dot_general_wider_result(%a: tensor<2x3xf16>, %b: tensor<3x4xf16>) -> tensor<2x4xf32> {
  %y = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x4xf16>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @dot_general_wider_result_main(
func.func @dot_general_wider_result_main(%a: tensor<2x3xf16>, %b: tensor<3x4xf16>, %ct: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf16>) {
  %y, %ga = jxp.vjp @dot_general_wider_result(%a, %b, %ct) wrt [0] : (tensor<2x3xf16>, tensor<3x4xf16>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf16>)
  return %y, %ga : tensor<2x4xf32>, tensor<2x3xf16>
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// The tangent is gathered alike, with zeros for out-of-bounds rows.
// CHECK-LABEL: func.func private @gather_fwd_jvp(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3x1xi32>, %[[T:[^:]*]]: tensor<5x4xf32>)
// CHECK: %[[G:.*]] = jxp.gather %[[T]], %[[I]] {collapsed_slice_dims = array<i64: 0>, fill_value = 0.000000e+00 : f32, index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>
// CHECK: return %{{.*}}, %[[G]]
func.func @gather_fwd(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {
  %y = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
// CHECK-LABEL: func.func @gather_fwd_main(
func.func @gather_fwd_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %t: tensor<5x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %y, %ty = jxp.jvp @gather_fwd(%x, %i, %t) wrt [0] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<5x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %y, %ty : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// The transpose of a gather is a scatter-add into zeros, dimension numbers
// mirrored, same mode.
// CHECK-LABEL: func.func private @gather_vjp(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3x1xi32>, %[[CT:[^:]*]]: tensor<3x4xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<5x4xf32>
// CHECK: %[[S:.*]] = jxp.scatter add %[[Z]], %[[I]], %[[CT]] {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 0 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
// CHECK: return %{{.*}}, %[[S]]
func.func @gather(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {
  %y = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
// CHECK-LABEL: func.func @gather_main(
func.func @gather_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %ct: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<5x4xf32>) {
  %y, %g = jxp.vjp @gather(%x, %i, %ct) wrt [0] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<5x4xf32>)
  return %y, %g : tensor<3x4xf32>, tensor<5x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

// scatter add: the operand's cotangent is the cotangent, the updates' a
// gather of it.
// CHECK-LABEL: func.func private @scatter_add_vjp(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3x1xi32>, %{{[^:]*}}: tensor<3x4xf32>, %[[CT:[^:]*]]: tensor<5x4xf32>)
// CHECK: %[[G:.*]] = jxp.gather %[[CT]], %[[I]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
// CHECK: return %{{.*}}, %[[CT]], %[[G]]
func.func @scatter_add(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %y = jxp.scatter add %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 0 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @scatter_add_main(
func.func @scatter_add_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %ct: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>) {
  %y, %gx, %gu = jxp.vjp @scatter_add(%x, %i, %u, %ct) wrt [0, 2] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>)
  return %y, %gx, %gu : tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>
}

// -----

// scatter (set) whose indices may repeat: ids scattered like the updates
// tell which updates and operand elements survive; their tangents are
// scatter-added.
// CHECK-LABEL: func.func private @scatter_set_fwd_jvp(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3x1xi32>, %{{[^:]*}}: tensor<3x4xf32>, %[[TX:[^:]*]]: tensor<5x4xf32>, %[[TU:[^:]*]]: tensor<3x4xf32>)
// CHECK: %[[IDS:.*]] = jxp.broadcast_in_dim %{{.*}}, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x4xi32>
// CHECK: %[[SIDS:.*]] = jxp.scatter set %{{.*}}, %[[I]], %[[IDS]]
// CHECK: %[[GIDS:.*]] = jxp.gather %[[SIDS]], %[[I]]
// CHECK: %[[WIN:.*]] = jxp.compare EQ, %[[IDS]], %[[GIDS]]
// CHECK: %[[LEFT:.*]] = jxp.compare EQ, %[[SIDS]], %{{.*}} : (tensor<5x4xi32>, tensor<5x4xi32>) -> tensor<5x4xi1>
// CHECK: %[[MX:.*]] = jxp.select %[[LEFT]], %[[TX]], %{{.*}} : tensor<5x4xi1>, tensor<5x4xf32>
// CHECK: %[[MU:.*]] = jxp.select %[[WIN]], %[[TU]], %{{.*}} : tensor<3x4xi1>, tensor<3x4xf32>
// CHECK: %[[T:.*]] = jxp.scatter add %[[MX]], %[[I]], %[[MU]]
// CHECK: return %{{.*}}, %[[T]]
func.func @scatter_set_fwd(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %y = jxp.scatter set %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @scatter_set_fwd_main(
func.func @scatter_set_fwd_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %tx: tensor<5x4xf32>, %tu: tensor<3x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>) {
  %y, %ty = jxp.jvp @scatter_set_fwd(%x, %i, %u, %tx, %tu) wrt [0, 2] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
  return %y, %ty : tensor<5x4xf32>, tensor<5x4xf32>
}

// -----

// scatter (set) with unique indices: the tangent is scattered alike; the
// operand's cotangent is the cotangent with the overwritten rows zeroed, the
// updates' a gather.
// CHECK-LABEL: func.func private @scatter_set_unique_vjp(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3x1xi32>, %{{[^:]*}}: tensor<3x4xf32>, %[[CT:[^:]*]]: tensor<5x4xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3x4xf32>
// CHECK: %[[GX:.*]] = jxp.scatter set %[[CT]], %[[I]], %[[Z]]
// CHECK: %[[GU:.*]] = jxp.gather %[[CT]], %[[I]] {collapsed_slice_dims = array<i64: 0>, fill_value = 0.000000e+00 : f32
// CHECK: return %{{.*}}, %[[GX]], %[[GU]]
func.func @scatter_set_unique(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %y = jxp.scatter set %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @scatter_set_unique_main(
func.func @scatter_set_unique_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %ct: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>) {
  %y, %gx, %gu = jxp.vjp @scatter_set_unique(%x, %i, %u, %ct) wrt [0, 2] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>)
  return %y, %gx, %gu : tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>
}

// -----

// scatter mul is linear in the operand: its cotangent is the cotangent
// scatter-multiplied by the updates.
// CHECK-LABEL: func.func private @scatter_mul_vjp(
// CHECK-SAME: %[[I:[^:]*]]: tensor<3x1xi32>, %[[U:[^:]*]]: tensor<3x4xf32>, %[[CT:[^:]*]]: tensor<5x4xf32>)
// CHECK: %[[GX:.*]] = jxp.scatter mul %[[CT]], %[[I]], %[[U]]
// CHECK: return %{{.*}}, %[[GX]]
func.func @scatter_mul(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %y = jxp.scatter mul %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @scatter_mul_main(
func.func @scatter_mul_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %ct: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>) {
  %y, %gx = jxp.vjp @scatter_mul(%x, %i, %u, %ct) wrt [0] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
  return %y, %gx : tensor<5x4xf32>, tensor<5x4xf32>
}

// -----

// With unique indices, the updates' tangent is x * (scatter-add of it).
// CHECK-LABEL: func.func private @scatter_mul_unique_fwd_jvp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x4xf32>, %[[I:[^:]*]]: tensor<3x1xi32>, %{{[^:]*}}: tensor<3x4xf32>, %[[TU:[^:]*]]: tensor<3x4xf32>)
// CHECK: %[[S:.*]] = jxp.scatter add %{{.*}}, %[[I]], %[[TU]]
// CHECK: %[[T:.*]] = jxp.mul %[[X]], %[[S]]
// CHECK: return %{{.*}}, %[[T]]
func.func @scatter_mul_unique_fwd(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %y = jxp.scatter mul %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @scatter_mul_unique_fwd_main(
func.func @scatter_mul_unique_fwd_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %t: tensor<3x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>) {
  %y, %ty = jxp.jvp @scatter_mul_unique_fwd(%x, %i, %u, %t) wrt [2] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>)
  return %y, %ty : tensor<5x4xf32>, tensor<5x4xf32>
}

// -----

func.func @scatter_mul_updates(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op differentiation of scatter mul with respect to the updates is only supported with unique indices (as in JAX)}}
  %y = jxp.scatter mul %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
func.func @scatter_mul_updates_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %ct: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<3x4xf32>) {
  %y, %gu = jxp.vjp @scatter_mul_updates(%x, %i, %u, %ct) wrt [2] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<3x4xf32>)
  return %y, %gu : tensor<5x4xf32>, tensor<3x4xf32>
}

// -----

// scatter max (JAX's _scatter_extremal_jvp): the tangents of tied winners
// are averaged, through gathers and scatter-adds that transpose.
// CHECK-LABEL: func.func private @scatter_max_vjp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x4xf32>, %[[I:[^:]*]]: tensor<3x1xi32>, %[[U:[^:]*]]: tensor<3x4xf32>, %[[CT:[^:]*]]: tensor<5x4xf32>)
// CHECK: %[[Y:.*]] = jxp.scatter max %[[X]], %[[I]], %[[U]]
// CHECK: %[[INIT:.*]] = jxp.gather %[[X]], %[[I]]
// CHECK: %[[TARGET:.*]] = jxp.gather %[[Y]], %[[I]]
// CHECK: jxp.compare EQ, %[[U]], %[[TARGET]]
// CHECK: jxp.compare EQ, %[[INIT]], %[[TARGET]]
// CHECK: jxp.scatter add
// CHECK: %[[GCT:.*]] = jxp.gather %[[CT]], %[[I]]
// CHECK: %[[GU:.*]] = jxp.mul %[[GCT]], %{{.*}} : tensor<3x4xf32>
// CHECK: %[[P:.*]] = jxp.mul %[[GCT]], %{{.*}} : tensor<3x4xf32>
// CHECK: %[[S:.*]] = jxp.scatter add %{{.*}}, %[[I]], %[[P]]
// CHECK: %[[GX:.*]] = jxp.add %[[CT]], %[[S]]
// CHECK: return %{{.*}}, %[[GX]], %[[GU]]
func.func @scatter_max(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %y = jxp.scatter max %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @scatter_max_main(
func.func @scatter_max_main(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>, %ct: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>) {
  %y, %gx, %gu = jxp.vjp @scatter_max(%x, %i, %u, %ct) wrt [0, 2] : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>)
  return %y, %gx, %gu : tensor<5x4xf32>, tensor<5x4xf32>, tensor<3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

// An iota sorted along gives the permutation; the tangent is taken along
// the sort dimension by it (a gather batched over the other dimension). The
// integer result has no tangent.
// CHECK-LABEL: func.func private @sort_fwd_jvp(
// CHECK-SAME: %[[K:[^:]*]]: tensor<4x3xf32>, %[[V:[^:]*]]: tensor<4x3xi32>, %[[T:[^:]*]]: tensor<4x3xf32>)
// CHECK: %[[IOTA:.*]] = jxp.iota dim = 0 : tensor<4x3xi32>
// CHECK: %[[S:.*]]:3 = jxp.sort(%[[K]], %[[V]], %[[IOTA]]), dim = 0, num_keys = 1 stable
// CHECK: %[[P:.*]] = jxp.reshape %[[S]]#2 : (tensor<4x3xi32>) -> tensor<4x3x1xi32>
// CHECK: %[[G:.*]] = jxp.gather %[[T]], %[[P]] {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 2 : i64, mode = 2 : i32, offset_dims = array<i64>, operand_batching_dims = array<i64: 1>, slice_sizes = array<i64: 1, 1>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64: 1>}
// CHECK: %[[Z:.*]] = jxp.constant dense<0> : tensor<4x3xi32>
// CHECK: return %{{.*}}, %{{.*}}, %[[G]], %[[Z]]
func.func @sort_fwd(%k: tensor<4x3xf32>, %v: tensor<4x3xi32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  %a, %b = jxp.sort(%k, %v), dim = 0, num_keys = 1 stable : (tensor<4x3xf32>, tensor<4x3xi32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %a, %b : tensor<4x3xf32>, tensor<4x3xi32>
}
// CHECK-LABEL: func.func @sort_fwd_main(
func.func @sort_fwd_main(%k: tensor<4x3xf32>, %v: tensor<4x3xi32>, %t: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>, tensor<4x3xi32>) {
  %r:4 = jxp.jvp @sort_fwd(%k, %v, %t) wrt [0] : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>, tensor<4x3xi32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>, tensor<4x3xi32>
}

// -----

// Reverse mode: the sort stays in the primal part; the gather transposes to
// a scatter-add.
// CHECK-LABEL: func.func private @sort_vjp(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<4x3xf32>, %{{[^:]*}}: tensor<4x3xi32>)
// CHECK: %[[S:.*]]:3 = jxp.sort
// CHECK: %[[P:.*]] = jxp.reshape %[[S]]#2
// CHECK: %[[G:.*]] = jxp.scatter add %{{.*}}, %[[P]], %[[CT]] {index_vector_dim = 2 : i64, inserted_window_dims = array<i64: 0>, mode = 2 : i32, operand_batching_dims = array<i64: 1>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 1>, update_window_dims = array<i64>}
// CHECK: return %{{.*}}, %{{.*}}, %[[G]]
func.func @sort(%k: tensor<4x3xf32>, %v: tensor<4x3xi32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  %a, %b = jxp.sort(%k, %v), dim = 0, num_keys = 1 stable : (tensor<4x3xf32>, tensor<4x3xi32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %a, %b : tensor<4x3xf32>, tensor<4x3xi32>
}
// CHECK-LABEL: func.func @sort_main(
func.func @sort_main(%k: tensor<4x3xf32>, %v: tensor<4x3xi32>, %c0: tensor<4x3xf32>, %c1: tensor<4x3xi32>) -> (tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>) {
  %r:3 = jxp.vjp @sort(%k, %v, %c0, %c1) wrt [0] : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>, tensor<4x3xi32>) -> (tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>)
  return %r#0, %r#1, %r#2 : tensor<4x3xf32>, tensor<4x3xi32>, tensor<4x3xf32>
}
