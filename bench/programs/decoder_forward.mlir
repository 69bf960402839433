// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_decoder_forward attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256xf32>, %arg4: tensor<256xf32>, %arg5: tensor<256xf32>, %arg6: tensor<256x1024xf32>, %arg7: tensor<1024x256xf32>, %arg8: tensor<256x256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<256x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<1024xf32>, %arg13: tensor<256xf32>, %arg14: tensor<256xf32>, %arg15: tensor<256xf32>, %arg16: tensor<256xf32>, %arg17: tensor<256xf32>, %arg18: tensor<256x1024xf32>, %arg19: tensor<1024x256xf32>, %arg20: tensor<256x256xf32>, %arg21: tensor<256x256xf32>, %arg22: tensor<256x256xf32>, %arg23: tensor<256x256xf32>, %arg24: tensor<8192x256xf32>, %arg25: tensor<256xf32>, %arg26: tensor<256xf32>, %arg27: tensor<256x256xf32>, %arg28: tensor<4x256xi32>) -> (tensor<4x256x8192xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x256xi32>
    %1 = stablehlo.compare LT, %arg28, %0, SIGNED : (tensor<4x256xi32>, tensor<4x256xi32>) -> tensor<4x256xi1>
    %c_0 = stablehlo.constant dense<8192> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x256xi32>
    %3 = stablehlo.add %arg28, %2 : tensor<4x256xi32>
    %4 = stablehlo.select %1, %3, %arg28 : tensor<4x256xi1>, tensor<4x256xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x256xi32>) -> tensor<4x256x1xi32>
    %6 = "stablehlo.gather"(%arg24, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 256>}> : (tensor<8192x256xf32>, tensor<4x256x1xi32>) -> tensor<4x256x256xf32>
    %7 = stablehlo.broadcast_in_dim %arg27, dims = [1, 2] : (tensor<256x256xf32>) -> tensor<1x256x256xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x256x256xf32>) -> tensor<4x256x256xf32>
    %9 = stablehlo.add %6, %8 : tensor<4x256x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_1 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %13 = stablehlo.divide %11, %12 : tensor<4x256x1xf32>
    %14 = stablehlo.multiply %9, %9 : tensor<4x256x256xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_3 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %18 = stablehlo.divide %16, %17 : tensor<4x256x1xf32>
    %19 = stablehlo.multiply %13, %13 : tensor<4x256x1xf32>
    %20 = stablehlo.subtract %18, %19 : tensor<4x256x1xf32>
    %21 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %22 = stablehlo.subtract %9, %21 : tensor<4x256x256xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %24 = stablehlo.add %20, %23 : tensor<4x256x1xf32>
    %25 = stablehlo.rsqrt %24 : tensor<4x256x1xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %27 = stablehlo.multiply %22, %26 : tensor<4x256x256xf32>
    %28 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %30 = stablehlo.multiply %27, %29 : tensor<4x256x256xf32>
    %31 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %33 = stablehlo.add %30, %32 : tensor<4x256x256xf32>
    %34 = stablehlo.dot_general %33, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %35 = stablehlo.reshape %34 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %36 = stablehlo.dot_general %33, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %37 = stablehlo.reshape %36 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %38 = stablehlo.dot_general %33, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %39 = stablehlo.reshape %38 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %40 = stablehlo.reshape %35 : (tensor<4x256x4x64xf32>) -> tensor<4x256x4x1x64xf32>
    %41 = stablehlo.dot_general %37, %40, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x256x4x64xf32>, tensor<4x256x4x1x64xf32>) -> tensor<4x4x256x256x1xf32>
    %42 = stablehlo.transpose %41, dims = [0, 1, 4, 3, 2] : (tensor<4x4x256x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %cst_5 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %43 = stablehlo.sqrt %cst_5 : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %45 = stablehlo.divide %42, %44 : tensor<4x4x1x256x256xf32>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %46 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %47 = call @tril(%46) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %48 = call @_where(%47, %45, %cst_7) : (tensor<256x256xi1>, tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_8) applies stablehlo.maximum across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x4x1x256xf32>
    %51 = stablehlo.maximum %50, %49 : tensor<4x4x1x256xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %54 = stablehlo.subtract %48, %53 : tensor<4x4x1x256x256xf32>
    %55 = stablehlo.exponential %54 : tensor<4x4x1x256x256xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_10) applies stablehlo.add across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %59 = stablehlo.divide %55, %58 : tensor<4x4x1x256x256xf32>
    %60 = stablehlo.dot_general %39, %59, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x256x4x64xf32>, tensor<4x4x1x256x256xf32>) -> tensor<4x4x64x1x256xf32>
    %61 = stablehlo.transpose %60, dims = [0, 4, 1, 3, 2] : (tensor<4x4x64x1x256xf32>) -> tensor<4x256x4x1x64xf32>
    %62 = stablehlo.reshape %61 : (tensor<4x256x4x1x64xf32>) -> tensor<4x256x4x64xf32>
    %63 = stablehlo.reshape %62 : (tensor<4x256x4x64xf32>) -> tensor<4x256x256xf32>
    %64 = stablehlo.dot_general %63, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %65 = stablehlo.add %9, %64 : tensor<4x256x256xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_12 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %69 = stablehlo.divide %67, %68 : tensor<4x256x1xf32>
    %70 = stablehlo.multiply %65, %65 : tensor<4x256x256xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %71 = stablehlo.reduce(%70 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_14 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %74 = stablehlo.divide %72, %73 : tensor<4x256x1xf32>
    %75 = stablehlo.multiply %69, %69 : tensor<4x256x1xf32>
    %76 = stablehlo.subtract %74, %75 : tensor<4x256x1xf32>
    %77 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %78 = stablehlo.subtract %65, %77 : tensor<4x256x256xf32>
    %cst_15 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %80 = stablehlo.add %76, %79 : tensor<4x256x1xf32>
    %81 = stablehlo.rsqrt %80 : tensor<4x256x1xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %83 = stablehlo.multiply %78, %82 : tensor<4x256x256xf32>
    %84 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %86 = stablehlo.multiply %83, %85 : tensor<4x256x256xf32>
    %87 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %89 = stablehlo.add %86, %88 : tensor<4x256x256xf32>
    %90 = stablehlo.dot_general %89, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x1024xf32>) -> tensor<4x256x1024xf32>
    %91 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2] : (tensor<1x1x1024xf32>) -> tensor<4x256x1024xf32>
    %93 = stablehlo.add %90, %92 : tensor<4x256x1024xf32>
    %94 = stablehlo.multiply %93, %93 : tensor<4x256x1024xf32>
    %95 = stablehlo.multiply %94, %93 : tensor<4x256x1024xf32>
    %cst_16 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %97 = stablehlo.multiply %96, %95 : tensor<4x256x1024xf32>
    %98 = stablehlo.add %93, %97 : tensor<4x256x1024xf32>
    %cst_17 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %100 = stablehlo.multiply %99, %98 : tensor<4x256x1024xf32>
    %101 = stablehlo.tanh %100 : tensor<4x256x1024xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %103 = stablehlo.add %102, %101 : tensor<4x256x1024xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %105 = stablehlo.multiply %104, %103 : tensor<4x256x1024xf32>
    %106 = stablehlo.multiply %93, %105 : tensor<4x256x1024xf32>
    %107 = stablehlo.dot_general %106, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x1024xf32>, tensor<1024x256xf32>) -> tensor<4x256x256xf32>
    %108 = stablehlo.add %65, %107 : tensor<4x256x256xf32>
    %109 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %110 = stablehlo.broadcast_in_dim %109, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %111 = stablehlo.add %108, %110 : tensor<4x256x256xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.reduce(%111 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_21 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %115 = stablehlo.divide %113, %114 : tensor<4x256x1xf32>
    %116 = stablehlo.multiply %111, %111 : tensor<4x256x256xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.reduce(%116 init: %cst_22) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_23 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %120 = stablehlo.divide %118, %119 : tensor<4x256x1xf32>
    %121 = stablehlo.multiply %115, %115 : tensor<4x256x1xf32>
    %122 = stablehlo.subtract %120, %121 : tensor<4x256x1xf32>
    %123 = stablehlo.broadcast_in_dim %115, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %124 = stablehlo.subtract %111, %123 : tensor<4x256x256xf32>
    %cst_24 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %126 = stablehlo.add %122, %125 : tensor<4x256x1xf32>
    %127 = stablehlo.rsqrt %126 : tensor<4x256x1xf32>
    %128 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %129 = stablehlo.multiply %124, %128 : tensor<4x256x256xf32>
    %130 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %131 = stablehlo.broadcast_in_dim %130, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %132 = stablehlo.multiply %129, %131 : tensor<4x256x256xf32>
    %133 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %134 = stablehlo.broadcast_in_dim %133, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %135 = stablehlo.add %132, %134 : tensor<4x256x256xf32>
    %136 = stablehlo.dot_general %135, %arg22, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %137 = stablehlo.reshape %136 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %138 = stablehlo.dot_general %135, %arg20, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %139 = stablehlo.reshape %138 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %140 = stablehlo.dot_general %135, %arg23, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %141 = stablehlo.reshape %140 : (tensor<4x256x256xf32>) -> tensor<4x256x4x64xf32>
    %142 = stablehlo.reshape %137 : (tensor<4x256x4x64xf32>) -> tensor<4x256x4x1x64xf32>
    %143 = stablehlo.dot_general %139, %142, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x256x4x64xf32>, tensor<4x256x4x1x64xf32>) -> tensor<4x4x256x256x1xf32>
    %144 = stablehlo.transpose %143, dims = [0, 1, 4, 3, 2] : (tensor<4x4x256x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %cst_25 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %145 = stablehlo.sqrt %cst_25 : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %145, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %147 = stablehlo.divide %144, %146 : tensor<4x4x1x256x256xf32>
    %c_26 = stablehlo.constant dense<true> : tensor<i1>
    %148 = stablehlo.broadcast_in_dim %c_26, dims = [] : (tensor<i1>) -> tensor<256x256xi1>
    %149 = call @tril(%148) : (tensor<256x256xi1>) -> tensor<256x256xi1>
    %cst_27 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %150 = call @_where(%149, %147, %cst_27) : (tensor<256x256xi1>, tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %cst_28 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %151 = stablehlo.reduce(%150 init: %cst_28) applies stablehlo.maximum across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %cst_29 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4x4x1x256xf32>
    %153 = stablehlo.maximum %152, %151 : tensor<4x4x1x256xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %156 = stablehlo.subtract %150, %155 : tensor<4x4x1x256x256xf32>
    %157 = stablehlo.exponential %156 : tensor<4x4x1x256x256xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157 init: %cst_30) applies stablehlo.add across dimensions = [4] : (tensor<4x4x1x256x256xf32>, tensor<f32>) -> tensor<4x4x1x256xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 2, 3] : (tensor<4x4x1x256xf32>) -> tensor<4x4x1x256x1xf32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2, 3, 4] : (tensor<4x4x1x256x1xf32>) -> tensor<4x4x1x256x256xf32>
    %161 = stablehlo.divide %157, %160 : tensor<4x4x1x256x256xf32>
    %162 = stablehlo.dot_general %141, %161, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x256x4x64xf32>, tensor<4x4x1x256x256xf32>) -> tensor<4x4x64x1x256xf32>
    %163 = stablehlo.transpose %162, dims = [0, 4, 1, 3, 2] : (tensor<4x4x64x1x256xf32>) -> tensor<4x256x4x1x64xf32>
    %164 = stablehlo.reshape %163 : (tensor<4x256x4x1x64xf32>) -> tensor<4x256x4x64xf32>
    %165 = stablehlo.reshape %164 : (tensor<4x256x4x64xf32>) -> tensor<4x256x256xf32>
    %166 = stablehlo.dot_general %165, %arg21, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x256xf32>) -> tensor<4x256x256xf32>
    %167 = stablehlo.add %111, %166 : tensor<4x256x256xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %168 = stablehlo.reduce(%167 init: %cst_31) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_32 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %171 = stablehlo.divide %169, %170 : tensor<4x256x1xf32>
    %172 = stablehlo.multiply %167, %167 : tensor<4x256x256xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.reduce(%172 init: %cst_33) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %174 = stablehlo.broadcast_in_dim %173, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_34 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %176 = stablehlo.divide %174, %175 : tensor<4x256x1xf32>
    %177 = stablehlo.multiply %171, %171 : tensor<4x256x1xf32>
    %178 = stablehlo.subtract %176, %177 : tensor<4x256x1xf32>
    %179 = stablehlo.broadcast_in_dim %171, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %180 = stablehlo.subtract %167, %179 : tensor<4x256x256xf32>
    %cst_35 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %182 = stablehlo.add %178, %181 : tensor<4x256x1xf32>
    %183 = stablehlo.rsqrt %182 : tensor<4x256x1xf32>
    %184 = stablehlo.broadcast_in_dim %183, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %185 = stablehlo.multiply %180, %184 : tensor<4x256x256xf32>
    %186 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %187 = stablehlo.broadcast_in_dim %186, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %188 = stablehlo.multiply %185, %187 : tensor<4x256x256xf32>
    %189 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %190 = stablehlo.broadcast_in_dim %189, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %191 = stablehlo.add %188, %190 : tensor<4x256x256xf32>
    %192 = stablehlo.dot_general %191, %arg18, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x1024xf32>) -> tensor<4x256x1024xf32>
    %193 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<1024xf32>) -> tensor<1x1x1024xf32>
    %194 = stablehlo.broadcast_in_dim %193, dims = [0, 1, 2] : (tensor<1x1x1024xf32>) -> tensor<4x256x1024xf32>
    %195 = stablehlo.add %192, %194 : tensor<4x256x1024xf32>
    %196 = stablehlo.multiply %195, %195 : tensor<4x256x1024xf32>
    %197 = stablehlo.multiply %196, %195 : tensor<4x256x1024xf32>
    %cst_36 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %199 = stablehlo.multiply %198, %197 : tensor<4x256x1024xf32>
    %200 = stablehlo.add %195, %199 : tensor<4x256x1024xf32>
    %cst_37 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %202 = stablehlo.multiply %201, %200 : tensor<4x256x1024xf32>
    %203 = stablehlo.tanh %202 : tensor<4x256x1024xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %205 = stablehlo.add %204, %203 : tensor<4x256x1024xf32>
    %cst_39 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<4x256x1024xf32>
    %207 = stablehlo.multiply %206, %205 : tensor<4x256x1024xf32>
    %208 = stablehlo.multiply %195, %207 : tensor<4x256x1024xf32>
    %209 = stablehlo.dot_general %208, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x1024xf32>, tensor<1024x256xf32>) -> tensor<4x256x256xf32>
    %210 = stablehlo.add %167, %209 : tensor<4x256x256xf32>
    %211 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %212 = stablehlo.broadcast_in_dim %211, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %213 = stablehlo.add %210, %212 : tensor<4x256x256xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %214 = stablehlo.reduce(%213 init: %cst_40) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %215 = stablehlo.broadcast_in_dim %214, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_41 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %216 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %217 = stablehlo.divide %215, %216 : tensor<4x256x1xf32>
    %218 = stablehlo.multiply %213, %213 : tensor<4x256x256xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %219 = stablehlo.reduce(%218 init: %cst_42) applies stablehlo.add across dimensions = [2] : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0, 1] : (tensor<4x256xf32>) -> tensor<4x256x1xf32>
    %cst_43 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %222 = stablehlo.divide %220, %221 : tensor<4x256x1xf32>
    %223 = stablehlo.multiply %217, %217 : tensor<4x256x1xf32>
    %224 = stablehlo.subtract %222, %223 : tensor<4x256x1xf32>
    %225 = stablehlo.broadcast_in_dim %217, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %226 = stablehlo.subtract %213, %225 : tensor<4x256x256xf32>
    %cst_44 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<4x256x1xf32>
    %228 = stablehlo.add %224, %227 : tensor<4x256x1xf32>
    %229 = stablehlo.rsqrt %228 : tensor<4x256x1xf32>
    %230 = stablehlo.broadcast_in_dim %229, dims = [0, 1, 2] : (tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
    %231 = stablehlo.multiply %226, %230 : tensor<4x256x256xf32>
    %232 = stablehlo.broadcast_in_dim %arg26, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %233 = stablehlo.broadcast_in_dim %232, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %234 = stablehlo.multiply %231, %233 : tensor<4x256x256xf32>
    %235 = stablehlo.broadcast_in_dim %arg25, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %236 = stablehlo.broadcast_in_dim %235, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x256x256xf32>
    %237 = stablehlo.add %234, %236 : tensor<4x256x256xf32>
    %238 = stablehlo.transpose %arg24, dims = [1, 0] : (tensor<8192x256xf32>) -> tensor<256x8192xf32>
    %239 = stablehlo.dot_general %237, %238, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256x256xf32>, tensor<256x8192xf32>) -> tensor<4x256x8192xf32>
    return %239 : tensor<4x256x8192xf32>
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
  func.func private @_where(%arg0: tensor<256x256xi1>, %arg1: tensor<4x4x1x256x256xf32>, %arg2: tensor<f32>) -> tensor<4x4x1x256x256xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [3, 4] : (tensor<256x256xi1>) -> tensor<4x4x1x256x256xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x4x1x256x256xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<4x4x1x256x256xi1>, tensor<4x4x1x256x256xf32>
    return %3 : tensor<4x4x1x256x256xf32>
  }
}
