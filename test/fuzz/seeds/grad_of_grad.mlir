module @jit__lambda_ {
  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %0) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
    return %1#1 : tensor<f32>
  }
  func.func private @_lambda__1(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__2(%arg0, %0) wrt [0] : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
    return %1#1 : tensor<f32>
  }
  func.func private @_lambda__2(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = jxp.sin %arg0 : tensor<f32>
    %1 = jxp.mul %0, %arg0 : tensor<f32>
    %2 = jxp.reduce sum %1, dims = [] : (tensor<f32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}
