// Lowering of the linear-algebra ops to (generic-form) StableHLO, as JAX
// emits them on CPU: LAPACK custom calls through the typed FFI with
// column-major layouts.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --split-input-file --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.

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

// -----

//===----------------------------------------------------------------------===//
// Factorizations: LAPACK through jaxlib's FFI, info checked as JAX does.
//===----------------------------------------------------------------------===//

// LU: getrf, its 1-based pivots made 0-based, the result NaN where info < 0,
// and the permutation computed by a loop of row swaps over the pivots.
// CHECK-LABEL: func.func @lu
// CHECK-NEXT: %[[F:.*]]:3 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {}, call_target_name = "lapack_sgetrf_ffi", mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>, tensor<i32>)
// CHECK: %[[OK:.*]] = "stablehlo.compare"(%[[F]]#2, %{{.*}}) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}
// CHECK: "stablehlo.constant"() {value = dense<0x7FC00000> : tensor<f32>}
// CHECK: %[[LU:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#0, %{{.*}}) : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: "stablehlo.constant"() {value = dense<1> : tensor<i32>}
// CHECK: %[[PIV:.*]] = "stablehlo.subtract"(%[[F]]#1, %{{.*}}) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK: %[[IOTA:.*]] = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>
// CHECK: %[[W:.*]]:3 = "stablehlo.while"(%{{.*}}, %[[IOTA]], %[[PIV]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: tensor<i32>, %{{.*}}: tensor<4xi32>, %{{.*}}: tensor<3xi32>):
// CHECK-NEXT: "stablehlo.constant"() {value = dense<3> : tensor<i32>}
// CHECK-NEXT: "stablehlo.compare"(%[[I]], %{{.*}}) {{.*}}comparison_direction = #stablehlo<comparison_direction LT>
// CHECK: }, {
// CHECK-NEXT: ^bb0(%[[J:.*]]: tensor<i32>, %[[P:.*]]: tensor<4xi32>, %[[PV:.*]]: tensor<3xi32>):
// The pivot of step i, the row it swaps with row i.
// CHECK: "stablehlo.dynamic_slice"(%[[PV]], %[[J]]) {slice_sizes = array<i64: 1>}
// CHECK: %[[ATPIV:.*]] = "stablehlo.compare"({{.*}}comparison_direction EQ>
// CHECK: %[[ATI:.*]] = "stablehlo.compare"({{.*}}comparison_direction EQ>
// CHECK: "stablehlo.reduce"
// CHECK: "stablehlo.dynamic_slice"(%[[P]], %[[J]]) {slice_sizes = array<i64: 1>}
// CHECK: %[[S1:.*]] = "stablehlo.select"(%[[ATPIV]], %{{.*}}, %[[P]])
// CHECK: %[[S2:.*]] = "stablehlo.select"(%[[ATI]], %{{.*}}, %[[S1]])
// CHECK: %[[NEXT:.*]] = "stablehlo.add"(%[[J]], %{{.*}})
// CHECK: "stablehlo.return"(%[[NEXT]], %[[S2]], %[[PV]])
// CHECK: return %[[LU]], %[[PIV]], %[[W]]#1
func.func @lu(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>, tensor<4xi32>) {
  %lu, %piv, %perm = jxp.lu %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>, tensor<4xi32>)
  return %lu, %piv, %perm : tensor<4x3xf32>, tensor<3xi32>, tensor<4xi32>
}

// -----

// QR of a batch: geqrf, orgqr on its reflectors, r the upper triangle of
// geqrf's k x n top rows.
// CHECK-LABEL: func.func @qr_batched
// CHECK-NEXT: %[[F:.*]]:2 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {}, call_target_name = "lapack_sgeqrf_ffi", mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xf32>)
// CHECK-NEXT: %[[Q:.*]] = "stablehlo.custom_call"(%[[F]]#0, %[[F]]#1) {api_version = 4 : i32, backend_config = {}, call_target_name = "lapack_sorgqr_ffi", mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]} : (tensor<2x4x3xf32>, tensor<2x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %[[TOP:.*]] = "stablehlo.slice"(%[[F]]#0) {limit_indices = array<i64: 2, 3, 3>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}
// CHECK-NEXT: %[[COL:.*]] = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x3x3xi32>
// CHECK-NEXT: %[[ROW:.*]] = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3x3xi32>
// CHECK-NEXT: %[[UP:.*]] = "stablehlo.compare"(%[[ROW]], %[[COL]]) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}
// CHECK: %[[R:.*]] = "stablehlo.select"(%[[UP]], %[[TOP]], %{{.*}})
// CHECK-NEXT: return %[[Q]], %[[R]]
func.func @qr_batched(%a: tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3x3xf32>) {
  %q, %r = jxp.qr %a : (tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3x3xf32>)
  return %q, %r : tensor<2x4x3xf32>, tensor<2x3x3xf32>
}

// -----

// A full q of a tall matrix: the reflectors padded to m x m first.
// CHECK-LABEL: func.func @qr_full
// CHECK: %[[F:.*]]:2 = "stablehlo.custom_call"(%arg0) {{.*}}call_target_name = "lapack_sgeqrf_ffi"
// CHECK: %[[P:.*]] = "stablehlo.pad"(%[[F]]#0, %{{.*}}) {edge_padding_high = array<i64: 0, 1>, edge_padding_low = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK: "stablehlo.custom_call"(%[[P]], %[[F]]#1) {{.*}}call_target_name = "lapack_sorgqr_ffi"{{.*}} : (tensor<4x4xf32>, tensor<3xf32>) -> tensor<4x4xf32>
func.func @qr_full(%a: tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<4x3xf32>) {
  %q, %r = jxp.qr %a {full_matrices} : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<4x3xf32>)
  return %q, %r : tensor<4x4xf32>, tensor<4x3xf32>
}

