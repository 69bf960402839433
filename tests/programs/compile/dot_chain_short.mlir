// A chain of tanh layers 2000 rows long is too short to share one
// activation buffer in blocks of 682 rows (contract.h, CONTRACT_DOT_ROW_BLOCKS_MIN):
// two activation buffers of 2000 x 96 floats, no scratch block.
func.func @main(%x: tensor<2000x96xf32>, %w: tensor<96x96xf32>) -> tensor<f32> {
  check.expect_memory {temp = 1536000}   // 2 * 2000 * 96 * 4
  %a1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2000x96xf32>, tensor<96x96xf32>) -> tensor<2000x96xf32>
  %h1 = stablehlo.tanh %a1 : tensor<2000x96xf32>
  %a2 = stablehlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<2000x96xf32>, tensor<96x96xf32>) -> tensor<2000x96xf32>
  %h2 = stablehlo.tanh %a2 : tensor<2000x96xf32>
  %a3 = stablehlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<2000x96xf32>, tensor<96x96xf32>) -> tensor<2000x96xf32>
  %h3 = stablehlo.tanh %a3 : tensor<2000x96xf32>
  %a4 = stablehlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<2000x96xf32>, tensor<96x96xf32>) -> tensor<2000x96xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a4 init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<2000x96xf32>, tensor<f32>) -> tensor<f32>
  func.return %s : tensor<f32>
}
