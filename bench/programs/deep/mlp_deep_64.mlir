// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<256x256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<256x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<256x256xf32>, %arg17: tensor<256x256xf32>, %arg18: tensor<256x256xf32>, %arg19: tensor<256x256xf32>, %arg20: tensor<256x256xf32>, %arg21: tensor<256x256xf32>, %arg22: tensor<256x256xf32>, %arg23: tensor<256x256xf32>, %arg24: tensor<256x256xf32>, %arg25: tensor<256x256xf32>, %arg26: tensor<256x256xf32>, %arg27: tensor<256x256xf32>, %arg28: tensor<256x256xf32>, %arg29: tensor<256x256xf32>, %arg30: tensor<256x256xf32>, %arg31: tensor<256x256xf32>, %arg32: tensor<256x256xf32>, %arg33: tensor<256x256xf32>, %arg34: tensor<256x256xf32>, %arg35: tensor<256x256xf32>, %arg36: tensor<256x256xf32>, %arg37: tensor<256x256xf32>, %arg38: tensor<256x256xf32>, %arg39: tensor<256x256xf32>, %arg40: tensor<256x256xf32>, %arg41: tensor<256x256xf32>, %arg42: tensor<256x256xf32>, %arg43: tensor<256x256xf32>, %arg44: tensor<256x256xf32>, %arg45: tensor<256x256xf32>, %arg46: tensor<256x256xf32>, %arg47: tensor<256x256xf32>, %arg48: tensor<256x256xf32>, %arg49: tensor<256x256xf32>, %arg50: tensor<256x256xf32>, %arg51: tensor<256x256xf32>, %arg52: tensor<256x256xf32>, %arg53: tensor<256x256xf32>, %arg54: tensor<256x256xf32>, %arg55: tensor<256x256xf32>, %arg56: tensor<256x256xf32>, %arg57: tensor<256x256xf32>, %arg58: tensor<256x256xf32>, %arg59: tensor<256x256xf32>, %arg60: tensor<256x256xf32>, %arg61: tensor<256x256xf32>, %arg62: tensor<256x256xf32>, %arg63: tensor<256x256xf32>, %arg64: tensor<4096x256xf32>, %arg65: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg64, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %1 = stablehlo.tanh %0 : tensor<4096x256xf32>
    %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %3 = stablehlo.tanh %2 : tensor<4096x256xf32>
    %4 = stablehlo.dot_general %3, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %5 = stablehlo.tanh %4 : tensor<4096x256xf32>
    %6 = stablehlo.dot_general %5, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %7 = stablehlo.tanh %6 : tensor<4096x256xf32>
    %8 = stablehlo.dot_general %7, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %9 = stablehlo.tanh %8 : tensor<4096x256xf32>
    %10 = stablehlo.dot_general %9, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %11 = stablehlo.tanh %10 : tensor<4096x256xf32>
    %12 = stablehlo.dot_general %11, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %13 = stablehlo.tanh %12 : tensor<4096x256xf32>
    %14 = stablehlo.dot_general %13, %arg7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %15 = stablehlo.tanh %14 : tensor<4096x256xf32>
    %16 = stablehlo.dot_general %15, %arg8, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %17 = stablehlo.tanh %16 : tensor<4096x256xf32>
    %18 = stablehlo.dot_general %17, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %19 = stablehlo.tanh %18 : tensor<4096x256xf32>
    %20 = stablehlo.dot_general %19, %arg10, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %21 = stablehlo.tanh %20 : tensor<4096x256xf32>
    %22 = stablehlo.dot_general %21, %arg11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %23 = stablehlo.tanh %22 : tensor<4096x256xf32>
    %24 = stablehlo.dot_general %23, %arg12, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %25 = stablehlo.tanh %24 : tensor<4096x256xf32>
    %26 = stablehlo.dot_general %25, %arg13, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %27 = stablehlo.tanh %26 : tensor<4096x256xf32>
    %28 = stablehlo.dot_general %27, %arg14, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %29 = stablehlo.tanh %28 : tensor<4096x256xf32>
    %30 = stablehlo.dot_general %29, %arg15, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %31 = stablehlo.tanh %30 : tensor<4096x256xf32>
    %32 = stablehlo.dot_general %31, %arg16, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %33 = stablehlo.tanh %32 : tensor<4096x256xf32>
    %34 = stablehlo.dot_general %33, %arg17, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %35 = stablehlo.tanh %34 : tensor<4096x256xf32>
    %36 = stablehlo.dot_general %35, %arg18, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %37 = stablehlo.tanh %36 : tensor<4096x256xf32>
    %38 = stablehlo.dot_general %37, %arg19, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %39 = stablehlo.tanh %38 : tensor<4096x256xf32>
    %40 = stablehlo.dot_general %39, %arg20, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %41 = stablehlo.tanh %40 : tensor<4096x256xf32>
    %42 = stablehlo.dot_general %41, %arg21, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %43 = stablehlo.tanh %42 : tensor<4096x256xf32>
    %44 = stablehlo.dot_general %43, %arg22, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %45 = stablehlo.tanh %44 : tensor<4096x256xf32>
    %46 = stablehlo.dot_general %45, %arg23, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %47 = stablehlo.tanh %46 : tensor<4096x256xf32>
    %48 = stablehlo.dot_general %47, %arg24, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %49 = stablehlo.tanh %48 : tensor<4096x256xf32>
    %50 = stablehlo.dot_general %49, %arg25, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %51 = stablehlo.tanh %50 : tensor<4096x256xf32>
    %52 = stablehlo.dot_general %51, %arg26, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %53 = stablehlo.tanh %52 : tensor<4096x256xf32>
    %54 = stablehlo.dot_general %53, %arg27, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %55 = stablehlo.tanh %54 : tensor<4096x256xf32>
    %56 = stablehlo.dot_general %55, %arg28, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %57 = stablehlo.tanh %56 : tensor<4096x256xf32>
    %58 = stablehlo.dot_general %57, %arg29, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %59 = stablehlo.tanh %58 : tensor<4096x256xf32>
    %60 = stablehlo.dot_general %59, %arg30, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %61 = stablehlo.tanh %60 : tensor<4096x256xf32>
    %62 = stablehlo.dot_general %61, %arg31, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %63 = stablehlo.tanh %62 : tensor<4096x256xf32>
    %64 = stablehlo.dot_general %63, %arg32, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %65 = stablehlo.tanh %64 : tensor<4096x256xf32>
    %66 = stablehlo.dot_general %65, %arg33, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %67 = stablehlo.tanh %66 : tensor<4096x256xf32>
    %68 = stablehlo.dot_general %67, %arg34, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %69 = stablehlo.tanh %68 : tensor<4096x256xf32>
    %70 = stablehlo.dot_general %69, %arg35, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %71 = stablehlo.tanh %70 : tensor<4096x256xf32>
    %72 = stablehlo.dot_general %71, %arg36, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %73 = stablehlo.tanh %72 : tensor<4096x256xf32>
    %74 = stablehlo.dot_general %73, %arg37, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %75 = stablehlo.tanh %74 : tensor<4096x256xf32>
    %76 = stablehlo.dot_general %75, %arg38, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %77 = stablehlo.tanh %76 : tensor<4096x256xf32>
    %78 = stablehlo.dot_general %77, %arg39, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %79 = stablehlo.tanh %78 : tensor<4096x256xf32>
    %80 = stablehlo.dot_general %79, %arg40, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %81 = stablehlo.tanh %80 : tensor<4096x256xf32>
    %82 = stablehlo.dot_general %81, %arg41, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %83 = stablehlo.tanh %82 : tensor<4096x256xf32>
    %84 = stablehlo.dot_general %83, %arg42, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %85 = stablehlo.tanh %84 : tensor<4096x256xf32>
    %86 = stablehlo.dot_general %85, %arg43, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %87 = stablehlo.tanh %86 : tensor<4096x256xf32>
    %88 = stablehlo.dot_general %87, %arg44, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %89 = stablehlo.tanh %88 : tensor<4096x256xf32>
    %90 = stablehlo.dot_general %89, %arg45, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %91 = stablehlo.tanh %90 : tensor<4096x256xf32>
    %92 = stablehlo.dot_general %91, %arg46, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %93 = stablehlo.tanh %92 : tensor<4096x256xf32>
    %94 = stablehlo.dot_general %93, %arg47, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %95 = stablehlo.tanh %94 : tensor<4096x256xf32>
    %96 = stablehlo.dot_general %95, %arg48, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %97 = stablehlo.tanh %96 : tensor<4096x256xf32>
    %98 = stablehlo.dot_general %97, %arg49, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %99 = stablehlo.tanh %98 : tensor<4096x256xf32>
    %100 = stablehlo.dot_general %99, %arg50, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %101 = stablehlo.tanh %100 : tensor<4096x256xf32>
    %102 = stablehlo.dot_general %101, %arg51, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %103 = stablehlo.tanh %102 : tensor<4096x256xf32>
    %104 = stablehlo.dot_general %103, %arg52, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %105 = stablehlo.tanh %104 : tensor<4096x256xf32>
    %106 = stablehlo.dot_general %105, %arg53, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %107 = stablehlo.tanh %106 : tensor<4096x256xf32>
    %108 = stablehlo.dot_general %107, %arg54, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %109 = stablehlo.tanh %108 : tensor<4096x256xf32>
    %110 = stablehlo.dot_general %109, %arg55, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %111 = stablehlo.tanh %110 : tensor<4096x256xf32>
    %112 = stablehlo.dot_general %111, %arg56, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %113 = stablehlo.tanh %112 : tensor<4096x256xf32>
    %114 = stablehlo.dot_general %113, %arg57, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %115 = stablehlo.tanh %114 : tensor<4096x256xf32>
    %116 = stablehlo.dot_general %115, %arg58, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %117 = stablehlo.tanh %116 : tensor<4096x256xf32>
    %118 = stablehlo.dot_general %117, %arg59, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %119 = stablehlo.tanh %118 : tensor<4096x256xf32>
    %120 = stablehlo.dot_general %119, %arg60, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %121 = stablehlo.tanh %120 : tensor<4096x256xf32>
    %122 = stablehlo.dot_general %121, %arg61, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %123 = stablehlo.tanh %122 : tensor<4096x256xf32>
    %124 = stablehlo.dot_general %123, %arg62, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %125 = stablehlo.tanh %124 : tensor<4096x256xf32>
    %126 = stablehlo.dot_general %125, %arg63, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %127 = stablehlo.tanh %126 : tensor<4096x256xf32>
    %128 = stablehlo.subtract %127, %arg65 : tensor<4096x256xf32>
    %129 = stablehlo.multiply %128, %128 : tensor<4096x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %130 = stablehlo.reduce(%129 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %131 = stablehlo.divide %130, %cst_0 : tensor<f32>
    return %131 : tensor<f32>
  }
}
