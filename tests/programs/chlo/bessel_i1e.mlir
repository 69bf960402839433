// chlo.bessel_i1e (jax.scipy.special.i1e, exp(-|x|) I1(x)), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type where JAX gives a finite value, JAX (x64)
// where it gives NaN or inf (XLA's domain: 0 at +-inf, NaN at NaN);
// f32 and f64 within the ULP counts the checks give, f16/bf16 exact (the evaluator computes
// in double and rounds once).
// chlo.bessel_i1e on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result"}) {
    %0 = chlo.bessel_i1e %arg0 : tensor<32xf32> -> tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 1e-05, 0.5, 1.0, -1.0, 2.0, 3.0, 5.0, 7.9, 8.0, -8.0, 8.1, 10.0, 20.0, -20.0, 50.0, 100.0, 1000.0, 1e+06, 1e+30, 3e+38, 0.125, 6.5, 15.0, 1e-44, 1e-10]> : tensor<32xf32>
    %r = func.call @f(%x0) : (tensor<32xf32>) -> tensor<32xf32>
    %want = stablehlo.constant dense<[0.0, 0.0, 0.0, -0.0, 0x7FC00000, 5e-31, -5e-31, 4.99995e-06, 0.1564208, 0.20791042, -0.20791042, 0.21526928, 0.19682671, 0.16397227, 0.1348965, 0.13414249, -0.13414249, 0.13340068, 0.121262684, 0.08750622, -0.08750622, 0.055993125, 0.039744154, 0.01261093, 0.00039894212, 3.9894227e-16, 2.3032943e-20, 0.055263855, 0.14693865, 0.10037418, 6e-45, 5e-11]> : tensor<32xf32>
    check.expect_close %r, %want, max_ulp_difference = 1 : tensor<32xf32>, tensor<32xf32>
    func.return
  }
}

// -----

// chlo.bessel_i1e on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<34xf64>) -> (tensor<34xf64> {jax.result_info = "result"}) {
    %0 = chlo.bessel_i1e %arg0 : tensor<34xf64> -> tensor<34xf64>
    return %0 : tensor<34xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-30, -1e-30, 1e-05, 0.5, 1.0, -1.0, 2.0, 3.0, 5.0, 7.9, 8.0, -8.0, 8.1, 10.0, 20.0, -20.0, 50.0, 100.0, 1000.0, 1000000.0, 1e+30, 3e+38, 0.125, 6.5, 15.0, 1e-300, 5e-324, 1e+300, 1e-10]> : tensor<34xf64>
    %r = func.call @f(%x0) : (tensor<34xf64>) -> tensor<34xf64>
    %want = stablehlo.constant dense<[0.0, 0.0, 0.0, -0.0, 0x7FF8000000000000, 5e-31, -5e-31, 4.999950000312499e-06, 0.1564208031848717, 0.20791041534970844, -0.20791041534970844, 0.21526928924893765, 0.19682671329730086, 0.16397226694454237, 0.13489649943989376, 0.13414249329269817, -0.13414249329269817, 0.13340068832583662, 0.12126268138445552, 0.08750622218328867, -0.08750622218328867, 0.0559931238928954, 0.03974415302513025, 0.012610930256928629, 0.0003989421307980308, 3.989422804014327e-16, 2.303294329808903e-20, 0.05526385324160324, 0.1469386457237643, 0.10037417504516666, 5e-301, 0.0, 3.9894228040143264e-151, 4.9999999995e-11]> : tensor<34xf64>
    check.expect_close %r, %want, max_ulp_difference = 4 : tensor<34xf64>, tensor<34xf64>
    func.return
  }
}

// -----

// chlo.bessel_i1e on float16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<24xf16>) -> (tensor<24xf16> {jax.result_info = "result"}) {
    %0 = chlo.bessel_i1e %arg0 : tensor<24xf16> -> tensor<24xf16>
    return %0 : tensor<24xf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7C00, 0xFC00, 0x7E00, 0.5, 1.0, -1.0, 2.0, 3.0, 5.0, 7.9, 8.0, -8.0, 8.1, 10.0, 20.0, -20.0, 50.0, 100.0, 1e+03, 0.125, 6.5, 15.0]> : tensor<24xf16>
    %r = func.call @f(%x0) : (tensor<24xf16>) -> tensor<24xf16>
    %want = stablehlo.constant dense<[0.0, 0.0, 0.0, -0.0, 0x7E00, 0.1564, 0.2079, -0.2079, 0.2152, 0.1968, 0.164, 0.1349, 0.1342, -0.1342, 0.1334, 0.1213, 0.0875, -0.0875, 0.056, 0.03973, 0.01261, 0.05527, 0.147, 0.1004]> : tensor<24xf16>
    check.expect_close %r, %want, max_ulp_difference = 0 : tensor<24xf16>, tensor<24xf16>
    func.return
  }
}

// -----

// chlo.bessel_i1e on bfloat16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<24xbf16>) -> (tensor<24xbf16> {jax.result_info = "result"}) {
    %0 = chlo.bessel_i1e %arg0 : tensor<24xbf16> -> tensor<24xbf16>
    return %0 : tensor<24xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 0.5, 1.0, -1.0, 2.0, 3.0, 5.0, 7.90625, 8.0, -8.0, 8.125, 10.0, 20.0, -20.0, 50.0, 100.0, 1000.0, 0.125, 6.5, 15.0]> : tensor<24xbf16>
    %r = func.call @f(%x0) : (tensor<24xbf16>) -> tensor<24xbf16>
    %want = stablehlo.constant dense<[0.0, 0.0, 0.0, -0.0, 0x7FC0, 0.15625, 0.208008, -0.208008, 0.214844, 0.197266, 0.164062, 0.134766, 0.133789, -0.133789, 0.132812, 0.121094, 0.0874023, -0.0874023, 0.0559082, 0.0397949, 0.0126343, 0.0551758, 0.146484, 0.100586]> : tensor<24xbf16>
    check.expect_close %r, %want, max_ulp_difference = 0 : tensor<24xbf16>, tensor<24xbf16>
    func.return
  }
}
