// Lowering of the reductions and scans to (unregistered, generic-form)
// StableHLO.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.

//===----------------------------------------------------------------------===//
// Reductions: a reduce with the monoid's identity and binary op as body.
//===----------------------------------------------------------------------===//

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

// -----

//===----------------------------------------------------------------------===//
// Scans: reduce_window over the whole axis, padded on the low side (or the
// high side when reversed) by n - 1.
//===----------------------------------------------------------------------===//

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

// A scan over an axis of size 1 is the identity.
// CHECK-LABEL: func.func @cumsum_size_one
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>)
// CHECK-NOT: reduce_window
// CHECK: return %[[X]]
func.func @cumsum_size_one(%x: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %0 = jxp.cumsum %x, axis = 1 : tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}
