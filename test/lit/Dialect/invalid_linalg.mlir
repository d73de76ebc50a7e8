// Every verifier rule of the linear-algebra ops (cholesky, triangular_solve
// and the factorizations; lib/Dialect/LinalgOps.cpp); one rejected op per
// case.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

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

// -----

//===----------------------------------------------------------------------===//
// Factorizations
//===----------------------------------------------------------------------===//

func.func @lu_vector(%a: tensor<3xf32>) {
  // expected-error @+1 {{operand must be a (batch of) matrices, got 'tensor<3xf32>'}}
  %lu, %p, %q = jxp.lu %a : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>)
  return
}

// -----

func.func @lu_wrong_lu(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{lu must be 'tensor<4x3xf32>', got 'tensor<3x4xf32>'}}
  %lu, %p, %q = jxp.lu %a : (tensor<4x3xf32>) -> (tensor<3x4xf32>, tensor<3xi32>, tensor<4xi32>)
  return
}

// -----

// Pivots: min(m, n) of them.
func.func @lu_wrong_pivots(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{pivots must be 'tensor<3xi32>', got 'tensor<4xi32>'}}
  %lu, %p, %q = jxp.lu %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4xi32>, tensor<4xi32>)
  return
}

// -----

// The permutation has one entry per row, with the batch in front.
func.func @lu_wrong_permutation(%a: tensor<2x4x3xf32>) {
  // expected-error @+1 {{permutation must be 'tensor<2x4xi32>', got 'tensor<2x3xi32>'}}
  %lu, %p, %q = jxp.lu %a : (tensor<2x4x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>)
  return
}

// -----

// Reduced q of a 4x3 matrix is 4x3; 4x4 is the full one.
func.func @qr_full_q_without_full_matrices(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{q must be 'tensor<4x3xf32>', got 'tensor<4x4xf32>'}}
  %q, %r = jxp.qr %a : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @qr_wrong_r(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{r must be 'tensor<4x3xf32>', got 'tensor<3x3xf32>'}}
  %q, %r = jxp.qr %a {full_matrices} : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @eigh_not_square(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{operand must be a (batch of) square matrices, got 'tensor<3x4xf32>'}}
  %v, %w = jxp.eigh %a : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3xf32>)
  return
}

// -----

func.func @eigh_wrong_vectors(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{vectors must be 'tensor<3x3xf32>', got 'tensor<3x3xf64>'}}
  %v, %w = jxp.eigh %a : (tensor<3x3xf32>) -> (tensor<3x3xf64>, tensor<3xf32>)
  return
}

// -----

func.func @eigh_wrong_values(%a: tensor<2x3x3xf32>) {
  // expected-error @+1 {{values must be 'tensor<2x3xf32>', got 'tensor<3xf32>'}}
  %v, %w = jxp.eigh %a : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @svd_count_with_uv(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{has 3 results with compute_uv, got 1}}
  %s = jxp.svd %a {compute_uv} : (tensor<4x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @svd_count_without_uv(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{has 1 results without compute_uv, got 3}}
  %r:3 = jxp.svd %a : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @svd_wrong_s(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{s must be 'tensor<3xf32>', got 'tensor<4xf32>'}}
  %s = jxp.svd %a : (tensor<4x3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @svd_reduced_u_with_full_matrices(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{u must be 'tensor<4x4xf32>', got 'tensor<4x3xf32>'}}
  %r:3 = jxp.svd %a {compute_uv, full_matrices} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @svd_wrong_vt(%a: tensor<3x5xf32>) {
  // expected-error @+1 {{vt must be 'tensor<3x5xf32>', got 'tensor<5x5xf32>'}}
  %r:3 = jxp.svd %a {compute_uv} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3x3xf32>, tensor<5x5xf32>)
  return
}

// -----

func.func @eig_count(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{has 3 results for its compute_left and compute_right, got 2}}
  %r:2 = jxp.eig %a {compute_left, compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  return
}

// -----

// Eigenvalues of a real matrix are complex, of the matrix's precision.
func.func @eig_wrong_eigenvalues(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{eigenvalues must be 'tensor<3xcomplex<f32>>', got 'tensor<3xcomplex<f64>>'}}
  %w = jxp.eig %a : (tensor<3x3xf32>) -> tensor<3xcomplex<f64>>
  return
}

// -----

func.func @eig_wrong_eigenvectors(%a: tensor<2x3x3xf32>) {
  // expected-error @+1 {{eigenvectors must be 'tensor<2x3x3xcomplex<f32>>', got 'tensor<3x3xcomplex<f32>>'}}
  %r:2 = jxp.eig %a {compute_left} : (tensor<2x3x3xf32>) -> (tensor<2x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  return
}

// -----

func.func @eig_not_square(%a: tensor<3x2xf32>) {
  // expected-error @+1 {{operand must be a (batch of) square matrices}}
  %w = jxp.eig %a : (tensor<3x2xf32>) -> tensor<3xcomplex<f32>>
  return
}
