// chlo.is_inf, chlo.is_pos_inf, chlo.is_neg_inf: expanded to abs(x) == inf, x == inf, x == -inf.
// chlo.is_inf, is_pos_inf, is_neg_inf on float32 (expected: jnp.isinf, isposinf, isneginf)
module {
  func.func private @f(%arg0: tensor<11xf32>) -> (tensor<11xi1>, tensor<11xi1>, tensor<11xi1>) {
    %0 = chlo.is_inf %arg0 : tensor<11xf32> -> tensor<11xi1>
    %1 = chlo.is_pos_inf %arg0 : tensor<11xf32> -> tensor<11xi1>
    %2 = "chlo.is_neg_inf"(%arg0) : (tensor<11xf32>) -> tensor<11xi1>
    return %0, %1, %2 : tensor<11xi1>, tensor<11xi1>, tensor<11xi1>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0xFFC00000]> : tensor<11xf32>
    %r:3 = func.call @f(%x0) : (tensor<11xf32>) -> (tensor<11xi1>, tensor<11xi1>, tensor<11xi1>)
    %want0 = stablehlo.constant dense<[false, false, true, true, false, false, false, false, false, false, false]> : tensor<11xi1>
    check.expect_eq %r#0, %want0 : tensor<11xi1>
    %want1 = stablehlo.constant dense<[false, false, true, false, false, false, false, false, false, false, false]> : tensor<11xi1>
    check.expect_eq %r#1, %want1 : tensor<11xi1>
    %want2 = stablehlo.constant dense<[false, false, false, true, false, false, false, false, false, false, false]> : tensor<11xi1>
    check.expect_eq %r#2, %want2 : tensor<11xi1>
    func.return
  }
}

// -----

// chlo.is_inf, is_pos_inf, is_neg_inf on float64 (expected: jnp.isinf, isposinf, isneginf)
module {
  func.func private @f(%arg0: tensor<10xf64>) -> (tensor<10xi1>, tensor<10xi1>, tensor<10xi1>) {
    %0 = chlo.is_inf %arg0 : tensor<10xf64> -> tensor<10xi1>
    %1 = chlo.is_pos_inf %arg0 : tensor<10xf64> -> tensor<10xi1>
    %2 = "chlo.is_neg_inf"(%arg0) : (tensor<10xf64>) -> tensor<10xi1>
    return %0, %1, %2 : tensor<10xi1>, tensor<10xi1>, tensor<10xi1>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308]> : tensor<10xf64>
    %r:3 = func.call @f(%x0) : (tensor<10xf64>) -> (tensor<10xi1>, tensor<10xi1>, tensor<10xi1>)
    %want0 = stablehlo.constant dense<[false, false, true, true, false, false, false, false, false, false]> : tensor<10xi1>
    check.expect_eq %r#0, %want0 : tensor<10xi1>
    %want1 = stablehlo.constant dense<[false, false, true, false, false, false, false, false, false, false]> : tensor<10xi1>
    check.expect_eq %r#1, %want1 : tensor<10xi1>
    %want2 = stablehlo.constant dense<[false, false, false, true, false, false, false, false, false, false]> : tensor<10xi1>
    check.expect_eq %r#2, %want2 : tensor<10xi1>
    func.return
  }
}

// -----

// on bf16
module {
  func.func private @f(%arg0: tensor<4xbf16>) -> tensor<4xi1> {
    %0 = chlo.is_inf %arg0 : tensor<4xbf16> -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0x7F80, 0xFF80, 1.0, 0x7FC0]> : tensor<4xbf16>
    %r = func.call @f(%x0) : (tensor<4xbf16>) -> tensor<4xi1>
    %want0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
    check.expect_eq %r, %want0 : tensor<4xi1>
    func.return
  }
}
