module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.compare GT, %arg0, %arg1 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %1 = jxp.select %0, %arg0, %arg1 : tensor<3x4xi1>, tensor<3x4xf32>
    %2 = jxp.constant dense<5.000000e-01> : tensor<f32>
    %3 = jxp.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %4 = jxp.max %arg0, %3 : tensor<3x4xf32>
    %5 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %6 = jxp.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %7 = jxp.min %4, %6 : tensor<3x4xf32>
    %8 = jxp.add %1, %7 : tensor<3x4xf32>
    return %8 : tensor<3x4xf32>
  }
}
