// f64 layers (the BLIS form calls dgemm): y = tanh(h @ w) is written over
// h, so h lives in y's output buffer and the arena holds one block of 512
// rows of 64 doubles, the dot's scratch. test_compile.c checks the values
// (strict order bit for bit, fast within 1e-12) and fast mode's figure.
func.func @main(%x: tensor<4200x64xf64>, %w: tensor<64x64xf64>) -> tensor<4200x64xf64> {
  check.expect_memory {temp = 262144}   // 512 * 64 * 8
  %a = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4200x64xf64>, tensor<64x64xf64>) -> tensor<4200x64xf64>
  %h = stablehlo.tanh %a : tensor<4200x64xf64>
  %b = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<4200x64xf64>, tensor<64x64xf64>) -> tensor<4200x64xf64>
  %y = stablehlo.tanh %b : tensor<4200x64xf64>
  func.return %y : tensor<4200x64xf64>
}
