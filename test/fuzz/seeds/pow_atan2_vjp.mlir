module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.pow %arg0, %arg1 : tensor<3x4xf32>
    %1 = jxp.atan2 %arg0, %arg1 : tensor<3x4xf32>
    %2 = jxp.add %0, %1 : tensor<3x4xf32>
    %3 = jxp.pow %arg0, %arg1 : tensor<3x4xf32>
    %4 = jxp.atan2 %arg0, %arg1 : tensor<3x4xf32>
    %5 = jxp.add %3, %4 : tensor<3x4xf32>
    %6:2 = jxp.vjp @_lambda__1(%arg0, %arg1, %5) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %6#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.pow %arg0, %arg1 : tensor<3x4xf32>
    %1 = jxp.atan2 %arg0, %arg1 : tensor<3x4xf32>
    %2 = jxp.add %0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
