module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<2xi32>) -> tensor<2x3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi32>) -> tensor<3x4xf32> {
    %0 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %1 = jxp.constant dense<0> : tensor<i32>
    %2 = jxp.broadcast_in_dim %1, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %3 = jxp.compare LT, %arg1, %2 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %4 = jxp.constant dense<3> : tensor<i32>
    %5 = jxp.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = jxp.add %arg1, %5 : tensor<2xi32>
    %7 = jxp.select %3, %6, %arg1 : tensor<2xi1>, tensor<2xi32>
    %8 = jxp.reshape %7 : (tensor<2xi32>) -> tensor<2x1xi32>
    %9 = jxp.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %10 = jxp.scatter add %arg0, %8, %9 {index_vector_dim = 1 : i64, inserted_window_dims = array<i64: 0>, mode = 1 : i32, operand_batching_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, update_window_dims = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    return %10 : tensor<3x4xf32>
  }
}
