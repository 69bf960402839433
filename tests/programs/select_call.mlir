// compare, select, clamp, convert and a call to a private function, in the
// form JAX exports (custom_call checks, a public main, private helpers).
module @jit_relu {
  func.func public @main() -> (tensor<4xf32> {jax.result_info = ""}) {
    %0 = stablehlo.constant dense<[-1.5, 0.0, 2.5, -0.0]> : tensor<4xf32>
    %1 = call @relu(%0) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.constant dense<[0.0, 0.0, 2.5, 0.0]> : tensor<4xf32>
    stablehlo.custom_call @check.expect_eq(%1, %2) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
    %lo = stablehlo.constant dense<-1.0> : tensor<f32>
    %hi = stablehlo.constant dense<1.0> : tensor<f32>
    %3 = stablehlo.clamp %lo, %0, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %4 = stablehlo.convert %3 : (tensor<4xf32>) -> tensor<4xi32>
    %5 = stablehlo.constant dense<[-1, 0, 1, 0]> : tensor<4xi32>
    stablehlo.custom_call @check.expect_eq(%4, %5) {has_side_effect = true} : (tensor<4xi32>, tensor<4xi32>) -> ()
    return %1 : tensor<4xf32>
  }
  func.func private @relu(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %zero = stablehlo.constant dense<0.0> : tensor<4xf32>
    %gt = stablehlo.compare  GT, %arg0, %zero,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %0 = stablehlo.select %gt, %arg0, %zero : tensor<4xi1>, tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
