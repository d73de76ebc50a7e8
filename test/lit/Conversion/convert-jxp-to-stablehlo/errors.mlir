// What the conversion rejects, with an error on the op, instead of crashing
// or emitting IR that XLA refuses: ops that are no part of a jxp program
// (StableHLO ones among them: this input holds some, hence the flag) and
// arrays XLA cannot address.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect --convert-jxp-to-stablehlo

// Used to crash (a null dialect); the conversion takes jxp programs only.
func.func @stablehlo_input(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.abs' op is not a jxp op: convert-jxp-to-stablehlo takes modules of jxp, func and builtin ops (its own output cannot be converted again)}}
  %0 = "stablehlo.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = jxp.abs %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// The conversion's own output, converted again (it used to crash).
func.func @converted_twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.negate' op is not a jxp op}}
  %0 = "stablehlo.negate"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An unknown op holding jxp ops: rejected before any of them is converted.
func.func @nested_in_unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'foo.region' op is not a jxp op}}
  "foo.region"() ({
    %0 = jxp.neg %x : tensor<4xf32>
    "foo.yield"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
  return %x : tensor<4xf32>
}

// -----

// Function signatures hold arrays XLA can address, like jxp ops' operands.
// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<2305843009213693952xf32>' would hold 2^63 bytes or more, more than XLA can address}}
func.func @too_large_argument(%x: tensor<2305843009213693952xf32>) -> tensor<2305843009213693952xf32> {
  return %x : tensor<2305843009213693952xf32>
}
