module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.sort(%arg0), dim = 1, num_keys = 1 stable : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = jxp.sort(%arg0), dim = 1, num_keys = 1 stable : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %2:2 = jxp.vjp @_lambda__1(%arg0, %1) wrt [0] : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
    return %2#1 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.sort(%arg0), dim = 1, num_keys = 1 stable : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
