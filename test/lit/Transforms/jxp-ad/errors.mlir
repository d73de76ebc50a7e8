// What the autodiff passes reject, pointing at the op (the verifier
// checks of the transform and custom ops are in
// Dialect/invalid_ad.mlir).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-ad --jxp-lower-custom-calls --convert-jxp-to-stablehlo

func.func private @square(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.mul' op is not linear in operand #1: cannot transpose it}}
  %0 = jxp.mul %x, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @not_linear(%ct: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.linear_transpose @square(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func private @nonlinear(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.sin' op is not linear (it has no transpose rule), so the function cannot be transposed}}
  %0 = jxp.sin %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @no_transpose_rule(%ct: tensor<3xf32>) -> tensor<3xf32> {
  %0 = jxp.linear_transpose @nonlinear(%ct) wrt [0] : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Forward mode through a custom_vjp function, with the tangent used.
func.func private @impl(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @fwd(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return %x, %x : tensor<f32>, tensor<f32>
}
func.func private @bwd(%r: tensor<f32>, %ct: tensor<f32>) -> tensor<f32> {
  return %ct : tensor<f32>
}
func.func private @g(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'jxp.custom_lin' op can't apply forward-mode autodiff (jvp) to a custom_vjp function}}
  %0 = jxp.custom_vjp_call @impl(%x) fwd @fwd bwd @bwd wrt [0] primals 1 residuals 1 : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @forward_through_custom_vjp(%x: tensor<f32>, %t: tensor<f32>) -> tensor<f32> {
  %r:2 = jxp.jvp @g(%x, %t) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %r#1 : tensor<f32>
}
