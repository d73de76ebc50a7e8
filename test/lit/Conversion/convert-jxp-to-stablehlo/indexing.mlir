// Lowering of every jxp op to (unregistered, generic-form) StableHLO.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file | FileCheck %s --check-prefix=NOJXP
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file | FileCheck %s --check-prefix=THREEFRY
// NOJXP-NOT: jxp.
// NOJXP: func.func @sort_two_int_keys
// NOJXP-NOT: jxp.

//===----------------------------------------------------------------------===//
// Ops lowered by name: same operands, same attributes.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant
// CHECK: %[[C:.*]] = "stablehlo.constant"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: return %[[C]]
func.func @constant() -> tensor<2xf32> {
  %c = jxp.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK: "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x3xi32>
func.func @iota() -> tensor<4x3xi32> {
  %i = jxp.iota dim = 1 : tensor<4x3xi32>
  return %i : tensor<4x3xi32>
}

// -----

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

// CHECK-LABEL: func.func @shape_ops
// CHECK: %[[B:.*]] = "stablehlo.broadcast_in_dim"(%{{.*}}) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[T:.*]] = "stablehlo.transpose"(%[[B]]) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %[[R:.*]] = "stablehlo.reshape"(%[[T]]) : (tensor<3x2xf32>) -> tensor<6xf32>
// CHECK: "stablehlo.slice"(%[[R]]) {limit_indices = array<i64: 5>, start_indices = array<i64: 1>, strides = array<i64: 2>} : (tensor<6xf32>) -> tensor<2xf32>
func.func @shape_ops(%x: tensor<3xf32>) -> tensor<2xf32> {
  %0 = jxp.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = jxp.transpose %0, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = jxp.reshape %1 : (tensor<3x2xf32>) -> tensor<6xf32>
  %3 = jxp.slice %2, start = [1], limit = [5], strides = [2] : (tensor<6xf32>) -> tensor<2xf32>
  return %3 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slices
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>)
// CHECK: %[[S:.*]] = "stablehlo.dynamic_slice"(%[[X]], %[[I]], %[[J]]) {slice_sizes = array<i64: 2, 5>} : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
// CHECK: "stablehlo.dynamic_update_slice"(%[[X]], %[[S]], %[[J]], %[[I]]) : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
func.func @dynamic_slices(%x: tensor<4x5xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x5xf32> {
  %0 = jxp.dynamic_slice %x[%i, %j], sizes = [2, 5] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
  %1 = jxp.dynamic_update_slice %x[%j, %i], %0 : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK: "stablehlo.concatenate"(%{{.*}}, %{{.*}}) {dimension = 1 : i64} : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
func.func @concatenate(%x: tensor<2x1xi32>, %y: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %0 = jxp.concatenate dim = 1, %x, %y : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK: "stablehlo.pad"(%{{.*}}, %{{.*}}) {edge_padding_high = array<i64: -2, 0>, edge_padding_low = array<i64: -1, 2>, interior_padding = array<i64: 0, 2>} : (tensor<5x2xf32>, tensor<f32>) -> tensor<2x6xf32>
func.func @pad(%x: tensor<5x2xf32>, %v: tensor<f32>) -> tensor<2x6xf32> {
  %0 = jxp.pad %x, %v, low = [-1, 2], high = [-2, 0], interior = [0, 2] : (tensor<5x2xf32>, tensor<f32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

//===----------------------------------------------------------------------===//
// Reductions: a reduce with the monoid's identity and binary op as body.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @reduce_sum
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK: %[[INIT:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK: "stablehlo.reduce"(%[[X]], %[[INIT]]) ({
// CHECK: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK: %[[S:.*]] = "stablehlo.add"(%[[A]], %[[B]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK: "stablehlo.return"(%[[S]])
// CHECK: }) {dimensions = array<i64: 0>} : (tensor<4x2xf32>, tensor<f32>) -> tensor<2xf32>
func.func @reduce_sum(%x: tensor<4x2xf32>) -> tensor<2xf32> {
  %0 = jxp.reduce sum %x, dims = [0] : (tensor<4x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_prod_i32
// CHECK: "stablehlo.constant"() {value = dense<1> : tensor<i32>}
// CHECK: "stablehlo.multiply"
// CHECK: }) {dimensions = array<i64: 0, 1>} : (tensor<4x2xi32>, tensor<i32>) -> tensor<i32>
func.func @reduce_prod_i32(%x: tensor<4x2xi32>) -> tensor<i32> {
  %0 = jxp.reduce prod %x, dims = [0, 1] : (tensor<4x2xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Max starts from -inf for floats and the lowest value for ints; min from
// +inf and the highest value.
// CHECK-LABEL: func.func @reduce_max_min
// CHECK: "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK: "stablehlo.maximum"
// CHECK: "stablehlo.constant"() {value = dense<-128> : tensor<i8>}
// CHECK: "stablehlo.maximum"
// CHECK: "stablehlo.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK: "stablehlo.minimum"
// CHECK: "stablehlo.constant"() {value = dense<65535> : tensor<ui16>}
// CHECK: "stablehlo.minimum"
func.func @reduce_max_min(%f: tensor<4xf32>, %i: tensor<4xi8>, %u: tensor<4xui16>) -> (tensor<f32>, tensor<i8>, tensor<f32>, tensor<ui16>) {
  %0 = jxp.reduce max %f, dims = [0] : (tensor<4xf32>) -> tensor<f32>
  %1 = jxp.reduce max %i, dims = [0] : (tensor<4xi8>) -> tensor<i8>
  %2 = jxp.reduce min %f, dims = [0] : (tensor<4xf32>) -> tensor<f32>
  %3 = jxp.reduce min %u, dims = [0] : (tensor<4xui16>) -> tensor<ui16>
  return %0, %1, %2, %3 : tensor<f32>, tensor<i8>, tensor<f32>, tensor<ui16>
}

// -----

// CHECK-LABEL: func.func @reduce_and_or
// CHECK: "stablehlo.constant"() {value = dense<true> : tensor<i1>}
// CHECK: "stablehlo.and"
// CHECK: }) {dimensions = array<i64: 1>} : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
// CHECK: "stablehlo.constant"() {value = dense<-1> : tensor<i32>}
// CHECK: "stablehlo.and"
// CHECK: "stablehlo.constant"() {value = dense<0> : tensor<ui8>}
// CHECK: "stablehlo.or"
func.func @reduce_and_or(%b: tensor<2x3xi1>, %i: tensor<2x3xi32>, %u: tensor<2x3xui8>) -> (tensor<2xi1>, tensor<2xi32>, tensor<3xui8>) {
  %0 = jxp.reduce and %b, dims = [1] : (tensor<2x3xi1>) -> tensor<2xi1>
  %1 = jxp.reduce and %i, dims = [1] : (tensor<2x3xi32>) -> tensor<2xi32>
  %2 = jxp.reduce or %u, dims = [0] : (tensor<2x3xui8>) -> tensor<3xui8>
  return %0, %1, %2 : tensor<2xi1>, tensor<2xi32>, tensor<3xui8>
}

// -----

// argmax: a two-operand reduce over (value, iota) whose body picks the
// greater value or a NaN, and breaks ties by the lower index.
// CHECK-LABEL: func.func @argmax_f32
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK: %[[IOTA:.*]] = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x3xi32>
// CHECK: %[[V0:.*]] = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK: %[[I0:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK: %[[R:.*]]:2 = "stablehlo.reduce"(%[[X]], %[[IOTA]], %[[V0]], %[[I0]]) ({
// CHECK: ^bb0(%[[AV:.*]]: tensor<f32>, %[[AI:.*]]: tensor<i32>, %[[BV:.*]]: tensor<f32>, %[[BI:.*]]: tensor<i32>):
// CHECK: %[[GT:.*]] = "stablehlo.compare"(%[[AV]], %[[BV]]) {{.*}}comparison_direction = #stablehlo<comparison_direction GT>
// CHECK: %[[NAN:.*]] = "stablehlo.compare"(%[[AV]], %[[AV]]) {{.*}}comparison_direction = #stablehlo<comparison_direction NE>
// CHECK: %[[PICK:.*]] = "stablehlo.or"(%[[GT]], %[[NAN]])
// CHECK: %[[EQ:.*]] = "stablehlo.compare"(%[[AV]], %[[BV]]) {{.*}}comparison_direction = #stablehlo<comparison_direction EQ>
// CHECK: %[[LT:.*]] = "stablehlo.compare"(%[[AI]], %[[BI]]) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: %[[TIE:.*]] = "stablehlo.and"(%[[EQ]], %[[LT]])
// CHECK: %[[PICKI:.*]] = "stablehlo.or"(%[[PICK]], %[[TIE]])
// CHECK: %[[V:.*]] = "stablehlo.select"(%[[PICK]], %[[AV]], %[[BV]])
// CHECK: %[[I:.*]] = "stablehlo.select"(%[[PICKI]], %[[AI]], %[[BI]])
// CHECK: "stablehlo.return"(%[[V]], %[[I]])
// CHECK: }) {dimensions = array<i64: 1>} : (tensor<4x3xf32>, tensor<4x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: return %[[R]]#1 : tensor<4xi32>
func.func @argmax_f32(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  %0 = jxp.argmax %x, axis = 1 : (tensor<4x3xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// argmin on integers: LT, starts from the highest value, no NaN test.
// CHECK-LABEL: func.func @argmin_i32
// CHECK: "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x3xi64>
// CHECK: "stablehlo.constant"() {value = dense<2147483647> : tensor<i32>}
// CHECK: "stablehlo.reduce"
// CHECK: "stablehlo.compare"{{.*}}comparison_direction = #stablehlo<comparison_direction LT>
// CHECK-NOT: comparison_direction NE
// CHECK: "stablehlo.compare"{{.*}}comparison_direction = #stablehlo<comparison_direction EQ>
// CHECK: }) {dimensions = array<i64: 0>} : (tensor<4x3xi32>, tensor<4x3xi64>, tensor<i32>, tensor<i64>) -> (tensor<3xi32>, tensor<3xi64>)
func.func @argmin_i32(%x: tensor<4x3xi32>) -> tensor<3xi64> {
  %0 = jxp.argmin %x, axis = 0 : (tensor<4x3xi32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

//===----------------------------------------------------------------------===//
// Scans: reduce_window over the whole axis, padded on the low side (or the
// high side when reversed) by n - 1.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @cumsum
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[INIT:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK: "stablehlo.reduce_window"(%[[X]], %[[INIT]]) ({
// CHECK: "stablehlo.add"
// CHECK: }) {base_dilations = array<i64: 1>, padding = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @cumsum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = jxp.cumsum %x, axis = 0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cumsum_reverse
// CHECK: "stablehlo.reduce_window"
// CHECK: "stablehlo.add"
// CHECK: padding = dense<{{\[\[}}0, 0], [0, 4]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 5>
func.func @cumsum_reverse(%x: tensor<2x5xi32>) -> tensor<2x5xi32> {
  %0 = jxp.cumsum %x, axis = 1 reverse : tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// -----

// CHECK-LABEL: func.func @cumprod_cummax_cummin
// CHECK: "stablehlo.constant"() {value = dense<1.000000e+00> : tensor<f32>}
// CHECK: "stablehlo.reduce_window"
// CHECK: "stablehlo.multiply"
// CHECK: padding = dense<{{\[\[}}2, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 1>
// CHECK: "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK: "stablehlo.reduce_window"
// CHECK: "stablehlo.maximum"
// CHECK: padding = dense<{{\[\[}}0, 0], [1, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 2>
// CHECK: "stablehlo.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK: "stablehlo.reduce_window"
// CHECK: "stablehlo.minimum"
// CHECK: padding = dense<{{\[\[}}0, 2], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 1>
func.func @cumprod_cummax_cummin(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.cumprod %x, axis = 0 : tensor<3x2xf32>
  %1 = jxp.cummax %0, axis = 1 : tensor<3x2xf32>
  %2 = jxp.cummin %1, axis = 0 reverse : tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

// -----

// Complex numbers order by real part first: the identities of max and min
// are -inf and +inf with a zero imaginary part, as JAX's, and the bodies
// compare parts (XLA's constant folder aborts on a complex maximum).
// CHECK-LABEL: func.func @cummax_cummin_complex
// CHECK: "stablehlo.constant"() {value = dense<(0xFF800000,0.000000e+00)> : tensor<complex<f32>>}
// CHECK: "stablehlo.reduce_window"
// CHECK-NOT: "stablehlo.maximum"
// CHECK: "stablehlo.real"
// CHECK: comparison_direction GT
// CHECK: "stablehlo.constant"() {value = dense<(0x7F800000,0.000000e+00)> : tensor<complex<f32>>}
// CHECK: "stablehlo.reduce_window"
// CHECK-NOT: "stablehlo.minimum"
// CHECK: "stablehlo.real"
// CHECK: comparison_direction LT
func.func @cummax_cummin_complex(%x: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = jxp.cummax %x, axis = 0 : tensor<3xcomplex<f32>>
  %1 = jxp.cummin %0, axis = 0 : tensor<3xcomplex<f32>>
  return %1 : tensor<3xcomplex<f32>>
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

// Complex keys sort by real part, then imaginary part, each as a float key
// (-0.0 equals 0.0, NaNs last), as JAX sorts them.
// CHECK-LABEL: func.func @sort_complex
// CHECK: "stablehlo.sort"
// CHECK: ^bb0(%[[A:.*]]: tensor<complex<f32>>, %[[B:.*]]: tensor<complex<f32>>):
// CHECK-DAG: "stablehlo.real"(%[[A]])
// CHECK-DAG: "stablehlo.real"(%[[B]])
// CHECK-DAG: "stablehlo.imag"(%[[A]])
// CHECK-DAG: "stablehlo.imag"(%[[B]])
// CHECK: comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>)
// CHECK: comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>)
// CHECK: comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<f32>, tensor<f32>)
// CHECK: "stablehlo.and"
// CHECK: "stablehlo.or"
func.func @sort_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = jxp.sort(%x), dim = 0, num_keys = 1 : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
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

// A scan over an axis of size 1 is the identity.
// CHECK-LABEL: func.func @cumsum_size_one
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>)
// CHECK-NOT: reduce_window
// CHECK: return %[[X]]
func.func @cumsum_size_one(%x: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %0 = jxp.cumsum %x, axis = 1 : tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @dot_general_matmul
// CHECK: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_general_matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_batched
// CHECK: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>} : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
func.func @dot_general_batched(%a: tensor<5x2x3xf32>, %b: tensor<3x5x4xf32>) -> tensor<5x2x4xf32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0]
      : (tensor<5x2x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

// An outer product has no dimension numbers at all; the result type may be
// wider than the operands'.
// CHECK-LABEL: func.func @dot_general_outer
// CHECK: "stablehlo.dot_general"(%{{.*}}, %{{.*}}) {dot_dimension_numbers = #stablehlo.dot<>} : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
func.func @dot_general_outer(%a: tensor<2xi8>, %b: tensor<3xi8>) -> tensor<2x3xi32> {
  %0 = jxp.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [] x []
      : (tensor<2xi8>, tensor<3xi8>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// -----

// clip: StableHLO's gather clamps by itself.
// CHECK-LABEL: func.func @gather_clip
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[IDX:.*]]: tensor<2x1xi32>)
// CHECK: %[[G:.*]] = "stablehlo.gather"(%[[X]], %[[IDX]]) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
// CHECK-NOT: stablehlo.select
// CHECK: return %[[G]]
func.func @gather_clip(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 0 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_promise_in_bounds_batched
// CHECK: %[[G:.*]] = "stablehlo.gather"(%{{.*}}, %{{.*}}) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 3>}
// CHECK-NOT: stablehlo.select
// CHECK: return %[[G]]
func.func @gather_promise_in_bounds_batched(%x: tensor<2x5x3xf32>, %idx: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 1>,
      index_vector_dim = 1 : i64, indices_are_sorted = true, mode = 2 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64: 0>, slice_sizes = array<i64: 1, 1, 3>,
      start_index_map = array<i64: 1>, start_indices_batching_dims = array<i64: 0>}
      : (tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// fill_or_drop: start indices within [0, dim - slice size] (here [0, 1] and
// [0, 2]) keep the gathered slice, others give the fill value (NaN).
// CHECK-LABEL: func.func @gather_fill_or_drop
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[IDX:.*]]: tensor<5x2xi32>)
// CHECK: %[[G:.*]] = "stablehlo.gather"(%[[X]], %[[IDX]])
// CHECK: %[[UB:.*]] = "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>}
// CHECK: %[[UBB:.*]] = "stablehlo.broadcast_in_dim"(%[[UB]]) {broadcast_dimensions = array<i64: 1>} : (tensor<2xi32>) -> tensor<5x2xi32>
// CHECK: %[[GE:.*]] = "stablehlo.compare"(%[[IDX]], %{{.*}}) {{.*}}comparison_direction GE
// CHECK: %[[LE:.*]] = "stablehlo.compare"(%[[IDX]], %[[UBB]]) {{.*}}comparison_direction LE
// CHECK: %[[IN:.*]] = "stablehlo.and"(%[[GE]], %[[LE]]) : (tensor<5x2xi1>, tensor<5x2xi1>) -> tensor<5x2xi1>
// CHECK: %[[ALL:.*]] = "stablehlo.reduce"(%[[IN]], %{{.*}}) ({
// CHECK: "stablehlo.and"
// CHECK: }) {dimensions = array<i64: 1>} : (tensor<5x2xi1>, tensor<i1>) -> tensor<5xi1>
// CHECK: %[[MASK:.*]] = "stablehlo.broadcast_in_dim"(%[[ALL]]) {broadcast_dimensions = array<i64: 0>} : (tensor<5xi1>) -> tensor<5x2x2xi1>
// CHECK: %[[FILL:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[FILLB:.*]] = "stablehlo.broadcast_in_dim"(%[[FILL]])
// CHECK: %[[SEL:.*]] = "stablehlo.select"(%[[MASK]], %[[G]], %[[FILLB]]) : (tensor<5x2x2xi1>, tensor<5x2x2xf32>, tensor<5x2x2xf32>) -> tensor<5x2x2xf32>
// CHECK: return %[[SEL]]
func.func @gather_fill_or_drop(%x: tensor<3x4xf32>, %idx: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1, 2>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 2, 2>,
      start_index_map = array<i64: 0, 1>, start_indices_batching_dims = array<i64>}
      : (tensor<3x4xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

// An explicit fill value; the index vector dimension is implicit, so the
// in-bounds test needs no reduce.
// CHECK-LABEL: func.func @gather_fill_value_implicit_index_vector
// CHECK: %[[G:.*]] = "stablehlo.gather"
// CHECK: "stablehlo.constant"() {value = dense<3> : tensor<ui32>}
// CHECK-NOT: stablehlo.reduce
// CHECK: "stablehlo.constant"() {value = dense<-7> : tensor<i16>}
// CHECK: "stablehlo.select"(%{{.*}}, %[[G]], %{{.*}}) : (tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
func.func @gather_fill_value_implicit_index_vector(%x: tensor<4x3xi16>, %idx: tensor<2xui32>) -> tensor<2x3xi16> {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>, fill_value = -7 : i16,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64: 1>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 3>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4x3xi16>, tensor<2xui32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

// Default fill values: the lowest signed value, the highest unsigned one.
// CHECK-LABEL: func.func @gather_fill_defaults
// CHECK: "stablehlo.constant"() {value = dense<-2147483648> : tensor<i32>}
// CHECK: "stablehlo.select"
// CHECK: "stablehlo.constant"() {value = dense<255> : tensor<ui8>}
// CHECK: "stablehlo.select"
func.func @gather_fill_defaults(%x: tensor<4xi32>, %y: tensor<4xui8>, %idx: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xui8>) {
  %0 = jxp.gather %x, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4xi32>, tensor<2xi32>) -> tensor<2xi32>
  %1 = jxp.gather %y, %idx {collapsed_slice_dims = array<i64: 0>,
      index_vector_dim = 1 : i64, mode = 1 : i32, offset_dims = array<i64>,
      operand_batching_dims = array<i64>, slice_sizes = array<i64: 1>,
      start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>}
      : (tensor<4xui8>, tensor<2xi32>) -> tensor<2xui8>
  return %0, %1 : tensor<2xi32>, tensor<2xui8>
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

// -----

// clip: indices are clamped into [0, dim - window size] (3 - 1 = 2) first.
// CHECK-LABEL: func.func @scatter_add_clip
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[IDX:.*]]: tensor<2x1xi32>, %[[U:.*]]: tensor<2x4xf32>)
// CHECK: %[[UB:.*]] = "stablehlo.constant"() {value = dense<2> : tensor<1xi32>}
// CHECK: %[[UBB:.*]] = "stablehlo.broadcast_in_dim"(%[[UB]]) {broadcast_dimensions = array<i64: 1>} : (tensor<1xi32>) -> tensor<2x1xi32>
// CHECK: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0> : tensor<i32>}
// CHECK: %[[CL:.*]] = "stablehlo.clamp"(%[[ZERO]], %[[IDX]], %[[UBB]]) : (tensor<i32>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
// CHECK: %[[S:.*]] = "stablehlo.scatter"(%[[X]], %[[CL]], %[[U]]) ({
// CHECK: ^bb0(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK: %[[SUM:.*]] = "stablehlo.add"(%[[OLD]], %[[NEW]])
// CHECK: "stablehlo.return"(%[[SUM]])
// CHECK: }) {indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK: return %[[S]]
func.func @scatter_add_clip(%x: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// clip with a partial window: the bound is 6 - 2 = 4 in dimension 1.
// CHECK-LABEL: func.func @scatter_max_clip_window
// CHECK: "stablehlo.constant"() {value = dense<4> : tensor<i64>}
// CHECK: "stablehlo.clamp"
// CHECK: "stablehlo.scatter"
// CHECK: "stablehlo.maximum"
func.func @scatter_max_clip_window(%x: tensor<3x6xi32>, %idx: tensor<2xi64>, %u: tensor<2x3x2xi32>) -> tensor<3x6xi32> {
  %0 = jxp.scatter max %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64>, mode = 0 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1, 2>}
      : (tensor<3x6xi32>, tensor<2xi64>, tensor<2x3x2xi32>) -> tensor<3x6xi32>
  return %0 : tensor<3x6xi32>
}

// -----

// fill_or_drop and promise_in_bounds leave the indices alone: StableHLO's
// scatter drops out-of-bounds updates.
// CHECK-LABEL: func.func @scatter_kinds_no_clip
// CHECK-SAME: (%[[X:.*]]: tensor<5xf32>, %[[IDX:.*]]: tensor<2xi32>, %[[U:.*]]: tensor<2xf32>)
// CHECK-NOT: stablehlo.clamp
// CHECK: "stablehlo.scatter"(%[[X]], %[[IDX]], %[[U]]) ({
// CHECK: ^bb0(%{{.*}}: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT: "stablehlo.return"(%[[NEW]])
// CHECK: unique_indices = true
// CHECK: "stablehlo.scatter"
// CHECK: "stablehlo.multiply"
// CHECK: "stablehlo.scatter"
// CHECK: "stablehlo.minimum"
// CHECK-NOT: stablehlo.clamp
func.func @scatter_kinds_no_clip(%x: tensor<5xf32>, %idx: tensor<2xi32>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %0 = jxp.scatter set %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %1 = jxp.scatter mul %0, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 2 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  %2 = jxp.scatter min %1, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 0>, mode = 1 : i32,
      operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>,
      scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64>}
      : (tensor<5xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<5xf32>
  return %2 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_batched
// CHECK: scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>
func.func @scatter_batched(%x: tensor<2x5x3xf32>, %idx: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<2x5x3xf32> {
  %0 = jxp.scatter add %x, %idx, %u {index_vector_dim = 1 : i64,
      inserted_window_dims = array<i64: 1>, mode = 1 : i32,
      operand_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1>,
      scatter_indices_batching_dims = array<i64: 0>, update_window_dims = array<i64: 1>}
      : (tensor<2x5x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

// -----

// Float keys: -0.0 becomes 0.0, every NaN one NaN, then TOTALORDER LT.
// CHECK-LABEL: func.func @sort_float_stable
// CHECK-SAME: (%[[K:.*]]: tensor<4xf32>, %[[V:.*]]: tensor<4xi32>)
// CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%[[K]], %[[V]]) ({
// CHECK: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK: %[[Z:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[N:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[ISZ:.*]] = "stablehlo.compare"(%[[A]], %[[Z]]) {{.*}}comparison_direction EQ
// CHECK: %[[A1:.*]] = "stablehlo.select"(%[[ISZ]], %[[Z]], %[[A]])
// CHECK: %[[ISN:.*]] = "stablehlo.compare"(%[[A1]], %[[A1]]) {{.*}}comparison_direction NE
// CHECK: %[[A2:.*]] = "stablehlo.select"(%[[ISN]], %[[N]], %[[A1]])
// CHECK: %[[Z2:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[N2:.*]] = "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[B1:.*]] = "stablehlo.select"(%{{.*}}, %[[Z2]], %[[B]])
// CHECK: %[[B2:.*]] = "stablehlo.select"(%{{.*}}, %[[N2]], %[[B1]])
// CHECK: %[[LT:.*]] = "stablehlo.compare"(%[[A2]], %[[B2]]) {compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: "stablehlo.return"(%[[LT]])
// CHECK: }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK: return %[[S]]#0, %[[S]]#1
func.func @sort_float_stable(%keys: tensor<4xf32>, %vals: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %k, %v = jxp.sort(%keys, %vals), dim = 0, num_keys = 1 stable
      : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %k, %v : tensor<4xf32>, tensor<4xi32>
}

// -----

// Two integer keys compare lexicographically: lt0 or (eq0 and lt1).
// CHECK-LABEL: func.func @sort_two_int_keys
// CHECK: "stablehlo.sort"
// CHECK: ^bb0(%[[A0:.*]]: tensor<i32>, %[[B0:.*]]: tensor<i32>, %[[A1:.*]]: tensor<ui8>, %[[B1:.*]]: tensor<ui8>):
// CHECK-NOT: stablehlo.select
// CHECK: %[[LT1:.*]] = "stablehlo.compare"(%[[A1]], %[[B1]]) {compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: %[[LT0:.*]] = "stablehlo.compare"(%[[A0]], %[[B0]]) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: %[[EQ0:.*]] = "stablehlo.compare"(%[[A0]], %[[B0]]) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}
// CHECK: %[[AND:.*]] = "stablehlo.and"(%[[EQ0]], %[[LT1]])
// CHECK: %[[OR:.*]] = "stablehlo.or"(%[[LT0]], %[[AND]])
// CHECK: "stablehlo.return"(%[[OR]])
// CHECK: }) {dimension = 1 : i64, is_stable = false}
func.func @sort_two_int_keys(%a: tensor<2x3xi32>, %b: tensor<2x3xui8>) -> (tensor<2x3xi32>, tensor<2x3xui8>) {
  %r:2 = jxp.sort(%a, %b), dim = 1, num_keys = 2
      : (tensor<2x3xi32>, tensor<2x3xui8>) -> (tensor<2x3xi32>, tensor<2x3xui8>)
  return %r#0, %r#1 : tensor<2x3xi32>, tensor<2x3xui8>
}

// -----

// CHECK-LABEL: func.func @reverse_and_cbrt
// CHECK: %[[R:.*]] = "stablehlo.reverse"(%{{.*}}) {dimensions = array<i64: 1>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: "stablehlo.cbrt"(%[[R]]) : (tensor<3x2xf32>) -> tensor<3x2xf32>
func.func @reverse_and_cbrt(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.reverse %x, dims = [1] : tensor<3x2xf32>
  %1 = jxp.cbrt %0 : tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
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

// Threefry-2x32: keys broadcast, the third key word is k0 ^ k1 ^ 0x1BD11BDA
// (466688986); a rolled loop over the five groups of four rounds, carrying
// the counter, the words, the key schedule and both sets of rotations (13
// first, 24 last); each iteration injects a key and swaps the rotation sets.
// CHECK-LABEL: func.func @threefry2x32
// CHECK: "stablehlo.constant"() {value = dense<466688986> : tensor<ui32>}
// CHECK: "stablehlo.constant"() {value = dense<13> : tensor<ui32>}
// CHECK: %[[L:.*]]:14 = "stablehlo.while"
// CHECK: "stablehlo.compare"(%{{.*}}, %{{.*}}) {{.*}}comparison_direction LT
// CHECK: }, {
// CHECK-COUNT-4: "stablehlo.shift_left"
// CHECK-NOT: "stablehlo.shift_left"
// CHECK: "stablehlo.return"(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[B:[^,]*]], %[[C:[^,]*]], %[[A:[^,]*]], %[[R4:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[R0:[^,]*]],
// CHECK: return %[[L]]#1, %[[L]]#2
// CHECK-NOT: jxp.threefry2x32
// THREEFRY-LABEL: func.func @threefry2x32
// THREEFRY-DAG: "stablehlo.constant"() {value = dense<24> : tensor<ui32>}
// THREEFRY-DAG: "stablehlo.constant"() {value = dense<5> : tensor<ui32>}
func.func @threefry2x32(%k0: tensor<ui32>, %k1: tensor<ui32>, %x0: tensor<8xui32>, %x1: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>) {
  %y0, %y1 = jxp.threefry2x32 %k0, %k1, %x0, %x1 : tensor<ui32>, tensor<8xui32>
  return %y0, %y1 : tensor<8xui32>, tensor<8xui32>
}

// -----

// Cholesky: LAPACK's potrf through the typed FFI (as JAX emits it), with
// column-major layouts (batch dims most major), NaN where info != 0 and the
// upper triangle zeroed.
// CHECK-LABEL: func.func @cholesky_batched
// CHECK: %[[F:.*]]:2 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {uplo = 76 : ui8}, call_target_name = "lapack_dpotrf_ffi", mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2xi32>)
// CHECK: %[[OK:.*]] = "stablehlo.compare"(%[[F]]#1, %{{.*}}) {{.*}}EQ
// CHECK: %[[OKB:.*]] = "stablehlo.broadcast_in_dim"(%[[OK]]) {broadcast_dimensions = array<i64: 0>} : (tensor<2xi1>) -> tensor<2x3x3xi1>
// CHECK: %[[NAN:.*]] = "stablehlo.select"(%[[OKB]], %[[F]]#0, %{{.*}})
// CHECK: %[[COL:.*]] = "stablehlo.iota"() {iota_dimension = 2 : i64}
// CHECK: %[[ROW:.*]] = "stablehlo.iota"() {iota_dimension = 1 : i64}
// CHECK: %[[LOW:.*]] = "stablehlo.compare"(%[[ROW]], %[[COL]]) {{.*}}GE
// CHECK: "stablehlo.select"(%[[LOW]], %[[NAN]], %{{.*}})
func.func @cholesky_batched(%a: tensor<2x3x3xf64>) -> tensor<2x3x3xf64> {
  %0 = jxp.cholesky %a : tensor<2x3x3xf64>
  return %0 : tensor<2x3x3xf64>
}

// -----

// Triangular solve: LAPACK's trsm, with side/uplo/trans/diag as characters
// ('R' = 82, 'U' = 85, 'T' = 84, 'N' = 78).
// CHECK-LABEL: func.func @triangular_solve_right
// CHECK: "stablehlo.custom_call"(%arg0, %arg1) {api_version = 4 : i32, backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, call_target_name = "lapack_strsm_ffi", mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @triangular_solve_right(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = jxp.triangular_solve %a, %b {transpose_a = 1 : i64} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
