// A donated parameter updated before its last other read (w's update
// comes first in the source, the product reads w after it): the scheduler
// moves the update after the product, so the new w is written over the
// old one (alias = 16 * 16 * 4 = 1024 bytes) at no cost in temporaries
// (the product's 8 x 16 result goes straight to its output: temp 0).
func.func @main(%w: tensor<16x16xf32> {tf.aliasing_output = 0 : i32}, %g: tensor<16x16xf32>,
                %x: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<8x16xf32>) {
  check.expect_memory {alias = 1024, temp = 0}
  %c = stablehlo.constant dense<0.1> : tensor<16x16xf32>
  %s = stablehlo.multiply %c, %g : tensor<16x16xf32>
  %nw = stablehlo.subtract %w, %s : tensor<16x16xf32>
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %y = stablehlo.tanh %h : tensor<8x16xf32>
  func.return %nw, %y : tensor<16x16xf32>, tensor<8x16xf32>
}
