// chlo.zeta (jax.scipy.special.zeta, the Hurwitz zeta function), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type where JAX gives a finite value, JAX (x64)
// where it gives NaN or inf (XLA's domain: +inf at x = 1 and at the poles
// q = 0, -1, ... for even integer x, NaN for x < 1, for q <= 0 with x not an integer, and
// at x = inf or q = inf, where XLA's Euler-Maclaurin tail is inf * 0). JAX on CPU flushes
// subnormal results to zero (f32 x = 2, q = 3e38), which mpmath and arrayjit do not);
// f32 and f64 within the ULP counts the checks give, f16/bf16 exact (the evaluator computes
// in double and rounds once).
// chlo.zeta on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<40xf32>, %arg1: tensor<40xf32>) -> (tensor<40xf32> {jax.result_info = "result"}) {
    %0 = chlo.zeta %arg0, %arg1 : tensor<40xf32>, tensor<40xf32> -> tensor<40xf32>
    return %0 : tensor<40xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 4.5, 10.0, 30.0, 1.5, 1.5, 1.0001, 2.0, 3.0, 2.0, 4.0, 5.0, 2.5, 7.0, 2.0, 1.0, 1.0, 0.5, 0.0, -1.0, 0.0, -2.0, 3.0, 2.0, 2.0, 0x7F800000, 0x7FC00000, 2.0, 2.0, 64.0, 200.0, 1.25, 6.0]> : tensor<40xf32>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 0.001, 10.0, 100000.0, 1.0, 0.25, 3.0, 1.5, 2.0, 1.0, 20.0, 1.0, -1.5, -0.5, -1.0, -2.0, -3.0, -1.5, 0.75, 0.0, 5.0, 0x7FC00000, 1.0, -1.0, -3.0, 2.0, -0.0, -2.0, 0x7F800000, 0x7FC00000, 2.0, 1.0, 3e+38, 1e-20, 0.99, 1.5, 1e+10, 100.0]> : tensor<40xf32>
    %r = func.call @f(%x0, %x1) : (tensor<40xf32>, tensor<40xf32>) -> tensor<40xf32>
    %want = stablehlo.constant dense<[1.644934, 0.64493406, 4.934802, 1.00000156e+06, 0.10516634, 1.000005e-05, 1.2020569, 64.66387, 0.010513337, 0.017450355, 9.313275e-10, 2.6123753, 0.45287362, 9998.918, 9.379247, 0.4143983, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7FC00000, 7.512398, 0x7F800000, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7F800000, 0x7FC00000, 0xFFC00000, 0x7FC00000, 0xFFC00000, 0xFFC00000, 3.333333e-39, 0x7F800000, 1.9025991, 6.0499e-36, 0.0126491105, 2.0504999e-11]> : tensor<40xf32>
    check.expect_close %r, %want, max_ulp_difference = 1 : tensor<40xf32>, tensor<40xf32>
    func.return
  }
}

// -----

// chlo.zeta on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<40xf64>, %arg1: tensor<40xf64>) -> (tensor<40xf64> {jax.result_info = "result"}) {
    %0 = chlo.zeta %arg0, %arg1 : tensor<40xf64>, tensor<40xf64> -> tensor<40xf64>
    return %0 : tensor<40xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 4.5, 10.0, 30.0, 1.5, 1.5, 1.0001, 2.0, 3.0, 2.0, 4.0, 5.0, 2.5, 7.0, 2.0, 1.0, 1.0, 0.5, 0.0, -1.0, 0.0, -2.0, 3.0, 2.0, 2.0, 0x7FF0000000000000, 0x7FF8000000000000, 2.0, 2.0, 64.0, 200.0, 1.25, 6.0]> : tensor<40xf64>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 0.001, 10.0, 100000.0, 1.0, 0.25, 3.0, 1.5, 2.0, 1.0, 20.0, 1.0, -1.5, -0.5, -1.0, -2.0, -3.0, -1.5, 0.75, 0.0, 5.0, 0x7FF8000000000000, 1.0, -1.0, -3.0, 2.0, -0.0, -2.0, 0x7FF0000000000000, 0x7FF8000000000000, 2.0, 1.0, 1e+150, 1e-20, 0.99, 1.5, 10000000000.0, 100.0]> : tensor<40xf64>
    %r = func.call @f(%x0, %x1) : (tensor<40xf64>, tensor<40xf64>) -> tensor<40xf64>
    %want = stablehlo.constant dense<[1.6449340668482264, 0.6449340668482264, 4.934802200544679, 1000001.6425331958, 0.10516633568168575, 1.0000050000166667e-05, 1.2020569031595942, 64.66386996876847, 0.010513336937295044, 0.0174503557579013, 9.313274324196682e-10, 2.612375348685488, 0.4528736171293873, 10000.577222947539, 9.379246644989124, 0.41439832211716, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 7.512397920965798, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 1e-150, 1.0000000000000002e+40, 1.9026002337037415, 6.049899898193749e-36, 0.01264911064083163, 2.05049995334333e-11]> : tensor<40xf64>
    check.expect_close %r, %want, max_ulp_difference = 4 : tensor<40xf64>, tensor<40xf64>
    func.return
  }
}

// -----

