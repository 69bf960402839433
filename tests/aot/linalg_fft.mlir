// LAPACK (getrf on a temporary), an RFFT and an f8 round trip: kernels
// that take the scratch block beside results in the arena (the first of
// them at offset 0), a constant array (read-only data) and a complex
// result (written as a <c16 file), built with -Wall -Wextra -Werror by aot.sh. Written by
// hand; aot.sh compares it with the evaluator.
func.func @main(%x: tensor<4x8xf64>) -> (tensor<4x4xf64>, tensor<4x5x2xf64>, tensor<4x8xf64>, tensor<4x5xcomplex<f64>>) {
  %w = stablehlo.constant dense<[2.0, -1.0, 0.5, 3.0, -2.0, 1.5, 0.25, 4.0]> : tensor<8xf64>
  %two = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<8xf64>) -> tensor<4x8xf64>
  %y = stablehlo.multiply %x, %two : tensor<4x8xf64>
  %a = stablehlo.slice %y [0:4, 0:4] : (tensor<4x8xf64>) -> tensor<4x4xf64>
  %row = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %col = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %diag = stablehlo.compare EQ, %row, %col, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
  %four = stablehlo.constant dense<4.0> : tensor<4x4xf64>
  %zero = stablehlo.constant dense<0.0> : tensor<4x4xf64>
  %eye = stablehlo.select %diag, %four, %zero : tensor<4x4xi1>, tensor<4x4xf64>
  %b = stablehlo.add %a, %eye : tensor<4x4xf64>
  %lu:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%b) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
  %sq = stablehlo.multiply %lu#0, %lu#0 : tensor<4x4xf64>
  %f = stablehlo.fft %y, type = RFFT, length = [8] : (tensor<4x8xf64>) -> tensor<4x5xcomplex<f64>>
  %fr = stablehlo.real %f : (tensor<4x5xcomplex<f64>>) -> tensor<4x5xf64>
  %fi = stablehlo.imag %f : (tensor<4x5xcomplex<f64>>) -> tensor<4x5xf64>
  %fr1 = stablehlo.reshape %fr : (tensor<4x5xf64>) -> tensor<4x5x1xf64>
  %fi1 = stablehlo.reshape %fi : (tensor<4x5xf64>) -> tensor<4x5x1xf64>
  %parts = stablehlo.concatenate %fr1, %fi1, dim = 2 : (tensor<4x5x1xf64>, tensor<4x5x1xf64>) -> tensor<4x5x2xf64>
  %e = stablehlo.convert %y : (tensor<4x8xf64>) -> tensor<4x8xf8E4M3FN>
  %e2 = stablehlo.add %e, %e : tensor<4x8xf8E4M3FN>
  %back = stablehlo.convert %e2 : (tensor<4x8xf8E4M3FN>) -> tensor<4x8xf64>
  func.return %sq, %parts, %back, %f : tensor<4x4xf64>, tensor<4x5x2xf64>, tensor<4x8xf64>, tensor<4x5xcomplex<f64>>
}
