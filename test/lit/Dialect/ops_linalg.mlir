// Round trip of the linear-algebra ops (cholesky, triangular_solve and the
// factorizations lu, qr, eigh, svd, eig):
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

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

//===----------------------------------------------------------------------===//
// Factorizations
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @lu
// CHECK-NEXT: %lu, %pivots, %permutation = jxp.lu %arg0 : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
// CHECK-NEXT: %lu_0, %pivots_1, %permutation_2 = jxp.lu %arg1 : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>)
func.func @lu(%a: tensor<3x3xf32>, %b: tensor<2x4x3xf64>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<2x4xi32>) {
  %lu, %piv, %perm = jxp.lu %a : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>)
  %lu2, %piv2, %perm2 = jxp.lu %b : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>)
  return %lu, %piv, %perm2 : tensor<3x3xf32>, tensor<3xi32>, tensor<2x4xi32>
}

// -----

// CHECK-LABEL: func.func @qr
// CHECK-NEXT: %q, %r = jxp.qr %arg0 : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>)
// CHECK-NEXT: %q_0, %r_1 = jxp.qr %arg0 {full_matrices} : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<4x3xf32>)
func.func @qr(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x4xf32>) {
  %q, %r = jxp.qr %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>)
  %qf, %rf = jxp.qr %a {full_matrices} : (tensor<4x3xf32>) -> (tensor<4x4xf32>, tensor<4x3xf32>)
  return %q, %qf : tensor<4x3xf32>, tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @eigh
// CHECK-NEXT: %vectors, %values = jxp.eigh %arg0 {lower} : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
// CHECK-NEXT: %vectors_0, %values_1 = jxp.eigh %arg0 : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
func.func @eigh(%a: tensor<5x3x3xf64>) -> (tensor<5x3xf64>, tensor<5x3xf64>) {
  %v, %w = jxp.eigh %a {lower} : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
  %v2, %w2 = jxp.eigh %a : (tensor<5x3x3xf64>) -> (tensor<5x3x3xf64>, tensor<5x3xf64>)
  return %w, %w2 : tensor<5x3xf64>, tensor<5x3xf64>
}

// -----

// svd has one result without compute_uv, three with it.
// CHECK-LABEL: func.func @svd
// CHECK-NEXT: %[[S:.*]] = jxp.svd %arg0 : (tensor<4x3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %{{.*}}:3 = jxp.svd %arg0 {compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
// CHECK-NEXT: %{{.*}}:3 = jxp.svd %arg0 {compute_uv, full_matrices} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x4xf32>, tensor<3x3xf32>)
func.func @svd(%a: tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<4x4xf32>) {
  %s = jxp.svd %a : (tensor<4x3xf32>) -> tensor<3xf32>
  %r:3 = jxp.svd %a {compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>)
  %f:3 = jxp.svd %a {full_matrices, compute_uv} : (tensor<4x3xf32>) -> (tensor<3xf32>, tensor<4x4xf32>, tensor<3x3xf32>)
  return %s, %r#1, %f#1 : tensor<3xf32>, tensor<4x3xf32>, tensor<4x4xf32>
}

// -----

// eig: complex eigenvalues, then left, then right eigenvectors as asked.
// CHECK-LABEL: func.func @eig
// CHECK-NEXT: jxp.eig %arg0 : (tensor<3x3xf32>) -> tensor<3xcomplex<f32>>
// CHECK-NEXT: %{{.*}}:2 = jxp.eig %arg0 {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
// CHECK-NEXT: %{{.*}}:3 = jxp.eig %arg1 {compute_left, compute_right} : (tensor<2x3x3xf64>) -> (tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>)
func.func @eig(%a: tensor<3x3xf32>, %b: tensor<2x3x3xf64>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<2x3x3xcomplex<f64>>) {
  %w = jxp.eig %a : (tensor<3x3xf32>) -> tensor<3xcomplex<f32>>
  %r:2 = jxp.eig %a {compute_right} : (tensor<3x3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>)
  %l:3 = jxp.eig %b {compute_left, compute_right} : (tensor<2x3x3xf64>) -> (tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>)
  return %w, %r#1, %l#1 : tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<2x3x3xcomplex<f64>>
}
