// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_newton_while attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1048576xf32>) -> (tensor<1048576xf32> {jax.result_info = "result[0]"}, tensor<i32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg0, %iterArg_1 = %cst, %iterArg_2 = %c) : tensor<1048576xf32>, tensor<1048576xf32>, tensor<f32>, tensor<i32>
    cond {
      %cst_3 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
      %1 = stablehlo.compare GT, %iterArg_1, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_4 = stablehlo.constant dense<100> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_2, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.and %1, %2 : tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %1 = stablehlo.divide %iterArg, %iterArg_0 : tensor<1048576xf32>
      %2 = stablehlo.add %iterArg_0, %1 : tensor<1048576xf32>
      %cst_3 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1048576xf32>
      %4 = stablehlo.multiply %3, %2 : tensor<1048576xf32>
      %5 = stablehlo.subtract %4, %iterArg_0 : tensor<1048576xf32>
      %6 = stablehlo.abs %5 : tensor<1048576xf32>
      %7 = stablehlo.divide %6, %4 : tensor<1048576xf32>
      %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %8 = stablehlo.reduce(%7 init: %cst_4) applies stablehlo.maximum across dimensions = [0] : (tensor<1048576xf32>, tensor<f32>) -> tensor<f32>
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %4, %8, %9 : tensor<1048576xf32>, tensor<1048576xf32>, tensor<f32>, tensor<i32>
    }
    return %0#1, %0#3 : tensor<1048576xf32>, tensor<i32>
  }
}
