// Must FAIL with a located parse error: `tmp` is no figure (temp is).
func.func @f(%x: tensor<16xf32>) -> tensor<16xf32> {
  check.expect_memory {tmp = 0}
  %y = stablehlo.exponential %x : tensor<16xf32>
  func.return %y : tensor<16xf32>
}
