module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x12xf32> {
    %0 = jxp.concatenate dim = 1, %arg0, %arg1, %arg0 : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x12xf32>
    return %0 : tensor<3x12xf32>
  }
}
