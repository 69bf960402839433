// Must FAIL: the expected value is wrong by one ULP-free margin.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.add %a, %a : tensor<2xf32>
  check.expect_eq_const %b, dense<[2.0, 4.5]> : tensor<2xf32>
  func.return
}
