module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.cummax %arg0, axis = 0 : tensor<3x4xf32>
    %1 = jxp.cummin %arg0, axis = 1 : tensor<3x4xf32>
    %2 = jxp.sub %0, %1 : tensor<3x4xf32>
    %3 = jxp.cummax %arg0, axis = 0 : tensor<3x4xf32>
    %4 = jxp.cummin %arg0, axis = 1 : tensor<3x4xf32>
    %5 = jxp.sub %3, %4 : tensor<3x4xf32>
    %6:2 = jxp.vjp @_lambda__1(%arg0, %5) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %6#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.cummax %arg0, axis = 0 : tensor<3x4xf32>
    %1 = jxp.cummin %arg0, axis = 1 : tensor<3x4xf32>
    %2 = jxp.sub %0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
