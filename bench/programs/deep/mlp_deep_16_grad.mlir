// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_value_and_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<256x256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<256x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<4096x256xf32>, %arg17: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<256x256xf32> {jax.result_info = "result[1][0]"}, tensor<256x256xf32> {jax.result_info = "result[1][1]"}, tensor<256x256xf32> {jax.result_info = "result[1][2]"}, tensor<256x256xf32> {jax.result_info = "result[1][3]"}, tensor<256x256xf32> {jax.result_info = "result[1][4]"}, tensor<256x256xf32> {jax.result_info = "result[1][5]"}, tensor<256x256xf32> {jax.result_info = "result[1][6]"}, tensor<256x256xf32> {jax.result_info = "result[1][7]"}, tensor<256x256xf32> {jax.result_info = "result[1][8]"}, tensor<256x256xf32> {jax.result_info = "result[1][9]"}, tensor<256x256xf32> {jax.result_info = "result[1][10]"}, tensor<256x256xf32> {jax.result_info = "result[1][11]"}, tensor<256x256xf32> {jax.result_info = "result[1][12]"}, tensor<256x256xf32> {jax.result_info = "result[1][13]"}, tensor<256x256xf32> {jax.result_info = "result[1][14]"}, tensor<256x256xf32> {jax.result_info = "result[1][15]"}) {
    %0 = stablehlo.dot_general %arg16, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
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
    %64 = stablehlo.subtract %61, %arg17 : tensor<4096x256xf32>
    %65 = stablehlo.multiply %64, %64 : tensor<4096x256xf32>
    %cst_15 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %67 = stablehlo.multiply %66, %64 : tensor<4096x256xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%65 init: %cst_16) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_17 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %69 = stablehlo.divide %68, %cst_17 : tensor<f32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_19 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %70 = stablehlo.divide %cst_18, %cst_19 : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %72 = stablehlo.multiply %71, %67 : tensor<4096x256xf32>
    %73 = stablehlo.multiply %72, %63 : tensor<4096x256xf32>
    %74 = stablehlo.multiply %73, %61 : tensor<4096x256xf32>
    %75 = stablehlo.add %73, %74 : tensor<4096x256xf32>
    %76 = stablehlo.dot_general %75, %57, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %77 = stablehlo.transpose %76, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %78 = stablehlo.dot_general %75, %arg15, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %79 = stablehlo.multiply %78, %59 : tensor<4096x256xf32>
    %80 = stablehlo.multiply %79, %57 : tensor<4096x256xf32>
    %81 = stablehlo.add %79, %80 : tensor<4096x256xf32>
    %82 = stablehlo.dot_general %81, %53, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %83 = stablehlo.transpose %82, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %84 = stablehlo.dot_general %81, %arg14, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %85 = stablehlo.multiply %84, %55 : tensor<4096x256xf32>
    %86 = stablehlo.multiply %85, %53 : tensor<4096x256xf32>
    %87 = stablehlo.add %85, %86 : tensor<4096x256xf32>
    %88 = stablehlo.dot_general %87, %49, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %89 = stablehlo.transpose %88, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %90 = stablehlo.dot_general %87, %arg13, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %91 = stablehlo.multiply %90, %51 : tensor<4096x256xf32>
    %92 = stablehlo.multiply %91, %49 : tensor<4096x256xf32>
    %93 = stablehlo.add %91, %92 : tensor<4096x256xf32>
    %94 = stablehlo.dot_general %93, %45, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %95 = stablehlo.transpose %94, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %96 = stablehlo.dot_general %93, %arg12, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %97 = stablehlo.multiply %96, %47 : tensor<4096x256xf32>
    %98 = stablehlo.multiply %97, %45 : tensor<4096x256xf32>
    %99 = stablehlo.add %97, %98 : tensor<4096x256xf32>
    %100 = stablehlo.dot_general %99, %41, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %101 = stablehlo.transpose %100, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %102 = stablehlo.dot_general %99, %arg11, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %103 = stablehlo.multiply %102, %43 : tensor<4096x256xf32>
    %104 = stablehlo.multiply %103, %41 : tensor<4096x256xf32>
    %105 = stablehlo.add %103, %104 : tensor<4096x256xf32>
    %106 = stablehlo.dot_general %105, %37, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %107 = stablehlo.transpose %106, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %108 = stablehlo.dot_general %105, %arg10, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %109 = stablehlo.multiply %108, %39 : tensor<4096x256xf32>
    %110 = stablehlo.multiply %109, %37 : tensor<4096x256xf32>
    %111 = stablehlo.add %109, %110 : tensor<4096x256xf32>
    %112 = stablehlo.dot_general %111, %33, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %113 = stablehlo.transpose %112, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %114 = stablehlo.dot_general %111, %arg9, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %115 = stablehlo.multiply %114, %35 : tensor<4096x256xf32>
    %116 = stablehlo.multiply %115, %33 : tensor<4096x256xf32>
    %117 = stablehlo.add %115, %116 : tensor<4096x256xf32>
    %118 = stablehlo.dot_general %117, %29, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %119 = stablehlo.transpose %118, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %120 = stablehlo.dot_general %117, %arg8, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %121 = stablehlo.multiply %120, %31 : tensor<4096x256xf32>
    %122 = stablehlo.multiply %121, %29 : tensor<4096x256xf32>
    %123 = stablehlo.add %121, %122 : tensor<4096x256xf32>
    %124 = stablehlo.dot_general %123, %25, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %125 = stablehlo.transpose %124, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %126 = stablehlo.dot_general %123, %arg7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %127 = stablehlo.multiply %126, %27 : tensor<4096x256xf32>
    %128 = stablehlo.multiply %127, %25 : tensor<4096x256xf32>
    %129 = stablehlo.add %127, %128 : tensor<4096x256xf32>
    %130 = stablehlo.dot_general %129, %21, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %131 = stablehlo.transpose %130, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %132 = stablehlo.dot_general %129, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %133 = stablehlo.multiply %132, %23 : tensor<4096x256xf32>
    %134 = stablehlo.multiply %133, %21 : tensor<4096x256xf32>
    %135 = stablehlo.add %133, %134 : tensor<4096x256xf32>
    %136 = stablehlo.dot_general %135, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %137 = stablehlo.transpose %136, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %138 = stablehlo.dot_general %135, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %139 = stablehlo.multiply %138, %19 : tensor<4096x256xf32>
    %140 = stablehlo.multiply %139, %17 : tensor<4096x256xf32>
    %141 = stablehlo.add %139, %140 : tensor<4096x256xf32>
    %142 = stablehlo.dot_general %141, %13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %143 = stablehlo.transpose %142, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %144 = stablehlo.dot_general %141, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %145 = stablehlo.multiply %144, %15 : tensor<4096x256xf32>
    %146 = stablehlo.multiply %145, %13 : tensor<4096x256xf32>
    %147 = stablehlo.add %145, %146 : tensor<4096x256xf32>
    %148 = stablehlo.dot_general %147, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %149 = stablehlo.transpose %148, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %150 = stablehlo.dot_general %147, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %151 = stablehlo.multiply %150, %11 : tensor<4096x256xf32>
    %152 = stablehlo.multiply %151, %9 : tensor<4096x256xf32>
    %153 = stablehlo.add %151, %152 : tensor<4096x256xf32>
    %154 = stablehlo.dot_general %153, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %155 = stablehlo.transpose %154, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %156 = stablehlo.dot_general %153, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %157 = stablehlo.multiply %156, %7 : tensor<4096x256xf32>
    %158 = stablehlo.multiply %157, %5 : tensor<4096x256xf32>
    %159 = stablehlo.add %157, %158 : tensor<4096x256xf32>
    %160 = stablehlo.dot_general %159, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %161 = stablehlo.transpose %160, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %162 = stablehlo.dot_general %159, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %163 = stablehlo.multiply %162, %3 : tensor<4096x256xf32>
    %164 = stablehlo.multiply %163, %1 : tensor<4096x256xf32>
    %165 = stablehlo.add %163, %164 : tensor<4096x256xf32>
    %166 = stablehlo.dot_general %165, %arg16, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %167 = stablehlo.transpose %166, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    return %69, %167, %161, %155, %149, %143, %137, %131, %125, %119, %113, %107, %101, %95, %89, %83, %77 : tensor<f32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>
  }
}
