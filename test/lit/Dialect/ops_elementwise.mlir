// Round trip of the elementwise ops (unary and binary arithmetic, special
// functions, bit counts, compare, select, clamp, conversions, complex parts):
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary_float
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[NEG:.*]] = jxp.neg %[[X]] : tensor<4xf32>
// CHECK: %[[ABS:.*]] = jxp.abs %[[NEG]] : tensor<4xf32>
// CHECK: %[[SIGN:.*]] = jxp.sign %[[ABS]] : tensor<4xf32>
// CHECK: %[[EXP:.*]] = jxp.exp %[[SIGN]] : tensor<4xf32>
// CHECK: %[[LOG:.*]] = jxp.log %[[EXP]] : tensor<4xf32>
// CHECK: %[[LOG1P:.*]] = jxp.log1p %[[LOG]] : tensor<4xf32>
// CHECK: %[[EXPM1:.*]] = jxp.expm1 %[[LOG1P]] : tensor<4xf32>
// CHECK: %[[SIN:.*]] = jxp.sin %[[EXPM1]] : tensor<4xf32>
// CHECK: %[[COS:.*]] = jxp.cos %[[SIN]] : tensor<4xf32>
// CHECK: %[[TAN:.*]] = jxp.tan %[[COS]] : tensor<4xf32>
// CHECK: %[[TANH:.*]] = jxp.tanh %[[TAN]] : tensor<4xf32>
// CHECK: %[[LOGI:.*]] = jxp.logistic %[[TANH]] : tensor<4xf32>
// CHECK: %[[SQRT:.*]] = jxp.sqrt %[[LOGI]] : tensor<4xf32>
// CHECK: %[[RSQRT:.*]] = jxp.rsqrt %[[SQRT]] : tensor<4xf32>
// CHECK: %[[FLOOR:.*]] = jxp.floor %[[RSQRT]] : tensor<4xf32>
// CHECK: %[[CEIL:.*]] = jxp.ceil %[[FLOOR]] : tensor<4xf32>
// CHECK: return %[[CEIL]]
func.func @unary_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.neg %x : tensor<4xf32>
  %1 = jxp.abs %0 : tensor<4xf32>
  %2 = jxp.sign %1 : tensor<4xf32>
  %3 = jxp.exp %2 : tensor<4xf32>
  %4 = jxp.log %3 : tensor<4xf32>
  %5 = jxp.log1p %4 : tensor<4xf32>
  %6 = jxp.expm1 %5 : tensor<4xf32>
  %7 = jxp.sin %6 : tensor<4xf32>
  %8 = jxp.cos %7 : tensor<4xf32>
  %9 = jxp.tan %8 : tensor<4xf32>
  %10 = jxp.tanh %9 : tensor<4xf32>
  %11 = jxp.logistic %10 : tensor<4xf32>
  %12 = jxp.sqrt %11 : tensor<4xf32>
  %13 = jxp.rsqrt %12 : tensor<4xf32>
  %14 = jxp.floor %13 : tensor<4xf32>
  %15 = jxp.ceil %14 : tensor<4xf32>
  return %15 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @unary_complex
// CHECK: jxp.exp %{{.*}} : tensor<3xcomplex<f64>>
// CHECK: jxp.sqrt %{{.*}} : tensor<3xcomplex<f64>>
// CHECK: jxp.neg %{{.*}} : tensor<3xcomplex<f64>>
func.func @unary_complex(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = jxp.exp %x : tensor<3xcomplex<f64>>
  %1 = jxp.sqrt %0 : tensor<3xcomplex<f64>>
  %2 = jxp.neg %1 : tensor<3xcomplex<f64>>
  return %2 : tensor<3xcomplex<f64>>
}

// -----

// The modulus of a complex number is real: the printed form gives the
// operand's type only.
// CHECK-LABEL: func.func @abs_complex
// CHECK-SAME: -> (tensor<3xf32>, tensor<2xf64>)
// CHECK: %[[A:.*]] = jxp.abs %{{.*}} : tensor<3xcomplex<f32>>
// CHECK: %[[B:.*]] = jxp.abs %{{.*}} : tensor<2xcomplex<f64>>
// CHECK: return %[[A]], %[[B]] : tensor<3xf32>, tensor<2xf64>
func.func @abs_complex(%x: tensor<3xcomplex<f32>>, %y: tensor<2xcomplex<f64>>) -> (tensor<3xf32>, tensor<2xf64>) {
  %0 = jxp.abs %x : tensor<3xcomplex<f32>>
  %1 = jxp.abs %y : tensor<2xcomplex<f64>>
  return %0, %1 : tensor<3xf32>, tensor<2xf64>
}

