// chlo.erf, chlo.erfc (jax.scipy.special.erf, erfc), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.erf, chlo.erfc on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<22xf32>) -> (tensor<22xf32> {jax.result_info = "result[0]"}, tensor<22xf32> {jax.result_info = "result[1]"}) {
    %0 = chlo.erf %arg0 : tensor<22xf32> -> tensor<22xf32>
    %1 = chlo.erfc %arg0 : tensor<22xf32> -> tensor<22xf32>
    return %0, %1 : tensor<22xf32>, tensor<22xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, -0.5, 1.0, -1.0, 2.0, -3.0, 5.0, 9.0, 10.5, 27.0, -27.0, 9.99999975e-06]> : tensor<22xf32>
    %r:2 = func.call @f(%x0) : (tensor<22xf32>) -> (tensor<22xf32>, tensor<22xf32>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.0, 0x7FC00000, 1.12837913e-30, -1.12837913e-30, 1.12836756e-40, 1.0, -1.0, 0.520499885, -0.520499885, 0.842700779, -0.842700779, 0.995322287, -0.999977887, 1.0, 1.0, 1.0, 1.0, -1.0, 1.12837915e-05]> : tensor<22xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 1 : tensor<22xf32>, tensor<22xf32>
    %want1 = stablehlo.constant dense<[1.0, 1.0, 0.0, 2.0, 0x7FC00000, 1.0, 1.0, 1.0, 0.0, 2.0, 0.479500115, 1.52049983, 0.157299206, 1.84270084, 0.0046777348, 1.99997795, 1.53745983e-12, 4.13703171e-37, 0.0, 0.0, 2.0, 0.999988735]> : tensor<22xf32>
    check.expect_close %r#1, %want1, max_ulp_difference = 1 : tensor<22xf32>, tensor<22xf32>
    func.return
  }
}

// -----

// chlo.erf, chlo.erfc on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<22xf64>) -> (tensor<22xf64> {jax.result_info = "result[0]"}, tensor<22xf64> {jax.result_info = "result[1]"}) {
    %0 = chlo.erf %arg0 : tensor<22xf64> -> tensor<22xf64>
    %1 = chlo.erfc %arg0 : tensor<22xf64> -> tensor<22xf64>
    return %0, %1 : tensor<22xf64>, tensor<22xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, -0.5, 1.0, -1.0, 2.0, -3.0, 5.0, 9.0, 10.5, 27.0, -27.0, 1e-05]> : tensor<22xf64>
    %r:2 = func.call @f(%x0) : (tensor<22xf64>) -> (tensor<22xf64>, tensor<22xf64>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.0, 0x7FF8000000000000, 1.1283791670955126e-300, -1.1283791670955126e-300, 5e-324, 1.0, -1.0, 0.5204998778130465, -0.5204998778130465, 0.8427007929497149, -0.8427007929497149, 0.9953222650189527, -0.9999779095030014, 0.9999999999984626, 1.0, 1.0, 1.0, -1.0, 1.1283791670579e-05]> : tensor<22xf64>
    check.expect_close %r#0, %want0, max_ulp_difference = 2 : tensor<22xf64>, tensor<22xf64>
    %want1 = stablehlo.constant dense<[1.0, 1.0, 0.0, 2.0, 0x7FF8000000000000, 1.0, 1.0, 1.0, 0.0, 2.0, 0.4795001221869535, 1.5204998778130465, 0.15729920705028513, 1.8427007929497148, 0.004677734981047266, 1.9999779095030015, 1.537459794428035e-12, 4.13703174651381e-37, 7.035928090177523e-50, 5.23705e-319, 2.0, 0.9999887162083294]> : tensor<22xf64>
    check.expect_close %r#1, %want1, max_ulp_difference = 2 : tensor<22xf64>, tensor<22xf64>
    func.return
  }
}

// -----

// chlo.erf, chlo.erfc on bfloat16 (math in double, rounded once)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<9xbf16>) -> (tensor<9xbf16> {jax.result_info = "result[0]"}, tensor<9xbf16> {jax.result_info = "result[1]"}) {
    %0 = chlo.erf %arg0 : tensor<9xbf16> -> tensor<9xbf16>
    %1 = chlo.erfc %arg0 : tensor<9xbf16> -> tensor<9xbf16>
    return %0, %1 : tensor<9xbf16>, tensor<9xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 0.5, -1.0, 3.0, 0.0009995]> : tensor<9xbf16>
    %r:2 = func.call @f(%x0) : (tensor<9xbf16>) -> (tensor<9xbf16>, tensor<9xbf16>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 1.0, -1.0, 0x7FC0, 0.5195, -0.8438, 1.0, 0.001129]> : tensor<9xbf16>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<9xbf16>, tensor<9xbf16>
    %want1 = stablehlo.constant dense<[1.0, 1.0, 0.0, 2.0, 0xFFC0, 0.4805, 1.844, 2.205e-05, 1.0]> : tensor<9xbf16>
    check.expect_close %r#1, %want1, max_ulp_difference = 0 : tensor<9xbf16>, tensor<9xbf16>
    func.return
  }
}
