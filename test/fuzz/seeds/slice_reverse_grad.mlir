module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %0) wrt [0] : (tensor<3x4xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<f32> {
    %0 = jxp.slice %arg0, start = [1, 0], limit = [3, 4], strides = [1, 2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
    %1 = jxp.reverse %arg0, dims = [0] : tensor<3x4xf32>
    %2 = jxp.slice %1, start = [1, 0], limit = [3, 4], strides = [1, 2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
    %3 = jxp.add %0, %2 : tensor<2x2xf32>
    %4 = jxp.reduce sum %3, dims = [0, 1] : (tensor<2x2xf32>) -> tensor<f32>
    return %4 : tensor<f32>
  }
}
