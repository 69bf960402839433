// Must FAIL: the arena holds h (128 bytes), not 64; the message names the
// check's file:line:col, the figure, what was found and what was expected.
func.func @layers(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  check.expect_memory {temp = 64}
  %a = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %h = stablehlo.tanh %a : tensor<4x8xf32>
  %b = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  func.return %b : tensor<4x8xf32>
}
