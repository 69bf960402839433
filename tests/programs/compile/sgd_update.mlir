// An SGD step: the weight updates are dot kernels whose epilogue reads the
// old weight (w - 0.01 * x^T g, and w2 + (-0.01) * (g^T x) written the
// other way round), the bias update a reduce kernel (b - 0.01 * sum g).
// Not donated, no output lives in an argument: alias 0. Donated (all
// three), 48 * 40 * 2 + 40 floats would be; test_compile.c checks that and
// the values.
func.func @main(%w: tensor<48x40xf32>, %b: tensor<40xf32>, %w2: tensor<40x48xf32>, %x: tensor<32x48xf32>, %g: tensor<32x40xf32>) -> (tensor<48x40xf32>, tensor<40xf32>, tensor<40x48xf32>) {
  check.expect_memory {alias = 0}
  %dw = stablehlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<32x48xf32>, tensor<32x40xf32>) -> tensor<48x40xf32>
  %c = stablehlo.constant dense<0.01> : tensor<f32>
  %cw = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
  %sw = stablehlo.multiply %cw, %dw : tensor<48x40xf32>
  %nw = stablehlo.subtract %w, %sw : tensor<48x40xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %db = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<32x40xf32>, tensor<f32>) -> tensor<40xf32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<40xf32>
  %sb = stablehlo.multiply %cb, %db : tensor<40xf32>
  %nb = stablehlo.subtract %b, %sb : tensor<40xf32>
  %dw2 = stablehlo.dot_general %g, %x, contracting_dims = [0] x [0] : (tensor<32x40xf32>, tensor<32x48xf32>) -> tensor<40x48xf32>
  %n = stablehlo.constant dense<-0.01> : tensor<f32>
  %cn = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<40x48xf32>
  %sw2 = stablehlo.multiply %dw2, %cn : tensor<40x48xf32>
  %nw2 = stablehlo.add %sw2, %w2 : tensor<40x48xf32>
  func.return %nw, %nb, %nw2 : tensor<48x40xf32>, tensor<40xf32>, tensor<40x48xf32>
}
