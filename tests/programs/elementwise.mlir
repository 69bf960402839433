// Elementwise arithmetic and math on f32, f64 and i32.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, -2.0, 3.5, 0.0]> : tensor<4xf32>
  %b = stablehlo.constant dense<[2.0, 4.0, -0.5, 1.0]> : tensor<4xf32>
  %sum = stablehlo.add %a, %b : tensor<4xf32>
  %prod = stablehlo.multiply %a, %b : tensor<4xf32>
  %diff = stablehlo.subtract %sum, %prod : tensor<4xf32>
  check.expect_eq_const %diff, dense<[1.0, 10.0, 4.75, 1.0]> : tensor<4xf32>
  %e = stablehlo.exponential %a : tensor<4xf32>
  check.expect_almost_eq_const %e, dense<[2.71828183, 0.13533528, 33.11545196, 1.0]> : tensor<4xf32>
  %t = stablehlo.tanh %b : tensor<4xf32>
  %t_expected = stablehlo.constant dense<[0.96402758, 0.99932930, -0.46211716, 0.76159416]> : tensor<4xf32>
  check.expect_close %t, %t_expected, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  %x = stablehlo.constant dense<[7, -7, 9, -9]> : tensor<4xi32>
  %y = stablehlo.constant dense<[2, 2, -4, -4]> : tensor<4xi32>
  %q = stablehlo.divide %x, %y : tensor<4xi32>
  check.expect_eq_const %q, dense<[3, -3, -2, 2]> : tensor<4xi32>
  %r = stablehlo.remainder %x, %y : tensor<4xi32>
  check.expect_eq_const %r, dense<[1, -1, 1, -1]> : tensor<4xi32>
  %d = stablehlo.constant dense<[0.25, 4.0]> : tensor<2xf64>
  %s = stablehlo.sqrt %d : tensor<2xf64>
  check.expect_eq_const %s, dense<[0.5, 2.0]> : tensor<2xf64>
  func.return
}
