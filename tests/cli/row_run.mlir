// Softmax over the columns of a 1024x1024 matrix, written as JAX writes a
// softmax of a transposed view: the row kernel would read x with a stride
// in every pass, so its final pass stays a kernel of its own (fuse.c,
// moves_innermost_dim) and the two run block by block of rows, the divide
// over exp(x - max) (tests/cli/dump.sh).
func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%t init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %2 = stablehlo.subtract %t, %1 : tensor<1024x1024xf32>
  %3 = stablehlo.exponential %2 : tensor<1024x1024xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %4 = stablehlo.reduce(%3 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %6 = stablehlo.divide %3, %5 : tensor<1024x1024xf32>
  return %6 : tensor<1024x1024xf32>
}
