// Exported from JAX 0.10.2 by bench/jax/export_programs.py.
module @jit_gru_scan_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<128x768xf32>, %arg1: tensor<256x768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<64x32x128xf32>, %arg4: tensor<64x32x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<128x768xf32> {jax.result_info = "result[1][0]"}, tensor<256x768xf32> {jax.result_info = "result[1][1]"}, tensor<768xf32> {jax.result_info = "result[1][2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %12:16 = stablehlo.while(%iterArg = %arg3, %iterArg_20 = %arg0, %iterArg_21 = %1, %iterArg_22 = %arg1, %iterArg_23 = %c, %iterArg_24 = %0, %iterArg_25 = %2, %iterArg_26 = %3, %iterArg_27 = %4, %iterArg_28 = %5, %iterArg_29 = %6, %iterArg_30 = %7, %iterArg_31 = %8, %iterArg_32 = %9, %iterArg_33 = %10, %iterArg_34 = %11) : tensor<64x32x128xf32>, tensor<128x768xf32>, tensor<1x768xf32>, tensor<256x768xf32>, tensor<i32>, tensor<32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>
    cond {
      %c_35 = stablehlo.constant dense<64> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_23, %c_35, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %27 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_23) : (tensor<64x32x128xf32>, tensor<i32>) -> tensor<32x128xf32>
      %28:11 = func.call @closed_call(%iterArg_20, %iterArg_21, %iterArg_22, %iterArg_24, %27) : (tensor<128x768xf32>, tensor<1x768xf32>, tensor<256x768xf32>, tensor<32x256xf32>, tensor<32x128xf32>) -> (tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>)
      %29 = func.call @dynamic_update_index_in_dim(%iterArg_25, %28#1, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %30 = func.call @dynamic_update_index_in_dim(%iterArg_26, %28#2, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %31 = func.call @dynamic_update_index_in_dim(%iterArg_27, %28#3, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %32 = func.call @dynamic_update_index_in_dim(%iterArg_28, %28#4, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %33 = func.call @dynamic_update_index_in_dim(%iterArg_29, %28#5, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %34 = func.call @dynamic_update_index_in_dim(%iterArg_30, %28#6, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %35 = func.call @dynamic_update_index_in_dim(%iterArg_31, %28#7, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %36 = func.call @dynamic_update_index_in_dim(%iterArg_32, %28#8, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %37 = func.call @dynamic_update_index_in_dim(%iterArg_33, %28#9, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %38 = func.call @dynamic_update_index_in_dim(%iterArg_34, %28#10, %iterArg_23) : (tensor<64x32x256xf32>, tensor<32x256xf32>, tensor<i32>) -> tensor<64x32x256xf32>
      %c_35 = stablehlo.constant dense<1> : tensor<i32>
      %39 = stablehlo.add %iterArg_23, %c_35 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_20, %iterArg_21, %iterArg_22, %39, %28#0, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38 : tensor<64x32x128xf32>, tensor<128x768xf32>, tensor<1x768xf32>, tensor<256x768xf32>, tensor<i32>, tensor<32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>
    }
    %13 = stablehlo.subtract %12#6, %arg4 : tensor<64x32x256xf32>
    %14 = stablehlo.multiply %13, %13 : tensor<64x32x256xf32>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %16 = stablehlo.multiply %15, %13 : tensor<64x32x256xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%14 init: %cst_11) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<64x32x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<5.242880e+05> : tensor<f32>
    %18 = stablehlo.divide %17, %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_14 = stablehlo.constant dense<5.242880e+05> : tensor<f32>
    %19 = stablehlo.divide %cst_13, %cst_14 : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f32>) -> tensor<64x32x256xf32>
    %21 = stablehlo.multiply %20, %16 : tensor<64x32x256xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<128x768xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<256x768xf32>
    %c_19 = stablehlo.constant dense<0> : tensor<i32>
    %26:17 = stablehlo.while(%iterArg = %21, %iterArg_20 = %arg3, %iterArg_21 = %12#7, %iterArg_22 = %12#8, %iterArg_23 = %12#9, %iterArg_24 = %12#10, %iterArg_25 = %12#11, %iterArg_26 = %12#12, %iterArg_27 = %12#13, %iterArg_28 = %12#14, %iterArg_29 = %12#15, %iterArg_30 = %arg1, %iterArg_31 = %c_19, %iterArg_32 = %23, %iterArg_33 = %24, %iterArg_34 = %25, %iterArg_35 = %22) : tensor<64x32x256xf32>, tensor<64x32x128xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<256x768xf32>, tensor<i32>, tensor<128x768xf32>, tensor<768xf32>, tensor<256x768xf32>, tensor<32x256xf32>
    cond {
      %c_36 = stablehlo.constant dense<64> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_31, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %c_36 = stablehlo.constant dense<64> : tensor<i32>
      %27 = stablehlo.subtract %c_36, %iterArg_31 : tensor<i32>
      %c_37 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.subtract %27, %c_37 : tensor<i32>
      %29 = func.call @dynamic_index_in_dim_0(%iterArg, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %30 = func.call @dynamic_index_in_dim(%iterArg_20, %28) : (tensor<64x32x128xf32>, tensor<i32>) -> tensor<32x128xf32>
      %31 = func.call @dynamic_index_in_dim_0(%iterArg_21, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %32 = func.call @dynamic_index_in_dim_0(%iterArg_22, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %33 = func.call @dynamic_index_in_dim_0(%iterArg_23, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %34 = func.call @dynamic_index_in_dim_0(%iterArg_24, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %35 = func.call @dynamic_index_in_dim_0(%iterArg_25, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %36 = func.call @dynamic_index_in_dim_0(%iterArg_26, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %37 = func.call @dynamic_index_in_dim_0(%iterArg_27, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %38 = func.call @dynamic_index_in_dim_0(%iterArg_28, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %39 = func.call @dynamic_index_in_dim_0(%iterArg_29, %28) : (tensor<64x32x256xf32>, tensor<i32>) -> tensor<32x256xf32>
      %40:4 = func.call @closed_call_1(%iterArg_30, %iterArg_32, %iterArg_33, %iterArg_34, %iterArg_35, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39) : (tensor<256x768xf32>, tensor<128x768xf32>, tensor<768xf32>, tensor<256x768xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x128xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>) -> (tensor<128x768xf32>, tensor<768xf32>, tensor<256x768xf32>, tensor<32x256xf32>)
      %c_38 = stablehlo.constant dense<1> : tensor<i32>
      %41 = stablehlo.add %iterArg_31, %c_38 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_20, %iterArg_21, %iterArg_22, %iterArg_23, %iterArg_24, %iterArg_25, %iterArg_26, %iterArg_27, %iterArg_28, %iterArg_29, %iterArg_30, %41, %40#0, %40#1, %40#2, %40#3 : tensor<64x32x256xf32>, tensor<64x32x128xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<64x32x256xf32>, tensor<256x768xf32>, tensor<i32>, tensor<128x768xf32>, tensor<768xf32>, tensor<256x768xf32>, tensor<32x256xf32>
    }
    return %18, %26#13, %26#15, %26#14 : tensor<f32>, tensor<128x768xf32>, tensor<256x768xf32>, tensor<768xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<64x32x128xf32>, %arg1: tensor<i32>) -> tensor<32x128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 32, 128] : (tensor<64x32x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x32x128xf32>) -> tensor<32x128xf32>
    return %1 : tensor<32x128xf32>
  }
  func.func private @closed_call(%arg0: tensor<128x768xf32>, %arg1: tensor<1x768xf32>, %arg2: tensor<256x768xf32>, %arg3: tensor<32x256xf32>, %arg4: tensor<32x128xf32>) -> (tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x128xf32>, tensor<128x768xf32>) -> tensor<32x768xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<32x768xf32>
    %2 = stablehlo.add %0, %1 : tensor<32x768xf32>
    %3 = stablehlo.dot_general %arg3, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x256xf32>, tensor<256x768xf32>) -> tensor<32x768xf32>
    %4 = stablehlo.slice %2 [0:32, 0:256] : (tensor<32x768xf32>) -> tensor<32x256xf32>
    %5 = stablehlo.slice %3 [0:32, 0:256] : (tensor<32x768xf32>) -> tensor<32x256xf32>
    %6 = stablehlo.add %4, %5 : tensor<32x256xf32>
    %7 = stablehlo.negate %6 : tensor<32x256xf32>
    %8 = stablehlo.exponential %7 : tensor<32x256xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %10 = stablehlo.add %9, %8 : tensor<32x256xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %12 = stablehlo.divide %11, %10 : tensor<32x256xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %14 = stablehlo.subtract %13, %12 : tensor<32x256xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<32x256xf32>
    %16 = stablehlo.slice %2 [0:32, 256:512] : (tensor<32x768xf32>) -> tensor<32x256xf32>
    %17 = stablehlo.slice %3 [0:32, 256:512] : (tensor<32x768xf32>) -> tensor<32x256xf32>
    %18 = stablehlo.add %16, %17 : tensor<32x256xf32>
    %19 = stablehlo.negate %18 : tensor<32x256xf32>
    %20 = stablehlo.exponential %19 : tensor<32x256xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %22 = stablehlo.add %21, %20 : tensor<32x256xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %24 = stablehlo.divide %23, %22 : tensor<32x256xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %26 = stablehlo.subtract %25, %24 : tensor<32x256xf32>
    %27 = stablehlo.multiply %24, %26 : tensor<32x256xf32>
    %28 = stablehlo.slice %2 [0:32, 512:768] : (tensor<32x768xf32>) -> tensor<32x256xf32>
    %29 = stablehlo.slice %3 [0:32, 512:768] : (tensor<32x768xf32>) -> tensor<32x256xf32>
    %30 = stablehlo.multiply %24, %29 : tensor<32x256xf32>
    %31 = stablehlo.add %28, %30 : tensor<32x256xf32>
    %32 = stablehlo.tanh %31 : tensor<32x256xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %34 = stablehlo.subtract %33, %32 : tensor<32x256xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32x256xf32>
    %36 = stablehlo.subtract %35, %12 : tensor<32x256xf32>
    %37 = stablehlo.multiply %36, %32 : tensor<32x256xf32>
    %38 = stablehlo.multiply %12, %arg3 : tensor<32x256xf32>
    %39 = stablehlo.add %37, %38 : tensor<32x256xf32>
    return %39, %39, %arg3, %15, %27, %29, %24, %32, %34, %36, %12 : tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<64x32x256xf32>, %arg1: tensor<32x256xf32>, %arg2: tensor<i32>) -> tensor<64x32x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<32x256xf32>) -> tensor<1x32x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<64x32x256xf32>, tensor<1x32x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<64x32x256xf32>
    return %1 : tensor<64x32x256xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<64x32x256xf32>, %arg1: tensor<i32>) -> tensor<32x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 32, 256] : (tensor<64x32x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x32x256xf32>) -> tensor<32x256xf32>
    return %1 : tensor<32x256xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<256x768xf32>, %arg1: tensor<128x768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<256x768xf32>, %arg4: tensor<32x256xf32>, %arg5: tensor<32x256xf32>, %arg6: tensor<32x128xf32>, %arg7: tensor<32x256xf32>, %arg8: tensor<32x256xf32>, %arg9: tensor<32x256xf32>, %arg10: tensor<32x256xf32>, %arg11: tensor<32x256xf32>, %arg12: tensor<32x256xf32>, %arg13: tensor<32x256xf32>, %arg14: tensor<32x256xf32>, %arg15: tensor<32x256xf32>) -> (tensor<128x768xf32>, tensor<768xf32>, tensor<256x768xf32>, tensor<32x256xf32>) {
    %0 = stablehlo.add %arg4, %arg5 : tensor<32x256xf32>
    %1 = stablehlo.multiply %arg15, %0 : tensor<32x256xf32>
    %2 = stablehlo.multiply %0, %arg7 : tensor<32x256xf32>
    %3 = stablehlo.multiply %arg14, %0 : tensor<32x256xf32>
    %4 = stablehlo.multiply %0, %arg12 : tensor<32x256xf32>
    %5 = stablehlo.negate %4 : tensor<32x256xf32>
    %6 = stablehlo.add %2, %5 : tensor<32x256xf32>
    %7 = stablehlo.multiply %3, %arg13 : tensor<32x256xf32>
    %8 = stablehlo.multiply %7, %arg12 : tensor<32x256xf32>
    %9 = stablehlo.add %7, %8 : tensor<32x256xf32>
    %10 = stablehlo.multiply %arg11, %9 : tensor<32x256xf32>
    %11 = stablehlo.multiply %9, %arg10 : tensor<32x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.pad %10, %cst, low = [0, 512], high = [0, 0], interior = [0, 0] : (tensor<32x256xf32>, tensor<f32>) -> tensor<32x768xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.pad %9, %cst_0, low = [0, 512], high = [0, 0], interior = [0, 0] : (tensor<32x256xf32>, tensor<f32>) -> tensor<32x768xf32>
    %14 = stablehlo.multiply %11, %arg9 : tensor<32x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.pad %14, %cst_1, low = [0, 256], high = [0, 256], interior = [0, 0] : (tensor<32x256xf32>, tensor<f32>) -> tensor<32x768xf32>
    %16 = stablehlo.add %12, %15 : tensor<32x768xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.pad %14, %cst_2, low = [0, 256], high = [0, 256], interior = [0, 0] : (tensor<32x256xf32>, tensor<f32>) -> tensor<32x768xf32>
    %18 = stablehlo.add %13, %17 : tensor<32x768xf32>
    %19 = stablehlo.multiply %6, %arg8 : tensor<32x256xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.pad %19, %cst_3, low = [0, 0], high = [0, 512], interior = [0, 0] : (tensor<32x256xf32>, tensor<f32>) -> tensor<32x768xf32>
    %21 = stablehlo.add %16, %20 : tensor<32x768xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.pad %19, %cst_4, low = [0, 0], high = [0, 512], interior = [0, 0] : (tensor<32x256xf32>, tensor<f32>) -> tensor<32x768xf32>
    %23 = stablehlo.add %18, %22 : tensor<32x768xf32>
    %24 = stablehlo.dot_general %21, %arg7, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x768xf32>, tensor<32x256xf32>) -> tensor<768x256xf32>
    %25 = stablehlo.transpose %24, dims = [1, 0] : (tensor<768x256xf32>) -> tensor<256x768xf32>
    %26 = stablehlo.add %arg3, %25 : tensor<256x768xf32>
    %27 = stablehlo.dot_general %21, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x768xf32>, tensor<256x768xf32>) -> tensor<32x256xf32>
    %28 = stablehlo.add %1, %27 : tensor<32x256xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%23 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<32x768xf32>, tensor<f32>) -> tensor<768xf32>
    %30 = stablehlo.reshape %29 : (tensor<768xf32>) -> tensor<1x768xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.reduce(%30 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %32 = stablehlo.add %arg2, %31 : tensor<768xf32>
    %33 = stablehlo.dot_general %23, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x768xf32>, tensor<32x128xf32>) -> tensor<768x128xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<768x128xf32>) -> tensor<128x768xf32>
    %35 = stablehlo.add %arg1, %34 : tensor<128x768xf32>
    return %35, %32, %26, %28 : tensor<128x768xf32>, tensor<768xf32>, tensor<256x768xf32>, tensor<32x256xf32>
  }
}
