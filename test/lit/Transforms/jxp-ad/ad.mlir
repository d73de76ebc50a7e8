// The autodiff passes one at a time, and the driver.
// RUN: jxp-opt %s --split-input-file --jxp-jvp | FileCheck %s --check-prefix=JVP
// RUN: jxp-opt %s --split-input-file --jxp-transpose | FileCheck %s --check-prefix=TR
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls | FileCheck %s --check-prefix=AD
// After the driver and clean-up, only plain jxp ops remain.
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: jxp.jvp
// CLEAN-NOT: jxp.vjp
// CLEAN-NOT: jxp.linear_transpose
// CLEAN-NOT: jxp.custom_
// CLEAN-NOT: call @

// Forward mode w.r.t. x only: y's tangent is a symbolic zero, so nothing
// is built for it (no product of a tangent with x, no tangent of y*y).
// JVP-LABEL: func.func private @f_jvp(
// JVP-SAME: %[[X:[^:]*]]: tensor<3xf32>, %[[Y:[^:]*]]: tensor<3xf32>, %[[T:[^:]*]]: tensor<3xf32>)
// JVP: %[[XY:.*]] = jxp.mul %[[X]], %[[Y]]
// JVP: %[[TY:.*]] = jxp.mul %[[T]], %[[Y]]
// JVP: %[[YY:.*]] = jxp.mul %[[Y]], %[[Y]]
// JVP-NOT: jxp.mul
// JVP: %[[OUT:.*]] = jxp.add %[[XY]], %[[YY]]
// JVP: return %[[OUT]], %[[TY]]
// JVP-LABEL: func.func @main
// JVP: call @f_jvp(%{{.*}}, %{{.*}}, %{{.*}})
func.func private @f(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.mul %x, %y : tensor<3xf32>
  %1 = jxp.mul %y, %y : tensor<3xf32>
  %2 = jxp.add %0, %1 : tensor<3xf32>
  return %2 : tensor<3xf32>
}
func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>, %t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r, %dr = jxp.jvp @f(%x, %y, %t) wrt [0] : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r, %dr : tensor<3xf32>, tensor<3xf32>
}

// -----

// A tangent operand that is a zero constant is a symbolic zero: the JVP is
// derived w.r.t. fewer inputs. An output that does not depend on the
// inputs (or is an integer) gets a zero tangent constant.
// JVP-LABEL: func.func private @g_jvp(
// JVP-SAME: %arg2: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>)
// JVP: %[[S:.*]] = jxp.sin
// JVP: %[[C:.*]] = jxp.cos
// JVP: %[[Z:.*]] = jxp.constant dense<0> : tensor<2xi32>
// JVP: return %[[S]], %{{.*}}, %{{.*}}, %[[Z]]
// JVP-LABEL: func.func @zero_tangent
// JVP: call @g_jvp(%arg0, %arg1, %arg2)
func.func private @g(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0 = jxp.sin %x : tensor<2xf32>
  %1 = jxp.convert %y : (tensor<2xf32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}
func.func @zero_tangent(%x: tensor<2xf32>, %y: tensor<2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
  %zero = jxp.constant dense<0.0> : tensor<2xf32>
  %r:4 = jxp.jvp @g(%x, %y, %t, %zero) wrt [0, 1] : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>)
  return %r#2 : tensor<2xf32>
}

// -----

