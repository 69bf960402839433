// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_attention_causal attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x512x512xf32>, %arg1: tensor<512x512xf32>, %arg2: tensor<512x512xf32>, %arg3: tensor<512x512xf32>, %arg4: tensor<512x512xf32>) -> (tensor<4x512x512xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x512x512xf32>, tensor<512x512xf32>) -> tensor<4x512x512xf32>
    %1 = stablehlo.reshape %0 : (tensor<4x512x512xf32>) -> tensor<4x512x8x64xf32>
    %2 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x512x512xf32>, tensor<512x512xf32>) -> tensor<4x512x512xf32>
    %3 = stablehlo.reshape %2 : (tensor<4x512x512xf32>) -> tensor<4x512x8x64xf32>
    %4 = stablehlo.dot_general %arg0, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x512x512xf32>, tensor<512x512xf32>) -> tensor<4x512x512xf32>
    %5 = stablehlo.reshape %4 : (tensor<4x512x512xf32>) -> tensor<4x512x8x64xf32>
    %6 = stablehlo.reshape %1 : (tensor<4x512x8x64xf32>) -> tensor<4x512x8x1x64xf32>
    %7 = stablehlo.dot_general %3, %6, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x512x8x64xf32>, tensor<4x512x8x1x64xf32>) -> tensor<4x8x512x512x1xf32>
    %8 = stablehlo.transpose %7, dims = [0, 1, 4, 3, 2] : (tensor<4x8x512x512x1xf32>) -> tensor<4x8x1x512x512xf32>
    %cst = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %9 = stablehlo.sqrt %cst : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<4x8x1x512x512xf32>
    %11 = stablehlo.divide %8, %10 : tensor<4x8x1x512x512xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<512x512xi1>
    %13 = call @tril(%12) : (tensor<512x512xi1>) -> tensor<512x512xi1>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %14 = call @_where(%13, %11, %cst_0) : (tensor<512x512xi1>, tensor<4x8x1x512x512xf32>, tensor<f32>) -> tensor<4x8x1x512x512xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_1) applies stablehlo.maximum across dimensions = [4] : (tensor<4x8x1x512x512xf32>, tensor<f32>) -> tensor<4x8x1x512xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8x1x512xf32>
    %17 = stablehlo.maximum %16, %15 : tensor<4x8x1x512xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<4x8x1x512xf32>) -> tensor<4x8x1x512x1xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2, 3, 4] : (tensor<4x8x1x512x1xf32>) -> tensor<4x8x1x512x512xf32>
    %20 = stablehlo.subtract %14, %19 : tensor<4x8x1x512x512xf32>
    %21 = stablehlo.exponential %20 : tensor<4x8x1x512x512xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_3) applies stablehlo.add across dimensions = [4] : (tensor<4x8x1x512x512xf32>, tensor<f32>) -> tensor<4x8x1x512xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<4x8x1x512xf32>) -> tensor<4x8x1x512x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3, 4] : (tensor<4x8x1x512x1xf32>) -> tensor<4x8x1x512x512xf32>
    %25 = stablehlo.divide %21, %24 : tensor<4x8x1x512x512xf32>
    %26 = stablehlo.dot_general %5, %25, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<4x512x8x64xf32>, tensor<4x8x1x512x512xf32>) -> tensor<4x8x64x1x512xf32>
    %27 = stablehlo.transpose %26, dims = [0, 4, 1, 3, 2] : (tensor<4x8x64x1x512xf32>) -> tensor<4x512x8x1x64xf32>
    %28 = stablehlo.reshape %27 : (tensor<4x512x8x1x64xf32>) -> tensor<4x512x8x64xf32>
    %29 = stablehlo.reshape %28 : (tensor<4x512x8x64xf32>) -> tensor<4x512x512xf32>
    %30 = stablehlo.dot_general %29, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x512x512xf32>, tensor<512x512xf32>) -> tensor<4x512x512xf32>
    return %30 : tensor<4x512x512xf32>
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
  func.func private @_where(%arg0: tensor<512x512xi1>, %arg1: tensor<4x8x1x512x512xf32>, %arg2: tensor<f32>) -> tensor<4x8x1x512x512xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [3, 4] : (tensor<512x512xi1>) -> tensor<4x8x1x512x512xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8x1x512x512xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<4x8x1x512x512xi1>, tensor<4x8x1x512x512xf32>
    return %3 : tensor<4x8x1x512x512xf32>
  }
}
