module @jit__lambda_ {
  func.func @main(%arg0: tensor<2x2x3x4xf32>, %arg1: tensor<2x4x2xf32>) -> tensor<2x2x3x2xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<2x2x3x4xf32>, tensor<2x4x2xf32>) -> tensor<2x2x3x2xf32>
    return %0 : tensor<2x2x3x2xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x2xf32>) -> tensor<2x3x2xf32> {
    %0 = jxp.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x2xf32>) -> tensor<2x3x2xf32>
    return %0 : tensor<2x3x2xf32>
  }
}
