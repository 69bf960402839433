// chlo.sinh and chlo.cosh (jnp.sinh, jnp.cosh), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.sinh, chlo.cosh on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<22xf32>) -> (tensor<22xf32> {jax.result_info = "result[0]"}, tensor<22xf32> {jax.result_info = "result[1]"}) {
    %0 = chlo.sinh %arg0 : tensor<22xf32> -> tensor<22xf32>
    %1 = chlo.cosh %arg0 : tensor<22xf32> -> tensor<22xf32>
    return %0, %1 : tensor<22xf32>, tensor<22xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, -0.5, 1.0, -2.0, 3.70000005, 10.0, -20.0, 88.5, 9.99999975e-06, -0.000699999975, 89.5, -89.5]> : tensor<22xf32>
    %r:2 = func.call @f(%x0) : (tensor<22xf32>) -> (tensor<22xf32>, tensor<22xf32>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 0x7F800000, 0xFF800000, 0.521095276, -0.521095276, 1.17520118, -3.62686038, 20.2112923, 11013.2324, -242582592.0, 1.36154396e+38, 9.99999975e-06, -0.000700000033, 0x7F800000, 0xFF800000]> : tensor<22xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 1 : tensor<22xf32>, tensor<22xf32>
    %want1 = stablehlo.constant dense<[1.0, 1.0, 0x7F800000, 0x7F800000, 0x7FC00000, 1.0, 1.0, 1.0, 0x7F800000, 0x7F800000, 1.12762594, 1.12762594, 1.54308069, 3.76219559, 20.2360153, 11013.2334, 242582592.0, 1.36154396e+38, 1.0, 1.00000024, 0x7F800000, 0x7F800000]> : tensor<22xf32>
    check.expect_close %r#1, %want1, max_ulp_difference = 1 : tensor<22xf32>, tensor<22xf32>
    func.return
  }
}

// -----

// chlo.sinh, chlo.cosh on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<23xf64>) -> (tensor<23xf64> {jax.result_info = "result[0]"}, tensor<23xf64> {jax.result_info = "result[1]"}) {
    %0 = chlo.sinh %arg0 : tensor<23xf64> -> tensor<23xf64>
    %1 = chlo.cosh %arg0 : tensor<23xf64> -> tensor<23xf64>
    return %0, %1 : tensor<23xf64>, tensor<23xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, -0.5, 1.0, -2.0, 3.7, 10.0, -20.0, 88.5, 1e-05, -0.0007, 710.0, -710.0, 711.0]> : tensor<23xf64>
    %r:2 = func.call @f(%x0) : (tensor<23xf64>) -> (tensor<23xf64>, tensor<23xf64>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 0x7FF0000000000000, 0xFFF0000000000000, 0.5210953054937474, -0.5210953054937474, 1.1752011936438014, -3.6268604078470186, 20.21129041679853, 11013.232874703393, -242582597.70489514, 1.3615439125340558e+38, 1.0000000000166668e-05, -0.0007000000571666681, 1.1169973830808555e+308, -1.1169973830808555e+308, 0x7FF0000000000000]> : tensor<23xf64>
    check.expect_close %r#0, %want0, max_ulp_difference = 2 : tensor<23xf64>, tensor<23xf64>
    %want1 = stablehlo.constant dense<[1.0, 1.0, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 1.0, 1.0, 1.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.1276259652063807, 1.1276259652063807, 1.5430806348152437, 3.7621956910836314, 20.23601394326887, 11013.232920103323, 242582597.70489514, 1.3615439125340558e+38, 1.00000000005, 1.00000024500001, 1.1169973830808555e+308, 1.1169973830808555e+308, 0x7FF0000000000000]> : tensor<23xf64>
    check.expect_close %r#1, %want1, max_ulp_difference = 2 : tensor<23xf64>, tensor<23xf64>
    func.return
  }
}

// -----

// chlo.sinh, chlo.cosh on bfloat16 (math in double, rounded once)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<8xbf16>) -> (tensor<8xbf16> {jax.result_info = "result[0]"}, tensor<8xbf16> {jax.result_info = "result[1]"}) {
    %0 = chlo.sinh %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    %1 = chlo.cosh %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    return %0, %1 : tensor<8xbf16>, tensor<8xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F80, 0x7FC0, 9.984e-31, 0.5, -3.0, 100.0]> : tensor<8xbf16>
    %r:2 = func.call @f(%x0) : (tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7F80, 0x7FC0, 9.984e-31, 0.5195, -10.0, 0x7F80]> : tensor<8xbf16>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    %want1 = stablehlo.constant dense<[1.0, 1.0, 0x7F80, 0x7FC0, 1.0, 1.125, 10.06, 0x7F80]> : tensor<8xbf16>
    check.expect_close %r#1, %want1, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    func.return
  }
}
