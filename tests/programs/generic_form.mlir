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
  "func.return"() : () -> ()
}
