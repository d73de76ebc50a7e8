module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> tensor<3x4xf32> {
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
    %16 = jxp.rem %arg0, %arg1 : tensor<3x4xf32>
    %17 = jxp.rem %arg0, %arg1 : tensor<3x4xf32>
    %18 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %19 = jxp.broadcast_in_dim %18, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %20 = jxp.compare LT, %17, %19 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %21 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %22 = jxp.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %23 = jxp.compare LT, %arg1, %22 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %24 = jxp.compare NE, %20, %23 : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    %25 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %26 = jxp.broadcast_in_dim %25, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %27 = jxp.compare NE, %17, %26 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %28 = jxp.and %24, %27 : tensor<3x4xi1>
    %29 = jxp.add %17, %arg1 : tensor<3x4xf32>
    %30 = jxp.select %28, %29, %17 : tensor<3x4xi1>, tensor<3x4xf32>
    %31 = jxp.add %16, %30 : tensor<3x4xf32>
    %32:2 = jxp.vjp @_lambda__1(%arg0, %arg1, %31) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %32#1 : tensor<3x4xf32>
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
