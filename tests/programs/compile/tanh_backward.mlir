// A tanh layer and its backward step as JAX writes them: s = 1 - t is made
// in the forward pass and read by the backward dot's epilogue, which reads
// t too, so it computes 1 - t itself. Three dot kernels (forward, output,
// backward). test_fuse.c pins that each writes one result.
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x4xf32>, %g: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x16xf32>) {
  check.expect_kernels 3
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %0 : tensor<4x16xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %ob = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
  %s = stablehlo.subtract %ob, %t : tensor<4x16xf32>
  %y = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %gb = stablehlo.dot_general %g, %w2, contracting_dims = [1] x [1] : (tensor<4x4xf32>, tensor<16x4xf32>) -> tensor<4x16xf32>
  %d = stablehlo.multiply %gb, %s : tensor<4x16xf32>
  %e = stablehlo.multiply %d, %t : tensor<4x16xf32>
  %r = stablehlo.add %d, %e : tensor<4x16xf32>
  return %y, %r : tensor<4x4xf32>, tensor<4x16xf32>
}
