// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_matmul_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<512x2048xbf16>, %arg1: tensor<2048x1024xbf16>) -> (tensor<512x1024xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<512x2048xbf16>, tensor<2048x1024xbf16>) -> tensor<512x1024xbf16>
    return %0 : tensor<512x1024xbf16>
  }
}
