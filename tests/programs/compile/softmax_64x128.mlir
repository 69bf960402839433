// Softmax over the rows of a 64x128 matrix: the argument and the output are
// 64 * 128 floats each. test_compile.c checks the rest of the analysis
// (the peak's sum, fusion keeping the 64x128 intermediates away, the
// eager peak) and the memory picture.
func.func @main(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  check.expect_memory {argument = 32768, output = 32768}   // 64 * 128 * 4 each
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x128xf32>
  %d = stablehlo.subtract %x, %mb : tensor<64x128xf32>
  %e = stablehlo.exponential %d : tensor<64x128xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x128xf32>
  %y = stablehlo.divide %e, %sb : tensor<64x128xf32>
  func.return %y : tensor<64x128xf32>
}
