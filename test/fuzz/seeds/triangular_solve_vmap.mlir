module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x3xf32>, %arg1: tensor<3x3xf32>) -> tensor<2x3x3xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x3xf32>, tensor<3x3xf32>) -> tensor<2x3x3xf32>
    return %0 : tensor<2x3x3xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x3xf32>, %arg1: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = jxp.constant dense<[[1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<3x3xf32>
    %1 = jxp.constant dense<3.000000e+00> : tensor<f32>
    %2 = jxp.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %3 = jxp.mul %2, %0 : tensor<3x3xf32>
    %4 = jxp.add %arg0, %3 : tensor<3x3xf32>
    %5 = jxp.triangular_solve %4, %arg1 {left_side, lower} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    return %5 : tensor<3x3xf32>
  }
}
