module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<0> : tensor<i32>
    %1 = jxp.convert %0 : (tensor<i32>) -> tensor<f32>
    %2 = jxp.pad %arg0, %1, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
    %3 = jxp.constant dense<0> : tensor<i32>
    %4 = jxp.convert %3 : (tensor<i32>) -> tensor<f32>
    %5 = jxp.pad %arg0, %4, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
    %6:2 = jxp.vjp @_lambda__1(%arg0, %5) wrt [0] : (tensor<3x4xf32>, tensor<6x7xf32>) -> (tensor<6x7xf32>, tensor<3x4xf32>)
    return %6#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<6x7xf32> {
    %0 = jxp.constant dense<0> : tensor<i32>
    %1 = jxp.convert %0 : (tensor<i32>) -> tensor<f32>
    %2 = jxp.pad %arg0, %1, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
    return %2 : tensor<6x7xf32>
  }
}
