// Layernorm over rows with var = E[x^2] - E[x]^2, as the benchmark has it,
// is one row kernel: per row, one pass summing x and x^2 (two sibling
// reduces over x), the 8x1 statistics (mean, var, rsqrt) once per row, and
// a final pass writing the normalised row; no statistic is written to
// memory. test_fuse.c pins what the kernel holds.
func.func @main(%x: tensor<8x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  check.expect_kernels 1
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
  %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
  %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
  %3 = stablehlo.divide %1, %2 : tensor<8x1xf32>
  %4 = stablehlo.multiply %x, %x : tensor<8x16xf32>
  %5 = stablehlo.reduce(%4 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
  %8 = stablehlo.divide %6, %2 : tensor<8x1xf32>
  %9 = stablehlo.multiply %3, %3 : tensor<8x1xf32>
  %10 = stablehlo.subtract %8, %9 : tensor<8x1xf32>
  %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
  %12 = stablehlo.subtract %x, %11 : tensor<8x16xf32>
  %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
  %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
  %14 = stablehlo.add %10, %13 : tensor<8x1xf32>
  %15 = stablehlo.rsqrt %14 : tensor<8x1xf32>
  %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x16xf32>
  %17 = stablehlo.multiply %12, %16 : tensor<8x16xf32>
  %18 = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
  %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
  %20 = stablehlo.multiply %17, %19 : tensor<8x16xf32>
  %21 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
  %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
  %23 = stablehlo.add %20, %22 : tensor<8x16xf32>
  return %23 : tensor<8x16xf32>
}
