// The autodiff driver: jxp-ad materializes jxp.jvp, jxp.linear_transpose
// and jxp.vjp (the rules of each pass alone are in ../jxp-jvp and
// ../jxp-transpose).
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls | FileCheck %s
// After the driver and clean-up, only plain jxp ops remain.
// RUN: jxp-opt %s --split-input-file --jxp-ad --jxp-lower-custom-calls --inline --canonicalize --cse --symbol-dce | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: jxp.jvp
// CLEAN-NOT: jxp.vjp
// CLEAN-NOT: jxp.linear_transpose
// CLEAN-NOT: jxp.custom_
// CLEAN-NOT: call @

// A jxp.jvp (its derivative is checked in ../jxp-jvp/jvp.mlir).
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

// A jxp.jvp with a symbolic zero tangent (../jxp-jvp/jvp.mlir).
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

// A jxp.linear_transpose (../jxp-transpose/transpose.mlir).
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
// CHECK-DAG: func.func private @df_vjp(
// CHECK-DAG: func.func private @f_vjp(
// CHECK-LABEL: func.func @second_derivative
// CHECK-COUNT-2: call @df_vjp
// CHECK-NOT: call @df_vjp
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
// CHECK-LABEL: func.func private @softplus_vjp(
// CHECK: %[[S:.*]] = jxp.logistic %arg0
// CHECK: %[[G:.*]] = jxp.mul %arg1, %[[S]]
// CHECK: return %{{.*}}, %[[G]]
// CHECK-LABEL: func.func @custom_jvp_grad
// CHECK-NOT: jxp.custom_jvp_call
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
// CHECK-LABEL: func.func private @clip_vjp(
// CHECK: %[[R:.*]] = jxp.cos %arg0
// CHECK: %[[G:.*]] = jxp.mul %arg1, %[[R]]
// CHECK: return %{{.*}}, %[[G]]
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
