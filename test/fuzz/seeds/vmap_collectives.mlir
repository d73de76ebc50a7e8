module @jit__lambda_ {
  func.func @main(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [0] out_axes [0] size 2 {axis_name = "i"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = jxp.all_reduce sum %arg0 axes ["i"] : tensor<4xf32>
    %1 = jxp.mul %0, %arg0 : tensor<4xf32>
    %2 = jxp.all_gather %arg0 axes ["i"] axis 0 : (tensor<4xf32>) -> tensor<2x4xf32>
    %3 = jxp.slice %2, start = [0, 0], limit = [1, 4], strides = [1, 1] : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %4 = jxp.reshape %3 : (tensor<1x4xf32>) -> tensor<4xf32>
    %5 = jxp.add %1, %4 : tensor<4xf32>
    %6 = jxp.ppermute %arg0 axes ["i"] perm [0, 1, 1, 0] : tensor<4xf32>
    %7 = jxp.axis_index axes ["i"] : tensor<i32>
    %8 = jxp.convert %7 : (tensor<i32>) -> tensor<f32>
    %9 = jxp.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %10 = jxp.mul %6, %9 : tensor<4xf32>
    %11 = jxp.add %5, %10 : tensor<4xf32>
    return %11 : tensor<4xf32>
  }
}
