// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<784x1024xf32>, %arg1: tensor<1024xf32>, %arg2: tensor<1024x1024xf32>, %arg3: tensor<1024xf32>, %arg4: tensor<1024x10xf32>, %arg5: tensor<10xf32>, %arg6: tensor<256x784xf32>, %arg7: tensor<256x10xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<784x1024xf32> {jax.result_info = "result[1][0][0]"}, tensor<1024xf32> {jax.result_info = "result[1][0][1]"}, tensor<1024x1024xf32> {jax.result_info = "result[1][1][0]"}, tensor<1024xf32> {jax.result_info = "result[1][1][1]"}, tensor<1024x10xf32> {jax.result_info = "result[1][2][0]"}, tensor<10xf32> {jax.result_info = "result[1][2][1]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x784xf32>, tensor<784x1024xf32>) -> tensor<256x1024xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<256x1024xf32>
    %3 = stablehlo.add %0, %2 : tensor<256x1024xf32>
    %4 = stablehlo.tanh %3 : tensor<256x1024xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %6 = stablehlo.subtract %5, %4 : tensor<256x1024xf32>
    %7 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32>
    %8 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<256x1024xf32>
    %10 = stablehlo.add %7, %9 : tensor<256x1024xf32>
    %11 = stablehlo.tanh %10 : tensor<256x1024xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %13 = stablehlo.subtract %12, %11 : tensor<256x1024xf32>
    %14 = stablehlo.dot_general %11, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<1024x10xf32>) -> tensor<256x10xf32>
    %15 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<256x10xf32>
    %17 = stablehlo.add %14, %16 : tensor<256x10xf32>
    %18 = stablehlo.subtract %17, %arg7 : tensor<256x10xf32>
    %19 = stablehlo.multiply %18, %18 : tensor<256x10xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<256x10xf32>
    %21 = stablehlo.multiply %20, %18 : tensor<256x10xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%19 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x10xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<2.560000e+03> : tensor<f32>
    %23 = stablehlo.divide %22, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<2.560000e+03> : tensor<f32>
    %24 = stablehlo.divide %cst_4, %cst_5 : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f32>) -> tensor<256x10xf32>
    %26 = stablehlo.multiply %25, %21 : tensor<256x10xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<256x10xf32>, tensor<f32>) -> tensor<10xf32>
    %28 = stablehlo.reshape %27 : (tensor<10xf32>) -> tensor<1x10xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %30 = stablehlo.dot_general %26, %11, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x10xf32>, tensor<256x1024xf32>) -> tensor<10x1024xf32>
    %31 = stablehlo.transpose %30, dims = [1, 0] : (tensor<10x1024xf32>) -> tensor<1024x10xf32>
    %32 = stablehlo.dot_general %26, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<256x10xf32>, tensor<1024x10xf32>) -> tensor<256x1024xf32>
    %33 = stablehlo.multiply %32, %13 : tensor<256x1024xf32>
    %34 = stablehlo.multiply %33, %11 : tensor<256x1024xf32>
    %35 = stablehlo.add %33, %34 : tensor<256x1024xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%35 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %37 = stablehlo.reshape %36 : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %39 = stablehlo.dot_general %35, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<256x1024xf32>) -> tensor<1024x1024xf32>
    %40 = stablehlo.transpose %39, dims = [1, 0] : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %41 = stablehlo.dot_general %35, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32>
    %42 = stablehlo.multiply %41, %6 : tensor<256x1024xf32>
    %43 = stablehlo.multiply %42, %4 : tensor<256x1024xf32>
    %44 = stablehlo.add %42, %43 : tensor<256x1024xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.reduce(%44 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %46 = stablehlo.reshape %45 : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.reduce(%46 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<1x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %48 = stablehlo.dot_general %44, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<256x784xf32>) -> tensor<1024x784xf32>
    %49 = stablehlo.transpose %48, dims = [1, 0] : (tensor<1024x784xf32>) -> tensor<784x1024xf32>
    %cst_12 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %51 = stablehlo.multiply %50, %49 : tensor<784x1024xf32>
    %52 = stablehlo.subtract %arg0, %51 : tensor<784x1024xf32>
    %cst_13 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %54 = stablehlo.multiply %53, %47 : tensor<1024xf32>
    %55 = stablehlo.subtract %arg1, %54 : tensor<1024xf32>
    %cst_14 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %57 = stablehlo.multiply %56, %40 : tensor<1024x1024xf32>
    %58 = stablehlo.subtract %arg2, %57 : tensor<1024x1024xf32>
    %cst_15 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %60 = stablehlo.multiply %59, %38 : tensor<1024xf32>
    %61 = stablehlo.subtract %arg3, %60 : tensor<1024xf32>
    %cst_16 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %63 = stablehlo.multiply %62, %31 : tensor<1024x10xf32>
    %64 = stablehlo.subtract %arg4, %63 : tensor<1024x10xf32>
    %cst_17 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %66 = stablehlo.multiply %65, %29 : tensor<10xf32>
    %67 = stablehlo.subtract %arg5, %66 : tensor<10xf32>
    return %23, %52, %55, %58, %61, %64, %67 : tensor<f32>, tensor<784x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x10xf32>, tensor<10xf32>
  }
}
