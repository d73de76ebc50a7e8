module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %arg1, %0) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<f32> {
    %0 = jxp.concatenate dim = 1, %arg0, %arg1, %arg0 : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x12xf32>
    %1 = jxp.reduce sum %0, dims = [0, 1] : (tensor<3x12xf32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
}
