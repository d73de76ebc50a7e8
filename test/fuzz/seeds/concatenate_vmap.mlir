module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x3x12xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<3x4xf32>) -> tensor<2x3x12xf32>
    return %0 : tensor<2x3x12xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x12xf32> {
    %0 = jxp.concatenate dim = 1, %arg0, %arg1, %arg0 : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x12xf32>
    return %0 : tensor<3x12xf32>
  }
}
