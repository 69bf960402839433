// chlo.erf_inv (jax.scipy.special.erfinv), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.erf_inv on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<23xf32>) -> (tensor<23xf32> {jax.result_info = "result[0]"}) {
    %0 = chlo.erf_inv %arg0 : tensor<23xf32> -> tensor<23xf32>
    return %0 : tensor<23xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, -0.5, 0.899999976, -0.99000001, 0.999998987, 1.0, -1.0, 1.5, 9.99999975e-06, 0.25, 0.75, 0.99999994, 9.9999461e-41]> : tensor<23xf32>
    %r = func.call @f(%x0) : (tensor<23xf32>) -> tensor<23xf32>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFC00000, 0xFFC00000, 0x7FC00000, 8.86226914e-31, -8.86226914e-31, 8.86223188e-41, 0xFFC00000, 0xFFC00000, 0.476936281, -0.476936281, 1.16308713, -1.82138658, 3.45707464, 0x7F800000, 0xFF800000, 0xFFC00000, 8.86226917e-06, 0.225312054, 0.813419819, 3.8325069, 8.86223188e-41]> : tensor<23xf32>
    check.expect_close %r, %want0, max_ulp_difference = 1 : tensor<23xf32>, tensor<23xf32>
    func.return
  }
}

// -----

// chlo.erf_inv on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<24xf64>) -> (tensor<24xf64> {jax.result_info = "result[0]"}) {
    %0 = chlo.erf_inv %arg0 : tensor<24xf64> -> tensor<24xf64>
    return %0 : tensor<24xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, -0.5, 0.9, -0.99, 0.999999, 1.0, -1.0, 1.5, 1e-05, 0.25, 0.75, 0.9999999999999999, 0.999999999999, 1e-310]> : tensor<24xf64>
    %r = func.call @f(%x0) : (tensor<24xf64>) -> tensor<24xf64>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 8.86226925452758e-301, -8.86226925452758e-301, 5e-324, 0xFFF8000000000000, 0xFFF8000000000000, 0.4769362762044699, -0.4769362762044699, 1.1630871536766743, -1.8213863677184494, 3.458910737275499, 0x7FF0000000000000, 0xFFF0000000000000, 0xFFF8000000000000, 8.862269254759594e-06, 0.2253120550121781, 0.8134198475976185, 5.8635847487551676, 5.042031898572696, 8.8622692545277e-311]> : tensor<24xf64>
    check.expect_close %r, %want0, max_ulp_difference = 2 : tensor<24xf64>, tensor<24xf64>
    func.return
  }
}

// -----

// chlo.erf_inv on bfloat16 (math in double, rounded once)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<8xbf16>) -> (tensor<8xbf16> {jax.result_info = "result[0]"}) {
    %0 = chlo.erf_inv %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    return %0 : tensor<8xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 1.0, -1.0, 0x7FC0, 0.5, -0.8984, 0.9961]> : tensor<8xbf16>
    %r = func.call @f(%x0) : (tensor<8xbf16>) -> tensor<8xbf16>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7F80, 0xFF80, 0x7FC0, 0.4766, -1.156, 2.047]> : tensor<8xbf16>
    check.expect_close %r, %want0, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    func.return
  }
}
