// Transpose rules, one case per linear op (and per linear operand where an
// op has several), run alone with the `jxp-transpose` pass on
// `jxp.linear_transpose`; ops not linear in the operands asked for are
// diagnosed. Each case checks the ops of the transposed function; the
// dot-product test <A x, y> = <x, A^T y> of each rule is in
// test/python/test_op_matrix.py.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-transpose | FileCheck %s

// neg: the cotangent negated.
// CHECK-LABEL: func.func private @neg_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.neg %[[CT]]
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @neg_main(
// CHECK: call @neg_transpose(
func.func private @neg(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.neg %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @neg_main(%ct: tensor<3xf32>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @neg(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// add: both operands get the cotangent as it is.
// CHECK-LABEL: func.func private @add_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: return %[[CT]], %[[CT]]
// CHECK-LABEL: func.func @add_main(
// CHECK: call @add_transpose(
func.func private @add(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.add %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @add_main(%ct: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.linear_transpose @add(%ct) wrt [0, 1] : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// sub: the cotangent, and its negation for the subtrahend.
// CHECK-LABEL: func.func private @sub_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[N:.*]] = jxp.neg %[[CT]]
// CHECK-NEXT: return %[[CT]], %[[N]]
// CHECK-LABEL: func.func @sub_main(
// CHECK: call @sub_transpose(
func.func private @sub(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.sub %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @sub_main(%ct: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.linear_transpose @sub(%ct) wrt [0, 1] : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// mul: linear in x only: the cotangent times the constant factor a.
// CHECK-LABEL: func.func private @mul_transpose(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3xf32>, %[[CT:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.mul %[[CT]], %[[A]]
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @mul_main(
// CHECK: call @mul_transpose(
func.func private @mul(%a: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.mul %a, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @mul_main(%a: tensor<3xf32>, %ct: tensor<3xf32>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @mul(%a, %ct) wrt [1] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// div: linear in the numerator: the cotangent divided by the constant
// denominator.
// CHECK-LABEL: func.func private @div_transpose(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3xf32>, %[[CT:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[R:.*]] = jxp.div %[[CT]], %[[A]]
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @div_main(
// CHECK: call @div_transpose(
func.func private @div(%x: tensor<3xf32>, %a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.div %x, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @div_main(%a: tensor<3xf32>, %ct: tensor<3xf32>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @div(%a, %ct) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// select: the cotangent goes to the branch the predicate chose, zeros to the
// other.
// CHECK-LABEL: func.func private @select_transpose(
// CHECK-SAME: %[[P:[^:]*]]: tensor<3xi1>, %[[CT:[^:]*]]: tensor<3xf32>)
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT: %[[T:.*]] = jxp.select %[[P]], %[[CT]], %[[Z]]
// CHECK-NEXT: %[[F:.*]] = jxp.select %[[P]], %[[Z]], %[[CT]]
// CHECK-NEXT: return %[[T]], %[[F]]
// CHECK-LABEL: func.func @select_main(
// CHECK: call @select_transpose(
func.func private @select(%p: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.select %p, %x, %y : tensor<3xi1>, tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @select_main(%p: tensor<3xi1>, %ct: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.linear_transpose @select(%p, %ct) wrt [1, 2] : (tensor<3xi1>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// convert: a conversion back to the operand's element type.
// CHECK-LABEL: func.func private @convert_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf64>) -> tensor<3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.convert %[[CT]] : (tensor<3xf64>) -> tensor<3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @convert_main(
// CHECK: call @convert_transpose(
func.func private @convert(%x: tensor<3xf32>) -> tensor<3xf64> {
  %0 = jxp.convert %x : (tensor<3xf32>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @convert_main(%ct: tensor<3xf64>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @convert(%ct) wrt [0] : (tensor<3xf64>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// real, imag and complex, with JAX's transposes: real^T(t) = t + 0i,
// imag^T(t) = 0 - ti, complex^T(t) = (Re t, Im(-t)).
// CHECK-LABEL: func.func private @real_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf64>) -> tensor<3xcomplex<f64>>
// CHECK-NEXT: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-NEXT: %[[R:.*]] = jxp.complex %[[CT]], %[[ZERO]] : tensor<3xf64>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @real_main(
// CHECK: call @real_transpose(
func.func private @real(%x: tensor<3xcomplex<f64>>) -> tensor<3xf64> {
  %0 = jxp.real %x : tensor<3xcomplex<f64>>
  return %0 : tensor<3xf64>
}
func.func @real_main(%ct: tensor<3xf64>) -> (tensor<3xcomplex<f64>>) {
  %r = jxp.linear_transpose @real(%ct) wrt [0] : (tensor<3xf64>) -> tensor<3xcomplex<f64>>
  return %r : tensor<3xcomplex<f64>>
}

// -----

// CHECK-LABEL: func.func private @imag_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xf32>) -> tensor<3xcomplex<f32>>
// CHECK-DAG: %[[NEG:.*]] = jxp.neg %[[CT]] : tensor<3xf32>
// CHECK-DAG: %[[ZERO:.*]] = jxp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: %[[R:.*]] = jxp.complex %[[ZERO]], %[[NEG]] : tensor<3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @imag_main(
// CHECK: call @imag_transpose(
func.func private @imag(%x: tensor<3xcomplex<f32>>) -> tensor<3xf32> {
  %0 = jxp.imag %x : tensor<3xcomplex<f32>>
  return %0 : tensor<3xf32>
}
func.func @imag_main(%ct: tensor<3xf32>) -> (tensor<3xcomplex<f32>>) {
  %r = jxp.linear_transpose @imag(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
  return %r : tensor<3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func private @complex_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %[[RE:.*]] = jxp.real %[[CT]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: %[[NEG:.*]] = jxp.neg %[[CT]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: %[[IM:.*]] = jxp.imag %[[NEG]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %[[RE]], %[[IM]]
// CHECK-LABEL: func.func @complex_main(
// CHECK: call @complex_transpose(
func.func private @complex(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xcomplex<f32>> {
  %0 = jxp.complex %x, %y : tensor<3xf32>
  return %0 : tensor<3xcomplex<f32>>
}
func.func @complex_main(%ct: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = jxp.linear_transpose @complex(%ct) wrt [0, 1] : (tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// complex transposed in its imaginary part only: the real part is a
// constant of the transposed function.
// CHECK-LABEL: func.func private @complex_im_transpose(
// CHECK-SAME: %{{[^:]*}}: tensor<3xf32>, %[[CT:[^:]*]]: tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK-NEXT: %[[NEG:.*]] = jxp.neg %[[CT]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: %[[IM:.*]] = jxp.imag %[[NEG]] : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %[[IM]]
// CHECK-LABEL: func.func @complex_im_main(
// CHECK: call @complex_im_transpose(
func.func private @complex_im(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xcomplex<f32>> {
  %0 = jxp.complex %x, %y : tensor<3xf32>
  return %0 : tensor<3xcomplex<f32>>
}
func.func @complex_im_main(%x: tensor<3xf32>, %ct: tensor<3xcomplex<f32>>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @complex_im(%x, %ct) wrt [1] : (tensor<3xf32>, tensor<3xcomplex<f32>>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// broadcast_in_dim: a sum over the broadcast dimension.
// CHECK-LABEL: func.func private @broadcast_in_dim_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<2x3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.reduce sum %[[CT]], dims = [0] : (tensor<2x3xf32>) -> tensor<3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @broadcast_in_dim_main(
// CHECK: call @broadcast_in_dim_transpose(
func.func private @broadcast_in_dim(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @broadcast_in_dim_main(%ct: tensor<2x3xf32>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @broadcast_in_dim(%ct) wrt [0] : (tensor<2x3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// reshape: a reshape back.
// CHECK-LABEL: func.func private @reshape_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<6xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.reshape %[[CT]] : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @reshape_main(
// CHECK: call @reshape_transpose(
func.func private @reshape(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @reshape_main(%ct: tensor<6xf32>) -> (tensor<2x3xf32>) {
  %r = jxp.linear_transpose @reshape(%ct) wrt [0] : (tensor<6xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// transpose: the inverse permutation.
// CHECK-LABEL: func.func private @transpose_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<3x2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.transpose %[[CT]], permutation = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @transpose_main(
// CHECK: call @transpose_transpose(
func.func private @transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
func.func @transpose_main(%ct: tensor<3x2xf32>) -> (tensor<2x3xf32>) {
  %r = jxp.linear_transpose @transpose(%ct) wrt [0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// reverse: the same reversal.
// CHECK-LABEL: func.func private @reverse_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.reverse %[[CT]], dims = [1]
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @reverse_main(
// CHECK: call @reverse_transpose(
func.func private @reverse(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.reverse %x, dims = [1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @reverse_main(%ct: tensor<2x3xf32>) -> (tensor<2x3xf32>) {
  %r = jxp.linear_transpose @reverse(%ct) wrt [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// slice: a zero pad: the start before, strides - 1 between, the rest after.
// CHECK-LABEL: func.func private @slice_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<2xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[R:.*]] = jxp.pad %[[CT]], %[[Z]], low = [1], high = [2], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @slice_main(
// CHECK: call @slice_transpose(
func.func private @slice(%x: tensor<6xf32>) -> tensor<2xf32> {
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @slice_main(%ct: tensor<2xf32>) -> (tensor<6xf32>) {
  %r = jxp.linear_transpose @slice(%ct) wrt [0] : (tensor<2xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// dynamic_slice: the cotangent written into zeros at the same start.
// CHECK-LABEL: func.func private @dynamic_slice_transpose(
// CHECK-SAME: %[[I:[^:]*]]: tensor<i32>, %[[CT:[^:]*]]: tensor<2xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<6xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.dynamic_update_slice %[[Z]][%[[I]]], %[[CT]]
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @dynamic_slice_main(
// CHECK: call @dynamic_slice_transpose(
func.func private @dynamic_slice(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @dynamic_slice_main(%i: tensor<i32>, %ct: tensor<2xf32>) -> (tensor<6xf32>) {
  %r = jxp.linear_transpose @dynamic_slice(%i, %ct) wrt [0] : (tensor<i32>, tensor<2xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// dynamic_update_slice: the operand gets the cotangent with the window zeroed, the update
// the window.
// CHECK-LABEL: func.func private @dynamic_update_slice_transpose(
// CHECK-SAME: %[[I:[^:]*]]: tensor<i32>, %[[CT:[^:]*]]: tensor<6xf32>) -> (tensor<6xf32>, tensor<2xf32>)
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %[[X:.*]] = jxp.dynamic_update_slice %[[CT]][%[[I]]], %[[Z]]
// CHECK-NEXT: %[[U:.*]] = jxp.dynamic_slice %[[CT]][%[[I]]], sizes = [2]
// CHECK-NEXT: return %[[X]], %[[U]]
// CHECK-LABEL: func.func @dynamic_update_slice_main(
// CHECK: call @dynamic_update_slice_transpose(
func.func private @dynamic_update_slice(%x: tensor<6xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<6xf32> {
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @dynamic_update_slice_main(%i: tensor<i32>, %ct: tensor<6xf32>) -> (tensor<6xf32>, tensor<2xf32>) {
  %r:2 = jxp.linear_transpose @dynamic_update_slice(%i, %ct) wrt [0, 1] : (tensor<i32>, tensor<6xf32>) -> (tensor<6xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<6xf32>, tensor<2xf32>
}

// -----

// concatenate: each input gets its slice of the cotangent.
// CHECK-LABEL: func.func private @concatenate_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<5xf32>) -> (tensor<2xf32>, tensor<3xf32>)
// CHECK-NEXT: %[[A:.*]] = jxp.slice %[[CT]], start = [0], limit = [2], strides = [1]
// CHECK-NEXT: %[[B:.*]] = jxp.slice %[[CT]], start = [2], limit = [5], strides = [1]
// CHECK-NEXT: return %[[A]], %[[B]]
// CHECK-LABEL: func.func @concatenate_main(
// CHECK: call @concatenate_transpose(
func.func private @concatenate(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<5xf32> {
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @concatenate_main(%ct: tensor<5xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
  %r:2 = jxp.linear_transpose @concatenate(%ct) wrt [0, 1] : (tensor<5xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<3xf32>
}

// -----

// pad: the operand's elements cut back out (negative edge padding, then a
// strided slice); the padding value gets the sum of the rest.
// CHECK-LABEL: func.func private @pad_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<6xf32>) -> (tensor<3xf32>, tensor<f32>)
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[C:.*]] = jxp.pad %[[CT]], %[[Z]], low = [-1], high = [0], interior = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT: %[[X:.*]] = jxp.slice %[[C]], start = [0], limit = [5], strides = [2] : (tensor<5xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[SX:.*]] = jxp.reduce sum %[[X]], dims = [0]
// CHECK-NEXT: %[[ALL:.*]] = jxp.reduce sum %[[CT]], dims = [0]
// CHECK-NEXT: %[[V:.*]] = jxp.sub %[[ALL]], %[[SX]]
// CHECK-NEXT: return %[[X]], %[[V]]
// CHECK-LABEL: func.func @pad_main(
// CHECK: call @pad_transpose(
func.func private @pad(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @pad_main(%ct: tensor<6xf32>) -> (tensor<3xf32>, tensor<f32>) {
  %r:2 = jxp.linear_transpose @pad(%ct) wrt [0, 1] : (tensor<6xf32>) -> (tensor<3xf32>, tensor<f32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<f32>
}

// -----

// reduce_sum: a broadcast back over the reduced dimension.
// CHECK-LABEL: func.func private @reduce_sum_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.broadcast_in_dim %[[CT]], dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @reduce_sum_main(
// CHECK: call @reduce_sum_transpose(
func.func private @reduce_sum(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce sum %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reduce_sum_main(%ct: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %r = jxp.linear_transpose @reduce_sum(%ct) wrt [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// cumsum: a cumulative sum in the other direction.
// CHECK-LABEL: func.func private @cumsum_transpose(
// CHECK-SAME: %[[CT:[^:]*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.cumsum %[[CT]], axis = 0 reverse : tensor<4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @cumsum_main(
// CHECK: call @cumsum_transpose(
func.func private @cumsum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cumsum %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @cumsum_main(%ct: tensor<4xf32>) -> (tensor<4xf32>) {
  %r = jxp.linear_transpose @cumsum(%ct) wrt [0] : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// dot_general_lhs: w.r.t. the lhs: ct contracted with b over b's free dimension.
// CHECK-LABEL: func.func private @dot_general_lhs_transpose(
// CHECK-SAME: %[[B:[^:]*]]: tensor<3x4xf32>, %[[CT:[^:]*]]: tensor<2x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.dot_general %[[CT]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @dot_general_lhs_main(
// CHECK: call @dot_general_lhs_transpose(
func.func private @dot_general_lhs(%x: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %x, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @dot_general_lhs_main(%b: tensor<3x4xf32>, %ct: tensor<2x4xf32>) -> (tensor<2x3xf32>) {
  %r = jxp.linear_transpose @dot_general_lhs(%b, %ct) wrt [0] : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// dot_general_rhs: w.r.t. the rhs, batched: ct contracted with a over a's free
// dimension, batch dimensions kept, then transposed to the rhs's order.
// CHECK-LABEL: func.func private @dot_general_rhs_transpose(
// CHECK-SAME: %[[A:[^:]*]]: tensor<5x2x3xf32>, %[[CT:[^:]*]]: tensor<5x2x4xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: %[[D:.*]] = jxp.dot_general %[[CT]], %[[A]], batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<5x2x4xf32>, tensor<5x2x3xf32>) -> tensor<5x4x3xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.transpose %[[D]], permutation = [0, 2, 1] : (tensor<5x4x3xf32>) -> tensor<5x3x4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @dot_general_rhs_main(
// CHECK: call @dot_general_rhs_transpose(
func.func private @dot_general_rhs(%a: tensor<5x2x3xf32>, %x: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.dot_general %a, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}
func.func @dot_general_rhs_main(%a: tensor<5x2x3xf32>, %ct: tensor<5x2x4xf32>) -> (tensor<5x3x4xf32>) {
  %r = jxp.linear_transpose @dot_general_rhs(%a, %ct) wrt [1] : (tensor<5x2x3xf32>, tensor<5x2x4xf32>) -> tensor<5x3x4xf32>
  return %r : tensor<5x3x4xf32>
}

// -----

// gather: a scatter-add of the cotangent into zeros, with the mirrored
// dimension numbers and the same mode.
// CHECK-LABEL: func.func private @gather_transpose(
// CHECK-SAME: %[[I:[^:]*]]: tensor<2x1xi32>, %[[CT:[^:]*]]: tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<3x4xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.scatter add %[[Z]], %[[I]], %[[CT]] {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 0 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @gather_main(
// CHECK: call @gather_transpose(
func.func private @gather(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %i {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @gather_main(%i: tensor<2x1xi32>, %ct: tensor<2x4xf32>) -> (tensor<3x4xf32>) {
  %r = jxp.linear_transpose @gather(%i, %ct) wrt [0] : (tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// scatter_add: the operand gets the cotangent; each update the window it was added
// to (a gather, zeros where fill_or_drop dropped it).
// CHECK-LABEL: func.func private @scatter_add_transpose(
// CHECK-SAME: %[[I:[^:]*]]: tensor<2x1xi32>, %[[CT:[^:]*]]: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>)
// CHECK-NEXT: %[[U:.*]] = jxp.gather %[[CT]], %[[I]] {collapsed_slice_dims = array<i64: 0>, fill_value = 0.000000e+00 : f32, index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
// CHECK-NEXT: return %[[CT]], %[[U]]
// CHECK-LABEL: func.func @scatter_add_main(
// CHECK: call @scatter_add_transpose(
func.func private @scatter_add(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_add_main(%i: tensor<2x1xi32>, %ct: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>) {
  %r:2 = jxp.linear_transpose @scatter_add(%i, %ct) wrt [0, 2] : (tensor<2x1xi32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>)
  return %r#0, %r#1 : tensor<3x4xf32>, tensor<2x4xf32>
}

// -----

// scatter_set_unique: scatter (set) with unique indices: overwritten operand elements get
// zero (zeros scattered over the cotangent), each update its window.
// CHECK-LABEL: func.func private @scatter_set_unique_transpose(
// CHECK-SAME: %[[I:[^:]*]]: tensor<2x1xi32>, %[[CT:[^:]*]]: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>)
// CHECK-NEXT: %[[Z:.*]] = jxp.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK-NEXT: %[[X:.*]] = jxp.scatter set %[[CT]], %[[I]], %[[Z]]
// CHECK-NEXT: %[[U:.*]] = jxp.gather %[[CT]], %[[I]]
// CHECK-NEXT: return %[[X]], %[[U]]
// CHECK-LABEL: func.func @scatter_set_unique_main(
// CHECK: call @scatter_set_unique_transpose(
func.func private @scatter_set_unique(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter set %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, unique_indices = true, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @scatter_set_unique_main(%i: tensor<2x1xi32>, %ct: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>) {
  %r:2 = jxp.linear_transpose @scatter_set_unique(%i, %ct) wrt [0, 2] : (tensor<2x1xi32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>)
  return %r#0, %r#1 : tensor<3x4xf32>, tensor<2x4xf32>
}

// -----

// triangular_solve: linear in b: a solve with op(a) transposed.
// CHECK-LABEL: func.func private @triangular_solve_transpose(
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x3xf32>, %[[CT:[^:]*]]: tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[R:.*]] = jxp.triangular_solve %[[A]], %[[CT]] {left_side, lower, transpose_a = 1 : i64}
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @triangular_solve_main(
// CHECK: call @triangular_solve_transpose(
func.func private @triangular_solve(%a: tensor<3x3xf32>, %x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.triangular_solve %a, %x {left_side, lower} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
func.func @triangular_solve_main(%a: tensor<3x3xf32>, %ct: tensor<3x2xf32>) -> (tensor<3x2xf32>) {
  %r = jxp.linear_transpose @triangular_solve(%a, %ct) wrt [1] : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// mul is not linear in the operand asked for: diagnosed, not transposed.
func.func private @mul_not_linear(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.mul' op is not linear in operand #1: cannot transpose it}}
  %0 = jxp.mul %x, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @mul_not_linear_main(%ct: tensor<3xf32>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @mul_not_linear(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// div is not linear in the operand asked for: diagnosed, not transposed.
func.func private @div_not_linear(%a: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.div' op is not linear in operand #1: cannot transpose it}}
  %0 = jxp.div %a, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @div_not_linear_main(%a: tensor<3xf32>, %ct: tensor<3xf32>) -> (tensor<3xf32>) {
  %r = jxp.linear_transpose @div_not_linear(%a, %ct) wrt [1] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// reduce_max is not linear in the operand asked for: diagnosed, not transposed.
func.func private @reduce_max_not_linear(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.reduce' op is not linear in operand #0: cannot transpose it}}
  %0 = jxp.reduce max %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reduce_max_not_linear_main(%ct: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %r = jxp.linear_transpose @reduce_max_not_linear(%ct) wrt [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// cumprod is not linear (it has no transpose rule): diagnosed, not transposed.
func.func private @cumprod_not_linear(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.cumprod' op is not linear (it has no transpose rule), so the function cannot be transposed}}
  %0 = jxp.cumprod %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @cumprod_not_linear_main(%ct: tensor<4xf32>) -> (tensor<4xf32>) {
  %r = jxp.linear_transpose @cumprod_not_linear(%ct) wrt [0] : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Transposition of a linear function of x (a is a constant operand):
// the cotangent goes back through neg, then dot_general with a, then a
// transpose to x's dimension order.
// CHECK-LABEL: func.func private @lin_transpose(%arg0: tensor<2x3xf32>, %arg1: tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK: %[[N:.*]] = jxp.neg %arg1
// CHECK: %[[D:.*]] = jxp.dot_general %[[N]], %arg0, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[R:.*]] = jxp.transpose %[[D]], permutation = [1, 0]
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @transpose_main
// CHECK: call @lin_transpose(%arg0, %arg1)
func.func private @lin(%a: tensor<2x3xf32>, %x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = jxp.neg %0 : tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
func.func @transpose_main(%a: tensor<2x3xf32>, %ct: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.linear_transpose @lin(%a, %ct) wrt [1] : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
