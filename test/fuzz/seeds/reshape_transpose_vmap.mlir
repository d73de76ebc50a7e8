module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x3x2x2xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x3x2x2xf32>
    return %0 : tensor<2x3x2x2xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<3x2x2xf32> {
    %0 = jxp.reshape %arg0 : (tensor<3x4xf32>) -> tensor<2x2x3xf32>
    %1 = jxp.transpose %0, permutation = [2, 0, 1] : (tensor<2x2x3xf32>) -> tensor<3x2x2xf32>
    return %1 : tensor<3x2x2xf32>
  }
}
