// An op of a dialect jxp-opt does not register is a parse error (unless
// --allow-unregistered-dialect).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Unregistered dialects: a parse error unless --allow-unregistered-dialect
//===----------------------------------------------------------------------===//

// A typo in a dialect name is caught (it was accepted, as an unknown op).
func.func @misspelled_dialect(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operation being parsed with an unregistered dialect}}
  %0 = "jpx.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Upstream's inliner crashed on a func.func nested in an unknown op; such
// input no longer parses.
// expected-error @+1 {{operation being parsed with an unregistered dialect}}
"foo.wrap"() ({
  func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}) : () -> ()
