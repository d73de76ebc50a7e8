module @jit__lambda_ {
  func.func @main(%arg0: tensor<3x4xi32>, %arg1: tensor<3x4xi32>) -> tensor<3x4xi32> {
    %0 = jxp.constant dense<0> : tensor<i32>
    %1 = jxp.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %2 = jxp.compare EQ, %arg1, %1 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %3 = jxp.constant dense<1> : tensor<i32>
    %4 = jxp.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %5 = jxp.select %2, %4, %arg1 : tensor<3x4xi1>, tensor<3x4xi32>
    %6 = jxp.rem %arg0, %5 : tensor<3x4xi32>
    %7 = jxp.constant dense<0> : tensor<i32>
    %8 = jxp.broadcast_in_dim %7, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %9 = jxp.compare LT, %6, %8 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %10 = jxp.constant dense<0> : tensor<i32>
    %11 = jxp.broadcast_in_dim %10, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %12 = jxp.compare LT, %5, %11 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %13 = jxp.compare NE, %9, %12 : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    %14 = jxp.constant dense<0> : tensor<i32>
    %15 = jxp.broadcast_in_dim %14, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %16 = jxp.compare NE, %6, %15 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %17 = jxp.and %13, %16 : tensor<3x4xi1>
    %18 = jxp.add %6, %5 : tensor<3x4xi32>
    %19 = jxp.select %17, %18, %6 : tensor<3x4xi1>, tensor<3x4xi32>
    %20 = jxp.div %arg0, %arg1 : tensor<3x4xi32>
    %21 = jxp.sign %arg0 : tensor<3x4xi32>
    %22 = jxp.sign %arg1 : tensor<3x4xi32>
    %23 = jxp.compare NE, %21, %22 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %24 = jxp.rem %arg0, %arg1 : tensor<3x4xi32>
    %25 = jxp.constant dense<0> : tensor<i32>
    %26 = jxp.broadcast_in_dim %25, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %27 = jxp.compare NE, %24, %26 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %28 = jxp.and %23, %27 : tensor<3x4xi1>
    %29 = jxp.constant dense<1> : tensor<i32>
    %30 = jxp.broadcast_in_dim %29, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %31 = jxp.sub %20, %30 : tensor<3x4xi32>
    %32 = jxp.select %28, %31, %20 : tensor<3x4xi1>, tensor<3x4xi32>
    %33 = jxp.add %19, %32 : tensor<3x4xi32>
    %34 = jxp.constant dense<1> : tensor<i32>
    %35 = jxp.broadcast_in_dim %34, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %36 = jxp.shift_left %arg0, %35 : tensor<3x4xi32>
    %37 = jxp.add %33, %36 : tensor<3x4xi32>
    %38 = jxp.constant dense<2> : tensor<i32>
    %39 = jxp.broadcast_in_dim %38, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %40 = jxp.shift_right_arithmetic %arg0, %39 : tensor<3x4xi32>
    %41 = jxp.add %37, %40 : tensor<3x4xi32>
    %42 = jxp.xor %arg0, %arg1 : tensor<3x4xi32>
    %43 = jxp.add %41, %42 : tensor<3x4xi32>
    return %43 : tensor<3x4xi32>
  }
}
