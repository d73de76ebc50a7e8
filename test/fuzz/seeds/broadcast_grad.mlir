module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %0) wrt [0] : (tensor<3x4xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<f32> {
    %0 = jxp.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
    %1 = jxp.reshape %arg0 : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
    %2 = jxp.reshape %1 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    %3 = jxp.broadcast_in_dim %2, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
    %4 = jxp.mul %0, %3 : tensor<2x3x4xf32>
    %5 = jxp.reduce sum %4, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<f32>
    return %5 : tensor<f32>
  }
}
