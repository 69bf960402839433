// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_gelu attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16777216xf32>) -> (tensor<16777216xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<16777216xf32>
    %cst_0 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %3 = stablehlo.multiply %2, %arg0 : tensor<16777216xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<16777216xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<16777216xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<16777216xf32>
    %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<16777216xf32>
    %9 = stablehlo.tanh %8 : tensor<16777216xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %11 = stablehlo.add %10, %9 : tensor<16777216xf32>
    %12 = stablehlo.multiply %1, %11 : tensor<16777216xf32>
    return %12 : tensor<16777216xf32>
  }
}
