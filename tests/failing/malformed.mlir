// Must FAIL with a located parse error: the operand list is not closed.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = "stablehlo.add"(%a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}
