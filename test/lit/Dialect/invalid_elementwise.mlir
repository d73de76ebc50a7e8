// Every verifier rule of the elementwise ops (lib/Dialect/ElementwiseOps.cpp)
// and the main ODS type constraints (static shapes, sizes XLA can
// address), one rejected op per case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Element type constraints of elementwise ops
//===----------------------------------------------------------------------===//

func.func @exp_of_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.exp' op operand #0 must be ranked tensor of}}
  %0 = jxp.exp %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @floor_of_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.floor' op operand #0 must be ranked tensor of}}
  %0 = jxp.floor %x : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @neg_of_bool(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.neg' op operand #0 must be ranked tensor of}}
  %0 = jxp.neg %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @not_of_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.not' op operand #0 must be ranked tensor of}}
  %0 = jxp.not %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @round_of_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.round' op operand #0 must be ranked tensor of}}
  %0 = jxp.round %x, to_nearest_even : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @round_bad_method(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'rounding_method' [away_from_zero, to_nearest_even]}}
  %0 = jxp.round %x, to_zero : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @is_finite_of_int(%x: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.is_finite' op operand #0 must be ranked tensor of}}
  %0 = jxp.is_finite %x : (tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @is_finite_shape(%x: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'jxp.is_finite' op all non-scalar operands/results must have the same shape and base type}}
  %0 = jxp.is_finite %x : (tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @unary_result_type_differs(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'jxp.sqrt' op requires the same type for all operands and results}}
  %0 = "jxp.sqrt"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @add_mismatched_operands(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.add' op requires the same type for all operands and results}}
  %0 = "jxp.add"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mul_mismatched_shapes(%x: tensor<4xf32>, %y: tensor<2x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.mul' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "jxp.mul"(%x, %y) : (tensor<4xf32>, tensor<2x2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = jxp.add %x, %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @sub_of_bool(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.sub' op operand #0 must be ranked tensor of}}
  %0 = jxp.sub %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @shift_of_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.shift_left' op operand #0 must be ranked tensor of}}
  %0 = jxp.shift_left %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @atan2_of_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.atan2' op operand #0 must be ranked tensor of}}
  %0 = jxp.atan2 %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Used to be accepted: XLA crashes compiling a complex remainder (JAX rejects it).
func.func @rem_of_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.rem' op operand #0 must be ranked tensor of 8/16/32/64-bit signless integer or 8/16/32/64-bit unsigned integer or 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = jxp.rem %x, %x : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Used to be accepted: StableHLO's abs takes no unsigned integers.
func.func @abs_of_unsigned(%x: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{'jxp.abs' op operand #0 must be ranked tensor of 8/16/32/64-bit signless integer or 16-bit float or bfloat16 type or 32-bit float or 64-bit float or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xui32>'}}
  %0 = jxp.abs %x : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// The modulus of a complex number is real.
func.func @abs_complex_result(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.abs' op result #0 must be ranked tensor of 8/16/32/64-bit signless integer or 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = "jxp.abs"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// real and imag take complex numbers only (JAX's lax.real rejects floats).
func.func @real_of_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.real' op operand #0 must be ranked tensor of complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xf32>'}}
  %0 = jxp.real %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The part of a complex<f32> is an f32.
func.func @imag_wrong_width(%x: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+2 {{'jxp.imag' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'jxp.imag' op failed to infer returned types}}
  %0 = "jxp.imag"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @real_complex_result(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.real' op result #0 must be ranked tensor of 32-bit float or 64-bit float values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = "jxp.real"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @real_wrong_shape(%x: tensor<4xcomplex<f32>>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.real' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "jxp.real"(%x) : (tensor<4xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// StableHLO's complex takes f32 and f64 parts only.
func.func @complex_of_f16(%x: tensor<4xf16>) -> tensor<4xcomplex<f16>> {
  // expected-error @+1 {{'jxp.complex' op operand #0 must be ranked tensor of 32-bit float or 64-bit float values, but got 'tensor<4xf16>'}}
  %0 = "jxp.complex"(%x, %x) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xcomplex<f16>>
  return %0 : tensor<4xcomplex<f16>>
}

// -----

func.func @complex_mixed_parts(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'jxp.complex' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "jxp.complex"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_wrong_result(%x: tensor<4xf32>) -> tensor<4xcomplex<f64>> {
  // expected-error @+2 {{'jxp.complex' op inferred type(s) 'tensor<4xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<4xcomplex<f64>>'}}
  // expected-error @+1 {{'jxp.complex' op failed to infer returned types}}
  %0 = "jxp.complex"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// Parts that are themselves complex are diagnosed when the custom form is
// parsed (through type inference), not built into an invalid
// complex<complex<f32>> type.
func.func @complex_of_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{jxp.complex parts must be f32 or f64, got 'complex<f32>'}}
  %0 = jxp.complex %x, %x : tensor<4xcomplex<f32>>
  return
}

// -----

//===----------------------------------------------------------------------===//
// compare, select, clamp
//===----------------------------------------------------------------------===//

func.func @compare_int_result(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.compare' op result #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = jxp.compare LT, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @compare_operand_types_differ(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.compare' op requires all operands to have the same type}}
  %0 = jxp.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_result_shape(%x: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'jxp.compare' op all non-scalar operands/results must have the same shape and base type}}
  %0 = jxp.compare LT, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @compare_bad_direction(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'comparison_direction' [EQ, NE, GE, GT, LE, LT]}}
  %0 = jxp.compare LESS, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.select' op pred must be a scalar or have shape [4]}}
  %0 = jxp.select %p, %x, %x : tensor<3xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_pred_not_bool(%p: tensor<4xi8>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.select' op operand #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = jxp.select %p, %x, %x : tensor<4xi8>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_branch_types_differ(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.select' op failed to verify that all of {on_true, on_false, result} have same type}}
  %0 = "jxp.select"(%p, %x, %y) : (tensor<i1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_min_element_type(%lo: tensor<f64>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.clamp' op min element type 'f64' should be 'f32'}}
  %0 = jxp.clamp %lo, %x, %hi : (tensor<f64>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_max_shape(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.clamp' op max must be a scalar or have shape [4]}}
  %0 = jxp.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_result_type(%lo: tensor<f32>, %x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'jxp.clamp' op failed to verify that all of {operand, result} have same type}}
  %0 = jxp.clamp %lo, %x, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

//===----------------------------------------------------------------------===//
// convert, bitcast_convert
//===----------------------------------------------------------------------===//

func.func @convert_shape(%x: tensor<4xf32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'jxp.convert' op all non-scalar operands/results must have the same shape and base type}}
  %0 = jxp.convert %x : (tensor<4xf32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @bitcast_same_width_shape(%x: tensor<4xf32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'jxp.bitcast_convert' op result shape [2, 2] should be [4]}}
  %0 = jxp.bitcast_convert %x : (tensor<4xf32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @bitcast_narrowing_shape(%x: tensor<3xf64>) -> tensor<3x2xi16> {
  // expected-error @+1 {{'jxp.bitcast_convert' op result shape [3, 2] should be [3, 4]}}
  %0 = jxp.bitcast_convert %x : (tensor<3xf64>) -> tensor<3x2xi16>
  return %0 : tensor<3x2xi16>
}

// -----

func.func @bitcast_widening_last_dim(%x: tensor<2x3xui8>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.bitcast_convert' op operand's last dimension must be 4 to widen 8 to 32 bits}}
  %0 = jxp.bitcast_convert %x : (tensor<2x3xui8>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @bitcast_widening_scalar(%x: tensor<ui8>) -> tensor<i16> {
  // expected-error @+1 {{'jxp.bitcast_convert' op operand's last dimension must be 2 to widen 8 to 16 bits}}
  %0 = jxp.bitcast_convert %x : (tensor<ui8>) -> tensor<i16>
  return %0 : tensor<i16>
}

// -----

func.func @bitcast_widening_result_shape(%x: tensor<2x4xui8>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.bitcast_convert' op result shape [4] should be [2]}}
  %0 = jxp.bitcast_convert %x : (tensor<2x4xui8>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bitcast_bool(%x: tensor<8xi1>) -> tensor<8xui8> {
  // expected-error @+1 {{'jxp.bitcast_convert' op bool and complex elements only bitcast to their own type, not 'i1' to 'ui8'}}
  %0 = jxp.bitcast_convert %x : (tensor<8xi1>) -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

// -----

// Used to crash the verifier (bit width of a complex type).
func.func @bitcast_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xi64> {
  // expected-error @+1 {{'jxp.bitcast_convert' op bool and complex elements only bitcast to their own type, not 'complex<f32>' to 'i64'}}
  %0 = jxp.bitcast_convert %x : (tensor<4xcomplex<f32>>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

//===----------------------------------------------------------------------===//
// Arrays: static shapes, fewer than 2^63 bytes (every op)
//===----------------------------------------------------------------------===//

func.func @neg_dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'jxp.neg' op operand #0 has dynamic shape 'tensor<?x3xf32>': jxp arrays have static shapes}}
  %0 = jxp.neg %x : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @neg_too_large(%x: tensor<1152921504606846976x2xf32>) -> tensor<1152921504606846976x2xf32> {
  // expected-error @+1 {{'jxp.neg' op operand #0 of type 'tensor<1152921504606846976x2xf32>' would hold 2^63 bytes or more, more than XLA can address}}
  %0 = jxp.neg %x : tensor<1152921504606846976x2xf32>
  return %0 : tensor<1152921504606846976x2xf32>
}

// -----

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

func.func @cbrt_of_integers(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'jxp.cbrt' op operand #0 must be ranked tensor of}}
  %0 = jxp.cbrt %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @erf_inv_of_integers(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'jxp.erf_inv' op operand #0 must be ranked tensor of}}
  %0 = jxp.erf_inv %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}
