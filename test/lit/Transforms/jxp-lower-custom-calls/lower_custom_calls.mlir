// The jxp-lower-custom-calls pass: custom-derivative calls become plain
// calls of their callee once every transform has run; the rules stay until
// symbol-dce drops them.
// RUN: jxp-opt %s --jxp-lower-custom-calls | FileCheck %s

func.func private @f(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.sin %x : tensor<f32>
  return %0 : tensor<f32>
}
func.func private @f_rule(%x: tensor<f32>, %t: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = jxp.sin %x : tensor<f32>
  %1 = jxp.cos %x : tensor<f32>
  %2 = jxp.mul %t, %1 : tensor<f32>
  return %0, %2 : tensor<f32>, tensor<f32>
}
func.func private @f_fwd(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = jxp.sin %x : tensor<f32>
  %1 = jxp.cos %x : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
func.func private @f_bwd(%c: tensor<f32>, %g: tensor<f32>) -> tensor<f32> {
  %0 = jxp.mul %c, %g : tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @main
// CHECK-NOT: jxp.custom_jvp_call
// CHECK-NOT: jxp.custom_vjp_call
// CHECK: %[[A:.*]] = call @f(%arg0) : (tensor<f32>) -> tensor<f32>
// CHECK: %[[B:.*]] = call @f(%[[A]]) : (tensor<f32>) -> tensor<f32>
// CHECK: return %[[B]]
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.custom_jvp_call @f(%x) diff [0] primals 1 {jvp = @f_rule} : (tensor<f32>) -> tensor<f32>
  %1 = jxp.custom_vjp_call @f(%0) fwd @f_fwd bwd @f_bwd wrt [0] primals 1 residuals 1 : (tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
