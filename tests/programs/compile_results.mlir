// The compile-result checks in all their forms: @layers is compiled on its
// own (it takes arguments: it is compiled, not run) and its figures
// compared; main checks its values through a call. --eval runs main's
// value checks only.
func.func private @layers(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  check.expect_memory {temp = 128, argument = 384, output = 128, alias = 0, peak = 640}
  check.expect_kernels 2
  stablehlo.custom_call @check.expect_memory() {lower_bound = 128, fused_away = 128} : () -> ()
  stablehlo.custom_call @check.expect_kernels() {kernels = 2} : () -> ()
  %a = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %h = stablehlo.tanh %a : tensor<4x8xf32>
  %b = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  func.return %b : tensor<4x8xf32>
}

func.func @main() {
  %x = stablehlo.constant dense<0.0> : tensor<4x8xf32>
  %w = stablehlo.constant dense<1.0> : tensor<8x8xf32>
  %y = func.call @layers(%x, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  check.expect_eq_const %y, dense<0.0> : tensor<4x8xf32>
  func.return
}
