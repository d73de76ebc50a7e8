module @jit_cj {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @cj_1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @cj_1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.custom_jvp_call @cj_2(%arg0) diff [0] primals 1 {jvp = @cj_jvp_3} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @cj_2(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.sin %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @cj_jvp_3(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = jxp.sin %arg0 : tensor<3x4xf32>
    %1 = jxp.cos %arg0 : tensor<3x4xf32>
    %2 = jxp.mul %1, %arg1 : tensor<3x4xf32>
    %3 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %4 = jxp.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %5 = jxp.mul %2, %4 : tensor<3x4xf32>
    return %0, %5 : tensor<3x4xf32>, tensor<3x4xf32>
  }
}
