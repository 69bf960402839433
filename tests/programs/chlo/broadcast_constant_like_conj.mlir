// chlo.broadcast_<op> (numpy broadcasting, or broadcast_dimensions for the lower-rank operand),
// chlo.constant_like and chlo.conj (the identity on real types), as MLIR prints them; expected
// values from numpy.
// broadcast_* with and without broadcast_dimensions, constant_like, conj
module {
  func.func private @f(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<2x1xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %0 = chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = chlo.broadcast_multiply %arg0, %arg2 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
    %2 = chlo.broadcast_subtract %arg1, %arg0 : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = chlo.broadcast_compare %arg0, %arg1 {broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
    %4 = chlo.broadcast_select %3, %arg0, %2 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %5 = "chlo.broadcast_maximum"(%arg2, %arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %6 = "chlo.constant_like"(%arg0) <{value = 1.500000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %7 = chlo.conj %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
    %8 = chlo.broadcast_divide %6, %arg2 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
    return %0, %1, %2, %3, %4, %5, %7, %8 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>
    %x1 = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
    %x2 = stablehlo.constant dense<[[2.0], [0.5]]> : tensor<2x1xf32>
    %r:8 = func.call @f(%x0, %x1, %x2) : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
    %want0 = stablehlo.constant dense<[[11.0, 18.0, 33.0], [14.0, 25.0, 24.0]]> : tensor<2x3xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %want1 = stablehlo.constant dense<[[2.0, -4.0, 6.0], [2.0, 2.5, -3.0]]> : tensor<2x3xf32>
    check.expect_close %r#1, %want1, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %want2 = stablehlo.constant dense<[[9.0, 22.0, 27.0], [6.0, 15.0, 36.0]]> : tensor<2x3xf32>
    check.expect_close %r#2, %want2, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %want3 = stablehlo.constant dense<[[true, true, true], [true, true, true]]> : tensor<2x3xi1>
    check.expect_eq %r#3, %want3 : tensor<2x3xi1>
    %want4 = stablehlo.constant dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>
    check.expect_close %r#4, %want4, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %want5 = stablehlo.constant dense<[[10.0, 20.0, 30.0], [10.0, 20.0, 30.0]]> : tensor<2x3xf32>
    check.expect_close %r#5, %want5, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %want6 = stablehlo.constant dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>
    check.expect_close %r#6, %want6, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %want7 = stablehlo.constant dense<[[0.75, 0.75, 0.75], [3.0, 3.0, 3.0]]> : tensor<2x3xf32>
    check.expect_close %r#7, %want7, max_ulp_difference = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    func.return
  }
}

// -----

// integer forms: broadcast_dimensions = [0] maps the vector to the rows
module {
  func.func private @f(%arg0: tensor<2x2xi32>, %arg1: tensor<2xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
    %0 = chlo.broadcast_shift_left %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
    %1 = "chlo.constant_like"(%arg0) <{value = 7 : i32}> : (tensor<2x2xi32>) -> tensor<2x2xi32>
    %2 = chlo.broadcast_and %1, %arg1 : (tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
    return %0, %2 : tensor<2x2xi32>, tensor<2x2xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %x1 = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
    %r:2 = func.call @f(%x0, %x1) : (tensor<2x2xi32>, tensor<2xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>)
    %want0 = stablehlo.constant dense<[[2, 4], [24, 32]]> : tensor<2x2xi32>
    check.expect_eq %r#0, %want0 : tensor<2x2xi32>
    %want1 = stablehlo.constant dense<[[1, 3], [1, 3]]> : tensor<2x2xi32>
    check.expect_eq %r#1, %want1 : tensor<2x2xi32>
    func.return
  }
}
