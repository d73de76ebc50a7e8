// Batching rules of the elementwise family (lib/Rules/ElementwiseRules.cpp),
// one function per op: the batch dimension (1 here) stays where it is, and
// a second operand that is not mapped is broadcast to it. Generated once;
// the coverage table (coverage.md) lists it as these ops' test.
// RUN: jxp-opt %s --split-input-file --jxp-batch | FileCheck %s
// RUN: jxp-opt %s --split-input-file --jxp-batch --inline --canonicalize --cse --convert-jxp-to-stablehlo | FileCheck %s --check-prefix=HLO
// HLO-NOT: jxp.

// CHECK-LABEL: func.func private @neg_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.neg %arg0 : tensor<3x5xf32>
func.func private @neg(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.neg %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @neg_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @neg(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @sign_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.sign %arg0 : tensor<3x5xf32>
func.func private @sign(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sign %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @sign_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @sign(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @exp_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.exp %arg0 : tensor<3x5xf32>
func.func private @exp(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.exp %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @exp_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @exp(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @log_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.log %arg0 : tensor<3x5xf32>
func.func private @log(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.log %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @log_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @log(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @log1p_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.log1p %arg0 : tensor<3x5xf32>
func.func private @log1p(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.log1p %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @log1p_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @log1p(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @expm1_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.expm1 %arg0 : tensor<3x5xf32>
func.func private @expm1(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.expm1 %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @expm1_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @expm1(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @sin_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.sin %arg0 : tensor<3x5xf32>
func.func private @sin(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sin %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @sin_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @sin(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @cos_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.cos %arg0 : tensor<3x5xf32>
func.func private @cos(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.cos %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @cos_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @cos(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @tan_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.tan %arg0 : tensor<3x5xf32>
func.func private @tan(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.tan %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @tan_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @tan(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @tanh_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.tanh %arg0 : tensor<3x5xf32>
func.func private @tanh(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.tanh %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @tanh_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @tanh(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @logistic_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.logistic %arg0 : tensor<3x5xf32>
func.func private @logistic(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.logistic %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @logistic_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @logistic(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @sqrt_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.sqrt %arg0 : tensor<3x5xf32>
func.func private @sqrt(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sqrt %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @sqrt_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @sqrt(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @rsqrt_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.rsqrt %arg0 : tensor<3x5xf32>
func.func private @rsqrt(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.rsqrt %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @rsqrt_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @rsqrt(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @cbrt_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.cbrt %arg0 : tensor<3x5xf32>
func.func private @cbrt(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.cbrt %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @cbrt_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @cbrt(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @erf_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.erf %arg0 : tensor<3x5xf32>
func.func private @erf(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.erf %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @erf_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @erf(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @erf_inv_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.erf_inv %arg0 : tensor<3x5xf32>
func.func private @erf_inv(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.erf_inv %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @erf_inv_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @erf_inv(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @floor_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.floor %arg0 : tensor<3x5xf32>
func.func private @floor(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.floor %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @floor_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @floor(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @ceil_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.ceil %arg0 : tensor<3x5xf32>
func.func private @ceil(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.ceil %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @ceil_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @ceil(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @abs_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.abs %arg0 : tensor<3x5xf32>
func.func private @abs(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.abs %x : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @abs_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @abs(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @not_batched(%arg0: tensor<3x5xi32>)
// CHECK-NEXT:    jxp.not %arg0 : tensor<3x5xi32>
func.func private @not(%x: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.not %x : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @not_main(%x: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @not(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @round_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.round %arg0, to_nearest_even : tensor<3x5xf32>
func.func private @round(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.round %x, to_nearest_even : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @round_main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @round(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @is_finite_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.is_finite %arg0 : (tensor<3x5xf32>) -> tensor<3x5xi1>
func.func private @is_finite(%x: tensor<3xf32>) -> tensor<3xi1> {
  %y = jxp.is_finite %x : (tensor<3xf32>) -> tensor<3xi1>
  return %y : tensor<3xi1>
}
func.func @is_finite_main(%x: tensor<3x5xf32>) -> tensor<3x5xi1> {
  %r = jxp.vmap @is_finite(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xi1>
  return %r : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: func.func private @real_batched(%arg0: tensor<3x5xcomplex<f32>>)
// CHECK-NEXT:    jxp.real %arg0 : tensor<3x5xcomplex<f32>>
func.func private @real(%x: tensor<3xcomplex<f32>>) -> tensor<3xf32> {
  %y = jxp.real %x : tensor<3xcomplex<f32>>
  return %y : tensor<3xf32>
}
func.func @real_main(%x: tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32> {
  %r = jxp.vmap @real(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @imag_batched(%arg0: tensor<3x5xcomplex<f32>>)
// CHECK-NEXT:    jxp.imag %arg0 : tensor<3x5xcomplex<f32>>
func.func private @imag(%x: tensor<3xcomplex<f32>>) -> tensor<3xf32> {
  %y = jxp.imag %x : tensor<3xcomplex<f32>>
  return %y : tensor<3xf32>
}
func.func @imag_main(%x: tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32> {
  %r = jxp.vmap @imag(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @convert_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.convert %arg0 : (tensor<3x5xf32>) -> tensor<3x5xi32>
func.func private @convert(%x: tensor<3xf32>) -> tensor<3xi32> {
  %y = jxp.convert %x : (tensor<3xf32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @convert_main(%x: tensor<3x5xf32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @convert(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @bitcast_convert_batched(%arg0: tensor<3x5xf32>)
// CHECK-NEXT:    jxp.bitcast_convert %arg0 : (tensor<3x5xf32>) -> tensor<3x5xi32>
func.func private @bitcast_convert(%x: tensor<3xf32>) -> tensor<3xi32> {
  %y = jxp.bitcast_convert %x : (tensor<3xf32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @bitcast_convert_main(%x: tensor<3x5xf32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @bitcast_convert(%x) in_axes [1] out_axes [1] size 5 : (tensor<3x5xf32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @add_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.add %arg0, %[[U]] : tensor<3x5xf32>
func.func private @add(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.add %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @add_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @add(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @sub_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.sub %arg0, %[[U]] : tensor<3x5xf32>
func.func private @sub(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.sub %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @sub_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @sub(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @mul_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.mul %arg0, %[[U]] : tensor<3x5xf32>
func.func private @mul(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.mul %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @mul_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @mul(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @div_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.div %arg0, %[[U]] : tensor<3x5xf32>
func.func private @div(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.div %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @div_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @div(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @rem_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.rem %arg0, %[[U]] : tensor<3x5xf32>
func.func private @rem(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.rem %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @rem_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @rem(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @pow_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.pow %arg0, %[[U]] : tensor<3x5xf32>
func.func private @pow(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.pow %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @pow_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @pow(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @max_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.max %arg0, %[[U]] : tensor<3x5xf32>
func.func private @max(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.max %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @max_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @max(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @min_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.min %arg0, %[[U]] : tensor<3x5xf32>
func.func private @min(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.min %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @min_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @min(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @atan2_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.atan2 %arg0, %[[U]] : tensor<3x5xf32>
func.func private @atan2(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xf32> {
  %y = jxp.atan2 %x, %u : tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @atan2_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xf32> {
  %r = jxp.vmap @atan2(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func private @and_batched(%arg0: tensor<3x5xi32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    jxp.and %arg0, %[[U]] : tensor<3x5xi32>
func.func private @and(%x: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.and %x, %u : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @and_main(%x: tensor<3x5xi32>, %u: tensor<3xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @and(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xi32>, tensor<3xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @or_batched(%arg0: tensor<3x5xi32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    jxp.or %arg0, %[[U]] : tensor<3x5xi32>
func.func private @or(%x: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.or %x, %u : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @or_main(%x: tensor<3x5xi32>, %u: tensor<3xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @or(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xi32>, tensor<3xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @xor_batched(%arg0: tensor<3x5xi32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    jxp.xor %arg0, %[[U]] : tensor<3x5xi32>
func.func private @xor(%x: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.xor %x, %u : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @xor_main(%x: tensor<3x5xi32>, %u: tensor<3xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @xor(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xi32>, tensor<3xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @shift_left_batched(%arg0: tensor<3x5xi32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    jxp.shift_left %arg0, %[[U]] : tensor<3x5xi32>
func.func private @shift_left(%x: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.shift_left %x, %u : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @shift_left_main(%x: tensor<3x5xi32>, %u: tensor<3xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @shift_left(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xi32>, tensor<3xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @shift_right_logical_batched(%arg0: tensor<3x5xi32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    jxp.shift_right_logical %arg0, %[[U]] : tensor<3x5xi32>
func.func private @shift_right_logical(%x: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.shift_right_logical %x, %u : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @shift_right_logical_main(%x: tensor<3x5xi32>, %u: tensor<3xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @shift_right_logical(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xi32>, tensor<3xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @shift_right_arithmetic_batched(%arg0: tensor<3x5xi32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    jxp.shift_right_arithmetic %arg0, %[[U]] : tensor<3x5xi32>
func.func private @shift_right_arithmetic(%x: tensor<3xi32>, %u: tensor<3xi32>) -> tensor<3xi32> {
  %y = jxp.shift_right_arithmetic %x, %u : tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @shift_right_arithmetic_main(%x: tensor<3x5xi32>, %u: tensor<3xi32>) -> tensor<3x5xi32> {
  %r = jxp.vmap @shift_right_arithmetic(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xi32>, tensor<3xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: func.func private @complex_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.complex %arg0, %[[U]] : tensor<3x5xf32>
func.func private @complex(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xcomplex<f32>> {
  %y = jxp.complex %x, %u : tensor<3xf32>
  return %y : tensor<3xcomplex<f32>>
}
func.func @complex_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xcomplex<f32>> {
  %r = jxp.vmap @complex(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xcomplex<f32>>
  return %r : tensor<3x5xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func private @compare_batched(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %[[U:.*]] = jxp.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    jxp.compare GE, %arg0, %[[U]] : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
func.func private @compare(%x: tensor<3xf32>, %u: tensor<3xf32>) -> tensor<3xi1> {
  %y = jxp.compare GE, %x, %u : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %y : tensor<3xi1>
}
func.func @compare_main(%x: tensor<3x5xf32>, %u: tensor<3xf32>) -> tensor<3x5xi1> {
  %r = jxp.vmap @compare(%x, %u) in_axes [1, -1] out_axes [1] size 5 : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<3x5xi1>
  return %r : tensor<3x5xi1>
}
