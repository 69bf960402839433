// chlo.polygamma (jax.scipy.special.polygamma; n converted to x's type), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type where JAX gives a finite value, JAX (x64)
// where it gives NaN or inf (XLA's domain: NaN where n is not a natural
// number, digamma at n = 0, zeta(n + 1, x)'s poles). JAX's n! is exp(lgamma(n + 1)), off by up
// to 33 ULPs in f64 at n = 10, 20; arrayjit's is the product);
// f32 and f64 within the ULP counts the checks give, f16/bf16 exact (the evaluator computes
// in double and rounds once).
// chlo.polygamma on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result"}) {
    %0 = chlo.polygamma %arg0, %arg1 : tensor<32xf32>, tensor<32xf32> -> tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0, 10.0, 20.0, 1.0, 2.0, 1.0, 3.0, 0.0, 0.0, 1.0, 2.0, 1.0, -1.0, 1.5, 0x7FC00000, 1.0, 1.0, 1.0, 2.0, 6.0, 1.0, 4.0]> : tensor<32xf32>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 10.0, 100.0, 1.0, 0.25, 1.5, 7.0, 3.0, 2.0, 5.0, 30.0, -0.5, -1.5, 0.0, 0.0, 2.0, 5.5, -1.0, -2.0, 0x7F800000, 1.0, 1.0, 1.0, 0x7FC00000, 0.001, 1e+06, 10000.0, 0.1, -2.25, 12.5]> : tensor<32xf32>
    %r = func.call @f(%x0, %x1) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %want = stablehlo.constant dense<[1.644934, 0.64493406, 4.934802, 0.10516634, 0.010050166, -2.4041138, -129.32774, 1.409091, 0.0071981987, -0.13626613, 2.0811675, -0.08675107, -4.786085e-13, 8.934802, -0.23620406, 0x7F800000, 0x7F800000, 0.42278433, 1.6110932, 0x7F800000, 0x7FC00000, 0xFFC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 1.00000156e+06, 1.0000005e-06, -1.0001e-08, -7.1999995e+09, 19.37941, -0.00028769142]> : tensor<32xf32>
    check.expect_close %r, %want, max_ulp_difference = 1 : tensor<32xf32>, tensor<32xf32>
    func.return
  }
}

// -----

// chlo.polygamma on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<32xf64>, %arg1: tensor<32xf64>) -> (tensor<32xf64> {jax.result_info = "result"}) {
    %0 = chlo.polygamma %arg0, %arg1 : tensor<32xf64>, tensor<32xf64> -> tensor<32xf64>
    return %0 : tensor<32xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0, 10.0, 20.0, 1.0, 2.0, 1.0, 3.0, 0.0, 0.0, 1.0, 2.0, 1.0, -1.0, 1.5, 0x7FF8000000000000, 1.0, 1.0, 1.0, 2.0, 6.0, 1.0, 4.0]> : tensor<32xf64>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 10.0, 100.0, 1.0, 0.25, 1.5, 7.0, 3.0, 2.0, 5.0, 30.0, -0.5, -1.5, 0.0, 0.0, 2.0, 5.5, -1.0, -2.0, 0x7FF0000000000000, 1.0, 1.0, 1.0, 0x7FF8000000000000, 0.001, 1000000.0, 10000.0, 0.1, -2.25, 12.5]> : tensor<32xf64>
    %r = func.call @f(%x0, %x1) : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xf64>
    %want = stablehlo.constant dense<[1.6449340668482264, 0.6449340668482264, 4.934802200544679, 0.10516633568168575, 0.010050166663333571, -2.4041138063191885, -129.32773993753693, 1.4090910340024372, 0.007198198563125445, -0.13626612344087824, 2.081167438133897, -0.08675107579196581, -4.786085204571764e-13, 8.934802200544679, -0.2362040516417274, 0x7FF0000000000000, 0x7FF0000000000000, 0.42278433509846713, 1.6110931485817512, 0x7FF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 1000001.6425331958, 1.0000005000001667e-06, -1.000100005e-08, -7200000373.781803, 19.37941051186914, -0.00028769142258538706]> : tensor<32xf64>
    check.expect_close %r, %want, max_ulp_difference = 4 : tensor<32xf64>, tensor<32xf64>
    func.return
  }
}

// -----

// chlo.polygamma on float16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<23xf16>, %arg1: tensor<23xf16>) -> (tensor<23xf16> {jax.result_info = "result"}) {
    %0 = chlo.polygamma %arg0, %arg1 : tensor<23xf16>, tensor<23xf16> -> tensor<23xf16>
    return %0 : tensor<23xf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0, 1.0, 2.0, 1.0, 3.0, 0.0, 0.0, 1.0, 2.0, -1.0, 1.5, 1.0, 4.0]> : tensor<23xf16>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 10.0, 100.0, 1.0, 0.25, 1.5, 7.0, 3.0, 2.0, -0.5, -1.5, 0.0, 0.0, 2.0, 5.5, -1.0, -2.0, 1.0, 1.0, -2.25, 12.5]> : tensor<23xf16>
    %r = func.call @f(%x0, %x1) : (tensor<23xf16>, tensor<23xf16>) -> tensor<23xf16>
    %want = stablehlo.constant dense<[1.645, 0.645, 4.934, 0.10516, 0.01005, -2.404, -129.4, 1.409, 0.0072, -0.1362, 2.082, 8.94, -0.2362, 0x7C00, 0x7C00, 0.4229, 1.611, 0x7C00, 0x7E00, 0x7E00, 0x7E00, 19.38, -0.0002878]> : tensor<23xf16>
    check.expect_close %r, %want, max_ulp_difference = 0 : tensor<23xf16>, tensor<23xf16>
    func.return
  }
}

// -----

// chlo.polygamma on bfloat16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<23xbf16>, %arg1: tensor<23xbf16>) -> (tensor<23xbf16> {jax.result_info = "result"}) {
    %0 = chlo.polygamma %arg0, %arg1 : tensor<23xbf16>, tensor<23xbf16> -> tensor<23xbf16>
    return %0 : tensor<23xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0, 1.0, 2.0, 1.0, 3.0, 0.0, 0.0, 1.0, 2.0, -1.0, 1.5, 1.0, 4.0]> : tensor<23xbf16>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 10.0, 100.0, 1.0, 0.25, 1.5, 7.0, 3.0, 2.0, -0.5, -1.5, 0.0, 0.0, 2.0, 5.5, -1.0, -2.0, 1.0, 1.0, -2.25, 12.5]> : tensor<23xbf16>
    %r = func.call @f(%x0, %x1) : (tensor<23xbf16>, tensor<23xbf16>) -> tensor<23xbf16>
    %want = stablehlo.constant dense<[1.64844, 0.644531, 4.9375, 0.10498, 0.0100708, -2.40625, -129.0, 1.40625, 0.00720215, -0.136719, 2.07812, 8.9375, -0.236328, 0x7F80, 0x7F80, 0.421875, 1.60938, 0x7F80, 0x7FC0, 0x7FC0, 0x7FC0, 19.375, -0.00028801]> : tensor<23xbf16>
    check.expect_close %r, %want, max_ulp_difference = 0 : tensor<23xbf16>, tensor<23xbf16>
    func.return
  }
}
