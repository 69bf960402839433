// Two layers, tanh(x W1 + b1) W2 + b2, with the bias broadcasts as JAX
// writes them: two dot kernels, bias and tanh in their epilogues. The
// hidden activation, 4 x 16 floats = 256 bytes, is the only intermediate,
// so the arena is that one buffer. test_fuse.c pins the epilogues.
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
                %w2: tensor<16x4xf32>, %b2: tensor<4xf32>) -> tensor<4x4xf32> {
  check.expect_kernels 2
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<4x16xf32>
  %3 = stablehlo.add %0, %2 : tensor<4x16xf32>
  %4 = stablehlo.tanh %3 : tensor<4x16xf32>
  %5 = stablehlo.dot_general %4, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %6 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<4x4xf32>
  %8 = stablehlo.add %5, %7 : tensor<4x4xf32>
  return %8 : tensor<4x4xf32>
}
