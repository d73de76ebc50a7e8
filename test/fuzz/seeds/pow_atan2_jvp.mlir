module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    %3 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %4 = jxp.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %5 = jxp.add %2, %4 : tensor<3x4xf32>
    %6:2 = jxp.jvp @_lambda__1(%arg0, %arg1, %5) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %6#0, %6#1 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.pow %arg0, %arg1 : tensor<3x4xf32>
    %1 = jxp.atan2 %arg0, %arg1 : tensor<3x4xf32>
    %2 = jxp.add %0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
