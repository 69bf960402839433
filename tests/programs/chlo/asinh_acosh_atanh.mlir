// chlo.asinh, chlo.acosh, chlo.atanh (jnp.arcsinh, jnp.arccosh, jnp.arctanh), exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.asinh, chlo.acosh, chlo.atanh on float32
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<21xf32>) -> (tensor<21xf32> {jax.result_info = "result[0]"}, tensor<21xf32> {jax.result_info = "result[1]"}, tensor<21xf32> {jax.result_info = "result[2]"}) {
    %0 = chlo.asinh %arg0 : tensor<21xf32> -> tensor<21xf32>
    %1 = call @arccosh(%arg0) : (tensor<21xf32>) -> tensor<21xf32>
    %2 = chlo.atanh %arg0 : tensor<21xf32> -> tensor<21xf32>
    return %0, %1, %2 : tensor<21xf32>, tensor<21xf32>, tensor<21xf32>
  }
  func.func private @arccosh(%arg0: tensor<21xf32>) -> tensor<21xf32> {
    %0 = chlo.acosh %arg0 : tensor<21xf32> -> tensor<21xf32>
    return %0 : tensor<21xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, -0.5, 1.0, -1.0, 1.00000012, 2.0, 0.999000013, -0.999000013, 10.0, 100000.0, 9.99999975e-06]> : tensor<21xf32>
    %r:3 = func.call @f(%x0) : (tensor<21xf32>) -> (tensor<21xf32>, tensor<21xf32>, tensor<21xf32>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 89.2899933, -89.2899933, 0.481211811, -0.481211811, 0.881373584, -0.881373584, 0.881373644, 1.44363546, 0.880666316, -0.880666316, 2.99822307, 12.2060728, 9.99999975e-06]> : tensor<21xf32>
    check.expect_close %r#0, %want0, max_ulp_difference = 1 : tensor<21xf32>, tensor<21xf32>
    %want1 = stablehlo.constant dense<[0xFFC00000, 0xFFC00000, 0x7F800000, 0xFFC00000, 0x7FC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 89.2899933, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0.0, 0xFFC00000, 0.00048828125, 1.31695795, 0xFFC00000, 0xFFC00000, 2.99322295, 12.2060728, 0xFFC00000]> : tensor<21xf32>
    check.expect_close %r#1, %want1, max_ulp_difference = 1 : tensor<21xf32>, tensor<21xf32>
    %want2 = stablehlo.constant dense<[0.0, 0.0, 0x7FC00000, 0x7FC00000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 0x7FC00000, 0x7FC00000, 0.549306154, -0.549306154, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FC00000, 3.80020761, -3.80020761, 0x7FC00000, 0x7FC00000, 9.99999975e-06]> : tensor<21xf32>
    check.expect_close %r#2, %want2, max_ulp_difference = 1 : tensor<21xf32>, tensor<21xf32>
    func.return
  }
}

// -----

