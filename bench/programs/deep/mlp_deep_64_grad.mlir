// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_value_and_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<256x256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<256x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<256x256xf32>, %arg17: tensor<256x256xf32>, %arg18: tensor<256x256xf32>, %arg19: tensor<256x256xf32>, %arg20: tensor<256x256xf32>, %arg21: tensor<256x256xf32>, %arg22: tensor<256x256xf32>, %arg23: tensor<256x256xf32>, %arg24: tensor<256x256xf32>, %arg25: tensor<256x256xf32>, %arg26: tensor<256x256xf32>, %arg27: tensor<256x256xf32>, %arg28: tensor<256x256xf32>, %arg29: tensor<256x256xf32>, %arg30: tensor<256x256xf32>, %arg31: tensor<256x256xf32>, %arg32: tensor<256x256xf32>, %arg33: tensor<256x256xf32>, %arg34: tensor<256x256xf32>, %arg35: tensor<256x256xf32>, %arg36: tensor<256x256xf32>, %arg37: tensor<256x256xf32>, %arg38: tensor<256x256xf32>, %arg39: tensor<256x256xf32>, %arg40: tensor<256x256xf32>, %arg41: tensor<256x256xf32>, %arg42: tensor<256x256xf32>, %arg43: tensor<256x256xf32>, %arg44: tensor<256x256xf32>, %arg45: tensor<256x256xf32>, %arg46: tensor<256x256xf32>, %arg47: tensor<256x256xf32>, %arg48: tensor<256x256xf32>, %arg49: tensor<256x256xf32>, %arg50: tensor<256x256xf32>, %arg51: tensor<256x256xf32>, %arg52: tensor<256x256xf32>, %arg53: tensor<256x256xf32>, %arg54: tensor<256x256xf32>, %arg55: tensor<256x256xf32>, %arg56: tensor<256x256xf32>, %arg57: tensor<256x256xf32>, %arg58: tensor<256x256xf32>, %arg59: tensor<256x256xf32>, %arg60: tensor<256x256xf32>, %arg61: tensor<256x256xf32>, %arg62: tensor<256x256xf32>, %arg63: tensor<256x256xf32>, %arg64: tensor<4096x256xf32>, %arg65: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<256x256xf32> {jax.result_info = "result[1][0]"}, tensor<256x256xf32> {jax.result_info = "result[1][1]"}, tensor<256x256xf32> {jax.result_info = "result[1][2]"}, tensor<256x256xf32> {jax.result_info = "result[1][3]"}, tensor<256x256xf32> {jax.result_info = "result[1][4]"}, tensor<256x256xf32> {jax.result_info = "result[1][5]"}, tensor<256x256xf32> {jax.result_info = "result[1][6]"}, tensor<256x256xf32> {jax.result_info = "result[1][7]"}, tensor<256x256xf32> {jax.result_info = "result[1][8]"}, tensor<256x256xf32> {jax.result_info = "result[1][9]"}, tensor<256x256xf32> {jax.result_info = "result[1][10]"}, tensor<256x256xf32> {jax.result_info = "result[1][11]"}, tensor<256x256xf32> {jax.result_info = "result[1][12]"}, tensor<256x256xf32> {jax.result_info = "result[1][13]"}, tensor<256x256xf32> {jax.result_info = "result[1][14]"}, tensor<256x256xf32> {jax.result_info = "result[1][15]"}, tensor<256x256xf32> {jax.result_info = "result[1][16]"}, tensor<256x256xf32> {jax.result_info = "result[1][17]"}, tensor<256x256xf32> {jax.result_info = "result[1][18]"}, tensor<256x256xf32> {jax.result_info = "result[1][19]"}, tensor<256x256xf32> {jax.result_info = "result[1][20]"}, tensor<256x256xf32> {jax.result_info = "result[1][21]"}, tensor<256x256xf32> {jax.result_info = "result[1][22]"}, tensor<256x256xf32> {jax.result_info = "result[1][23]"}, tensor<256x256xf32> {jax.result_info = "result[1][24]"}, tensor<256x256xf32> {jax.result_info = "result[1][25]"}, tensor<256x256xf32> {jax.result_info = "result[1][26]"}, tensor<256x256xf32> {jax.result_info = "result[1][27]"}, tensor<256x256xf32> {jax.result_info = "result[1][28]"}, tensor<256x256xf32> {jax.result_info = "result[1][29]"}, tensor<256x256xf32> {jax.result_info = "result[1][30]"}, tensor<256x256xf32> {jax.result_info = "result[1][31]"}, tensor<256x256xf32> {jax.result_info = "result[1][32]"}, tensor<256x256xf32> {jax.result_info = "result[1][33]"}, tensor<256x256xf32> {jax.result_info = "result[1][34]"}, tensor<256x256xf32> {jax.result_info = "result[1][35]"}, tensor<256x256xf32> {jax.result_info = "result[1][36]"}, tensor<256x256xf32> {jax.result_info = "result[1][37]"}, tensor<256x256xf32> {jax.result_info = "result[1][38]"}, tensor<256x256xf32> {jax.result_info = "result[1][39]"}, tensor<256x256xf32> {jax.result_info = "result[1][40]"}, tensor<256x256xf32> {jax.result_info = "result[1][41]"}, tensor<256x256xf32> {jax.result_info = "result[1][42]"}, tensor<256x256xf32> {jax.result_info = "result[1][43]"}, tensor<256x256xf32> {jax.result_info = "result[1][44]"}, tensor<256x256xf32> {jax.result_info = "result[1][45]"}, tensor<256x256xf32> {jax.result_info = "result[1][46]"}, tensor<256x256xf32> {jax.result_info = "result[1][47]"}, tensor<256x256xf32> {jax.result_info = "result[1][48]"}, tensor<256x256xf32> {jax.result_info = "result[1][49]"}, tensor<256x256xf32> {jax.result_info = "result[1][50]"}, tensor<256x256xf32> {jax.result_info = "result[1][51]"}, tensor<256x256xf32> {jax.result_info = "result[1][52]"}, tensor<256x256xf32> {jax.result_info = "result[1][53]"}, tensor<256x256xf32> {jax.result_info = "result[1][54]"}, tensor<256x256xf32> {jax.result_info = "result[1][55]"}, tensor<256x256xf32> {jax.result_info = "result[1][56]"}, tensor<256x256xf32> {jax.result_info = "result[1][57]"}, tensor<256x256xf32> {jax.result_info = "result[1][58]"}, tensor<256x256xf32> {jax.result_info = "result[1][59]"}, tensor<256x256xf32> {jax.result_info = "result[1][60]"}, tensor<256x256xf32> {jax.result_info = "result[1][61]"}, tensor<256x256xf32> {jax.result_info = "result[1][62]"}, tensor<256x256xf32> {jax.result_info = "result[1][63]"}) {
    %0 = stablehlo.dot_general %arg64, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
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
    %128 = stablehlo.dot_general %125, %arg32, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %129 = stablehlo.tanh %128 : tensor<4096x256xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %131 = stablehlo.subtract %130, %129 : tensor<4096x256xf32>
    %132 = stablehlo.dot_general %129, %arg33, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %133 = stablehlo.tanh %132 : tensor<4096x256xf32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %135 = stablehlo.subtract %134, %133 : tensor<4096x256xf32>
    %136 = stablehlo.dot_general %133, %arg34, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %137 = stablehlo.tanh %136 : tensor<4096x256xf32>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %139 = stablehlo.subtract %138, %137 : tensor<4096x256xf32>
    %140 = stablehlo.dot_general %137, %arg35, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %141 = stablehlo.tanh %140 : tensor<4096x256xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %143 = stablehlo.subtract %142, %141 : tensor<4096x256xf32>
    %144 = stablehlo.dot_general %141, %arg36, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %145 = stablehlo.tanh %144 : tensor<4096x256xf32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %147 = stablehlo.subtract %146, %145 : tensor<4096x256xf32>
    %148 = stablehlo.dot_general %145, %arg37, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %149 = stablehlo.tanh %148 : tensor<4096x256xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %151 = stablehlo.subtract %150, %149 : tensor<4096x256xf32>
    %152 = stablehlo.dot_general %149, %arg38, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %153 = stablehlo.tanh %152 : tensor<4096x256xf32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %155 = stablehlo.subtract %154, %153 : tensor<4096x256xf32>
    %156 = stablehlo.dot_general %153, %arg39, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %157 = stablehlo.tanh %156 : tensor<4096x256xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %159 = stablehlo.subtract %158, %157 : tensor<4096x256xf32>
    %160 = stablehlo.dot_general %157, %arg40, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %161 = stablehlo.tanh %160 : tensor<4096x256xf32>
    %cst_39 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %163 = stablehlo.subtract %162, %161 : tensor<4096x256xf32>
    %164 = stablehlo.dot_general %161, %arg41, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %165 = stablehlo.tanh %164 : tensor<4096x256xf32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %167 = stablehlo.subtract %166, %165 : tensor<4096x256xf32>
    %168 = stablehlo.dot_general %165, %arg42, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %169 = stablehlo.tanh %168 : tensor<4096x256xf32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %171 = stablehlo.subtract %170, %169 : tensor<4096x256xf32>
    %172 = stablehlo.dot_general %169, %arg43, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %173 = stablehlo.tanh %172 : tensor<4096x256xf32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %175 = stablehlo.subtract %174, %173 : tensor<4096x256xf32>
    %176 = stablehlo.dot_general %173, %arg44, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %177 = stablehlo.tanh %176 : tensor<4096x256xf32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %179 = stablehlo.subtract %178, %177 : tensor<4096x256xf32>
    %180 = stablehlo.dot_general %177, %arg45, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %181 = stablehlo.tanh %180 : tensor<4096x256xf32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %183 = stablehlo.subtract %182, %181 : tensor<4096x256xf32>
    %184 = stablehlo.dot_general %181, %arg46, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %185 = stablehlo.tanh %184 : tensor<4096x256xf32>
    %cst_45 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %186 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %187 = stablehlo.subtract %186, %185 : tensor<4096x256xf32>
    %188 = stablehlo.dot_general %185, %arg47, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %189 = stablehlo.tanh %188 : tensor<4096x256xf32>
    %cst_46 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %191 = stablehlo.subtract %190, %189 : tensor<4096x256xf32>
    %192 = stablehlo.dot_general %189, %arg48, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %193 = stablehlo.tanh %192 : tensor<4096x256xf32>
    %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %195 = stablehlo.subtract %194, %193 : tensor<4096x256xf32>
    %196 = stablehlo.dot_general %193, %arg49, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %197 = stablehlo.tanh %196 : tensor<4096x256xf32>
    %cst_48 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %199 = stablehlo.subtract %198, %197 : tensor<4096x256xf32>
    %200 = stablehlo.dot_general %197, %arg50, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %201 = stablehlo.tanh %200 : tensor<4096x256xf32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %203 = stablehlo.subtract %202, %201 : tensor<4096x256xf32>
    %204 = stablehlo.dot_general %201, %arg51, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %205 = stablehlo.tanh %204 : tensor<4096x256xf32>
    %cst_50 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %207 = stablehlo.subtract %206, %205 : tensor<4096x256xf32>
    %208 = stablehlo.dot_general %205, %arg52, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %209 = stablehlo.tanh %208 : tensor<4096x256xf32>
    %cst_51 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %211 = stablehlo.subtract %210, %209 : tensor<4096x256xf32>
    %212 = stablehlo.dot_general %209, %arg53, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %213 = stablehlo.tanh %212 : tensor<4096x256xf32>
    %cst_52 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %214 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %215 = stablehlo.subtract %214, %213 : tensor<4096x256xf32>
    %216 = stablehlo.dot_general %213, %arg54, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %217 = stablehlo.tanh %216 : tensor<4096x256xf32>
    %cst_53 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %219 = stablehlo.subtract %218, %217 : tensor<4096x256xf32>
    %220 = stablehlo.dot_general %217, %arg55, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %221 = stablehlo.tanh %220 : tensor<4096x256xf32>
    %cst_54 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %222 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %223 = stablehlo.subtract %222, %221 : tensor<4096x256xf32>
    %224 = stablehlo.dot_general %221, %arg56, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %225 = stablehlo.tanh %224 : tensor<4096x256xf32>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %226 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %227 = stablehlo.subtract %226, %225 : tensor<4096x256xf32>
    %228 = stablehlo.dot_general %225, %arg57, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %229 = stablehlo.tanh %228 : tensor<4096x256xf32>
    %cst_56 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %230 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %231 = stablehlo.subtract %230, %229 : tensor<4096x256xf32>
    %232 = stablehlo.dot_general %229, %arg58, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %233 = stablehlo.tanh %232 : tensor<4096x256xf32>
    %cst_57 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %235 = stablehlo.subtract %234, %233 : tensor<4096x256xf32>
    %236 = stablehlo.dot_general %233, %arg59, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %237 = stablehlo.tanh %236 : tensor<4096x256xf32>
    %cst_58 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %239 = stablehlo.subtract %238, %237 : tensor<4096x256xf32>
    %240 = stablehlo.dot_general %237, %arg60, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %241 = stablehlo.tanh %240 : tensor<4096x256xf32>
    %cst_59 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %243 = stablehlo.subtract %242, %241 : tensor<4096x256xf32>
    %244 = stablehlo.dot_general %241, %arg61, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %245 = stablehlo.tanh %244 : tensor<4096x256xf32>
    %cst_60 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %247 = stablehlo.subtract %246, %245 : tensor<4096x256xf32>
    %248 = stablehlo.dot_general %245, %arg62, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %249 = stablehlo.tanh %248 : tensor<4096x256xf32>
    %cst_61 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %250 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %251 = stablehlo.subtract %250, %249 : tensor<4096x256xf32>
    %252 = stablehlo.dot_general %249, %arg63, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %253 = stablehlo.tanh %252 : tensor<4096x256xf32>
    %cst_62 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %254 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %255 = stablehlo.subtract %254, %253 : tensor<4096x256xf32>
    %256 = stablehlo.subtract %253, %arg65 : tensor<4096x256xf32>
    %257 = stablehlo.multiply %256, %256 : tensor<4096x256xf32>
    %cst_63 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %259 = stablehlo.multiply %258, %256 : tensor<4096x256xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%257 init: %cst_64) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_65 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %261 = stablehlo.divide %260, %cst_65 : tensor<f32>
    %cst_66 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_67 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %262 = stablehlo.divide %cst_66, %cst_67 : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %262, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %264 = stablehlo.multiply %263, %259 : tensor<4096x256xf32>
    %265 = stablehlo.multiply %264, %255 : tensor<4096x256xf32>
    %266 = stablehlo.multiply %265, %253 : tensor<4096x256xf32>
    %267 = stablehlo.add %265, %266 : tensor<4096x256xf32>
    %268 = stablehlo.dot_general %267, %249, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %269 = stablehlo.transpose %268, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %270 = stablehlo.dot_general %267, %arg63, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %271 = stablehlo.multiply %270, %251 : tensor<4096x256xf32>
    %272 = stablehlo.multiply %271, %249 : tensor<4096x256xf32>
    %273 = stablehlo.add %271, %272 : tensor<4096x256xf32>
    %274 = stablehlo.dot_general %273, %245, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %275 = stablehlo.transpose %274, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %276 = stablehlo.dot_general %273, %arg62, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %277 = stablehlo.multiply %276, %247 : tensor<4096x256xf32>
    %278 = stablehlo.multiply %277, %245 : tensor<4096x256xf32>
    %279 = stablehlo.add %277, %278 : tensor<4096x256xf32>
    %280 = stablehlo.dot_general %279, %241, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %281 = stablehlo.transpose %280, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %282 = stablehlo.dot_general %279, %arg61, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %283 = stablehlo.multiply %282, %243 : tensor<4096x256xf32>
    %284 = stablehlo.multiply %283, %241 : tensor<4096x256xf32>
    %285 = stablehlo.add %283, %284 : tensor<4096x256xf32>
    %286 = stablehlo.dot_general %285, %237, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %287 = stablehlo.transpose %286, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %288 = stablehlo.dot_general %285, %arg60, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %289 = stablehlo.multiply %288, %239 : tensor<4096x256xf32>
    %290 = stablehlo.multiply %289, %237 : tensor<4096x256xf32>
    %291 = stablehlo.add %289, %290 : tensor<4096x256xf32>
    %292 = stablehlo.dot_general %291, %233, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %293 = stablehlo.transpose %292, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %294 = stablehlo.dot_general %291, %arg59, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %295 = stablehlo.multiply %294, %235 : tensor<4096x256xf32>
    %296 = stablehlo.multiply %295, %233 : tensor<4096x256xf32>
    %297 = stablehlo.add %295, %296 : tensor<4096x256xf32>
    %298 = stablehlo.dot_general %297, %229, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %299 = stablehlo.transpose %298, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %300 = stablehlo.dot_general %297, %arg58, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %301 = stablehlo.multiply %300, %231 : tensor<4096x256xf32>
    %302 = stablehlo.multiply %301, %229 : tensor<4096x256xf32>
    %303 = stablehlo.add %301, %302 : tensor<4096x256xf32>
    %304 = stablehlo.dot_general %303, %225, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %305 = stablehlo.transpose %304, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %306 = stablehlo.dot_general %303, %arg57, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %307 = stablehlo.multiply %306, %227 : tensor<4096x256xf32>
    %308 = stablehlo.multiply %307, %225 : tensor<4096x256xf32>
    %309 = stablehlo.add %307, %308 : tensor<4096x256xf32>
    %310 = stablehlo.dot_general %309, %221, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %311 = stablehlo.transpose %310, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %312 = stablehlo.dot_general %309, %arg56, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %313 = stablehlo.multiply %312, %223 : tensor<4096x256xf32>
    %314 = stablehlo.multiply %313, %221 : tensor<4096x256xf32>
    %315 = stablehlo.add %313, %314 : tensor<4096x256xf32>
    %316 = stablehlo.dot_general %315, %217, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %317 = stablehlo.transpose %316, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %318 = stablehlo.dot_general %315, %arg55, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %319 = stablehlo.multiply %318, %219 : tensor<4096x256xf32>
    %320 = stablehlo.multiply %319, %217 : tensor<4096x256xf32>
    %321 = stablehlo.add %319, %320 : tensor<4096x256xf32>
    %322 = stablehlo.dot_general %321, %213, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %323 = stablehlo.transpose %322, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %324 = stablehlo.dot_general %321, %arg54, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %325 = stablehlo.multiply %324, %215 : tensor<4096x256xf32>
    %326 = stablehlo.multiply %325, %213 : tensor<4096x256xf32>
    %327 = stablehlo.add %325, %326 : tensor<4096x256xf32>
    %328 = stablehlo.dot_general %327, %209, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %329 = stablehlo.transpose %328, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %330 = stablehlo.dot_general %327, %arg53, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %331 = stablehlo.multiply %330, %211 : tensor<4096x256xf32>
    %332 = stablehlo.multiply %331, %209 : tensor<4096x256xf32>
    %333 = stablehlo.add %331, %332 : tensor<4096x256xf32>
    %334 = stablehlo.dot_general %333, %205, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %335 = stablehlo.transpose %334, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %336 = stablehlo.dot_general %333, %arg52, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %337 = stablehlo.multiply %336, %207 : tensor<4096x256xf32>
    %338 = stablehlo.multiply %337, %205 : tensor<4096x256xf32>
    %339 = stablehlo.add %337, %338 : tensor<4096x256xf32>
    %340 = stablehlo.dot_general %339, %201, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %341 = stablehlo.transpose %340, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %342 = stablehlo.dot_general %339, %arg51, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %343 = stablehlo.multiply %342, %203 : tensor<4096x256xf32>
    %344 = stablehlo.multiply %343, %201 : tensor<4096x256xf32>
    %345 = stablehlo.add %343, %344 : tensor<4096x256xf32>
    %346 = stablehlo.dot_general %345, %197, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %347 = stablehlo.transpose %346, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %348 = stablehlo.dot_general %345, %arg50, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %349 = stablehlo.multiply %348, %199 : tensor<4096x256xf32>
    %350 = stablehlo.multiply %349, %197 : tensor<4096x256xf32>
    %351 = stablehlo.add %349, %350 : tensor<4096x256xf32>
    %352 = stablehlo.dot_general %351, %193, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %353 = stablehlo.transpose %352, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %354 = stablehlo.dot_general %351, %arg49, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %355 = stablehlo.multiply %354, %195 : tensor<4096x256xf32>
    %356 = stablehlo.multiply %355, %193 : tensor<4096x256xf32>
    %357 = stablehlo.add %355, %356 : tensor<4096x256xf32>
    %358 = stablehlo.dot_general %357, %189, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %359 = stablehlo.transpose %358, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %360 = stablehlo.dot_general %357, %arg48, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %361 = stablehlo.multiply %360, %191 : tensor<4096x256xf32>
    %362 = stablehlo.multiply %361, %189 : tensor<4096x256xf32>
    %363 = stablehlo.add %361, %362 : tensor<4096x256xf32>
    %364 = stablehlo.dot_general %363, %185, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %365 = stablehlo.transpose %364, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %366 = stablehlo.dot_general %363, %arg47, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %367 = stablehlo.multiply %366, %187 : tensor<4096x256xf32>
    %368 = stablehlo.multiply %367, %185 : tensor<4096x256xf32>
    %369 = stablehlo.add %367, %368 : tensor<4096x256xf32>
    %370 = stablehlo.dot_general %369, %181, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %371 = stablehlo.transpose %370, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %372 = stablehlo.dot_general %369, %arg46, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %373 = stablehlo.multiply %372, %183 : tensor<4096x256xf32>
    %374 = stablehlo.multiply %373, %181 : tensor<4096x256xf32>
    %375 = stablehlo.add %373, %374 : tensor<4096x256xf32>
    %376 = stablehlo.dot_general %375, %177, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %377 = stablehlo.transpose %376, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %378 = stablehlo.dot_general %375, %arg45, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %379 = stablehlo.multiply %378, %179 : tensor<4096x256xf32>
    %380 = stablehlo.multiply %379, %177 : tensor<4096x256xf32>
    %381 = stablehlo.add %379, %380 : tensor<4096x256xf32>
    %382 = stablehlo.dot_general %381, %173, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %383 = stablehlo.transpose %382, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %384 = stablehlo.dot_general %381, %arg44, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %385 = stablehlo.multiply %384, %175 : tensor<4096x256xf32>
    %386 = stablehlo.multiply %385, %173 : tensor<4096x256xf32>
    %387 = stablehlo.add %385, %386 : tensor<4096x256xf32>
    %388 = stablehlo.dot_general %387, %169, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %389 = stablehlo.transpose %388, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %390 = stablehlo.dot_general %387, %arg43, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %391 = stablehlo.multiply %390, %171 : tensor<4096x256xf32>
    %392 = stablehlo.multiply %391, %169 : tensor<4096x256xf32>
    %393 = stablehlo.add %391, %392 : tensor<4096x256xf32>
    %394 = stablehlo.dot_general %393, %165, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %395 = stablehlo.transpose %394, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %396 = stablehlo.dot_general %393, %arg42, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %397 = stablehlo.multiply %396, %167 : tensor<4096x256xf32>
    %398 = stablehlo.multiply %397, %165 : tensor<4096x256xf32>
    %399 = stablehlo.add %397, %398 : tensor<4096x256xf32>
    %400 = stablehlo.dot_general %399, %161, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %401 = stablehlo.transpose %400, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %402 = stablehlo.dot_general %399, %arg41, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %403 = stablehlo.multiply %402, %163 : tensor<4096x256xf32>
    %404 = stablehlo.multiply %403, %161 : tensor<4096x256xf32>
    %405 = stablehlo.add %403, %404 : tensor<4096x256xf32>
    %406 = stablehlo.dot_general %405, %157, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %407 = stablehlo.transpose %406, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %408 = stablehlo.dot_general %405, %arg40, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %409 = stablehlo.multiply %408, %159 : tensor<4096x256xf32>
    %410 = stablehlo.multiply %409, %157 : tensor<4096x256xf32>
    %411 = stablehlo.add %409, %410 : tensor<4096x256xf32>
    %412 = stablehlo.dot_general %411, %153, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %413 = stablehlo.transpose %412, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %414 = stablehlo.dot_general %411, %arg39, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %415 = stablehlo.multiply %414, %155 : tensor<4096x256xf32>
    %416 = stablehlo.multiply %415, %153 : tensor<4096x256xf32>
    %417 = stablehlo.add %415, %416 : tensor<4096x256xf32>
    %418 = stablehlo.dot_general %417, %149, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %419 = stablehlo.transpose %418, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %420 = stablehlo.dot_general %417, %arg38, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %421 = stablehlo.multiply %420, %151 : tensor<4096x256xf32>
    %422 = stablehlo.multiply %421, %149 : tensor<4096x256xf32>
    %423 = stablehlo.add %421, %422 : tensor<4096x256xf32>
    %424 = stablehlo.dot_general %423, %145, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %425 = stablehlo.transpose %424, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %426 = stablehlo.dot_general %423, %arg37, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %427 = stablehlo.multiply %426, %147 : tensor<4096x256xf32>
    %428 = stablehlo.multiply %427, %145 : tensor<4096x256xf32>
    %429 = stablehlo.add %427, %428 : tensor<4096x256xf32>
    %430 = stablehlo.dot_general %429, %141, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %431 = stablehlo.transpose %430, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %432 = stablehlo.dot_general %429, %arg36, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %433 = stablehlo.multiply %432, %143 : tensor<4096x256xf32>
    %434 = stablehlo.multiply %433, %141 : tensor<4096x256xf32>
    %435 = stablehlo.add %433, %434 : tensor<4096x256xf32>
    %436 = stablehlo.dot_general %435, %137, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %437 = stablehlo.transpose %436, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %438 = stablehlo.dot_general %435, %arg35, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %439 = stablehlo.multiply %438, %139 : tensor<4096x256xf32>
    %440 = stablehlo.multiply %439, %137 : tensor<4096x256xf32>
    %441 = stablehlo.add %439, %440 : tensor<4096x256xf32>
    %442 = stablehlo.dot_general %441, %133, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %443 = stablehlo.transpose %442, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %444 = stablehlo.dot_general %441, %arg34, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %445 = stablehlo.multiply %444, %135 : tensor<4096x256xf32>
    %446 = stablehlo.multiply %445, %133 : tensor<4096x256xf32>
    %447 = stablehlo.add %445, %446 : tensor<4096x256xf32>
    %448 = stablehlo.dot_general %447, %129, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %449 = stablehlo.transpose %448, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %450 = stablehlo.dot_general %447, %arg33, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %451 = stablehlo.multiply %450, %131 : tensor<4096x256xf32>
    %452 = stablehlo.multiply %451, %129 : tensor<4096x256xf32>
    %453 = stablehlo.add %451, %452 : tensor<4096x256xf32>
    %454 = stablehlo.dot_general %453, %125, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %455 = stablehlo.transpose %454, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %456 = stablehlo.dot_general %453, %arg32, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %457 = stablehlo.multiply %456, %127 : tensor<4096x256xf32>
    %458 = stablehlo.multiply %457, %125 : tensor<4096x256xf32>
    %459 = stablehlo.add %457, %458 : tensor<4096x256xf32>
    %460 = stablehlo.dot_general %459, %121, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %461 = stablehlo.transpose %460, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %462 = stablehlo.dot_general %459, %arg31, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %463 = stablehlo.multiply %462, %123 : tensor<4096x256xf32>
    %464 = stablehlo.multiply %463, %121 : tensor<4096x256xf32>
    %465 = stablehlo.add %463, %464 : tensor<4096x256xf32>
    %466 = stablehlo.dot_general %465, %117, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %467 = stablehlo.transpose %466, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %468 = stablehlo.dot_general %465, %arg30, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %469 = stablehlo.multiply %468, %119 : tensor<4096x256xf32>
    %470 = stablehlo.multiply %469, %117 : tensor<4096x256xf32>
    %471 = stablehlo.add %469, %470 : tensor<4096x256xf32>
    %472 = stablehlo.dot_general %471, %113, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %473 = stablehlo.transpose %472, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %474 = stablehlo.dot_general %471, %arg29, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %475 = stablehlo.multiply %474, %115 : tensor<4096x256xf32>
    %476 = stablehlo.multiply %475, %113 : tensor<4096x256xf32>
    %477 = stablehlo.add %475, %476 : tensor<4096x256xf32>
    %478 = stablehlo.dot_general %477, %109, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %479 = stablehlo.transpose %478, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %480 = stablehlo.dot_general %477, %arg28, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %481 = stablehlo.multiply %480, %111 : tensor<4096x256xf32>
    %482 = stablehlo.multiply %481, %109 : tensor<4096x256xf32>
    %483 = stablehlo.add %481, %482 : tensor<4096x256xf32>
    %484 = stablehlo.dot_general %483, %105, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %485 = stablehlo.transpose %484, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %486 = stablehlo.dot_general %483, %arg27, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %487 = stablehlo.multiply %486, %107 : tensor<4096x256xf32>
    %488 = stablehlo.multiply %487, %105 : tensor<4096x256xf32>
    %489 = stablehlo.add %487, %488 : tensor<4096x256xf32>
    %490 = stablehlo.dot_general %489, %101, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %491 = stablehlo.transpose %490, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %492 = stablehlo.dot_general %489, %arg26, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %493 = stablehlo.multiply %492, %103 : tensor<4096x256xf32>
    %494 = stablehlo.multiply %493, %101 : tensor<4096x256xf32>
    %495 = stablehlo.add %493, %494 : tensor<4096x256xf32>
    %496 = stablehlo.dot_general %495, %97, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %497 = stablehlo.transpose %496, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %498 = stablehlo.dot_general %495, %arg25, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %499 = stablehlo.multiply %498, %99 : tensor<4096x256xf32>
    %500 = stablehlo.multiply %499, %97 : tensor<4096x256xf32>
    %501 = stablehlo.add %499, %500 : tensor<4096x256xf32>
    %502 = stablehlo.dot_general %501, %93, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %503 = stablehlo.transpose %502, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %504 = stablehlo.dot_general %501, %arg24, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %505 = stablehlo.multiply %504, %95 : tensor<4096x256xf32>
    %506 = stablehlo.multiply %505, %93 : tensor<4096x256xf32>
    %507 = stablehlo.add %505, %506 : tensor<4096x256xf32>
    %508 = stablehlo.dot_general %507, %89, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %509 = stablehlo.transpose %508, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %510 = stablehlo.dot_general %507, %arg23, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %511 = stablehlo.multiply %510, %91 : tensor<4096x256xf32>
    %512 = stablehlo.multiply %511, %89 : tensor<4096x256xf32>
    %513 = stablehlo.add %511, %512 : tensor<4096x256xf32>
    %514 = stablehlo.dot_general %513, %85, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %515 = stablehlo.transpose %514, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %516 = stablehlo.dot_general %513, %arg22, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %517 = stablehlo.multiply %516, %87 : tensor<4096x256xf32>
    %518 = stablehlo.multiply %517, %85 : tensor<4096x256xf32>
    %519 = stablehlo.add %517, %518 : tensor<4096x256xf32>
    %520 = stablehlo.dot_general %519, %81, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %521 = stablehlo.transpose %520, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %522 = stablehlo.dot_general %519, %arg21, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %523 = stablehlo.multiply %522, %83 : tensor<4096x256xf32>
    %524 = stablehlo.multiply %523, %81 : tensor<4096x256xf32>
    %525 = stablehlo.add %523, %524 : tensor<4096x256xf32>
    %526 = stablehlo.dot_general %525, %77, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %527 = stablehlo.transpose %526, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %528 = stablehlo.dot_general %525, %arg20, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %529 = stablehlo.multiply %528, %79 : tensor<4096x256xf32>
    %530 = stablehlo.multiply %529, %77 : tensor<4096x256xf32>
    %531 = stablehlo.add %529, %530 : tensor<4096x256xf32>
    %532 = stablehlo.dot_general %531, %73, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %533 = stablehlo.transpose %532, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %534 = stablehlo.dot_general %531, %arg19, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %535 = stablehlo.multiply %534, %75 : tensor<4096x256xf32>
    %536 = stablehlo.multiply %535, %73 : tensor<4096x256xf32>
    %537 = stablehlo.add %535, %536 : tensor<4096x256xf32>
    %538 = stablehlo.dot_general %537, %69, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %539 = stablehlo.transpose %538, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %540 = stablehlo.dot_general %537, %arg18, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %541 = stablehlo.multiply %540, %71 : tensor<4096x256xf32>
    %542 = stablehlo.multiply %541, %69 : tensor<4096x256xf32>
    %543 = stablehlo.add %541, %542 : tensor<4096x256xf32>
    %544 = stablehlo.dot_general %543, %65, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %545 = stablehlo.transpose %544, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %546 = stablehlo.dot_general %543, %arg17, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %547 = stablehlo.multiply %546, %67 : tensor<4096x256xf32>
    %548 = stablehlo.multiply %547, %65 : tensor<4096x256xf32>
    %549 = stablehlo.add %547, %548 : tensor<4096x256xf32>
    %550 = stablehlo.dot_general %549, %61, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %551 = stablehlo.transpose %550, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %552 = stablehlo.dot_general %549, %arg16, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %553 = stablehlo.multiply %552, %63 : tensor<4096x256xf32>
    %554 = stablehlo.multiply %553, %61 : tensor<4096x256xf32>
    %555 = stablehlo.add %553, %554 : tensor<4096x256xf32>
    %556 = stablehlo.dot_general %555, %57, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %557 = stablehlo.transpose %556, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %558 = stablehlo.dot_general %555, %arg15, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %559 = stablehlo.multiply %558, %59 : tensor<4096x256xf32>
    %560 = stablehlo.multiply %559, %57 : tensor<4096x256xf32>
    %561 = stablehlo.add %559, %560 : tensor<4096x256xf32>
    %562 = stablehlo.dot_general %561, %53, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %563 = stablehlo.transpose %562, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %564 = stablehlo.dot_general %561, %arg14, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %565 = stablehlo.multiply %564, %55 : tensor<4096x256xf32>
    %566 = stablehlo.multiply %565, %53 : tensor<4096x256xf32>
    %567 = stablehlo.add %565, %566 : tensor<4096x256xf32>
    %568 = stablehlo.dot_general %567, %49, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %569 = stablehlo.transpose %568, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %570 = stablehlo.dot_general %567, %arg13, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %571 = stablehlo.multiply %570, %51 : tensor<4096x256xf32>
    %572 = stablehlo.multiply %571, %49 : tensor<4096x256xf32>
    %573 = stablehlo.add %571, %572 : tensor<4096x256xf32>
    %574 = stablehlo.dot_general %573, %45, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %575 = stablehlo.transpose %574, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %576 = stablehlo.dot_general %573, %arg12, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %577 = stablehlo.multiply %576, %47 : tensor<4096x256xf32>
    %578 = stablehlo.multiply %577, %45 : tensor<4096x256xf32>
    %579 = stablehlo.add %577, %578 : tensor<4096x256xf32>
    %580 = stablehlo.dot_general %579, %41, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %581 = stablehlo.transpose %580, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %582 = stablehlo.dot_general %579, %arg11, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %583 = stablehlo.multiply %582, %43 : tensor<4096x256xf32>
    %584 = stablehlo.multiply %583, %41 : tensor<4096x256xf32>
    %585 = stablehlo.add %583, %584 : tensor<4096x256xf32>
    %586 = stablehlo.dot_general %585, %37, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %587 = stablehlo.transpose %586, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %588 = stablehlo.dot_general %585, %arg10, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %589 = stablehlo.multiply %588, %39 : tensor<4096x256xf32>
    %590 = stablehlo.multiply %589, %37 : tensor<4096x256xf32>
    %591 = stablehlo.add %589, %590 : tensor<4096x256xf32>
    %592 = stablehlo.dot_general %591, %33, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %593 = stablehlo.transpose %592, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %594 = stablehlo.dot_general %591, %arg9, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %595 = stablehlo.multiply %594, %35 : tensor<4096x256xf32>
    %596 = stablehlo.multiply %595, %33 : tensor<4096x256xf32>
    %597 = stablehlo.add %595, %596 : tensor<4096x256xf32>
    %598 = stablehlo.dot_general %597, %29, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %599 = stablehlo.transpose %598, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %600 = stablehlo.dot_general %597, %arg8, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %601 = stablehlo.multiply %600, %31 : tensor<4096x256xf32>
    %602 = stablehlo.multiply %601, %29 : tensor<4096x256xf32>
    %603 = stablehlo.add %601, %602 : tensor<4096x256xf32>
    %604 = stablehlo.dot_general %603, %25, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %605 = stablehlo.transpose %604, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %606 = stablehlo.dot_general %603, %arg7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %607 = stablehlo.multiply %606, %27 : tensor<4096x256xf32>
    %608 = stablehlo.multiply %607, %25 : tensor<4096x256xf32>
    %609 = stablehlo.add %607, %608 : tensor<4096x256xf32>
    %610 = stablehlo.dot_general %609, %21, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %611 = stablehlo.transpose %610, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %612 = stablehlo.dot_general %609, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %613 = stablehlo.multiply %612, %23 : tensor<4096x256xf32>
    %614 = stablehlo.multiply %613, %21 : tensor<4096x256xf32>
    %615 = stablehlo.add %613, %614 : tensor<4096x256xf32>
    %616 = stablehlo.dot_general %615, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %617 = stablehlo.transpose %616, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %618 = stablehlo.dot_general %615, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %619 = stablehlo.multiply %618, %19 : tensor<4096x256xf32>
    %620 = stablehlo.multiply %619, %17 : tensor<4096x256xf32>
    %621 = stablehlo.add %619, %620 : tensor<4096x256xf32>
    %622 = stablehlo.dot_general %621, %13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %623 = stablehlo.transpose %622, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %624 = stablehlo.dot_general %621, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %625 = stablehlo.multiply %624, %15 : tensor<4096x256xf32>
    %626 = stablehlo.multiply %625, %13 : tensor<4096x256xf32>
    %627 = stablehlo.add %625, %626 : tensor<4096x256xf32>
    %628 = stablehlo.dot_general %627, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %629 = stablehlo.transpose %628, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %630 = stablehlo.dot_general %627, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %631 = stablehlo.multiply %630, %11 : tensor<4096x256xf32>
    %632 = stablehlo.multiply %631, %9 : tensor<4096x256xf32>
    %633 = stablehlo.add %631, %632 : tensor<4096x256xf32>
    %634 = stablehlo.dot_general %633, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %635 = stablehlo.transpose %634, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %636 = stablehlo.dot_general %633, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %637 = stablehlo.multiply %636, %7 : tensor<4096x256xf32>
    %638 = stablehlo.multiply %637, %5 : tensor<4096x256xf32>
    %639 = stablehlo.add %637, %638 : tensor<4096x256xf32>
    %640 = stablehlo.dot_general %639, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %641 = stablehlo.transpose %640, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %642 = stablehlo.dot_general %639, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %643 = stablehlo.multiply %642, %3 : tensor<4096x256xf32>
    %644 = stablehlo.multiply %643, %1 : tensor<4096x256xf32>
    %645 = stablehlo.add %643, %644 : tensor<4096x256xf32>
    %646 = stablehlo.dot_general %645, %arg64, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %647 = stablehlo.transpose %646, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    return %261, %647, %641, %635, %629, %623, %617, %611, %605, %599, %593, %587, %581, %575, %569, %563, %557, %551, %545, %539, %533, %527, %521, %515, %509, %503, %497, %491, %485, %479, %473, %467, %461, %455, %449, %443, %437, %431, %425, %419, %413, %407, %401, %395, %389, %383, %377, %371, %365, %359, %353, %347, %341, %335, %329, %323, %317, %311, %305, %299, %293, %287, %281, %275, %269 : tensor<f32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>
  }
}
