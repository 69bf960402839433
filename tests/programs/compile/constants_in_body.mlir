// x * [1 2 3 4] + 3 is one loop kernel: the splat 3.0 goes inside it as a
// scalar broadcast, the non-splat constant stays in the body as the
// kernel's operand. test_fuse.c checks where each constant went.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  check.expect_kernels 1
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %s = stablehlo.constant dense<3.0> : tensor<4xf32>
  %a = stablehlo.multiply %x, %c : tensor<4xf32>
  %b = stablehlo.add %a, %s : tensor<4xf32>
  return %b : tensor<4xf32>
}
