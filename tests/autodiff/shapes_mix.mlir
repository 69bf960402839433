// Exported from JAX 0.10.2 by bench/jax/export_grad.py.
module @jit_shapes_mix attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x6xf32>, %arg1: tensor<4x8xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:3, 0:6:2] : (tensor<3x6xf32>) -> tensor<3x3xf32>
    %1 = stablehlo.slice %arg0 [0:3, 1:6:2] : (tensor<3x6xf32>) -> tensor<3x3xf32>
    %2 = call @_flip(%0) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %3 = stablehlo.slice %arg0 [0:3, 1:3] : (tensor<3x6xf32>) -> tensor<3x2xf32>
    %4 = stablehlo.concatenate %1, %2, %3, dim = 1 : (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x8xf32>
    %5 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %6 = stablehlo.dot_general %4, %5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x8xf32>, tensor<8x4xf32>) -> tensor<3x4xf32>
    %cst = stablehlo.constant dense<-1.500000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %7 = call @clip(%6, %cst, %cst_0) : (tensor<3x4xf32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
    %cst_1 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %9 = stablehlo.multiply %8, %7 : tensor<3x4xf32>
    %10 = stablehlo.maximum %7, %9 : tensor<3x4xf32>
    %11 = stablehlo.multiply %10, %10 : tensor<3x4xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %13 = stablehlo.compare GT, %11, %12, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %15 = stablehlo.add %11, %14 : tensor<3x4xf32>
    %16 = stablehlo.sqrt %15 : tensor<3x4xf32>
    %17 = stablehlo.cosine %11 : tensor<3x4xf32>
    %18 = call @_where(%13, %16, %17) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %21 = stablehlo.multiply %arg1, %20 : tensor<4x8xf32>
    %cst_6 = stablehlo.constant dense<1.700000e+00> : tensor<f32>
    %22 = call @fmod(%21, %cst_6) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_7) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %24 = stablehlo.add %19, %23 : tensor<f32>
    %25 = stablehlo.abs %arg0 : tensor<3x6xf32>
    %cst_8 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %27 = stablehlo.add %25, %26 : tensor<3x6xf32>
    %28 = stablehlo.slice %arg1 [0:3, 0:6] : (tensor<4x8xf32>) -> tensor<3x6xf32>
    %29 = stablehlo.power %27, %28 : tensor<3x6xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_9) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x6xf32>, tensor<f32>) -> tensor<f32>
    %31 = stablehlo.add %24, %30 : tensor<f32>
    return %31 : tensor<f32>
  }
  func.func private @_flip(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
  func.func private @clip(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<3x4xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<3x4xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<3x4xf32>
    return %5 : tensor<3x4xf32>
  }
  func.func private @_where(%arg0: tensor<3x4xi1>, %arg1: tensor<3x4xf32>, %arg2: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3x4xi1>, tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @fmod(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> tensor<4x8xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.remainder %arg0, %1 : tensor<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}
