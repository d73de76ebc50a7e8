// jxp-opt reports an invalid op with its file:line:col and exits non-zero
// (`not` fails the test if the exit code is 0).
// RUN: not jxp-opt %s 2>&1 | FileCheck %s
// Same with a pass pipeline: the input is verified before any pass runs.
// RUN: not jxp-opt %s --convert-jxp-to-stablehlo 2>&1 | FileCheck %s
// With --split-input-file each chunk reports its own error, located in the
// original file (line numbers are not relative to the chunk).
// RUN: not jxp-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT
// MLIR's parser crashes on a dense array of index elements: jxp-opt reports
// it as an error at its place, before parsing (the scan skips comments such
// as this RUN line, and string literals).
// RUN: echo 'func.func @f() attributes {s = "array<index>", a =  array <index: 1>} { return }' | not jxp-opt 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: <stdin>:1:53: error: dense arrays of index elements (array<index ...>) are not supported (MLIR's parser crashes on them): use array<i64: ...>
// RUN: echo 'func.func @f() attributes {a = array<i64: 1>, s = "array<index>"} { return }' | jxp-opt | FileCheck %s --check-prefix=NOINDEX
// NOINDEX: attributes {a = array<i64: 1>, s = "array<index>"}

// CHECK-NOT: module
// CHECK: {{.*}}/jxp-opt/errors.mlir:[[@LINE+5]]:8: error: 'jxp.reshape' op cannot reshape [2, 3] (6 elements) into [5] (5 elements)
// CHECK-NOT: module
// SPLIT: {{.*}}/jxp-opt/errors.mlir:[[@LINE+3]]:8: error: 'jxp.reshape' op cannot reshape
// SPLIT: {{.*}}/jxp-opt/errors.mlir:[[@LINE+9]]:8: error: 'jxp.exp' op operand #0 must be ranked tensor of
func.func @bad_reshape(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  %0 = jxp.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @exp_of_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = jxp.exp %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}
