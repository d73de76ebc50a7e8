module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>) -> tensor<2x2x2xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [1] out_axes [0] size 2 : (tensor<3x2x4xf32>) -> tensor<2x2x2xf32>
    return %0 : tensor<2x2x2xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<2x2xf32> {
    %0 = jxp.slice %arg0, start = [1, 0], limit = [3, 4], strides = [1, 2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
    %1 = jxp.reverse %arg0, dims = [0] : tensor<3x4xf32>
    %2 = jxp.slice %1, start = [1, 0], limit = [3, 4], strides = [1, 2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
    %3 = jxp.add %0, %2 : tensor<2x2xf32>
    return %3 : tensor<2x2xf32>
  }
}
