module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %0) wrt [0] : (tensor<3x4xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<f32> {
    %0 = jxp.custom_vjp_call @cv_2(%arg0) fwd @cv_fwd_3 bwd @cv_bwd_4 wrt [0] primals 1 residuals 1 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = jxp.reduce sum %0, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<f32>
    return %1 : tensor<f32>
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
