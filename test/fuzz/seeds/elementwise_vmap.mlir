module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.sin %arg0 : tensor<3x4xf32>
    %1 = jxp.exp %0 : tensor<3x4xf32>
    %2 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %3 = jxp.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %4 = jxp.mul %1, %3 : tensor<3x4xf32>
    %5 = jxp.abs %arg0 : tensor<3x4xf32>
    %6 = jxp.sqrt %5 : tensor<3x4xf32>
    %7 = jxp.sub %4, %6 : tensor<3x4xf32>
    %8 = jxp.tanh %7 : tensor<3x4xf32>
    return %8 : tensor<3x4xf32>
  }
}
