// Ops whose results nobody reads disappear: exp and negate of x are dead,
// so abs is the one kernel.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  check.expect_kernels 1
  %dead = stablehlo.exponential %x : tensor<4xf32>
  %dead2 = stablehlo.negate %dead : tensor<4xf32>
  %a = stablehlo.abs %x : tensor<4xf32>
  return %a : tensor<4xf32>
}
