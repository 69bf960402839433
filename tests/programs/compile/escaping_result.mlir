// t = tanh(x) is both returned and read by u = t + x: it is a second
// result of the one loop kernel, not a kernel of its own.
func.func private @escapes(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  check.expect_kernels 1
  %t = stablehlo.tanh %x : tensor<4xf32>
  %u = stablehlo.add %t, %x : tensor<4xf32>
  return %t, %u : tensor<4xf32>, tensor<4xf32>
}

func.func @main() {
  %x = stablehlo.constant dense<[0.0, 1.0, -2.0, 0.5]> : tensor<4xf32>
  %t, %u = func.call @escapes(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  check.expect_almost_eq_const %t, dense<[0.0, 0.76159416, -0.96402758, 0.46211716]> : tensor<4xf32>
  check.expect_almost_eq_const %u, dense<[0.0, 1.76159416, -2.96402758, 0.96211716]> : tensor<4xf32>
  return
}
