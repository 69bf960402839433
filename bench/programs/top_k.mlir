// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_top_k attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x4096xf32>) -> (tensor<1024x32xf32> {jax.result_info = "result[0]"}, tensor<1024x32xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 32) : tensor<1024x4096xf32> -> (tensor<1024x32xf32>, tensor<1024x32xi32>)
    return %values, %indices : tensor<1024x32xf32>, tensor<1024x32xi32>
  }
}
