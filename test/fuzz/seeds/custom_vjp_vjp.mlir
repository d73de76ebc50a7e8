module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.custom_vjp_call @cv_1(%arg0) fwd @cv_fwd_2 bwd @cv_bwd_3 wrt [0] primals 1 residuals 1 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = jxp.custom_vjp_call @cv_4(%arg0) fwd @cv_fwd_5 bwd @cv_bwd_6 wrt [0] primals 1 residuals 1 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %2:2 = jxp.vjp @_lambda__7(%arg0, %1) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %2#1 : tensor<3x4xf32>
  }
  func.func private @cv_1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
  func.func private @cv_fwd_2(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2, %arg0 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @cv_bwd_3(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.mul %arg1, %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @cv_4(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
  func.func private @cv_fwd_5(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2, %arg0 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @cv_bwd_6(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.mul %arg1, %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @_lambda__7(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.custom_vjp_call @cv_8(%arg0) fwd @cv_fwd_9 bwd @cv_bwd_10 wrt [0] primals 1 residuals 1 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @cv_8(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
  func.func private @cv_fwd_9(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = jxp.mul %arg0, %1 : tensor<3x4xf32>
    return %2, %arg0 : tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @cv_bwd_10(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.mul %arg1, %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
