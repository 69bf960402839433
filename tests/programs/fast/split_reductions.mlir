// Reductions over every dim of a big array, which fast mode splits into
// row partials and a reduce over the rows (src/passes/split_reductions.c)
// only when the init is the reducer's identity: the init is applied once
// either way. Small integers, exact in any order.
func.func @main() {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %x = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
  %i = stablehlo.iota dim = 1 : tensor<256x256xi32>
  %y = stablehlo.convert %i : (tensor<256x256xi32>) -> tensor<256x256xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %five = stablehlo.constant dense<5.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %big = stablehlo.constant dense<300.0> : tensor<f32>
  %pinf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  // split: from the identity
  %s0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  %m0 = stablehlo.reduce(%y init: %ninf) applies stablehlo.maximum across dimensions = [1, 0] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  %n0 = stablehlo.reduce(%y init: %pinf) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  // not split: the init is not the identity, and must count once
  %s5 = stablehlo.reduce(%x init: %five) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  %m300 = stablehlo.reduce(%y init: %big) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %s0, dense<65536.0> : tensor<f32>
  check.expect_eq_const %m0, dense<255.0> : tensor<f32>
  check.expect_eq_const %n0, dense<0.0> : tensor<f32>
  check.expect_eq_const %s5, dense<65541.0> : tensor<f32>
  check.expect_eq_const %m300, dense<300.0> : tensor<f32>
  func.return
}
