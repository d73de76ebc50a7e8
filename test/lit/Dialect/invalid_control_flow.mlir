// Verifier errors of jxp.cond, jxp.while, jxp.scan, jxp.remat and jxp.yield.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics

func.func @cond_branch_types(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{branch 1 yields type 'tensor<f64>' at #0, where 'tensor<f32>' is expected (branch outputs must have equal types)}}
  %r = jxp.cond %i (%a) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    %y = jxp.convert %x : (tensor<f32>) -> tensor<f64>
    jxp.yield %y : tensor<f64>
  }
  return %r : tensor<f32>
}

// -----

func.func @cond_branch_args(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{branch 0 takes 0 arguments, but 1 operands are passed to it}}
  %r = jxp.cond %i (%a) : (tensor<f32>) -> (tensor<f32>) {
    %c = jxp.constant dense<1.0> : tensor<f32>
    jxp.yield %c : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @while_carry_types(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the body yields type 'tensor<f64>' at #0, where 'tensor<f32>' is expected (carry input and carry output must have equal types)}}
  %r = jxp.while (%a) : tensor<f32> cond {
  ^bb0(%x: tensor<f32>):
    %p = jxp.is_finite %x : (tensor<f32>) -> tensor<i1>
    jxp.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<f32>):
    %y = jxp.convert %x : (tensor<f32>) -> tensor<f64>
    jxp.yield %y : tensor<f64>
  }
  return %r : tensor<f32>
}

// -----

func.func @while_predicate(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the cond region yields type 'tensor<f32>' at #0, where 'tensor<i1>' is expected}}
  %r = jxp.while (%a) : tensor<f32> cond {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  } do {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @scan_xs_length(%a: tensor<f32>, %xs: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{xs #0 has type 'tensor<4xf32>', but scanned operands need a leading dimension equal to the scan length 5}}
  %r = jxp.scan length 5 consts() carry(%a) xs(%xs) : (tensor<f32>, tensor<4xf32>) -> (tensor<f32>) {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    jxp.yield %acc : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @scan_ys_length(%a: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{stacked output #0 has type 'tensor<3xf32>', but it needs a leading dimension equal to the scan length 2}}
  %r:2 = jxp.scan length 2 consts() carry(%a) xs() : (tensor<f32>) -> (tensor<f32>, tensor<3xf32>) {
  ^bb0(%acc: tensor<f32>):
    jxp.yield %acc, %acc : tensor<f32>, tensor<f32>
  }
  return %r#1 : tensor<3xf32>
}

// -----

func.func @scan_carry_out(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the scan body yields type 'tensor<f64>' at #0, where 'tensor<f32>' is expected}}
  %r = jxp.scan length 2 consts() carry(%a) xs() : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%acc: tensor<f32>):
    %y = jxp.convert %acc : (tensor<f32>) -> tensor<f64>
    jxp.yield %y : tensor<f64>
  }
  return %r : tensor<f32>
}

// -----

func.func @scan_unroll(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unroll must be >= 1, got 0}}
  %r = jxp.scan length 2 unroll 0 consts() carry(%a) xs() : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%acc: tensor<f32>):
    jxp.yield %acc : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @scan_counts(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{num_consts (2) and num_carry (1) must be >= 0 and count at most the 1 operands}}
  %r = "jxp.scan"(%a) <{length = 2 : i64, num_consts = 2 : i64, num_carry = 1 : i64}> ({
  ^bb0(%acc: tensor<f32>):
    jxp.yield %acc : tensor<f32>
  }) : (tensor<f32>) -> (tensor<f32>)
  return %r : tensor<f32>
}

// -----

func.func @yield_outside(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expects parent op to be one of 'jxp.cond, jxp.while, jxp.scan, jxp.remat, jxp.linear_loop, jxp.shard_map'}}
  jxp.yield %a : tensor<f32>
}

// -----

// Fuzzer regressions: the verifier used to crash on these.
func.func @empty_branch(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region with 1 blocks}}
  %r = "jxp.cond"(%i, %x) ({
  }, {
  ^bb0(%a: tensor<f32>):
    "jxp.yield"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @no_terminator(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{branch 0 must end in jxp.yield}}
  %r = "jxp.cond"(%i, %x) ({
  ^bb0(%a: tensor<f32>):
    %n = "jxp.neg"(%a) : (tensor<f32>) -> tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    "jxp.yield"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @remat_policy(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{has unknown policy "save_some" (expected everything_saveable, nothing_saveable, dots_saveable, checkpoint_dots or dots_with_no_batch_dims_saveable)}}
  %r = jxp.remat "save_some" (%a) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%x: tensor<f32>):
    jxp.yield %x : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @remat_body_types(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the body yields type 'tensor<f64>' at #0, where 'tensor<f32>' is expected (results must have equal types)}}
  %r = jxp.remat "nothing_saveable" (%a) : (tensor<f32>) -> (tensor<f32>) {
  ^bb0(%x: tensor<f32>):
    %y = jxp.convert %x : (tensor<f32>) -> tensor<f64>
    jxp.yield %y : tensor<f64>
  }
  return %r : tensor<f32>
}

// -----

func.func @linear_loop_buffer(%n: tensor<i64>, %b: tensor<1xf32>, %t: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{snapshot buffer #0 needs a leading dimension of at least 2 (slots and scratch), has type 'tensor<1xf32>'}}
  %r = jxp.linear_loop %n, %n snapshots(%b) carry(%t) : (tensor<1xf32>, tensor<f32>) -> (tensor<f32>) step {
  ^bb0(%p: tensor<f32>):
    jxp.yield %p : tensor<f32>
  } linear {
  ^bb0(%p: tensor<f32>, %u: tensor<f32>):
    jxp.yield %u : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @linear_loop_linear_args(%n: tensor<i64>, %b: tensor<4xf32>, %t: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the linear step takes 1 arguments, but 2 snapshot slots, invariants and carries are passed to it}}
  %r = jxp.linear_loop %n, %n snapshots(%b) carry(%t) : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>) step {
  ^bb0(%p: tensor<f32>):
    jxp.yield %p : tensor<f32>
  } linear {
  ^bb0(%u: tensor<f32>):
    jxp.yield %u : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @linear_loop_step(%n: tensor<i64>, %b: tensor<4xf32>, %t: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the step yields type 'tensor<f64>' at #0, where 'tensor<f32>' is expected (snapshot slots must have equal types)}}
  %r = jxp.linear_loop %n, %n snapshots(%b) carry(%t) : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>) step {
  ^bb0(%p: tensor<f32>):
    %q = jxp.convert %p : (tensor<f32>) -> tensor<f64>
    jxp.yield %q : tensor<f64>
  } linear {
  ^bb0(%p: tensor<f32>, %u: tensor<f32>):
    jxp.yield %u : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Found by fuzzing: counts whose sum overflows.
func.func @scan_counts_overflow(%a: tensor<f32>, %x: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{num_consts (1) and num_carry (9223372036854775807) must be >= 0 and count at most the 2 operands}}
  %r = "jxp.scan"(%a, %x) <{length = 2 : i64, num_carry = 9223372036854775807 : i64, num_consts = 1 : i64, reverse = false, unroll = 1 : i64}> ({
  ^bb0(%c: tensor<f32>, %y: tensor<f32>):
    jxp.yield %c : tensor<f32>
  }) : (tensor<f32>, tensor<2xf32>) -> tensor<f32>
  return %r : tensor<f32>
}
