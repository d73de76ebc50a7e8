// Batching rules of reductions, arg-reductions and scans
// (lib/Rules/ReductionRules.cpp), run alone with the `jxp-batch` pass: the
// batched op acts on the same dimensions renumbered around the batch, which
// stays where it is (shifted down past the reduced dimensions before it).
// Cases: an operand mapped along 0, and along dimensions after and between
// the reduced ones. The second RUN line checks that each lowers to
// StableHLO; test/python/test_batch_rules_shape.py checks their numbers
// against JAX.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --inline --canonicalize --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO

// CHECK-LABEL: func.func private @reduce_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reduce sum %[[X]], dims = [1] : (tensor<5x3x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reduce_bdim0_main(
// HLO-NOT: jxp.
// HLO: stablehlo.reduce"(%arg0,
// HLO: }) {dimensions = array<i64: 1>}
// HLO: return
func.func private @reduce_bdim0(%x: tensor<3x4xf32>) -> tensor<4xf32> {
  %y = jxp.reduce sum %x, dims = [0] : (tensor<3x4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @reduce_bdim0_main(%x: tensor<5x3x4xf32>) -> tensor<5x4xf32> {
  %r = jxp.vmap @reduce_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x3x4xf32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

// The batch between the reduced dimensions: dimension 1 of the operand,
// 0 of the result (one reduced dimension came before it).
// CHECK-LABEL: func.func private @reduce_between_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4x6xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.reduce max %[[X]], dims = [0, 3] : (tensor<3x5x4x6xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @reduce_between_main(
// HLO-NOT: jxp.
// HLO: stablehlo.reduce"(%arg0,
// HLO: }) {dimensions = array<i64: 0, 3>}
// HLO: return
func.func private @reduce_between(%x: tensor<3x4x6xf32>) -> tensor<4xf32> {
  %y = jxp.reduce max %x, dims = [0, 2] : (tensor<3x4x6xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @reduce_between_main(%x: tensor<3x5x4x6xf32>) -> tensor<5x4xf32> {
  %r = jxp.vmap @reduce_between(%x) in_axes [1] out_axes [0] size 5 : (tensor<3x5x4x6xf32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

// Every other kind, the batch last: dimension 2 of the operand, 1 of the
// results.
// CHECK-LABEL: func.func private @reduce_kinds_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4x5xf32>, %[[B:[^:]*]]: tensor<3x4x5xi1>)
// CHECK-NEXT: %[[P:.*]] = jxp.reduce prod %[[X]], dims = [1] : (tensor<3x4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[M:.*]] = jxp.reduce min %[[X]], dims = [1] : (tensor<3x4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[A:.*]] = jxp.reduce and %[[B]], dims = [1] : (tensor<3x4x5xi1>) -> tensor<3x5xi1>
// CHECK-NEXT: %[[O:.*]] = jxp.reduce or %[[B]], dims = [1] : (tensor<3x4x5xi1>) -> tensor<3x5xi1>
// CHECK-NEXT: return %[[P]], %[[M]], %[[A]], %[[O]]
// HLO-LABEL: func.func @reduce_kinds_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @reduce_kinds(%x: tensor<3x4xf32>, %b: tensor<3x4xi1>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>) {
  %p = jxp.reduce prod %x, dims = [1] : (tensor<3x4xf32>) -> tensor<3xf32>
  %m = jxp.reduce min %x, dims = [1] : (tensor<3x4xf32>) -> tensor<3xf32>
  %a = jxp.reduce and %b, dims = [1] : (tensor<3x4xi1>) -> tensor<3xi1>
  %o = jxp.reduce or %b, dims = [1] : (tensor<3x4xi1>) -> tensor<3xi1>
  return %p, %m, %a, %o : tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>
}
func.func @reduce_kinds_main(%x: tensor<3x4x5xf32>, %b: tensor<3x4x5xi1>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi1>, tensor<3x5xi1>) {
  %r:4 = jxp.vmap @reduce_kinds(%x, %b) in_axes [2, 2] out_axes [1, 1, 1, 1] size 5 : (tensor<3x4x5xf32>, tensor<3x4x5xi1>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi1>, tensor<3x5xi1>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xi1>, tensor<3x5xi1>
}

// -----

// CHECK-LABEL: func.func private @argmax_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.argmax %[[X]], axis = 2 : (tensor<5x3x4xf32>) -> tensor<5x3xi32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @argmax_bdim0_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @argmax_bdim0(%x: tensor<3x4xf32>) -> tensor<3xi32> {
  %y = jxp.argmax %x, axis = 1 : (tensor<3x4xf32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @argmax_bdim0_main(%x: tensor<5x3x4xf32>) -> tensor<5x3xi32> {
  %r = jxp.vmap @argmax_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x3x4xf32>) -> tensor<5x3xi32>
  return %r : tensor<5x3xi32>
}

// -----

// The batch at 1: an axis before it moves it down to 0, one after leaves
// it at 1.
// CHECK-LABEL: func.func private @arg_bdim1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4xf32>)
// CHECK-NEXT: %[[A:.*]] = jxp.argmin %[[X]], axis = 0 : (tensor<3x5x4xf32>) -> tensor<5x4xi32>
// CHECK-NEXT: %[[B:.*]] = jxp.argmax %[[X]], axis = 2 : (tensor<3x5x4xf32>) -> tensor<3x5xi64>
// CHECK-NEXT: return %[[A]], %[[B]]
// HLO-LABEL: func.func @arg_bdim1_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @arg_bdim1(%x: tensor<3x4xf32>) -> (tensor<4xi32>, tensor<3xi64>) {
  %a = jxp.argmin %x, axis = 0 : (tensor<3x4xf32>) -> tensor<4xi32>
  %b = jxp.argmax %x, axis = 1 : (tensor<3x4xf32>) -> tensor<3xi64>
  return %a, %b : tensor<4xi32>, tensor<3xi64>
}
func.func @arg_bdim1_main(%x: tensor<3x5x4xf32>) -> (tensor<5x4xi32>, tensor<3x5xi64>) {
  %r:2 = jxp.vmap @arg_bdim1(%x) in_axes [1] out_axes [0, 1] size 5 : (tensor<3x5x4xf32>) -> (tensor<5x4xi32>, tensor<3x5xi64>)
  return %r#0, %r#1 : tensor<5x4xi32>, tensor<3x5xi64>
}

// -----

// CHECK-LABEL: func.func private @cumsum_bdim0_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x3x4xf32>)
// CHECK-NEXT: %[[Y:.*]] = jxp.cumsum %[[X]], axis = 1 : tensor<5x3x4xf32>
// CHECK-NEXT: return %[[Y]]
// HLO-LABEL: func.func @cumsum_bdim0_main(
// HLO-NOT: jxp.
// HLO: stablehlo.reduce_window"
// HLO: return
func.func private @cumsum_bdim0(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %y = jxp.cumsum %x, axis = 0 : tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
func.func @cumsum_bdim0_main(%x: tensor<5x3x4xf32>) -> tensor<5x3x4xf32> {
  %r = jxp.vmap @cumsum_bdim0(%x) in_axes [0] out_axes [0] size 5 : (tensor<5x3x4xf32>) -> tensor<5x3x4xf32>
  return %r : tensor<5x3x4xf32>
}

// -----

// The batch at 1, scans before and after it, reversed or not.
// CHECK-LABEL: func.func private @scans_bdim1_batched(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5x4xf32>)
// CHECK-NEXT: %[[P:.*]] = jxp.cumprod %[[X]], axis = 0 reverse : tensor<3x5x4xf32>
// CHECK-NEXT: %[[MX:.*]] = jxp.cummax %[[P]], axis = 2 : tensor<3x5x4xf32>
// CHECK-NEXT: %[[MN:.*]] = jxp.cummin %[[MX]], axis = 2 reverse : tensor<3x5x4xf32>
// CHECK-NEXT: %[[S:.*]] = jxp.cumsum %[[MN]], axis = 0 : tensor<3x5x4xf32>
// CHECK-NEXT: return %[[S]]
// HLO-LABEL: func.func @scans_bdim1_main(
// HLO-NOT: jxp.
// HLO: return
func.func private @scans_bdim1(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %p = jxp.cumprod %x, axis = 0 reverse : tensor<3x4xf32>
  %mx = jxp.cummax %p, axis = 1 : tensor<3x4xf32>
  %mn = jxp.cummin %mx, axis = 1 reverse : tensor<3x4xf32>
  %s = jxp.cumsum %mn, axis = 0 : tensor<3x4xf32>
  return %s : tensor<3x4xf32>
}
func.func @scans_bdim1_main(%x: tensor<3x5x4xf32>) -> tensor<3x5x4xf32> {
  %r = jxp.vmap @scans_bdim1(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
  return %r : tensor<3x5x4xf32>
}
