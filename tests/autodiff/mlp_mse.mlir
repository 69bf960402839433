// Exported from JAX 0.10.2 by bench/jax/export_grad.py.
module @jit_mlp_mse attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<8x5xf32>, %arg5: tensor<8x3xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x5xf32>, tensor<5x16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x16xf32>
    %4 = stablehlo.tanh %3 : tensor<8x16xf32>
    %5 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x3xf32>) -> tensor<8x3xf32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<8x3xf32>
    %8 = stablehlo.add %5, %7 : tensor<8x3xf32>
    %9 = stablehlo.subtract %8, %arg5 : tensor<8x3xf32>
    %10 = stablehlo.multiply %9, %9 : tensor<8x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x3xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
    %12 = stablehlo.divide %11, %cst_0 : tensor<f32>
    return %12 : tensor<f32>
  }
}
