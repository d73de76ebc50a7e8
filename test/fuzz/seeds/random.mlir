module @jit__lambda_ {
  func.func @main(%arg0: tensor<2xui32>) -> tensor<3x4xf32> {
    %0 = call @_normal_1(%arg0) : (tensor<2xui32>) -> tensor<3x4xf32>
    %1 = jxp.constant dense<0.000000e+00> : tensor<f32>
    %2 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %3 = call @_uniform_2(%arg0, %1, %2) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
    %4 = jxp.broadcast_in_dim %3, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %5 = jxp.add %0, %4 : tensor<3x4xf32>
    return %5 : tensor<3x4xf32>
  }
  func.func private @_normal_1(%arg0: tensor<2xui32>) -> tensor<3x4xf32> {
    %0 = jxp.slice %arg0, start = [0], limit = [1], strides = [1] : (tensor<2xui32>) -> tensor<1xui32>
    %1 = jxp.reshape %0 : (tensor<1xui32>) -> tensor<ui32>
    %2 = jxp.slice %arg0, start = [1], limit = [2], strides = [1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = jxp.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = jxp.constant dense<0> : tensor<ui32>
    %5 = jxp.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<3x4xui32>
    %6 = jxp.iota dim = 0 : tensor<12xui32>
    %7 = jxp.reshape %6 : (tensor<12xui32>) -> tensor<3x4xui32>
    %y0, %y1 = jxp.threefry2x32 %1, %3, %5, %7 : tensor<ui32>, tensor<3x4xui32>
    %8 = jxp.xor %y0, %y1 : tensor<3x4xui32>
    %9 = jxp.constant dense<9> : tensor<ui32>
    %10 = jxp.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<3x4xui32>
    %11 = jxp.shift_right_logical %8, %10 : tensor<3x4xui32>
    %12 = jxp.constant dense<1065353216> : tensor<ui32>
    %13 = jxp.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<3x4xui32>
    %14 = jxp.or %11, %13 : tensor<3x4xui32>
    %15 = jxp.bitcast_convert %14 : (tensor<3x4xui32>) -> tensor<3x4xf32>
    %16 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %17 = jxp.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %18 = jxp.sub %15, %17 : tensor<3x4xf32>
    %19 = jxp.constant dense<-0.99999994> : tensor<f32>
    %20 = jxp.broadcast_in_dim %19, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %21 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %22 = jxp.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %23 = jxp.sub %22, %20 : tensor<3x4xf32>
    %24 = jxp.mul %18, %23 : tensor<3x4xf32>
    %25 = jxp.add %24, %20 : tensor<3x4xf32>
    %26 = jxp.max %20, %25 : tensor<3x4xf32>
    %27 = jxp.erf_inv %26 : tensor<3x4xf32>
    %28 = jxp.constant dense<1.41421354> : tensor<f32>
    %29 = jxp.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %30 = jxp.mul %29, %27 : tensor<3x4xf32>
    return %30 : tensor<3x4xf32>
  }
  func.func private @_uniform_2(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4xf32> {
    %0 = jxp.slice %arg0, start = [0], limit = [1], strides = [1] : (tensor<2xui32>) -> tensor<1xui32>
    %1 = jxp.reshape %0 : (tensor<1xui32>) -> tensor<ui32>
    %2 = jxp.slice %arg0, start = [1], limit = [2], strides = [1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = jxp.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = jxp.constant dense<0> : tensor<ui32>
    %5 = jxp.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %6 = jxp.iota dim = 0 : tensor<4xui32>
    %y0, %y1 = jxp.threefry2x32 %1, %3, %5, %6 : tensor<ui32>, tensor<4xui32>
    %7 = jxp.xor %y0, %y1 : tensor<4xui32>
    %8 = jxp.constant dense<9> : tensor<ui32>
    %9 = jxp.broadcast_in_dim %8, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %10 = jxp.shift_right_logical %7, %9 : tensor<4xui32>
    %11 = jxp.constant dense<1065353216> : tensor<ui32>
    %12 = jxp.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %13 = jxp.or %10, %12 : tensor<4xui32>
    %14 = jxp.bitcast_convert %13 : (tensor<4xui32>) -> tensor<4xf32>
    %15 = jxp.constant dense<1.000000e+00> : tensor<f32>
    %16 = jxp.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %17 = jxp.sub %14, %16 : tensor<4xf32>
    %18 = jxp.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %19 = jxp.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %20 = jxp.sub %19, %18 : tensor<4xf32>
    %21 = jxp.mul %17, %20 : tensor<4xf32>
    %22 = jxp.add %21, %18 : tensor<4xf32>
    %23 = jxp.max %18, %22 : tensor<4xf32>
    return %23 : tensor<4xf32>
  }
}
