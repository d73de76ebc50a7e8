module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<4xf32> {
    %0 = jxp.reduce sum %arg0, dims = [0] : (tensor<3x4xf32>) -> tensor<4xf32>
    %1 = jxp.reduce max %arg0, dims = [0] : (tensor<3x4xf32>) -> tensor<4xf32>
    %2 = jxp.constant dense<1.200000e+01> : tensor<f32>
    %3 = jxp.reduce sum %arg0, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<f32>
    %4 = jxp.div %3, %2 : tensor<f32>
    %5 = jxp.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %6 = jxp.mul %1, %5 : tensor<4xf32>
    %7 = jxp.add %0, %6 : tensor<4xf32>
    return %7 : tensor<4xf32>
  }
}
