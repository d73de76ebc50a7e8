module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.sin %arg0 : tensor<3x4xf32>
    %1 = jxp.exp %0 : tensor<3x4xf32>
    %2 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %3 = jxp.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %4 = jxp.mul %1, %3 : tensor<3x4xf32>
    %5 = jxp.abs %arg0 : tensor<3x4xf32>
    %6 = jxp.sqrt %5 : tensor<3x4xf32>
    %7 = jxp.sub %4, %6 : tensor<3x4xf32>
    %8 = jxp.tanh %7 : tensor<3x4xf32>
    %9 = jxp.sin %arg0 : tensor<3x4xf32>
    %10 = jxp.exp %9 : tensor<3x4xf32>
    %11 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %12 = jxp.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %13 = jxp.mul %10, %12 : tensor<3x4xf32>
    %14 = jxp.abs %arg0 : tensor<3x4xf32>
    %15 = jxp.sqrt %14 : tensor<3x4xf32>
    %16 = jxp.sub %13, %15 : tensor<3x4xf32>
    %17 = jxp.tanh %16 : tensor<3x4xf32>
    %18:2 = jxp.vjp @_lambda__1(%arg0, %17) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %18#1 : tensor<3x4xf32>
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
