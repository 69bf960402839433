// broadcast_in_dim, reshape, transpose, slice, concatenate, reverse, iota.
func.func @main() {
  %v = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xi64>) -> tensor<2x3xi64>
  check.expect_eq_const %b, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi64>
  %t = stablehlo.transpose %b, dims = [1, 0] : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %t, dense<[[1, 1], [2, 2], [3, 3]]> : tensor<3x2xi64>
  %r = stablehlo.reshape %t : (tensor<3x2xi64>) -> tensor<6xi64>
  check.expect_eq_const %r, dense<[1, 1, 2, 2, 3, 3]> : tensor<6xi64>
  %s = stablehlo.slice %r [1:6:2] : (tensor<6xi64>) -> tensor<3xi64>
  check.expect_eq_const %s, dense<[1, 2, 3]> : tensor<3xi64>
  %c = stablehlo.concatenate %s, %v, dim = 0 : (tensor<3xi64>, tensor<3xi64>) -> tensor<6xi64>
  %rev = stablehlo.reverse %c, dims = [0] : tensor<6xi64>
  check.expect_eq_const %rev, dense<[3, 2, 1, 3, 2, 1]> : tensor<6xi64>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  check.expect_eq_const %i, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  func.return
}
