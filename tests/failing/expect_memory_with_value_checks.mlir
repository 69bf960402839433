// Must FAIL: value checks would become extra outputs of @main and change
// its figures; compile-result checks go in a function without them.
func.func @main() {
  check.expect_kernels 1
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.add %a, %a : tensor<2xf32>
  check.expect_eq_const %b, dense<[2.0, 4.0]> : tensor<2xf32>
  func.return
}
