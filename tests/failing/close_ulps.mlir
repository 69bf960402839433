// Must FAIL: 1.0 and 1.0000005 are 4 ULPs apart, more than the 3 allowed.
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.constant dense<0x3F800004> : tensor<f32>
  stablehlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  func.return
}
