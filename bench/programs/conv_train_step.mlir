// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_conv_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3x3x32xf32>, %arg1: tensor<3x3x32x64xf32>, %arg2: tensor<64x10xf32>, %arg3: tensor<32x32x32x3xf32>, %arg4: tensor<32x10xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x3x32xf32> {jax.result_info = "result[1][0]"}, tensor<3x3x32x64xf32> {jax.result_info = "result[1][1]"}, tensor<64x10xf32> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.convolution(%arg3, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<32x32x32x3xf32>, tensor<3x3x3x32xf32>) -> tensor<32x32x32x32xf32>
    %1 = call @relu(%0) : (tensor<32x32x32x32xf32>) -> tensor<32x32x32x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x32x32x32xf32>
    %3 = stablehlo.compare GT, %0, %2, FLOAT : (tensor<32x32x32x32xf32>, tensor<32x32x32x32xf32>) -> tensor<32x32x32x32xi1>
    %4 = stablehlo.convolution(%1, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<32x32x32x32xf32>, tensor<3x3x32x64xf32>) -> tensor<32x16x16x64xf32>
    %5 = call @relu_0(%4) : (tensor<32x16x16x64xf32>) -> tensor<32x16x16x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x16x16x64xf32>
    %7 = stablehlo.compare GT, %4, %6, FLOAT : (tensor<32x16x16x64xf32>, tensor<32x16x16x64xf32>) -> tensor<32x16x16x64xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.add across dimensions = [1, 2] : (tensor<32x16x16x64xf32>, tensor<f32>) -> tensor<32x64xf32>
    %cst_2 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %10 = stablehlo.divide %8, %9 : tensor<32x64xf32>
    %11 = stablehlo.dot_general %10, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x64xf32>, tensor<64x10xf32>) -> tensor<32x10xf32>
    %12:3 = call @log_softmax(%11) : (tensor<32x10xf32>) -> (tensor<32x10xf32>, tensor<32x10xf32>, tensor<32x1xf32>)
    %13 = stablehlo.multiply %arg4, %12#0 : tensor<32x10xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<32x10xf32>, tensor<f32>) -> tensor<32xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %16 = stablehlo.divide %15, %cst_5 : tensor<f32>
    %17 = stablehlo.negate %16 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.negate %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %19 = stablehlo.divide %18, %cst_7 : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<32xf32>) -> tensor<32x10xf32>
    %22 = stablehlo.multiply %arg4, %21 : tensor<32x10xf32>
    %23 = call @log_softmax_1(%12#1, %12#2, %22) : (tensor<32x10xf32>, tensor<32x1xf32>, tensor<32x10xf32>) -> tensor<32x10xf32>
    %24 = stablehlo.dot_general %23, %10, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x10xf32>, tensor<32x64xf32>) -> tensor<10x64xf32>
    %25 = stablehlo.transpose %24, dims = [1, 0] : (tensor<10x64xf32>) -> tensor<64x10xf32>
    %26 = stablehlo.dot_general %23, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x10xf32>, tensor<64x10xf32>) -> tensor<32x64xf32>
    %cst_8 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %28 = stablehlo.divide %26, %27 : tensor<32x64xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 3] : (tensor<32x64xf32>) -> tensor<32x16x16x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32x16x16x64xf32>
    %31 = stablehlo.select %7, %29, %30 : tensor<32x16x16x64xi1>, tensor<32x16x16x64xf32>
    %32 = stablehlo.convolution(%1, %31) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<32x32x32x32xf32>, tensor<32x16x16x64xf32>) -> tensor<3x3x32x64xf32>
    %33 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x32x64xf32>
    %34 = stablehlo.convolution(%31, %33) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<32x16x16x64xf32>, tensor<3x3x32x64xf32>) -> tensor<32x32x32x32xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32x32x32x32xf32>
    %36 = stablehlo.select %3, %34, %35 : tensor<32x32x32x32xi1>, tensor<32x32x32x32xf32>
    %37 = stablehlo.convolution(%arg3, %36) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<32x32x32x3xf32>, tensor<32x32x32x32xf32>) -> tensor<3x3x3x32xf32>
    %cst_11 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<3x3x3x32xf32>
    %39 = stablehlo.multiply %38, %37 : tensor<3x3x3x32xf32>
    %40 = stablehlo.subtract %arg0, %39 : tensor<3x3x3x32xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<3x3x32x64xf32>
    %42 = stablehlo.multiply %41, %32 : tensor<3x3x32x64xf32>
    %43 = stablehlo.subtract %arg1, %42 : tensor<3x3x32x64xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64x10xf32>
    %45 = stablehlo.multiply %44, %25 : tensor<64x10xf32>
    %46 = stablehlo.subtract %arg2, %45 : tensor<64x10xf32>
    return %17, %40, %43, %46 : tensor<f32>, tensor<3x3x3x32xf32>, tensor<3x3x32x64xf32>, tensor<64x10xf32>
  }
  func.func private @relu(%arg0: tensor<32x32x32x32xf32>) -> tensor<32x32x32x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x32x32x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<32x32x32x32xf32>
    return %1 : tensor<32x32x32x32xf32>
  }
  func.func private @relu_0(%arg0: tensor<32x16x16x64xf32>) -> tensor<32x16x16x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x16x16x64xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<32x16x16x64xf32>
    return %1 : tensor<32x16x16x64xf32>
  }
  func.func private @log_softmax(%arg0: tensor<32x10xf32>) -> (tensor<32x10xf32>, tensor<32x10xf32>, tensor<32x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<32x10xf32>, tensor<f32>) -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<32xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<32xf32>) -> tensor<32x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<32x1xf32>) -> tensor<32x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<32x10xf32>
    %6 = stablehlo.exponential %5 : tensor<32x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<32x10xf32>, tensor<f32>) -> tensor<32xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<32xf32>) -> tensor<32x1xf32>
    %9 = stablehlo.log %8 : tensor<32x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<32x1xf32>) -> tensor<32x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<32x10xf32>
    return %11, %6, %8 : tensor<32x10xf32>, tensor<32x10xf32>, tensor<32x1xf32>
  }
  func.func private @log_softmax_1(%arg0: tensor<32x10xf32>, %arg1: tensor<32x1xf32>, %arg2: tensor<32x10xf32>) -> tensor<32x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<32x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<32x10xf32>, tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.reshape %1 : (tensor<32xf32>) -> tensor<32x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<32x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<32x1xf32>, tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<32xf32>) -> tensor<32x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<32x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<32x10xf32>
    return %7 : tensor<32x10xf32>
  }
}
