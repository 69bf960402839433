// Softmax over the rows of an 8x16 matrix, as jax.nn.softmax exports it, is
// one row kernel: per row, a pass for the max, a pass summing exp(x - max)
// and a final pass writing exp(x - max) / sum (computing exp again: no
// buffer of it, and no row statistic in memory). test_fuse.c pins the
// kernel's contents under the other fusion options.
func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  check.expect_kernels 1
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
  %3 = stablehlo.subtract %x, %2 : tensor<8x16xf32>
  %4 = stablehlo.exponential %3 : tensor<8x16xf32>
  %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
  %8 = stablehlo.divide %4, %7 : tensor<8x16xf32>
  return %8 : tensor<8x16xf32>
}
