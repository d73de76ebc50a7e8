// Lowering of the elementwise ops to (unregistered, generic-form)
// StableHLO; the special functions to CHLO (expanded by jaxlib) or
// StableHLO, as JAX emits them.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.

// CHECK-LABEL: func.func @unary_float
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[V0:.*]] = "stablehlo.negate"(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[V1:.*]] = "stablehlo.abs"(%[[V0]])
// CHECK: %[[V2:.*]] = "stablehlo.sign"(%[[V1]])
// CHECK: %[[V3:.*]] = "stablehlo.exponential"(%[[V2]])
// CHECK: %[[V4:.*]] = "stablehlo.log"(%[[V3]])
// CHECK: %[[V5:.*]] = "stablehlo.log_plus_one"(%[[V4]])
// CHECK: %[[V6:.*]] = "stablehlo.exponential_minus_one"(%[[V5]])
// CHECK: %[[V7:.*]] = "stablehlo.sine"(%[[V6]])
// CHECK: %[[V8:.*]] = "stablehlo.cosine"(%[[V7]])
// CHECK: %[[V9:.*]] = "stablehlo.tan"(%[[V8]])
// CHECK: %[[V10:.*]] = "stablehlo.tanh"(%[[V9]])
// CHECK: %[[V11:.*]] = "stablehlo.logistic"(%[[V10]])
// CHECK: %[[V12:.*]] = "stablehlo.sqrt"(%[[V11]])
// CHECK: %[[V13:.*]] = "stablehlo.rsqrt"(%[[V12]])
// CHECK: %[[V14:.*]] = "stablehlo.floor"(%[[V13]])
// CHECK: %[[V15:.*]] = "stablehlo.ceil"(%[[V14]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: return %[[V15]]
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

