// chlo.square (jnp.square, jnp.var, norms), exported by JAX 0.10.2; expanded to stablehlo.multiply.
// chlo.square on float32 (jnp.square): x * x, exact
module @jit_square attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<14xf32>) -> (tensor<14xf32> {jax.result_info = "result"}) {
    %0 = chlo.square %arg0 : tensor<14xf32> -> tensor<14xf32>
    return %0 : tensor<14xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 1.5, -3.0, 1.00000002e+20, 1e-23]> : tensor<14xf32>
    %r = func.call @f(%x0) : (tensor<14xf32>) -> tensor<14xf32>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7F800000, 0x7F800000, 0x7FC00000, 0.0, 0.0, 0.0, 0x7F800000, 0x7F800000, 2.25, 9.0, 0x7F800000, 0.0]> : tensor<14xf32>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<14xf32>, tensor<14xf32>
    func.return
  }
}

// -----

// chlo.square on float64 (jnp.square): x * x, exact
module @jit_square attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<14xf64>) -> (tensor<14xf64> {jax.result_info = "result"}) {
    %0 = chlo.square %arg0 : tensor<14xf64> -> tensor<14xf64>
    return %0 : tensor<14xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 1.5, -3.0, 1e+200, 1e-170]> : tensor<14xf64>
    %r = func.call @f(%x0) : (tensor<14xf64>) -> tensor<14xf64>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0.0, 0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 2.25, 9.0, 0x7FF0000000000000, 0.0]> : tensor<14xf64>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<14xf64>, tensor<14xf64>
    func.return
  }
}

// -----

// chlo.square on i32: wraps
module @jit_square attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<4xi32>) -> (tensor<4xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[3, -4, 46341, -7]> : tensor<4xi32>
    %r = func.call @f(%x0) : (tensor<4xi32>) -> tensor<4xi32>
    %want0 = stablehlo.constant dense<[9, 16, -2147479015, 49]> : tensor<4xi32>
    check.expect_eq %r, %want0 : tensor<4xi32>
    func.return
  }
}

// -----

// the generic form, as the conformance suite writes it
module {
  func.func private @f(%arg0: tensor<3xf32>) -> tensor<3xf32> {
    %0 = "chlo.square"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[2.5, -0.0, 0x7F800000]> : tensor<3xf32>
    %r = func.call @f(%x0) : (tensor<3xf32>) -> tensor<3xf32>
    %want0 = stablehlo.constant dense<[6.25, 0.0, 0x7F800000]> : tensor<3xf32>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<3xf32>, tensor<3xf32>
    func.return
  }
}
