module @jit__lambda_ {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.linear_transpose @_lambda__1(%arg0) wrt [0] : (tensor<4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<4xf32> {
    %0 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    %3 = jxp.reduce sum %2, dims = [0] : (tensor<3x4xf32>) -> tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}
