// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_adam_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<784x1024xf32> {tf.aliasing_output = 1 : i32}, %arg1: tensor<1024xf32> {tf.aliasing_output = 2 : i32}, %arg2: tensor<1024x1024xf32> {tf.aliasing_output = 3 : i32}, %arg3: tensor<1024xf32> {tf.aliasing_output = 4 : i32}, %arg4: tensor<1024x10xf32> {tf.aliasing_output = 5 : i32}, %arg5: tensor<10xf32> {tf.aliasing_output = 6 : i32}, %arg6: tensor<784x1024xf32> {tf.aliasing_output = 7 : i32}, %arg7: tensor<1024xf32> {tf.aliasing_output = 8 : i32}, %arg8: tensor<1024x1024xf32> {tf.aliasing_output = 9 : i32}, %arg9: tensor<1024xf32> {tf.aliasing_output = 10 : i32}, %arg10: tensor<1024x10xf32> {tf.aliasing_output = 11 : i32}, %arg11: tensor<10xf32> {tf.aliasing_output = 12 : i32}, %arg12: tensor<784x1024xf32> {tf.aliasing_output = 13 : i32}, %arg13: tensor<1024xf32> {tf.aliasing_output = 14 : i32}, %arg14: tensor<1024x1024xf32> {tf.aliasing_output = 15 : i32}, %arg15: tensor<1024xf32> {tf.aliasing_output = 16 : i32}, %arg16: tensor<1024x10xf32> {tf.aliasing_output = 17 : i32}, %arg17: tensor<10xf32> {tf.aliasing_output = 18 : i32}, %arg18: tensor<i32>, %arg19: tensor<256x784xf32>, %arg20: tensor<256x10xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<784x1024xf32> {jax.result_info = "result[1][0][0]"}, tensor<1024xf32> {jax.result_info = "result[1][0][1]"}, tensor<1024x1024xf32> {jax.result_info = "result[1][1][0]"}, tensor<1024xf32> {jax.result_info = "result[1][1][1]"}, tensor<1024x10xf32> {jax.result_info = "result[1][2][0]"}, tensor<10xf32> {jax.result_info = "result[1][2][1]"}, tensor<784x1024xf32> {jax.result_info = "result[2][0][0]"}, tensor<1024xf32> {jax.result_info = "result[2][0][1]"}, tensor<1024x1024xf32> {jax.result_info = "result[2][1][0]"}, tensor<1024xf32> {jax.result_info = "result[2][1][1]"}, tensor<1024x10xf32> {jax.result_info = "result[2][2][0]"}, tensor<10xf32> {jax.result_info = "result[2][2][1]"}, tensor<784x1024xf32> {jax.result_info = "result[3][0][0]"}, tensor<1024xf32> {jax.result_info = "result[3][0][1]"}, tensor<1024x1024xf32> {jax.result_info = "result[3][1][0]"}, tensor<1024xf32> {jax.result_info = "result[3][1][1]"}, tensor<1024x10xf32> {jax.result_info = "result[3][2][0]"}, tensor<10xf32> {jax.result_info = "result[3][2][1]"}, tensor<i32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.dot_general %arg19, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x784xf32>, tensor<784x1024xf32>) -> tensor<256x1024xf32>
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
    %18 = stablehlo.subtract %17, %arg20 : tensor<256x10xf32>
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
    %48 = stablehlo.dot_general %44, %arg19, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x1024xf32>, tensor<256x784xf32>) -> tensor<1024x784xf32>
    %49 = stablehlo.transpose %48, dims = [1, 0] : (tensor<1024x784xf32>) -> tensor<784x1024xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %50 = stablehlo.add %arg18, %c : tensor<i32>
    %51 = stablehlo.convert %50 : (tensor<i32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %53 = stablehlo.multiply %52, %arg6 : tensor<784x1024xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %55 = stablehlo.multiply %54, %49 : tensor<784x1024xf32>
    %56 = stablehlo.add %53, %55 : tensor<784x1024xf32>
    %cst_14 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %58 = stablehlo.multiply %57, %arg7 : tensor<1024xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %60 = stablehlo.multiply %59, %47 : tensor<1024xf32>
    %61 = stablehlo.add %58, %60 : tensor<1024xf32>
    %cst_16 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %63 = stablehlo.multiply %62, %arg8 : tensor<1024x1024xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %65 = stablehlo.multiply %64, %40 : tensor<1024x1024xf32>
    %66 = stablehlo.add %63, %65 : tensor<1024x1024xf32>
    %cst_18 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %68 = stablehlo.multiply %67, %arg9 : tensor<1024xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %70 = stablehlo.multiply %69, %38 : tensor<1024xf32>
    %71 = stablehlo.add %68, %70 : tensor<1024xf32>
    %cst_20 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %73 = stablehlo.multiply %72, %arg10 : tensor<1024x10xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %75 = stablehlo.multiply %74, %31 : tensor<1024x10xf32>
    %76 = stablehlo.add %73, %75 : tensor<1024x10xf32>
    %cst_22 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %78 = stablehlo.multiply %77, %arg11 : tensor<10xf32>
    %cst_23 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %80 = stablehlo.multiply %79, %29 : tensor<10xf32>
    %81 = stablehlo.add %78, %80 : tensor<10xf32>
    %cst_24 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %83 = stablehlo.multiply %82, %arg12 : tensor<784x1024xf32>
    %cst_25 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %85 = stablehlo.multiply %84, %49 : tensor<784x1024xf32>
    %86 = stablehlo.multiply %85, %49 : tensor<784x1024xf32>
    %87 = stablehlo.add %83, %86 : tensor<784x1024xf32>
    %cst_26 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %89 = stablehlo.multiply %88, %arg13 : tensor<1024xf32>
    %cst_27 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %91 = stablehlo.multiply %90, %47 : tensor<1024xf32>
    %92 = stablehlo.multiply %91, %47 : tensor<1024xf32>
    %93 = stablehlo.add %89, %92 : tensor<1024xf32>
    %cst_28 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %95 = stablehlo.multiply %94, %arg14 : tensor<1024x1024xf32>
    %cst_29 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %97 = stablehlo.multiply %96, %40 : tensor<1024x1024xf32>
    %98 = stablehlo.multiply %97, %40 : tensor<1024x1024xf32>
    %99 = stablehlo.add %95, %98 : tensor<1024x1024xf32>
    %cst_30 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %101 = stablehlo.multiply %100, %arg15 : tensor<1024xf32>
    %cst_31 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %103 = stablehlo.multiply %102, %38 : tensor<1024xf32>
    %104 = stablehlo.multiply %103, %38 : tensor<1024xf32>
    %105 = stablehlo.add %101, %104 : tensor<1024xf32>
    %cst_32 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %107 = stablehlo.multiply %106, %arg16 : tensor<1024x10xf32>
    %cst_33 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %109 = stablehlo.multiply %108, %31 : tensor<1024x10xf32>
    %110 = stablehlo.multiply %109, %31 : tensor<1024x10xf32>
    %111 = stablehlo.add %107, %110 : tensor<1024x10xf32>
    %cst_34 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %113 = stablehlo.multiply %112, %arg17 : tensor<10xf32>
    %cst_35 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %115 = stablehlo.multiply %114, %29 : tensor<10xf32>
    %116 = stablehlo.multiply %115, %29 : tensor<10xf32>
    %117 = stablehlo.add %113, %116 : tensor<10xf32>
    %cst_36 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %118 = stablehlo.power %cst_36, %51 : tensor<f32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %119 = stablehlo.subtract %cst_37, %118 : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %119, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %121 = stablehlo.divide %56, %120 : tensor<784x1024xf32>
    %cst_38 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %123 = stablehlo.multiply %122, %121 : tensor<784x1024xf32>
    %cst_39 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %124 = stablehlo.power %cst_39, %51 : tensor<f32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %125 = stablehlo.subtract %cst_40, %124 : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %125, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %127 = stablehlo.divide %87, %126 : tensor<784x1024xf32>
    %128 = stablehlo.sqrt %127 : tensor<784x1024xf32>
    %cst_41 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<784x1024xf32>
    %130 = stablehlo.add %128, %129 : tensor<784x1024xf32>
    %131 = stablehlo.divide %123, %130 : tensor<784x1024xf32>
    %132 = stablehlo.subtract %arg0, %131 : tensor<784x1024xf32>
    %cst_42 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %133 = stablehlo.power %cst_42, %51 : tensor<f32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.subtract %cst_43, %133 : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %134, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %136 = stablehlo.divide %61, %135 : tensor<1024xf32>
    %cst_44 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %138 = stablehlo.multiply %137, %136 : tensor<1024xf32>
    %cst_45 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %139 = stablehlo.power %cst_45, %51 : tensor<f32>
    %cst_46 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %140 = stablehlo.subtract %cst_46, %139 : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %140, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %142 = stablehlo.divide %93, %141 : tensor<1024xf32>
    %143 = stablehlo.sqrt %142 : tensor<1024xf32>
    %cst_47 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %145 = stablehlo.add %143, %144 : tensor<1024xf32>
    %146 = stablehlo.divide %138, %145 : tensor<1024xf32>
    %147 = stablehlo.subtract %arg1, %146 : tensor<1024xf32>
    %cst_48 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %148 = stablehlo.power %cst_48, %51 : tensor<f32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %149 = stablehlo.subtract %cst_49, %148 : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %151 = stablehlo.divide %66, %150 : tensor<1024x1024xf32>
    %cst_50 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %153 = stablehlo.multiply %152, %151 : tensor<1024x1024xf32>
    %cst_51 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %154 = stablehlo.power %cst_51, %51 : tensor<f32>
    %cst_52 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %155 = stablehlo.subtract %cst_52, %154 : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %155, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %157 = stablehlo.divide %99, %156 : tensor<1024x1024xf32>
    %158 = stablehlo.sqrt %157 : tensor<1024x1024xf32>
    %cst_53 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %160 = stablehlo.add %158, %159 : tensor<1024x1024xf32>
    %161 = stablehlo.divide %153, %160 : tensor<1024x1024xf32>
    %162 = stablehlo.subtract %arg2, %161 : tensor<1024x1024xf32>
    %cst_54 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %163 = stablehlo.power %cst_54, %51 : tensor<f32>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %164 = stablehlo.subtract %cst_55, %163 : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %166 = stablehlo.divide %71, %165 : tensor<1024xf32>
    %cst_56 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %168 = stablehlo.multiply %167, %166 : tensor<1024xf32>
    %cst_57 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %169 = stablehlo.power %cst_57, %51 : tensor<f32>
    %cst_58 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %170 = stablehlo.subtract %cst_58, %169 : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %170, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %172 = stablehlo.divide %105, %171 : tensor<1024xf32>
    %173 = stablehlo.sqrt %172 : tensor<1024xf32>
    %cst_59 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %175 = stablehlo.add %173, %174 : tensor<1024xf32>
    %176 = stablehlo.divide %168, %175 : tensor<1024xf32>
    %177 = stablehlo.subtract %arg3, %176 : tensor<1024xf32>
    %cst_60 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %178 = stablehlo.power %cst_60, %51 : tensor<f32>
    %cst_61 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %179 = stablehlo.subtract %cst_61, %178 : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %179, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %181 = stablehlo.divide %76, %180 : tensor<1024x10xf32>
    %cst_62 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %183 = stablehlo.multiply %182, %181 : tensor<1024x10xf32>
    %cst_63 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %184 = stablehlo.power %cst_63, %51 : tensor<f32>
    %cst_64 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %185 = stablehlo.subtract %cst_64, %184 : tensor<f32>
    %186 = stablehlo.broadcast_in_dim %185, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %187 = stablehlo.divide %111, %186 : tensor<1024x10xf32>
    %188 = stablehlo.sqrt %187 : tensor<1024x10xf32>
    %cst_65 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<1024x10xf32>
    %190 = stablehlo.add %188, %189 : tensor<1024x10xf32>
    %191 = stablehlo.divide %183, %190 : tensor<1024x10xf32>
    %192 = stablehlo.subtract %arg4, %191 : tensor<1024x10xf32>
    %cst_66 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %193 = stablehlo.power %cst_66, %51 : tensor<f32>
    %cst_67 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %194 = stablehlo.subtract %cst_67, %193 : tensor<f32>
    %195 = stablehlo.broadcast_in_dim %194, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %196 = stablehlo.divide %81, %195 : tensor<10xf32>
    %cst_68 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %198 = stablehlo.multiply %197, %196 : tensor<10xf32>
    %cst_69 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %199 = stablehlo.power %cst_69, %51 : tensor<f32>
    %cst_70 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %200 = stablehlo.subtract %cst_70, %199 : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %202 = stablehlo.divide %117, %201 : tensor<10xf32>
    %203 = stablehlo.sqrt %202 : tensor<10xf32>
    %cst_71 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %205 = stablehlo.add %203, %204 : tensor<10xf32>
    %206 = stablehlo.divide %198, %205 : tensor<10xf32>
    %207 = stablehlo.subtract %arg5, %206 : tensor<10xf32>
    return %23, %132, %147, %162, %177, %192, %207, %56, %61, %66, %71, %76, %81, %87, %93, %99, %105, %111, %117, %50 : tensor<f32>, tensor<784x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x10xf32>, tensor<10xf32>, tensor<784x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x10xf32>, tensor<10xf32>, tensor<784x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x10xf32>, tensor<10xf32>, tensor<i32>
  }
}
