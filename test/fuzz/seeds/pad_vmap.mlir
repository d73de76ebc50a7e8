module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x6x7xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x6x7xf32>
    return %0 : tensor<2x6x7xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<6x7xf32> {
    %0 = jxp.constant dense<0> : tensor<i32>
    %1 = jxp.convert %0 : (tensor<i32>) -> tensor<f32>
    %2 = jxp.pad %arg0, %1, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
    return %2 : tensor<6x7xf32>
  }
}
