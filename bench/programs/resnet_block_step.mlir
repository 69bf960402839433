// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_resnet_block_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3x64x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<3x3x64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64x10xf32>, %arg7: tensor<8x32x32x64xf32>, %arg8: tensor<8x10xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x64x64xf32> {jax.result_info = "result[1][0]"}, tensor<64xf32> {jax.result_info = "result[1][1]"}, tensor<64xf32> {jax.result_info = "result[1][2]"}, tensor<3x3x64x64xf32> {jax.result_info = "result[1][3]"}, tensor<64xf32> {jax.result_info = "result[1][4]"}, tensor<64xf32> {jax.result_info = "result[1][5]"}, tensor<64x10xf32> {jax.result_info = "result[1][6]"}) {
    %0 = stablehlo.convolution(%arg7, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x32x32x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %cst_0 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %3 = stablehlo.divide %1, %2 : tensor<64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:4 = call @_var(%0, %c) : (tensor<8x32x32x64xf32>, tensor<i32>) -> (tensor<64xf32>, tensor<8x32x32x64xf32>, tensor<f32>, tensor<i1>)
    %5 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %7 = stablehlo.subtract %0, %6 : tensor<8x32x32x64xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.add %4#0, %8 : tensor<64xf32>
    %10 = stablehlo.rsqrt %9 : tensor<64xf32>
    %11 = stablehlo.divide %10, %9 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.multiply %12, %11 : tensor<64xf32>
    %14 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %16 = stablehlo.multiply %7, %15 : tensor<8x32x32x64xf32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %19 = stablehlo.multiply %16, %18 : tensor<8x32x32x64xf32>
    %20 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %22 = stablehlo.add %19, %21 : tensor<8x32x32x64xf32>
    %23 = call @relu(%22) : (tensor<8x32x32x64xf32>) -> tensor<8x32x32x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x32x32x64xf32>
    %25 = stablehlo.compare GT, %22, %24, FLOAT : (tensor<8x32x32x64xf32>, tensor<8x32x32x64xf32>) -> tensor<8x32x32x64xi1>
    %26 = stablehlo.convolution(%23, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x32x32x64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %cst_5 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %29 = stablehlo.divide %27, %28 : tensor<64xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %30:4 = call @_var(%26, %c_6) : (tensor<8x32x32x64xf32>, tensor<i32>) -> (tensor<64xf32>, tensor<8x32x32x64xf32>, tensor<f32>, tensor<i1>)
    %31 = stablehlo.broadcast_in_dim %29, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %33 = stablehlo.subtract %26, %32 : tensor<8x32x32x64xf32>
    %cst_7 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %35 = stablehlo.add %30#0, %34 : tensor<64xf32>
    %36 = stablehlo.rsqrt %35 : tensor<64xf32>
    %37 = stablehlo.divide %36, %35 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %39 = stablehlo.multiply %38, %37 : tensor<64xf32>
    %40 = stablehlo.broadcast_in_dim %36, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %42 = stablehlo.multiply %33, %41 : tensor<8x32x32x64xf32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %45 = stablehlo.multiply %42, %44 : tensor<8x32x32x64xf32>
    %46 = stablehlo.broadcast_in_dim %arg5, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %48 = stablehlo.add %45, %47 : tensor<8x32x32x64xf32>
    %49 = stablehlo.add %48, %arg7 : tensor<8x32x32x64xf32>
    %50 = call @relu(%49) : (tensor<8x32x32x64xf32>) -> tensor<8x32x32x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x32x32x64xf32>
    %52 = stablehlo.compare GT, %49, %51, FLOAT : (tensor<8x32x32x64xf32>, tensor<8x32x32x64xf32>) -> tensor<8x32x32x64xi1>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%50 init: %cst_10) applies stablehlo.add across dimensions = [1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<8x64xf32>
    %cst_11 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %55 = stablehlo.divide %53, %54 : tensor<8x64xf32>
    %56 = stablehlo.dot_general %55, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x10xf32>) -> tensor<8x10xf32>
    %57:3 = call @log_softmax(%56) : (tensor<8x10xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>, tensor<8x1xf32>)
    %58 = stablehlo.multiply %arg8, %57#0 : tensor<8x10xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_12) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%59 init: %cst_13) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_14 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %61 = stablehlo.divide %60, %cst_14 : tensor<f32>
    %62 = stablehlo.negate %61 : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.negate %cst_15 : tensor<f32>
    %cst_16 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %64 = stablehlo.divide %63, %cst_16 : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0] : (tensor<8xf32>) -> tensor<8x10xf32>
    %67 = stablehlo.multiply %arg8, %66 : tensor<8x10xf32>
    %68 = call @log_softmax_0(%57#1, %57#2, %67) : (tensor<8x10xf32>, tensor<8x1xf32>, tensor<8x10xf32>) -> tensor<8x10xf32>
    %69 = stablehlo.dot_general %68, %55, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x10xf32>, tensor<8x64xf32>) -> tensor<10x64xf32>
    %70 = stablehlo.transpose %69, dims = [1, 0] : (tensor<10x64xf32>) -> tensor<64x10xf32>
    %71 = stablehlo.dot_general %68, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x10xf32>, tensor<64x10xf32>) -> tensor<8x64xf32>
    %cst_17 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %73 = stablehlo.divide %71, %72 : tensor<8x64xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 3] : (tensor<8x64xf32>) -> tensor<8x32x32x64xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x32x32x64xf32>
    %76 = stablehlo.select %52, %74, %75 : tensor<8x32x32x64xi1>, tensor<8x32x32x64xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.reduce(%76 init: %cst_19) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %78 = stablehlo.reshape %77 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %79 = stablehlo.reduce(%78 init: %cst_20) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %80 = stablehlo.multiply %42, %76 : tensor<8x32x32x64xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst_21) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %82 = stablehlo.reshape %81 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %83 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %84 = stablehlo.multiply %76, %83 : tensor<8x32x32x64xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %85 = stablehlo.reduce(%82 init: %cst_22) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %86 = stablehlo.multiply %33, %84 : tensor<8x32x32x64xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.reduce(%86 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %88 = stablehlo.reshape %87 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %89 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %90 = stablehlo.multiply %84, %89 : tensor<8x32x32x64xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %91 = stablehlo.reduce(%88 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %92 = stablehlo.multiply %91, %39 : tensor<64xf32>
    %93 = stablehlo.negate %90 : tensor<8x32x32x64xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %94 = stablehlo.reduce(%93 init: %cst_25) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %95 = stablehlo.reshape %94 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %96 = stablehlo.reduce(%95 init: %cst_26) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %97 = call @_var_1(%30#1, %30#2, %30#3, %92) : (tensor<8x32x32x64xf32>, tensor<f32>, tensor<i1>, tensor<64xf32>) -> tensor<8x32x32x64xf32>
    %98 = stablehlo.add %90, %97 : tensor<8x32x32x64xf32>
    %cst_27 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %100 = stablehlo.divide %96, %99 : tensor<64xf32>
    %101 = stablehlo.broadcast_in_dim %100, dims = [3] : (tensor<64xf32>) -> tensor<8x32x32x64xf32>
    %102 = stablehlo.add %98, %101 : tensor<8x32x32x64xf32>
    %103 = stablehlo.convolution(%23, %102) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x64xf32>, tensor<8x32x32x64xf32>) -> tensor<3x3x64x64xf32>
    %104 = stablehlo.reverse %arg3, dims = [0, 1] : tensor<3x3x64x64xf32>
    %105 = stablehlo.convolution(%102, %104) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x32x32x64xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x32x32x64xf32>
    %107 = stablehlo.select %25, %105, %106 : tensor<8x32x32x64xi1>, tensor<8x32x32x64xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107 init: %cst_29) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %109 = stablehlo.reshape %108 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %110 = stablehlo.reduce(%109 init: %cst_30) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %111 = stablehlo.multiply %16, %107 : tensor<8x32x32x64xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.reduce(%111 init: %cst_31) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %113 = stablehlo.reshape %112 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %114 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %115 = stablehlo.multiply %107, %114 : tensor<8x32x32x64xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%113 init: %cst_32) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %117 = stablehlo.multiply %7, %115 : tensor<8x32x32x64xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.reduce(%117 init: %cst_33) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %119 = stablehlo.reshape %118 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %120 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %121 = stablehlo.multiply %115, %120 : tensor<8x32x32x64xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.reduce(%119 init: %cst_34) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %123 = stablehlo.multiply %122, %13 : tensor<64xf32>
    %124 = stablehlo.negate %121 : tensor<8x32x32x64xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.reduce(%124 init: %cst_35) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %126 = stablehlo.reshape %125 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %127 = stablehlo.reduce(%126 init: %cst_36) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %128 = call @_var_1(%4#1, %4#2, %4#3, %123) : (tensor<8x32x32x64xf32>, tensor<f32>, tensor<i1>, tensor<64xf32>) -> tensor<8x32x32x64xf32>
    %129 = stablehlo.add %121, %128 : tensor<8x32x32x64xf32>
    %cst_37 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %131 = stablehlo.divide %127, %130 : tensor<64xf32>
    %132 = stablehlo.broadcast_in_dim %131, dims = [3] : (tensor<64xf32>) -> tensor<8x32x32x64xf32>
    %133 = stablehlo.add %129, %132 : tensor<8x32x32x64xf32>
    %134 = stablehlo.convolution(%arg7, %133) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x64xf32>, tensor<8x32x32x64xf32>) -> tensor<3x3x64x64xf32>
    %cst_38 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<3x3x64x64xf32>
    %136 = stablehlo.multiply %135, %134 : tensor<3x3x64x64xf32>
    %137 = stablehlo.subtract %arg0, %136 : tensor<3x3x64x64xf32>
    %cst_39 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %139 = stablehlo.multiply %138, %116 : tensor<64xf32>
    %140 = stablehlo.subtract %arg1, %139 : tensor<64xf32>
    %cst_40 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %142 = stablehlo.multiply %141, %110 : tensor<64xf32>
    %143 = stablehlo.subtract %arg2, %142 : tensor<64xf32>
    %cst_41 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<3x3x64x64xf32>
    %145 = stablehlo.multiply %144, %103 : tensor<3x3x64x64xf32>
    %146 = stablehlo.subtract %arg3, %145 : tensor<3x3x64x64xf32>
    %cst_42 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %148 = stablehlo.multiply %147, %85 : tensor<64xf32>
    %149 = stablehlo.subtract %arg4, %148 : tensor<64xf32>
    %cst_43 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %151 = stablehlo.multiply %150, %79 : tensor<64xf32>
    %152 = stablehlo.subtract %arg5, %151 : tensor<64xf32>
    %cst_44 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<64x10xf32>
    %154 = stablehlo.multiply %153, %70 : tensor<64x10xf32>
    %155 = stablehlo.subtract %arg6, %154 : tensor<64x10xf32>
    return %62, %137, %140, %143, %146, %149, %152, %155 : tensor<f32>, tensor<3x3x64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<3x3x64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x10xf32>
  }
  func.func private @_var(%arg0: tensor<8x32x32x64xf32>, %arg1: tensor<i32>) -> (tensor<64xf32>, tensor<8x32x32x64xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_0 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x64xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x32x32x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x32x32x64xf32>
    %6 = chlo.square %5 : tensor<8x32x32x64xf32> -> tensor<8x32x32x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x32x32x64xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<8x32x32x64xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.divide %11, %12 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = call @_where(%14, %13, %cst_5) : (tensor<i1>, tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
    return %15, %8, %10, %14 : tensor<64xf32>, tensor<8x32x32x64xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<64xf32>, %arg2: tensor<f32>) -> tensor<64xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<64xf32>
    return %2 : tensor<64xf32>
  }
  func.func private @relu(%arg0: tensor<8x32x32x64xf32>) -> tensor<8x32x32x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32x32x64xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x32x32x64xf32>
    return %1 : tensor<8x32x32x64xf32>
  }
  func.func private @log_softmax(%arg0: tensor<8x10xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>, tensor<8x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x10xf32>
    %6 = stablehlo.exponential %5 : tensor<8x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %9 = stablehlo.log %8 : tensor<8x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x10xf32>
    return %11, %6, %8 : tensor<8x10xf32>, tensor<8x10xf32>, tensor<8x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<8x10xf32>, %arg1: tensor<8x1xf32>, %arg2: tensor<8x10xf32>) -> tensor<8x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<8x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.reshape %1 : (tensor<8xf32>) -> tensor<8x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<8x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xf32>) -> tensor<8x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<8x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<8x10xf32>
    return %7 : tensor<8x10xf32>
  }
  func.func private @_var_1(%arg0: tensor<8x32x32x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<64xf32>) -> tensor<8x32x32x64xf32> {
    %0 = call @_where_2(%arg2, %arg3) : (tensor<i1>, tensor<64xf32>) -> tensor<64xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.divide %0, %1 : tensor<64xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<64xf32>) -> tensor<8x32x32x64xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<8x32x32x64xf32>
    %5 = stablehlo.negate %4 : tensor<8x32x32x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x32x32x64xf32>, tensor<f32>) -> tensor<64xf32>
    %7 = stablehlo.reshape %6 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_0 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %9 = stablehlo.divide %7, %8 : tensor<1x1x1x64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<64xf32>) -> tensor<8x32x32x64xf32>
    %12 = stablehlo.add %4, %11 : tensor<8x32x32x64xf32>
    return %12 : tensor<8x32x32x64xf32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<64xf32>) -> tensor<64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<64xf32>
    return %1 : tensor<64xf32>
  }
}
