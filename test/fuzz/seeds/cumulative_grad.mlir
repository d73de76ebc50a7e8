module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %0) wrt [0] : (tensor<3x4xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<f32> {
    %0 = jxp.cumsum %arg0, axis = 1 : tensor<3x4xf32>
    %1 = jxp.cumprod %arg0, axis = 0 : tensor<3x4xf32>
    %2 = jxp.add %0, %1 : tensor<3x4xf32>
    %3 = jxp.reduce sum %2, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<f32>
    return %3 : tensor<f32>
  }
}
