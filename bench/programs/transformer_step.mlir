// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_transformer_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024xf32> {tf.aliasing_output = 1 : i32}, %arg1: tensor<256xf32> {tf.aliasing_output = 2 : i32}, %arg2: tensor<256xf32> {tf.aliasing_output = 3 : i32}, %arg3: tensor<256xf32> {tf.aliasing_output = 4 : i32}, %arg4: tensor<256xf32> {tf.aliasing_output = 5 : i32}, %arg5: tensor<256xf32> {tf.aliasing_output = 6 : i32}, %arg6: tensor<256x1024xf32> {tf.aliasing_output = 7 : i32}, %arg7: tensor<1024x256xf32> {tf.aliasing_output = 8 : i32}, %arg8: tensor<256x256xf32> {tf.aliasing_output = 9 : i32}, %arg9: tensor<256x256xf32> {tf.aliasing_output = 10 : i32}, %arg10: tensor<256x256xf32> {tf.aliasing_output = 11 : i32}, %arg11: tensor<256x256xf32> {tf.aliasing_output = 12 : i32}, %arg12: tensor<4x256x256xf32>, %arg13: tensor<4x256x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<1024xf32> {jax.result_info = "result[1]['b1']"}, tensor<256xf32> {jax.result_info = "result[1]['b2']"}, tensor<256xf32> {jax.result_info = "result[1]['ln1_b']"}, tensor<256xf32> {jax.result_info = "result[1]['ln1_g']"}, tensor<256xf32> {jax.result_info = "result[1]['ln2_b']"}, tensor<256xf32> {jax.result_info = "result[1]['ln2_g']"}, tensor<256x1024xf32> {jax.result_info = "result[1]['w1']"}, tensor<1024x256xf32> {jax.result_info = "result[1]['w2']"}, tensor<256x256xf32> {jax.result_info = "result[1]['wk']"}, tensor<256x256xf32> {jax.result_info = "result[1]['wo']"}, tensor<256x256xf32> {jax.result_info = "result[1]['wq']"}, tensor<256x256xf32> {jax.result_info = "result[1]['wv']"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg12 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_0 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x256x1xf32>
    %4 = stablehlo.multiply %arg12, %arg12 : tensor<4x256x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_2 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %8 = stablehlo.divide %6, %7 : tensor<4x256x1xf32>
    %9 = stablehlo.multiply %3, %3 : tensor<4x256x1xf32>
    %10 = stablehlo.subtract %8, %9 : tensor<4x256x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %12 = stablehlo.subtract %arg12, %11 : tensor<4x256x256xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<4x256x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<4x256x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<4x256x256xf32>
    %18 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<4x256x256xf32>
    %21 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %23 = stablehlo.add %20, %22 : tensor<4x256x256xf32>
    %24 = stablehlo.dot_general %23, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %25 = stablehlo.reshape %24 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %26 = stablehlo.dot_general %23, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %27 = stablehlo.reshape %26 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %28 = stablehlo.dot_general %23, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %29 = stablehlo.reshape %28 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %30 = stablehlo.reshape %25 : (tensor<4x256x4x64xf32>) -> tensor<4x256x4x1x64xf32>
    %31 = stablehlo.dot_general %27, %30, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x256x4x64xf32>, tensor<4x256x4x1x64xf32>) -> tensor<4x4x256x256x1xf32>
    %32 = stablehlo.transpose %31, dims = [0, 1, 4, 3, 2] : (tensor<4x4x256x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %33 = stablehlo.sqrt %cst_4 : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %35 = stablehlo.divide %32, %34 : tensor<4x4x1x256x256xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %36 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %37 = call @tril(%36) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %38:2 = call @_where(%37, %35, %cst_5) : (tensor<256x256xi1>, tensor<4x4x1x256x256xf32>, tensor<f32>) -> (tensor<4x4x1x256x256xf32>, tensor<4x4x1x256x256xi1>)
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %39 = stablehlo.reduce(%38#0 init: %cst_6) applies stablehlo.maximum across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x4x1x256xf32>
    %41 = stablehlo.maximum %40, %39 : tensor<4x4x1x256xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %44 = stablehlo.subtract %38#0, %43 : tensor<4x4x1x256x256xf32>
    %45 = stablehlo.exponential %44 : tensor<4x4x1x256x256xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_8) applies stablehlo.add across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %49 = stablehlo.divide %45, %48 : tensor<4x4x1x256x256xf32>
    %50 = stablehlo.multiply %47, %47 : tensor<4x4x1x256x1xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x1xf32>
    %52 = stablehlo.divide %51, %50 : tensor<4x4x1x256x1xf32>
    %53 = stablehlo.dot_general %29, %49, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x256x4x64xf32>, tensor<4x4x1x256x256xf32>) -> tensor<4x4x64x1x256xf32>
    %54 = stablehlo.transpose %53, dims = [0, 4, 1, 3, 2] : (tensor<4x4x64x1x256xf32>) -> tensor<4x256x4x1x64xf32>
    %55 = stablehlo.reshape %54 : (tensor<4x256x4x1x64xf32>) -> tensor<4x256x4x64xf32>
    %56 = stablehlo.reshape %55 : (tensor<4x256x4x64xf32>) -> tensor<4x256x256xf32>
    %57 = stablehlo.dot_general %56, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %58 = stablehlo.add %arg12, %57 : tensor<4x256x256xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_11 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %62 = stablehlo.divide %60, %61 : tensor<4x256x1xf32>
    %63 = stablehlo.multiply %58, %58 : tensor<4x256x256xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.reduce(%63 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_13 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %67 = stablehlo.divide %65, %66 : tensor<4x256x1xf32>
    %68 = stablehlo.multiply %62, %62 : tensor<4x256x1xf32>
    %69 = stablehlo.subtract %67, %68 : tensor<4x256x1xf32>
    %70 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %71 = stablehlo.subtract %58, %70 : tensor<4x256x256xf32>
    %cst_14 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %73 = stablehlo.add %69, %72 : tensor<4x256x1xf32>
    %74 = stablehlo.rsqrt %73 : tensor<4x256x1xf32>
    %75 = stablehlo.divide %74, %73 : tensor<4x256x1xf32>
    %cst_15 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %77 = stablehlo.multiply %76, %75 : tensor<4x256x1xf32>
    %78 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %79 = stablehlo.multiply %71, %78 : tensor<4x256x256xf32>
    %80 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %82 = stablehlo.multiply %79, %81 : tensor<4x256x256xf32>
    %83 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %85 = stablehlo.add %82, %84 : tensor<4x256x256xf32>
    %86 = stablehlo.dot_general %85, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x1024xf32>) -> tensor<4x256x1024xf32>
    %87 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x1024xf32>) -> tensor<4x256x1024xf32>
    %89 = stablehlo.add %86, %88 : tensor<4x256x1024xf32>
    %90 = stablehlo.multiply %89, %89 : tensor<4x256x1024xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<4x256x1024xf32>
    %92 = stablehlo.multiply %89, %89 : tensor<4x256x1024xf32>
    %cst_16 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %94 = stablehlo.multiply %93, %92 : tensor<4x256x1024xf32>
    %cst_17 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %96 = stablehlo.multiply %95, %91 : tensor<4x256x1024xf32>
    %97 = stablehlo.add %89, %96 : tensor<4x256x1024xf32>
    %cst_18 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %99 = stablehlo.multiply %98, %97 : tensor<4x256x1024xf32>
    %100 = stablehlo.tanh %99 : tensor<4x256x1024xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %102 = stablehlo.subtract %101, %100 : tensor<4x256x1024xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %104 = stablehlo.add %103, %100 : tensor<4x256x1024xf32>
    %cst_21 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %106 = stablehlo.multiply %105, %104 : tensor<4x256x1024xf32>
    %107 = stablehlo.multiply %89, %106 : tensor<4x256x1024xf32>
    %108 = stablehlo.dot_general %107, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x1024xf32>, tensor<1024x256xf32>) -> tensor<4x256x256xf32>
    %109 = stablehlo.add %58, %108 : tensor<4x256x256xf32>
    %110 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %112 = stablehlo.add %109, %111 : tensor<4x256x256xf32>
    %113 = stablehlo.subtract %112, %arg13 : tensor<4x256x256xf32>
    %114 = stablehlo.multiply %113, %113 : tensor<4x256x256xf32>
    %cst_22 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4x256x256xf32>
    %116 = stablehlo.multiply %115, %113 : tensor<4x256x256xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.reduce(%114 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_24 = stablehlo.constant dense<2.621440e+05> : tensor<f32>
    %118 = stablehlo.divide %117, %cst_24 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_26 = stablehlo.constant dense<2.621440e+05> : tensor<f32>
    %119 = stablehlo.divide %cst_25, %cst_26 : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %119, dims = [] : (tensor<f32>) -> tensor<4x256x256xf32>
    %121 = stablehlo.multiply %120, %116 : tensor<4x256x256xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.reduce(%121 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<256xf32>
    %123 = stablehlo.reshape %122 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.reduce(%123 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %125 = stablehlo.dot_general %121, %107, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<4x256x1024xf32>) -> tensor<256x1024xf32>
    %126 = stablehlo.transpose %125, dims = [1, 0] : (tensor<256x1024xf32>) -> tensor<1024x256xf32>
    %127 = stablehlo.dot_general %121, %arg7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<1024x256xf32>) -> tensor<4x256x1024xf32>
    %128 = stablehlo.multiply %89, %127 : tensor<4x256x1024xf32>
    %129 = stablehlo.multiply %127, %106 : tensor<4x256x1024xf32>
    %cst_29 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %131 = stablehlo.multiply %130, %128 : tensor<4x256x1024xf32>
    %132 = stablehlo.multiply %131, %102 : tensor<4x256x1024xf32>
    %133 = stablehlo.multiply %132, %100 : tensor<4x256x1024xf32>
    %134 = stablehlo.add %132, %133 : tensor<4x256x1024xf32>
    %cst_30 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %136 = stablehlo.multiply %135, %134 : tensor<4x256x1024xf32>
    %137 = stablehlo.add %129, %136 : tensor<4x256x1024xf32>
    %cst_31 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %139 = stablehlo.multiply %138, %136 : tensor<4x256x1024xf32>
    %140 = stablehlo.multiply %139, %94 : tensor<4x256x1024xf32>
    %141 = stablehlo.add %137, %140 : tensor<4x256x1024xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %142 = stablehlo.reduce(%141 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x256x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %143 = stablehlo.reshape %142 : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %144 = stablehlo.reduce(%143 init: %cst_33) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %145 = stablehlo.dot_general %141, %85, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x1024xf32>, tensor<4x256x256xf32>) -> tensor<1024x256xf32>
    %146 = stablehlo.transpose %145, dims = [1, 0] : (tensor<1024x256xf32>) -> tensor<256x1024xf32>
    %147 = stablehlo.dot_general %141, %arg6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x1024xf32>, tensor<256x1024xf32>) -> tensor<4x256x256xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %148 = stablehlo.reduce(%147 init: %cst_34) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<256xf32>
    %149 = stablehlo.reshape %148 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %150 = stablehlo.reduce(%149 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %151 = stablehlo.multiply %79, %147 : tensor<4x256x256xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %152 = stablehlo.reduce(%151 init: %cst_36) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<256xf32>
    %153 = stablehlo.reshape %152 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %154 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %155 = stablehlo.multiply %147, %154 : tensor<4x256x256xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %156 = stablehlo.reduce(%153 init: %cst_37) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %157 = stablehlo.multiply %71, %155 : tensor<4x256x256xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %159 = stablehlo.reshape %158 : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %160 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %161 = stablehlo.multiply %155, %160 : tensor<4x256x256xf32>
    %162 = stablehlo.multiply %159, %77 : tensor<4x256x1xf32>
    %163 = stablehlo.negate %161 : tensor<4x256x256xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %164 = stablehlo.reduce(%163 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %165 = stablehlo.reshape %164 : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %166 = stablehlo.add %121, %161 : tensor<4x256x256xf32>
    %167 = stablehlo.negate %162 : tensor<4x256x1xf32>
    %168 = stablehlo.multiply %62, %167 : tensor<4x256x1xf32>
    %169 = stablehlo.add %165, %168 : tensor<4x256x1xf32>
    %170 = stablehlo.multiply %167, %62 : tensor<4x256x1xf32>
    %171 = stablehlo.add %169, %170 : tensor<4x256x1xf32>
    %cst_40 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %173 = stablehlo.divide %162, %172 : tensor<4x256x1xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %174 = stablehlo.reduce(%173 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<4x256x1xf32>, tensor<f32>) -> tensor<4x256xf32>
    %175 = stablehlo.broadcast_in_dim %174, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x256xf32>
    %176 = stablehlo.multiply %58, %175 : tensor<4x256x256xf32>
    %177 = stablehlo.add %166, %176 : tensor<4x256x256xf32>
    %178 = stablehlo.multiply %175, %58 : tensor<4x256x256xf32>
    %179 = stablehlo.add %177, %178 : tensor<4x256x256xf32>
    %cst_42 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %181 = stablehlo.divide %171, %180 : tensor<4x256x1xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %182 = stablehlo.reduce(%181 init: %cst_43) applies stablehlo.add across dimensions = [2] : (tensor<4x256x1xf32>, tensor<f32>) -> tensor<4x256xf32>
    %183 = stablehlo.broadcast_in_dim %182, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x256xf32>
    %184 = stablehlo.add %179, %183 : tensor<4x256x256xf32>
    %185 = stablehlo.dot_general %184, %56, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<4x256x256xf32>) -> tensor<256x256xf32>
    %186 = stablehlo.transpose %185, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %187 = stablehlo.dot_general %184, %arg9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %188 = stablehlo.reshape %187 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %189 = stablehlo.reshape %188 : (tensor<4x256x4x64xf32>) -> tensor<4x256x4x1x64xf32>
    %190 = stablehlo.transpose %189, dims = [0, 2, 4, 3, 1] : (tensor<4x256x4x1x64xf32>) -> tensor<4x4x64x1x256xf32>
    %191 = stablehlo.dot_general %190, %29, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x4x64x1x256xf32>, tensor<4x256x4x64xf32>) -> tensor<4x4x1x256x256xf32>
    %192 = stablehlo.dot_general %190, %49, batching_dims = [0, 1] x [0, 1], contracting_dims = [3, 4] x [2, 3], precision = [DEFAULT, DEFAULT] : (tensor<4x4x64x1x256xf32>, tensor<4x4x1x256x256xf32>) -> tensor<4x4x64x256xf32>
    %193 = stablehlo.transpose %192, dims = [0, 3, 1, 2] : (tensor<4x4x64x256xf32>) -> tensor<4x256x4x64xf32>
    %194 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %195 = stablehlo.multiply %191, %194 : tensor<4x4x1x256x256xf32>
    %196 = stablehlo.multiply %195, %45 : tensor<4x4x1x256x256xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %197 = stablehlo.reduce(%196 init: %cst_44) applies stablehlo.add across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %198 = stablehlo.reshape %197 : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %199 = stablehlo.negate %198 : tensor<4x4x1x256x1xf32>
    %200 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %201 = stablehlo.divide %191, %200 : tensor<4x4x1x256x256xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %202 = stablehlo.reduce(%199 init: %cst_45) applies stablehlo.add across dimensions = [2, 4] : (tensor<4x4x1x256x1xf32>, tensor<f32>) -> tensor<4x4x256xf32>
    %203 = stablehlo.broadcast_in_dim %202, dims = [0, 1, 3] : (tensor<4x4x256xf32>) -> tensor<4x4x1x256xf32>
    %204 = stablehlo.broadcast_in_dim %203, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x256xf32>
    %205 = stablehlo.add %201, %204 : tensor<4x4x1x256x256xf32>
    %206 = stablehlo.multiply %205, %45 : tensor<4x4x1x256x256xf32>
    %207 = call @_where_0(%38#1, %206) : (tensor<4x4x1x256x256xi1>, tensor<4x4x1x256x256xf32>) -> tensor<4x4x1x256x256xf32>
    %208 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %209 = stablehlo.divide %207, %208 : tensor<4x4x1x256x256xf32>
    %210 = stablehlo.transpose %209, dims = [0, 1, 4, 3, 2] : (tensor<4x4x1x256x256xf32>) -> tensor<4x4x256x256x1xf32>
    %211 = stablehlo.dot_general %210, %27, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x4x256x256x1xf32>, tensor<4x256x4x64xf32>) -> tensor<4x4x256x1x64xf32>
    %212 = stablehlo.transpose %211, dims = [0, 2, 1, 3, 4] : (tensor<4x4x256x1x64xf32>) -> tensor<4x256x4x1x64xf32>
    %213 = stablehlo.dot_general %210, %30, batching_dims = [0, 1] x [0, 2], contracting_dims = [3, 4] x [1, 3], precision = [DEFAULT, DEFAULT] : (tensor<4x4x256x256x1xf32>, tensor<4x256x4x1x64xf32>) -> tensor<4x4x256x64xf32>
    %214 = stablehlo.transpose %213, dims = [0, 2, 1, 3] : (tensor<4x4x256x64xf32>) -> tensor<4x256x4x64xf32>
    %215 = stablehlo.reshape %212 : (tensor<4x256x4x1x64xf32>) -> tensor<4x256x4x64xf32>
    %216 = stablehlo.reshape %193 : (tensor<4x256x4x64xf32>) -> tensor<4x256x256xf32>
    %217 = stablehlo.dot_general %216, %23, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<4x256x256xf32>) -> tensor<256x256xf32>
    %218 = stablehlo.transpose %217, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %219 = stablehlo.dot_general %216, %arg11, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %220 = stablehlo.reshape %214 : (tensor<4x256x4x64xf32>) -> tensor<4x256x256xf32>
    %221 = stablehlo.dot_general %220, %23, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<4x256x256xf32>) -> tensor<256x256xf32>
    %222 = stablehlo.transpose %221, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %223 = stablehlo.dot_general %220, %arg8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %224 = stablehlo.add %219, %223 : tensor<4x256x256xf32>
    %225 = stablehlo.reshape %215 : (tensor<4x256x4x64xf32>) -> tensor<4x256x256xf32>
    %226 = stablehlo.dot_general %225, %23, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<4x256x256xf32>) -> tensor<256x256xf32>
    %227 = stablehlo.transpose %226, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %228 = stablehlo.dot_general %225, %arg10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %229 = stablehlo.add %224, %228 : tensor<4x256x256xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %230 = stablehlo.reduce(%229 init: %cst_46) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<256xf32>
    %231 = stablehlo.reshape %230 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %232 = stablehlo.reduce(%231 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %233 = stablehlo.multiply %17, %229 : tensor<4x256x256xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %234 = stablehlo.reduce(%233 init: %cst_48) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<256xf32>
    %235 = stablehlo.reshape %234 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %236 = stablehlo.reduce(%235 init: %cst_49) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %cst_50 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %238 = stablehlo.multiply %237, %144 : tensor<1024xf32>
    %239 = stablehlo.subtract %arg0, %238 : tensor<1024xf32>
    %cst_51 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %240 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %241 = stablehlo.multiply %240, %124 : tensor<256xf32>
    %242 = stablehlo.subtract %arg1, %241 : tensor<256xf32>
    %cst_52 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %244 = stablehlo.multiply %243, %232 : tensor<256xf32>
    %245 = stablehlo.subtract %arg2, %244 : tensor<256xf32>
    %cst_53 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %247 = stablehlo.multiply %246, %236 : tensor<256xf32>
    %248 = stablehlo.subtract %arg3, %247 : tensor<256xf32>
    %cst_54 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %249 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %250 = stablehlo.multiply %249, %150 : tensor<256xf32>
    %251 = stablehlo.subtract %arg4, %250 : tensor<256xf32>
    %cst_55 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %252 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %253 = stablehlo.multiply %252, %156 : tensor<256xf32>
    %254 = stablehlo.subtract %arg5, %253 : tensor<256xf32>
    %cst_56 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %256 = stablehlo.multiply %255, %146 : tensor<256x1024xf32>
    %257 = stablehlo.subtract %arg6, %256 : tensor<256x1024xf32>
    %cst_57 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<1024x256xf32>
    %259 = stablehlo.multiply %258, %126 : tensor<1024x256xf32>
    %260 = stablehlo.subtract %arg7, %259 : tensor<1024x256xf32>
    %cst_58 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
    %262 = stablehlo.multiply %261, %222 : tensor<256x256xf32>
    %263 = stablehlo.subtract %arg8, %262 : tensor<256x256xf32>
    %cst_59 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
    %265 = stablehlo.multiply %264, %186 : tensor<256x256xf32>
    %266 = stablehlo.subtract %arg9, %265 : tensor<256x256xf32>
    %cst_60 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %267 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
    %268 = stablehlo.multiply %267, %227 : tensor<256x256xf32>
    %269 = stablehlo.subtract %arg10, %268 : tensor<256x256xf32>
    %cst_61 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %270 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
    %271 = stablehlo.multiply %270, %218 : tensor<256x256xf32>
    %272 = stablehlo.subtract %arg11, %271 : tensor<256x256xf32>
    return %118, %239, %242, %245, %248, %251, %254, %257, %260, %263, %266, %269, %272 : tensor<f32>, tensor<1024xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256x1024xf32>, tensor<1024x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>
  }
  func.func private @tril(%arg0: tensor<256x256xi1>) -> tensor<256x256xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<256x256xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<256x256xi32>
    %2 = stablehlo.add %0, %1 : tensor<256x256xi32>
    %3 = stablehlo.iota dim = 1 : tensor<256x256xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<256x256xi32>, tensor<256x256xi32>) -> tensor<256x256xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<256x256xi1>, tensor<256x256xi1>
    return %6 : tensor<256x256xi1>
  }
  func.func private @_where(%arg0: tensor<256x256xi1>, %arg1: tensor<4x4x1x256x256xf32>, %arg2: tensor<f32>) -> (tensor<4x4x1x256x256xf32>, tensor<4x4x1x256x256xi1>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [3, 4] : (tensor<256x256xi1>) -> tensor<4x4x1x256x256xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<4x4x1x256x256xi1>, tensor<4x4x1x256x256xf32>
    return %3, %1 : tensor<4x4x1x256x256xf32>, tensor<4x4x1x256x256xi1>
  }
  func.func private @_where_0(%arg0: tensor<4x4x1x256x256xi1>, %arg1: tensor<4x4x1x256x256xf32>) -> tensor<4x4x1x256x256xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<4x4x1x256x256xi1>, tensor<4x4x1x256x256xf32>
    return %1 : tensor<4x4x1x256x256xf32>
  }
}
