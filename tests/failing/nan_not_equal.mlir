// Must FAIL: under expect_eq NaN never equals NaN.
func.func @main() {
  %a = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  check.expect_eq_const %a, dense<0x7FC00000> : tensor<f32>
  func.return
}
