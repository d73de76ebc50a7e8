module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<i32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<i32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %2 = jxp.constant dense<0> : tensor<i32>
    %3 = jxp.compare LT, %arg1, %2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = jxp.constant dense<3> : tensor<i32>
    %5 = jxp.add %arg1, %4 : tensor<i32>
    %6 = jxp.select %3, %5, %arg1 : tensor<i1>, tensor<i32>
    %7 = jxp.constant dense<0> : tensor<i32>
    %8 = jxp.compare LT, %arg1, %7 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = jxp.constant dense<4> : tensor<i32>
    %10 = jxp.add %arg1, %9 : tensor<i32>
    %11 = jxp.select %8, %10, %arg1 : tensor<i1>, tensor<i32>
    %12 = jxp.dynamic_update_slice %arg0[%6, %11], %1 : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    return %12 : tensor<3x4xf32>
  }
}
