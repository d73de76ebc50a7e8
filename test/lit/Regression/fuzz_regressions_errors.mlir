// Inputs that must get a clear error, found by test/fuzz/fuzz_jxp_opt.py
// (XLA aborted, crashed or failed on their StableHLO before).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(jxp-ad,jxp-lower-custom-calls,inline,canonicalize,cse,symbol-dce,convert-jxp-to-stablehlo)' -o /dev/null

func.func @main(%x: tensor<4611686018427387905xi8>) -> tensor<4611686018427387905xi8> {
  // expected-error @+1 {{operand #0 of type 'tensor<4611686018427387905xi8>' would hold more than 2^62 elements, more than XLA can compile}}
  %0 = jxp.neg %x : tensor<4611686018427387905xi8>
  return %0 : tensor<4611686018427387905xi8>
}

// -----

// MLIR's parser reads a complex literal for a real array as two reals
// whatever the array's size, leaving a literal shorter than its type.
func.func @main() -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.constant' op literal holds 8 bytes, not the 3 elements of 'tensor<3xf32>'}}
  %0 = jxp.constant dense<(1.0, 2.0)> : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A function no jxp op looks at may still take a type XLA cannot.
// expected-error @+1 {{'func.func' op argument #0 has type 'tensor<4xindex>', which is no jxp array}}
func.func @main(%x: tensor<4xindex>) -> tensor<4xindex> {
  return %x : tensor<4xindex>
}

// -----

// expected-error @+1 {{'func.func' op argument #0 has type 'i32', which is no jxp array}}
func.func @main(%x: i32) -> i32 {
  return %x : i32
}

// -----

// XLA crashes on recursion: a custom_jvp function whose primal is itself
// becomes, once custom calls are lowered, a function calling itself.
func.func private @rule(%x: tensor<f32>, %t: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return %x, %t : tensor<f32>, tensor<f32>
}
// expected-error @+1 {{'func.func' op calls itself (directly or through other functions): XLA programs cannot recurse}}
func.func private @g(%x: tensor<f32>) -> tensor<f32> {
  %0 = jxp.custom_jvp_call @g(%x) diff [0] primals 1 {jvp = @rule} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @g(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// The cycle is reported at the first function found on it.
// expected-error @+1 {{calls itself}}
func.func private @a(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @b(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @b(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @a(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @a(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// XLA computes a slice's size as (limit - start + stride - 1) / stride and
// aborted on the overflow ("Invalid dimension size -1").
func.func @main(%x: tensor<4x4xi32>) -> tensor<1x2xi32> {
  // expected-error @+1 {{'jxp.slice' op stride 9223372036854775807 of dimension 0 overflows XLA's size arithmetic}}
  %0 = jxp.slice %x, start = [0, 2], limit = [3, 4], strides = [9223372036854775807, 1] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

// -----

// The largest stride XLA's arithmetic takes: 3 + stride - 1 == 2^63 - 1.
func.func @main(%x: tensor<4x4xi32>) -> tensor<1x2xi32> {
  %0 = jxp.slice %x, start = [0, 2], limit = [3, 4], strides = [9223372036854775805, 1] : (tensor<4x4xi32>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

// -----

// XLA's CPU compiler computes bf16 and f16 arrays as f32 ones: 2^62 elements
// of bf16 failed to compile ("size may overflow int64_t").
func.func @main(%x: tensor<1152921504606846976x2xbf16>) -> tensor<1152921504606846976x2xbf16> {
  // expected-error @+1 {{operand #0 of type 'tensor<1152921504606846976x2xbf16>' would hold 2^63 bytes or more, more than XLA can address}}
  %0 = jxp.neg %x : tensor<1152921504606846976x2xbf16>
  return %0 : tensor<1152921504606846976x2xbf16>
}

// -----

// A custom_lin whose backward rule is its own function: batching it needed
// its own batched form, without end (the process crashed on stack overflow).
// expected-error @+1 {{recursive functions cannot be transformed}}
func.func private @lin(%r: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> {
  %y = "jxp.custom_lin"(%r, %t) <{bwd = @lin, num_closure = 0 : i64, num_residuals = 1 : i64}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
func.func @main(%a: tensor<3xf32>, %b: tensor<3x4xf32>) -> tensor<4x3xf32> {
  %r = jxp.vmap @lin(%a, %b) in_axes [-1, 1] out_axes [0] size 4 : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// The VJP of min pooling of complex numbers (it made a select_and_scatter_add
// of complex values, which its verifier rejects).
func.func private @min_pool(%x: tensor<8xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{cannot differentiate max or min pooling of 'complex<f32>' values}}
  %y = "jxp.reduce_window"(%x) <{base_dilation = array<i64: 1>, kind = 3 : i32, padding = array<i64: 1, 0>, window_dilation = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 3>}> : (tensor<8xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %y : tensor<3xcomplex<f32>>
}
func.func @main(%x: tensor<8xcomplex<f32>>, %ct: tensor<3xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %y, %g = jxp.vjp @min_pool(%x, %ct) wrt [0] : (tensor<8xcomplex<f32>>, tensor<3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<8xcomplex<f32>>)
  return %g : tensor<8xcomplex<f32>>
}