// chlo.zeta on float16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<36xf16>, %arg1: tensor<36xf16>) -> (tensor<36xf16> {jax.result_info = "result"}) {
    %0 = chlo.zeta %arg0, %arg1 : tensor<36xf16>, tensor<36xf16> -> tensor<36xf16>
    return %0 : tensor<36xf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 4.5, 10.0, 30.0, 1.5, 1.5, 1.0, 2.0, 3.0, 2.0, 4.0, 5.0, 2.5, 7.0, 2.0, 1.0, 1.0, 0.5, 0.0, -1.0, 0.0, -2.0, 3.0, 2.0, 2.0, 0x7C00, 0x7E00, 64.0, 200.0, 6.0]> : tensor<36xf16>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 0.001, 10.0, 1.0, 0.25, 3.0, 1.5, 2.0, 1.0, 20.0, 1.0, -1.5, -0.5, -1.0, -2.0, -3.0, -1.5, 0.75, 0.0, 5.0, 0x7E00, 1.0, -1.0, -3.0, 2.0, -0.0, -2.0, 0x7C00, 0x7E00, 2.0, 1.0, 0.99, 1.5, 100.0]> : tensor<36xf16>
    %r = func.call @f(%x0, %x1) : (tensor<36xf16>, tensor<36xf16>) -> tensor<36xf16>
    %want = stablehlo.constant dense<[1.645, 0.645, 4.934, 0x7C00, 0.10516, 1.202, 64.7, 0.01051, 0.01746, 0.0, 2.613, 0.453, 0x7C00, 9.38, 0.4143, 0x7C00, 0x7C00, 0x7E00, 0x7E00, 7.51, 0x7C00, 0x7C00, 0x7C00, 0x7E00, 0x7C00, 0x7E00, 0x7E00, 0x7C00, 0x7E00, 0xFE00, 0x7E00, 0xFE00, 0xFE00, 1.874, 0.0, 0.0]> : tensor<36xf16>
    check.expect_close %r, %want, max_ulp_difference = 0 : tensor<36xf16>, tensor<36xf16>
    func.return
  }
}

// -----

// chlo.zeta on bfloat16
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<36xbf16>, %arg1: tensor<36xbf16>) -> (tensor<36xbf16> {jax.result_info = "result"}) {
    %0 = chlo.zeta %arg0, %arg1 : tensor<36xbf16>, tensor<36xbf16> -> tensor<36xbf16>
    return %0 : tensor<36xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[2.0, 2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 4.5, 10.0, 30.0, 1.5, 1.5, 1.0, 2.0, 3.0, 2.0, 4.0, 5.0, 2.5, 7.0, 2.0, 1.0, 1.0, 0.5, 0.0, -1.0, 0.0, -2.0, 3.0, 2.0, 2.0, 0x7F80, 0x7FC0, 64.0, 200.0, 6.0]> : tensor<36xbf16>
    %x1 = stablehlo.constant dense<[1.0, 2.0, 0.5, 0.000999451, 10.0, 1.0, 0.25, 3.0, 1.5, 2.0, 1.0, 20.0, 1.0, -1.5, -0.5, -1.0, -2.0, -3.0, -1.5, 0.75, 0.0, 5.0, 0x7FC0, 1.0, -1.0, -3.0, 2.0, -0.0, -2.0, 0x7F80, 0x7FC0, 2.0, 1.0, 0.988281, 1.5, 100.0]> : tensor<36xbf16>
    %r = func.call @f(%x0, %x1) : (tensor<36xbf16>, tensor<36xbf16>) -> tensor<36xbf16>
    %want = stablehlo.constant dense<[1.64844, 0.644531, 4.9375, 999424.0, 0.10498, 1.20312, 64.5, 0.010498, 0.0174561, 9.31323e-10, 2.60938, 0.453125, 0x7F80, 9.375, 0.414062, 0x7F80, 0x7F80, 0x7FC0, 0x7FC0, 7.5, 0x7F80, 0x7F80, 0x7F80, 0x7FC0, 0x7F80, 0x7FC0, 0x7FC0, 0x7F80, 0x7FC0, 0xFFC0, 0x7FC0, 0xFFC0, 0xFFC0, 2.125, 6.06555e-36, 2.04636e-11]> : tensor<36xbf16>
    check.expect_close %r, %want, max_ulp_difference = 0 : tensor<36xbf16>, tensor<36xbf16>
    func.return
  }
}

// -----

// chlo.broadcast_zeta and chlo.broadcast_polygamma as MLIR prints them (JAX writes the
// broadcasts out): a scalar x (n) against a vector q (x); polygamma(1, x) = zeta(2, x). Expected
// values from mpmath, as above.
module {
  func.func @main() {
    %x = stablehlo.constant dense<2.0> : tensor<f32>
    %n = stablehlo.constant dense<1.0> : tensor<f32>
    %q = stablehlo.constant dense<[[1.0, 2.0, 0.5]]> : tensor<1x3xf32>
    %0 = chlo.broadcast_zeta %x, %q : (tensor<f32>, tensor<1x3xf32>) -> tensor<1x3xf32>
    %1 = "chlo.broadcast_polygamma"(%n, %q) : (tensor<f32>, tensor<1x3xf32>) -> tensor<1x3xf32>
    %want = stablehlo.constant dense<[[1.644934, 0.64493406, 4.934802]]> : tensor<1x3xf32>
    check.expect_close %0, %want, max_ulp_difference = 1 : tensor<1x3xf32>, tensor<1x3xf32>
    check.expect_close %1, %want, max_ulp_difference = 1 : tensor<1x3xf32>, tensor<1x3xf32>
    func.return
  }
}
