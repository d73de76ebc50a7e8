// Round trip of the random-bit cipher (threefry2x32):
// parse, print, parse the printed form again and check that the second
// print keeps operands, attributes and types.
// RUN: jxp-opt %s --split-input-file | jxp-opt --split-input-file | FileCheck %s
// Generic form must round-trip too (properties, enums, optional attributes).
// RUN: jxp-opt %s --split-input-file --mlir-print-op-generic | jxp-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @threefry2x32_scalar_key
// CHECK: %y0, %y1 = jxp.threefry2x32 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<ui32>, tensor<8xui32>
func.func @threefry2x32_scalar_key(%k0: tensor<ui32>, %k1: tensor<ui32>, %x0: tensor<8xui32>, %x1: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>) {
  %y0, %y1 = jxp.threefry2x32 %k0, %k1, %x0, %x1 : tensor<ui32>, tensor<8xui32>
  return %y0, %y1 : tensor<8xui32>, tensor<8xui32>
}

// -----

// CHECK-LABEL: func.func @threefry2x32_full_key
// CHECK: jxp.threefry2x32 %{{.*}} : tensor<2x3xui32>, tensor<2x3xui32>
func.func @threefry2x32_full_key(%k: tensor<2x3xui32>, %x: tensor<2x3xui32>) -> tensor<2x3xui32> {
  %y0, %y1 = jxp.threefry2x32 %k, %k, %x, %x : tensor<2x3xui32>, tensor<2x3xui32>
  return %y1 : tensor<2x3xui32>
}
