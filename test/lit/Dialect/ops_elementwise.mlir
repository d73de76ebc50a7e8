// Round trip of every jxp op: parse, print, parse the printed form again and
// check that the second print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// constant, iota
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant_f32
// CHECK: %[[C:.*]] = jxp.constant dense<[1.000000e+00, -2.500000e+00]> : tensor<2xf32>
// CHECK: return %[[C]]
func.func @constant_f32() -> tensor<2xf32> {
  %c = jxp.constant dense<[1.0, -2.5]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @constant_splat_i32
// CHECK: jxp.constant dense<7> : tensor<2x3xi32>
func.func @constant_splat_i32() -> tensor<2x3xi32> {
  %c = jxp.constant dense<7> : tensor<2x3xi32>
  return %c : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @constant_scalar_types
// CHECK: jxp.constant dense<true> : tensor<i1>
// CHECK: jxp.constant dense<255> : tensor<ui8>
// CHECK: jxp.constant dense<1.500000e+00> : tensor<bf16>
// CHECK: jxp.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
func.func @constant_scalar_types() -> (tensor<i1>, tensor<ui8>, tensor<bf16>, tensor<complex<f32>>) {
  %a = jxp.constant dense<true> : tensor<i1>
  %b = jxp.constant dense<255> : tensor<ui8>
  %c = jxp.constant dense<1.5> : tensor<bf16>
  %d = jxp.constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  return %a, %b, %c, %d : tensor<i1>, tensor<ui8>, tensor<bf16>, tensor<complex<f32>>
}

// -----

// CHECK-LABEL: func.func @constant_discardable_attr
// CHECK: jxp.constant {jxp.note = "x"} dense<0.000000e+00> : tensor<f64>
func.func @constant_discardable_attr() -> tensor<f64> {
  %c = jxp.constant {jxp.note = "x"} dense<0.0> : tensor<f64>
  return %c : tensor<f64>
}

// -----

// CHECK-LABEL: func.func @iota_dim0
// CHECK: jxp.iota dim = 0 : tensor<4x2xi32>
func.func @iota_dim0() -> tensor<4x2xi32> {
  %i = jxp.iota dim = 0 : tensor<4x2xi32>
  return %i : tensor<4x2xi32>
}

// -----

// CHECK-LABEL: func.func @iota_dim1_f32
// CHECK: jxp.iota dim = 1 : tensor<4x3xf32>
func.func @iota_dim1_f32() -> tensor<4x3xf32> {
  %i = jxp.iota dim = 1 : tensor<4x3xf32>
  return %i : tensor<4x3xf32>
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

// -----

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

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

// -----

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

//===----------------------------------------------------------------------===//
// compare, select, clamp, convert, bitcast_convert
//===----------------------------------------------------------------------===//

// -----

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

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @broadcast_in_dim_rank_up
// CHECK: jxp.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
func.func @broadcast_in_dim_rank_up(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_in_dim_scalar_and_size1
// CHECK: jxp.broadcast_in_dim %{{.*}}, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
// CHECK: jxp.broadcast_in_dim %{{.*}}, dims = [2, 0] : (tensor<1x5xi32>) -> tensor<5x4x3xi32>
func.func @broadcast_in_dim_scalar_and_size1(%s: tensor<i32>, %x: tensor<1x5xi32>) -> (tensor<2x2xi32>, tensor<5x4x3xi32>) {
  %0 = jxp.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
  %1 = jxp.broadcast_in_dim %x, dims = [2, 0] : (tensor<1x5xi32>) -> tensor<5x4x3xi32>
  return %0, %1 : tensor<2x2xi32>, tensor<5x4x3xi32>
}

// -----

// CHECK-LABEL: func.func @reshape_flatten
// CHECK: jxp.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: jxp.reshape %{{.*}} : (tensor<6xf32>) -> tensor<1x6x1xf32>
func.func @reshape_flatten(%x: tensor<2x3xf32>) -> tensor<1x6x1xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = jxp.reshape %0 : (tensor<6xf32>) -> tensor<1x6x1xf32>
  return %1 : tensor<1x6x1xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_3d
// CHECK: jxp.transpose %{{.*}}, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
func.func @transpose_3d(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = jxp.transpose %x, permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice_strided
// CHECK: jxp.slice %{{.*}}, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
func.func @slice_strided(%x: tensor<6xf32>) -> tensor<2xf32> {
  %0 = jxp.slice %x, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @slice_2d
// CHECK: jxp.slice %{{.*}}, start = [0, 2], limit = [3, 4], strides = [3, 1] : (tensor<4x4xi32>) -> tensor<1x2xi32>
func.func @slice_2d(%x: tensor<4x4xi32>) -> tensor<1x2xi32> {
  %0 = jxp.slice %x, start = [0, 2], limit = [3, 4], strides = [3, 1] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_1d
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32>, %[[I:.*]]: tensor<i32>)
// CHECK: jxp.dynamic_slice %[[X]][%[[I]]], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
func.func @dynamic_slice_1d(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = jxp.dynamic_slice %x[%i], sizes = [2] : (tensor<6xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_2d
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xi32>, %[[I:.*]]: tensor<ui64>, %[[J:.*]]: tensor<ui64>)
// CHECK: jxp.dynamic_slice %[[X]][%[[I]], %[[J]]], sizes = [4, 0] : (tensor<4x5xi32>, tensor<ui64>, tensor<ui64>) -> tensor<4x0xi32>
func.func @dynamic_slice_2d(%x: tensor<4x5xi32>, %i: tensor<ui64>, %j: tensor<ui64>) -> tensor<4x0xi32> {
  %0 = jxp.dynamic_slice %x[%i, %j], sizes = [4, 0] : (tensor<4x5xi32>, tensor<ui64>, tensor<ui64>) -> tensor<4x0xi32>
  return %0 : tensor<4x0xi32>
}

// -----

// The functional type lists operands in ODS order: operand, update, then the
// start indices (not in the order they appear in the assembly).
// CHECK-LABEL: func.func @dynamic_update_slice_2d
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>, %[[U:.*]]: tensor<2x5xf32>)
// CHECK: jxp.dynamic_update_slice %[[X]][%[[I]], %[[J]]], %[[U]] : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
func.func @dynamic_update_slice_2d(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>, %u: tensor<2x5xf32>) -> tensor<4x5xf32> {
  %0 = jxp.dynamic_update_slice %x[%i, %j], %u : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate_two
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK: jxp.concatenate dim = 0, %[[X]], %[[Y]] : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
func.func @concatenate_two(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<5xf32> {
  %0 = jxp.concatenate dim = 0, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate_three_dim1
// CHECK: jxp.concatenate dim = 1, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x1xi32>, tensor<2x0xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
func.func @concatenate_three_dim1(%x: tensor<2x1xi32>, %y: tensor<2x0xi32>, %z: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %0 = jxp.concatenate dim = 1, %x, %y, %z : (tensor<2x1xi32>, tensor<2x0xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Z:.*]]: tensor<f32>)
// CHECK: jxp.pad %[[X]], %[[Z]], low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
func.func @pad_interior(%x: tensor<3xf32>, %zero: tensor<f32>) -> tensor<6xf32> {
  %0 = jxp.pad %x, %zero, low = [1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @pad_negative
// CHECK: jxp.pad %{{.*}}, %{{.*}}, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<5x2xi32>, tensor<i32>) -> tensor<2x6xi32>
func.func @pad_negative(%x: tensor<5x2xi32>, %v: tensor<i32>) -> tensor<2x6xi32> {
  %0 = jxp.pad %x, %v, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<5x2xi32>, tensor<i32>) -> tensor<2x6xi32>
  return %0 : tensor<2x6xi32>
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @reduce_kinds
// CHECK: jxp.reduce sum %{{.*}}, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
// CHECK: jxp.reduce prod %{{.*}}, dims = [1] : (tensor<4x2xf32>) -> tensor<4xf32>
// CHECK: jxp.reduce max %{{.*}}, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<f32>
// CHECK: jxp.reduce min %{{.*}}, dims = [] : (tensor<4x2xf32>) -> tensor<4x2xf32>
func.func @reduce_kinds(%x: tensor<4x2xf32>) -> (tensor<2xf32>, tensor<4xf32>, tensor<f32>, tensor<4x2xf32>) {
  %0 = jxp.reduce sum %x, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
  %1 = jxp.reduce prod %x, dims = [1] : (tensor<4x2xf32>) -> tensor<4xf32>
  %2 = jxp.reduce max %x, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<f32>
  %3 = jxp.reduce min %x, dims = [] : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<4xf32>, tensor<f32>, tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_logical
// CHECK: jxp.reduce and %{{.*}}, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
// CHECK: jxp.reduce or %{{.*}}, dims = [0] : (tensor<2x3xui8>) -> tensor<3xui8>
func.func @reduce_logical(%b: tensor<2x3xi1>, %u: tensor<2x3xui8>) -> (tensor<2xi1>, tensor<3xui8>) {
  %0 = jxp.reduce and %b, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
  %1 = jxp.reduce or %u, dims = [0] : (tensor<2x3xui8>) -> tensor<3xui8>
  return %0, %1 : tensor<2xi1>, tensor<3xui8>
}

// -----

// CHECK-LABEL: func.func @argmax_axis1
// CHECK: jxp.argmax %{{.*}}, axis = 1 : (tensor<4x3xf32>) -> tensor<4xi32>
func.func @argmax_axis1(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  %0 = jxp.argmax %x, axis = 1 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @argmin_axis0
// CHECK: jxp.argmin %{{.*}}, axis = 0 : (tensor<4x3xi8>) -> tensor<3xi64>
func.func @argmin_axis0(%x: tensor<4x3xi8>) -> tensor<3xi64> {
  %0 = jxp.argmin %x, axis = 0 : (tensor<4x3xi8>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func.func @cumsum_forward
// CHECK: jxp.cumsum %{{.*}}, axis = 0 : tensor<4xf32>
// CHECK-NOT: reverse
func.func @cumsum_forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cumsum %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cumsum_reverse
// CHECK: jxp.cumsum %{{.*}}, axis = 1 reverse : tensor<2x4xi32>
func.func @cumsum_reverse(%x: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = jxp.cumsum %x, axis = 1 reverse : tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @cumulative_others
// CHECK: jxp.cumprod %{{.*}}, axis = 0 : tensor<3x2xf32>
// CHECK: jxp.cummax %{{.*}}, axis = 1 reverse : tensor<3x2xf32>
// CHECK: jxp.cummin %{{.*}}, axis = 0 reverse : tensor<3x2xf32>
func.func @cumulative_others(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.cumprod %x, axis = 0 : tensor<3x2xf32>
  %1 = jxp.cummax %0, axis = 1 reverse : tensor<3x2xf32>
  %2 = jxp.cummin %1, axis = 0 reverse : tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @dot_general_matmul
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK: jxp.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_general_matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_batched
// CHECK: jxp.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
func.func @dot_general_batched(%a: tensor<5x2x3xf32>, %b: tensor<3x5x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0]
      : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_outer_widening
// CHECK: jxp.dot_general %{{.*}}, %{{.*}}, batching_dims = [] x [], contracting_dims = [] x [] : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
func.func @dot_general_outer_widening(%a: tensor<2xi8>, %b: tensor<3xi8>) -> tensor<2x3xi32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [] x []
      : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

//===----------------------------------------------------------------------===//
// gather, scatter, sort
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @gather_clip
// CHECK: jxp.gather %{{.*}}, %{{.*}} {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
func.func @gather_clip(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_fill_or_drop_with_fill_value
// CHECK: jxp.gather %{{.*}}, %{{.*}} {collapsed_slice_dims = array<i64: 0>, fill_value = -1 : i32, index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 1 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 2>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
func.func @gather_fill_or_drop_with_fill_value(%x: tensor<3x4xi32>, %idx: tensor<2x1xi32>) -> tensor<2x2xi32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = -1 : i32,
      index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 2>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// Batching dims and an implicit index vector dimension (index_vector_dim ==
// rank of the indices).
// CHECK-LABEL: func.func @gather_promise_in_bounds_batched
// CHECK: jxp.gather %{{.*}}, %{{.*}} {collapsed_slice_dims = array<i64: 1>, index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>, start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>} : (tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
func.func @gather_promise_in_bounds_batched(%x: tensor<2x5x3xf32>, %idx: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_add_fill_or_drop
// CHECK: jxp.scatter add %{{.*}}, %{{.*}}, %{{.*}} {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
func.func @scatter_add_fill_or_drop(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_set_clip
// CHECK: jxp.scatter set %{{.*}}, %{{.*}}, %{{.*}} {index_vector_dim = 1 : i64, indices_are_sorted = true, inserted_window_dims = array<i64: 0>, mode = 0 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>} : (tensor<3x4xi32>, tensor<2x1xi32>, tensor<2x4xi32>) -> tensor<3x4xi32>
func.func @scatter_set_clip(%x: tensor<3x4xi32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xi32>) -> tensor<3x4xi32> {
  %0 = jxp.scatter set %x, %idx, %u {index_vector_dim = 1 : i64, indices_are_sorted = true,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>}
      : (tensor<3x4xi32>, tensor<2x1xi32>, tensor<2x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// CHECK-LABEL: func.func @scatter_other_kinds_promise_in_bounds
// CHECK: jxp.scatter mul %{{.*}} mode = 2 : i32
// CHECK: jxp.scatter min %{{.*}} mode = 2 : i32
// CHECK: jxp.scatter max %{{.*}} mode = 2 : i32
func.func @scatter_other_kinds_promise_in_bounds(%x: tensor<5xf32>, %idx: tensor<2xi32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %0 = jxp.scatter mul %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %1 = jxp.scatter min %0, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %2 = jxp.scatter max %1, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  return %2 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @sort_single_unstable
// CHECK: jxp.sort(%{{.*}}), dim = 0, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: stable
func.func @sort_single_unstable(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @sort_multi_operand_stable
// CHECK-SAME: (%[[K:.*]]: tensor<4xf32>, %[[V:.*]]: tensor<4xi32>)
// CHECK: %[[R:.*]]:2 = jxp.sort(%[[K]], %[[V]]), dim = 0, num_keys = 1 stable : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sort_multi_operand_stable(%keys: tensor<4xf32>, %vals: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %k, %v = jxp.sort(%keys, %vals), dim = 0, num_keys = 1 stable
      : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %k, %v : tensor<4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @sort_two_keys
// CHECK: jxp.sort(%{{.*}}, %{{.*}}, %{{.*}}), dim = 1, num_keys = 2 : (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>) -> (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>)
func.func @sort_two_keys(%a: tensor<2x3xi32>, %b: tensor<2x3xui8>, %c: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %r:3 = jxp.sort(%a, %b, %c), dim = 1, num_keys = 2
      : (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>) -> (tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xf64>)
  return %r#2 : tensor<2x3xf64>
}

// -----

// CHECK-LABEL: func.func @reverse_and_cbrt
// CHECK: %[[R:.*]] = jxp.reverse %{{.*}}, dims = [0, 1] : tensor<3x2xf32>
// CHECK: jxp.cbrt %[[R]] : tensor<3x2xf32>
func.func @reverse_and_cbrt(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.reverse %x, dims = [0, 1] : tensor<3x2xf32>
  %1 = jxp.cbrt %0 : tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
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

// CHECK-LABEL: func.func @threefry2x32_scalar_key
// CHECK: %y0, %y1 = jxp.threefry2x32 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<ui32>, tensor<8xui32>
func.func @threefry2x32_scalar_key(%k0: tensor<ui32>, %k1: tensor<ui32>, %x0: tensor<8xui32>, %x1: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>) {
  %y0, %y1 = jxp.threefry2x32 %k0, %k1, %x0, %x1 : tensor<ui32>, tensor<8xui32>
  return %y0, %y1 : tensor<8xui32>, tensor<8xui32>
}

// -----

// CHECK-LABEL: func.func @threefry2x32_full_key
// CHECK: jxp.threefry2x32 %{{.*}} : tensor<2x3xui32>, tensor<2x3xui32>
func.func @threefry2x32_full_key(%k: tensor<2x3xui32>, %x: tensor<2x3xui32>) -> tensor<2x3xui32> {
  %y0, %y1 = jxp.threefry2x32 %k, %k, %x, %x : tensor<2x3xui32>, tensor<2x3xui32>
  return %y1 : tensor<2x3xui32>
}

// -----

// CHECK-LABEL: func.func @cholesky_batched
// CHECK: jxp.cholesky %{{.*}} : tensor<2x3x3xf64>
func.func @cholesky_batched(%a: tensor<2x3x3xf64>) -> tensor<2x3x3xf64> {
  %0 = jxp.cholesky %a : tensor<2x3x3xf64>
  return %0 : tensor<2x3x3xf64>
}

// -----

// CHECK-LABEL: func.func @triangular_solve
// CHECK: jxp.triangular_solve %{{.*}}, %{{.*}} {left_side, lower, transpose_a = 1 : i64} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = jxp.triangular_solve %a, %b {left_side, lower, transpose_a = 1 : i64} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
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
