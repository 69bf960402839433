// The generic op form, with attributes in <{...}> and a region body.
func.func @main() {
  %0 = "stablehlo.constant"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %1 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %2 = "stablehlo.reduce"(%0, %1) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %3 = "stablehlo.multiply"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%3) : (tensor<i32>) -> ()
  }) : (tensor<2x2xi32>, tensor<i32>) -> tensor<2xi32>
  "check.expect_eq_const"(%2) <{value = dense<[3, 8]> : tensor<2xi32>}> : (tensor<2xi32>) -> ()
  %4 = "stablehlo.dot_general"(%0, %0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  "check.expect_eq_const"(%4) <{value = dense<[[7, 10], [15, 22]]> : tensor<2x2xi32>}> : (tensor<2x2xi32>) -> ()
  %5 = "stablehlo.constant"() <{value = dense<[1.00146484, 65520.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %6 = "stablehlo.reduce_precision"(%5) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<2xf32>) -> tensor<2xf32>
  "check.expect_eq_const"(%6) <{value = dense<[1.00195312, 0x7F800000]> : tensor<2xf32>}> : (tensor<2xf32>) -> ()
  %7 = "stablehlo.bitcast_convert"(%6) : (tensor<2xf32>) -> tensor<2x2xui16>
  "check.expect_eq_const"(%7) <{value = dense<[[0x4000, 0x3F80], [0, 0x7F80]]> : tensor<2x2xui16>}> : (tensor<2x2xui16>) -> ()
  %8 = "stablehlo.constant"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %9 = "stablehlo.fft"(%8) {fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  "check.expect_almost_eq_const"(%9) <{value = dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>}> : (tensor<3xcomplex<f32>>) -> ()
  "func.return"() : () -> ()
}
