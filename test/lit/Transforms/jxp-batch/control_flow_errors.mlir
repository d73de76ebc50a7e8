// What the batching rules of the region ops reject, pointing at the op.
// RUN: jxp-opt %s --split-input-file --verify-diagnostics --jxp-batch

// A linear_loop's trip count mapped (vmap of the reverse mode of a while
// loop whose step count depends on the mapped inputs): each member would
// need its own count and stride.
func.func private @linear_loop_mapped_count(%n: tensor<i64>, %s: tensor<i64>, %buf: tensor<5x2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'jxp.linear_loop' op cannot be batched with a trip count that differs across the batch: vmap of the reverse-mode derivative of a while loop whose number of steps depends on the mapped inputs is not implemented yet}}
  %0 = jxp.linear_loop %n, %s snapshots(%buf) carry(%t) : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<2xf32>) step {
  ^bb0(%p: tensor<2xf32>):
    %q = jxp.sin %p : tensor<2xf32>
    jxp.yield %q : tensor<2xf32>
  } linear {
  ^bb0(%p: tensor<2xf32>, %u: tensor<2xf32>):
    %c = jxp.cos %p : tensor<2xf32>
    %r = jxp.mul %u, %c : tensor<2xf32>
    jxp.yield %r : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}
func.func @linear_loop_mapped_count_main(%n: tensor<3xi64>, %s: tensor<i64>, %buf: tensor<5x2xf32>, %t: tensor<2xf32>) -> tensor<3x2xf32> {
  %0 = jxp.vmap @linear_loop_mapped_count(%n, %s, %buf, %t) in_axes [0, -1, -1, -1] out_axes [0] size 3 : (tensor<3xi64>, tensor<i64>, tensor<5x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
