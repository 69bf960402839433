// The legacy stablehlo.dot and stablehlo.broadcast, read as dot_general
// (contracting lhs's last dim with rhs's first) and broadcast_in_dim
// (sizes become leading dims).
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %v = stablehlo.constant dense<[10.0, 1.0]> : tensor<2xf32>
  %mv = stablehlo.dot %a, %v : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3xf32>
  check.expect_eq_const %mv, dense<[12.0, 34.0, 56.0]> : tensor<3xf32>
  %vv = "stablehlo.dot"(%v, %v) {precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  check.expect_eq_const %vv, dense<101.0> : tensor<f32>
  %b = stablehlo.broadcast %v, sizes = [2] : (tensor<2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %b, dense<[[10.0, 1.0], [10.0, 1.0]]> : tensor<2x2xf32>
  %bg = "stablehlo.broadcast"(%v) {broadcast_sizes = array<i64: 1, 3>} : (tensor<2xf32>) -> tensor<1x3x2xf32>
  check.expect_eq_const %bg, dense<[[[10.0, 1.0], [10.0, 1.0], [10.0, 1.0]]]> : tensor<1x3x2xf32>
  func.return
}
