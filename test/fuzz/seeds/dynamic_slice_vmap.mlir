module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x2x3xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<i32>) -> tensor<2x2x3xf32>
    return %0 : tensor<2x2x3xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<i32>) -> tensor<2x3xf32> {
    %0 = jxp.constant dense<0> : tensor<i32>
    %1 = jxp.compare LT, %arg1, %0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = jxp.constant dense<3> : tensor<i32>
    %3 = jxp.add %arg1, %2 : tensor<i32>
    %4 = jxp.select %1, %3, %arg1 : tensor<i1>, tensor<i32>
    %5 = jxp.constant dense<0> : tensor<i32>
    %6 = jxp.dynamic_slice %arg0[%4, %5], sizes = [2, 3] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    return %6 : tensor<2x3xf32>
  }
}
