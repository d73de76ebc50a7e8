// Lowering of the special functions, factorizations, FFT, convolution,
// window and host-callback ops to (generic-form) StableHLO, as JAX emits
// them on CPU: LAPACK custom calls through the typed FFI with column-major
// layouts, XLA's fft/convolution/reduce_window/select_and_scatter, jaxlib's
// Python callback.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file | FileCheck %s
// No jxp op survives the conversion, anywhere in the file.
// RUN: jxp-opt %s --convert-jxp-to-stablehlo --split-input-file | FileCheck %s --check-prefix=NOJXP
// NOJXP-NOT: jxp.

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

// -----

//===----------------------------------------------------------------------===//
// FFT, convolution
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fft
// CHECK-NEXT: %[[R:.*]] = "stablehlo.fft"(%arg0) {fft_length = array<i64: 8>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
// CHECK-NEXT: %[[I:.*]] = "stablehlo.fft"(%arg1) {fft_length = array<i64: 2, 4>, fft_type = #stablehlo<fft_type IFFT>} : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
// CHECK-NEXT: %[[B:.*]] = "stablehlo.fft"(%[[R]]) {fft_length = array<i64: 8>, fft_type = #stablehlo<fft_type IRFFT>} : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
// CHECK-NEXT: %[[F:.*]] = "stablehlo.fft"(%[[I]]) {fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type FFT>} : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
// CHECK-NEXT: return %[[R]], %[[F]], %[[B]]
func.func @fft(%x: tensor<3x8xf32>, %c: tensor<2x4xcomplex<f64>>) -> (tensor<3x5xcomplex<f32>>, tensor<2x4xcomplex<f64>>, tensor<3x8xf32>) {
  %y = jxp.fft %x, RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  %z = jxp.fft %c, IFFT, length = [2, 4] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  %w = jxp.fft %y, IRFFT, length = [8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
  %v = jxp.fft %z, FFT, length = [4] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  return %y, %v, %w : tensor<3x5xcomplex<f32>>, tensor<2x4xcomplex<f64>>, tensor<3x8xf32>
}

// -----

// The specs become XLA's dimension numbers: NHWC input, HWIO kernel
// (rhs_spec = [O, I, H, W] = [3, 2, 0, 1]), NHWC output.
// CHECK-LABEL: func.func @conv_nhwc
// CHECK-NEXT: %[[Y:.*]] = "stablehlo.convolution"(%arg0, %arg1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 2, 1>, padding = dense<{{\[\[}}1, 2], [0, 0]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<2x5x6x4xf32>, tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32>
// CHECK-NEXT: return %[[Y]]
func.func @conv_nhwc(%x: tensor<2x5x6x4xf32>, %k: tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 3, 1, 2>, rhs_spec = array<i64: 3, 2, 0, 1>,
      out_spec = array<i64: 0, 3, 1, 2>, window_strides = array<i64: 2, 1>,
      padding = array<i64: 1, 2, 0, 0>, lhs_dilation = array<i64: 2, 1>,
      rhs_dilation = array<i64: 2, 1>, feature_group_count = 2 : i64,
      batch_group_count = 1 : i64}
      : (tensor<2x5x6x4xf32>, tensor<2x2x2x6xf32>) -> tensor<2x5x5x6xf32>
  return %y : tensor<2x5x5x6xf32>
}

// -----

