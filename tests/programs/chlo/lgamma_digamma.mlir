// chlo.lgamma, chlo.digamma (jax.scipy.special.gammaln, digamma), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.lgamma, chlo.digamma on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<28xf32>) -> (tensor<28xf32> {jax.result_info = "result[0]"}, tensor<28xf32> {jax.result_info = "result[1]"}) {
    %0 = chlo.lgamma %arg0 : tensor<28xf32> -> tensor<28xf32>
    %1 = chlo.digamma %arg0 : tensor<28xf32> -> tensor<28xf32>
    return %0, %1 : tensor<28xf32>, tensor<28xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, 1.0, 2.0, 3.0, -1.0, -2.5, 10.0, 100.0, 1e+10, -100.5, 9.99999975e-06, 4.5, 0.25, -3.75, 1.46163213, 1.25, 1.5, -0.5]> : tensor<28xf32>
    %r:2 = func.call @f(%x0) : (tensor<28xf32>) -> (tensor<28xf32>, tensor<28xf32>)
    %want0 = stablehlo.constant dense<[0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 69.0775528, 69.0775528, 92.1034088, 0x7F800000, 0x7F800000, 0.572364926, 0.0, 0.0, 0.693147182, 0x7F800000, -0.0562437177, 12.8018274, 359.134216, 2.20258517e+11, -364.90097, 11.5129194, 2.45373654, 1.28802252, -1.31726789, -0.121486291, -0.0982718393, -0.120782241, 1.26551211]> : tensor<28xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 1 : tensor<28xf32>, tensor<28xf32>
    %want1 = stablehlo.constant dense<[0x7FC00000, 0x7FC00000, 0x7F800000, 0x7FC00000, 0x7FC00000, -1.00000002e+30, 1.00000002e+30, 0xFF800000, 88.5968475, 0x7FC00000, -1.96351004, -0.577215672, 0.422784328, 0.922784328, 0x7FC00000, 1.10315669, 2.25175261, 4.60016203, 23.0258503, 4.6151247, -100000.578, 1.38887095, -4.22745371, -1.69238865, -1.20360522e-08, -0.22745353, 0.0364899747, 0.0364899747]> : tensor<28xf32>
    check.expect_close %r#1, %want1, max_ulp_difference = 1 : tensor<28xf32>, tensor<28xf32>
    func.return
  }
}

// -----

// chlo.lgamma, chlo.digamma on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<24xf64>) -> (tensor<24xf64> {jax.result_info = "result[0]"}, tensor<24xf64> {jax.result_info = "result[1]"}) {
    %0 = chlo.lgamma %arg0 : tensor<24xf64> -> tensor<24xf64>
    %1 = chlo.digamma %arg0 : tensor<24xf64> -> tensor<24xf64>
    return %0, %1 : tensor<24xf64>, tensor<24xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, 1.0, 2.0, 3.0, -1.0, -2.5, 10.0, 100.0, 10000000000.0, -100.5, 1e-05, 4.5, 0.25, -3.75]> : tensor<24xf64>
    %r:2 = func.call @f(%x0) : (tensor<24xf64>) -> (tensor<24xf64>, tensor<24xf64>)
    %want0 = stablehlo.constant dense<[0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 690.7755278982137, 690.7755278982137, 744.4400719213812, 0x7FF0000000000000, 0x7FF0000000000000, 0.5723649429247001, 0.0, 0.0, 0.6931471805599453, 0x7FF0000000000000, -0.056243716497674054, 12.801827480081469, 359.1342053695754, 220258509288.81058, -364.90096830942736, 11.512919692895826, 2.4537365708424423, 1.2880225246980774, -1.3172679424463636]> : tensor<24xf64>
    check.expect_close %r#0, %want0, max_ulp_difference = 3 : tensor<24xf64>, tensor<24xf64>
    %want1 = stablehlo.constant dense<[0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000, -9.999999999999999e+299, 9.999999999999999e+299, 0xFFF0000000000000, 709.7268368932282, 0x7FF8000000000000, -1.9635100260214235, -0.5772156649015329, 0.42278433509846713, 0.9227843350984671, 0x7FF8000000000000, 1.103156640645243, 2.251752589066721, 4.600161852738087, 23.025850929890456, 4.6151246013380645, -100000.57719921567, 1.388870926359529, -4.2274535333762655, -1.6923885983113303]> : tensor<24xf64>
    check.expect_close %r#1, %want1, max_ulp_difference = 3 : tensor<24xf64>, tensor<24xf64>
    func.return
  }
}

// -----

// chlo.lgamma, chlo.digamma on bfloat16 (math in double, rounded once)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<8xbf16>) -> (tensor<8xbf16> {jax.result_info = "result[0]"}, tensor<8xbf16> {jax.result_info = "result[1]"}) {
    %0 = chlo.lgamma %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    %1 = chlo.digamma %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    return %0, %1 : tensor<8xbf16>, tensor<8xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, 0x7F80, 0xFF80, 0x7FC0, 0.5, -1.5, 3.0, 100.0]> : tensor<8xbf16>
    %r:2 = func.call @f(%x0) : (tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>)
    %want0 = stablehlo.constant dense<[0x7F80, 0x7F80, 0x7F80, 0x7FC0, 0.5742, 0.8594, 0.6914, 360.0]> : tensor<8xbf16>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    %want1 = stablehlo.constant dense<[0x7FC0, 0x7F80, 0x7FC0, 0x7FC0, -1.961, 0.7031, 0.9219, 4.594]> : tensor<8xbf16>
    check.expect_close %r#1, %want1, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    func.return
  }
}

// -----

// chlo.digamma on float64 near its positive root 1.4616 (and -0.5, which reflects to 1.5): the
// result is small, so the error is absolute, within 4e-16 (log(x) at x >= 10 rounds once)
module @jit_digamma attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<5xf64>) -> (tensor<5xf64> {jax.result_info = "result"}) {
    %0 = chlo.digamma %arg0 : tensor<5xf64> -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[1.4616321, 1.25, 1.5, -0.5, 1.4616321449683622]> : tensor<5xf64>
    %r = func.call @f(%x0) : (tensor<5xf64>) -> tensor<5xf64>
    %want0 = stablehlo.constant dense<[-4.3514636958769774e-08, -0.22745353337626542, 0.03648997397857652, 0.03648997397857652, -9.241265521729427e-17]> : tensor<5xf64>
    check.expect_almost_eq %r, %want0, tolerance = 4e-16 : tensor<5xf64>
    func.return
  }
}
