// Must FAIL: the checked value's shape differs from the expected one.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi32>
  check.expect_eq %a, %b : tensor<2xi32>, tensor<1x2xi32>
  func.return
}
