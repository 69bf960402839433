// chlo.tan, exported by JAX 0.10.2 (jax.jit(f).lower(x).as_text()).
// Expected: mpmath at 200 bits rounded to the type for finite inputs, JAX (x64)
// for the special values; f32 and f64 within the ULP counts the checks give,
// f16/bf16 exact (the evaluator computes in double and rounds once).
// chlo.tan on float32 (JAX 0.10.2 prints stablehlo.tan for jnp.tan; older JAX printed this form)
module {
  func.func private @f(%arg0: tensor<22xf32>) -> tensor<22xf32> {
    %0 = chlo.tan %arg0 : tensor<22xf32> -> tensor<22xf32>
    return %0 : tensor<22xf32>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, 3.00000001e+38, -3.00000001e+38, 0.5, -0.5, 1.0, -2.0, 3.70000005, 10.0, -20.0, 88.5, 9.99999975e-06, -0.000699999975, 1.57079637, 10000.0]> : tensor<22xf32>
    %r = func.call @f(%x0) : (tensor<22xf32>) -> tensor<22xf32>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFC00000, 0xFFC00000, 0x7FC00000, 1e-30, -1e-30, 9.9999461e-41, -1.80655444, 1.80655444, 0.546302497, -0.546302497, 1.55740774, 2.18503976, 0.62473315, 0.648360848, -2.23716092, 0.593201637, 9.99999975e-06, -0.000700000091, -22877332.0, 0.320971131]> : tensor<22xf32>
    check.expect_close %r, %want0, max_ulp_difference = 1 : tensor<22xf32>, tensor<22xf32>
    func.return
  }
}

// -----

// chlo.tan on float64 (JAX 0.10.2 prints stablehlo.tan for jnp.tan; older JAX printed this form)
module {
  func.func private @f(%arg0: tensor<22xf64>) -> tensor<22xf64> {
    %0 = chlo.tan %arg0 : tensor<22xf64> -> tensor<22xf64>
    return %0 : tensor<22xf64>
  }
  func.func @main() {
    %x0 = stablehlo.constant dense<[0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, 1.7e+308, -1.7e+308, 0.5, -0.5, 1.0, -2.0, 3.7, 10.0, -20.0, 88.5, 1e-05, -0.0007, 1.5707963267948966, 1e+22]> : tensor<22xf64>
    %r = func.call @f(%x0) : (tensor<22xf64>) -> tensor<22xf64>
    %want0 = stablehlo.constant dense<[0.0, 0.0, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 1e-300, -1e-300, 5e-324, -0.7407957369844252, 0.7407957369844252, 0.5463024898437905, -0.5463024898437905, 1.5574077246549023, 2.185039863261519, 0.6247330752245639, 0.6483608274590866, -2.237160944224742, 0.5932016253838786, 1.0000000000333334e-05, -0.0007000001143333557, 1.633123935319537e+16, -1.6287782256068988]> : tensor<22xf64>
    check.expect_close %r, %want0, max_ulp_difference = 1 : tensor<22xf64>, tensor<22xf64>
    func.return
  }
}
