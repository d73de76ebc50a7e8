// Folds of jxp ops (lib/Dialect/JxpFolds.cpp) and dead-code removal.
// RUN: jxp-opt %s --split-input-file --canonicalize | FileCheck %s

//===----------------------------------------------------------------------===//
// add: x + -0.0 is x for floats, x + 0.0 is not (-0.0 + 0.0 = 0.0).
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add_neg_zero_float
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @add_neg_zero_float(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = jxp.constant dense<-0.0> : tensor<4xf32>
  %0 = jxp.add %x, %z : tensor<4xf32>
  %1 = jxp.add %z, %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @add_pos_zero_float_kept
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.*]] = jxp.add %[[X]], %[[Z]] : tensor<4xf32>
// CHECK: return %[[A]]
func.func @add_pos_zero_float_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = jxp.constant dense<0.0> : tensor<4xf32>
  %0 = jxp.add %z, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @add_neg_zero_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<bf16>)
// CHECK-NEXT: return %[[X]]
func.func @add_neg_zero_bf16(%x: tensor<bf16>) -> tensor<bf16> {
  %z = jxp.constant dense<-0.0> : tensor<bf16>
  %0 = jxp.add %x, %z : tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

// CHECK-LABEL: func.func @add_zero_int
// CHECK-SAME: (%[[X:.*]]: tensor<3xi32>, %[[U:.*]]: tensor<3xui8>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[U]]
func.func @add_zero_int(%x: tensor<3xi32>, %u: tensor<3xui8>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xui8>) {
  %z = jxp.constant dense<0> : tensor<3xi32>
  %zu = jxp.constant dense<0> : tensor<3xui8>
  %0 = jxp.add %x, %z : tensor<3xi32>
  %1 = jxp.add %z, %x : tensor<3xi32>
  %2 = jxp.add %u, %zu : tensor<3xui8>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xi32>, tensor<3xui8>
}

// -----

// A constant that is not a splat of the identity is not folded away.
// CHECK-LABEL: func.func @add_nonsplat_kept
// CHECK: jxp.add
func.func @add_nonsplat_kept(%x: tensor<2xi32>) -> tensor<2xi32> {
  %c = jxp.constant dense<[0, 1]> : tensor<2xi32>
  %0 = jxp.add %x, %c : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

//===----------------------------------------------------------------------===//
// sub: x - 0 is x (for floats only x - +0.0).
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @sub_zero
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi64>)
// CHECK-NEXT: return %[[X]], %[[I]]
func.func @sub_zero(%x: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %zf = jxp.constant dense<0.0> : tensor<4xf32>
  %zi = jxp.constant dense<0> : tensor<4xi64>
  %0 = jxp.sub %x, %zf : tensor<4xf32>
  %1 = jxp.sub %i, %zi : tensor<4xi64>
  return %0, %1 : tensor<4xf32>, tensor<4xi64>
}

// -----

// -0.0 - -0.0 is 0.0, and 0 - x is -x: neither folds.
// CHECK-LABEL: func.func @sub_kept
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[NZ:.*]] = jxp.constant dense<-0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.*]] = jxp.sub %[[X]], %[[NZ]] : tensor<4xf32>
// CHECK: %[[B:.*]] = jxp.sub %[[Z]], %[[X]] : tensor<4xf32>
// CHECK: return %[[A]], %[[B]]
func.func @sub_kept(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %nz = jxp.constant dense<-0.0> : tensor<4xf32>
  %z = jxp.constant dense<0.0> : tensor<4xf32>
  %0 = jxp.sub %x, %nz : tensor<4xf32>
  %1 = jxp.sub %z, %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// mul: x * 1 is x.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @mul_one
// CHECK-SAME: (%[[X:.*]]: tensor<2x2xf16>, %[[I:.*]]: tensor<2x2xi8>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[I]]
func.func @mul_one(%x: tensor<2x2xf16>, %i: tensor<2x2xi8>) -> (tensor<2x2xf16>, tensor<2x2xf16>, tensor<2x2xi8>) {
  %one = jxp.constant dense<1.0> : tensor<2x2xf16>
  %onei = jxp.constant dense<1> : tensor<2x2xi8>
  %0 = jxp.mul %x, %one : tensor<2x2xf16>
  %1 = jxp.mul %one, %x : tensor<2x2xf16>
  %2 = jxp.mul %onei, %i : tensor<2x2xi8>
  return %0, %1, %2 : tensor<2x2xf16>, tensor<2x2xf16>, tensor<2x2xi8>
}

// -----

// x * -1 and x * 0 are not identities (x * 0.0 is -0.0 or NaN for some x).
// CHECK-LABEL: func.func @mul_kept
// CHECK: jxp.mul
// CHECK: jxp.mul
func.func @mul_kept(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %m = jxp.constant dense<-1.0> : tensor<4xf32>
  %z = jxp.constant dense<0.0> : tensor<4xf32>
  %0 = jxp.mul %x, %m : tensor<4xf32>
  %1 = jxp.mul %x, %z : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// neg
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @neg_neg
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[X]] : tensor<4xf32>
// CHECK-NEXT: return %[[X]], %[[N]]
func.func @neg_neg(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = jxp.neg %x : tensor<4xf32>
  %1 = jxp.neg %0 : tensor<4xf32>
  %2 = jxp.neg %1 : tensor<4xf32>
  return %1, %2 : tensor<4xf32>, tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Constant arithmetic
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @const_int_arith
// CHECK-DAG: %[[A:.*]] = jxp.constant dense<[5, 1]> : tensor<2xi32>
// CHECK-DAG: %[[S:.*]] = jxp.constant dense<[-1, -5]> : tensor<2xi32>
// CHECK-DAG: %[[M:.*]] = jxp.constant dense<[6, -6]> : tensor<2xi32>
// CHECK-NOT: jxp.add
// CHECK-NOT: jxp.sub
// CHECK-NOT: jxp.mul
// CHECK: return %[[A]], %[[S]], %[[M]]
func.func @const_int_arith() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %a = jxp.constant dense<[2, -2]> : tensor<2xi32>
  %b = jxp.constant dense<3> : tensor<2xi32>
  %0 = jxp.add %a, %b : tensor<2xi32>
  %1 = jxp.sub %a, %b : tensor<2xi32>
  %2 = jxp.mul %a, %b : tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// Integer arithmetic wraps around at the element width.
// CHECK-LABEL: func.func @const_int_wraps
// CHECK-DAG: %[[A:.*]] = jxp.constant dense<-56> : tensor<i8>
// CHECK-DAG: %[[U:.*]] = jxp.constant dense<44> : tensor<ui8>
// CHECK: return %[[A]], %[[U]]
func.func @const_int_wraps() -> (tensor<i8>, tensor<ui8>) {
  %a = jxp.constant dense<100> : tensor<i8>
  %0 = jxp.add %a, %a : tensor<i8>
  %u = jxp.constant dense<200> : tensor<ui8>
  %v = jxp.constant dense<100> : tensor<ui8>
  %1 = jxp.add %u, %v : tensor<ui8>
  return %0, %1 : tensor<i8>, tensor<ui8>
}

// -----

// CHECK-LABEL: func.func @const_float_arith
// CHECK-DAG: %[[A:.*]] = jxp.constant dense<3.750000e+00> : tensor<f32>
// CHECK-DAG: %[[S:.*]] = jxp.constant dense<-7.500000e-01> : tensor<f32>
// CHECK-DAG: %[[M:.*]] = jxp.constant dense<[3.375000e+00, -4.500000e+00]> : tensor<2xf64>
// CHECK-NOT: jxp.add
// CHECK-NOT: jxp.sub
// CHECK-NOT: jxp.mul
// CHECK: return %[[A]], %[[S]], %[[M]]
func.func @const_float_arith() -> (tensor<f32>, tensor<f32>, tensor<2xf64>) {
  %a = jxp.constant dense<1.5> : tensor<f32>
  %b = jxp.constant dense<2.25> : tensor<f32>
  %0 = jxp.add %a, %b : tensor<f32>
  %1 = jxp.sub %a, %b : tensor<f32>
  %c = jxp.constant dense<[1.5, -2.0]> : tensor<2xf64>
  %d = jxp.constant dense<2.25> : tensor<2xf64>
  %2 = jxp.mul %c, %d : tensor<2xf64>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<2xf64>
}

// -----

// Chains fold all the way down.
// CHECK-LABEL: func.func @const_chain
// CHECK-NEXT: %[[C:.*]] = jxp.constant dense<14> : tensor<i64>
// CHECK-NEXT: return %[[C]]
func.func @const_chain() -> tensor<i64> {
  %a = jxp.constant dense<2> : tensor<i64>
  %b = jxp.constant dense<5> : tensor<i64>
  %0 = jxp.add %a, %b : tensor<i64>
  %1 = jxp.mul %0, %a : tensor<i64>
  return %1 : tensor<i64>
}

// -----

// Boolean add is a logical or in StableHLO: no integer folding for i1.
// CHECK-LABEL: func.func @const_bool_not_folded
// CHECK: jxp.add
func.func @const_bool_not_folded() -> tensor<i1> {
  %t = jxp.constant dense<true> : tensor<i1>
  %0 = jxp.add %t, %t : tensor<i1>
  return %0 : tensor<i1>
}

// -----

//===----------------------------------------------------------------------===//
// convert, shape ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @convert_same_type
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[C:.*]] = jxp.convert %[[X]] : (tensor<4xf32>) -> tensor<4xf64>
// CHECK-NEXT: return %[[X]], %[[C]]
func.func @convert_same_type(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>) {
  %0 = jxp.convert %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = jxp.convert %x : (tensor<4xf32>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf32>, tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @identity_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[T:.*]] = jxp.transpose %[[X]], permutation = [0, 2, 1]
// CHECK-NEXT: return %[[X]], %[[T]]
func.func @identity_transpose(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x4x3xf32>) {
  %0 = jxp.transpose %x, permutation = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = jxp.transpose %x, permutation = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x4x3xf32>
}

// -----

// A same-type broadcast folds only with the identity dimensions; with
// swapped ones it is a transpose.
// CHECK-LABEL: func.func @identity_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<3x3xf32>)
// CHECK-NEXT: %[[B:.*]] = jxp.broadcast_in_dim %[[X]], dims = [1, 0]
// CHECK-NEXT: return %[[X]], %[[B]]
func.func @identity_broadcast(%x: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
  %0 = jxp.broadcast_in_dim %x, dims = [0, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %1 = jxp.broadcast_in_dim %x, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// CHECK-LABEL: func.func @identity_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @identity_reshape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_of_reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = jxp.reshape %0 : (tensor<6xf32>) -> tensor<1x6xf32>
  %2 = jxp.reshape %1 : (tensor<1x6xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

// -----

// Reshaping back to the original type leaves nothing.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @reshape_round_trip(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = jxp.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_of_constant
// CHECK-NEXT: %[[C:.*]] = jxp.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: return %[[C]]
func.func @reshape_of_constant() -> tensor<2x2xi32> {
  %c = jxp.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = jxp.reshape %c : (tensor<4xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// CHECK-LABEL: func.func @identity_slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK-NEXT: %[[S:.*]] = jxp.slice %[[X]], start = [1, 0]
// CHECK-NEXT: return %[[X]], %[[S]]
func.func @identity_slice(%x: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<3x2xf32>) {
  %0 = jxp.slice %x, start = [0, 0], limit = [4, 2], strides = [1, 1] : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %1 = jxp.slice %x, start = [1, 0], limit = [4, 2], strides = [1, 1] : (tensor<4x2xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<4x2xf32>, tensor<3x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// select
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @select_constant_pred
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]], %[[Y]], %[[Y]]
func.func @select_constant_pred(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = jxp.constant dense<true> : tensor<i1>
  %f = jxp.constant dense<false> : tensor<i1>
  %fv = jxp.constant dense<false> : tensor<4xi1>
  %0 = jxp.select %t, %x, %y : tensor<i1>, tensor<4xf32>
  %1 = jxp.select %f, %x, %y : tensor<i1>, tensor<4xf32>
  %2 = jxp.select %fv, %x, %y : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @select_same_branches
// CHECK-SAME: (%[[P:.*]]: tensor<4xi1>, %[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @select_same_branches(%p: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.select %p, %x, %x : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A pred that is not a splat, or not a constant, keeps the select.
// CHECK-LABEL: func.func @select_kept
// CHECK: jxp.select
// CHECK: jxp.select
func.func @select_kept(%p: tensor<2xi1>, %x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %c = jxp.constant dense<[true, false]> : tensor<2xi1>
  %0 = jxp.select %c, %x, %y : tensor<2xi1>, tensor<2xf32>
  %1 = jxp.select %p, %x, %y : tensor<2xi1>, tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Dead code: every jxp op is pure.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dead_chain
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: jxp.
// CHECK: return %[[X]]
func.func @dead_chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.mul %x, %x : tensor<4xf32>
  %1 = jxp.mul %0, %x : tensor<4xf32>
  %2 = jxp.mul %1, %x : tensor<4xf32>
  %3 = jxp.mul %2, %x : tensor<4xf32>
  %4 = jxp.mul %3, %x : tensor<4xf32>
  %5 = jxp.mul %4, %x : tensor<4xf32>
  %6 = jxp.mul %5, %x : tensor<4xf32>
  %7 = jxp.mul %6, %x : tensor<4xf32>
  %8 = jxp.mul %7, %x : tensor<4xf32>
  %9 = jxp.mul %8, %x : tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----

// Structural ops are pure too; the live op stays.
// CHECK-LABEL: func.func @dead_structural
// CHECK-NOT: jxp.sort
// CHECK-NOT: jxp.gather
// CHECK-NOT: jxp.reduce
// CHECK: %[[E:.*]] = jxp.exp
// CHECK-NEXT: return %[[E]]
func.func @dead_structural(%x: tensor<4xf32>, %idx: tensor<2x1xi32>) -> tensor<4xf32> {
  %s = jxp.sort(%x), dim = 0, num_keys = 1 stable : (tensor<4xf32>) -> tensor<4xf32>
  %r = jxp.reduce sum %s, dims = [0] : (tensor<4xf32>) -> tensor<f32>
  %g = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  %e = jxp.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// Reversing dimensions of size 1 is the identity; reversing twice cancels.
// CHECK-LABEL: func.func @reverse_folds
// CHECK-SAME: (%[[X:.*]]: tensor<1x4xf32>, %[[Y:.*]]: tensor<3x4xf32>)
// CHECK-NOT: jxp.reverse
// CHECK: return %[[X]], %[[Y]]
func.func @reverse_folds(%x: tensor<1x4xf32>, %y: tensor<3x4xf32>) -> (tensor<1x4xf32>, tensor<3x4xf32>) {
  %0 = jxp.reverse %x, dims = [0] : tensor<1x4xf32>
  %1 = jxp.reverse %y, dims = [0, 1] : tensor<3x4xf32>
  %2 = jxp.reverse %1, dims = [0, 1] : tensor<3x4xf32>
  return %0, %2 : tensor<1x4xf32>, tensor<3x4xf32>
}

// -----

// A reverse along a real dimension stays.
// CHECK-LABEL: func.func @reverse_kept
// CHECK: jxp.reverse %{{.*}}, dims = [1]
func.func @reverse_kept(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %0 = jxp.reverse %x, dims = [1] : tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// A sort whose inputs lead a later sort with the same keys is that sort's
// leading results (the JVP of sort adds an iota to the same sort).
// CHECK-LABEL: func.func @sort_merged
// CHECK: %[[S:.*]]:2 = jxp.sort(%arg0, %{{.*}}), dim = 0, num_keys = 1
// CHECK-NOT: jxp.sort
// CHECK: jxp.neg %[[S]]#0
func.func @sort_merged(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<5xf32>) -> tensor<5xf32>
  %i = jxp.iota dim = 0 : tensor<5xi32>
  %1:2 = jxp.sort(%x, %i), dim = 0, num_keys = 1 : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  %2 = jxp.neg %0 : tensor<5xf32>
  return %2, %1#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// Not when the smaller sort is used before the larger one exists, or the
// sorts differ in stability.
// CHECK-LABEL: func.func @sort_not_merged
// CHECK-COUNT-3: jxp.sort
func.func @sort_not_merged(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xi32>, tensor<5xi32>) {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<5xf32>) -> tensor<5xf32>
  %n = jxp.neg %0 : tensor<5xf32>
  %i = jxp.iota dim = 0 : tensor<5xi32>
  %1:2 = jxp.sort(%n, %i), dim = 0, num_keys = 1 : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  %2:2 = jxp.sort(%x, %i), dim = 0, num_keys = 1 stable : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %n, %1#1, %2#1 : tensor<5xf32>, tensor<5xi32>, tensor<5xi32>
}

// -----

// An op whose results have no elements is an empty constant (found by the
// fuzzer: XLA aborted with std::bad_alloc compiling the reduce window of a
// cumsum over a 2147483647x0 array; a small shape here, so that the
// fuzzer, which seeds from these files, does not start from a parameter
// XLA cannot compile in reasonable memory).
// CHECK-LABEL: func.func @empty_results
// CHECK-NOT: jxp.cumsum
// CHECK-NOT: jxp.add
// CHECK: %[[C:.*]] = jxp.constant dense<> : tensor<7x0xi32>
// CHECK: %[[D:.*]] = jxp.constant dense<> : tensor<0x3xf32>
// CHECK: return %[[C]], %[[D]]
func.func @empty_results(%x: tensor<7x0xi32>, %y: tensor<0x3xf32>) -> (tensor<7x0xi32>, tensor<0x3xf32>) {
  %0 = jxp.cumsum %x, axis = 1 reverse : tensor<7x0xi32>
  %1 = jxp.add %y, %y : tensor<0x3xf32>
  return %0, %1 : tensor<7x0xi32>, tensor<0x3xf32>
}

// -----

// A constant index picks a branch that yields its own argument (a fuzzer
// regression: the canonicalization used to crash replacing it).
// CHECK-LABEL: func.func @cond_picks_argument
// CHECK-NOT: jxp.cond
// CHECK: return %arg0
func.func @cond_picks_argument(%x: tensor<f32>) -> tensor<f32> {
  %c = jxp.constant dense<0> : tensor<i32>
  %r = jxp.cond %c (%x) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%a: tensor<f32>):
    jxp.yield %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    %n = jxp.neg %a : tensor<f32>
    jxp.yield %n : tensor<f32>
  }
  return %r : tensor<f32>
}
