module @jit_cv {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @cv_1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @cv_1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.custom_vjp_call @cv_2(%arg0) fwd @cv_fwd_3 bwd @cv_bwd_4 wrt [0] primals 1 residuals 1 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @cv_2(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
  func.func private @cv_fwd_3(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2, %arg0 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @cv_bwd_4(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.mul %arg1, %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