// chlo.asinh, chlo.acosh, chlo.atanh on float64
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<22xf64>) -> (tensor<22xf64> {jax.result_info = "result[0]"}, tensor<22xf64> {jax.result_info = "result[1]"}, tensor<22xf64> {jax.result_info = "result[2]"}) {
    %0 = chlo.asinh %arg0 : tensor<22xf64> -> tensor<22xf64>
    %1 = call @arccosh(%arg0) : (tensor<22xf64>) -> tensor<22xf64>
    %2 = chlo.atanh %arg0 : tensor<22xf64> -> tensor<22xf64>
    return %0, %1, %2 : tensor<22xf64>, tensor<22xf64>, tensor<22xf64>
  }
  func.func private @arccosh(%arg0: tensor<22xf64>) -> tensor<22xf64> {
    %0 = chlo.acosh %arg0 : tensor<22xf64> -> tensor<22xf64>
    return %0 : tensor<22xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, -0.5, 1.0, -1.0, 1.0000001, 2.0, 0.999, -0.999, 10.0, 100000.0, 1e-05, 1.0000000000000002]> : tensor<22xf64>
    %r:3 = func.call @f(%x0) : (tensor<22xf64>) -> (tensor<22xf64>, tensor<22xf64>, tensor<22xf64>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 710.4199840737882, -710.4199840737882, 0.48121182505960347, -0.48121182505960347, 0.881373587019543, -0.881373587019543, 0.8813736577302194, 1.4436354751788103, 0.8806663034322094, -0.8806663034322094, 2.99822295029797, 12.206072645555174, 9.999999999833334e-06, 0.8813735870195432]> : tensor<22xf64>
    check.expect_close %r#0, %want0, max_ulp_difference = 2 : tensor<22xf64>, tensor<22xf64>
    %want1 = stablehlo.constant dense<[0xFFF8000000000000, 0xFFF8000000000000, 0x7FF0000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 710.4199840737882, 0xFFF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 0.0, 0xFFF8000000000000, 0.0004472135919037347, 1.3169578969248168, 0xFFF8000000000000, 0xFFF8000000000000, 2.993222846126381, 12.206072645505174, 0xFFF8000000000000, 2.1073424255447014e-08]> : tensor<22xf64>
    check.expect_close %r#1, %want1, max_ulp_difference = 2 : tensor<22xf64>, tensor<22xf64>
    %want2 = stablehlo.constant dense<[0.0, 0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 0x7FF8000000000000, 0x7FF8000000000000, 0.5493061443340549, -0.5493061443340549, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 3.8002011672501994, -3.8002011672501994, 0x7FF8000000000000, 0x7FF8000000000000, 1.0000000000333334e-05, 0x7FF8000000000000]> : tensor<22xf64>
    check.expect_close %r#2, %want2, max_ulp_difference = 2 : tensor<22xf64>, tensor<22xf64>
    func.return
  }
}

// -----

// chlo.asinh, chlo.acosh, chlo.atanh on float16 (math in double, rounded once)
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func private @f(%arg0: tensor<9xf16>) -> (tensor<9xf16> {jax.result_info = "result[0]"}, tensor<9xf16> {jax.result_info = "result[1]"}, tensor<9xf16> {jax.result_info = "result[2]"}) {
    %0 = chlo.asinh %arg0 : tensor<9xf16> -> tensor<9xf16>
    %1 = call @arccosh(%arg0) : (tensor<9xf16>) -> tensor<9xf16>
    %2 = chlo.atanh %arg0 : tensor<9xf16> -> tensor<9xf16>
    return %0, %1, %2 : tensor<9xf16>, tensor<9xf16>, tensor<9xf16>
  }
  func.func private @arccosh(%arg0: tensor<9xf16>) -> tensor<9xf16> {
    %0 = chlo.acosh %arg0 : tensor<9xf16> -> tensor<9xf16>
    return %0 : tensor<9xf16>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7C00, 0x7E00, 0.5, -1.0, 2.0, 0.0010004, 60000.0]> : tensor<9xf16>
    %r:3 = func.call @f(%x0) : (tensor<9xf16>) -> (tensor<9xf16>, tensor<9xf16>, tensor<9xf16>)
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0x7C00, 0x7E00, 0.4812, -0.88135, 1.4434, 0.0010004, 11.695]> : tensor<9xf16>
    check.expect_close %r#0, %want0, max_ulp_difference = 0 : tensor<9xf16>, tensor<9xf16>
    %want1 = stablehlo.constant dense<[0xFE00, 0xFE00, 0x7C00, 0x7E00, 0xFE00, 0xFE00, 1.3174, 0xFE00, 11.695]> : tensor<9xf16>
    check.expect_close %r#1, %want1, max_ulp_difference = 0 : tensor<9xf16>, tensor<9xf16>
    %want2 = stablehlo.constant dense<[0.0, 0.0, 0x7E00, 0x7E00, 0.54932, 0xFC00, 0x7E00, 0.0010004, 0x7E00]> : tensor<9xf16>
    check.expect_close %r#2, %want2, max_ulp_difference = 0 : tensor<9xf16>, tensor<9xf16>
    func.return
  }
}
