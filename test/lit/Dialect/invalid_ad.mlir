// Verifier checks of the transform ops (jvp, vjp, linear_transpose, vmap),
// the custom-derivative ops and the autodiff function attributes
// (jxp.linear_args, jxp.num_residuals, jxp.linear_results), each
// pointing at the op. What the passes reject is in Transforms/jxp-ad and
// Transforms/jxp-batch (errors.mlir).
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

func.func private @f(%x: tensor<3xf32>, %n: tensor<i32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
func.func @int_input(%x: tensor<3xf32>, %n: tensor<i32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.jvp' op input #1 of type 'tensor<i32>' has no tangent: only floating-point and complex inputs can be differentiated}}
  %r:2 = jxp.jvp @f(%x, %n, %n) wrt [1] : (tensor<3xf32>, tensor<i32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

func.func private @f(%x: tensor<3xf32>) -> tensor<f32> {
  %0 = jxp.reduce sum %x, dims = [0] : (tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @wrong_cotangent(%x: tensor<3xf32>, %ct: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.vjp' op operands must be (tensor<3xf32>, tensor<f32>), got (tensor<3xf32>, tensor<3xf32>)}}
  %r:2 = jxp.vjp @f(%x, %ct) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

func.func @no_callee(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.vjp' op callee @missing does not name a func.func}}
  %r:2 = jxp.vjp @missing(%x, %x) wrt [0] : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#1 : tensor<3xf32>
}

// -----

func.func private @impl(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @bad_rule(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return %x, %x : tensor<f32>, tensor<f32>
}
func.func @rule_signature(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'jxp.custom_jvp_call' op jvp rule inputs must be (tensor<f32>, tensor<f32>), got (tensor<f32>)}}
  %0 = jxp.custom_jvp_call @impl(%x) diff [0] primals 1 {jvp = @bad_rule} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Used to crash jxp-partial-eval (it read argument -1).
// expected-error @+1 {{'func.func' op 'jxp.linear_args' must list distinct argument positions in increasing order, below 2, got array<i64: -1>}}
func.func @linear_args_negative(%x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_args = array<i64: -1>} {
  return %t : tensor<3xf32>
}

// -----

// Used to crash jxp-partial-eval (it read argument 1000000).
// expected-error @+1 {{'func.func' op 'jxp.linear_args' must list distinct argument positions in increasing order, below 2, got array<i64: 1000000>}}
func.func @linear_args_past_the_end(%x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_args = array<i64: 1000000>} {
  return %t : tensor<3xf32>
}

// -----

// Used to give an empty linear function silently.
// expected-error @+1 {{'func.func' op 'jxp.linear_args' must list distinct argument positions in increasing order, below 2, got array<i64: 2>}}
func.func @linear_args_one_past(%x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_args = array<i64: 2>} {
  return %t : tensor<3xf32>
}

// -----

// expected-error @+1 {{'func.func' op 'jxp.linear_args' must list distinct argument positions in increasing order, below 2, got array<i64: 1, 1>}}
func.func @linear_args_twice(%x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_args = array<i64: 1, 1>} {
  return %t : tensor<3xf32>
}

// -----

// expected-error @+1 {{'func.func' op 'jxp.linear_args' must be an array<i64: ...>}}
func.func @linear_args_not_an_array(%x: tensor<3xf32>, %t: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_args = [1]} {
  return %t : tensor<3xf32>
}

// -----

// expected-error @+1 {{'func.func' op 'jxp.num_residuals' must be an i64 between 0 and the result count (1)}}
func.func @num_residuals_past_the_end(%x: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.num_residuals = 2 : i64} {
  return %x : tensor<3xf32>
}

// -----

// expected-error @+1 {{'func.func' op 'jxp.linear_results' needs one entry per result (1), got 2}}
func.func @linear_results_count(%r: tensor<3xf32>) -> tensor<3xf32> attributes {jxp.linear_results = array<i64: 0, 1>} {
  return %r : tensor<3xf32>
}

// -----

func.func @linear_args_on_an_op(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'jxp.neg' op 'jxp.linear_args' applies to a func.func only}}
  %0 = jxp.neg %x {jxp.linear_args = array<i64: 0>} : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Used to crash: with -1 residuals, a forward rule returning no results
// passed the count check and the verifier read the results past its end.
func.func private @impl(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @fwd(%x: tensor<f32>) {
  return
}
func.func private @bwd(%ct: tensor<f32>) -> tensor<f32> {
  return %ct : tensor<f32>
}
func.func @negative_residuals(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'jxp.custom_vjp_call' op num_residuals must be non-negative, got -1}}
  %0 = jxp.custom_vjp_call @impl(%x) fwd @fwd bwd @bwd wrt [0] primals 1 residuals -1 : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @impl(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @rule(%x: tensor<f32>, %y: tensor<f32>, %tx: tensor<f32>, %ty: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return %x, %tx : tensor<f32>, tensor<f32>
}
func.func private @rule_x_zero(%x: tensor<f32>, %y: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  return %x, %x : tensor<f32>, tensor<f32>
}
func.func @zero_mask_outside_diff(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'jxp.custom_jvp_call' op rule_zeros marks primal #1, which is not differentiable}}
  %0 = jxp.custom_jvp_call @impl(%x, %y) diff [0] primals 2 {symbolic_zeros, rules = [@rule_x_zero], rule_zeros = [array<i1: false, true>]} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// The vmap op's and the collectives' verifiers.
func.func private @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @below {{operands must be (tensor<3x4xf32>), got (tensor<4x3xf32>)}}
  %r = jxp.vmap @f(%x) in_axes [1] out_axes [0] size 4 : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func private @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @below {{in_axes must have one entry per callee input (1), got 2}}
  %r = jxp.vmap @f(%x) in_axes [0, 0] out_axes [0] size 4 : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func private @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @below {{out_axes entry 2 is out of range for 'tensor<3xf32>'}}
  %r = jxp.vmap @f(%x) in_axes [0] out_axes [2] size 4 : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
