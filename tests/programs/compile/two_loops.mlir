// b = x*x + reverse(y) and c = -transpose(x): results of two shapes, so two
// loop kernels. test_fuse.c pins which operand each may overwrite.
func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  check.expect_kernels 2
  %a = stablehlo.multiply %x, %x : tensor<2x3xf32>
  %r = stablehlo.reverse %y, dims = [1] : tensor<2x3xf32>
  %b = stablehlo.add %a, %r : tensor<2x3xf32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %c = stablehlo.negate %t : tensor<3x2xf32>
  return %b, %c : tensor<2x3xf32>, tensor<3x2xf32>
}
