module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x2x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x2x3x4xf32>
    return %0 : tensor<2x2x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = jxp.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
    %1 = jxp.reshape %arg0 : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
    %2 = jxp.reshape %1 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    %3 = jxp.broadcast_in_dim %2, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
    %4 = jxp.mul %0, %3 : tensor<2x3x4xf32>
    return %4 : tensor<2x3x4xf32>
  }
}
