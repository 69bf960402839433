// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_value_and_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<4096x256xf32>, %arg9: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<256x256xf32> {jax.result_info = "result[1][0]"}, tensor<256x256xf32> {jax.result_info = "result[1][1]"}, tensor<256x256xf32> {jax.result_info = "result[1][2]"}, tensor<256x256xf32> {jax.result_info = "result[1][3]"}, tensor<256x256xf32> {jax.result_info = "result[1][4]"}, tensor<256x256xf32> {jax.result_info = "result[1][5]"}, tensor<256x256xf32> {jax.result_info = "result[1][6]"}, tensor<256x256xf32> {jax.result_info = "result[1][7]"}) {
    %0 = stablehlo.dot_general %arg8, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %1 = stablehlo.tanh %0 : tensor<4096x256xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<4096x256xf32>
    %4 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %5 = stablehlo.tanh %4 : tensor<4096x256xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %7 = stablehlo.subtract %6, %5 : tensor<4096x256xf32>
    %8 = stablehlo.dot_general %5, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %9 = stablehlo.tanh %8 : tensor<4096x256xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %11 = stablehlo.subtract %10, %9 : tensor<4096x256xf32>
    %12 = stablehlo.dot_general %9, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %13 = stablehlo.tanh %12 : tensor<4096x256xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %15 = stablehlo.subtract %14, %13 : tensor<4096x256xf32>
    %16 = stablehlo.dot_general %13, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %17 = stablehlo.tanh %16 : tensor<4096x256xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %19 = stablehlo.subtract %18, %17 : tensor<4096x256xf32>
    %20 = stablehlo.dot_general %17, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %21 = stablehlo.tanh %20 : tensor<4096x256xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %23 = stablehlo.subtract %22, %21 : tensor<4096x256xf32>
    %24 = stablehlo.dot_general %21, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %25 = stablehlo.tanh %24 : tensor<4096x256xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %27 = stablehlo.subtract %26, %25 : tensor<4096x256xf32>
    %28 = stablehlo.dot_general %25, %arg7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %29 = stablehlo.tanh %28 : tensor<4096x256xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %31 = stablehlo.subtract %30, %29 : tensor<4096x256xf32>
    %32 = stablehlo.subtract %29, %arg9 : tensor<4096x256xf32>
    %33 = stablehlo.multiply %32, %32 : tensor<4096x256xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %35 = stablehlo.multiply %34, %32 : tensor<4096x256xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%33 init: %cst_8) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_9 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %37 = stablehlo.divide %36, %cst_9 : tensor<f32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_11 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %38 = stablehlo.divide %cst_10, %cst_11 : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %40 = stablehlo.multiply %39, %35 : tensor<4096x256xf32>
    %41 = stablehlo.multiply %40, %31 : tensor<4096x256xf32>
    %42 = stablehlo.multiply %41, %29 : tensor<4096x256xf32>
    %43 = stablehlo.add %41, %42 : tensor<4096x256xf32>
    %44 = stablehlo.dot_general %43, %25, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %45 = stablehlo.transpose %44, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %46 = stablehlo.dot_general %43, %arg7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %47 = stablehlo.multiply %46, %27 : tensor<4096x256xf32>
    %48 = stablehlo.multiply %47, %25 : tensor<4096x256xf32>
    %49 = stablehlo.add %47, %48 : tensor<4096x256xf32>
    %50 = stablehlo.dot_general %49, %21, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %51 = stablehlo.transpose %50, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %52 = stablehlo.dot_general %49, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %53 = stablehlo.multiply %52, %23 : tensor<4096x256xf32>
    %54 = stablehlo.multiply %53, %21 : tensor<4096x256xf32>
    %55 = stablehlo.add %53, %54 : tensor<4096x256xf32>
    %56 = stablehlo.dot_general %55, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %57 = stablehlo.transpose %56, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %58 = stablehlo.dot_general %55, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %59 = stablehlo.multiply %58, %19 : tensor<4096x256xf32>
    %60 = stablehlo.multiply %59, %17 : tensor<4096x256xf32>
    %61 = stablehlo.add %59, %60 : tensor<4096x256xf32>
    %62 = stablehlo.dot_general %61, %13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %63 = stablehlo.transpose %62, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %64 = stablehlo.dot_general %61, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %65 = stablehlo.multiply %64, %15 : tensor<4096x256xf32>
    %66 = stablehlo.multiply %65, %13 : tensor<4096x256xf32>
    %67 = stablehlo.add %65, %66 : tensor<4096x256xf32>
    %68 = stablehlo.dot_general %67, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %69 = stablehlo.transpose %68, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %70 = stablehlo.dot_general %67, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %71 = stablehlo.multiply %70, %11 : tensor<4096x256xf32>
    %72 = stablehlo.multiply %71, %9 : tensor<4096x256xf32>
    %73 = stablehlo.add %71, %72 : tensor<4096x256xf32>
    %74 = stablehlo.dot_general %73, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %75 = stablehlo.transpose %74, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %76 = stablehlo.dot_general %73, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %77 = stablehlo.multiply %76, %7 : tensor<4096x256xf32>
    %78 = stablehlo.multiply %77, %5 : tensor<4096x256xf32>
    %79 = stablehlo.add %77, %78 : tensor<4096x256xf32>
    %80 = stablehlo.dot_general %79, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %81 = stablehlo.transpose %80, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %82 = stablehlo.dot_general %79, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %83 = stablehlo.multiply %82, %3 : tensor<4096x256xf32>
    %84 = stablehlo.multiply %83, %1 : tensor<4096x256xf32>
    %85 = stablehlo.add %83, %84 : tensor<4096x256xf32>
    %86 = stablehlo.dot_general %85, %arg8, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %87 = stablehlo.transpose %86, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    return %37, %87, %81, %75, %69, %63, %57, %51, %45 : tensor<f32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>
  }
}
