// Every verifier rule of the jxp ops (lib/Dialect/JxpVerifiers.cpp) and the
// main ODS type constraints, one rejected op per case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Unregistered dialects: a parse error unless --allow-unregistered-dialect
//===----------------------------------------------------------------------===//

// A typo in a dialect name is caught (it was accepted, as an unknown op).
func.func @misspelled_dialect(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operation being parsed with an unregistered dialect}}
  %0 = "jpx.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Upstream's inliner crashed on a func.func nested in an unknown op; such
// input no longer parses.
// expected-error @+1 {{operation being parsed with an unregistered dialect}}
"foo.wrap"() ({
  func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// constant, iota
//===----------------------------------------------------------------------===//

func.func @constant_type_differs() -> tensor<2xf64> {
  // expected-error @+1 {{'jxp.constant' op value type 'tensor<2xf32>' differs from result type 'tensor<2xf64>'}}
  %c = "jxp.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf64>
  return %c : tensor<2xf64>
}

// -----

func.func @constant_unsupported_element_type() -> tensor<2xi4> {
  // expected-error @+1 {{'jxp.constant' op result #0 must be ranked tensor of}}
  %c = jxp.constant dense<1> : tensor<2xi4>
  return %c : tensor<2xi4>
}

// -----

func.func @iota_dim_out_of_range() -> tensor<4x2xi32> {
  // expected-error @+1 {{'jxp.iota' op iota dimension 2 is out of range for rank 2}}
  %i = jxp.iota dim = 2 : tensor<4x2xi32>
  return %i : tensor<4x2xi32>
}

// -----

func.func @iota_negative_dim() -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.iota' op iota dimension -1 is out of range for rank 1}}
  %i = jxp.iota dim = -1 : tensor<4xf32>
  return %i : tensor<4xf32>
}

// -----

func.func @iota_bool() -> tensor<4xi1> {
  // expected-error @+1 {{'jxp.iota' op result #0 must be ranked tensor of}}
  %i = jxp.iota dim = 0 : tensor<4xi1>
  return %i : tensor<4xi1>
}

//===----------------------------------------------------------------------===//
// Element type constraints of elementwise ops
//===----------------------------------------------------------------------===//

// -----

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

// -----

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

//===----------------------------------------------------------------------===//
// convert, bitcast_convert
//===----------------------------------------------------------------------===//

// -----

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

//===----------------------------------------------------------------------===//
// Arrays: static shapes, fewer than 2^63 bytes (every op)
//===----------------------------------------------------------------------===//

// -----

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

// Used to be accepted: the element count overflowed to 0.
func.func @reshape_count_overflow(%x: tensor<4611686018427387904x4xi8>) -> tensor<0xi8> {
  // expected-error @+1 {{'jxp.reshape' op operand #0 of type 'tensor<4611686018427387904x4xi8>' would hold 2^63 bytes or more, more than XLA can address}}
  %0 = jxp.reshape %x : (tensor<4611686018427387904x4xi8>) -> tensor<0xi8>
  return %0 : tensor<0xi8>
}

//===----------------------------------------------------------------------===//
// broadcast_in_dim, reshape, transpose
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_element_type(%x: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op result element type 'f64' should be 'f32'}}
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @broadcast_dims_count(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op needs one broadcast dimension per operand dimension (1), got 2}}
  %0 = jxp.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dim_out_of_range(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op broadcast dimension 2 is out of range for rank 2}}
  %0 = jxp.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dim_twice(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op broadcast dimension 1 appears twice}}
  %0 = jxp.broadcast_in_dim %x, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_size_mismatch(%x: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.broadcast_in_dim' op operand dimension 0 of size 3 cannot broadcast to result dimension 1 of size 2}}
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_element_type(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{'jxp.reshape' op result element type 'i32' should be 'f32'}}
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.reshape' op cannot reshape [2, 3] (6 elements) into [5] (5 elements)}}
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @transpose_element_type(%x: tensor<2x3xf32>) -> tensor<3x2xf16> {
  // expected-error @+1 {{'jxp.transpose' op result element type 'f16' should be 'f32'}}
  %0 = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

func.func @transpose_perm_size(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op permutation has 1 entries for rank 2}}
  %0 = jxp.transpose %x, permutation = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_perm_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op permutation entry 2 is out of range for rank 2}}
  %0 = jxp.transpose %x, permutation = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_perm_twice(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op permutation entry 1 appears twice}}
  %0 = jxp.transpose %x, permutation = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @transpose_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.transpose' op result shape [2, 3] should be [3, 2]}}
  %0 = jxp.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// slice, dynamic_slice, dynamic_update_slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_element_type(%x: tensor<6xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'jxp.slice' op result element type 'f64' should be 'f32'}}
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @slice_entry_count(%x: tensor<6xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.slice' op start, limit and strides need one entry per operand dimension (1)}}
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2, 1] : (tensor<6xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_limit_too_big(%x: tensor<6xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [0:7:1] is invalid for dimension 0 of size 6}}
  %0 = jxp.slice %x, start = [0], limit = [7], strides = [1] : (tensor<6xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @slice_start_after_limit(%x: tensor<2x6xf32>) -> tensor<2x0xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [4:2:1] is invalid for dimension 1 of size 6}}
  %0 = jxp.slice %x, start = [0, 4], limit = [2, 2], strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

