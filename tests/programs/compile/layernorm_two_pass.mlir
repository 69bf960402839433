// Layernorm with var = mean((x - mean)^2): the second reduce reads the
// first's result, so they cannot share a pass. One row kernel of three
// passes per row: mean's sum; the variance's sum over (x - mean)^2, then
// rsqrt(var + eps) once per row; the final pass (x - mean) * r.
// test_fuse.c pins what the kernel holds.
func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  check.expect_kernels 1
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<16.0> : tensor<8xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %mean = stablehlo.divide %s, %n : tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %d = stablehlo.subtract %x, %mb : tensor<8x16xf32>
  %sq = stablehlo.multiply %d, %d : tensor<8x16xf32>
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %var = stablehlo.divide %ss, %n : tensor<8xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<8xf32>
  %ve = stablehlo.add %var, %eps : tensor<8xf32>
  %r = stablehlo.rsqrt %ve : tensor<8xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %y = stablehlo.multiply %d, %rb : tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