// CHECK-LABEL: func.func @conv_batch_groups
// CHECK-NEXT: "stablehlo.convolution"(%arg0, %arg1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1>} : (tensor<4x2x8xf32>, tensor<6x2x3xf32>) -> tensor<2x6x6xf32>
func.func @conv_batch_groups(%x: tensor<4x2x8xf32>, %k: tensor<6x2x3xf32>) -> tensor<2x6x6xf32> {
  %y = jxp.conv %x, %k {lhs_spec = array<i64: 0, 1, 2>, rhs_spec = array<i64: 0, 1, 2>,
      out_spec = array<i64: 0, 1, 2>, window_strides = array<i64: 1>,
      padding = array<i64: 0, 0>, lhs_dilation = array<i64: 1>,
      rhs_dilation = array<i64: 1>, feature_group_count = 1 : i64,
      batch_group_count = 2 : i64}
      : (tensor<4x2x8xf32>, tensor<6x2x3xf32>) -> tensor<2x6x6xf32>
  return %y : tensor<2x6x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

// Each kind's body and identity: -inf for max, 0 for sum, the largest
// integer for min of i32.
// CHECK-LABEL: func.func @reduce_window
// CHECK-NEXT: %[[NINF:.*]] = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK-NEXT: %[[MAX:.*]] = "stablehlo.reduce_window"(%arg0, %[[NINF]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = "stablehlo.maximum"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[M]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK-NEXT: %[[SUM:.*]] = "stablehlo.reduce_window"(%arg0, %[[ZERO]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[S:.*]] = "stablehlo.add"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[S]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1>, padding = dense<1> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>} : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[IMAX:.*]] = "stablehlo.constant"() {value = dense<2147483647> : tensor<i32>}
// CHECK-NEXT: %[[MIN:.*]] = "stablehlo.reduce_window"(%arg1, %[[IMAX]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>):
// CHECK-NEXT: %[[N:.*]] = "stablehlo.minimum"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[N]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1, 2>, padding = dense<{{\[\[}}0, 0], [0, 1]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x4xi32>
// CHECK-NEXT: return %[[MAX]], %[[SUM]], %[[MIN]]
func.func @reduce_window(%x: tensor<8xf32>, %i: tensor<2x3xi32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<2x4xi32>) {
  %0 = jxp.reduce_window max %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<4xf32>
  %1 = jxp.reduce_window sum %x {window_dimensions = array<i64: 3>,
      window_strides = array<i64: 1>, padding = array<i64: 1, 1>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>) -> tensor<8xf32>
  %2 = jxp.reduce_window min %i {window_dimensions = array<i64: 1, 2>,
      window_strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 1>,
      base_dilation = array<i64: 1, 2>, window_dilation = array<i64: 1, 2>}
      : (tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<8xf32>, tensor<2x4xi32>
}

// -----

// The padding is made explicit: the operand padded with -inf (never
// selected by max), select_and_scatter (GE: the first maximum) without
// padding, and the padded result sliced back.
// CHECK-LABEL: func.func @select_and_scatter_add
// CHECK-NEXT: %[[NINF:.*]] = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK-NEXT: %[[P:.*]] = "stablehlo.pad"(%arg1, %[[NINF]]) {edge_padding_high = array<i64: 1>, edge_padding_low = array<i64: 0>, interior_padding = array<i64: 0>} : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK-NEXT: %[[SS:.*]] = "stablehlo.select_and_scatter"(%[[P]], %arg0, %[[ZERO]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[GE:.*]] = "stablehlo.compare"(%[[A]], %[[B]]) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}
// CHECK-NEXT: "stablehlo.return"(%[[GE]])
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[S:.*]] = "stablehlo.add"(%[[A]], %[[B]])
// CHECK-NEXT: "stablehlo.return"(%[[S]])
// CHECK-NEXT: }) {padding = dense<0> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<8xf32>, tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[R:.*]] = "stablehlo.slice"(%[[SS]]) {limit_indices = array<i64: 7>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<8xf32>) -> tensor<7xf32>
// CHECK-NEXT: return %[[R]]
func.func @select_and_scatter_add(%s: tensor<4xf32>, %x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = jxp.select_and_scatter_add %s, %x {select_max, window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 1>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<4xf32>, tensor<7xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

// Min: padded with +inf, selected with LE.
// CHECK-LABEL: func.func @select_and_scatter_add_min
// CHECK-NEXT: %[[INF:.*]] = "stablehlo.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK-NEXT: %[[P:.*]] = "stablehlo.pad"(%arg1, %[[INF]]) {edge_padding_high = array<i64: 0>, edge_padding_low = array<i64: 1>, interior_padding = array<i64: 0>}
// CHECK: comparison_direction = #stablehlo<comparison_direction LE>
// CHECK: "stablehlo.slice"(%{{.*}}) {limit_indices = array<i64: 7>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<7xf32>) -> tensor<6xf32>
func.func @select_and_scatter_add_min(%s: tensor<3xf32>, %x: tensor<6xf32>) -> tensor<6xf32> {
  %0 = jxp.select_and_scatter_add %s, %x {window_dimensions = array<i64: 3>,
      window_strides = array<i64: 2>, padding = array<i64: 1, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<3xf32>, tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// select_and_gather_add: a two-operand reduce_window carrying (operand,
// tangent) pairs, keeping the pair whose operand is least (LE) for min.
// CHECK-LABEL: func.func @select_and_gather_add
// CHECK-NEXT: %[[INF:.*]] = "stablehlo.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK-NEXT: %[[ZERO:.*]] = "stablehlo.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.reduce_window"(%arg1, %arg0, %[[INF]], %[[ZERO]]) ({
// CHECK-NEXT: ^bb0(%[[X1:.*]]: tensor<f32>, %[[T1:.*]]: tensor<f32>, %[[X2:.*]]: tensor<f32>, %[[T2:.*]]: tensor<f32>):
// CHECK-NEXT: %[[C:.*]] = "stablehlo.compare"(%[[X1]], %[[X2]]) {compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LE>}
// CHECK-NEXT: %[[X:.*]] = "stablehlo.select"(%[[C]], %[[X1]], %[[X2]])
// CHECK-NEXT: %[[T:.*]] = "stablehlo.select"(%[[C]], %[[T1]], %[[T2]])
// CHECK-NEXT: "stablehlo.return"(%[[X]], %[[T]])
// CHECK-NEXT: }) {base_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}
// CHECK-NEXT: return %[[R]]#1 : tensor<4xf32>
func.func @select_and_gather_add(%t: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<4xf32> {
  %0 = jxp.select_and_gather_add %t, %x {window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>, padding = array<i64: 0, 0>,
      base_dilation = array<i64: 1>, window_dilation = array<i64: 1>}
      : (tensor<8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Host callbacks: jaxlib's CPU callback custom call, the callable's index
// in the backend config.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @host_callback
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.custom_call"(%arg0, %arg1) {api_version = 4 : i32, backend_config = {index = 3 : ui64}, call_target_name = "xla_ffi_python_cpu_callback"} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
// CHECK-NEXT: "stablehlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {index = 7 : ui64}, call_target_name = "xla_ffi_python_cpu_callback", has_side_effect = true} : (tensor<2xf32>) -> ()
// CHECK-NEXT: return %[[R]]#1
func.func @host_callback(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<3xi32> {
  %r:2 = jxp.host_callback(%x, %n) {callback_id = 3 : i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<3xi32>)
  jxp.host_callback(%x) {callback_id = 7 : i64, has_side_effect} : (tensor<2xf32>) -> ()
  return %r#1 : tensor<3xi32>
}
