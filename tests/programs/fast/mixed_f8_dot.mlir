// A dot_general of two different f8 types, as JAX exports an fp8 matmul
// (f8E4M3FN x f8E5M2): both operands are converted exactly to f32 as read
// (parse_op_linalg.c), the result keeps its type. The values are small
// integers and halves, so every product and sum is exact: the answers
// hold in strict and fast mode and evaluated.
func.func @fp8_matmul(%a: tensor<2x3xf8E4M3FN>, %b: tensor<3x2xf8E5M2>) -> (tensor<2x2xf32>, tensor<2x2xbf16>) {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf8E4M3FN>, tensor<3x2xf8E5M2>) -> tensor<2x2xf32>
  %h = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf8E4M3FN>, tensor<3x2xf8E5M2>) -> tensor<2x2xbf16>
  return %d, %h : tensor<2x2xf32>, tensor<2x2xbf16>
}

func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 0.5], [-3.0, 4.0, 1.5]]> : tensor<2x3xf8E4M3FN>
  %b = stablehlo.constant dense<[[2.0, 1.0], [-0.5, 3.0], [4.0, -2.0]]> : tensor<3x2xf8E5M2>
  %d, %h = func.call @fp8_matmul(%a, %b) : (tensor<2x3xf8E4M3FN>, tensor<3x2xf8E5M2>) -> (tensor<2x2xf32>, tensor<2x2xbf16>)
  check.expect_eq_const %d, dense<[[3.0, 6.0], [-2.0, 6.0]]> : tensor<2x2xf32>
  check.expect_eq_const %h, dense<[[3.0, 6.0], [-2.0, 6.0]]> : tensor<2x2xbf16>
  func.return
}
