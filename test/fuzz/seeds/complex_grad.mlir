module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1:2 = jxp.vjp @_lambda__1(%arg0, %0) wrt [0] : (tensor<3x4xf32>, tensor<f32>) -> (tensor<f32>, tensor<3x4xf32>)
    return %1#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<f32> {
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
    %12 = jxp.reduce sum %11, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<f32>
    return %12 : tensor<f32>
  }
}
