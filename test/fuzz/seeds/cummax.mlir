module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.cummax %arg0, axis = 0 : tensor<3x4xf32>
    %1 = jxp.cummin %arg0, axis = 1 : tensor<3x4xf32>
    %2 = jxp.sub %0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
