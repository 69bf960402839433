// A scan as JAX writes it (tests/programs/compile/scan_in_place.mlir without its checks), for mem's loop report.
func.func @main(%x: tensor<16x8xf32>, %ws: tensor<4x8x8xf32>) -> (tensor<16x8xf32>, tensor<4x16x8xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<4> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %ys0 = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<4x16x8xf32>
  %i, %w, %h, %ys = stablehlo.while(%k = %zero, %wk = %ws, %hk = %x, %yk = %ys0) : tensor<i32>, tensor<4x8x8xf32>, tensor<16x8xf32>, tensor<4x16x8xf32>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %w3 = stablehlo.dynamic_slice %wk, %k, %zero, %zero, sizes = [1, 8, 8] : (tensor<4x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
    %w2 = stablehlo.reshape %w3 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
    %d = stablehlo.dot_general %hk, %w2, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %t = stablehlo.tanh %d : tensor<16x8xf32>
    %t3 = stablehlo.reshape %t : (tensor<16x8xf32>) -> tensor<1x16x8xf32>
    %y1 = stablehlo.dynamic_update_slice %yk, %t3, %k, %zero, %zero : (tensor<4x16x8xf32>, tensor<1x16x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x16x8xf32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %k1, %wk, %t, %y1 : tensor<i32>, tensor<4x8x8xf32>, tensor<16x8xf32>, tensor<4x16x8xf32>
  }
  func.return %h, %ys : tensor<16x8xf32>, tensor<4x16x8xf32>
}
