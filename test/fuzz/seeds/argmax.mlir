module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3xi32> {
    %0 = jxp.argmax %arg0, axis = 1 : (tensor<3x4xf32>) -> tensor<3xi32>
    %1 = jxp.argmin %arg0, axis = 0 : (tensor<3x4xf32>) -> tensor<4xi32>
    %2 = jxp.slice %1, start = [0], limit = [1], strides = [1] : (tensor<4xi32>) -> tensor<1xi32>
    %3 = jxp.reshape %2 : (tensor<1xi32>) -> tensor<i32>
    %4 = jxp.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %5 = jxp.add %0, %4 : tensor<3xi32>
    return %5 : tensor<3xi32>
  }
}
