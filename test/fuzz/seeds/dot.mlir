module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<4x3xf32>) -> tensor<3x3xf32> {
    %0 = jxp.dot_general %arg0, %arg1, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x3xf32>) -> tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
}
