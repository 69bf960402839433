// For tests/cli/run.sh: two results from one argument.
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
  %n = stablehlo.negate %x : tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  func.return %n, %s : tensor<3xf32>, tensor<f32>
}
