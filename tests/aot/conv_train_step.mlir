// Exported from JAX 0.10.2 by tests/aot/export.py.
module @jit_conv_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3x3x8xf32> {tf.aliasing_output = 1 : i32}, %arg1: tensor<8x5xf32> {tf.aliasing_output = 2 : i32}, %arg2: tensor<4x8x8x3xf32>, %arg3: tensor<4x5xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x3x8xf32> {jax.result_info = "result[1][0]"}, tensor<8x5xf32> {jax.result_info = "result[1][1]"}) {
    %0 = stablehlo.convolution(%arg2, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x8x8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x8x8xf32>
    %2 = stablehlo.maximum %0, %1 : tensor<4x8x8x8xf32>
    %3 = stablehlo.compare EQ, %0, %2, FLOAT : (tensor<4x8x8x8xf32>, tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xi1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8x8x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8x8x8xf32>
    %6 = stablehlo.select %3, %4, %5 : tensor<4x8x8x8xi1>, tensor<4x8x8x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8x8x8xf32>
    %8 = stablehlo.compare EQ, %7, %2, FLOAT : (tensor<4x8x8x8xf32>, tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xi1>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x8x8x8xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x8x8x8xf32>
    %11 = stablehlo.select %8, %9, %10 : tensor<4x8x8x8xi1>, tensor<4x8x8x8xf32>
    %12 = stablehlo.divide %6, %11 : tensor<4x8x8x8xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%2 init: %cst_5) applies stablehlo.add across dimensions = [1, 2] : (tensor<4x8x8x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_6 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %15 = stablehlo.divide %13, %14 : tensor<4x8xf32>
    %16 = stablehlo.dot_general %15, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_7) applies stablehlo.maximum across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %19 = stablehlo.maximum %18, %17 : tensor<4xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %21 = stablehlo.is_finite %20 : (tensor<4x1xf32>) -> tensor<4x1xi1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %23 = stablehlo.select %21, %20, %22 : tensor<4x1xi1>, tensor<4x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x5xf32>
    %25 = stablehlo.subtract %16, %24 : tensor<4x5xf32>
    %26 = stablehlo.exponential %25 : tensor<4x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %29 = stablehlo.abs %28 : tensor<4x1xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %31 = stablehlo.compare GE, %28, %30, FLOAT : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xi1>
    %32 = stablehlo.log %29 : tensor<4x1xf32>
    %33 = stablehlo.add %32, %23 : tensor<4x1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x5xf32>
    %35 = stablehlo.subtract %16, %34 : tensor<4x5xf32>
    %36 = stablehlo.multiply %arg3, %35 : tensor<4x5xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.reduce(%36 init: %cst_12) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_13) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_14 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %39 = stablehlo.divide %38, %cst_14 : tensor<f32>
    %40 = stablehlo.negate %39 : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %41 = stablehlo.negate %cst_15 : tensor<f32>
    %cst_16 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %42 = stablehlo.divide %41, %cst_16 : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0] : (tensor<4xf32>) -> tensor<4x5xf32>
    %45 = stablehlo.multiply %arg3, %44 : tensor<4x5xf32>
    %46 = stablehlo.negate %45 : tensor<4x5xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.reduce(%46 init: %cst_17) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %48 = stablehlo.reshape %47 : (tensor<4xf32>) -> tensor<4x1xf32>
    %49 = stablehlo.divide %48, %29 : tensor<4x1xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %51 = stablehlo.select %31, %50, %49 : tensor<4x1xi1>, tensor<4x1xf32>
    %52 = stablehlo.select %31, %49, %50 : tensor<4x1xi1>, tensor<4x1xf32>
    %53 = stablehlo.negate %51 : tensor<4x1xf32>
    %54 = stablehlo.add %52, %53 : tensor<4x1xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_19) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<4xf32>) -> tensor<4x5xf32>
    %57 = stablehlo.multiply %56, %26 : tensor<4x5xf32>
    %58 = stablehlo.add %45, %57 : tensor<4x5xf32>
    %59 = stablehlo.dot_general %58, %15, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x5xf32>, tensor<4x8xf32>) -> tensor<5x8xf32>
    %60 = stablehlo.transpose %59, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
    %61 = stablehlo.dot_general %58, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x5xf32>, tensor<8x5xf32>) -> tensor<4x8xf32>
    %cst_20 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %63 = stablehlo.divide %61, %62 : tensor<4x8xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 3] : (tensor<4x8xf32>) -> tensor<4x8x8x8xf32>
    %65 = stablehlo.multiply %64, %12 : tensor<4x8x8x8xf32>
    %66 = stablehlo.convolution(%arg2, %65) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x3xf32>, tensor<4x8x8x8xf32>) -> tensor<3x3x3x8xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %68 = stablehlo.multiply %67, %66 : tensor<3x3x3x8xf32>
    %69 = stablehlo.subtract %arg0, %68 : tensor<3x3x3x8xf32>
    %cst_22 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x5xf32>
    %71 = stablehlo.multiply %70, %60 : tensor<8x5xf32>
    %72 = stablehlo.subtract %arg1, %71 : tensor<8x5xf32>
    return %40, %69, %72 : tensor<f32>, tensor<3x3x3x8xf32>, tensor<8x5xf32>
  }
}
