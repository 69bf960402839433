// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_value_and_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8x8xf32>, %arg6: tensor<16x8xf32>, %arg7: tensor<16x8xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<8x8xf32> {jax.result_info = "result[1][0]"}, tensor<8x8xf32> {jax.result_info = "result[1][1]"}, tensor<8x8xf32> {jax.result_info = "result[1][2]"}, tensor<8x8xf32> {jax.result_info = "result[1][3]"}, tensor<8x8xf32> {jax.result_info = "result[1][4]"}, tensor<8x8xf32> {jax.result_info = "result[1][5]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %1 = stablehlo.tanh %0 : tensor<16x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<16x8xf32>
    %4 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %5 = stablehlo.tanh %4 : tensor<16x8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %7 = stablehlo.subtract %6, %5 : tensor<16x8xf32>
    %8 = stablehlo.dot_general %5, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %9 = stablehlo.tanh %8 : tensor<16x8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %11 = stablehlo.subtract %10, %9 : tensor<16x8xf32>
    %12 = stablehlo.dot_general %9, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %13 = stablehlo.tanh %12 : tensor<16x8xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %15 = stablehlo.subtract %14, %13 : tensor<16x8xf32>
    %16 = stablehlo.dot_general %13, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %17 = stablehlo.tanh %16 : tensor<16x8xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %19 = stablehlo.subtract %18, %17 : tensor<16x8xf32>
    %20 = stablehlo.dot_general %17, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %21 = stablehlo.tanh %20 : tensor<16x8xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %23 = stablehlo.subtract %22, %21 : tensor<16x8xf32>
    %24 = stablehlo.subtract %21, %arg7 : tensor<16x8xf32>
    %25 = stablehlo.multiply %24, %24 : tensor<16x8xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %27 = stablehlo.multiply %26, %24 : tensor<16x8xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%25 init: %cst_6) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %29 = stablehlo.divide %28, %cst_7 : tensor<f32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %30 = stablehlo.divide %cst_8, %cst_9 : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %32 = stablehlo.multiply %31, %27 : tensor<16x8xf32>
    %33 = stablehlo.multiply %32, %23 : tensor<16x8xf32>
    %34 = stablehlo.multiply %33, %21 : tensor<16x8xf32>
    %35 = stablehlo.add %33, %34 : tensor<16x8xf32>
    %36 = stablehlo.dot_general %35, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %37 = stablehlo.transpose %36, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %38 = stablehlo.dot_general %35, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %39 = stablehlo.multiply %38, %19 : tensor<16x8xf32>
    %40 = stablehlo.multiply %39, %17 : tensor<16x8xf32>
    %41 = stablehlo.add %39, %40 : tensor<16x8xf32>
    %42 = stablehlo.dot_general %41, %13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %43 = stablehlo.transpose %42, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %44 = stablehlo.dot_general %41, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %45 = stablehlo.multiply %44, %15 : tensor<16x8xf32>
    %46 = stablehlo.multiply %45, %13 : tensor<16x8xf32>
    %47 = stablehlo.add %45, %46 : tensor<16x8xf32>
    %48 = stablehlo.dot_general %47, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %49 = stablehlo.transpose %48, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %50 = stablehlo.dot_general %47, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %51 = stablehlo.multiply %50, %11 : tensor<16x8xf32>
    %52 = stablehlo.multiply %51, %9 : tensor<16x8xf32>
    %53 = stablehlo.add %51, %52 : tensor<16x8xf32>
    %54 = stablehlo.dot_general %53, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %55 = stablehlo.transpose %54, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %56 = stablehlo.dot_general %53, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %57 = stablehlo.multiply %56, %7 : tensor<16x8xf32>
    %58 = stablehlo.multiply %57, %5 : tensor<16x8xf32>
    %59 = stablehlo.add %57, %58 : tensor<16x8xf32>
    %60 = stablehlo.dot_general %59, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %61 = stablehlo.transpose %60, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %62 = stablehlo.dot_general %59, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %63 = stablehlo.multiply %62, %3 : tensor<16x8xf32>
    %64 = stablehlo.multiply %63, %1 : tensor<16x8xf32>
    %65 = stablehlo.add %63, %64 : tensor<16x8xf32>
    %66 = stablehlo.dot_general %65, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %67 = stablehlo.transpose %66, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %29, %67, %61, %55, %49, %43, %37 : tensor<f32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
  }
}
