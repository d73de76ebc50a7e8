// Ops that verify but have no valid StableHLO form: the conversion rejects
// them with an error on the op instead of emitting IR that XLA refuses.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file --verify-diagnostics

func.func @compare_signed_floats(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.compare' op compare type SIGNED does not apply to element type 'f32'}}
  %0 = jxp.compare LT, %x, %x, SIGNED : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_unsigned_signed_ints(%x: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.compare' op compare type UNSIGNED does not apply to element type 'i32'}}
  %0 = jxp.compare LT, %x, %x, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_float_ints(%x: tensor<4xui8>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.compare' op compare type FLOAT does not apply to element type 'ui8'}}
  %0 = jxp.compare EQ, %x, %x, FLOAT : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_totalorder_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.compare' op compare type TOTALORDER does not apply to element type 'complex<f32>'}}
  %0 = jxp.compare EQ, %x, %x, TOTALORDER : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// The matching explicit types convert (no diagnostic expected).
func.func @compare_explicit_types_ok(%f: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui8>, %b: tensor<4xi1>, %c: tensor<4xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = jxp.compare LT, %f, %f, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = jxp.compare LT, %f, %f, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = jxp.compare LT, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = jxp.compare LT, %u, %u, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %4 = jxp.compare LT, %b, %b, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %5 = jxp.compare NE, %c, %c, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

func.func @sort_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.sort' op sorting complex numbers is not supported yet}}
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
