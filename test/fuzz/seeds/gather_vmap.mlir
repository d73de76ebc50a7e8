module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x2x4xf32>, %arg1: tensor<2xi32>) -> tensor<2x2x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0, %arg1) in_axes [1, -1] out_axes [0] size 2 : (tensor<3x2x4xf32>, tensor<2xi32>) -> tensor<2x2x4xf32>
    return %0 : tensor<2x2x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi32>) -> tensor<2x4xf32> {
    %0 = jxp.constant dense<0> : tensor<i32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = jxp.compare LT, %arg1, %1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = jxp.constant dense<3> : tensor<i32>
    %4 = jxp.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %5 = jxp.add %arg1, %4 : tensor<2xi32>
    %6 = jxp.select %2, %5, %arg1 : tensor<2xi1>, tensor<2xi32>
    %7 = jxp.reshape %6 : (tensor<2xi32>) -> tensor<2x1xi32>
    %8 = jxp.gather %arg0, %7 {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1 : i64, mode = 2 : i32, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 4>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
    return %8 : tensor<2x4xf32>
  }
}
