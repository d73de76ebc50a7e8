module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.rem %arg0, %arg1 : tensor<3x4xf32>
    %1 = jxp.rem %arg0, %arg1 : tensor<3x4xf32>
    %2 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %3 = jxp.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %4 = jxp.compare LT, %1, %3 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %5 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %6 = jxp.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %7 = jxp.compare LT, %arg1, %6 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %8 = jxp.compare NE, %4, %7 : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    %9 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %10 = jxp.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %11 = jxp.compare NE, %1, %10 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %12 = jxp.and %8, %11 : tensor<3x4xi1>
    %13 = jxp.add %1, %arg1 : tensor<3x4xf32>
    %14 = jxp.select %12, %13, %1 : tensor<3x4xi1>, tensor<3x4xf32>
    %15 = jxp.add %0, %14 : tensor<3x4xf32>
    return %15 : tensor<3x4xf32>
  }
}
