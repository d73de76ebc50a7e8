module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = jxp.vmap @_lambda__1(%arg0) in_axes [0] out_axes [0] size 3 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @_lambda__1(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = jxp.slice %arg0, start = [0], limit = [1], strides = [1] : (tensor<4xf32>) -> tensor<1xf32>
    %1 = jxp.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    %2 = jxp.constant dense<1.200000e+00> : tensor<f32>
    %3 = jxp.compare GT, %1, %2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = jxp.constant dense<false> : tensor<i1>
    %5 = jxp.compare NE, %3, %4 : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %6 = jxp.convert %5 : (tensor<i1>) -> tensor<i32>
    %7 = jxp.cond %6 (%arg0) : (tensor<4xf32>) -> (tensor<4xf32>) {
    ^bb0(%arg1: tensor<4xf32>):
      %13 = jxp.cos %arg1 : tensor<4xf32>
      jxp.yield %13 : tensor<4xf32>
    }, {
    ^bb0(%arg1: tensor<4xf32>):
      %13 = jxp.sin %arg1 : tensor<4xf32>
      jxp.yield %13 : tensor<4xf32>
    }
    %8 = jxp.constant dense<0> : tensor<i32>
    %9:2 = jxp.scan length 3 consts(%arg0) carry(%8, %arg0) xs() : (tensor<4xf32>, tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
    ^bb0(%arg1: tensor<4xf32>, %arg2: tensor<i32>, %arg3: tensor<4xf32>):
      %13 = jxp.constant dense<1> : tensor<i32>
      %14 = jxp.add %arg2, %13 : tensor<i32>
      %15 = jxp.mul %arg3, %arg1 : tensor<4xf32>
      jxp.yield %14, %15 : tensor<i32>, tensor<4xf32>
    }
    %10 = jxp.add %7, %9#1 : tensor<4xf32>
    %11 = jxp.while (%arg0) : tensor<4xf32> cond {
    ^bb0(%arg1: tensor<4xf32>):
      %13 = jxp.slice %arg1, start = [0], limit = [1], strides = [1] : (tensor<4xf32>) -> tensor<1xf32>
      %14 = jxp.reshape %13 : (tensor<1xf32>) -> tensor<f32>
      %15 = jxp.constant dense<3.000000e+00> : tensor<f32>
      %16 = jxp.compare LT, %14, %15 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      jxp.yield %16 : tensor<i1>
    } do {
    ^bb0(%arg1: tensor<4xf32>):
      %13 = jxp.constant dense<1.500000e+00> : tensor<f32>
      %14 = jxp.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %15 = jxp.mul %arg1, %14 : tensor<4xf32>
      jxp.yield %15 : tensor<4xf32>
    } attributes {jxp.snapshots = 64 : i64}
    %12 = jxp.add %10, %11 : tensor<4xf32>
    return %12 : tensor<4xf32>
  }
}
