// Exported from JAX 0.10.2 by tests/aot/export.py.
module @jit_newton_while attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xf32>) -> (tensor<64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.abs %arg0 : tensor<64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.add %0, %1 : tensor<64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %4 = stablehlo.add %2, %3 : tensor<64xf32>
    %cst_1 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %6 = stablehlo.multiply %5, %4 : tensor<64xf32>
    %7:3 = stablehlo.while(%iterArg = %2, %iterArg_2 = %2, %iterArg_3 = %6) : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    cond {
      %8 = stablehlo.subtract %iterArg_3, %iterArg_2 : tensor<64xf32>
      %9 = stablehlo.abs %8 : tensor<64xf32>
      %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %10 = stablehlo.reduce(%9 init: %cst_4) applies stablehlo.maximum across dimensions = [0] : (tensor<64xf32>, tensor<f32>) -> tensor<f32>
      %cst_5 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
      %11 = stablehlo.compare GT, %10, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %11 : tensor<i1>
    } do {
      %8 = stablehlo.divide %iterArg, %iterArg_3 : tensor<64xf32>
      %9 = stablehlo.add %iterArg_3, %8 : tensor<64xf32>
      %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %10 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
      %11 = stablehlo.multiply %10, %9 : tensor<64xf32>
      stablehlo.return %iterArg, %iterArg_3, %11 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    }
    return %7#2 : tensor<64xf32>
  }
}
