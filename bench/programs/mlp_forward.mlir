// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp3 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x4096xf32>, %arg1: tensor<4096x4096xf32>, %arg2: tensor<4096xf32>, %arg3: tensor<4096x4096xf32>, %arg4: tensor<4096xf32>, %arg5: tensor<4096x4096xf32>, %arg6: tensor<4096xf32>) -> (tensor<256x4096xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x4096xf32>, tensor<4096x4096xf32>) -> tensor<256x4096xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<256x4096xf32>
    %3 = stablehlo.add %0, %2 : tensor<256x4096xf32>
    %4 = stablehlo.tanh %3 : tensor<256x4096xf32>
    %5 = stablehlo.dot_general %4, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x4096xf32>, tensor<4096x4096xf32>) -> tensor<256x4096xf32>
    %6 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<256x4096xf32>
    %8 = stablehlo.add %5, %7 : tensor<256x4096xf32>
    %9 = stablehlo.tanh %8 : tensor<256x4096xf32>
    %10 = stablehlo.dot_general %9, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x4096xf32>, tensor<4096x4096xf32>) -> tensor<256x4096xf32>
    %11 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<4096xf32>) -> tensor<1x4096xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x4096xf32>) -> tensor<256x4096xf32>
    %13 = stablehlo.add %10, %12 : tensor<256x4096xf32>
    return %13 : tensor<256x4096xf32>
  }
}
