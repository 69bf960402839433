// chlo.asin, chlo.acos, chlo.atan (jnp.arcsin, jnp.arccos, jnp.arctan), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.asin, chlo.acos, chlo.atan on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<21xf32>) -> (tensor<21xf32> {jax.result_info = "result[0]"}, tensor<21xf32> {jax.result_info = "result[1]"}, tensor<21xf32> {jax.result_info = "result[2]"}) {
    %0 = chlo.asin %arg0 : tensor<21xf32> -> tensor<21xf32>
    %1 = chlo.acos %arg0 : tensor<21xf32> -> tensor<21xf32>
    %2 = chlo.atan %arg0 : tensor<21xf32> -> tensor<21xf32>
    return %0, %1, %2 : tensor<21xf32>, tensor<21xf32>, tensor<21xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, -0.5, 1.0, -1.0, 0.999998987, -0.899999976, 1.5, -2.0, 9.99999975e-06, 0.25, 100000000.0]> : tensor<21xf32>
    %r:3 = func.call @f(%x0) : (tensor<21xf32>) -> (tensor<21xf32>, tensor<21xf32>, tensor<21xf32>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFC00000, 0xFFC00000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 0xFFC00000, 0xFFC00000, 0.52359879, -0.52359879, 1.57079637, -1.57079637, 1.56937277, -1.11976945, 0xFFC00000, 0xFFC00000, 9.99999975e-06, 0.252680242, 0xFFC00000]> : tensor<21xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 1 : tensor<21xf32>, tensor<21xf32>
    %want1 = stablehlo.constant dense<[1.57079637, 1.57079637, 0xFFC00000, 0xFFC00000, 0x7FC00000, 1.57079637, 1.57079637, 1.57079637, 0xFFC00000, 0xFFC00000, 1.04719758, 2.09439516, 0.0, 3.14159274, 0.00142357231, 2.69056582, 0xFFC00000, 0xFFC00000, 1.57078636, 1.31811607, 0xFFC00000]> : tensor<21xf32>
    check.expect_close %r#1, %want1, max_ulp_difference = 1 : tensor<21xf32>, tensor<21xf32>
    %want2 = stablehlo.constant dense<[0.0, 0.0, 1.57079637, -1.57079637, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 1.57079637, -1.57079637, 0.463647604, -0.463647604, 0.785398185, -0.785398185, 0.785397649, -0.732815087, 0.982793748, -1.10714877, 9.99999975e-06, 0.244978666, 1.57079637]> : tensor<21xf32>
    check.expect_close %r#2, %want2, max_ulp_difference = 1 : tensor<21xf32>, tensor<21xf32>
    func.return
  }
}

// -----

// chlo.asin, chlo.acos, chlo.atan on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<21xf64>) -> (tensor<21xf64> {jax.result_info = "result[0]"}, tensor<21xf64> {jax.result_info = "result[1]"}, tensor<21xf64> {jax.result_info = "result[2]"}) {
    %0 = chlo.asin %arg0 : tensor<21xf64> -> tensor<21xf64>
    %1 = chlo.acos %arg0 : tensor<21xf64> -> tensor<21xf64>
    %2 = chlo.atan %arg0 : tensor<21xf64> -> tensor<21xf64>
    return %0, %1, %2 : tensor<21xf64>, tensor<21xf64>, tensor<21xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, -0.5, 1.0, -1.0, 0.999999, -0.9, 1.5, -2.0, 1e-05, 0.25, 1e+20]> : tensor<21xf64>
    %r:3 = func.call @f(%x0) : (tensor<21xf64>) -> (tensor<21xf64>, tensor<21xf64>, tensor<21xf64>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 0xFFF8000000000000, 0xFFF8000000000000, 0.5235987755982989, -0.5235987755982989, 1.5707963267948966, -1.5707963267948966, 1.5693821131146521, -1.1197695149986342, 0xFFF8000000000000, 0xFFF8000000000000, 1.0000000000166668e-05, 0.25268025514207865, 0xFFF8000000000000]> : tensor<21xf64>
    check.expect_close %r#0, %want0, max_ulp_difference = 2 : tensor<21xf64>, tensor<21xf64>
    %want1 = stablehlo.constant dense<[1.5707963267948966, 1.5707963267948966, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 1.5707963267948966, 1.5707963267948966, 1.5707963267948966, 0xFFF8000000000000, 0xFFF8000000000000, 1.0471975511965979, 2.0943951023931957, 0.0, 3.141592653589793, 0.0014142136802445852, 2.6905658417935308, 0xFFF8000000000000, 0xFFF8000000000000, 1.5707863267948965, 1.318116071652818, 0xFFF8000000000000]> : tensor<21xf64>
    check.expect_close %r#1, %want1, max_ulp_difference = 2 : tensor<21xf64>, tensor<21xf64>
    %want2 = stablehlo.constant dense<[0.0, 0.0, 1.5707963267948966, -1.5707963267948966, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.5707963267948966, -1.5707963267948966, 0.4636476090008061, -0.4636476090008061, 0.7853981633974483, -0.7853981633974483, 0.7853976633971983, -0.7328151017865066, 0.982793723247329, -1.1071487177940904, 9.999999999666668e-06, 0.24497866312686414, 1.5707963267948966]> : tensor<21xf64>
    check.expect_close %r#2, %want2, max_ulp_difference = 2 : tensor<21xf64>, tensor<21xf64>
    func.return
  }
}

// -----

// chlo.asin, chlo.acos, chlo.atan on bfloat16 (math in double, rounded once)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<8xbf16>) -> (tensor<8xbf16> {jax.result_info = "result[0]"}, tensor<8xbf16> {jax.result_info = "result[1]"}, tensor<8xbf16> {jax.result_info = "result[2]"}) {
    %0 = chlo.asin %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    %1 = chlo.acos %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    %2 = chlo.atan %arg0 : tensor<8xbf16> -> tensor<8xbf16>
    return %0, %1, %2 : tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F80, 0x7FC0, 0.5, -1.0, 2.0, 0.0009995]> : tensor<8xbf16>
    %r:3 = func.call @f(%x0) : (tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFC0, 0x7FC0, 0.5234, -1.57, 0xFFC0, 0.0009995]> : tensor<8xbf16>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    %want1 = stablehlo.constant dense<[1.57, 1.57, 0xFFC0, 0x7FC0, 1.047, 3.141, 0xFFC0, 1.57]> : tensor<8xbf16>
    check.expect_close %r#1, %want1, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    %want2 = stablehlo.constant dense<[0.0, 0.0, 1.57, 0x7FC0, 0.4629, -0.7852, 1.109, 0.0009995]> : tensor<8xbf16>
    check.expect_close %r#2, %want2, max_ulp_difference = 0 : tensor<8xbf16>, tensor<8xbf16>
    func.return
  }
}
