// Ops that verify but have no valid StableHLO form: the conversion rejects
// them with an error on the op instead of emitting IR that XLA refuses.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file --verify-diagnostics

func.func @sort_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.sort' op sorting complex numbers is not supported yet}}
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
