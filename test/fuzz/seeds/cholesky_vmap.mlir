module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x3xf32>) -> tensor<2x3x3xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x3xf32>) -> tensor<2x3x3xf32>
    return %0 : tensor<2x3x3xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = jxp.transpose %arg0, permutation = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %1 = jxp.dot_general %arg0, %0, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %2 = jxp.constant dense<[[1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<3x3xf32>
    %3 = jxp.constant dense<4.000000e+00> : tensor<f32>
    %4 = jxp.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %5 = jxp.mul %4, %2 : tensor<3x3xf32>
    %6 = jxp.add %1, %5 : tensor<3x3xf32>
    %7 = jxp.transpose %6, permutation = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %8 = jxp.add %6, %7 : tensor<3x3xf32>
    %9 = jxp.constant dense<2.000000e+00> : tensor<f32>
    %10 = jxp.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %11 = jxp.div %8, %10 : tensor<3x3xf32>
    %12 = jxp.cholesky %11 : tensor<3x3xf32>
    %13 = jxp.iota dim = 0 : tensor<3x3xi32>
    %14 = jxp.iota dim = 1 : tensor<3x3xi32>
    %15 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %16 = jxp.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %17 = jxp.compare GE, %13, %14 : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %18 = jxp.select %17, %12, %16 : tensor<3x3xi1>, tensor<3x3xf32>
    return %18 : tensor<3x3xf32>
  }
}