// CHECK-LABEL: func.func @not_int
// CHECK: "stablehlo.not"(%{{.*}}) : (tensor<3xi32>) -> tensor<3xi32>
func.func @not_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = jxp.not %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @round_away_from_zero
// CHECK: "stablehlo.round_nearest_afz"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: round_nearest_even
func.func @round_away_from_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.round %x, away_from_zero : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @round_to_nearest_even
// CHECK: "stablehlo.round_nearest_even"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: rounding_method
func.func @round_to_nearest_even(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.round %x, to_nearest_even : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @is_finite
// CHECK: "stablehlo.is_finite"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi1>
func.func @is_finite(%x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = jxp.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @binary_float
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK: %[[V0:.*]] = "stablehlo.add"(%[[X]], %[[Y]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[V1:.*]] = "stablehlo.subtract"(%[[V0]], %[[Y]])
// CHECK: %[[V2:.*]] = "stablehlo.multiply"(%[[V1]], %[[Y]])
// CHECK: %[[V3:.*]] = "stablehlo.divide"(%[[V2]], %[[Y]])
// CHECK: %[[V4:.*]] = "stablehlo.remainder"(%[[V3]], %[[Y]])
// CHECK: %[[V5:.*]] = "stablehlo.power"(%[[V4]], %[[Y]])
// CHECK: %[[V6:.*]] = "stablehlo.maximum"(%[[V5]], %[[Y]])
// CHECK: %[[V7:.*]] = "stablehlo.minimum"(%[[V6]], %[[Y]])
// CHECK: %[[V8:.*]] = "stablehlo.atan2"(%[[V7]], %[[Y]])
// CHECK: return %[[V8]]
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

// CHECK-LABEL: func.func @binary_bits
// CHECK-SAME: (%[[X:.*]]: tensor<3xui32>, %[[Y:.*]]: tensor<3xui32>)
// CHECK: %[[V0:.*]] = "stablehlo.and"(%[[X]], %[[Y]]) : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xui32>
// CHECK: %[[V1:.*]] = "stablehlo.or"(%[[V0]], %[[Y]])
// CHECK: %[[V2:.*]] = "stablehlo.xor"(%[[V1]], %[[Y]])
// CHECK: %[[V3:.*]] = "stablehlo.shift_left"(%[[V2]], %[[Y]])
// CHECK: %[[V4:.*]] = "stablehlo.shift_right_logical"(%[[V3]], %[[Y]])
// CHECK: %[[V5:.*]] = "stablehlo.shift_right_arithmetic"(%[[V4]], %[[Y]])
// CHECK: return %[[V5]]
func.func @binary_bits(%x: tensor<3xui32>, %y: tensor<3xui32>) -> tensor<3xui32> {
  %0 = jxp.and %x, %y : tensor<3xui32>
  %1 = jxp.or %0, %y : tensor<3xui32>
  %2 = jxp.xor %1, %y : tensor<3xui32>
  %3 = jxp.shift_left %2, %y : tensor<3xui32>
  %4 = jxp.shift_right_logical %3, %y : tensor<3xui32>
  %5 = jxp.shift_right_arithmetic %4, %y : tensor<3xui32>
  return %5 : tensor<3xui32>
}

// -----

// The compare type defaults from the element type.
// CHECK-LABEL: func.func @compare_default_types
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
func.func @compare_default_types(%f: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui8>, %b: tensor<4xi1>, %c: tensor<4xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = jxp.compare LT, %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = jxp.compare GE, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = jxp.compare GT, %u, %u : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %3 = jxp.compare NE, %b, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %4 = jxp.compare EQ, %c, %c : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @compare_totalorder
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LE>}
func.func @compare_totalorder(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xi1> {
  %0 = jxp.compare LE, %x, %y, TOTALORDER : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @select_clamp
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>, %[[LO:.*]]: tensor<f32>)
// CHECK: %[[S:.*]] = "stablehlo.select"(%[[P]], %[[X]], %[[Y]]) : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: "stablehlo.clamp"(%[[LO]], %[[S]], %[[Y]]) : (tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @select_clamp(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<4xf32>, %lo: tensor<f32>) -> tensor<4xf32> {
  %0 = jxp.select %p, %x, %y : tensor<i1>, tensor<4xf32>
  %1 = jxp.clamp %lo, %0, %y : (tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @convert_bitcast
// CHECK: %[[C:.*]] = "stablehlo.convert"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: "stablehlo.bitcast_convert"(%[[C]]) : (tensor<4xi32>) -> tensor<4x4xui8>
func.func @convert_bitcast(%x: tensor<4xf32>) -> tensor<4x4xui8> {
  %0 = jxp.convert %x : (tensor<4xf32>) -> tensor<4xi32>
  %1 = jxp.bitcast_convert %0 : (tensor<4xi32>) -> tensor<4x4xui8>
  return %1 : tensor<4x4xui8>
}

// -----

// CHECK-LABEL: func.func @bitcast_widening
// CHECK: "stablehlo.bitcast_convert"(%{{.*}}) : (tensor<3x2xf32>) -> tensor<3xf64>
func.func @bitcast_widening(%x: tensor<3x2xf32>) -> tensor<3xf64> {
  %0 = jxp.bitcast_convert %x : (tensor<3x2xf32>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// An ordered comparison of complex numbers compares real parts, then
// imaginary parts where the real parts are equal (jnp's order); XLA has
// none (its constant folder aborts on one). Equality stays one compare.
// CHECK-LABEL: func.func @compare_complex
// CHECK-SAME: (%[[X:.*]]: tensor<3xcomplex<f32>>, %[[Y:.*]]: tensor<3xcomplex<f32>>)
// CHECK: %[[RX:.*]] = "stablehlo.real"(%[[X]]) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK: %[[RY:.*]] = "stablehlo.real"(%[[Y]])
// CHECK: %[[IX:.*]] = "stablehlo.imag"(%[[X]]) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
// CHECK: %[[IY:.*]] = "stablehlo.imag"(%[[Y]])
// CHECK: %[[SAME:.*]] = "stablehlo.compare"(%[[RX]], %[[RY]]) {{{.*}}comparison_direction EQ>}
// CHECK: %[[BYIM:.*]] = "stablehlo.compare"(%[[IX]], %[[IY]]) {{{.*}}comparison_direction LT>}
// CHECK: %[[BYRE:.*]] = "stablehlo.compare"(%[[RX]], %[[RY]]) {{{.*}}comparison_direction LT>}
// CHECK: %[[LT:.*]] = "stablehlo.select"(%[[SAME]], %[[BYIM]], %[[BYRE]])
// CHECK: %[[EQ:.*]] = "stablehlo.compare"(%[[X]], %[[Y]]) {{{.*}}comparison_direction EQ>} : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
// CHECK: return %[[LT]], %[[EQ]]
func.func @compare_complex(%x: tensor<3xcomplex<f32>>, %y: tensor<3xcomplex<f32>>) -> (tensor<3xi1>, tensor<3xi1>) {
  %0 = jxp.compare LT, %x, %y : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  %1 = jxp.compare EQ, %x, %y : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  return %0, %1 : tensor<3xi1>, tensor<3xi1>
}

// -----

// max of complex numbers: the same order, then a select (as JAX lowers it).
// CHECK-LABEL: func.func @max_complex
// CHECK-SAME: (%[[X:.*]]: tensor<3xcomplex<f32>>, %[[Y:.*]]: tensor<3xcomplex<f32>>)
// CHECK-NOT: "stablehlo.maximum"
// CHECK: %[[PICK:.*]] = "stablehlo.select"({{.*}}) : (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK: %[[MAX:.*]] = "stablehlo.select"(%[[PICK]], %[[X]], %[[Y]])
// CHECK: return %[[MAX]]
func.func @max_complex(%x: tensor<3xcomplex<f32>>, %y: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = jxp.max %x, %y : tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// The modulus of a complex number is real, in StableHLO too.
// CHECK-LABEL: func.func @abs_complex
// CHECK: "stablehlo.abs"(%{{.*}}) : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
func.func @abs_complex(%x: tensor<3xcomplex<f64>>) -> tensor<3xf64> {
  %0 = jxp.abs %x : tensor<3xcomplex<f64>>
  return %0 : tensor<3xf64>
}

// -----

// The parts of a complex number and its construction.
// CHECK-LABEL: func.func @complex_parts
// CHECK: %[[RE:.*]] = "stablehlo.real"(%{{.*}}) : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
// CHECK: %[[IM:.*]] = "stablehlo.imag"(%{{.*}}) : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
// CHECK: "stablehlo.complex"(%[[IM]], %[[RE]]) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xcomplex<f64>>
func.func @complex_parts(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = jxp.real %x : tensor<3xcomplex<f64>>
  %1 = jxp.imag %x : tensor<3xcomplex<f64>>
  %2 = jxp.complex %1, %0 : tensor<3xf64>
  return %2 : tensor<3xcomplex<f64>>
}

// -----

// StableHLO's sign rejects unsigned integers; they become x == 0 ? 0 : 1.
// CHECK-LABEL: func.func @sign_unsigned
// CHECK-NOT: stablehlo.sign
// CHECK: %[[EQ:.*]] = "stablehlo.compare"(%{{.*}}, %{{.*}}) {compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}
// CHECK: "stablehlo.select"(%[[EQ]], %{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
func.func @sign_unsigned(%x: tensor<3xui8>) -> tensor<3xui8> {
  %0 = jxp.sign %x : tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

// CHECK-LABEL: func.func @sign_signed
// CHECK: "stablehlo.sign"(%{{.*}}) : (tensor<3xi32>) -> tensor<3xi32>
func.func @sign_signed(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = jxp.sign %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// erf and erf_inv become the CHLO ops JAX emits.
// CHECK-LABEL: func.func @erf_and_inverse
// CHECK: %[[E:.*]] = "chlo.erf"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "chlo.erf_inv"(%[[E]]) : (tensor<4xf32>) -> tensor<4xf32>
func.func @erf_and_inverse(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.erf %x : tensor<4xf32>
  %1 = jxp.erf_inv %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Special functions: CHLO (expanded by jaxlib) or StableHLO, by name.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @by_name
// CHECK-NEXT: "chlo.erfc"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "chlo.lgamma"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "chlo.digamma"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "chlo.bessel_i1e"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "stablehlo.popcnt"(%arg1) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "stablehlo.count_leading_zeros"(%arg1) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "chlo.polygamma"(%arg2, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "chlo.zeta"(%arg0, %arg2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "chlo.next_after"(%arg0, %arg2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: "stablehlo.reduce_precision"(%arg0) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<4xf32>) -> tensor<4xf32>
func.func @by_name(%x: tensor<4xf32>, %i: tensor<4xi32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = jxp.erfc %x : tensor<4xf32>
  %1 = jxp.lgamma %x : tensor<4xf32>
  %2 = jxp.digamma %x : tensor<4xf32>
  %3 = jxp.bessel_i1e %x : tensor<4xf32>
  %4 = jxp.population_count %i : tensor<4xi32>
  %5 = jxp.clz %i : tensor<4xi32>
  %6 = jxp.polygamma %y, %x : tensor<4xf32>
  %7 = jxp.zeta %x, %y : tensor<4xf32>
  %8 = jxp.nextafter %x, %y : tensor<4xf32>
  %9 = jxp.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// bessel_i0e has no CHLO op jaxlib expands: Cephes' Chebyshev series in
// float32 (18 coefficients on |x| <= 8 in |x|/2 - 2, 7 beyond in 32/|x| - 2,
// the latter divided by sqrt(|x|)), each step b0 = y * b1 - b2 + c.
// CHECK-LABEL: func.func @bessel_i0e_f32
// CHECK: %[[AX:.*]] = "stablehlo.abs"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "stablehlo.constant"() {value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[HALF:.*]] = "stablehlo.multiply"(%{{.*}}, %[[AX]])
// CHECK: "stablehlo.constant"() {value = dense<2.000000e+00> : tensor<f32>}
// CHECK: %[[Y:.*]] = "stablehlo.subtract"(%[[HALF]], %{{.*}})
// CHECK: "stablehlo.constant"() {value = dense<-1.30002498E-8> : tensor<f32>}
// CHECK: "stablehlo.constant"() {value = dense<6.04699508E-8> : tensor<f32>}
// CHECK: %[[M:.*]] = "stablehlo.multiply"(%[[Y]], %{{.*}})
// CHECK-NEXT: %[[S:.*]] = "stablehlo.subtract"(%[[M]], %{{.*}})
// CHECK: "stablehlo.add"(%[[S]], %{{.*}})
// CHECK: "stablehlo.constant"() {value = dense<-0.304682672> : tensor<f32>}
// CHECK: "stablehlo.constant"() {value = dense<0.676795303> : tensor<f32>}
// CHECK-NOT: dense<-4.4153416464793395E-18>
// CHECK: "stablehlo.constant"() {value = dense<3.200000e+01> : tensor<f32>}
// CHECK: "stablehlo.divide"(%{{.*}}, %[[AX]])
// CHECK: "stablehlo.constant"() {value = dense<3.39623196E-9> : tensor<f32>}
// CHECK: "stablehlo.constant"() {value = dense<0.804490387> : tensor<f32>}
// CHECK: %[[SQ:.*]] = "stablehlo.sqrt"(%[[AX]])
// CHECK: %[[BIG:.*]] = "stablehlo.divide"(%{{.*}}, %[[SQ]])
// CHECK: "stablehlo.constant"() {value = dense<8.000000e+00> : tensor<f32>}
// CHECK: %[[SMALL:.*]] = "stablehlo.compare"(%[[AX]], %{{.*}}) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LE>}
// CHECK: %[[R:.*]] = "stablehlo.select"(%[[SMALL]], %{{.*}}, %[[BIG]])
// CHECK: return %[[R]]
func.func @bessel_i0e_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.bessel_i0e %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// In float64, the series has 30 and 25 coefficients.
// CHECK-LABEL: func.func @bessel_i0e_f64
// CHECK: "stablehlo.constant"() {value = dense<-4.4153416464793395E-18> : tensor<f64>}
// CHECK: "stablehlo.constant"() {value = dense<0.67679527440947607> : tensor<f64>}
// CHECK: "stablehlo.constant"() {value = dense<-7.2331804878747538E-18> : tensor<f64>}
// CHECK: "stablehlo.sqrt"
// CHECK: "stablehlo.select"
func.func @bessel_i0e_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = jxp.bessel_i0e %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}
