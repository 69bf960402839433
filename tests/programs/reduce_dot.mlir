// reduce (compact and region forms) and dot_general with a batch dimension.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %rows = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %rows, dense<[6.0, 15.0]> : tensor<2xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %cols = stablehlo.reduce(%x init: %ninf) across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%acc: tensor<f32>, %v: tensor<f32>)  {
    %m = stablehlo.maximum %acc, %v : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  check.expect_eq_const %cols, dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  %l = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>
  %r = stablehlo.constant dense<[[[1.0], [1.0]], [[2.0], [-1.0]]]> : tensor<2x2x1xf32>
  %p = stablehlo.dot_general %l, %r, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x1x2xf32>, tensor<2x2x1xf32>) -> tensor<2x1x1xf32>
  check.expect_eq_const %p, dense<[[[3.0]], [[2.0]]]> : tensor<2x1x1xf32>
  func.return
}
