module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.reshape %arg0 : (tensor<3x4xf32>) -> tensor<2x2x3xf32>
    %1 = jxp.transpose %0, permutation = [2, 0, 1] : (tensor<2x2x3xf32>) -> tensor<3x2x2xf32>
    %2 = jxp.reshape %arg0 : (tensor<3x4xf32>) -> tensor<2x2x3xf32>
    %3 = jxp.transpose %2, permutation = [2, 0, 1] : (tensor<2x2x3xf32>) -> tensor<3x2x2xf32>
    %4:2 = jxp.vjp @_lambda__1(%arg0, %3) wrt [0] : (tensor<3x4xf32>, tensor<3x2x2xf32>) -> (tensor<3x2x2xf32>, tensor<3x4xf32>)
    return %4#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<3x2x2xf32> {
    %0 = jxp.reshape %arg0 : (tensor<3x4xf32>) -> tensor<2x2x3xf32>
    %1 = jxp.transpose %0, permutation = [2, 0, 1] : (tensor<2x2x3xf32>) -> tensor<3x2x2xf32>
    return %1 : tensor<3x2x2xf32>
  }
}
