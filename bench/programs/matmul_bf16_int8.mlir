// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_matmul_bf16_int8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x2048xbf16>, %arg1: tensor<2048x2048xi8>, %arg2: tensor<2048xf32>) -> (tensor<256x2048xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<256x2048xbf16>) -> tensor<256x2048xf32>
    %1 = stablehlo.convert %arg1 : (tensor<2048x2048xi8>) -> tensor<2048x2048xf32>
    %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<2048xf32>) -> tensor<1x2048xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x2048xf32>) -> tensor<256x2048xf32>
    %5 = stablehlo.multiply %2, %4 : tensor<256x2048xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<256x2048xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<256x2048xf32>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %9 = stablehlo.multiply %8, %7 : tensor<256x2048xf32>
    %10 = stablehlo.add %5, %9 : tensor<256x2048xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<256x2048xf32>
    %13 = stablehlo.tanh %12 : tensor<256x2048xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %15 = stablehlo.add %14, %13 : tensor<256x2048xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %17 = stablehlo.multiply %16, %15 : tensor<256x2048xf32>
    %18 = stablehlo.multiply %5, %17 : tensor<256x2048xf32>
    return %18 : tensor<256x2048xf32>
  }
}