// -----

// eigh: syevd with mode 'V' (86) and uplo 'L' (76) or 'U' (85); NaNs
// unless info == 0.
// CHECK-LABEL: func.func @eigh
// CHECK-NEXT: %[[F:.*]]:3 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, call_target_name = "lapack_ssyevd_ffi", mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<i32>)
// CHECK: %[[OK:.*]] = "stablehlo.compare"(%[[F]]#2, %{{.*}}) {compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}
// CHECK: %[[V:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#0, %{{.*}}) : (tensor<3x3xi1>
// CHECK: %[[W:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#1, %{{.*}}) : (tensor<3xi1>
// CHECK: return %[[V]], %[[W]]
// CHECK-LABEL: func.func @eigh_upper
// CHECK-NEXT: "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, call_target_name = "lapack_dsyevd_ffi"
func.func @eigh(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>) {
  %v, %w = jxp.eigh %a {lower} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>)
  return %v, %w : tensor<3x3xf32>, tensor<3xf32>
}
func.func @eigh_upper(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>) {
  %v, %w = jxp.eigh %a : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>)
  return %v, %w : tensor<3x3xf64>, tensor<3xf64>
}

// -----

// svd: gesdd with mode 'S' (83) for reduced u and vt, 'A' (65) for full,
// 'N' (78) for the singular values alone.
// CHECK-LABEL: func.func @svd
// CHECK-NEXT: %[[F:.*]]:5 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {mode = 83 : ui8}, call_target_name = "lapack_sgesdd_ffi", mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>, tensor<i32>)
// CHECK: "stablehlo.compare"(%[[F]]#4, %{{.*}}) {{.*}}comparison_direction = #stablehlo<comparison_direction EQ>
// CHECK: %[[S:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#1, %{{.*}})
// CHECK: %[[U:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#2, %{{.*}})
// CHECK: %[[VT:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#3, %{{.*}})
// CHECK: return %[[S]], %[[U]], %[[VT]]
func.func @svd(%a: tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>) {
  %s:3 = jxp.svd %a {compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  return %s#0, %s#1, %s#2 : tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>
}

// -----

// CHECK-LABEL: func.func @svd_full_batched
// CHECK-NEXT: "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {mode = 65 : ui8}, call_target_name = "lapack_dgesdd_ffi", mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xf64>, tensor<2x4x4xf64>, tensor<2x3x3xf64>, tensor<2xi32>)
// CHECK-LABEL: func.func @svd_values
// CHECK-NEXT: %[[F:.*]]:5 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {mode = 78 : ui8}, call_target_name = "lapack_sgesdd_ffi"
// CHECK: %[[S:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#1, %{{.*}})
// CHECK-NEXT: return %[[S]] : tensor<3xf32>
func.func @svd_full_batched(%a: tensor<2x4x3xf64>) -> (tensor<2x3xf64>, tensor<2x4x4xf64>, tensor<2x3x3xf64>) {
  %s:3 = jxp.svd %a {compute_uv, full_matrices} : (tensor<2x4x3xf64>) -> (tensor<2x3xf64>, tensor<2x4x4xf64>, tensor<2x3x3xf64>)
  return %s#0, %s#1, %s#2 : tensor<2x3xf64>, tensor<2x4x4xf64>, tensor<2x3x3xf64>
}
func.func @svd_values(%a: tensor<4x3xf32>) -> tensor<3xf32> {
  %s = jxp.svd %a : (tensor<4x3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

// eig: geev gives the real and imaginary parts of the eigenvalues, made
// complex; 'V' (86) / 'N' (78) say which eigenvectors it computes.
// CHECK-LABEL: func.func @eig
// CHECK-NEXT: %[[F:.*]]:5 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {compute_left = 78 : ui8, compute_right = 86 : ui8}, call_target_name = "lapack_sgeev_ffi", mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
// CHECK: "stablehlo.compare"(%[[F]]#4, %{{.*}}) {{.*}}comparison_direction = #stablehlo<comparison_direction EQ>
// CHECK: %[[W:.*]] = "stablehlo.complex"(%[[F]]#0, %[[F]]#1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f32>>
// CHECK: "stablehlo.constant"() {value = dense<(0x7FC00000,0.000000e+00)> : tensor<complex<f32>>}
// CHECK: %[[WOK:.*]] = "stablehlo.select"(%{{.*}}, %[[W]], %{{.*}})
// CHECK: %[[VR:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#3, %{{.*}})
// CHECK: return %[[WOK]], %[[VR]]
func.func @eig(%a: tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) {
  %w:2 = jxp.eig %a {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  return %w#0, %w#1 : tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @eig_left
// CHECK-NEXT: %[[F:.*]]:5 = "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {compute_left = 86 : ui8, compute_right = 78 : ui8}, call_target_name = "lapack_dgeev_ffi"
// CHECK: %[[VL:.*]] = "stablehlo.select"(%{{.*}}, %[[F]]#2, %{{.*}})
// CHECK: return %{{.*}}, %[[VL]]
func.func @eig_left(%a: tensor<3x3xf64>) -> (tensor<3xcomplex<f64>>, tensor<3x3xcomplex<f64>>) {
  %w:2 = jxp.eig %a {compute_left} : (tensor<3x3xf64>) -> (tensor<3xcomplex<f64>>, tensor<3x3xcomplex<f64>>)
  return %w#0, %w#1 : tensor<3xcomplex<f64>>, tensor<3x3xcomplex<f64>>
}
