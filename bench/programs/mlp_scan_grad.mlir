// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_mlp_scan_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x256x256xf32>, %arg1: tensor<4096x256xf32>, %arg2: tensor<4096x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<32x256x256xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x4096x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %arg0, %iterArg_7 = %c, %iterArg_8 = %arg1, %iterArg_9 = %0) : tensor<32x256x256xf32>, tensor<i32>, tensor<4096x256xf32>, tensor<32x4096x256xf32>
    cond {
      %c_10 = stablehlo.constant dense<32> : tensor<i32>
      %13 = stablehlo.compare LT, %iterArg_7, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %13 : tensor<i1>
    } do {
      %13 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_7) : (tensor<32x256x256xf32>, tensor<i32>) -> tensor<256x256xf32>
      %14:2 = func.call @closed_call(%iterArg_8, %13) : (tensor<4096x256xf32>, tensor<256x256xf32>) -> (tensor<4096x256xf32>, tensor<4096x256xf32>)
      %15 = func.call @dynamic_update_index_in_dim(%iterArg_9, %14#1, %iterArg_7) : (tensor<32x4096x256xf32>, tensor<4096x256xf32>, tensor<i32>) -> tensor<32x4096x256xf32>
      %c_10 = stablehlo.constant dense<1> : tensor<i32>
      %16 = stablehlo.add %iterArg_7, %c_10 : tensor<i32>
      stablehlo.return %iterArg, %16, %14#0, %15 : tensor<32x256x256xf32>, tensor<i32>, tensor<4096x256xf32>, tensor<32x4096x256xf32>
    }
    %2 = stablehlo.subtract %1#2, %arg2 : tensor<4096x256xf32>
    %3 = stablehlo.multiply %2, %2 : tensor<4096x256xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %5 = stablehlo.multiply %4, %2 : tensor<4096x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%3 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %7 = stablehlo.divide %6, %cst_2 : tensor<f32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_4 = stablehlo.constant dense<0x49800000> : tensor<f32>
    %8 = stablehlo.divide %cst_3, %cst_4 : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %10 = stablehlo.multiply %9, %5 : tensor<4096x256xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32x256x256xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %12:5 = stablehlo.while(%iterArg = %1#3, %iterArg_7 = %arg0, %iterArg_8 = %c_6, %iterArg_9 = %10, %iterArg_10 = %11) : tensor<32x4096x256xf32>, tensor<32x256x256xf32>, tensor<i32>, tensor<4096x256xf32>, tensor<32x256x256xf32>
    cond {
      %c_11 = stablehlo.constant dense<32> : tensor<i32>
      %13 = stablehlo.compare LT, %iterArg_8, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %13 : tensor<i1>
    } do {
      %c_11 = stablehlo.constant dense<32> : tensor<i32>
      %13 = stablehlo.subtract %c_11, %iterArg_8 : tensor<i32>
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.subtract %13, %c_12 : tensor<i32>
      %15 = func.call @dynamic_index_in_dim_0(%iterArg, %14) : (tensor<32x4096x256xf32>, tensor<i32>) -> tensor<4096x256xf32>
      %16 = func.call @dynamic_index_in_dim(%iterArg_7, %14) : (tensor<32x256x256xf32>, tensor<i32>) -> tensor<256x256xf32>
      %17:2 = func.call @closed_call_1(%iterArg_9, %15, %16) : (tensor<4096x256xf32>, tensor<4096x256xf32>, tensor<256x256xf32>) -> (tensor<4096x256xf32>, tensor<256x256xf32>)
      %18 = func.call @dynamic_update_index_in_dim_2(%iterArg_10, %17#1, %14) : (tensor<32x256x256xf32>, tensor<256x256xf32>, tensor<i32>) -> tensor<32x256x256xf32>
      %c_13 = stablehlo.constant dense<1> : tensor<i32>
      %19 = stablehlo.add %iterArg_8, %c_13 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_7, %19, %17#0, %18 : tensor<32x4096x256xf32>, tensor<32x256x256xf32>, tensor<i32>, tensor<4096x256xf32>, tensor<32x256x256xf32>
    }
    return %7, %12#4 : tensor<f32>, tensor<32x256x256xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<32x256x256xf32>, %arg1: tensor<i32>) -> tensor<256x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 256, 256] : (tensor<32x256x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x256x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x256x256xf32>) -> tensor<256x256xf32>
    return %1 : tensor<256x256xf32>
  }
  func.func private @closed_call(%arg0: tensor<4096x256xf32>, %arg1: tensor<256x256xf32>) -> (tensor<4096x256xf32>, tensor<4096x256xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %1 = stablehlo.tanh %0 : tensor<4096x256xf32>
    return %1, %arg0 : tensor<4096x256xf32>, tensor<4096x256xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<32x4096x256xf32>, %arg1: tensor<4096x256xf32>, %arg2: tensor<i32>) -> tensor<32x4096x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4096x256xf32>) -> tensor<1x4096x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x4096x256xf32>, tensor<1x4096x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x4096x256xf32>
    return %1 : tensor<32x4096x256xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<32x4096x256xf32>, %arg1: tensor<i32>) -> tensor<4096x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4096, 256] : (tensor<32x4096x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4096x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4096x256xf32>) -> tensor<4096x256xf32>
    return %1 : tensor<4096x256xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<4096x256xf32>, %arg1: tensor<4096x256xf32>, %arg2: tensor<256x256xf32>) -> (tensor<4096x256xf32>, tensor<256x256xf32>) {
    %0:3 = stablehlo.optimization_barrier %arg1, %arg2, %arg0 : tensor<4096x256xf32>, tensor<256x256xf32>, tensor<4096x256xf32>
    %1 = stablehlo.dot_general %0#0, %0#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    %2 = stablehlo.tanh %1 : tensor<4096x256xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %4 = stablehlo.subtract %3, %2 : tensor<4096x256xf32>
    %5 = stablehlo.multiply %0#2, %4 : tensor<4096x256xf32>
    %6 = stablehlo.multiply %5, %2 : tensor<4096x256xf32>
    %7 = stablehlo.add %5, %6 : tensor<4096x256xf32>
    %8 = stablehlo.dot_general %7, %0#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<256x256xf32>
    %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %10 = stablehlo.dot_general %7, %0#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4096x256xf32>, tensor<256x256xf32>) -> tensor<4096x256xf32>
    return %10, %9 : tensor<4096x256xf32>, tensor<256x256xf32>
  }
  func.func private @dynamic_update_index_in_dim_2(%arg0: tensor<32x256x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<i32>) -> tensor<32x256x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<256x256xf32>) -> tensor<1x256x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<32x256x256xf32>, tensor<1x256x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<32x256x256xf32>
    return %1 : tensor<32x256x256xf32>
  }
}
