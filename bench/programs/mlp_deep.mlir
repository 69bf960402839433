// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_deep_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<256x256xf32>, %arg9: tensor<256x256xf32>, %arg10: tensor<256x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<256x256xf32>, %arg17: tensor<256x256xf32>, %arg18: tensor<256x256xf32>, %arg19: tensor<256x256xf32>, %arg20: tensor<256x256xf32>, %arg21: tensor<256x256xf32>, %arg22: tensor<256x256xf32>, %arg23: tensor<256x256xf32>, %arg24: tensor<256x256xf32>, %arg25: tensor<256x256xf32>, %arg26: tensor<256x256xf32>, %arg27: tensor<256x256xf32>, %arg28: tensor<256x256xf32>, %arg29: tensor<256x256xf32>, %arg30: tensor<256x256xf32>, %arg31: tensor<256x256xf32>, %arg32: tensor<4096x256xf32>, %arg33: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg32, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
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
    %64 = stablehlo.subtract %63, %arg33 : tensor<4096x256xf32>
    %65 = stablehlo.multiply %64, %64 : tensor<4096x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %67 = stablehlo.divide %66, %cst_0 : tensor<f32>
    return %67 : tensor<f32>
  }
}