func.func @slice_negative_start(%x: tensor<6xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [-1:2:1] is invalid for dimension 0 of size 6}}
  %0 = jxp.slice %x, start = [-1], limit = [2], strides = [1] : (tensor<6xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_zero_stride(%x: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.slice' op slice [0:6:0] is invalid for dimension 0 of size 6}}
  %0 = jxp.slice %x, start = [0], limit = [6], strides = [0] : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @slice_shape(%x: tensor<6xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.slice' op result shape [3] should be [2]}}
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Used to be accepted: ceil(5 / stride) overflowed to 0 at the largest
// stride.
func.func @slice_huge_stride(%x: tensor<5xf32>) -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.slice' op result shape [0] should be [1]}}
  %0 = jxp.slice %x, start = [0], limit = [5], strides = [9223372036854775807] : (tensor<5xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @dynamic_slice_element_type(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<2xi32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op result element type 'i32' should be 'f32'}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @dynamic_slice_index_count(%x: tensor<6x2xf32>, %i: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op needs one start index and one slice size per operand dimension (2)}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2, 2] : (tensor<6x2xf32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_size_count(%x: tensor<6x2xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op needs one start index and one slice size per operand dimension (2)}}
  %0 = jxp.dynamic_slice %x[%i, %i], sizes = [2] : (tensor<6x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Used to be accepted; StableHLO rejects mixed index types.
func.func @dynamic_slice_mixed_index_types(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op start indices must have one type, got 'tensor<i32>' and 'tensor<i64>'}}
  %0 = jxp.dynamic_slice %x[%i, %j], sizes = [2, 2] : (tensor<4x5xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_size_too_big(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<7xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op slice size 7 does not fit dimension 0 of size 6}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [7] : (tensor<6xf32>, tensor<i32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @dynamic_slice_shape(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op result shape [3] should be [2]}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dynamic_slice_vector_index(%x: tensor<6xf32>, %i: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_float_index(%x: tensor<6xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_update_slice_element_type(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2xf64>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update element type 'f64' should be 'f32'}}
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf64>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @dynamic_update_slice_update_rank(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2x1xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update and start indices must match the operand's rank 1}}
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @dynamic_update_slice_index_count(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update and start indices must match the operand's rank 1}}
  %0 = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @dynamic_update_slice_mixed_index_types(%x: tensor<2x6xf32>, %i: tensor<ui32>, %j: tensor<i32>, %u: tensor<1x2xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op start indices must have one type, got 'tensor<ui32>' and 'tensor<i32>'}}
  %0 = jxp.dynamic_update_slice %x[%i, %j], %u : (tensor<2x6xf32>, tensor<1x2xf32>, tensor<ui32>, tensor<i32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @dynamic_update_slice_too_big(%x: tensor<2x6xf32>, %i: tensor<i32>, %u: tensor<2x7xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op update dimension 1 of size 7 exceeds the operand's 6}}
  %0 = jxp.dynamic_update_slice %x[%i, %i], %u : (tensor<2x6xf32>, tensor<2x7xf32>, tensor<i32>, tensor<i32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @dynamic_update_slice_result_type(%x: tensor<6xf32>, %i: tensor<i32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.dynamic_update_slice' op failed to verify that all of {operand, result} have same type}}
  %0 = jxp.dynamic_update_slice %x[%i], %u : (tensor<6xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

//===----------------------------------------------------------------------===//
// concatenate, pad
//===----------------------------------------------------------------------===//

// -----

func.func @concatenate_no_input() -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.concatenate' op needs at least one input}}
  %0 = jxp.concatenate dim = 0, : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @concatenate_dim_out_of_range(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.concatenate' op dimension 1 is out of range for rank 1}}
  %0 = jxp.concatenate dim = 1, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_input_element_type(%x: tensor<2xf32>, %y: tensor<3xf64>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.concatenate' op input element type 'f64' should be 'f32'}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @concatenate_ranks(%x: tensor<2xf32>, %y: tensor<3x1xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.concatenate' op inputs must have one rank}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3x1xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @concatenate_other_dim_differs(%x: tensor<2x2xf32>, %y: tensor<2x3xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.concatenate' op inputs differ in dimension 1 (2 vs 3)}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @concatenate_result_element_type(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<5xi32> {
  // expected-error @+1 {{'jxp.concatenate' op result element type 'i32' should be 'f32'}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @concatenate_shape(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.concatenate' op result shape [4] should be [5]}}
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @pad_value_element_type(%x: tensor<3xf32>, %v: tensor<f64>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.pad' op padding value element type 'f64' should be 'f32'}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f64>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_value_not_scalar(%x: tensor<3xf32>, %v: tensor<1xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.pad' op operand #1 must be 0D tensor of}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<1xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_result_element_type(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf16> {
  // expected-error @+1 {{'jxp.pad' op result element type 'f16' should be 'f32'}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

// -----

func.func @pad_entry_count(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // expected-error @+1 {{'jxp.pad' op needs low, high and interior padding per operand dimension (1)}}
  %0 = jxp.pad %x, %v, low = [1], high = [0, 0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_negative_interior(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.pad' op interior padding must be non-negative}}
  %0 = jxp.pad %x, %v, low = [1], high = [1], interior = [-1] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_negative_size(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+1 {{'jxp.pad' op padding makes dimension 0 negative}}
  %0 = jxp.pad %x, %v, low = [-3], high = [-1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @pad_shape(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{'jxp.pad' op result shape [5] should be [6]}}
  %0 = jxp.pad %x, %v, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Used to be accepted: the result size wrapped around.
func.func @pad_overflow(%x: tensor<3xi8>, %p: tensor<i8>) -> tensor<1xi8> {
  // expected-error @+1 {{'jxp.pad' op padding overflows the size of dimension 0}}
  %0 = jxp.pad %x, %p, low = [4611686018427387904], high = [4611686018427387904], interior = [0] : (tensor<3xi8>, tensor<i8>) -> tensor<1xi8>
  return %0 : tensor<1xi8>
}

// -----

func.func @pad_interior_overflow(%x: tensor<3xi8>, %p: tensor<i8>) -> tensor<2xi8> {
  // expected-error @+1 {{'jxp.pad' op padding overflows the size of dimension 0}}
  %0 = jxp.pad %x, %p, low = [0], high = [0], interior = [9223372036854775807] : (tensor<3xi8>, tensor<i8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// Used to be accepted: the joined size wrapped around.
func.func @concatenate_overflow(%x: tensor<4611686018427387904xi8>) -> tensor<0xi8> {
  // expected-error @+1 {{'jxp.concatenate' op the joined dimension 0 overflows int64}}
  %0 = jxp.concatenate dim = 0, %x, %x : (tensor<4611686018427387904xi8>, tensor<4611686018427387904xi8>) -> tensor<0xi8>
  return %0 : tensor<0xi8>
}

//===----------------------------------------------------------------------===//
// reduce, argmax, argmin, cumulative ops
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_dim_out_of_range(%x: tensor<4x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.reduce' op dimension 2 is out of range for rank 2}}
  %0 = jxp.reduce sum %x, dims = [2] : (tensor<4x2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_twice(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.reduce' op dimension 0 appears twice}}
  %0 = jxp.reduce sum %x, dims = [0, 0] : (tensor<4x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_result_element_type(%x: tensor<4x2xi32>) -> tensor<2xi64> {
  // expected-error @+1 {{'jxp.reduce' op result element type 'i64' should be 'i32'}}
  %0 = jxp.reduce sum %x, dims = [0] : (tensor<4x2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @reduce_and_of_float(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.reduce' op 'and' needs integer or boolean elements}}
  %0 = jxp.reduce and %x, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_or_of_complex(%x: tensor<4xcomplex<f32>>) -> tensor<complex<f32>> {
  // expected-error @+1 {{'jxp.reduce' op 'or' needs integer or boolean elements}}
  %0 = jxp.reduce or %x, dims = [0] : (tensor<4xcomplex<f32>>) -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

func.func @reduce_shape(%x: tensor<4x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.reduce' op result shape [4] should be [2]}}
  %0 = jxp.reduce max %x, dims = [0] : (tensor<4x2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_bad_kind(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [sum, prod, max, min, and, or]}}
  %0 = jxp.reduce mean %x, dims = [0] : (tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @argmax_axis_out_of_range(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.argmax' op axis 2 is out of range for rank 2}}
  %0 = jxp.argmax %x, axis = 2 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @argmin_negative_axis(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.argmin' op axis -1 is out of range for rank 2}}
  %0 = jxp.argmin %x, axis = -1 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @argmax_shape(%x: tensor<4x3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'jxp.argmax' op result shape [3] should be [4]}}
  %0 = jxp.argmax %x, axis = 1 : (tensor<4x3xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @argmin_float_result(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.argmin' op result #0 must be ranked tensor of}}
  %0 = jxp.argmin %x, axis = 1 : (tensor<4x3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cumsum_axis_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.cumsum' op axis 1 is out of range for rank 1}}
  %0 = jxp.cumsum %x, axis = 1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cumprod_axis_out_of_range(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.cumprod' op axis 2 is out of range for rank 2}}
  %0 = jxp.cumprod %x, axis = 2 reverse : tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @cummax_negative_axis(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'jxp.cummax' op axis -1 is out of range for rank 1}}
  %0 = jxp.cummax %x, axis = -1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @cummin_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'jxp.cummin' op axis 0 is out of range for rank 0}}
  %0 = jxp.cummin %x, axis = 0 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @cumsum_result_type(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'jxp.cumsum' op requires the same type for all operands and results}}
  %0 = "jxp.cumsum"(%x) <{axis = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// The lowering pads the axis to 2n - 1 elements (more than 2^62 here: XLA
// aborts on such an array; an axis of more than 2^62 is refused by the
// array check before).
func.func @cumsum_too_long(%x: tensor<4611686018427387904xi8>) -> tensor<4611686018427387904xi8> {
  // expected-error @+1 {{'jxp.cumsum' op axis 0 of size 4611686018427387904 is too long to scan: padded to 2n - 1, the array of type 'tensor<9223372036854775807xi8>' would hold more than 2^62 elements, more than XLA can compile}}
  %0 = jxp.cumsum %x, axis = 0 : tensor<4611686018427387904xi8>
  return %0 : tensor<4611686018427387904xi8>
}

// -----

// Used to be accepted: JAX rejects it, and XLA's constant folder aborts on
// the comparison the lowering makes.
func.func @argmax_complex(%x: tensor<4xcomplex<f32>>) -> tensor<i32> {
  // expected-error @+1 {{'jxp.argmax' op complex numbers have no order to find an extreme of}}
  %0 = jxp.argmax %x, axis = 0 : (tensor<4xcomplex<f32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// -----

func.func @dot_element_types(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op operand element types differ: 'f32' vs 'f64'}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_batching_count(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs and rhs need as many batching dimensions}}
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [2] x [1]
      : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_contracting_count(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs and rhs need as many contracting dimensions}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0, 1]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_lhs_dim_out_of_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs dimension 2 is out of range for rank 2}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [2] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_lhs_dim_twice(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.dot_general' op lhs dimension 0 appears twice}}
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1]
      : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dot_rhs_dim_out_of_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op rhs dimension 5 is out of range for rank 2}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [5]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_batching_sizes(%a: tensor<5x2x3xf32>, %b: tensor<4x3x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op batching dimensions 0 x 0 differ in size (5 vs 4)}}
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<5x2x3xf32>, tensor<4x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_contracting_sizes(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.dot_general' op contracting dimensions 1 x 0 differ in size (3 vs 4)}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_shape(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.dot_general' op result shape [4, 2] should be [2, 4]}}
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// -----

func.func @gather_result_element_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf64> {
  // expected-error @+1 {{'jxp.gather' op result element type 'f64' should be 'f32'}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----

// Used to be accepted and lowered to a reinterpreted fill value.
func.func @gather_fill_value_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op fill_value 1 : i32 should be a scalar of type 'f32'}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = 1 : i32,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_fill_value_not_scalar(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op fill_value dense<1.000000e+00> : tensor<f32> should be a scalar of type 'f32'}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = dense<1.0> : tensor<f32>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_index_vector_dim(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op index_vector_dim 3 is out of range}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 3 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_batching_count(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.gather' op operand and indices need as many batching dimensions}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64>}
      : (tensor<2x5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_start_index_map_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op start_index_map has 2 entries for index vectors of size 1}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_slice_sizes_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op needs one slice size per operand dimension (2)}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_start_index_map_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op start_index_map entry 2 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 2>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed_slice_dims or operand_batching_dims entry 5 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 5>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed_and_batching(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed_slice_dims or operand_batching_dims entry 0 appears twice}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_slice_size_too_big(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'jxp.gather' op slice size 5 does not fit dimension 1 of size 4}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 5>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_collapsed_size(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed or batching dimension 0 has slice size 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 2, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dims_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op offset_dims has 2 entries but slices keep 1 dimensions}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 0, 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dim_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op offset dimension 2 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 2>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_shape(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.gather' op result shape [4, 2] should be [2, 4]}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @gather_bad_mode(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op attribute 'mode' failed to satisfy constraint}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 3 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_float_indices(%x: tensor<3x4xf32>, %idx: tensor<2x1xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'jxp.gather' op operand #1 must be ranked tensor of}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dims_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2x5x4xf32> {
  // expected-error @+1 {{'jxp.gather' op offset_dims must be sorted, got [2, 1]}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 2, 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4, 5>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4x5xf32>, tensor<2x1xi32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

func.func @gather_collapsed_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x2xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'jxp.gather' op collapsed_slice_dims must be sorted, got [1, 0]}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1, 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 1, 5>,
      start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Used to be accepted (unchecked), then rejected by jaxlib or fatal in XLA.
func.func @gather_indices_batching_out_of_range(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op indices batching dimension 7 is out of range for rank 2}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 7>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_index_vector_dim_batching(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op index_vector_dim 1 cannot be an indices batching dimension}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 1>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_batching_sizes_differ(%x: tensor<3x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op operand batching dimension 0 (size 3) and indices batching dimension 0 (size 2) differ in size}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<3x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_index_map_batching(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.gather' op start_index_map entry 0 is an operand batching dimension}}
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Batching dimensions that fit (no diagnostic expected).
func.func @gather_batching_ok(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>) -> tensor<2xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

// -----

func.func @scatter_updates_element_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf64>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op updates element type 'f64' should be 'f32'}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_index_vector_dim(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op index_vector_dim -1 is out of range}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = -1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_batching_count(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{'jxp.scatter' op operand and indices need as many batching dimensions}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<2x5x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

func.func @scatter_dims_to_operand_count(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op scatter_dims_to_operand_dims has 2 entries for index vectors of size 1}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0, 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_updates_rank(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4x1xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op updates have rank 3 but indices and window need 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4x1xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_cover_rank(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op window, inserted and batching dimensions must cover the operand's rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_window_dim_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op update window dimension 2 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 2>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_window_dim_twice(%x: tensor<3x4xf32>, %idx: tensor<i32>, %u: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op update window dimension 1 appears twice}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 0 : i64,
      inserted_window_dims = array<i64>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1, 1>}
      : (tensor<3x4xf32>, tensor<i32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Used to crash the clip lowering (out-of-bounds read of the operand shape).
func.func @scatter_inserted_dim_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op inserted_window_dims or operand_batching_dims entry 7 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 7>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_inserted_is_batching(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{'jxp.scatter' op inserted_window_dims or operand_batching_dims entry 0 appears twice}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64: 1>}
      : (tensor<2x5x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

func.func @scatter_dims_to_operand_range(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op scatter_dims_to_operand_dims entry 9 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 9>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_window_too_big(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op update window dimension 1 of size 5 exceeds operand dimension 1 of size 4}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_result_type(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf64> {
  // expected-error @+1 {{'jxp.scatter' op failed to verify that all of {operand, result} have same type}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// -----

func.func @scatter_window_dims_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x5x4xf32>) -> tensor<3x4x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op update_window_dims must be sorted, got [2, 1]}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 2, 1>}
      : (tensor<3x4x5xf32>, tensor<2x1xi32>, tensor<2x5x4xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

func.func @scatter_inserted_unsorted(%x: tensor<3x4x5xf32>, %idx: tensor<2x2xi32>, %u: tensor<2x5xf32>) -> tensor<3x4x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op inserted_window_dims must be sorted, got [1, 0]}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1, 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0, 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4x5xf32>, tensor<2x2xi32>, tensor<2x5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// Used to be accepted (unchecked), then rejected by jaxlib or fatal in XLA.
func.func @scatter_indices_batching_out_of_range(%x: tensor<2x5xf32>, %idx: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op indices batching dimension 1000000 is out of range for rank 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 1000000>, update_window_dims = array<i64>}
      : (tensor<2x5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @scatter_batching_sizes_differ(%x: tensor<3x5xf32>, %idx: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'jxp.scatter' op operand batching dimension 0 (size 3) and indices batching dimension 0 (size 2) differ in size}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64>}
      : (tensor<3x5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Used to be accepted: the updates' scatter dimensions were not checked.
func.func @scatter_updates_scatter_dims(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<7x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.scatter' op updates dimension 0 of size 7 should match the indices' scatter dimension of size 2}}
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<7x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

// -----

func.func @sort_no_input() {
  // expected-error @+1 {{'jxp.sort' op needs at least one input}}
  jxp.sort(), dim = 0, num_keys = 1 : () -> ()
  return
}

// -----

// Used to be accepted (and read past the end of the results).
func.func @sort_result_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op needs one result per input (1), got 2}}
  %r:2 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0 : tensor<4xf32>
}

// -----

func.func @sort_shapes_differ(%x: tensor<4xf32>, %y: tensor<3xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op inputs must have one shape}}
  %r:2 = jxp.sort(%x, %y), dim = 0, num_keys = 1 : (tensor<4xf32>, tensor<3xi32>) -> (tensor<4xf32>, tensor<3xi32>)
  return %r#0 : tensor<4xf32>
}

// -----

func.func @sort_result_types(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op result types must match the input types}}
  %r:2 = jxp.sort(%x, %y), dim = 0, num_keys = 1 : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi64>)
  return %r#0 : tensor<4xf32>
}

// -----

func.func @sort_dimension(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op dimension 1 is out of range for rank 1}}
  %r = jxp.sort(%x), dim = 1, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @sort_zero_keys(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op num_keys must be between 1 and the number of inputs}}
  %r = jxp.sort(%x), dim = 0, num_keys = 0 : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @sort_too_many_keys(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'jxp.sort' op num_keys must be between 1 and the number of inputs}}
  %r:2 = jxp.sort(%x, %y), dim = 0, num_keys = 3 : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0 : tensor<4xf32>
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

func.func @reverse_dim_out_of_range(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.reverse' op dimension 2 is out of range for rank 2}}
  %0 = jxp.reverse %x, dims = [2] : tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reverse_dim_twice(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.reverse' op dimension 0 appears twice}}
  %0 = jxp.reverse %x, dims = [0, 0] : tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
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

// -----

func.func @threefry2x32_key_shape(%k: tensor<3xui32>, %x: tensor<8xui32>) -> tensor<8xui32> {
  // expected-error @+1 {{'jxp.threefry2x32' op keys must be scalars or have the counters' shape [8]}}
  %y0, %y1 = jxp.threefry2x32 %k, %k, %x, %x : tensor<3xui32>, tensor<8xui32>
  return %y0 : tensor<8xui32>
}

// -----

func.func @threefry2x32_signed(%k: tensor<i32>, %x: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{'jxp.threefry2x32' op operand #0 must be ranked tensor of 32-bit unsigned integer values}}
  %y0, %y1 = jxp.threefry2x32 %k, %k, %x, %x : tensor<i32>, tensor<8xi32>
  return %y0 : tensor<8xi32>
}

// -----

func.func @cholesky_not_square(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'jxp.cholesky' op operand must be a (batch of) square matrices, got 'tensor<3x4xf32>'}}
  %0 = jxp.cholesky %a : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @cholesky_of_vector(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.cholesky' op operand must be a (batch of) square matrices}}
  %0 = jxp.cholesky %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @cholesky_of_f16(%a: tensor<3x3xf16>) -> tensor<3x3xf16> {
  // expected-error @+1 {{'jxp.cholesky' op operand #0 must be ranked tensor of 32-bit float or 64-bit float or complex type with 32-bit float or 64-bit float elements values}}
  %0 = jxp.cholesky %a : tensor<3x3xf16>
  return %0 : tensor<3x3xf16>
}

// -----

func.func @triangular_solve_rows(%a: tensor<3x3xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'jxp.triangular_solve' op b's rows (4) must match a's order (3)}}
  %0 = jxp.triangular_solve %a, %b {left_side} : (tensor<3x3xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @triangular_solve_batch(%a: tensor<2x3x3xf32>, %b: tensor<3x3x2xf32>) -> tensor<3x3x2xf32> {
  // expected-error @+1 {{'jxp.triangular_solve' op a and b must have one element type and the same batch dimensions}}
  %0 = jxp.triangular_solve %a, %b {left_side} : (tensor<2x3x3xf32>, tensor<3x3x2xf32>) -> tensor<3x3x2xf32>
  return %0 : tensor<3x3x2xf32>
}

// -----

func.func @triangular_solve_transpose(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'jxp.triangular_solve' op transpose_a must be 0 (none), 1 (transpose) or 2 (adjoint)}}
  %0 = jxp.triangular_solve %a, %b {left_side, transpose_a = 3 : i64} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
