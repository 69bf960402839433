// The scratch block of the dot over h1 (a block of rows that the dot
// written over its dying lhs computes into) goes where g, not yet made,
// will be: at the peak the arena holds h (3000 x 96 floats) and g
// (3000 x 384 floats) and nothing more. main checks the sum (the
// evaluator's, bit for bit: strict order) on inputs
// ((i * 37 + k * 11) % 23 - 11) * 0.0173 (i the flat index, k the argument).
func.func private @gap(%x: tensor<3000x96xf32>, %w: tensor<96x96xf32>, %v: tensor<96x384xf32>) -> tensor<f32> {
  check.expect_memory {temp = 5760000}   // 3000 * 96 * 4 + 3000 * 384 * 4
  %a1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>
  %h1 = stablehlo.tanh %a1 : tensor<3000x96xf32>
  %a2 = stablehlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x96xf32>) -> tensor<3000x96xf32>
  %h2 = stablehlo.tanh %a2 : tensor<3000x96xf32>
  %g = stablehlo.dot_general %h2, %v, contracting_dims = [1] x [0] : (tensor<3000x96xf32>, tensor<96x384xf32>) -> tensor<3000x384xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%g init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<3000x384xf32>, tensor<f32>) -> tensor<f32>
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

func.func private @in_96x384(%k: tensor<i32>) -> tensor<96x384xf32> {
  %r = stablehlo.iota dim = 0 : tensor<96x384xi32>
  %c = stablehlo.iota dim = 1 : tensor<96x384xi32>
  %cols = stablehlo.constant dense<384> : tensor<96x384xi32>
  %rc = stablehlo.multiply %r, %cols : tensor<96x384xi32>
  %i = stablehlo.add %rc, %c : tensor<96x384xi32>
  %m37 = stablehlo.constant dense<37> : tensor<96x384xi32>
  %m11 = stablehlo.constant dense<11> : tensor<96x384xi32>
  %m23 = stablehlo.constant dense<23> : tensor<96x384xi32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<96x384xi32>
  %k11 = stablehlo.multiply %kb, %m11 : tensor<96x384xi32>
  %i37 = stablehlo.multiply %i, %m37 : tensor<96x384xi32>
  %s = stablehlo.add %i37, %k11 : tensor<96x384xi32>
  %q = stablehlo.remainder %s, %m23 : tensor<96x384xi32>
  %d = stablehlo.subtract %q, %m11 : tensor<96x384xi32>
  %f = stablehlo.convert %d : (tensor<96x384xi32>) -> tensor<96x384xf32>
  %scale = stablehlo.constant dense<0.0173> : tensor<96x384xf32>
  %v = stablehlo.multiply %f, %scale : tensor<96x384xf32>
  func.return %v : tensor<96x384xf32>
}

func.func @main() {
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %k1 = stablehlo.constant dense<1> : tensor<i32>
  %k2 = stablehlo.constant dense<2> : tensor<i32>
  %x = func.call @in_3000x96(%k0) : (tensor<i32>) -> tensor<3000x96xf32>
  %w = func.call @in_96x96(%k1) : (tensor<i32>) -> tensor<96x96xf32>
  %v = func.call @in_96x384(%k2) : (tensor<i32>) -> tensor<96x384xf32>
  %s = func.call @gap(%x, %w, %v) : (tensor<3000x96xf32>, tensor<96x96xf32>, tensor<96x384xf32>) -> tensor<f32>
  check.expect_eq_const %s, dense<-7.2569094> : tensor<f32>
  func.return
}
