// Must FAIL: exp and the add fuse into one kernel, not two (the custom_call form).
func.func @f(%x: tensor<16xf32>) -> tensor<16xf32> {
  stablehlo.custom_call @check.expect_kernels() {kernels = 2} : () -> ()
  %e = stablehlo.exponential %x : tensor<16xf32>
  %y = stablehlo.add %e, %x : tensor<16xf32>
  func.return %y : tensor<16xf32>
}
