module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<5x3xf32>) -> tensor<5x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [-1, 0] out_axes [0] size 5 : (tensor<3x4xf32>, tensor<5x3xf32>) -> tensor<5x3x4xf32>
    return %0 : tensor<5x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__2(%arg0, %arg1, %0) wrt [0] : (tensor<3x4xf32>, tensor<3xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__2(%arg0: tensor<3x4xf32>, %arg1: tensor<3xf32>) -> tensor<f32> {
    %0 = jxp.dot_general %arg1, %arg0, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
    %1 = jxp.tanh %0 : tensor<4xf32>
    %2 = jxp.reduce sum %1, dims = [0] : (tensor<4xf32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}
