// For tests/cli (--grad): one float scalar from one argument; its gradient is 2x.
func.func @main(%x: tensor<3xf32>) -> tensor<f32> {
  %sq = stablehlo.multiply %x, %x : tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  func.return %s : tensor<f32>
}
