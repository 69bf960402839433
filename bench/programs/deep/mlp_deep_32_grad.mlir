// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_value_and_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<256x256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<256x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<256x256xf32>, %arg17: tensor<256x256xf32>, %arg18: tensor<256x256xf32>, %arg19: tensor<256x256xf32>, %arg20: tensor<256x256xf32>, %arg21: tensor<256x256xf32>, %arg22: tensor<256x256xf32>, %arg23: tensor<256x256xf32>, %arg24: tensor<256x256xf32>, %arg25: tensor<256x256xf32>, %arg26: tensor<256x256xf32>, %arg27: tensor<256x256xf32>, %arg28: tensor<256x256xf32>, %arg29: tensor<256x256xf32>, %arg30: tensor<256x256xf32>, %arg31: tensor<256x256xf32>, %arg32: tensor<4096x256xf32>, %arg33: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<256x256xf32> {jax.result_info = "result[1][0]"}, tensor<256x256xf32> {jax.result_info = "result[1][1]"}, tensor<256x256xf32> {jax.result_info = "result[1][2]"}, tensor<256x256xf32> {jax.result_info = "result[1][3]"}, tensor<256x256xf32> {jax.result_info = "result[1][4]"}, tensor<256x256xf32> {jax.result_info = "result[1][5]"}, tensor<256x256xf32> {jax.result_info = "result[1][6]"}, tensor<256x256xf32> {jax.result_info = "result[1][7]"}, tensor<256x256xf32> {jax.result_info = "result[1][8]"}, tensor<256x256xf32> {jax.result_info = "result[1][9]"}, tensor<256x256xf32> {jax.result_info = "result[1][10]"}, tensor<256x256xf32> {jax.result_info = "result[1][11]"}, tensor<256x256xf32> {jax.result_info = "result[1][12]"}, tensor<256x256xf32> {jax.result_info = "result[1][13]"}, tensor<256x256xf32> {jax.result_info = "result[1][14]"}, tensor<256x256xf32> {jax.result_info = "result[1][15]"}, tensor<256x256xf32> {jax.result_info = "result[1][16]"}, tensor<256x256xf32> {jax.result_info = "result[1][17]"}, tensor<256x256xf32> {jax.result_info = "result[1][18]"}, tensor<256x256xf32> {jax.result_info = "result[1][19]"}, tensor<256x256xf32> {jax.result_info = "result[1][20]"}, tensor<256x256xf32> {jax.result_info = "result[1][21]"}, tensor<256x256xf32> {jax.result_info = "result[1][22]"}, tensor<256x256xf32> {jax.result_info = "result[1][23]"}, tensor<256x256xf32> {jax.result_info = "result[1][24]"}, tensor<256x256xf32> {jax.result_info = "result[1][25]"}, tensor<256x256xf32> {jax.result_info = "result[1][26]"}, tensor<256x256xf32> {jax.result_info = "result[1][27]"}, tensor<256x256xf32> {jax.result_info = "result[1][28]"}, tensor<256x256xf32> {jax.result_info = "result[1][29]"}, tensor<256x256xf32> {jax.result_info = "result[1][30]"}, tensor<256x256xf32> {jax.result_info = "result[1][31]"}) {
    %0 = stablehlo.dot_general %arg32, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
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
    %32 = stablehlo.dot_general %29, %arg8, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %33 = stablehlo.tanh %32 : tensor<4096x256xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %35 = stablehlo.subtract %34, %33 : tensor<4096x256xf32>
    %36 = stablehlo.dot_general %33, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %37 = stablehlo.tanh %36 : tensor<4096x256xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %39 = stablehlo.subtract %38, %37 : tensor<4096x256xf32>
    %40 = stablehlo.dot_general %37, %arg10, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %41 = stablehlo.tanh %40 : tensor<4096x256xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %43 = stablehlo.subtract %42, %41 : tensor<4096x256xf32>
    %44 = stablehlo.dot_general %41, %arg11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %45 = stablehlo.tanh %44 : tensor<4096x256xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %47 = stablehlo.subtract %46, %45 : tensor<4096x256xf32>
    %48 = stablehlo.dot_general %45, %arg12, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %49 = stablehlo.tanh %48 : tensor<4096x256xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %51 = stablehlo.subtract %50, %49 : tensor<4096x256xf32>
    %52 = stablehlo.dot_general %49, %arg13, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %53 = stablehlo.tanh %52 : tensor<4096x256xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %55 = stablehlo.subtract %54, %53 : tensor<4096x256xf32>
    %56 = stablehlo.dot_general %53, %arg14, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %57 = stablehlo.tanh %56 : tensor<4096x256xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %59 = stablehlo.subtract %58, %57 : tensor<4096x256xf32>
    %60 = stablehlo.dot_general %57, %arg15, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %61 = stablehlo.tanh %60 : tensor<4096x256xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %63 = stablehlo.subtract %62, %61 : tensor<4096x256xf32>
    %64 = stablehlo.dot_general %61, %arg16, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %65 = stablehlo.tanh %64 : tensor<4096x256xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %67 = stablehlo.subtract %66, %65 : tensor<4096x256xf32>
    %68 = stablehlo.dot_general %65, %arg17, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %69 = stablehlo.tanh %68 : tensor<4096x256xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %71 = stablehlo.subtract %70, %69 : tensor<4096x256xf32>
    %72 = stablehlo.dot_general %69, %arg18, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %73 = stablehlo.tanh %72 : tensor<4096x256xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %75 = stablehlo.subtract %74, %73 : tensor<4096x256xf32>
    %76 = stablehlo.dot_general %73, %arg19, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %77 = stablehlo.tanh %76 : tensor<4096x256xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %79 = stablehlo.subtract %78, %77 : tensor<4096x256xf32>
    %80 = stablehlo.dot_general %77, %arg20, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %81 = stablehlo.tanh %80 : tensor<4096x256xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %83 = stablehlo.subtract %82, %81 : tensor<4096x256xf32>
    %84 = stablehlo.dot_general %81, %arg21, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %85 = stablehlo.tanh %84 : tensor<4096x256xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %87 = stablehlo.subtract %86, %85 : tensor<4096x256xf32>
    %88 = stablehlo.dot_general %85, %arg22, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %89 = stablehlo.tanh %88 : tensor<4096x256xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %91 = stablehlo.subtract %90, %89 : tensor<4096x256xf32>
    %92 = stablehlo.dot_general %89, %arg23, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %93 = stablehlo.tanh %92 : tensor<4096x256xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %95 = stablehlo.subtract %94, %93 : tensor<4096x256xf32>
    %96 = stablehlo.dot_general %93, %arg24, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %97 = stablehlo.tanh %96 : tensor<4096x256xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %99 = stablehlo.subtract %98, %97 : tensor<4096x256xf32>
    %100 = stablehlo.dot_general %97, %arg25, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %101 = stablehlo.tanh %100 : tensor<4096x256xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %103 = stablehlo.subtract %102, %101 : tensor<4096x256xf32>
    %104 = stablehlo.dot_general %101, %arg26, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %105 = stablehlo.tanh %104 : tensor<4096x256xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %107 = stablehlo.subtract %106, %105 : tensor<4096x256xf32>
    %108 = stablehlo.dot_general %105, %arg27, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %109 = stablehlo.tanh %108 : tensor<4096x256xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %111 = stablehlo.subtract %110, %109 : tensor<4096x256xf32>
    %112 = stablehlo.dot_general %109, %arg28, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %113 = stablehlo.tanh %112 : tensor<4096x256xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %115 = stablehlo.subtract %114, %113 : tensor<4096x256xf32>
    %116 = stablehlo.dot_general %113, %arg29, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %117 = stablehlo.tanh %116 : tensor<4096x256xf32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %119 = stablehlo.subtract %118, %117 : tensor<4096x256xf32>
    %120 = stablehlo.dot_general %117, %arg30, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %121 = stablehlo.tanh %120 : tensor<4096x256xf32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %123 = stablehlo.subtract %122, %121 : tensor<4096x256xf32>
    %124 = stablehlo.dot_general %121, %arg31, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %125 = stablehlo.tanh %124 : tensor<4096x256xf32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %127 = stablehlo.subtract %126, %125 : tensor<4096x256xf32>
    %128 = stablehlo.subtract %125, %arg33 : tensor<4096x256xf32>
    %129 = stablehlo.multiply %128, %128 : tensor<4096x256xf32>
    %cst_31 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %131 = stablehlo.multiply %130, %128 : tensor<4096x256xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.reduce(%129 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_33 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %133 = stablehlo.divide %132, %cst_33 : tensor<f32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_35 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %134 = stablehlo.divide %cst_34, %cst_35 : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %134, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %136 = stablehlo.multiply %135, %131 : tensor<4096x256xf32>
    %137 = stablehlo.multiply %136, %127 : tensor<4096x256xf32>
    %138 = stablehlo.multiply %137, %125 : tensor<4096x256xf32>
    %139 = stablehlo.add %137, %138 : tensor<4096x256xf32>
    %140 = stablehlo.dot_general %139, %121, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %141 = stablehlo.transpose %140, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %142 = stablehlo.dot_general %139, %arg31, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %143 = stablehlo.multiply %142, %123 : tensor<4096x256xf32>
    %144 = stablehlo.multiply %143, %121 : tensor<4096x256xf32>
    %145 = stablehlo.add %143, %144 : tensor<4096x256xf32>
    %146 = stablehlo.dot_general %145, %117, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %147 = stablehlo.transpose %146, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %148 = stablehlo.dot_general %145, %arg30, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %149 = stablehlo.multiply %148, %119 : tensor<4096x256xf32>
    %150 = stablehlo.multiply %149, %117 : tensor<4096x256xf32>
    %151 = stablehlo.add %149, %150 : tensor<4096x256xf32>
    %152 = stablehlo.dot_general %151, %113, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %153 = stablehlo.transpose %152, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %154 = stablehlo.dot_general %151, %arg29, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %155 = stablehlo.multiply %154, %115 : tensor<4096x256xf32>
    %156 = stablehlo.multiply %155, %113 : tensor<4096x256xf32>
    %157 = stablehlo.add %155, %156 : tensor<4096x256xf32>
    %158 = stablehlo.dot_general %157, %109, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %159 = stablehlo.transpose %158, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %160 = stablehlo.dot_general %157, %arg28, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %161 = stablehlo.multiply %160, %111 : tensor<4096x256xf32>
    %162 = stablehlo.multiply %161, %109 : tensor<4096x256xf32>
    %163 = stablehlo.add %161, %162 : tensor<4096x256xf32>
    %164 = stablehlo.dot_general %163, %105, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %165 = stablehlo.transpose %164, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %166 = stablehlo.dot_general %163, %arg27, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %167 = stablehlo.multiply %166, %107 : tensor<4096x256xf32>
    %168 = stablehlo.multiply %167, %105 : tensor<4096x256xf32>
    %169 = stablehlo.add %167, %168 : tensor<4096x256xf32>
    %170 = stablehlo.dot_general %169, %101, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %171 = stablehlo.transpose %170, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %172 = stablehlo.dot_general %169, %arg26, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %173 = stablehlo.multiply %172, %103 : tensor<4096x256xf32>
    %174 = stablehlo.multiply %173, %101 : tensor<4096x256xf32>
    %175 = stablehlo.add %173, %174 : tensor<4096x256xf32>
    %176 = stablehlo.dot_general %175, %97, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %177 = stablehlo.transpose %176, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %178 = stablehlo.dot_general %175, %arg25, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %179 = stablehlo.multiply %178, %99 : tensor<4096x256xf32>
    %180 = stablehlo.multiply %179, %97 : tensor<4096x256xf32>
    %181 = stablehlo.add %179, %180 : tensor<4096x256xf32>
    %182 = stablehlo.dot_general %181, %93, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %183 = stablehlo.transpose %182, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %184 = stablehlo.dot_general %181, %arg24, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %185 = stablehlo.multiply %184, %95 : tensor<4096x256xf32>
    %186 = stablehlo.multiply %185, %93 : tensor<4096x256xf32>
    %187 = stablehlo.add %185, %186 : tensor<4096x256xf32>
    %188 = stablehlo.dot_general %187, %89, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %189 = stablehlo.transpose %188, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %190 = stablehlo.dot_general %187, %arg23, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %191 = stablehlo.multiply %190, %91 : tensor<4096x256xf32>
    %192 = stablehlo.multiply %191, %89 : tensor<4096x256xf32>
    %193 = stablehlo.add %191, %192 : tensor<4096x256xf32>
    %194 = stablehlo.dot_general %193, %85, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %195 = stablehlo.transpose %194, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %196 = stablehlo.dot_general %193, %arg22, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %197 = stablehlo.multiply %196, %87 : tensor<4096x256xf32>
    %198 = stablehlo.multiply %197, %85 : tensor<4096x256xf32>
    %199 = stablehlo.add %197, %198 : tensor<4096x256xf32>
    %200 = stablehlo.dot_general %199, %81, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %201 = stablehlo.transpose %200, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %202 = stablehlo.dot_general %199, %arg21, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %203 = stablehlo.multiply %202, %83 : tensor<4096x256xf32>
    %204 = stablehlo.multiply %203, %81 : tensor<4096x256xf32>
    %205 = stablehlo.add %203, %204 : tensor<4096x256xf32>
    %206 = stablehlo.dot_general %205, %77, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %207 = stablehlo.transpose %206, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %208 = stablehlo.dot_general %205, %arg20, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %209 = stablehlo.multiply %208, %79 : tensor<4096x256xf32>
    %210 = stablehlo.multiply %209, %77 : tensor<4096x256xf32>
    %211 = stablehlo.add %209, %210 : tensor<4096x256xf32>
    %212 = stablehlo.dot_general %211, %73, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %213 = stablehlo.transpose %212, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %214 = stablehlo.dot_general %211, %arg19, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %215 = stablehlo.multiply %214, %75 : tensor<4096x256xf32>
    %216 = stablehlo.multiply %215, %73 : tensor<4096x256xf32>
    %217 = stablehlo.add %215, %216 : tensor<4096x256xf32>
    %218 = stablehlo.dot_general %217, %69, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %219 = stablehlo.transpose %218, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %220 = stablehlo.dot_general %217, %arg18, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %221 = stablehlo.multiply %220, %71 : tensor<4096x256xf32>
    %222 = stablehlo.multiply %221, %69 : tensor<4096x256xf32>
    %223 = stablehlo.add %221, %222 : tensor<4096x256xf32>
    %224 = stablehlo.dot_general %223, %65, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %225 = stablehlo.transpose %224, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %226 = stablehlo.dot_general %223, %arg17, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %227 = stablehlo.multiply %226, %67 : tensor<4096x256xf32>
    %228 = stablehlo.multiply %227, %65 : tensor<4096x256xf32>
    %229 = stablehlo.add %227, %228 : tensor<4096x256xf32>
    %230 = stablehlo.dot_general %229, %61, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %231 = stablehlo.transpose %230, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %232 = stablehlo.dot_general %229, %arg16, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %233 = stablehlo.multiply %232, %63 : tensor<4096x256xf32>
    %234 = stablehlo.multiply %233, %61 : tensor<4096x256xf32>
    %235 = stablehlo.add %233, %234 : tensor<4096x256xf32>
    %236 = stablehlo.dot_general %235, %57, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %237 = stablehlo.transpose %236, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %238 = stablehlo.dot_general %235, %arg15, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %239 = stablehlo.multiply %238, %59 : tensor<4096x256xf32>
    %240 = stablehlo.multiply %239, %57 : tensor<4096x256xf32>
    %241 = stablehlo.add %239, %240 : tensor<4096x256xf32>
    %242 = stablehlo.dot_general %241, %53, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %243 = stablehlo.transpose %242, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %244 = stablehlo.dot_general %241, %arg14, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %245 = stablehlo.multiply %244, %55 : tensor<4096x256xf32>
    %246 = stablehlo.multiply %245, %53 : tensor<4096x256xf32>
    %247 = stablehlo.add %245, %246 : tensor<4096x256xf32>
    %248 = stablehlo.dot_general %247, %49, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %249 = stablehlo.transpose %248, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %250 = stablehlo.dot_general %247, %arg13, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %251 = stablehlo.multiply %250, %51 : tensor<4096x256xf32>
    %252 = stablehlo.multiply %251, %49 : tensor<4096x256xf32>
    %253 = stablehlo.add %251, %252 : tensor<4096x256xf32>
    %254 = stablehlo.dot_general %253, %45, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %255 = stablehlo.transpose %254, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %256 = stablehlo.dot_general %253, %arg12, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %257 = stablehlo.multiply %256, %47 : tensor<4096x256xf32>
    %258 = stablehlo.multiply %257, %45 : tensor<4096x256xf32>
    %259 = stablehlo.add %257, %258 : tensor<4096x256xf32>
    %260 = stablehlo.dot_general %259, %41, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %261 = stablehlo.transpose %260, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %262 = stablehlo.dot_general %259, %arg11, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %263 = stablehlo.multiply %262, %43 : tensor<4096x256xf32>
    %264 = stablehlo.multiply %263, %41 : tensor<4096x256xf32>
    %265 = stablehlo.add %263, %264 : tensor<4096x256xf32>
    %266 = stablehlo.dot_general %265, %37, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %267 = stablehlo.transpose %266, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %268 = stablehlo.dot_general %265, %arg10, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %269 = stablehlo.multiply %268, %39 : tensor<4096x256xf32>
    %270 = stablehlo.multiply %269, %37 : tensor<4096x256xf32>
    %271 = stablehlo.add %269, %270 : tensor<4096x256xf32>
    %272 = stablehlo.dot_general %271, %33, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %273 = stablehlo.transpose %272, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %274 = stablehlo.dot_general %271, %arg9, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %275 = stablehlo.multiply %274, %35 : tensor<4096x256xf32>
    %276 = stablehlo.multiply %275, %33 : tensor<4096x256xf32>
    %277 = stablehlo.add %275, %276 : tensor<4096x256xf32>
    %278 = stablehlo.dot_general %277, %29, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %279 = stablehlo.transpose %278, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %280 = stablehlo.dot_general %277, %arg8, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %281 = stablehlo.multiply %280, %31 : tensor<4096x256xf32>
    %282 = stablehlo.multiply %281, %29 : tensor<4096x256xf32>
    %283 = stablehlo.add %281, %282 : tensor<4096x256xf32>
    %284 = stablehlo.dot_general %283, %25, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %285 = stablehlo.transpose %284, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %286 = stablehlo.dot_general %283, %arg7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %287 = stablehlo.multiply %286, %27 : tensor<4096x256xf32>
    %288 = stablehlo.multiply %287, %25 : tensor<4096x256xf32>
    %289 = stablehlo.add %287, %288 : tensor<4096x256xf32>
    %290 = stablehlo.dot_general %289, %21, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %291 = stablehlo.transpose %290, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %292 = stablehlo.dot_general %289, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %293 = stablehlo.multiply %292, %23 : tensor<4096x256xf32>
    %294 = stablehlo.multiply %293, %21 : tensor<4096x256xf32>
    %295 = stablehlo.add %293, %294 : tensor<4096x256xf32>
    %296 = stablehlo.dot_general %295, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %297 = stablehlo.transpose %296, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %298 = stablehlo.dot_general %295, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %299 = stablehlo.multiply %298, %19 : tensor<4096x256xf32>
    %300 = stablehlo.multiply %299, %17 : tensor<4096x256xf32>
    %301 = stablehlo.add %299, %300 : tensor<4096x256xf32>
    %302 = stablehlo.dot_general %301, %13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %303 = stablehlo.transpose %302, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %304 = stablehlo.dot_general %301, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %305 = stablehlo.multiply %304, %15 : tensor<4096x256xf32>
    %306 = stablehlo.multiply %305, %13 : tensor<4096x256xf32>
    %307 = stablehlo.add %305, %306 : tensor<4096x256xf32>
    %308 = stablehlo.dot_general %307, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %309 = stablehlo.transpose %308, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %310 = stablehlo.dot_general %307, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %311 = stablehlo.multiply %310, %11 : tensor<4096x256xf32>
    %312 = stablehlo.multiply %311, %9 : tensor<4096x256xf32>
    %313 = stablehlo.add %311, %312 : tensor<4096x256xf32>
    %314 = stablehlo.dot_general %313, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %315 = stablehlo.transpose %314, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %316 = stablehlo.dot_general %313, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %317 = stablehlo.multiply %316, %7 : tensor<4096x256xf32>
    %318 = stablehlo.multiply %317, %5 : tensor<4096x256xf32>
    %319 = stablehlo.add %317, %318 : tensor<4096x256xf32>
    %320 = stablehlo.dot_general %319, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %321 = stablehlo.transpose %320, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %322 = stablehlo.dot_general %319, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %323 = stablehlo.multiply %322, %3 : tensor<4096x256xf32>
    %324 = stablehlo.multiply %323, %1 : tensor<4096x256xf32>
    %325 = stablehlo.add %323, %324 : tensor<4096x256xf32>
    %326 = stablehlo.dot_general %325, %arg32, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %327 = stablehlo.transpose %326, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    return %133, %327, %321, %315, %309, %303, %297, %291, %285, %279, %273, %267, %261, %255, %249, %243, %237, %231, %225, %219, %213, %207, %201, %195, %189, %183, %177, %171, %165, %159, %153, %147, %141 : tensor<f32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>
  }
}
