module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %1 = jxp.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %2 = jxp.broadcast_in_dim %1, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %3 = jxp.mul %0, %2 : tensor<3x4xcomplex<f32>>
    %4 = jxp.exp %3 : tensor<3x4xcomplex<f32>>
    %5 = jxp.real %4 : tensor<3x4xcomplex<f32>>
    %6 = jxp.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %7 = jxp.constant dense<(0.000000e+00,2.000000e+00)> : tensor<complex<f32>>
    %8 = jxp.broadcast_in_dim %7, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %9 = jxp.add %6, %8 : tensor<3x4xcomplex<f32>>
    %10 = jxp.abs %9 : tensor<3x4xcomplex<f32>>
    %11 = jxp.add %5, %10 : tensor<3x4xf32>
    %12 = jxp.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %13 = jxp.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %14 = jxp.broadcast_in_dim %13, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %15 = jxp.mul %12, %14 : tensor<3x4xcomplex<f32>>
    %16 = jxp.exp %15 : tensor<3x4xcomplex<f32>>
    %17 = jxp.real %16 : tensor<3x4xcomplex<f32>>
    %18 = jxp.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %19 = jxp.constant dense<(0.000000e+00,2.000000e+00)> : tensor<complex<f32>>
    %20 = jxp.broadcast_in_dim %19, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %21 = jxp.add %18, %20 : tensor<3x4xcomplex<f32>>
    %22 = jxp.abs %21 : tensor<3x4xcomplex<f32>>
    %23 = jxp.add %17, %22 : tensor<3x4xf32>
    %24:2 = jxp.vjp @_lambda__1(%arg0, %23) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %24#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %1 = jxp.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %2 = jxp.broadcast_in_dim %1, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %3 = jxp.mul %0, %2 : tensor<3x4xcomplex<f32>>
    %4 = jxp.exp %3 : tensor<3x4xcomplex<f32>>
    %5 = jxp.real %4 : tensor<3x4xcomplex<f32>>
    %6 = jxp.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
    %7 = jxp.constant dense<(0.000000e+00,2.000000e+00)> : tensor<complex<f32>>
    %8 = jxp.broadcast_in_dim %7, dims = [] : (tensor<complex<f32>>) -> tensor<3x4xcomplex<f32>>
    %9 = jxp.add %6, %8 : tensor<3x4xcomplex<f32>>
    %10 = jxp.abs %9 : tensor<3x4xcomplex<f32>>
    %11 = jxp.add %5, %10 : tensor<3x4xf32>
    return %11 : tensor<3x4xf32>
  }
}