// -----

// CHECK-LABEL: func.func @unary_int
// CHECK: jxp.neg %{{.*}} : tensor<2x2xi64>
// CHECK: jxp.abs %{{.*}} : tensor<2x2xi64>
// CHECK: jxp.sign %{{.*}} : tensor<2x2xi64>
// CHECK: jxp.not %{{.*}} : tensor<2x2xi64>
func.func @unary_int(%x: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %0 = jxp.neg %x : tensor<2x2xi64>
  %1 = jxp.abs %0 : tensor<2x2xi64>
  %2 = jxp.sign %1 : tensor<2x2xi64>
  %3 = jxp.not %2 : tensor<2x2xi64>
  return %3 : tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @not_bool
// CHECK: jxp.not %{{.*}} : tensor<i1>
func.func @not_bool(%x: tensor<i1>) -> tensor<i1> {
  %0 = jxp.not %x : tensor<i1>
  return %0 : tensor<i1>
}

// -----

// CHECK-LABEL: func.func @round_away_from_zero
// CHECK: jxp.round %{{.*}}, away_from_zero : tensor<4xf32>
func.func @round_away_from_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.round %x, away_from_zero : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @round_to_nearest_even
// CHECK: jxp.round %{{.*}}, to_nearest_even : tensor<2xf16>
func.func @round_to_nearest_even(%x: tensor<2xf16>) -> tensor<2xf16> {
  %0 = jxp.round %x, to_nearest_even : tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// CHECK-LABEL: func.func @is_finite_f64
// CHECK: jxp.is_finite %{{.*}} : (tensor<2x3xf64>) -> tensor<2x3xi1>
func.func @is_finite_f64(%x: tensor<2x3xf64>) -> tensor<2x3xi1> {
  %0 = jxp.is_finite %x : (tensor<2x3xf64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @binary_float
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK: %[[ADD:.*]] = jxp.add %[[X]], %[[Y]] : tensor<4xf32>
// CHECK: %[[SUB:.*]] = jxp.sub %[[ADD]], %[[Y]] : tensor<4xf32>
// CHECK: %[[MUL:.*]] = jxp.mul %[[SUB]], %[[Y]] : tensor<4xf32>
// CHECK: %[[DIV:.*]] = jxp.div %[[MUL]], %[[Y]] : tensor<4xf32>
// CHECK: %[[REM:.*]] = jxp.rem %[[DIV]], %[[Y]] : tensor<4xf32>
// CHECK: %[[POW:.*]] = jxp.pow %[[REM]], %[[Y]] : tensor<4xf32>
// CHECK: %[[MAX:.*]] = jxp.max %[[POW]], %[[Y]] : tensor<4xf32>
// CHECK: %[[MIN:.*]] = jxp.min %[[MAX]], %[[Y]] : tensor<4xf32>
// CHECK: %[[ATAN2:.*]] = jxp.atan2 %[[MIN]], %[[Y]] : tensor<4xf32>
// CHECK: return %[[ATAN2]]
func.func @binary_float(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.add %x, %y : tensor<4xf32>
  %1 = jxp.sub %0, %y : tensor<4xf32>
  %2 = jxp.mul %1, %y : tensor<4xf32>
  %3 = jxp.div %2, %y : tensor<4xf32>
  %4 = jxp.rem %3, %y : tensor<4xf32>
  %5 = jxp.pow %4, %y : tensor<4xf32>
  %6 = jxp.max %5, %y : tensor<4xf32>
  %7 = jxp.min %6, %y : tensor<4xf32>
  %8 = jxp.atan2 %7, %y : tensor<4xf32>
  return %8 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @binary_int
// CHECK-SAME: (%[[X:.*]]: tensor<3xui32>, %[[Y:.*]]: tensor<3xui32>)
// CHECK: %[[AND:.*]] = jxp.and %[[X]], %[[Y]] : tensor<3xui32>
// CHECK: %[[OR:.*]] = jxp.or %[[AND]], %[[Y]] : tensor<3xui32>
// CHECK: %[[XOR:.*]] = jxp.xor %[[OR]], %[[Y]] : tensor<3xui32>
// CHECK: %[[SHL:.*]] = jxp.shift_left %[[XOR]], %[[Y]] : tensor<3xui32>
// CHECK: %[[SHRL:.*]] = jxp.shift_right_logical %[[SHL]], %[[Y]] : tensor<3xui32>
// CHECK: %[[SHRA:.*]] = jxp.shift_right_arithmetic %[[SHRL]], %[[Y]] : tensor<3xui32>
// CHECK: %[[DIV:.*]] = jxp.div %[[SHRA]], %[[Y]] : tensor<3xui32>
// CHECK: %[[REM:.*]] = jxp.rem %[[DIV]], %[[Y]] : tensor<3xui32>
// CHECK: return %[[REM]]
func.func @binary_int(%x: tensor<3xui32>, %y: tensor<3xui32>) -> tensor<3xui32> {
  %0 = jxp.and %x, %y : tensor<3xui32>
  %1 = jxp.or %0, %y : tensor<3xui32>
  %2 = jxp.xor %1, %y : tensor<3xui32>
  %3 = jxp.shift_left %2, %y : tensor<3xui32>
  %4 = jxp.shift_right_logical %3, %y : tensor<3xui32>
  %5 = jxp.shift_right_arithmetic %4, %y : tensor<3xui32>
  %6 = jxp.div %5, %y : tensor<3xui32>
  %7 = jxp.rem %6, %y : tensor<3xui32>
  return %7 : tensor<3xui32>
}

// -----

// CHECK-LABEL: func.func @binary_bool
// CHECK: jxp.and %{{.*}}, %{{.*}} : tensor<2xi1>
// CHECK: jxp.or %{{.*}}, %{{.*}} : tensor<2xi1>
// CHECK: jxp.xor %{{.*}}, %{{.*}} : tensor<2xi1>
// CHECK: jxp.add %{{.*}}, %{{.*}} : tensor<2xi1>
// CHECK: jxp.mul %{{.*}}, %{{.*}} : tensor<2xi1>
// CHECK: jxp.max %{{.*}}, %{{.*}} : tensor<2xi1>
func.func @binary_bool(%x: tensor<2xi1>, %y: tensor<2xi1>) -> tensor<2xi1> {
  %0 = jxp.and %x, %y : tensor<2xi1>
  %1 = jxp.or %0, %y : tensor<2xi1>
  %2 = jxp.xor %1, %y : tensor<2xi1>
  %3 = jxp.add %2, %y : tensor<2xi1>
  %4 = jxp.mul %3, %y : tensor<2xi1>
  %5 = jxp.max %4, %y : tensor<2xi1>
  return %5 : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @binary_complex
// CHECK: jxp.pow %{{.*}}, %{{.*}} : tensor<complex<f32>>
// CHECK: jxp.atan2 %{{.*}}, %{{.*}} : tensor<complex<f32>>
func.func @binary_complex(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %0 = jxp.pow %x, %y : tensor<complex<f32>>
  %1 = jxp.atan2 %0, %y : tensor<complex<f32>>
  return %1 : tensor<complex<f32>>
}

// -----

//===----------------------------------------------------------------------===//
// compare, select, clamp, convert, bitcast_convert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @compare_default_type
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK: jxp.compare LT, %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @compare_default_type(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xi1> {
  %0 = jxp.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @compare_totalorder
// CHECK: jxp.compare GE, %{{.*}}, %{{.*}}, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @compare_totalorder(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xi1> {
  %0 = jxp.compare GE, %x, %y, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @compare_all_directions
// CHECK: jxp.compare EQ, %{{.*}}, %{{.*}}, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK: jxp.compare NE, %{{.*}}, %{{.*}} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK: jxp.compare GT, %{{.*}}, %{{.*}} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK: jxp.compare LE, %{{.*}}, %{{.*}}, UNSIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
// CHECK: jxp.compare LT, %{{.*}}, %{{.*}}, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
func.func @compare_all_directions(%x: tensor<2xi32>, %y: tensor<2xi32>, %u: tensor<2xui32>, %f: tensor<f32>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<i1>) {
  %0 = jxp.compare EQ, %x, %y, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %1 = jxp.compare NE, %x, %y : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %2 = jxp.compare GT, %x, %y : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %3 = jxp.compare LE, %u, %u, UNSIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  %4 = jxp.compare LT, %f, %f, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0, %1, %2, %3, %4 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<i1>
}

// -----

// CHECK-LABEL: func.func @select_same_shape
// CHECK-SAME: (%[[P:.*]]: tensor<4xi1>, %[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK: jxp.select %[[P]], %[[X]], %[[Y]] : tensor<4xi1>, tensor<4xf32>
func.func @select_same_shape(%p: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.select %p, %x, %y : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @select_scalar_pred
// CHECK: jxp.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<2x3xi32>
func.func @select_scalar_pred(%p: tensor<i1>, %x: tensor<2x3xi32>, %y: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = jxp.select %p, %x, %y : tensor<i1>, tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @clamp_scalar_bounds
// CHECK-SAME: (%[[LO:.*]]: tensor<f32>, %[[X:.*]]: tensor<4xf32>, %[[HI:.*]]: tensor<f32>)
// CHECK: jxp.clamp %[[LO]], %[[X]], %[[HI]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @clamp_scalar_bounds(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = jxp.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @clamp_full_bounds
// CHECK: jxp.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2xi8>, tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
func.func @clamp_full_bounds(%lo: tensor<2xi8>, %x: tensor<2xi8>, %hi: tensor<i8>) -> tensor<2xi8> {
  %0 = jxp.clamp %lo, %x, %hi : (tensor<2xi8>, tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @convert_f32_to_i32
// CHECK: jxp.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: jxp.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xi1>
// CHECK: jxp.convert %{{.*}} : (tensor<4xi1>) -> tensor<4xcomplex<f64>>
func.func @convert_f32_to_i32(%x: tensor<4xf32>) -> tensor<4xcomplex<f64>> {
  %0 = jxp.convert %x : (tensor<4xf32>) -> tensor<4xi32>
  %1 = jxp.convert %0 : (tensor<4xi32>) -> tensor<4xi1>
  %2 = jxp.convert %1 : (tensor<4xi1>) -> tensor<4xcomplex<f64>>
  return %2 : tensor<4xcomplex<f64>>
}

// -----

// CHECK-LABEL: func.func @bitcast_convert_same_width
// CHECK: jxp.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4xui32>
func.func @bitcast_convert_same_width(%x: tensor<4xf32>) -> tensor<4xui32> {
  %0 = jxp.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// CHECK-LABEL: func.func @bitcast_convert_narrowing
// CHECK: jxp.bitcast_convert %{{.*}} : (tensor<3xf64>) -> tensor<3x4xi16>
func.func @bitcast_convert_narrowing(%x: tensor<3xf64>) -> tensor<3x4xi16> {
  %0 = jxp.bitcast_convert %x : (tensor<3xf64>) -> tensor<3x4xi16>
  return %0 : tensor<3x4xi16>
}

// -----

// CHECK-LABEL: func.func @bitcast_convert_widening
// CHECK: jxp.bitcast_convert %{{.*}} : (tensor<2x4xui8>) -> tensor<2xf32>
func.func @bitcast_convert_widening(%x: tensor<2x4xui8>) -> tensor<2xf32> {
  %0 = jxp.bitcast_convert %x : (tensor<2x4xui8>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @bitcast_convert_widening_to_scalar
// CHECK: jxp.bitcast_convert %{{.*}} : (tensor<2xi32>) -> tensor<f64>
func.func @bitcast_convert_widening_to_scalar(%x: tensor<2xi32>) -> tensor<f64> {
  %0 = jxp.bitcast_convert %x : (tensor<2xi32>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// CHECK-LABEL: func.func @erf_and_inverse
// CHECK: %[[E:.*]] = jxp.erf %{{.*}} : tensor<4xf32>
// CHECK: jxp.erf_inv %[[E]] : tensor<4xf32>
func.func @erf_and_inverse(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.erf %x : tensor<4xf32>
  %1 = jxp.erf_inv %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @complex_parts
// CHECK: %[[RE:.*]] = jxp.real %{{.*}} : tensor<2x3xcomplex<f32>>
// CHECK: %[[IM:.*]] = jxp.imag %{{.*}} : tensor<2x3xcomplex<f32>>
// CHECK: jxp.complex %[[RE]], %[[IM]] : tensor<2x3xf32>
// CHECK: jxp.real %{{.*}} : tensor<complex<f64>>
func.func @complex_parts(%z: tensor<2x3xcomplex<f32>>, %w: tensor<complex<f64>>) -> (tensor<2x3xcomplex<f32>>, tensor<f64>) {
  %0 = jxp.real %z : tensor<2x3xcomplex<f32>>
  %1 = jxp.imag %z : tensor<2x3xcomplex<f32>>
  %2 = jxp.complex %0, %1 : tensor<2x3xf32>
  %3 = jxp.real %w : tensor<complex<f64>>
  return %2, %3 : tensor<2x3xcomplex<f32>>, tensor<f64>
}

// -----

//===----------------------------------------------------------------------===//
// Special functions and bit counts
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary_special
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<2x3xf64>)
// CHECK-NEXT: jxp.erfc %[[X]] : tensor<4xf32>
// CHECK-NEXT: jxp.lgamma %[[X]] : tensor<4xf32>
// CHECK-NEXT: jxp.digamma %[[D]] : tensor<2x3xf64>
// CHECK-NEXT: jxp.bessel_i0e %[[X]] : tensor<4xf32>
// CHECK-NEXT: jxp.bessel_i1e %[[D]] : tensor<2x3xf64>
func.func @unary_special(%x: tensor<4xf32>, %d: tensor<2x3xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x3xf64>, tensor<4xf32>, tensor<2x3xf64>) {
  %0 = jxp.erfc %x : tensor<4xf32>
  %1 = jxp.lgamma %x : tensor<4xf32>
  %2 = jxp.digamma %d : tensor<2x3xf64>
  %3 = jxp.bessel_i0e %x : tensor<4xf32>
  %4 = jxp.bessel_i1e %d : tensor<2x3xf64>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<2x3xf64>, tensor<4xf32>, tensor<2x3xf64>
}

// -----

// CHECK-LABEL: func.func @bit_counts
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32>, %[[U:.*]]: tensor<ui8>)
// CHECK-NEXT: jxp.population_count %[[I]] : tensor<4xi32>
// CHECK-NEXT: jxp.clz %[[U]] : tensor<ui8>
func.func @bit_counts(%i: tensor<4xi32>, %u: tensor<ui8>) -> (tensor<4xi32>, tensor<ui8>) {
  %0 = jxp.population_count %i : tensor<4xi32>
  %1 = jxp.clz %u : tensor<ui8>
  return %0, %1 : tensor<4xi32>, tensor<ui8>
}

// -----

// Operand order matters: polygamma takes the order first, zeta is zeta(x, q),
// nextafter moves its first operand towards its second.
// CHECK-LABEL: func.func @binary_special
// CHECK-SAME: (%[[A:[^:]*]]: tensor<4xf32>, %[[B:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT: jxp.polygamma %[[A]], %[[B]] : tensor<4xf32>
// CHECK-NEXT: jxp.zeta %[[B]], %[[A]] : tensor<4xf32>
// CHECK-NEXT: jxp.nextafter %[[A]], %[[B]] : tensor<4xf32>
func.func @binary_special(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = jxp.polygamma %a, %b : tensor<4xf32>
  %1 = jxp.zeta %b, %a : tensor<4xf32>
  %2 = jxp.nextafter %a, %b : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_precision
// CHECK-NEXT: jxp.reduce_precision %arg0, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
// CHECK-NEXT: jxp.reduce_precision %arg1, exponent_bits = 8, mantissa_bits = 0 : tensor<2x2xf64>
func.func @reduce_precision(%x: tensor<4xf32>, %d: tensor<2x2xf64>) -> (tensor<4xf32>, tensor<2x2xf64>) {
  %0 = jxp.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
  %1 = jxp.reduce_precision %d, exponent_bits = 8, mantissa_bits = 0 : tensor<2x2xf64>
  return %0, %1 : tensor<4xf32>, tensor<2x2xf64>
}
