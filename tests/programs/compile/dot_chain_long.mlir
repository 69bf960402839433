// A chain of tanh layers 3000 rows long ending in a sum keeps one
// activation buffer, each layer written over the last by blocks of 682
// rows (contract.h, CONTRACT_DOT_ROW_BLOCKS_MIN), and one block of rows in the
// scratch block: 3000 x 96 floats and 682 x 96 floats (mlp_deep, 4096 x
// 256: 4 MiB + 256 KiB). dot_chain_short.mlir is the chain too short to
// share. main checks the sum (the evaluator's, bit for bit: strict order)
// on inputs ((i * 37 + k * 11) % 23 - 11) * 0.0173 (i the flat index, k the
// argument); test_compile.c checks fast mode.
func.func private @chain(%x: tensor<3000x96xf32>, %w: tensor<96x96xf32>) -> tensor<f32> {
  check.expect_memory {temp = 1413888}   // 3000 * 96 * 4 + 682 * 96 * 4
  %a1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>
  %h1 = stablehlo.tanh %a1 : tensor<3000x96xf32>
  %a2 = stablehlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>
  %h2 = stablehlo.tanh %a2 : tensor<3000x96xf32>
  %a3 = stablehlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>
  %h3 = stablehlo.tanh %a3 : tensor<3000x96xf32>
  %a4 = stablehlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a4 init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<3000x96xf32>, tensor<f32>) -> tensor<f32>
  func.return %s : tensor<f32>
}

func.func private @in_3000x96(%k: tensor<i32>) -> tensor<3000x96xf32> {
  %r = stablehlo.iota dim = 0 : tensor<3000x96xi32>
  %c = stablehlo.iota dim = 1 : tensor<3000x96xi32>
  %cols = stablehlo.constant dense<96> : tensor<3000x96xi32>
  %rc = stablehlo.multiply %r, %cols : tensor<3000x96xi32>
  %i = stablehlo.add %rc, %c : tensor<3000x96xi32>
  %m37 = stablehlo.constant dense<37> : tensor<3000x96xi32>
  %m11 = stablehlo.constant dense<11> : tensor<3000x96xi32>
  %m23 = stablehlo.constant dense<23> : tensor<3000x96xi32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<3000x96xi32>
  %k11 = stablehlo.multiply %kb, %m11 : tensor<3000x96xi32>
  %i37 = stablehlo.multiply %i, %m37 : tensor<3000x96xi32>
  %s = stablehlo.add %i37, %k11 : tensor<3000x96xi32>
  %q = stablehlo.remainder %s, %m23 : tensor<3000x96xi32>
  %d = stablehlo.subtract %q, %m11 : tensor<3000x96xi32>
  %f = stablehlo.convert %d : (tensor<3000x96xi32>) -> tensor<3000x96xf32>
  %scale = stablehlo.constant dense<0.0173> : tensor<3000x96xf32>
  %v = stablehlo.multiply %f, %scale : tensor<3000x96xf32>
  func.return %v : tensor<3000x96xf32>
}

func.func private @in_96x96(%k: tensor<i32>) -> tensor<96x96xf32> {
  %r = stablehlo.iota dim = 0 : tensor<96x96xi32>
  %c = stablehlo.iota dim = 1 : tensor<96x96xi32>
  %cols = stablehlo.constant dense<96> : tensor<96x96xi32>
  %rc = stablehlo.multiply %r, %cols : tensor<96x96xi32>
  %i = stablehlo.add %rc, %c : tensor<96x96xi32>
  %m37 = stablehlo.constant dense<37> : tensor<96x96xi32>
  %m11 = stablehlo.constant dense<11> : tensor<96x96xi32>
  %m23 = stablehlo.constant dense<23> : tensor<96x96xi32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<96x96xi32>
  %k11 = stablehlo.multiply %kb, %m11 : tensor<96x96xi32>
  %i37 = stablehlo.multiply %i, %m37 : tensor<96x96xi32>
  %s = stablehlo.add %i37, %k11 : tensor<96x96xi32>
  %q = stablehlo.remainder %s, %m23 : tensor<96x96xi32>
  %d = stablehlo.subtract %q, %m11 : tensor<96x96xi32>
  %f = stablehlo.convert %d : (tensor<96x96xi32>) -> tensor<96x96xf32>
  %scale = stablehlo.constant dense<0.0173> : tensor<96x96xf32>
  %v = stablehlo.multiply %f, %scale : tensor<96x96xf32>
  func.return %v : tensor<96x96xf32>
}

func.func @main() {
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %k1 = stablehlo.constant dense<1> : tensor<i32>
  %x = func.call @in_3000x96(%k0) : (tensor<i32>) -> tensor<3000x96xf32>
  %w = func.call @in_96x96(%k1) : (tensor<i32>) -> tensor<96x96xf32>
  %s = func.call @chain(%x, %w) : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<f32>
  check.expect_eq_const %s, dense<-18.958992> : tensor<f32>
  func.return
}
