// Regressions found by test/fuzz/fuzz_jxp_opt.py: each input is valid jxp
// (or must get a clear error), and the passes keep it valid.
// RUN: jxp-opt %s --split-input-file --jxp-ad | FileCheck %s --check-prefix=AD
// RUN: jxp-opt %s --split-input-file --pass-pipeline='builtin.module(jxp-ad,jxp-lower-custom-calls,inline,canonicalize,cse,symbol-dce,convert-jxp-to-stablehlo)' | FileCheck %s --check-prefix=HLO

// A scatter into an operand empty along an inserted dimension drops every
// update: the VJP reads no window back (the gather it used to build, a slice
// of 1 from a dimension of 0, failed verification) and gives the updates
// zero cotangents.
// AD-LABEL: func.func @main
// AD-NOT: jxp.gather
// AD: return
// HLO-LABEL: func.func @main
// HLO-NOT: jxp.
// HLO: return
func.func private @f(%x: tensor<3x0xf32>, %i: tensor<2x1xi32>, %u: tensor<3x2xf32>) -> tensor<3x0xf32> {
  %y = jxp.scatter set %x, %i, %u {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 1>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 1>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 0>} : (tensor<3x0xf32>, tensor<2x1xi32>, tensor<3x2xf32>) -> tensor<3x0xf32>
  return %y : tensor<3x0xf32>
}
func.func @main(%x: tensor<3x0xf32>, %i: tensor<2x1xi32>, %u: tensor<3x2xf32>, %ct: tensor<3x0xf32>) -> (tensor<3x0xf32>, tensor<3x2xf32>) {
  %y, %gx, %gu = jxp.vjp @f(%x, %i, %u, %ct) wrt [0, 2] : (tensor<3x0xf32>, tensor<2x1xi32>, tensor<3x2xf32>, tensor<3x0xf32>) -> (tensor<3x0xf32>, tensor<3x0xf32>, tensor<3x2xf32>)
  return %gx, %gu : tensor<3x0xf32>, tensor<3x2xf32>
}

// -----

// XLA aborts compiling an array of more than 2^62 elements, however few
// bytes they take: 2^62 compiles.
// AD-LABEL: func.func @main
// HLO-LABEL: func.func @main
// HLO: stablehlo.negate
func.func @main(%x: tensor<4611686018427387904xi8>) -> tensor<4611686018427387904xi8> {
  %0 = jxp.neg %x : tensor<4611686018427387904xi8>
  return %0 : tensor<4611686018427387904xi8>
}
