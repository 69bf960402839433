// chlo.next_after, exported by JAX 0.10.2; expected values from JAX.
// chlo.next_after on float32 (jnp.nextafter): bit exact, subnormals kept
module @jit_next_after attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<14xf32>, %arg1: tensor<14xf32>) -> (tensor<14xf32> {jax.result_info = "result"}) {
    %0 = chlo.next_after %arg0, %arg1 : tensor<14xf32>, tensor<14xf32> -> tensor<14xf32>
    return %0 : tensor<14xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, 0.0, -0.0, 1.0, 0x7FC00000, 1.0, 1.0, 0x7F800000, 3.40282347e+38, -1.0, 2.0, 1.40129846e-45, 0xFF800000, 1.17549435e-38]> : tensor<14xf32>
    %x1 = stablehlo.constant dense<[1.0, -1.0, 1.0, 1.0, 1.0, 0x7FC00000, 2.0, 0.0, 0x7F800000, -2.0, 0.0, 0.0, 0.0, 0.0]> : tensor<14xf32>
    %r = func.call @f(%x0, %x1) : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
    %want0 = stablehlo.constant dense<[1.40129846e-45, -1.40129846e-45, 1.40129846e-45, 1.0, 0x7FC00000, 0x7FC00000, 1.00000012, 3.40282347e+38, 0x7F800000, -1.00000012, 1.99999988, 0.0, -3.40282347e+38, 1.17549421e-38]> : tensor<14xf32>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<14xf32>, tensor<14xf32>
    func.return
  }
}

// -----

// chlo.next_after on float64 (jnp.nextafter): bit exact, subnormals kept
module @jit_next_after attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<14xf64>, %arg1: tensor<14xf64>) -> (tensor<14xf64> {jax.result_info = "result"}) {
    %0 = chlo.next_after %arg0, %arg1 : tensor<14xf64>, tensor<14xf64> -> tensor<14xf64>
    return %0 : tensor<14xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, 0.0, -0.0, 1.0, 0x7FF8000000000000, 1.0, 1.0, 0x7FF0000000000000, 1.7976931348623157e+308, -1.0, 2.0, 5e-324, 0xFFF0000000000000, 2.2250738585072014e-308]> : tensor<14xf64>
    %x1 = stablehlo.constant dense<[1.0, -1.0, 1.0, 1.0, 1.0, 0x7FF8000000000000, 2.0, 0.0, 0x7FF0000000000000, -2.0, 0.0, 0.0, 0.0, 0.0]> : tensor<14xf64>
    %r = func.call @f(%x0, %x1) : (tensor<14xf64>, tensor<14xf64>) -> tensor<14xf64>
    %want0 = stablehlo.constant dense<[5e-324, -5e-324, 5e-324, 1.0, 0x7FF8000000000000, 0x7FF8000000000000, 1.0000000000000002, 1.7976931348623157e+308, 0x7FF0000000000000, -1.0000000000000002, 1.9999999999999998, 0.0, -1.7976931348623157e+308, 2.225073858507201e-308]> : tensor<14xf64>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<14xf64>, tensor<14xf64>
    func.return
  }
}

// -----

// chlo.next_after on bfloat16 (jnp.nextafter): bit exact, subnormals kept
module @jit_next_after attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<14xbf16>, %arg1: tensor<14xbf16>) -> (tensor<14xbf16> {jax.result_info = "result"}) {
    %0 = chlo.next_after %arg0, %arg1 : tensor<14xbf16>, tensor<14xbf16> -> tensor<14xbf16>
    return %0 : tensor<14xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, 0.0, -0.0, 1.0, 0x7FC0, 1.0, 1.0, 0x7F80, 3.39e+38, -1.0, 2.0, 9.184e-41, 0xFF80, 1.175e-38]> : tensor<14xbf16>
    %x1 = stablehlo.constant dense<[1.0, -1.0, 1.0, 1.0, 1.0, 0x7FC0, 2.0, 0.0, 0x7F80, -2.0, 0.0, 0.0, 0.0, 0.0]> : tensor<14xbf16>
    %r = func.call @f(%x0, %x1) : (tensor<14xbf16>, tensor<14xbf16>) -> tensor<14xbf16>
    %want0 = stablehlo.constant dense<[9.184e-41, -9.184e-41, 9.184e-41, 1.0, 0x7FC0, 0x7FC0, 1.008, 3.39e+38, 0x7F80, -1.008, 1.992, 0.0, -3.39e+38, 1.166e-38]> : tensor<14xbf16>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<14xbf16>, tensor<14xbf16>
    func.return
  }
}

// -----

// chlo.next_after on float16 (jnp.nextafter): bit exact, subnormals kept
module @jit_next_after attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<14xf16>, %arg1: tensor<14xf16>) -> (tensor<14xf16> {jax.result_info = "result"}) {
    %0 = chlo.next_after %arg0, %arg1 : tensor<14xf16>, tensor<14xf16> -> tensor<14xf16>
    return %0 : tensor<14xf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, 0.0, -0.0, 1.0, 0x7E00, 1.0, 1.0, 0x7C00, 65504.0, -1.0, 2.0, 5.9605e-08, 0xFC00, 6.1035e-05]> : tensor<14xf16>
    %x1 = stablehlo.constant dense<[1.0, -1.0, 1.0, 1.0, 1.0, 0x7E00, 2.0, 0.0, 0x7C00, -2.0, 0.0, 0.0, 0.0, 0.0]> : tensor<14xf16>
    %r = func.call @f(%x0, %x1) : (tensor<14xf16>, tensor<14xf16>) -> tensor<14xf16>
    %want0 = stablehlo.constant dense<[5.9605e-08, -5.9605e-08, 5.9605e-08, 1.0, 0x7E00, 0x7E00, 1.001, 65504.0, 0x7C00, -1.001, 1.999, 0.0, -65504.0, 6.0976e-05]> : tensor<14xf16>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<14xf16>, tensor<14xf16>
    func.return
  }
}
