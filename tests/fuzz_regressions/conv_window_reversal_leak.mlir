func.func @main(%x: tensor<1x4x1xf32>, %k: tensor<2x1x1xf32>) -> tensor<1x3x1xf32> {
  %0 = "stablehlo.convolution"(%x, %k) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, window_reversal = array<i1: false>-, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}