// Transposition of a linear function of x (a is a constant operand):
// the cotangent goes back through neg, then dot_general with a, then a
// transpose to x's dimension order.
// TR-LABEL: func.func private @lin_transpose(%arg0: tensor<2x3xf32>, %arg1: tensor<2x4xf32>) -> tensor<3x4xf32>
// TR: %[[N:.*]] = jxp.neg %arg1
// TR: %[[D:.*]] = jxp.dot_general %[[N]], %arg0, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// TR: %[[R:.*]] = jxp.transpose %[[D]], permutation = [1, 0]
// TR: return %[[R]]
// TR-LABEL: func.func @transpose_main
// TR: call @lin_transpose(%arg0, %arg1)
func.func private @lin(%a: tensor<2x3xf32>, %x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = jxp.neg %0 : tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
func.func @transpose_main(%a: tensor<2x3xf32>, %ct: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.linear_transpose @lin(%a, %ct) wrt [1] : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// The driver: a second derivative. @df holds a vjp of @f, @main two vjps
// of @df: the inner one is materialized first, the outer derived once and
// called twice. After clean-up: d/dx cos(x) = -sin(x).
// AD-DAG: func.func private @df_vjp(
// AD-DAG: func.func private @f_vjp(
// AD-LABEL: func.func @second_derivative
// AD-COUNT-2: call @df_vjp
// AD-NOT: call @df_vjp
// CLEAN-LABEL: func.func @second_derivative
// CLEAN: %[[S:.*]] = jxp.sin %arg0
// CLEAN: %[[P:.*]] = jxp.mul %{{.*}}, %[[S]]
// CLEAN: return %[[P]], %[[P]]
func.func private @f(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.sin %x : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @df(%x: tensor<f32>) -> tensor<f32> {
  %one = jxp.constant dense<1.0> : tensor<f32>
  %y, %g = jxp.vjp @f(%x, %one) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %g : tensor<f32>
}
func.func @second_derivative(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %one = jxp.constant dense<1.0> : tensor<f32>
  %y, %g = jxp.vjp @df(%x, %one) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %y2, %g2 = jxp.vjp @df(%x, %one) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %g, %g2 : tensor<f32>, tensor<f32>
}

// -----

// A custom JVP rule replaces differentiation of the callee (exp and log1p
// are never differentiated: the cotangent is ct * logistic(x)); after the
// driver the remaining custom_jvp_calls are plain calls.
// AD-LABEL: func.func private @softplus_vjp(
// AD: %[[S:.*]] = jxp.logistic %arg0
// AD: %[[G:.*]] = jxp.mul %arg1, %[[S]]
// AD: return %{{.*}}, %[[G]]
// AD-LABEL: func.func @custom_jvp_grad
// AD-NOT: jxp.custom_jvp_call
func.func private @softplus_impl(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.exp %x : tensor<f32>
  %1 = jxp.log1p %0 : tensor<f32>
  return %1 : tensor<f32>
}
func.func private @softplus_rule(%x: tensor<f32>, %t: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = call @softplus_impl(%x) : (tensor<f32>) -> tensor<f32>
  %s = jxp.logistic %x : tensor<f32>
  %1 = jxp.mul %t, %s : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
func.func private @softplus(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.custom_jvp_call @softplus_impl(%x) diff [0] primals 1 {jvp = @softplus_rule} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @custom_jvp_grad(%x: tensor<f32>) -> tensor<f32> {
  %one = jxp.constant dense<1.0> : tensor<f32>
  %y, %g = jxp.vjp @softplus(%x, %one) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %p = jxp.custom_jvp_call @softplus_impl(%x) diff [0] primals 1 {jvp = @softplus_rule} : (tensor<f32>) -> tensor<f32>
  %r = jxp.add %g, %p : tensor<f32>
  return %r : tensor<f32>
}

// -----

// A custom VJP: the forward rule saves a residual, the backward rule is
// called with it and the cotangent; the callee is not differentiated.
// AD-LABEL: func.func private @clip_vjp(
// AD: %[[R:.*]] = jxp.cos %arg0
// AD: %[[G:.*]] = jxp.mul %arg1, %[[R]]
// AD: return %{{.*}}, %[[G]]
func.func private @clip_impl(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.sin %x : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @clip_fwd(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = jxp.sin %x : tensor<f32>
  %1 = jxp.cos %x : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
func.func private @clip_bwd(%res: tensor<f32>, %ct: tensor<f32>) -> tensor<f32> {
  %0 = jxp.mul %ct, %res : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @clip(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.custom_vjp_call @clip_impl(%x) fwd @clip_fwd bwd @clip_bwd wrt [0] primals 1 residuals 1 : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @custom_vjp_grad(%x: tensor<f32>, %ct: tensor<f32>) -> tensor<f32> {
  %y, %g = jxp.vjp @clip(%x, %ct) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %g : tensor<f32>
}

// -----

// Forward mode through cholesky: the factor's lower triangle L (NaNs above
// the diagonal, where the matrix is not positive definite, must not reach
// the products), two triangular solves (L^-1 dA L^-T), the halved lower
// triangle, a product with L.
// JVP-LABEL: func.func private @chol_jvp(
// JVP: %[[C:.*]] = jxp.cholesky %arg0
// JVP: %[[LOWER:.*]] = jxp.compare GE
// JVP: %[[L:.*]] = jxp.select %[[LOWER]], %[[C]], %{{.*}}
// JVP: %[[T1:.*]] = jxp.triangular_solve %[[L]], %arg1 {lower, transpose_a = 1 : i64}
// JVP: %[[T2:.*]] = jxp.triangular_solve %[[L]], %[[T1]] {left_side, lower}
// JVP: jxp.dot_general %[[L]]
func.func private @chol(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = jxp.cholesky %a : tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
func.func @chol_main(%a: tensor<3x3xf32>, %t: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r:2 = jxp.jvp @chol(%a, %t) wrt [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>)
  return %r#1 : tensor<3x3xf32>
}

// -----

// A running max's JVP follows JAX's parallel prefix scan, whose order
// decides how ties share the tangent: adjacent pairs are combined (strided
// slices), each step's tangent weighted by the balanced tie rule (1/2 each
// on a tie), and the even and odd results interleaved by interior padding.
// JVP-LABEL: func.func private @running_max_jvp(
// JVP: %[[X:.*]] = jxp.cummax %arg0, axis = 0
// JVP: jxp.slice %arg0, start = [0], limit = [3], strides = [2]
// JVP: jxp.slice %arg0, start = [1], limit = [4], strides = [2]
// JVP: jxp.max
// JVP: jxp.constant dense<5.000000e-01>
// JVP: jxp.pad {{.*}} interior = [1]
// JVP: return %[[X]]
func.func private @running_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cummax %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @running_max_main(%x: tensor<4xf32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = jxp.jvp @running_max(%x, %t) wrt [0] : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}

// -----

// A product's JVP multiplies halves as JAX's tree does (the second half
// padded with a one when the count is odd), so that zeros meet infinities
// in JAX's order; over an empty dimension the tangent is zero.
// JVP-LABEL: func.func private @prod_jvp(
// JVP: jxp.slice %{{.*}}, start = [0, 0], limit = [2, 2]
// JVP: jxp.slice %{{.*}}, start = [2, 0], limit = [3, 2]
// JVP: jxp.pad %{{.*}}, %{{.*}}, low = [0, 0], high = [1, 0], interior = [0, 0]
// JVP: jxp.mul
// JVP-LABEL: func.func private @prod_empty_jvp(
// JVP-NOT: jxp.slice
// JVP: jxp.constant dense<0.000000e+00> : tensor<2xf32>
func.func private @prod(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce prod %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @prod_empty(%x: tensor<2x0xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce prod %x, dims = [1] : (tensor<2x0xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @prod_main(%x: tensor<2x3xf32>, %t: tensor<2x3xf32>, %e: tensor<2x0xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = jxp.jvp @prod(%x, %t) wrt [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %s:2 = jxp.jvp @prod_empty(%e, %e) wrt [0] : (tensor<2x0xf32>, tensor<2x0xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1, %s#1 : tensor<2xf32>, tensor<2xf32>
}
