// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_attention_gqa attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x512x8x64xf32>, %arg1: tensor<4x512x2x64xf32>, %arg2: tensor<4x512x2x64xf32>) -> (tensor<4x512x8x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4x512x8x64xf32>) -> tensor<4x512x2x4x64xf32>
    %1 = stablehlo.dot_general %arg1, %0, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x512x2x64xf32>, tensor<4x512x2x4x64xf32>) -> tensor<4x2x512x512x4xf32>
    %2 = stablehlo.transpose %1, dims = [0, 1, 4, 3, 2] : (tensor<4x2x512x512x4xf32>) -> tensor<4x2x4x512x512xf32>
    %cst = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %3 = stablehlo.sqrt %cst : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x2x4x512x512xf32>
    %5 = stablehlo.divide %2, %4 : tensor<4x2x4x512x512xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %6 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<512x512xi1>
    %7 = call @tril(%6) : (tensor<512x512xi1>) -> tensor<512x512xi1>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = call @_where(%7, %5, %cst_0) : (tensor<512x512xi1>, tensor<4x2x4x512x512xf32>, tensor<f32>) -> tensor<4x2x4x512x512xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_1) applies stablehlo.maximum across dimensions = [4] : (tensor<4x2x4x512x512xf32>, tensor<f32>) -> tensor<4x2x4x512xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x2x4x512xf32>
    %11 = stablehlo.maximum %10, %9 : tensor<4x2x4x512xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<4x2x4x512xf32>) -> tensor<4x2x4x512x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2, 3, 4] : (tensor<4x2x4x512x1xf32>) -> tensor<4x2x4x512x512xf32>
    %14 = stablehlo.subtract %8, %13 : tensor<4x2x4x512x512xf32>
    %15 = stablehlo.exponential %14 : tensor<4x2x4x512x512xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst_3) applies stablehlo.add across dimensions = [4] : (tensor<4x2x4x512x512xf32>, tensor<f32>) -> tensor<4x2x4x512xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<4x2x4x512xf32>) -> tensor<4x2x4x512x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3, 4] : (tensor<4x2x4x512x1xf32>) -> tensor<4x2x4x512x512xf32>
    %19 = stablehlo.divide %15, %18 : tensor<4x2x4x512x512xf32>
    %20 = stablehlo.dot_general %arg2, %19, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x512x2x64xf32>, tensor<4x2x4x512x512xf32>) -> tensor<4x2x64x4x512xf32>
    %21 = stablehlo.transpose %20, dims = [0, 4, 1, 3, 2] : (tensor<4x2x64x4x512xf32>) -> tensor<4x512x2x4x64xf32>
    %22 = stablehlo.reshape %21 : (tensor<4x512x2x4x64xf32>) -> tensor<4x512x8x64xf32>
    return %22 : tensor<4x512x8x64xf32>
  }
  func.func private @tril(%arg0: tensor<512x512xi1>) -> tensor<512x512xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<512x512xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<512x512xi32>
    %2 = stablehlo.add %0, %1 : tensor<512x512xi32>
    %3 = stablehlo.iota dim = 1 : tensor<512x512xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<512x512xi32>, tensor<512x512xi32>) -> tensor<512x512xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<512x512xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<512x512xi1>, tensor<512x512xi1>
    return %6 : tensor<512x512xi1>
  }
  func.func private @_where(%arg0: tensor<512x512xi1>, %arg1: tensor<4x2x4x512x512xf32>, %arg2: tensor<f32>) -> tensor<4x2x4x512x512xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [3, 4] : (tensor<512x512xi1>) -> tensor<4x2x4x512x512xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x2x4x512x512xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<4x2x4x512x512xi1>, tensor<4x2x4x512x512xf32>
    return %3 : tensor<4x2x4x512x512xf32>
  }
}
