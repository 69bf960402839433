// Dynamic-shape ops whose shape operands are constants, read as the static
// ops they then are: dynamic_iota, dynamic_broadcast_in_dim, dynamic_pad
// and dynamic_conv. Expected values worked out by hand.
func.func @main() {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %io = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi32>) -> tensor<2x3xf32>
  check.expect_eq_const %io, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  %io0 = "stablehlo.dynamic_iota"(%shape) {iota_dimension = 0 : i64} : (tensor<2xi32>) -> tensor<2x3xi64>
  check.expect_eq_const %io0, dense<[[0, 0, 0], [1, 1, 1]]> : tensor<2x3xi64>

  %x = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %out = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %b = "stablehlo.dynamic_broadcast_in_dim"(%x, %out) {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[10, 10, 10], [20, 20, 20]]> : tensor<2x3xi32>

  // Pad [1, 2, 3] with 0: one before, two after, one between each pair; and
  // a negative low edge drops the first element.
  %v = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %low = stablehlo.constant dense<[1]> : tensor<1xi64>
  %high = stablehlo.constant dense<[2]> : tensor<1xi64>
  %interior = stablehlo.constant dense<[1]> : tensor<1xi64>
  %p = stablehlo.dynamic_pad %v, %zero, %low, %high, %interior : (tensor<3xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xi32>
  check.expect_eq_const %p, dense<[0, 1, 0, 2, 0, 3, 0, 0]> : tensor<8xi32>
  %neg = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %none = stablehlo.constant dense<[0]> : tensor<1xi64>
  %q = "stablehlo.dynamic_pad"(%v, %zero, %neg, %none, %none) : (tensor<3xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi32>
  check.expect_eq_const %q, dense<[2, 3]> : tensor<2xi32>

  // A 1-D convolution of [1, 2, 3, 4] with [1, 1], padded by one on each side.
  %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0]]]> : tensor<1x4x1xf32>
  %rhs = stablehlo.constant dense<[[[1.0]], [[1.0]]]> : tensor<2x1x1xf32>
  %pad = stablehlo.constant dense<[[1, 1]]> : tensor<1x2xi64>
  %c = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) {
    dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
  check.expect_eq_const %c, dense<[[[1.0], [3.0], [5.0], [7.0], [4.0]]]> : tensor<1x5x1xf32>
  return
}
